"""Toy Dice: the toy game docs/adding-a-game.md adds to both front ends (tests/serve/test_adding_a_game.py).

Each turn one die is rolled; the player writes it in the next box or crosses the box out.  The score
is the sum of the boxes.  Like a real game it is a layout (written by the test into the layouts
folder), this package and one registration, and it has every module a scored game has: ``format``
(the typed-in sheet), ``rules`` (``evaluate``) and ``entry`` (the desk's on-screen entry).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rollwrite.games.base import Evaluation, Game

if TYPE_CHECKING:  # pragma: no cover
    from rollwrite.games.entry import Entry
    from toydice.format import ToySheet


class ToyDice(Game["ToySheet", Any]):
    slug = "toy-dice"
    title = "Toy Dice"
    summary = "write each roll in the next box or cross the box out; the sum of the boxes"
    players = (1, 10)
    can_score = True

    def parse(self, text: str, source: str, data: Any) -> ToySheet:
        from toydice.format import parse  # deferred as in a real game: only `score` and the desk need it

        return parse(text, source)

    def format(self, sheet: ToySheet, data: Any) -> str:
        from toydice.format import format_sheet  # deferred as in a real game

        return format_sheet(sheet)

    def evaluate(self, sheet: ToySheet, data: Any, schedule: Any) -> Evaluation:
        from toydice.rules import evaluate  # deferred as in a real game

        return evaluate(sheet, schedule)

    def entry(self) -> Entry[ToySheet, Any]:
        from toydice.entry import ToyEntry  # deferred as in a real game: only the desk needs it

        return ToyEntry()
