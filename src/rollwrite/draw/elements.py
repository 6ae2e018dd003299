"""The generic elements of the layout language (docs/layout.md describes each one).

Every element type reads its YAML keys into a small frozen value (``read``), reports its size
(``size``/``bounds``, relative to its ``at``) and draws itself with a Pen moved to ``at`` (``build``).
Nothing here imports a renderer; text widths come from :mod:`rollwrite.draw.metrics`.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from rollwrite.draw.marks import OwnIcon, draw_icon, icon_name, sequence
from rollwrite.draw.metrics import printable, FONTS, text_width, wrap
from rollwrite.draw.scene import PT, Pen
from rollwrite.draw.figures import FIGURES
from rollwrite.draw.hexes import HEXES
from rollwrite.draw.images import IMAGES
from rollwrite.draw.cellfills import CellFill, draw_fills, read_fills, read_shape
from rollwrite.draw.shapes import read_dash
from rollwrite.draw.tables import MIN_FIT, fit_hint
from rollwrite.draw.userfonts import read_font
from rollwrite.games.base import ElementType
from rollwrite.games.sheettext import LETTERS, column_letter
from rollwrite.valueclass import Value, replace
from rollwrite.layoutlang.nodes import Map, Node, Reader, Scalar, Seq, expect_number, expect_pair

ANCHORS = ["start", "middle", "end"]

MIN_TEXT = 6.4  # pt: the smallest text of a built-in sheet (so that --large-print, 1.41 times, gives 9 pt)


# ---------------------------------------------------------------- text


class TextV(Value):
    text: str
    size: float
    font: str
    anchor: str
    color: str
    #: put 'in' a space: the least size (pt) it may be made to fit it; None: one too big is an error
    fit: float | None = None


def _read_text(node: Node, data: Any) -> TextV:
    r = Reader(node, "a text element")
    v = TextV(
        text=r.text("text"),
        size=r.number("size", 10.0, minimum=3, maximum=72, unit="pt"),
        font=read_font(r, "font", "regular", list(FONTS)),
        anchor=r.str("anchor", "start", choices=ANCHORS),
        color=r.color("color", "#000000"),
        fit=r.number("fit", None, minimum=MIN_FIT, maximum=72, unit="pt"),
    )
    r.done()
    if v.fit is not None and v.fit > v.size:
        v = replace(v, fit=v.size)
    return v


def _text_bounds(v: TextV) -> tuple[float, float, float, float]:
    w = text_width(v.text, v.size, v.font)
    x0 = {"start": 0.0, "middle": -w / 2, "end": -w}[v.anchor]
    return (x0, -v.size * PT * 0.76, x0 + w, v.size * PT * 0.24)


def _build_text(v: TextV, pen: Pen, ctx: Any) -> None:
    pen.text(0, 0, v.text, size=v.size, font=v.font, anchor=v.anchor, color=v.color)


# ---------------------------------------------------------------- paragraph


class ParagraphV(Value):
    text: str
    width: float
    size: float
    leading: float
    font: str
    bullet: str


_MARKED = re.compile(r"\*\*(.+?)\*\*|(?<![\w*])\*(?![\s*])(.+?)(?<![\s*])\*(?![\w*])")


def _runs(text: str, font: str) -> list[tuple[str, str]]:
    """``**bold**`` and ``*italic*`` runs of a paragraph's text, the rest in ``font``."""
    runs: list[tuple[str, str]] = []
    pos = 0
    for m in _MARKED.finditer(text):
        if m.start() > pos:
            runs.append((text[pos : m.start()], font))
        runs.append((m.group(1), "bold") if m.group(1) is not None else (m.group(2), "italic"))
        pos = m.end()
    if pos < len(text):
        runs.append((text[pos:], font))
    return runs


def _read_paragraph(node: Node, data: Any) -> ParagraphV:
    r = Reader(node, "a paragraph")
    v = ParagraphV(
        text=r.text("text"),
        width=r.number("width", minimum=5),
        size=r.number("size", 8.0, minimum=3, maximum=36, unit="pt"),
        leading=r.number("leading", 1.25, minimum=0.8, maximum=3, unit=None),
        font=read_font(r, "font", "regular", ["regular", "condensed"]),
        bullet=r.str("bullet", "•"),
    )
    r.done()
    return v


@lru_cache(maxsize=512)
def paragraph_lines(v: ParagraphV) -> list[tuple[float, list[tuple[str, str]]]]:
    """(indent mm, runs) per printed line.  Blank lines separate paragraphs; '- ' starts a bullet."""
    out: list[tuple[float, list[tuple[str, str]]]] = []
    indent = text_width(v.bullet + " ", v.size, v.font)
    for block in v.text.strip().split("\n"):
        block = block.strip()
        if not block:
            out.append((0.0, []))
            continue
        if block.startswith("- "):
            lines = wrap(_runs(block[2:], v.font), v.width - indent, v.size)
            for i, line in enumerate(lines):
                out.append((indent, [("\0bullet", v.font)] + line if i == 0 else line))
        else:
            for line in wrap(_runs(block, v.font), v.width, v.size):
                out.append((0.0, line))
    return out


def _paragraph_size(v: ParagraphV) -> tuple[float, float]:
    n = len(paragraph_lines(v))
    return v.width, n * v.size * PT * v.leading


def _build_paragraph(v: ParagraphV, pen: Pen, ctx: Any) -> None:
    step = v.size * PT * v.leading
    y = v.size * PT * 0.8
    for indent, runs in paragraph_lines(v):
        x = indent
        for text, font in runs:
            if text == "\0bullet":
                pen.text(0, y, v.bullet, size=v.size, font=font)
                continue
            pen.text(x, y, text, size=v.size, font=font)
            x += text_width(text, v.size, font)
        y += step


# ---------------------------------------------------------------- puzzle notes


class PuzzleNotesV(Value):
    w: float
    h: float
    size: float
    fit: float
    leading: float
    font: str
    show: str = "all"  # all, par (on an answer page: why it scores par) or difficulty (nothing there)


NOTES_SHOWN = ["all", "par", "difficulty"]


def _read_puzzle_notes(node: Node, data: Any) -> PuzzleNotesV:
    r = Reader(node, "a puzzle-notes element")
    w, h = expect_pair(r.raw("size"), minimum=5)
    size = r.number("text", 7.5, minimum=3, maximum=36, unit="pt")
    v = PuzzleNotesV(w, h, size=size, fit=r.number("fit", size, minimum=3, maximum=36, unit="pt"),
                     leading=r.number("leading", 1.25, minimum=0.8, maximum=3, unit=None),
                     font=read_font(r, "font", "regular", ["regular", "condensed"]),
                     show=r.str("show", "all", choices=NOTES_SHOWN))
    r.done()
    return replace(v, fit=min(v.fit, v.size))


def puzzle_notes(ctx: Any, show: str = "all") -> list[str]:
    """The sentences a ``puzzle-notes`` element prints on the sheet ``ctx`` draws.  On a puzzle page what
    par means (``show: par``, ``Game.par_notes``), what its difficulty label means (``show: difficulty``,
    ``Game.difficulty_meaning``), or both (``all``, ``Game.puzzle_notes``); on an answer page why the
    answer scores par (``Game.answer_notes``, for ``all`` and ``par``); none on any other sheet."""
    puzzle = getattr(ctx, "puzzle", None)
    if puzzle is None:
        return []
    # deferred for start-up: only a puzzle's pages need the games' registry here
    from rollwrite import games

    game = games.get(puzzle.game)
    if game is None:
        return []
    if getattr(ctx, "answer", None) is not None:
        return [] if show == "difficulty" else game.answer_notes(puzzle)
    if show == "par":
        return game.par_notes(puzzle)
    if show == "difficulty":
        label = game.difficulty_meaning(puzzle)
        return [label] if label else []
    return game.puzzle_notes(puzzle)


def notes_paragraph(v: PuzzleNotesV, notes: list[str]) -> ParagraphV:
    """``notes`` as a paragraph a sentence a line, at the largest size from the element's ``text`` down to
    its ``fit`` (in steps of a tenth of a point) whose lines fit its height; at ``fit`` when none does
    (:func:`notes_overflow` says so)."""
    size = v.size
    while True:
        para = ParagraphV("\n".join(notes), v.w, size, v.leading, v.font, "•")
        if size <= v.fit or notes_height(para) <= v.h + 1e-6:
            return para
        size = max(v.fit, round(size - 0.1, 1))


def notes_height(para: ParagraphV) -> float:
    """The height the lines of ``para`` take, from the top of the first to the foot of the last."""
    n = len(paragraph_lines(para))
    return 0.0 if n == 0 else para.size * PT * (1.04 + para.leading * (n - 1))


def notes_overflow(v: PuzzleNotesV, notes: list[str]) -> float:
    """How far (mm) ``notes`` run below the element's foot even at its ``fit`` size; 0 when they fit."""
    return max(0.0, notes_height(notes_paragraph(v, notes)) - v.h)


def _build_puzzle_notes(v: PuzzleNotesV, pen: Pen, ctx: Any) -> None:
    notes = puzzle_notes(ctx, v.show)
    if notes:
        _build_paragraph(notes_paragraph(v, notes), pen, ctx)


# ---------------------------------------------------------------- grid


class Mark(Value):
    row: int
    col: int
    icon: Any  # a built-in icon's name, or the layout's own (OwnIcon)
    size: float
    color: str | None = None  # its black ink in this colour (see draw_icon)


class Labels(Value):
    """Labels around a grid: for each side, the texts in order (empty: none)."""

    top: tuple[str, ...]
    left: tuple[str, ...]
    bottom: tuple[str, ...]
    right: tuple[str, ...]
    on: str  # cells | lines: label the cells, or the lines (their crossings)
    size: float | None
    color: str







def _read_labels(node: Node, rows: int, cols: int) -> Labels:
    r = Reader(node, "grid labels")
    on = r.str("place", "cells", choices=["cells", "lines"])
    start = r.int("start", 1, minimum=-1000, maximum=1000)
    size = r.number("size", None, minimum=3, maximum=30, unit="pt")
    color = r.color("color", "#555555")
    nr, nc = (rows + 1, cols + 1) if on == "lines" else (rows, cols)
    sides = {}
    for side, n in (("top", nc), ("bottom", nc), ("left", nr), ("right", nr)):
        sn = r.raw(side, None)
        sides[side] = sequence(sn, n, start) if sn is not None else ()
    r.done()
    if not any(sides.values()):
        raise node.error("these labels name no side", hint="e.g. labels: {top: letters, left: numbers}")
    return Labels(sides["top"], sides["left"], sides["bottom"], sides["right"], on, size, color)


class GridV(Value):
    rows: int
    cols: int
    cw: float
    ch: float
    line: float
    border: float
    color: str
    shape: tuple[str, ...] | None
    marks: tuple[Mark, ...]
    middle: float  # width of the middle line, 0 for none
    labels: bool | Labels
    lines: str = "solid"  # solid | faint | none: the inner lines
    faint: str = "#b4b4b4"
    crossings: str = "none"  # none | dot | cross | plus | circle: a mark on every line crossing
    crossing_size: float = 0.8
    crossing_marks: tuple[Mark, ...] = ()
    fills: tuple[CellFill, ...] = ()  # icons on chosen crossings (row and column lines from 1)

    def inside(self, r: int, c: int) -> bool:
        if not (0 <= r < self.rows and 0 <= c < self.cols):
            return False
        return self.shape is None or self.shape[r][c] == "#"


def _read_grid(node: Node, data: Any) -> GridV:
    r = Reader(node, "a grid")
    rows = r.int("rows", minimum=1, maximum=200)
    cols = r.int("cols", minimum=1, maximum=200)
    cell = r.raw("cell")
    if isinstance(cell, Seq):
        cw, ch = expect_pair(cell, minimum=1)
    else:
        cw = ch = expect_number(cell, minimum=1, maximum=100)
    shape_node = r.list("shape", None)
    marks_node = r.list("marks", None)
    v_line = r.number("line", 0.25, minimum=0.05, maximum=3)
    v_border = r.number("border", 0.8, minimum=0.05, maximum=5)
    color = r.color("color", "#000000")
    middle = r.number("middle", 0.0, minimum=0, maximum=5)
    labels_node = r.raw("labels", None)
    lines = r.str("lines", "solid", choices=["solid", "faint", "none"])
    faint = r.color("faint", "#b4b4b4")
    crossings = r.str("crossings", "none", choices=["none", "dot", "cross", "plus", "circle"])
    crossing_size = r.number("crossing_size", 0.8, minimum=0.2, maximum=20)
    cmarks_node = r.list("crossing_marks", None)
    fills = read_fills(r.raw("fills", None), rows, cols)
    r.done()
    labels: bool | Labels = False
    if labels_node is not None:
        if isinstance(labels_node, Scalar) and isinstance(labels_node.value, bool):
            labels = labels_node.value
        elif isinstance(labels_node, Map):
            labels = _read_labels(labels_node, rows, cols)
        else:
            raise labels_node.error("expected true, false or the labels of each side",
                                    hint="e.g. labels: {top: letters, left: numbers} or labels: true")
    cmarks = []
    for n in cmarks_node or []:
        mr = Reader(n, "a crossing mark")
        at_node = mr.raw("at")
        row, col = (int(x) for x in expect_pair(at_node))
        icon = icon_name(mr.raw("icon"))
        size = mr.number("size", min(cw, ch) * 0.5, minimum=0.5)
        mcolor = mr.color("color", None)
        mr.done()
        if not (1 <= row <= rows + 1 and 1 <= col <= cols + 1):
            raise at_node.error(f"crossing [{row}, {col}] is not on the grid: its lines count from 1 to "
                                f"{rows + 1} (rows) and {cols + 1} (columns)")
        cmarks.append(Mark(row, col, icon, size, mcolor))
    shape = read_shape(shape_node, rows, cols, "a space")
    marks = []
    for n in marks_node or []:
        mr = Reader(n, "a grid mark")
        rc = mr.raw("cell")
        row, col = (int(x) for x in expect_pair(rc))
        icon = icon_name(mr.raw("icon"))
        size = mr.number("size", min(cw, ch) * 0.6, minimum=1)
        mcolor = mr.color("color", None)
        mr.done()
        if not (1 <= row <= rows and 1 <= col <= cols):
            raise rc.error(f"cell [{row}, {col}] is outside the {rows} x {cols} grid (rows and columns count from 1)")
        marks.append(Mark(row, col, icon, size, mcolor))
    v = GridV(rows, cols, cw, ch, v_line, v_border, color, shape, tuple(marks), middle, labels, lines, faint,
              crossings, crossing_size, tuple(cmarks), fills)
    for m in v.marks:
        if not v.inside(m.row - 1, m.col - 1):
            raise node.error(f"the mark at cell [{m.row}, {m.col}] is not on a space of the grid's shape")
    return v


def _label_size(v: GridV, lab: Labels) -> float:
    return lab.size or min(7.0, v.ch / PT * 0.45)


def _grid_bounds(v: GridV) -> tuple[float, float, float, float]:
    if isinstance(v.labels, Labels):
        lab = v.labels
        size = _label_size(v, lab)
        tall = 1.3 + size * PT
        wide = 1.3 + max([text_width(t, size) for t in lab.left + lab.right] or [0.0])
        return (-wide if lab.left else 0.0, -tall if lab.top else 0.0,
                v.cols * v.cw + (wide if lab.right else 0.0), v.rows * v.ch + (tall if lab.bottom else 0.0))
    pad = 4.0 if v.labels else 0.0
    return (-pad, -pad, v.cols * v.cw, v.rows * v.ch)


def _grid_size(v: GridV) -> tuple[float, float]:
    return v.cols * v.cw, v.rows * v.ch


def _build_grid(v: GridV, pen: Pen, ctx: Any) -> None:
    # Inner lines thin, the outline of the shape thick: an edge is outline when only one side is a space.
    thin, thick, col = v.line, v.border, v.color
    if v.fills:
        draw_fills(pen, v.fills, [c * v.cw for c in range(v.cols + 1)], [r * v.ch for r in range(v.rows + 1)])
    # in_[r + 1][c + 1] is v.inside(r, c), with a border of False round the grid.
    in_ = [[False] * (v.cols + 2) for _ in range(v.rows + 2)]
    for r in range(v.rows):
        row = in_[r + 1]
        for c in range(v.cols):
            row[c + 1] = v.shape is None or v.shape[r][c] == "#"
    for r in range(v.rows + 1):  # horizontal edges
        above, below = in_[r], in_[r + 1]
        c = 0
        while c < v.cols:
            a, b = above[c + 1], below[c + 1]
            if not (a or b):
                c += 1
                continue
            outline = a != b
            start = c
            while c < v.cols and (above[c + 1] or below[c + 1]) and ((above[c + 1] != below[c + 1]) == outline):
                c += 1
            if outline or v.lines != "none":
                pen.line(start * v.cw, r * v.ch, c * v.cw, r * v.ch, width=thick if outline else thin,
                         color=col if outline or v.lines == "solid" else v.faint, cap="square" if outline else "butt")
    for c in range(v.cols + 1):  # vertical edges
        r = 0
        while r < v.rows:
            a, b = in_[r + 1][c], in_[r + 1][c + 1]
            if not (a or b):
                r += 1
                continue
            outline = a != b
            start = r
            while r < v.rows and (in_[r + 1][c] or in_[r + 1][c + 1]) and ((in_[r + 1][c] != in_[r + 1][c + 1]) == outline):
                r += 1
            if outline or v.lines != "none":
                pen.line(c * v.cw, start * v.ch, c * v.cw, r * v.ch, width=thick if outline else thin,
                         color=col if outline or v.lines == "solid" else v.faint, cap="square" if outline else "butt")
    if v.middle:
        mx = v.cols * v.cw / 2
        pen.line(mx, -1.5, mx, v.rows * v.ch + 1.5, width=v.middle, color=col, cap="round")
    for m in v.marks:
        draw_icon(m.icon, pen, (m.col - 0.5) * v.cw, (m.row - 0.5) * v.ch, m.size, weight=0.3, color=m.color)
    if v.crossings != "none":
        _crossings(v, pen, in_)
    for m in v.crossing_marks:
        draw_icon(m.icon, pen, (m.col - 1) * v.cw, (m.row - 1) * v.ch, m.size, weight=0.3, color=m.color)
    if isinstance(v.labels, Labels):
        _labels(v, v.labels, pen)
    elif v.labels:
        size = min(7.0, v.ch / PT * 0.45)
        for c in range(v.cols):
            pen.text((c + 0.5) * v.cw, -1.3, column_letter(c) if c < len(LETTERS) else str(c + 1), size=size, anchor="middle", color="#555555")
        for r in range(v.rows):
            pen.text(-1.3, (r + 0.5) * v.ch + size * PT * 0.35, str(r + 1), size=size, anchor="end", color="#555555")


def _crossings(v: GridV, pen: Pen, in_: list[list[bool]]) -> None:
    """A mark on every crossing of lines that touches a space of the grid."""
    d = v.crossing_size
    for r in range(v.rows + 1):
        for c in range(v.cols + 1):
            if not (in_[r][c] or in_[r][c + 1] or in_[r + 1][c] or in_[r + 1][c + 1]):
                continue
            x, y = c * v.cw, r * v.ch
            if v.crossings == "dot":
                pen.circle(x, y, d / 2, width=0, stroke=None, fill=v.color)
            elif v.crossings == "circle":
                pen.circle(x, y, d / 2, width=max(v.line, 0.15), stroke=v.color)
            elif v.crossings == "plus":
                pen.line(x - d / 2, y, x + d / 2, y, width=v.line, color=v.color)
                pen.line(x, y - d / 2, x, y + d / 2, width=v.line, color=v.color)
            else:  # cross
                h = d / 2 * 0.7071
                pen.line(x - h, y - h, x + h, y + h, width=v.line, color=v.color)
                pen.line(x - h, y + h, x + h, y - h, width=v.line, color=v.color)


def _labels(v: GridV, lab: Labels, pen: Pen) -> None:
    size = _label_size(v, lab)
    off = 0.0 if lab.on == "lines" else 0.5
    kw = {"size": size, "color": lab.color}
    for c, t in enumerate(lab.top):
        pen.text((c + off) * v.cw, -1.3, t, anchor="middle", **kw)
    for c, t in enumerate(lab.bottom):
        pen.text((c + off) * v.cw, v.rows * v.ch + 1.3 + size * PT * 0.76, t, anchor="middle", **kw)
    for r, t in enumerate(lab.left):
        pen.text(-1.3, (r + off) * v.ch + size * PT * 0.35, t, anchor="end", **kw)
    for r, t in enumerate(lab.right):
        pen.text(v.cols * v.cw + 1.3, (r + off) * v.ch + size * PT * 0.35, t, anchor="start", **kw)


# ---------------------------------------------------------------- box and line


class BoxV(Value):
    w: float
    h: float
    label: str
    label_size: float
    line: float
    radius: float
    dash: tuple[float, ...] | None
    fill: str | None
    color: str = "#000000"
    #: the smallest size (pt) the label may be made to fit the box; None: a label too wide is an error
    fit: float | None = None


LABEL_PAD = 1.5  # mm between a box's edge and its label


def _read_box(node: Node, data: Any) -> BoxV:
    r = Reader(node, "a box")
    w, h = expect_pair(r.raw("size"), minimum=1)
    v = BoxV(w, h, r.text("label", ""), r.number("label_size", 7.0, minimum=3, maximum=30, unit="pt"),
             r.number("line", 0.4, minimum=0.05, maximum=5), r.number("radius", 0.0, minimum=0, maximum=20),
             read_dash(r), r.fill("fill", None), r.color("color", "#000000"),
             r.number("fit", None, minimum=MIN_FIT, maximum=30, unit="pt"))
    r.done()
    if v.fit is not None and v.fit > v.label_size:
        v = replace(v, fit=v.label_size)
    return v


def box_label_size(v: BoxV) -> float:
    """The size the label is drawn at: its own, or with ``fit`` as much smaller as the box needs."""
    if v.fit is None:
        return v.label_size
    return fit_size(v.label, v.label_size, "bold", v.w - 2 * LABEL_PAD, v.fit)


def _build_box(v: BoxV, pen: Pen, ctx: Any) -> None:
    pen.rect(0, 0, v.w, v.h, width=v.line, radius=v.radius, dash=v.dash, fill=v.fill, stroke=v.color)
    if v.label:
        size = box_label_size(v)
        pen.text(LABEL_PAD, LABEL_PAD + size * PT * 0.8, v.label, size=size, font="bold", color=v.color)


def _box_overflows(v: BoxV, node: Node) -> list[Any]:
    """The label, when it runs past the box's right edge (at ``fit`` when given) or below its foot."""
    if not v.label:
        return []
    size = box_label_size(v)
    tw = text_width(v.label, size, "bold")
    room = v.w - 2 * LABEL_PAD
    at = node.get("label") or node
    shown = v.label if len(v.label) <= 24 else v.label[:23] + "…"
    if tw > room + 0.01:
        if v.fit is not None:
            return [at.error(f"the label '{shown}' is {tw:.1f} mm wide even at {v.fit:g} pt (the box's 'fit'), and "
                             f"the box leaves {room:.1f} mm", hint="widen the box or shorten the label")]
        return [at.error(f"the label '{shown}' is {tw:.1f} mm wide at {v.label_size:g} pt, and the box leaves "
                         f"{room:.1f} mm ({v.w:g} mm less {LABEL_PAD:g} mm each side)",
                         hint=fit_hint(v.label_size * room / tw, "widen the box, shorten the label or make it smaller "
                                       "with label_size", "let the box make it smaller"))]
    foot = LABEL_PAD + size * PT * (0.8 + 0.24)
    if foot > v.h + 0.01:
        return [at.error(f"the label '{shown}' reaches {foot:.1f} mm down, below the foot of the {v.h:g} mm tall box",
                         hint="make the box taller or the label smaller (label_size)")]
    return []


class LineV(Value):
    to: tuple[float, float]
    width: float
    dash: tuple[float, ...] | None
    color: str
    cap: str = "round"


def _read_line(node: Node, data: Any) -> LineV:
    r = Reader(node, "a line")
    v = LineV(r.point("to"), r.number("width", 0.3, minimum=0.05, maximum=5), read_dash(r),
              r.color("color", "#000000"), r.str("cap", "round", choices=["butt", "round", "square"]))
    r.done()
    return v


def _line_bounds(v: LineV) -> tuple[float, float, float, float]:
    # 'to' is the other end, measured from 'at'
    return (min(0.0, v.to[0]), min(0.0, v.to[1]), max(0.0, v.to[0]), max(0.0, v.to[1]))


def _build_line(v: LineV, pen: Pen, ctx: Any) -> None:
    pen.line(0, 0, v.to[0], v.to[1], width=v.width, dash=v.dash, color=v.color, cap=v.cap)


# ---------------------------------------------------------------- icon, legend


class IconV(Value):
    name: str | OwnIcon
    size: float
    weight: float
    #: the colour its black ink is drawn in (a built-in icon is all black ink); None: as drawn
    color: str | None = None


def _read_icon(node: Node, data: Any) -> IconV:
    r = Reader(node, "an icon")
    v = IconV(icon_name(r.raw("name")), r.number("size", 6.0, minimum=1, maximum=100),
              r.number("weight", 0.35, minimum=0.05, maximum=3), r.color("color", None))
    r.done()
    return v


def _build_icon(v: IconV, pen: Pen, ctx: Any) -> None:
    draw_icon(v.name, pen, 0, 0, v.size, v.weight, v.color)


class LegendV(Value):
    items: tuple[tuple[str | OwnIcon, str], ...]  # (icon, label)
    columns: int
    size: float  # icon size mm
    text: float  # pt
    col_width: float
    row_height: float


def _read_legend(node: Node, data: Any) -> LegendV:
    r = Reader(node, "a legend")
    items_node = r.list("items")
    columns = r.int("columns", 1, minimum=1, maximum=12)
    size = r.number("size", 5.0, minimum=1, maximum=30)
    text = r.number("text", 8.0, minimum=3, maximum=30, unit="pt")
    col_width = r.number("column_width", 40.0, minimum=5)
    row_height = r.number("row_height", size + 1.5, minimum=1)
    r.done()
    items = []
    for n in items_node:
        ir = Reader(n, "a legend item")
        icon = icon_name(ir.raw("icon"))
        label = ir.text("label")
        ir.done()
        items.append((icon, label))
    return LegendV(tuple(items), columns, size, text, col_width, row_height)


def _legend_size(v: LegendV) -> tuple[float, float]:
    rows = -(-len(v.items) // v.columns)
    return v.columns * v.col_width, rows * v.row_height


def _build_legend(v: LegendV, pen: Pen, ctx: Any) -> None:
    for i, (icon, label) in enumerate(v.items):
        row, col = divmod(i, v.columns)
        x, y = col * v.col_width, row * v.row_height
        draw_icon(icon, pen, x + v.size / 2, y + v.row_height / 2, v.size, 0.3)
        pen.text(x + v.size + 1.5, y + v.row_height / 2 + v.text * PT * 0.35, label, size=v.text)


# ---------------------------------------------------------------- circles (coin boxes, tick boxes)


class CirclesV(Value):
    count: int
    diameter: float
    gap: float
    shape: str
    columns: int
    line: float
    color: str = "#000000"
    fill: str | None = None


def _read_circles(node: Node, data: Any) -> CirclesV:
    r = Reader(node, "a row of circles")
    count = r.int("count", minimum=1, maximum=500)
    v = CirclesV(count, r.number("diameter", 5.0, minimum=1, maximum=50), r.number("gap", 1.5, minimum=0, maximum=50),
                 r.str("shape", "circle", choices=["circle", "square"]), r.int("columns", count, minimum=1),
                 r.number("line", 0.3, minimum=0.05, maximum=3), r.color("color", "#000000"), r.fill("fill", None))
    r.done()
    return v


def _circles_size(v: CirclesV) -> tuple[float, float]:
    cols = min(v.columns, v.count)
    rows = -(-v.count // v.columns)
    return cols * v.diameter + (cols - 1) * v.gap, rows * v.diameter + (rows - 1) * v.gap


def _build_circles(v: CirclesV, pen: Pen, ctx: Any) -> None:
    d, step = v.diameter, v.diameter + v.gap
    for i in range(v.count):
        row, col = divmod(i, v.columns)
        x, y = col * step, row * step
        if v.shape == "circle":
            pen.circle(x + d / 2, y + d / 2, d / 2, width=v.line, stroke=v.color, fill=v.fill)
        else:
            pen.rect(x, y, d, d, width=v.line, radius=d * 0.12, stroke=v.color, fill=v.fill)


# ---------------------------------------------------------------- formula line with blanks


class FormulaV(Value):
    template: str
    size: float
    blank: float
    height: float


def _read_formula(node: Node, data: Any) -> FormulaV:
    r = Reader(node, "a formula line")
    template = r.str("template")
    size = r.number("size", 9.0, minimum=4, maximum=30, unit="pt")
    blank = r.number("blank", 8.0, minimum=3, maximum=60)
    height = r.number("height", 6.5, minimum=2, maximum=40)
    r.done()
    if "_" not in template:
        raise node.error("a formula template needs at least one '_' for a blank to write in")
    return FormulaV(template, size, blank, height)


def _formula_parts(v: FormulaV) -> list[str]:
    return re.split(r"(_)", v.template)


def _formula_size(v: FormulaV) -> tuple[float, float]:
    w = sum(v.blank if p == "_" else text_width(p, v.size) for p in _formula_parts(v))
    return w, v.height


def _build_formula(v: FormulaV, pen: Pen, ctx: Any) -> None:
    x = 0.0
    base = v.height / 2 + v.size * PT * 0.35
    for p in _formula_parts(v):
        if p == "_":
            pen.rect(x, 0, v.blank, v.height, width=0.3, radius=0.8)
            x += v.blank
        elif p:
            pen.text(x, base, p, size=v.size)
            x += text_width(p, v.size)


# ---------------------------------------------------------------- name field


class NameV(Value):
    width: float
    label: str
    size: float


def _read_name(node: Node, data: Any) -> NameV:
    r = Reader(node, "a name field")
    v = NameV(r.number("width", minimum=10), r.str("label", "Name"), r.number("size", 9.0, minimum=4, maximum=30, unit="pt"))
    r.done()
    return v


def _build_name(v: NameV, pen: Pen, ctx: Any) -> None:
    pen.text(0, 0, v.label, size=v.size, font="bold")
    x = text_width(v.label, v.size, "bold") + 2
    pen.line(x, 0.8, v.width, 0.8, width=0.3)


# ---------------------------------------------------------------- ruler


class RulerV(Value):
    length: int


def _read_ruler(node: Node, data: Any) -> RulerV:
    r = Reader(node, "a ruler")
    v = RulerV(r.int("length", 50, minimum=10, maximum=300))
    r.done()
    return v


def draw_ruler(pen: Pen, length: int, text: float = MIN_TEXT, caption: str | None = None) -> None:
    """A true-size millimetre ruler whose top-left is at the pen's origin (height 6 mm at the
    smallest ``text`` size, in pt, of its figures and caption); ``caption``: what it says after its end
    (default: the whole of :func:`ruler_captions`' first)."""
    pen.line(0, 0, length, 0, width=0.25)
    for mm in range(length + 1):
        h = 3.0 if mm % 10 == 0 else 2.0 if mm % 5 == 0 else 1.2
        pen.line(mm, 0, mm, h, width=0.15)
        if mm % 10 == 0:
            pen.text(mm, 3.4 + text * PT * 0.72, str(mm // 10), size=text, anchor="middle", color="#333333")
    pen.text(length + 1.5, 3.0, ruler_captions(length)[0] if caption is None else caption, size=text,
             color="#333333")


def ruler_captions(length: int) -> tuple[str, ...]:
    """What a ruler of ``length`` mm may say after its end, longest first (narrow paper takes a shorter)."""
    return (f"{length} mm: if this does not measure {length // 10} cm, print at 100 %",
            f"{length} mm: print at 100 %", f"{length} mm")


def ruler_width(length: int, text: float = MIN_TEXT, caption: str | None = None) -> float:
    return length + 1.5 + text_width(ruler_captions(length)[0] if caption is None else caption, text)


def _ruler_size(v: RulerV) -> tuple[float, float]:
    return ruler_width(v.length), 6.0


def _build_ruler(v: RulerV, pen: Pen, ctx: Any) -> None:
    draw_ruler(pen, v.length)


# ---------------------------------------------------------------- roll track and challenge stamp


class RollTrackV(Value):
    group: int
    w: float
    h: float
    columns: int
    size: float
    rerolls: bool
    title: str
    free_title: str
    free_columns: int


def _read_roll_track(node: Node, data: Any) -> RollTrackV:
    r = Reader(node, "a roll track")
    w, h = expect_pair(r.raw("size"), minimum=5)
    v = RollTrackV(r.int("group", 1, minimum=1, maximum=50), w, h, r.int("columns", 1, minimum=1, maximum=20),
                   r.number("text", 7.0, minimum=4, maximum=20, unit="pt"), r.bool("rerolls", True), r.str("title", ""),
                   r.str("free_title", ""), r.int("free_columns", 0, minimum=0, maximum=20))
    r.done()
    return v


def _build_free_log(v: RollTrackV, pen: Pen, ctx: Any) -> None:
    """A free-play sheet's roll log: per turn a number and one box per die to write the roll in."""
    spec = getattr(ctx.layout, "dice", None) if ctx is not None else None
    if spec is None or not v.free_title:
        return
    pen.text(0, v.size * PT, v.free_title, size=v.size, font="bold")
    y0 = v.size * PT * 1.5
    columns = v.free_columns or v.columns
    rows = -(-spec.turns // columns)
    col_w = v.w / columns
    row_h = min((v.h - y0) / max(rows, 1), 6.5)
    box = min(row_h * 0.8, 5.0)
    for i in range(spec.turns):
        c, rr = divmod(i, rows)
        x, y = c * col_w, y0 + rr * row_h
        pen.text(x + 4.5, y + row_h / 2 + v.size * PT * 0.35, str(i + 1), size=max(v.size * 0.85, MIN_TEXT), font="condensed",
                 anchor="end", color="#444444")
        for d in range(spec.count):
            pen.rect(x + 6.0 + d * (box + 1.0), y + (row_h - box) / 2, box, box, width=0.25, radius=0.4)


def _build_roll_track(v: RollTrackV, pen: Pen, ctx: Any) -> None:
    schedule = getattr(ctx, "schedule", None)
    if schedule is None:
        _build_free_log(v, pen, ctx)
        return
    if v.group > len(schedule.spec.groups):
        return
    turns = schedule.group(v.group)
    spec = schedule.spec
    y0 = 0.0
    if v.title:
        pen.text(0, v.size * PT, v.title, size=v.size, font="bold")
        y0 = v.size * PT * 1.5
    rows = -(-len(turns) // v.columns)
    col_w = v.w / v.columns
    row_h = min((v.h - y0) / max(rows, 1), 6.0)
    tick = min(row_h * 0.7, 3.2)
    font = "condensed"
    letters = [spec.die_label(k)[:1] for k in range(spec.count)] if v.rerolls else []
    # an answer page ticks the turns its answer plays (a puzzle's extra "played": how many); a puzzle
    # page those its given start has played already (extra "given")
    puzzle = getattr(ctx, "puzzle", None)
    answered = getattr(ctx, "answer", None) is not None
    extra = puzzle.extra if puzzle is not None else {}
    played = extra.get("played" if answered else "given", 0)
    # and an answer page notes what its answer does on a turn beyond the tick (extra "turn_notes": {turn: "STOP"})
    notes = extra.get("turn_notes", {}) if answered else {}
    for i, t in enumerate(turns):
        c, rr = divmod(i, rows)
        x, y = c * col_w, y0 + rr * row_h
        base = y + row_h / 2 + v.size * PT * 0.35
        ty = y + (row_h - tick) / 2
        pen.rect(x, ty, tick, tick, width=0.25)
        if t.number <= played:
            pen.path(((x + tick * 0.2, ty + tick * 0.5), (x + tick * 0.42, ty + tick * 0.8),
                      (x + tick * 0.82, ty + tick * 0.18)), width=0.35)
        pen.text(x + tick + 4.5, base, f"{t.number}", size=max(v.size * 0.85, MIN_TEXT), font=font,
                 anchor="end", color="#444444")
        dice = "  ".join(str(d) for d in t.dice)
        pen.text(x + tick + 6.0, base, dice, size=v.size, font="bold")
        note = notes.get(t.number)
        if note:  # an answer's note takes the place of the reserves (the puzzle's page has them)
            rx = x + tick + 7.0 + text_width(dice, v.size, "bold")
            size, room = max(v.size * 0.8, MIN_TEXT), col_w - (rx - x) - 1.0
            face = "bold" if text_width(note, size, "bold") <= room else "condensed"  # kept to its column
            pen.text(rx, base, note, size=fit_size(note, size, face, room, MIN_TEXT), font=face)
        elif v.rerolls and t.rerolls:
            rx = x + tick + 7.0 + text_width(dice, v.size, "bold")
            parts = [f"{letters[k] if k < len(letters) else spec.die_label(k)[:1]}: {''.join(map(str, res))}"
                     for k, res in enumerate(t.rerolls)]
            pen.text(rx, base, "   ".join(parts), size=max(v.size * 0.8, MIN_TEXT), font=font, color="#333333")


class ChallengeV(Value):
    size: float
    anchor: str
    free: str
    width: float
    wrap: bool


def _read_challenge(node: Node, data: Any) -> ChallengeV:
    r = Reader(node, "a challenge stamp")
    v = ChallengeV(r.number("size", 8.0, minimum=4, maximum=30, unit="pt"), r.str("anchor", "start", choices=ANCHORS),
                   r.str("free", ""), r.number("width", 90.0, minimum=20, maximum=400), r.bool("wrap", True))
    r.done()
    return v


PRINTABLE_NOTE = "[U+…] is a character the font lacks"


def challenge_parts(schedule: Any, shown: bool = True) -> tuple[str, str]:
    """(label, id) of a seeded or daily schedule, e.g. ('Daily challenge, UTC date 2026-11-22', 'long-way@2026-11-22').

    ``shown``: the id as a sheet prints it, each character the fonts lack written ``[U+XXXX]`` and the
    label saying so; otherwise the id itself (for metadata).
    """
    if schedule is None:
        return "", ""
    if schedule.day:
        return f"Daily challenge, UTC date {schedule.day}", schedule.id
    gid = printable(schedule.id) if shown else schedule.id
    if gid != schedule.id:
        return f"Challenge ({PRINTABLE_NOTE})", gid
    return "Challenge", gid


def challenge_text(schedule: Any, shown: bool = True) -> str:
    label, gid = challenge_parts(schedule, shown)
    return f"{label}: {gid}" if gid else ""


def fit_size(text: str, size: float, font: str, width: float, minimum: float = 0.0) -> float:
    """``size``, or smaller (but not below ``minimum``) so that ``text`` fits in ``width`` mm."""
    w = text_width(text, size, font)
    return size if w <= width else max(size * width / w, minimum)


def _build_challenge(v: ChallengeV, pen: Pen, ctx: Any) -> None:
    schedule = getattr(ctx, "schedule", None)
    if getattr(ctx, "puzzle", None) is not None:
        # deferred for start-up: `score long-way` and 4 more commands need this module, not this import
        from rollwrite.buildcontext import SheetJob, puzzle_stamp

        text = puzzle_stamp(SheetJob(schedule, ctx.puzzle, ctx.answer))
        pen.text(0, 0, text, size=fit_size(text, v.size, "bold", v.width), font="bold", anchor=v.anchor)
        return
    text = challenge_text(schedule) or v.free
    if not text:
        return
    size = fit_size(text, v.size, "bold", v.width)
    if size >= min(v.size, 6.0) or not schedule or not v.wrap:
        pen.text(0, 0, text, size=size, font="bold", anchor=v.anchor)
        return
    # a long seed: the label on this line, the id on the next, each as large as fits
    label, gid = challenge_parts(schedule)
    top = fit_size(label + ":", v.size, "bold", v.width)
    pen.text(0, 0, label + ":", size=top, font="bold", anchor=v.anchor)
    pen.text(0, v.size * PT * 1.15, gid, size=fit_size(gid, v.size, "bold", v.width), font="bold", anchor=v.anchor)


def _challenge_bounds(v: ChallengeV) -> tuple[float, float, float, float]:
    x0 = {"start": 0.0, "middle": -v.width / 2, "end": -v.width}[v.anchor]
    return (x0, -v.size * PT, x0 + v.width, v.size * PT * (1.45 if v.wrap else 0.3))


# ---------------------------------------------------------------- the table


GENERIC: dict[str, ElementType] = {
    "text": ElementType(_read_text, _build_text, lambda v: _text_bounds(v)[2:], "one line of text", _text_bounds),
    "paragraph": ElementType(_read_paragraph, _build_paragraph, _paragraph_size, "wrapped text, **bold** runs, '- ' bullets"),
    "puzzle-notes": ElementType(_read_puzzle_notes, _build_puzzle_notes, lambda v: (v.w, v.h),
                                "on a puzzle page what par and its difficulty label mean, on an answer page why "
                                "the answer scores par; nothing on other sheets"),
    "grid": ElementType(_read_grid, _build_grid, _grid_size, "a grid of spaces, optionally shaped and marked", _grid_bounds),
    "box": ElementType(_read_box, _build_box, lambda v: (v.w, v.h), "a rectangle with an optional label"),
    "line": ElementType(_read_line, _build_line, lambda v: _line_bounds(v)[2:], "a straight line; 'to' is the far end measured from 'at'", _line_bounds),
    "icon": ElementType(_read_icon, _build_icon, lambda v: (v.size / 2, v.size / 2), "a named icon centred on 'at'",
                        lambda v: (-v.size / 2, -v.size / 2, v.size / 2, v.size / 2)),
    "legend": ElementType(_read_legend, _build_legend, _legend_size, "icons with labels in columns"),
    "circles": ElementType(_read_circles, _build_circles, _circles_size, "a row of circles or squares to cross out"),
    "formula": ElementType(_read_formula, _build_formula, _formula_size, "text with '_' blanks to write in"),
    "name-field": ElementType(_read_name, _build_name, lambda v: (v.width, 1.0), "a label and a line to write a name on",
                              lambda v: (0.0, -v.size * PT, v.width, 1.0)),
    "ruler": ElementType(_read_ruler, _build_ruler, _ruler_size, "a true-size millimetre ruler"),
    "roll-track": ElementType(_read_roll_track, _build_roll_track, lambda v: (v.w, v.h),
                              "a seeded schedule's rolls with a box to tick per turn (empty without a schedule)"),
    "challenge": ElementType(_read_challenge, _build_challenge, lambda v: _challenge_bounds(v)[2:],
                             "the game id and date of a seeded or daily sheet", _challenge_bounds),
}


from rollwrite.draw.shapes import SHAPES  # noqa: E402
from rollwrite.draw.tables import TABLES, overflows as table_overflows  # noqa: E402

GENERIC.update(SHAPES)
GENERIC.update(TABLES)

#: For the element types whose texts must fit their room (a table's cells, a box's label): a function of
#: the element's value and its node that gives an error for each text that does not, at its place.
OVERFLOWS: dict[str, Any] = {"table": table_overflows, "box": _box_overflows}
GENERIC.update(FIGURES)
GENERIC.update(HEXES)
GENERIC.update(IMAGES)


def measure(el: Any, etype: ElementType) -> tuple[float, float, float, float]:
    """An element's bounding box relative to its ``at``."""
    if etype.bounds is not None:
        return etype.bounds(el.value)
    w, h = etype.size(el.value)
    return (0.0, 0.0, w, h)
