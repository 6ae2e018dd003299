"""A path's outline written as SVG writes one: ``d: "M 0 4 C 0 -1, 4 -1, 4 4 Z"``.

=========  =====================================================  =================================
command    draws                                                  numbers
=========  =====================================================  =================================
M m        moves to a point (starts a new piece of the path)      x y
L l        a line to a point                                      x y
H h / V v  a line across / down to                                x / y
C c        a cubic Bézier curve                                   x1 y1 x2 y2 x y
S s        a cubic curve whose first control mirrors the last     x2 y2 x y
Q q        a quadratic curve                                      x1 y1 x y
T t        a quadratic curve whose control mirrors the last       x y
A a        an arc of an ellipse                                   rx ry turn large sweep x y
Z z        closes the piece back to its start
=========  =====================================================  =================================

An upper-case command takes points measured from the element's ``at``, a lower-case one from the point
before; numbers are millimetres, separated by spaces or commas, and a command's numbers may repeat
(``L 1 2 3 4`` draws two lines).  Every piece becomes cubic Bézier pieces (an arc at most a quarter turn a
piece), which every backend draws as it is.  A mistake raises :class:`PathError` with the offset of the
character it is at.
"""

from __future__ import annotations

import math
import re

Point = tuple[float, float]
Piece = tuple[Point, Point, Point]
#: (start, pieces, closed) for each part of a path
Subpath = tuple[Point, tuple[Piece, ...], bool]

MAX_PIECES = 1000
MAX_CHARS = 20_000
_COUNTS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}
_TOKEN = r"\s*,?\s*(?:([MLHVCSQTAZmlhvcsqtaz])|([-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]{1,3})?))"
LIMIT = 10_000.0  # mm: no coordinate of a sheet comes near it


class PathError(Exception):
    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.message, self.offset = message, offset


def _tokens(text: str) -> list[tuple[str, object, int]]:
    token = re.compile(_TOKEN)
    out: list[tuple[str, object, int]] = []
    pos = 0
    while True:
        while pos < len(text) and (text[pos].isspace() or text[pos] == ","):
            pos += 1
        if pos >= len(text):
            return out
        m = token.match(text, pos)
        if not m:
            raise PathError(f"unexpected {text[pos]!r}: a path is commands (M L H V C S Q T A Z) and numbers", pos)
        at = m.start(1) if m.group(1) else m.start(2)
        if m.group(1):
            out.append(("cmd", m.group(1), at))
        else:
            v = float(m.group(2))
            if not math.isfinite(v) or abs(v) > LIMIT:
                raise PathError(f"{m.group(2)} is too large for a length on a sheet (at most {LIMIT:,.0f} mm)", at)
            out.append(("num", v, at))
        pos = m.end()


def _line(a: Point, b: Point) -> Piece:
    return ((a[0] + (b[0] - a[0]) / 3, a[1] + (b[1] - a[1]) / 3), (a[0] + 2 * (b[0] - a[0]) / 3,
                                                                   a[1] + 2 * (b[1] - a[1]) / 3), b)


def _arc(p0: Point, rx: float, ry: float, turn: float, large: bool, sweep: bool, p1: Point) -> list[Piece]:
    """An SVG elliptical arc as cubic pieces (the endpoint parameterisation of the SVG specification, F.6)."""
    if p0 == p1:
        return []
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return [_line(p0, p1)]
    phi = math.radians(turn % 360)
    c, s = math.cos(phi), math.sin(phi)
    dx, dy = (p0[0] - p1[0]) / 2, (p0[1] - p1[1]) / 2
    if math.hypot(dx, dy) < 1e-9:  # ends a billionth of a mm apart: no arc to draw (and none to divide by)
        return [_line(p0, p1)]
    x1, y1 = c * dx + s * dy, -s * dx + c * dy
    grow = (x1 / rx) ** 2 + (y1 / ry) ** 2
    if grow > 1:
        rx, ry = rx * math.sqrt(grow), ry * math.sqrt(grow)
    num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
    den = rx * rx * y1 * y1 + ry * ry * x1 * x1
    k = math.sqrt(max(num, 0.0) / den) if den else 0.0
    if large == sweep:
        k = -k
    cx1, cy1 = k * rx * y1 / ry, -k * ry * x1 / rx
    cx, cy = c * cx1 - s * cy1 + (p0[0] + p1[0]) / 2, s * cx1 + c * cy1 + (p0[1] + p1[1]) / 2

    def angle(ux: float, uy: float, vx: float, vy: float) -> float:
        a = math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        return a

    t1 = angle(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry)
    dt = angle((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry)
    if not sweep and dt > 0:
        dt -= 2 * math.pi
    elif sweep and dt < 0:
        dt += 2 * math.pi
    n = max(1, math.ceil(abs(dt) / (math.pi / 2) - 1e-9))
    step = dt / n
    h = 4 / 3 * math.tan(step / 4)

    def at(t: float) -> Point:
        ex, ey = rx * math.cos(t), ry * math.sin(t)
        return (cx + c * ex - s * ey, cy + s * ex + c * ey)

    def slope(t: float) -> Point:
        ex, ey = -rx * math.sin(t), ry * math.cos(t)
        return (c * ex - s * ey, s * ex + c * ey)

    out = []
    t = t1
    start = p0
    for k_ in range(n):
        t2 = t + step
        end = p1 if k_ == n - 1 else at(t2)
        d1, d2 = slope(t), slope(t2)
        out.append(((start[0] + h * d1[0], start[1] + h * d1[1]), (end[0] - h * d2[0], end[1] - h * d2[1]), end))
        start, t = end, t2
    return out


def _pieces(up: str, nums: list[float], origin: Point, cur: Point, last_c2: Point | None, last_q: Point | None,
            offsets: list[int]) -> tuple[list[Piece], Point | None, Point | None]:
    """The cubic pieces one drawing command (L H V C S Q T A, upper case) adds after ``cur``, with the last
    cubic and quadratic controls for the next S or T; ``offsets`` are where its numbers are written."""
    ox, oy = origin
    if up in ("L", "H", "V"):
        x = ox + nums[0] if up != "V" else cur[0]
        y = (oy + nums[1] if up == "L" else oy + nums[0]) if up != "H" else cur[1]
        new = [_line(cur, (x, y))]
        last_c2 = last_q = None
    elif up in ("C", "S"):
        if up == "C":
            c1 = (ox + nums[0], oy + nums[1])
            rest = nums[2:]
        else:
            c1 = (2 * cur[0] - last_c2[0], 2 * cur[1] - last_c2[1]) if last_c2 else cur
            rest = nums
        c2, end = (ox + rest[0], oy + rest[1]), (ox + rest[2], oy + rest[3])
        new = [(c1, c2, end)]
        last_c2, last_q = c2, None
    elif up in ("Q", "T"):
        if up == "Q":
            q = (ox + nums[0], oy + nums[1])
            end = (ox + nums[2], oy + nums[3])
        else:
            q = (2 * cur[0] - last_q[0], 2 * cur[1] - last_q[1]) if last_q else cur
            end = (ox + nums[0], oy + nums[1])
        new = [((cur[0] + 2 / 3 * (q[0] - cur[0]), cur[1] + 2 / 3 * (q[1] - cur[1])),
                (end[0] + 2 / 3 * (q[0] - end[0]), end[1] + 2 / 3 * (q[1] - end[1])), end)]
        last_q, last_c2 = q, None
    else:  # A
        for flag, j in ((nums[3], 3), (nums[4], 4)):
            if flag not in (0.0, 1.0):
                raise PathError(f"an arc's {'large' if j == 3 else 'sweep'} flag is 0 or 1, got {flag:g}",
                                offsets[j])
        new = _arc(cur, nums[0], nums[1], nums[2], nums[3] == 1.0, nums[4] == 1.0, (ox + nums[5], oy + nums[6]))
        last_c2 = last_q = None
    return new, last_c2, last_q


def parse(text: str) -> tuple[Subpath, ...]:
    """The parts of a path written as SVG writes one; PathError for a mistake."""
    if len(text) > MAX_CHARS:
        raise PathError(f"a path may have at most {MAX_CHARS:,} characters", MAX_CHARS)
    toks = _tokens(text)
    if not toks:
        raise PathError("the path is empty: start it with M x y", 0)
    if toks[0][0] != "cmd" or toks[0][1] not in ("M", "m"):
        raise PathError("a path starts with M x y (where its first point is)", toks[0][2])
    out: list[Subpath] = []
    pieces: list[Piece] = []
    start = cur = (0.0, 0.0)
    last_c2: Point | None = None  # the last cubic's second control, for S
    last_q: Point | None = None  # the last quadratic's control, for T
    count = 0
    k = 0
    cmd = "M"

    def flush(closed: bool) -> None:
        if pieces:
            out.append((start, tuple(pieces), closed))

    while k < len(toks):
        kind, value, at = toks[k]
        if kind == "cmd":
            cmd = str(value)
            k += 1
            if cmd in "Zz":
                if pieces and cur != start:
                    pieces.append(_line(cur, start))
                flush(True)
                pieces = []
                cur, last_c2, last_q = start, None, None
                continue
        elif cmd in "Zz":
            raise PathError("a number after Z: start the next part with M x y", at)
        need = _COUNTS[cmd.upper()]
        nums = []
        for j in range(need):
            if k + j >= len(toks) or toks[k + j][0] != "num":
                where = toks[k + j][2] if k + j < len(toks) else len(text)
                raise PathError(f"'{cmd}' takes {need} number{'s' if need > 1 else ''}, got {j}", where)
            nums.append(float(toks[k + j][1]))  # type: ignore[arg-type]
        k += need
        rel = cmd.islower()
        ox, oy = cur if rel else (0.0, 0.0)
        up = cmd.upper()
        if up == "M":
            flush(False)
            pieces = []
            start = cur = (ox + nums[0], oy + nums[1])
            cmd = "l" if rel else "L"  # more pairs after M are lines
            last_c2 = last_q = None
            continue
        new, last_c2, last_q = _pieces(up, nums, (ox, oy), cur, last_c2, last_q, [t[2] for t in toks[k - need:k]])
        pieces.extend(new)
        count += len(new)
        if count > MAX_PIECES:
            raise PathError(f"the path has more than {MAX_PIECES:,} pieces", at)
        if new:
            cur = new[-1][2]
    flush(False)
    if not out:
        raise PathError("the path draws nothing: after M x y, give it a line or a curve", 0)
    return tuple(out)


def drawn_points(subpaths: tuple[Subpath, ...]) -> tuple[Point, ...]:
    """Points along the path as drawn, 16 to a piece: what its box is measured from (a curve's
    controls lie outside the curve itself)."""
    out: list[Point] = []
    for start, pieces, _ in subpaths:
        p0 = start
        out.append(p0)
        for c1, c2, p3 in pieces:
            for k in range(1, 17):
                t = k / 16
                u = 1 - t
                out.append((u ** 3 * p0[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t ** 3 * p3[0],
                            u ** 3 * p0[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t ** 3 * p3[1]))
            p0 = p3
    return tuple(out)
