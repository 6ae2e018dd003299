"""Wobbly Café: place each rolled pair of customers at mirror spaces of a floor, then earn tips for
groups of exactly N connected Ns.  The floor's shape is data (layouts/wobbly-cafe.yaml); the typed-in
format is in docs/formats/wobbly-cafe.md and every reading of the rules in docs/rules/wobbly-cafe.md."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from rollwrite.games.base import ElementType, Evaluation, Game
from rollwrite.numbers import plain_number

if TYPE_CHECKING:  # pragma: no cover
    from rollwrite.games.wobbly_cafe.data import CafeData
    from rollwrite.dice import Schedule
    from rollwrite.games.base import Puzzle
    from rollwrite.games.wobbly_cafe.entry import CafeEntry
    from rollwrite.games.wobbly_cafe.format import CafeSheet
    from rollwrite.layoutlang.nodes import Node

# Only the class is made here: the data, the typed-in format, the rules, the sheet's drawing and the
# solver are imported by the method that needs them (3 to 40 ms each): `rollwrite games` needs none of
# them and `print` only the data.


#: how large a puzzle's sheet is drawn on its portrait page: 188 mm tall fills the 279 mm A4 leaves at 1.45
PUZZLE_SCALE = 1.45


class WobblyCafe(Game["CafeSheet", "CafeData"]):
    slug = "wobbly-cafe"
    title = "Wobbly Café"
    summary = "place rolled pairs of customers symmetrically on three floors; tips for groups of exactly N Ns"
    players = (1, 300)
    can_score = True
    can_puzzle = True

    def load_data(self, node: Node | None) -> CafeData:
        # deferred for start-up: `games` needs this module, not games.wobbly_cafe.data
        from rollwrite.games.wobbly_cafe.data import load_data

        return load_data(node)

    def element_types(self) -> dict[str, ElementType]:
        # deferred for start-up: `games` needs this module, not games.wobbly_cafe.sheet
        from rollwrite.games.wobbly_cafe.sheet import element_types

        return element_types()

    def parse(self, text: str, source: str, data: CafeData) -> CafeSheet:
        # deferred for start-up: `games` needs this module, not this import
        from rollwrite.games.wobbly_cafe.data import as_data
        from rollwrite.games.wobbly_cafe.format import parse_sheet

        return parse_sheet(text, source, as_data(data))

    def format(self, sheet: CafeSheet, data: CafeData) -> str:
        # deferred for start-up: `games` needs this module, not this import
        from rollwrite.games.wobbly_cafe.data import as_data
        from rollwrite.games.wobbly_cafe.format import format_sheet

        return format_sheet(sheet, as_data(data))

    def entry(self) -> CafeEntry:
        # deferred for start-up: only the desk needs it
        from rollwrite.games.wobbly_cafe.entry import CafeEntry

        return CafeEntry()

    def evaluate(self, sheet: CafeSheet, data: CafeData, schedule: Schedule | None) -> Evaluation:
        # deferred for start-up: `games` needs this module, not this import
        from rollwrite.games.wobbly_cafe.data import as_data
        from rollwrite.games.wobbly_cafe.rules import evaluate

        return evaluate(sheet, as_data(data), schedule)

    def puzzle_layout(self, layout: Any, options: dict[str, int | None]) -> Any:
        """Free play puts three players' sheets on a landscape page; a puzzle is one solver's, so it has a
        portrait page to itself, its sheet half as large again (the page options of the command still
        choose otherwise)."""
        # deferred for start-up: `games` and `print wobbly-cafe` need this module, not this import
        from rollwrite.layoutlang.page import PerPage

        base = super().puzzle_layout(layout, options)
        page = base.page.replace(orientation="portrait", per_page=PerPage(count=1), scale=PUZZLE_SCALE)
        return dataclasses.replace(base, page=page)

    def difficulty_meaning(self, puzzle: Puzzle) -> str:
        # deferred for start-up: only a puzzle's page needs the ladder's words
        from rollwrite.difficulty import ladder_meaning
        from rollwrite.games.wobbly_cafe.play import LADDER, NEAR

        return ladder_meaning(puzzle.grade, LADDER, NEAR)

    def par_notes(self, puzzle: Puzzle) -> list[str]:
        """What par means, and where each floor's own par is."""
        notes = super().par_notes(puzzle)
        if notes and puzzle.parts:
            notes.append("Each floor's own par is printed under its rolls (with a bound no floor beats "
                         "when that floor's par is not proven).")
        return notes

    def answer_notes(self, puzzle: Puzzle) -> list[str]:
        """Why the answer scores par: its paying groups marked, each floor's count, the sum (each floor of
        the answer scores that floor's par)."""
        scores = [part["par"] for part in puzzle.parts]
        total = plain_number(puzzle.par) if puzzle.par is not None else sum(scores)
        return [f"**Why it scores {total}:** the groups that pay are shaded, their numbers in bold; the "
                "numbers in grey pay nothing.",
                "Under each floor, how many groups pay of each value (a group on a nice view counted twice), "
                "times the value: " + " + ".join(str(x) for x in scores) + f" = {total}." if scores else
                "Under each floor, how many groups pay of each value (a group on a nice view counted twice), "
                "times the value.",
                puzzle.par_meaning(self.par_what)]

    def make_puzzle(self, layout: Any, challenge: str, schedule: Schedule | None, options: dict[str, int], *,
                    jobs: int = 1) -> Puzzle:
        # deferred for start-up: `games` and 2 more commands need this module, not this import
        from rollwrite.games.wobbly_cafe.data import as_data
        from rollwrite.games.wobbly_cafe.play import grade
        from rollwrite.games.wobbly_cafe.solve import floor_rolls, make_puzzle

        if schedule is None:
            raise ValueError("a café puzzle needs the challenge's dice")
        data = as_data(layout.data)
        puzzle = make_puzzle(data, challenge, schedule)
        floors = [floor_rolls(schedule, f) for f in range(1, data.floors + 1)]
        graded = grade(data, floors, puzzle.par)
        return dataclasses.replace(puzzle, difficulty=graded.level, grade=graded.to_json())
