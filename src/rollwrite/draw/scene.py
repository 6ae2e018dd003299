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


class Pen:
    """Draws into a page, shifted by (dx, dy) mm.  ``pen.at(x, y)`` gives a further-shifted pen."""

    def __init__(self, page: Page, dx: float = 0.0, dy: float = 0.0) -> None:
        self.page = page
        self.dx = dx
        self.dy = dy

    def at(self, x: float, y: float) -> Pen:
        return Pen(self.page, self.dx + x, self.dy + y)

    def line(self, x1: float, y1: float, x2: float, y2: float, **style) -> None:
        self.page.items.append(Line(x1 + self.dx, y1 + self.dy, x2 + self.dx, y2 + self.dy, **style))

    def rect(self, x: float, y: float, w: float, h: float, **style) -> None:
        self.page.items.append(Rect(x + self.dx, y + self.dy, w, h, **style))

    def circle(self, cx: float, cy: float, r: float, **style) -> None:
        self.page.items.append(Circle(cx + self.dx, cy + self.dy, r, **style))

    def path(self, points, closed: bool = False, **style) -> None:
        pts = tuple((float(x) + self.dx, float(y) + self.dy) for x, y in points)
        self.page.items.append(Path(pts, closed, **style))

    def text(self, x: float, y: float, text: str, **style) -> None:
        if text:
            self.page.items.append(Text(x + self.dx, y + self.dy, text, **style))
