"""``rollwrite solve``: perfect play from a typed-in position, for the games that have a solver.

Exit codes: 0 solved; 1 the position breaks a rule (the problems are listed); 2 a file that cannot be
read, a game without a solver, or a position too large to search exactly.
"""

from __future__ import annotations

import json

import typer

from rollwrite.cli.root import app, fail
from rollwrite.cli.common import QUIET_HELP
from rollwrite.errors import RollwriteError


@app.command("solve")
def solve_command(
    game: str = typer.Argument(..., metavar="GAME", help="The game the position belongs to (see 'rollwrite games')."),
    file: str = typer.Argument(..., metavar="FILE", help="A typed-in position, as for 'rollwrite score'; '-' reads standard input."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON document instead of the report."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help=QUIET_HELP + " The exit code says who wins."),
) -> None:
    """Who wins from a typed-in position with perfect play, and every winning move."""
    # deferred for start-up: `--help` and `games` load this module, not core.solving
    from rollwrite.core.solving import run_solve

    try:
        doc, text, code = run_solve(game, file)
    except RollwriteError as error:
        raise fail(error) from None
    if as_json:  # asked for by name, so printed even with --quiet
        typer.echo(json.dumps(doc, indent=2, ensure_ascii=False))
    elif not quiet:
        typer.echo(text)
    if code:
        raise typer.Exit(code)
