"""Free drawing elements of the layout language: ``polygon``, ``path`` and ``arrow`` (docs/layout.md).

Points are measured from the element's ``at``, x to the right and y downward, in mm (units allowed).
"""

from __future__ import annotations

import math
from typing import Any

from rollwrite.draw import pathdata
from rollwrite.draw.scene import Pen
from rollwrite.errors import did_you_mean
from rollwrite.games.base import ElementType
from rollwrite.valueclass import Value
from rollwrite.layoutlang.nodes import Node, Reader, Scalar, Seq, expect_number, expect_pair, expect_str

CAPS = ["butt", "round", "square"]
JOINS = ["miter", "round", "bevel"]
DIRECTIONS = {"right": 0.0, "down": 90.0, "left": 180.0, "up": 270.0}
MAX_POINTS = 1000


def read_dash(r: Reader) -> tuple[float, ...] | None:
    n = r.raw("dash", None)
    if n is None:
        return None
    if not isinstance(n, Seq) or not n.items:
        raise n.error("expected a list of dash and gap lengths in mm, e.g. [1.5, 1]")
    return tuple(expect_number(i, minimum=0.1) for i in n.items)


def _points(node: Node, least: int) -> tuple[tuple[float, float], ...]:
    if not isinstance(node, Seq):
        raise node.error("expected a list of points [x, y], e.g. [[0, 0], [10, 0], [5, 8]]")
    if len(node) < least:
        raise node.error(f"expected at least {least} points, got {len(node)}")
    if len(node) > MAX_POINTS:
        raise node.error(f"expected at most {MAX_POINTS} points, got {len(node)}")
    return tuple(expect_pair(p) for p in node)


def _box(points: tuple[tuple[float, float], ...], pad: float) -> tuple[float, float, float, float]:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


# ---------------------------------------------------------------- polygon and path


class PathV(Value):
    points: tuple[tuple[float, float], ...]
    closed: bool
    width: float
    color: str | None
    fill: str | None
    dash: tuple[float, ...] | None
    cap: str
    join: str
    #: a path written with ``d`` (see rollwrite.draw.pathdata): its parts as Bézier pieces; () for points
    curves: tuple = ()


def _read_polygon(node: Node, data: Any) -> PathV:
    r = Reader(node, "a polygon")
    pts = _points(r.raw("points"), 3)
    width = r.number("line", 0.3, minimum=0, maximum=5)
    color = r.color("color", "#000000")
    fill = r.fill("fill", None)
    dash = read_dash(r)
    join = r.str("join", "miter", choices=JOINS)
    r.done()
    if width == 0 and fill is None:
        raise node.error("this polygon draws nothing: its line is 0 and it has no fill",
                         hint="give it a 'line' width or a 'fill' colour")
    return PathV(pts, True, width, color if width > 0 else None, fill, dash, "butt", join)


def _read_path(node: Node, data: Any) -> PathV:
    r = Reader(node, "a path")
    points_node, d_node = r.raw("points", None), r.raw("d", None)
    if (points_node is None) == (d_node is None):
        raise node.error("a path needs either 'points' (a list of [x, y]) or 'd' (its outline as SVG writes it)",
                         hint="e.g. points: [[0, 0], [5, 8]], or d: \"M 0 8 A 4 4 0 0 1 8 8\"")
    curves: tuple = ()
    if d_node is not None:
        curves = _read_d(d_node)
        pts = pathdata.drawn_points(curves)  # what its box is measured from
    else:
        assert points_node is not None  # (one of 'points' and 'd', checked above)
        pts = _points(points_node, 2)
    closed = r.bool("closed", False)
    width = r.number("width", 0.3, minimum=0.05, maximum=5)
    color = r.color("color", "#000000")
    fill = r.fill("fill", None)
    dash = read_dash(r)
    cap = r.str("cap", "round", choices=CAPS)
    join = r.str("join", "round", choices=JOINS)
    r.done()
    return PathV(pts, closed, width, color, fill, dash, cap, join, curves)


def _read_d(node: Node) -> tuple:
    """A path's ``d``, refused at the character of a mistake (see :mod:`rollwrite.draw.pathdata`)."""
    text = expect_str(node)
    try:
        return pathdata.parse(text)
    except pathdata.PathError as e:
        shown = text[max(0, e.offset - 12) : e.offset + 12]
        raise node.error(f"{e.message} (at character {e.offset + 1}: '{shown}')",
                         hint="e.g. d: \"M 0 8 L 4 0 A 4 4 0 0 1 8 8 Z\" (M moves, L, C, Q and A draw, Z closes)") from None


def _build_path(v: PathV, pen: Pen, ctx: Any) -> None:
    if v.curves:
        for start, pieces, closed in v.curves:
            pen.curve(start, pieces, closed or v.closed, width=v.width, stroke=v.color, fill=v.fill, dash=v.dash,
                      cap=v.cap, join=v.join)
        return
    pen.path(v.points, v.closed, width=v.width, stroke=v.color, fill=v.fill, dash=v.dash, cap=v.cap, join=v.join)


def _path_bounds(v: PathV) -> tuple[float, float, float, float]:
    return _box(v.points, v.width / 2)


# ---------------------------------------------------------------- arrow


class ArrowV(Value):
    to: tuple[float, float]
    head: float
    ends: str  # end | start | both
    width: float
    color: str
    dash: tuple[float, ...] | None
    cap: str
    open: bool


def _read_arrow(node: Node, data: Any) -> ArrowV:
    r = Reader(node, "an arrow")
    to_node = r.raw("to", None)
    dir_node = r.raw("direction", None)
    length = r.number("length", None, minimum=0.5, maximum=1000)
    if (to_node is None) == (dir_node is None):
        raise node.error("an arrow needs either 'to: [dx, dy]' (its tip, from 'at') or 'direction' and 'length'",
                         hint="e.g. direction: up, length: 8")
    if to_node is not None:
        if length is not None:
            raise r.node.entries["length"][0].error("'length' goes with 'direction'; with 'to' the tip says it")
        to = expect_pair(to_node)
    else:
        assert dir_node is not None  # (one of 'to' and 'direction', checked above)
        if length is None:
            raise node.error("'length' is missing: how long the arrow is, in mm", hint="e.g. length: 8")

        if isinstance(dir_node, Scalar) and isinstance(dir_node.value, str) and dir_node.value in DIRECTIONS:
            angle = DIRECTIONS[dir_node.value]
        elif isinstance(dir_node, Scalar) and isinstance(dir_node.value, str) and not dir_node.value[:1].isdigit() \
                and not dir_node.value[:1] in "+-.":
            raise dir_node.error(f"expected up, down, left, right or an angle in degrees, got '{dir_node.value}'",
                                 hint=did_you_mean(dir_node.value, DIRECTIONS))
        else:
            angle = expect_number(dir_node, unit=None, what="up, down, left, right or an angle in degrees")
        rad = math.radians(angle)
        c, s = (0.0, 1.0) if angle % 360 == 90 else (-1.0, 0.0) if angle % 360 == 180 else \
            (0.0, -1.0) if angle % 360 == 270 else (math.cos(rad), math.sin(rad))
        to = (length * c, length * s)
    head = r.number("head", 2.5, minimum=0.5, maximum=30)
    ends = r.str("ends", "end", choices=["end", "start", "both"])
    width = r.number("width", 0.4, minimum=0.05, maximum=5)
    color = r.color("color", "#000000")
    dash = read_dash(r)
    cap = r.str("cap", "butt", choices=CAPS)
    open_ = r.bool("open", False)
    r.done()
    if math.hypot(*to) < 0.5:
        raise (to_node or node).error("this arrow is shorter than 0.5 mm", hint="move its tip further from 'at'")
    return ArrowV(to, head, ends, width, color, dash, cap, open_)


def _head(v: ArrowV, pen: Pen, tip: tuple[float, float], back: tuple[float, float]) -> tuple[float, float]:
    """Draws a head at ``tip`` pointing away from ``back``; returns where the shaft should stop."""
    dx, dy = tip[0] - back[0], tip[1] - back[1]
    d = math.hypot(dx, dy)
    ux, uy = dx / d, dy / d
    h = min(v.head, d * 0.8)
    bx, by = tip[0] - ux * h, tip[1] - uy * h
    half = h * 0.45
    left = (bx - uy * half, by + ux * half)
    right = (bx + uy * half, by - ux * half)
    if v.open:
        pen.path((left, tip, right), False, width=v.width, stroke=v.color, cap="round", join="miter")
        return tip
    pen.path((left, tip, right), True, width=v.width * 0.5, stroke=v.color, fill=v.color, join="miter")
    return (bx + ux * h * 0.2, by + uy * h * 0.2)


def _build_arrow(v: ArrowV, pen: Pen, ctx: Any) -> None:
    start, end = (0.0, 0.0), v.to
    a, b = start, end
    if v.ends in ("end", "both"):
        b = _head(v, pen, end, start)
    if v.ends in ("start", "both"):
        a = _head(v, pen, start, end)
    pen.line(a[0], a[1], b[0], b[1], width=v.width, color=v.color, dash=v.dash, cap=v.cap)


def _arrow_bounds(v: ArrowV) -> tuple[float, float, float, float]:
    return _box(((0.0, 0.0), v.to), v.head * 0.45 + v.width)


SHAPES: dict[str, ElementType] = {
    "polygon": ElementType(_read_polygon, _build_path, lambda v: _path_bounds(v)[2:],
                           "a closed shape through points, outlined and/or filled", _path_bounds),
    "path": ElementType(_read_path, _build_path, lambda v: _path_bounds(v)[2:],
                        "a line through points (open or closed)", _path_bounds),
    "arrow": ElementType(_read_arrow, _build_arrow, lambda v: _arrow_bounds(v)[2:],
                         "an arrow from 'at' to 'to' (or in a direction), with a head at either or both ends",
                         _arrow_bounds),
}
