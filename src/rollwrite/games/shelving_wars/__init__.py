"""Shelving Wars: players take turns building rectangular shelving boxes on a square battlefield, each
growing from their own corner.  The rules code is in rules.py, the typed-in format in format.py, the
battlefield and score columns in sheet.py; docs/rules/shelving-wars.md has every reading of the rules."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from rollwrite.errors import InputError
from rollwrite.games.base import ElementType, Evaluation, Game, Puzzle
from rollwrite.games.shelving_wars.data import (
    MAX_PLAYERS, MIN_PLAYERS, Data, as_data, dice_shape, layout_data, read_data, vary,
)

if TYPE_CHECKING:  # pragma: no cover
    from rollwrite.games.entry import Entry
    from rollwrite.dice import Schedule
    from rollwrite.games.shelving_wars.format import Sheet

# The data is small and imported here; the typed-in format, the rules, the sheet's drawing and the
# solver are imported by the method that needs them (5 to 40 ms each), which `rollwrite games` and
# `print` never call.


class ShelvingWars(Game["Sheet", Data]):
    slug = "shelving-wars"
    title = "Shelving Wars"
    summary = "build shelving boxes from your corner with three dice; area minus sides, capture what you wall off"
    players = (MIN_PLAYERS, MAX_PLAYERS)
    print_options = frozenset({"size", "turns", "dice", "sides"})
    can_score = True
    can_puzzle = True
    puzzle_options = frozenset({"size"})

    # ---- layout
    def load_data(self, node: Any) -> Data:
        if node is None:
            raise InputError(
                "the shelving-wars layout needs a 'data' section",
                hint="give at least data.size and data.size-reason",
            )
        return read_data(node)

    def element_types(self) -> dict[str, ElementType]:
        # deferred for start-up: `games` needs this module, not games.shelving_wars.sheet
        from rollwrite.games.shelving_wars.sheet import element_types

        return element_types()

    def vary(self, layout: Any, options: dict[str, int | None], players: int) -> Any:
        return vary(self, layout, options, players)

    def variations(self, layout: Any) -> dict[str, int]:
        d = layout_data(layout)
        # the dice are a group per player: the count of players is part of the variation (a solo
        # puzzle's battlefield is not: its ids stay as they are)
        players = {"players": d.players} if d.players >= 2 else {}
        return {"size": d.size, "turns": d.turns, "dice": d.dice, "sides": d.sides, **players}

    def variations_of(self, sheet: Any) -> dict[str, int]:
        # deferred for start-up: `games` needs this module, not games.shelving_wars.format
        from rollwrite.games.shelving_wars.format import Sheet

        if not isinstance(sheet, Sheet):
            return {}
        players = {"players": len(sheet.players)} if len(sheet.players) >= 2 else {}
        return {"size": sheet.size, "turns": sheet.turns, "dice": sheet.dice, "sides": sheet.sides, **players}

    def dice_spec(self, layout: Any, players: int) -> Any:
        d = layout_data(layout)
        return dice_shape(getattr(layout, "dice", None), d.dice, d.sides, d.turns, players)

    def score_dice_spec(self, layout: Any, sheet: Sheet) -> Any:
        # deferred for start-up: `games` needs this module, not games.shelving_wars.format
        from rollwrite.games.shelving_wars.format import Sheet

        if not isinstance(sheet, Sheet):
            return self.dice_spec(layout, 2)
        return dice_shape(getattr(layout, "dice", None), sheet.dice, sheet.sides, sheet.turns, len(sheet.players))

    def sheets(self, players: int) -> int:
        """One battlefield is shared by all the players at the table."""
        return 1

    # ---- typed-in sheets
    def parse(self, text: str, source: str, data: Data) -> Sheet:
        # deferred for start-up: `games` needs this module, not games.shelving_wars.format
        from rollwrite.games.shelving_wars.format import parse_sheet

        return parse_sheet(text, source, as_data(data))

    def format(self, sheet: Sheet, data: Data) -> str:
        # deferred for start-up: `games` needs this module, not games.shelving_wars.format
        from rollwrite.games.shelving_wars.format import format_sheet

        return format_sheet(sheet, as_data(data))

    def entry(self) -> Entry[Sheet, Data]:
        # deferred for start-up: only the desk needs it
        from rollwrite.games.shelving_wars.entry import ShelvingEntry

        return ShelvingEntry()

    def evaluate(self, sheet: Sheet, data: Data, schedule: Schedule | None) -> Evaluation:
        # deferred for start-up: `games` needs this module, not games.shelving_wars.rules
        from rollwrite.games.shelving_wars.rules import evaluate

        return evaluate(sheet, as_data(data), schedule)

    # ---- solo puzzles
    def difficulty_meaning(self, puzzle: Puzzle) -> str:
        # deferred for start-up: only a puzzle's page needs the ladder's words
        from rollwrite.difficulty import ladder_meaning
        from rollwrite.games.shelving_wars.ladder import LADDER

        return ladder_meaning(puzzle.grade, LADDER)

    def answer_notes(self, puzzle: Puzzle) -> list[str]:
        """Why the answer scores par: each box's points (area less height and width), each floating
        shelf's cost, added up; the roll that fits no box, which ends the game; and what par means."""
        # deferred for start-up: only an answer page needs the solver's scoring
        from rollwrite.games.shelving_wars.solve import value

        turns = puzzle.answer.players[0].turns if puzzle.answer.players else ()
        points = [value(t.h, t.w) if hasattr(t, "h") else -t.length for t in turns]
        if not points:
            return [puzzle.par_meaning(self.par_what)]
        sums = " ".join(f"{'−' if p < 0 else '+'} {abs(p)}" for p in points[1:])
        first = f"−{-points[0]}" if points[0] < 0 else str(points[0])
        notes = [f"**Why it scores {sum(points)}:** each box scores its area less its height and width"
                 f"{' (a floating shelf costs its length)' if any(not hasattr(t, 'h') for t in turns) else ''}: "
                 f"{first} {sums} = {sum(points)}, added up turn by turn in the score column."]
        ended = puzzle.extra.get("ended_after")
        rolls = puzzle.schedule.group(1) if puzzle.schedule is not None else []
        if ended is not None and ended < len(rolls):
            roll = " ".join(str(d) for d in rolls[ended].dice)
            notes.append(f"Roll {ended + 1} ({roll}) then fits no box: the game ends there.")
        return notes + [puzzle.par_meaning(self.par_what)]

    def make_puzzle(self, layout: Any, challenge: str, schedule: Any, options: dict[str, int], *,
                    jobs: int = 1) -> Any:
        # deferred for start-up: `games` and 2 more commands need this module, not these imports
        from rollwrite.games.shelving_wars.ladder import grade
        from rollwrite.games.shelving_wars.solve import make_puzzle

        puzzle = make_puzzle(layout, challenge, schedule, options)
        graded = grade(puzzle.answer.size, [t.dice for t in schedule.group(1)], puzzle.par)
        return dataclasses.replace(puzzle, difficulty=graded.level, grade=graded.to_json())

    def evaluate_puzzle(self, puzzle: Any, sheet: Sheet, data: Data) -> Evaluation:
        # deferred for start-up: `games` and 2 more commands need this module, not this import
        from rollwrite.games.shelving_wars.solve import evaluate_answer

        return evaluate_answer(puzzle, sheet, as_data(data))

    def puzzle_options_of(self, sheet: Sheet) -> dict[str, int]:
        return {"size": sheet.size}

    def puzzle_layout(self, layout: Any, options: dict[str, int | None]) -> Any:
        # deferred for start-up: `games` and 2 more commands need this module, not this import
        from rollwrite.games.shelving_wars.solve import puzzle_layout

        return puzzle_layout(layout, options)
