"""Wobbly Café's difficulty ladder: the players a puzzle is graded by (see rollwrite.difficulty).

Each player plans every floor alone; a rung reaches par when its floors add up to par.

- **greedy**: takes the rolls of a floor in turn order and puts each where, and which way round, the
  floor then scores most, never looking ahead.  Ties: the first free slot pair in reading order (its
  first space's), the roll as rolled before turned round;
- **greedy, then swaps**: the greedy floor, then, again and again, the first change that raises the
  floor's score, in this order: turning one pair round (slot pairs in reading order), then swapping
  two pairs' places (each pair with every later one, in reading order); it stops when no single turn
  or swap helps (a local optimum);
- **local search**: the solver's own anneal (``solve.local_search``) over swaps and turns of whole
  pairs, seeded by the floor's number: three random starts of 10,000 moves each (what the solver tries
  before it searches), the best floor of the three.

Par is nearly always the counting bound, which every floor must reach at once, so these players seldom
reach it over three floors; a puzzle none reaches is graded by how far the strongest (local search)
falls short of par: see ``NEAR``.
"""

from __future__ import annotations

from rollwrite.difficulty import Grade, Rung, check_ladder, climb
from rollwrite.games.wobbly_cafe.solve import geometry, local_search, score_values

LADDER = (
    Rung("greedy", "easy", "each roll in turn where the floor then scores most"),
    Rung("greedy, then swaps", "easy", "the greedy floor, then turns and swaps of pairs while one helps"),
    Rung("local search", "easy", "three anneals over turns and swaps of pairs, 10,000 moves each"),
)
check_ladder(LADDER)
#: a puzzle no rung reaches: easy when the strongest falls short by less than NEAR[0] points, medium
#: when by less than NEAR[1], else hard (on every 10th daily of 2027: 14, 13 and 10 of 37)
NEAR = (6, 10)


def _greedy(g, rolls: list[tuple[int, int]]) -> list[int]:
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
    return val


def greedy_floor(data, rolls: list[tuple[int, int]]) -> int:
    """What the greedy player scores on a floor with these rolls."""
    g = geometry(data)
    return score_values(g, _greedy(g, rolls))


def swapped_floor(data, rolls: list[tuple[int, int]]) -> int:
    """What the greedy player scores after turns and swaps of pairs while one helps."""
    g = geometry(data)
    val = _greedy(g, rolls)
    score = score_values(g, val)
    slots = g.slots
    better = True
    while better:
        better = False
        for x, y in slots:  # turn one pair round
            val[x], val[y] = val[y], val[x]
            s = score_values(g, val)
            if s > score:
                score, better = s, True
                break
            val[x], val[y] = val[y], val[x]
        if better:
            continue
        for i, (x, y) in enumerate(slots):  # swap two pairs
            for u, v in slots[i + 1:]:
                val[x], val[y], val[u], val[v] = val[u], val[v], val[x], val[y]
                s = score_values(g, val)
                if s > score:
                    score, better = s, True
                    break
                val[x], val[y], val[u], val[v] = val[u], val[v], val[x], val[y]
            if better:
                break
    return score


def searched_floor(data, rolls: list[tuple[int, int]], floor: int, moves: int, restarts: int) -> int:
    """What the solver's anneal scores on a floor, seeded by the floor's number."""
    g = geometry(data)
    rolls = [(min(a, b), max(a, b)) for a, b in rolls]
    return local_search(g, rolls, floor, 10**9, moves, restarts)[1]


def grade(data, floors: list[list[tuple[int, int]]], par: float | None) -> Grade:
    """The puzzle's place on LADDER: the first rung whose floors add up to par."""
    each = list(enumerate(floors, start=1))
    players = (
        lambda: sum(greedy_floor(data, rolls) for _, rolls in each),
        lambda: sum(swapped_floor(data, rolls) for _, rolls in each),
        lambda: sum(searched_floor(data, rolls, f, 10_000, 3) for f, rolls in each),
    )
    return climb(par, list(zip(LADDER, players)), near=NEAR)
