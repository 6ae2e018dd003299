"""No two elements of a sheet print over each other unless the layout says they may; the Wobbly Café
and Shelving Wars sheet fixes that this check and the players asked for."""

from __future__ import annotations

import pytest

from rollwrite.dice import game_id, make_schedule
from rollwrite.draw.scene import Line, Text
from rollwrite.games import get
from rollwrite.sheet import build_scene
from rollwrite.layoutlang.layout import builtin_slugs, load_builtin, parse_layout
from rollwrite.layoutlang.overlap import find_overlaps, item_box, overlap_errors


@pytest.mark.parametrize("slug", builtin_slugs())
def test_no_builtin_sheet_prints_one_element_over_another(slug):
    assert [str(e) for e in overlap_errors(load_builtin(slug))] == []


def test_no_overlap_at_four_players_and_other_variations():
    g = get("shelving-wars")
    for options, players in (({}, 4), ({"size": 12, "turns": 12}, 3), ({"dice": 4, "sides": 12}, 4)):
        layout = g.vary(load_builtin("shelving-wars"), {"size": None, "turns": None, "dice": None, "sides": None} | options, players)
        layout = layout.replace(players=layout.players.__class__(players, layout.players.minimum, layout.players.maximum))
        assert find_overlaps(layout) == []


BASE = """\
game: my-game
title: My Game
sheet:
  size: [100, 60]
  elements:
    - {type: text, at: [5, 10], text: Hello, size: 12}
    - {type: box, at: [4, 4], size: [30, 10], id: frame}
"""


def test_an_overlap_is_reported_with_its_place(cli, tmp_path):
    (tmp_path / "x.yaml").write_text(BASE)
    r = cli("check-layout", str(tmp_path / "x.yaml"))
    assert r.exit_code == 2
    assert f"{tmp_path / 'x.yaml'}:7:7: sheet.elements[1]: this box prints over the text at line 6" in r.stderr
    assert "overlaps: true" in r.stderr


@pytest.mark.parametrize("allow", ["overlaps: true", "overlaps: [frame]"])
def test_a_layout_may_allow_an_overlap(cli, tmp_path, allow):
    (tmp_path / "x.yaml").write_text(BASE.replace("size: 12}", f"size: 12, {allow}}}"))
    r = cli("check-layout", str(tmp_path / "x.yaml"))
    assert r.exit_code == 0, r.stderr


def test_overlaps_must_be_true_or_ids():
    with pytest.raises(Exception, match="expected true or a list of element ids"):
        parse_layout(BASE.replace("size: 12}", "size: 12, overlaps: 3}"), "x.yaml")


def test_text_box_follows_its_anchor():
    left = item_box(Text(10, 10, "Hello", size=10))
    right = item_box(Text(10, 10, "Hello", size=10, anchor="end"))
    assert left[0] == 10 and right[2] == 10 and left[1] < 10 < left[3]


def _seeded(slug: str, players: int | None = None):
    layout = load_builtin(slug)
    g = get(slug)
    n = players or layout.players.default
    layout = g.vary(layout, {}, n)
    spec = g.dice_spec(layout, n)
    schedule = make_schedule(slug, game_id(slug, seed="t"), spec, seed="t")
    return layout, build_scene(layout, sheets=g.sheets(n), schedule=schedule)


def test_cafe_rules_reminder_is_at_least_7_pt_and_score_lines_sit_with_their_floor():
    layout, scene = _seeded("wobbly-cafe")
    els = layout.sheet.elements
    para = next(e for e in els if e.type == "paragraph")
    assert para.value.size >= 7
    floors = [e for e in els if e.type == "wobbly-cafe.floor"]
    formulas = [e for e in els if e.type == "formula"][:3]
    cell = 7
    for k, (floor, formula) in enumerate(zip(floors, formulas)):
        bottom = floor.at[1] + 7 * cell
        assert 0 <= formula.at[1] - bottom <= 1.0, "the score line sits right under its own floor"
        if k + 1 < len(floors):
            gap = floors[k + 1].at[1] - (formula.at[1] + formula.value.height)
            assert gap >= 3.0, "and well clear of the next floor"
    texts = [t for t in scene.pages[0].items if isinstance(t, Text) and t.text.startswith(("Write each", "Tips"))]
    assert len(texts) == 2 * 3 and all(t.size >= 7 for t in texts)


def test_shelving_wars_blanks_hold_two_pencil_digits_at_four_players():
    layout, scene = _seeded("shelving-wars", 4)
    items = scene.pages[0].items
    # the first turn row of the last column: its pale cell lines and its signs
    times = sorted((t for t in items if isinstance(t, Text) and t.text == "×"), key=lambda t: (t.y, -t.x))
    last = times[0]
    row = [t for t in items if isinstance(t, Text) and abs(t.y - last.y) < 0.01 and t.x >= last.x - 10]
    eq = min((t for t in row if t.text == "=" and t.x > last.x), key=lambda t: t.x)
    cell_lines = sorted(it.x1 for it in items if isinstance(it, Line) and it.x1 == it.x2 and it.x1 < last.x
                        and it.y1 <= last.y <= it.y2)
    h_blank = item_box(last)[0] - cell_lines[-1]
    w_blank = item_box(eq)[0] - item_box(last)[2]
    assert h_blank >= 5.0 and w_blank >= 5.0, (h_blank, w_blank)  # two digits in pencil, sign to sign
