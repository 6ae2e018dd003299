"""Lines & Sections: draw one shared path along the grid lines, then shade the sections it makes; shade
next to a shaded section and you are out.  The last player left wins.

The game's parts live in the package's fixed modules: ``data`` (layout data), ``format`` (typed-in
games), ``rules`` (the referee), ``sheet`` (sheet and puzzle pages), ``solve`` (perfect play, puzzles).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from rollwrite.errors import UsageError
from rollwrite.games.base import ElementType, Evaluation, Game, Puzzle
from rollwrite.games.lines_and_sections.data import (
    MAX_PLAYERS, MAX_SIZE, MIN_PLAYERS, MIN_SIZE, Data, data_of, read_data,
)

if TYPE_CHECKING:  # pragma: no cover
    from rollwrite.games.entry import Entry
    from rollwrite.dice import Schedule
    from rollwrite.games.lines_and_sections.format import Game as Position

# The data is small and imported here; the typed-in format, the rules, the sheet's drawing and the
# solver are imported by the method that needs them (5 to 40 ms each), which `rollwrite games` and
# `print` never call.


class LinesAndSections(Game["Position", Data]):
    slug = "lines-and-sections"
    title = "Lines & Sections"
    summary = "draw one path together without crossing it, then shade its sections; touch a shaded one and you are out"
    players = (MIN_PLAYERS, MAX_PLAYERS)
    print_options = frozenset({"size"})
    can_score = True
    can_solve = True
    can_puzzle = True
    puzzle_options = frozenset({"size"})

    # ---- layout
    def load_data(self, node: Any) -> Data:
        return read_data(node) if node is not None else data_of(None)

    def element_types(self) -> dict[str, ElementType]:
        # deferred for start-up: `games` needs this module, not games.lines_and_sections.sheet
        from rollwrite.games.lines_and_sections.sheet import element_types

        return element_types()

    def vary(self, layout: Any, options: dict[str, int | None], players: int) -> Any:
        unknown = sorted(k for k, v in options.items() if v is not None and k not in self.print_options)
        if unknown:
            raise UsageError(f"{self.slug} has no --{unknown[0]} option", hint="its only variation is --size N")
        if players > MAX_PLAYERS:  # a puzzle asks for one sheet: then the names are left off
            raise UsageError(f"{self.title} is printed for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
        d = data_of(getattr(layout, "data", None))
        size = options.get("size")
        if size is not None:
            if isinstance(size, bool) or not isinstance(size, int) or not MIN_SIZE <= size <= MAX_SIZE:
                raise UsageError(f"--size: the board is n×n squares with n from {MIN_SIZE} to {MAX_SIZE}, not {size}",
                                 hint="e.g. --size 5 for a 5×5 board")
            d = dataclasses.replace(d, size=size)
        return dataclasses.replace(layout, data=dataclasses.replace(d, players=max(players, MIN_PLAYERS)))

    def variations(self, layout: Any) -> dict[str, int]:
        return {"size": data_of(getattr(layout, "data", None)).size}

    def variations_of(self, sheet: Any) -> dict[str, int]:
        size = getattr(sheet, "size", None)
        return {"size": size} if isinstance(size, int) else {}

    def sheets(self, players: int) -> int:
        """The players share one page of boards."""
        return 1

    # ---- typed-in games
    def parse(self, text: str, source: str, data: Data) -> Position:
        # deferred for start-up: `games` needs this module, not games.lines_and_sections.format
        from rollwrite.games.lines_and_sections.format import parse

        return parse(text, source)

    def format(self, sheet: Position, data: Data) -> str:
        # deferred for start-up: `games` needs this module, not games.lines_and_sections.format
        from rollwrite.games.lines_and_sections.format import format_game

        return format_game(sheet)

    def entry(self) -> Entry[Position, Data]:
        # deferred for start-up: only the desk needs it
        from rollwrite.games.lines_and_sections.entry import SectionsEntry

        return SectionsEntry()

    def evaluate(self, sheet: Position, data: Data, schedule: Schedule | None) -> Evaluation:
        # deferred for start-up: `games`, `print lines-and-sections` need this module, not this import
        from rollwrite.games.lines_and_sections.rules import evaluate

        return evaluate(sheet)

    # ---- perfect play
    def solve(self, sheet: Position, data: Data) -> Any:
        # deferred for start-up: `games` and 2 more commands need this module, not this import
        from rollwrite.games.lines_and_sections.rules import referee
        from rollwrite.games.lines_and_sections.solve import solved

        return solved(referee(sheet))

    # ---- "shade to win" puzzles
    def difficulty_meaning(self, puzzle: Puzzle) -> str:
        # deferred for start-up: only a puzzle's page needs the ladder's words
        from rollwrite.difficulty import ladder_meaning
        from rollwrite.games.lines_and_sections.ladder import LADDER

        return ladder_meaning(puzzle.grade, LADDER, goal=("finds the winning section", "to find it"))

    def make_puzzle(self, layout: Any, challenge: str, schedule: Any, options: dict[str, int], *,
                    jobs: int = 1) -> Any:
        # deferred for start-up: `games` and 2 more commands need this module, not these imports
        from rollwrite.games.lines_and_sections.ladder import grade_puzzle
        from rollwrite.games.lines_and_sections.solve import game_puzzle

        puzzle = game_puzzle(challenge, options.get("size") or data_of(getattr(layout, "data", None)).size)
        graded = grade_puzzle(puzzle.extra["lines"])
        return dataclasses.replace(puzzle, difficulty=graded.level, grade=graded.to_json())

    def evaluate_puzzle(self, puzzle: Puzzle, sheet: Position, data: Data) -> Evaluation:
        # deferred for start-up: `games` and 2 more commands need this module, not this import
        from rollwrite.games.lines_and_sections.solve import evaluate_answer

        return evaluate_answer(puzzle.challenge, puzzle.extra.get("lines"), sheet)
