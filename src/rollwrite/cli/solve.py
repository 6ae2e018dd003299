"""``rollwrite solve``: perfect play from a typed-in position, for the games that have a solver.

Exit codes: 0 solved; 1 the position breaks a rule (the problems are listed); 2 a file that cannot be
read, a game without a solver, or a position too large to search exactly.
"""

from __future__ import annotations

import json
from typing import Any

import typer

from rollwrite.cli.root import app, fail
from rollwrite.cli.common import QUIET_HELP
from rollwrite.core.scoring import STDIN, read_sheet
from rollwrite.errors import RollwriteError, UsageError


@app.command("solve")
def solve_command(
    game: str = typer.Argument(..., metavar="GAME", help="The game the position belongs to (see 'rollwrite games')."),
    file: str = typer.Argument(..., metavar="FILE", help="A typed-in position, as for 'rollwrite score'; '-' reads standard input."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON document instead of the report."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help=QUIET_HELP + " The exit code says who wins."),
) -> None:
    """Who wins from a typed-in position with perfect play, and every winning move."""
    try:
        doc, text, code = run_solve(game, file)
    except RollwriteError as error:
        raise fail(error) from None
    if quiet:
        pass
    elif as_json:
        typer.echo(json.dumps(doc, indent=2, ensure_ascii=False))
    else:
        typer.echo(text)
    if code:
        raise typer.Exit(code)


def run_solve(game: str, name: str) -> tuple[dict, str, int]:
    """(JSON document, report text, exit code) for solving the position in file ``name``."""
    # deferred for start-up: `--help` needs this module, not games
    from rollwrite import games

    g = games.get(game)
    if g is None or not g.can_solve:
        solvers = [s for s in games.known() if getattr(games.get(s), "can_solve", False)]
        if g is None:
            # deferred for start-up: `games`, `--help` need this module, not layoutlang.layout
            from rollwrite.layoutlang.layout import load_builtin

            load_builtin(game)  # an unknown name: its message lists the games
        raise UsageError(f"{game} has no solver", hint=f"games with a solver: {', '.join(solvers) or 'none'}")
    data = _data(g)
    text = read_sheet(name, g.slug)
    source = "<stdin>" if name == STDIN else name
    sheet = g.parse(text, source, data)
    problems = list(g.evaluate(sheet, data, None).problems)
    if problems:
        lines = [f"== {name} ({g.title})", f"{len(problems)} rule problem{'s' if len(problems) != 1 else ''}:"]
        lines.extend(f"  - {p}" for p in problems)
        lines.append("nothing to solve: the position breaks a rule")
        doc = {"file": name, "game": g.slug, "valid": False, "problems": [p.to_json() for p in problems]}
        return doc, "\n".join(lines), 1
    result = g.solve(sheet, data)
    doc = {"file": name, "game": g.slug, "valid": True, "exact": result.exact, "headline": result.headline,
           **result.result}
    lines = [f"== {name} ({g.title})"]
    if result.report:
        lines.append(result.report.rstrip("\n"))
    lines.append(result.headline)
    return doc, "\n".join(lines), 0


def _data(g: Any) -> Any:
    """The game's layout ``data:`` section, read without building the sheet: a solver draws nothing,
    so the drawing code is never imported."""
    # deferred for start-up: `games`, `--help` need this module, not resources, layoutlang.nodes, layoutlang.loading
    from rollwrite.resources import layouts_dir
    from rollwrite.layoutlang.nodes import Map
    from rollwrite.layoutlang.loading import load_yaml_file

    root = load_yaml_file(layouts_dir() / f"{g.slug}.yaml", display=f"layouts/{g.slug}.yaml")
    return g.load_data(root.get("data") if isinstance(root, Map) else None)
