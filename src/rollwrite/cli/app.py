"""The Typer app and its error boundary.

Commands stay thin: they parse options, call rollwrite.core and print.  The core raises RollwriteError;
the error boundary (cli/boundary.py) turns one that escapes a command into ``file:line:col: key.path:
message`` on stderr and an exit code (1 rule violation or wrong claim, 2 unusable input or wrong
usage).  Heavy libraries (reportlab, svgwrite) are imported only inside the commands that render.
"""

from __future__ import annotations

from typer.main import get_command

# each command module adds its command to the app when imported; none imports anything heavy at top level
from rollwrite.cli import check_layout, games, print_cmd, puzzle, roll, score, serve, solve  # noqa: F401
from rollwrite.cli.boundary import run_and_exit
from rollwrite.cli.root import app, fail  # noqa: F401  (fail: re-exported)


def main() -> None:
    """Console entry point for every command line the quick path (cli/fast.py) leaves to Typer: run the
    app inside the one error boundary (cli/boundary.py)."""
    run_and_exit(lambda: get_command(app)(prog_name="rollwrite", standalone_mode=True))
