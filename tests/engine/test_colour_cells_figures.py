"""Colours by name, fills of grid and table spaces, table column spans, round and regular shapes,
elements placed in cells (``in:``) and the greyscale warning of check-layout."""

from __future__ import annotations

import textwrap
from pathlib import Path as FilePath

import pytest

from rollwrite.draw.elements import GENERIC, measure
from rollwrite.draw.scene import Circle, Line, Page, Path, Rect
from rollwrite.errors import InputError
from rollwrite.layoutlang.layout import check_geometry, parse_layout
from rollwrite.layoutlang.overlap import overlap_errors

HEAD = "game: my-test\ntitle: T\nsheet:\n  size: [150, 120]\n  elements:\n"


def lay(elements: str):
    return parse_layout(HEAD + textwrap.indent(textwrap.dedent(elements), "    "), "c.yaml")


def drawn(el) -> list:
    page = Page(150, 120)
    GENERIC[el.type].build(el.value, page.pen(), None)
    return page.items


def test_colours_by_name_and_short_hex_become_rrggbb_and_a_written_rrggbb_stays_as_written():
    layout = lay("""\
        - {type: text, at: [2, 8], text: a, color: SteelBlue}
        - {type: text, at: [2, 16], text: b, color: "#f80"}
        - {type: text, at: [2, 24], text: c, color: "#AA0000"}
        - {type: box, at: [20, 2], size: [10, 10], color: red, fill: none}
        """)
    assert [e.value.color for e in layout.sheet.elements] == ["#4682b4", "#ff8800", "#AA0000", "#ff0000"]
    assert layout.sheet.elements[3].value.fill is None


def test_box_and_circles_take_outline_and_fill_colours():
    layout = lay("""\
        - {type: box, at: [2, 2], size: [10, 10], color: navy, fill: "#ffd", label: B}
        - {type: circles, at: [20, 2], count: 2, color: crimson, fill: mistyrose}
        - {type: circles, at: [40, 2], count: 1, shape: square, fill: gold}
        """)
    box, circles, squares = (drawn(e) for e in layout.sheet.elements)
    assert (box[0].stroke, box[0].fill, box[1].color) == ("#000080", "#ffffdd", "#000080")
    assert {(c.stroke, c.fill) for c in circles} == {("#dc143c", "#ffe4e1")}
    assert (squares[0].stroke, squares[0].fill) == ("#000000", "#ffd700")


def test_grid_and_table_fills_colour_their_spaces_under_the_lines():
    layout = lay("""\
        - {type: grid, at: [2, 2], rows: 3, cols: 4, cell: 10, fills: [{row: 2, color: gold}, {cells: [[1, 1], [3, 4]], color: red}, {col: 3, color: "#eee"}]}
        - type: table
          at: [60, 2]
          columns: [20, 10, 10]
          header: [a, b, c]
          rows: [x, y]
          fills: [{cell: [2, 3], color: lightblue}]
        """)
    grid, table = (drawn(e) for e in layout.sheet.elements)
    fills = [(r.x, r.y, r.w, r.h, r.fill) for r in grid if isinstance(r, Rect) and r.fill]
    assert fills == [(0, 10, 40, 10, "#ffd700"), (0, 0, 10, 10, "#ff0000"), (30, 20, 10, 10, "#ff0000"),
                     (20, 0, 10, 30, "#eeeeee")]
    assert grid.index(next(r for r in grid if isinstance(r, Rect))) < grid.index(next(i for i in grid if isinstance(i, Line)))
    cell = next(r for r in table if isinstance(r, Rect) and r.fill)
    assert (cell.x, cell.y, cell.w, cell.h, cell.fill) == (30, 14, 10, 7, "#add8e6")


def test_a_cell_spanning_columns_leaves_out_the_lines_between_them_and_centres_its_text():
    layout = lay("""\
        - type: table
          at: [2, 2]
          columns: [20, 10, 10]
          header: [a, {text: both, span: 2}]
          rows: [[x, "1", "2"]]
        """)
    items = drawn(layout.sheet.elements[0])
    between = [(i.y1, i.y2) for i in items if isinstance(i, Line) and i.x1 == i.x2 == 30]
    assert between == [(7, 14)]
    both = next(i for i in items if getattr(i, "text", None) == "both")
    assert (both.x, both.anchor) == (30, "middle")


def test_circle_ellipse_regular_polygon_and_star_are_centred_on_at():
    layout = lay("""\
        - {type: circle, at: [20, 20], diameter: 10, fill: red}
        - {type: ellipse, at: [50, 20], size: [20, 10]}
        - {type: regular, at: [80, 20], sides: 4, radius: 5, line: 0, fill: blue}
        - {type: star, at: [110, 20], points: 5, radius: 10, inner: 0.5}
        """)
    circle, ellipse, square, star = layout.sheet.elements
    assert drawn(circle) == [Circle(0.0, 0.0, 5.0, width=0.3, stroke="#000000", fill="#ff0000")]
    assert measure(circle, GENERIC["circle"]) == (-5.15, -5.15, 5.15, 5.15)
    assert measure(ellipse, GENERIC["ellipse"]) == (-10.15, -5.15, 10.15, 5.15)
    square_path = drawn(square)[0]
    assert isinstance(square_path, Path) and square_path.points[0] == (0.0, -5.0) and square_path.stroke is None
    assert len(drawn(star)[0].points) == 10
    with pytest.raises(InputError, match="this shape draws nothing"):
        lay("- {type: circle, at: [5, 5], radius: 2, line: 0}\n")


def test_in_places_elements_in_cells_rows_and_boxes_and_lets_them_print_over_it():
    layout = lay("""\
        - {id: g, type: grid, at: [10, 10], rows: 2, cols: 3, cell: 10}
        - {type: circle, radius: 2, in: {id: g, cell: [2, 3]}}
        - {type: circle, radius: 2, at: [1, 0], in: {id: g, cell: [1, 1], align: [start, end], pad: 0.5}}
        - {id: t, type: table, at: [60, 10], columns: [20, 10], header: [a, b], rows: [x, y]}
        - {type: text, text: "{i}", anchor: middle, in: {id: t, row: "{i}", align: [end, middle]}, repeat: {count: 2, step: [0, 0]}}
        - {id: b, type: box, at: [10, 60], size: [20, 10], rotate: 90}
        - {type: circle, radius: 1, in: {id: b}}
        """)
    els = layout.sheet.elements
    assert els[1].at == (35.0, 25.0)
    assert els[2].at == pytest.approx((10 + 0.5 + 2.15 + 1, 20 - 0.5 - 2.15))
    assert els[4].at[1] > els[3].at[1] + 7 and els[5].at[1] - els[4].at[1] == pytest.approx(7)
    assert els[7].at == pytest.approx((5.0, 70.0)) and els[7].angle == 90.0
    check_geometry(layout)
    assert overlap_errors(layout) == []


def test_in_mistakes_are_named():
    with pytest.raises(InputError) as info:
        lay("- {id: g, type: grid, at: [10, 10], rows: 2, cols: 3, cell: 10}\n"
            "- {type: circle, radius: 2, in: {id: gg, cell: [1, 1]}}\n")
    assert str(info.value) == ("c.yaml:7:42: sheet.elements[1].in.id: there is no element with id 'gg' before "
                               "this one to put it in\n  hint: did you mean 'g'?")
    with pytest.raises(InputError) as info:
        lay("- {id: g, type: grid, at: [10, 10], rows: 2, cols: 3, cell: 10}\n"
            "- {type: circle, radius: 2, in: {id: g, cell: [3, 1]}}\n")
    assert "cell [3, 1] is not in the grid 'g': rows count 1 to 2, columns 1 to 3" in str(info.value)
    with pytest.raises(InputError, match="a box has no rows or cells"):
        lay("- {id: b, type: box, at: [10, 10], size: [9, 9]}\n- {type: circle, radius: 2, in: {id: b, row: 1}}\n")


def test_check_layout_greyscale_warns_of_like_colours_that_print_the_same_grey(cli, tmp_path):
    path = tmp_path / "g.yaml"
    path.write_text(HEAD + "    - {type: grid, at: [2, 2], rows: 2, cols: 2, cell: 9, "
                           "fills: [{row: 1, color: red}, {row: 2, color: green}]}\n"
                           "    - {type: box, at: [40, 2], size: [9, 9], fill: gold}\n")
    plain = cli("check-layout", str(path))
    assert plain.exit_code == 0 and "warning" not in plain.stderr
    result = cli("check-layout", "--greyscale", str(path))
    assert result.exit_code == 0
    assert result.stderr == (
        f"rollwrite: warning: {path}:6:7: sheet.elements[0]: the fill #008000 (here) and #ff0000 (in this element), "
        "drawn beside each other, print as nearly the same grey (29% and 30% of white)\n"
        "  hint: make one of them lighter or darker, or give one a pattern, which any grey shows: \"#008000 hatch\" "
        "(or dots, or cross)\n")


def test_italic_text_and_italic_runs_in_a_paragraph_print_in_the_oblique_face(cli, tmp_path, monkeypatch):
    from rollwrite.draw.elements import _runs

    assert _runs("a **b** *c* 2*3 * 4", "regular") == [("a ", "regular"), ("b", "bold"), (" ", "regular"),
                                                     ("c", "italic"), (" 2*3 * 4", "regular")]
    monkeypatch.chdir(tmp_path)
    (tmp_path / "i.yaml").write_text(HEAD + "    - {type: text, at: [2, 8], text: Slanted, font: italic}\n"
                                            "    - {type: paragraph, at: [2, 12], width: 80, text: 'an *aside*'}\n")
    assert cli("check-layout", "i.yaml").exit_code == 0
    assert cli("print", "i.yaml", "-o", "i.pdf").exit_code == 0
    assert b"DejaVuSans-Oblique" in (tmp_path / "i.pdf").read_bytes()
    assert cli("print", "i.yaml", "-o", "i.svg").exit_code == 0
    svg = (tmp_path / "i.svg").read_text()
    assert "font-style:italic" in svg and 'font-style="italic"' in svg


ICONS = """\
game: my-icons
title: T
icons:
  lock:
    - {type: box, at: [1, 4], size: [8, 5], fill: black}
    - {type: circle, at: [5, 4], radius: 2.5}
sheet:
  size: [100, 40]
  elements:
    - {type: icon, at: [10, 10], name: lock, size: 5, rotate: 90}
    - {id: g, type: grid, at: [30, 2], rows: 1, cols: 3, cell: 10}
    - {type: icon, name: lock, in: {id: g, cell: [1, 2]}}
    - {type: icon, at: [80, 10], name: die-6, size: 8}
    - {type: grid, at: [2, 20], rows: 1, cols: 2, cell: 8, marks: [{cell: [1, 1], icon: lock}, {cell: [1, 2], icon: star}]}
    - {type: legend, at: [30, 20], items: [{icon: lock, label: locked}, {icon: die-3, label: three}]}
    - {type: hexgrid, at: [70, 20], rows: 1, cols: 2, hex: 10, marks: [{cell: [1, 2], icon: lock}]}
"""


def test_a_layouts_own_icons_are_its_elements_scaled_from_a_10mm_box():
    layout = parse_layout(ICONS, "i.yaml")
    check_geometry(layout)
    assert overlap_errors(layout) == []
    lock, _, placed, die, grid, legend, hexes = layout.sheet.elements
    assert (lock.value.name.name, lock.value.size, len(lock.value.name.parts)) == ("lock", 5.0, 2)
    assert placed.at == (45.0, 7.0)
    page = Page(100, 40)
    GENERIC["icon"].build(lock.value, page.pen(), None)
    box = page.items[0]
    assert (box.x, box.y, box.w, box.h, box.fill) == (-2.0, -0.5, 4.0, 2.5, "#000000")
    assert sum(isinstance(i, Circle) for i in drawn(die)) == 6
    own = lock.value.name
    assert (grid.value.marks[0].icon, grid.value.marks[1].icon) == (own, "star")
    assert legend.value.items[0][0] == own and hexes.value.marks[0].icon == own
    for el in (grid, legend, hexes):  # the lock's black box is drawn in each
        assert any(isinstance(i, Rect) and i.fill == "#000000" for i in drawn(el))


@pytest.mark.parametrize("icons,message", [
    ("  star: []\n", "'star' is a built-in icon already"),
    ("  Lock: []\n", "'Lock' is not a name for an icon"),
    ("  big: [{type: box, at: [0, 0], size: [12, 5]}]\n", "this box reaches outside the 10 x 10 mm box an icon is drawn in"),
])
def test_own_icon_mistakes(icons, message):
    text = ICONS.split("icons:\n")[0] + "icons:\n" + icons + "sheet:" + ICONS.split("sheet:")[1].split("  elements:")[0] \
        + "  elements: []\n"
    with pytest.raises(InputError) as info:
        parse_layout(text, "i.yaml")
    assert message in str(info.value)


def test_in_a_table_cell_that_spans_columns_centres_on_the_whole_span():
    layout = lay("""\
        - {id: t, type: table, at: [0, 0], columns: [20, 10, 10], header: [a, {text: both, span: 2}], rows: [x]}
        - {type: circle, radius: 1, in: {id: t, cell: [0, 2]}}
        - {type: circle, radius: 1, in: {id: t, cell: [1, 2]}}
        """)
    assert layout.sheet.elements[1].at == (30.0, 3.5)
    assert layout.sheet.elements[2].at == (25.0, 10.5)


def test_icon_sets_from_files_under_the_folder_combine_with_icons_written_in_the_layout(tmp_path, monkeypatch):
    from rollwrite.layoutlang.layout import load_layout

    monkeypatch.chdir(tmp_path)
    FilePath("sets").mkdir()
    FilePath("sets/farm.yaml").write_text("barn:\n  - {type: box, at: [1, 3], size: [8, 6]}\n"
                                      "hay:\n  - {type: circle, at: [5, 5], radius: 4}\n")
    FilePath("l.yaml").write_text("game: my-test\ntitle: T\nicons: [sets/farm.yaml, {pond: [{type: circle, at: [5, 5], radius: 3}]}]\n"
                              "sheet:\n  size: [60, 20]\n  elements:\n"
                              "    - {type: legend, at: [2, 2], columns: 3, column_width: 18, "
                              "items: [{icon: barn, label: b}, {icon: hay, label: h}, {icon: pond, label: p}]}\n")
    layout = load_layout("l.yaml")
    assert [icon.name for icon, _ in layout.sheet.elements[0].value.items] == ["barn", "hay", "pond"]
    FilePath("l.yaml").write_text(FilePath("l.yaml").read_text().replace("pond: [", "hay: ["))
    with pytest.raises(InputError, match="the icon 'hay' is defined twice"):
        load_layout("l.yaml")
    FilePath("l.yaml").write_text(FilePath("l.yaml").read_text().replace("sets/farm.yaml", "../farm.yaml"))
    with pytest.raises(InputError, match="'../farm.yaml' lies outside the layout's folder"):
        load_layout("l.yaml")
