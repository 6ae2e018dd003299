"""The Typer app that every command adds itself to, and the one way a command reports a RollwriteError.

Apart from :mod:`rollwrite.cli.app` (which imports every command and runs the app) so that a command
module imports this one and nothing imports back.
"""

from __future__ import annotations

import typer

from rollwrite import __version__
from rollwrite.cli.polish import RollwriteGroup
from rollwrite.errors import RollwriteError

app = typer.Typer(
    name="rollwrite",
    cls=RollwriteGroup,  # one error style, help in words, completion (see cli/polish.py)
    help="Print roll-and-write game sheets, roll seeded dice for daily challenges, and check typed-in sheets.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"rollwrite {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", "-V", callback=_version, is_eager=True, help="Show the version and exit."),
) -> None:
    """Print roll-and-write game sheets, roll seeded dice for daily challenges, and check typed-in sheets."""


def fail(error: RollwriteError) -> typer.Exit:
    """Print a RollwriteError to stderr and return the Exit to raise."""
    typer.echo(f"rollwrite: {error}", err=True)
    return typer.Exit(error.exit_code)
