"""Challenges: ids, variations and dice schedules, the same for every front end.

``--seed S`` names a seeded challenge; ``--daily [DATE]`` the daily challenge of DATE (YYYY-MM-DD, a
UTC day), or of today in UTC when the date is ``today``.  The functions here turn those two into a
game id and a schedule:

    resolve_schedule_id(game: str, seed: str | None, daily: str | None, *, required: bool = False)
        -> tuple[str | None, str | None, str | None]
        (id, normalised seed, ISO date): ("long-way#picnic", "picnic", None) or
        ("long-way@2026-11-22", None, "2026-11-22"); (None, None, None) when neither was given
        (a UsageError instead when ``required``).  A UsageError for both at once, an empty or
        unusable seed, or a date that is not YYYY-MM-DD or does not exist.

    resolve_schedule(game: str, spec: DiceSpec | DealSpec, *, seed: str | None, daily: str | None,
                     turns: int | None = None) -> Schedule | Deal
        The schedule of that id with the shape ``spec`` (``turns`` overrides spec.turns); a UsageError
        when neither was given, or as above.  For a DealSpec (a card game) it is a Deal: the
        shuffled order of the deck and how the start cards lie; ``turns`` is then refused.

    split_challenge(game: str, seed: str | None, daily: str | None)
        -> tuple[str, str | None, str | None, dict[str, int]]
        A full id where a game is asked for taken apart: ``long-way#picnic`` -> ("long-way", "picnic",
        None, {}), ``shelving-wars#x~2d20`` -> (..., {"dice": 2, "sides": 20}); anything else (a game's
        name, the path of a layout file) comes back as it is with the options.  An id together with a
        seed or a day is a UsageError.  A seed that is an id (``--seed long-way#picnic``) is understood
        by ``resolve_schedule_id``, which knows the game it must belong to.

    with_variations(options, from_id) -> options
        The variation options with those of the id added; the same option given both ways with two
        values is a UsageError.  (The count of players an id may carry, ``~p4``, is not one of them.)

    id_players(players, from_id) -> players
        --players, or the count the id carries (``shelving-wars#x~p4``: its dice are 4 players' groups).

    variant_for(game, shipped, varied) -> str
        The variation code of a varied layout (``2d20``, ``s12t30``; "" when it plays as shipped), which
        ``resolve_schedule`` (``variant=``) puts into the id after ``~``.

    vary_layout(layout, game, options, players) -> layout
        The variation options (size, turns, dice, sides) applied the same way for every command: by the
        game, or for a layout of one's own, ``turns`` as the length of its dice schedule.

    challenge_run(game: str, seed: str | None, daily: str | None, days: int | None = None,
                  count: int = 1) -> list[tuple[str, str | None, str | None]]
        The (id, seed, ISO date) of each challenge a batch names: ``days`` runs the daily challenges of
        that many consecutive days from ``daily`` (with a seed it is refused); ``count`` K adds K-1 more
        challenges after each, named by the seeds ``<seed or date>/2`` ... ``/K``.

    player_count(layout, players, verb="is played by") -> int
        ``players`` (the layout's default when None) within the layout's range, or a UsageError.

    unable(game, ability) -> UsageError
        The error for a game that cannot ``score``, make a ``puzzle`` or ``solve``: it names those that can.

    able_game(game, ability) -> (layout, Game)
        A built-in game's layout and Game, which can ``ability``; else the error above.

    run_roll(game, *, seed, daily, players, show, options) -> (Schedule | Deal, title)
        The schedule of a challenge, as ``rollwrite roll`` and the desk's dice page show it.

Only the errors module is imported at the top: the dice module and the layouts when first used, so
that ``rollwrite --help`` and ``games`` never pay for them.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import os
import re
from typing import TYPE_CHECKING, Any

from rollwrite.errors import UsageError

if TYPE_CHECKING:  # pragma: no cover
    from rollwrite.dice import Deal, DealSpec, DiceSpec, Schedule

_ID_START = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*[#@]")

TODAY = "today"
MAX_TURNS = 1000


def today_utc() -> Any:
    """Today's date in UTC (rollwrite.dice.today_utc, imported when first needed)."""
    # deferred for start-up: `--help` needs this module, not dice
    from rollwrite.dice import today_utc as today

    return today()


#: the puzzle kinds an id may name before `` puzzle`` besides the whole game's (a game's ``puzzle_kind``,
#: set by its puzzle option of the same name): ``long-way@2027-03-05 finish puzzle``
PUZZLE_KINDS = ("finish",)


def split_puzzle_id(text: str) -> tuple[str, str | None]:
    """A puzzle's id taken apart: ``long-way@2027-03-05 finish puzzle`` -> ("long-way@2027-03-05",
    "finish"), ``long-way#x puzzle`` -> ("long-way#x", ""); anything else -> (text, None)."""
    for kind in PUZZLE_KINDS:
        if text.endswith(f" {kind} puzzle"):
            return text[: -len(f" {kind} puzzle")], kind
    if text.endswith(" puzzle"):
        return text[: -len(" puzzle")], ""
    return text, None


def looks_like_id(text: str) -> bool:
    """``game#...`` or ``game@...`` that is not an existing file."""
    return bool(_ID_START.match(text)) and not os.path.exists(text)  # False for a name no file can have


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
        if key == "players":  # not a variation option: see id_players
            continue
        given = out.get(key)
        if given is not None and given != value:
            raise UsageError(f"the id says --{key} {value} but --{key} {given} was given",
                             hint="leave out the option: the id carries its variation")
        out[key] = value
    return out


_ESCAPE = r"\[U\+([0-9A-Fa-f]{4,6})\]"  # a character as a sheet prints one its fonts lack
_PART = r"[0-9]+d[0-9]+|[stp][0-9]+"  # a piece of a variation code


def id_warnings(game: str, seed: str | None = None) -> list[str]:
    """What may be a mistake in an id (or a seed) typed back from a sheet, with what was probably meant:
    a printed escape such as ``[U+1F3B2]`` (the sheet's way of writing a character its fonts lack) taken
    as the seed's own text, and a ``~`` part that reads like a variation but is not one (its pieces out
    of order, ``x~t5s12``), which makes it part of the seed.  The id is still used as typed."""
    # deferred for start-up: `--help` needs this module, not dice
    from rollwrite.dice import VARIANT_MARK, parse_variant
    from rollwrite.errors import excerpt

    out: list[str] = []
    for text in [t for t in (game, seed) if t and ("#" in t or t is seed)]:
        head, mark, code = text.rpartition(VARIANT_MARK)
        escapes = [m.group(0) for m in re.finditer(_ESCAPE, text) if int(m.group(1), 16) <= 0x10FFFF]
        if escapes:
            meant = re.sub(_ESCAPE, lambda m: chr(int(m.group(1), 16)) if int(m.group(1), 16) <= 0x10FFFF
                           else m.group(0), text)
            out.append(f"'{excerpt(text, 80)}' holds {', '.join(dict.fromkeys(escapes))}, which is how a sheet "
                       "prints a character its fonts lack: the seed is taken as typed, with those letters; the "
                       f"sheet's own id is '{excerpt(meant, 80)}'")
        if mark and code and parse_variant(code) is None:
            pieces = re.findall(_PART, code)
            if pieces and "".join(pieces) == code:
                order = {"d": 0, "s": 1, "t": 2, "p": 3}
                fixed = "".join(sorted(pieces, key=lambda p: order["d" if "d" in p else p[0]]))
                if parse_variant(fixed) is not None:
                    out.append(f"'{excerpt(text, 80)}' ends in '{VARIANT_MARK}{code}', which is not a variation "
                               f"(its parts go dice, size, turns, players: {VARIANT_MARK}{fixed}), so it is read as "
                               f"part of the seed, with no variation; did you mean '{excerpt(head, 70)}{VARIANT_MARK}{fixed}'?")
    return out


def id_players(players: int | None, from_id: dict[str, int]) -> int | None:
    """The count of players, given with --players or carried by the id (``~p4``); both with two counts is
    a UsageError."""
    carried = from_id.get("players")
    if carried is not None and players is not None and players != carried:
        raise UsageError(f"the id says --players {carried} but --players {players} was given",
                         hint="leave out --players: the id carries the count its dice were rolled for")
    return carried if players is None else players


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


def player_count(layout: Any, players: int | None, verb: str = "is played by") -> int:
    """``players``, or the layout's default when None, checked against the players the layout is for."""
    count = layout.players.default if players is None else players
    lo, hi = layout.players.minimum, layout.players.maximum
    if not lo <= count <= hi:
        raise UsageError(f"{layout.game} {verb} {layout.players.span()}, not {count}", hint=layout.players.hint())
    return count


#: ability -> (what a game without it is said to lack, who has it)
ABILITIES = {"score": ("has no scorer", "games with a scorer"), "puzzle": ("makes no puzzles", "games with puzzles"),
             "solve": ("has no solver", "games with a solver")}


def unable(game: str, ability: str) -> UsageError:
    """The error for ``game``, which cannot ``ability`` (``score``, ``puzzle``, ``solve``): the games that can."""
    # deferred for start-up: `--help` needs this module, not games
    from rollwrite import games

    able = [slug for slug in games.known() if getattr(games.get(slug), f"can_{ability}", False)]
    lacks, who = ABILITIES[ability]
    return UsageError(f"{game} {lacks}", hint=f"{who}: {', '.join(able) or 'none'}")


def able_game(game: str, ability: str) -> tuple[Any, Any]:
    """The built-in layout of ``game`` and its Game, which can ``ability``; see the module's docstring."""
    # deferred for start-up: `--help` needs this module, not games, layoutlang.layout
    from rollwrite import games
    from rollwrite.layoutlang.layout import load_builtin

    layout = load_builtin(game)
    g = games.get(layout.game)
    if g is None or not getattr(g, f"can_{ability}", False):
        raise unable(game, ability)
    return layout, g


def run_roll(
    game: str,
    *,
    seed: str | None = None,
    daily: str | None = None,
    players: int | None = None,
    show: int | None = None,
    options: dict[str, int | None] | None = None,
) -> tuple[Schedule | Deal, str]:
    """The schedule (or deal) a ``roll`` command names (its first ``show`` turns per group), and the game's title."""
    # deferred for start-up: `games`, `--help` need this module, not games, layoutlang.layout
    from rollwrite import games
    from rollwrite.layoutlang.layout import resolve

    game, seed, daily, from_id = split_challenge(game, seed, daily)
    options = with_variations(options or {}, from_id)
    players = id_players(players, from_id)
    layout = resolve(game)
    shipped = layout
    g = games.get(layout.game)
    count = player_count(layout, players)
    resolve_schedule_id(layout.game, seed, daily, required=True)
    try:
        layout = vary_layout(layout, g, options, count)
    except UsageError as error:
        if options.get("turns") is not None and "--turns" in error.message:
            error.hint = "--turns is how long the game lasts; to see fewer turns, give --show N"
        raise
    spec = g.dice_spec(layout, count) if g is not None else layout.dice
    if spec is None:
        raise UsageError(f"{layout.game} uses no dice, so it has no schedule to roll")
    # deferred for start-up: `--help` needs this module, not dice
    from rollwrite.dice import DealSpec

    if show is not None:
        if isinstance(spec, DealSpec):
            raise UsageError(f"{layout.game} deals cards rather than rolling dice, so it has no turns to --show",
                             hint="leave out --show: the deal lists the whole draw pile")
        if not 1 <= show <= spec.turns:
            raise UsageError(f"--show must be between 1 and {spec.turns} (the turns of each group), not {show}",
                             hint="--turns N makes the game longer, in games that have that variation")
        spec = dataclasses.replace(spec, turns=show)  # a shorter schedule starts with the same turns
    variant = variant_for(g, shipped, layout)
    return resolve_schedule(layout.game, spec, seed=seed, daily=daily, variant=variant), layout.title
