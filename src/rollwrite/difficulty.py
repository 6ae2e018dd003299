"""How hard a puzzle is, measured rather than guessed.

sgt-puzzles grades a puzzle by the weakest technique that still solves it.  Ours are of two kinds:

- **score puzzles** (Wobbly Café, Shelving Wars, The Long Way) are graded by a **ladder**: named,
  deterministic players from simple to strong (a greedy player with its tie-break stated, a player
  that looks one turn ahead, local searches of growing length...), each with the level it stands for.
  A puzzle is as hard as the first rung whose player reaches par; when none does, it is hard, and
  how far the strongest falls short is kept too.  Each game's ladder is in its ``ladder.py`` and
  docs/puzzles.md.  Lines & Sections has a ladder too: its puzzle has one right answer, so a rung
  scores 1 when its player finds it, and par is 1;
- **one-move puzzles** (Scrambled Streets): a ladder of players that each look at some of the
  placements and play the best of them; one that looks at the one best placement reaches par.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

LEVELS = ("easy", "medium", "hard")


@dataclass(frozen=True)
class Rung:
    """One player of a ladder: its ``name`` (``greedy``), the ``level`` of a puzzle it is the first to
    reach par on, and what it does, in a sentence (``about``, the docs' wording)."""

    name: str
    level: str
    about: str


@dataclass(frozen=True)
class Grade:
    """A puzzle's place on its ladder: its ``level``; the rung that first reaches par (None when none
    does); the scores of the rungs tried, in order (the climb stops at the first to reach par); and
    how far the strongest rung tried falls short of par (0 when one reaches it)."""

    level: str
    reached_by: str | None
    scores: tuple[float, ...]
    short_by: float

    def to_json(self) -> dict:
        return {"level": self.level, "reached_by": self.reached_by, "short_by": self.short_by,
                "scores": list(self.scores)}


def climb(par: float | None, ladder: Sequence[tuple[Rung, Callable[[], float]]],
          near: tuple[float, float] | None = None) -> Grade:
    """Play the rungs of ``ladder`` (each a rung and a function giving what its player scores) in order
    until one reaches ``par``: the puzzle is of that rung's level.  When none does, it is graded by how
    far the best rung falls short: with ``near``, easy when by less than ``near[0]``, medium when by
    less than ``near[1]``, else hard (but never easier than the strongest rung's level); without, hard.  A puzzle with no par is easy (nothing to reach)."""
    if par is None:
        return Grade(LEVELS[0], None, (), 0)
    scores: list[float] = []
    for rung, player in ladder:
        scores.append(player())
        if scores[-1] >= par:
            return Grade(rung.level, rung.name, tuple(scores), 0)
    short = par - max(scores, default=0)
    level = LEVELS[-1] if near is None else by_count(short, near)
    if ladder and LEVELS.index(level) < LEVELS.index(ladder[-1][0].level):
        level = ladder[-1][0].level  # never easier than a puzzle the strongest rung reaches
    return Grade(level, None, tuple(scores), short)


def check_ladder(ladder: Sequence[Rung]) -> None:
    """A ladder's levels never go down as its rungs go up (raises ValueError otherwise)."""
    levels = [LEVELS.index(r.level) for r in ladder]
    if levels != sorted(levels) or len({r.name for r in ladder}) != len(ladder):
        raise ValueError("a ladder's rungs go from easy to hard, each with its own name")


def by_count(n: float, cuts: tuple[float, float]) -> str:
    """The level of a puzzle measured by ``n`` (how far a ladder's strongest rung falls short of par, or
    how far a simple player does): easy below ``cuts[0]``, medium below ``cuts[1]``, else hard."""
    return LEVELS[0] if n < cuts[0] else LEVELS[1] if n < cuts[1] else LEVELS[2]


# ---------------------------------------------------------------- the label in words, for a puzzle's page


def ladder_meaning(grade: dict, ladder: Sequence[Rung], near: tuple[float, float] | None = None,
                   goal: tuple[str, str] = ("reaches par", "to reach par")) -> str:
    """What a puzzle's label means, in a sentence in its ladder's own words (each rung's ``about``):
    which player first reaches par (``goal``, said of one and after "the first": ``("finds the winning
    section", "to find it")`` for a puzzle with one right answer), or, when none does, how far the strongest falls short and where the cut points lie.
    ``grade`` is :meth:`Grade.to_json`; "" when it is empty (a puzzle not graded)."""
    if not grade:
        return ""
    level = f'**{str(grade["level"]).capitalize()}:**'
    rung = next((r for r in ladder if r.name == grade.get("reached_by")), None)
    if rung is not None:
        if rung is ladder[0]:
            return f"{level} our simplest player, {rung.name}, {goal[0]}: {rung.about}."
        return (f"{level} of our {len(ladder)} players, simplest first, the first {goal[1]} is "
                f"{rung.name}: {rung.about}.")
    strongest = ladder[-1]
    text = (f"{level} none of our {len(ladder)} players {goal[0]}; the strongest, {strongest.name} "
            f"({strongest.about}), falls {_number(grade.get('short_by', 0))} short")
    if near is not None:
        text += f" (easy when short by less than {_number(near[0])}, medium by less than {_number(near[1])})"
    return text + "."


def _number(x: float) -> str:
    return f"{x:g}" if x != int(x) else f"{int(x):,}"
