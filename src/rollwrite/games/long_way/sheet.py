"""The Long Way's pictures, drawn with Pen strokes only (millimetres, y down).

The six furniture displays, the cafeteria fork and the doorway mark are each a few straight strokes
that a player can copy with a pencil into a 10 mm space.  Every symbol function has the icon
signature ``draw(pen, cx, cy, size, weight)``: centred on (cx, cy) inside a ``size`` mm square.
They are also registered as icons ``long-way.<name>`` for layouts to use in legends and grids.

The sheet's own element types, the tile chart and the display legend, are here too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rollwrite.draw import icons
from rollwrite.draw.elements import GENERIC
from rollwrite.draw.scene import PT, Pen
from rollwrite.games.base import ElementType
from rollwrite.games.long_way.data import SIZE, Chart, E, N, S, W, as_chart
from rollwrite.layoutlang.nodes import Node, Reader, expect_pair

SymbolFn = Callable[[Pen, float, float, float, float], None]
BLACK = "#000000"
GREY = "#9a9a9a"


def chair(pen: Pen, cx: float, cy: float, size: float, weight: float = 0.35) -> None:
    """A chair from the side: the back and rear leg in one stroke, the seat, the front leg."""
    s = size
    pen.path([(cx - 0.22 * s, cy - 0.42 * s), (cx - 0.22 * s, cy + 0.42 * s)], width=weight)
    pen.path([(cx - 0.22 * s, cy + 0.02 * s), (cx + 0.26 * s, cy + 0.02 * s), (cx + 0.26 * s, cy + 0.42 * s)], width=weight)


def shelf(pen: Pen, cx: float, cy: float, size: float, weight: float = 0.35) -> None:
    """A bookcase from the front: a tall box with two shelves."""
    s = size
    pen.rect(cx - 0.28 * s, cy - 0.42 * s, 0.56 * s, 0.84 * s, width=weight)
    for y in (-0.14, 0.14):
        pen.line(cx - 0.28 * s, cy + y * s, cx + 0.28 * s, cy + y * s, width=weight)


def lamp(pen: Pen, cx: float, cy: float, size: float, weight: float = 0.35) -> None:
    """A floor lamp: a shade, a stem and a foot."""
    s = size
    pen.path([(cx - 0.14 * s, cy - 0.42 * s), (cx + 0.14 * s, cy - 0.42 * s), (cx + 0.28 * s, cy - 0.1 * s),
              (cx - 0.28 * s, cy - 0.1 * s)], closed=True, width=weight)
    pen.line(cx, cy - 0.1 * s, cx, cy + 0.4 * s, width=weight)
    pen.line(cx - 0.2 * s, cy + 0.4 * s, cx + 0.2 * s, cy + 0.4 * s, width=weight)


def bed(pen: Pen, cx: float, cy: float, size: float, weight: float = 0.35) -> None:
    """A bed from above: the frame, a pillow and the fold of the blanket."""
    s = size
    pen.rect(cx - 0.28 * s, cy - 0.42 * s, 0.56 * s, 0.84 * s, width=weight)
    pen.rect(cx - 0.17 * s, cy - 0.34 * s, 0.34 * s, 0.15 * s, width=weight)
    pen.line(cx - 0.28 * s, cy - 0.08 * s, cx + 0.28 * s, cy - 0.08 * s, width=weight)


def desk(pen: Pen, cx: float, cy: float, size: float, weight: float = 0.35) -> None:
    """A desk from the front: the top, one leg and a block of drawers."""
    s = size
    pen.line(cx - 0.42 * s, cy - 0.2 * s, cx + 0.42 * s, cy - 0.2 * s, width=weight)
    pen.line(cx - 0.34 * s, cy - 0.2 * s, cx - 0.34 * s, cy + 0.34 * s, width=weight)
    pen.rect(cx + 0.04 * s, cy - 0.2 * s, 0.3 * s, 0.54 * s, width=weight)
    pen.line(cx + 0.04 * s, cy + 0.07 * s, cx + 0.34 * s, cy + 0.07 * s, width=weight)


def sofa(pen: Pen, cx: float, cy: float, size: float, weight: float = 0.35) -> None:
    """A sofa from the front: one outline with arms and back, and the seat line."""
    s = size
    pts = [(-0.42, 0.28), (-0.42, -0.08), (-0.3, -0.08), (-0.3, -0.3), (0.3, -0.3), (0.3, -0.08),
           (0.42, -0.08), (0.42, 0.28)]
    pen.path([(cx + x * s, cy + y * s) for x, y in pts], closed=True, width=weight)
    pen.line(cx - 0.3 * s, cy + 0.08 * s, cx + 0.3 * s, cy + 0.08 * s, width=weight)


def fork(pen: Pen, cx: float, cy: float, size: float, weight: float = 0.35) -> None:
    """The cafeteria: a fork, three tines and a handle."""
    s = size
    pen.path([(cx - 0.15 * s, cy - 0.42 * s), (cx - 0.15 * s, cy - 0.1 * s), (cx + 0.15 * s, cy - 0.1 * s),
              (cx + 0.15 * s, cy - 0.42 * s)], width=weight)
    pen.line(cx, cy - 0.42 * s, cx, cy + 0.42 * s, width=weight)


def doorway(pen: Pen, x1: float, y1: float, x2: float, y2: float, weight: float = 0.6) -> None:
    """A wall segment from (x1, y1) to (x2, y2) with a doorway punched through it: the wall's two ends,
    a gap in the middle, and a short stroke across each side of the gap."""
    dx, dy = x2 - x1, y2 - y1
    ax, ay = x1 + dx / 3, y1 + dy / 3
    bx, by = x1 + 2 * dx / 3, y1 + 2 * dy / 3
    pen.line(x1, y1, ax, ay, width=weight, cap="round")
    pen.line(bx, by, x2, y2, width=weight, cap="round")
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    nx, ny = -dy / length * 1.2, dx / length * 1.2
    for px, py in ((ax, ay), (bx, by)):
        pen.line(px - nx, py - ny, px + nx, py + ny, width=weight * 0.6)


def doorway_icon(pen: Pen, cx: float, cy: float, size: float, weight: float = 0.35) -> None:
    """The doorway mark on a horizontal wall, for legends."""
    doorway(pen, cx - 0.45 * size, cy, cx + 0.45 * size, cy, weight=max(weight, 0.5))


SYMBOLS: dict[str, SymbolFn] = {
    "chair": chair,
    "shelf": shelf,
    "lamp": lamp,
    "bed": bed,
    "desk": desk,
    "sofa": sofa,
}
SYMBOL_NAMES: tuple[str, ...] = tuple(SYMBOLS)


def display(pen: Pen, name: str, cx: float, cy: float, size: float, weight: float = 0.35) -> None:
    SYMBOLS[name](pen, cx, cy, size, weight)


_PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


def die_face(pen: Pen, x: float, y: float, size: float, face: int, dark: bool = False) -> None:
    """A die showing ``face``, top-left corner at (x, y): a light die is white with black pips, a dark
    die black with white pips."""
    body, pip = (BLACK, "#ffffff") if dark else ("#ffffff", BLACK)
    pen.rect(x, y, size, size, width=0.3, stroke=BLACK, fill=body, radius=size * 0.18)
    r = size * 0.09
    for px, py in _PIPS[face]:
        pen.circle(x + size / 2 + px * size * 0.26, y + size / 2 + py * size * 0.26, r, width=0, stroke=None, fill=pip)


def tile(pen: Pen, cells: list[tuple[int, int, int]], x: float, y: float, cell: float,
         wall: float = 0.7, line: float = 0.15) -> None:
    """A chart tile, top-left of its bounding box at (x, y): each space a thin square, a dot on each
    space without walls, and each wall as a thick stroke just inside the side of the space it belongs
    to (so two back-to-back walls show as two strokes)."""
    inset = wall / 2 + 0.15
    for r, c, walls in cells:
        x0, y0 = x + c * cell, y + r * cell
        pen.rect(x0, y0, cell, cell, width=line, stroke=GREY)
        if not walls:
            pen.circle(x0 + cell / 2, y0 + cell / 2, max(0.25, cell * 0.07), width=0, stroke=None, fill=BLACK)
            continue
        x1, y1 = x0 + cell, y0 + cell
        if walls & N:
            pen.line(x0, y0 + inset, x1, y0 + inset, width=wall, cap="butt")
        if walls & S:
            pen.line(x0, y1 - inset, x1, y1 - inset, width=wall, cap="butt")
        if walls & W:
            pen.line(x0 + inset, y0, x0 + inset, y1, width=wall, cap="butt")
        if walls & E:
            pen.line(x1 - inset, y0, x1 - inset, y1, width=wall, cap="butt")


def _register_icons() -> None:
    for name, fn in list(SYMBOLS.items()) + [("fork", fork), ("doorway", doorway_icon)]:
        if icons.get(f"long-way.{name}") is None:
            icons.register(f"long-way.{name}")(fn)


_register_icons()


# ---------------------------------------------------------------- long-way.tile-chart


@dataclass(frozen=True)
class ChartSpec:
    chart: Chart
    cell: float  # mm per space of a tile
    gap: float  # mm between tiles
    die: float  # mm, the die faces heading rows and columns
    text: float  # pt, the title line
    title: str

    def geometry(self) -> tuple[float, float, float, list[float], float]:
        """(title height, left column width, column width, row heights, header height)."""
        widest = max(t.cols for row in self.chart.tiles for t in row)
        col_w = widest * self.cell + self.gap
        rows = [max(row[0].rows * self.cell, self.die) + self.gap for row in self.chart.tiles]
        title_h = self.text * PT * 1.5 if self.title else 0.0
        header = self.die + self.gap
        return title_h, self.die + self.gap, col_w, rows, header


def _read_chart(node: Node, data: Any) -> ChartSpec:
    r = Reader(node, "a tile chart")
    cell = r.number("cell", 4.0, minimum=2.0, maximum=10.0)
    gap = r.number("gap", 3.0, minimum=0.5, maximum=20.0)
    die = r.number("die", 5.0, minimum=2.0, maximum=15.0)
    text = r.number("text", 7.0, minimum=4.0, maximum=24.0, unit="pt")
    title = r.str("title", "Tile chart: the light die picks the row (shape), the dark die the column (walls). "
                  "Never rotate a tile.")
    r.done()
    return ChartSpec(as_chart(data), cell, gap, die, text, title)


def _chart_size(v: ChartSpec) -> tuple[float, float]:
    title_h, left, col_w, rows, header = v.geometry()
    return left + 6 * col_w - v.gap, title_h + header + sum(rows) - v.gap


def _build_chart(v: ChartSpec, pen: Any, ctx: Any) -> None:
    title_h, left, col_w, rows, header = v.geometry()
    if v.title:
        pen.text(0, v.text * PT, v.title, size=v.text, font="bold")
    y0 = title_h
    for d in range(6):
        x = left + d * col_w + (col_w - v.gap - v.die) / 2
        die_face(pen, x, y0, v.die, d + 1, dark=True)
    y = y0 + header
    for light, row in enumerate(v.chart.tiles, start=1):
        h = rows[light - 1] - v.gap
        die_face(pen, 0, y + (h - v.die) / 2, v.die, light, dark=False)
        for d, t in enumerate(row):
            tw, th = t.cols * v.cell, t.rows * v.cell
            x = left + d * col_w + (col_w - v.gap - tw) / 2
            tile(pen, t.box_cells(), x, y + (h - th) / 2, v.cell, wall=max(0.5, v.cell * 0.16))
        y += rows[light - 1]


# ---------------------------------------------------------------- long-way.displays


@dataclass(frozen=True)
class DisplaysSpec:
    chart: Chart
    size: float  # mm, each symbol's square
    columns: int
    width: float  # mm per entry
    gap: float  # mm between rows
    text: float  # pt

    @property
    def rows(self) -> int:
        return -(-6 // self.columns)


def _read_displays(node: Node, data: Any) -> DisplaysSpec:
    r = Reader(node, "a displays legend")
    size = r.number("size", 7.0, minimum=3.0, maximum=20.0)
    columns = r.int("columns", 6, minimum=1, maximum=6)
    width = r.number("width", 30.0, minimum=10.0, maximum=200.0)
    gap = r.number("gap", 2.0, minimum=0.0, maximum=20.0)
    text = r.number("text", 7.5, minimum=4.0, maximum=24.0, unit="pt")
    r.done()
    return DisplaysSpec(as_chart(data), size, columns, width, gap, text)


def _displays_size(v: DisplaysSpec) -> tuple[float, float]:
    return v.columns * v.width, v.rows * (v.size + v.gap) - v.gap


def _build_displays(v: DisplaysSpec, pen: Any, ctx: Any) -> None:
    die = v.size * 0.6
    for i, disp in enumerate(v.chart.displays):
        row, col = divmod(i, v.columns)
        x, y = col * v.width, row * (v.size + v.gap)
        die_face(pen, x, y + (v.size - die) / 2, die, disp.face)
        display(pen, disp.name, x + die + 1.0 + v.size / 2, y + v.size / 2, v.size, 0.35)
        pen.text(x + die + v.size + 2.0, y + v.size / 2 + v.text * PT * 0.35, disp.name, size=v.text)


@dataclass
class AnswerSpec:
    chart: Chart
    cell: float  # mm, a space of the store grid the element lies over


def _read_answer(node: Node, data: Any) -> AnswerSpec:
    r = Reader(node, "an answer store")
    cell = r.number("cell", 12.0, minimum=4.0, maximum=40.0)
    r.done()
    return AnswerSpec(as_chart(data), cell)


def _answer_size(v: AnswerSpec) -> tuple[float, float]:
    return 7 * v.cell, 7 * v.cell


def _build_answer(v: AnswerSpec, pen: Any, ctx: Any) -> None:
    """On an answer page, over the empty store grid: the answer's walls and doorways, each display's
    furniture, the cafeterias, small circles on open tile spaces, the customers' route as a grey line
    through the middle of the spaces it passes (under the furniture, never over it), and the entrance and
    the exit as arrows through the outer wall.  Draws nothing on any other page."""
    sheet = getattr(ctx, "answer", None)
    start = _finish_start(ctx)
    if sheet is None and start is not None:  # a finish puzzle's page: its store as given, no route
        sheet = start
        _finish_caption(v, pen, ctx.puzzle)
    elif sheet is not None and start is not None:  # its answer page: the finish, turn by turn
        _finish_answer_caption(v, pen, ctx.puzzle, sheet)
    if sheet is None or not hasattr(sheet, "walls"):
        return
    from rollwrite.games.long_way.rules import customers_path  # only an answer page needs the rules

    cs = v.cell
    names = {d.face: d.name for d in v.chart.displays}
    route = [c for leg in customers_path(sheet).legs for c in leg.path] if sheet is not start else []
    if len(route) > 1:
        pen.path([((c % 7 + 0.5) * cs, (c // 7 + 0.5) * cs) for c in route], width=1.6, stroke="#bbbbbb",
                 cap="round")
    for c in range(49):
        r, k = divmod(c, 7)
        x, y = k * cs, r * cs
        mark = sheet.marks[c]
        if (mark in "123456" and int(mark) in names) or mark in ("A", "B"):
            # the route passes under furniture and cafeterias, never over them: a clear patch behind each
            pen.rect(x + cs * 0.12, y + cs * 0.14, cs * 0.76, cs * 0.72, width=0, stroke=None, fill="#ffffff",
                     radius=cs * 0.1)
        if mark in "123456" and int(mark) in names:
            display(pen, names[int(mark)], x + cs / 2, y + cs / 2, cs * 0.7, 0.4)
        elif mark == "o":
            pen.circle(x + cs / 2, y + cs / 2, cs * 0.08, width=0.3)
        elif mark in ("A", "B"):
            fork(pen, x + cs * 0.35, y + cs / 2, cs * 0.6, 0.4)
            pen.text(x + cs * 0.68, y + cs / 2 + cs * 0.12, mark, size=cs / PT * 0.35, font="bold", anchor="middle")
        sides = ((1, x, y, x + cs, y), (2, x + cs, y, x + cs, y + cs), (4, x, y + cs, x + cs, y + cs),
                 (8, x, y, x, y + cs))
        for side, x1, y1, x2, y2 in sides:
            if not sheet.walls[c] & side:
                continue
            if sheet.doors[c] & side:
                doorway(pen, x1, y1, x2, y2, 0.9)
            else:
                pen.line(x1, y1, x2, y2, width=0.9, cap="round")
    for gate, inward in ((sheet.entrance, True), (sheet.exit, False)):  # last: over everything
        _gate_arrow(pen, gate, cs, inward, sheet.walls[gate.cell], sheet.doors[gate.cell])


def _finish_start(ctx: Any) -> Any:
    """The store a finish puzzle gives (its extra "start"), or None for any other page."""
    puzzle = getattr(ctx, "puzzle", None)
    return puzzle.extra.get("start") if puzzle is not None and puzzle.extra.get("kind") == "finish" else None


def _finish_caption(v: AnswerSpec, pen: Any, puzzle: Any) -> None:
    """Under a finish puzzle's store: what to do, and what its par means."""
    turns, rolls = puzzle.extra["turns"], puzzle.extra["rolls"]
    which = f"roll {turns + 1}" if rolls == 1 else f"rolls {turns + 1} and {turns + 2}"
    best = puzzle.extra["best_finishes"]
    line = f"Finish the store as drawn after turn {turns} (its rolls ticked): play {which} or stop."
    if puzzle.par is not None and not puzzle.extra.get("hide_par"):
        line += (f" Par {puzzle.par} (proven): no finish scores more; "
                 + ("one finish reaches it." if best == 1 else f"{best} finished stores reach it."))
    pen.text(0, 7 * v.cell + 4.2, line, size=6.8, font="condensed")


def _finish_answer_caption(v: AnswerSpec, pen: Any, puzzle: Any, sheet: Any) -> None:
    """Under a finish puzzle's answer: each turn of the best finish in words, its rerolls and its stop."""
    # deferred for start-up: only a finish puzzle's answer page needs these (`print` loads this module)
    from rollwrite.games.long_way.format import cell_name
    from rollwrite.games.long_way.rules import SIDE_NAME

    names = {d.face: d.name for d in v.chart.displays}
    words = []
    for t in (sheet.log or ())[puzzle.extra["turns"]:]:
        part = [f"turn {t.number} (roll {t.roll[0]} {t.roll[1]}):"]
        part += [f"reroll {'light' if d == 0 else 'dark'} to {x} (a coin)," for d, x in t.rerolls]
        if t.action == "tile":
            part.append(f"tile at {cell_name(t.at)}")
            if t.display:
                part.append(f"with a {names.get(t.display[0], t.display[0])} on {cell_name(t.display[1])}")
            b = t.bonus
            if b is not None:
                part.append("and two coins" if b.kind == "coins" else
                            f"and a {b.kind} on the {SIDE_NAME[b.side]} side of {cell_name(b.cell)}")
        elif t.action == "cafeteria" and t.cafe:
            part.append(f"a cafeteria on {cell_name(t.cafe[0])} and {cell_name(t.cafe[1])}")
        else:
            part.append("stop")
        words.append(" ".join(part))
    if not words:
        words = ["stop at once"]
    pen.text(0, 7 * v.cell + 4.2, "Best finish: " + "; ".join(words) + ".", size=6.8, font="condensed")


def outer_side(gate: Any, walls: int = 0, doors: int = 0) -> int:
    """The side of the store's outer wall a gate opens through: its own, or else the first edge side of
    its space (north, east, south, west) that has no wall, or a doorway in it (``walls`` and ``doors``:
    the space's masks), or failing that its first edge side."""
    if gate.side:
        return gate.side
    r, k = divmod(gate.cell, SIZE)
    edges = [s for s, on in ((N, r == 0), (E, k == SIZE - 1), (S, r == SIZE - 1), (W, k == 0)) if on]
    return next((s for s in edges if not walls & s or doors & s), edges[0] if edges else N)


def _gate_arrow(pen: Any, gate: Any, cs: float, inward: bool, walls: int, doors: int) -> None:
    """The entrance (an arrow in) or the exit (an arrow out) through the outer wall, as the rules ask."""
    r, k = divmod(gate.cell, SIZE)
    side = outer_side(gate, walls, doors)
    dx, dy = {N: (0, -1), S: (0, 1), E: (1, 0)}.get(side, (-1, 0))  # outward
    # through the wall a quarter of the way along it: clear of the grid's row and column labels, which
    # stand at the middle, and of a display in the middle of the space
    ox = (k + (0.25 if dx == 0 else 0.5 + dx * 0.5)) * cs
    oy = (r + (0.25 if dy == 0 else 0.5 + dy * 0.5)) * cs
    out = (ox + dx * 3.2, oy + dy * 3.2)
    inside = (ox - dx * cs * 0.3, oy - dy * cs * 0.3)
    tail, head = (out, inside) if inward else (inside, out)
    hx, hy = head[0] - tail[0], head[1] - tail[1]
    n = (hx * hx + hy * hy) ** 0.5
    ux, uy = hx / n, hy / n
    a = 1.8
    pen.line(tail[0], tail[1], head[0] - ux * a * 0.8, head[1] - uy * a * 0.8, width=0.8, color="#000000")
    pen.path(((head[0], head[1]), (head[0] - ux * a - uy * a * 0.6, head[1] - uy * a + ux * a * 0.6),
              (head[0] - ux * a + uy * a * 0.6, head[1] - uy * a - ux * a * 0.6)), closed=True, width=0.2,
             fill="#000000")


@dataclass(frozen=True)
class ScoreBoxV:
    what: str  # displays, empties or score
    w: float
    h: float
    line: float


SCORE_PARTS = ("displays", "empties", "score")


def _read_score_box(node: Node, data: Any) -> ScoreBoxV:
    r = Reader(node, "a long-way.score-box")
    what = r.str("what")
    w, h = expect_pair(r.raw("size"), minimum=3)
    line = r.number("line", 0.35, minimum=0.1, maximum=2)
    r.done()
    if what not in SCORE_PARTS:
        raise node.error(f"'what' is one of {', '.join(SCORE_PARTS)}, not {what!r}")
    return ScoreBoxV(what, w, h, line)


def _build_score_box(v: ScoreBoxV, pen: Any, ctx: Any) -> None:
    """A box to write a part of the score in; on an answer page, that part written in."""
    pen.rect(0, 0, v.w, v.h, width=v.line, radius=0.8)
    sheet = getattr(ctx, "answer", None)
    if sheet is None or not hasattr(sheet, "walls"):
        return
    from rollwrite.games.long_way.rules import score  # only an answer page needs the rules

    result = score(sheet, None)
    value = {"displays": result.breakdown["displays"], "empties": result.breakdown["empties"]}.get(
        v.what, result.total)
    size = min(9.0, v.h / PT * 0.7)
    pen.text(v.w / 2, v.h / 2 + size * PT * 0.35, str(value), size=size, font="bold", anchor="middle")


def _read_coins(node: Node, data: Any) -> Any:
    return GENERIC["circles"].read(node, data)


def _build_coins(v: Any, pen: Any, ctx: Any) -> None:
    """The coin box (the generic row of circles); on an answer page each coin gained drawn in and each
    one spent on a reroll crossed out, as the rules ask."""
    GENERIC["circles"].build(v, pen, ctx)
    sheet = getattr(ctx, "answer", None) or _finish_start(ctx)
    if sheet is None or not hasattr(sheet, "gained"):
        return
    d, step = v.diameter, v.diameter + v.gap
    for i in range(min(sheet.gained, v.count)):
        row, col = divmod(i, v.columns)
        cx, cy = col * step + d / 2, row * step + d / 2
        pen.circle(cx, cy, d * 0.26, width=0.5)
        if i < sheet.spent:
            k = d * 0.42
            pen.line(cx - k, cy - k, cx + k, cy + k, width=0.5)
            pen.line(cx - k, cy + k, cx + k, cy - k, width=0.5)


def element_types() -> dict[str, ElementType]:
    # importing this module has registered the long-way.* icons as well
    return {
        "long-way.tile-chart": ElementType(
            _read_chart, _build_chart, _chart_size,
            "the 6x6 tile chart: light die rows (shape), dark die columns (walls)",
        ),
        "long-way.displays": ElementType(
            _read_displays, _build_displays, _displays_size,
            "the six furniture displays with their die faces",
        ),
        "long-way.score-box": ElementType(
            _read_score_box, _build_score_box, lambda v: (v.w, v.h),
            "a box for one part of the score (what: displays, empties or score), filled in on answers",
        ),
        "long-way.coins": ElementType(
            _read_coins, _build_coins, lambda v: GENERIC["circles"].size(v),
            "the coin box, a row of circles as 'circles' takes; on answers the coins gained drawn, those spent crossed",
        ),
        "long-way.answer": ElementType(
            _read_answer, _build_answer, _answer_size,
            "a puzzle's answer drawn over the store grid (walls, doorways, displays, cafeterias, route)",
        ),
    }
