"""Units on every number, merge keys and relative values: pinned messages for the usual mistakes."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollwrite.errors import InputError
from rollwrite.layoutlang.nodes import Reader, expect_pair
from rollwrite.layoutlang.loading import load_yaml


def read(text: str, key: str = "x", **kw):
    return Reader(load_yaml(text, "u.yaml")).number(key, **kw)


def err(fn) -> str:
    with pytest.raises(InputError) as info:
        fn()
    return str(info.value)


@pytest.mark.parametrize(
    "written,mm",
    [("12", 12.0), ("12mm", 12.0), ("12 mm", 12.0), ("1.5cm", 15.0), ("0.5in", 12.7), ("72pt", 25.4),
     ("-3mm", -3.0), (".5cm", 5.0), ("2MM", 2.0)],
)
def test_lengths_accept_units(written, mm):
    assert read(f"x: {written}\n") == pytest.approx(mm)


def test_text_sizes_are_points_and_convert_from_lengths():
    assert read("x: 10\n", unit="pt") == 10
    assert read("x: 10pt\n", unit="pt") == 10
    assert read("x: 0.5in\n", unit="pt") == pytest.approx(36)


def test_pairs_take_units():
    assert expect_pair(load_yaml("[1in, 12mm]\n", "u.yaml")) == pytest.approx((25.4, 12.0))


def test_unit_mistakes_have_pinned_messages():
    assert err(lambda: read("x: 12px\n")) == (
        "u.yaml:1:4: x: unknown unit 'px' in '12px'\n  hint: use mm, cm, in or pt (a number without a unit is in mm)"
    )
    assert err(lambda: read("x: 12,5mm\n")) == (
        "u.yaml:1:4: x: expected a number, got '12,5mm'\n  hint: write decimals with a point: '12.5mm'"
    )
    assert err(lambda: read("x: '12'\n")) == (
        "u.yaml:1:4: x: expected a number, got the text '12'\n  hint: write the number without quotes: 12"
    )
    assert err(lambda: read("x: 2mm\n", unit=None)) == (
        "u.yaml:1:4: x: expected a number without a unit, got '2mm'\n  hint: this key is not a length: drop the unit"
    )
    assert err(lambda: Reader(load_yaml("rows: 7mm\n", "u.yaml")).int("rows", minimum=1)) == (
        "u.yaml:1:7: rows: expected a positive whole number, got '7mm'\n  hint: a count takes no unit"
    )
    assert err(lambda: read("x: 0.05cm\n", minimum=1)) == (
        "u.yaml:1:4: x: expected a positive number of at least 1, got '0.05cm' = 0.5 mm"
    )
    assert err(lambda: read("x: +=5\n")) == (
        "u.yaml:1:4: x: '+=5' is a relative value, but there is no value here for it to change\n"
        "  hint: a relative value (+=, -=) changes the value it overrides, from 'extends' or a merge key '<<'"
    )
    assert err(lambda: expect_pair(load_yaml("at: 3, 4\n", "u.yaml").get("at"))) == (
        "u.yaml:1:5: at: expected a pair of numbers [x, y] in mm, got '3, 4'\n  hint: write it as a list in brackets: [3, 4]"
    )


@settings(max_examples=60, deadline=None)
@given(st.floats(min_value=-1000, max_value=1000, allow_nan=False), st.sampled_from(["mm", "cm", "in", "pt"]))
def test_a_length_with_a_unit_is_its_value_in_mm(value, unit):
    factor = {"mm": 1, "cm": 10, "in": 25.4, "pt": 25.4 / 72}[unit]
    assert read(f"x: {value!r}{unit}\n") == pytest.approx(value * factor, rel=1e-9, abs=1e-9)


@settings(max_examples=80, deadline=None)
@given(st.text(max_size=12))
def test_any_text_is_a_number_or_a_clear_error(text):
    node = load_yaml("x: 0\n", "u.yaml")
    node.get("x").value = text  # type: ignore[union-attr]
    try:
        Reader(node).number("x")
    except InputError as e:
        assert str(e).startswith("u.yaml:1:4: x: ")


MERGE = """\
defaults: &d {size: 7, at: [10, 20], font: bold}
one: {<<: *d, size: 9}
two: {<<: *d, at: [+=5, -=1cm]}
three: {<<: *d, size: +=1.5}
"""


def test_merge_keys_and_relative_values():
    root = load_yaml(MERGE, "m.yaml")
    one = Reader(root.get("one"))
    assert one.number("size") == 9 and one.str("font") == "bold" and one.point("at") == (10, 20)
    assert Reader(root.get("two")).point("at") == (15, 10)
    assert Reader(root.get("three")).number("size", unit="pt") == 8.5


def test_relative_value_over_a_list_and_wrong_length():
    assert err(lambda: load_yaml("d: &d {at: [1, 2]}\ne: {<<: *d, at: +=1}\n", "m.yaml")) == (
        "m.yaml:2:17: e.at: '+=1' changes the value it overrides, but that is a list (m.yaml:1:12)\n"
        "  hint: a relative value changes a number: write the whole value instead"
    )
    assert err(lambda: load_yaml("d: &d {at: [1, 2]}\ne: {<<: *d, at: [+=1]}\n", "m.yaml")) == (
        "m.yaml:2:17: e.at: a list with relative values must have as many items as the list it changes (2), got 1\n"
        "  hint: write '+=0' for an item that stays"
    )
