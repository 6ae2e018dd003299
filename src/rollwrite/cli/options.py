"""The options of the commands the quick start-up path runs (``print``, ``games``, ``score``), declared once.

Each table builds both readers of its command line: the Typer command (:mod:`rollwrite.cli.print_cmd`,
:mod:`rollwrite.cli.games` and :mod:`rollwrite.cli.score` turn each entry into a ``typer.Option`` through
:mod:`rollwrite.cli.typer_options`) and the quick path of :mod:`rollwrite.cli.fast`, which reads a plain
command line without importing Typer.  An option added here is known to both; an option written
anywhere else is known to neither.  This module imports nothing heavy, so the quick path stays quick.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rollwrite.cli.common import (BLEED_HELP, CROP_MARKS_HELP, DAILY_HELP, DAYS_HELP, GUTTER_HELP,
                                  HIGH_CONTRAST_HELP, LARGE_PRINT_HELP, MARGIN_HELP, QUIET_HELP, SCALE_HELP,
                                  SEED_HELP, SMALL_PRINT_HELP)
from rollwrite.valueclass import Value

PAPER = "Paper and cutting"
CHALLENGE = "Seeded and daily challenges"
VARIATION = "Variations (games that have them)"


class Opt(Value):  # a Value, not a dataclass: made when the quick path starts (see rollwrite.valueclass)
    """One option of a command.

    ``kind`` is int, float, str, Path or bool.  A bool whose first flag holds a '/' (``--backs/--no-backs``)
    is a switch: None unless given, True or False after.  Any other bool is a flag: False unless given."""

    name: str  # the keyword of the command's body (print_command_body, games_lines, score_command_body)
    flags: tuple[str, ...]
    kind: type
    help: str
    metavar: str | None = None
    panel: str | None = None
    complete: str | None = None  # a completion function of rollwrite.cli.polish

    @property
    def switch(self) -> bool:
        return self.kind is bool and "/" in self.flags[0]

    @property
    def default(self) -> Any:
        return False if self.kind is bool and not self.switch else None

    def words(self) -> dict[str, Any]:
        """Each word that names this option on a command line -> the value it sets (None: the next word
        or the text after '=' gives the value)."""
        if self.kind is not bool:
            return {flag: None for flag in self.flags}
        if not self.switch:
            return {flag: True for flag in self.flags}
        on, off = self.flags[0].split("/")
        return {on: True, off: False}


PRINT_OPTIONS: tuple[Opt, ...] = (
    Opt("players", ("--players", "-n"), int, "How many players need a sheet (default: the game's).", "N"),
    Opt("fmt", ("--format", "-f"), str, "pdf, svg or png (default: from --output's extension, else pdf).",
        "FORMAT", complete="complete_format"),
    Opt("output", ("--output", "-o"), Path,
        "File to write (default: out/GAME.pdf; a challenge adds its id: out/GAME@DATE.pdf, out/GAME+SEED.pdf). "
        "SVG and PNG write one file per page: NAME-1.png, NAME-2.png...", "FILE", complete="complete_file"),
    Opt("force", ("--force",), bool, "Replace the output file even if rollwrite did not write it."),
    Opt("dpi", ("--dpi",), int, "Pixels per inch of a PNG preview (20-600; default 150).", "DPI"),
    Opt("paper", ("--paper", "-p"), str,
        "a3, a4, a5, letter, legal, tabloid, or WIDTHxHEIGHT in mm, cm or in (100x150mm, 4x6in). "
        "Default: the layout's (A4).", "PAPER", PAPER, "complete_paper"),
    Opt("landscape", ("--landscape/--portrait",), bool,
        "Turn the paper (default: the layout's way, turned if the sheets fit only the other way).", panel=PAPER),
    Opt("per_page", ("--per-page",), str,
        "Sheets on each page: a count, a grid such as 2x2, or max for as many as fit.", "N|COLSxROWS|max", PAPER),
    Opt("scale", ("--scale",), float, SCALE_HELP, "FACTOR", PAPER),
    Opt("large_print", ("--large-print",), bool, LARGE_PRINT_HELP, panel=PAPER),
    Opt("crop_marks", ("--crop-marks/--no-crop-marks",), bool, CROP_MARKS_HELP, panel=PAPER),
    Opt("gutter", ("--gutter",), float, GUTTER_HELP, "MM", PAPER),
    Opt("bleed", ("--bleed",), float, BLEED_HELP, "MM", PAPER),
    Opt("margin", ("--margin",), float, MARGIN_HELP, "MM", PAPER),
    Opt("backs", ("--backs/--no-backs",), bool,
        "For layouts with backs (cards): print them on the following pages, mirrored for double-sided "
        "printing.", panel=PAPER),
    Opt("duplex", ("--duplex",), str,
        "How the backs are printed double-sided: long (the paper turned over about its long edge, most "
        "printers' default) or short. Each back is placed behind its front for that turn.", "long|short", PAPER),
    Opt("pod", ("--pod",), bool,
        "Print on demand: a deck one card to a page at a shop's poker size (63.5 x 88.9 mm trim, 1/8 in "
        "bleed, TrimBox and BleedBox on every page), each back on its own page after its front.", panel=PAPER),
    Opt("cmyk", ("--cmyk",), bool, "PDF colours in CMYK (as many print shops ask), not RGB.", panel=PAPER),
    Opt("seed", ("--seed", "-s"), str, SEED_HELP, "SEED", CHALLENGE),
    Opt("daily", ("--daily", "-d"), str, DAILY_HELP, "[DATE]", CHALLENGE),
    Opt("days", ("--days",), int, DAYS_HELP, "N", CHALLENGE),
    Opt("split", ("--split",), bool, "With --days: one file per day, named after its date.", panel=CHALLENGE),
    Opt("quiet", ("--quiet", "-q"), bool, QUIET_HELP),
    Opt("high_contrast", ("--high-contrast",), bool, HIGH_CONTRAST_HELP, panel=PAPER),
    Opt("small_print", ("--small-print",), bool, SMALL_PRINT_HELP, panel=PAPER),
    Opt("size", ("--size",), int, "Board size.", "N", VARIATION),
    Opt("turns", ("--turns",), int,
        "How many turns the game lasts. For a layout of your own: the length of its dice schedule.", "N", VARIATION),
    Opt("dice", ("--dice",), int, "Dice rolled each turn.", "N", VARIATION),
    Opt("sides", ("--sides",), int, "Sides of each die.", "N", VARIATION),
)

GAMES_OPTIONS: tuple[Opt, ...] = (
    Opt("as_json", ("--json", "-j"), bool, "Print one JSON list instead of the table: each game's slug, title, "
        "summary, players (fewest, most) and the commands it takes."),
    Opt("quiet", ("--quiet", "-q"), bool, QUIET_HELP),
)

SCORE_OPTIONS: tuple[Opt, ...] = (
    Opt("claimed", ("--claimed", "-c"), str,
        "The score you worked out (one per player, comma-separated): checked against the sheet.", "SCORE[,SCORE...]"),
    Opt("as_json", ("--json", "-j"), bool, "Print one JSON document instead of the report."),
    Opt("seed", ("--seed", "-s"), str, "Also check the sheet against this seed's dice. " + SEED_HELP, "SEED"),
    Opt("daily", ("--daily", "-d"), str, "Also check the sheet against the daily challenge's dice. " + DAILY_HELP,
        "[DATE]"),
    Opt("jsonl", ("--jsonl",), bool,
        "Print one JSON object per sheet, one per line, in input order, as each is done."),
    Opt("from_jsonl", ("--from-jsonl",), str,
        "Read the sheets from JSON Lines ('-': standard input), one object per line: "
        "{\"name\": ..., \"text\": the typed-in sheet}.", "FILE"),
    Opt("jobs", ("--jobs",), int, "Score on N processes at once (default: one per core).", "N"),
    Opt("puzzle", ("--puzzle",), bool,
        "The sheet answers the puzzle of the id or --seed/--daily ('rollwrite puzzle'): check its rolls and say "
        "how it compares with par."),
    Opt("quiet", ("--quiet", "-q"), bool, QUIET_HELP + " The exit code says how the sheets fared."),
)
