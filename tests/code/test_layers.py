"""The layers hold: two front ends, the command line (rollwrite.cli) and the desk (rollwrite.serve), over
one application (rollwrite.core and the modules beneath it).

- no module of serve/ imports cli/;
- of cli/, only the ``serve`` command (rollwrite.cli.serve) imports serve/: it starts the desk;
- nothing else imports either front end (but ``python -m rollwrite``, which runs the command line);
- core/ imports no library of a front end (Typer and click, rich, Starlette, uvicorn, SQLAlchemy).

Every import statement counts: at the top, inside a function, or under ``if TYPE_CHECKING:``.
"""

from __future__ import annotations

import ast

from srcfiles import modules

CLI, SERVE, CORE = "rollwrite.cli", "rollwrite.serve", "rollwrite.core"
FRONT_END_LIBRARIES = ("typer", "click", "rich", "starlette", "uvicorn", "sqlalchemy", "jinja2")
#: the one module each front end may be imported from across the layers: the entry point, the serve command
ALLOWED = {"rollwrite.__main__": CLI, "rollwrite.cli.serve": SERVE}


def _within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def imported(name: str, tree: ast.Module, is_package: bool) -> set[str]:
    """Every module name ``name``'s import statements name (relative imports resolved), wherever they stand."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                base = node.module or ""
            else:
                parts = name.split(".") if is_package else name.split(".")[:-1]
                parts = parts[:len(parts) - (node.level - 1)]
                base = ".".join(parts + ([node.module] if node.module else []))
            out.add(base)
            out.update(f"{base}.{alias.name}" for alias in node.names)  # ``from rollwrite import cli``
    return out


def crossings(edges: dict[str, set[str]]) -> list[str]:
    """What breaks the layers, one line each ("importer -> imported: the rule"); see the docstring."""
    found = []
    for importer, targets in sorted(edges.items()):
        for target in sorted(targets):
            if importer in ALLOWED and _within(target, ALLOWED[importer]):
                continue
            if _within(importer, SERVE) and _within(target, CLI):
                found.append(f"{importer} -> {target}: the desk imports nothing of the command line")
            elif _within(importer, CLI) and _within(target, SERVE):
                found.append(f"{importer} -> {target}: only the serve command (rollwrite.cli.serve) starts the desk")
            elif not _within(importer, CLI) and not _within(importer, SERVE) and (
                    _within(target, CLI) or _within(target, SERVE)):
                found.append(f"{importer} -> {target}: the application imports no front end")
            elif _within(importer, CORE) and target.split(".")[0] in FRONT_END_LIBRARIES:
                found.append(f"{importer} -> {target}: the core imports no front end's library")
    return found


def test_the_layers_hold():
    edges = {name: imported(name, tree, path.name == "__init__.py") for name, (path, tree) in modules().items()}
    found = crossings(edges)
    assert not found, "imports across the layers:\n" + "\n".join(found)


def test_the_core_is_there():
    """The application's modules are where the front ends, the docs and scripts look for them."""
    names = set(modules())
    for module in ("challenges", "printrun", "scoring", "puzzles", "par_records", "layout_checks"):
        assert f"{CORE}.{module}" in names


def test_the_check_finds_each_kind_of_crossing():
    tree = ast.parse("from rollwrite.cli import common\nfrom ..cli.printing import x\n"
                     "if TYPE_CHECKING:\n    import rollwrite.serve.db\n")
    assert imported("rollwrite.serve.pages", tree, False) >= {
        "rollwrite.cli", "rollwrite.cli.common", "rollwrite.cli.printing", "rollwrite.serve.db"}
    edges = {
        "rollwrite.serve.pages": {"rollwrite.cli.common", "rollwrite.core.printrun"},
        "rollwrite.cli.roll": {"rollwrite.serve.desk", "rollwrite.core.challenges"},
        "rollwrite.cli.serve": {"rollwrite.serve.app"},
        "rollwrite.core.scoring": {"rollwrite.cli.progress", "rich.console", "rollwrite.games"},
        "rollwrite.games.long_way": {"rollwrite.serve"},
        "rollwrite.__main__": {"rollwrite.cli.fast"},
    }
    assert [line.split(":")[0] for line in crossings(edges)] == [
        "rollwrite.cli.roll -> rollwrite.serve.desk",
        "rollwrite.core.scoring -> rich.console",
        "rollwrite.core.scoring -> rollwrite.cli.progress",
        "rollwrite.games.long_way -> rollwrite.serve",
        "rollwrite.serve.pages -> rollwrite.cli.common",
    ]
