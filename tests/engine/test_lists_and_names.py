"""Lists in expressions, outer repeat items reached by name (``as``), vars in any order (docs/layout.md)."""

from __future__ import annotations

import textwrap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollwrite.errors import InputError
from rollwrite.layoutlang.expr import MAX_INT, MAX_LIST, ExprError, evaluate
from rollwrite.layoutlang.layout import check_geometry, parse_layout

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


# ---------------------------------------------------------------- the expressions


@pytest.mark.parametrize("text,names,value", [
    ("item[0]", {"item": (4, 5, 6)}, 4),
    ("item[-1]", {"item": (4, 5, 6)}, 6),
    ("item[i - 1] * 2", {"item": (4, 5, 6), "i": 2}, 10),
    ("len(item)", {"item": (4, 5, 6)}, 3),
    ("len('abc')", {}, 3),
    ("'abc'[1]", {}, "b"),
    ("range(3)", {}, (1, 2, 3)),
    ("range(2, 8, 3)", {}, (2, 5, 8)),
    ("range(5, 2)", {}, (5, 4, 3, 2)),
    ("range(2, 5, -1)", {}, ()),
    ("[i, i * 2, 'x']", {"i": 3}, (3, 6, "x")),
    ("[]", {}, ()),
    ("[1, 2] + [3]", {}, (1, 2, 3)),
    ("[[1, 2], [3]][0][1]", {}, 2),
    ("len(range(1, 12))", {}, 12),
    ("max([3, 9, 2])", {}, 9),
    ("min(range(4, 9))", {}, 4),
    ("i in [2, 5]", {"i": 5}, True),
    ("i in range(1, 4)", {"i": 5}, False),
    ("'b' in 'abc'", {}, True),
    ("row.name", {"row": {"name": "Red"}}, "Red"),
    ("rows[1].name", {"rows": ({"name": "A"}, {"name": "B"})}, "B"),
])
def test_list_values(text, names, value):
    got = evaluate(text, names)
    assert got == value and type(got) is type(value)


@pytest.mark.parametrize("text,names,message,offset", [
    ("item[3]", {"item": (1, 2, 3)}, "index 3 is past the end of a list of 3 (indexes 0 to 2, or -1 for the last)", 4),
    ("item[0]", {"item": ()}, "index 0 is past the end of a list of 0 (it is empty)", 4),
    ("item[0.5]", {"item": (1,)}, "a list is indexed by a whole number, got a number", 4),
    ("item['a']", {"item": (1,)}, "a list is indexed by a whole number, got the text 'a'", 4),
    ("n[0]", {"n": 3}, "only a list or a text has entries to pick by number; this is a number", 1),
    ("len(3)", {}, "len() counts a list or a text, got a number", 0),
    ("range(1, 2000)", {}, f"range() would make 2,000 entries; a list has at most {MAX_LIST:,}", 0),
    ("range(1, 10 * 1000 * 1000 * 1000)", {}, f"range() would make 10,000,000,000 entries; a list has at most {MAX_LIST:,}", 0),
    ("range(1, 2, 0)", {}, "range() cannot count by 0", 0),
    ("range(1.5)", {}, "range() counts in whole numbers", 0),
    ("range(1, 2, 3, 4)", {}, "range(from, to) or range(from, to, by) takes at most 3 numbers", 0),
    ("[1] == [1]", {}, "cannot compare a list of 1 with a list of 1", 4),
    ("[1] + 2", {}, "'+' needs numbers, got a list of 1", 4),
    ("3 in 4", {}, "'in' needs a list or a text on its right, got a number", 2),
    ("range(600) + range(600)", {}, f"the list would have more than {MAX_LIST:,} entries", 11),
    ("row.colour", {"row": {"name": "A"}}, "unknown name 'row.colour'", 0),
    ("[1, 2", {}, "expected ']' here", 5),
    ("x.", {"x": {}}, "expected a key after '.'", 2),
])
def test_list_mistakes(text, names, message, offset):
    with pytest.raises(ExprError) as info:
        evaluate(text, names)
    assert (info.value.message, info.value.offset) == (message, offset)


def test_a_list_literal_counts_against_the_nesting_limit():
    with pytest.raises(ExprError, match="nests more than 24 deep"):
        evaluate("[" * 30 + "]" * 30, {})


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-MAX_INT, MAX_INT), max_size=6), st.integers(-8, 8))
def test_indexing_agrees_with_python(entries, k):
    seq = tuple(entries)
    if -len(seq) <= k < len(seq):
        assert evaluate(f"xs[{k}]", {"xs": seq}) == seq[k]
    else:
        with pytest.raises(ExprError, match="past the end"):
            evaluate(f"xs[{k}]", {"xs": seq})
    assert evaluate("len(xs)", {"xs": seq}) == len(seq)


# ---------------------------------------------------------------- in layouts


def test_lists_index_and_build_in_a_layout():
    layout = lay("""\
        - {type: text, at: [0, 10], text: "{item[0]}-{item[1]}", repeat: {items: [[1, 2], [3, 4]], step: [0, 8]}}
        - {type: text, at: [40, 10], text: "{item}", repeat: {items: "{range(3, 1)}", step: [0, 8]}}
        - {type: text, at: [60, 10], text: "{len(sums)} {sums[-1]}", when: "2 in sums"}
        - {type: text, at: [90, 10], text: "{item}", repeat: {items: "{[n, n * 2]}", step: [0, 8]}}
        """, vars="vars: {n: 4, sums: [2, 5, 9]}\n")
    assert texts(layout) == ["1-2", "3-4", "3", "2", "1", "3 9", "4", "8"]


def test_a_list_in_a_text_is_refused_at_its_place():
    assert err('- {type: text, at: [0, 5], text: "all: {range(3)}"}\n') == (
        "x.yaml:6:45: sheet.elements[0].text: '{range(3)}' is a list or mapping, which cannot be written in a text\n"
        "  hint: use it alone as the whole value, e.g. items: \"{item.cells}\"")


QWIXX_FIRST_LANGUAGE = """\
- type: group
  at: [5, 5]
  repeat: {items: [{c: "#d33", nums: [2, 3, 4]}, {c: "#2a2", nums: [12, 11, 10]}], step: [0, 12]}
  elements:
    - {type: box, at: ["{j * 12}", 0], size: [10, 10], fill: "{item.c}", repeat: {items: "{item.nums}", var: j, step: [0, 0]}}
    - {type: text, at: ["{j * 12 + 5}", 7], text: "{item}", anchor: middle, overlaps: true, repeat: {items: "{item.nums}", var: j, step: [0, 0]}}
"""


def test_the_first_languages_qwixx_form_still_reads_the_outer_item_through_plain_inner_items():
    layout = lay(QWIXX_FIRST_LANGUAGE)
    check_geometry(layout)
    boxes = [e for e in layout.sheet.elements if e.type == "box"]
    assert [b.value.fill for b in boxes] == ["#dd3333"] * 3 + ["#22aa22"] * 3
    assert texts(layout) == ["2", "3", "4", "12", "11", "10"]


def test_as_names_an_outer_item_for_the_repeats_inside():
    layout = lay("""\
        - type: group
          repeat: {items: [{name: Red, cells: [{n: 1}, {n: 2}]}, {name: Blue, cells: [{n: 3}]}], as: row, step: [0, 10]}
          elements:
            - {type: text, at: ["{j * 20}", 5], text: "{row.name} {item.n} {row['name']}", repeat: {items: "{row.cells}", var: j, step: [0, 0]}}
            - {type: text, at: [80, 5], text: "{len(row.cells)} {row.cells[0].n}"}
        """)
    assert texts(layout) == ["Red 1 Red", "Red 2 Red", "2 1", "Blue 3 Blue", "1 3"]


@pytest.mark.parametrize("repeat,message", [
    ("{count: 3, as: row, step: [0, 0]}",
     "x.yaml:7:64: sheet.elements[0].repeat.as: 'as' names a repeat's item, and this repeat has no 'items'\n"
     "  hint: its number is named with 'var'"),
    ("{items: [1], as: len, step: [0, 0]}",
     "x.yaml:7:66: sheet.elements[0].repeat.as: 'len' is a name of its own in expressions; pick another\n"
     "  hint: e.g. as: row"),
    ("{items: [1], as: n, step: [0, 0]}",
     "x.yaml:7:66: sheet.elements[0].repeat.as: 'n' is one of the layout's vars; name the repeat's item another way\n"
     "  hint: e.g. as: n_item"),
    ("{items: [1], as: Row, step: [0, 0]}",
     None),
])
def test_as_mistakes(repeat, message):
    got = err(f'- {{type: text, at: [0, 5], text: x, repeat: {repeat}}}\n', vars="vars: {n: 2}\n")
    if message is None:
        assert "repeat.as:" in got and "Row" in got
    else:
        assert got == message


def test_an_as_name_used_twice_is_refused():
    assert err("""\
        - type: group
          repeat: {items: [[1]], as: row, step: [0, 0]}
          elements:
            - {type: text, at: [0, 5], text: x, repeat: {items: "{row}", as: row, step: [0, 0], var: j}}
        """) == ("x.yaml:9:74: sheet.elements[0].elements[0].repeat.as: 'row' is already a name here (a repeat "
                 "around this one, or its 'var')\n  hint: give each repeat's item its own name")


def test_a_missing_key_of_a_named_item_names_its_keys():
    assert err("""\
        - {type: text, at: [0, 5], text: "{row.nme}", repeat: {items: [{name: A}], as: row, step: [0, 0]}}
        """) == ("x.yaml:6:40: sheet.elements[0].text: '{row.nme}': 'row' has no key 'nme'\n"
                 "  hint: did you mean 'name'?")


# ---------------------------------------------------------------- vars in any order


def test_vars_are_worked_out_in_the_order_they_need():
    layout = lay('- {type: text, at: [0, 5], text: "{a} {c}"}\n', vars='vars: {a: "{b + 1}", c: "{a * b}", b: 2}\n')
    assert texts(layout) == ["3 6"]


def test_vars_round_a_circle_are_refused_naming_it():
    assert err('- {type: text, at: [0, 5], text: "{a}"}\n', vars='vars: {a: "{b + 1}", b: "{a}"}\n') == (
        "x.yaml:3:11: vars.a: the vars a -> b -> a are each worked out from the next, round a circle\n"
        "  hint: give one of them a value of its own")


def test_an_unknown_name_in_vars_hints_only_names_usable_there():
    assert err('- {type: text, at: [0, 5], text: "{a}"}\n', vars='vars: {a: "{z + 1}", b: 2}\n') == (
        "x.yaml:3:13: vars.a: unknown name 'z' in '{z + 1}'\n  hint: the layout's other vars: b")


def test_a_key_after_a_dot_is_not_a_var_it_needs():
    layout = lay('- {type: text, at: [0, 5], text: "{a} {b}"}\n',
                 vars='vars: {a: "{row.b}", b: "{a}", row: {b: 7}}\n')
    assert texts(layout) == ["7 7"]


@given(st.text(alphabet="{}()[]+-*/%<>=!,.' abcijn0123456789", max_size=40))
@settings(max_examples=400, deadline=None)
def test_any_text_with_lists_is_filled_or_refused_with_a_place(text):
    from rollwrite.layoutlang.nodes import Node, Scalar, Seq
    from rollwrite.layoutlang.placeholders import fill_scalar

    node = Scalar("t.yaml", 3, 9, "x.text", text)
    items = Seq("t.yaml", 1, 1, "vars.c", [Scalar("t.yaml", 1, 2, "vars.c[0]", 4), Scalar("t.yaml", 1, 5, "vars.c[1]", 'b')])
    try:
        out = fill_scalar(node, {"i": 2, "a": "A", "c": items, "n": (1, 2, 3)})
    except InputError as e:
        assert e.file == "t.yaml" and e.line == 3 and 9 <= e.col <= 9 + len(text) + 1
    else:
        assert isinstance(out, Node)
