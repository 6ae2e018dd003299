"""Named icons drawn with plain strokes, so a player can copy them with a pencil.

An icon is a function ``draw(pen, cx, cy, size, weight)`` centred on (cx, cy) within a ``size`` mm
square.  Games register their own with :func:`register`; layouts name them in ``icon`` elements, grid
marks and legends.  ``die-1`` to ``die-6`` are the faces of a die.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from rollwrite.draw.scene import Pen

IconFn = Callable[[Pen, float, float, float, float], None]
_ICONS: dict[str, IconFn] = {}


def register(name: str) -> Callable[[IconFn], IconFn]:
    def deco(fn: IconFn) -> IconFn:
        _ICONS[name] = fn
        return fn

    return deco


def names() -> list[str]:
    return sorted(_ICONS)


def get(name: str) -> IconFn | None:
    return _ICONS.get(name)


def draw(name: str, pen: Pen, cx: float, cy: float, size: float, weight: float = 0.35) -> None:
    _ICONS[name](pen, cx, cy, size, weight)


@register("star")
def _star(pen: Pen, cx: float, cy: float, size: float, weight: float) -> None:
    r_out, r_in = size * 0.48, size * 0.2
    pts = []
    for i in range(10):
        r = r_out if i % 2 == 0 else r_in
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    pen.path(pts, closed=True, width=weight, stroke="#000000", fill=None)


@register("eye")
def _eye(pen: Pen, cx: float, cy: float, size: float, weight: float) -> None:
    w, h = size * 0.46, size * 0.26
    top = [(cx - w + 2 * w * t / 12, cy - h * math.sin(math.pi * t / 12)) for t in range(13)]
    bottom = [(cx + w - 2 * w * t / 12, cy + h * math.sin(math.pi * t / 12)) for t in range(13)]
    pen.path(top + bottom[1:], closed=True, width=weight)
    pen.circle(cx, cy, size * 0.1, width=weight, fill="#000000")


@register("coin")
def _coin(pen: Pen, cx: float, cy: float, size: float, weight: float) -> None:
    pen.circle(cx, cy, size * 0.42, width=weight)
    pen.circle(cx, cy, size * 0.28, width=weight * 0.7)


@register("fork")
def _fork(pen: Pen, cx: float, cy: float, size: float, weight: float) -> None:
    top, mid, bot = cy - size * 0.42, cy - size * 0.05, cy + size * 0.42
    for dx in (-0.16, 0.0, 0.16):
        pen.line(cx + dx * size, top, cx + dx * size, mid, width=weight, cap="round")
    pen.path([(cx - 0.16 * size, mid), (cx - 0.16 * size, mid + 0.06 * size), (cx, mid + 0.14 * size),
              (cx + 0.16 * size, mid + 0.06 * size), (cx + 0.16 * size, mid)], width=weight)
    pen.line(cx, mid + 0.14 * size, cx, bot, width=weight * 1.4, cap="round")


@register("arrow")
def _arrow(pen: Pen, cx: float, cy: float, size: float, weight: float) -> None:
    s = size * 0.42
    pen.line(cx - s, cy, cx + s, cy, width=weight, cap="round")
    pen.path([(cx + s * 0.35, cy - s * 0.55), (cx + s, cy), (cx + s * 0.35, cy + s * 0.55)], width=weight)


@register("dot")
def _dot(pen: Pen, cx: float, cy: float, size: float, weight: float) -> None:
    pen.circle(cx, cy, max(size * 0.08, 0.4), width=0, stroke=None, fill="#000000")


@register("check")
def _check(pen: Pen, cx: float, cy: float, size: float, weight: float) -> None:
    s = size * 0.4
    pen.path([(cx - s, cy), (cx - s * 0.3, cy + s * 0.7), (cx + s, cy - s * 0.7)], width=weight)


@register("die")
def _die(pen: Pen, cx: float, cy: float, size: float, weight: float) -> None:
    s = size * 0.8
    pen.rect(cx - s / 2, cy - s / 2, s, s, width=weight, radius=s * 0.18)
    for dx, dy in ((-0.22, -0.22), (0.0, 0.0), (0.22, 0.22)):
        pen.circle(cx + dx * s, cy + dy * s, s * 0.08, width=0, stroke=None, fill="#000000")


#: where the pips of each face lie, as shares of the die's side from its centre
PIPS = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def _face(value: int) -> IconFn:
    def draw_face(pen: Pen, cx: float, cy: float, size: float, weight: float) -> None:
        s = size * 0.8
        pen.rect(cx - s / 2, cy - s / 2, s, s, width=weight, radius=s * 0.18)
        for dx, dy in PIPS[value]:
            pen.circle(cx + dx * 0.27 * s, cy + dy * 0.27 * s, s * 0.085, width=0, stroke=None, fill="#000000")

    return draw_face


for _value in PIPS:
    register(f"die-{_value}")(_face(_value))
