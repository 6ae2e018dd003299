"""The checks that name what is wrong and what to write: ids, 'in' a group, copies of a repeat, line ends
measured as drawn, an alignment example as long as the table, numbers as text (docs/layout.md)."""

from __future__ import annotations

import math
import textwrap

import pytest

from rollwrite.draw.scene import Line
from rollwrite.errors import InputError
from rollwrite.layoutlang.layout import check_geometry, parse_layout
from rollwrite.layoutlang.overlap import item_box, overlap_errors

HEAD = "game: my-test\ntitle: T\nsheet:\n  size: [150, 120]\n  elements:\n"


def lay(elements: str):
    return parse_layout(HEAD + textwrap.indent(textwrap.dedent(elements), "    "), "x.yaml")


def err(elements: str) -> str:
    with pytest.raises(InputError) as info:
        check_geometry(lay(elements))
    return str(info.value)


def test_two_elements_with_one_id_are_refused():
    assert err("""\
        - {id: card, type: box, at: [0, 0], size: [10, 10]}
        - {id: card, type: box, at: [20, 0], size: [10, 10]}
        """) == ("x.yaml:7:12: sheet.elements[1].id: two elements have the id 'card': this one and the element at "
                 "x.yaml:6:7\n  hint: an id names one element (for 'in', 'overlaps' and 'extends'); give this one another")


def test_a_group_and_an_element_with_one_id_are_refused():
    assert "two elements have the id 'g': this one and the group at x.yaml:6:7" in err("""\
        - {id: g, type: group, at: [0, 0], elements: [{type: box, at: [0, 0], size: [5, 5]}]}
        - {id: g, type: box, at: [20, 0], size: [10, 10]}
        """)


def test_copies_of_one_repeat_share_an_id_but_cannot_be_put_in_by_it():
    layout = lay("""\
        - {id: cell, type: box, at: [0, 0], size: [10, 10], repeat: {count: 3, step: [12, 0]}}
        - {type: text, at: [0, 40], text: x, overlaps: [cell]}
        """)
    assert [e.id for e in layout.sheet.elements] == ["cell"] * 3 + [None]
    assert err("""\
        - {id: cell, type: box, at: [0, 0], size: [10, 10], repeat: {count: 3, step: [12, 0]}}
        - {type: text, text: x, in: {id: cell}}
        """) == ("x.yaml:7:38: sheet.elements[1].in.id: 'cell' names 3 copies of a repeat, so it is not clear which "
                 "one this goes in\n  hint: give each copy its own id, e.g. id: \"cell{i}\", and name one: in: {id: \"cell{i}\"}")


def test_each_copy_with_its_own_id_can_hold_something():
    layout = lay("""\
        - {id: "cell{i}", type: box, at: ["{i * 12}", 0], size: [10, 10], repeat: {count: 3, step: [0, 0]}}
        - {type: text, text: x, in: {id: cell2}}
        """)
    text = layout.sheet.elements[-1]
    from rollwrite.draw.elements import GENERIC, measure

    x0, _, x1, _ = text.extent(measure(text, GENERIC["text"]))
    assert (x0 + x1) / 2 == pytest.approx(29)  # the middle of the box cell2, 24 to 34


def test_in_a_group_says_a_group_cannot_hold_and_what_to_do():
    assert err("""\
        - {id: grp, type: group, at: [0, 0], elements: [{type: box, at: [0, 0], size: [20, 10]}]}
        - {type: text, text: x, in: {id: grp}}
        """) == ("x.yaml:7:38: sheet.elements[1].in.id: 'grp' is a group, and a group cannot hold what is put 'in' it: "
                 "it is not drawn as one thing, so it has no cells and no box of its own\n"
                 "  hint: put it in one of the group's elements (give that one an id), or draw a box round the group, "
                 "give the box an id and put it in the box")


def test_overlaps_between_copies_of_one_repeat_name_the_copies():
    messages = [str(e) for e in overlap_errors(lay("""\
        - {type: box, at: [0, 0], size: [10, 10], repeat: {count: 3, step: [8, 0]}}
        """))]
    assert messages == [
        "x.yaml:6:7: sheet.elements[0]: this box (copy 2) prints over the box at line 6 (copy 1), from (7.8, -0.2) "
        "to (10.2, 10.2) mm\n  hint: move one of them, or say it may: overlaps: true, or overlaps: [an id of the other]",
        "x.yaml:6:7: sheet.elements[0]: this box (copy 3) prints over the box at line 6 (copy 2), from (15.8, -0.2) "
        "to (18.2, 10.2) mm\n  hint: move one of them, or say it may: overlaps: true, or overlaps: [an id of the other]"]


def test_nested_copies_are_named_outer_first():
    messages = [str(e).split("\n")[0] for e in overlap_errors(lay("""\
        - type: group
          repeat: {count: 2, step: [0, 20]}
          elements:
            - {type: box, at: [0, 0], size: [10, 10], repeat: {count: 2, step: [8, 0], var: j}}
        """))]
    assert messages == [
        "x.yaml:9:11: sheet.elements[0].elements[0]: this box (copy 1.2) prints over the box at line 9 (copy 1.1), "
        "from (7.8, -0.2) to (10.2, 10.2) mm",
        "x.yaml:9:11: sheet.elements[0].elements[0]: this box (copy 2.2) prints over the box at line 9 (copy 2.1), "
        "from (7.8, 19.8) to (10.2, 30.2) mm"]


@pytest.mark.parametrize("cap,box", [
    ("butt", (0.0, -0.8, 10.0, 0.8)),
    ("square", (-0.8, -0.8, 10.8, 0.8)),
    ("round", (-0.8, -0.8, 10.8, 0.8)),
])
def test_a_line_is_measured_with_the_end_it_draws(cap, box):
    assert item_box(Line(0, 0, 10, 0, width=1.6, cap=cap)) == pytest.approx(box)


def test_a_butt_capped_line_beside_a_box_is_no_overlap():
    layout = lay("""\
        - {type: line, at: [0, 5], to: [20, 0], width: 1.6, cap: butt}
        - {type: box, at: [20.1, 0], size: [10, 10]}
        """)
    assert overlap_errors(layout) == []
    square = lay("""\
        - {type: line, at: [0, 5], to: [20, 0], width: 1.6, cap: square}
        - {type: box, at: [20.1, 0], size: [10, 10]}
        """)
    assert len(overlap_errors(square)) == 1


def test_an_alignment_example_has_one_entry_per_column():
    got = err("- {type: table, at: [0, 0], columns: [20, 10, 10, 10, 10, 10, 10, 10], rows: [a], align: [start, end]}\n")
    assert got == ("x.yaml:6:94: sheet.elements[0].align: expected one alignment per column (8), or one for all\n"
                   "  hint: e.g. align: [start, middle, middle, middle, middle, middle, middle, middle]")


@pytest.mark.parametrize("written,shown", [("5", "5"), ("2.5", "2.5"), ("-3", "-3"), ("'007'", "007")])
def test_a_number_is_a_text_where_a_text_is_printed(written, shown):
    layout = lay(f"""\
        - {{type: text, at: [0, 5], text: {written}}}
        - {{type: box, at: [0, 10], size: [20, 10], label: {written}}}
        - {{type: paragraph, at: [30, 5], width: 30, text: {written}}}
        - {{type: legend, at: [70, 5], items: [{{icon: star, label: {written}}}]}}
        """)
    texts = [layout.sheet.elements[0].value.text, layout.sheet.elements[1].value.label,
             layout.sheet.elements[2].value.text, layout.sheet.elements[3].value.items[0][1]]
    assert texts == [shown] * 4


def test_true_is_not_a_text():
    assert err("- {type: text, at: [0, 5], text: true}\n") == (
        "x.yaml:6:38: sheet.elements[0].text: expected text, got true or false\n  hint: put it in quotes: 'yes'")


def test_an_open_path_with_butt_ends_is_measured_to_its_end_points():
    from rollwrite.draw.scene import Path

    assert item_box(Path(((0, 0), (10, 0), (10, 10)), width=2, cap="butt")) == pytest.approx((0, -1, 11, 10))
    assert item_box(Path(((0, 0), (10, 0), (10, 10)), width=2, cap="round")) == pytest.approx((-1, -1, 11, 11))


def test_a_curve_is_measured_along_itself_not_round_its_control_points():
    from rollwrite.draw.scene import Curve

    k = 4 / 3 * math.tan(math.pi / 8) * 10
    quarter = Curve((10.0, 0.0), (((10.0, k), (k, 10.0), (0.0, 10.0)),), width=0)
    x0, y0, x1, y1 = item_box(quarter)
    assert (x0, y0, x1, y1) == pytest.approx((0, 0, 10, 10))  # the controls reach (10, 5.5) and (5.5, 10): inside
    top = item_box(Curve((0.0, 0.0), (((0.0, -8.0), (10.0, -8.0), (10.0, 0.0)),), width=0))
    assert top[1] == pytest.approx(-6, abs=0.05)  # the curve's top, three quarters of the way to its controls
