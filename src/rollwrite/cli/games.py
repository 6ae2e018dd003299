"""``rollwrite games``: the games rollwrite knows, one line each (or as JSON)."""

from __future__ import annotations

from typing import Any

import typer

from rollwrite.cli.listing import games_lines
from rollwrite.cli.options import GAMES_OPTIONS
from rollwrite.cli.root import app
from rollwrite.cli.typer_options import options_signature


def games_command(**options: Any) -> None:
    """List the games rollwrite knows, one line each."""
    for line in games_lines(**options):
        typer.echo(line)


# the command's parameters are the option table's (see cli/options.py), given to Typer as the signature
games_command.__signature__ = options_signature(GAMES_OPTIONS)  # type: ignore[attr-defined]
app.command("games")(games_command)
