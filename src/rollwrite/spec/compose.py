"""Groups, repeats and placeholders: a sheet's ``elements`` list expanded into the flat list of elements
that ``print`` draws and ``check-layout`` measures.

* ``type: group`` holds its own ``elements`` measured from its ``at``, optionally turned (``rotate``,
  degrees clockwise) and enlarged (``scale``); groups nest.
* ``repeat:`` on any element or group draws it ``count`` times (or once per entry of ``items``), each
  copy moved by ``step: [dx, dy]`` from the one before.  In every text of a copy ``{i}`` is its number
  (from ``start``, default 1), ``{i:A}`` / ``{i:a}`` the same as a letter, ``{item}`` its entry of
  ``items`` (``{item.key}`` when the entries are mappings).  A value that is only a placeholder
  (``floor: "{i}"``) takes the placeholder's own type, so numbers stay numbers.
* ``include: FILE`` (an element list from a file beside this one) is expanded by
  :mod:`rollwrite.spec.reuse` before this runs.

Everything happens when the layout is loaded: each element of the result carries its position, angle and
scale on the sheet, so the renderers and the fit check need nothing special.  Placeholders left for
print time are ``{player}`` (the number of the sheet in the print run) and ``{players}``.
"""

from __future__ import annotations

import math
import re
from typing import Any

from rollwrite.errors import did_you_mean
from rollwrite.record import Value
from rollwrite.spec.nodes import Map, Node, Reader, Scalar, Seq, expect_number, expect_pair, expect_str

#: placeholders filled on each printed sheet, not when loading
PRINT_TIME = ("player", "players")
#: most elements one sheet expands to (repeats included)
MAX_EXPANDED = 5000
MAX_COUNT = 500
#: Most work expanding the repeats of one layout may take, counted before each repeat runs: every copy
#: costs the nodes and the characters of text it copies.  The built-in layouts use under 20,000; a
#: repeat that would pass it (100,000 placeholders copied 500 times, a polygon of 1,000 points copied
#: 500 times) is refused before it starts.
MAX_WORK = 400_000
_HOLE = re.compile(r"\{([A-Za-z_][A-Za-z0-9_.]*)(?::([Aa]))?\}")
_GROUP_KEYS = ("type", "at", "rotate", "scale", "elements", "id", "repeat")


class Frame(Value):
    """Where the ``at`` of an element is measured: an origin on the sheet, an angle and a scale, and the
    values of the repeats around it."""

    x: float = 0.0
    y: float = 0.0
    angle: float = 0.0
    scale: float = 1.0
    vars: tuple[tuple[str, Any], ...] = ()

    def point(self, at: tuple[float, float]) -> tuple[float, float]:
        if not self.angle and self.scale == 1.0:
            return (self.x + at[0], self.y + at[1])
        rad = math.radians(self.angle)
        c, s = math.cos(rad), math.sin(rad)
        return (self.x + (at[0] * c - at[1] * s) * self.scale, self.y + (at[0] * s + at[1] * c) * self.scale)

    def inner(self, at: tuple[float, float], angle: float, scale: float) -> Frame:
        x, y = self.point(at)
        return Frame(x, y, self.angle + angle, self.scale * scale, self.vars)


class Expander:
    """Turns element nodes into Elements; ``make(type, at, angle, scale, node)`` builds one leaf."""

    def __init__(self, make: Any, type_names: Any) -> None:
        self.make = make
        self.type_names = type_names
        self.out: list[Any] = []
        self.work = 0  # nodes and characters copied so far (see MAX_WORK)

    def run(self, seq: Seq) -> list[Any]:
        self.elements(seq, Frame())
        return self.out

    def elements(self, seq: Seq, frame: Frame) -> None:
        for node in seq:
            self.one(node, frame)

    def one(self, node: Node, frame: Frame) -> None:
        if not isinstance(node, Map):
            raise node.error("expected an element: a mapping with 'type' and 'at', e.g. {type: text, at: [0, 5], text: Hi}")
        rnode = node.get("repeat")
        if rnode is None:
            self.single(node, frame, (0.0, 0.0))
            return
        count, step, var, start, items = _read_repeat(rnode)
        names = {name for name, _ in frame.vars}
        if var in names:
            raise rnode.error(f"this repeat is inside another repeat that already numbers its copies '{{{var}}}'",
                              hint="give the inner one its own name, e.g. var: j")
        body = _without(node, "repeat")
        cost = count * _size(body)
        if self.work + cost > MAX_WORK:
            raise rnode.error(
                f"this repeat copies {_size(body):,} nodes and characters {count} times; with the repeats before "
                f"it that is more than the {MAX_WORK:,} a layout may expand to",
                hint="repeat fewer or shorter elements: no printed sheet needs that much text")
        self.work += cost
        for k in range(count):
            values: list[tuple[str, Any]] = [(var, start + k)]
            if items is not None:
                item = items[k]
                if isinstance(item, Map):
                    values += [(f"item.{key}", v.value) for key, (_, v) in item.entries.items() if isinstance(v, Scalar)]
                elif isinstance(item, Scalar):
                    values.append(("item", item.value))
                else:
                    raise item.error("expected a value or a mapping of values for a repeat's item")
            inner = Frame(frame.x, frame.y, frame.angle, frame.scale, frame.vars + tuple(values))
            copy = _fill(body, dict(inner.vars))
            self.single(copy, inner, (k * step[0], k * step[1]))

    def single(self, node: Map, frame: Frame, offset: tuple[float, float]) -> None:
        r = Reader(node, "an element")
        tnode = r.raw("type")
        tname = expect_str(tnode)
        if tname == "group":
            at = r.point("at", (0.0, 0.0))
            angle = r.number("rotate", 0.0, minimum=-360, maximum=360, unit=None)
            scale = r.number("scale", 1.0, minimum=0.1, maximum=10, unit=None)
            seq = r.list("elements")
            r.str("id", None)
            r.done()
            inner = frame.inner((at[0] + offset[0], at[1] + offset[1]), angle, scale)
            self.elements(seq, inner)
            return
        if tname not in self.type_names:
            known = list(self.type_names) + ["group"]
            raise tnode.error(
                f"unknown element type '{tname}'",
                hint=did_you_mean(tname, known) or f"known types: {', '.join(sorted(known))}",
            )
        _check_holes(node, dict(frame.vars))
        at = r.point("at")
        angle = r.number("rotate", 0.0, minimum=-360, maximum=360, unit=None)
        idn = node.get("id")
        if idn is not None and not (isinstance(idn, Scalar) and isinstance(idn.value, (str, int))
                                    and not isinstance(idn.value, bool)):
            raise idn.error("expected an id: a word or a number that names this element for 'extends'")
        x, y = frame.point((at[0] + offset[0], at[1] + offset[1]))
        if len(self.out) >= MAX_EXPANDED:
            raise node.error(f"the sheet expands to more than {MAX_EXPANDED} elements",
                             hint="draw many spaces with one 'grid', 'table' or 'circles' element")
        self.out.append(self.make(tname, (x, y), (frame.angle + angle) % 360.0, frame.scale,
                                  _without(node, "type", "at", "rotate", "id", "repeat"), node))


def _read_repeat(node: Node) -> tuple[int, tuple[float, float], str, int, list[Node] | None]:
    if isinstance(node, Scalar) and isinstance(node.value, int) and not isinstance(node.value, bool):
        raise node.error("expected the repeat as a mapping, e.g. repeat: {count: 5, step: [0, 8]}")
    r = Reader(node, "a repeat")
    items_node = r.list("items", None)
    count_node = r.raw("count", None)
    if count_node is None and items_node is None:
        raise node.error("a repeat needs 'count' (how many copies) or 'items' (one copy each)",
                         hint="e.g. repeat: {count: 5, step: [0, 8]}")
    if count_node is not None and items_node is not None:
        raise count_node.error("give either 'count' or 'items', not both: with 'items' the count is their number")
    count = len(items_node) if items_node is not None else expect_number(count_node, whole=True, minimum=1,
                                                                         maximum=MAX_COUNT)
    if items_node is not None and not 1 <= count <= MAX_COUNT:
        raise items_node.error(f"expected 1 to {MAX_COUNT} items, got {count}")
    step_node = r.raw("step", None)
    if step_node is None:
        raise node.error("'step' is missing: how far each copy moves from the one before, [dx, dy] in mm",
                         hint="e.g. step: [0, 8] for a column, step: [12, 0] for a row")
    step = expect_pair(step_node)
    var = r.str("var", "i", pattern=r"[a-z][a-z0-9_]{0,15}")
    if var in PRINT_TIME or var == "item":
        raise r.node.get("var").error(f"'{var}' is a placeholder of its own; pick another name", hint="e.g. var: j")  # type: ignore[union-attr]
    start = r.int("start", 1, minimum=-10_000, maximum=10_000)
    r.done()
    return count, step, var, start, (items_node.items if items_node is not None else None)


def _without(node: Map, *keys: str) -> Map:
    out = Map(node.file, node.line, node.col, node.path, handled=tuple(sorted(set(node.handled) | set(keys))))
    out.entries = {k: v for k, v in node.entries.items() if k not in keys}
    return out


def letters(n: int, lower: bool = False) -> str:
    """1 -> A, 26 -> Z, 27 -> AA (spreadsheet columns); 0 and below as numbers."""
    if n < 1:
        return str(n)
    out = ""
    while n:
        n, r = divmod(n - 1, 26)
        out = chr(ord("a" if lower else "A") + r) + out
    return out


def _text_of(name: str, fmt: str | None, value: Any) -> str:
    if fmt and isinstance(value, int):
        return letters(value, fmt == "a")
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return "" if value is None else str(value)


def _size(node: Node) -> int:
    """The nodes under ``node`` and the characters of their texts: what copying it costs."""
    total, stack = 0, [node]
    while stack:
        n = stack.pop()
        total += 1
        if isinstance(n, Scalar):
            total += len(n.value) if isinstance(n.value, str) else 0
        elif isinstance(n, Seq):
            stack.extend(n.items)
        elif isinstance(n, Map):
            stack.extend(v for _, v in n.entries.values())
    return total


def _fill(node: Node, values: dict[str, Any]) -> Node:
    """``node`` with the placeholders of ``values`` filled in every text (places stay): a new node where
    something was filled, the same node where nothing was (so a long list of numbers is not copied)."""
    if isinstance(node, Scalar):
        v = node.value
        if not (isinstance(v, str) and "{" in v):
            return node
        whole = _HOLE.fullmatch(v)
        if whole and whole.group(1) in values and not whole.group(2):
            v = values[whole.group(1)]
        else:
            v = _HOLE.sub(lambda m: _text_of(m.group(1), m.group(2), values[m.group(1)])
                          if m.group(1) in values else m.group(0), v)
        return node if v == node.value and type(v) is type(node.value) else \
            Scalar(node.file, node.line, node.col, node.path, v)
    if isinstance(node, Seq):
        items = [_fill(n, values) for n in node.items]
        if all(a is b for a, b in zip(items, node.items)):
            return node
        return Seq(node.file, node.line, node.col, node.path, items)
    assert isinstance(node, Map)
    entries = {k: (kn, _fill(vn, values)) for k, (kn, vn) in node.entries.items()}
    if all(entries[k][1] is vn for k, (_, vn) in node.entries.items()):
        return node
    out = Map(node.file, node.line, node.col, node.path, handled=node.handled)
    out.entries = entries
    return out


def _check_holes(node: Node, values: dict[str, Any]) -> None:
    """Every ``{name}`` left in an element's texts must be one filled at print time."""
    if isinstance(node, Scalar):
        if isinstance(node.value, str) and "{" in node.value:
            for m in _HOLE.finditer(node.value):
                name = m.group(1)
                if name in PRINT_TIME:
                    continue
                if name == "i" or name == "item" or name.startswith("item."):
                    raise node.error(
                        f"'{m.group(0)}' is filled by a repeat, and this element is not inside one"
                        if name in ("i", "item") else f"'{m.group(0)}': the repeat's items have no '{name[5:]}'",
                        hint="add 'repeat: {count: N, step: [dx, dy]}' to it or to a group around it"
                        if name in ("i", "item") else None,
                    )
                known = sorted(set(values) | set(PRINT_TIME))
                raise node.error(
                    f"unknown placeholder '{m.group(0)}'",
                    hint=did_you_mean(name, known) or f"placeholders here: {', '.join('{' + k + '}' for k in known)}",
                )
    elif isinstance(node, Seq):
        for n in node.items:
            _check_holes(n, values)
    elif isinstance(node, Map):
        for _, vn in node.entries.values():
            _check_holes(vn, values)
