"""``rollwrite print``: render a game's sheets (or a layout file of your own) to PDF, SVG or PNG.

PNG is a preview of the PDF, drawn by PDFium at ``--dpi``; SVG and PNG write one file per page.
"""

from __future__ import annotations

import inspect
from typing import Annotated, Any

import typer

from rollwrite.cli import polish
from rollwrite.cli.root import app, fail
from rollwrite.cli.common import ID_HELP, ScheduleCommand
from rollwrite.cli.options import PRINT_OPTIONS
from rollwrite.cli.printing import print_command_body
from rollwrite.cli.typer_options import options_signature
from rollwrite.errors import RollwriteError


_GAME = inspect.Parameter("game", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=Annotated[str, typer.Argument(
    metavar="GAME", autocompletion=polish.complete_game,
    help="A game (see 'rollwrite games'), the path of a layout .yaml file, " + ID_HELP + ".")])


def print_command(game: str, **options: Any) -> None:
    """Print player sheets, ready to cut and play, to out/GAME.pdf (or SVG, or a PNG preview)."""
    try:
        lines = print_command_body(game, **options)
    except RollwriteError as error:
        raise fail(error) from None
    for line in lines:
        typer.echo(line)


# the command's parameters are the option table's (see cli/options.py), given to Typer as the signature
print_command.__signature__ = options_signature(PRINT_OPTIONS, _GAME)  # type: ignore[attr-defined]
app.command("print", cls=ScheduleCommand)(print_command)
