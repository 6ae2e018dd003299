"""YAML loaded into nodes that remember where they came from, and a Reader that turns them into typed
values with messages like ``layouts/x.yaml:12:5: grid.rows: expected a positive whole number, got 'seven'``.

Only YAML's safe subset is read (``yaml.SafeLoader``): no tags that build objects.  Merge keys
(``<<: *base``) work: the mapping's own keys win, and a relative value (``x: +=5``) adds to the merged one.

Every number is read by :func:`expect_number`, so every key accepts units: a bare number is in the key's
own unit (millimetres for lengths, points for text sizes), and ``12mm``, ``1.5cm``, ``0.5in``, ``10pt``
are converted to it.
"""

from __future__ import annotations

from rollwrite.record import Frozen, Record

import difflib
import math
import re
from collections.abc import Callable, Iterator
from dataclasses import field
from pathlib import Path
from typing import Any

import yaml

from rollwrite.errors import InputError, did_you_mean


class Node(Record):
    file: str
    line: int  # 1-based
    col: int  # 1-based
    path: str  # dotted key path, e.g. "sheet.elements[3].rows"

    def error(self, message: str, hint: str | None = None) -> InputError:
        return InputError(message, file=self.file, line=self.line, col=self.col, path=self.path or None, hint=hint)

    def plain(self) -> Any:
        raise NotImplementedError


class Scalar(Node):
    value: Any = None

    def plain(self) -> Any:
        return self.value


class Seq(Node):
    items: list[Node] = field(default_factory=list)

    def plain(self) -> Any:
        return [i.plain() for i in self.items]

    def __iter__(self) -> Iterator[Node]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)


class Map(Node):
    entries: dict[str, tuple[Scalar, Node]] = field(default_factory=dict)  # key -> (key node, value node)
    #: keys of the same mapping that were read elsewhere (an element's 'type' and 'at'), for messages
    handled: tuple[str, ...] = ()

    def plain(self) -> Any:
        return {k: v.plain() for k, (_, v) in self.entries.items()}

    def get(self, key: str) -> Node | None:
        e = self.entries.get(key)
        return e[1] if e else None

    def keys(self) -> list[str]:
        return list(self.entries)


def _child_path(parent: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{parent}[{key}]"
    return f"{parent}.{key}" if parent else key


_constructor = yaml.SafeLoader.__new__(yaml.SafeLoader)
yaml.constructor.SafeConstructor.__init__(_constructor)
_resolver = yaml.resolver.Resolver()

# libyaml's parser (when PyYAML was built with it) is ten times faster and gives the same marks.
_PARSER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_MERGE = "tag:yaml.org,2002:merge"
_SEQ_TAGS = {"tag:yaml.org,2002:seq"}
_MAP_TAGS = {"tag:yaml.org,2002:map"}


class YamlLimits(Frozen):
    """How much one YAML file may ask of the loader.  Real layouts are far inside every limit."""

    max_bytes: int = 512 * 1024  # the file's size (the built-in layouts are under 8 KB)
    max_depth: int = 40  # lists and mappings inside each other (the built-in layouts need 5)
    max_nodes: int = 50_000  # values in the document, aliases counted at their full size (built-in: < 600)
    max_alias_nodes: int = 10_000  # values that aliases and merge keys add by repeating an anchored value
    max_number_chars: int = 40  # characters in one number


LIMITS = YamlLimits()


def _at(mark: Any, file: str) -> dict[str, Any]:
    return {"file": file, "line": mark.line + 1, "col": mark.column + 1} if mark is not None else {"file": file}


def _clone(node: Node, path: str) -> Node:
    """A copy of ``node`` re-rooted at ``path`` (places in the file stay those of the original)."""
    if isinstance(node, Scalar):
        return Scalar(node.file, node.line, node.col, path, node.value)
    if isinstance(node, Seq):
        return Seq(node.file, node.line, node.col, path,
                   [_clone(n, _child_path(path, i)) for i, n in enumerate(node.items)])
    assert isinstance(node, Map)
    out = Map(node.file, node.line, node.col, path)
    for key, (knode, vnode) in node.entries.items():
        kpath = _child_path(path, key)
        out.entries[key] = (Scalar(knode.file, knode.line, knode.col, kpath, key), _clone(vnode, kpath))
    return out


def _repath(node: Node, path: str) -> None:
    """Move a freshly built node (and what it holds) to ``path`` in place."""
    node.path = path
    if isinstance(node, Seq):
        for i, n in enumerate(node.items):
            _repath(n, _child_path(path, i))
    elif isinstance(node, Map):
        for key, (knode, vnode) in node.entries.items():
            knode.path = _child_path(path, key)
            _repath(vnode, knode.path)


def _measure(node: Node) -> tuple[int, int]:
    """(values, depth) of a built node: what repeating it with an alias adds."""
    if isinstance(node, Scalar):
        return 1, 0
    size, depth = 1, 0
    children = node.items if isinstance(node, Seq) else [v for _, v in node.entries.values()]  # type: ignore[attr-defined]
    for child in children:
        s, d = _measure(child)
        size += s + (1 if isinstance(node, Map) else 0)
        depth = max(depth, d)
    return size, depth + 1


class _MergeKey(Scalar):
    """The merge key ``<<`` of a mapping."""


class _Frame:
    """A list or mapping being built.  A mapping alternates keys and values; merge keys wait to the end."""

    __slots__ = ("node", "anchor", "key", "merges", "size")

    def __init__(self, node: Node, anchor: str | None) -> None:
        self.node = node
        self.anchor = anchor
        self.key: Scalar | None = None  # a mapping's key waiting for its value
        self.merges: list[tuple[Scalar, Node]] = []
        self.size = 1


class _Builder:
    """Builds nodes from the parser's events, one event at a time (no recursion on the file's nesting),
    refusing what a layout never needs before it costs memory: deep nesting, alias bombs, huge numbers."""

    def __init__(self, file: str, limits: YamlLimits) -> None:
        self.file = file
        self.limits = limits
        self.stack: list[_Frame] = []
        self.anchors: dict[str, Node] = {}
        self.open_anchors: set[str] = set()
        self.nodes = 0
        self.alias_nodes = 0
        self.root: Node | None = None
        self.documents = 0

    def error(self, message: str, mark: Any, hint: str | None = None) -> InputError:
        return InputError(message, hint=hint, **_at(mark, self.file))

    # -- where the next value goes
    def _path_here(self, mark: Any) -> str:
        if not self.stack:
            return ""
        top = self.stack[-1]
        if isinstance(top.node, Seq):
            return _child_path(top.node.path, len(top.node.items))
        if top.key is None:
            return top.node.path  # a key: its path is set once it is known
        return _child_path(top.node.path, str(top.key.value))

    def _count(self, n: int, mark: Any, alias: bool = False) -> None:
        self.nodes += n
        if alias:
            self.alias_nodes += n
            if self.alias_nodes > self.limits.max_alias_nodes:
                raise self.error(
                    f"aliases here repeat more than {self.limits.max_alias_nodes:,} values in all",
                    mark, hint="a layout repeats a block a few times at most; write the values out or use fewer aliases")
        if self.nodes > self.limits.max_nodes:
            raise self.error(f"the layout holds more than {self.limits.max_nodes:,} values", mark,
                             hint="no sheet needs that many; check it is the file you meant")

    def _add(self, node: Node, mark: Any, size: int) -> None:
        """Put a finished value in its place."""
        if not self.stack:
            self.root = node
            return
        top = self.stack[-1]
        top.size += size
        if isinstance(top.node, Seq):
            top.node.items.append(node)
            return
        m = top.node
        assert isinstance(m, Map)
        if top.key is None:
            if not isinstance(node, Scalar):
                raise self.error("a key must be a plain word", mark)
            if not isinstance(node, _MergeKey):
                node.value = str(node.value)
            node.path = _child_path(m.path, node.value)
            top.key = node
            return
        key, top.key = top.key, None
        if isinstance(key, _MergeKey):
            top.merges.append((key, node))
            return
        if key.value in m.entries:
            first = m.entries[key.value][0]
            raise InputError(f"'{key.value}' is given twice (first at line {first.line})", file=key.file,
                             line=key.line, col=key.col, path=key.path, hint="keep one of them")
        m.entries[key.value] = (key, node)

    # -- events
    def scalar(self, event: Any) -> None:
        mark = event.start_mark
        self._count(1, mark)
        tag = event.tag
        if tag is None or tag == "!":
            tag = _resolver.resolve(yaml.ScalarNode, event.value, event.implicit)
        top = self.stack[-1] if self.stack else None
        in_key = top is not None and isinstance(top.node, Map) and top.key is None
        path = self._path_here(mark)
        line, col = mark.line + 1, mark.column + 1
        if in_key and tag == _MERGE:
            node: Scalar = _MergeKey(self.file, line, col, path, "<<")
        else:
            if tag in ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float") and \
                    len(event.value) > self.limits.max_number_chars:
                raise self.error(f"this number is longer than {self.limits.max_number_chars} characters", mark,
                                 hint="no size or count in a layout needs that many digits")
            node = Scalar(self.file, line, col, path, self._construct(event, tag, mark, path))
        if event.anchor:
            self.anchors[event.anchor] = node
        self._add(node, mark, 1)

    def _construct(self, event: Any, tag: str, mark: Any, path: str) -> Any:
        fn = yaml.constructor.SafeConstructor.yaml_constructors.get(tag)
        if fn is None or tag == _MERGE:
            raise InputError(f"the tag '{event.tag or tag}' is not allowed here: write plain values",
                             path=path or None, **_at(mark, self.file))
        ynode = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)
        try:
            return fn(_constructor, ynode)
        except (yaml.YAMLError, ValueError, OverflowError, TypeError) as exc:
            problem = getattr(exc, "problem", None) or str(exc)
            raise InputError(f"'{event.value}' cannot be read as {tag.rsplit(':', 1)[-1]}: {problem}",
                             path=path or None, **_at(mark, self.file)) from None

    def start(self, event: Any, seq: bool) -> None:
        mark = event.start_mark
        if len(self.stack) >= self.limits.max_depth:
            raise self.error(f"lists and mappings are nested more than {self.limits.max_depth} deep here", mark,
                             hint="a layout needs only a few levels; check the brackets and the indentation")
        self._count(1, mark)
        allowed = _SEQ_TAGS if seq else _MAP_TAGS
        if event.tag not in (None, "!") and event.tag not in allowed:
            raise self.error(f"the tag '{event.tag}' is not allowed here: write plain values", mark)
        top = self.stack[-1] if self.stack else None
        if top is not None and isinstance(top.node, Map) and top.key is None:
            raise self.error("a key must be a plain word", mark)
        path = self._path_here(mark)
        line, col = mark.line + 1, mark.column + 1
        node: Node = Seq(self.file, line, col, path) if seq else Map(self.file, line, col, path)
        if event.anchor:
            self.open_anchors.add(event.anchor)
        self.stack.append(_Frame(node, event.anchor))

    def end(self, event: Any) -> None:
        frame = self.stack.pop()
        if frame.merges:
            self._merge(frame)
        if frame.anchor:
            self.open_anchors.discard(frame.anchor)
            self.anchors[frame.anchor] = frame.node
        self._add(frame.node, event.start_mark, frame.size)

    def alias(self, event: Any) -> None:
        mark = event.start_mark
        name = event.anchor
        if name in self.open_anchors:
            raise self.error(f"the alias '*{name}' is inside the value it names, which would never end", mark,
                             hint="an alias can repeat only a value that is complete before it")
        target = self.anchors.get(name)
        if target is None:
            raise self.error(f"the alias '*{name}' names no anchor", mark,
                             hint=f"write '&{name}' on the value to repeat, before this line")
        top = self.stack[-1] if self.stack else None
        if top is not None and isinstance(top.node, Map) and top.key is None:
            raise self.error("a key must be a plain word, not an alias", mark)
        size, depth = _measure(target)
        if len(self.stack) + depth > self.limits.max_depth:
            raise self.error(f"with this alias, lists and mappings are nested more than {self.limits.max_depth} deep",
                             mark, hint="a layout needs only a few levels; repeat a smaller block")
        self._count(size, mark, alias=True)
        self._add(_clone(target, self._path_here(mark)), mark, size)

    def _merge(self, frame: _Frame) -> None:
        """YAML's merge key: the keys of the merged mappings that the mapping does not give itself.

        ``<<: *a`` merges one mapping, ``<<: [*a, *b]`` several (an earlier one wins over a later one).
        """
        m = frame.node
        assert isinstance(m, Map)
        explicit = dict(m.entries)
        merged: dict[str, tuple[Scalar, Node]] = {}
        under: dict[str, Node] = {}
        for key, value in frame.merges:
            sources = value.items if isinstance(value, Seq) else [value]
            for src in sources:
                if not isinstance(src, Map):
                    raise key.error("'<<' merges mappings: give a mapping, an alias of one or a list of them",
                                    hint="e.g. '<<: *defaults' where '&defaults' names a mapping")
                for k, (knode, vnode) in src.entries.items():
                    if k in explicit and k not in under:
                        under[k] = vnode  # what a relative value (+=5) of the mapping's own changes
                    if k not in explicit and k not in merged:
                        merged[k] = (knode, vnode)
        m.entries = {}
        for k, (knode, vnode) in merged.items():
            kpath = _child_path(m.path, k)
            knode.path = kpath
            _repath(vnode, kpath)
            m.entries[k] = (knode, vnode)
        for k, (knode, vnode) in explicit.items():
            if k in under and _changes(vnode):
                from rollwrite.spec.merge import merge_nodes

                explicit[k] = (knode, merge_nodes(under[k], vnode))
        m.entries.update(explicit)


def _changes(node: Node) -> bool:
    """Whether ``node`` is a relative value, or a list holding one."""
    items = node.items if isinstance(node, Seq) else [node]
    return any(isinstance(n, Scalar) and isinstance(n.value, str) and _RELATIVE.fullmatch(n.value) for n in items)


def load_yaml(text: str, file: str, limits: YamlLimits = LIMITS) -> Node:
    """Parse YAML text into nodes, bounded by ``limits``.

    Syntax errors, unsafe tags, deep nesting, alias bombs and oversized files become InputErrors with a
    ``file:line:col`` place, all found while the parser's events stream in, before anything large is built.
    """
    if len(text) > limits.max_bytes or len(text.encode("utf-8", "surrogatepass")) > limits.max_bytes:
        from rollwrite.files import TextLimits, too_big

        raise too_big(text.encode("utf-8", "surrogatepass"), file,
                      TextLimits("a layout file", max_bytes=limits.max_bytes))
    b = _Builder(file, limits)
    try:
        for event in yaml.parse(text, Loader=_PARSER):
            if isinstance(event, yaml.ScalarEvent):
                b.scalar(event)
            elif isinstance(event, yaml.SequenceStartEvent):
                b.start(event, seq=True)
            elif isinstance(event, yaml.MappingStartEvent):
                b.start(event, seq=False)
            elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                b.end(event)
            elif isinstance(event, yaml.AliasEvent):
                b.alias(event)
            elif isinstance(event, yaml.DocumentStartEvent):
                b.documents += 1
                if b.documents > 1:
                    raise b.error("a layout is one YAML document; this starts a second one", event.start_mark,
                                  hint="remove the '---' line, or split the file in two")
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or "the YAML cannot be read"
        if "nesting depth" in problem:  # libyaml's own cap, met when its scanner reads far ahead of us
            raise b.error(f"lists and mappings are nested more than {limits.max_depth} deep here", mark,
                          hint="a layout needs only a few levels; check the brackets and the indentation") from None
        raise InputError(f"YAML syntax: {problem}", **_at(mark, file)) from None
    except yaml.YAMLError as exc:
        raise InputError(f"YAML syntax: {exc}", file=file) from None
    if b.root is None or (isinstance(b.root, Scalar) and b.root.value is None):
        raise InputError("the file is empty", file=file, line=1, col=1,
                         hint="a layout needs at least 'game', 'page' and 'sheet'")
    return b.root


def load_yaml_file(path: str | Path, display: str | None = None, limits: YamlLimits = LIMITS) -> Node:
    """Read and parse one YAML file with every limit applied: the one entry point for any code that reads
    a layout file (a layout, or a file it extends or includes).

    ``display`` is how messages name the file (default: the path).  The file's size is checked while it is
    read, so a huge file costs at most ``limits.max_bytes`` of memory.
    """
    from rollwrite.files import TextLimits, read_text

    name = display or str(path)
    text = read_text(path, name, limits=TextLimits("a layout file", max_bytes=limits.max_bytes))
    return load_yaml(text, name, limits)


# ---------------------------------------------------------------- typed reading


_MISSING = object()

_DESCRIBE = {
    "int": "a whole number",
    "pos_int": "a positive whole number",
    "nonneg_int": "a whole number, 0 or more",
    "number": "a number",
    "pos_number": "a positive number",
    "nonneg_number": "a number, 0 or more",
    "str": "text",
    "bool": "true or false",
    "list": "a list",
    "map": "a mapping of keys to values",
}


def _shown(value: Any) -> str:
    if isinstance(value, str):
        return f"'{value}'"
    if value is None:
        return "nothing"
    return repr(value)


def _got(node: Node) -> str:
    if isinstance(node, Scalar):
        return f"'{node.value}'" if isinstance(node.value, Relative) else _shown(node.value)
    if isinstance(node, Seq):
        return "a list"
    return "a mapping"


#: millimetres per unit
UNITS = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72.0}
_QUANTITY = re.compile(r"\s*([+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?)\s*([A-Za-z]*)\s*")
_RELATIVE = re.compile(r"\s*([+-])=\s*(.*)")


class Relative(Frozen):
    """A relative value (``+=5``, ``-=1cm``) applied to the value it overrides; resolved when the key's
    unit is known, in :func:`expect_number`."""

    base: Any
    sign: str
    delta: str

    def __str__(self) -> str:
        return f"{self.sign}={self.delta}"


def _quantity(node: Node, v: Any, unit: str | None, desc: str, bare: bool = False) -> float:
    """A number from a bare number or a string with a unit, in ``unit`` (None: a plain number).
    ``bare``: a number written as text without a unit is fine (the delta of a relative value)."""
    if isinstance(v, Relative):
        base = _quantity(node, v.base, unit, desc)
        return base + (1 if v.sign == "+" else -1) * _quantity(node, v.delta, unit, desc, bare=True)
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        if not math.isfinite(v):
            raise node.error(f"expected {desc}, got {_shown(v)}")
        return v
    if not isinstance(v, str):
        raise node.error(f"expected {desc}, got {_got(node)}")
    if _RELATIVE.fullmatch(v):
        raise node.error(
            f"'{v.strip()}' is a relative value, but there is no value here for it to change",
            hint="a relative value (+=, -=) changes the value it overrides, from 'extends' or a merge key '<<'",
        )
    if unit is None and re.fullmatch(r"\s*\d+(?:\.\d*)?\s*%\s*", v):
        raise node.error(f"expected {desc}, got '{v.strip()}'",
                         hint=f"write it as a plain number: {float(v.strip().rstrip('%').strip()) / 100:g}")
    if re.fullmatch(r"\s*[+-]?\d+,\d+\s*[A-Za-z]*\s*", v):
        raise node.error(f"expected {desc}, got '{v}'", hint=f"write decimals with a point: '{v.strip().replace(',', '.')}'")
    m = _QUANTITY.fullmatch(v)
    if not m:
        raise node.error(f"expected {desc}, got '{v}'")
    number, suffix = float(m.group(1)), m.group(2).lower()
    if not suffix and bare:
        return number
    if not suffix:
        if re.fullmatch(r"[+-]?\d+[eE][+-]?\d+", m.group(1)):
            # YAML 1.1 reads 1e-9 as text; with a point before the exponent it is a number
            mant, exp = re.split("[eE]", m.group(1))
            raise node.error(f"expected {desc}, got the text '{v}'",
                             hint=f"YAML needs a point before the exponent: write {mant}.0e{exp} or {number:g}")
        raise node.error(f"expected {desc}, got the text '{v}'", hint=f"write the number without quotes: {m.group(1)}")
    if suffix not in UNITS:
        raise node.error(
            f"unknown unit '{m.group(2)}' in '{v.strip()}'",
            hint="use mm, cm, in or pt (a number without a unit is " + (f"in {unit})" if unit else "a plain number)"),
        )
    if unit is None:
        raise node.error(f"expected {desc} without a unit, got '{v.strip()}'", hint="this key is not a length: drop the unit")
    return number * UNITS[suffix] / UNITS[unit]


def expect_number(node: Node, *, whole: bool = False, minimum: float | None = None,
                  maximum: float | None = None, what: str | None = None, unit: str | None = "mm") -> Any:
    """The node's value as an int (``whole``) or float, within [minimum, maximum].

    ``unit`` is the unit of the result: ``mm`` for lengths (the default), ``pt`` for text sizes, None for
    plain numbers (ratios, counts), which refuse a unit.  ``12mm``, ``1cm``, ``0.5in`` and ``10pt`` are
    converted; a bare number is already in ``unit``.
    """
    if whole:
        kind = "pos_int" if minimum == 1 else "nonneg_int" if minimum == 0 else "int"
    else:
        kind = "pos_number" if minimum is not None and minimum > 0 else "nonneg_number" if minimum == 0 else "number"
    desc = what or _DESCRIBE[kind]
    v = node.value if isinstance(node, Scalar) else _MISSING
    if v is _MISSING or isinstance(v, bool) or v is None:
        raise node.error(f"expected {desc}, got {_got(node)}")
    written = None
    if not isinstance(v, (int, float)):
        if whole and isinstance(v, str) and (m := _QUANTITY.fullmatch(v)) and m.group(2).lower() in UNITS:
            raise node.error(f"expected {desc}, got '{v}'", hint="a count takes no unit")
        written = str(v).strip()
        v = _quantity(node, v, None if whole else unit, desc)
    elif not math.isfinite(v):
        raise node.error(f"expected {desc}, got {_got(node)}")
    if whole and not (isinstance(v, int) or float(v).is_integer()):
        raise node.error(f"expected {desc}, got {_shown(v) if written is None else repr(written)}")
    v = int(v) if whole else float(v)
    got = _fmt(v) if written is None else f"'{written}' = {_fmt(round(v, 4))} {unit}"
    if minimum is not None and v < minimum:
        raise node.error(f"expected {desc} of at least {_fmt(minimum)}, got {got}")
    if maximum is not None and v > maximum:
        raise node.error(f"expected {desc} of at most {_fmt(maximum)}, got {got}")
    return v


def _fmt(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else str(v)


class Reader:
    """Reads the keys of one mapping node into typed values; ``done()`` rejects keys nobody read.

    >>> r = Reader(node)              # node must be a Map
    >>> rows = r.int("rows", minimum=1)
    >>> cell = r.number("cell", default=8.0, minimum=2)
    >>> r.done()                       # unknown key 'colums' -> did you mean 'columns'?
    """

    def __init__(self, node: Node, what: str = "this section") -> None:
        if not isinstance(node, Map):
            raise node.error(f"expected {what} to be a mapping of keys to values, got {_got(node)}")
        self.node = node
        self.known: list[str] = []

    def _take(self, key: str, default: Any) -> Node | object:
        self.known.append(key)
        n = self.node.get(key)
        if n is None:
            if default is _MISSING:
                raise self._missing(key)
            return _MISSING
        if isinstance(n, Scalar) and n.value is None and default is not _MISSING:
            return _MISSING
        return n

    def _missing(self, key: str) -> InputError:
        """'rows' is missing -- or, when an unread key looks like a typo of it, says which."""
        unread = [k for k in self.node.entries if k not in self.known]
        close = difflib.get_close_matches(key, unread, n=1, cutoff=0.6)
        if close:
            knode = self.node.entries[close[0]][0]
            return InputError(
                f"'{key}' is missing; did you mean '{close[0]}' -> '{key}'?",
                file=knode.file, line=knode.line, col=knode.col, path=self.node.path or None,
            )
        return self.node.error(f"'{key}' is missing", hint=f"add '{key}:' to {self.node.path or 'the top level'}")

    def has(self, key: str) -> bool:
        return self.node.get(key) is not None

    def raw(self, key: str, default: Any = _MISSING) -> Node | None:
        n = self._take(key, default)
        return None if n is _MISSING else n  # type: ignore[return-value]

    def int(self, key: str, default: Any = _MISSING, minimum: int | None = None, maximum: int | None = None) -> Any:
        n = self._take(key, default)
        return default if n is _MISSING else expect_number(n, whole=True, minimum=minimum, maximum=maximum)

    def number(self, key: str, default: Any = _MISSING, minimum: float | None = None, maximum: float | None = None,
               unit: str | None = "mm") -> Any:
        """A number in ``unit`` (mm by default; ``pt`` for text sizes; None for a plain number)."""
        n = self._take(key, default)
        return default if n is _MISSING else expect_number(n, minimum=minimum, maximum=maximum, unit=unit)

    def str(self, key: str, default: Any = _MISSING, choices: list[str] | None = None, pattern: str | None = None) -> Any:
        n = self._take(key, default)
        if n is _MISSING:
            return default
        return expect_str(n, choices=choices, pattern=pattern)

    def bool(self, key: str, default: Any = _MISSING) -> Any:
        n = self._take(key, default)
        if n is _MISSING:
            return default
        if not (isinstance(n, Scalar) and isinstance(n.value, bool)):
            raise n.error(f"expected true or false, got {_got(n)}")
        return n.value

    def list(self, key: str, default: Any = _MISSING) -> Any:
        n = self._take(key, default)
        if n is _MISSING:
            return default
        if not isinstance(n, Seq):
            raise n.error(f"expected a list, got {_got(n)}")
        return n

    def map(self, key: str, default: Any = _MISSING) -> Any:
        n = self._take(key, default)
        if n is _MISSING:
            return default
        if not isinstance(n, Map):
            raise n.error(f"expected a mapping of keys to values, got {_got(n)}")
        return n

    def point(self, key: str, default: Any = _MISSING) -> Any:
        """``[x, y]`` in mm."""
        n = self._take(key, default)
        if n is _MISSING:
            return default
        return expect_pair(n)

    def done(self) -> None:
        for key, (knode, _) in self.node.entries.items():
            if key not in self.known:
                known = set(self.known) | set(self.node.handled)
                raise knode.error(
                    f"unknown key '{key}'",
                    hint=did_you_mean(key, known) or f"known keys here: {', '.join(sorted(known))}",
                )


def expect_str(node: Node, choices: list[str] | None = None, pattern: str | None = None) -> str:
    if not (isinstance(node, Scalar) and isinstance(node.value, str)):
        want = "one of " + ", ".join(choices) if choices else "text"
        raise node.error(f"expected {want}, got {_got(node)}")
    v = node.value
    if choices is not None and v not in choices:
        hint = did_you_mean(v, choices)
        raise node.error(f"expected one of {', '.join(choices)}, got '{v}'", hint=hint)
    if pattern is not None and not re.fullmatch(pattern, v):
        raise node.error(f"'{v}' is not in the expected form")
    return v


def expect_pair(node: Node, minimum: float | None = None) -> tuple[float, float]:
    """``[x, y]`` in mm (each may carry a unit: ``[1in, 12mm]``)."""
    if not (isinstance(node, Seq) and len(node) == 2):
        hint = None
        if isinstance(node, Scalar) and isinstance(node.value, str) and "," in node.value:
            hint = f"write it as a list in brackets: [{node.value.strip().strip('()')}]"
        raise node.error(f"expected a pair of numbers [x, y] in mm, got {_got(node)}", hint=hint)
    return (expect_number(node.items[0], minimum=minimum), expect_number(node.items[1], minimum=minimum))


def each(seq: Seq, fn: Callable[[Node], Any]) -> list[Any]:
    return [fn(n) for n in seq]
