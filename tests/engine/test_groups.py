"""Groups, repeats, placeholders, rotation: expanded when loading, drawn the same in PDF and SVG."""

from __future__ import annotations

import io
import textwrap
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollwrite.draw.scene import Rect, Text
from rollwrite.errors import InputError
from rollwrite.sheet import build_scene
from rollwrite.layoutlang.compose import letters
from rollwrite.layoutlang.layout import check_geometry, parse_layout

HEAD = "game: my-test\ntitle: T\nsheet:\n  size: [120, 100]\n  elements:\n"


def lay(elements: str):
    return parse_layout(HEAD + textwrap.indent(textwrap.dedent(elements), "    "), "g.yaml")


def err(elements: str) -> str:
    with pytest.raises(InputError) as info:
        check_geometry(lay(elements))
    return str(info.value)


def test_repeat_of_a_group_expands_in_order_with_numbers_and_letters():
    layout = lay("""\
        - type: group
          at: [10, 15]
          repeat: {count: 3, step: [35, 0]}
          elements:
            - {type: box, at: [0, 0], size: [30, 20], label: "Game {i} ({i:A})"}
            - {type: text, at: [15, 15], text: "#{i}"}
        """)
    els = layout.sheet.elements
    assert [e.type for e in els] == ["box", "text"] * 3
    assert [e.at for e in els] == [(10, 15), (25, 30), (45, 15), (60, 30), (80, 15), (95, 30)]
    assert [e.value.label for e in els[::2]] == ["Game 1 (A)", "Game 2 (B)", "Game 3 (C)"]
    assert els[5].value.text == "#3"


def test_repeat_items_and_a_whole_placeholder_keeps_its_type():
    layout = lay("""\
        - type: circles
          at: [0, 10]
          count: "{item.n}"
          repeat: {items: [{n: 2}, {n: 5}], step: [0, 8], start: 0}
        - {type: text, at: [0, 40], text: "{item}: {i}", repeat: {items: [Ones, Twos], step: [0, 6]}}
        """)
    a, b, c, d = layout.sheet.elements
    assert (a.value.count, b.value.count, b.at) == (2, 5, (0, 18))
    assert (c.value.text, d.value.text, d.at) == ("Ones: 1", "Twos: 2", (0, 46))


def test_nested_groups_compose_origin_rotation_and_scale():
    layout = lay("""\
        - type: group
          at: [50, 50]
          rotate: 90
          elements:
            - type: group
              at: [10, 0]
              scale: 0.5
              elements:
                - {type: box, at: [4, 0], size: [10, 6], rotate: 90}
        """)
    (box,) = layout.sheet.elements
    assert box.at == pytest.approx((50, 62)) and box.angle == 180 and box.scale == 0.5
    check_geometry(layout)


def test_rotation_reaches_both_backends():
    layout = lay("""\
        - {type: text, at: [20, 50], text: "up the side", rotate: -90}
        - {type: box, at: [60, 20], size: [20, 10], rotate: 30}
        """)
    scene = build_scene(layout, sheets=1)
    items = [it for it in scene.pages[0].items if isinstance(it, (Text, Rect)) and getattr(it, "angle", 0)]
    assert sorted(round(it.angle) for it in items) == [30, 270]
    from pypdf import PdfReader

    from rollwrite.draw import pdf, svg

    content = PdfReader(io.BytesIO(pdf.render(scene))).pages[0].get_contents().get_data()
    assert b"q\n0 1 -1 0 184.252 432.2835 cm\nBT" in content  # turned a quarter counter-clockwise, about its anchor
    root = ET.fromstring(svg.render(scene)[0])
    turned = [el.get("transform") for el in root.iter() if el.get("transform")]
    assert any(t.startswith("rotate(270 ") for t in turned) and any(t.startswith("rotate(30 ") for t in turned)


def test_player_number_on_each_sheet():
    layout = lay("- {type: text, at: [0, 10], text: 'Player {player} of {players}'}\n")
    scene = build_scene(layout, sheets=3)
    texts = [it.text for p in scene.pages for it in p.items if isinstance(it, Text) and it.text.startswith("Player")]
    assert texts == ["Player 1 of 3", "Player 2 of 3", "Player 3 of 3"]


def test_a_rotated_element_that_leaves_the_sheet_is_refused_where_it_is_written():
    check_geometry(lay("- {type: box, at: [110, 10], size: [20, 5], rotate: 90}\n"))  # turned down: inside
    assert err("- {type: box, at: [115, 10], size: [20, 5], rotate: -90}\n") == (
        "g.yaml:6:7: sheet.elements[0]: this box reaches from (115.0, -10.0) to (120.0, 10.0) mm, outside the "
        "120 x 100 mm sheet\n  hint: move it with 'at' or make it smaller"
    )


def test_pinned_messages_for_repeat_and_placeholder_mistakes():
    assert err("- {type: text, at: [0, 5], text: 'Row {i}'}\n") == (
        "g.yaml:6:44: sheet.elements[0].text: '{i}' is filled by a repeat, and this element is not inside one\n"
        "  hint: add 'repeat: {count: N, step: [dx, dy]}' to it or to a group around it"
    )
    assert err("- {type: text, at: [0, 5], text: 'Player {playr}'}\n") == (
        "g.yaml:6:47: sheet.elements[0].text: unknown placeholder '{playr}'\n  hint: did you mean 'player'?"
    )
    assert err("- {type: text, at: [0, 5], text: x, repeat: {count: 3}}\n") == (
        "g.yaml:6:49: sheet.elements[0].repeat: 'step' is missing: how far each copy moves from the one before, "
        "[dx, dy] in mm\n  hint: e.g. step: [0, 8] for a column, step: [12, 0] for a row"
    )
    assert err("- {type: text, at: [0, 5], text: x, repeat: 3}\n") == (
        "g.yaml:6:49: sheet.elements[0].repeat: expected the repeat as a mapping, e.g. repeat: {count: 5, step: [0, 8]}"
    )
    assert err("- {type: text, at: [0, 5], text: x, repeat: {step: [0, 5]}}\n") == (
        "g.yaml:6:49: sheet.elements[0].repeat: a repeat needs 'count' (how many copies), 'items' (one copy each) "
        "or 'to' (the last number)\n  hint: e.g. repeat: {count: 5, step: [0, 8]} or repeat: {from: 12, to: 2, step: [0, 8]}"
    )
    assert err("- {type: text, at: [0, 5], text: x, repeat: {count: 501, step: [0, 0]}}\n") == (
        "g.yaml:6:57: sheet.elements[0].repeat.count: expected a positive whole number of at most 500, got 501"
    )
    assert err("""\
        - type: group
          repeat: {count: 2, step: [0, 10]}
          elements:
            - {type: text, at: [0, 5], text: "{i}", repeat: {count: 2, step: [5, 0]}}
        """) == (
        "g.yaml:9:57: sheet.elements[0].elements[0].repeat: this repeat is inside another repeat that already "
        "numbers its copies '{i}'\n  hint: give the inner one its own name, e.g. var: j"
    )
    assert err("- {type: group, at: [0, 0]}\n") == (
        "g.yaml:6:7: sheet.elements[0]: 'elements' is missing\n  hint: add 'elements:' to sheet.elements[0]"
    )
    assert err("- {type: gruop, at: [0, 0]}\n").startswith(
        "g.yaml:6:14: sheet.elements[0].type: unknown element type 'gruop'\n  hint: did you mean 'group'?"
    )
    assert err("- {type: group, scale: 0, elements: []}\n") == (
        "g.yaml:6:28: sheet.elements[0].scale: expected a positive number of at least 0.1, got 0"
    )


def test_nested_repeats_with_their_own_names():
    layout = lay("""\
        - type: group
          repeat: {count: 2, step: [0, 10], var: r}
          elements:
            - {type: text, at: [0, 5], text: "{r}{c:A}", repeat: {count: 3, step: [5, 0], var: c}}
        """)
    assert [e.value.text for e in layout.sheet.elements] == ["1A", "1B", "1C", "2A", "2B", "2C"]


@settings(max_examples=50, deadline=None)
@given(st.integers(min_value=1, max_value=20000))
def test_letters_count_like_spreadsheet_columns(n):
    s = letters(n)
    back = 0
    for ch in s:
        back = back * 26 + (ord(ch) - 64)
    assert back == n and s.isalpha() and s.isupper()
