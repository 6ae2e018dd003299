"""Round and regular shapes of the layout language: ``circle``, ``ellipse``, ``regular`` (a regular
polygon) and ``star``, each centred on its ``at`` (docs/layout.md).

Every one has ``line`` (its outline's width, 0 for none), ``color`` (the outline's colour), ``fill`` and
``dash``.  A regular polygon and a star have a corner (a star a point) straight up; ``rotate`` turns them.
"""

from __future__ import annotations

from rollwrite.valueclass import Value

import math
from typing import Any

from rollwrite.draw.scene import Pen
from rollwrite.draw.shapes import read_dash
from rollwrite.games.base import ElementType
from rollwrite.layoutlang.nodes import Reader, expect_pair

#: corners drawn for an ellipse (a polygon this fine is smooth at any printed size)
ELLIPSE_POINTS = 96


class FigureV(Value):
    """A circle (``radius`` given, ``points`` empty) or a closed outline through ``points``."""

    points: tuple[tuple[float, float], ...]
    radius: float
    line: float
    color: str | None
    fill: str | None
    dash: tuple[float, ...] | None
    reach: tuple[float, float]  # half its width and height, outline included


def _style(r: Reader, node: Any) -> tuple[float, str | None, str | None, tuple[float, ...] | None]:
    line = r.number("line", 0.3, minimum=0, maximum=5)
    color = r.color("color", "#000000")
    fill = r.fill("fill", None)
    dash = read_dash(r)
    if line == 0 and fill is None:
        raise node.error("this shape draws nothing: its line is 0 and it has no fill",
                         hint="give it a 'line' width or a 'fill' colour")
    return line, color if line > 0 else None, fill, dash


def _radius(r: Reader, node: Any) -> float:
    if r.has("radius") and r.has("diameter"):
        raise node.error("give 'radius' or 'diameter', not both")
    if r.has("diameter"):
        return r.number("diameter", minimum=0.2, maximum=1000) / 2
    return r.number("radius", minimum=0.1, maximum=500)


def _read_circle(node: Any, data: Any) -> FigureV:
    r = Reader(node, "a circle")
    radius = _radius(r, node)
    line, color, fill, dash = _style(r, node)
    r.done()
    reach = radius + line / 2
    return FigureV((), radius, line, color, fill, dash, (reach, reach))


def _read_ellipse(node: Any, data: Any) -> FigureV:
    r = Reader(node, "an ellipse")
    size_node = r.raw("size")
    w, h = expect_pair(size_node, minimum=0.2)
    line, color, fill, dash = _style(r, node)
    r.done()
    pts = tuple((w / 2 * math.cos(2 * math.pi * k / ELLIPSE_POINTS), h / 2 * math.sin(2 * math.pi * k / ELLIPSE_POINTS))
                for k in range(ELLIPSE_POINTS))
    return FigureV(pts, 0.0, line, color, fill, dash, (w / 2 + line / 2, h / 2 + line / 2))


def _corners(n: int, radius: float, inner: float | None) -> tuple[tuple[float, float], ...]:
    """``n`` corners (with ``inner``: ``n`` points and the ``n`` notches between them), the first up."""
    out = []
    steps = n * 2 if inner is not None else n
    for k in range(steps):
        rad = radius if inner is None or k % 2 == 0 else inner
        a = -math.pi / 2 + 2 * math.pi * k / steps
        out.append((round(rad * math.cos(a), 6), round(rad * math.sin(a), 6)))
    return tuple(out)


def _read_regular(node: Any, data: Any, star: bool = False) -> FigureV:
    r = Reader(node, "a star" if star else "a regular polygon")
    n = r.int("points" if star else "sides", 5 if star else 6, minimum=3, maximum=64)
    radius = _radius(r, node)
    inner = r.number("inner", 0.45, minimum=0.05, maximum=0.95, unit=None) * radius if star else None
    line, color, fill, dash = _style(r, node)
    r.done()
    pts = _corners(n, radius, inner)
    reach_x = max(abs(x) for x, _ in pts) + line
    reach_y = max(abs(y) for _, y in pts) + line
    return FigureV(pts, 0.0, line, color, fill, dash, (reach_x, reach_y))


def _build(v: FigureV, pen: Pen, ctx: Any) -> None:
    style = {"width": v.line, "stroke": v.color, "fill": v.fill, "dash": v.dash}
    if not v.points:
        pen.circle(0.0, 0.0, v.radius, **style)
    else:
        pen.path(v.points, True, join="miter", **style)


def _bounds(v: FigureV) -> tuple[float, float, float, float]:
    return (-v.reach[0], -v.reach[1], v.reach[0], v.reach[1])


def _size(v: FigureV) -> tuple[float, float]:
    return v.reach[0], v.reach[1]


FIGURES: dict[str, ElementType] = {
    "circle": ElementType(_read_circle, _build, _size, "a circle centred on 'at': radius or diameter", _bounds),
    "ellipse": ElementType(_read_ellipse, _build, _size, "an ellipse centred on 'at': size [w, h]", _bounds),
    "regular": ElementType(_read_regular, _build, _size, "a regular polygon centred on 'at': sides, radius", _bounds),
    "star": ElementType(lambda node, data: _read_regular(node, data, star=True), _build, _size,
                        "a star centred on 'at': points, radius, inner (the notches, a share of the radius)", _bounds),
}
