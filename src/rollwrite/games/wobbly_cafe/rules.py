"""Wobbly Café's rule checks and scorer.

Scoring choices (see docs/rules/wobbly-cafe.md): groups are maximal sets of orthogonally adjacent
spaces holding the same value; a group of value v pays $v when it has exactly v spaces (a lone 1 pays
$1); it pays twice when one of its spaces has a nice view.  The floor's formula line counts a doubled
group twice.  Values outside 1-6 and empty spaces never belong to a paying group.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rollwrite.games.base import Evaluation, Problem, Score
from rollwrite.games.wobbly_cafe.data import SIDES, CafeData
from rollwrite.games.wobbly_cafe.format import CafeSheet

if TYPE_CHECKING:  # pragma: no cover
    from rollwrite.dice import Schedule


@dataclass(frozen=True, slots=True)
class Group:
    value: int
    spaces: tuple[tuple[int, int], ...]  # (row, space) 0-based, sorted
    nice: bool

    @property
    def size(self) -> int:
        return len(self.spaces)

    @property
    def pays(self) -> bool:
        return 1 <= self.value <= SIDES and self.size == self.value

    @property
    def tip(self) -> int:
        return self.value * (2 if self.nice else 1) if self.pays else 0


@dataclass(frozen=True)
class FloorScore:
    counts: tuple[int, ...]  # counts[v-1]: paying groups of value v, a doubled group counted twice
    groups: tuple[Group, ...]  # the paying groups

    @property
    def score(self) -> int:
        return sum(n * v for v, n in enumerate(self.counts, start=1))

    def formula(self) -> str:
        terms = " + ".join(f"{n}×{v}" for v, n in enumerate(self.counts, start=1))
        return f"{terms} = {self.score}"


def paying_groups(floor: tuple[tuple[int | None, ...], ...], data: CafeData) -> list[Group]:
    """The groups that pay, in the order of each group's first space (row, then column); only those are
    built (a floor has a few paying groups among some twenty-five).  The floor is a bit board per die
    value (``data.board``): a lone 1 pays when no 1 is beside it, and a group of another value grows by
    shifting its bits until it stops."""
    board = data.board
    stride = board.stride
    masks = [0] * (SIDES + 1)
    value_at: dict[int, int] = {}
    nrows = len(floor)
    for r, k, bit in board.cells:
        row = floor[r] if r < nrows else ()
        if k < len(row):
            v = row[k]
            if isinstance(v, int) and 1 <= v <= SIDES:
                masks[v] |= bit
                value_at[bit] = v
    found = []
    ones = masks[1]
    if ones:
        lone = ones & ~((ones << 1) | (ones >> 1) | (ones << stride) | (ones >> stride))
        while lone:
            low = lone & -lone
            lone ^= low
            found.append((low, low))
    for v in range(2, SIDES + 1):
        left = masks[v]
        while left:
            group = left & -left
            while True:
                grown = (group | (group << 1) | (group >> 1) | (group << stride) | (group >> stride)) & left
                if grown == group:
                    break
                group = grown
            left ^= group
            if group.bit_count() == v:
                found.append((group & -group, group))
    found.sort()
    return [Group(value_at[first], _spaces(group, board.place_of), bool(group & board.nice)) for first, group in found]


def _spaces(group: int, place_of: dict[int, tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    spaces = []
    while group:
        low = group & -group
        group ^= low
        spaces.append(place_of[low])
    return tuple(sorted(spaces))


def score_floor(floor: tuple[tuple[int | None, ...], ...], data: CafeData) -> FloorScore:
    counts = [0] * SIDES
    paying = []
    for g in paying_groups(floor, data):
        counts[g.value - 1] += 2 if g.nice else 1
        paying.append(g)
    return FloorScore(tuple(counts), tuple(paying))


def _place(f: int, r: int, k: int | None = None) -> str:
    text = f"floor {f + 1}, row {r + 1}"
    return text if k is None else f"{text}, space {k + 1}"


def _times(n: int) -> str:
    return "once" if n == 1 else "twice" if n == 2 else f"{n} times"


def check_sheet(sheet: CafeSheet, data: CafeData, schedule: Schedule | None) -> list[Problem]:
    problems: list[Problem] = []
    for f, floor in enumerate(sheet.floors):
        for r, row in enumerate(floor):
            line = sheet.line_of(f, r)
            for k, v in enumerate(row):
                if v is None:
                    problems.append(Problem(_place(f, r, k), "the space is empty: every space is filled by the end of the game", "filled", line))
                elif not 1 <= v <= SIDES:
                    problems.append(Problem(_place(f, r, k), f"{v} is not a die value: spaces hold 1 to {SIDES}", "digits", line))
    if schedule is not None:
        for f, floor in enumerate(sheet.floors):
            problems.extend(_check_rolls(sheet, f, floor, schedule))
    return problems


def _check_rolls(sheet: CafeSheet, f: int, floor, schedule: Schedule) -> list[Problem]:
    """Match the floor's mirror pairs with its rolls as multisets of unordered pairs.

    Pairs are taken in reading order (top row first, outer pair first) and each takes the earliest
    unused roll with the same two values; a pair with no such roll is reported at its row, and every
    roll left over afterwards is reported as never placed.  Pairs with an empty space or a non-die
    value are already reported by the value checks and take no roll.
    """
    problems = []
    turns = schedule.group(f + 1)
    free: dict[tuple[int, int], list[int]] = defaultdict(list)  # sorted pair -> turn numbers, in order
    rolled: dict[tuple[int, int], int] = defaultdict(int)
    for t in turns:
        key = tuple(sorted(t.dice[:2]))
        free[key].append(t.number)  # type: ignore[index]
        rolled[key] += 1  # type: ignore[index]
    used: dict[int, tuple[int, int]] = {}
    holders: dict[tuple[int, int], list[int]] = defaultdict(list)  # sorted pair -> rows that took a roll
    for r, row in enumerate(floor):
        n = len(row)
        for k in range(n // 2):
            a, b = row[k], row[n - 1 - k]
            if not all(isinstance(v, int) and 1 <= v <= SIDES for v in (a, b)):
                continue
            key = (min(a, b), max(a, b))
            if free[key]:
                used[free[key].pop(0)] = key
                holders[key].append(r + 1)
                continue
            count = rolled[key]
            if count:
                rows = sorted(set(holders[key]))
                named = ", ".join(map(str, rows[:-1])) + f" and {rows[-1]}" if len(rows) > 1 else str(rows[0])
                why = (
                    f"floor {f + 1} rolled {key[0]} and {key[1]} {_times(count)}, and the pair{'s' if count > 1 else ''} "
                    f"in row{'s' if len(rows) > 1 else ''} {named} already use{'s' if count == 1 else ''} "
                    f"{'it' if count == 1 else 'them'}"
                )
            else:
                why = f"floor {f + 1} never rolled {key[0]} and {key[1]}"
            problems.append(Problem(
                _place(f, r),
                f"the pair {a} and {b} (spaces {k + 1} and {n - k}) matches no roll: {why}",
                "rolls", sheet.line_of(f, r),
            ))
    for t in turns:
        if t.number not in used:
            dice = t.dice[:2]
            problems.append(Problem(
                f"floor {f + 1}, turn {t.number}",
                f"the roll {dice[0]} and {dice[1]} was never placed: no row holds it at mirror spaces",
                "rolls",
            ))
    return problems


def score_sheet(sheet: CafeSheet, data: CafeData) -> Score:
    floors = [score_floor(fl, data) for fl in sheet.floors]
    scores = [fs.score for fs in floors]
    formulas = [fs.formula() for fs in floors]
    total = sum(scores)
    tiebreak = scores[-1] if scores else 0
    breakdown: dict[str, Any] = {
        "name": sheet.name,
        "floors": [
            {
                "floor": i,
                "counts": {str(v): n for v, n in enumerate(fs.counts, start=1)},
                "formula": formula,
                "score": score,
                "groups": [
                    {
                        "value": g.value,
                        "size": len(g.spaces),
                        "doubled": g.nice,
                        "tip": g.tip,
                        "spaces": [[r + 1, k + 1] for r, k in g.spaces],
                    }
                    for g in fs.groups
                ],
            }
            for i, (fs, formula, score) in enumerate(zip(floors, formulas, scores), start=1)
        ],
        "total": total,
        "tiebreak": tiebreak,
    }
    width = max((len(f"Floor {i}") for i in range(1, len(floors) + 1)), default=7)
    report = []
    if sheet.name:
        report.append(f"Player: {sheet.name}")
    for i, formula in enumerate(formulas, start=1):
        report.append(f"{f'Floor {i}':<{width}}  {formula}")
    report.append(f"{'Total':<{width}}  {' + '.join(map(str, scores))} = {total}")
    report.append(f"Tie-break (floor {len(floors)}): {tiebreak}")
    return Score(total=total, breakdown=breakdown, report="\n".join(report))


def evaluate(sheet: CafeSheet, data: CafeData, schedule: Schedule | None) -> Evaluation:
    """Every broken rule of the sheet (its rolls too, when ``schedule`` is given) and its score."""
    return Evaluation(tuple(check_sheet(sheet, data, schedule)), score_sheet(sheet, data))
