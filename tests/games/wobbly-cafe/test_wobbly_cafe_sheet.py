"""The Wobbly Café layout: its data and dice, the printed sheet (pages, challenge id, rolls)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from clirun import invoke
from rollwrite.dice import DiceSpec, game_id, make_schedule, parse_day
from rollwrite.errors import InputError
from rollwrite.games import get
from rollwrite.games.wobbly_cafe import WobblyCafe
from rollwrite.games.wobbly_cafe.data import DEFAULT_DATA, parse_shape
from rollwrite.layoutlang.layout import load_builtin
from rollwrite.layoutlang.loading import load_yaml

GAME = WobblyCafe()


def test_registered():
    g = get("wobbly-cafe")
    assert isinstance(g, WobblyCafe) and g.can_score and g.players == (1, 300)


def test_builtin_layout_holds_the_reconstructed_floor_and_the_dice():
    layout = load_builtin("wobbly-cafe")
    d = layout.data
    assert d == DEFAULT_DATA
    assert [len(r) for r in d.rows] == [4, 6, 8, 8, 8, 6, 4] and d.width == 8 and d.floors == 3
    assert all(cols == tuple(range((8 - len(cols)) // 2, (8 + len(cols)) // 2)) for cols in d.rows)  # centred
    assert d.nice == {(3, 0), (3, 7)}
    assert layout.dice == DiceSpec(count=2, sides=6, turns=22, labels=("die 1", "die 2"),
                                   groups=("Floor 1", "Floor 2", "Floor 3"))
    assert d.pairs == layout.dice.turns and len(layout.dice.groups) == d.floors
    assert layout.page.sheets_per_page == 3


def test_sheet_has_three_floors_with_spaces_of_at_least_7_mm_and_rolls():
    layout = load_builtin("wobbly-cafe")
    floors = [e for e in layout.sheet.elements if e.type == "wobbly-cafe.floor"]
    assert [e.value.floor for e in floors] == [1, 2, 3]
    assert all(e.value.cell >= 7 for e in floors)
    rolls = [e for e in layout.sheet.elements if e.type == "wobbly-cafe.rolls"]
    assert [e.value.floor for e in rolls] == [1, 2, 3]
    tallies = [e.value for e in layout.sheet.elements if e.type == "wobbly-cafe.tally"]
    assert [t.floor for t in tallies if t.floor] == [1, 2, 3]
    formulas = [t.formula.template for t in tallies]
    assert formulas.count("_×1 + _×2 + _×3 + _×4 + _×5 + _×6 = _") == 3
    assert any(t.startswith("Total") for t in formulas)
    assert any(e.type == "name-field" for e in layout.sheet.elements)


def _data(yaml_text: str):
    return GAME.load_data(load_yaml(yaml_text, "x.yaml").get("data"))


def test_load_data_reads_a_shape_of_your_own():
    d = _data('data:\n  floors: 2\n  shape: ["*oo*", ".oo."]\n')
    assert d.floors == 2 and d.rows == ((0, 1, 2, 3), (1, 2)) and d.nice == {(0, 0), (0, 3)}
    assert GAME.load_data(None) == DEFAULT_DATA


@pytest.mark.parametrize(
    "shape, message",
    [
        ('["ooo", "ooo"]', "the shape is 3 characters wide; it needs an even width so every space has a mirror"),
        ('["oo", "ooo."]', "row 2 is 4 characters wide; row 1 is 2: every row needs the same width"),
        ('["o.", "oo"]', "row 1 is not symmetric about the middle line: character 1 is a space but its mirror, character 2, is not"),
        ('["ox"]', "row 1 has 'x' at character 2; use 'o' for a space, '*' for a nice-view space and '.' for none"),
        ('["....", "...."]', "the shape has no spaces"),
        ('[12]', "expected a row written as text"),
    ],
)
def test_load_data_rejects_bad_shapes_with_a_place(shape, message):
    with pytest.raises(InputError) as info:
        _data(f"data:\n  shape: {shape}\n")
    e = info.value
    assert e.file == "x.yaml" and e.line == 2
    assert e.message.startswith(message)


def test_load_data_rejects_unknown_keys_with_a_suggestion():
    with pytest.raises(InputError) as info:
        _data('data:\n  shape: ["oo"]\n  flors: 2\n')
    assert info.value.message == "unknown key 'flors'" and info.value.hint == "did you mean 'floors'?"


def test_odd_width_is_rejected():
    with pytest.raises(ValueError, match="even width"):
        parse_shape(["ooo"])


def _print(tmp_path, *args: str):
    out = tmp_path / "wc.pdf"
    result = invoke(["print", "wobbly-cafe", *args, "-o", str(out)])
    assert result.exit_code == 0, result.output
    return PdfReader(str(out))


def test_three_players_share_a_page_and_seven_need_three_pages(tmp_path):
    assert len(_print(tmp_path, "--players", "3").pages) == 1
    assert len(_print(tmp_path, "--players", "7").pages) == 3
    text = _print(tmp_path, "--players", "3").pages[0].extract_text()
    assert text.count("Floor 1") == 3 and text.count("Name") == 3 and text.count("Total") == 3
    assert text.count("×6 =") == 9


def test_a_daily_sheet_shows_its_id_and_every_floors_rolls(tmp_path):
    text = _print(tmp_path, "--players", "1", "--daily", "2026-11-22").pages[0].extract_text()
    assert "wobbly-cafe@2026-11-22" in text
    spec = load_builtin("wobbly-cafe").dice
    sched = make_schedule("wobbly-cafe", game_id("wobbly-cafe", day=parse_day("2026-11-22")), spec)
    tokens = text.split("\n")
    pairs = [t for t in tokens if len(t) == 3 and t[1] == " " and t[0].isdigit() and t[2].isdigit()]
    expected = [f"{t.dice[0]} {t.dice[1]}" for t in sched.turns]
    assert pairs == expected  # 66 rolls, floor by floor, turn by turn


def test_without_a_schedule_no_rolls_are_printed(tmp_path):
    text = _print(tmp_path, "--players", "1").pages[0].extract_text()
    assert "Daily challenge" not in text
    assert not [t for t in text.split("\n") if len(t) == 3 and t[1] == " " and t[0].isdigit()]


def test_letter_paper_fits(tmp_path):
    assert len(_print(tmp_path, "--players", "3", "--paper", "letter").pages) == 1


def test_shape_lines_give_back_the_shape():
    assert DEFAULT_DATA.shape_lines()[3] == "*oooooo*"
    assert parse_shape(DEFAULT_DATA.shape_lines()) == DEFAULT_DATA


def test_an_answer_fills_in_every_tally_and_ticks_every_roll(made_puzzle):
    from rollwrite.core.puzzles import puzzle_jobs
    from rollwrite.draw.scene import Path, Text
    from rollwrite.games.wobbly_cafe.data import as_data
    from rollwrite.games.wobbly_cafe.rules import score_floor
    from rollwrite.sheet import build_scene

    layout, _, p = made_puzzle("wobbly-cafe", "picnic")
    jobs = puzzle_jobs([p], with_solutions=True)
    scene = build_scene(layout, sheets=2, jobs=jobs)
    puzzle_page, answer_page = (scene.page_items(page) for page in scene.pages)
    words = [it.text for it in answer_page if isinstance(it, Text)]
    scores = [score_floor(f, as_data(layout.data)) for f in p.answer.floors]
    for s in scores:  # each floor's counts and its tips, then the total
        assert all(str(n) in words for n in s.counts) and str(s.score) in words
    assert str(sum(s.score for s in scores)) in words and sum(s.score for s in scores) == p.par
    ticks = [it for it in answer_page if isinstance(it, Path)]
    assert len(ticks) >= 3 * 22
    assert not [it for it in puzzle_page if isinstance(it, Path) and len(it.points) == 3]


def test_the_middle_line_runs_from_the_floors_top_edge_to_its_bottom_edge():
    """As docs/rules/wobbly-cafe.md says: the heavy middle line ends flush with the floor."""
    from rollwrite.draw.scene import Line, Scene

    layout = load_builtin("wobbly-cafe")
    floor = next(e for e in layout.sheet.elements if e.type == "wobbly-cafe.floor")
    page = Scene().new_page(200, 200)
    GAME.element_types()["wobbly-cafe.floor"].build(floor.value, floor.place(page.pen()), None)
    lines = [it for it in page.items if isinstance(it, Line)]
    middle = max(lines, key=lambda it: it.width)
    outline = [it for it in lines if it.width == 0.7]
    top, bottom = min(min(it.y1, it.y2) for it in outline), max(max(it.y1, it.y2) for it in outline)
    assert middle.x1 == middle.x2 and middle.cap == "butt"
    assert (min(middle.y1, middle.y2), max(middle.y1, middle.y2)) == pytest.approx((top, bottom))
    assert "a heavy middle line from the floor's top edge to its bottom edge" in (
        Path(__file__).resolve().parents[3] / "docs" / "rules" / "wobbly-cafe.md").read_text(encoding="utf-8")
