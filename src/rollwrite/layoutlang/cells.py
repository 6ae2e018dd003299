"""``in:``: an element placed in a space of another one, found by its ``id``.

``in: {id: card, cell: [2, 3]}`` puts the element in row 2, column 3 of the grid, table or hex grid ``card``;
``row: 2`` in a whole row (of a table: its rows after the header; ``row: 0`` is the header), and with
neither it goes in the whole of the other element (a box, a circle).  ``align`` says where: ``middle``
(the default: centred both ways) or ``[x, y]``, each ``start``, ``middle`` or ``end``; ``pad`` (1 mm)
keeps it off the edges when aligned to one.  The element's own ``at`` is then an extra shift, and it
turns and scales with the element it is in.  An element may always print over the element it is in,
and over whatever that one may print over.
"""

from __future__ import annotations

import math
from typing import Any

from rollwrite.draw.elements import GENERIC, measure
from rollwrite.draw.hexes import hex_box
from rollwrite.errors import did_you_mean
from rollwrite.layoutlang.nodes import Map, Node, Reader, Scalar, Seq, expect_number, expect_pair, expect_str

ALIGN = ["start", "middle", "end"]


def _space(target: Any, r: Reader, node: Node) -> tuple[float, float, float, float]:
    """The box of the asked-for space, measured from the target's ``at`` (before it turns)."""
    v = target.value
    cell_node = r.raw("cell", None)
    row_node = r.raw("row", None)
    if cell_node is not None and row_node is not None:
        raise row_node.error("give 'cell' or 'row', not both")
    if target.type == "hexgrid":
        return _hex_space(target, cell_node, row_node)
    if hasattr(v, "cw") and hasattr(v, "rows"):  # a grid
        xs = [c * v.cw for c in range(v.cols + 1)]
        ys = [k * v.ch for k in range(v.rows + 1)]
        first_row = 1
    elif hasattr(v, "widths") and hasattr(v, "all_rows"):  # a table
        xs = [sum(v.widths[:k]) for k in range(len(v.widths) + 1)]
        heights = [row.height for row in v.all_rows]
        ys = [sum(heights[:k]) for k in range(len(heights) + 1)]
        first_row = 0 if v.header is not None else 1
    else:
        where = cell_node if cell_node is not None else row_node
        if where is not None:
            raise where.error(f"a {target.type} has no rows or cells; only a grid or a table has",
                              hint="leave out 'cell' and 'row' to place it in the whole element")

        return measure(target, GENERIC[target.type]) if target.type in GENERIC else (0.0, 0.0, 0.0, 0.0)
    rows, cols = len(ys) - 1, len(xs) - 1
    if cell_node is not None:
        rr, cc = expect_pair(cell_node)
        if not (float(rr).is_integer() and float(cc).is_integer() and first_row <= rr <= rows - 1 + first_row
                and 1 <= cc <= cols):
            raise cell_node.error(f"cell [{rr:g}, {cc:g}] is not in the {target.type} '{target.id}': rows count "
                                  f"{first_row} to {rows - 1 + first_row}, columns 1 to {cols}")
        k, c = int(rr) - first_row, int(cc) - 1
        span = 1
        if hasattr(v, "all_rows") and v.all_rows[k].spans:  # a table cell may span columns
            span = max(v.all_rows[k].spans[c], 1)
        return xs[c], ys[k], xs[c + span], ys[k + 1]
    if row_node is not None:
        rr = expect_number(row_node, whole=True, minimum=first_row, maximum=rows - 1 + first_row)
        k = rr - first_row
        return xs[0], ys[k], xs[-1], ys[k + 1]
    return xs[0], ys[0], xs[-1], ys[-1]


def _hex_space(target: Any, cell_node: Node | None, row_node: Node | None) -> tuple[float, float, float, float]:
    v = target.value
    if cell_node is None:
        raise (row_node or target.node).error("in a hex grid, say which hex: in: {id: NAME, cell: [row, col]}")
    rr, cc = expect_pair(cell_node)
    if not (float(rr).is_integer() and float(cc).is_integer() and 1 <= rr <= v.rows and 1 <= cc <= v.cols
            and v.inside(int(rr), int(cc))):
        raise cell_node.error(f"hex [{rr:g}, {cc:g}] is not on the map '{target.id}' ({v.rows} rows, {v.cols} columns"
                              f"{', its shape' if v.shape else ''})")
    return hex_box(v, int(rr), int(cc))


def _aligns(node: Node | None) -> tuple[str, str]:
    if node is None:
        return "middle", "middle"
    if isinstance(node, Seq) and len(node) == 2:
        return expect_str(node.items[0], choices=ALIGN), expect_str(node.items[1], choices=ALIGN)
    if isinstance(node, Scalar):
        a = expect_str(node, choices=ALIGN)
        return a, a
    raise node.error("expected start, middle or end, or [x, y] of them", hint="e.g. align: [start, middle]")


def read_place(node: Node, made: dict[Any, Any], ids: dict[Any, Any] | None = None,
                copies: dict[Any, int] | None = None) -> tuple[Any, tuple[float, float, float, float], tuple[str, str], float]:
    """The target element, the space's box (in the target's frame), the alignment and the padding.
    ``ids`` are the ids written so far (where, and whether a group has it), ``copies`` how many copies
    of a repeat share each element's id."""
    r = Reader(node, "'in'") if isinstance(node, Map) else None
    if r is None:
        raise node.error("expected where to put it: in: {id: NAME, cell: [row, col]} (or row: N, or just the id)")
    idn = r.raw("id")
    assert idn is not None
    key = idn.value if isinstance(idn, Scalar) else None
    if key not in made and ids is not None and key in ids and ids[key][1]:
        raise idn.error(f"'{key}' is a group, and a group cannot hold what is put 'in' it: it is not drawn as one "
                        "thing, so it has no cells and no box of its own",
                        hint="put it in one of the group's elements (give that one an id), or draw a box round the "
                             "group, give the box an id and put it in the box")
    if key in made and copies is not None and copies.get(key, 1) > 1:
        raise idn.error(f"'{key}' names {copies[key]} copies of a repeat, so it is not clear which one this goes in",
                        hint=f"give each copy its own id, e.g. id: \"{key}{{i}}\", and name one: in: {{id: \"{key}{{i}}\"}}")
    if key not in made:
        known = [str(k) for k in made]
        raise idn.error(f"there is no element with id '{key}' before this one to put it in",
                        hint=did_you_mean(str(key), known) or ("ids before it: " + ", ".join(known) if known else
                                                             "give the element it goes in an 'id', and write it first"))
    target = made[key]
    space = _space(target, r, node)
    aligns = _aligns(r.raw("align", None))
    pad = r.number("pad", 1.0, minimum=0, maximum=50)
    r.done()
    return target, space, aligns, pad


def placed(target: Any, space: tuple[float, float, float, float], aligns: tuple[str, str], pad: float,
           own: tuple[float, float, float, float], shift: tuple[float, float]) -> tuple[float, float]:
    """Where on the sheet an element whose box (from its ``at``) is ``own`` goes in ``space`` of
    ``target``; ``shift`` is its own ``at``."""
    lx = _along(space[0], space[2], own[0], own[2], aligns[0], pad) + shift[0]
    ly = _along(space[1], space[3], own[1], own[3], aligns[1], pad) + shift[1]
    if not target.angle and target.scale == 1.0:
        return target.at[0] + lx, target.at[1] + ly
    a = math.radians(target.angle)
    c, s, k = math.cos(a), math.sin(a), target.scale
    return target.at[0] + (lx * c - ly * s) * k, target.at[1] + (lx * s + ly * c) * k


def _along(lo: float, hi: float, own_lo: float, own_hi: float, align: str, pad: float) -> float:
    """The ``at`` along one axis that puts [own_lo, own_hi] (measured from ``at``) in [lo, hi]."""
    if align == "start":
        return lo + pad - own_lo
    if align == "end":
        return hi - pad - own_hi
    return (lo + hi) / 2 - (own_lo + own_hi) / 2
