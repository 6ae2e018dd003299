"""Imports stay at the top of a module unless start-up time needs one deferred, and then a comment
says why: on the import's own line, on the line just above it, or above the run of imports (one
statement on each following line) that it is part of.

    def read_layout(path):
        # deferred: `rollwrite games` and `--help` load this module but never read a layout
        from rollwrite.planner import plan_page
        from rollwrite.layoutlang.layout import load_layout

Imports under ``if TYPE_CHECKING:`` never run and need no comment.
"""

from __future__ import annotations

import ast
import io
import tokenize

from srcfiles import modules

PRAGMAS = ("noqa", "type:", "pragma:")  # a comment that only speaks to a tool says nothing to a reader


def _comment_lines(text: str) -> set[int]:
    """The lines that hold a comment other than a tool's pragma."""
    out = set()
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.COMMENT:
            words = tok.string.lstrip("#").strip()
            if words and not words.startswith(PRAGMAS):
                out.add(tok.start[0])
    return out


def _bodies(node: ast.AST):
    """Every list of statements under ``node``."""
    for field in ("body", "orelse", "finalbody", "handlers", "cases"):
        block = getattr(node, field, None)
        if isinstance(block, list) and block and isinstance(block[0], ast.AST):
            yield block


def deferred_without_reason(text: str, tree: ast.Module | None = None) -> list[tuple[int, str]]:
    """(line, statement) of each import inside a function with no comment saying why it is there
    (``tree``: the text's syntax tree, when it is parsed already)."""
    tree = tree or ast.parse(text)
    comments = _comment_lines(text)
    lines = text.splitlines()
    found: list[tuple[int, str]] = []

    def said(node: ast.stmt) -> bool:
        """A comment on the statement's lines, or on the line above when that line is a comment alone
        or opens a block (``try:  # deferred: ...``)."""
        if any(n in comments for n in range(node.lineno, (node.end_lineno or node.lineno) + 1)):
            return True
        above = lines[node.lineno - 2] if node.lineno >= 2 else ""
        code = above.split("#", 1)[0].strip()
        return node.lineno - 1 in comments and (not code or code.endswith(":"))

    def visit(node: ast.AST, in_function: bool) -> None:
        if isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING"):
            return
        in_function = in_function or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        for block in _bodies(node):
            reasoned = None  # the import just before, when it was given a reason
            for stmt in block:
                if in_function and isinstance(stmt, (ast.Import, ast.ImportFrom)):
                    run = reasoned is not None and stmt.lineno == (reasoned.end_lineno or reasoned.lineno) + 1
                    if run or said(stmt):
                        reasoned = stmt
                    else:
                        found.append((stmt.lineno, ast.unparse(stmt)))
                        reasoned = None
                    continue
                reasoned = None
                visit(stmt, in_function)

    visit(tree, False)
    return found


def test_every_deferred_import_says_why():
    bad = {}
    for name, (path, tree) in modules().items():
        found = deferred_without_reason(path.read_text(encoding="utf-8"), tree)
        if found:
            bad[name] = found
    assert not bad, ("move these imports to the top of their module, or say on the line above why start-up "
                     "needs them deferred: " + repr(bad))


def test_the_check_finds_what_it_looks_for():
    text = '''
import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from x import Y


def f():
    import bad1
    import bad2  # noqa: F401
    x = 1  # a comment on another statement
    import bad3
    return bad1


def g():
    # deferred: start-up
    import yaml
    from a import b
    import c

    import bad4
    return yaml, b, c


def h():
    import e  # deferred: start-up
    import k
    try:  # deferred: optional
        from m import n
    except ImportError:
        from bad5 import q
    class C:
        def m(self):
            import bad6
    match e:
        case 1:
            import bad7
'''
    found = [statement for _, statement in deferred_without_reason(text)]
    assert found == ["import bad1", "import bad2", "import bad3", "import bad4", "from bad5 import q",
                     "import bad6", "import bad7"]
