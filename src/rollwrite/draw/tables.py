"""The ``table`` element: a score card's rows and columns (docs/layout.md).

A table is ``columns`` (widths in mm, the first usually for row labels), an optional ``header`` row and
``rows``.  A row is written as

* a text: its label, with the other cells left empty to write in;
* a list: its label and then its cells (``~`` or ``""`` for an empty cell);
* a mapping: ``label``, ``cells``, and ``shade`` (true or a colour), ``rule`` above it (``thick``,
  ``thin``, ``double`` or ``none``), ``font``, ``height``.

Sums and bonus rows are ordinary rows, shaded or ruled as wanted.  The outline and the line under the
header are ``border`` wide, the other lines ``line`` wide.
"""

from __future__ import annotations

import math

from typing import Any

from rollwrite.draw.metrics import FONTS, text_width
from rollwrite.draw.scene import PT, Pen
from rollwrite.draw.userfonts import read_font
from rollwrite.games.base import ElementType
from rollwrite.numbers import number_text
from rollwrite.draw.cellfills import CellFill, draw_fills, read_fills
from rollwrite.valueclass import Value
from rollwrite.layoutlang.nodes import Map, Node, Reader, Scalar, Seq, expect_color, expect_number, expect_str

RULES = ["thin", "thick", "double", "none"]
ALIGN = ["start", "middle", "end"]
MAX_ROWS = 200
MAX_COLUMNS = 60


class Row(Value):
    cells: tuple[str, ...]  # the label first
    height: float
    shade: str | None
    rule: str  # the line above the row
    font: str
    #: how many columns each cell spans (0: covered by the cell before it); () when every cell spans 1
    spans: tuple[int, ...] = ()


class TableV(Value):
    widths: tuple[float, ...]
    header: Row | None
    rows: tuple[Row, ...]
    size: float
    line: float
    border: float
    color: str
    align: tuple[str, ...]
    stripes: str | None
    fills: tuple[CellFill, ...] = ()
    #: the smallest size (pt) a cell's text may be made to fit its cell; None: a text too wide is an error
    fit: float | None = None

    @property
    def width(self) -> float:
        return sum(self.widths)

    @property
    def height(self) -> float:
        return sum(r.height for r in self.all_rows)

    @property
    def all_rows(self) -> tuple[Row, ...]:
        return ((self.header,) if self.header else ()) + self.rows


def _cell(n: Node) -> str:
    if isinstance(n, Scalar):
        if n.value is None:
            return ""
        if isinstance(n.value, bool):
            raise n.error("expected the text of a cell, got true or false", hint="put it in quotes: 'yes'")
        if isinstance(n.value, float):
            return number_text(n.value)
        return str(n.value)
    raise n.error("expected the text of a cell, got a list or mapping",
                  hint="a row is a list of cell texts, e.g. [Ones, 'count the 1s']")


def _spanned(nodes: list[Node], first: int, ncols: int, what: str) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """Cell texts and spans from cell nodes starting at column ``first``; a cell may be a mapping
    ``{text: Total, span: 3}`` that covers the next columns too."""
    texts: list[str] = []
    spans: list[int] = []
    for c in nodes:
        span = 1
        if isinstance(c, Map):
            cr = Reader(c, "a table cell")
            text = _cell(cr.raw("text", None) or Scalar(c.file, c.line, c.col, c.path, ""))
            span_node = cr.raw("span", None)
            span = expect_number(span_node, whole=True, minimum=1, maximum=MAX_COLUMNS) if span_node else 1
            cr.done()
        else:
            text = _cell(c)
        if first + len(texts) + span > ncols:
            raise c.error(f"this {what} reaches past the table's {ncols} columns",
                          hint="add a width to 'columns', or make a cell's span smaller")
        texts += [text] + [""] * (span - 1)
        spans += [span] + [0] * (span - 1)
    return tuple(texts), tuple(spans)


def _cells(n: Node, ncols: int, what: str) -> tuple[tuple[str, ...], tuple[int, ...]]:
    if isinstance(n, Seq):
        if len(n) > ncols:
            raise n.error(f"this {what} has {len(n)} cells but the table has {ncols} columns",
                          hint="add a width to 'columns' or remove a cell")
        texts, spans = _spanned(list(n), 0, ncols, what)
        return texts + ("",) * (ncols - len(texts)), _plain(spans, ncols)
    return (_cell(n),) + ("",) * (ncols - 1), ()


def _plain(spans: tuple[int, ...], ncols: int) -> tuple[int, ...]:
    """() when no cell spans more than one column, else a span per column."""
    return () if all(k == 1 for k in spans) else spans + (1,) * (ncols - len(spans))


def _read_row(n: Node, ncols: int, height: float, shade: str, what: str = "row") -> Row:
    if not isinstance(n, Map):
        texts, spans = _cells(n, ncols, what)
        return Row(texts, height, None, "thin", "regular", spans)
    r = Reader(n, f"a table {what}")
    label = r.raw("label", None)
    cells_node = r.raw("cells", None)
    shade_node = r.raw("shade", None)
    rule = r.str("rule", "thin", choices=RULES)
    font = read_font(r, "font", "regular", list(FONTS))
    h = r.number("height", height, minimum=2, maximum=100)
    r.done()
    cells: tuple[str, ...] = ()
    spans = ()
    if cells_node is not None:
        if not isinstance(cells_node, Seq):
            raise cells_node.error("expected a list of cell texts, e.g. cells: ['', '+35']")
        if len(cells_node) + 1 <= ncols:
            cells, spans = _spanned(list(cells_node), 1, ncols, what)
        else:
            cells = tuple(_cell(c) for c in cells_node)
    first = (_cell(label),) if label is not None else ("",)
    row = first + cells
    if len(row) > ncols:
        raise (cells_node or n).error(f"this {what} has {len(row)} cells with its label but the table has "
                                      f"{ncols} columns", hint="add a width to 'columns' or remove a cell")
    color = None
    if shade_node is not None:
        if isinstance(shade_node, Scalar) and isinstance(shade_node.value, bool):
            color = shade if shade_node.value else None
        else:
            color = expect_color(shade_node)
    return Row(row + ("",) * (ncols - len(row)), h, color, rule, font, _plain((1,) + spans, ncols))


def _read_table(node: Node, data: Any) -> TableV:
    r = Reader(node, "a table")
    cols_node = r.list("columns")
    if not 1 <= len(cols_node) <= MAX_COLUMNS:
        raise cols_node.error(f"expected 1 to {MAX_COLUMNS} column widths, got {len(cols_node)}",
                              hint="columns: [30, 12, 12] is a label column and two to write in")
    widths = tuple(expect_number(c, minimum=2, maximum=500) for c in cols_node)
    ncols = len(widths)
    height = r.number("row_height", 7.0, minimum=2, maximum=100)
    shade = r.color("shade", "#e6e6e6")
    header_node = r.raw("header", None)
    rows_node = r.list("rows")
    size = r.number("size", 8.0, minimum=3, maximum=40, unit="pt")
    line = r.number("line", 0.25, minimum=0.05, maximum=3)
    border = r.number("border", 0.8, minimum=0.05, maximum=5)
    color = r.color("color", "#000000")
    align_node = r.raw("align", None)
    stripes = r.bool("stripes", False)
    fills_node = r.raw("fills", None)
    fit = r.number("fit", None, minimum=MIN_FIT, maximum=40, unit="pt")
    r.done()
    if len(rows_node) > MAX_ROWS:
        raise rows_node.error(f"expected at most {MAX_ROWS} rows, got {len(rows_node)}")
    header = None
    if header_node is not None:
        if isinstance(header_node, Map):
            header = _read_row(header_node, ncols, height, shade, "header")
        else:
            if not isinstance(header_node, Seq):
                raise header_node.error("expected the header as a list of column titles, e.g. ['', 'Game 1', 'Game 2']")
            texts, spans = _cells(header_node, ncols, "header")
            header = Row(texts, height, None, "thin", "bold", spans)
    rows = tuple(_read_row(n, ncols, height, shade) for n in rows_node)
    fills = read_fills(fills_node, len(rows), ncols)
    if not rows and header is None:
        raise rows_node.error("a table needs at least one row", hint="rows: [Ones, Twos, Threes]")
    if align_node is None:
        align = ("start",) + ("middle",) * (ncols - 1)
    elif isinstance(align_node, Scalar):
        align = (expect_str(align_node, choices=ALIGN),) * ncols
    else:
        if not isinstance(align_node, Seq) or len(align_node) != ncols:
            raise align_node.error(f"expected one alignment per column ({ncols}), or one for all",
                                   hint=f"e.g. align: [{', '.join(['start'] + ['middle'] * (ncols - 1))}]")
        align = tuple(expect_str(a, choices=ALIGN) for a in align_node)
    return TableV(widths, header, rows, size, line, border, color, align, shade if stripes else None, fills,
                  min(fit, size) if fit is not None else None)


def _build_table(v: TableV, pen: Pen, ctx: Any) -> None:
    w, h = v.width, v.height
    rows = v.all_rows
    # shading first, so the lines lie on top
    y = 0.0
    for k, row in enumerate(rows):
        fill = row.shade
        if fill is None and v.stripes and row is not v.header and (k - (1 if v.header else 0)) % 2 == 1:
            fill = v.stripes
        if fill:
            pen.rect(0, y, w, row.height, width=0, stroke=None, fill=fill)
        y += row.height
    if v.fills:
        top = v.header.height if v.header else 0.0
        xs = [sum(v.widths[:k]) for k in range(len(v.widths) + 1)]
        draw_fills(pen, v.fills, xs, [top + sum(r.height for r in v.rows[:k]) for k in range(len(v.rows) + 1)])
    # horizontal rules: between rows, thick under the header
    y = 0.0
    for k, row in enumerate(rows):
        if k > 0:
            rule = "thick" if rows[k - 1] is v.header else row.rule
            if rule == "thick":
                pen.line(0, y, w, y, width=v.border, color=v.color)
            elif rule == "thin":
                pen.line(0, y, w, y, width=v.line, color=v.color)
            elif rule == "double":
                pen.line(0, y - 0.45, w, y - 0.45, width=v.line, color=v.color)
                pen.line(0, y + 0.45, w, y + 0.45, width=v.line, color=v.color)
        y += row.height
    _column_lines(v, pen)
    pen.rect(0, 0, w, h, width=v.border, stroke=v.color)
    # texts, each fitted to its cell (and to the columns it spans)
    y = 0.0
    for row in rows:
        x = 0.0
        base = y + row.height / 2 + v.size * PT * 0.35
        for k, (text, al) in enumerate(zip(row.cells, v.align)):
            cw = v.widths[k] if not row.spans else sum(v.widths[k : k + max(row.spans[k], 1)])
            if text:
                size = cell_size(v, text, row.font, cw)
                tx = {"start": x + 1.2, "middle": x + cw / 2, "end": x + cw - 1.2}[al]
                pen.text(tx, base, text, size=size, font=row.font, anchor=al, color=v.color)
            x += v.widths[k]
        y += row.height


#: the least ``fit`` of a text, a table or a box label: text under 6 pt is hard to read on paper
MIN_FIT = 6.0
#: the room a cell keeps free at each side of its text, in mm
CELL_PAD = 1.2


def fit_hint(needed: float, otherwise: str, smaller: str) -> str:
    """What to write for a text too wide for its room: ``otherwise``, or ``fit:`` when the size it
    would need (``needed`` pt) is one a text may have."""
    if needed >= MIN_FIT:
        return f"{otherwise}, or {smaller}: fit: {math.floor(needed * 10) / 10:g} (the least size, at least {MIN_FIT:g} pt)"
    return f"{otherwise} (it would fit at {needed:.1f} pt, and no text is made smaller than {MIN_FIT:g} pt)"


def cell_size(v: TableV, text: str, font: str, cw: float) -> float:
    """The size a cell's text is drawn at: the table's, or with ``fit`` as much smaller as it must be to
    fit the cell (never under ``fit``)."""
    tw = text_width(text, v.size, font)
    room = cw - 2 * CELL_PAD
    if tw <= room or v.fit is None:
        return v.size
    return max(v.size * room / tw, v.fit)


def cell_nodes(row: Node, ncols: int) -> list[Node | None]:
    """The node each column's text is written at in a row as written (a label, a list of cells, or a
    mapping with 'label' and 'cells'), None where nothing is written; a spanning cell stands at its
    first column."""
    out: list[Node | None] = [None] * ncols
    if isinstance(row, Scalar):
        out[0] = row
        return out
    items: list[Node]
    if isinstance(row, Map):
        cells_node = row.get("cells")
        first, items = 1, list(cells_node) if isinstance(cells_node, Seq) else []
        out[0] = row.get("label")
    else:
        first, items = 0, list(row) if isinstance(row, Seq) else []
    k = first
    for c in items:
        if k >= ncols:
            break
        span = 1
        if isinstance(c, Map):
            sn = c.get("span")
            span = int(sn.value) if isinstance(sn, Scalar) and isinstance(sn.value, int) else 1
            c = c.get("text") or c
        out[k] = c
        k += max(span, 1)
    return out


def overflows(v: TableV, node: Node) -> list[Any]:
    """An error for each cell whose text is wider than its cell (at ``fit`` when the table has one), at
    the place the text is written."""
    out = []
    written = [node.get("header")] if v.header is not None else []
    rows_node = node.get("rows")
    written += list(rows_node) if isinstance(rows_node, Seq) else []
    for row, wnode in zip(v.all_rows, written):
        places = cell_nodes(wnode, len(v.widths)) if wnode is not None else [None] * len(v.widths)
        for k, text in enumerate(row.cells):
            if not text:
                continue
            cw = v.widths[k] if not row.spans else sum(v.widths[k : k + max(row.spans[k], 1)])
            size = cell_size(v, text, row.font, cw)
            tw = text_width(text, size, row.font)
            if tw <= cw - 2 * CELL_PAD + 0.01:
                continue
            at = places[k] or wnode or node
            shown = text if len(text) <= 24 else text[:23] + "…"
            if v.fit is None:
                out.append(at.error(f"the text '{shown}' is {tw:.1f} mm wide at {v.size:g} pt, and its cell leaves "
                                    f"{cw - 2 * CELL_PAD:.1f} mm ({cw:g} mm less {CELL_PAD:g} mm each side)",
                                    hint=fit_hint(v.size * (cw - 2 * CELL_PAD) / tw, "widen the column or shorten "
                                                  "the text", "let the table make such texts smaller")))
            else:
                out.append(at.error(f"the text '{shown}' is {tw:.1f} mm wide even at {v.fit:g} pt (the table's "
                                    f"'fit'), and its cell leaves {cw - 2 * CELL_PAD:.1f} mm",
                                    hint="widen the column or shorten the text"))
    return out


def _column_lines(v: TableV, pen: Pen) -> None:
    """The lines between columns: whole when no row spans columns, else a piece per row, left out
    where a cell spans across."""
    rows = v.all_rows
    x = 0.0
    for j, cw in enumerate(v.widths[:-1]):
        x += cw
        if not any(row.spans for row in rows):
            pen.line(x, 0, x, v.height, width=v.line, color=v.color)
            continue
        y = 0.0
        start = None
        for row in rows:
            crossed = bool(row.spans) and row.spans[j + 1] == 0
            if crossed and start is not None:
                pen.line(x, start, x, y, width=v.line, color=v.color)
                start = None
            elif not crossed and start is None:
                start = y
            y += row.height
        if start is not None:
            pen.line(x, start, x, y, width=v.line, color=v.color)


TABLES: dict[str, ElementType] = {
    "table": ElementType(_read_table, _build_table, lambda v: (v.width, v.height),
                         "rows and columns: a label column, a header, shaded and ruled rows"),
}
