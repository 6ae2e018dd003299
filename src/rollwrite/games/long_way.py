"""The Long Way: wall in a 7x7 furniture store so the customers' shortest path passes the most displays.

Rules code: the chart data (long_way_data), the typed-in sheet (long_way_format), the path, checks and
log replay (long_way_rules).  The sheet's tile chart and display legend are element types drawn in
long_way_draw with Pen strokes only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rollwrite.dice import DiceSpec
from rollwrite.draw.scene import PT
from rollwrite.games.base import ElementType, Game, Problem, Score
from rollwrite.games.long_way_data import Chart, load_chart
from rollwrite.games.long_way_format import Sheet, format_sheet, parse
from rollwrite.spec.nodes import Node, Reader

#: the dice a log is checked against when the layout has no ``dice:`` section
DEFAULT_DICE = DiceSpec(count=2, sides=6, turns=40, labels=("light", "dark"), rerolls=6)
SYMBOL_NAMES = ("chair", "shelf", "lamp", "bed", "desk", "sofa")


def _chart(data: Any) -> Chart:
    if not isinstance(data, Chart):
        from rollwrite.errors import InputError

        raise InputError("the long-way layout's data is missing", hint="use the built-in layouts/long-way.yaml")
    return data


class LongWay(Game):
    slug = "long-way"
    title = "The Long Way"
    summary = "wall in a furniture store so the shoppers' shortest path passes the most displays"
    players = (1, 200)
    can_score = True

    # ---- layout
    def load_data(self, node: Node | None) -> Chart:
        return load_chart(node, SYMBOL_NAMES)

    def element_types(self) -> dict[str, ElementType]:
        from rollwrite.games import long_way_draw  # noqa: F401  (registers the long-way.* icons)

        return {
            "long-way.tile-chart": ElementType(
                _read_chart, _build_chart, _chart_size,
                "the 6x6 tile chart: light die rows (shape), dark die columns (walls)",
            ),
            "long-way.displays": ElementType(
                _read_displays, _build_displays, _displays_size,
                "the six furniture displays with their die faces",
            ),
        }

    def score_dice_spec(self, layout: Any, sheet: Any) -> DiceSpec | None:
        return getattr(layout, "dice", None) or DEFAULT_DICE

    # ---- typed-in sheets
    def parse(self, text: str, source: str, data: Any) -> Sheet:
        return parse(text, source)

    def format(self, sheet: Sheet, data: Any) -> str:
        return format_sheet(sheet)

    def check(self, sheet: Sheet, data: Any, schedule: Any | None) -> list[Problem]:
        from rollwrite.games.long_way_rules import check

        return check(sheet, _chart(data), schedule)

    def score(self, sheet: Sheet, data: Any) -> Score:
        from rollwrite.games.long_way_rules import score

        return score(sheet, data if isinstance(data, Chart) else None)


# ---------------------------------------------------------------- long-way.tile-chart


@dataclass(frozen=True)
class ChartSpec:
    chart: Chart
    cell: float  # mm per space of a tile
    gap: float  # mm between tiles
    die: float  # mm, the die faces heading rows and columns
    text: float  # pt, the title line
    title: str

    def geometry(self) -> tuple[float, float, float, list[float], float]:
        """(title height, left column width, column width, row heights, header height)."""
        widest = max(t.cols for row in self.chart.tiles for t in row)
        col_w = widest * self.cell + self.gap
        rows = [max(row[0].rows * self.cell, self.die) + self.gap for row in self.chart.tiles]
        title_h = self.text * PT * 1.5 if self.title else 0.0
        header = self.die + self.gap
        return title_h, self.die + self.gap, col_w, rows, header


def _read_chart(node: Node, data: Any) -> ChartSpec:
    r = Reader(node, "a tile chart")
    cell = r.number("cell", 4.0, minimum=2.0, maximum=10.0)
    gap = r.number("gap", 3.0, minimum=0.5, maximum=20.0)
    die = r.number("die", 5.0, minimum=2.0, maximum=15.0)
    text = r.number("text", 7.0, minimum=4.0, maximum=24.0)
    title = r.str("title", "Tile chart: the light die picks the row (shape), the dark die the column (walls). "
                  "Never rotate a tile.")
    r.done()
    return ChartSpec(_chart(data), cell, gap, die, text, title)


def _chart_size(v: ChartSpec) -> tuple[float, float]:
    title_h, left, col_w, rows, header = v.geometry()
    return left + 6 * col_w - v.gap, title_h + header + sum(rows) - v.gap


def _build_chart(v: ChartSpec, pen: Any, ctx: Any) -> None:
    from rollwrite.games import long_way_draw as draw

    title_h, left, col_w, rows, header = v.geometry()
    if v.title:
        pen.text(0, v.text * PT, v.title, size=v.text, font="bold")
    y0 = title_h
    for d in range(6):
        x = left + d * col_w + (col_w - v.gap - v.die) / 2
        draw.die_face(pen, x, y0, v.die, d + 1, dark=True)
    y = y0 + header
    for light, row in enumerate(v.chart.tiles, start=1):
        h = rows[light - 1] - v.gap
        draw.die_face(pen, 0, y + (h - v.die) / 2, v.die, light, dark=False)
        for d, t in enumerate(row):
            tw, th = t.cols * v.cell, t.rows * v.cell
            x = left + d * col_w + (col_w - v.gap - tw) / 2
            draw.tile(pen, t.box_cells(), x, y + (h - th) / 2, v.cell, wall=max(0.5, v.cell * 0.16))
        y += rows[light - 1]


# ---------------------------------------------------------------- long-way.displays


@dataclass(frozen=True)
class DisplaysSpec:
    chart: Chart
    size: float  # mm, each symbol's square
    columns: int
    width: float  # mm per entry
    gap: float  # mm between rows
    text: float  # pt

    @property
    def rows(self) -> int:
        return -(-6 // self.columns)


def _read_displays(node: Node, data: Any) -> DisplaysSpec:
    r = Reader(node, "a displays legend")
    size = r.number("size", 7.0, minimum=3.0, maximum=20.0)
    columns = r.int("columns", 6, minimum=1, maximum=6)
    width = r.number("width", 30.0, minimum=10.0, maximum=200.0)
    gap = r.number("gap", 2.0, minimum=0.0, maximum=20.0)
    text = r.number("text", 7.5, minimum=4.0, maximum=24.0)
    r.done()
    return DisplaysSpec(_chart(data), size, columns, width, gap, text)


def _displays_size(v: DisplaysSpec) -> tuple[float, float]:
    return v.columns * v.width, v.rows * (v.size + v.gap) - v.gap


def _build_displays(v: DisplaysSpec, pen: Any, ctx: Any) -> None:
    from rollwrite.games import long_way_draw as draw

    die = v.size * 0.6
    for i, disp in enumerate(v.chart.displays):
        row, col = divmod(i, v.columns)
        x, y = col * v.width, row * (v.size + v.gap)
        draw.die_face(pen, x, y + (v.size - die) / 2, die, disp.face)
        draw.display(pen, disp.name, x + die + 1.0 + v.size / 2, y + v.size / 2, v.size, 0.35)
        pen.text(x + die + v.size + 2.0, y + v.size / 2 + v.text * PT * 0.35, disp.name, size=v.text)
