"""``check-layout --greyscale`` judged against a greyscale render: each pair of colours drawn over or beside
each other is flagged when Pillow's luminance (``Image.convert("L")``) of the printed page can hardly tell
them apart, and left alone when it can (docs/layout.md)."""

from __future__ import annotations

import io
import textwrap

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from PIL import Image

from rollwrite.draw import png
from rollwrite.draw.elements import GENERIC
from rollwrite.draw.scene import Page, Scene
from rollwrite.layoutlang.greyscale import greyscale_warnings
from rollwrite.layoutlang.layout import check_geometry, parse_layout

HEAD = "game: my-test\ntitle: T\n{extra}sheet:\n  size: [100, 40]\n  elements:\n"
DPI = 100


def lay(elements: str, extra: str = ""):
    layout = parse_layout(HEAD.format(extra=extra) + textwrap.indent(textwrap.dedent(elements), "    "), "g.yaml")
    check_geometry(layout)
    return layout


def grey_at(layout, points: list[tuple[float, float]]) -> list[int]:
    """The grey (0-255) of a greyscale render of the sheet at each point (mm): Pillow's luminance."""
    page = Page(layout.sheet.width, layout.sheet.height)
    for el in layout.sheet.elements:
        GENERIC[el.type].build(el.value, el.place(page.pen()), None)
    scene = Scene()
    scene.pages.append(page)
    image = Image.open(io.BytesIO(png.render(scene, dpi=DPI)[0])).convert("L")
    return [image.getpixel((round(x / 25.4 * DPI), round(y / 25.4 * DPI))) for x, y in points]


# (elements, two points whose greys the render compares, whether the check must flag them)
PAIRS = [
    pytest.param("- {type: line, at: [5, 15], to: [30, 0], width: 4, color: '#ff0'}\n", [(20, 15), (50, 15)], True,
                 id="yellow-line-on-white"),
    pytest.param("- {type: line, at: [5, 15], to: [30, 0], width: 4, color: '#cc0'}\n", [(20, 15), (50, 15)], False,
                 id="darker-yellow-line-on-white"),
    pytest.param("- {type: box, at: [5, 5], size: [30, 20], fill: '#0000cc'}\n"
                 "- {type: box, at: [12, 10], size: [16, 10], fill: navy, overlaps: true}\n",
                 [(20, 15), (7, 7)], True, id="navy-on-0000cc"),
    pytest.param("- {type: circle, at: [15, 15], radius: 8, fill: red, line: 0}\n"
                 "- {type: star, at: [36, 15], radius: 9, fill: green, line: 0}\n", [(15, 15), (36, 15)], True,
                 id="red-circle-beside-green-star"),
    pytest.param("- {type: circle, at: [15, 15], radius: 8, fill: red, line: 0}\n"
                 "- {type: star, at: [36, 15], radius: 9, fill: '#9f9', line: 0}\n", [(15, 15), (36, 15)], False,
                 id="red-circle-beside-light-green-star"),
    pytest.param("- {type: box, at: [5, 5], size: [30, 20], fill: '#0000cc'}\n"
                 "- {type: box, at: [12, 10], size: [16, 10], fill: '#ffd700', overlaps: true}\n",
                 [(20, 15), (7, 7)], False, id="gold-on-0000cc"),
    pytest.param("- {type: circle, at: [15, 15], radius: 8, fill: red, line: 0}\n"
                 "- {type: circle, at: [70, 15], radius: 8, fill: green, line: 0}\n", [(15, 15), (70, 15)], False,
                 id="red-and-green-far-apart"),
]


@pytest.mark.parametrize("elements,points,flagged", PAIRS)
def test_the_check_flags_what_a_greyscale_render_cannot_tell_apart(elements, points, flagged):
    layout = lay(elements)
    a, b = grey_at(layout, points)
    # the oracle: the render's own greys, a mark (a line) 20 % apart from its ground, two fills 6 %
    limit = 0.2 if "type: line" in elements else 0.06
    far_apart = "70, 15" in elements  # beyond 5 mm: not seen side by side, whatever their greys
    assert (abs(a - b) < limit * 255) == (flagged or far_apart)
    assert bool(greyscale_warnings(layout)) == flagged


def test_yellow_text_on_white_is_flagged_with_its_place():
    layout = lay("- {type: text, at: [5, 10], text: Bonus, color: '#ff0'}\n")
    (warning,) = greyscale_warnings(layout)
    assert str(warning) == (
        "g.yaml:6:7: sheet.elements[0]: the text 'Bonus' in #ffff00 (here) on #ffffff (the paper) print as nearly "
        "the same grey (89% and 100% of white): a black-and-white print loses it\n"
        "  hint: make one of them lighter or darker: 20% of the way from black to white apart is enough")


def test_navy_text_on_a_0000cc_box_is_flagged_naming_the_box():
    layout = lay("- {id: b, type: box, at: [5, 5], size: [40, 20], fill: '#0000cc'}\n"
                 "- {type: text, text: Score, color: navy, in: {id: b}}\n")
    (warning,) = greyscale_warnings(layout)
    assert str(warning).split("\n")[0] == (
        "g.yaml:7:7: sheet.elements[1]: the text 'Score' in #000080 (here) on #0000cc (the box at g.yaml:6:7) print "
        "as nearly the same grey (6% and 9% of white): a black-and-white print loses it")


def test_a_red_circle_beside_a_green_star_is_flagged_and_a_pattern_tells_them_apart():
    layout = lay("- {type: circle, at: [15, 15], radius: 8, fill: red, line: 0}\n"
                 "- {type: star, at: [36, 15], radius: 9, fill: green, line: 0}\n")
    (warning,) = greyscale_warnings(layout)
    assert str(warning) == (
        "g.yaml:7:7: sheet.elements[1]: the fill #008000 (here) and #ff0000 (the circle at g.yaml:6:7), drawn beside "
        "each other, print as nearly the same grey (29% and 30% of white)\n"
        "  hint: make one of them lighter or darker, or give one a pattern, which any grey shows: "
        "\"#008000 hatch\" (or dots, or cross)")
    assert greyscale_warnings(lay("- {type: circle, at: [15, 15], radius: 8, fill: red, line: 0}\n"
                                  "- {type: star, at: [36, 15], radius: 9, fill: green hatch, line: 0}\n")) == []


def test_the_docs_tree_icon_is_one_picture_not_two_colours():
    icons = ("icons:\n  tree:\n"
             "    - {type: regular, at: [5, 4], sides: 3, radius: 4, fill: '#3a3', line: 0}\n"
             "    - {type: box, at: [4.3, 6.2], size: [1.4, 3.6], fill: '#863', line: 0.1}\n")
    layout = lay("- {type: icon, at: [20, 20], name: tree, size: 12}\n"
                 "- {type: grid, at: [40, 5], rows: 1, cols: 2, cell: 10, marks: [{cell: [1, 1], icon: tree}]}\n",
                 extra=icons)
    assert greyscale_warnings(layout) == []


def test_grid_rows_that_print_alike_are_flagged_once():
    layout = lay("- {type: grid, at: [2, 2], rows: 3, cols: 2, cell: 9, fills: [{row: 1, color: red}, "
                 "{row: 2, color: green}, {row: 3, color: red}]}\n")
    assert [str(w).split("\n")[0] for w in greyscale_warnings(layout)] == [
        "g.yaml:6:7: sheet.elements[0]: the fill #008000 (here) and #ff0000 (in this element), drawn beside each other, "
        "print as nearly the same grey (29% and 30% of white)"]


# ---------------------------------------------------------------- pattern fills


def drawn(elements: str) -> Page:
    layout = lay(elements)
    page = Page(100, 40)
    for el in layout.sheet.elements:
        GENERIC[el.type].build(el.value, el.place(page.pen()), None)
    return page


@pytest.mark.parametrize("fill,colour,ink", [("hatch", "#ffffff", "#000000"), ("'#e33 cross'", "#ee3333", "#ffffff"),
                                             ("gold dots", "#ffd700", "#000000")])
def test_a_pattern_fill_draws_its_colour_then_its_ink_inside_the_shape(fill, colour, ink):
    from rollwrite.draw.scene import Circle, Line, Rect

    page = drawn(f"- {{type: box, at: [10, 5], size: [30, 20], fill: {fill}}}\n")
    box, *pattern = page.items
    assert isinstance(box, Rect) and box.fill == colour
    assert len(pattern) > 20 and page.patterns == {0: (fill.strip("'").split()[-1], len(pattern))}
    for it in pattern:
        assert (it.color if isinstance(it, Line) else it.fill) == ink
        xs = [it.x1, it.x2] if isinstance(it, Line) else [it.cx]
        ys = [it.y1, it.y2] if isinstance(it, Line) else [it.cy]
        assert all(10 - 1e-9 <= x <= 40 + 1e-9 for x in xs) and all(5 - 1e-9 <= y <= 25 + 1e-9 for y in ys)
        assert isinstance(it, (Line, Circle))


def test_a_pattern_in_a_circle_stays_in_the_circle():
    page = drawn("- {type: circle, at: [50, 20], radius: 10, fill: navy hatch}\n")
    for it in page.items[1:]:
        for x, y in ((it.x1, it.y1), (it.x2, it.y2)):
            assert (x - 50) ** 2 + (y - 20) ** 2 <= 10.01 ** 2


@pytest.mark.parametrize("fill,message", [
    ("hach", "'hach' is not a colour\n  hint: did you mean 'hatch'?"),
    ("hatch red", "'hatch red': the colour comes first, then the pattern\n  hint: write 'red hatch'"),
    ("'#e3 dots'", "'#e3' is not a colour: after '#' come 3 or 6 hexadecimal digits"),
    ("bluish", "'bluish' is not a colour\n  hint: did you mean 'blue'? a fill may also be a pattern, hatch, dots, "
               "cross, or a colour and one ('red hatch')"),
])
def test_fill_mistakes_name_the_patterns(fill, message):
    from rollwrite.errors import InputError

    with pytest.raises(InputError) as info:
        lay(f"- {{type: box, at: [10, 5], size: [30, 20], fill: {fill}}}\n")
    assert str(info.value).split(": ", 2)[-1].startswith(message)


RGB = st.tuples(st.integers(0, 255), st.integers(0, 255), st.integers(0, 255))


def _near_grey(one: tuple[int, int, int], two: tuple[int, int, int], shift: int) -> tuple[int, int, int]:
    """``two`` with its green changed so that its grey is ``one``'s, moved by ``shift`` (0-255)."""
    target = (299 * one[0] + 587 * one[1] + 114 * one[2]) / 1000 + shift
    green = round((target * 1000 - 299 * two[0] - 114 * two[2]) / 587)
    return (two[0], max(0, min(255, green)), two[2])


@settings(max_examples=40, deadline=None)
@given(RGB, st.one_of(RGB.map(lambda t: (t, None)), st.tuples(RGB, st.integers(-30, 30))))
def test_two_fills_side_by_side_are_flagged_just_when_the_render_shows_them_alike(one, other):
    two = other[0] if other[1] is None else _near_grey(one, other[0], other[1])
    first, second = ("#" + "".join(f"{c:02x}" for c in rgb) for rgb in (one, two))
    layout = lay(f"- {{type: box, at: [5, 5], size: [20, 20], fill: '{first}'}}\n"
                 f"- {{type: box, at: [27, 5], size: [20, 20], fill: '{second}'}}\n")
    a, b = grey_at(layout, [(15, 15), (37, 15)])
    assume(abs(abs(a - b) - 0.06 * 255) > 2)  # not on the edge, where rounding decides
    greys = first[1:3] == first[3:5] == first[5:7] and second[1:3] == second[3:5] == second[5:7]
    alike = abs(a - b) < 0.06 * 255 and first != second and not greys
    assert bool(greyscale_warnings(layout)) == alike
