"""Pattern fills: ``hatch`` (diagonal lines), ``cross`` (both diagonals) and ``dots`` drawn over a fill's
colour, so that fills tell apart on a black-and-white printer where their colours would print as the same
grey.  A fill with a pattern is written ``"#e33 hatch"`` (or ``hatch`` alone: black on white, see
``expect_fill`` in :mod:`rollwrite.layoutlang.nodes`).

The pattern is plain lines and dots, clipped here to the shape they fill (any polygon; circles and
curves are flattened first), so every backend draws it with what it already draws.  Its ink is black on a
light colour and white on a dark one, 0.2 mm wide, its lines :data:`SPACING` mm apart as printed.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

Point = tuple[float, float]

SPACING = 1.4  # mm between a hatch's lines, as printed
DOT_SPACING = 1.6  # mm between dots
INK_WIDTH = 0.2  # mm
DOT_RADIUS = 0.28  # mm
MOST_DOTS = 4000  # dots in one shape: a larger shape's dots are spaced wider


def split(fill: str | None) -> tuple[str | None, str | None]:
    """(colour, pattern) of a fill as the layout gives it: ``"#e33333 hatch"`` -> ("#e33333", "hatch")."""
    if fill is None or " " not in fill:
        return fill, None
    colour, pattern = fill.split(" ", 1)
    return colour, pattern


def ink(colour: str) -> str:
    """The pattern's colour over ``colour``: black over a light colour, white over a dark one."""
    r, g, b = (int(colour[k : k + 2], 16) for k in (1, 3, 5))
    return "#000000" if (299 * r + 587 * g + 114 * b) / 1000 >= 110 else "#ffffff"


def circle_points(cx: float, cy: float, r: float, n: int = 48) -> list[Point]:
    return [(cx + r * math.cos(2 * math.pi * k / n), cy + r * math.sin(2 * math.pi * k / n)) for k in range(n)]


def rounded_rect(x: float, y: float, w: float, h: float, radius: float = 0.0) -> list[Point]:
    """A rectangle as a polygon, its corners rounded by ``radius`` (8 points a corner)."""
    r = max(0.0, min(radius, w / 2, h / 2))
    if r == 0:
        return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    out: list[Point] = []
    for cx, cy, start in ((x + w - r, y + r, -90), (x + w - r, y + h - r, 0), (x + r, y + h - r, 90), (x + r, y + r, 180)):
        for k in range(9):
            a = math.radians(start + 90 * k / 8)
            out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out


def flatten(start: Point, pieces: tuple) -> list[Point]:
    """A closed curve of cubic pieces (c1, c2, end) as a polygon, 12 points a piece."""
    out = [start]
    p0 = start
    for c1, c2, p3 in pieces:
        for k in range(1, 13):
            t = k / 12
            u = 1 - t
            out.append((u ** 3 * p0[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t ** 3 * p3[0],
                        u ** 3 * p0[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t ** 3 * p3[1]))
        p0 = p3
    return out


def hatch(polygon: list[Point], pattern: str, spacing: float) -> Iterator[tuple[Point, Point]]:
    """The pieces of the pattern's lines (``hatch``: one diagonal, ``cross``: both) inside ``polygon``
    (even-odd), ``spacing`` apart."""
    directions = [(math.sqrt(0.5), -math.sqrt(0.5))]
    if pattern == "cross":
        directions.append((math.sqrt(0.5), math.sqrt(0.5)))
    edges = list(zip(polygon, polygon[1:] + polygon[:1]))
    for dx, dy in directions:
        nx, ny = -dy, dx
        offsets = [x * nx + y * ny for x, y in polygon]
        lo, hi = min(offsets), max(offsets)
        c = math.floor(lo / spacing) * spacing + spacing / 2
        while c < hi:
            ts = []
            for (ax, ay), (bx, by) in edges:
                da, db = ax * nx + ay * ny - c, bx * nx + by * ny - c
                if (da < 0) != (db < 0):
                    f = da / (da - db)
                    px, py = ax + (bx - ax) * f, ay + (by - ay) * f
                    ts.append(px * dx + py * dy)
            ts.sort()
            for t0, t1 in zip(ts[0::2], ts[1::2]):
                if t1 - t0 > 1e-6:
                    yield ((c * nx + t0 * dx, c * ny + t0 * dy), (c * nx + t1 * dx, c * ny + t1 * dy))
            c += spacing


def inside(polygon: list[Point], x: float, y: float) -> bool:
    hit = False
    j = len(polygon) - 1
    for i in range(len(polygon)):
        (xi, yi), (xj, yj) = polygon[i], polygon[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            hit = not hit
        j = i
    return hit


def dots(polygon: list[Point], spacing: float) -> list[Point]:
    """Centres of dots ``spacing`` apart (every other row shifted half) inside ``polygon``."""
    xs, ys = [p[0] for p in polygon], [p[1] for p in polygon]
    w, h = max(xs) - min(xs), max(ys) - min(ys)
    while (w / spacing + 1) * (h / spacing + 1) > MOST_DOTS:
        spacing *= 1.25
    out = []
    row = 0
    y = min(ys) + spacing / 2
    while y < max(ys):
        x = min(xs) + spacing / 2 + (spacing / 2 if row % 2 else 0.0)
        while x < max(xs):
            if inside(polygon, x, y):
                out.append((x, y))
            x += spacing
        y += spacing
        row += 1
    return out
