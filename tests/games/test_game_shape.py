"""Every game has the same shape: one package under src/rollwrite/games/, the same module name for the
same concern, no import circle between a game's modules, and rules code that never reaches drawing code.

The imports are read from the source (module-level and inside functions alike), so a lazy import
inside a function cannot hide a dependency.
"""

from __future__ import annotations

import ast
import sys
from functools import cache
from pathlib import Path

import pytest

from rollwrite import games

SRC = Path(__file__).resolve().parents[2] / "src"
GAMES = SRC / "rollwrite" / "games"
MODULES = {"__init__", "data", "format", "rules", "sheet", "solve", "bound", "play", "entry", "ladder", "finish"}  # ladder: the difficulty ladder's players; finish: a puzzle kind's solver
#: modules that hold rules, not pictures (the on-screen entry too: it draws nothing): none of them may
#: reach these, however indirectly
RULES_MODULES = ("data", "format", "rules", "solve", "bound", "play", "entry", "ladder", "finish")
DRAWING = ("rollwrite.draw", "rollwrite.sheet", "reportlab", "svgwrite", "fontTools", "pypdfium2")


def module_file(name: str) -> Path | None:
    base = SRC.joinpath(*name.split("."))
    for p in (base.with_suffix(".py"), base / "__init__.py"):
        if p.exists():
            return p
    return None


@cache  # the file's tests ask for the same modules again and again; the source does not change in a run
def imports_of(name: str) -> frozenset[str]:
    """Every module ``name`` imports, anywhere in its source, as absolute dotted names."""
    path = module_file(name)
    if path is None:
        return frozenset()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                mod = f"{base}.{node.module}" if node.module else base
            else:
                mod = node.module or ""
            out.add(mod)
            # `from pkg import sub` imports the submodule pkg.sub when there is one
            out.update(f"{mod}.{a.name}" for a in node.names if module_file(f"{mod}.{a.name}"))
    return frozenset(out)


def reach(name: str) -> dict[str, str]:
    """Every module reachable from ``name`` through rollwrite's own imports -> the module that imported it."""
    seen: dict[str, str] = {name: ""}
    todo = [name]
    while todo:
        cur = todo.pop()
        for dep in imports_of(cur):
            if dep not in seen:
                seen[dep] = cur
                if dep.startswith("rollwrite"):
                    todo.append(dep)
    return seen


def chain(seen: dict[str, str], end: str) -> str:
    out = [end]
    while seen.get(out[-1]):
        out.append(seen[out[-1]])
    return " <- ".join(out)


PACKAGES = sorted({games._REGISTRY[slug].split(":")[0] for slug in games.known()})


def test_every_registered_game_is_a_package_named_after_its_slug():
    for slug in games.known():
        module = games._REGISTRY[slug].split(":")[0]
        assert module == f"rollwrite.games.{slug.replace('-', '_')}", slug
        assert (GAMES / slug.replace("-", "_") / "__init__.py").exists(), slug


def test_games_folder_holds_only_packages_and_shared_modules():
    loose = sorted(p.name for p in GAMES.glob("*.py") if p.name not in {"__init__.py", "base.py", "entry.py", "sheettext.py"})
    assert loose == [], f"game code belongs in a package per game: {loose}"


@pytest.mark.parametrize("package", PACKAGES)
def test_a_game_uses_only_the_fixed_module_names(package):
    folder = SRC.joinpath(*package.split("."))
    names = {p.stem for p in folder.glob("*.py")}
    assert names <= MODULES, f"{package}: unexpected modules {sorted(names - MODULES)}; use {sorted(MODULES)}"
    assert not [p for p in folder.iterdir() if p.is_dir() and p.name != "__pycache__"], f"{package}: no sub-packages"


@pytest.mark.parametrize("package", PACKAGES)
def test_rules_code_never_reaches_drawing_code(package):
    for mod in RULES_MODULES:
        name = f"{package}.{mod}"
        if module_file(name) is None:
            continue
        seen = reach(name)
        bad = [m for m in seen if m.startswith(DRAWING) or m == f"{package}.sheet"]
        assert not bad, f"{name} reaches drawing code: {chain(seen, bad[0])}"


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_circle_between_a_games_modules(package):
    own = {f"{package}.{m}" for m in MODULES if m != "__init__" and module_file(f"{package}.{m}")}
    edges = {m: {d for d in imports_of(m) if d in own and d != m} for m in own}
    state: dict[str, int] = {}

    def visit(m: str, path: list[str]) -> None:
        state[m] = 1
        for d in sorted(edges[m]):
            assert state.get(d) != 1, f"import circle: {' -> '.join(path + [m, d])}"
            if d not in state:
                visit(d, path + [m])
        state[m] = 2

    for m in sorted(own):
        if m not in state:
            visit(m, [])


def test_the_checker_sees_a_drawing_import(tmp_path, monkeypatch):
    """The walk follows imports inside functions too (so the tests above can fail)."""
    pkg = tmp_path / "rollwrite" / "games" / "fake"
    pkg.mkdir(parents=True)
    (pkg / "rules.py").write_text("def f():\n    from rollwrite.games.fake import sheet\n")
    (pkg / "sheet.py").write_text("from rollwrite.draw.scene import Pen\n")
    monkeypatch.setattr(sys.modules[__name__], "SRC", tmp_path)
    seen = reach("rollwrite.games.fake.rules")
    assert "rollwrite.games.fake.sheet" in seen and "rollwrite.draw.scene" in seen
