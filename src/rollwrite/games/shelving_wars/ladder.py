"""Shelving Wars' difficulty ladder: the players a solo puzzle is graded by (see rollwrite.difficulty).

Every player plays the rules: each turn a box of two different dice of the roll, joined to an earlier
box (the first covers the corner), a roll that fits must be built, the first roll that fits no box ends
the game.  Every choice is made in one stated order, so each player is deterministic:

- the **order of moves**: sizes by points (``h × w − h − w``), then the taller first, then the wider;
  for a size, its places nearest the corner first (fewest rows plus columns from it), then in reading
  order;
- **greedy**: each turn the first move in that order, the best-scoring box now wherever it is first
  found: it never thinks about room;
- **lookahead**: each turn the move that scores most with the best box the next roll can then build
  (nothing when the next roll then fits no box, which ends the game), the first in the order on a
  tie; on the last turn, as greedy;
- **search N**: the puzzle's own branch and bound (``solve.solve``), stopped after N positions: a
  careful player trying things out, with ``N`` 100, 1,000 and then 20,000.

A puzzle the first three reach is easy, one that needs 1,000 positions medium, the rest hard (those
20,000 positions reach, and those no rung reaches).  On every 5th daily of 2027 that is 23, 24 and 26
of 73.
"""

from __future__ import annotations

from rollwrite.difficulty import Grade, Rung, check_ladder, climb
from rollwrite.games.shelving_wars.solve import BoxT, _Search, solve, value

LADDER = (
    Rung("greedy", "easy", "each turn the best-scoring box now, at the first place it fits (nearest the corner)"),
    Rung("lookahead", "easy", "each turn the box and place that score most with the best box the next roll can then build"),
    Rung("search 100", "easy", "the puzzle's branch and bound, stopped after 100 positions"),
    Rung("search 1,000", "medium", "the puzzle's branch and bound, stopped after 1,000 positions"),
    Rung("search 20,000", "hard", "the puzzle's branch and bound, stopped after 20,000 positions"),
)
check_ladder(LADDER)


def _moves(s: _Search, t: int, boxes: list[BoxT], used: int) -> list[BoxT]:
    """Every box roll ``t`` may build, in the order of moves (module docstring)."""
    _, where = s.fitting(used, t, -1)
    out = []
    for h, w in s.options[t]:  # best points first, then taller, then wider
        out.extend(s.places(boxes, where, h, w))  # nearest the corner first, then reading order
    return out


def _best_next(s: _Search, t: int, boxes: list[BoxT], used: int) -> int:
    """The points of the best box roll ``t`` can build (0 when it fits none, or there is no roll t)."""
    if t >= len(s.rolls):
        return 0
    moves = _moves(s, t, boxes, used)
    return max((value(h, w) for _, _, h, w in moves), default=0)


def play(size: int, rolls: list[tuple[int, ...]], lookahead: bool) -> tuple[int, tuple[BoxT, ...]]:
    """(score, boxes) of the greedy player, or with ``lookahead`` the lookahead player."""
    s = _Search(size, rolls, 0)
    boxes: list[BoxT] = []
    used = score = 0
    for t in range(len(rolls)):
        moves = _moves(s, t, boxes, used)
        if not moves:
            break  # the first roll that fits no box ends the game
        if lookahead and t + 1 < len(rolls):
            def worth(b: BoxT) -> int:
                return value(b[2], b[3]) + _best_next(s, t + 1, boxes + [b], used | s.mask(b))

            pick = max(moves, key=worth)  # max keeps the first of equals
        else:
            pick = moves[0]
        boxes.append(pick)
        used |= s.mask(pick)
        score += value(pick[2], pick[3])
    return score, tuple(boxes)


def grade(size: int, rolls: list[tuple[int, ...]], par: int) -> Grade:
    """The puzzle's place on LADDER."""
    players = (lambda: play(size, rolls, False)[0], lambda: play(size, rolls, True)[0],
               lambda: solve(size, rolls, budget=100).score, lambda: solve(size, rolls, budget=1_000).score,
               lambda: solve(size, rolls, budget=20_000).score)
    return climb(par, list(zip(LADDER, players)))
