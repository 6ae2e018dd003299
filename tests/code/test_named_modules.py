"""What the code's docstrings and comments name is there: a module or a name in it given as
``rollwrite.x.y`` (or ``:func:`rollwrite.x.y```), a file given as a path (``cli/fast.py``,
``tests/engine/test_png.py``), and each module a ``# deferred for start-up: ... not x, y`` comment says
it keeps out of start-up.  A module renamed or a function moved leaves no sentence pointing at nothing."""

from __future__ import annotations

import ast
import importlib.util
import re
from functools import lru_cache
from pathlib import Path

from srcfiles import SRC, modules

ROOT = SRC.parents[1]
_DOTTED = re.compile(r"\brollwrite(?:\.[A-Za-z_][A-Za-z0-9_]*)+")
_PATH = re.compile(r"(?<![\w/.<>*-])((?:[a-z_]+/)+[a-z_]+\.py)\b")
_DEFERRED = re.compile(r"#\s*deferred for start-up:.*?\bnot (.+)$", re.M)


@lru_cache(maxsize=None)
def _defined(module: str) -> frozenset[str]:
    """The names a module binds at any depth: functions, classes, assignments, imports."""
    out: set[str] = set()
    for node in ast.walk(modules()[module][1]):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            out.update(n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            out.update((a.asname or a.name).split(".")[0] for a in node.names)
    return frozenset(out)


def dotted_missing(dotted: str, known: dict) -> bool:
    """Whether ``rollwrite.a.b.c`` names neither a module nor a name bound in the longest module it starts with."""
    parts = dotted.split(".")
    k = len(parts)
    while k and ".".join(parts[:k]) not in known:
        k -= 1
    if not k:
        return True
    rest = parts[k:]
    return bool(rest) and rest[0] not in _defined(".".join(parts[:k]))


def path_missing(rel: str, here: Path) -> bool:
    """Whether a path a file names is found nowhere it could mean: under the package, the project, or
    beside the file."""
    return not any((base / rel).exists() for base in (SRC, SRC.parent, ROOT, here.parent))


def deferred_missing(names: str) -> list[str]:
    """The modules a deferred-import comment names that are neither rollwrite's nor importable."""
    out = []
    for name in (n.strip() for n in names.split(",")):
        if name in ("this import", "") or " " in name:
            continue
        if f"rollwrite.{name}" in modules():
            continue
        if importlib.util.find_spec(name.split(".")[0]) is None:
            out.append(name)
    return out


def test_what_the_code_names_is_there():
    known = modules()
    bad = []
    for name, (path, _) in known.items():
        text = path.read_text(encoding="utf-8")
        where = path.relative_to(ROOT)
        bad += [f"{where}: {m.group(0)}" for m in _DOTTED.finditer(text) if dotted_missing(m.group(0), known)]
        bad += [f"{where}: {m.group(1)}" for m in _PATH.finditer(text) if path_missing(m.group(1), path)]
        bad += [f"{where}: deferred, not {n}" for m in _DEFERRED.finditer(text) for n in deferred_missing(m.group(1))]
    assert not bad, "names of modules, files or functions that are not there:\n" + "\n".join(bad)


def test_the_check_finds_what_is_not_there():
    known = modules()
    assert not dotted_missing("rollwrite.core.scoring.run_batch", known)
    assert not dotted_missing("rollwrite.layoutlang", known)
    assert dotted_missing("rollwrite.spec.yamlread", known)
    assert dotted_missing("rollwrite.core.scoring.no_such_function", known)
    assert not path_missing("cli/fast.py", SRC / "core" / "x.py")
    assert path_missing("spec/checked.py", SRC / "core" / "x.py")
    assert deferred_missing("games, draw.scene, yaml, this import") == []
    assert deferred_missing("jobs, spec.greyscale") == ["jobs", "spec.greyscale"]
