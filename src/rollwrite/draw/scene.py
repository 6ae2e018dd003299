"""The scene: a format-free display list of pages, in millimetres.

One convention everywhere: the origin is the top-left corner of the page and y grows downward (as in
SVG).  The PDF backend flips y in exactly one place.  Text sizes are in points (1 pt = 25.4/72 mm);
a Text's ``y`` is its baseline.

Rules code builds scenes through :class:`Pen`, which draws into a page with an offset, so a game's
sheet can be drawn at its own origin and placed anywhere by the page planner.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator
from dataclasses import field
from typing import Any, Literal, Union, overload

from rollwrite.draw import patterns
from rollwrite.valueclass import Mutable, Value, _set, replace

PT = 25.4 / 72.0  # one typographic point in mm

FontName = Literal["regular", "bold", "condensed"]
Anchor = Literal["start", "middle", "end"]

# The drawing items are made by the ten thousand: each writes its own __init__, setting its fields
# directly, rather than the generic one of rollwrite.valueclass, which gathers its arguments first.


class Line(Value):
    x1: float
    y1: float
    x2: float
    y2: float
    width: float = 0.3
    color: str = "#000000"
    dash: tuple[float, ...] | None = None
    cap: Literal["butt", "round", "square"] = "butt"

    def __init__(self, x1: float, y1: float, x2: float, y2: float, width: float = 0.3, color: str = "#000000",
                 dash: tuple[float, ...] | None = None, cap: Literal["butt", "round", "square"] = "butt") -> None:
        _set(self, "x1", x1)
        _set(self, "y1", y1)
        _set(self, "x2", x2)
        _set(self, "y2", y2)
        _set(self, "width", width)
        _set(self, "color", color)
        _set(self, "dash", dash)
        _set(self, "cap", cap)


class Rect(Value):
    x: float
    y: float
    w: float
    h: float
    width: float = 0.3
    stroke: str | None = "#000000"
    fill: str | None = None
    radius: float = 0.0
    dash: tuple[float, ...] | None = None
    angle: float = 0.0  # degrees clockwise (y points down) about the corner (x, y)

    def __init__(self, x: float, y: float, w: float, h: float, width: float = 0.3, stroke: str | None = "#000000",
                 fill: str | None = None, radius: float = 0.0, dash: tuple[float, ...] | None = None,
                 angle: float = 0.0) -> None:
        _set(self, "x", x)
        _set(self, "y", y)
        _set(self, "w", w)
        _set(self, "h", h)
        _set(self, "width", width)
        _set(self, "stroke", stroke)
        _set(self, "fill", fill)
        _set(self, "radius", radius)
        _set(self, "dash", dash)
        _set(self, "angle", angle)


class Image(Rect):
    """A PNG or SVG picture filling the box (x, y, w, h), turned ``angle`` degrees about (x, y).  A kind
    of Rect with no stroke, so whatever measures boxes measures it; the backends draw the picture."""

    kind: str = "png"  # png | svg
    data: bytes = b""
    drawn: int = 1  # the shapes the picture draws (an SVG's, each <use> copy counted): its share of a sheet's budget
    decoded: Any = None  # the picture as read when its layout was loaded (a Pillow image, a reportlab Drawing)

    def __init__(self, x: float, y: float, w: float, h: float, kind: str = "png", data: bytes = b"",
                 angle: float = 0.0, drawn: int = 1, decoded: Any = None,
                 **unused: Any) -> None:  # a Rect's other fields (replace() passes them) stay unset
        _set(self, "__dict__", {"x": x, "y": y, "w": w, "h": h, "width": 0.0, "stroke": None, "fill": None,
                                "radius": 0.0, "dash": None, "angle": angle, "kind": kind, "data": data,
                                "drawn": drawn, "decoded": decoded})


class Circle(Value):
    cx: float
    cy: float
    r: float
    width: float = 0.3
    stroke: str | None = "#000000"
    fill: str | None = None
    dash: tuple[float, ...] | None = None

    def __init__(self, cx: float, cy: float, r: float, width: float = 0.3, stroke: str | None = "#000000",
                 fill: str | None = None, dash: tuple[float, ...] | None = None) -> None:
        _set(self, "cx", cx)
        _set(self, "cy", cy)
        _set(self, "r", r)
        _set(self, "width", width)
        _set(self, "stroke", stroke)
        _set(self, "fill", fill)
        _set(self, "dash", dash)


class Path(Value):
    """A polyline (open) or polygon (closed) through ``points``."""

    points: tuple[tuple[float, float], ...]
    closed: bool = False
    width: float = 0.3
    stroke: str | None = "#000000"
    fill: str | None = None
    dash: tuple[float, ...] | None = None
    join: Literal["miter", "round", "bevel"] = "round"
    cap: Literal["butt", "round", "square"] = "round"

    def __init__(self, points: tuple[tuple[float, float], ...], closed: bool = False, width: float = 0.3,
                 stroke: str | None = "#000000", fill: str | None = None, dash: tuple[float, ...] | None = None,
                 join: Literal["miter", "round", "bevel"] = "round",
                 cap: Literal["butt", "round", "square"] = "round") -> None:
        _set(self, "points", points)
        _set(self, "closed", closed)
        _set(self, "width", width)
        _set(self, "stroke", stroke)
        _set(self, "fill", fill)
        _set(self, "dash", dash)
        _set(self, "join", join)
        _set(self, "cap", cap)


class Curve(Value):
    """A path of cubic Bézier pieces: from ``start``, each piece ``(c1, c2, end)`` runs to ``end`` with
    control points ``c1`` and ``c2``.  ``closed`` joins the last end back to ``start``."""

    start: tuple[float, float]
    pieces: tuple[tuple[tuple[float, float], tuple[float, float], tuple[float, float]], ...]
    closed: bool = False
    width: float = 0.3
    stroke: str | None = "#000000"
    fill: str | None = None
    dash: tuple[float, ...] | None = None
    join: Literal["miter", "round", "bevel"] = "round"
    cap: Literal["butt", "round", "square"] = "round"

    def __init__(self, start: tuple[float, float],
                 pieces: tuple[tuple[tuple[float, float], tuple[float, float], tuple[float, float]], ...],
                 closed: bool = False, width: float = 0.3, stroke: str | None = "#000000", fill: str | None = None,
                 dash: tuple[float, ...] | None = None, join: Literal["miter", "round", "bevel"] = "round",
                 cap: Literal["butt", "round", "square"] = "round") -> None:
        _set(self, "start", start)
        _set(self, "pieces", pieces)
        _set(self, "closed", closed)
        _set(self, "width", width)
        _set(self, "stroke", stroke)
        _set(self, "fill", fill)
        _set(self, "dash", dash)
        _set(self, "join", join)
        _set(self, "cap", cap)


class Text(Value):
    x: float
    y: float  # baseline
    text: str
    size: float = 10.0  # points
    font: FontName = "regular"
    anchor: Anchor = "start"
    color: str = "#000000"
    angle: float = 0.0  # degrees clockwise (y points down) about (x, y)

    def __init__(self, x: float, y: float, text: str, size: float = 10.0, font: FontName = "regular",
                 anchor: Anchor = "start", color: str = "#000000", angle: float = 0.0) -> None:
        _set(self, "x", x)
        _set(self, "y", y)
        _set(self, "text", text)
        _set(self, "size", size)
        _set(self, "font", font)
        _set(self, "anchor", anchor)
        _set(self, "color", color)
        _set(self, "angle", angle)


class Use(Value):
    """A symbol of the scene (drawn once, placed many times) with its origin at (x, y), ``k`` times its
    size: what is the same on every sheet of a print run is drawn once this way (a form in a PDF, a
    shared definition in an SVG)."""

    name: str
    x: float
    y: float
    k: float = 1.0

    def __init__(self, name: str, x: float, y: float, k: float = 1.0) -> None:
        _set(self, "name", name)
        _set(self, "x", x)
        _set(self, "y", y)
        _set(self, "k", k)


Item = Union[Line, Rect, Circle, Path, Curve, Text, Use]


class Symbol(Mutable):
    """Items drawn once in their own frame (origin at the top-left of the sheet they belong to, y down,
    mm) and placed by :class:`Use` items.  ``bounds`` (x0, y0, x1, y1) holds all of their ink."""

    items: list[Item]
    bounds: tuple[float, float, float, float]


class Page(Mutable):
    width: float  # mm
    height: float  # mm
    items: list[Item]
    #: the trimmed area and the bleed area (x0, y0, x1, y1 in mm), for pages meant to be cut
    trim: tuple[float, float, float, float] | None = None
    bleed: tuple[float, float, float, float] | None = None

    def __init__(self, width: float, height: float, items: list[Item] | None = None,
                 trim: tuple[float, float, float, float] | None = None,
                 bleed: tuple[float, float, float, float] | None = None) -> None:
        self.width, self.height, self.items = width, height, [] if items is None else items
        self.trim, self.bleed = trim, bleed
        #: the items filled with a pattern (see rollwrite.draw.patterns), by their index in ``items``: the
        #: pattern and how many items of pattern ink follow it (for checks that judge fills)
        self.patterns: dict[int, tuple[str, int]] = {}
        #: the layout's own icons drawn on this page, each one picture: (index of its first item, its count)
        self.pictures: list[tuple[int, int]] = []

    def pen(self, dx: float = 0.0, dy: float = 0.0) -> Pen:
        return Pen(self, dx, dy)


class Scene(Mutable):
    pages: list[Page]
    title: str = "rollwrite"
    subject: str = ""
    #: symbols placed by Use items, by name, in the order they were made
    symbols: dict[str, Symbol] = field(default_factory=dict)

    def __init__(self, pages: list[Page] | None = None, title: str = "rollwrite", subject: str = "",
                 symbols: dict[str, Symbol] | None = None) -> None:
        self.pages = [] if pages is None else pages
        self.title, self.subject = title, subject
        self.symbols = {} if symbols is None else symbols

    def page_items(self, page: Page) -> list[Item]:
        """Every item of ``page`` with each Use replaced by its symbol's items, moved and scaled into place."""
        out: list[Item] = []
        for it in page.items:
            if isinstance(it, Use):
                out.extend(placed(self.symbols[it.name].items, it.x, it.y, it.k))
            else:
                out.append(it)
        return out

    def smallest_text(self) -> tuple[Text, int] | None:
        """The smallest text of the scene as printed (symbols at their placed size) and the number of its
        page (from 1); None for a scene without text.  Of equal sizes, the first."""
        best: tuple[Text, int] | None = None
        for n, page in enumerate(self.pages, start=1):
            for it in self.page_items(page):
                if isinstance(it, Text) and it.text.strip() and (best is None or it.size < best[0].size):
                    best = (it, n)
        return best

    def flat(self) -> Scene:
        """The same scene with no symbols: every Use replaced by what it places."""
        pages = [Page(p.width, p.height, self.page_items(p), p.trim, p.bleed) for p in self.pages]
        return Scene(pages, self.title, self.subject)

    def new_page(self, width: float, height: float) -> Page:
        page = Page(width, height)
        self.pages.append(page)
        return page

    def page_sizes(self) -> list[tuple[float, float]]:
        """Each page's (width, height) in mm, in order."""
        return [(p.width, p.height) for p in self.pages]


class Streamed(Scene):
    """A scene made a page at a time, as a backend reads it: ``pages`` is read once, each page made when
    it is asked for and dropped once drawn, so a long run is never held whole.  ``sizes`` gives each
    page's (width, height) before any is made; ``symbols`` fills in as the pages that place them are
    made (a symbol is there before the first page that places it comes)."""

    sizes: list[tuple[float, float]] = field(default_factory=list)  # (the __init__ below takes it second)

    def __init__(self, pages: Iterator[Page], sizes: list[tuple[float, float]], title: str = "rollwrite",
                 subject: str = "", symbols: dict[str, Symbol] | None = None) -> None:
        super().__init__(pages, title, subject, symbols)  # type: ignore[arg-type]
        self.sizes = sizes

    def page_sizes(self) -> list[tuple[float, float]]:
        return self.sizes

    def whole(self) -> Scene:
        """Every page made, as a plain scene."""
        pages = list(self.pages)
        return Scene(pages, self.title, self.subject, self.symbols)


_SCALED = ("width", "radius", "size")


class Pen:
    """Draws into a page, shifted by (dx, dy) mm, turned ``angle`` degrees clockwise and enlarged ``k``
    times.  ``pen.at(x, y)`` gives a further-shifted pen, ``pen.scaled(k)`` one that draws k times as big
    (lines, text and all), ``pen.rotated(deg)`` one turned clockwise about its origin (y points down, so
    clockwise as seen on paper).  Rotation happens here and nowhere else: lines, paths and circles come
    out with turned points, texts and rectangles carry their angle to the backends.

    ``vars`` fills ``{name}`` in every text drawn (``{player}`` on each player's sheet).
    """

    def __init__(self, page: Page, dx: float = 0.0, dy: float = 0.0, k: float = 1.0, angle: float = 0.0,
                 vars: dict[str, str] | None = None) -> None:
        self.page = page
        self.dx = dx
        self.dy = dy
        self.k = k
        self.angle = angle % 360.0
        self.vars = vars
        if self.angle:
            rad = math.radians(self.angle)
            self._cos, self._sin = math.cos(rad), math.sin(rad)
            # exact quarter turns, so a text turned 90 degrees lands exactly where it should
            if self.angle in (90.0, 180.0, 270.0):
                self._cos, self._sin = {90.0: (0.0, 1.0), 180.0: (-1.0, 0.0), 270.0: (0.0, -1.0)}[self.angle]

    def _p(self, x: float, y: float) -> tuple[float, float]:
        """A point in this pen's frame, on the page."""
        k = self.k
        if not self.angle:
            return x * k + self.dx, y * k + self.dy
        c, s = self._cos, self._sin
        return (x * c - y * s) * k + self.dx, (x * s + y * c) * k + self.dy

    def _copy(self, dx: float, dy: float, k: float, angle: float) -> Pen:
        return Pen(self.page, dx, dy, k, angle, self.vars)

    def at(self, x: float, y: float) -> Pen:
        if not self.angle:
            return self._copy(self.dx + x * self.k, self.dy + y * self.k, self.k, self.angle)
        px, py = self._p(x, y)
        return self._copy(px, py, self.k, self.angle)

    def scaled(self, k: float) -> Pen:
        return self._copy(self.dx, self.dy, self.k * k, self.angle)

    def rotated(self, degrees: float) -> Pen:
        return self._copy(self.dx, self.dy, self.k, self.angle + degrees)

    def with_vars(self, **values: str) -> Pen:
        pen = self._copy(self.dx, self.dy, self.k, self.angle)
        pen.vars = {**(self.vars or {}), **values}
        return pen

    def _style(self, style: dict) -> dict:
        k = self.k
        if k == 1.0:
            return style
        out = {key: (v * k if key in _SCALED else v) for key, v in style.items()}
        if out.get("dash"):
            out["dash"] = tuple(d * k for d in out["dash"])
        return out

    def line(self, x1: float, y1: float, x2: float, y2: float, **style) -> None:
        k, dx, dy = self.k, self.dx, self.dy
        style = self._style(style)
        if k != 1.0:
            style.setdefault("width", 0.3 * k)
        if self.angle:
            (x1, y1), (x2, y2) = self._p(x1, y1), self._p(x2, y2)
            self.page.items.append(Line(x1, y1, x2, y2, **style))
            return
        self.page.items.append(Line(x1 * k + dx, y1 * k + dy, x2 * k + dx, y2 * k + dy, **style))

    def _patterned(self, style: dict, outline: Callable[[], list]) -> Callable[[], None] | None:
        """When ``style``'s fill carries a pattern (``"#e33333 hatch"``), the shape is drawn (by the caller,
        after this returns) in the plain colour and then ``outline()`` (the shape as a polygon in this
        pen's frame) is covered with the pattern's ink."""
        fill = style.get("fill")
        if not fill or " " not in fill:
            return None
        colour, pattern = patterns.split(fill)
        assert colour is not None and pattern is not None  # (a fill with a space in it)
        style["fill"] = colour
        return lambda: self._pattern(outline(), pattern, patterns.ink(colour))

    def _pattern(self, polygon: list, pattern: str, ink: str) -> None:
        page, first = self.page, len(self.page.items) - 1
        width = patterns.INK_WIDTH / self.k
        if pattern == "dots":
            for x, y in patterns.dots(polygon, patterns.DOT_SPACING / self.k):
                self.circle(x, y, patterns.DOT_RADIUS / self.k, width=0, stroke=None, fill=ink)
        else:
            for (x1, y1), (x2, y2) in patterns.hatch(polygon, pattern, patterns.SPACING / self.k):
                self.line(x1, y1, x2, y2, width=width, color=ink, cap="butt")
        page.patterns[first] = (pattern, len(page.items) - 1 - first)

    def rect(self, x: float, y: float, w: float, h: float, **style) -> None:
        after = self._patterned(style, lambda: patterns.rounded_rect(x, y, w, h, style.get("radius", 0.0)))
        self._rect(x, y, w, h, **style)
        if after:
            after()

    def _rect(self, x: float, y: float, w: float, h: float, **style) -> None:
        k = self.k
        style = self._style(style)
        if k != 1.0:
            style.setdefault("width", 0.3 * k)
        if self.angle:
            px, py = self._p(x, y)
            self.page.items.append(Rect(px, py, w * k, h * k, angle=self.angle, **style))
            return
        self.page.items.append(Rect(x * k + self.dx, y * k + self.dy, w * k, h * k, **style))

    def image(self, x: float, y: float, w: float, h: float, kind: str, data: bytes, drawn: int = 1,
              decoded: Any = None) -> None:
        """A picture filling the box from (x, y), w by h mm (``drawn``: the shapes it draws; ``decoded``: the
        picture as already read)."""
        k = self.k
        if self.angle:
            px, py = self._p(x, y)
            self.page.items.append(Image(px, py, w * k, h * k, kind, data, angle=self.angle, drawn=drawn,
                                         decoded=decoded))
            return
        self.page.items.append(Image(x * k + self.dx, y * k + self.dy, w * k, h * k, kind, data, drawn=drawn,
                                     decoded=decoded))

    def circle(self, cx: float, cy: float, r: float, **style) -> None:
        after = self._patterned(style, lambda: _circle_points(cx, cy, r))
        self._circle(cx, cy, r, **style)
        if after:
            after()

    def _circle(self, cx: float, cy: float, r: float, **style) -> None:
        k = self.k
        style = self._style(style)
        if k != 1.0:
            style.setdefault("width", 0.3 * k)
        if self.angle:
            cx, cy = self._p(cx, cy)
            self.page.items.append(Circle(cx, cy, r * k, **style))
            return
        self.page.items.append(Circle(cx * k + self.dx, cy * k + self.dy, r * k, **style))

    def path(self, points, closed: bool = False, **style) -> None:
        after = self._patterned(style, lambda: [(float(x), float(y)) for x, y in points])
        self._path(points, closed, **style)
        if after:
            after()

    def _path(self, points, closed: bool = False, **style) -> None:
        k, dx, dy = self.k, self.dx, self.dy
        if self.angle:
            pts = tuple(self._p(float(x), float(y)) for x, y in points)
        else:
            pts = tuple((float(x) * k + dx, float(y) * k + dy) for x, y in points)
        style = self._style(style)
        if k != 1.0:
            style.setdefault("width", 0.3 * k)
        self.page.items.append(Path(pts, closed, **style))

    def curve(self, start, pieces, closed: bool = False, **style) -> None:
        """Cubic Bézier pieces from ``start``: ``pieces`` is a sequence of (c1, c2, end) points."""
        after = self._patterned(style, lambda: _flattened(start, pieces))
        self._curve(start, pieces, closed, **style)
        if after:
            after()

    def _curve(self, start, pieces, closed: bool = False, **style) -> None:
        s = self._p(float(start[0]), float(start[1]))
        ps = tuple(tuple(self._p(float(x), float(y)) for x, y in piece) for piece in pieces)
        style = self._style(style)
        if self.k != 1.0:
            style.setdefault("width", 0.3 * self.k)
        self.page.items.append(Curve(s, ps, closed, **style))  # type: ignore[arg-type]

    def text(self, x: float, y: float, text: str, **style) -> None:
        if self.vars and "{" in text:
            text = fill(text, self.vars)
        if text:
            k = self.k
            style = self._style(style)
            if k != 1.0:
                style.setdefault("size", 10.0 * k)
            if self.angle:
                px, py = self._p(x, y)
                self.page.items.append(Text(px, py, text, angle=self.angle, **style))
                return
            self.page.items.append(Text(x * k + self.dx, y * k + self.dy, text, **style))


def _circle_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return patterns.circle_points(cx, cy, r)


def _flattened(start: Any, pieces: Any) -> list[tuple[float, float]]:
    return patterns.flatten((float(start[0]), float(start[1])),
                   tuple(tuple((float(x), float(y)) for x, y in piece) for piece in pieces))


def placed(items: list[Item], dx: float, dy: float, k: float = 1.0) -> list[Item]:
    """``items`` moved by (dx, dy) after being made ``k`` times as big (lines, text and all)."""
    out: list[Item] = []
    for it in items:
        if isinstance(it, Text):
            out.append(_moved(it, x=it.x * k + dx, y=it.y * k + dy, size=it.size * k))
        elif isinstance(it, Line):
            out.append(_moved(it, x1=it.x1 * k + dx, y1=it.y1 * k + dy, x2=it.x2 * k + dx, y2=it.y2 * k + dy,
                              width=it.width * k, dash=_dash(it.dash, k)))
        elif isinstance(it, Rect):
            out.append(_moved(it, x=it.x * k + dx, y=it.y * k + dy, w=it.w * k, h=it.h * k, width=it.width * k,
                              radius=it.radius * k, dash=_dash(it.dash, k)))
        elif isinstance(it, Circle):
            out.append(_moved(it, cx=it.cx * k + dx, cy=it.cy * k + dy, r=it.r * k, width=it.width * k,
                              dash=_dash(it.dash, k)))
        elif isinstance(it, Path):
            out.append(_moved(it, points=tuple((x * k + dx, y * k + dy) for x, y in it.points), width=it.width * k,
                              dash=_dash(it.dash, k)))
        elif isinstance(it, Curve):
            out.append(_moved(it, start=(it.start[0] * k + dx, it.start[1] * k + dy),
                              pieces=tuple(tuple((x * k + dx, y * k + dy) for x, y in piece) for piece in it.pieces),
                              width=it.width * k, dash=_dash(it.dash, k)))
        else:  # a Use inside a symbol
            out.append(_moved(it, x=it.x * k + dx, y=it.y * k + dy, k=it.k * k))
    return out


def _moved(it: Item, **changes: Any) -> Item:
    """A copy of ``it`` with ``changes``."""
    return replace(it, **changes)


def _dash(dash: tuple[float, ...] | None, k: float) -> tuple[float, ...] | None:
    return tuple(d * k for d in dash) if dash and k != 1.0 else dash


def ink_bounds(items: list[Item], text_width) -> tuple[float, float, float, float]:
    """A box (x0, y0, x1, y1) holding all the ink of ``items`` (generous for texts and turned shapes);
    ``text_width(text, size_pt, font)`` measures text in mm."""
    xs: list[float] = []
    ys: list[float] = []
    for it in items:
        if isinstance(it, Text):
            w = text_width(it.text, it.size, it.font)
            h = it.size * PT
            reach = w + h  # a turned text stays within this of its anchor
            if it.angle:
                xs += [it.x - reach, it.x + reach]
                ys += [it.y - reach, it.y + reach]
            else:
                x0 = it.x - {"start": 0.0, "middle": w / 2, "end": w}[it.anchor]
                xs += [x0 - h, x0 + w + h]
                ys += [it.y - h * 1.2, it.y + h * 0.5]
        elif isinstance(it, Line):
            m = it.width
            xs += [min(it.x1, it.x2) - m, max(it.x1, it.x2) + m]
            ys += [min(it.y1, it.y2) - m, max(it.y1, it.y2) + m]
        elif isinstance(it, Rect):
            m = it.width
            reach = it.w + it.h
            if it.angle:
                xs += [it.x - reach - m, it.x + reach + m]
                ys += [it.y - reach - m, it.y + reach + m]
            else:
                xs += [it.x - m, it.x + it.w + m]
                ys += [it.y - m, it.y + it.h + m]
        elif isinstance(it, Circle):
            m = it.r + it.width
            xs += [it.cx - m, it.cx + m]
            ys += [it.cy - m, it.cy + m]
        elif isinstance(it, (Path, Curve)):
            m = it.width * 2  # mitred corners reach past the points
            pts = it.points if isinstance(it, Path) else [it.start] + [p for piece in it.pieces for p in piece]
            xs += [min(x for x, _ in pts) - m, max(x for x, _ in pts) + m]  # a Bézier stays in its hull
            ys += [min(y for _, y in pts) - m, max(y for _, y in pts) + m]
    if not xs:
        return (0.0, 0.0, 0.0, 0.0)
    return (min(xs), min(ys), max(xs), max(ys))


def tight_ink(items: list[Item], text_width) -> tuple[float, float, float, float]:
    """As :func:`ink_bounds`, but closer: a text's box is its own (its advance width by its anchor, from
    its ascent, 0.76 of the size, above the baseline to its descent, 0.24, below, turned with the text)
    and a line, rectangle or circle reaches half its stroke's width past its geometry (a line with butt
    ends only to its sides)."""
    boxes = []
    for it in items:
        if isinstance(it, Line):
            m = it.width / 2
            length = math.hypot(it.x2 - it.x1, it.y2 - it.y1)
            if it.cap == "butt" and length > 0:  # the stroke is a rectangle: its ends stop at the points
                nx, ny = -(it.y2 - it.y1) / length * m, (it.x2 - it.x1) / length * m
                xs = [it.x1 + nx, it.x1 - nx, it.x2 + nx, it.x2 - nx]
                ys = [it.y1 + ny, it.y1 - ny, it.y2 + ny, it.y2 - ny]
                boxes.append((min(xs), min(ys), max(xs), max(ys)))
            else:
                boxes.append((min(it.x1, it.x2) - m, min(it.y1, it.y2) - m, max(it.x1, it.x2) + m,
                              max(it.y1, it.y2) + m))
            continue
        if isinstance(it, Rect) and not it.angle:
            m = it.width / 2 if it.stroke else 0.0
            boxes.append((it.x - m, it.y - m, it.x + it.w + m, it.y + it.h + m))
            continue
        if isinstance(it, Circle):
            m = it.r + (it.width / 2 if it.stroke else 0.0)
            boxes.append((it.cx - m, it.cy - m, it.cx + m, it.cy + m))
            continue
        if isinstance(it, Text):
            w, h = text_width(it.text, it.size, it.font), it.size * PT
            x0 = -{"start": 0.0, "middle": w / 2, "end": w}[it.anchor]
            corners = [(x0, -0.76 * h), (x0 + w, -0.76 * h), (x0, 0.24 * h), (x0 + w, 0.24 * h)]
            c, sn = math.cos(math.radians(it.angle)), math.sin(math.radians(it.angle))
            pts = [(it.x + x * c - y * sn, it.y + x * sn + y * c) for x, y in corners]
            boxes.append((min(x for x, _ in pts), min(y for _, y in pts), max(x for x, _ in pts), max(y for _, y in pts)))
        else:
            boxes.append(ink_bounds([it], text_width))
    if not boxes:
        return (0.0, 0.0, 0.0, 0.0)
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def fill(text: str, values: dict[str, str]) -> str:
    """``text`` with each ``{name}`` that ``values`` knows replaced; other braces stay as written."""
    return _PLACEHOLDER.sub(lambda m: values.get(m.group(1), m.group(0)), text)


# ---------------------------------------------------------------- high contrast (--high-contrast)

HC_WIDTH = 0.35  # mm: the thinnest line of a high-contrast sheet
HC_DARKEST_GREY = 0.35  # the luminance (0 black, 1 white) a faint line or text is darkened to
_HEX = r"#[0-9a-fA-F]{6}"  # (a pattern: re compiles it when first used, and only --high-contrast uses it)


def _darkened(color: str | None) -> str | None:
    """A light colour (luminance above HC_DARKEST_GREY) made as dark as that, keeping its hue; black,
    dark colours and white (a knock-out line on a dark fill) stay as they are."""
    if color is None or not re.fullmatch(_HEX, color):
        return color
    rgb = [int(color[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    lum = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]
    if lum <= HC_DARKEST_GREY or lum >= 0.97:
        return color
    k = HC_DARKEST_GREY / lum
    return "#" + "".join(f"{round(c * k * 255):02x}" for c in rgb)


def _contrasted(it: Item) -> Item:
    if isinstance(it, Use):
        return it
    if isinstance(it, Text):
        return _moved(it, color=_darkened(it.color))
    changes: dict[str, Any] = {"width": max(it.width, HC_WIDTH)} if it.width > 0 else {}
    if isinstance(it, Line):
        changes["color"] = _darkened(it.color)
    elif it.stroke is not None:
        changes["stroke"] = _darkened(it.stroke)
    return _moved(it, **changes) if changes else it


@overload
def high_contrast(scene: Streamed) -> Streamed: ...


@overload
def high_contrast(scene: Scene) -> Scene: ...


def high_contrast(scene: Scene) -> Scene:
    """The scene for low vision: every line at least HC_WIDTH wide and every faint line and text darkened
    (fills, such as shaded squares, are left as they are so the ink over them still stands out).  A
    streamed scene stays streamed: each page is darkened as it is read."""
    symbols: dict[str, Symbol] = {}
    pages = _contrasted_pages(scene, symbols)
    if isinstance(scene, Streamed):
        return Streamed(pages, scene.sizes, scene.title, scene.subject, symbols)
    return Scene(list(pages), scene.title, scene.subject, symbols)


def _contrasted_pages(scene: Scene, symbols: dict[str, Symbol]) -> Iterator[Page]:
    """The pages of ``scene`` darkened, each as it is read; ``symbols`` gets each of the scene's symbols,
    darkened, before the first page that places it."""
    def catch_up() -> None:
        for name in list(scene.symbols)[len(symbols):]:
            sym = scene.symbols[name]
            symbols[name] = Symbol([_contrasted(it) for it in sym.items], sym.bounds)

    catch_up()
    for p in scene.pages:
        catch_up()
        darker = Page(p.width, p.height, [_contrasted(it) for it in p.items], p.trim, p.bleed)
        del p  # each page let go before the next is made
        yield darker
        del darker
