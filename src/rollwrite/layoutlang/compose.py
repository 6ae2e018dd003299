"""Groups, repeats and placeholders: a sheet's ``elements`` list expanded into the flat list of elements
that ``print`` draws and ``check-layout`` measures.

* ``type: group`` holds its own ``elements`` measured from its ``at``, optionally turned (``rotate``,
  degrees clockwise) and enlarged (``scale``); groups nest.
* ``repeat:`` on any element or group draws it ``count`` times (or once per entry of ``items``, or once
  per number ``from`` .. ``to``), each copy moved by ``step: [dx, dy]`` from the one before.  Its number
  ``{i}`` runs from ``from`` (or ``start``, default 1) by ``by`` (default 1; -1 counting down to a
  smaller ``to``); ``{item}`` is its entry of ``items`` (``{item.key}`` when the entries are mappings).
  Placeholders hold expressions (``{12-i}``, see :mod:`rollwrite.layoutlang.placeholders`), filled where each copy
  lands together with the layout's ``vars``.
* ``when:`` on any element or group keeps it only where its condition is true (``when: i % 2 == 0``).
* ``include: FILE`` (an element list from a file beside this one) is expanded by
  :mod:`rollwrite.layoutlang.reuse` before this runs.

Everything happens when the layout is loaded: each element of the result carries its position, angle and
scale on the sheet, so the renderers and the fit check need nothing special.  Placeholders left for
print time are ``{player}`` (the number of the sheet in the print run) and ``{players}``.
"""

from __future__ import annotations

import math
from typing import Any

from rollwrite.errors import did_you_mean
from rollwrite.valueclass import Value
from rollwrite.layoutlang.placeholders import HIDDEN, PRINT_TIME, condition, fill, letters  # noqa: F401  (letters: re-exported)
from rollwrite.layoutlang.nodes import Map, Node, Reader, Scalar, Seq, expect_number, expect_pair, expect_str

#: most elements one sheet expands to (repeats included)
MAX_EXPANDED = 5000
MAX_COUNT = 500
#: most copies the repeats of one sheet may make, those a 'when' leaves out and groups counted
MAX_COPIES = 50_000
#: Most work expanding the repeats of one layout may take, counted before each repeat runs: every copy
#: costs the nodes and the characters of text it copies.  The built-in layouts use under 20,000; a
#: repeat that would pass it (100,000 placeholders copied 500 times, a polygon of 1,000 points copied
#: 500 times) is refused before it starts.
MAX_WORK = 400_000
_NEEDED = Reader.MISSING
#: words an expression reads as its own, which cannot name a value
RESERVED_WORDS = ("and", "or", "not", "true", "false", "min", "max", "abs", "if", "len", "range", "in")
_GROUP_KEYS = ("type", "at", "rotate", "scale", "elements", "id", "repeat", "when")


class Frame(Value):
    """Where the ``at`` of an element is measured: an origin on the sheet, an angle and a scale, and the
    values of the repeats around it (and of the layout's ``vars``)."""

    x: float = 0.0
    y: float = 0.0
    angle: float = 0.0
    scale: float = 1.0
    vars: tuple[tuple[str, Any], ...] = ()
    #: which copy of each repeat around it this is, the outermost first, each counted from 1
    copy: tuple[int, ...] = ()

    def point(self, at: tuple[float, float]) -> tuple[float, float]:
        if not self.angle and self.scale == 1.0:
            return (self.x + at[0], self.y + at[1])
        rad = math.radians(self.angle)
        c, s = math.cos(rad), math.sin(rad)
        return (self.x + (at[0] * c - at[1] * s) * self.scale, self.y + (at[0] * s + at[1] * c) * self.scale)

    def inner(self, at: tuple[float, float], angle: float, scale: float) -> Frame:
        x, y = self.point(at)
        return Frame(x, y, self.angle + angle, self.scale * scale, self.vars, self.copy)


class Repeat(Value):
    """A ``repeat:`` read: its copies' numbers, their move, the number's name and the items."""

    numbers: tuple[int, ...]
    step: tuple[float, float]
    var: str
    items: tuple[Node, ...] | None
    name: str | None = None  # its 'as': the name its item is known by inside it, nested repeats included


class Expander:
    """Turns element nodes into Elements; ``make(type, at, angle, scale, node)`` builds one leaf.
    ``names`` are the layout's ``vars``, known in every element."""

    def __init__(self, make: Any, type_names: Any, names: tuple[tuple[str, Any], ...] = ()) -> None:
        self.make = make
        self.type_names = type_names
        self.names = names
        self.out: list[Any] = []
        #: each id written so far: where it is written (file, line, column), and whether a group has it
        self.ids: dict[Any, tuple[tuple[str, int, int], bool]] = {}
        self.copies = 0
        self.work = 0  # nodes and characters copied so far (see MAX_WORK)

    def run(self, seq: Seq) -> list[Any]:
        self.elements(seq, Frame(vars=self.names))
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
        rep = _read_repeat(fill(rnode, dict(frame.vars)))
        self._check_var(rnode, rep.var, frame, rep.name)
        body = _without(node, "repeat")
        cost = len(rep.numbers) * _size(body)
        if self.work + cost > MAX_WORK:
            raise rnode.error(
                f"this repeat copies {_size(body):,} nodes and characters {len(rep.numbers)} times; with the repeats "
                f"before it that is more than the {MAX_WORK:,} a layout may expand to",
                hint="repeat fewer or shorter elements: no printed sheet needs that much text")
        self.work += cost
        outer = frame.vars
        for k, number in enumerate(rep.numbers):
            values: list[tuple[str, Any]] = [(rep.var, number)]
            here = outer
            if rep.items is not None:
                here = _hide_outer_item(outer, rep.items[k])
                values += _item_values(rep.items[k])
                if rep.name is not None:
                    values += _item_values(rep.items[k], rep.name)
            inner = Frame(frame.x, frame.y, frame.angle, frame.scale, here + tuple(values), frame.copy + (k + 1,))
            self.single(body, inner, (k * rep.step[0], k * rep.step[1]))

    def _check_var(self, rnode: Node, var: str, frame: Frame, named: str | None = None) -> None:
        if named is not None:
            asn = rnode.get("as") if isinstance(rnode, Map) else None
            where = asn if asn is not None else rnode
            if any(name == named for name, _ in self.names):
                raise where.error(f"'{named}' is one of the layout's vars; name the repeat's item another way",
                                  hint=f"e.g. as: {named}_item")
            if any(name == named or name.startswith(named + ".") for name, _ in frame.vars) or named == var:
                raise where.error(f"'{named}' is already a name here (a repeat around this one, or its 'var')",
                                  hint="give each repeat's item its own name")
        if any(name == var for name, _ in self.names):
            raise rnode.error(f"'{var}' is one of the layout's vars; a repeat numbers its copies with another name",
                              hint="e.g. var: j")
        if any(name == var for name, _ in frame.vars):
            raise rnode.error(f"this repeat is inside another repeat that already numbers its copies '{{{var}}}'",
                              hint="give the inner one its own name, e.g. var: j")

    def _one_id(self, idn: Scalar, node: Node, group: bool) -> None:
        """An id names one written element or group: the copies of one repeat share it (``overlaps`` may
        name them all), two elements written apart may not."""
        where = (node.file, node.line, node.col)
        seen = self.ids.get(idn.value)
        if seen is not None and seen[0] != where:
            raise idn.error(f"two elements have the id '{idn.value}': this one and the "
                            f"{'group' if seen[1] else 'element'} at {seen[0][0]}:{seen[0][1]}:{seen[0][2]}",
                            hint="an id names one element (for 'in', 'overlaps' and 'extends'); give this one another")
        self.ids[idn.value] = (where, group)

    def single(self, node: Map, frame: Frame, offset: tuple[float, float]) -> None:
        self.copies += 1
        if self.copies > MAX_COPIES:
            raise node.error(f"the repeats of this sheet make more than {MAX_COPIES:,} copies (groups and those "
                             "'when' leaves out counted)", hint="repeat fewer times, or nest fewer repeats")
        values = dict(frame.vars)
        wnode = node.get("when")
        if wnode is not None and not condition(wnode, values):
            return
        tnode = node.get("type")
        if tnode is not None and isinstance(tnode, Scalar) and tnode.value == "group":
            self.group(fill(node, values, skip=("elements", "when")), frame, offset)
            return
        node = fill(_without(node, "when"), values)
        r = Reader(node, "an element")
        tnode = r.raw("type")
        tname = expect_str(tnode)
        if tname not in self.type_names:
            known = list(self.type_names) + ["group"]
            raise tnode.error(
                f"unknown element type '{tname}'",
                hint=did_you_mean(tname, known) or f"known types: {', '.join(sorted(known))}",
            )
        inside = node.get("in") is not None  # placed in another element: 'at' is a shift from there
        at = r.point("at", (0.0, 0.0) if inside else _NEEDED)
        angle = r.number("rotate", 0.0, minimum=-360, maximum=360, unit=None)
        idn = node.get("id")
        if idn is not None and not (isinstance(idn, Scalar) and isinstance(idn.value, (str, int))
                                    and not isinstance(idn.value, bool)):
            raise idn.error("expected an id: a word or a number that names this element for 'extends'")
        if isinstance(idn, Scalar):
            self._one_id(idn, node, False)
        x, y = (at[0] + offset[0], at[1] + offset[1])
        if not inside:
            x, y = frame.point((x, y))
            angle += frame.angle
        if len(self.out) >= MAX_EXPANDED:
            raise node.error(f"the sheet expands to more than {MAX_EXPANDED} elements",
                             hint="draw many spaces with one 'grid', 'table' or 'circles' element")
        self.out.append(self.make(tname, (x, y), angle % 360.0, 1.0 if inside else frame.scale,
                                  _without(node, "type", "at", "rotate", "id", "repeat"), node, frame.copy))

    def group(self, node: Map, frame: Frame, offset: tuple[float, float]) -> None:
        r = Reader(_without(node, "when"), "a group")
        r.raw("type")
        at = r.point("at", (0.0, 0.0))
        angle = r.number("rotate", 0.0, minimum=-360, maximum=360, unit=None)
        scale = r.number("scale", 1.0, minimum=0.1, maximum=10, unit=None)
        seq = r.list("elements")
        r.str("id", None)
        r.done()
        idn = node.get("id")
        if isinstance(idn, Scalar):  # (read as text above)
            self._one_id(idn, node, True)
        inner = frame.inner((at[0] + offset[0], at[1] + offset[1]), angle, scale)
        self.elements(seq, inner)


def _item_values(item: Node, name: str = "item") -> list[tuple[str, Any]]:
    """The names one entry of ``items`` gives its copy: ``item`` (or the repeat's ``as`` name), and
    ``item.key`` for each key when it is a mapping."""
    if isinstance(item, Map):
        return [(name, item)] + [(f"{name}.{key}", v.value if isinstance(v, Scalar) else v)
                                 for key, (_, v) in item.entries.items()]
    if isinstance(item, Scalar):
        return [(name, item.value)]
    return [(name, item)]


def _hide_outer_item(outer: tuple[tuple[str, Any], ...], item: Node) -> tuple[tuple[str, Any], ...]:
    """The outer names a copy of a repeat over ``item`` still sees.  Its ``item`` is its own; when that
    is a mapping it hides the outer item's keys too (``item.key`` reads this item's key or none), and
    when it is a plain value or a list, which has no keys, ``item.key`` still reads the outer item's key,
    as it always has.  The hidden keys are kept under :data:`HIDDEN` for the message."""
    if not any(name == "item" or name.startswith("item.") for name, _ in outer):
        return outer
    hides_keys = isinstance(item, Map)
    kept, hidden = [], []
    for name, v in outer:
        if name == HIDDEN:
            hidden.extend(v)
        elif name == "item" or (hides_keys and name.startswith("item.")):
            hidden.append(name)
        else:
            kept.append((name, v))
    return tuple(kept) + ((HIDDEN, tuple(hidden)),)


def _read_repeat(node: Node) -> Repeat:
    if isinstance(node, Scalar) and isinstance(node.value, int) and not isinstance(node.value, bool):
        raise node.error("expected the repeat as a mapping, e.g. repeat: {count: 5, step: [0, 8]}")
    r = Reader(node, "a repeat")
    items_node = r.list("items", None)
    count_node = r.raw("count", None)
    to_node = r.raw("to", None)
    given = [n for n in (items_node, count_node, to_node) if n is not None]
    if not given:
        raise node.error("a repeat needs 'count' (how many copies), 'items' (one copy each) or 'to' (the last number)",
                         hint="e.g. repeat: {count: 5, step: [0, 8]} or repeat: {from: 12, to: 2, step: [0, 8]}")
    if len(given) > 1:
        raise given[1].error("give one of 'count', 'items' and 'to': each says how many copies there are")
    step_node = r.raw("step", None)
    if step_node is None:
        raise node.error("'step' is missing: how far each copy moves from the one before, [dx, dy] in mm",
                         hint="e.g. step: [0, 8] for a column, step: [12, 0] for a row")
    step = expect_pair(step_node)
    var = r.str("var", "i", pattern=r"[a-z][a-z0-9_]{0,15}")
    if var in PRINT_TIME or var == "item":
        raise r.node.entries["var"][1].error(f"'{var}' is a placeholder of its own; pick another name",
                                             hint="e.g. var: j")
    named = r.str("as", None, pattern=r"[a-z][a-z0-9_]{0,15}")
    if named is not None:
        asn = r.node.entries["as"][1]
        if items_node is None:
            raise asn.error("'as' names a repeat's item, and this repeat has no 'items'",
                            hint="its number is named with 'var'")
        if named in PRINT_TIME or named in ("i", "item") or named in RESERVED_WORDS:
            raise asn.error(f"'{named}' is a name of its own in expressions; pick another",
                            hint="e.g. as: row")
    first = _first(r)
    numbers = _numbers(r, first, count_node, items_node, to_node)
    r.done()
    return Repeat(numbers, step, var, tuple(items_node.items) if items_node is not None else None, named)


def _first(r: Reader) -> int:
    if r.has("start") and r.has("from"):
        raise r.node.entries["from"][1].error("give 'from' or 'start' (the same thing), not both")
    key = "from" if r.has("from") else "start"
    r.raw("from" if key == "start" else "start", None)
    return r.int(key, 1, minimum=-10_000, maximum=10_000)


def _numbers(r: Reader, first: int, count_node: Node | None, items_node: Seq | None,
             to_node: Node | None) -> tuple[int, ...]:
    """The copies' numbers: ``count`` of them (or one per item, or ``from`` .. ``to``), ``by`` apart."""
    by_node = r.raw("by", None)
    by = expect_number(by_node, whole=True, minimum=-10_000, maximum=10_000) if by_node is not None else None
    if by_node is not None and by == 0:
        raise by_node.error("'by' cannot be 0: it is how much the number changes from one copy to the next")
    if to_node is not None:
        last = expect_number(to_node, whole=True, minimum=-10_000, maximum=10_000)
        by = by if by is not None else (1 if last >= first else -1)
        if (last - first) * by < 0:
            raise to_node.error(f"counting from {first} by {by} never reaches {last}",
                                hint=f"use by: {-by}" if by in (1, -1) else "change the sign of 'by'")
        count = (last - first) // by + 1
        if count > MAX_COUNT:
            raise to_node.error(f"from {first} to {last} by {by} is {count} copies; at most {MAX_COUNT}")
    elif items_node is not None:
        count = len(items_node)
        if not 1 <= count <= MAX_COUNT:
            raise items_node.error(f"expected 1 to {MAX_COUNT} items, got {count}")
    else:
        assert count_node is not None  # (one of 'count', 'items' and 'to' is given: checked by the caller)
        count = expect_number(count_node, whole=True, minimum=1, maximum=MAX_COUNT)
    by = by if by is not None else 1
    return tuple(first + k * by for k in range(count))


def _without(node: Map, *keys: str) -> Map:
    out = Map(node.file, node.line, node.col, node.path, handled=tuple(sorted(set(node.handled) | set(keys))))
    out.entries = {k: v for k, v in node.entries.items() if k not in keys}
    return out


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
