"""``rollwrite score``: check typed-in sheets against the rules (and a seeded schedule) and score them.

Exit codes: 0 every sheet is legal and every claimed score is right; 1 a rule is broken or a claim is
wrong; 2 a file could not be read or parsed, or the command was used wrongly.
"""

from __future__ import annotations

import inspect
from typing import Annotated, Any, Optional

import typer

from rollwrite.cli.common import ID_HELP, ScheduleCommand
from rollwrite.cli.options import SCORE_OPTIONS
from rollwrite.cli.polish import complete_file, complete_game
from rollwrite.cli.root import app, fail
from rollwrite.cli.scoring import score_command_body
from rollwrite.cli.typer_options import options_signature
from rollwrite.errors import RollwriteError

_ARGUMENT = inspect.Parameter.POSITIONAL_OR_KEYWORD
_GAME = inspect.Parameter("game", _ARGUMENT, annotation=Annotated[str, typer.Argument(
    metavar="GAME", autocompletion=complete_game,
    help="The game the sheets belong to (see 'rollwrite games'), " + ID_HELP + " to check the dice too.")])
_FILES = inspect.Parameter("files", _ARGUMENT, default=None, annotation=Annotated[Optional[list[str]], typer.Argument(
    metavar="FILE...", autocompletion=complete_file,
    help="Typed-in sheets or folders of them (every file in a folder, in name order); '-' reads standard input.")])


def score_command(game: str, files: Optional[list[str]] = None, **options: Any) -> None:
    """Check typed-in sheets: every rule, the dice of a seeded game, and the arithmetic."""
    try:
        worst = score_command_body(game, files, **options)
    except RollwriteError as error:
        raise fail(error) from None
    if worst:
        raise typer.Exit(worst)


# the command's parameters are the option table's (see cli/options.py), given to Typer as the signature
score_command.__signature__ = options_signature(SCORE_OPTIONS, _GAME, _FILES)  # type: ignore[attr-defined]
app.command("score", cls=ScheduleCommand)(score_command)
