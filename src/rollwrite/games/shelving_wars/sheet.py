"""The Shelving Wars sheet's own elements: the battlefield and the players' score columns.

Both are sized by the layout in mm and read the variation in use (grid size, turns, dice, players)
from the build context, so ``rollwrite print shelving-wars --size 16 --turns 10 -n 4`` needs no other
layout.  Nothing here imports a renderer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rollwrite.draw.elements import MIN_TEXT, ParagraphV, fit_size, paragraph_lines
from rollwrite.draw.metrics import text_width
from rollwrite.draw.scene import PT, Pen
from rollwrite.games.base import ElementType
from rollwrite.games.sheettext import column_letter
from rollwrite.games.shelving_wars.data import DEFAULT_DATA, Data
from rollwrite.games.shelving_wars.rules import corner_square
from rollwrite.layoutlang.nodes import Node, Reader, expect_pair

GREY = "#555555"
PALE = "#9a9a9a"
TINTS = ("#e4e4e4", "#e4e4e4", "#e4e4e4", "#e4e4e4")


def _data(ctx: Any) -> Data:
    d = getattr(ctx, "data", None)
    return d if isinstance(d, Data) else DEFAULT_DATA


def _players(ctx: Any, d: Data) -> int:
    if d.players == 1:  # a solo puzzle
        return 1
    n = getattr(ctx, "players", None)
    return n if isinstance(n, int) and 2 <= n <= 4 else d.players


def _fit(text: str, size: float, width: float, font: str = "regular") -> float:
    """The largest size up to ``size`` pt (and not below MIN_TEXT) at which ``text`` fits ``width`` mm."""
    return fit_size(text, max(size, MIN_TEXT), font, width, minimum=MIN_TEXT)


# ---------------------------------------------------------------- the battlefield


@dataclass(frozen=True)
class BattlefieldV:
    side: float  # mm, the grid's side without its labels
    line: float
    border: float


LABEL_PAD = 4.5  # mm left of and above the grid for column letters and row numbers


def _read_battlefield(node: Node, data: Any) -> BattlefieldV:
    r = Reader(node, "a shelving-wars battlefield")
    v = BattlefieldV(
        side=r.number("side", minimum=40, maximum=400),
        line=r.number("line", 0.2, minimum=0.05, maximum=2),
        border=r.number("border", 0.8, minimum=0.1, maximum=3),
    )
    r.done()
    return v


def _battlefield_bounds(v: BattlefieldV) -> tuple[float, float, float, float]:
    return (-LABEL_PAD, -LABEL_PAD, v.side + LABEL_PAD, v.side + LABEL_PAD)


def _corner_mark(pen: Pen, x: float, y: float, cell: float, number: int) -> None:
    """A starting corner: the square shaded, the player's number in a ring."""
    pen.rect(x, y, cell, cell, width=0, stroke=None, fill=TINTS[number - 1])
    r = cell * 0.36
    pen.circle(x + cell / 2, y + cell / 2, r, width=0.35)
    size = max(r * 1.25 / PT, MIN_TEXT)
    pen.text(x + cell / 2, y + cell / 2 + size * PT * 0.36, str(number), size=size, font="bold", anchor="middle")


def _build_battlefield(v: BattlefieldV, pen: Pen, ctx: Any) -> None:
    d = _data(ctx)
    n = d.size
    cell = v.side / n
    players = _players(ctx, d)
    for k in range(players):
        r, c = corner_square(d.corners[k], n)
        _corner_mark(pen, c * cell, r * cell, cell, k + 1)
    for i in range(1, n):
        heavy = i % 5 == 0
        w = v.line * (1.8 if heavy else 1.0)
        color = "#444444" if heavy else "#777777"
        pen.line(i * cell, 0, i * cell, v.side, width=w, color=color)
        pen.line(0, i * cell, v.side, i * cell, width=w, color=color)
    pen.rect(0, 0, v.side, v.side, width=v.border)
    size = min(7.0, cell / PT * 0.5)
    for i in range(n):
        letter = column_letter(i)
        pen.text((i + 0.5) * cell, -1.2, letter, size=size, anchor="middle", color=GREY)
        pen.text((i + 0.5) * cell, v.side + 1.2 + size * PT * 0.75, letter, size=size, anchor="middle", color=GREY)
        y = (i + 0.5) * cell + size * PT * 0.36
        pen.text(-1.2, y, str(i + 1), size=size, anchor="end", color=GREY)
        pen.text(v.side + 1.2, y, str(i + 1), size=size, anchor="start", color=GREY)
    _draw_answer(pen, ctx, cell)


def _draw_answer(pen: Pen, ctx: Any, cell: float) -> None:
    """On an answer page: every box as a player draws it, with its turn number and size."""
    sheet = getattr(ctx, "answer", None)
    if sheet is None:
        return
    d = _data(ctx)
    corners = {corner_square(d.corners[k], d.size) for k in range(_players(ctx, d))}
    for player in sheet.players:
        for i, t in enumerate(player.turns, start=1):
            if not hasattr(t, "h"):
                continue
            x, y, w, h = t.col * cell, t.row * cell, t.w * cell, t.h * cell
            pen.rect(x, y, w, h, width=0.9)
            x, y, w, h = _clear_of_corners(t, cell, corners, (x, y, w, h))
            label = f"{i}: {t.h}×{t.w}"
            size = _fit(label, min(9.0, h / PT * 0.5), w - 1.0, "bold")
            pen.text(x + w / 2, y + h / 2 + size * PT * 0.35, label, size=size, font="bold", anchor="middle")



def _clear_of_corners(t: Any, cell: float, corners: set[tuple[int, int]],
                      area: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """Where a box's label goes: the box, less the row or column of a starting corner's ringed number
    inside it (a box of one square keeps it all: there is nowhere else)."""
    x, y, w, h = area
    for r, c in corners:
        if not (t.row <= r < t.row + t.h and t.col <= c < t.col + t.w):
            continue
        if t.w > 1:  # leave out the corner's column
            x, w = (x + cell, w - cell) if c == t.col else (x, w - cell)
        elif t.h > 1:  # a box one square wide: leave out the corner's row
            y, h = (y + cell, h - cell) if r == t.row else (y, h - cell)
    return x, y, w, h

# ---------------------------------------------------------------- the score columns


@dataclass(frozen=True)
class ScoreColumnsV:
    w: float
    h: float
    gap: float
    text: float  # pt


def _read_columns(node: Node, data: Any) -> ScoreColumnsV:
    r = Reader(node, "shelving-wars score columns")
    w, h = expect_pair(r.raw("size"), minimum=20)
    v = ScoreColumnsV(w, h, r.number("gap", 4.0, minimum=0, maximum=30), r.number("text", 7.5, minimum=4, maximum=14, unit="pt"))
    r.done()
    return v


# A row, left to right: (name, least width in mm, share of any width to spare).  A blank for a number
# a player pencils in is at least 5 mm wide (two digits), a running total 5.8 mm (three small ones); the
# signs between them get what they need and no more.  At 4 players on A4 the least widths just fit.
_PARTS = (
    ("turn", 4.9, 1.0), ("h", 5.3, 1.0), ("×", 1.5, 0.0), ("w", 5.5, 1.0), ("=", 1.5, 0.0), ("area", 5.3, 1.2),
    ("=total", 1.8, 0.0), ("total", 5.8, 1.2), ("−", 1.8, 0.0), ("h+w", 5.0, 1.0), ("=total2", 1.8, 0.0),
    ("total2", 5.8, 1.2),
)
MIN_COLUMN = sum(p[1] for p in _PARTS)
_HEAD = ("turn", "h × w = area", "total", "−(h+w)", "total")


def _parts(w: float) -> dict[str, tuple[float, float]]:
    """Each part's (left, right) in a column ``w`` mm wide."""
    spare = w - MIN_COLUMN
    grow = sum(p[2] for p in _PARTS)
    k = 1.0 if spare >= 0 else w / MIN_COLUMN
    out, x = {}, 0.0
    for name, least, share in _PARTS:
        width = least * k + (spare * share / grow if spare > 0 else 0.0)
        out[name] = (x, x + width)
        x += width
    return out


def _build_columns(v: ScoreColumnsV, pen: Pen, ctx: Any) -> None:
    d = _data(ctx)
    players = _players(ctx, d)
    schedule = getattr(ctx, "schedule", None)
    gap = v.gap
    if players > 1 and v.w - gap * (players - 1) < players * MIN_COLUMN:  # narrow the gaps before the blanks
        gap = max(1.5, (v.w - players * MIN_COLUMN) / (players - 1))
    col_w = (v.w - gap * (players - 1)) / players
    head_h = 10.0
    tail_rows = 3  # floating shelves, capture, final score
    rows = d.turns + 1 + tail_rows  # + the column headings
    row_h = min((v.h - head_h) / rows, 9.0)
    for k in range(players):
        _column(pen.at(k * (col_w + gap), 0), v, ctx, d, k, col_w, head_h, row_h, schedule)


def _column(pen: Pen, v: ScoreColumnsV, ctx: Any, d: Data, k: int, w: float, head_h: float, row_h: float,
            schedule: Any) -> None:
    size = v.text
    # heading: the corner mark, the player's number and corner, a line for the name
    mark = 5.0
    _corner_mark(pen, 0, 0.5, mark, k + 1)
    corner = d.corners[k]
    label = f"Your corner: {corner}" if d.players == 1 else f"Player {k + 1} · {corner}"
    ls = _fit(label, size, w - mark - 2, "bold")
    pen.text(mark + 1.5, 0.5 + ls * PT * 0.8, label, size=ls, font="bold")
    pen.line(mark + 1.5, head_h - 2.0, w, head_h - 2.0, width=0.25, color=GREY)
    pen.text(mark + 1.5, head_h - 2.6, "name", size=MIN_TEXT, color=PALE)
    parts = _parts(w)
    # the cells' edges: turn | h × w = area | = total | − (h + w) | = total
    xs = [0.0, parts["turn"][1], parts["area"][1], parts["total"][1], parts["h+w"][1], w]

    def mid(name: str) -> float:
        a, b = parts[name]
        return (a + b) / 2
    y = head_h
    small = max(min(size * 0.8, row_h / PT * 0.55), MIN_TEXT)
    for i, text in enumerate(_HEAD):
        s = _fit(text, small, xs[i + 1] - xs[i] - 1, "condensed")
        pen.text((xs[i] + xs[i + 1]) / 2, y + row_h * 0.65, text, size=s, font="condensed", anchor="middle", color=GREY)
    y += row_h
    top = y
    turns = schedule.group(k + 1) if schedule is not None and k < len(schedule.spec.groups) else []
    base_off = row_h / 2 + size * PT * 0.35
    answer = getattr(ctx, "answer", None)
    # on an answer that ends early, the row of the roll that fits no box says so instead of its blanks
    ended = len(_boxes(answer, k)) if answer is not None and len(_boxes(answer, k)) < d.turns else None
    for t in range(d.turns):
        ry = y + t * row_h
        if t % 2 == 1:
            pen.rect(0, ry, w, row_h, width=0, stroke=None, fill="#f3f3f3")
        # turn number, and the seeded dice when there is a schedule
        if t < len(turns):
            pen.text(0.8, ry + row_h * 0.42, str(t + 1), size=MIN_TEXT, font="condensed", color=GREY)
            dice = " ".join(str(x) for x in turns[t].dice)
            ds = _fit(dice, min(size, row_h / PT * 0.55), xs[1] - xs[0] - 1.5, "bold")
            pen.text(xs[1] - 0.8, ry + base_off + 0.6, dice, size=ds, font="bold", anchor="end")
        else:
            pen.text((xs[0] + xs[1]) / 2, ry + base_off, str(t + 1), size=max(size * 0.9, MIN_TEXT), anchor="middle",
                     color=GREY)
        # "__ × __ = ___" in the box cell, then "= ___", "− ___", "= ___"
        ms = min(size, row_h / PT * 0.6, 6.5)
        for name, sign in () if t == ended else (("×", "×"), ("=", "="), ("=total", "="), ("−", "−"), ("=total2", "=")):
            if name in ("×", "="):
                pen.text(mid(name), ry + base_off, sign, size=ms, anchor="middle", color=GREY)
            else:  # first in its cell: clear of the cell's edge line
                pen.text(parts[name][0] + 0.5, ry + base_off, sign, size=ms, color=GREY)
    _fill_column(pen, ctx, k, parts, y, row_h, base_off, min(size, row_h / PT * 0.6, 6.5), w)
    bottom = y + d.turns * row_h
    spans = [(top, bottom)] if ended is None else [(top, top + ended * row_h), (top + (ended + 1) * row_h, bottom)]
    for i in range(1, len(xs) - 1):
        for y0, y1 in spans if i > 1 else [(top, bottom)]:
            if y1 > y0:
                pen.line(xs[i], y0, xs[i], y1, width=0.2, color=PALE)
    for t in range(d.turns + 1):
        pen.line(0, top + t * row_h, w, top + t * row_h, width=0.2 if 0 < t < d.turns else 0.4, color=GREY if 0 < t < d.turns else "#000000")
    _column_end(pen, ctx, xs, bottom, row_h, base_off, size, w)


def _column_end(pen: Pen, ctx: Any, xs: list[float], y: float, row_h: float, base_off: float, size: float,
                w: float) -> None:
    """The end of the game below a column: shelves, capture, final score."""
    ms = min(size, row_h / PT * 0.6)
    solo = getattr(ctx, "puzzle", None) is not None
    lines = (
        ("floating shelves  −", "="),
        ("no capture when alone" if solo else "capture  ___ / 2  +", "" if solo else "="),
    )
    for label, eq in lines:
        s = _fit(label, ms * 0.9, xs[3] - 1.5, "condensed")
        pen.text(xs[3] - 1.0, y + base_off, label, size=s, font="condensed", anchor="end", color=GREY)
        if not eq:
            y += row_h
            continue
        pen.line(xs[3] + 0.5, y + row_h - 1.2, xs[4] - 0.5, y + row_h - 1.2, width=0.2, color=PALE)
        pen.text(xs[4] + 1.0, y + base_off, eq, size=ms, color=GREY)
        pen.line(xs[4] + 0.5, y + row_h - 1.2, w, y + row_h - 1.2, width=0.2, color=PALE)
        y += row_h
    s = _fit("final score", ms, xs[4] - 2, "bold")
    pen.text(xs[4] - 1.5, y + base_off, "final score", size=s, font="bold", anchor="end")
    pen.rect(xs[4], y + 0.6, w - xs[4], row_h - 1.2, width=0.6)


def _fill_column(pen: Pen, ctx: Any, k: int, parts: dict[str, tuple[float, float]], top: float, row_h: float,
                 base_off: float, size: float, w: float) -> None:
    """On an answer page: each box's sides, area and running totals, as a player fills them in, and the
    final score."""
    sheet = getattr(ctx, "answer", None)
    if sheet is None or k >= len(sheet.players):
        return

    def mid(name: str) -> float:
        a, b = parts[name]
        return (a + b) / 2

    total = 0
    boxes = _boxes(sheet, k)
    for t, b in enumerate(boxes):
        y = top + t * row_h + base_off
        for name, value in (("h", b.h), ("w", b.w), ("area", b.area)):
            pen.text(mid(name), y, str(value), size=size, font="bold", anchor="middle")
        total += b.area
        pen.text(mid("total"), y, str(total), size=size, font="bold", anchor="middle")
        pen.text(mid("h+w"), y, str(b.cost), size=size, font="bold", anchor="middle")
        total -= b.cost
        pen.text(mid("total2"), y, str(total), size=size, font="bold", anchor="middle")
    turns = ctx.layout.data.turns if hasattr(ctx.layout.data, "turns") else len(boxes)
    if len(boxes) < turns:
        y = top + len(boxes) * row_h + base_off
        pen.text(parts["h"][0] + 0.5, y, "no box fits this roll: the game ends", size=max(size * 0.9, MIN_TEXT),
                 font="condensed")
    shelves_y = top + turns * row_h + base_off  # the answers build no floating shelf
    pen.text(mid("h+w"), shelves_y, "0", size=size, font="bold", anchor="middle")
    pen.text(mid("total2"), shelves_y, str(total), size=size, font="bold", anchor="middle")
    final_y = top + (turns + 2) * row_h + base_off
    pen.text(mid("total2"), final_y, str(total), size=size * 1.2, font="bold", anchor="middle")


def _boxes(sheet: Any, k: int) -> list:
    """The boxes player ``k`` of a typed-in sheet built, in turn order."""
    return [t for t in sheet.players[k].turns if hasattr(t, "h")] if k < len(sheet.players) else []


def _columns_size(v: ScoreColumnsV) -> tuple[float, float]:
    return v.w, v.h


# ---------------------------------------------------------------- the rules, with the variation in use


@dataclass(frozen=True)
class RulesV:
    width: float
    size: float


def _read_rules(node: Node, data: Any) -> RulesV:
    r = Reader(node, "a shelving-wars rules paragraph")
    v = RulesV(width=r.number("width", minimum=40, maximum=400), size=r.number("size", 7.5, minimum=MIN_TEXT, maximum=14))
    r.done()
    return v


def rules_text(d: Data) -> str:
    """The sheet's rules, with the dice, the turns and the battlefield of the variation in use: what to
    roll, how to build, when the game ends and who wins; a solo puzzle's (one player) its own."""
    if d.players == 1:
        return (
            f"A puzzle for one: every roll ({d.dice}d{d.sides}) is printed below, in turn order. Each turn draw a "
            "box as tall as one die and as wide as another. Your first box covers your numbered corner; each "
            "later box must share a corner and part of a side with one of your boxes. Boxes never overlap. "
            "Score the area, then lose the height plus the width. A roll that must be built does, even at a "
            "loss; the first roll that fits no box ends the game. Alone on the battlefield there is "
            "**no capture** and a floating shelf only costs.")
    return (
        f"**Roll {d.dice}d{d.sides}** each turn ({d.dice} dice of {d.sides} sides) and draw a box on the "
        f"{d.size} × {d.size} battlefield as tall as one die and as wide as another. Your first box covers your "
        "numbered corner; each later box must share a corner and part of a side with one of your boxes. Boxes "
        "never overlap. Score the area, then lose the height plus the width. **Floating shelf** instead of a "
        "box: a line along the grid from a corner of one of your boxes, as long as a die; it costs its length "
        f"and nothing may cross it. **End:** after {d.turns} turn{'s' if d.turns != 1 else ''} each, or at once "
        "when a player cannot place a box with their roll. **Capture** at the end: each empty square walled off "
        "from the other players by your boxes, shelves and the edge pays ½. **The most points wins.**")


def _rules_para(v: RulesV, d: Data) -> ParagraphV:
    return ParagraphV(rules_text(d), v.width, v.size, 1.25, "regular", "•")


def _build_rules(v: RulesV, pen: Pen, ctx: Any) -> None:
    para = _rules_para(v, _data(ctx))
    y = v.size * PT * 0.8
    for indent, runs in paragraph_lines(para):
        x = indent
        for text, font in runs:
            pen.text(x, y, text, size=v.size, font=font)
            x += text_width(text, v.size, font)
        y += v.size * PT * para.leading


def _rules_size(v: RulesV) -> tuple[float, float]:
    lines = len(paragraph_lines(_rules_para(v, DEFAULT_DATA)))
    return v.width, v.size * PT * (0.8 + 1.25 * (lines - 1)) + v.size * PT * 0.3


def element_types() -> dict[str, ElementType]:
    return {
        "shelving-wars.rules": ElementType(
            _read_rules,
            _build_rules,
            _rules_size,
            "the rules in a paragraph, with the dice, turns and battlefield of the variation in use, the end "
            "of the game and who wins",
        ),
        "shelving-wars.battlefield": ElementType(
            _read_battlefield,
            _build_battlefield,
            lambda v: (v.side + LABEL_PAD, v.side + LABEL_PAD),
            "the square battlefield, sized by the variation's grid size, with the players' corners marked",
            _battlefield_bounds,
        ),
        "shelving-wars.score-column": ElementType(
            _read_columns,
            _build_columns,
            _columns_size,
            "one running-total score column per player (with the seeded dice of each turn when printed with --seed)",
        ),
    }
