"""Puzzle searches made small, for the tests of what a puzzle run does and prints rather than of its par."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rollwrite.games.long_way import solve as long_way
from rollwrite.games.wobbly_cafe import solve as cafe


def small_searches(mp: pytest.MonkeyPatch) -> None:
    """The Long Way's first two beam searches (one builds cafeterias), two states wide, and small Wobbly
    Café search budgets with no SAT question and no long anneal (the puzzles' labels then say what is not
    proven): for tests of what a puzzle run does and prints, not of the par it finds."""
    mp.setattr(long_way, "SEARCHES", tuple(replace(search, width=2) for search in long_way.SEARCHES[:2]))
    for name, value in (("NODE_BUDGET", 300), ("LOCAL_MOVES", 300), ("LOCAL_RESTARTS", 1), ("PUZZLE_CONFLICTS", 0),
                        ("PUZZLE_LONG_RUNS", 0)):
        mp.setattr(cafe, name, value)
