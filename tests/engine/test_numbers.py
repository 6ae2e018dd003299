"""rollwrite.numbers: the one way rollwrite writes a number that may be whole."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from rollwrite.numbers import number_text, plain_number


@pytest.mark.parametrize("value, plain, text", [
    (80.0, 80, "80"), (80, 80, "80"), (16.5, 16.5, "16.5"), (-3.0, -3, "-3"), (0.0, 0, "0"), (-0.0, 0, "0"),
    (1e20, 100000000000000000000, "100000000000000000000"), (0.1, 0.1, "0.1"),
])
def test_whole_numbers_lose_their_point(value, plain, text):
    assert plain_number(value) == plain and type(plain_number(value)) is type(plain)
    assert number_text(value) == text


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_the_value_is_kept(v):
    assert plain_number(v) == v
    assert float(number_text(v)) == v
    assert not number_text(v).endswith(".0")
