"""Lines & Sections' difficulty ladder: the players a "shade to win" puzzle is graded by (see
rollwrite.difficulty).

A puzzle is a finished path with nothing shaded yet, so every section is safe, and exactly one first
shading wins against any defence.  Shading a section takes it and every section bordering it out of
play (they can never be shaded safely again); a player left with no safe section goes out.  Each player
below picks one first shading, deterministically; it reaches par when that shading is the winning one.

- **the order of sections** every player breaks ties by: the sections bordering the most others first
  (shading one of them takes the most out of play), then reading order (the order of their first
  squares, as the board names them: ``a``, ``b``, ...);
- **greedy**: the first section in that order;
- **parity**: the first section in that order that leaves an even number of safe sections (as though
  each safe section left would be shaded one at a time, so that the opponent runs out first); when
  none does, as greedy;
- **win in 2**: the first section in that order after which, whatever the opponent shades, you can
  shade so that no safe section is left (you win by your second shading at the latest); when none
  does, as parity;
- **win in 3**: the same, winning by your third shading at the latest: every reply has a shading of
  yours after which every reply has a shading that leaves nothing safe; when none does, as win in 2;
- **nim-sum**: the full theory (``solve.analyse``): the safe sections left fall into groups that
  border nothing of each other; each group has a Sprague–Grundy value, and the shading that wins is
  the one that leaves groups whose values' nim-sum (XOR) is 0.  It always finds the winning shading.

A puzzle the greedy or the parity player solves is easy; one that needs reading ahead to your second
shading is medium; one that needs your third, or the theory, is hard.  Over the 365 dailies of 2027
(5×5 boards): 79 greedy, 54 parity (133 easy), 112 win in 2 (medium), 98 win in 3 and 22 nim-sum (120
hard); ``benchmarks/difficulty.py --games lines-and-sections`` makes the table.  Where the rungs
below miss it, a reading-ahead player finds the winning shading exactly when it wins that fast (a
shading that forces a win is a winning one, and a puzzle has only one), so their tie-break never
changes a grade.
"""

from __future__ import annotations

from collections.abc import Callable

from rollwrite.difficulty import Grade, Rung, check_ladder, climb
from rollwrite.games.lines_and_sections.rules import Sections, referee
from rollwrite.games.lines_and_sections.solve import Puzzle, analyse

LADDER = (
    Rung("greedy", "easy", "the section bordering the most others (tie: reading order)"),
    Rung("parity", "easy", "the first section in greedy's order that leaves an even number of safe sections"),
    Rung("win in 2", "medium", "the first section in greedy's order after which you can always leave nothing "
                               "safe with your next shading"),
    Rung("win in 3", "hard", "the first section in greedy's order after which you can always leave nothing "
                             "safe by your third shading at the latest"),
    Rung("nim-sum", "hard", "the shading that leaves groups whose Sprague–Grundy values have nim-sum 0"),
)
check_ladder(LADDER)


class Graph:
    """The sections of a finished path as a graph of bit masks: ``closed[k]`` is section k and the
    sections bordering it, what shading k takes out of play; ``order`` the sections in the order of
    sections (the most bordering sections first, then reading order)."""

    def __init__(self, secs: Sections) -> None:
        n = len(secs)
        self.all = (1 << n) - 1
        self.closed = [sum(1 << j for j in secs.adjacent[k]) | (1 << k) for k in range(n)]
        self.order = sorted(range(n), key=lambda k: (-len(secs.adjacent[k]), k))

    def after(self, safe: int, k: int) -> int:
        """The safe sections left once section k of ``safe`` is shaded."""
        return safe & ~self.closed[k]

    def moves(self, safe: int) -> list[int]:
        return [k for k in self.order if (safe >> k) & 1]


def greedy(secs: Sections) -> int:
    """The section bordering the most others; the first in reading order on a tie."""
    return Graph(secs).order[0]


def parity(secs: Sections) -> int:
    """The first section in greedy's order that leaves an even number of safe sections, else greedy's."""
    g = Graph(secs)
    return next((k for k in g.order if bin(g.after(g.all, k)).count("1") % 2 == 0), g.order[0])


def wins_within(g: Graph, safe: int, shadings: int, memo: dict[tuple[int, int], bool]) -> bool:
    """Whether the player to move on ``safe`` can leave nothing safe by their ``shadings``-th shading at
    the latest, whatever the opponent shades in between."""
    key = (safe, shadings)
    got = memo.get(key)
    if got is None:
        got = any(_forces(g, g.after(safe, k), shadings, memo) for k in g.moves(safe))
        memo[key] = got
    return got


def _forces(g: Graph, left: int, shadings: int, memo: dict[tuple[int, int], bool]) -> bool:
    """Whether a shading that leaves ``left`` safe wins within ``shadings`` shadings (its own included)."""
    if not left:
        return True  # the opponent has no safe section: they go out
    return shadings > 1 and all(wins_within(g, g.after(left, r), shadings - 1, memo) for r in g.moves(left))


def win_in(shadings: int) -> Callable[[Sections], int]:
    """The player that reads ahead ``shadings`` of its own shadings: the first section in greedy's order
    that wins by then, else the player one shading shorter (parity below 2)."""

    def play(secs: Sections) -> int:
        g = Graph(secs)
        memo: dict[tuple[int, int], bool] = {}
        for k in g.order:
            if _forces(g, g.after(g.all, k), shadings, memo):
                return k
        return win_in(shadings - 1)(secs) if shadings > 2 else parity(secs)

    play.__name__ = f"win_in_{shadings}"
    return play


def nim_sum(secs: Sections) -> int:
    """The first winning shading in reading order by the puzzle's own solver (the theory); greedy's
    when none wins."""
    winning = analyse(secs, set()).winning
    return winning[0] if winning else greedy(secs)


PLAYERS: tuple[Callable[[Sections], int], ...] = (greedy, parity, win_in(2), win_in(3), nim_sum)


def grade(secs: Sections, answer: int) -> Grade:
    """The place on LADDER of the position ``secs`` (nothing shaded) whose winning shading is section
    ``answer``: the first rung whose player shades it (a rung scores 1 when it does, 0 when not, and par
    is 1: the win)."""
    def finds(play: Callable[[Sections], int]) -> Callable[[], float]:
        return lambda: 1 if play(secs) == answer else 0

    return climb(1, [(rung, finds(play)) for rung, play in zip(LADDER, PLAYERS)])


def grade_puzzle(pz: Puzzle) -> Grade:
    """A puzzle's place on LADDER: its path refereed into sections, graded by its answer."""
    secs = referee(pz.game()).sections
    assert secs is not None  # a puzzle's path is finished
    return grade(secs, pz.answer)
