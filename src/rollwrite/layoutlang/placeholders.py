"""Placeholders: ``{expression}`` in the texts and values of a layout, filled when it is loaded.

``"Row {i}"``, ``"{12-i}"``, ``"{(i+1)*2}"`` and ``"{i:A}"`` (the value as a letter) are filled from the
names known where the value is written: a repeat's number (``i`` or its ``var``), its ``item``, and the
layout's ``vars``.  A value that is just one placeholder (``floor: "{i}"``, ``at: ["{i*8}", 0]``) takes
the expression's own type, so numbers stay numbers; a key that wants text reads such a number as text.
``{{`` and ``}}`` write a brace.  ``{player}`` and ``{players}`` are left for print time (see
:mod:`rollwrite.draw.scene`).  The expressions themselves are :mod:`rollwrite.layoutlang.expr`.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, overload

from rollwrite.errors import InputError, did_you_mean
from rollwrite.layoutlang.expr import MAX_CHARS, ExprError, UnknownName, evaluate
from rollwrite.layoutlang.nodes import Filled, Map, Node, Scalar, Seq

#: placeholders filled on each printed sheet, not when loading
PRINT_TIME = ("player", "players")
#: names a repeat gives, which are an error of their own outside one
REPEAT_NAMES = ("i", "item")
#: where a copy of a repeat keeps the names of the outer items' keys its own item hides (see
#: ``rollwrite.layoutlang.compose``); no expression can write it
HIDDEN = "#hidden"


def letters(n: int, lower: bool = False) -> str:
    """1 -> A, 26 -> Z, 27 -> AA (spreadsheet columns); 0 and below as numbers."""
    if n < 1:
        return str(n)
    out = ""
    while n:
        n, r = divmod(n - 1, 26)
        out = chr(ord("a" if lower else "A") + r) + out
    return out


def as_text(value: Any, fmt: str | None = None) -> str:
    if fmt and isinstance(value, int) and not isinstance(value, bool):
        return letters(value, fmt == "a")
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else f"{round(value, 6):g}"
    return "" if value is None else str(value)


def _pieces(text: str) -> list[tuple[str, int, str | None]]:
    """The text split into literal runs ``(text, -1, None)`` and placeholders ``(expression, offset of
    the expression in text, format)``; raises ExprError for a lone brace."""
    out: list[tuple[str, int, str | None]] = []
    lit: list[str] = []
    k = 0
    while k < len(text):
        c = text[k]
        if c in "{}" and text[k + 1 : k + 2] == c:
            lit.append(c)
            k += 2
            continue
        if c == "}":
            raise ExprError("a '}' with no '{' before it", k, hint="write }} for a brace in the text")
        if c != "{":
            lit.append(c)
            k += 1
            continue
        end = text.find("}", k + 1)
        if end < 0:
            raise ExprError("a '{' with no '}' after it", k, hint="close the placeholder, or write {{ for a brace")
        if lit:
            out.append(("".join(lit), -1, None))
            lit = []
        inner, fmt = text[k + 1 : end], None
        if inner[-2:] in (":A", ":a"):
            inner, fmt = inner[:-2], inner[-1]
        out.append((inner, k + 1, fmt))
        k = end + 1
    if lit:
        out.append(("".join(lit), -1, None))
    return out


def unwrap(v: Any) -> Any:
    """A layout's node as an expression reads it: a list's entries, a mapping's values by key, a value."""
    if isinstance(v, Seq):
        return tuple(v.items)
    if isinstance(v, Map):
        return {k: vn for k, (_, vn) in v.entries.items()}
    if isinstance(v, Scalar):
        return v.value
    return v


def as_node(node: Scalar, value: Any) -> Any:
    """An expression's value for a whole value of the layout: a list it built becomes a list of the
    layout's (its entries written where the placeholder is), a value from a list is that value."""
    if isinstance(value, Scalar):
        return value.value
    if isinstance(value, tuple):
        return Seq(node.file, node.line, node.col, node.path,
                   [v if isinstance(v, Node) else Filled(node.file, node.line, node.col, node.path, v, as_text(v))
                    for v in value])
    if isinstance(value, dict):
        out = Map(node.file, node.line, node.col, node.path)
        out.entries = {k: (Scalar(node.file, node.line, node.col, node.path, k), v) for k, v in value.items()}
        return out
    return value


def _error(node: Scalar, text: str, offset: int, message: str, hint: str | None) -> InputError:
    """An error at the character ``offset`` of the scalar's text, when its column can be known."""
    col = node.col
    if "\n" not in text[:offset]:
        col = node.col + offset + (1 if _quoted(node, text) else 0)
    return InputError(message, file=node.file, line=node.line, col=col, path=node.path or None, hint=hint)


def _quoted(node: Scalar, text: str) -> bool:
    """Whether the scalar was written in quotes: looked up in its file's line when that can be read (an
    error path only), else taken to be quoted: a value with braces in a flow mapping ``{...}`` must be."""
    try:
        path = Path(node.file)
        if path.is_file() and path.stat().st_size <= 512 * 1024:
            lines = path.read_text(encoding="utf-8").splitlines()
            return lines[node.line - 1][node.col - 1] in "'\""
    except (OSError, UnicodeDecodeError, IndexError):
        pass
    return True


def _unknown(node: Scalar, text: str, at: int, expr: str, e: UnknownName, values: Mapping[str, Any]) -> InputError:
    name = e.name
    shown = "{" + expr.strip() + "}"
    if name in PRINT_TIME:
        return _error(node, text, at, f"'{shown}': {{{name}}} is filled when printing and cannot be computed with",
                      f"write {{{name}}} on its own")
    if name in REPEAT_NAMES:
        return _error(node, text, at, f"'{shown}' is filled by a repeat, and this element is not inside one",
                      "add 'repeat: {count: N, step: [dx, dy]}' to it or to a group around it")
    if name.startswith("item."):
        key = name[5:].split(".")[0]
        hidden = values.get(HIDDEN, ())
        if f"item.{key}" in hidden:
            return _error(node, text, at, f"'{shown}': this repeat's items have no '{key}', and the outer repeat's "
                          f"item, which has, is hidden by this repeat's own item",
                          f"name the outer item: add 'as: row' to the outer repeat (repeat: {{items: ..., as: row}}) "
                          f"and write '{{row.{name[5:]}}}'")
        if "item" in values or any(k.startswith("item.") for k in values):
            keys = sorted(k[5:] for k in values if k.startswith("item."))
            return _error(node, text, at, f"'{shown}': the repeat's items have no '{key}'",
                          did_you_mean(key, keys) or (f"its items' keys: {', '.join(keys)}" if keys else None))
        return _error(node, text, at, f"'{shown}' is filled by a repeat, and this element is not inside one",
                      "add 'repeat: {items: [...], step: [dx, dy]}' to it or to a group around it")
    base = next((name[:k] for k in range(len(name), 0, -1) if name[k:k + 1] in ("", ".") and name[:k] in values
                 and k < len(name)), None)
    if base is not None:
        keys = sorted(k[len(base) + 1:] for k in values if k.startswith(base + ".") and "." not in k[len(base) + 1:])
        missing = name[len(base) + 1:].split(".")[0]
        return _error(node, text, at, f"'{shown}': '{base}' has no key '{missing}'",
                      did_you_mean(missing, keys) or (f"its keys: {', '.join(keys)}" if keys else None))
    alone = shown == "{" + name + "}"
    known = sorted({k for k in values if not k.startswith("#")} | (set(PRINT_TIME) if alone else set()))
    message = f"unknown placeholder '{shown}'" if alone else f"unknown name '{name}' in '{shown}'"
    return _error(node, text, at, message,
                  did_you_mean(name, known) or (f"names here: {', '.join(known)}" if known else
                                                "no names are known here (a repeat's number and item are known "
                                                "inside it, the layout's vars everywhere)"))


def fill_scalar(node: Scalar, values: Mapping[str, Any]) -> Node:
    """The scalar with every placeholder filled; refused at its place when one cannot be."""
    text = node.value
    if not isinstance(text, str) or ("{" not in text and "}" not in text):
        return node
    if len(text) > 20 * MAX_CHARS and text.count("{") > 1000:
        raise node.error("this text has more than 1000 placeholders")
    try:
        pieces = _pieces(text)
    except ExprError as e:
        raise _error(node, text, e.offset, e.message, e.hint) from None
    out: list[str] = []
    whole: Any = None
    for expr, at, fmt in pieces:
        if at < 0:
            out.append(expr)
            continue
        if expr.strip() in PRINT_TIME and fmt is None:
            out.append("{" + expr.strip() + "}")
            continue
        try:
            value = as_node(node, evaluate(expr, values, unwrap))
        except UnknownName as e:
            raise _unknown(node, text, at + e.offset, expr, e, values) from None
        except ExprError as e:
            raise _error(node, text, at + e.offset, f"in '{{{expr}}}': {e.message}", e.hint) from None
        if isinstance(value, Node):
            if len(pieces) == 1:
                return value
            raise _error(node, text, at, f"'{{{expr}}}' is a list or mapping, which cannot be written in a text",
                         "use it alone as the whole value, e.g. items: \"{item.cells}\"")
        whole = value if fmt is None else as_text(value, fmt)
        out.append(as_text(value, fmt))
    joined = "".join(out)
    if len(pieces) == 1 and whole is not None:
        return Filled(node.file, node.line, node.col, node.path, whole, joined)
    return Scalar(node.file, node.line, node.col, node.path, joined)


@overload
def fill(node: Map, values: Mapping[str, Any], skip: tuple[str, ...] = ()) -> Map: ...


@overload
def fill(node: Node, values: Mapping[str, Any], skip: tuple[str, ...] = ()) -> Node: ...


def fill(node: Node, values: Mapping[str, Any], skip: tuple[str, ...] = ()) -> Node:
    """A copy of ``node`` with the placeholders of every text filled (the keys ``skip`` left as they are)."""
    if isinstance(node, Scalar):
        return fill_scalar(node, values)
    if isinstance(node, Seq):
        return Seq(node.file, node.line, node.col, node.path, [fill(n, values) for n in node.items])
    assert isinstance(node, Map)
    out = Map(node.file, node.line, node.col, node.path, handled=node.handled)
    out.entries = {k: (kn, vn if k in skip else fill(vn, values)) for k, (kn, vn) in node.entries.items()}
    return out


def condition(node: Node, values: Mapping[str, Any]) -> bool:
    """A ``when:`` value: true, false, or an expression (with or without braces) that is true or false."""
    if isinstance(node, Scalar) and isinstance(node.value, bool):
        return node.value
    if not (isinstance(node, Scalar) and isinstance(node.value, str)):
        raise node.error("expected a condition: true, false or an expression such as 'i > 2'")
    text = node.value
    expr, at = text, 0
    stripped = text.strip()
    if stripped.startswith("{") and stripped.endswith("}") and not stripped.startswith("{{"):
        at = text.index("{") + 1
        expr = text[at : text.rindex("}")]
    try:
        value = evaluate(expr, values, unwrap)
    except UnknownName as e:
        raise _unknown(node, text, at + e.offset, expr, e, values) from None
    except ExprError as e:
        raise _error(node, text, at + e.offset, e.message, e.hint) from None
    value = unwrap(value) if isinstance(value, Scalar) else value
    if not isinstance(value, bool):
        raise _error(node, text, at, f"expected a condition (true or false), got {as_text(value)!r}",
                     "compare it: i > 2, i % 2 == 0, item != 'Bonus'")
    return value
