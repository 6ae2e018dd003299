"""Expressions in placeholders, counted repeats, layout vars and conditions (docs/layout.md)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strength import examples

from rollwrite.errors import InputError
from rollwrite.layoutlang.expr import MAX_CHARS, MAX_DEPTH, ExprError, evaluate, parse
from rollwrite.layoutlang.layout import check_geometry, load_layout, parse_layout

HEAD = "game: my-test\ntitle: T\n{vars}sheet:\n  size: [150, 120]\n  elements:\n"


def lay(elements: str, vars: str = ""):
    text = HEAD.format(vars=vars) + textwrap.indent(textwrap.dedent(elements), "    ")
    return parse_layout(text, "x.yaml")


def err(elements: str, vars: str = "") -> str:
    with pytest.raises(InputError) as info:
        check_geometry(lay(elements, vars))
    return str(info.value)


def texts(layout) -> list[str]:
    return [e.value.text for e in layout.sheet.elements if e.type == "text"]


# ---------------------------------------------------------------- the expressions themselves


@pytest.mark.parametrize("text,names,value", [
    ("12-i", {"i": 3}, 9),
    ("(i+1)*2", {"i": 4}, 10),
    ("n-1", {"n": 5}, 4),
    ("7 // 2", {}, 3),
    ("-7 // 2", {}, -4),
    ("7 % 3", {}, 1),
    ("9 / 3", {}, 3),
    ("7 / 2", {}, 3.5),
    ("min(3, i, 9)", {"i": 1}, 1),
    ("max(2.5, 1)", {}, 2.5),
    ("abs(-4)", {}, 4),
    ("i % 2 == 0 and i > 2", {"i": 4}, True),
    ("not i < 2 or false", {"i": 1}, False),
    ("if(i > 1, 'many', 'one')", {"i": 1}, "one"),
    ("item.name + '!'", {"item.name": "Bonus"}, "Bonus!"),
    ("item != 'Bonus'", {"item": "Ones"}, True),
    ("2 + 3 * 4 - 1", {}, 13),
])
def test_values(text, names, value):
    got = evaluate(text, names)
    assert got == value and type(got) is type(value)


@pytest.mark.parametrize("text,message,offset", [
    ("i*", "the expression ends too soon", 2),
    ("(i+1", "expected ')' here", 4),
    ("n/0", "division by zero", 1),
    ("n+'a'", "'+' needs numbers, got the text 'a'", 1),
    ("i > 'a'", "cannot order a number and the text 'a'", 2),
    ("i and true", "expected a condition (true or false), got a number", 2),
    ("sqrt(4)", "unknown function 'sqrt'", 0),
    ("i $ 2", "unexpected character '$'", 2),
    ("1 2", "unexpected '2' after the expression", 2),
    ("abs(1, 2)", "abs() takes one number", 0),
    ("", "the expression is empty", 0),
    ("999999 * 999999 * 9", "the number is larger than 1,000,000,000,000", 16),
])
def test_mistakes_name_the_character(text, message, offset):
    with pytest.raises(ExprError) as info:
        evaluate(text, {"i": 2, "n": 4})
    assert (info.value.message, info.value.offset) == (message, offset)


def test_size_and_nesting_are_bounded():
    with pytest.raises(ExprError, match=f"at most {MAX_CHARS} characters"):
        parse("1+" * 150 + "1")
    with pytest.raises(ExprError, match=f"nests more than {MAX_DEPTH} deep"):
        parse("(" * 40 + "1" + ")" * 40)
    with pytest.raises(ExprError, match="nests more than"):
        parse("-" * 60 + "1")
    assert evaluate("1+" * 99 + "1", {}) == 100


_ATOMS = st.one_of(st.integers(-50, 50).map(str), st.sampled_from(["i", "n", "(i+n)", "min(i, n)", "abs(i)"]))


@st.composite
def _expressions(draw, depth=3):
    if depth == 0 or draw(st.booleans()):
        return draw(_ATOMS)
    op = draw(st.sampled_from(["+", "-", "*", "//", "%"]))
    return f"({draw(_expressions(depth - 1))} {op} {draw(_expressions(depth - 1))})"


@given(_expressions(), st.integers(-20, 20), st.integers(-20, 20))
@settings(max_examples=examples(300), deadline=None)
def test_whole_number_arithmetic_agrees_with_python(text, i, n):
    """The reference is Python's own arithmetic on the same text (only in the test)."""
    try:
        want = eval(text, {"__builtins__": {}, "min": min, "abs": abs}, {"i": i, "n": n})  # noqa: S307
    except ZeroDivisionError:
        with pytest.raises(ExprError, match="division by zero"):
            evaluate(text, {"i": i, "n": n})
        return
    assert evaluate(text, {"i": i, "n": n}) == want


@given(st.text(max_size=60))
@settings(max_examples=300, deadline=None)
def test_any_text_gives_a_value_or_an_expression_error(text):
    try:
        evaluate(text, {"i": 1})
    except ExprError as e:
        assert 0 <= e.offset <= max(len(text), MAX_CHARS)


# ---------------------------------------------------------------- in layouts


def test_a_whole_placeholder_alone_is_text_where_text_is_wanted_and_braces_are_written_doubled():
    layout = lay("""\
        - {type: text, at: [2, 8], text: "{n}"}
        - {type: text, at: [2, 16], text: "{i*2}", repeat: {count: 3, step: [10, 0]}}
        - {type: text, at: [2, 24], text: "{{literal}} {n-1}"}
        - {type: text, at: [2, 32], text: "Player {player} of {players}"}
        """, vars="vars: {n: 5}\n")
    assert texts(layout) == ["5", "2", "4", "6", "{literal} 4", "Player {player} of {players}"]


def test_repeats_count_down_and_by_steps_and_numbers_place_elements():
    layout = lay("""\
        - {type: text, at: ["{(12 - i) * 8 + 2}", 8], text: "{i}", repeat: {from: 12, to: 2, by: -2, step: [0, 0]}}
        - {type: text, at: [2, 20], text: "{i}", repeat: {from: 3, to: 1, step: [6, 0]}}
        - {type: text, at: [2, 30], text: "{i}", repeat: {count: 3, from: 10, by: 5, step: [10, 0]}}
        """)
    got = [(e.value.text, e.at) for e in layout.sheet.elements]
    assert got[:6] == [(str(n), ((12 - n) * 8 + 2.0, 8.0)) for n in (12, 10, 8, 6, 4, 2)]
    assert [t for t, _ in got[6:]] == ["3", "2", "1", "10", "15", "20"]


def test_items_can_come_from_an_item_and_vars_reach_every_element():
    layout = lay("""\
        - type: group
          at: [2, 10]
          repeat: {items: "{rows}", step: [0, 10]}
          elements:
            - {type: text, at: [0, 0], text: "{item.name}"}
            - {type: text, at: [20, 0], text: "{j}:{item}", repeat: {items: "{item.cells}", step: ["{cell}", 0], var: j}}
        """, vars="vars:\n  cell: 9\n  rows: [{name: A, cells: [x, y]}, {name: B, cells: [z]}]\n")
    got = [(e.value.text, e.at) for e in layout.sheet.elements]
    assert got == [("A", (2.0, 10.0)), ("1:x", (22.0, 10.0)), ("2:y", (31.0, 10.0)),
                   ("B", (2.0, 20.0)), ("1:z", (22.0, 20.0))]


def test_vars_build_on_the_ones_above_and_size_the_sheet():
    layout = parse_layout("game: my-test\ntitle: T\nvars: {n: 4, cell: 10, width: '{n * cell + 20}'}\n"
                          "sheet:\n  size: ['{width}', 80]\n  elements:\n"
                          "    - {type: grid, at: [10, 10], rows: '{n}', cols: '{n}', cell: '{cell}'}\n", "x.yaml")
    assert layout.sheet.width == 60
    assert (layout.sheet.elements[0].value.rows, layout.sheet.elements[0].value.cw) == (4, 10.0)


def test_when_keeps_an_element_or_group_only_where_it_is_true():
    layout = lay("""\
        - {type: text, at: [2, 8], text: "{i}", when: "i % 2 == 1", repeat: {count: 5, step: [8, 0]}}
        - type: group
          when: "{show}"
          elements: [{type: text, at: [2, 20], text: shown}]
        - {type: text, at: [2, 30], text: hidden, when: false}
        - type: group
          at: [2, 40]
          repeat: {count: 3, step: [0, 8]}
          when: i != 2
          elements: [{type: text, at: [0, 0], text: "row {i}"}]
        """, vars="vars: {show: true}\n")
    assert texts(layout) == ["1", "3", "5", "shown", "row 1", "row 3"]


def test_pinned_messages_with_the_column_inside_the_expression():
    assert err("- {type: text, at: [0, 5], text: 'Row {i*}'}\n") == (
        "x.yaml:6:46: sheet.elements[0].text: in '{i*}': the expression ends too soon")
    assert err("- {type: text, at: [0, 5], text: '{n-1}'}\n") == (
        "x.yaml:6:40: sheet.elements[0].text: unknown name 'n' in '{n-1}'\n  hint: no names are known here (a "
        "repeat's number and item are known inside it, the layout's vars everywhere)")
    assert err("- {type: text, at: [0, 5], text: '{cels}'}\n", vars="vars: {cells: 3}\n") == (
        "x.yaml:7:40: sheet.elements[0].text: unknown placeholder '{cels}'\n  hint: did you mean 'cells'?")
    assert err("- {type: text, at: [0, 5], text: 'No {player+1}'}\n") == (
        "x.yaml:6:43: sheet.elements[0].text: '{player+1}': {player} is filled when printing and cannot be "
        "computed with\n  hint: write {player} on its own")
    assert err("- {type: text, at: [0, 5], text: 'a { b'}\n") == (
        "x.yaml:6:41: sheet.elements[0].text: a '{' with no '}' after it\n"
        "  hint: close the placeholder, or write {{ for a brace")
    assert err("- {type: text, at: [0, 5], text: x, when: 'i > 2'}\n") == (
        "x.yaml:6:48: sheet.elements[0].when: '{i > 2}' is filled by a repeat, and this element is not inside one\n"
        "  hint: add 'repeat: {count: N, step: [dx, dy]}' to it or to a group around it")
    assert err("- {type: text, at: [0, 5], text: x, when: 'n + 1'}\n", vars="vars: {n: 1}\n") == (
        "x.yaml:7:48: sheet.elements[0].when: expected a condition (true or false), got '2'\n"
        "  hint: compare it: i > 2, i % 2 == 0, item != 'Bonus'")
    assert err("- {type: text, at: [0, 5], text: x, repeat: {from: 1, to: 5, by: -1, step: [0, 5]}}\n") == (
        "x.yaml:6:63: sheet.elements[0].repeat.to: counting from 1 by -1 never reaches 5\n  hint: use by: 1")
    assert err("- {type: text, at: [0, 5], text: x, repeat: {to: 900, step: [0, 0]}}\n") == (
        "x.yaml:6:54: sheet.elements[0].repeat.to: from 1 to 900 by 1 is 900 copies; at most 500")
    assert err("- {type: text, at: [0, 5], text: x}\n", vars="vars: {item: 3}\n") == (
        "x.yaml:3:8: vars.item: 'item' is a name of its own in expressions; pick another\n  hint: e.g. my_item")


def test_a_file_on_disk_gives_the_exact_column_of_a_plain_value(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("p.yaml").write_text("game: my-test\ntitle: T\nsheet:\n  size: [150, 120]\n  elements:\n"
                              "    - type: text\n      at: [0, 5]\n      text: Row {i*}\n")
    with pytest.raises(InputError) as info:
        load_layout("p.yaml")
    assert str(info.value) == "p.yaml:8:20: sheet.elements[0].text: in '{i*}': the expression ends too soon"


def test_nested_repeats_that_when_leaves_empty_are_still_bounded():
    message = err("""\
        - type: group
          repeat: {count: 500, step: [0, 0]}
          elements:
            - {type: text, at: [1, 5], text: x, when: false, repeat: {count: 500, step: [0, 0], var: j}}
        """)
    assert "a layout may expand to" in message or "make more than 50,000 copies" in message


@given(st.text(alphabet="{}()+-*/%<>=!,.' abcij0123456789", max_size=40))
@settings(max_examples=300, deadline=None)
def test_any_text_value_is_filled_or_refused_with_a_place(text):
    from rollwrite.layoutlang.placeholders import fill_scalar
    from rollwrite.layoutlang.nodes import Scalar

    node = Scalar("t.yaml", 3, 9, "x.text", text)
    try:
        out = fill_scalar(node, {"i": 2, "a": "A"})
    except InputError as e:
        assert e.file == "t.yaml" and e.line == 3 and 9 <= e.col <= 9 + len(text) + 1
    else:
        assert isinstance(out, Scalar)


def test_an_include_may_be_repeated_and_kept_by_a_condition(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("row.yaml").write_text("- {type: text, at: [0, 5], text: 'row {i}'}\n")
    Path("l.yaml").write_text("game: my-test\ntitle: T\nvars: {bonus: false}\nsheet:\n  size: [100, 80]\n  elements:\n"
                              "    - {include: row.yaml, at: [2, 0], repeat: {count: 3, step: [0, 8]}, when: 'i != 2'}\n"
                              "    - {include: row.yaml, at: [50, 0], when: '{bonus}'}\n")
    assert texts(load_layout("l.yaml")) == ["row 1", "row 3"]


def test_an_inner_repeats_item_hides_the_outer_ones_whole_and_the_message_says_how_to_name_it():
    assert err("""\
        - type: group
          repeat: {items: [{name: A, cells: [{n: 1}]}], step: [0, 0]}
          elements:
            - {type: text, at: [1, 5], text: "{item.name}", repeat: {items: "{item.cells}", step: [0, 0], var: j}}
        """) == (
        "x.yaml:9:44: sheet.elements[0].elements[0].text: '{item.name}': this repeat's items have no 'name', and "
        "the outer repeat's item, which has, is hidden by this repeat's own item\n"
        "  hint: name the outer item: add 'as: row' to the outer repeat (repeat: {items: ..., as: row}) and "
        "write '{row.name}'")
