"""Text that fits its room: a text put 'in' a space, a table's cells and a box's label are refused at
their place when too wide, or made smaller down to their 'fit' (never under 6 pt) (docs/layout.md)."""

from __future__ import annotations

import textwrap

import pytest

from rollwrite.draw.elements import GENERIC, measure
from rollwrite.draw.scene import Page, Text
from rollwrite.errors import InputError
from rollwrite.layoutlang.layout import check_geometry, parse_layout

HEAD = "game: my-test\ntitle: T\nsheet:\n  size: [150, 120]\n  elements:\n"


def lay(elements: str):
    return parse_layout(HEAD + textwrap.indent(textwrap.dedent(elements), "    "), "x.yaml")


def err(elements: str) -> str:
    with pytest.raises(InputError) as info:
        check_geometry(lay(elements))
    return str(info.value)


def drawn_texts(el) -> list[Text]:
    page = Page(150, 120)
    GENERIC[el.type].build(el.value, el.place(page.pen()), None)
    return [it for it in page.items if isinstance(it, Text)]


LONG = "a long text that runs far past its box"


def test_a_text_in_a_box_too_wide_is_refused_at_the_text():
    assert err(f"""\
        - {{id: b, type: box, at: [0, 0], size: [20, 10]}}
        - {{type: text, text: {LONG}, in: {{id: b}}}}
        """) == ("x.yaml:7:26: sheet.elements[1].text: the text 'a long text that runs f…' is 63.9 mm wide at 10 pt, "
                 "and the space it is in leaves 20.0 x 10.0 mm\n  hint: shorten the text, make it smaller (size) or "
                 "put it in a larger space (it would fit at 3.1 pt, and no text is made smaller than 6 pt)")


def test_a_text_in_a_cell_too_tall_is_refused():
    assert "is 7.1 mm tall at 20 pt, and the space it is in leaves 9.0 x 5.0 mm" in err("""\
        - {id: g, type: grid, at: [0, 0], rows: 1, cols: 3, cell: [9, 5]}
        - {type: text, text: "8", size: 20, in: {id: g, cell: [1, 2]}}
        """)


def test_fit_makes_a_text_smaller_down_to_its_least_size():
    layout = lay("""\
        - {id: b, type: box, at: [0, 0], size: [30, 10]}
        - {type: text, text: "Bonus for the row", fit: 6, in: {id: b}}
        """)
    check_geometry(layout)
    text = layout.sheet.elements[1]
    assert 6 <= text.value.size < 10
    x0, _, x1, _ = text.extent(measure(text, GENERIC["text"]))
    assert x1 - x0 <= 30 + 1e-6
    assert err("""\
        - {id: b, type: box, at: [0, 0], size: [20, 10]}
        - {type: text, text: "Bonus for the whole row", fit: 8, in: {id: b}}
        """).startswith("x.yaml:7:26: sheet.elements[1].text: the text 'Bonus for the whole row' is 34.4 mm wide even "
                        "at 8 pt (its 'fit'), and the space it is in leaves 20.0 x 10.0 mm")


@pytest.mark.parametrize("element,message", [
    ("- {type: text, at: [0, 5], text: x, fit: 5}", "x.yaml:6:46: sheet.elements[0].fit: expected a positive number of at least 6, got 5"),
    ("- {type: text, at: [0, 5], text: x, fit: 7}",
     "x.yaml:6:46: sheet.elements[0].fit: 'fit' makes a text smaller to fit the space it is put 'in', and this text "
     "is in none\n  hint: put it in a space: in: {id: NAME, cell: [row, col]}, or leave 'fit' out"),
])
def test_fit_mistakes(element, message):
    assert err(element + "\n").startswith(message)


def test_a_table_cell_too_wide_is_refused_at_the_cell_not_shrunk_to_3_pt():
    assert err("""\
        - type: table
          at: [0, 0]
          columns: [20, 12]
          rows:
            - [Ones, "12"]
            - [Twos and threes and fours, "3"]
        """) == ("x.yaml:11:12: sheet.elements[0].rows[1][0]: the text 'Twos and threes and fou…' is 37.6 mm wide at "
                 "8 pt, and its cell leaves 17.6 mm (20 mm less 1.2 mm each side)\n  hint: widen the column or shorten "
                 "the text (it would fit at 3.7 pt, and no text is made smaller than 6 pt)")


def test_a_cell_in_a_row_mapping_or_a_span_is_found_where_it_is_written():
    assert err("""\
        - type: table
          at: [0, 0]
          columns: [20, 12, 12]
          header: ["", {text: Round one is long here, span: 2}]
          rows: [{label: A, cells: ["1", "a long cell"]}]
        """).startswith("x.yaml:9:27: sheet.elements[0].header[1].text: the text 'Round one is long here'")
    assert err("""\
        - type: table
          at: [0, 0]
          columns: [20, 12, 12]
          rows: [{label: A, cells: ["1", "long cell"]}]
        """).startswith("x.yaml:9:38: sheet.elements[0].rows[0].cells[1]: the text 'long cell' is 11.8 mm wide at "
                        "8 pt, and its cell leaves 9.6 mm (12 mm less 1.2 mm each side)\n  hint: widen the column or "
                        "shorten the text, or let the table make such texts smaller: fit: 6.4 (the least size")


def test_a_table_with_fit_makes_its_long_cells_smaller_but_not_under_fit():
    layout = lay("""\
        - {type: table, at: [0, 0], columns: [20, 14], fit: 6, rows: [[Ones, "12"], [Twos and more, "3"]]}
        """)
    check_geometry(layout)
    sizes = {t.text: t.size for t in drawn_texts(layout.sheet.elements[0])}
    assert sizes["Ones"] == 8 and 6 <= sizes["Twos and more"] < 8


def test_a_box_label_past_its_box_is_refused_and_fit_shrinks_it():
    assert err("- {type: box, at: [0, 0], size: [20, 10], label: Points for the longest road}\n") == (
        "x.yaml:6:54: sheet.elements[0].label: the label 'Points for the longest …' is 37.5 mm wide at 7 pt, and "
        "the box leaves 17.0 mm (20 mm less 1.5 mm each side)\n  hint: widen the box, shorten the label or make it "
        "smaller with label_size (it would fit at 3.2 pt, and no text is made smaller than 6 pt)")
    layout = lay("- {type: box, at: [0, 0], size: [20, 10], label: Bonus points, fit: 6}\n")
    check_geometry(layout)
    (label,) = drawn_texts(layout.sheet.elements[0])
    assert 6 <= label.size < 7
    assert "reaches 5.2 mm down, below the foot of the 4 mm tall box" in err(
        "- {type: box, at: [0, 0], size: [20, 4], label: Hi, label_size: 10}\n")
