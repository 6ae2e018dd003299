"""``rollwrite solve``: perfect play from a typed-in position, for the games that have a solver.

Exit codes: 0 solved; 1 the position breaks a rule (the problems are listed); 2 a file that cannot be
read, a game without a solver, or a position too large to search exactly.
"""

from __future__ import annotations

import json

import typer

from rollwrite.cli.app import app, fail
from rollwrite.errors import RollwriteError, UsageError


@app.command("solve")
def solve_command(
    game: str = typer.Argument(..., metavar="GAME", help="The game the position belongs to (see 'rollwrite games')."),
    file: str = typer.Argument(..., metavar="FILE", help="A typed-in position, as for 'rollwrite score'; '-' reads standard input."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON document instead of the report."),
) -> None:
    """Who wins from a typed-in position with perfect play, and every winning move."""
    try:
        doc, text, code = run_solve(game, file)
    except RollwriteError as error:
        raise fail(error) from None
    if as_json:
        typer.echo(json.dumps(doc, indent=2, ensure_ascii=False))
    else:
        typer.echo(text)
    if code:
        raise typer.Exit(code)


def run_solve(game: str, name: str) -> tuple[dict, str, int]:
    """(JSON document, report text, exit code) for solving the position in file ``name``."""
    from rollwrite import games
    from rollwrite.cli.score import STDIN, _read
    from rollwrite.spec.layout import load_builtin

    layout = load_builtin(game)
    g = games.get(layout.game)
    if g is None or not g.can_solve:
        solvers = [s for s in games.known() if getattr(games.get(s), "can_solve", False)]
        raise UsageError(f"{game} has no solver", hint=f"games with a solver: {', '.join(solvers) or 'none'}")
    text = _read(name, layout.game)
    source = "<stdin>" if name == STDIN else name
    sheet = g.parse(text, source, layout.data)
    problems = g.check(sheet, layout.data, None)
    if problems:
        lines = [f"== {name} ({g.title})", f"{len(problems)} rule problem{'s' if len(problems) != 1 else ''}:"]
        lines.extend(f"  - {p}" for p in problems)
        lines.append("nothing to solve: the position breaks a rule")
        doc = {"file": name, "game": layout.game, "valid": False, "problems": [p.to_json() for p in problems]}
        return doc, "\n".join(lines), 1
    result = g.solve(sheet, layout.data)
    doc = {"file": name, "game": layout.game, "valid": True, "exact": result.exact, "headline": result.headline,
           **result.result}
    lines = [f"== {name} ({g.title})"]
    if result.report:
        lines.append(result.report.rstrip("\n"))
    lines.append(result.headline)
    return doc, "\n".join(lines), 0
