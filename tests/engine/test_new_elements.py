"""Tables, grid dots/labels/faint lines, polygons, paths and arrows; the two example layouts."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from rollwrite.draw.scene import Circle, Line, Path as PathItem, Rect, Text
from rollwrite.errors import InputError
from rollwrite.layoutlang.layout import check_geometry, load_layout, parse_layout

HEAD = "game: my-test\ntitle: T\nsheet:\n  size: [150, 120]\n  elements:\n"
EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "layouts"


def lay(elements: str):
    return parse_layout(HEAD + textwrap.indent(textwrap.dedent(elements), "    "), "e.yaml")


def items(elements: str):
    """What the elements draw, measured from the sheet's top-left corner."""
    from rollwrite.draw.elements import GENERIC
    from rollwrite.draw.scene import Page

    page = Page(150, 120)
    for el in lay(elements).sheet.elements:
        GENERIC[el.type].build(el.value, el.place(page.pen()), None)
    return page.items


def err(elements: str) -> str:
    with pytest.raises(InputError) as info:
        check_geometry(lay(elements))
    return str(info.value)


TABLE = """\
- type: table
  at: [5, 5]
  columns: [30, 12, 12]
  header: ["", G1, G2]
  rows:
    - Ones
    - [Twos, 4]
    - {label: Sum, shade: true, rule: thick, font: bold}
    - {label: Bonus, cells: ["+35"], shade: "#cccccc", rule: double}
"""


def test_table_draws_header_labels_shades_and_rules():
    got = items(TABLE)
    texts = [(it.text, it.font) for it in got if isinstance(it, Text)]
    assert ("G1", "bold") in texts and ("Ones", "regular") in texts and ("Sum", "bold") in texts
    assert ("4", "regular") in texts and ("+35", "regular") in texts
    fills = sorted(it.fill for it in got if isinstance(it, Rect) and it.fill)
    assert fills == ["#cccccc", "#e6e6e6"]
    widths = [it.width for it in got if isinstance(it, Line) and it.y1 == it.y2 and it.x1 == 5 and it.x2 == 59]
    assert widths.count(0.8) == 2  # under the header, above Sum
    assert widths.count(0.25) == 3  # Ones|Twos, and the two lines of the double rule above Bonus
    outline = [it for it in got if isinstance(it, Rect) and it.stroke and it.width == 0.8]
    assert [(o.x, o.y, o.w, o.h) for o in outline] == [(5, 5, 54, 35)]


def test_table_mistakes_have_pinned_messages():
    assert err("- {type: table, at: [0, 0], columns: [30, 10], rows: [[a, b, c]]}\n") == (
        "e.yaml:6:59: sheet.elements[0].rows[0]: this row has 3 cells but the table has 2 columns\n"
        "  hint: add a width to 'columns' or remove a cell"
    )
    assert err("- {type: table, at: [0, 0], columns: [30, 10], rows: [{label: x, rule: bold}]}\n") == (
        "e.yaml:6:76: sheet.elements[0].rows[0].rule: expected one of thin, thick, double, none, got 'bold'"
    )
    assert err("- {type: table, at: [0, 0], columns: [], rows: [a]}\n") == (
        "e.yaml:6:42: sheet.elements[0].columns: expected 1 to 60 column widths, got 0\n"
        "  hint: columns: [30, 12, 12] is a label column and two to write in"
    )
    assert err("- {type: table, at: [0, 0], columns: [30], rows: [], align: [start, end]}\n") == (
        "e.yaml:6:54: sheet.elements[0].rows: a table needs at least one row\n  hint: rows: [Ones, Twos, Threes]"
    )
    assert err("- {type: table, at: [0, 0], colums: [30], rows: [a]}\n") == (
        "e.yaml:6:33: sheet.elements[0]: 'columns' is missing; did you mean 'colums' -> 'columns'?"
    )
    assert err("- {type: table, at: [100, 0], columns: [30, 30], rows: [a]}\n").startswith(
        "e.yaml:6:7: sheet.elements[0]: this table reaches from (100.0, 0.0) to (160.0, 7.0) mm, outside"
    )


def test_grid_dots_faint_lines_crossing_marks_and_labels():
    got = items("""\
        - type: grid
          at: [10, 10]
          rows: 2
          cols: 3
          cell: 10
          lines: faint
          crossings: dot
          crossing_marks: [{at: [1, 1], icon: star}]
          labels: {top: [x, y, z], left: letters, right: numbers, place: cells, start: 0}
        """)
    dots = [it for it in got if isinstance(it, Circle) and it.fill == "#000000"]
    assert len(dots) == 12 and (dots[0].cx, dots[0].cy) == (10, 10)
    inner = [it for it in got if isinstance(it, Line) and it.color == "#b4b4b4"]
    assert len(inner) == 3  # one inner horizontal, two inner vertical
    texts = [it.text for it in got if isinstance(it, Text)]
    assert texts == ["x", "y", "z", "A", "B", "0", "1"]


def test_grid_labels_on_lines_count_lines_and_a_list_of_the_wrong_length_is_refused():
    got = items("- {type: grid, at: [10, 10], rows: 2, cols: 2, cell: 10, labels: {top: numbers, place: lines}}\n")
    texts = [it.text for it in got if isinstance(it, Text)]
    assert texts[:3] == ["1", "2", "3"]
    assert err("- {type: grid, at: [10, 10], rows: 2, cols: 2, cell: 10, labels: {top: [a, b, c]}}\n") == (
        "e.yaml:6:76: sheet.elements[0].labels.top: expected 2 labels here (one per row or column, or per line with "
        "place: lines), got 3"
    )
    assert err("- {type: grid, at: [10, 10], rows: 2, cols: 2, cell: 10, labels: {top: digits}}\n") == (
        "e.yaml:6:76: sheet.elements[0].labels.top: expected one of numbers, letters, lower, got 'digits'"
    )
    assert err("- {type: grid, at: [10, 10], rows: 2, cols: 2, cell: 10, crossings: dots}\n") == (
        "e.yaml:6:73: sheet.elements[0].crossings: expected one of none, dot, cross, plus, circle, got 'dots'\n"
        "  hint: did you mean 'dot'?"
    )
    assert err("- {type: grid, at: [10, 10], rows: 2, cols: 2, cell: 10, crossing_marks: [{at: [4, 1], icon: dot}]}\n") == (
        "e.yaml:6:84: sheet.elements[0].crossing_marks[0].at: crossing [4, 1] is not on the grid: its lines count "
        "from 1 to 3 (rows) and 3 (columns)"
    )


def test_polygon_path_arrow_and_line_caps():
    got = items("""\
        - {type: polygon, at: [10, 10], points: [[0, 0], [10, 0], [5, 8]], fill: "#ff0000", line: 0}
        - {type: path, at: [30, 10], points: [[0, 0], [10, 5], [20, 0]], cap: square, join: bevel}
        - {type: arrow, at: [60, 10], direction: right, length: 20, ends: both}
        - {type: arrow, at: [60, 30], to: [0, 20], open: true}
        - {type: line, at: [100, 10], to: [20, 0], cap: butt}
        """)
    paths = [it for it in got if isinstance(it, PathItem)]
    assert paths[0].closed and paths[0].fill == "#ff0000" and paths[0].stroke is None
    assert paths[1].cap == "square" and paths[1].join == "bevel" and not paths[1].closed
    heads = [p for p in paths[2:] if p.fill]
    assert len(heads) == 2 and {p.points[1] for p in heads} == {(80.0, 10.0), (60.0, 10.0)}
    assert [it.cap for it in got if isinstance(it, Line) and it.x1 == 100] == ["butt"]


def test_shape_mistakes_have_pinned_messages():
    assert err("- {type: arrow, at: [10, 10], direction: north, length: 5}\n") == (
        "e.yaml:6:46: sheet.elements[0].direction: expected up, down, left, right or an angle in degrees, got 'north'"
    )
    assert err("- {type: arrow, at: [10, 10]}\n") == (
        "e.yaml:6:7: sheet.elements[0]: an arrow needs either 'to: [dx, dy]' (its tip, from 'at') or 'direction' "
        "and 'length'\n  hint: e.g. direction: up, length: 8"
    )
    assert err("- {type: arrow, at: [10, 10], direction: up}\n") == (
        "e.yaml:6:7: sheet.elements[0]: 'length' is missing: how long the arrow is, in mm\n  hint: e.g. length: 8"
    )
    assert err("- {type: polygon, at: [10, 10], points: [[0, 0], [5, 5]]}\n") == (
        "e.yaml:6:45: sheet.elements[0].points: expected at least 3 points, got 2"
    )
    assert err("- {type: polygon, at: [10, 10], points: [[0, 0], [5, 5], [0, 5]], line: 0}\n") == (
        "e.yaml:6:7: sheet.elements[0]: this polygon draws nothing: its line is 0 and it has no fill\n"
        "  hint: give it a 'line' width or a 'fill' colour"
    )
    assert err("- {type: line, at: [10, 10], to: [5, 0], cap: flat}\n") == (
        "e.yaml:6:51: sheet.elements[0].cap: expected one of butt, round, square, got 'flat'"
    )


@pytest.mark.parametrize("name,most", [("five-dice.yaml", 25), ("route-board.yaml", 30)])
def test_examples_are_short_check_and_print(cli, written, tmp_path, monkeypatch, name, most):
    monkeypatch.chdir(tmp_path)
    path = EXAMPLES / name
    assert written(path) < most
    r = cli("check-layout", str(path))
    assert r.exit_code == 0 and "ok" in r.output
    r = cli("print", str(path), "-n", "2", "-o", "out.pdf")
    assert r.exit_code == 0 and Path("out.pdf").read_bytes().startswith(b"%PDF")


def test_five_dice_new_row_is_one_line(tmp_path):
    text = (EXAMPLES / "five-dice.yaml").read_text()
    more = text.replace("        - [Chance, add all five dice]\n",
                        "        - [Chance, add all five dice]\n        - [Two pairs, add all five dice]\n")
    (tmp_path / "more.yaml").write_text(more)
    base, longer = load_layout(EXAMPLES / "five-dice.yaml"), load_layout(tmp_path / "more.yaml")
    (t1,) = [e for e in base.sheet.elements if e.type == "table"]
    (t2,) = [e for e in longer.sheet.elements if e.type == "table"]
    assert len(t2.value.rows) == len(t1.value.rows) + 1 and t2.value.rows[-3].cells[0] == "Two pairs"
    check_geometry(longer)


def test_route_board_has_twelve_exits_pointing_at_the_board():
    layout = load_layout(EXAMPLES / "route-board.yaml")
    (grid,) = [e for e in layout.sheet.elements if e.type == "grid"]
    arrows = [e for e in layout.sheet.elements if e.type == "arrow"]
    assert len(arrows) == 12
    x0, y0 = grid.at
    size = 7 * 12
    tips = set()
    for a in arrows:
        rad = __import__("math").radians(a.angle)
        c, s = __import__("math").cos(rad), __import__("math").sin(rad)
        tx, ty = a.at[0] + a.value.to[0] * c - a.value.to[1] * s, a.at[1] + a.value.to[0] * s + a.value.to[1] * c
        tips.add((round(tx, 6), round(ty, 6)))
        # each starts outside the board and ends just outside its border, facing it
        assert not (x0 <= a.at[0] <= x0 + size and y0 <= a.at[1] <= y0 + size)
    assert len(tips) == 12
    check_geometry(layout)
