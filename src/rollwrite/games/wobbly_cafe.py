"""Wobbly Café: place each rolled pair of customers at mirror spaces of a floor, then get tips for
groups of exactly N connected Ns.

The floor's shape and its nice-view spaces are data (``data:`` in layouts/wobbly-cafe.yaml), so the
rules code works for any floor that is symmetric about its middle line.  A floor is addressed as rows
of *spaces*: row r (1-based, top to bottom) holds ``len(data.rows[r-1])`` spaces, numbered 1.. from the
left; space k of a row mirrors space n+1-k of the same row.

Scoring choices (see docs/rules/wobbly-cafe.md): groups are maximal sets of orthogonally adjacent
spaces holding the same value; a group of value v pays $v when it has exactly v spaces (a lone 1 pays
$1); it pays twice when one of its spaces has a nice view.  The floor's formula line counts a doubled
group twice.  Values outside 1-6 and empty spaces never belong to a paying group.

The typed-in format is described in docs/formats/wobbly-cafe.md.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rollwrite.errors import InputError
from rollwrite.games.base import ElementType, Game, Problem, Score

if TYPE_CHECKING:  # pragma: no cover
    from rollwrite.dice import Schedule
    from rollwrite.spec.nodes import Node

SIDES = 6
MAX_SIDE = 40  # largest floor width or height a layout may ask for
MAX_FLOORS = 9
_SPACE, _VIEW, _NONE = "o", "*", "."


# ---------------------------------------------------------------- data


@dataclass(frozen=True)
class CafeData:
    """A floor's shape, shared by every floor of the game.

    ``rows[r]`` lists the grid columns (0-based, left to right) of the spaces in row r; ``nice`` holds
    the (row, column) grid places of the nice-view spaces.  Every row is symmetric: column c is a space
    exactly when column ``width - 1 - c`` is.
    """

    width: int
    rows: tuple[tuple[int, ...], ...]
    nice: frozenset[tuple[int, int]]
    floors: int = 3

    @property
    def spaces(self) -> int:
        return sum(len(r) for r in self.rows)

    @property
    def pairs(self) -> int:
        return self.spaces // 2

    def row_len(self, r: int) -> int:
        return len(self.rows[r])

    def shape_lines(self) -> list[str]:
        out = []
        for r, cols in enumerate(self.rows):
            line = [_NONE] * self.width
            for c in cols:
                line[c] = _VIEW if (r, c) in self.nice else _SPACE
            out.append("".join(line))
        return out


def parse_shape(lines: list[str], floors: int = 3) -> CafeData:
    """Build CafeData from rows of ``o`` (space), ``*`` (nice-view space) and ``.`` (no space).

    Raises ValueError with a message naming the row; the layout reader adds the file place.
    """
    if not lines:
        raise ValueError("the shape needs at least one row")
    width = len(lines[0])
    if width % 2:
        raise ValueError(f"the shape is {width} characters wide; it needs an even width so every space has a mirror")
    rows: list[tuple[int, ...]] = []
    nice: set[tuple[int, int]] = set()
    for r, text in enumerate(lines):
        if len(text) != width:
            raise ValueError(f"row {r + 1} is {len(text)} characters wide; row 1 is {width}: every row needs the same width")
        cols = []
        for c, ch in enumerate(text):
            if ch not in (_SPACE, _VIEW, _NONE):
                raise ValueError(
                    f"row {r + 1} has {ch!r} at character {c + 1}; use 'o' for a space, '*' for a nice-view space and '.' for none"
                )
            if ch != _NONE:
                cols.append(c)
                if ch == _VIEW:
                    nice.add((r, c))
        for c in cols:
            if text[width - 1 - c] == _NONE:
                raise ValueError(
                    f"row {r + 1} is not symmetric about the middle line: character {c + 1} is a space but its mirror, "
                    f"character {width - c}, is not"
                )
        rows.append(tuple(cols))
    if not any(rows):
        raise ValueError("the shape has no spaces")
    return CafeData(width=width, rows=tuple(rows), nice=frozenset(nice), floors=floors)


DEFAULT_SHAPE = ["..oooo..", ".oooooo.", "oooooooo", "*oooooo*", "oooooooo", ".oooooo.", "..oooo.."]
DEFAULT_DATA = parse_shape(DEFAULT_SHAPE)


# ---------------------------------------------------------------- the typed-in sheet

@dataclass(frozen=True)
class CafeSheet:
    """A typed-in sheet: ``floors[f][r]`` is the tuple of values in row r's spaces, left to right
    (None for an empty space; any digit 0-9 is kept so the checker can report it)."""

    floors: tuple[tuple[tuple[int | None, ...], ...], ...]
    name: str = ""
    lines: tuple[tuple[int, ...], ...] = ()  # the file line of each row, when parsed from text

    def line_of(self, f: int, r: int) -> int | None:
        try:
            return self.lines[f][r]
        except IndexError:
            return None


_HEADER = re.compile(r"floor\s*(\S*?)\s*:?", re.IGNORECASE)
_NAME = re.compile(r"name\s*:(.*)", re.IGNORECASE)
_DIGITS = "0123456789"
_EMPTY = "._"
_ROW_CHARS = set(_DIGITS + _EMPTY + "| \t")
_ROW_HINT = "write one character per space: a digit, or '.' for an empty space ('|' may mark the middle line)"


def parse_sheet(text: str, source: str, data: CafeData) -> CafeSheet:
    """Read the typed-in format; any unreadable text raises InputError with file, line and column."""
    if not isinstance(text, str):
        raise InputError("the sheet is not text", file=source)
    if text.startswith("\ufeff"):
        text = text[1:]
    nrows = len(data.rows)
    floors: list[list[tuple[int | None, ...]]] = []
    lines: list[list[int]] = []
    name = ""
    name_line: int | None = None
    last_line = 1
    for lineno, raw in enumerate(re.split(r"\r\n|\r|\n", text), start=1):  # only these end a line
        stripped = raw.strip()
        indent = len(raw) - len(raw.lstrip())
        if not stripped or stripped.startswith("#"):
            continue
        last_line = lineno
        m = _NAME.fullmatch(stripped)
        if m:
            if name_line is not None:
                raise InputError(
                    f"the name is given twice (first on line {name_line})",
                    file=source, line=lineno, col=indent + 1, hint="keep one 'name:' line",
                )
            name, name_line = m.group(1).strip(), lineno
            continue
        body = stripped.split("#", 1)[0].rstrip()  # a row or header may end with a comment
        m = _HEADER.fullmatch(body)
        if m:
            number = m.group(1)
            expected = len(floors) + 1
            if not number.isascii() or not number.isdigit():
                raise InputError(
                    f"'{body}' is not a floor header",
                    file=source, line=lineno, col=indent + 1, hint=f"write 'floor {min(expected, data.floors)}'",
                )
            n = int(number)
            if floors and len(floors[-1]) < nrows:
                raise InputError(
                    f"floor {len(floors)} has only {len(floors[-1])} of its {nrows} rows before 'floor {n}'",
                    file=source, line=lineno, col=indent + 1,
                    hint="type every row, with '.' for empty spaces",
                )
            if n != expected or expected > data.floors:
                if expected > data.floors:
                    msg = f"the café has {data.floors} floors; there is no floor {n}"
                else:
                    msg = f"expected floor {expected} here, not floor {n}"
                raise InputError(msg, file=source, line=lineno, col=indent + 1, hint="write the floors in order: floor 1, floor 2, floor 3")
            floors.append([])
            lines.append([])
            continue
        # a row of spaces
        for i, ch in enumerate(body):
            if ch not in _ROW_CHARS:
                if ":" in body:
                    raise InputError(
                        f"unknown line '{body}'", file=source, line=lineno, col=indent + 1,
                        hint="the only 'key: value' line is 'name: ...'",
                    )
                raise InputError(
                    f"{ch!r} cannot be written in a space", file=source, line=lineno, col=indent + i + 1, hint=_ROW_HINT
                )
        if not floors or len(floors[-1]) == nrows:
            if len(floors) == data.floors:
                raise InputError(
                    f"this row is more than the café holds: {data.floors} floors of {nrows} rows",
                    file=source, line=lineno, col=indent + 1, hint="remove the extra row, or check the rows above",
                )
            floors.append([])  # rows without a header begin the next floor
            lines.append([])
        f, r = len(floors), len(floors[-1])
        want = data.row_len(r)
        values: list[int | None] = []
        bar_at: int | None = None
        for i, ch in enumerate(body):
            if ch in " \t":
                continue
            if ch == "|":
                if bar_at is not None:
                    raise InputError(
                        "a row has one middle line, not two '|'", file=source, line=lineno, col=indent + i + 1, hint=_ROW_HINT
                    )
                bar_at = len(values)
                if bar_at != want // 2:
                    raise InputError(
                        f"the '|' comes after {bar_at} spaces; floor {f} row {r + 1} has {want // 2} spaces on each side of the middle line",
                        file=source, line=lineno, col=indent + i + 1, hint=_ROW_HINT,
                    )
                continue
            values.append(None if ch in _EMPTY else int(ch))
        if len(values) != want:
            raise InputError(
                f"floor {f} row {r + 1} needs {want} spaces; this line has {len(values)}",
                file=source, line=lineno, col=indent + 1, hint=_ROW_HINT,
            )
        floors[-1].append(tuple(values))
        lines[-1].append(lineno)
    if not floors:
        raise InputError(
            "no rows found", file=source, line=last_line, col=1,
            hint=f"type the {data.floors} floors of the sheet, one line per row (see docs/formats/wobbly-cafe.md)",
        )
    if len(floors[-1]) < nrows:
        raise InputError(
            f"floor {len(floors)} has only {len(floors[-1])} of its {nrows} rows",
            file=source, line=last_line, col=1, hint="type every row, with '.' for empty spaces",
        )
    if len(floors) < data.floors:
        raise InputError(
            f"the sheet has {len(floors)} floor{'s' if len(floors) != 1 else ''}; the café has {data.floors}",
            file=source, line=last_line, col=1,
            hint="type the missing floors, with '.' for spaces not filled yet",
        )
    return CafeSheet(
        floors=tuple(tuple(fl) for fl in floors), name=name, lines=tuple(tuple(ls) for ls in lines)
    )


def format_sheet(sheet: CafeSheet, data: CafeData) -> str:
    """The typed-in text of a sheet, each row centred as on paper with '|' on the middle line."""
    out = []
    if sheet.name:
        out.append(f"name: {sheet.name}")
    half = data.width // 2
    for f, floor in enumerate(sheet.floors, start=1):
        if out:
            out.append("")
        out.append(f"floor {f}")
        for r, row in enumerate(floor):
            chars = ["." if v is None else str(v) for v in row]
            n = len(chars)
            left = "".join(chars[: n // 2])
            right = "".join(chars[n // 2 :])
            out.append(" " * (half - n // 2) + left + "|" + right)
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- scoring


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
    """Every maximal group of orthogonally connected spaces with the same die value (1-6)."""
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


def score_floor(floor: tuple[tuple[int | None, ...], ...], data: CafeData) -> FloorScore:
    counts = [0] * SIDES
    paying = []
    for g in groups_of(floor, data):
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
    total = sum(scores)
    tiebreak = scores[-1] if scores else 0
    breakdown: dict[str, Any] = {
        "name": sheet.name,
        "floors": [
            {
                "floor": i,
                "counts": {str(v): n for v, n in enumerate(fs.counts, start=1)},
                "formula": fs.formula(),
                "score": fs.score,
                "groups": [
                    {
                        "value": g.value,
                        "size": g.size,
                        "doubled": g.nice,
                        "tip": g.tip,
                        "spaces": [[r + 1, k + 1] for r, k in g.spaces],
                    }
                    for g in fs.groups
                ],
            }
            for i, fs in enumerate(floors, start=1)
        ],
        "total": total,
        "tiebreak": tiebreak,
    }
    width = max((len(f"Floor {i}") for i in range(1, len(floors) + 1)), default=7)
    report = []
    if sheet.name:
        report.append(f"Player: {sheet.name}")
    for i, fs in enumerate(floors, start=1):
        report.append(f"{f'Floor {i}':<{width}}  {fs.formula()}")
    report.append(f"{'Total':<{width}}  {' + '.join(map(str, scores))} = {total}")
    report.append(f"Tie-break (floor {len(floors)}): {tiebreak}")
    return Score(total=total, breakdown=breakdown, report="\n".join(report))


# ---------------------------------------------------------------- the sheet element

VIEW_TINT = "#e4e4e4"


@dataclass(frozen=True)
class FloorV:
    """A ``wobbly-cafe.floor`` element: floor ``floor`` of the café, ``cell`` mm per space."""

    data: CafeData
    floor: int
    cell: float
    middle: float  # width of the middle line in mm
    label: str

    def label_inside(self) -> bool:
        """Whether the label fits in the empty top-left corner of the shape (two free cells)."""
        first = self.data.rows[0] if self.data.rows else ()
        return not first or min(first) >= 2


def _read_floor(node: Node, data: Any) -> FloorV:
    from rollwrite.spec.nodes import Reader

    cafe = data if isinstance(data, CafeData) else DEFAULT_DATA
    r = Reader(node, "a wobbly-cafe.floor")
    floor = r.int("floor", minimum=1, maximum=cafe.floors)
    cell = r.number("cell", 7.5, minimum=7, maximum=20)
    middle = r.number("middle", 0.9, minimum=0.3, maximum=3)
    label = r.str("label", f"Floor {floor}")
    r.done()
    return FloorV(cafe, floor, cell, middle, label)


def _floor_size(v: FloorV) -> tuple[float, float]:
    return v.data.width * v.cell, len(v.data.rows) * v.cell


def _floor_bounds(v: FloorV) -> tuple[float, float, float, float]:
    w, h = _floor_size(v)
    top = -2.0 if v.label_inside() or not v.label else -5.0
    return (0.0, top, w, h + 2.0)


def _sun(pen: Any, cx: float, cy: float, r: float) -> None:
    """The nice-view mark: a small sun, drawn with strokes so a player can copy it."""
    import math

    pen.circle(cx, cy, r * 0.45, width=0.25, stroke="#333333", fill="#ffffff")
    for i in range(8):
        a = i * math.pi / 4
        pen.line(cx + math.cos(a) * r * 0.65, cy + math.sin(a) * r * 0.65,
                 cx + math.cos(a) * r, cy + math.sin(a) * r, width=0.25, color="#333333", cap="round")


def _build_floor(v: FloorV, pen: Any, ctx: Any) -> None:
    d, cs = v.data, v.cell
    inside = {(r, c) for r, cols in enumerate(d.rows) for c in cols}
    for r, c in sorted(d.nice):
        pen.rect(c * cs, r * cs, cs, cs, width=0.0, stroke=None, fill=VIEW_TINT)
    # edges: thin between two spaces, thick on the outline of the floor
    for r in range(len(d.rows) + 1):
        for c in range(d.width):
            a, b = (r - 1, c) in inside, (r, c) in inside
            if a or b:
                pen.line(c * cs, r * cs, (c + 1) * cs, r * cs, width=0.7 if a != b else 0.25, cap="square" if a != b else "butt")
    for c in range(d.width + 1):
        for r in range(len(d.rows)):
            a, b = (r, c - 1) in inside, (r, c) in inside
            if a or b:
                pen.line(c * cs, r * cs, c * cs, (r + 1) * cs, width=0.7 if a != b else 0.25, cap="square" if a != b else "butt")
    for r, c in sorted(d.nice):
        _sun(pen, (c + 1) * cs - 1.6, r * cs + 1.6, 1.25)
    mx, h = d.width * cs / 2, len(d.rows) * cs
    pen.line(mx, 0, mx, h, width=v.middle, cap="butt")
    if v.label:
        if v.label_inside():
            pen.text(0.3, 0.6 * cs, v.label, size=8, font="bold")
        else:
            pen.text(0, -2.5, v.label, size=8, font="bold")


@dataclass(frozen=True)
class RollsV:
    """A ``wobbly-cafe.rolls`` element: the rolls of one floor, each with a box to tick."""

    floor: int
    w: float
    h: float
    columns: int
    text: float  # pt, for the dice


def _read_rolls(node: Node, data: Any) -> RollsV:
    from rollwrite.spec.nodes import Reader, expect_pair

    cafe = data if isinstance(data, CafeData) else DEFAULT_DATA
    r = Reader(node, "a wobbly-cafe.rolls")
    floor = r.int("floor", minimum=1, maximum=cafe.floors)
    w, h = expect_pair(r.raw("size"), minimum=5)
    columns = r.int("columns", 2, minimum=1, maximum=6)
    text = r.number("text", 7.0, minimum=5, maximum=12)
    r.done()
    return RollsV(floor, w, h, columns, text)


def _build_rolls(v: RollsV, pen: Any, ctx: Any) -> None:
    from rollwrite.draw.scene import PT

    schedule = getattr(ctx, "schedule", None)
    if schedule is None or v.floor > len(schedule.spec.groups):
        return
    turns = schedule.group(v.floor)
    per_col = -(-len(turns) // v.columns)
    col_w, row_h = v.w / v.columns, min(v.h / max(per_col, 1), 6.0)
    box = min(3.0, row_h * 0.75)
    for i, t in enumerate(turns):
        c, k = divmod(i, per_col)
        x, y = c * col_w, k * row_h
        mid = y + row_h / 2
        pen.rect(x, mid - box / 2, box, box, width=0.25)
        pen.text(x + box + 3.6, mid + 5 * PT * 0.35, str(t.number), size=5, font="condensed", anchor="end", color="#555555")
        pen.text(x + box + 4.4, mid + v.text * PT * 0.35, " ".join(str(d) for d in t.dice), size=v.text, font="bold")


# ---------------------------------------------------------------- the game


class WobblyCafe(Game):
    slug = "wobbly-cafe"
    title = "Wobbly Café"
    summary = "place rolled pairs of customers symmetrically on three floors; tips for groups of exactly N Ns"
    players = (1, 300)
    can_score = True

    def load_data(self, node: Node | None) -> CafeData:
        from rollwrite.spec.nodes import Reader, Scalar, Seq

        if node is None:
            return DEFAULT_DATA
        rd = Reader(node, "data")
        floors = rd.int("floors", default=3, minimum=1, maximum=MAX_FLOORS)
        shape = rd.list("shape")
        rd.done()
        assert isinstance(shape, Seq)
        if not 1 <= len(shape) <= MAX_SIDE:
            raise shape.error(f"expected 1 to {MAX_SIDE} rows, got {len(shape)}")
        texts = []
        for item in shape:
            if not (isinstance(item, Scalar) and isinstance(item.value, str)):
                raise item.error("expected a row written as text, e.g. \"..oooo..\"", hint="use 'o' for a space, '*' for a nice view, '.' for none")
            if not 2 <= len(item.value) <= MAX_SIDE:
                raise item.error(f"expected a row 2 to {MAX_SIDE} characters wide, got {len(item.value)}")
            texts.append(item.value)
        try:
            return parse_shape(texts, floors)
        except ValueError as exc:
            raise shape.error(str(exc)) from None

    def _data(self, data: Any) -> CafeData:
        return data if isinstance(data, CafeData) else DEFAULT_DATA

    def parse(self, text: str, source: str, data: Any) -> CafeSheet:
        return parse_sheet(text, source, self._data(data))

    def format(self, sheet: CafeSheet, data: Any) -> str:
        return format_sheet(sheet, self._data(data))

    def check(self, sheet: CafeSheet, data: Any, schedule: Schedule | None) -> list[Problem]:
        return check_sheet(sheet, self._data(data), schedule)

    def score(self, sheet: CafeSheet, data: Any) -> Score:
        return score_sheet(sheet, self._data(data))

    def element_types(self) -> dict[str, ElementType]:
        return {
            "wobbly-cafe.floor": ElementType(
                _read_floor, _build_floor, _floor_size,
                "one floor of the café drawn from the layout's data: spaces, middle line, nice views, label",
                _floor_bounds,
            ),
            "wobbly-cafe.rolls": ElementType(
                _read_rolls, _build_rolls, lambda v: (v.w, v.h),
                "a floor's rolls from the seeded schedule, each with a box to tick (empty without a schedule)",
            ),
        }
