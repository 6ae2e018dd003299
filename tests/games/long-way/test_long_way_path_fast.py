"""The customers' route of the rules (``rules.customers_path``, and ``rules.with_display`` that weighs a
store again once a display is drawn) held to the plain one (tests/oracles/long_way.py) on random
stores and on stores played by the rules: the same legs, order, reason, score and ``dag``."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strength import examples

from oracles import long_way as oracle
from rollwrite.games.long_way.format import CAFE_LETTERS
from rollwrite.games.long_way.play import play
from rollwrite.games.long_way.rules import customers_path, with_display

from test_long_way_props import CHART, DICE, sheets

FAST = settings(max_examples=examples(200), deadline=None)


def _legs(legs) -> list[tuple]:
    return [(g.start, g.end, g.path, g.value, g.displays, g.empties) for g in legs]


def _same(fast, plain) -> None:
    assert (fast.total, _legs(fast.legs), fast.reason, fast.order, fast.dag) == \
        (plain.total, _legs(plain.legs), plain.reason, plain.order, plain.dag)


@FAST
@given(sheets(with_log=False))
def test_the_route_is_the_plain_one(sheet):
    _same(customers_path(sheet), oracle.customers_path(sheet))


@settings(max_examples=40, deadline=None)
@given(DICE, st.text(max_size=5))
def test_the_route_of_a_played_store_is_the_plain_one(dice, style):
    sheet = play(CHART, dice, style=style)
    _same(customers_path(sheet), oracle.customers_path(sheet))


@FAST
@given(sheets(with_log=False), st.integers(0, 48), st.sampled_from("123456"))
def test_a_display_weighed_from_the_route_before_it_is_the_plain_route(sheet, cell, face):
    before = customers_path(sheet)
    after = replace(sheet, marks=sheet.marks[:cell] + (face,) + sheet.marks[cell + 1:])
    if sheet.marks[cell] in CAFE_LETTERS and before.walk is not None:
        with pytest.raises(ValueError, match="a cafeteria's space"):
            with_display(before, cell)
        return
    _same(with_display(before, cell), oracle.customers_path(after))
