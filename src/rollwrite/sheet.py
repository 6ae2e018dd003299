"""Build a scene from a layout: the n-up page planner, the per-page footer, and every element.

``build_scene`` knows no output format; the backends in rollwrite.draw render what it returns.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rollwrite import games
from rollwrite.dice import Schedule
from rollwrite.draw.elements import challenge_text, draw_ruler, fit_size, ruler_width
from rollwrite.draw.metrics import text_width
from rollwrite.draw.scene import Pen, Scene
from rollwrite.errors import UsageError
from rollwrite.spec.layout import FOOTER, MAX_PAGES, Layout, element_types


@dataclass
class BuildContext:
    """What an element's ``build`` may look at besides its own value."""

    layout: Layout
    data: Any
    schedule: Schedule | None
    player: int  # 1-based number of this sheet in the print run
    players: int
    page: int  # 1-based
    pages: int

    @staticmethod
    def text_width(text: str, size_pt: float, font: str = "regular") -> float:
        return text_width(text, size_pt, font)


def slots(layout: Layout, paper: str) -> list[tuple[float, float]]:
    """Top-left corners (mm) of the player sheets on one page, each sheet centred in its slot."""
    page = layout.page
    pw, ph = page.size(paper)
    sw, sh = page.slot(paper)
    n = page.sheets_per_page
    out = []
    for i in range(n):
        if page.arrange == "rows":
            x0, y0 = page.margin, page.margin + i * (sh + page.gap)
        else:
            x0, y0 = page.margin + i * (sw + page.gap), page.margin
        out.append((x0 + (sw - layout.sheet.width) / 2, y0 + (sh - layout.sheet.height) / 2))
    return out


def _cut_lines(pen: Pen, layout: Layout, paper: str) -> None:
    page = layout.page
    pw, ph = page.size(paper)
    sw, sh = page.slot(paper)
    for i in range(1, page.sheets_per_page):
        if page.arrange == "rows":
            y = page.margin + i * (sh + page.gap) - page.gap / 2
            pen.line(4, y, pw - 4, y, width=0.2, dash=(2.0, 1.5), color="#777777")
        else:
            x = page.margin + i * (sw + page.gap) - page.gap / 2
            pen.line(x, 4, x, ph - FOOTER - 2, width=0.2, dash=(2.0, 1.5), color="#777777")


def build_scene(
    layout: Layout,
    *,
    sheets: int,
    paper: str | None = None,
    schedule: Schedule | None = None,
) -> Scene:
    paper = paper or layout.page.paper
    per_page = layout.page.sheets_per_page
    n_pages = -(-sheets // per_page)
    if n_pages > MAX_PAGES:
        raise UsageError(f"that would print {n_pages} pages; the most one run prints is {MAX_PAGES}")
    game = games.get(layout.game)
    types = element_types(game)
    title = layout.title
    scene = Scene(title=title, subject=challenge_text(schedule) or f"{title} player sheets")
    pw, ph = layout.page.size(paper)
    origins = slots(layout, paper)
    for p in range(n_pages):
        page = scene.new_page(pw, ph)
        pen = page.pen()
        _cut_lines(pen, layout, paper)
        for k, (ox, oy) in enumerate(origins):
            number = p * per_page + k + 1
            if number > sheets:
                break
            ctx = BuildContext(layout, layout.data, schedule, number, sheets, p + 1, n_pages)
            sheet_pen = pen.at(ox, oy)
            for el in layout.sheet.elements:
                types[el.type].build(el.value, sheet_pen.at(*el.at), ctx)
        _footer(pen.at(layout.page.margin, ph - layout.page.margin - FOOTER + 1.5), layout, schedule, p + 1, n_pages, pw)
    return scene


RULER = 50


def _footer(pen: Pen, layout: Layout, schedule: Schedule | None, page: int, pages: int, pw: float) -> None:
    draw_ruler(pen, RULER)
    right = pw - 2 * layout.page.margin
    parts = [layout.title]
    stamp = challenge_text(schedule)
    if stamp:
        parts.append(stamp)
    parts.append(f"page {page} of {pages}")
    text = "  ·  ".join(parts)
    room = right - ruler_width(RULER) - 3
    pen.text(right, 5.4, text, size=fit_size(text, 6, "regular", room), anchor="end", color="#333333")
