"""What the commands that take a challenge (``roll``, ``print``, ``puzzle``, ``score``) share on the
command line: the help texts of their common options, and ``--daily`` standing without a value.

The challenges themselves (ids, variations, schedules) are rollwrite.core.challenges.

    ScheduleCommand
        The command class that lets ``--daily`` stand without a value: pass it as
        ``@app.command("print", cls=ScheduleCommand)`` and declare the option as
        ``daily: Optional[str] = typer.Option(None, "--daily", metavar="[DATE]", help=DAILY_HELP)``.
        The command then receives ``daily=None`` (not given), ``"today"`` (given alone) or the text of
        the date.  A word after ``--daily`` is taken as its date when it starts with a digit or is
        ``today``; anything else (the game's name, another option) leaves ``--daily`` on its own.

    rewrite_daily(args) -> args
        The command line as ScheduleCommand reads it: ``--daily`` alone becomes ``--daily=today``.

Nothing here imports Typer but ScheduleCommand, when first used.
"""

from __future__ import annotations

from typing import Any

from rollwrite.core.challenges import TODAY

ID_HELP = "or a challenge id such as long-way#picnic or wobbly-cafe@2026-11-22"

# the page options print and puzzle share, said once
SCALE_HELP = "Print each sheet this many times its size (0.25 to 4; default 1)."
LARGE_PRINT_HELP = "Bigger boxes and text (9 pt and up) for players who need them: the same as --scale 1.41."
CROP_MARKS_HELP = ("Crop marks on every cutting line, in the margins and gutters; each sheet is cut 3 mm clear of "
                   "its drawing (default: the layout's; else dashed cut lines).")
GUTTER_HELP = "Space between sheets on a page, in mm."
BLEED_HELP = "How far each sheet's drawing may reach past its cut edge, in mm."
MARGIN_HELP = "Blank paper kept round the page's edge, in mm."
QUIET_HELP = "Only errors: no report, no list of files written, no progress bar (JSON asked for with --json is still printed)."
HIGH_CONTRAST_HELP = "Thicker, darker lines and text, for players with low vision."
SMALL_PRINT_HELP = ("Print even when a scale or small paper puts text under 6 pt (refused otherwise); every page's "
                    "footer then says how small.")
SEED_HELP = "A seeded challenge: the same seed gives everyone the same dice (e.g. --seed picnic)."
DAILY_HELP = (
    "The daily challenge of DATE (YYYY-MM-DD, a UTC day); without a date, today's in UTC. "
    "Write it as --daily, --daily 2026-11-22 or --daily=2026-11-22."
)
DAYS_HELP = ("With --daily: that many days from DATE on, one page each (a year: --days 365); "
             "--split writes a file per day.")


def _takes_value(word: str) -> bool:
    return (word[:1].isascii() and word[:1].isdigit()) or word.strip().lower() == TODAY


def rewrite_daily(args: list[str]) -> list[str]:
    """``--daily`` without a date becomes ``--daily=today``; ``--daily DATE`` becomes ``--daily=DATE``."""
    out: list[str] = []
    i = 0
    while i < len(args):
        word = args[i]
        if word == "--":
            out.extend(args[i:])
            break
        if word in ("--daily", "-d"):
            nxt = args[i + 1] if i + 1 < len(args) else None
            if nxt is not None and _takes_value(nxt):
                out.append(f"--daily={nxt}")
                i += 2
                continue
            out.append(f"--daily={TODAY}")
        else:
            out.append(word)
        i += 1
    return out


def _schedule_command() -> type:
    # deferred for start-up: `print long-way` and 10 more commands need this module, not this import
    from typer.core import TyperCommand

    class ScheduleCommand(TyperCommand):
        """A command whose ``--daily`` option may stand without a value (see the module's docstring)."""

        def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
            return super().parse_args(ctx, rewrite_daily(list(args)))

    ScheduleCommand.__module__ = __name__
    return ScheduleCommand


def __getattr__(name: str) -> Any:
    # ScheduleCommand is made on first use, so that a print run by the quick start-up path
    # (cli/fast.py), which uses this module, never imports Typer.
    if name == "ScheduleCommand":
        cls = globals()["ScheduleCommand"] = _schedule_command()
        return cls
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class Discard:
    """A text stream that keeps nothing: where a quiet command's report goes."""

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass
