"""The layout language's small expressions: ``{12-i}``, ``{(i+1)*2}``, ``{min(n, 3)}``, ``i % 2 == 0``.

Our own parser, never Python's ``eval``: a recursive-descent reader over at most :data:`MAX_CHARS`
characters, nested at most :data:`MAX_DEPTH` deep, so the time and memory are bounded by the length.
:func:`parse` reads the text into a small tree of tuples and :func:`evaluate` computes it.  Whole
numbers stay within :data:`MAX_INT`.

=============  ==========================================================
numbers        ``12``, ``2.5``; texts in single quotes: ``'Bonus'``
names          repeat numbers (``i``, a repeat's ``var``), ``item``, ``item.key``, layout ``vars``
arithmetic     ``+ - * /`` (``/`` gives a whole number when it divides exactly), ``//`` and ``%``
               (whole division and remainder, rounding down), unary ``-``
comparisons    ``== != < <= > >=`` (true or false), ``and``, ``or``, ``not``
functions      ``min(a, b, ...)``, ``max(a, b, ...)``, ``abs(x)``, ``if(condition, then, else)``,
               ``len(list or text)``, ``range(from, to[, by])`` (both ends included, as a repeat counts)
lists          ``[a, b, i * 2]``, ``item[0]`` (from 0; ``-1`` the last), ``rows[1].name``, ``x in [1, 3]``,
               ``+`` joins two lists; at most :data:`MAX_LIST` entries
=============  ==========================================================

Values a caller gives that are not numbers, texts, true/false, lists (tuples) or mappings (dicts), such
as the nodes of a layout file, are read through the ``unwrap`` function given to :func:`evaluate` when
an expression looks inside them, so a list is only turned into values where it is indexed or counted.

A mistake raises :class:`ExprError` with the offset (from 0) of the character it is at, so that the
caller can name the column inside the expression.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from typing import Any

MAX_CHARS = 200
MAX_DEPTH = 24
MAX_INT = 10**12
#: most entries of a list an expression builds (a list literal, ``range``, two lists joined)
MAX_LIST = 1000

# a pattern, compiled by ``re`` when first used: `print long-way` imports this module but reads no expression
_TOKEN = (r"\s*(?:([0-9]+(?:\.[0-9]+)?)|([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)"
          r"|('[^']*')|(//|==|!=|<=|>=|[-+*/%()<>,\[\].]))")
_FUNCTIONS = ("min", "max", "abs", "if", "len", "range")
_WORDS = ("and", "or", "not", "true", "false")


class ExprError(Exception):
    """A mistake in an expression, ``offset`` characters from its start."""

    def __init__(self, message: str, offset: int, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset
        self.hint = hint


class UnknownName(ExprError):
    """An expression names a value that is not known here (``name`` says which)."""

    def __init__(self, name: str, offset: int) -> None:
        super().__init__(f"unknown name '{name}'", offset)
        self.name = name


def _tokens(text: str) -> list[tuple[str, Any, int]]:
    """(kind, value, offset) tokens: kind is num, name, str, op or end."""
    out: list[tuple[str, Any, int]] = []
    pos = 0
    token = re.compile(_TOKEN)
    while True:
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if pos >= len(text):
            out.append(("end", None, pos))
            return out
        m = token.match(text, pos)
        if not m:
            if text[pos].isdigit():  # a digit of another script, or a full-width one
                raise ExprError(f"{text[pos]!r} is not one of the digits 0-9", pos, hint="write numbers with the digits 0-9")
            raise ExprError(f"unexpected character {text[pos]!r}", pos,
                            hint="expressions use numbers, names, + - * / // % ( ) [ ] , and comparisons")
        start = m.start(m.lastindex or 0)
        num, name, quoted, op = m.groups()
        if num is not None:
            value = float(num) if "." in num else int(num)
            if not abs(value) <= MAX_INT:  # a literal counts as any number an expression makes
                raise ExprError(f"the number {num[:40]}{'…' if len(num) > 40 else ''} is larger than {MAX_INT:,}", start)
            out.append(("num", value, start))
        elif name is not None:
            out.append(("name", name, start))
        elif quoted is not None:
            out.append(("str", quoted[1:-1], start))
        else:
            out.append(("op", op, start))
        pos = m.end()


def _is_num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


class _Parser:
    """Reads tokens into a tree of tuples: (kind, offset, ...); nothing is computed here."""

    def __init__(self, text: str) -> None:
        self.toks = _tokens(text)
        self.k = 0
        self.depth = 0

    def peek(self) -> tuple[str, Any, int]:
        return self.toks[self.k]

    def take(self) -> tuple[str, Any, int]:
        tok = self.toks[self.k]
        self.k += 1
        return tok

    def want(self, op: str) -> None:
        kind, value, at = self.take()
        if kind != "op" or value != op:
            raise ExprError(f"expected '{op}' here", at)

    def deeper(self, at: int) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ExprError(f"the expression nests more than {MAX_DEPTH} deep", at)

    def expr(self) -> tuple:
        left = self.both()
        while self.peek()[:2] == ("name", "or"):
            at = self.take()[2]
            left = ("or", at, left, self.both())
        return left

    def both(self) -> tuple:
        left = self.negation()
        while self.peek()[:2] == ("name", "and"):
            at = self.take()[2]
            left = ("and", at, left, self.negation())
        return left

    def negation(self) -> tuple:
        if self.peek()[:2] == ("name", "not"):
            at = self.take()[2]
            self.deeper(at)
            inner = self.negation()
            self.depth -= 1
            return ("not", at, inner)
        return self.comparison()

    def comparison(self) -> tuple:
        left = self.binary(("+", "-"), self.term)
        kind, op, at = self.peek()
        if kind == "op" and op in ("==", "!=", "<", "<=", ">", ">="):
            self.take()
            return ("cmp", at, op, left, self.binary(("+", "-"), self.term))
        if (kind, op) == ("name", "in"):  # an operator only here: 'in' is still a name where a value is read
            self.take()
            return ("in", at, left, self.binary(("+", "-"), self.term))
        return left

    def term(self) -> tuple:
        return self.binary(("*", "/", "//", "%"), self.unary)

    def binary(self, ops: tuple[str, ...], part: Any) -> tuple:
        left = part()
        while self.peek()[0] == "op" and self.peek()[1] in ops:
            _, op, at = self.take()
            left = ("op", at, op, left, part())
        return left

    def unary(self) -> tuple:
        kind, op, at = self.peek()
        if kind == "op" and op in ("-", "+"):
            self.take()
            self.deeper(at)
            inner = self.unary()
            self.depth -= 1
            return ("neg" if op == "-" else "pos", at, inner)
        return self.postfix(self.atom())

    def postfix(self, tree: tuple) -> tuple:
        """``x[index]`` and ``x.key`` after a value, as many as are written."""
        while self.peek()[0] == "op" and self.peek()[1] in ("[", "."):
            _, op, at = self.take()
            if op == "[":
                self.deeper(at)
                index = self.expr()
                self.want("]")
                self.depth -= 1
                tree = ("index", at, tree, index)
                continue
            kind, key, kat = self.take()
            if kind != "name":
                raise ExprError("expected a key after '.'", kat, hint="e.g. rows[0].name")
            for part in key.split("."):
                tree = ("key", kat, tree, part)
        return tree

    def atom(self) -> tuple:
        kind, value, at = self.take()
        if kind in ("num", "str"):
            return ("value", at, value)
        if kind == "op" and value == "(":
            self.deeper(at)
            inner = self.expr()
            self.want(")")
            self.depth -= 1
            return inner
        if kind == "op" and value == "[":
            self.deeper(at)
            entries = []
            if self.peek()[:2] != ("op", "]"):
                entries.append(self.expr())
                while self.peek()[:2] == ("op", ","):
                    self.take()
                    entries.append(self.expr())
            self.want("]")
            self.depth -= 1
            return ("list", at, tuple(entries))
        if kind == "name":
            if value in ("true", "false"):
                return ("value", at, value == "true")
            if self.peek()[:2] == ("op", "("):
                return self.call(value, at)
            if value in _WORDS:
                raise ExprError(f"'{value}' needs a value on each side", at)
            return ("name", at, value)
        if kind == "end":
            raise ExprError("the expression ends too soon", at)
        raise ExprError(f"unexpected '{value}'", at)

    def call(self, name: str, at: int) -> tuple:
        if name not in _FUNCTIONS:
            raise ExprError(f"unknown function '{name}'", at, hint="functions: " + ", ".join(_FUNCTIONS))
        self.deeper(self.peek()[2])
        self.want("(")
        args = [self.expr()]
        while self.peek()[:2] == ("op", ","):
            self.take()
            args.append(self.expr())
        self.want(")")
        self.depth -= 1
        if name == "if" and len(args) != 3:
            raise ExprError("if(condition, then, else) takes 3 values", at)
        if name == "abs" and len(args) != 1:
            raise ExprError("abs() takes one number", at)
        if name == "len" and len(args) != 1:
            raise ExprError("len() takes one list or text", at)
        if name == "range" and len(args) > 3:
            raise ExprError("range(from, to) or range(from, to, by) takes at most 3 numbers", at)
        return ("call", at, name, tuple(args))


class _Env:
    """The names an expression is computed with, and how to look inside a value given from outside."""

    __slots__ = ("names", "unwrap")

    def __init__(self, names: Mapping[str, Any], unwrap: Callable[[Any], Any] | None) -> None:
        self.names = names
        self.unwrap = unwrap

    def plain(self, v: Any) -> Any:
        """``v`` as a number, text, true/false, tuple (a list) or dict (a mapping)."""
        if v is None or isinstance(v, (int, float, str, bool, tuple, dict)) or self.unwrap is None:
            return v
        return self.unwrap(v)

    def lookup(self, name: str, at: int) -> Any:
        """A name's value; ``a.b.c`` as written when it is known so, else ``a.b`` and its key ``c``, or ``a``
        and its keys ``b`` and ``c`` (a var that holds a mapping)."""
        if name in self.names:
            return self.names[name]
        parts = name.split(".")
        for cut in range(len(parts) - 1, 0, -1):
            base = ".".join(parts[:cut])
            if base in self.names:
                v = self.names[base]
                for key in parts[cut:]:
                    got = self.plain(v)
                    if isinstance(got, dict) and key not in got:
                        raise UnknownName(name, at)  # the caller knows best what is missing where
                    v = self.key(v, key, at, base)
                    base += "." + key
                return v
        raise UnknownName(name, at)

    def key(self, v: Any, key: str, at: int, shown: str) -> Any:
        got = self.plain(v)
        if not isinstance(got, dict):
            raise ExprError(f"'{shown}' is {_kind(got)}, which has no key '{key}'", at)
        if key not in got:
            known = ", ".join(sorted(str(k) for k in got)) or "none"
            raise ExprError(f"'{shown}' has no key '{key}'", at, hint=f"its keys: {known}")
        return got[key]


def _value(tree: tuple, env: _Env) -> Any:
    kind, at = tree[0], tree[1]
    if kind == "value":
        return tree[2]
    if kind == "name":
        return env.lookup(tree[2], at)
    if kind == "list":
        return tuple(_value(t, env) for t in tree[2])
    if kind == "index":
        return _index(env.plain(_value(tree[2], env)), env.plain(_value(tree[3], env)), at)
    if kind == "key":
        return env.key(_value(tree[2], env), tree[3], at, _written(tree[2]))
    if kind == "op":
        return _arith(tree[2], env.plain(_value(tree[3], env)), env.plain(_value(tree[4], env)), at)
    if kind == "cmp":
        return _compare(tree[2], env.plain(_value(tree[3], env)), env.plain(_value(tree[4], env)), at)
    if kind == "in":
        return _among(env.plain(_value(tree[2], env)), env.plain(_value(tree[3], env)), env, at)
    if kind in ("and", "or"):
        left = _truth(env.plain(_value(tree[2], env)), at)
        if left == (kind == "or"):
            return left
        return _truth(env.plain(_value(tree[3], env)), at)
    if kind == "not":
        return not _truth(env.plain(_value(tree[2], env)), at)
    if kind in ("neg", "pos"):
        v = env.plain(_value(tree[2], env))
        if not _is_num(v):
            raise ExprError(f"'{'-' if kind == 'neg' else '+'}' needs a number, got {_kind(v)}", at)
        return -v if kind == "neg" else v
    return _call(tree[2], tree[3], env, at)


def _written(tree: tuple) -> str:
    """How the value ``tree`` reads in a message: its name, or 'the value' for anything computed."""
    if tree[0] == "name":
        return tree[2]
    if tree[0] == "key":
        return f"{_written(tree[2])}.{tree[3]}"
    if tree[0] == "index":
        inner = tree[3]
        shown = str(inner[2]) if inner[0] == "value" and _is_num(inner[2]) else "…"
        return f"{_written(tree[2])}[{shown}]"
    return "the value"


def _index(seq: Any, k: Any, at: int) -> Any:
    if isinstance(seq, dict) and isinstance(k, str):  # row['name'], as row.name
        if k not in seq:
            raise ExprError(f"the mapping has no key '{k}'", at,
                            hint=f"its keys: {', '.join(sorted(str(x) for x in seq)) or 'none'}")
        return seq[k]
    if isinstance(seq, str):
        seq = tuple(seq)
    if not isinstance(seq, tuple):
        raise ExprError(f"only a list or a text has entries to pick by number; this is {_kind(seq)}", at)
    if not (_is_num(k) and float(k).is_integer()):
        raise ExprError(f"a list is indexed by a whole number, got {_kind(k)}", at,
                        hint="entries count from 0: item[0] is the first, item[-1] the last")
    n = int(k)
    if not -len(seq) <= n < len(seq):
        raise ExprError(f"index {n} is past the end of a list of {len(seq)}" +
                        (f" (indexes 0 to {len(seq) - 1}, or -1 for the last)" if seq else " (it is empty)"), at)
    return seq[n]


def _among(v: Any, seq: Any, env: _Env, at: int) -> bool:
    if isinstance(seq, str):
        if not isinstance(v, str):
            raise ExprError(f"'in' a text looks for a text, got {_kind(v)}", at)
        return v in seq
    if not isinstance(seq, tuple):
        raise ExprError(f"'in' needs a list or a text on its right, got {_kind(seq)}", at,
                        hint="e.g. i in [2, 5, 9]")
    for entry in seq:
        e = env.plain(entry)
        if type(e) is type(v) and e == v or (_is_num(e) and _is_num(v) and e == v):
            return True
    return False


def _call(name: str, args: tuple, env: _Env, at: int) -> Any:
    if name == "if":
        return _value(args[1] if _truth(env.plain(_value(args[0], env)), at) else args[2], env)
    values = [env.plain(_value(a, env)) for a in args]
    if name == "len":
        if not isinstance(values[0], (tuple, str, dict)):
            raise ExprError(f"len() counts a list or a text, got {_kind(values[0])}", at)
        return len(values[0])
    if name in ("min", "max") and len(values) == 1 and isinstance(values[0], tuple):  # min(list)
        if not values[0]:
            raise ExprError(f"{name}() of an empty list", at)
        values = [env.plain(v) for v in values[0]]
    for v in values:
        if not _is_num(v):
            raise ExprError(f"{name}() needs numbers, got {_kind(v)}", at)
    if name == "range":
        return _range(values, at)
    if name == "abs":
        return abs(values[0])
    return min(values) if name == "min" else max(values)


def _range(values: list[Any], at: int) -> tuple[int, ...]:
    """range(to) is 1 .. to; range(from, to) and range(from, to, by) count as a repeat does, both ends
    included (by 1, or -1 down to a smaller ``to``)."""
    if not all(float(v).is_integer() for v in values):
        raise ExprError("range() counts in whole numbers", at)
    nums = [int(v) for v in values]
    first, last = (1, nums[0]) if len(nums) == 1 else (nums[0], nums[1])
    by = nums[2] if len(nums) == 3 else (1 if last >= first else -1)
    if by == 0:
        raise ExprError("range() cannot count by 0", at)
    if (last - first) * by < 0:
        return ()
    count = (last - first) // by + 1
    if count > MAX_LIST:
        raise ExprError(f"range() would make {count:,} entries; a list has at most {MAX_LIST:,}", at)
    return tuple(first + k * by for k in range(count))


def _kind(v: Any) -> str:
    if isinstance(v, bool):
        return "true or false"
    if isinstance(v, str):
        return f"the text '{v}'"
    if _is_num(v):
        return "a number"
    if isinstance(v, tuple):
        return f"a list of {len(v)}"
    if isinstance(v, dict):
        return "a mapping"
    return "a list or mapping"


def _truth(v: Any, at: int) -> bool:
    if not isinstance(v, bool):
        raise ExprError(f"expected a condition (true or false), got {_kind(v)}", at,
                        hint="compare it: i > 2, item == 'Bonus'")
    return v


def _compare(op: str, a: Any, b: Any, at: int) -> bool:
    if isinstance(a, (tuple, dict)) or isinstance(b, (tuple, dict)):
        raise ExprError(f"cannot compare {_kind(a)} with {_kind(b)}", at,
                        hint="compare their entries, or their len()")
    if op in ("==", "!="):
        if _is_num(a) != _is_num(b) or isinstance(a, bool) != isinstance(b, bool):
            raise ExprError(f"cannot compare {_kind(a)} with {_kind(b)}", at)
        return (a == b) == (op == "==")
    if not ((_is_num(a) and _is_num(b)) or (isinstance(a, str) and isinstance(b, str))):
        raise ExprError(f"cannot order {_kind(a)} and {_kind(b)}", at)
    return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[op]


def _arith(op: str, a: Any, b: Any, at: int) -> Any:
    if op == "+" and isinstance(a, tuple) and isinstance(b, tuple):
        if len(a) + len(b) > MAX_LIST:
            raise ExprError(f"the list would have more than {MAX_LIST:,} entries", at)
        return a + b
    if op == "+" and isinstance(a, str) and isinstance(b, str):
        if len(a) + len(b) > MAX_CHARS:
            raise ExprError(f"the text would be longer than {MAX_CHARS} characters", at)
        return a + b
    if not (_is_num(a) and _is_num(b)):
        raise ExprError(f"'{op}' needs numbers, got {_kind(a if not _is_num(a) else b)}", at)
    if op in ("/", "//", "%") and b == 0:
        raise ExprError("division by zero", at)
    if op == "+":
        v = a + b
    elif op == "-":
        v = a - b
    elif op == "*":
        v = a * b
    elif op == "/":
        v = a // b if isinstance(a, int) and isinstance(b, int) and a % b == 0 else a / b
    elif op == "//":
        v = a // b
    else:
        v = a % b
    if isinstance(v, float) and (not math.isfinite(v) or abs(v) > MAX_INT):
        raise ExprError("the number is too large", at)
    if isinstance(v, int) and abs(v) > MAX_INT:
        raise ExprError(f"the number is larger than {MAX_INT:,}", at)
    return v


def evaluate(text: str, names: Mapping[str, Any], unwrap: Callable[[Any], Any] | None = None) -> Any:
    """The value of one expression with ``names`` (a name, or a dotted ``item.key``, to its value);
    ``unwrap`` turns a value given from outside into a plain one where the expression looks inside it.
    A list comes back as a tuple; a value taken whole from ``names`` (or a list's entry) as it was given."""
    return _value(parse(text), _Env(names, unwrap))


def parse(text: str) -> tuple:
    """The expression's tree, or ExprError for a mistake in how it is written."""
    if len(text) > MAX_CHARS:
        raise ExprError(f"an expression may have at most {MAX_CHARS} characters", MAX_CHARS)
    if not text.strip():
        raise ExprError("the expression is empty", 0)
    p = _Parser(text)
    tree = p.expr()
    kind, tok, at = p.peek()
    if kind != "end":
        raise ExprError(f"unexpected '{tok}' after the expression", at)
    return tree
