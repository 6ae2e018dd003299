"""What an element is drawn with: the print run's context, and each sheet's own job (dice, puzzle, answer)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rollwrite.dice import Schedule
from rollwrite.draw.metrics import printable
from rollwrite.numbers import plain_number
from rollwrite.valueclass import Mutable, Value

if TYPE_CHECKING:
    from rollwrite.layoutlang.layout import Layout

class BuildContext(Mutable):
    """What an element's ``build`` may look at besides its own value."""

    layout: Layout
    data: Any
    schedule: Schedule | None
    player: int  # 1-based number of this sheet in the print run
    players: int
    page: int  # 1-based
    pages: int
    side: str = "front"  # "back" while a sheet's back elements are drawn; an extra page's name on that page
    puzzle: Any = None  # a games.base.Puzzle when the sheet is a solo puzzle
    answer: Any = None  # the typed-in sheet to draw filled in (a puzzle's answer page), else None
    bleed: float = 0.0  # mm the sheet's art may run past its cut (full-bleed elements draw into it)


class SheetJob(Value):
    """One sheet of a mixed print run: its own dice, and for puzzles the puzzle and the answer to draw."""

    schedule: Schedule | None = None
    puzzle: Any = None
    answer: Any = None


def puzzle_stamp(job: SheetJob) -> str:
    """The line a puzzle or answer sheet prints where a challenge sheet prints its id."""
    p = job.puzzle
    if p is None:
        return ""
    text = printable(p.id)  # "wobbly-cafe@2026-11-22 puzzle": the id already says what it is
    par = "" if p.extra.get("hide_par") else p.par_text()
    if job.answer is not None:
        text = f"Answer to {printable(p.id)}" + (f" · scores {plain_number(p.par)}" if p.par is not None else "")
    else:
        text += "".join(f" · {part}" for part in (par, p.difficulty) if part)
    return text
