"""``rollwrite print``: render a game's sheets (or a layout file of your own) to PDF, SVG or PNG.

PNG is a preview of the PDF, drawn by PDFium at ``--dpi``; SVG and PNG write one file per page.
"""

from __future__ import annotations

import inspect
from typing import Annotated, Any, Optional

import typer

from rollwrite.cli import polish
from rollwrite.cli.root import app, fail
from rollwrite.cli.common import ID_HELP, ScheduleCommand
from rollwrite.cli.options import PRINT_OPTIONS, Opt
from rollwrite.cli.printing import print_command_body
from rollwrite.errors import RollwriteError


def _parameter(opt: Opt) -> inspect.Parameter:
    """The Typer parameter of one entry of the option table."""
    extra: dict[str, Any] = {}
    if opt.metavar is not None:
        extra["metavar"] = opt.metavar
    if opt.panel is not None:
        extra["rich_help_panel"] = opt.panel
    if opt.complete is not None:
        extra["autocompletion"] = getattr(polish, opt.complete)
    if opt.switch:
        extra["show_default"] = False
    kind = opt.kind if opt.kind is bool and not opt.switch else Optional[opt.kind]
    option = typer.Option(*opt.flags, help=opt.help, **extra)
    return inspect.Parameter(opt.name, inspect.Parameter.KEYWORD_ONLY, default=opt.default,
                             annotation=Annotated[kind, option])


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
print_command.__signature__ = inspect.Signature([_GAME, *map(_parameter, PRINT_OPTIONS)])  # type: ignore[attr-defined]
app.command("print", cls=ScheduleCommand)(print_command)
