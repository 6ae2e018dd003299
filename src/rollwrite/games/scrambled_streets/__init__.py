"""Scrambled Streets: a two-player card game of pushed-in city blocks (layouts/scrambled-streets.yaml)."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from rollwrite.dice import DealSpec
from rollwrite.games.base import ElementType, Evaluation, Game, Puzzle

if TYPE_CHECKING:  # pragma: no cover
    from rollwrite.games.entry import Entry
    from rollwrite.dice import Deal
    from rollwrite.games.scrambled_streets.data import Deck
    from rollwrite.games.scrambled_streets.format import Game as Position
    from rollwrite.layoutlang.nodes import Node

# Only the class is made here: the data, the typed-in format, the rules, the sheet's drawing and the
# solver are imported by the method that needs them (3 to 40 ms each): `rollwrite games` needs none of
# them and `print` only the data.


class ScrambledStreets(Game["Position", "Deck"]):
    slug = "scrambled-streets"
    title = "Scrambled Streets"
    summary = "Two players push city blocks into a growing city and score their longest street."
    players = (2, 2)
    can_score = True
    can_puzzle = True
    par_what = "placement"

    def load_data(self, node: Node | None) -> Deck:
        # deferred for start-up: `games` needs this module, not games.scrambled_streets.data
        from rollwrite.games.scrambled_streets.data import load

        return load(node)

    def element_types(self) -> dict[str, ElementType]:
        # deferred for start-up: `games` needs this module, not games.scrambled_streets.sheet
        from rollwrite.games.scrambled_streets.sheet import ELEMENTS

        return ELEMENTS

    def print_count(self, layout: Any, players: int) -> int:
        return len(layout.data.cards)  # one sheet per card: the deck

    def dice_spec(self, layout: Any, players: int) -> DealSpec:
        # deferred for start-up: `games` needs this module, not games.scrambled_streets.data
        from rollwrite.games.scrambled_streets.data import START_PLACES, START_SIZE

        return DealSpec(len(layout.data.cards), START_SIZE, START_PLACES)

    def score_dice_spec(self, layout: Any, sheet: Position) -> DealSpec:
        return self.dice_spec(layout, 2)

    def parse(self, text: str, source: str, data: Deck) -> Position:
        # deferred for start-up: `games`, `print scrambled-streets` need this module, not this import
        from rollwrite.games.scrambled_streets.format import parse

        return parse(text, source)

    def format(self, sheet: Position, data: Deck) -> str:
        # deferred for start-up: `games`, `print scrambled-streets` need this module, not this import
        from rollwrite.games.scrambled_streets.format import format

        return format(sheet)

    def entry(self) -> Entry[Position, Deck]:
        # deferred for start-up: only the desk needs it
        from rollwrite.games.scrambled_streets.entry import StreetsEntry

        return StreetsEntry()

    def evaluate(self, sheet: Position, data: Deck, schedule: Deal | None) -> Evaluation:
        # deferred for start-up: `games`, `print scrambled-streets` need this module, not this import
        from rollwrite.games.scrambled_streets.rules import evaluate

        return evaluate(sheet, data, schedule)

    def difficulty_meaning(self, puzzle: Puzzle) -> str:
        # deferred for start-up: only a puzzle's page needs the ladder's words
        from rollwrite.difficulty import ladder_meaning
        from rollwrite.games.scrambled_streets.ladder import LADDER

        return ladder_meaning(puzzle.grade, LADDER, goal=("finds the best placement", "to find it"))

    def make_puzzle(self, layout: Any, challenge: str, schedule: Any, options: dict[str, int], *,
                    jobs: int = 1) -> Puzzle:
        # deferred for start-up: `games` and 2 more commands need this module, not this import
        from rollwrite.games.scrambled_streets.ladder import grade
        from rollwrite.games.scrambled_streets.solve import make_position, puzzle_of

        pos = make_position(layout.data, schedule)
        puzzle = puzzle_of(pos, schedule)
        graded = grade(pos.city, layout.data, pos.player, pos.answer.scores, pos.answer.best)
        return dataclasses.replace(puzzle, difficulty=graded.level, grade=graded.to_json())

    def evaluate_puzzle(self, puzzle: Puzzle, sheet: Position, data: Deck) -> Evaluation:
        # deferred for start-up: `games` and 2 more commands need this module, not this import
        from rollwrite.games.scrambled_streets.solve import evaluate_answer

        return evaluate_answer(puzzle, sheet, data)
