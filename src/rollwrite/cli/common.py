"""What the commands that take a dice schedule (``roll``, ``print``, ``score``) share.

``--seed S`` names a seeded schedule; ``--daily [DATE]`` names the daily challenge of DATE (YYYY-MM-DD,
a UTC day), or of today in UTC when no date follows.  The functions here turn those two options into
a game id and a schedule:

    resolve_schedule_id(game: str, seed: str | None, daily: str | None, *, required: bool = False)
        -> tuple[str | None, str | None, str | None]
        (id, normalised seed, ISO date): ("long-way#picnic", "picnic", None) or
        ("long-way@2026-11-22", None, "2026-11-22"); (None, None, None) when neither option was given
        (a UsageError instead when ``required``).  A UsageError for both options at once, an empty or
        unusable seed, or a date that is not YYYY-MM-DD or does not exist.

    resolve_schedule(game: str, spec: DiceSpec, *, seed: str | None, daily: str | None,
                     turns: int | None = None) -> Schedule
        The schedule of that id with the shape ``spec`` (``turns`` overrides spec.turns); a UsageError
        when neither option was given, or as above.

    ScheduleCommand
        The command class that lets ``--daily`` stand without a value: pass it as
        ``@app.command("print", cls=ScheduleCommand)`` and declare the option as
        ``daily: Optional[str] = typer.Option(None, "--daily", metavar="[DATE]", help=DAILY_HELP)``.
        The command then receives ``daily=None`` (not given), ``"today"`` (given alone) or the text of
        the date.  A word after ``--daily`` is taken as its date when it starts with a digit or is
        ``today``; anything else (the game's name, another option) leaves ``--daily`` on its own.

Nothing here imports more than the dice module.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from typer.core import TyperCommand

from rollwrite.dice import DiceSpec, Schedule, game_id, make_schedule, normalise_seed, parse_day, today_utc
from rollwrite.errors import UsageError

TODAY = "today"
MAX_TURNS = 1000

SEED_HELP = "A seeded challenge: the same seed gives everyone the same dice (e.g. --seed picnic)."
DAILY_HELP = (
    "The daily challenge of DATE (YYYY-MM-DD, a UTC day); without a date, today's in UTC. "
    "Write it as --daily, --daily 2026-11-22 or --daily=2026-11-22."
)


def resolve_schedule_id(
    game: str, seed: str | None, daily: str | None, *, required: bool = False
) -> tuple[str | None, str | None, str | None]:
    """(id, normalised seed, ISO date) of ``--seed`` / ``--daily``; see the module's docstring."""
    if seed is not None and daily is not None:
        raise UsageError(
            "give either --seed or --daily, not both",
            hint="--seed S names a challenge of your own; --daily [DATE] the challenge of a day",
        )
    if seed is not None:
        norm = normalise_seed(seed)
        return game_id(game, seed=norm), norm, None
    if daily is not None:
        day = today_utc() if daily.strip().lower() == TODAY else parse_day(daily)
        return game_id(game, day=day), None, day.isoformat()
    if required:
        raise UsageError(
            "say which dice to roll: give --seed S or --daily [DATE]",
            hint="e.g. --seed picnic, --daily (today, UTC) or --daily 2026-11-22",
        )
    return None, None, None


def check_turns(turns: int | None) -> None:
    if turns is not None and not 1 <= turns <= MAX_TURNS:
        raise UsageError(f"--turns must be between 1 and {MAX_TURNS}, not {turns}")


def resolve_schedule(
    game: str, spec: DiceSpec, *, seed: str | None, daily: str | None, turns: int | None = None
) -> Schedule:
    """The schedule named by ``--seed`` / ``--daily`` with the shape ``spec``; see the module's docstring."""
    gid, norm, day = resolve_schedule_id(game, seed, daily, required=True)
    assert gid is not None
    check_turns(turns)
    if turns is not None:
        spec = dataclasses.replace(spec, turns=turns)
    return make_schedule(game, gid, spec, seed=norm, day=day)


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
        if word == "--daily":
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


class ScheduleCommand(TyperCommand):
    """A command whose ``--daily`` option may stand without a value (see the module's docstring)."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        return super().parse_args(ctx, rewrite_daily(list(args)))
