"""Coloured spaces of a grid or a table, and the shape of a grid or hex map: ``fills: [{row: 1, color: red}, {cell: [2, 3], color: "#ffd"}]``.

Each entry has a ``color`` and says which spaces it colours: ``cell: [row, col]``, ``cells`` (a list of
those), ``row`` or ``col`` (a whole row or column), rows and columns counted from 1.  Fills are drawn
before the lines, so the lines lie on top; a later entry is drawn over an earlier one.
"""

from __future__ import annotations

from rollwrite.valueclass import Value

from typing import Any

from rollwrite.draw.scene import Pen
from rollwrite.layoutlang.nodes import Node, Reader, Seq, expect_number, expect_pair, expect_str

MAX_FILLS = 2000


class CellFill(Value):
    """Rows ``r0`` to ``r1`` and columns ``c0`` to ``c1`` (from 0, ends excluded) in ``color``."""

    r0: int
    c0: int
    r1: int
    c1: int
    color: str


def _whole(node: Node, most: int, what: str) -> int:
    v = expect_number(node, whole=True, minimum=1)
    if v > most:
        raise node.error(f"{what} {v} is outside the {most} {what}s here (they count from 1)")
    return v


def _cell(node: Node, rows: int, cols: int) -> tuple[int, int]:
    r, c = expect_pair(node)
    if not (float(r).is_integer() and float(c).is_integer() and 1 <= r <= rows and 1 <= c <= cols):
        raise node.error(f"cell [{r:g}, {c:g}] is outside the {rows} x {cols} spaces (rows and columns count from 1)")
    return int(r), int(c)


def read_fills(node: Node | None, rows: int, cols: int) -> tuple[CellFill, ...]:
    """The ``fills`` of a grid or table of ``rows`` x ``cols`` spaces."""
    if node is None:
        return ()
    if not isinstance(node, Seq):
        raise node.error("expected a list of fills, e.g. fills: [{row: 1, color: red}, {cell: [2, 3], color: '#ffd'}]")
    out: list[CellFill] = []
    for item in node:
        r = Reader(item, "a fill")
        color = r.fill("color")
        given = [k for k in ("cell", "cells", "row", "col") if r.has(k)]
        if len(given) != 1:
            raise item.error("a fill colours one of: 'cell' [row, col], 'cells' (a list of them), a 'row' or a 'col'"
                             + (f"; this one gives {' and '.join(given)}" if given else ""))
        key = given[0]
        if key == "row":
            k = _whole(r.raw("row"), rows, "row")
            out.append(CellFill(k - 1, 0, k, cols, color))
        elif key == "col":
            k = _whole(r.raw("col"), cols, "column")
            out.append(CellFill(0, k - 1, rows, k, color))
        else:
            cells = [r.raw("cell")] if key == "cell" else list(r.list("cells"))
            for c in cells:
                row, col = _cell(c, rows, cols)
                out.append(CellFill(row - 1, col - 1, row, col, color))
        r.done()
        if len(out) > MAX_FILLS:
            raise item.error(f"more than {MAX_FILLS} coloured spaces in one element")
    return tuple(out)


def read_shape(node: Node | None, rows: int, cols: int, what: str) -> tuple[str, ...] | None:
    """A ``shape``: one text per row, ``#`` for a ``what`` (a space, a hex) and ``.`` for none."""
    if node is None:
        return None
    if not isinstance(node, Seq) or len(node) != rows:
        got = len(node) if isinstance(node, Seq) else "no list"
        raise node.error(f"expected {rows} shape rows (one per row), got {got}")
    out = []
    for n in node:
        s = expect_str(n)
        if len(s) != cols or set(s) - {"#", "."}:
            raise n.error(f"expected {cols} characters, each '#' ({what}) or '.' (no {what.split()[-1]}), got '{s}'")
        out.append(s)
    return tuple(out)


def draw_fills(pen: Pen, fills: tuple[CellFill, ...], xs: Any, ys: Any) -> None:
    """Each fill as a rectangle between the column edges ``xs`` and the row edges ``ys``."""
    for f in fills:
        pen.rect(xs[f.c0], ys[f.r0], xs[f.c1] - xs[f.c0], ys[f.r1] - ys[f.r0], width=0, stroke=None, fill=f.color)
