"""The check runs on a quicker board (a flat list of who covers each square, boxes joined by plain
arithmetic, a shelf matched against a box by its unit segments' places); here it is held to the plain
board and dice test, ``check_sheet(..., plain=True)``, problem by problem, on random sheets: boxes
built next to earlier ones (so joins, overlaps and shelves crossing are common), random boxes and
shelves anywhere, with and without a schedule of dice (which also checks a sheet that stops early).
The score writes its whole-number totals without the float test, and the command's score leaves its
report to be written when read; both are held to the plain score."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from rollwrite.games.shelving_wars.data import DEFAULT_DATA
from rollwrite.games.shelving_wars.format import Box, Player, Sheet, Shelf
from rollwrite.games.shelving_wars.rules import (
    _dice_fit, _dice_fit_fast, _plain, _plain_int, check_sheet, corner_square, joins, joins_fast, score_quick,
    score_sheet,
)


class _Turn:
    def __init__(self, dice: tuple[int, ...]) -> None:
        self.dice = dice


class _Schedule:
    """What check_sheet reads of a schedule: turn(group, number).dice."""

    def __init__(self, rolls: list[list[tuple[int, ...]]]) -> None:
        self.rolls = rolls

    def turn(self, g: int, number: int) -> _Turn:
        return _Turn(self.rolls[g - 1][number - 1])


@st.composite
def near_games(draw):
    size = draw(st.integers(4, 12))
    sides = draw(st.integers(2, 6))
    n = draw(st.integers(2, 4))
    turns = draw(st.integers(1, 6))
    players = []
    for k in range(n):
        own: list[Box] = []
        items: list = []
        for _ in range(draw(st.integers(0, turns + 1))):
            h, w = draw(st.integers(1, sides)), draw(st.integers(1, sides))
            kind = draw(st.integers(0, 9))
            rolled = tuple(draw(st.lists(st.integers(1, sides), max_size=3)))
            if kind == 0 or not own:
                if kind < 5 or own:
                    r, c = draw(st.integers(-1, size)), draw(st.integers(-1, size))
                else:
                    cr, cc = corner_square(DEFAULT_DATA.corners[k], size)
                    r, c = (cr if cr == 0 else cr - h + 1), (cc if cc == 0 else cc - w + 1)
                box = Box(r, c, h, w, rolled)
            elif kind == 1:
                o = draw(st.sampled_from(own))
                if draw(st.booleans()):  # from a corner of one of the player's boxes
                    x, y = draw(st.sampled_from(sorted(o.corners())))
                else:  # from anywhere near the battlefield
                    x, y = draw(st.integers(-1, size + 1)), draw(st.integers(-1, size + 1))
                dx, dy = draw(st.sampled_from([(1, 0), (-1, 0), (0, 1), (0, -1)]))
                items.append(Shelf(x, y, dx, dy, draw(st.integers(1, sides)), rolled))
                continue
            else:
                o = draw(st.sampled_from(own))
                side = draw(st.integers(0, 3))
                shift = draw(st.sampled_from([0, 0, 0, -1, 1]))
                if side < 2:
                    r = draw(st.sampled_from([o.row, o.row + o.h - h])) + shift
                    c = o.col - w if side == 0 else o.col + o.w
                else:
                    c = draw(st.sampled_from([o.col, o.col + o.w - w])) + shift
                    r = o.row - h if side == 2 else o.row + o.h
                box = Box(r, c, h, w, rolled)
            own.append(box)
            items.append(box)
        players.append(Player(f"P{k}", tuple(items)))
    sheet = Sheet(size, turns, 3, sides, draw(st.booleans()), tuple(players))
    schedule = None
    if draw(st.booleans()):
        rolls = [[tuple(draw(st.lists(st.integers(1, sides), min_size=3, max_size=3))) for _ in range(turns)]
                 for _ in range(n)]
        schedule = _Schedule(rolls)
    return sheet, schedule


@settings(max_examples=300, deadline=None)
@given(near_games())
def test_the_quick_check_finds_what_the_plain_check_finds(game):
    sheet, schedule = game
    quick = check_sheet(sheet, DEFAULT_DATA, schedule)
    plain = check_sheet(sheet, DEFAULT_DATA, schedule, plain=True)
    assert [(p.where, p.message, p.rule, p.line) for p in quick] == [(p.where, p.message, p.rule, p.line) for p in plain]


def _box(size: int = 8):
    return st.builds(Box, st.integers(-2, size), st.integers(-2, size), st.integers(1, 6), st.integers(1, 6))


@settings(max_examples=500, deadline=None)
@given(_box(), _box())
def test_joins_fast_is_joins(a, b):
    assert joins_fast(a, b) == joins(a, b)


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 7), st.integers(1, 7), st.lists(st.integers(1, 7), max_size=4).map(tuple))
def test_the_quick_dice_fit_is_the_plain_one(h, w, dice):
    assert _dice_fit_fast(h, w, dice) == _dice_fit(h, w, dice)


@settings(max_examples=200, deadline=None)
@given(st.integers(-10**6, 10**6))
def test_the_whole_number_total_is_written_as_the_plain_one(v):
    assert _plain_int(v) == _plain(v)


@settings(max_examples=150, deadline=None)
@given(near_games())
def test_the_quick_score_is_the_plain_one(game):
    sheet, _ = game
    quick, plain = score_quick(sheet, DEFAULT_DATA), score_sheet(sheet, DEFAULT_DATA)
    assert (quick.total, quick.breakdown, quick.players) == (plain.total, plain.breakdown, plain.players)
    assert quick.report == plain.report
