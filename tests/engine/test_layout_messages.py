"""Pinned messages for the common mistakes with every key the layout language added."""

from __future__ import annotations

import textwrap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollwrite.errors import InputError
from rollwrite.layoutlang.layout import check_geometry, parse_layout

HEAD = "game: my-test\ntitle: T\nsheet:\n  size: [150, 120]\n  elements:\n"


def err(element: str) -> str:
    with pytest.raises(InputError) as info:
        check_geometry(parse_layout(HEAD + "    " + element + "\n", "m.yaml"))
    return str(info.value).split("\n")[0].split(": ", 2)[-1] + (
        " | " + str(info.value).split("hint: ")[1] if "hint: " in str(info.value) else "")


@pytest.mark.parametrize("element,message", [
    ("- {type: text, at: [0, 5], text: x, rotate: ninety}", "expected a number, got 'ninety'"),
    ("- {type: group, rotate: 2deg, elements: []}", "unknown unit 'deg' in '2deg' | use mm, cm, in or pt (a number without a unit is a plain number)"),
    ("- {type: group, scale: 50%, elements: []}", "expected a positive number, got '50%' | write it as a plain number: 0.5"),
    ("- {type: group, scale: 1e-1, elements: []}", "expected a positive number, got the text '1e-1' | YAML needs a point before the exponent: write 1.0e-1 or 0.1"),
    ("- {type: text, at: [0, 5], text: x, rotat: 5}", "unknown key 'rotat' | did you mean 'rotate'?"),
    ("- {type: text, at: [0, 5], text: x, id: [a]}", "expected an id: a word or a number that names this element for 'extends'"),
    ("- {type: text, at: [0, 5], text: x, remove: true}", "unknown key 'remove' | known keys here: anchor, at, color, fit, font, id, in, overlaps, repeat, rotate, size, text, type, when"),
    ("- {type: text, at: [0, 5], text: x, repeat: {count: 2, items: [a, b], step: [0, 5]}}", "give one of 'count', 'items' and 'to': each says how many copies there are"),
    ("- {type: text, at: [0, 5], text: x, repeat: {count: 2, step: [0, 5], var: Row}}", "'Row' is not in the expected form"),
    ("- {type: text, at: [0, 5], text: x, repeat: {count: 2, step: [0, 5], var: player}}", "'player' is a placeholder of its own; pick another name | e.g. var: j"),
    ("- {type: text, at: [0, 5], text: x, repeat: {count: 2, step: 5}}", "expected a pair of numbers [x, y] in mm, got 5"),
    ("- {type: text, at: [0, 5], text: x, repeat: {cuont: 2, step: [0, 5]}}", "a repeat needs 'count' (how many copies), 'items' (one copy each) or 'to' (the last number) | e.g. repeat: {count: 5, step: [0, 8]} or repeat: {from: 12, to: 2, step: [0, 8]}"),
    ("- {type: text, at: [0, 5], text: '{item.name}', repeat: {items: [{nam: a}], step: [0, 5]}}", "'{item.name}': the repeat's items have no 'name' | did you mean 'nam'?"),
    ("- {type: table, at: [0, 0], columns: [30, 10], rows: [a], align: [start]}", "expected one alignment per column (2), or one for all | e.g. align: [start, middle]"),
    ("- {type: table, at: [0, 0], columns: [30, 10], rows: [{label: a, shade: greyish}]}", "'greyish' is not a colour | did you mean 'grey'?"),
    ("- {type: text, at: [0, 5], text: x, color: reed}", "'reed' is not a colour | did you mean 'red'?"),
    ("- {type: text, at: [0, 5], text: x, color: '#12'}", "'#12' is not a colour: after '#' come 3 or 6 hexadecimal digits | write a CSS colour name (red, steelblue, darkgreen), #rgb or #rrggbb"),
    ("- {type: text, at: [0, 5], text: x, color: 12}", "expected a colour, got 12 | write a CSS colour name (red, steelblue, darkgreen), #rgb or #rrggbb"),
    ("- {type: text, at: [0, 5], text: x, color: rouge}", "'rouge' is not a colour | write a CSS colour name (red, steelblue, darkgreen), #rgb or #rrggbb"),
    ("- {type: grid, at: [5, 5], rows: 2, cols: 2, cell: 5, fills: [{row: 3, color: red}]}", "row 3 is outside the 2 rows here (they count from 1)"),
    ("- {type: grid, at: [5, 5], rows: 2, cols: 2, cell: 5, fills: [{row: 1, col: 1, color: red}]}", "a fill colours one of: 'cell' [row, col], 'cells' (a list of them), a 'row' or a 'col'; this one gives row and col"),
    ("- {type: table, at: [0, 0], columns: [30, 10], rows: [[a, {text: b, span: 2}]]}", "this row reaches past the table's 2 columns | add a width to 'columns', or make a cell's span smaller"),
    ("- {type: table, at: [0, 0], columns: [30, 10], header: Score, rows: [a]}", "expected the header as a list of column titles, e.g. ['', 'Game 1', 'Game 2']"),
    ("- {type: table, at: [0, 0], columns: [30, 10], rows: [[a, [b]]]}", "expected the text of a cell, got a list or mapping | a row is a list of cell texts, e.g. [Ones, 'count the 1s']"),
    ("- {type: table, at: [0, 0], columns: [30, 10], rows: [{label: a, cells: b}]}", "expected a list of cell texts, e.g. cells: ['', '+35']"),
    ("- {type: grid, at: [5, 5], rows: 2, cols: 2, cell: 5, lines: dotted}", "expected one of solid, faint, none, got 'dotted'"),
    ("- {type: grid, at: [5, 5], rows: 2, cols: 2, cell: 5, labels: yes please}", "expected true, false or the labels of each side | e.g. labels: {top: letters, left: numbers} or labels: true"),
    ("- {type: grid, at: [5, 5], rows: 2, cols: 2, cell: 5, labels: {place: lines}}", "these labels name no side | e.g. labels: {top: letters, left: numbers}"),
    ("- {type: polygon, at: [5, 5], points: [0, 0, 5, 5, 0, 5]}", "expected a pair of numbers [x, y] in mm, got 0"),
    ("- {type: polygon, at: [5, 5], points: 3}", "expected a list of points [x, y], e.g. [[0, 0], [10, 0], [5, 8]]"),
    ("- {type: path, at: [5, 5], points: [[0, 0], [5, 5]], join: sharp}", "expected one of miter, round, bevel, got 'sharp'"),
    ("- {type: arrow, at: [5, 5], to: [5, 5], length: 5}", "'length' goes with 'direction'; with 'to' the tip says it"),
    ("- {type: arrow, at: [5, 5], direction: upp, length: 5}", "expected up, down, left, right or an angle in degrees, got 'upp' | did you mean 'up'?"),
    ("- {type: arrow, at: [5, 5], to: [0.1, 0]}", "this arrow is shorter than 0.5 mm | move its tip further from 'at'"),
    ("- {type: arrow, at: [5, 5], to: [5, 0], ends: tip}", "expected one of end, start, both, got 'tip'"),
    ("- {type: text, at: [5mm, 0.5in], text: x, size: 12px}", "unknown unit 'px' in '12px' | use mm, cm, in or pt (a number without a unit is in pt)"),
    ("- {include: [a.yaml]}", "expected text, got a list"),
    ("- {include: nowhere.yaml}", "there is no file 'nowhere.yaml' | the path is taken from the folder of the file that names it"),
])
def test_pinned(element, message):
    assert err(element) == message


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 12), st.floats(-5, 5, allow_nan=False), st.floats(-5, 5, allow_nan=False),
       st.integers(0, 3))
def test_a_repeat_puts_copy_k_at_at_plus_k_steps(count, dx, dy, turns):
    layout = parse_layout(HEAD + textwrap.indent(textwrap.dedent(f"""\
        - type: group
          at: [75, 60]
          rotate: {90 * turns}
          elements:
            - {{type: box, at: [1, 2], size: [1, 1], repeat: {{count: {count}, step: [{dx:.6f}, {dy:.6f}]}}}}
        """), "    "), "p.yaml")
    els = layout.sheet.elements
    assert len(els) == count
    dx, dy = float(f"{dx:.6f}"), float(f"{dy:.6f}")  # as written in the layout
    for k, el in enumerate(els):
        x, y = 1 + k * dx, 2 + k * dy
        for _ in range(turns):
            x, y = -y, x  # a quarter turn clockwise, y pointing down
        assert el.at == pytest.approx((75 + x, 60 + y), abs=1e-9)
        assert el.angle == (90 * turns) % 360


def test_check_layout_names_a_typo_of_a_missing_key(cli, tmp_path):
    path = tmp_path / "typo.yaml"
    path.write_text("game: my-game\ntitle: T\nsheet:\n  size: [100, 60]\n  elements:\n"
                    "    - {type: grid, at: [5, 5], rows: 3, colums: 4, cell: 10}\n")
    r = cli("check-layout", str(path))
    assert r.exit_code == 2
    assert f"{path}:6:41: sheet.elements[0]: 'cols' is missing; did you mean 'colums' -> 'cols'?" in r.output
