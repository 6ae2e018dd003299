"""The Typer app and its error boundary.

Commands stay thin: they parse options, call library code and print.  Library code raises
RollwriteError; ``main`` turns it into ``file:line:col: key.path: message`` on stderr and an exit code
(1 rule violation or wrong claim, 2 unusable input or wrong usage).  Heavy libraries (reportlab,
svgwrite) are imported only inside the commands that render.
"""

from __future__ import annotations

import os
import sys

import typer
from typer.main import get_command

# each command module adds its command to the app when imported; none imports anything heavy at top level
from rollwrite.cli import check_layout, games, print_cmd, puzzle, roll, score, serve, solve  # noqa: F401
from rollwrite.cli.root import app, fail  # noqa: F401  (fail: re-exported)
from rollwrite.errors import RollwriteError


def main() -> None:
    """Console entry point: run the app; any RollwriteError that escapes becomes a message + exit code."""
    try:
        get_command(app)(prog_name="rollwrite", standalone_mode=True)
    except RollwriteError as error:  # pragma: no cover - commands catch their own; this is the last net
        typer.echo(f"rollwrite: {error}", err=True)
        sys.exit(error.exit_code)
    except KeyboardInterrupt:  # pragma: no cover
        typer.echo("rollwrite: interrupted", err=True)
        sys.exit(130)
    except Exception as exc:  # pragma: no cover - a bug: say so in one line, details on request
        if os.environ.get("ROLLWRITE_DEBUG"):
            raise
        typer.echo(f"rollwrite: internal error: {type(exc).__name__}: {exc}", err=True)
        typer.echo("  hint: this is a bug in rollwrite; run again with ROLLWRITE_DEBUG=1 for the details", err=True)
        sys.exit(3)
