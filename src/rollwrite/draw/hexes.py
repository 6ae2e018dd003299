"""``hexgrid``: a map of hexagons (docs/layout.md).

``top: pointy`` (the default) or ``flat``; ``coords: offset`` (rows of hexes, every other one shifted
half a hex: ``offset: odd`` shifts the 2nd, 4th... row (of a flat-topped map: column), ``even`` the 1st,
3rd...) or ``axial`` (each row shifted half a hex more than the one before: a rhombus).  The size is
``hex`` (one hexagon's width, mm) or ``fit: [w, h]`` (the largest hexagons whose map fits that box).
Rows and columns count from 1.  ``shape`` (one text per row, ``#`` a hex and ``.`` none) leaves hexes
out; ``fill`` colours every hex and ``fills`` chosen ones (as a grid's); ``marks`` put icons in hexes,
``dots: true`` a dot at every centre, and ``labels: {rows: letters, cols: numbers}`` a small label in
each hex (the two in the order written, each any sequence: numbers, letters, lower or a list).
"""

from __future__ import annotations

from rollwrite.valueclass import Value

import math
from typing import Any

from rollwrite.draw.cellfills import read_fills, read_shape
from rollwrite.draw.marks import draw_icon, icon_name, sequence
from rollwrite.draw.metrics import text_width
from rollwrite.draw.scene import PT, Pen
from rollwrite.games.base import ElementType
from rollwrite.layoutlang.nodes import Node, Reader, Seq, expect_number, expect_pair

SQRT3 = math.sqrt(3.0)
MAX_HEXES = 2500


class HexMark(Value):
    row: int
    col: int
    icon: Any  # a built-in icon's name or the layout's own (rollwrite.draw.marks.OwnIcon)
    size: float
    color: str | None = None  # its black ink in this colour (see draw_icon)


class HexGridV(Value):
    rows: int
    cols: int
    top: str  # pointy | flat
    coords: str  # offset | axial
    odd: bool  # offset: the 2nd, 4th... row (column) is shifted
    radius: float  # centre to corner
    line: float
    color: str
    fill: str | None
    fills: dict[tuple[int, int], str]  # (row, col) from 1 -> colour
    shape: tuple[str, ...] | None
    marks: tuple[HexMark, ...]
    dots: bool
    labels: tuple[tuple[str, ...], tuple[str, ...], bool] | None  # per row, per column, column's first
    label_size: float
    label_color: str
    #: the box round the map's hexagons of radius 1 (x0, y0, x1, y1), measured once when it is read
    unit_box: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    label_place: str = "top"  # top | bottom: where in each hex its label goes; marks and 'in' take the rest

    def inside(self, row: int, col: int) -> bool:
        return self.shape is None or self.shape[row - 1][col - 1] == "#"

    def cells(self) -> list[tuple[int, int]]:
        return [(r, c) for r in range(1, self.rows + 1) for c in range(1, self.cols + 1) if self.inside(r, c)]


def _unit_centre(top: str, coords: str, odd: bool, row: int, col: int) -> tuple[float, float]:
    """The centre of hex (row, col) for hexagons of radius 1, before the map is moved to its corner."""
    r, c = row - 1, col - 1
    if top == "pointy":
        shift = r * 0.5 if coords == "axial" else 0.5 if (r % 2 == 1) == odd else 0.0
        return SQRT3 * (c + shift), 1.5 * r
    shift = c * 0.5 if coords == "axial" else 0.5 if (c % 2 == 1) == odd else 0.0
    return 1.5 * c, SQRT3 * (r + shift)


def _unit_corners(top: str) -> list[tuple[float, float]]:
    start = -90.0 if top == "pointy" else 0.0
    return [(math.cos(math.radians(start + 60 * k)), math.sin(math.radians(start + 60 * k))) for k in range(6)]


def _unit_extent(top: str, coords: str, odd: bool, cells: list[tuple[int, int]]) -> tuple[float, float, float, float]:
    xs, ys = [], []
    corners = _unit_corners(top)
    for row, col in cells:
        cx, cy = _unit_centre(top, coords, odd, row, col)
        xs += [cx + x for x, _ in corners]
        ys += [cy + y for _, y in corners]
    return min(xs), min(ys), max(xs), max(ys)


def centre(v: HexGridV, row: int, col: int) -> tuple[float, float]:
    """The centre of hex (row, col), measured from the map's ``at`` (the top-left corner of its ink)."""
    x0, y0, _, _ = v.unit_box
    cx, cy = _unit_centre(v.top, v.coords, v.odd, row, col)
    return (cx - x0) * v.radius + v.line / 2, (cy - y0) * v.radius + v.line / 2


def hex_box(v: HexGridV, row: int, col: int) -> tuple[float, float, float, float]:
    """The box of hex (row, col) an element put in it goes in: round the hex, or on a labelled map the
    part of the hex the label leaves (below a label at the top, above one at the bottom)."""
    cx, cy = centre(v, row, col)
    hw, hh = (SQRT3 / 2, 1.0) if v.top == "pointy" else (1.0, SQRT3 / 2)
    if v.labels is None:
        return cx - hw * v.radius, cy - hh * v.radius, cx + hw * v.radius, cy + hh * v.radius
    top, bottom = _label_band(v, cy)
    w = hw * v.radius * 0.8
    if v.label_place == "top":
        return cx - w, bottom + 0.2, cx + w, cy + hh * v.radius * 0.8
    return cx - w, cy - hh * v.radius * 0.8, cx + w, top - 0.2


def _label_size(v: HexGridV) -> float:
    return min(v.label_size, v.radius * 0.5 / PT)


def _label_base(v: HexGridV, cy: float, size: float) -> float:
    """The baseline of a hex's label: near its top, or near its foot."""
    if v.label_place == "top":
        return cy - v.radius * 0.55 + size * PT * 0.7
    return cy + v.radius * 0.55 - size * PT * 0.2


def _label_band(v: HexGridV, cy: float) -> tuple[float, float]:
    """From where to where (y) a hex's label reaches, at its largest."""
    size = _label_size(v)
    base = _label_base(v, cy, size)
    return base - size * PT * 0.76, base + size * PT * 0.24


def _read_labels(node: Node | None, rows: int, cols: int) -> tuple[tuple[str, ...], tuple[str, ...], bool] | None:
    if node is None:
        return None
    r = Reader(node, "hex labels")
    start = r.int("start", 1, minimum=-1000, maximum=1000)
    rn, cn = r.raw("rows", None), r.raw("cols", None)
    r.done()
    if rn is None and cn is None:
        raise node.error("these labels name neither rows nor columns", hint="e.g. labels: {rows: letters, cols: numbers}")
    keys = list(r.node.entries)
    cols_first = cn is not None and (rn is None or keys.index("cols") < keys.index("rows"))
    return (sequence(rn, rows, start) if rn is not None else ("",) * rows,
            sequence(cn, cols, start) if cn is not None else ("",) * cols, cols_first)


def _read_marks(node: Seq | None, v_rows: int, v_cols: int) -> tuple[HexMark, ...]:
    out = []
    for n in node or ():
        mr = Reader(n, "a hex mark")
        cell = mr.raw("cell")
        row, col = (int(x) for x in expect_pair(cell))
        icon = icon_name(mr.raw("icon"))
        size = mr.number("size", None, minimum=0.5, maximum=100)
        color = mr.color("color", None)
        mr.done()
        if not (1 <= row <= v_rows and 1 <= col <= v_cols):
            raise cell.error(f"hex [{row}, {col}] is outside the {v_rows} x {v_cols} map (rows and columns count from 1)")
        out.append(HexMark(row, col, icon, size or 0.0, color))
    return tuple(out)


def _read_hexgrid(node: Node, data: Any) -> HexGridV:
    r = Reader(node, "a hex grid")
    rows = r.int("rows", minimum=1, maximum=100)
    cols = r.int("cols", minimum=1, maximum=100)
    if rows * cols > MAX_HEXES:
        raise node.error(f"a hex grid may have at most {MAX_HEXES} hexes, this one {rows * cols}")
    top = r.str("top", "pointy", choices=["pointy", "flat"])
    coords = r.str("coords", "offset", choices=["offset", "axial"])
    odd = r.str("offset", "odd", choices=["odd", "even"]) == "odd"
    hex_node, fit_node = r.raw("hex", None), r.raw("fit", None)
    shape = read_shape(r.raw("shape", None), rows, cols, "a hex")
    cells = [(a, b) for a in range(1, rows + 1) for b in range(1, cols + 1) if shape is None or shape[a - 1][b - 1] == "#"]
    if not cells:
        raise node.error("this shape leaves no hex")
    line = r.number("line", 0.3, minimum=0.05, maximum=5)
    unit_box = _unit_extent(top, coords, odd, cells)
    radius = _radius(node, hex_node, fit_node, top, line, unit_box)
    fills = {(f.r0 + 1, f.c0 + 1): f.color for f in _cell_fills(r.raw("fills", None), rows, cols)}
    v = HexGridV(rows, cols, top, coords, odd, radius, line,
                 r.color("color", "#000000"), r.fill("fill", None), fills, shape,
                 _read_marks(r.list("marks", None), rows, cols), r.bool("dots", False),
                 _read_labels(r.raw("labels", None), rows, cols),
                 r.number("label_size", 6.0, minimum=3, maximum=30, unit="pt"), r.color("label_color", "#555555"),
                 unit_box, r.str("label_place", "top", choices=["top", "bottom"]))
    r.done()
    for m in v.marks:
        if not v.inside(m.row, m.col):
            raise node.error(f"the mark at hex [{m.row}, {m.col}] is not on a hex of the map's shape")
    return v


def _cell_fills(node: Node | None, rows: int, cols: int) -> list[Any]:
    """A grid's ``fills`` broken into single hexes (a later one wins)."""
    out = []
    for f in read_fills(node, rows, cols):
        out += [type(f)(a, b, a + 1, b + 1, f.color) for a in range(f.r0, f.r1) for b in range(f.c0, f.c1)]
    return out


def _radius(node: Node, hex_node: Node | None, fit_node: Node | None, top: str, line: float,
            unit_box: tuple[float, float, float, float]) -> float:
    if (hex_node is None) == (fit_node is None):
        raise node.error("a hex grid needs 'hex' (one hexagon's width, mm) or 'fit: [w, h]' (the box its map fills)",
                         hint="e.g. hex: 12, or fit: [180, 150]")
    if hex_node is not None:
        width = expect_number(hex_node, minimum=2, maximum=200)
        return width / (SQRT3 if top == "pointy" else 2.0)
    assert fit_node is not None  # (one of 'hex' and 'fit', checked above)
    w, h = expect_pair(fit_node, minimum=5)
    x0, y0, x1, y1 = unit_box
    return min((w - line) / (x1 - x0), (h - line) / (y1 - y0))


def _build_hexgrid(v: HexGridV, pen: Pen, ctx: Any) -> None:
    corners = _unit_corners(v.top)
    for row, col in v.cells():
        cx, cy = centre(v, row, col)
        pts = [(round(cx + x * v.radius, 4), round(cy + y * v.radius, 4)) for x, y in corners]
        pen.path(pts, True, width=v.line, stroke=v.color, fill=v.fills.get((row, col), v.fill), join="round")
        if v.dots:
            pen.circle(cx, cy, max(v.radius * 0.06, 0.35), width=0, stroke=None, fill=v.color)
        if v.labels is not None:
            rl, cl = v.labels[0][row - 1], v.labels[1][col - 1]
            text = cl + rl if v.labels[2] else rl + cl
            size = _label_size(v)
            if text_width(text, size) > v.radius * 1.2:
                size *= v.radius * 1.2 / text_width(text, size)
            pen.text(cx, _label_base(v, cy, size), text, size=size, anchor="middle", color=v.label_color)
    low = 0.0 if v.labels is None else v.radius * (0.15 if v.label_place == "top" else -0.15)  # beside the label
    for m in v.marks:
        cx, cy = centre(v, m.row, m.col)
        draw_icon(m.icon, pen, cx, cy + low, m.size or v.radius * (0.75 if low else 0.9), weight=0.3, color=m.color)


def _hexgrid_size(v: HexGridV) -> tuple[float, float]:
    x0, y0, x1, y1 = v.unit_box
    return (x1 - x0) * v.radius + v.line, (y1 - y0) * v.radius + v.line


HEXES: dict[str, ElementType] = {
    "hexgrid": ElementType(_read_hexgrid, _build_hexgrid, _hexgrid_size,
                           "a map of hexagons: pointy or flat tops, offset or axial rows, fills, marks, labels"),
}
