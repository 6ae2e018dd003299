"""``rollwrite print --seed/--daily``: a printed challenge carries its id, its date and all its rolls, and
two prints of the same id are the same file."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from rollwrite.core import challenges as common
from clirun import invoke
from rollwrite.dice import DiceSpec, Schedule, make_schedule



def print_pdf(tmp_path: Path, name: str, *args: str) -> Path:
    out = tmp_path / f"{name}.pdf"
    result = invoke(["print", *args, "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.is_file()
    return out


def pdf_text(path: Path) -> list[str]:
    return [page.extract_text() for page in PdfReader(str(path)).pages]


def long_way(gid: str, day: str | None = None, seed: str | None = None) -> Schedule:
    spec = DiceSpec(count=2, sides=6, turns=40, labels=("light", "dark"), rerolls=6)
    return make_schedule("long-way", gid, spec, day=day, seed=seed)


def cafe(gid: str) -> Schedule:
    spec = DiceSpec(count=2, sides=6, turns=22, groups=("Floor 1", "Floor 2", "Floor 3"))
    return make_schedule("wobbly-cafe", gid, spec)


def _spec(slug: str, players: int) -> DiceSpec | None:
    from rollwrite import games
    from rollwrite.layoutlang.layout import load_builtin

    layout = load_builtin(slug)
    game = games.get(slug)
    return game.dice_spec(layout, players) if game is not None else layout.dice


def _shape(spec: DiceSpec | None) -> tuple | None:
    """What decides the dice (labels only name them)."""
    return None if spec is None else (spec.count, spec.sides, spec.turns, len(spec.groups), spec.rerolls)


def test_the_layouts_have_the_shapes_these_tests_assume() -> None:
    assert _shape(_spec("long-way", 1)) == _shape(long_way("long-way#x").spec)
    assert _shape(_spec("wobbly-cafe", 6)) == _shape(cafe("wobbly-cafe#x").spec)


def _long_way_pattern(schedule: Schedule) -> str:
    """Every turn in order: its number, light and dark die, then each die's reserve."""
    parts = []
    for t in schedule.turns:
        light, dark = ("".join(map(str, r)) for r in t.rerolls)
        parts.append(rf"(?<!\d){t.number}\s+{t.dice[0]}\s+{t.dice[1]}\s+l:\s*{light}\s+d:\s*{dark}(?!\d)")
    return r"\s+".join(parts)


def test_daily_long_way_shows_id_date_and_rolls(tmp_path: Path) -> None:
    path = print_pdf(tmp_path, "lw", "long-way", "--daily", "2026-11-22")
    (text,) = pdf_text(path)
    assert "long-way@2026-11-22" in text
    assert "2026-11-22" in text.replace("long-way@2026-11-22", "")  # the date on its own too
    schedule = long_way("long-way@2026-11-22", day="2026-11-22")
    assert schedule.turns[0].dice == (4, 1) and schedule.turns[0].rerolls[0] == (5, 1, 6, 2, 6, 4)
    assert re.search(_long_way_pattern(schedule), text), text
    # the rolls of another day are not there
    other = long_way("long-way@2026-11-23", day="2026-11-23")
    assert not re.search(_long_way_pattern(other), text)


def test_bare_daily_prints_today_in_utc(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(common, "today_utc", lambda: dt.date(2031, 3, 4))
    (text,) = pdf_text(print_pdf(tmp_path, "lw", "long-way", "--daily"))
    assert "long-way@2031-03-04" in text
    assert re.search(_long_way_pattern(long_way("long-way@2031-03-04")), text)


def _floor_pattern(schedule: Schedule, group: int) -> str:
    rolls = r"\s+".join(rf"{t.number}\s+{t.dice[0]}\s+{t.dice[1]}" for t in schedule.group(group))
    return rf"Floor {group}\s+{rolls}(?!\d)"


def test_seeded_cafe_shows_id_and_rolls_on_every_sheet(tmp_path: Path) -> None:
    path = print_pdf(tmp_path, "wc", "wobbly-cafe", "--seed", "club-night", "--players", "6")
    pages = pdf_text(path)
    text = "\n".join(pages)
    schedule = cafe("wobbly-cafe#club-night")
    assert schedule.turn(1, 1).dice == (3, 2)
    for page in pages:
        assert "wobbly-cafe#club-night" in page
    for g in (1, 2, 3):
        # six players, six sheets, each with the whole schedule
        assert len(re.findall(_floor_pattern(schedule, g), text)) == 6, g
    assert sum(page.count("wobbly-cafe#club-night") for page in pages) >= 6


def test_plain_print_has_no_challenge(tmp_path: Path) -> None:
    (text,) = pdf_text(print_pdf(tmp_path, "lw", "long-way"))
    assert "long-way@" not in text and "long-way#" not in text


def test_same_id_same_bytes(tmp_path: Path) -> None:
    a = print_pdf(tmp_path, "a", "long-way", "--daily", "2026-11-22").read_bytes()
    b = print_pdf(tmp_path, "b", "long-way", "--daily=2026-11-22").read_bytes()
    assert a == b
    c = print_pdf(tmp_path, "c", "wobbly-cafe", "--seed", "club-night", "--players", "6").read_bytes()
    d = print_pdf(tmp_path, "d", "wobbly-cafe", "--players", "6", "--seed", " club-night ").read_bytes()
    assert c == d


def test_different_ids_different_sheets(tmp_path: Path) -> None:
    a = print_pdf(tmp_path, "a", "long-way", "--daily", "2026-11-22").read_bytes()
    b = print_pdf(tmp_path, "b", "long-way", "--daily", "2026-11-23").read_bytes()
    c = print_pdf(tmp_path, "c", "long-way", "--seed", "2026-11-22").read_bytes()
    assert len({a, b, c}) == 3


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seed", "x", "--daily", "2026-11-22"], "give either --seed or --daily, not both"),
        (["--seed", ""], "the seed is empty"),
        (["--daily", "2026-02-30"], "'2026-02-30' is not a real date (day is out of range for month)"),
    ],
)
def test_print_rejects_bad_challenges(tmp_path: Path, args: list[str], message: str) -> None:
    out = tmp_path / "x.pdf"
    result = invoke(["print", "long-way", *args, "-o", str(out)])
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0] == f"rollwrite: {message}"
    assert "Traceback" not in result.output
    assert not out.exists()


# ---------------------------------------------------------------- the id is legible on the sheet


# Known sheet bugs, kept visible: the Long Way's daily line is drawn over the line below its title, and
# the challenge line has a fixed width, so the longest seeds (64 wide letters) run off the sheet or
# into the next sheet.  strict: once fixed, these cases fail until the marks are removed.


def _text_box(item) -> tuple[float, float, float, float]:
    from rollwrite.draw.metrics import text_width
    from rollwrite.draw.scene import PT

    w = text_width(item.text, item.size, item.font)
    x0 = {"start": item.x, "middle": item.x - w / 2, "end": item.x - w}[item.anchor]
    return (x0, item.y - 0.75 * item.size * PT, x0 + w, item.y + 0.2 * item.size * PT)


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize(
    ("slug", "seed", "daily"),
    [
        ("long-way", None, "2026-11-22"),
        ("long-way", "W" * 64, None),
        ("wobbly-cafe", None, "2026-11-22"),
        ("wobbly-cafe", "W" * 64, None),
        ("shelving-wars", None, "2026-11-22"),
        ("shelving-wars", "W" * 64, None),
        ("wobbly-cafe", "club-night", None),
        ("shelving-wars", "rainy-sunday", None),
    ],
)
def test_the_id_fits_and_overlaps_no_other_text(slug: str, seed: str | None, daily: str | None) -> None:
    from rollwrite import games
    from rollwrite.draw.scene import Text
    from rollwrite.sheet import build_scene
    from rollwrite.layoutlang.layout import load_builtin

    layout = load_builtin(slug)
    game = games.get(slug)
    players = layout.players.default
    spec = game.dice_spec(layout, players) if game is not None else layout.dice
    assert spec is not None
    schedule = common.resolve_schedule(slug, spec, seed=seed, daily=daily)
    sheets = game.sheets(players) if game is not None and hasattr(game, "sheets") else players
    scene = build_scene(layout, sheets=sheets, schedule=schedule)
    page = scene.pages[0]
    texts = [i for i in page.items if isinstance(i, Text)]
    stamps = [t for t in texts if schedule.id in t.text]
    assert stamps, "the id is not on the page"
    for stamp in stamps:
        box = _text_box(stamp)
        assert 0 <= box[0] and box[2] <= page.width, f"{stamp.text!r} runs off the page: {box}"
        for other in texts:
            if other is not stamp:
                assert not _overlap(box, _text_box(other)), f"{stamp.text!r} overlaps {other.text!r}"
