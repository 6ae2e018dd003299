"""``rollwrite puzzle``: solo puzzles with every roll known in advance, their par, and answer pages.

A puzzle uses the dice of a challenge (``--seed`` / ``--daily``), so its rolls are what ``rollwrite roll``
shows for the same id; its own id adds `` puzzle``.  The game's solver finds par; ``--with-solutions``
appends answer pages (a sheet that reaches par, drawn in the sheet's own elements) and ``--answers DIR``
writes each answer as a typed-in sheet that ``rollwrite score ... --puzzle`` accepts.  The puzzles are
made by rollwrite.core.puzzles; this module reads the options and says what was made.
"""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path
from typing import Any, Optional

import typer

from rollwrite.cli.common import (
    BLEED_HELP, CROP_MARKS_HELP, DAILY_HELP, GUTTER_HELP, HIGH_CONTRAST_HELP, LARGE_PRINT_HELP, MARGIN_HELP,
    QUIET_HELP, SCALE_HELP, SEED_HELP, SMALL_PRINT_HELP, ScheduleCommand,
)
from rollwrite.cli.printing import written_lines
from rollwrite.cli.progress import progress
from rollwrite.cli.root import app, fail
from rollwrite.errors import RollwriteError, UsageError, printable

CHALLENGE = "Which puzzles"
OUTPUT = "Output"


@app.command("puzzle", cls=ScheduleCommand)
def puzzle_command(
    game: str = typer.Argument(..., metavar="GAME", help="A game that makes puzzles (see 'rollwrite games'), or a challenge id such as wobbly-cafe@2026-11-22."),
    seed: Optional[str] = typer.Option(None, "--seed", "-s", metavar="SEED", help=SEED_HELP, rich_help_panel=CHALLENGE),
    daily: Optional[str] = typer.Option(None, "--daily", "-d", metavar="[DATE]", help=DAILY_HELP, rich_help_panel=CHALLENGE),
    days: Optional[int] = typer.Option(None, "--days", metavar="N", rich_help_panel=CHALLENGE,
                                       help="The puzzles of N days in a row, from --daily's date: a booklet."),
    count: int = typer.Option(1, "--count", metavar="K", rich_help_panel=CHALLENGE,
                              help="K puzzles for each seed or day: the first uses its dice, the others the seeds SEED/2 ... SEED/K (DATE/2 ... for a day)."),
    with_solutions: bool = typer.Option(False, "--with-solutions", help="Append answer pages, after all the puzzles: a sheet that reaches par, drawn as a player would fill it in."),
    answers_after_each: bool = typer.Option(False, "--answers-after-each", help="With --with-solutions: each answer's page right after its puzzle's (never on the same page)."),
    answers: Optional[Path] = typer.Option(None, "--answers", metavar="DIR", help="Also write each answer as a typed-in sheet into DIR (checked by 'rollwrite score ... --puzzle')."),
    hide_par: bool = typer.Option(False, "--hide-par", help="Leave par off the puzzle pages."),
    difficulty: Optional[str] = typer.Option(None, "--difficulty", metavar="LEVEL", rich_help_panel=CHALLENGE,
                                             help="easy, medium or hard: for each puzzle that is not, the first of the seeds SEED/LEVEL/1, SEED/LEVEL/2 ... that is."),
    as_json: bool = typer.Option(False, "--json", help="Print each puzzle's id, par and bound as JSON instead of a summary."),
    fmt: Optional[str] = typer.Option(None, "--format", "-f", metavar="FORMAT", rich_help_panel=OUTPUT, help="pdf, svg or png (default: from --output's extension, else pdf)."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", metavar="FILE", rich_help_panel=OUTPUT, help="File to write (default: out/GAME-puzzle@DATE.pdf or out/GAME-puzzle+SEED.pdf)."),
    paper: Optional[str] = typer.Option(None, "--paper", "-p", metavar="PAPER", rich_help_panel=OUTPUT, help="a3, a4, a5, letter, legal, tabloid, or WIDTHxHEIGHT (default: the layout's)."),
    per_page: Optional[str] = typer.Option(None, "--per-page", metavar="N|COLSxROWS|max", rich_help_panel=OUTPUT, help="Sheets on each page."),
    dpi: Optional[int] = typer.Option(None, "--dpi", metavar="DPI", rich_help_panel=OUTPUT, help="Pixels per inch of a PNG preview."),
    size: Optional[int] = typer.Option(None, "--size", metavar="N", help="Board size, for games that have one."),
    kind: Optional[str] = typer.Option(None, "--kind", metavar="KIND", rich_help_panel=CHALLENGE,
                                       help="game (the whole game, the default) or, for long-way, finish: a store built by the automatic player and the next two rolls, par proven."),
    force: bool = typer.Option(False, "--force", rich_help_panel=OUTPUT, help="Replace output files even if rollwrite did not write them."),
    split: bool = typer.Option(False, "--split", rich_help_panel=CHALLENGE, help="With --days: one file per day, named after its date."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help=QUIET_HELP),
    landscape: Optional[bool] = typer.Option(None, "--landscape/--portrait", show_default=False, rich_help_panel=OUTPUT,
                                             help="Turn the paper (default: the layout's way)."),
    scale: Optional[float] = typer.Option(None, "--scale", metavar="FACTOR", rich_help_panel=OUTPUT, help=SCALE_HELP),
    large_print: bool = typer.Option(False, "--large-print", rich_help_panel=OUTPUT, help=LARGE_PRINT_HELP),
    crop_marks: Optional[bool] = typer.Option(None, "--crop-marks/--no-crop-marks", show_default=False,
                                              rich_help_panel=OUTPUT, help=CROP_MARKS_HELP),
    gutter: Optional[float] = typer.Option(None, "--gutter", metavar="MM", rich_help_panel=OUTPUT, help=GUTTER_HELP),
    bleed: Optional[float] = typer.Option(None, "--bleed", metavar="MM", rich_help_panel=OUTPUT, help=BLEED_HELP),
    margin: Optional[float] = typer.Option(None, "--margin", metavar="MM", rich_help_panel=OUTPUT, help=MARGIN_HELP),
    high_contrast: bool = typer.Option(False, "--high-contrast", rich_help_panel=OUTPUT, help=HIGH_CONTRAST_HELP),
    small_print: bool = typer.Option(False, "--small-print", rich_help_panel=OUTPUT, help=SMALL_PRINT_HELP),
    jobs: Optional[int] = typer.Option(None, "--jobs", metavar="N", help="Make the puzzles on N processes at once (default: one per core; one Long Way puzzle runs its searches on them); the files are the same on any number."),
) -> None:
    """Print solo puzzles: the whole schedule is known before the first mark; reach par."""
    # deferred for start-up: `--help` and `games` load this module, not core.puzzles
    from rollwrite.core.puzzles import run_puzzle

    try:
        options: dict[str, Any] = {"size": size, "finish": _kind_option(kind)}
        puzzles, written = run_puzzle(game, seed=seed, daily=daily, days=days, count=count,
                                      with_solutions=with_solutions, answers=answers, hide_par=hide_par, fmt=fmt,
                                      output=output, paper=paper, per_page=per_page, dpi=dpi,
                                      options=options, force=force, split=split,
                                      answers_after_each=answers_after_each, difficulty=difficulty, jobs=jobs,
                                      page={"landscape": landscape, "scale": scale, "large_print": large_print,
                                            "crop_marks": crop_marks, "gutter": gutter, "bleed": bleed,
                                            "margin": margin, "high_contrast": high_contrast,
                                            "small_print": small_print},
                                      progress=partial(progress, quiet=quiet))
    except RollwriteError as error:
        raise fail(error) from None
    if as_json:  # asked for by name, so printed even with --quiet (which still leaves off the bar)
        doc: Any = [p.to_json() for p in puzzles]
        typer.echo(json.dumps(doc[0] if len(doc) == 1 else doc, indent=2, ensure_ascii=False))
        return
    if quiet:
        return
    for p in puzzles:
        line = f"{p.id}: {p.par_text() or p.prompt}" + (f" [{p.difficulty}]" if p.difficulty else "")
        if len(p.parts) > 1:
            line += " (" + ", ".join(_part_text(part) for part in p.parts) + ")"
        typer.echo(line)

    files = [(path, n) for path, n in written if n]
    notes = [path for path, n in written if not n]  # the typed-in answers
    for line in written_lines(files):
        typer.echo(line)
    if len(notes) > 20:
        typer.echo(printable(f"wrote {len(notes)} answers: {notes[0]} ... {notes[-1]}"))
    else:
        for path in notes:
            typer.echo(printable(f"wrote {path}"))


def _part_text(part: dict) -> str:
    if part.get("proven"):
        return f"{part['name']} {part['par']}"
    return f"{part['name']} {part['par']}-{part['bound']}"


#: the kinds of puzzle ``--kind`` names
KINDS = ("game", "finish")


def _kind_option(kind: str | None) -> int | None:
    """``--kind``'s puzzle option: 1 for ``finish`` (the game's ``finish`` option), None for ``game``."""
    if kind is None or kind.lower() == "game":
        return None
    if kind.lower() == "finish":
        return 1
    raise UsageError(f"unknown puzzle kind '{kind}'", hint=f"--kind is one of {', '.join(KINDS)}")
