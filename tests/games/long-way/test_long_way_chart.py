"""The Long Way's tile chart data (validation messages), the chart's design, and its sheet elements."""

from __future__ import annotations

from pathlib import Path

import pytest

from rollwrite.draw.scene import Circle, Line, Page, Rect, Text
from rollwrite.errors import InputError
from rollwrite.games import get
from rollwrite.games.long_way import SYMBOL_NAMES
from rollwrite.layoutlang.layout import load_builtin
from rollwrite.layoutlang.loading import load_yaml

GAME = get("long-way")
LAYOUT = load_builtin("long-way")
CHART = LAYOUT.data
DATA_TEXT = (Path(__file__).parents[3] / "layouts" / "long-way.yaml").read_text().split("\ndata:\n", 1)[1]


def load(text: str):
    return GAME.load_data(load_yaml(text, "c.yaml"))


def data_with(old: str, new: str) -> str:
    assert old in DATA_TEXT
    return DATA_TEXT.replace(old, new, 1)


def test_builtin_chart_shape():
    sizes = {light: CHART.tile(light, 1).size for light in range(1, 7)}
    assert sizes == {1: 1, 2: 2, 3: 2, 4: 3, 5: 4, 6: 5}
    assert [d.name for d in CHART.displays] == ["chair", "shelf", "lamp", "bed", "desk", "sofa"]
    # every wall layout of a row has that row's shape, and the dark die 1 column is wall-free
    for light in range(1, 7):
        assert not any(CHART.tile(light, 1).walls)
        assert all(sum(CHART.tile(light, d).walls) > 0 for d in range(2, 7))
        assert len({CHART.tile(light, d).shape for d in range(1, 7)}) == 1
    assert CHART.tile(4, 4).notation() == "NW NS/EW ."
    assert CHART.tile(1, 5).notation() == "NW"


def test_no_two_tiles_alike():
    seen = {(t.shape, t.walls) for t in CHART.all_tiles()}
    assert len(seen) == 36


def test_symbol_names_match_the_drawings():
    from rollwrite.games.long_way.sheet import SYMBOL_NAMES as DRAWN

    assert SYMBOL_NAMES == DRAWN


@pytest.mark.parametrize("old, new, message", [
    ('walls: ["o", "N"', 'walls: ["o", "Q"', "tile light 1, dark 2: 'Q' (row 1, column 1) is not a wall layout"),
    ('walls: ["o o", "N N"', 'walls: ["o o", "N N N"', "tile light 2, dark 2: 'N N N' does not match its row's shape '##'"),
    ('"o o/o .", "N N/o ."', '"o o/o .", "N N/o N"', "tile light 4, dark 2: row 2, column 2 is outside the shape, so it must be '.', not 'N'"),
    ('shape: "##/#."', 'shape: "##/.#."', "the rows of the shape '##/.#.' differ in length"),
    ('shape: "##/#."', 'shape: "#./.#"', "the shape '#./.#' falls apart in pieces"),
    ('{face: 2, name: shelf}', '{face: 2, name: shelve}', "there is no symbol for a display named 'shelve'"),
    ('{face: 2, name: shelf}', '{face: 3, name: shelf}', "expected face 2 here (list the displays in die order), got 3"),
    ('{face: 2, name: shelf}', '{face: 2, name: chair}', "'chair' is already the display of face 1"),
    ("    - light: 2\n", "    - light: 3\n", "expected light 2 here (list the rows in die order), got 3"),
    ('walls: ["o", "N", "E", "NS", "NW", "NES"]', 'walls: ["o", "N", "E", "NS", "NW"]', "light 1: expected 6 wall layouts (dark die 1 to 6), got 5"),
    ('walls: ["o", "N", "E", "NS", "NW", "NES"]', 'walls: ["o", "N", "E", "NS", "NW", "NEE"]', "tile light 1, dark 6: 'NEE' (row 1, column 1) is not a wall layout"),
])
def test_data_messages(old, new, message):
    with pytest.raises(InputError) as info:
        load(data_with(old, new))
    e = info.value
    assert e.message == message
    assert e.file == "c.yaml" and e.line is not None and e.col is not None


def test_data_message_places_and_hints():
    with pytest.raises(InputError) as info:
        load(data_with('{face: 2, name: shelf}', '{face: 2, name: shelve}'))
    assert info.value.hint == "did you mean 'shelf'?"
    with pytest.raises(InputError) as info:
        load(data_with("  displays:", "  dispalys:"))
    assert info.value.message == "unknown key 'dispalys'" and info.value.hint == "did you mean 'displays'?"
    with pytest.raises(InputError) as info:
        GAME.load_data(None)
    assert "has no 'data' section" in info.value.message


def _build(etype: str, yaml_text: str) -> tuple[Page, tuple[float, float]]:
    et = GAME.element_types()[etype]
    value = et.read(load_yaml(yaml_text, "e.yaml"), CHART)
    page = Page(210, 297)
    et.build(value, page.pen(10, 20), None)
    return page, et.size(value)


def test_tile_chart_draws_36_tiles_with_labelled_dice():
    page, (w, h) = _build("long-way.tile-chart", "cell: 4.0")
    assert w <= 190 and h <= 100
    # 12 dice: 6 dark ones (black) across the top, 6 light ones (white) down the side
    dice = [i for i in page.items if isinstance(i, Rect) and i.radius > 0]
    assert len(dice) == 12
    assert sum(1 for d in dice if d.fill == "#000000") == 6
    tops = {round(d.y, 3) for d in dice if d.fill == "#000000"}
    assert len(tops) == 1
    lefts = {round(d.x, 3) for d in dice if d.fill != "#000000"}
    assert lefts == {10.0}
    spaces = [i for i in page.items if isinstance(i, Rect) and i.radius == 0]
    assert len(spaces) == 6 * (1 + 2 + 2 + 3 + 4 + 5)
    walls = [i for i in page.items if isinstance(i, Line)]
    assert len(walls) == sum(bin(w).count("1") for t in CHART.all_tiles() for w in t.walls)
    dots = [i for i in page.items if isinstance(i, Circle) and i.r > 0.2 and i.fill == "#000000"]
    assert len(dots) >= sum(1 for t in CHART.all_tiles() for w in t.walls if not w)
    # everything inside the element's box
    xs = [i.x for i in spaces] + [i.x + i.w for i in spaces]
    ys = [i.y for i in spaces] + [i.y + i.h for i in spaces]
    assert 10 <= min(xs) and max(xs) <= 10 + w + 1e-6 and 20 <= min(ys) and max(ys) <= 20 + h + 1e-6
    assert any(isinstance(i, Text) and "light die" in i.text for i in page.items)


def test_tile_chart_keys_are_checked():
    with pytest.raises(InputError) as info:
        _build("long-way.tile-chart", "cel: 4")
    assert info.value.message == "unknown key 'cel'" and info.value.hint == "did you mean 'cell'?"
    with pytest.raises(InputError):
        _build("long-way.tile-chart", "cell: 40")


def test_displays_legend():
    page, (w, h) = _build("long-way.displays", "columns: 3\nwidth: 30")
    assert (w, h) == (90, 7.0 * 2 + 2.0)
    names = [i.text for i in page.items if isinstance(i, Text)]
    assert names == ["chair", "shelf", "lamp", "bed", "desk", "sofa"]


def test_symbols_stay_in_their_square():
    from rollwrite.games.long_way import sheet as draw

    for fn in [*draw.SYMBOLS.values(), draw.fork, draw.doorway_icon]:
        page = Page(50, 50)
        fn(page.pen(), 25, 25, 10, 0.35)
        assert page.items, fn.__name__
        for it in page.items:
            pts = []
            if isinstance(it, Line):
                pts = [(it.x1, it.y1), (it.x2, it.y2)]
            elif isinstance(it, Rect):
                pts = [(it.x, it.y), (it.x + it.w, it.y + it.h)]
            else:
                pts = list(it.points)
            for x, y in pts:
                assert 20 - 1e-6 <= x <= 30 + 1e-6 and 20 - 1e-6 <= y <= 30 + 1e-6, fn.__name__


def test_icons_are_registered_for_layouts():
    from rollwrite.draw import icons

    GAME.element_types()
    assert {"long-way.chair", "long-way.sofa", "long-way.fork", "long-way.doorway"} <= set(icons.names())


def test_the_printed_sheet_carries_the_chart_and_the_displays():
    from rollwrite.sheet import build_scene
    from rollwrite.layoutlang.layout import check_geometry

    check_geometry(LAYOUT, "a4")
    check_geometry(LAYOUT, "letter")
    scene = build_scene(LAYOUT, sheets=1)
    page = scene.pages[0]
    dice = [i for i in page.items if isinstance(i, Rect) and i.radius > 0]
    assert len(dice) >= 12 + 6  # the chart's dice and the display legend's
    texts = [i.text for i in page.items if isinstance(i, Text)]
    assert {"chair", "shelf", "lamp", "bed", "desk", "sofa"} <= set(texts)
