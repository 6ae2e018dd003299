"""Toy Dice on screen: a row of boxes; each turn shows its roll, and the roll is written in the next box
or the box is crossed out."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from rollwrite.games.entry import Choice, Entry, EntryError, Field, Grid, Spot, View
from toydice.format import ToySheet


def _rolls(schedule: Any) -> list[int]:
    return [t.dice[0] for t in schedule.group(1)]


class ToyEntry(Entry[ToySheet, Any]):
    def start(self, data: Any, schedule: Any) -> ToySheet:
        return ToySheet()

    def view(self, sheet: ToySheet, data: Any, schedule: Any) -> View:
        rolls = _rolls(schedule)
        spots = tuple(Spot(f"b{k + 1}", k, 0, "" if k >= len(sheet.boxes) else "x" if sheet.boxes[k] is None
                           else str(sheet.boxes[k]), label=f"box {k + 1}") for k in range(len(rolls)))
        grid = Grid("boxes", "The boxes", len(rolls), 1, spots)
        fields = (Field("name", "Your name on the sheet", sheet.name),)
        k = len(sheet.boxes)
        if k >= len(rolls):
            return View((grid,), fields=fields, played=k, done=True)
        return View((grid,), turn=f"Turn {k + 1} of {len(rolls)}", dice=(str(rolls[k]),),
                    ask="Write the roll in the box, or cross the box out.", fields=fields, played=k)

    def options(self, sheet: ToySheet, picked: Sequence[str], data: Any, schedule: Any) -> list[Choice]:
        k = len(sheet.boxes)
        if picked or k >= len(_rolls(schedule)):
            return []
        return [Choice("write", f"write {_rolls(schedule)[k]} in box {k + 1}", f"boxes:b{k + 1}"),
                Choice("cross", f"cross box {k + 1} out")]

    def apply(self, sheet: ToySheet, picked: Sequence[str], data: Any, schedule: Any) -> ToySheet | None:
        if not picked:
            return None
        roll = _rolls(schedule)[len(sheet.boxes)]
        return dataclasses.replace(sheet, boxes=sheet.boxes + (roll if picked[0] == "write" else None,))

    def undo(self, sheet: ToySheet, data: Any, schedule: Any) -> ToySheet:
        return dataclasses.replace(sheet, boxes=sheet.boxes[:-1])

    def set_field(self, sheet: ToySheet, key: str, value: str, data: Any) -> ToySheet:
        if key != "name":
            raise EntryError(f"the sheet has no field '{key[:40]}'")
        return dataclasses.replace(sheet, name=" ".join(value.split()))

    def turns(self, sheet: ToySheet, data: Any, schedule: Any) -> list[list[str]]:
        return [["cross" if b is None else "write"] for b in sheet.boxes]
