"""``check-layout --greyscale``: what a black-and-white printer would lose.

A printer in grey keeps only each colour's lightness, the luma of ITU-R BT.601 (0.299 R + 0.587 G +
0.114 B, what Pillow's ``Image.convert("L")`` computes).  What matters is not a colour alone but the
colours drawn over or beside each other, so the sheet is drawn as it prints and every pair is judged:

* a text, line or outline (of a shape with no fill) on what lies under it (the topmost fill drawn before it where it stands, or
  the paper): their greys must differ by :data:`MARK_CONTRAST` of the way from black to white, or the
  mark fades into its ground;
* two fills of different colours that overlap or lie within :data:`NEAR` mm of each other (the rows of
  a crossing sheet, a red circle beside a green star): their greys must differ by
  :data:`FILL_CONTRAST`, unless their patterns differ (``fill: "#e33 hatch"``, see
  :mod:`rollwrite.draw.patterns`), which tells them apart in any grey.

A pair of greys (neither colour has a hue) is left alone: it prints as it looks.  A layout's own icon
is one picture, drawn as its maker chose: its parts are not judged against each other, only against
what lies round it.  Each pair of colours is reported once, at the element drawn later.
"""

from __future__ import annotations

import math
from typing import Any

from rollwrite import games
from rollwrite.buildcontext import BuildContext
from rollwrite.draw.patterns import circle_points, flatten, inside
from rollwrite.draw.scene import Circle, Curve, Line, Page, Path, Rect, Text
from rollwrite.errors import InputError
from rollwrite.layoutlang.layout import element_types
from rollwrite.layoutlang.overlap import item_box

FILL_CONTRAST = 0.06
MARK_CONTRAST = 0.2
NEAR = 5.0  # mm: fills this close are seen side by side


def grey(color: str) -> float:
    """The lightness of ``#rrggbb`` from 0 (black) to 1 (white), as Pillow's luminance computes it."""
    r, g, b = (int(color[k : k + 2], 16) for k in (1, 3, 5))
    return (r * 299 + g * 587 + b * 114) / 1000 / 255


def _neutral(color: str) -> bool:
    return color[1:3].lower() == color[3:5].lower() == color[5:7].lower()


class _Ink:
    """One thing drawn: a fill (with its outline as a polygon) or a mark (a text, a line, an outline)."""

    __slots__ = ("kind", "colour", "pattern", "box", "polygon", "element", "picture", "what", "source", "at")

    def __init__(self, kind: str, colour: str, pattern: str | None, box: tuple[float, float, float, float],
                 polygon: list[tuple[float, float]] | None, element: int, picture: int | None, what: str,
                 source: int = -1, at: tuple[float, float] | None = None) -> None:
        self.kind, self.colour, self.pattern, self.box = kind, colour.lower(), pattern, box
        self.polygon, self.element, self.picture, self.what = polygon, element, picture, what
        self.source = source  # the scene item it comes from (a shape's fill and outline share it)
        #: where its ground is looked for: its middle, or for an outline a point on it
        self.at = at if at is not None else ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)

    def covers(self, x: float, y: float) -> bool:
        x0, y0, x1, y1 = self.box
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            return False
        return self.polygon is None or inside(self.polygon, x, y)


def _polygon(it: Any) -> list[tuple[float, float]] | None:
    if isinstance(it, Rect) and not it.angle:
        return None
    if isinstance(it, Rect):
        a = math.radians(it.angle)
        c, s = math.cos(a), math.sin(a)
        return [(it.x + x * c - y * s, it.y + x * s + y * c) for x, y in ((0, 0), (it.w, 0), (it.w, it.h), (0, it.h))]
    if isinstance(it, Circle):
        return circle_points(it.cx, it.cy, it.r)
    if isinstance(it, Path):
        return list(it.points)
    if isinstance(it, Curve):
        return flatten(it.start, it.pieces)
    return None


def _inks(page: Page, element: int, pictures: list[tuple[int, int]], start: int) -> list[_Ink]:
    """What one element drew (``page.items[start:]``), its pattern ink left out and each own icon's
    parts marked with the icon they belong to."""
    skip: set[int] = set()
    patterned: dict[int, str] = {}
    for k, (pattern, count) in page.patterns.items():
        if k >= start:
            patterned[k] = pattern
            skip.update(range(k + 1, k + 1 + count))
    picture_of = {k: n for n, (first, count) in enumerate(pictures) if first >= start
                  for k in range(first, first + count)}
    out = []
    for k in range(start, len(page.items)):
        it = page.items[k]
        if k in skip:
            continue
        pic = picture_of.get(k)
        pic = None if pic is None else element * 100_000 + pic
        if isinstance(it, Text):
            if it.text.strip():
                out.append(_Ink("text", it.color, None, item_box(it), None, element, pic, f"the text '{_short(it.text)}'"))
            continue
        if isinstance(it, Line):
            if it.width > 0:
                out.append(_Ink("line", it.color, None, item_box(it), None, element, pic, "a line"))
            continue
        fill = getattr(it, "fill", None)
        if fill:
            out.append(_Ink("fill", fill, patterned.get(k), item_box(it), _polygon(it), element, pic, "a fill", k))
        stroke = getattr(it, "stroke", None)
        width = getattr(it, "width", 0)
        if stroke and width > 0 and not fill:  # a filled shape's fill shows it; its outline is trim
            box = item_box(it)
            poly = _polygon(it)
            on = poly[0] if poly else (box[0] + width / 2, (box[1] + box[3]) / 2)  # a point of the outline
            out.append(_Ink("line", stroke, None, box, None, element, pic, "an outline", k, on))
    return out


def _short(text: str) -> str:
    return text if len(text) <= 24 else text[:23] + "…"


def greyscale_warnings(layout: Any) -> list[InputError]:
    """One warning per pair of colours drawn over or beside each other that print as nearly one grey."""
    types = element_types(games.get(layout.game))
    out: list[InputError] = []
    reported: set[tuple[str, ...]] = set()
    sides = [("front", layout.sheet.elements), ("back", layout.sheet.back)]
    sides += [(page.name, page.elements) for page in getattr(layout, "pages", ())]
    for side, elements in sides:
        if not elements:
            continue
        ctx = BuildContext(layout, layout.data, None, 1, 1, 1, 1, side)
        page = Page(layout.sheet.width, layout.sheet.height)
        inks: list[_Ink] = []
        for n, el in enumerate(elements):
            start = len(page.items)
            types[el.type].build(el.value, el.place(page.pen()), ctx)
            inks += _inks(page, n, page.pictures, start)
        out += _judge(inks, elements, reported)
    return out


def _judge(inks: list[_Ink], elements: Any, reported: set[tuple[str, ...]]) -> list[InputError]:
    out = []
    fills = [(z, ink) for z, ink in enumerate(inks) if ink.kind == "fill"]
    cells: dict[tuple[int, int], list[tuple[int, _Ink]]] = {}  # fills by the NEAR-mm squares they cover
    for z, f in fills:
        x0, y0, x1, y1 = f.box
        for i in range(int(math.floor(x0 / NEAR)), int(math.floor(x1 / NEAR)) + 1):
            for j in range(int(math.floor(y0 / NEAR)), int(math.floor(y1 / NEAR)) + 1):
                cells.setdefault((i, j), []).append((z, f))
    # a mark on its ground
    for z, mark in enumerate(inks):
        if mark.kind == "fill":
            continue
        cx, cy = mark.at
        ground = None
        for fz, f in reversed(cells.get((int(math.floor(cx / NEAR)), int(math.floor(cy / NEAR))), ())):
            if fz < z and f.source != mark.source and f.covers(cx, cy) and not (
                    mark.picture is not None and f.picture == mark.picture):
                ground = f
                break
        under = ground.colour if ground is not None else "#ffffff"
        if _neutral(mark.colour) and _neutral(under):
            continue
        gap = abs(grey(mark.colour) - grey(under))
        if gap >= MARK_CONTRAST:
            continue
        key: tuple[str, ...] = ("mark", mark.colour, under)
        if key in reported:
            continue
        reported.add(key)
        el = elements[mark.element]
        where = "the paper" if ground is None else _place(ground, elements, mark.element)
        out.append(el.node.error(
            f"{mark.what} in {mark.colour} (here) on {under} ({where}) print as nearly the same grey "
            f"({grey(mark.colour):.0%} and {grey(under):.0%} of white): a black-and-white print loses it",
            hint=f"make one of them lighter or darker: {MARK_CONTRAST:.0%} of the way from black to white apart "
                 "is enough"))
    # fills over or beside each other: each fill against those in the NEAR-mm squares round it
    for z, f in fills:
        x0, y0, x1, y1 = f.box
        seen: set[int] = set()
        for i in range(int(math.floor(x0 / NEAR)) - 1, int(math.floor(x1 / NEAR)) + 2):
            for j in range(int(math.floor(y0 / NEAR)) - 1, int(math.floor(y1 / NEAR)) + 2):
                for oz, other in cells.get((i, j), ()):
                    if oz >= z or oz in seen:
                        continue
                    seen.add(oz)
                    if not _alike(f, other) or not _overlap(f.box, other.box, NEAR):
                        continue
                    key = ("fill",) + tuple(sorted((f.colour, other.colour)))
                    if key in reported:
                        continue
                    reported.add(key)
                    el = elements[f.element]
                    out.append(el.node.error(
                        f"the fill {f.colour} (here) and {other.colour} ({_place(other, elements, f.element)}), drawn "
                        f"{'over' if _overlap(f.box, other.box) else 'beside'} each other, print as nearly the same "
                        f"grey ({grey(f.colour):.0%} and {grey(other.colour):.0%} of white)",
                        hint=f"make one of them lighter or darker, or give one a pattern, which any grey shows: "
                             f"\"{f.colour} hatch\" (or dots, or cross)"))
    return out


def _place(ink: _Ink, elements: Any, here: int) -> str:
    if ink.element == here:
        return "in this element"
    n = elements[ink.element].node
    return f"the {elements[ink.element].type} at {n.file}:{n.line}:{n.col}"


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float], pad: float = 0.0) -> bool:
    if pad:
        return a[0] - pad <= b[2] and b[0] - pad <= a[2] and a[1] - pad <= b[3] and b[1] - pad <= a[3]
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _alike(a: _Ink, b: _Ink) -> bool:
    """Two fills a grey print cannot tell apart: different colours (not both greys), the same pattern,
    greys less than FILL_CONTRAST apart, and not two parts of one own icon."""
    if a.colour == b.colour or a.pattern != b.pattern or (_neutral(a.colour) and _neutral(b.colour)):
        return False
    if a.picture is not None and a.picture == b.picture:
        return False
    return abs(grey(a.colour) - grey(b.colour)) < FILL_CONTRAST
