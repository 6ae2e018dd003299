"""The check runs on a quick board (a flat list of who covers each square, boxes joined by plain
arithmetic, a shelf matched against a box by its unit segments' places); here it is held to the plain
board and dice test (tests/oracles/shelving_wars.py), problem by problem and turn by turn, on random
sheets: boxes built next to earlier ones (so joins, overlaps and shelves crossing are common), random
boxes and shelves anywhere, with and without a schedule of dice (which also tries a sheet that stops
early).  The score leaves its report to be written from the breakdown when it is read; both are held to
the plain score, which writes its report as it goes."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from strength import examples

from rollwrite.games.shelving_wars.data import DEFAULT_DATA
from rollwrite.games.shelving_wars.format import Box, Player, Sheet, Shelf
from rollwrite.games.shelving_wars.rules import (
    Board, Placed, captured, corner_square, dice_fit, evaluate, joins, play_order,
)

from oracles import shelving_wars as oracle


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


@settings(max_examples=examples(300), deadline=None)
@given(near_games())
def test_the_board_finds_what_the_plain_board_finds(game):
    sheet, schedule = game
    quick, plain = Board(sheet, DEFAULT_DATA.corners), oracle.PlainBoard(sheet, DEFAULT_DATA.corners)
    counts = [{"box": 0, "shelf": 0} for _ in sheet.players]
    for t, k, i in play_order(sheet):
        item = sheet.players[k].turns[i]
        if isinstance(item, Box):
            assert quick.box_problems(k, item) == plain.box_problems(k, item)
        else:
            assert quick.shelf_problems(k, item) == plain.shelf_problems(k, item)
        kind = "box" if isinstance(item, Box) else "shelf"
        counts[k][kind] += 1
        quick.add(Placed(k, counts[k][kind], item))
        plain.add(oracle.Placed(k, counts[k][kind], item))
        if schedule is not None and t < sheet.turns:
            rolled = schedule.turn(k + 1, t + 1).dice
            assert quick.any_box(k, rolled) == plain.any_box(k, rolled)


@settings(max_examples=examples(100), deadline=None)
@given(near_games())
def test_the_check_words_every_problem_the_plain_board_finds(game):
    """Every (rule, message) the plain board finds for a box or shelf is among the sheet's problems."""
    sheet, schedule = game
    problems = {(p.rule, p.message) for p in evaluate(sheet, DEFAULT_DATA, schedule).problems}
    plain = oracle.PlainBoard(sheet, DEFAULT_DATA.corners)
    counts = [{"box": 0, "shelf": 0} for _ in sheet.players]
    for _t, k, i in play_order(sheet):
        item = sheet.players[k].turns[i]
        found = plain.box_problems(k, item) if isinstance(item, Box) else plain.shelf_problems(k, item)
        assert set(found) <= problems
        kind = "box" if isinstance(item, Box) else "shelf"
        counts[k][kind] += 1
        plain.add(oracle.Placed(k, counts[k][kind], item))


def _box(size: int = 8):
    return st.builds(Box, st.integers(-2, size), st.integers(-2, size), st.integers(1, 6), st.integers(1, 6))


@settings(max_examples=500, deadline=None)
@given(_box(), _box())
def test_joins_is_the_plain_joins(a, b):
    assert joins(a, b) == oracle.joins(a, b)


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 7), st.integers(1, 7), st.lists(st.integers(1, 7), max_size=4).map(tuple))
def test_the_dice_fit_is_the_plain_one(h, w, dice):
    assert dice_fit(h, w, dice) == oracle.dice_fit(h, w, dice)


@settings(max_examples=examples(150), deadline=None)
@given(near_games())
def test_the_score_is_the_plain_one(game):
    sheet, _ = game
    quick, plain = evaluate(sheet, DEFAULT_DATA, None).score, oracle.score_sheet(sheet, DEFAULT_DATA)
    assert (quick.total, quick.breakdown, quick.players) == (plain.total, plain.breakdown, plain.players)
    assert quick.report == plain.report


def test_a_shelf_walls_in_what_it_closes_off():
    """4 × 4, A's 1 × 1 box in the top-left corner and a shelf from its lower right corner to the right
    edge: the three squares above the shelf are A's; B, in the bottom-right corner, reaches the rest."""
    a = Player("A", (Box(0, 0, 1, 1), Shelf(1, 1, 1, 0, 3)))
    b = Player("B", (Box(3, 3, 1, 1),))
    sheet = Sheet(4, 8, 3, 6, True, (a, b))
    assert captured(sheet, DEFAULT_DATA.corners, 0) == {(0, 1), (0, 2), (0, 3)}
    assert oracle.captured(sheet, DEFAULT_DATA.corners, 0) == {(0, 1), (0, 2), (0, 3)}
    assert captured(sheet, DEFAULT_DATA.corners, 1) == oracle.captured(sheet, DEFAULT_DATA.corners, 1) == set()


@st.composite
def walled_sheets(draw):
    """Boxes and shelves anywhere, legal or not, shelves many: what capture reads of a sheet."""
    size = draw(st.integers(1, 9))
    players = []
    for k in range(draw(st.integers(2, 4))):
        items: list = []
        for _ in range(draw(st.integers(0, 8))):
            if draw(st.integers(0, 2)):
                items.append(Shelf(draw(st.integers(-1, size + 1)), draw(st.integers(-1, size + 1)),
                                   *draw(st.sampled_from([(1, 0), (-1, 0), (0, 1), (0, -1)])),
                                   draw(st.integers(1, size + 1))))
            else:
                items.append(Box(draw(st.integers(-1, size)), draw(st.integers(-1, size)),
                                 draw(st.integers(1, 4)), draw(st.integers(1, 4))))
        players.append(Player(f"P{k}", tuple(items)))
    return Sheet(size, 8, 3, 6, True, tuple(players))


@settings(max_examples=300, deadline=None)
@given(walled_sheets())
def test_capture_is_the_plain_flood(sheet):
    for k in range(len(sheet.players)):
        assert captured(sheet, DEFAULT_DATA.corners, k) == oracle.captured(sheet, DEFAULT_DATA.corners, k)
