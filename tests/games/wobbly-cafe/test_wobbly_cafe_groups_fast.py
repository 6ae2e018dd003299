"""The paying groups of a floor are found on a bit board of the café's spaces; here they are held against
the plain search over grid places (tests/oracles/wobbly_cafe.py)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from strength import examples

from rollwrite.games.wobbly_cafe.data import DEFAULT_DATA, CafeData
from rollwrite.games.wobbly_cafe.rules import paying_groups

from oracles import wobbly_cafe as oracle

VALUES = st.one_of(st.none(), st.integers(-1, 8), st.sampled_from([True, False, 3.0, "4"]))


@st.composite
def cafes(draw):
    """A random café shape (rows of grid columns, some with a nice view), the built-in one often."""
    if draw(st.booleans()):
        return DEFAULT_DATA
    width = draw(st.integers(1, 8))
    rows = tuple(tuple(sorted(draw(st.sets(st.integers(0, width - 1), max_size=width))))
                 for _ in range(draw(st.integers(1, 7))))
    places = [(r, c) for r, cols in enumerate(rows) for c in cols]
    nice = frozenset(draw(st.sets(st.sampled_from(places), max_size=4))) if places else frozenset()
    return CafeData(width=width, rows=rows, nice=nice)


@st.composite
def floors(draw, data):
    rows = [tuple(draw(st.lists(VALUES, min_size=0, max_size=len(cols) + 1)))
            if draw(st.integers(0, 9)) == 0 else tuple(draw(st.lists(VALUES, min_size=len(cols), max_size=len(cols))))
            for cols in data.rows]
    return tuple(rows[: draw(st.integers(0, len(rows)))] if draw(st.integers(0, 9)) == 0 else rows)


def test_a_row_naming_a_column_twice_or_out_of_order_is_no_cafe():
    for rows in (((0, 0, 1), (0, 1, 2)), ((1, 0),), ((0, 3),)):
        with pytest.raises(ValueError, match="once, left to right"):
            CafeData(width=3, rows=rows, nice=frozenset())


@settings(max_examples=examples(300), deadline=None)
@given(st.data())
def test_paying_groups_are_the_paying_ones_of_the_plain_search(data):
    cafe = data.draw(cafes())
    floor = data.draw(floors(cafe))
    fast = paying_groups(floor, cafe)
    plain = oracle.paying_groups(floor, cafe)
    assert [(type(g.value), g.value, g.spaces, g.nice) for g in fast] == [
        (type(g.value), g.value, g.spaces, g.nice) for g in plain]
