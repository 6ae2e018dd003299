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

from rollwrite.games.base import Problem, Score
from rollwrite.games.wobbly_cafe.data import SIDES, CafeData
from rollwrite.games.wobbly_cafe.format import CafeSheet

if TYPE_CHECKING:  # pragma: no cover
    from rollwrite.dice import Schedule



@dataclass(frozen=True)
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


def groups_of(floor: tuple[tuple[int | None, ...], ...], data: CafeData) -> list[Group]:
    """Every maximal group of orthogonally connected spaces with the same die value (1-6), in the order of
    each group's first grid place (row, then column)."""
    shape = _shape(data)
    if shape is None:
        return _groups_plain(floor, data)
    places, neighbours, nice = shape
    value: list[int | None] = []
    for r, k in places:
        row = floor[r] if r < len(floor) else ()
        v = row[k] if k < len(row) else None
        value.append(v if isinstance(v, int) and 1 <= v <= SIDES else None)
    seen = [v is None for v in value]
    out = []
    for start, v in enumerate(value):
        if seen[start]:
            continue
        seen[start] = True
        stack, members = [start], [start]
        while stack:
            for nb in neighbours[stack.pop()]:
                if not seen[nb] and value[nb] == v:
                    seen[nb] = True
                    stack.append(nb)
                    members.append(nb)
        out.append(Group(v, tuple(sorted([places[m] for m in members])),  # type: ignore[arg-type]
                         any(nice[m] for m in members)))
    return out


_SHAPES: dict[int, tuple[CafeData, Any]] = {}


def _shape(data: CafeData) -> Any:
    """The café's spaces worked out once: their (row, space) in grid order (row, then column), the
    numbers of each space's side neighbours, and which have a nice view; None when a row names a grid
    column twice (then the plain search decides)."""
    hit = _SHAPES.get(id(data))
    if hit is not None and hit[0] is data:
        return hit[1]
    grid: dict[tuple[int, int], tuple[int, int]] = {}
    shape: Any = None
    if all(len(set(cols)) == len(cols) for cols in data.rows):
        for r, cols in enumerate(data.rows):
            for k, c in enumerate(cols):
                grid[(r, c)] = (r, k)
        order = sorted(grid)
        number = {g: i for i, g in enumerate(order)}
        neighbours = tuple(
            tuple(number[nb] for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if nb in number)
            for r, c in order
        )
        shape = (tuple(grid[g] for g in order), neighbours, tuple(g in data.nice for g in order))
    if len(_SHAPES) > 32:
        _SHAPES.clear()
    _SHAPES[id(data)] = (data, shape)
    return shape


def _groups_plain(floor: tuple[tuple[int | None, ...], ...], data: CafeData) -> list[Group]:
    """groups_of by a search over grid places, for any shape of café."""
    where: dict[tuple[int, int], tuple[int, int]] = {}  # grid place -> (row, space)
    value: dict[tuple[int, int], int] = {}
    for r, cols in enumerate(data.rows):
        row = floor[r] if r < len(floor) else ()
        for k, c in enumerate(cols):
            v = row[k] if k < len(row) else None
            if isinstance(v, int) and 1 <= v <= SIDES:
                where[(r, c)] = (r, k)
                value[(r, c)] = v
    seen: set[tuple[int, int]] = set()
    out = []
    for start in sorted(value):
        if start in seen:
            continue
        v = value[start]
        stack, members = [start], []
        seen.add(start)
        while stack:
            r, c = stack.pop()
            members.append((r, c))
            for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if nb not in seen and value.get(nb) == v:
                    seen.add(nb)
                    stack.append(nb)
        out.append(Group(v, tuple(sorted(where[m] for m in members)), any(m in data.nice for m in members)))
    return out


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
    """The groups of ``groups_of`` that pay, in the same order; only those are built (a floor has a few
    paying groups among some twenty-five).  The floor is a bit board per die value: a lone 1 pays when no
    1 is beside it, and a group of another value grows by shifting its bits until it stops."""
    board = _board(data)
    if board is None:
        return [g for g in _groups_plain(floor, data) if g.pays]
    cells, stride, nice_bits, place_of = board
    masks = [0] * (SIDES + 1)
    value_at: dict[int, Any] = {}
    nrows = len(floor)
    for r, k, bit in cells:
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
    if len(found) > 1:
        found.sort()
    out = []
    for first, group in found:
        spaces = []
        rest = group
        while rest:
            low = rest & -rest
            rest ^= low
            spaces.append(place_of[low])
        spaces.sort()
        made = _new(Group)  # a frozen dataclass's __init__ sets each field through object.__setattr__
        made.__dict__.update(value=value_at[first], spaces=tuple(spaces), nice=bool(group & nice_bits))
        out.append(made)
    return out


_new = object.__new__


_BOARDS: dict[int, tuple[CafeData, Any]] = {}


def _board(data: CafeData) -> Any:
    """The café as a bit board, worked out once: (row, space, bit) of every space, the bits between rows,
    the nice-view bits and the (row, space) of each bit; None when a row names a grid column twice."""
    hit = _BOARDS.get(id(data))
    if hit is not None and hit[0] is data:
        return hit[1]
    board: Any = None
    if all(len(set(cols)) == len(cols) for cols in data.rows):
        stride = max((max(cols) for cols in data.rows if cols), default=0) + 2  # a column of 0s between rows
        cells = []
        nice_bits = 0
        place_of = {}
        for r, cols in enumerate(data.rows):
            for k, c in enumerate(cols):
                bit = 1 << (r * stride + c + 1)  # bit 0 left out: a shift right never wraps below it
                cells.append((r, k, bit))
                place_of[bit] = (r, k)
                if (r, c) in data.nice:
                    nice_bits |= bit
        board = (tuple(cells), stride, nice_bits, place_of)
    if len(_BOARDS) > 32:
        _BOARDS.clear()
    _BOARDS[id(data)] = (data, board)
    return board


def score_floor(floor: tuple[tuple[int | None, ...], ...], data: CafeData) -> FloorScore:
    counts = [0] * SIDES
    paying = []
    for g in paying_groups(floor, data):
        if g.pays:
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
            key = (min(a, b), max(a, b))  # type: ignore[type-var]
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
