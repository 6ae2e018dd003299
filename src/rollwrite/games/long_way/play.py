"""A simple automatic player for The Long Way: plays a dice schedule by the rules and returns the
finished sheet with its game log.  Used to make example sheets, test data and the benchmark.

Its choices are deterministic for a (schedule, style) pair: they come from SHA-256 of a counter, never
from Python's ``random``.
"""

from __future__ import annotations

import hashlib
from typing import Any

from rollwrite.games.long_way.data import SIZE, Chart
from rollwrite.games.long_way.format import Bonus, Gate, LogTurn, Sheet
from rollwrite.games.long_way.rules import CAFE_LETTERS, OPPOSITE, _edge_open, _State, neighbour, tile_cells

N, E, S, W = 1, 2, 4, 8
CELLS = SIZE * SIZE


class _Chooser:
    def __init__(self, style: str) -> None:
        self.style = style
        self.k = 0

    def index(self, n: int) -> int:
        self.k += 1
        h = hashlib.sha256(f"{self.style}/{self.k}".encode()).digest()
        return int.from_bytes(h[:8], "big") % n


def _empty(st: _State, c: int) -> bool:
    return st.marks[c] == "." and not st.walls[c]


def _closes_gate(walls: tuple[int, ...], cells: list[int], gates: tuple[Gate, ...]) -> bool:
    return any(g.cell == c and w & g.side for c, w in zip(cells, walls) for g in gates)


def play(chart: Chart, dice: list[tuple[tuple[int, int], tuple[tuple[int, ...], ...]]], style: str = "",
         entrance: Gate = Gate(21, W), exit: Gate = Gate(6, N), stop_after: int | None = None) -> Sheet:
    """Play ``dice`` (per turn: (light, dark) and each die's reroll reserve) and return the sheet."""
    pick = _Chooser(style)
    st = _State(["."] * CELLS, [0] * CELLS, [0] * CELLS, [""] * CELLS, [])
    log: list[LogTurn] = []
    for n, (roll, reserve) in enumerate(dice, start=1):
        if stop_after is not None and n > stop_after:
            log.append(LogTurn(n, roll, (), "stop"))
            break
        cur = list(roll)
        rerolls: list[tuple[int, int]] = []
        used = [0, 0]

        def options() -> list[int]:
            return [a for a in range(CELLS)
                    if (cs := tile_cells(chart, cur[0], cur[1], a)) is not None and all(_empty(st, c) for c in cs)
                    and not _closes_gate(chart.tile(cur[0], cur[1]).walls, cs, (entrance, exit))]

        opts = options()
        while not opts and st.coins > 0:
            die = pick.index(2)
            if used[die] >= len(reserve[die]):
                break
            cur[die] = reserve[die][used[die]]
            used[die] += 1
            st.coins -= 1
            st.spent += 1
            rerolls.append((die, cur[die]))
            opts = options()
        if not opts:
            pairs = [(a, b) for a in range(CELLS) for b in (a + 1, a + SIZE)
                     if b < CELLS and (b != a + 1 or a % SIZE != SIZE - 1) and _empty(st, a) and _empty(st, b)]
            if len(st.cafes) < 2 and pairs:
                a, b = pairs[pick.index(len(pairs))]
                st.marks[a] = st.marks[b] = CAFE_LETTERS[len(st.cafes)]
                st.cafes.append((a, b))
                log.append(LogTurn(n, roll, tuple(rerolls), "cafeteria", cafe=(a, b)))
                continue
            log.append(LogTurn(n, roll, tuple(rerolls), "stop"))
            break
        at = opts[pick.index(len(opts))]
        cells = tile_cells(chart, cur[0], cur[1], at)
        assert cells is not None
        t = chart.tile(cur[0], cur[1])
        for c, w in zip(cells, t.walls):
            st.walls[c] = w
            st.marks[c] = "o" if not w else "."
        # prefer a display that earns a bonus
        choices = [(f, c) for f in sorted(set(cur)) for c in cells]
        earning = []
        for f, c in choices:
            for side in (N, E, S, W):
                nb = neighbour(c, side)
                if nb >= 0 and _edge_open(st, c, side) and (st.marks[nb] in CAFE_LETTERS or st.marks[nb] == str(f)):
                    earning.append((f, c))
                    break
        face, dcell = (earning or choices)[pick.index(len(earning or choices))]
        st.marks[dcell] = str(face)
        bonus = _bonus(st, pick) if earning else None
        log.append(LogTurn(n, roll, tuple(rerolls), "tile", at, (face, dcell), bonus))
    return Sheet(tuple(st.marks), tuple(st.walls), tuple(st.doors), entrance, exit, st.gained, st.spent, tuple(log))


def _bonus(st: _State, pick: _Chooser) -> Bonus:
    """An earned bonus, picked at random: two coins, a doorway through a wall (coins when there is no
    wall to punch) or a wall on any free side; ``st`` is updated."""
    kind = ("coins", "wall", "doorway")[pick.index(3)]
    if kind == "doorway":
        walled = [(c, s) for c in range(CELLS) for s in (N, E, S, W) if st.walls[c] & s and not st.doors[c] & s]
        if walled:
            c, s = walled[pick.index(len(walled))]
            st.doors[c] |= s
            nb = neighbour(c, s)
            if nb >= 0 and st.walls[nb] & OPPOSITE[s]:
                st.doors[nb] |= OPPOSITE[s]
            return Bonus("doorway", c, s)
        kind = "coins"
    if kind == "wall":
        free = [(c, s) for c in range(CELLS) for s in (N, E, S, W) if not st.walls[c] & s]
        c, s = free[pick.index(len(free))]
        st.walls[c] |= s
        return Bonus("wall", c, s)
    st.coins += 2
    st.gained += 2
    return Bonus("coins")


def schedule_dice(schedule: Any) -> list[tuple[tuple[int, int], tuple[tuple[int, ...], ...]]]:
    """The (roll, reroll reserves) of each turn of a rollwrite.dice.Schedule."""
    return [((t.dice[0], t.dice[1]), tuple(t.rerolls) or ((), ())) for t in schedule.group(1)]
