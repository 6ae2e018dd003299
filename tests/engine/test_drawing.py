"""Arcs and Bézier curves in paths, recoloured icons, icons made of icons, icons in labelled hexes
(docs/layout.md)."""

from __future__ import annotations

import math
import textwrap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollwrite.draw import pathdata
from rollwrite.draw.elements import GENERIC
from rollwrite.draw.scene import Curve, Page, Path, Scene, Text
from rollwrite.errors import InputError
from rollwrite.layoutlang.layout import check_geometry, parse_layout

HEAD = "game: my-test\ntitle: T\n{extra}sheet:\n  size: [150, 120]\n  elements:\n"


def lay(elements: str, extra: str = ""):
    return parse_layout(HEAD.format(extra=extra) + textwrap.indent(textwrap.dedent(elements), "    "), "d.yaml")


def err(elements: str, extra: str = "") -> str:
    with pytest.raises(InputError) as info:
        check_geometry(lay(elements, extra))
    return str(info.value)


def drawn(layout) -> list:
    page = Page(150, 120)
    for el in layout.sheet.elements:
        GENERIC[el.type].build(el.value, el.place(page.pen()), None)
    return page.items


# ---------------------------------------------------------------- path data


def test_a_quarter_arc_is_one_cubic_with_the_usual_control_length():
    ((start, pieces, closed),) = pathdata.parse("M 10 0 A 10 10 0 0 1 0 10")
    assert start == (10.0, 0.0) and not closed and len(pieces) == 1
    c1, c2, end = pieces[0]
    k = 4 / 3 * math.tan(math.pi / 8) * 10  # 5.52 mm for a 10 mm radius
    assert c1 == pytest.approx((10, k)) and c2 == pytest.approx((k, 10)) and end == pytest.approx((0, 10))


def test_a_half_circle_is_two_pieces_and_relative_commands_add_up():
    ((start, pieces, closed),) = pathdata.parse("m 0 5 a 5 5 0 0 1 10 0 l 0 5 h -10 z")
    assert len(pieces) == 2 + 2 + 1 and closed  # the arc in two, a line down, a line back, Z back to start
    assert pieces[1][2] == pytest.approx((10, 5)) and pieces[-1][2] == (0.0, 5.0)
    assert pieces[0][2] == pytest.approx((5, 0))  # over the top: sweep 1 turns clockwise on paper (y down)
    assert min(p[1] for piece in pieces[:2] for p in piece) == pytest.approx(0, abs=1e-9)


def test_quadratic_smooth_and_several_parts():
    parts = pathdata.parse("M 0 0 Q 5 10 10 0 T 20 0 M 30 0 C 30 5 40 5 40 0 S 50 -5 50 0")
    assert len(parts) == 2
    (_, q, _), (_, c, _) = parts
    assert q[1][0] == pytest.approx((10 + 2 / 3 * 5, 0 - 2 / 3 * 10))  # T mirrors Q's control: (15, -10)
    assert c[1][0] == pytest.approx((40, -5))  # S mirrors C's second control


@pytest.mark.parametrize("text,message,offset", [
    ("", "the path is empty: start it with M x y", 0),
    ("L 1 2", "a path starts with M x y (where its first point is)", 0),
    ("M 0 0 C 1 2 3", "'C' takes 6 numbers, got 3", 13),
    ("M 0 0 L 1 x", "unexpected 'x': a path is commands (M L H V C S Q T A Z) and numbers", 10),
    ("M 0 0 A 5 5 0 2 1 10 0", "an arc's large flag is 0 or 1, got 2", 14),
    ("M 0 0 L 1e9 0", "1e9 is too large for a length on a sheet (at most 10,000 mm)", 8),
    ("M 0 0", "the path draws nothing: after M x y, give it a line or a curve", 0),
    ("M 0 0 L 1 1 Z 4", "a number after Z: start the next part with M x y", 14),
])
def test_path_mistakes(text, message, offset):
    with pytest.raises(pathdata.PathError) as info:
        pathdata.parse(text)
    assert (info.value.message, info.value.offset) == (message, offset)


@settings(max_examples=80, deadline=None)
@given(st.floats(0.5, 50), st.floats(0.5, 50), st.floats(-360, 360), st.booleans(), st.booleans(),
       st.floats(-60, 60), st.floats(-60, 60))
def test_an_arc_ends_where_it_is_asked_to(rx, ry, turn, large, sweep, x, y):
    ((_, pieces, _),) = pathdata.parse(f"M 0 0 A {rx} {ry} {turn} {int(large)} {int(sweep)} {x} {y} L 0 0") \
        if (x, y) != (0.0, 0.0) else (((0, 0), (((0, 0), (0, 0), (0, 0)),), False),)
    ends = [p[2] for p in pieces]
    if (x, y) != (0.0, 0.0):
        assert ends[-2] == pytest.approx((x, y), abs=1e-6)
        assert len(pieces) <= 5  # at most four quarter turns, then the line home


def test_a_path_with_d_draws_curves_in_the_pdf_and_the_svg(tmp_path):
    from rollwrite.draw import pdf, svg

    layout = lay('- {type: path, at: [10, 10], d: "M 0 8 A 4 4 0 0 1 8 8 Z", fill: gold}\n')
    check_geometry(layout)
    items = drawn(layout)
    assert len(items) == 1 and isinstance(items[0], Curve) and items[0].closed and items[0].fill == "#ffd700"
    scene = Scene()
    page = scene.new_page(150, 120)
    page.items.extend(items)
    (text,) = svg.render(scene)
    d = text.decode().split(' d="')[1].split('"')[0]
    assert d.count("C") == 3 and d.endswith("Z")  # the half circle as two quarter curves, the line home, closed
    import io

    import pypdf

    content = pypdf.PdfReader(io.BytesIO(pdf.render(scene))).pages[0].get_contents().get_data()
    assert content.count(b" c ") + content.count(b" c\n") == 3  # three curveto operators


def test_path_needs_points_or_d_and_reports_the_character():
    assert err("- {type: path, at: [0, 0]}\n") == (
        "d.yaml:6:7: sheet.elements[0]: a path needs either 'points' (a list of [x, y]) or 'd' (its outline as SVG "
        "writes it)\n  hint: e.g. points: [[0, 0], [5, 8]], or d: \"M 0 8 A 4 4 0 0 1 8 8\"")
    assert err('- {type: path, at: [5, 5], d: "M 0 0 C 1 2 3"}\n').startswith(
        "d.yaml:6:35: sheet.elements[0].d: 'C' takes 6 numbers, got 3 (at character 14: ' 0 0 C 1 2 3')")


# ---------------------------------------------------------------- icons


LOCK = ("icons:\n  lock:\n"
        "    - {type: box, at: [1.5, 4.5], size: [7, 5], radius: 0.8, fill: black}\n"
        "    - {type: path, at: [3, 4.5], d: 'M 0 0 V -1.5 A 2 2 0 0 1 4 -1.5 V 0', width: 0.8, cap: butt}\n")


def test_color_recolours_an_icons_black_ink():
    items = drawn(lay("- {type: icon, at: [10, 10], name: star, size: 8, color: '#c00'}\n"
                      "- {type: icon, at: [30, 10], name: lock, size: 8, color: green}\n", LOCK))
    star, box, shackle = items
    assert star.stroke == "#cc0000"
    assert box.fill == box.stroke == "#008000" and shackle.stroke == "#008000" and isinstance(shackle, Curve)


def test_an_icon_made_of_icons_keeps_their_colours_and_is_one_picture():
    extra = LOCK + ("  two-locks:\n"
                    "    - {type: icon, at: [3, 5], name: lock, size: 5}\n"
                    "    - {type: icon, at: [7, 5], name: lock, size: 5, color: '#c00'}\n")
    layout = lay("- {type: icon, at: [10, 10], name: two-locks, size: 10}\n", extra)
    check_geometry(layout)
    colours = [it.fill for it in drawn(layout) if it.fill]
    assert colours == ["#000000", "#cc0000"]


def test_an_icon_may_use_only_the_icons_before_it():
    extra = ("icons:\n  a:\n    - {type: icon, at: [5, 5], name: b, size: 4}\n"
             "  b:\n    - {type: circle, at: [5, 5], radius: 2}\n")
    assert err("- {type: text, at: [0, 5], text: x}\n", extra) == (
        "d.yaml:5:38: icons.a[0].name: the icon 'a' uses 'b', which is defined after it\n"
        "  hint: define 'b' before 'a': an icon may use the icons defined before it")
    extra = "icons:\n  a:\n    - {type: icon, at: [5, 5], name: a, size: 4}\n"
    assert "the icon 'a' uses itself" in err("- {type: text, at: [0, 5], text: x}\n", extra)


def test_icons_of_icons_cannot_multiply_without_bound():
    lines = ["icons:", "  i0:", "    - {type: circle, at: [5, 5], radius: 1, repeat: {count: 40, step: [0, 0]}}"]
    for k in range(1, 6):
        lines += [f"  i{k}:", f"    - {{type: icon, at: [5, 5], name: i{k - 1}, size: 2, repeat: {{count: 40, step: [0, 0]}}}}"]
    got = err("- {type: text, at: [0, 5], text: x}\n", "\n".join(lines) + "\n")
    assert "by this element the icon 'i2' draws more than 2,000 lines, shapes and texts, the icons it uses counted" in got


def test_icons_in_a_labelled_hex_go_below_or_above_the_label():
    def spots(place: str) -> tuple[float, float, float]:
        layout = lay(f"- {{id: m, type: hexgrid, at: [10, 10], rows: 1, cols: 1, hex: 14, label_place: {place}, "
                     "labels: {rows: letters, cols: numbers}, marks: [{cell: [1, 1], icon: coin, size: 4}]}\n"
                     "- {type: icon, name: star, size: 4, in: {id: m, cell: [1, 1]}}\n")
        check_geometry(layout)
        items = drawn(layout)
        label = next(it for it in items if isinstance(it, Text))
        star = items[-1]
        assert isinstance(star, Path)
        mark_y = [it for it in items if type(it).__name__ == "Circle"][0].cy
        return label.y, sum(p[1] for p in star.points) / len(star.points), mark_y

    label, star, mark = spots("top")
    assert star > label and mark > label
    label, star, mark = spots("bottom")
    assert star < label - 1 and mark < label - 1


def test_grid_and_hex_marks_take_a_colour_too():
    items = drawn(lay("- {type: grid, at: [10, 10], rows: 1, cols: 2, cell: 10, marks: [{cell: [1, 1], icon: star, color: red}]}\n"
                      "- {type: hexgrid, at: [40, 10], rows: 1, cols: 1, hex: 12, marks: [{cell: [1, 1], icon: coin, color: blue}]}\n"))
    assert [it.stroke for it in items if isinstance(it, Path) and len(it.points) == 10] == ["#ff0000"]
    assert [it.stroke for it in items if type(it).__name__ == "Circle"] == ["#0000ff", "#0000ff"]


def test_the_pieces_of_curves_count_against_what_a_sheet_may_draw():
    arcs = " ".join("A 1 1 0 0 1 2 0 A 1 1 0 0 1 -2 0" for _ in range(240))
    assert "by this element the sheet draws more than 20,000 lines, shapes, texts and points of paths" in err(
        f'- {{type: path, at: [50, 50], d: "M 0 0 {arcs}", overlaps: true, repeat: {{count: 30, step: [0, 0]}}}}\n')
