"""Hex grids: pointy and flat tops, offset and axial rows, sized by width or to fit, shapes, fills,
marks, labels, and elements placed in a hex."""

from __future__ import annotations

import math
import textwrap

import pytest

from rollwrite.draw.elements import GENERIC, measure
from rollwrite.draw.hexes import centre
from rollwrite.draw.scene import Page, Path, Text
from rollwrite.errors import InputError
from rollwrite.layoutlang.layout import check_geometry, parse_layout
from rollwrite.layoutlang.overlap import overlap_errors

HEAD = "game: my-test\ntitle: T\nsheet:\n  size: [190, 150]\n  elements:\n"


def one(element: str):
    layout = parse_layout(HEAD + "    " + textwrap.dedent(element) + "\n", "h.yaml")
    check_geometry(layout)
    return layout.sheet.elements[0]


def hexes(el) -> list[Path]:
    page = Page(190, 150)
    GENERIC[el.type].build(el.value, page.pen(), None)
    return [it for it in page.items if isinstance(it, Path)]


def test_pointy_offset_rows_are_a_hex_wide_and_every_other_row_is_shifted_half_a_hex():
    el = one("- {type: hexgrid, at: [5, 5], rows: 3, cols: 4, hex: 10}")
    v = el.value
    (x11, y11), (x12, _), (x21, y21) = centre(v, 1, 1), centre(v, 1, 2), centre(v, 2, 1)
    assert x12 - x11 == pytest.approx(10)
    assert x21 - x11 == pytest.approx(5) and y21 - y11 == pytest.approx(1.5 * 10 / math.sqrt(3))
    assert len(hexes(el)) == 12
    w, h = GENERIC["hexgrid"].size(v)
    assert w == pytest.approx(45 + 0.3) and h == pytest.approx((2 + 1.5 * 2) * 10 / math.sqrt(3) + 0.3)
    even = one("- {type: hexgrid, at: [5, 5], rows: 3, cols: 4, hex: 10, offset: even}").value
    assert centre(even, 1, 1)[0] - centre(even, 2, 1)[0] == pytest.approx(5)


def test_flat_tops_shift_columns_and_axial_maps_lean():
    flat = one("- {type: hexgrid, at: [5, 5], rows: 2, cols: 3, top: flat, hex: 10}").value
    assert centre(flat, 1, 2)[0] - centre(flat, 1, 1)[0] == pytest.approx(7.5)
    assert centre(flat, 1, 2)[1] - centre(flat, 1, 1)[1] == pytest.approx(5 * math.sqrt(3) / 2)
    axial = one("- {type: hexgrid, at: [5, 5], rows: 3, cols: 2, coords: axial, hex: 10}").value
    assert [centre(axial, r, 1)[0] - centre(axial, 1, 1)[0] for r in (1, 2, 3)] == pytest.approx([0, 5, 10])


def test_fit_fills_its_box_and_a_shape_leaves_hexes_out():
    el = one("- {type: hexgrid, at: [5, 5], rows: 3, cols: 3, top: flat, coords: axial, fit: [90, 60], "
             "shape: ['.##', '###', '##.']}")
    w, h = GENERIC["hexgrid"].size(el.value)
    assert (w <= 90.2 and h <= 60.2) and (w > 89.5 or h > 59.5)
    assert len(hexes(el)) == 7


def test_fills_marks_dots_and_labels():
    el = one("- {type: hexgrid, at: [5, 5], rows: 2, cols: 2, hex: 12, fill: wheat, dots: true, "
             "fills: [{cell: [2, 2], color: red}], marks: [{cell: [1, 1], icon: star}], "
             "labels: {rows: [N, S], cols: numbers}}")
    page = Page(190, 150)
    GENERIC["hexgrid"].build(el.value, page.pen(), None)
    fills = [it.fill for it in page.items if isinstance(it, Path) and it.fill and len(it.points) == 6]
    assert fills == ["#f5deb3", "#f5deb3", "#f5deb3", "#ff0000"]
    assert [it.text for it in page.items if isinstance(it, Text)] == ["N1", "N2", "S1", "S2"]


def test_an_element_in_a_hex_sits_at_its_centre_and_may_print_over_the_map():
    layout = parse_layout(HEAD + "    - {id: map, type: hexgrid, at: [10, 10], rows: 3, cols: 3, hex: 10}\n"
                                 "    - {type: circle, radius: 2, in: {id: map, cell: [2, 2]}}\n", "h.yaml")
    grid, dot = layout.sheet.elements
    cx, cy = centre(grid.value, 2, 2)
    assert dot.at == pytest.approx((10 + cx, 10 + cy))
    check_geometry(layout)
    assert overlap_errors(layout) == []
    assert measure(dot, GENERIC["circle"])[2] == pytest.approx(2.15)


@pytest.mark.parametrize("element,message", [
    ("- {type: hexgrid, at: [5, 5], rows: 2, cols: 2}", "a hex grid needs 'hex' (one hexagon's width, mm) or 'fit: [w, h]' (the box its map fills)"),
    ("- {type: hexgrid, at: [5, 5], rows: 2, cols: 2, hex: 9, top: round}", "expected one of pointy, flat, got 'round'"),
    ("- {type: hexgrid, at: [5, 5], rows: 2, cols: 2, hex: 9, shape: ['##', '#']}", "expected 2 characters, each '#' (a hex) or '.' (no hex), got '#'"),
    ("- {type: hexgrid, at: [5, 5], rows: 60, cols: 60, hex: 2}", "a hex grid may have at most 2500 hexes, this one 3600"),
    ("- {type: hexgrid, at: [5, 5], rows: 2, cols: 2, hex: 9, marks: [{cell: [3, 1], icon: star}]}", "hex [3, 1] is outside the 2 x 2 map (rows and columns count from 1)"),
])
def test_pinned_mistakes(element, message):
    with pytest.raises(InputError) as info:
        one(element)
    assert str(info.value).split("\n")[0].endswith(message)


def test_labels_follow_the_order_they_are_written_in():
    el = one("- {type: hexgrid, at: [5, 5], rows: 1, cols: 2, hex: 12, labels: {cols: letters, rows: numbers}}")
    page = Page(190, 150)
    GENERIC["hexgrid"].build(el.value, page.pen(), None)
    assert [it.text for it in page.items if isinstance(it, Text)] == ["A1", "B1"]
