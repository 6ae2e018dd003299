"""How hard a puzzle is, measured rather than guessed.

sgt-puzzles grades a puzzle by the weakest technique that still solves it.  Ours are of two kinds:

- **score puzzles** (Wobbly Café, Shelving Wars, The Long Way): how much of par a simple player
  misses, the share ``(par - simple) / par``; each game says who its simple player is (a greedy one
  that takes the best points now, or the automatic player);
- **one-move puzzles** (Scrambled Streets, Lines & Sections): how many tempting wrong answers there
  are (placements that score nearly the best; safe sections that lose).

Each game sets its two cut points from the dailies of 2027, so that each level holds a fair share of them.
"""

from __future__ import annotations

LEVELS = ("easy", "medium", "hard")


def by_gap(par: float | None, simple: float, cuts: tuple[float, float]) -> str:
    """The level of a score puzzle whose simple player reaches ``simple`` where par is ``par``: easy when
    it misses less than ``cuts[0]`` of par, hard from ``cuts[1]`` on."""
    if not par or par <= 0:
        return LEVELS[0]
    return by_count(max(0.0, (par - simple) / par), cuts)


def by_count(tempting: float, cuts: tuple[float, float]) -> str:
    """The level of a measure (tempting wrong answers, or a share of par missed): easy below ``cuts[0]``,
    medium below ``cuts[1]``, else hard."""
    return LEVELS[0] if tempting < cuts[0] else LEVELS[1] if tempting < cuts[1] else LEVELS[2]
