"""Wobbly Café on screen: the floors are filled one after the other, a roll a turn.  A turn picks a free
space for one of the roll's two customers (then, when they differ, which of the two sits there); the
other sits on the mirrored space of the same row, as the rules ask.  See rollwrite.games.entry."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from typing import Any

from rollwrite.games.entry import Choice, Entry, EntryError, Field, Grid, Spot, View, blank_rolls, row_numbers
from rollwrite.games.wobbly_cafe.data import CafeData
from rollwrite.games.wobbly_cafe.format import CafeSheet

Floor = tuple[tuple[int | None, ...], ...]


def _rolls(schedule: Any, f: int) -> list[tuple[int, int]]:
    return [(t.dice[0], t.dice[1]) for t in schedule.group(f + 1)] if schedule is not None else []


def _pairs(floor: Floor) -> list[tuple[int, int]]:
    """The (row, space) of the left space of each filled mirrored pair, in reading order."""
    return [(r, k) for r, row in enumerate(floor) for k in range(len(row) // 2)
            if row[k] is not None and row[len(row) - 1 - k] is not None]


def _spot(f: int, r: int, k: int) -> str:
    return f"f{f + 1}r{r + 1}s{k + 1}"


def _put(sheet: CafeSheet, f: int, r: int, k: int, values: tuple[int | None, int | None]) -> CafeSheet:
    """The sheet with space k of row r and its mirror set to ``values``."""
    floors = [list(map(list, fl)) for fl in sheet.floors]
    row = floors[f][r]
    row[k], row[len(row) - 1 - k] = values
    return dataclasses.replace(sheet, floors=tuple(tuple(map(tuple, fl)) for fl in floors), lines=())


class CafeEntry(Entry[CafeSheet, CafeData]):
    live = True

    def revealed(self, sheet: CafeSheet, picked: Sequence[str], data: CafeData, schedule: Any) -> Any:
        """Each floor's rolls of the pairs placed on it, and the roll of the next turn."""
        if schedule is None:
            return None
        reached = {f + 1: len(_pairs(floor)) for f, floor in enumerate(sheet.floors)}
        now = self._now(sheet, data, schedule)
        if now is not None:
            reached[now[0] + 1] += 1
        return blank_rolls(schedule, lambda t: () if t.number <= reached.get(t.group, 0) else None)

    def start(self, data: CafeData, schedule: Any) -> CafeSheet:
        empty = tuple(tuple(None for _ in cols) for cols in data.rows)
        return CafeSheet(floors=tuple(empty for _ in range(data.floors)))

    def _now(self, sheet: CafeSheet, data: CafeData, schedule: Any) -> tuple[int, int, tuple[int, int]] | None:
        """(floor, turn index, roll) of the next turn; None when every floor is full or its rolls are used."""
        for f, floor in enumerate(sheet.floors):
            placed = len(_pairs(floor))
            rolls = _rolls(schedule, f)
            if placed < data.pairs and placed < len(rolls):
                return f, placed, rolls[placed]
        return None

    def view(self, sheet: CafeSheet, data: CafeData, schedule: Any) -> View:
        grids = []
        for f, floor in enumerate(sheet.floors):
            spots = []
            for r, cols in enumerate(data.rows):
                for k, c in enumerate(cols):
                    v = floor[r][k] if r < len(floor) and k < len(floor[r]) else None
                    nice = (r, c) in data.nice
                    spots.append(Spot(_spot(f, r, k), c, r, "" if v is None else str(v), "nice" if nice else "",
                                      f"floor {f + 1}, row {r + 1}, space {k + 1}: "
                                      f"{'empty' if v is None else v}{', nice view' if nice else ''}"))
            grids.append(Grid(f"floor{f + 1}", f"Floor {f + 1}", data.width, len(data.rows), tuple(spots),
                              cols=(), rows=row_numbers(len(data.rows)), gap=data.width // 2))
        now = self._now(sheet, data, schedule)
        played = sum(len(_pairs(fl)) for fl in sheet.floors)
        fields = (Field("name", "Your name on the sheet", sheet.name, 30),)
        if now is None:
            return View(tuple(grids), fields=fields, played=played, done=True)
        f, t, (a, b) = now
        return View(tuple(grids), turn=f"Floor {f + 1}, turn {t + 1} of {min(data.pairs, len(_rolls(schedule, f)))}",
                    dice=(str(a), str(b)), ask=f"Pick a free space of floor {f + 1} for the {a} or the {b}: "
                    "the other goes on the mirrored space of its row.", fields=fields, played=played)

    def options(self, sheet: CafeSheet, picked: Sequence[str], data: CafeData, schedule: Any) -> list[Choice]:
        now = self._now(sheet, data, schedule)
        if now is None:
            return []
        f, _t, (a, b) = now
        floor = sheet.floors[f]
        if not picked:
            return [Choice(_spot(f, r, k), f"row {r + 1}, space {k + 1}", f"floor{f + 1}:{_spot(f, r, k)}")
                    for r, row in enumerate(floor) for k, v in enumerate(row)
                    if v is None and row[len(row) - 1 - k] is None and k != len(row) - 1 - k]
        if len(picked) == 1 and a != b:
            r, k = self._space(picked[0])
            n = len(floor[r])
            return [Choice(f"v{x}", f"{x} on space {k + 1}, {y} on space {n - k}") for x, y in ((a, b), (b, a))]
        return []

    @staticmethod
    def _space(spot: str) -> tuple[int, int]:
        _f, rest = spot[1:].split("r")
        r, k = rest.split("s")
        return int(r) - 1, int(k) - 1

    def apply(self, sheet: CafeSheet, picked: Sequence[str], data: CafeData, schedule: Any) -> CafeSheet | None:
        now = self._now(sheet, data, schedule)
        if now is None or not picked:
            return None
        f, _t, (a, b) = now
        if a != b and len(picked) < 2:
            return None
        r, k = self._space(picked[0])
        first = int(picked[1][1:]) if a != b else a
        return _put(sheet, f, r, k, (first, b if first == a else a))

    def undo(self, sheet: CafeSheet, data: CafeData, schedule: Any) -> CafeSheet:
        for f in reversed(range(len(sheet.floors))):
            pairs = _pairs(sheet.floors[f])
            if not pairs:
                continue
            rolls = _rolls(schedule, f)
            last = tuple(sorted(rolls[len(pairs) - 1])) if len(pairs) <= len(rolls) else None
            floor = sheet.floors[f]
            holding = [(r, k) for r, k in pairs if tuple(sorted((floor[r][k], floor[r][-1 - k]))) == last]  # type: ignore[type-var]
            r, k = (holding or pairs)[-1]
            return _put(sheet, f, r, k, (None, None))
        return sheet

    def spots_of(self, sheet: CafeSheet, where: str, message: str, data: CafeData) -> list[str]:
        m = re.fullmatch(r"floor (\d+), row (\d+)(?:, space (\d+))?", where)
        if not m or not 1 <= int(m.group(2)) <= len(data.rows):
            return []
        f, r = int(m.group(1)) - 1, int(m.group(2)) - 1
        n = len(data.rows[r])
        named = re.search(r"spaces (\d+) and (\d+)", message)
        ks = ([int(m.group(3)) - 1] if m.group(3) else [int(x) - 1 for x in named.groups()] if named else range(n))
        return [f"floor{f + 1}:{_spot(f, r, k)}" for k in ks if 0 <= k < n]

    def set_field(self, sheet: CafeSheet, key: str, value: str, data: CafeData) -> CafeSheet:
        if key != "name":
            raise EntryError(f"the sheet has no field '{key[:40]}'")
        return dataclasses.replace(sheet, name=" ".join(value.split())[:30], lines=())

    def turns(self, sheet: CafeSheet, data: CafeData, schedule: Any) -> list[list[str]]:
        out = []
        for f, floor in enumerate(sheet.floors):
            free = _pairs(floor)
            for a, b in _rolls(schedule, f)[:len(free)]:
                for r, k in free:
                    x, y = floor[r][k], floor[r][-1 - k]
                    if sorted((x, y)) == sorted((a, b)):  # type: ignore[type-var]
                        free.remove((r, k))
                        out.append([_spot(f, r, k)] + ([f"v{x}"] if a != b else []))
                        break
        return out

