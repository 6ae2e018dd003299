"""The Long Way's difficulty ladder: the players a puzzle is graded by (see rollwrite.difficulty).

- **automatic player** (``play.play``): each tile at a place its fixed, hash-driven chooser picks
  among those that fit, the display on one of its spaces, never weighing the route: an average player;
- **greedy**: the puzzle's first search (rerolls with a coin, walls across the route where a bonus is
  earned, no cafeteria on purpose) keeping one store from turn to turn: each turn the placement whose
  customers' route, as the scorer walks it, counts most (a display twice, an empty space once; ties
  by the order the moves are made), and the best store it passed on the way;
- **lookahead 3**: the same search keeping the three best stores each turn: a player who weighs three
  plans at once.

Par comes from six searches twelve stores wide and from these two narrow ones (``solve.solve`` runs
them too, so no rung ever beats par), and most puzzles are not reached by these players; a puzzle none
reaches is graded by how far the strongest falls short of par: see ``NEAR``.
"""

from __future__ import annotations

from rollwrite.difficulty import Grade, Rung, check_ladder, climb
from rollwrite.games.long_way.play import play, schedule_dice
from rollwrite.games.long_way.rules import score
from rollwrite.games.long_way.solve import LADDER_WIDTHS, first_search_score

LADDER = (
    Rung("automatic player", "easy", "each tile where a fixed chooser puts it among the places that fit"),
    Rung("greedy", "easy", "the first search, one store kept from turn to turn"),
    Rung("lookahead 3", "easy", "the first search, three stores kept from turn to turn"),
)
check_ladder(LADDER)
#: a puzzle no rung reaches: easy when the strongest falls short by less than NEAR[0] points,
#: medium when by less than NEAR[1], else hard (set from a sample of the dailies of 2027, every 15th
#: day: 10, 7 and 6 of 23; benchmarks/difficulty.py gives the year's split)
NEAR = (4, 8)


def grade(chart, schedule, par: float | None) -> Grade:
    dice = schedule_dice(schedule)
    players = (lambda: score(play(chart, dice), chart).total,
               lambda: first_search_score(chart, dice, LADDER_WIDTHS[0]),
               lambda: first_search_score(chart, dice, LADDER_WIDTHS[1]))
    return climb(par, list(zip(LADDER, players)), near=NEAR)


# ---------------------------------------------------------------- the finish-the-store puzzle (finish.py)

#: the finish puzzle's ladder: players of its two rolls, read from its exact search (each first turn's
#: score and the best its last roll reaches; the last roll is always played at its best).  The store is
#: chosen so that the greedy player falls short of par (finish.py ``worth``), but on a day where no store
#: tried is so.
FINISH_LADDER = (
    Rung("automatic player", "easy", "the automatic player's own two rolls, as it played them"),
    Rung("greedy", "easy", "the first roll's turn that scores most at once (stopping too; ties by the order "
                           "the turns are made), then the best last roll"),
    Rung("lookahead 2", "easy", "the two first turns that score most at once, each followed by its best "
                                "last roll"),
    Rung("lookahead 7", "medium", "the seven first turns that score most at once, each followed by its best "
                                  "last roll"),
)
check_ladder(FINISH_LADDER)


def greedy(firsts: list[tuple[int, int]], width: int) -> int:
    """The best finish of the ``width`` first turns (stopping first) that score most at once."""
    order = sorted(range(len(firsts)), key=lambda i: -firsts[i][0])  # stable: ties by the order made
    return max(firsts[i][1] for i in order[:width])


def grade_finish(par: float | None, player: int, firsts: list[tuple[int, int]]) -> Grade:
    """A finish puzzle's grade: hard when no rung reaches par."""
    players = (lambda: player, lambda: greedy(firsts, 1), lambda: greedy(firsts, 2), lambda: greedy(firsts, 7))
    return climb(par, list(zip(FINISH_LADDER, players)))
