"""YAML loaded into nodes that remember where they came from, and a Reader that turns them into typed
values with messages like ``layouts/x.yaml:12:5: grid.rows: expected a positive whole number, got 'seven'``.

Only YAML's safe subset is read (``yaml.SafeLoader``): no tags that build objects.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import yaml

from rollwrite.errors import InputError, did_you_mean


@dataclass
class Node:
    file: str
    line: int  # 1-based
    col: int  # 1-based
    path: str  # dotted key path, e.g. "sheet.elements[3].rows"

    def error(self, message: str, hint: str | None = None) -> InputError:
        return InputError(message, file=self.file, line=self.line, col=self.col, path=self.path or None, hint=hint)

    def plain(self) -> Any:
        raise NotImplementedError


@dataclass
class Scalar(Node):
    value: Any = None

    def plain(self) -> Any:
        return self.value


@dataclass
class Seq(Node):
    items: list[Node] = field(default_factory=list)

    def plain(self) -> Any:
        return [i.plain() for i in self.items]

    def __iter__(self) -> Iterator[Node]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)


@dataclass
class Map(Node):
    entries: dict[str, tuple[Scalar, Node]] = field(default_factory=dict)  # key -> (key node, value node)

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


def _convert(node: yaml.Node, file: str, path: str) -> Node:
    line, col = node.start_mark.line + 1, node.start_mark.column + 1
    if isinstance(node, yaml.ScalarNode):
        try:
            value = _constructor.construct_object(node, deep=True)
        except yaml.YAMLError as exc:
            problem = getattr(exc, "problem", None) or str(exc)
            if "constructor" in problem:
                problem = f"the tag '{node.tag}' is not allowed here: write plain values"
            raise InputError(problem, file=file, line=line, col=col, path=path or None) from None
        return Scalar(file, line, col, path, value)
    if isinstance(node, yaml.SequenceNode):
        return Seq(file, line, col, path, [_convert(n, file, _child_path(path, i)) for i, n in enumerate(node.value)])
    if isinstance(node, yaml.MappingNode):
        out = Map(file, line, col, path)
        for knode, vnode in node.value:
            kline, kcol = knode.start_mark.line + 1, knode.start_mark.column + 1
            if not isinstance(knode, yaml.ScalarNode):
                raise InputError("a key must be a plain word", file=file, line=kline, col=kcol, path=path or None)
            key = str(_constructor.construct_object(knode))
            kpath = _child_path(path, key)
            if key in out.entries:
                first = out.entries[key][0]
                raise InputError(
                    f"'{key}' is given twice (first at line {first.line})",
                    file=file, line=kline, col=kcol, path=kpath, hint="keep one of them",
                )
            out.entries[key] = (Scalar(file, kline, kcol, kpath, key), _convert(vnode, file, kpath))
        return out
    raise InputError("unsupported YAML node", file=file, line=line, col=col, path=path or None)


# libyaml's composer (when PyYAML was built with it) is ten times faster and gives the same marks.
_COMPOSER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_yaml(text: str, file: str) -> Node:
    """Parse YAML text into nodes.  Syntax errors and unsafe tags become InputErrors with a place."""
    try:
        root = yaml.compose(text, Loader=_COMPOSER)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or "the YAML cannot be read"
        if "could not determine a constructor" in str(exc):
            problem = "tags such as '!!python/…' are not allowed in a layout"
        raise InputError(
            f"YAML syntax: {problem}",
            file=file,
            line=mark.line + 1 if mark else None,
            col=mark.column + 1 if mark else None,
        ) from None
    except yaml.YAMLError as exc:
        raise InputError(f"YAML syntax: {exc}", file=file) from None
    if root is None:
        raise InputError("the file is empty", file=file, line=1, col=1, hint="a layout needs at least 'game', 'page' and 'sheet'")
    return _convert(root, file, "")


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
        return _shown(node.value)
    if isinstance(node, Seq):
        return "a list"
    return "a mapping"


def expect_number(node: Node, *, whole: bool = False, minimum: float | None = None,
                  maximum: float | None = None, what: str | None = None) -> Any:
    """The node's value as an int (``whole``) or float, within [minimum, maximum]."""
    if whole:
        kind = "pos_int" if minimum == 1 else "nonneg_int" if minimum == 0 else "int"
    else:
        kind = "pos_number" if minimum is not None and minimum > 0 else "nonneg_number" if minimum == 0 else "number"
    desc = what or _DESCRIBE[kind]
    v = node.value if isinstance(node, Scalar) else _MISSING
    ok = isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
    if ok and whole and not (isinstance(v, int) or float(v).is_integer()):
        ok = False
    if not ok:
        raise node.error(f"expected {desc}, got {_got(node)}")
    v = int(v) if whole else float(v)
    if minimum is not None and v < minimum:
        raise node.error(f"expected {desc} of at least {_fmt(minimum)}, got {_fmt(v)}")
    if maximum is not None and v > maximum:
        raise node.error(f"expected {desc} of at most {_fmt(maximum)}, got {_fmt(v)}")
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
                raise self.node.error(f"'{key}' is missing", hint=f"add '{key}:' to {self.node.path or 'the top level'}")
            return _MISSING
        if isinstance(n, Scalar) and n.value is None and default is not _MISSING:
            return _MISSING
        return n

    def has(self, key: str) -> bool:
        return self.node.get(key) is not None

    def raw(self, key: str, default: Any = _MISSING) -> Node | None:
        n = self._take(key, default)
        return None if n is _MISSING else n  # type: ignore[return-value]

    def int(self, key: str, default: Any = _MISSING, minimum: int | None = None, maximum: int | None = None) -> Any:
        n = self._take(key, default)
        return default if n is _MISSING else expect_number(n, whole=True, minimum=minimum, maximum=maximum)

    def number(self, key: str, default: Any = _MISSING, minimum: float | None = None, maximum: float | None = None) -> Any:
        n = self._take(key, default)
        return default if n is _MISSING else expect_number(n, minimum=minimum, maximum=maximum)

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
                raise knode.error(
                    f"unknown key '{key}'",
                    hint=did_you_mean(key, self.known) or f"known keys here: {', '.join(sorted(set(self.known)))}",
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
    if not (isinstance(node, Seq) and len(node) == 2):
        raise node.error(f"expected a pair of numbers [x, y] in mm, got {_got(node)}")
    return (expect_number(node.items[0], minimum=minimum), expect_number(node.items[1], minimum=minimum))


def each(seq: Seq, fn: Callable[[Node], Any]) -> list[Any]:
    return [fn(n) for n in seq]
