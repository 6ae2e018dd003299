"""YAML text to nodes (:mod:`rollwrite.layoutlang.nodes`), bounded while the parser's events stream in.

Apart from the node classes so that code which only reads nodes never imports PyYAML: a built-in
layout's nodes are recorded in the package (:mod:`rollwrite.layoutlang.treedata`).
"""

from __future__ import annotations

import math
import re
from typing import Any

import yaml

from rollwrite.errors import InputError, excerpt
from rollwrite.files import TextLimits, too_big
from rollwrite.layoutlang.merge import merge_nodes
from rollwrite.layoutlang.nodes import LIMITS, _RELATIVE, Map, Node, Scalar, Seq, YamlLimits, _child_path

# PyYAML's public pieces: the resolver says which type a plain value is, the safe constructor makes it
_constructor = yaml.constructor.SafeConstructor()
_resolver = yaml.resolver.Resolver()
#: the scalar types a layout may hold (what the safe constructor makes of a plain value)
_SCALAR_TAGS = {f"tag:yaml.org,2002:{name}" for name in ("null", "bool", "int", "float", "str", "timestamp", "binary")}

# YAML 1.1 readings of plain values that nobody writing a layout means: refused, with the value to write
_DECIMAL = re.compile(r"[-+]?(?:0|[1-9][0-9]*)")
_ODD = {
    "int": "YAML 1.1 reads '{v}' as the number {n} ({why}); write {n} if that is meant, or quote it ('{v}') for text",
    "float": "YAML 1.1 reads '{v}' as the number {n} ({why}); write {n} if that is meant, or quote it ('{v}') for text",
    "bool": "YAML 1.1 reads '{v}' as {n}; write {n} if a yes-or-no is meant, or quote it ('{v}') for text",
}
_BOOL_WORDS = {"true", "false"}

# libyaml's parser (when PyYAML was built with it) is ten times faster and gives the same marks.
_PARSER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_MERGE = "tag:yaml.org,2002:merge"
_SEQ_TAGS = {"tag:yaml.org,2002:seq"}
_MAP_TAGS = {"tag:yaml.org,2002:map"}


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
    children = node.items if isinstance(node, Seq) else [v for _, v in node.entries.values()] if isinstance(node, Map) \
        else []
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
        if tag not in _SCALAR_TAGS:
            raise InputError(f"the tag '{event.tag or tag}' is not allowed here: write plain values",
                             path=path or None, **_at(mark, self.file))
        ynode = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)
        try:
            value = _constructor.construct_document(ynode)
        except (yaml.YAMLError, ValueError, OverflowError, TypeError) as exc:
            problem = getattr(exc, "problem", None) or str(exc)
            raise InputError(f"'{excerpt(event.value)}' cannot be read as {tag.rsplit(':', 1)[-1]}: {excerpt(problem)}",
                             path=path or None, **_at(mark, self.file)) from None
        if event.implicit[0]:
            self._refuse_odd(event.value, tag.rsplit(":", 1)[-1], value, mark, path)
        if isinstance(value, float) and not math.isfinite(value):  # .nan, .inf: no size, count or text means them
            raise InputError(f"'{excerpt(event.value)}' is not a number a layout can use", path=path or None,
                             **_at(mark, self.file), hint=f"write a number, or quote it ('{excerpt(event.value)}') for text")
        return value

    def _refuse_odd(self, text: str, kind: str, value: Any, mark: Any, path: str) -> None:
        """Refuse a plain value YAML 1.1 reads in a way nobody means: hex, octal, binary, underscores,
        base 60 (``1:30`` is 90) and the yes/no/on/off booleans (see docs/layout.md)."""
        why = None
        if kind == "int" and not _DECIMAL.fullmatch(text):
            low = text.lower().lstrip("+-")
            why = ("base 60" if ":" in low else "hexadecimal" if low.startswith("0x") else
                   "binary" if low.startswith("0b") else "with its '_' dropped" if "_" in low else "octal")
        elif kind == "float" and ("_" in text or ":" in text):
            why = "base 60" if ":" in text else "with its '_' dropped"
        elif kind == "bool" and text.lower() not in _BOOL_WORDS:
            why = "a yes-or-no"
        if why is not None:
            shown = str(value).lower() if kind == "bool" else repr(value)
            raise InputError(f"'{text}' is ambiguous", path=path or None, **_at(mark, self.file),
                             hint=_ODD[kind].format(v=text, n=shown, why=why))

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
