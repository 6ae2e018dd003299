"""YAML loaded into nodes that remember where they came from, and a Reader that turns them into typed
values with messages like ``layouts/x.yaml:12:5: grid.rows: expected a positive whole number, got 'seven'``.

Only YAML's safe subset is read (``yaml.SafeLoader``): no tags that build objects.  Merge keys
(``<<: *base``) work: the mapping's own keys win, and a relative value (``x: +=5``) adds to the merged one.

Every number is read by :func:`expect_number`, so every key accepts units: a bare number is in the key's
own unit (millimetres for lengths, points for text sizes), and ``12mm``, ``1.5cm``, ``0.5in``, ``10pt``
are converted to it.
"""

from __future__ import annotations

import builtins
import math
import re
from collections.abc import Callable, Iterator
from dataclasses import field
from typing import Any, overload


from rollwrite.errors import InputError, did_you_mean, excerpt
from rollwrite.numbers import number_text
from rollwrite.valueclass import Mutable, Value


class Node(Mutable):
    file: str
    line: int  # 1-based
    col: int  # 1-based
    path: str  # dotted key path, e.g. "sheet.elements[3].rows"

    def error(self, message: str, hint: str | None = None) -> InputError:
        return InputError(message, file=self.file, line=self.line, col=self.col, path=short_path(self.path),
                          hint=hint)

    def plain(self) -> Any:
        """The node's value as plain Python: lists, dicts and scalars."""
        raise NotImplementedError

    def get(self, key: str) -> Node | None:
        """The value node under ``key`` of a mapping; None for any other node, or a key it does not have."""
        return None


def short_path(path: str) -> str | None:
    """A key path for a message, each key cut to a short excerpt: a key is text from the file, and a
    message quotes no more of a file than that."""
    if not path:
        return None
    return ".".join(excerpt(part, 24) for part in path.split("."))


# The node classes write their own __init__ (the generic one of rollwrite.valueclass, in the same field
# order): a layout is hundreds of nodes, made at every start-up.

class Scalar(Node):
    value: Any = None

    def __init__(self, file: str, line: int, col: int, path: str, value: Any = None) -> None:
        self.file, self.line, self.col, self.path, self.value = file, line, col, path, value

    def plain(self) -> Any:
        return self.value


class Filled(Scalar):
    """A value made by filling one whole placeholder (``"{n-1}"``, see :mod:`rollwrite.layoutlang.placeholders`):
    ``value`` keeps the expression's type and ``text`` is how it reads where text is wanted."""

    text: str = ""

    def __init__(self, file: str, line: int, col: int, path: str, value: Any = None, text: str = "") -> None:
        self.file, self.line, self.col, self.path, self.value, self.text = file, line, col, path, value, text


class Seq(Node):
    items: list[Node] = field(default_factory=list)

    def __init__(self, file: str, line: int, col: int, path: str, items: list[Node] | None = None) -> None:
        self.file, self.line, self.col, self.path = file, line, col, path
        self.items = [] if items is None else items

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

    def __init__(self, file: str, line: int, col: int, path: str,
                 entries: dict[str, tuple[Scalar, Node]] | None = None, handled: tuple[str, ...] = ()) -> None:
        self.file, self.line, self.col, self.path = file, line, col, path
        self.entries = {} if entries is None else entries
        self.handled = handled

    def plain(self) -> Any:
        return {k: v.plain() for k, (_, v) in self.entries.items()}

    def get(self, key: str) -> Node | None:
        e = self.entries.get(key)
        return e[1] if e else None

    def keys(self) -> list[str]:
        return list(self.entries)


def files_of(node: Node) -> set[str]:
    """The files the values of a tree were written in."""
    out = {node.file}
    todo = [node]
    while todo:
        n = todo.pop()
        out.add(n.file)
        if isinstance(n, Seq):
            todo.extend(n.items)
        elif isinstance(n, Map):
            todo.extend(v for _, v in n.entries.values())
    return out


def _child_path(parent: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{parent}[{key}]"
    return f"{parent}.{key}" if parent else key


class YamlLimits(Value):
    """How much one YAML file may ask of the loader.  Real layouts are far inside every limit."""

    max_bytes: int = 512 * 1024  # the file's size (the built-in layouts are under 8 KB)
    max_depth: int = 40  # lists and mappings inside each other (the built-in layouts need 5)
    max_nodes: int = 50_000  # values in the document, aliases counted at their full size (built-in: < 600)
    max_alias_nodes: int = 10_000  # values that aliases and merge keys add by repeating an anchored value
    max_number_chars: int = 40  # characters in one number


LIMITS = YamlLimits()


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
        return f"'{excerpt(value)}'"
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
# (a pattern: re compiles it when first used; the built-in layouts are read from their recorded nodes)
_QUANTITY = r"\s*([+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?)\s*([A-Za-z]*)\s*"
_RELATIVE = re.compile(r"\s*([+-])=\s*(.*)")


class Relative(Value):
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
            f"'{excerpt(v.strip())}' is a relative value, but there is no value here for it to change",
            hint="a relative value (+=, -=) changes the value it overrides, from 'extends' or a merge key '<<'",
        )
    if unit is None and re.fullmatch(r"\s*\d+(?:\.\d*)?\s*%\s*", v):
        raise node.error(f"expected {desc}, got '{excerpt(v.strip())}'",
                         hint=f"write it as a plain number: {float(v.strip().rstrip('%').strip()) / 100:g}")
    if re.fullmatch(r"\s*[+-]?\d+,\d+\s*[A-Za-z]*\s*", v):
        raise node.error(f"expected {desc}, got '{excerpt(v)}'", hint=f"write decimals with a point: '{excerpt(v.strip().replace(',', '.'))}'")
    m = re.fullmatch(_QUANTITY, v)
    if not m:
        raise node.error(f"expected {desc}, got '{excerpt(v)}'")
    number, suffix = float(m.group(1)), m.group(2).lower()
    if not suffix and bare:
        return number
    if not suffix:
        if re.fullmatch(r"[+-]?\d+[eE][+-]?\d+", m.group(1)):
            # YAML 1.1 reads 1e-9 as text; with a point before the exponent it is a number
            mant, exp = re.split("[eE]", m.group(1))
            raise node.error(f"expected {desc}, got the text '{excerpt(v)}'",
                             hint=f"YAML needs a point before the exponent: write {mant}.0e{exp} or {number:g}")
        raise node.error(f"expected {desc}, got the text '{excerpt(v)}'", hint=f"write the number without quotes: {m.group(1)}")
    if suffix not in UNITS:
        raise node.error(
            f"unknown unit '{excerpt(m.group(2))}' in '{excerpt(v.strip())}'",
            hint="use mm, cm, in or pt (a number without a unit is " + (f"in {unit})" if unit else "a plain number)"),
        )
    if unit is None:
        raise node.error(f"expected {desc} without a unit, got '{excerpt(v.strip())}'", hint="this key is not a length: drop the unit")
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
        if whole and isinstance(v, str) and (m := re.fullmatch(_QUANTITY, v)) and m.group(2).lower() in UNITS:
            raise node.error(f"expected {desc}, got '{excerpt(v)}'", hint="a count takes no unit")
        written = str(v).strip()
        v = _quantity(node, v, None if whole else unit, desc)
    elif not math.isfinite(v):
        raise node.error(f"expected {desc}, got {_got(node)}")
    if whole and not (isinstance(v, int) or float(v).is_integer()):
        raise node.error(f"expected {desc}, got {_shown(v) if written is None else repr(written)}")
    v = int(v) if whole else float(v)
    got = number_text(v) if written is None else f"'{written}' = {number_text(round(v, 4))} {unit}"
    if minimum is not None and v < minimum:
        raise node.error(f"expected {desc} of at least {number_text(minimum)}, got {got}")
    if maximum is not None and v > maximum:
        raise node.error(f"expected {desc} of at most {number_text(maximum)}, got {got}")
    return v


class Reader:
    """Reads the keys of one mapping node into typed values; ``done()`` rejects keys nobody read.

    >>> r = Reader(node)              # node must be a Map
    >>> rows = r.int("rows", minimum=1)
    >>> cell = r.number("cell", default=8.0, minimum=2)
    >>> r.done()                       # unknown key 'colums' -> did you mean 'columns'?
    """

    #: the default of a key that must be given
    MISSING = _MISSING

    def __init__(self, node: Node, what: str = "this section") -> None:
        if not isinstance(node, Map):
            raise node.error(f"expected {what} to be a mapping of keys to values, got {_got(node)}")
        self.node = node
        self.known: list[str] = []

    def _take(self, key: str, default: Any) -> Node | None:
        """The key's node; None when it is absent or null and has a default."""
        self.known.append(key)
        n = self.node.get(key)
        if n is None:
            if default is _MISSING:
                raise self._missing(key)
            return None
        if isinstance(n, Scalar) and n.value is None and default is not _MISSING:
            return None
        return n

    def _missing(self, key: str) -> InputError:
        """'rows' is missing -- or, when an unread key looks like a typo of it, says which."""
        # deferred for start-up: `print long-way` and every layout that is whole never looks for a typo
        import difflib

        unread = [k for k in self.node.entries if k not in self.known]
        close = difflib.get_close_matches(key, unread, n=1, cutoff=0.6)
        if close:
            knode = self.node.entries[close[0]][0]
            return InputError(
                f"'{key}' is missing; did you mean '{excerpt(close[0])}' -> '{key}'?",
                file=knode.file, line=knode.line, col=knode.col, path=short_path(self.node.path),
            )
        return self.node.error(f"'{key}' is missing", hint=f"add '{key}:' to {short_path(self.node.path) or 'the top level'}")

    def has(self, key: str) -> bool:
        return self.node.get(key) is not None

    @overload
    def raw(self, key: str) -> Node: ...

    @overload
    def raw(self, key: str, default: Any) -> Node | None: ...

    def raw(self, key: str, default: Any = _MISSING) -> Node | None:
        """The key's node as it is; without a default a missing key is an error, with one None stands
        for an absent or null value."""
        return self._take(key, default)

    def int(self, key: str, default: Any = _MISSING, minimum: int | None = None, maximum: int | None = None) -> Any:
        n = self._take(key, default)
        return default if n is None else expect_number(n, whole=True, minimum=minimum, maximum=maximum)

    def number(self, key: str, default: Any = _MISSING, minimum: float | None = None, maximum: float | None = None,
               unit: str | None = "mm") -> Any:
        """A number in ``unit`` (mm by default; ``pt`` for text sizes; None for a plain number)."""
        n = self._take(key, default)
        return default if n is None else expect_number(n, minimum=minimum, maximum=maximum, unit=unit)

    # (below here, ``str`` and ``list`` in the class body name the methods: annotations say builtins.str)
    def str(self, key: builtins.str, default: Any = _MISSING, choices: builtins.list[builtins.str] | None = None,
            pattern: builtins.str | None = None) -> Any:
        n = self._take(key, default)
        if n is None:
            return default
        return expect_str(n, choices=choices, pattern=pattern)

    def text(self, key: builtins.str, default: Any = _MISSING) -> Any:
        """A text to print: as :meth:`str`, but a plain number is taken as its digits (see :func:`expect_text`)."""
        n = self._take(key, default)
        if n is None:
            return default
        return expect_text(n)

    def bool(self, key: builtins.str, default: Any = _MISSING) -> Any:
        n = self._take(key, default)
        if n is None:
            return default
        if not (isinstance(n, Scalar) and isinstance(n.value, bool)):
            raise n.error(f"expected true or false, got {_got(n)}")
        return n.value

    def list(self, key: builtins.str, default: Any = _MISSING) -> Any:
        n = self._take(key, default)
        if n is None:
            return default
        if not isinstance(n, Seq):
            raise n.error(f"expected a list, got {_got(n)}")
        return n

    def map(self, key: builtins.str, default: Any = _MISSING) -> Any:
        n = self._take(key, default)
        if n is None:
            return default
        if not isinstance(n, Map):
            raise n.error(f"expected a mapping of keys to values, got {_got(n)}")
        return n

    def color(self, key: builtins.str, default: Any = _MISSING) -> Any:
        """A colour as ``#rrggbb`` (see :func:`expect_color`); ``none`` gives None where the default is None."""
        n = self._take(key, default)
        if n is None:
            return default
        if default is None and isinstance(n, Scalar) and n.value == "none":
            return None
        return expect_color(n)

    def fill(self, key: builtins.str, default: Any = _MISSING) -> Any:
        """A fill: a colour as :meth:`color` reads it, a pattern (``hatch``, ``dots``, ``cross``: black on
        white), or a colour and a pattern (``"#e33 hatch"``, ``red dots``): see :func:`expect_fill`."""
        n = self._take(key, default)
        if n is None:
            return default
        if default is None and isinstance(n, Scalar) and n.value == "none":
            return None
        return expect_fill(n)

    def point(self, key: builtins.str, default: Any = _MISSING) -> Any:
        """``[x, y]`` in mm."""
        n = self._take(key, default)
        if n is None:
            return default
        return expect_pair(n)

    def done(self) -> None:
        for key, (knode, _) in self.node.entries.items():
            if key not in self.known:
                known = set(self.known) | set(self.node.handled)
                raise knode.error(
                    f"unknown key '{excerpt(key)}'",
                    hint=did_you_mean(key, known) or f"known keys here: {', '.join(sorted(known))}",
                )


def expect_str(node: Node, choices: list[str] | None = None, pattern: str | None = None) -> str:
    if isinstance(node, Filled) and not isinstance(node.value, str):
        node = Scalar(node.file, node.line, node.col, node.path, node.text)
    if not (isinstance(node, Scalar) and isinstance(node.value, str)):
        want = "one of " + ", ".join(choices) if choices else "text"
        raise node.error(f"expected {want}, got {_got(node)}")
    v = node.value
    if choices is not None and v not in choices:
        hint = did_you_mean(v, choices)
        raise node.error(f"expected one of {', '.join(choices)}, got '{excerpt(v)}'", hint=hint)
    if pattern is not None and not re.fullmatch(pattern, v):
        raise node.error(f"'{excerpt(v)}' is not in the expected form")
    return v


def expect_text(node: Node) -> str:
    """A text to print, taken as a table cell takes it: a number written plainly (``text: 5``) is its
    digits, as written (``2.50`` reads 2.5: quote it to keep the zero); true or false is refused."""
    if isinstance(node, Scalar) and not isinstance(node, Filled) and isinstance(node.value, (int, float)):
        if isinstance(node.value, bool):
            raise node.error("expected text, got true or false", hint="put it in quotes: 'yes'")
        v = node.value
        return str(int(v)) if isinstance(v, float) and v.is_integer() else str(v)
    return expect_str(node)


_HEX6 = re.compile(r"#[0-9a-fA-F]{6}")
_HEX3 = r"#[0-9a-fA-F]{3}"  # (a pattern: re compiles it when first used, and `print long-way` never uses it)
COLOR_FORMS = "a CSS colour name (red, steelblue, darkgreen), #rgb or #rrggbb"


def expect_color(node: Node) -> str:
    """A colour: ``#rrggbb`` (kept as written), ``#rgb`` or a CSS colour name (given as ``#rrggbb``)."""
    v = node.value if isinstance(node, Scalar) else None
    if not isinstance(v, str):
        raise node.error(f"expected a colour, got {_got(node)}", hint=f"write {COLOR_FORMS}")
    v = v.strip()
    if _HEX6.fullmatch(v):
        return v
    if re.fullmatch(_HEX3, v):
        return "#" + "".join(c * 2 for c in v[1:]).lower()
    if v.startswith("#"):
        raise node.error(f"'{excerpt(v)}' is not a colour: after '#' come 3 or 6 hexadecimal digits",
                         hint=f"write {COLOR_FORMS}")
    import webcolors  # only a colour written by name needs the table of names (start-up stays small)

    try:
        return webcolors.name_to_hex(v.lower())
    except ValueError:
        names = list(webcolors.names("css3"))
        near = did_you_mean(v.lower(), names) if len(v) <= 40 else None  # no colour name is longer
        raise node.error(f"'{excerpt(v)}' is not a colour", hint=near or f"write {COLOR_FORMS}") from None


#: the patterns a fill may have, which tell fills apart in black and white where colours would not
PATTERNS = ("hatch", "dots", "cross")


def expect_fill(node: Node) -> str:
    """A fill: ``#rrggbb`` as :func:`expect_color` reads it, or ``"#rrggbb PATTERN"`` for a colour with a
    pattern drawn over it (``hatch``, ``dots`` or ``cross``), the colour white when only a pattern is
    written."""
    v = node.value if isinstance(node, Scalar) else None
    if isinstance(v, str) and v.strip():
        words = v.split()
        if words[-1].lower() in PATTERNS and len(words) <= 2:
            pattern = words[-1].lower()
            if len(words) == 1:
                return f"#ffffff {pattern}"
            colour = Scalar(node.file, node.line, node.col, node.path, words[0])
            return f"{expect_color(colour)} {pattern}"
        if len(words) == 2 and words[0].lower() in PATTERNS:
            raise node.error(f"'{excerpt(v)}': the colour comes first, then the pattern",
                             hint=f"write '{words[1]} {words[0].lower()}'")
    try:
        return expect_color(node)
    except InputError as e:
        if isinstance(v, str) and " " not in v.strip() and not v.startswith("#"):
            note = f"a fill may also be a pattern, {', '.join(PATTERNS)}, or a colour and one ('red hatch')"
            e.hint = did_you_mean(v.lower(), list(PATTERNS)) or (f"{e.hint} {note}" if e.hint else note)
        raise


def expect_pair(node: Node, minimum: float | None = None) -> tuple[float, float]:
    """``[x, y]`` in mm (each may carry a unit: ``[1in, 12mm]``)."""
    if not (isinstance(node, Seq) and len(node) == 2):
        hint = None
        if isinstance(node, Scalar) and isinstance(node.value, str) and "," in node.value:
            hint = f"write it as a list in brackets: [{node.value.strip().strip('()')}]"
        raise node.error(f"expected a pair of numbers [x, y] in mm, got {_got(node)}", hint=hint)
    return (expect_number(node.items[0], minimum=minimum), expect_number(node.items[1], minimum=minimum))
