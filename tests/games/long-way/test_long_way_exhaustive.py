"""The Long Way puzzle's search against every game a short schedule allows.

The enumeration below is written from the rules (docs/rules/long-way.md), not from the solver's move
generator: a tile of the chart, unrotated, on any empty spaces inside the store (closing the entrance
or the exit included: that store scores 0); its display on any of its spaces with the furniture of
either die; a cafeteria on any two side-by-side empty spaces (two at most); a stop.  A display touching
a cafeteria or the same furniture across an open side earns a bonus: two coins, a doorway through any
wall, or a wall on any side of any space.  Coins start at none, so no die can be rerolled within two
turns.  Every store is scored by the rules' own path (``customers_path``).
"""

from __future__ import annotations

import pytest

from rollwrite.games.long_way import solve
from rollwrite.games.long_way.data import SIZE, as_chart
from rollwrite.games.long_way.format import Bonus, Gate, LogTurn, Sheet
from rollwrite.games.long_way.rules import CAFE_LETTERS, OPPOSITE, _edge_open, _State, check, customers_path, neighbour

CELLS = SIZE * SIZE
SIDES = (1, 2, 4, 8)
ENTRANCE, EXIT = Gate(21, 8), Gate(6, 1)


@pytest.fixture(scope="module")
def chart():
    from rollwrite.layoutlang.layout import resolve

    return as_chart(resolve("long-way").data)


def _clone(s: _State) -> _State:
    return _State(list(s.marks), list(s.walls), list(s.doors), list(s.owner), list(s.cafes), s.coins, s.gained, s.spent)


def _sheet(s: _State, log) -> Sheet:
    return Sheet(tuple(s.marks), tuple(s.walls), tuple(s.doors), ENTRANCE, EXIT, s.gained, s.spent, tuple(log))


def _empty(s: _State, c: int) -> bool:
    return s.marks[c] == "." and not s.walls[c]


def _bonuses(s: _State):
    """Every bonus the player may take: coins, a doorway through a wall, a wall on a side."""
    yield Bonus("coins")
    for c in range(CELLS):
        for side in SIDES:
            if s.walls[c] & side and not s.doors[c] & side:
                yield Bonus("doorway", c, side)
            if not s.walls[c] & side:
                yield Bonus("wall", c, side)


def _apply(s: _State, b: Bonus) -> _State:
    s = _clone(s)
    if b.kind == "coins":
        s.coins += 2
        s.gained += 2
    elif b.kind == "wall":
        s.walls[b.cell] |= b.side
    else:  # a doorway goes through the walls of both spaces of its edge
        s.doors[b.cell] |= b.side
        nb = neighbour(b.cell, b.side)
        if nb >= 0 and s.walls[nb] & OPPOSITE[b.side]:
            s.doors[nb] |= OPPOSITE[b.side]
    return s


def moves(chart, s: _State, n: int, roll: tuple[int, int]):
    """(state, log turn) for every way turn ``n`` can be played with ``roll`` (no rerolls)."""
    yield s, LogTurn(n, roll, (), "stop")
    tile = chart.tile(*roll)
    for at in range(CELLS):
        ar, ac = divmod(at, SIZE)
        cells = []
        for dr, dc in tile.cells:
            r, c = ar + dr, ac + dc
            if not (0 <= r < SIZE and 0 <= c < SIZE):
                break
            cells.append(r * SIZE + c)
        else:
            if not all(_empty(s, c) for c in cells):
                continue
            base = _clone(s)
            for c, w in zip(cells, tile.walls):
                base.walls[c] = w
                base.marks[c] = "." if w else "o"
            for c in cells:
                for face in sorted(set(roll)):
                    shown = _clone(base)
                    shown.marks[c] = str(face)
                    turn = LogTurn(n, roll, (), "tile", at, (face, c))
                    earns = any(
                        neighbour(c, side) >= 0 and _edge_open(shown, c, side)
                        and (shown.marks[neighbour(c, side)] in CAFE_LETTERS or shown.marks[neighbour(c, side)] == str(face))
                        for side in SIDES)
                    if not earns:
                        yield shown, turn
                        continue
                    for b in _bonuses(shown):
                        yield _apply(shown, b), LogTurn(n, roll, (), "tile", at, (face, c), bonus=b)
    if len(s.cafes) < 2:
        for a in range(CELLS):
            for b in (a + 1, a + SIZE):
                if b < CELLS and (b != a + 1 or a % SIZE != SIZE - 1) and _empty(s, a) and _empty(s, b):
                    ch = _clone(s)
                    ch.marks[a] = ch.marks[b] = CAFE_LETTERS[len(s.cafes)]
                    ch.cafes.append((a, b))
                    yield ch, LogTurn(n, roll, (), "cafeteria", cafe=(a, b))


def exhaustive(chart, rolls: list[tuple[int, int]]):
    """(best score, a sheet reaching it) over every game of these rolls, stopping allowed anywhere."""
    start = _State(["."] * CELLS, [0] * CELLS, [0] * CELLS, [""] * CELLS, [])
    best = (customers_path(_sheet(start, ())).total, _sheet(start, (LogTurn(1, rolls[0], (), "stop"),)))

    def go(s: _State, log: tuple, n: int) -> None:
        nonlocal best
        if n > len(rolls):
            return
        for nxt, turn in moves(chart, s, n, rolls[n - 1]):
            if turn.action == "stop":
                continue  # the store as it stands was scored when it was built
            here = log + (turn,)
            total = customers_path(_sheet(nxt, ())).total
            if total > best[0]:
                ended = here + ((LogTurn(n + 1, rolls[n], (), "stop"),) if n < len(rolls) else ())
                best = (total, _sheet(nxt, ended))
            go(nxt, here, n + 1)

    go(start, (), 1)
    return best


def _dice(rolls):
    return [(r, ((), ())) for r in rolls]


class _Schedule:
    """Just what the rules' replay reads of a seeded schedule: one player's rolls, no reserves."""

    id = "a short test schedule"

    def __init__(self, rolls) -> None:
        from types import SimpleNamespace

        self.turns = [SimpleNamespace(dice=r, rerolls=((), ())) for r in rolls]

    def group(self, n: int):
        return self.turns


@pytest.mark.parametrize("light", range(1, 7))
def test_the_search_finds_the_best_one_turn_game(chart, light):
    for dark in range(1, 7):
        rolls = [(light, dark)]
        best, sheet = exhaustive(chart, rolls)
        result = solve.solve(chart, _dice(rolls))
        assert result.par == best, (rolls, result.par, best)
        assert customers_path(result.sheet).total == best
        assert result.bound >= best


def test_the_search_finds_the_best_two_turn_game(chart):
    rolls = [(2, 5), (4, 4)]
    best, sheet = exhaustive(chart, rolls)
    result = solve.solve(chart, _dice(rolls))
    assert result.par == best
    assert result.bound >= best
    assert customers_path(sheet).total == best
    assert check(sheet, chart, _Schedule(rolls)) == []  # the enumeration builds only legal games
    assert check(result.sheet, chart, _Schedule(rolls)) == []


def test_a_store_walled_off_by_a_bonus_beats_every_open_one():
    """Hand-worked (the enumeration above agrees, but takes 20 s): neither 1 × 1 nor 1 × 3 can wall
    off a gate, and after two tiles every open store still crosses empty spaces (the best scores −5).
    A display beside a display of the same furniture earns a bonus, and a bonus wall across the exit
    leaves a store the customers cannot enter, which scores 0."""
    from rollwrite.layoutlang.layout import resolve

    chart = as_chart(resolve("long-way").data)
    rolls = [(1, 1), (1, 3)]
    result = solve.solve(chart, _dice(rolls))
    assert result.par == 0
    assert customers_path(result.sheet).reason is not None
    assert any(t.bonus is not None and t.bonus.kind == "wall" for t in result.sheet.log)
    assert check(result.sheet, chart, _Schedule(rolls)) == []
