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
functions      ``min(a, b, ...)``, ``max(a, b, ...)``, ``abs(x)``, ``if(condition, then, else)``
=============  ==========================================================

A mistake raises :class:`ExprError` with the offset (from 0) of the character it is at, so that the
caller can name the column inside the expression.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

MAX_CHARS = 200
MAX_DEPTH = 24
MAX_INT = 10**12

# a pattern, compiled by ``re`` when first used: `print long-way` imports this module but reads no expression
_TOKEN = (r"\s*(?:(\d+(?:\.\d+)?)|([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)"
          r"|('[^']*')|(//|==|!=|<=|>=|[-+*/%()<>,]))")
_FUNCTIONS = ("min", "max", "abs", "if")
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
            raise ExprError(f"unexpected character {text[pos]!r}", pos,
                            hint="expressions use numbers, names, + - * / // % ( ) , and comparisons")
        start = m.start(m.lastindex or 0)
        num, name, quoted, op = m.groups()
        if num is not None:
            out.append(("num", float(num) if "." in num else int(num), start))
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
        self.deeper(self.peek()[2])
        left = self.both()
        while self.peek()[:2] == ("name", "or"):
            at = self.take()[2]
            left = ("or", at, left, self.both())
        self.depth -= 1
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
        return self.atom()

    def atom(self) -> tuple:
        kind, value, at = self.take()
        if kind in ("num", "str"):
            return ("value", at, value)
        if kind == "op" and value == "(":
            inner = self.expr()
            self.want(")")
            return inner
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
        self.want("(")
        args = [self.expr()]
        while self.peek()[:2] == ("op", ","):
            self.take()
            args.append(self.expr())
        self.want(")")
        if name == "if" and len(args) != 3:
            raise ExprError("if(condition, then, else) takes 3 values", at)
        if name == "abs" and len(args) != 1:
            raise ExprError("abs() takes one number", at)
        return ("call", at, name, tuple(args))


def _value(tree: tuple, names: Mapping[str, Any]) -> Any:
    kind, at = tree[0], tree[1]
    if kind == "value":
        return tree[2]
    if kind == "name":
        if tree[2] not in names:
            raise UnknownName(tree[2], at)
        return names[tree[2]]
    if kind == "op":
        return _arith(tree[2], _value(tree[3], names), _value(tree[4], names), at)
    if kind == "cmp":
        return _compare(tree[2], _value(tree[3], names), _value(tree[4], names), at)
    if kind in ("and", "or"):
        left = _truth(_value(tree[2], names), at)
        if left == (kind == "or"):
            return left
        return _truth(_value(tree[3], names), at)
    if kind == "not":
        return not _truth(_value(tree[2], names), at)
    if kind in ("neg", "pos"):
        v = _value(tree[2], names)
        if not _is_num(v):
            raise ExprError(f"'{'-' if kind == 'neg' else '+'}' needs a number, got {_kind(v)}", at)
        return -v if kind == "neg" else v
    return _call(tree[2], tree[3], names, at)


def _call(name: str, args: tuple, names: Mapping[str, Any], at: int) -> Any:
    if name == "if":
        return _value(args[1] if _truth(_value(args[0], names), at) else args[2], names)
    values = [_value(a, names) for a in args]
    for v in values:
        if not _is_num(v):
            raise ExprError(f"{name}() needs numbers, got {_kind(v)}", at)
    if name == "abs":
        return abs(values[0])
    return min(values) if name == "min" else max(values)


def _kind(v: Any) -> str:
    if isinstance(v, bool):
        return "true or false"
    if isinstance(v, str):
        return f"the text '{v}'"
    if _is_num(v):
        return "a number"
    return "a list or mapping"


def _truth(v: Any, at: int) -> bool:
    if not isinstance(v, bool):
        raise ExprError(f"expected a condition (true or false), got {_kind(v)}", at,
                        hint="compare it: i > 2, item == 'Bonus'")
    return v


def _compare(op: str, a: Any, b: Any, at: int) -> bool:
    if op in ("==", "!="):
        if _is_num(a) != _is_num(b) or isinstance(a, bool) != isinstance(b, bool):
            raise ExprError(f"cannot compare {_kind(a)} with {_kind(b)}", at)
        return (a == b) == (op == "==")
    if not ((_is_num(a) and _is_num(b)) or (isinstance(a, str) and isinstance(b, str))):
        raise ExprError(f"cannot order {_kind(a)} and {_kind(b)}", at)
    return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[op]


def _arith(op: str, a: Any, b: Any, at: int) -> Any:
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


def evaluate(text: str, names: Mapping[str, Any]) -> Any:
    """The value of one expression with ``names`` (a name, or a dotted ``item.key``, to its value)."""
    return _value(parse(text), names)


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
