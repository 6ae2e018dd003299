"""Scrambled Streets: a two-player card game of pushed-in city blocks (layouts/scrambled-streets.yaml)."""

from __future__ import annotations

from typing import Any

from rollwrite.games.base import ElementType, Game, Problem, Puzzle, Score


class ScrambledStreets(Game):
    slug = "scrambled-streets"
    title = "Scrambled Streets"
    summary = "Two players push city blocks into a growing city and score their longest street."
    players = (2, 2)
    can_score = True
    can_puzzle = True

    def load_data(self, node):
        from rollwrite.games.scrambled_streets.data import load

        return load(node)

    def element_types(self) -> dict[str, ElementType]:
        from rollwrite.games.scrambled_streets.sheet import ELEMENTS

        return ELEMENTS

    def print_count(self, layout: Any, players: int) -> int:
        return len(layout.data.cards)  # one sheet per card: the deck

    def dice_spec(self, layout: Any, players: int):
        from rollwrite.dice import DealSpec
        from rollwrite.games.scrambled_streets.rules import START_SIZE

        return DealSpec(len(layout.data.cards), START_SIZE, ("top left", "top right", "bottom left", "bottom right"))

    def score_dice_spec(self, layout: Any, sheet: Any):
        return self.dice_spec(layout, 2)

    def parse(self, text: str, source: str, data: Any):
        from rollwrite.games.scrambled_streets.format import parse

        return parse(text, source)

    def format(self, sheet: Any, data: Any) -> str:
        from rollwrite.games.scrambled_streets.format import format

        return format(sheet)

    def check(self, sheet: Any, data: Any, schedule: Any) -> list[Problem]:
        from rollwrite.games.scrambled_streets.rules import check, deal_problems, quick_of

        if quick_of(sheet, data) is not None:  # every card and push legal: only a deal can object
            return deal_problems(sheet, schedule) if schedule is not None else []
        return check(sheet, data, schedule)

    def make_puzzle(self, layout: Any, challenge: str, schedule: Any, options: dict[str, int]) -> Puzzle:
        from rollwrite.games.scrambled_streets.solve import make_position, puzzle_of

        return puzzle_of(make_position(layout.data, schedule), schedule)

    def check_puzzle(self, puzzle: Puzzle, sheet: Any, data: Any) -> list[Problem]:
        from rollwrite.games.scrambled_streets.solve import check_answer

        return check_answer(puzzle, sheet, data)

    def score(self, sheet: Any, data: Any) -> Score:
        from rollwrite.games.scrambled_streets.rules import score_quick

        quick = score_quick(sheet, data)  # a game that breaks no rule; rules.replay is the reference
        if quick is not None:
            return quick
        from rollwrite.games.scrambled_streets.rules import score_plain

        return score_plain(sheet, data)
