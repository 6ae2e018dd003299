"""Wobbly Café's simple player, who grades a puzzle: how much of par a greedy player misses (see
rollwrite.difficulty).

The greedy player takes the rolls of a floor in turn order and puts each where, and which way round,
the floor then scores most (the first such slot pair in reading order on a tie), never looking ahead.
"""

from __future__ import annotations

from rollwrite.difficulty import by_gap
from rollwrite.games.wobbly_cafe.solve import geometry, score_values

#: shares of par the greedy player misses that part easy from medium and medium from hard
CUTS = (0.56, 0.64)


def greedy_floor(data, rolls: list[tuple[int, int]]) -> int:
    """What the greedy player scores on a floor with these rolls."""
    g = geometry(data)
    val = [0] * g.n
    free = list(range(len(g.slots)))
    for a, b in rolls:
        best: tuple[int, int, int, int] | None = None
        for k in free:
            x, y = g.slots[k]
            for p, q in ((a, b), (b, a)):
                val[x], val[y] = p, q
                s = score_values(g, val)
                if best is None or s > best[0]:
                    best = (s, k, p, q)
            val[x] = val[y] = 0
        assert best is not None
        _, k, p, q = best
        x, y = g.slots[k]
        val[x], val[y] = p, q
        free.remove(k)
    return score_values(g, val)


def difficulty(data, floors: list[list[tuple[int, int]]], par: float | None) -> str:
    return by_gap(par, sum(greedy_floor(data, rolls) for rolls in floors), CUTS)
