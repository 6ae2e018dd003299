"""The Long Way puzzle's bound (games/long_way/bound.py) against what play can reach.

Its two halves are held to their own references: the counts a store can finish with (``stores``)
against a plain recursion over every sequence of moves (each reroll of each die, cafeteria, stop, each
kind of bonus) and against random games played by the rules and checked by them (so with every
geometry the dice allow); the route's bound (``route_bound``) against stores that need not be legal at
all (mazes with cafeterias anywhere), since its proof uses only the counts; and the whole bound
against the search's par and the automatic player on the dailies of 2027.
"""

from __future__ import annotations

import datetime as dt
import random
from functools import cache
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strength import examples

from rollwrite.games.long_way import solve
from rollwrite.games.long_way.bound import CELLS, route_bound, score_bound, sizes, stores
from rollwrite.games.long_way.data import SIZE, as_chart
from rollwrite.games.long_way.format import CAFE_LETTERS, Bonus, Gate, LogTurn, Sheet
from rollwrite.games.long_way.play import play, schedule_dice
from rollwrite.games.long_way.rules import OPPOSITE, _edge_open, _State, cafeterias, check, customers_path, neighbour

N, E, S, W = 1, 2, 4, 8
ENTRANCE, EXIT = Gate(21, W), Gate(6, N)
APART = 9  # steps from the entrance's space A4 to the exit's G1 on the open grid
FAST = settings(max_examples=60, deadline=None)


@pytest.fixture(scope="module")
def chart():
    from rollwrite.layoutlang.layout import resolve

    return as_chart(resolve("long-way").data)


def counts(sheet: Sheet) -> tuple[int, int, int]:
    """(cafeterias, filled spaces that are no cafeteria's, displays) of a store."""
    cafe = {i for _, m in cafeterias(sheet) for i in range(CELLS) if m >> i & 1}
    filled = sum(1 for i in range(CELLS) if i not in cafe and (sheet.marks[i] != "." or sheet.walls[i]))
    return len(cafeterias(sheet)), filled, sum(1 for m in sheet.marks if m in "123456")


# ---------------------------------------------------------------- the counts, by plain recursion


def every_count(size_of: dict[int, int], dice) -> set[tuple[int, int, int]]:
    """Every (cafeterias, filled, tiles) of every sequence of moves, where the tiles go set aside: each
    number of rerolls of each die the coins pay for, then a cafeteria, a tile of the light die's size
    (its bonus, once a cafeteria or a display is drawn: two coins, a wall on an empty space, a wall
    elsewhere or a doorway), or a stop."""
    out: set[tuple[int, int, int]] = set()

    @cache
    def go(n: int, c: int, filled: int, tiles: int, coins: int) -> None:
        out.add((c, filled, tiles))
        if n == len(dice):
            return
        (light, _), reserve = dice[n]
        room = CELLS - 2 * c - filled
        for i in range(len(reserve[0]) + 1):
            for j in range(len(reserve[1]) + 1):
                if i + j > coins:
                    continue
                left = coins - i - j
                if c < 2 and room >= 2:
                    go(n + 1, c + 1, filled, tiles, left)
                size = size_of[reserve[0][i - 1] if i else light]
                if size > room:
                    continue
                if tiles or c:
                    go(n + 1, c, filled + size, tiles + 1, left + 2)  # two coins
                    go(n + 1, c, filled + size, tiles + 1, left)  # a doorway, or a wall on a filled space
                    if size < room:
                        go(n + 1, c, filled + size + 1, tiles + 1, left)  # a wall on an empty space
                else:
                    go(n + 1, c, filled + size, tiles + 1, left)

    go(0, 0, 0, 0, 0)
    return out


face = st.integers(1, 6)
turn = st.tuples(st.tuples(face, face), st.tuples(st.lists(face, max_size=2).map(tuple),
                                                  st.lists(face, max_size=2).map(tuple)))


@FAST
@given(dice=st.lists(turn, max_size=7))
def test_the_counts_are_those_of_every_sequence_of_moves(chart, dice):
    assert stores(chart, dice) == every_count(sizes(chart), dice)


def test_the_counts_by_hand(chart):
    assert stores(chart, []) == {(0, 0, 0)}
    one = [((6, 1), ((1,), ()))]  # a five-space tile; no coin to reroll it to one space
    assert stores(chart, one) == {(0, 0, 0), (1, 0, 0), (0, 5, 1)}
    # a cafeteria first: the tile beside it earns two coins, which reroll the third turn's light die
    three = [((6, 1), ((), ())), ((6, 1), ((), ())), ((6, 1), ((1,), ()))]
    assert (1, 6, 2) in stores(chart, three) and (0, 6, 2) not in stores(chart, three)


# ---------------------------------------------------------------- random games played by the rules


class _Schedule:
    """What the rules' replay reads of a schedule: one player's rolls and reserves."""

    id = "a random test schedule"

    def __init__(self, dice) -> None:
        self.turns = [SimpleNamespace(dice=roll, rerolls=reserve) for roll, reserve in dice]

    def group(self, n: int):
        return self.turns


def _fits(chart, s: _State, light: int, dark: int) -> list[tuple[int, list[int]]]:
    out = []
    for at in range(CELLS):
        ar, ac = divmod(at, SIZE)
        cells = [(ar + dr) * SIZE + ac + dc for dr, dc in chart.tile(light, dark).cells
                 if 0 <= ar + dr < SIZE and 0 <= ac + dc < SIZE]
        if len(cells) == chart.tile(light, dark).size and all(s.marks[c] == "." and not s.walls[c] for c in cells):
            out.append((at, cells))
    return out


def _bonus(s: _State, rnd: random.Random) -> Bonus:
    kind = rnd.choice(("coins", "coins", "wall", "doorway"))
    walled = [(c, sd) for c in range(CELLS) for sd in (N, E, S, W) if s.walls[c] & sd and not s.doors[c] & sd]
    if kind == "doorway" and walled:
        c, sd = rnd.choice(walled)
        s.doors[c] |= sd
        nb = neighbour(c, sd)
        if nb >= 0 and s.walls[nb] & OPPOSITE[sd]:
            s.doors[nb] |= OPPOSITE[sd]
        return Bonus("doorway", c, sd)
    if kind == "wall":
        c, sd = rnd.choice([(c, sd) for c in range(CELLS) for sd in (N, E, S, W) if not s.walls[c] & sd])
        s.walls[c] |= sd
        return Bonus("wall", c, sd)
    s.coins, s.gained = s.coins + 2, s.gained + 2
    return Bonus("coins")


def _earns(s: _State, cell: int, shown: int) -> bool:
    return any(neighbour(cell, sd) >= 0 and _edge_open(s, cell, sd)
               and s.marks[neighbour(cell, sd)] in (*CAFE_LETTERS, str(shown)) for sd in (N, E, S, W))


def _tile(chart, s: _State, n: int, roll, rerolls, dice_now, places, rnd) -> LogTurn:
    """A tile of ``dice_now`` drawn in one of ``places`` (mostly beside what is drawn), its display
    (mostly one that earns a bonus) and the bonus it earns."""
    near = [(at, cells) for at, cells in places
            if any(neighbour(c, sd) >= 0 and s.marks[neighbour(c, sd)] != "." for c in cells for sd in (N, E, S, W))]
    at, cells = rnd.choice(near if near and rnd.random() < 0.8 else places)
    for c, w in zip(cells, chart.tile(*dice_now).walls):
        s.walls[c], s.marks[c] = w, ("o" if not w else ".")
    options = [(c, f) for c in cells for f in sorted(set(dice_now))]
    earning = [(c, f) for c, f in options if _earns(s, c, f)]
    cell, shown = rnd.choice(earning if earning and rnd.random() < 0.8 else options)
    s.marks[cell] = str(shown)
    bonus = _bonus(s, rnd) if _earns(s, cell, shown) else None
    return LogTurn(n, roll, tuple(rerolls), "tile", at, (shown, cell), bonus)


def random_game(chart, dice, rnd: random.Random) -> Sheet:
    """A game of ``dice`` with random moves the rules allow: rerolls, tiles anywhere they fit (over a
    gate too), displays, bonuses of every kind, cafeterias, a stop."""
    s = _State(["."] * CELLS, [0] * CELLS, [0] * CELLS, [""] * CELLS, [])
    log: list[LogTurn] = []
    for n, (roll, reserve) in enumerate(dice, start=1):
        cur, used, rerolls = list(roll), [0, 0], []
        while s.coins and rnd.random() < 0.6:
            die = rnd.randrange(2)
            if used[die] >= len(reserve[die]):
                break
            cur[die] = reserve[die][used[die]]
            used[die] += 1
            s.coins, s.spent = s.coins - 1, s.spent + 1
            rerolls.append((die, cur[die]))
        places = _fits(chart, s, *cur)
        pairs = [(a, b) for a in range(CELLS) for b in (a + 1, a + SIZE) if b < CELLS and (b != a + 1 or b % SIZE)
                 and s.marks[a] == s.marks[b] == "." and not s.walls[a] | s.walls[b]]
        pick = rnd.random()
        if places and pick < 0.9:
            log.append(_tile(chart, s, n, roll, rerolls, tuple(cur), places, rnd))
        elif pairs and len(s.cafes) < 2 and pick < 0.98:
            a, b = rnd.choice(pairs)
            s.marks[a] = s.marks[b] = CAFE_LETTERS[len(s.cafes)]
            s.cafes.append((a, b))
            log.append(LogTurn(n, roll, tuple(rerolls), "cafeteria", cafe=(a, b)))
        else:
            log.append(LogTurn(n, roll, tuple(rerolls), "stop"))
            break
    return Sheet(tuple(s.marks), tuple(s.walls), tuple(s.doors), ENTRANCE, EXIT, s.gained, s.spent, tuple(log))


def random_dice(rnd: random.Random, turns: int) -> list:
    """``turns`` random rolls, each die with a reserve of up to 6 rerolls."""
    def reserve() -> tuple[int, ...]:
        return tuple(rnd.randint(1, 6) for _ in range(rnd.choice((0, 2, 6, 6))))

    return [((rnd.randint(1, 6), rnd.randint(1, 6)), (reserve(), reserve())) for _ in range(turns)]


@FAST
@given(turns=st.integers(0, 40), rnd=st.randoms(use_true_random=False))
def test_no_random_game_leaves_the_counts_or_beats_the_bound(chart, turns, rnd):
    dice = random_dice(rnd, turns)
    sheet = random_game(chart, dice, rnd)
    assert check(sheet, chart, _Schedule(dice)) == []  # a game the rules allow
    assert counts(sheet) in stores(chart, dice)
    assert customers_path(sheet).total <= score_bound(chart, dice, ENTRANCE.cell, EXIT.cell)


# ---------------------------------------------------------------- the route's bound on any store


def _maze(rnd: random.Random, open_share: float) -> list[int]:
    """Walls of a random maze (a spanning tree of the spaces, by a random depth-first walk) with a
    share of its walls taken out again: long routes that come back past the same spaces."""
    walls = [0] * CELLS
    for c in range(CELLS):  # every inner side walled, then the tree's steps opened
        for sd in (E, S):
            if neighbour(c, sd) >= 0:
                walls[c] |= sd
    seen, stack = {0}, [0]
    while stack:
        c = stack[-1]
        nxt = [(sd, nb) for sd in (N, E, S, W) if (nb := neighbour(c, sd)) >= 0 and nb not in seen]
        if not nxt:
            stack.pop()
            continue
        sd, nb = rnd.choice(nxt)
        _open(walls, c, sd)
        seen.add(nb)
        stack.append(nb)
    for c in range(CELLS):
        for sd in (E, S):
            if walls[c] & sd and rnd.random() < open_share:
                walls[c] &= ~sd
    return walls


def _open(walls: list[int], c: int, sd: int) -> None:
    nb = neighbour(c, sd)
    walls[c] &= ~sd
    walls[nb] &= ~OPPOSITE[sd]


@st.composite
def any_store(draw) -> Sheet:
    """A store no game need reach: maze walls, each space a display, a dot or empty, 0 to 2 cafeterias
    anywhere (the route's proof uses only the counts and the legs being shortest paths)."""
    rnd = draw(st.randoms(use_true_random=False))
    walls = _maze(rnd, draw(st.sampled_from([0.0, 0.05, 0.2, 0.5])))
    shown, dotted = draw(st.sampled_from([(1.0, 0.0), (0.8, 0.1), (0.5, 0.3), (0.2, 0.2)]))
    marks = []
    for _ in range(CELLS):
        x = rnd.random()
        marks.append(str(rnd.randint(1, 6)) if x < shown else "o" if x < shown + dotted else ".")
    for letter in CAFE_LETTERS[:draw(st.integers(0, 2))]:
        a = rnd.randrange(CELLS)
        b = rnd.choice([nb for sd in (N, E, S, W) if (nb := neighbour(a, sd)) >= 0])
        if marks[a] in CAFE_LETTERS or marks[b] in CAFE_LETTERS:
            break
        marks[a] = marks[b] = letter
    return Sheet(tuple(marks), tuple(walls), (0,) * CELLS, ENTRANCE, EXIT)


@st.composite
def route_store(draw) -> Sheet:
    """A store as near its route's bound as a maze gives: the route of :func:`any_store`'s walls and
    cafeterias, every other space shut off from it and left empty, displays on the spaces the route
    passes more than once (and on some it passes once), dots on the rest of the route."""
    store = draw(any_store())
    marks = ["o" if m not in CAFE_LETTERS else m for m in store.marks]
    res = customers_path(Sheet(tuple(marks), store.walls, store.doors, ENTRANCE, EXIT))
    legs = [set(lg.path) for lg in res.legs]
    on = set().union(*legs)
    if res.reason is not None or not on:
        return store
    rnd = draw(st.randoms(use_true_random=False))
    once = draw(st.sampled_from([0.0, 0.3, 1.0]))
    walls = list(store.walls)
    for c in range(CELLS):
        if c not in on and marks[c] not in CAFE_LETTERS:
            walls[c], marks[c] = 0, "."
            continue
        for sd in (N, E, S, W):  # shut every side towards a space off the route
            nb = neighbour(c, sd)
            if nb >= 0 and nb not in on and marks[nb] not in CAFE_LETTERS:
                walls[c] |= sd
        if marks[c] == "o" and (sum(c in leg for leg in legs) > 1 or rnd.random() < once):
            marks[c] = str(rnd.randint(1, 6))
    return Sheet(tuple(marks), tuple(walls), store.doors, ENTRANCE, EXIT)


@settings(max_examples=examples(300), deadline=None)
@given(store=st.one_of(any_store(), route_store()))
def test_no_store_beats_the_route_bound_of_its_counts(store):
    total = customers_path(store).total
    assert total <= route_bound(*counts(store), APART)


@given(st.integers(0, 12), st.integers(0, 49), st.integers(0, 49), st.integers(0, 12))
def test_a_bound_never_grows_as_the_gates_move_apart(cafes, filled, tiles, apart):
    c = min(cafes, 2)
    assert route_bound(c, max(filled, tiles), tiles, apart) >= route_bound(c, max(filled, tiles), tiles, apart + 1)


def test_the_route_bound_by_hand():
    # one display and a cafeteria: the legs hold 8 spaces or more besides the cafeteria's (the gates
    # are 9 steps apart), 7 of them empty; passing the display twice needs 9 single-leg spaces
    assert route_bound(1, 1, 1, APART) == 1 - 7
    assert route_bound(1, 10, 10, APART) == 11  # the 9 single-leg spaces are displays counted once
    assert route_bound(1, 19, 10, APART) == 20  # ... or filled spaces: each display twice
    assert route_bound(0, 5, 5, APART) == 5 - 5  # 10 spaces from the entrance to the exit, 5 empty
    # two cafeterias: 3 displays passed three times need 2 more spaces of the second leg after them
    assert route_bound(2, 3, 3, APART) == 2 * 3 + 2
    assert route_bound(2, 9, 3, APART) == 3 * 3


def _corridors(spaces: list[tuple[int, int]]) -> list[int]:
    """Walls that close every side of the given spaces but the steps between them (the gates open)."""
    walls = [0] * CELLS
    for a, _ in spaces:
        walls[a] = 15
    for a, b in spaces:
        if b >= 0:
            sd = next(sd for sd in (N, E, S, W) if neighbour(a, sd) == b)
            walls[a] &= ~sd
            walls[b] &= ~OPPOSITE[sd]
    walls[ENTRANCE.cell] &= ~W
    walls[EXIT.cell] &= ~N
    return walls


def test_a_dead_end_store_reaches_the_route_bound():
    """The route's half is exact here: a corridor from the entrance (A4) along row 4 and up column G
    to the exit (G1), with a dead end down column D to a cafeteria on D7-E7.  The customers walk to
    it and back, so D4, D5 and D6 count twice: 15 points from 12 displays, as route_bound says.  What
    keeps a real store far below the bound is where the chart's tiles go and what walls they bring."""
    trunk = [21, 22, 23, 24, 25, 26, 27, 20, 13, 6]
    spur = [24, 31, 38, 45]  # D4 down to D7
    steps = list(zip(trunk, trunk[1:] + [-1])) + list(zip(spur, spur[1:] + [-1])) + [(46, -1)]
    walls = _corridors(steps)
    marks = ["."] * CELLS
    for c in trunk + spur[1:3]:
        marks[c] = "1"
    marks[45] = marks[46] = "A"
    store = Sheet(tuple(marks), tuple(walls), (0,) * CELLS, ENTRANCE, EXIT)
    assert counts(store) == (1, 12, 12)
    assert customers_path(store).total == 15 == route_bound(1, 12, 12, APART)


def test_a_store_passing_displays_three_times_reaches_the_route_bound():
    """One corridor, B (G4-G5) down the east column, along row 7, up column A through the entrance
    (A4) to A1, along row 1 to the exit (G1) and on to A (F2-G2).  A is 10 steps from the entrance and
    B 11, so the customers walk A4 -> G1 -> A, back past everything to B, and back to G1: the 10
    spaces from A4 to G1 count three times, the 10 towards B twice.  50 points from 20 displays, as
    route_bound says (passing 10 displays three times needs 9 more spaces on the way to B)."""
    chain = [27, 34, 41, 48, 47, 46, 45, 44, 43, 42, 35, 28, 21, 14, 7, 0, 1, 2, 3, 4, 5, 6, 13, 12]
    walls = _corridors(list(zip(chain, chain[1:] + [-1])))
    marks = ["."] * CELLS
    for c in chain:
        marks[c] = "1"
    marks[27] = marks[34] = "B"
    marks[13] = marks[12] = "A"
    store = Sheet(tuple(marks), tuple(walls), (0,) * CELLS, ENTRANCE, EXIT)
    res = customers_path(store)
    assert res.order == ("cafeteria A", "cafeteria B")
    assert counts(store) == (2, 20, 20)
    assert res.total == 50 == route_bound(2, 20, 20, APART)


# ---------------------------------------------------------------- the dailies of 2027


#: the puzzle the default run holds here: the one the par, difficulty and answer-sheet tests hold too, made once
#: in a run; the long run holds the puzzle of every daily of 2027 besides
SHARED = "picnic"


def _challenges() -> list:
    out, d = [pytest.param(SHARED, id=SHARED)], dt.date(2027, 1, 1)
    while d.year == 2027:
        out.append(pytest.param(d.isoformat(), marks=pytest.mark.long))
        d += dt.timedelta(days=1)
    return out


@pytest.mark.parametrize("challenge", _challenges())
def test_the_bound_holds_par_and_the_automatic_player(challenge, made_puzzle):
    if challenge == SHARED:
        layout, _, p = made_puzzle("long-way", SHARED)
    else:  # the long run's dailies, made here and not kept
        from rollwrite.core.puzzles import make_puzzles

        layout, _, (p,) = make_puzzles("long-way", daily=challenge)
    chart, dice = as_chart(layout.data), schedule_dice(p.schedule)
    assert p.bound == solve.bound(chart, dice) < 114  # tighter than the count alone
    # the player draws the gates: the bound holds wherever, and is no looser here than the searches' gates'
    assert p.bound == score_bound(chart, dice, ENTRANCE.cell, EXIT.cell)
    assert p.par <= p.bound and p.par_proven == (p.par >= p.bound)
    for style in ("", "a", "b"):
        assert customers_path(play(chart, dice, style=style)).total <= p.bound
