"""Toy Dice's rules: box k holds turn k's roll or is crossed out; the score is the sum."""

from __future__ import annotations

from typing import Any

from rollwrite.games.base import Evaluation, Problem, Score
from toydice.format import ToySheet


def evaluate(sheet: ToySheet, schedule: Any) -> Evaluation:
    problems = []
    rolls = [t.dice[0] for t in schedule.group(1)] if schedule is not None else None
    for k, box in enumerate(sheet.boxes):
        if rolls is not None and k >= len(rolls):
            problems.append(Problem(f"box {k + 1}", f"the game has {len(rolls)} turns"))
        elif rolls is not None and box is not None and box != rolls[k]:
            problems.append(Problem(f"box {k + 1}", f"turn {k + 1} rolled {rolls[k]}, not {box}"))
    total = sum(b for b in sheet.boxes if b is not None)
    return Evaluation(tuple(problems), Score(total, {"total": total}, f"boxes: {total}"))
