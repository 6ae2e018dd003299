"""The scene: a format-free display list of pages, in millimetres.

One convention everywhere: the origin is the top-left corner of the page and y grows downward (as in
SVG).  The PDF backend flips y in exactly one place.  Text sizes are in points (1 pt = 25.4/72 mm);
a Text's ``y`` is its baseline.

Rules code builds scenes through :class:`Pen`, which draws into a page with an offset, so a game's
sheet can be drawn at its own origin and placed anywhere by the page planner.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Union

PT = 25.4 / 72.0  # one typographic point in mm

FontName = Literal["regular", "bold", "condensed"]
Anchor = Literal["start", "middle", "end"]


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    width: float = 0.3
    color: str = "#000000"
    dash: tuple[float, ...] | None = None
    cap: Literal["butt", "round", "square"] = "butt"


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    width: float = 0.3
    stroke: str | None = "#000000"
    fill: str | None = None
    radius: float = 0.0
    dash: tuple[float, ...] | None = None


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    width: float = 0.3
    stroke: str | None = "#000000"
    fill: str | None = None
    dash: tuple[float, ...] | None = None


@dataclass(frozen=True)
class Path:
    """A polyline (open) or polygon (closed) through ``points``."""

    points: tuple[tuple[float, float], ...]
    closed: bool = False
    width: float = 0.3
    stroke: str | None = "#000000"
    fill: str | None = None
    dash: tuple[float, ...] | None = None
    join: Literal["miter", "round", "bevel"] = "round"
    cap: Literal["butt", "round", "square"] = "round"


@dataclass(frozen=True)
class Text:
    x: float
    y: float  # baseline
    text: str
    size: float = 10.0  # points
    font: FontName = "regular"
    anchor: Anchor = "start"
    color: str = "#000000"


Item = Union[Line, Rect, Circle, Path, Text]


@dataclass
class Page:
    width: float  # mm
    height: float  # mm
    items: list[Item] = field(default_factory=list)
    #: the trimmed area and the bleed area (x0, y0, x1, y1 in mm), for pages meant to be cut
    trim: tuple[float, float, float, float] | None = None
    bleed: tuple[float, float, float, float] | None = None

    def pen(self, dx: float = 0.0, dy: float = 0.0) -> Pen:
        return Pen(self, dx, dy)


@dataclass
class Scene:
    pages: list[Page] = field(default_factory=list)
    title: str = "rollwrite"
    subject: str = ""

    def new_page(self, width: float, height: float) -> Page:
        page = Page(width, height)
        self.pages.append(page)
        return page


_SCALED = ("width", "radius", "size")


class Pen:
    """Draws into a page, shifted by (dx, dy) mm and enlarged ``k`` times.  ``pen.at(x, y)`` gives a
    further-shifted pen; ``pen.scaled(k)`` one that draws k times as big (lines, text and all)."""

    def __init__(self, page: Page, dx: float = 0.0, dy: float = 0.0, k: float = 1.0) -> None:
        self.page = page
        self.dx = dx
        self.dy = dy
        self.k = k

    def at(self, x: float, y: float) -> Pen:
        return Pen(self.page, self.dx + x * self.k, self.dy + y * self.k, self.k)

    def scaled(self, k: float) -> Pen:
        return Pen(self.page, self.dx, self.dy, self.k * k)

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
        self.page.items.append(Line(x1 * k + dx, y1 * k + dy, x2 * k + dx, y2 * k + dy, **style))

    def rect(self, x: float, y: float, w: float, h: float, **style) -> None:
        k = self.k
        style = self._style(style)
        if k != 1.0:
            style.setdefault("width", 0.3 * k)
        self.page.items.append(Rect(x * k + self.dx, y * k + self.dy, w * k, h * k, **style))

    def circle(self, cx: float, cy: float, r: float, **style) -> None:
        k = self.k
        style = self._style(style)
        if k != 1.0:
            style.setdefault("width", 0.3 * k)
        self.page.items.append(Circle(cx * k + self.dx, cy * k + self.dy, r * k, **style))

    def path(self, points, closed: bool = False, **style) -> None:
        k, dx, dy = self.k, self.dx, self.dy
        pts = tuple((float(x) * k + dx, float(y) * k + dy) for x, y in points)
        style = self._style(style)
        if k != 1.0:
            style.setdefault("width", 0.3 * k)
        self.page.items.append(Path(pts, closed, **style))

    def text(self, x: float, y: float, text: str, **style) -> None:
        if text:
            k = self.k
            style = self._style(style)
            if k != 1.0:
                style.setdefault("size", 10.0 * k)
            self.page.items.append(Text(x * k + self.dx, y * k + self.dy, text, **style))
