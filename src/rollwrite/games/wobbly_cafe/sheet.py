"""Wobbly Café's own sheet elements: a floor drawn from the layout's data, and a floor's rolls."""

from __future__ import annotations

from dataclasses import dataclass
import math
from typing import Any

from rollwrite.draw.elements import FormulaV, GENERIC, MIN_TEXT
from rollwrite.draw.scene import PT
from rollwrite.games.base import ElementType
from rollwrite.games.wobbly_cafe.rules import score_floor
from rollwrite.valueclass import replace
from rollwrite.games.wobbly_cafe.data import CafeData, as_data
from rollwrite.layoutlang.nodes import Node, Reader, expect_pair



VIEW_TINT = "#e4e4e4"
PAYING_TINT = "#ffec8a"  # an answer's paying groups, as a highlighter marks them


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
    cafe = as_data(data)
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
    for r, c in _paying_spaces(v, ctx):  # an answer's paying groups, as a highlighter marks them
        pen.rect(c * cs, r * cs, cs, cs, width=0.0, stroke=None, fill=PAYING_TINT)
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
    _draw_answer(v, pen, ctx)
    _draw_par(v, pen, ctx)
    if v.label:
        if v.label_inside():
            pen.text(0.3, 0.6 * cs, v.label, size=8, font="bold")
        else:
            pen.text(0, -2.5, v.label, size=8, font="bold")


def _paying_spaces(v: FloorV, ctx: Any) -> list[tuple[int, int]]:
    """On an answer page, the (row, column) of each space of a group that pays; else none."""
    sheet = getattr(ctx, "answer", None)
    if sheet is None or v.floor > len(sheet.floors):
        return []
    from rollwrite.games.wobbly_cafe.rules import paying_groups  # only an answer page needs the rules

    d = v.data
    return sorted((r, d.rows[r][k]) for g in paying_groups(sheet.floors[v.floor - 1], d) for r, k in g.spaces)


def _draw_answer(v: FloorV, pen: Any, ctx: Any) -> None:
    """On an answer page: each space's number, as a player writes it; paying groups in bold (and
    shaded, by ``_build_floor``, as the rules' highlighter marks them)."""
    from rollwrite.games.wobbly_cafe.rules import paying_groups  # only an answer page needs the rules

    sheet = getattr(ctx, "answer", None)
    if sheet is None or v.floor > len(sheet.floors):
        return
    floor = sheet.floors[v.floor - 1]
    d, cs = v.data, v.cell
    paying = {s for g in paying_groups(floor, d) for s in g.spaces}
    size = cs / PT * 0.62
    for r, cols in enumerate(d.rows):
        for k, c in enumerate(cols):
            val = floor[r][k] if r < len(floor) and k < len(floor[r]) else None
            if val is None:
                continue
            bold = (r, k) in paying
            # a nice view's sun sits in the space's top right corner: its digit keeps to the lower left
            x, k_size, dy = ((c + 0.42) * cs, size * 0.84, 0.07 * cs) if (r, c) in d.nice else ((c + 0.5) * cs, size, 0.0)
            pen.text(x, (r + 0.5) * cs + dy + k_size * PT * 0.36, str(val), size=k_size,
                     font="bold" if bold else "regular", anchor="middle", color="#000000" if bold else "#555555")


def _draw_par(v: FloorV, pen: Any, ctx: Any) -> None:
    """On a puzzle page: the floor's par in the empty corner below its last row."""
    puzzle = getattr(ctx, "puzzle", None)
    if puzzle is None or puzzle.extra.get("hide_par") or v.floor > len(puzzle.parts):
        return
    part = puzzle.parts[v.floor - 1]
    d, cs = v.data, v.cell
    last = d.rows[-1] if d.rows else ()
    if not last or max(last) > d.width - 3:
        return
    x, y = d.width * cs, len(d.rows) * cs
    # an open floor: par is the best floor found; the bound, a score no floor beats
    lines = [f"par {part['par']}"] if part["proven"] else [f"par {part['par']}", f"bound {part['bound']}"]
    for i, text in enumerate(reversed(lines)):
        pen.text(x - 0.3, y - 1.2 - i * 2.6, text, size=6.5, font="bold", anchor="end")


@dataclass(frozen=True)
class RollsV:
    """A ``wobbly-cafe.rolls`` element: the rolls of one floor, each with a box to tick."""

    floor: int
    w: float
    h: float
    columns: int
    text: float  # pt, for the dice


def _read_rolls(node: Node, data: Any) -> RollsV:
    cafe = as_data(data)
    r = Reader(node, "a wobbly-cafe.rolls")
    floor = r.int("floor", minimum=1, maximum=cafe.floors)
    w, h = expect_pair(r.raw("size"), minimum=5)
    columns = r.int("columns", 2, minimum=1, maximum=6)
    text = r.number("text", 7.0, minimum=5, maximum=12, unit="pt")
    r.done()
    return RollsV(floor, w, h, columns, text)


def _build_rolls(v: RollsV, pen: Any, ctx: Any) -> None:
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
        if getattr(ctx, "answer", None) is not None:  # an answer seats every roll: each one ticked
            pen.path(((x + box * 0.2, mid), (x + box * 0.42, mid + box * 0.3), (x + box * 0.82, mid - box * 0.32)),
                     width=0.35)
        pen.text(x + box + 3.6, mid + MIN_TEXT * PT * 0.35, str(t.number), size=MIN_TEXT, font="condensed", anchor="end",
                 color="#555555")
        pen.text(x + box + 4.4, mid + v.text * PT * 0.35, " ".join(str(d) for d in t.dice), size=v.text, font="bold")


@dataclass(frozen=True)
class TallyV:
    """A ``wobbly-cafe.tally`` element: a formula line to write a floor's tips in (``floor: N``,
    ``_×1 + _×2 + … + _×6 = _``) or the sheet's total (``total: true``, ``Total: _ + _ + _ = _``), drawn as
    the generic formula element draws it; on an answer page its blanks are filled in."""

    formula: Any  # rollwrite.draw.elements.FormulaV
    floor: int  # 0: the total


def _read_tally(node: Node, data: Any) -> TallyV:
    cafe = as_data(data)
    r = Reader(node, "a wobbly-cafe.tally")
    floor = r.int("floor", 0, minimum=0, maximum=cafe.floors)
    total = r.bool("total", False)
    size = r.number("size", 7.5, minimum=4, maximum=30, unit="pt")
    blank = r.number("blank", 5.2, minimum=3, maximum=60)
    height = r.number("height", 4.5, minimum=2, maximum=40)
    r.done()
    if (floor == 0) != total:
        raise node.error("a tally is either a floor's ('floor: N') or the total ('total: true')")
    if total:
        template = "Total:  " + " + ".join("_" for _ in range(cafe.floors)) + " = _"
    else:
        template = " + ".join(f"_×{v}" for v in range(1, 7)) + " = _"
    return TallyV(FormulaV(template, size, blank, height), floor)


def _tally_size(v: TallyV) -> tuple[float, float]:
    return GENERIC["formula"].size(v.formula)


def _build_tally(v: TallyV, pen: Any, ctx: Any) -> None:
    formula = GENERIC["formula"]
    formula.build(v.formula, pen, ctx)
    sheet = getattr(ctx, "answer", None)
    if sheet is None:
        return
    d = as_data(ctx.data)
    scores = [score_floor(f, d) for f in sheet.floors]
    if v.floor:
        if v.floor > len(scores):
            return
        values = [*scores[v.floor - 1].counts, scores[v.floor - 1].score]
    else:
        values = [s.score for s in scores] + [sum(s.score for s in scores)]
    f = v.formula
    pieces = f.template.split("_")
    size = min(f.size, f.height / PT * 0.8)
    for k, value in enumerate(values[: len(pieces) - 1]):
        # a blank starts where the formula up to it ends: the generic element's own measure
        x = formula.size(replace(f, template="_".join(pieces[: k + 1]) + "_"))[0] - f.blank
        pen.text(x + f.blank / 2, f.height / 2 + size * PT * 0.35, str(value), size=size, font="bold",
                 anchor="middle")


def element_types() -> dict[str, ElementType]:
    return {
        "wobbly-cafe.tally": ElementType(
            _read_tally, _build_tally, _tally_size,
            "a formula line for a floor's tips ('floor: N') or the total ('total: true'), filled in on answers",
        ),
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
