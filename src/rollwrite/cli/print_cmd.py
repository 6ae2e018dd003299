"""``rollwrite print``: render a game's sheets (or a layout file of your own) to PDF, SVG or PNG.

PNG is a preview of the PDF, drawn by PDFium at ``--dpi``; SVG and PNG write one file per page.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from rollwrite.cli.app import app, fail
from rollwrite.cli.common import (BLEED_HELP, CROP_MARKS_HELP, DAILY_HELP, DAYS_HELP, GUTTER_HELP,
                                  HIGH_CONTRAST_HELP, ID_HELP, LARGE_PRINT_HELP, MARGIN_HELP, QUIET_HELP,
                                  SCALE_HELP, SEED_HELP, ScheduleCommand)
from rollwrite.cli.polish import complete_file, complete_format, complete_game, complete_paper
from rollwrite.cli.printing import _Job, _plan, print_command_body, print_scene, run_print  # noqa: F401 - the library side
from rollwrite.errors import RollwriteError

PAPER = "Paper and cutting"
CHALLENGE = "Seeded and daily challenges"
VARIATION = "Variations (games that have them)"


@app.command("print", cls=ScheduleCommand)
def print_command(
    game: str = typer.Argument(..., metavar="GAME", autocompletion=complete_game, help="A game (see 'rollwrite games'), the path of a layout .yaml file, " + ID_HELP + "."),
    players: Optional[int] = typer.Option(None, "--players", "-n", metavar="N", help="How many players need a sheet (default: the game's)."),
    fmt: Optional[str] = typer.Option(None, "--format", "-f", metavar="FORMAT", autocompletion=complete_format, help="pdf, svg or png (default: from --output's extension, else pdf)."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", metavar="FILE", autocompletion=complete_file, help="File to write (default: out/GAME.pdf; a challenge adds its id: out/GAME@DATE.pdf, out/GAME+SEED.pdf). SVG and PNG write one file per page: NAME-1.png, NAME-2.png..."),
    force: bool = typer.Option(False, "--force", help="Replace the output file even if rollwrite did not write it."),
    dpi: Optional[int] = typer.Option(None, "--dpi", metavar="DPI", help="Pixels per inch of a PNG preview (20-600; default 150)."),
    paper: Optional[str] = typer.Option(None, "--paper", "-p", metavar="PAPER", autocompletion=complete_paper, rich_help_panel=PAPER,
                                        help="a3, a4, a5, letter, legal, tabloid, or WIDTHxHEIGHT in mm, cm or in (100x150mm, 4x6in). Default: the layout's (A4)."),
    landscape: Optional[bool] = typer.Option(None, "--landscape/--portrait", show_default=False, rich_help_panel=PAPER,
                                             help="Turn the paper (default: the layout's way, turned if the sheets fit only the other way)."),
    per_page: Optional[str] = typer.Option(None, "--per-page", metavar="N|COLSxROWS|max", rich_help_panel=PAPER,
                                           help="Sheets on each page: a count, a grid such as 2x2, or max for as many as fit."),
    scale: Optional[float] = typer.Option(None, "--scale", metavar="FACTOR", rich_help_panel=PAPER,
                                          help=SCALE_HELP),
    large_print: bool = typer.Option(False, "--large-print", rich_help_panel=PAPER, help=LARGE_PRINT_HELP),
    crop_marks: Optional[bool] = typer.Option(None, "--crop-marks/--no-crop-marks", show_default=False, rich_help_panel=PAPER,
                                              help=CROP_MARKS_HELP),
    gutter: Optional[float] = typer.Option(None, "--gutter", metavar="MM", rich_help_panel=PAPER, help=GUTTER_HELP),
    bleed: Optional[float] = typer.Option(None, "--bleed", metavar="MM", rich_help_panel=PAPER, help=BLEED_HELP),
    margin: Optional[float] = typer.Option(None, "--margin", metavar="MM", rich_help_panel=PAPER, help=MARGIN_HELP),
    backs: Optional[bool] = typer.Option(None, "--backs/--no-backs", show_default=False, rich_help_panel=PAPER,
                                         help="For layouts with backs (cards): print them on the following pages, mirrored for double-sided printing."),
    seed: Optional[str] = typer.Option(None, "--seed", "-s", metavar="SEED", help=SEED_HELP, rich_help_panel=CHALLENGE),
    daily: Optional[str] = typer.Option(None, "--daily", "-d", metavar="[DATE]", help=DAILY_HELP, rich_help_panel=CHALLENGE),
    days: Optional[int] = typer.Option(None, "--days", metavar="N", help=DAYS_HELP, rich_help_panel=CHALLENGE),
    split: bool = typer.Option(False, "--split", help="With --days: one file per day, named after its date.",
                               rich_help_panel=CHALLENGE),
    quiet: bool = typer.Option(False, "--quiet", "-q", help=QUIET_HELP),
    high_contrast: bool = typer.Option(False, "--high-contrast", rich_help_panel=PAPER, help=HIGH_CONTRAST_HELP),
    size: Optional[int] = typer.Option(None, "--size", metavar="N", rich_help_panel=VARIATION, help="Board size."),
    turns: Optional[int] = typer.Option(None, "--turns", metavar="N", rich_help_panel=VARIATION, help="How many turns the game lasts. For a layout of your own: the length of its dice schedule."),
    dice: Optional[int] = typer.Option(None, "--dice", metavar="N", rich_help_panel=VARIATION, help="Dice rolled each turn."),
    sides: Optional[int] = typer.Option(None, "--sides", metavar="N", rich_help_panel=VARIATION, help="Sides of each die."),
) -> None:
    """Print player sheets, ready to cut and play, to out/GAME.pdf (or SVG, or a PNG preview)."""
    try:
        lines = print_command_body(
            game, players=players, fmt=fmt, output=output, force=force, dpi=dpi, paper=paper,
            landscape=landscape, per_page=per_page, scale=scale, large_print=large_print,
            crop_marks=crop_marks, gutter=gutter, bleed=bleed, margin=margin, backs=backs, seed=seed,
            daily=daily, days=days, split=split, quiet=quiet, size=size, turns=turns, dice=dice, sides=sides,
            high_contrast=high_contrast)
    except RollwriteError as error:
        raise fail(error) from None
    for line in lines:
        typer.echo(line)
