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

    resolve_schedule(game: str, spec: DiceSpec | DealSpec, *, seed: str | None, daily: str | None,
                     turns: int | None = None) -> Schedule | Deal
        The schedule of that id with the shape ``spec`` (``turns`` overrides spec.turns); a UsageError
        when neither option was given, or as above.  For a DealSpec (a card game) it is a Deal: the
        shuffled order of the deck and how the start cards lie; ``turns`` is then refused.

    ScheduleCommand
        The command class that lets ``--daily`` stand without a value: pass it as
        ``@app.command("print", cls=ScheduleCommand)`` and declare the option as
        ``daily: Optional[str] = typer.Option(None, "--daily", metavar="[DATE]", help=DAILY_HELP)``.
        The command then receives ``daily=None`` (not given), ``"today"`` (given alone) or the text of
        the date.  A word after ``--daily`` is taken as its date when it starts with a digit or is
        ``today``; anything else (the game's name, another option) leaves ``--daily`` on its own.

    split_game(game: str, seed: str | None, daily: str | None) -> tuple[str, str | None, str | None]
        A full id where a command takes a game: ``long-way#picnic`` -> ("long-way", "picnic", None),
        ``wobbly-cafe@2026-11-22`` -> ("wobbly-cafe", None, "2026-11-22"); anything else (a game's name,
        the path of a layout file) comes back as it is with the options.  An id together with --seed or
        --daily is a UsageError.  ``--seed long-way#picnic`` (an id given as the seed) is understood by
        ``resolve_schedule_id``, which knows the game it must belong to.

    split_challenge(game: str, seed: str | None, daily: str | None)
        -> tuple[str, str | None, str | None, dict[str, int]]
        As split_game, and the variation an id carries (``shelving-wars#x~2d20`` -> dice 2, sides 20), from
        the GAME argument or an id given as --seed; split_game refuses an id with a variation.

    with_variations(options, from_id) -> options
        The variation options with those of the id added; the same option given both ways with two
        values is a UsageError.

    variant_for(game, shipped, varied) -> str
        The variation code of a varied layout (``2d20``, ``s12t30``; "" when it plays as shipped), which
        ``resolve_schedule`` (``variant=``) puts into the id after ``~``.

    vary_layout(layout, game, options, players) -> layout
        The variation options (``--size``, ``--turns``, ``--dice``, ``--sides``) applied the same way for
        ``print`` and ``roll``: by the game, or for a layout of one's own, ``--turns`` as the length of
        its dice schedule.

    challenge_run(game: str, seed: str | None, daily: str | None, days: int | None = None,
                  count: int = 1) -> list[tuple[str, str | None, str | None]]
        The (id, seed, ISO date) of each challenge a batch names: ``--days N`` runs the daily
        challenges of N consecutive days from ``--daily`` (or, with ``--seed``, is refused); ``--count K``
        adds K-1 more challenges after each, named by the seeds ``<seed or date>/2`` ... ``/K``.

    check_output(output: Path | None, form, *, folder_ok: bool = False) -> None
        A UsageError (exit 2) with a hint for ``-o`` onto a folder (unless ``folder_ok``: a run split into
        a file a day goes into one) or with an extension that is not the format's (``-o x.exe``).

Nothing here imports more than the dice module (and Typer, for ScheduleCommand only).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import os
from typing import TYPE_CHECKING, Any

import re

from rollwrite.errors import UsageError

if TYPE_CHECKING:  # pragma: no cover
    from pathlib import Path

    from rollwrite.dice import Deal, DealSpec, DiceSpec, Schedule

_ID_START = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*[#@]")
ID_HELP = "or a challenge id such as long-way#picnic or wobbly-cafe@2026-11-22"

TODAY = "today"
MAX_TURNS = 1000

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
SEED_HELP = "A seeded challenge: the same seed gives everyone the same dice (e.g. --seed picnic)."
DAILY_HELP = (
    "The daily challenge of DATE (YYYY-MM-DD, a UTC day); without a date, today's in UTC. "
    "Write it as --daily, --daily 2026-11-22 or --daily=2026-11-22."
)


def today_utc() -> Any:
    """Today's date in UTC (rollwrite.dice.today_utc, imported when first needed)."""
    # deferred for start-up: `--help` needs this module, not dice
    from rollwrite.dice import today_utc as today

    return today()


def looks_like_id(text: str) -> bool:
    """``game#...`` or ``game@...`` that is not an existing file."""
    return bool(_ID_START.match(text)) and not os.path.exists(text)  # False for a name no file can have


def split_game(game: str, seed: str | None, daily: str | None) -> tuple[str, str | None, str | None]:
    """(game, seed, daily) with a full id in ``game`` taken apart; see the module's docstring."""
    game, seed, daily, varied = split_challenge(game, seed, daily)
    if varied:
        raise UsageError("this command takes no variation (the part after '~') in an id",
                         hint="give the id without its ~ part")
    return game, seed, daily


def split_challenge(game: str, seed: str | None,
                    daily: str | None) -> tuple[str, str | None, str | None, dict[str, int]]:
    """(game, seed, daily, the id's variation options); see the module's docstring."""
    # deferred for start-up: `--help` needs this module, not dice
    from rollwrite.dice import parse_variant, split_variant

    code = ""
    if seed is not None and _ID_START.match(seed.strip()):  # an id as the seed: its variation too
        seed, code = split_variant(seed.strip())
    if looks_like_id(game):
        game, code = split_variant(game)
        game, seed, daily = _split_id(game, seed, daily)
    return game, seed, daily, parse_variant(code) or {}


def with_variations(options: dict[str, int | None], from_id: dict[str, int]) -> dict[str, int | None]:
    """The variation options with those an id carries; see the module's docstring."""
    out = dict(options)
    for key, value in from_id.items():
        given = out.get(key)
        if given is not None and given != value:
            raise UsageError(f"the id says --{key} {value} but --{key} {given} was given",
                             hint="leave out the option: the id carries its variation")
        out[key] = value
    return out


def variations(game: Any, layout: Any) -> dict[str, int]:
    """The values of the variation options a layout is printed with (a layout of one's own: its turns)."""
    if game is not None:
        return game.variations(layout)
    return {"turns": layout.dice.turns} if getattr(layout, "dice", None) is not None else {}


def variant_for(game: Any, shipped: Any, varied: Any) -> str:
    """The variation code of ``varied`` against ``shipped``; see the module's docstring."""
    # deferred for start-up: `--help` needs this module, not dice
    from rollwrite.dice import variant_code

    return variant_code(variations(game, varied), variations(game, shipped))


def _split_id(game: str, seed: str | None, daily: str | None) -> tuple[str, str | None, str | None]:
    # deferred for start-up: `--help` needs this module, not dice
    from rollwrite.dice import parse_game_id

    slug, id_seed, id_day = parse_game_id(game)
    if seed is not None or daily is not None:
        given = "--seed" if seed is not None else "--daily"
        raise UsageError(
            f"'{game}' already names its {'seed' if id_seed is not None else 'day'}; leave out {given}",
            hint=f"write either {slug} {given} ... or the id {game} alone",
        )
    if id_seed is not None:
        return slug, id_seed, None
    assert id_day is not None
    return slug, None, id_day.isoformat()


def _seed_as_id(game: str, seed: str, daily: str | None) -> tuple[str | None, str | None]:
    """``--seed long-way#picnic``: the seed (or day) of an id of ``game``."""
    # deferred for start-up: `--help` needs this module, not dice
    from rollwrite.dice import parse_game_id

    slug, id_seed, id_day = parse_game_id(seed)
    if slug != game:
        raise UsageError(
            f"--seed '{seed}' is an id of {slug}, not of {game}",
            hint=f"give the seed alone (--seed {id_seed}), or use the id with {slug}" if id_seed else f"use the id with {slug}",
        )
    if id_day is not None:
        if daily is not None:
            raise UsageError("give either --seed or --daily, not both")
        return None, id_day.isoformat()
    return id_seed, daily


def resolve_schedule_id(
    game: str, seed: str | None, daily: str | None, *, required: bool = False, variant: str = ""
) -> tuple[str | None, str | None, str | None]:
    """(id, normalised seed, ISO date) of ``--seed`` / ``--daily``; see the module's docstring."""
    # deferred for start-up: `--help` needs this module, not dice
    from rollwrite.dice import game_id, normalise_seed, parse_day

    if seed is not None and _ID_START.match(seed.strip()):
        seed, daily = _seed_as_id(game, seed.strip(), daily)
    if seed is not None and daily is not None:
        raise UsageError(
            "give either --seed or --daily, not both",
            hint="--seed S names a challenge of your own; --daily [DATE] the challenge of a day",
        )
    if seed is not None:
        norm = normalise_seed(seed)
        return game_id(game, seed=norm, variant=variant), norm, None
    if daily is not None:
        day = today_utc() if daily.strip().lower() == TODAY else parse_day(daily)
        return game_id(game, day=day, variant=variant), None, day.isoformat()
    if required:
        raise UsageError(
            "say which dice to roll: give --seed S or --daily [DATE]",
            hint="e.g. --seed picnic, --daily (today, UTC) or --daily 2026-11-22",
        )
    return None, None, None


MAX_DAYS = 366
DAYS_HELP = ("With --daily: that many days from DATE on, one page each (a year: --days 365); "
             "--split writes a file per day.")


def daily_range(daily: str | None, days: int | None) -> list[str] | None:
    """The ISO dates of ``--daily DATE --days N``: DATE and the N - 1 days after it (``today`` counts as
    a date); None when ``--days`` was not given.  A UsageError when ``--days`` comes without ``--daily``
    or is not between 1 and MAX_DAYS.  Shared by every command that prints a run of dailies."""
    if days is None:
        return None
    if daily is None:
        raise UsageError("--days counts days from a daily challenge: give --daily DATE with it",
                         hint="e.g. --daily 2027-01-01 --days 365")
    if not 1 <= days <= MAX_DAYS:
        raise UsageError(f"--days must be between 1 and {MAX_DAYS}, not {days}",
                         hint="print a longer run in several calls")

    # deferred for start-up: `--help` needs this module, not dice
    from rollwrite.dice import parse_day

    start = today_utc() if daily.strip().lower() == TODAY else parse_day(daily)
    try:
        return [(start + dt.timedelta(days=i)).isoformat() for i in range(days)]
    except OverflowError:
        raise UsageError(f"--days {days} from {start.isoformat()} runs past the last date there is") from None


def check_turns(turns: int | None) -> None:
    if turns is not None and not 1 <= turns <= MAX_TURNS:
        raise UsageError(f"--turns must be between 1 and {MAX_TURNS}, not {turns}")


def resolve_schedule(
    game: str, spec: DiceSpec | DealSpec, *, seed: str | None, daily: str | None, turns: int | None = None,
    variant: str = "",
) -> Schedule | Deal:
    """The schedule named by ``--seed`` / ``--daily`` with the shape ``spec``; see the module's docstring.
    A card game's shape is a DealSpec, and its schedule a Deal: the shuffled deck and the start."""
    gid, norm, day = resolve_schedule_id(game, seed, daily, required=True)  # the dice's id: no variation
    assert gid is not None
    check_turns(turns)
    # deferred for start-up: `--help` needs this module, not dice
    from rollwrite.dice import DealSpec, make_deal, make_schedule

    if isinstance(spec, DealSpec):
        if turns is not None:
            raise UsageError(f"{game} deals cards; it has no turns of dice to show", hint="leave out --turns")
        return make_deal(game, gid, spec, seed=norm, day=day, variant=variant)
    if turns is not None:
        spec = dataclasses.replace(spec, turns=turns)
    return make_schedule(game, gid, spec, seed=norm, day=day, variant=variant)


def vary_layout(layout: Any, game: Any, options: dict[str, int | None], players: int) -> Any:
    """The layout with the variation options applied; see the module's docstring."""
    if game is not None:
        return game.vary(layout, options, players)
    given = [k for k, v in options.items() if v is not None]
    if not given:
        return layout
    if given == ["turns"] and layout.dice is not None:
        check_turns(options["turns"])
        return layout.replace(dice=dataclasses.replace(layout.dice, turns=options["turns"]))
    name = next(k for k in given if k != "turns" or layout.dice is None)
    raise UsageError(f"a layout of your own has no --{name} option",
                     hint="--turns sets the length of its dice schedule" if layout.dice is not None else None)


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


MAX_BATCH = 400


def challenge_run(game: str, seed: str | None, daily: str | None, days: int | None = None,
                  count: int = 1) -> list[tuple[str, str | None, str | None]]:
    """The challenges of a batch, in order; see the module's docstring."""
    # deferred for start-up: `--help` needs this module, not dice
    from rollwrite.dice import game_id, normalise_seed

    gid, norm, day = resolve_schedule_id(game, seed, daily, required=True)
    if days is not None and day is None:
        raise UsageError("--days counts daily challenges: give it with --daily DATE, not --seed",
                         hint="e.g. --daily 2027-01-01 --days 7")
    if count < 1:
        raise UsageError(f"--count must be 1 or more, not {count}")
    total = (days or 1) * count
    if total > MAX_BATCH:
        raise UsageError(f"that asks for {total} challenges; one run makes at most {MAX_BATCH}",
                         hint="use fewer --days or a smaller --count")
    out: list[tuple[str, str | None, str | None]] = []
    if day is not None:
        for iso in daily_range(day, days if days is not None else 1) or []:
            d = dt.date.fromisoformat(iso)
            out.append((game_id(game, day=d), None, iso))
            for k in range(2, count + 1):
                s = f"{iso}/{k}"
                out.append((game_id(game, seed=s), s, None))
    else:
        assert norm is not None and gid is not None
        out.append((gid, norm, None))
        for k in range(2, count + 1):
            s = normalise_seed(f"{norm}/{k}")
            out.append((game_id(game, seed=s), s, None))
    return out


class Discard:
    """A text stream that keeps nothing: where a quiet command's report goes."""

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass


def check_output(output: Path | None, form: Any, *, folder_ok: bool = False) -> None:
    """Refuse an ``-o`` that is a folder or has another format's extension; see the module's docstring."""
    if output is None:
        return
    if os.path.isdir(output) and not folder_ok:
        raise UsageError(f"-o {output} is a folder; -o names the file to write",
                         hint=f"e.g. -o {output / ('sheets.' + form.name)}")
    ext = output.suffix.lower().lstrip(".")
    if ext and ext != form.name and not os.path.isdir(output):
        raise UsageError(f"-o {output}: .{ext} is not the extension of a {form.name.upper()} file",
                         hint=f"name it {output.with_name(output.name + '.' + form.name)} or give --format "
                              f"(pdf, svg or png) with a file named for it")


def cores() -> int:
    """The cores this process may run on: the default of every --jobs."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1
