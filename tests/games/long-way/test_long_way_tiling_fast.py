"""The check of a finished sheet's tiles (``rules.find_tiling`` and the parts of ``check_sheet`` around it)
held to the same check made with the plain parts of tests/oracles/long_way.py: the same tiling (the same
placements, the same stuck space, the same giving up at the limit) and the same problems and score, on
random stores (mostly without a tiling), on stores played by the rules (with one), and on played stores
with a space changed."""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oracles import long_way as oracle
from rollwrite.games.long_way import rules
from rollwrite.games.long_way.play import play

from strength import examples
from test_long_way_props import CHART, DICE, sheets

INDEX = CHART.tables.index
FAST = settings(max_examples=examples(150), deadline=None)
NEEDS = st.one_of(st.none(), st.integers(-5, 70))


def _tiling(t: rules.Tiling) -> tuple:
    return (t.found, t.stuck, t.complete, t.explained, t.short)


def _need(sheet) -> int:
    """What check_sheet asks of the tiles."""
    return sum(map(rules._POP.__getitem__, sheet.walls)) - (
        oracle.bonus_bound(sheet) - rules._doorway_edges(sheet) - sheet.gained // 2)


@st.composite
def played(draw, edits: int = 0):
    """A store played by the rules, with up to ``edits`` spaces changed (a mark, or walls added or taken)."""
    sheet = play(CHART, draw(DICE), style=draw(st.text(max_size=3)))
    marks, walls = list(sheet.marks), list(sheet.walls)
    for _ in range(draw(st.integers(0, edits))):
        cell = draw(st.integers(0, 48))
        if draw(st.booleans()):
            marks[cell] = draw(st.sampled_from(".o123456AB"))
        else:
            walls[cell] ^= draw(st.integers(1, 15))
    return replace(sheet, marks=tuple(marks), walls=tuple(walls), doors=tuple(d & w for d, w in zip(sheet.doors, walls)),
                   log=None)


STORES = st.one_of(sheets(with_log=False), played(), played(edits=3))


@contextmanager
def plain_parts():
    """The rules checking with the oracle's plain parts in place of theirs."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(rules, "_fitting", oracle.fitting)
        mp.setattr(rules, "_exact_tiling", oracle.exact_tiling)
        mp.setattr(rules, "_bonus_bound", oracle.bonus_bound)
        mp.setattr(rules, "cafeterias", oracle.cafeterias)
        yield


def _plain_tiling(sheet, need):
    with plain_parts():
        return _tiling(rules.find_tiling(sheet, CHART, need=need))


@FAST
@given(STORES, NEEDS)
def test_the_tiling_is_the_plain_one(sheet, need):
    assert _tiling(rules.find_tiling(sheet, CHART, need=need)) == _plain_tiling(sheet, need)


@FAST
@given(st.one_of(played(), played(edits=3)))
def test_the_tiling_asked_by_the_check_is_the_plain_one(sheet):
    need = _need(sheet)
    assert _tiling(rules.find_tiling(sheet, CHART, need=need)) == _plain_tiling(sheet, need)


@FAST
@given(st.one_of(played(), played(edits=2), sheets(with_log=False)), st.integers(1, 6))
def test_the_exact_tiling_gives_up_where_the_plain_one_does(sheet, limit):
    """With a small limit the search for a tiling that reaches every space's most walls gives up as
    the plain one does (and finds the same tiling when it does not)."""
    fits, dot, disp, cafe, walled = oracle.fitting(sheet, INDEX)
    filled = dot | disp
    level, lossless, must = rules._wall_levels(sheet, INDEX, fits, filled, (filled | walled & ~cafe & ~dot) & ~dot)
    assert rules._exact_tiling(must, lossless, INDEX, limit) == oracle.exact_tiling(must, lossless, INDEX, limit)


@FAST
@given(STORES)
def test_the_placements_that_suit_a_store_are_the_plain_ones(sheet):
    assert rules._fitting(sheet, INDEX) == oracle.fitting(sheet, INDEX)


@FAST
@given(STORES)
def test_cafeterias_and_the_bound_on_bonuses_are_the_plain_ones(sheet):
    assert rules.cafeterias(sheet) == oracle.cafeterias(sheet)
    assert rules._bonus_bound(sheet) == oracle.bonus_bound(sheet)


@FAST
@given(STORES)
def test_the_problems_and_score_are_those_of_the_plain_parts(sheet):
    fast = rules.evaluate(sheet, CHART, None)
    with plain_parts():
        plain = rules.evaluate(sheet, CHART, None)
    assert fast.problems == plain.problems
    assert (fast.score.total, fast.score.breakdown) == (plain.score.total, plain.score.breakdown)
