"""The rollwrite CLI run in the test process.  ``typer.testing.CliRunner.invoke(app, ...)`` builds the Click
command from the Typer app again on every call (about 6 ms; the suite makes some 850 calls): it is built
once here with Typer's public ``typer.main.get_command`` and run with Click's own test runner, which is
what Typer's runner does after building it."""

from __future__ import annotations

from click.testing import CliRunner, Result
from typer.main import get_command

from rollwrite.cli.app import app

COMMAND = get_command(app)


def invoke(args: list[str], **options) -> Result:  # noqa: ANN003 - CliRunner.invoke's options
    """``CliRunner().invoke(COMMAND, args, **options)``: input=, env=, catch_exceptions= as Click takes them."""
    return CliRunner().invoke(COMMAND, args, **options)
