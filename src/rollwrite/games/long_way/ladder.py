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
