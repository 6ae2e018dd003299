"""rollwrite for scripts: print a challenge's sheets, score a typed-in sheet, make a puzzle, read its par.

    from rollwrite import api

    api.print_challenge("long-way", "club/week-48.pdf", daily="2026-11-22")
    result = api.score_sheet("long-way", text, daily="2026-11-22")
    puzzle = api.make_puzzle("shelving-wars", seed="club-night")
    par = api.read_par("shelving-wars", seed="club-night")

Everything here does what the command with the same options does (``rollwrite print``, ``score``,
``puzzle``), through the same code, so a script and the command line never disagree; docs/api.md shows
each function at work.  The names in ``__all__`` are the API: they keep their meaning, and a new
parameter is only ever added as an optional keyword.

Errors are raised, never printed: a :class:`UsageError` for arguments that cannot work together (an
unknown game, a seed and a date at once, an impossible date), an :class:`InputError` for a sheet that
cannot be read (it names the line and column), both a :class:`RollwriteError`, whose ``exit_code`` is
what the command would exit with.  Nothing is imported until a function is called.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from os import PathLike
from pathlib import Path
from typing import Any

from rollwrite.errors import InputError, RollwriteError, UsageError

__all__ = [
    "InputError", "Par", "PlayerTotal", "Puzzle", "RollwriteError", "SheetScore", "UsageError",
    "challenge_id", "game_names", "make_puzzle", "print_challenge", "read_par", "score_sheet",
]

Day = str | dt.date  # a day: 2026-11-22 as text or as a date; "today" for today's (UTC)
Number = int | float  # a score: whole numbers as int


@dataclass(frozen=True, slots=True)
class PlayerTotal:
    """One player's total on a sheet several players share."""

    name: str
    total: Number


@dataclass(frozen=True, slots=True)
class SheetScore:
    """A typed-in sheet, checked and scored.

    ``valid`` is False when a rule is broken; ``problems`` then says which, one line each (``row 3: ...``;
    the sheet is still scored as written).  ``challenge`` is the id whose dice the sheet was checked against, when a
    seed or a day was given.  ``report`` is the text ``rollwrite score`` prints; :meth:`to_json` the
    document ``rollwrite score --json`` prints."""

    game: str
    total: Number
    valid: bool
    problems: tuple[str, ...]
    players: tuple[PlayerTotal, ...]
    challenge: str | None
    breakdown: Mapping[str, Any]
    report: str
    document: Mapping[str, Any]

    def to_json(self) -> dict[str, Any]:
        """The document of ``rollwrite score --json`` for this sheet."""
        return dict(self.document)


@dataclass(frozen=True, slots=True)
class Par:
    """What a puzzle asks for: ``value`` the best score found, ``proven`` True only when no sheet can
    beat it, ``bound`` a score no sheet beats (None when none is known), ``text`` how the puzzle page
    says it (``par 43 (proven)``).  A puzzle with one right answer and no score has ``value`` None."""

    puzzle: str
    value: Number | None
    proven: bool
    bound: Number | None
    text: str


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A solo puzzle: its id (``shelving-wars#club-night puzzle``), the challenge whose dice it uses, what
    it asks, its par, how hard it is (``easy``, ``medium``, ``hard`` or None), and ``answer``: a sheet
    that reaches par, typed in as ``rollwrite score ... --puzzle`` (and :func:`score_sheet` with
    ``puzzle=True``) accepts it."""

    id: str
    game: str
    challenge: str
    prompt: str
    par: Par
    difficulty: str | None
    answer: str


def game_names() -> list[str]:
    """The games rollwrite knows, by the names the functions here take (``long-way``, ``wobbly-cafe``...)."""
    # deferred for start-up: a script that only scores never lists the games
    from rollwrite.layoutlang.layout import builtin_slugs

    return sorted(builtin_slugs())


def challenge_id(game: str, *, seed: str | None = None, daily: Day | None = None) -> str:
    """The id of a challenge (``long-way#picnic``, ``long-way@2026-11-22``): what the sheets print and
    what ``rollwrite roll`` shows the dice of.  Give a seed or a day."""
    # deferred for start-up: nothing is imported until a function is called
    from rollwrite.core.challenges import resolve_schedule_id

    gid, _, _ = resolve_schedule_id(game, seed, _day(daily), required=True)
    assert gid is not None
    return gid


def print_challenge(game: str, output: str | PathLike[str], *, seed: str | None = None, daily: Day | None = None,
                    players: int | None = None, fmt: str | None = None, paper: str | None = None,
                    force: bool = False) -> list[Path]:
    """Print the sheets of a game (of a challenge, with a seed or a day) to the file ``output``.  ``fmt`` is
    ``pdf``, ``svg`` or ``png`` (default: from the file's extension, else PDF); SVG and PNG write a file per
    page (``NAME-1.png``...) when there are several.  A file rollwrite did not
    write is never replaced unless ``force``.  Returns the files written."""
    # deferred for start-up: nothing is imported until a function is called
    from rollwrite.core.printrun import run_print

    written = run_print(game, players=players, fmt=fmt, output=Path(output), seed=seed, daily=_day(daily),
                        page={"paper": paper}, force=force)
    return [path for path, _ in written]


def score_sheet(game: str, text: str, *, seed: str | None = None, daily: Day | None = None, puzzle: bool = False,
                name: str = "sheet") -> SheetScore:
    """Check and score a typed-in sheet (the text of docs/formats/GAME.md) as ``rollwrite score`` does:
    every rule, the dice of the challenge when a seed or a day is given, and with ``puzzle`` as the
    answer to that challenge's puzzle.  ``name`` is how messages name the sheet."""
    # deferred for start-up: nothing is imported until a function is called
    from rollwrite.core.scoring import score_text

    result = score_text(game, text, name=name, seed=seed, daily=_day(daily), puzzle=puzzle)
    doc = result["json"]
    return SheetScore(game=doc["game"], total=doc["total"], valid=doc["valid"],
                      problems=tuple(f"{p['where']}: {p['message']}" for p in doc["problems"]),
                      players=tuple(PlayerTotal(p["name"], p["total"]) for p in doc.get("players") or ()),
                      challenge=doc["id"], breakdown=doc["breakdown"], report=result["text"], document=doc)


def make_puzzle(game: str, *, seed: str | None = None, daily: Day | None = None, size: int | None = None,
                difficulty: str | None = None, jobs: int = 1) -> Puzzle:
    """Make the puzzle of a challenge as ``rollwrite puzzle`` does: the same puzzle and par on every machine
    and any number of ``jobs`` (processes).  ``size`` is the board size, for games that have one;
    ``difficulty`` (``easy``, ``medium``, ``hard``) takes the first of the challenge and the seeds derived
    from it that is that hard.  The par is kept for :func:`read_par` and for scoring answers."""
    # deferred for start-up: nothing is imported until a function is called
    from rollwrite.core.puzzles import make_puzzles

    layout, g, (made,) = make_puzzles(game, seed=seed, daily=_day(daily), options={"size": size},
                                      difficulty=difficulty, jobs=jobs)
    return Puzzle(id=made.id, game=made.game, challenge=made.challenge, prompt=made.prompt, par=_par(made),
                  difficulty=made.difficulty or None, answer=g.format(made.answer, layout.data))


def read_par(game: str, *, seed: str | None = None, daily: Day | None = None, size: int | None = None) -> Par:
    """The par of a challenge's puzzle: read from what making it left behind, or, when it was never made
    on this machine, found by making it."""
    # deferred for start-up: nothing is imported until a function is called
    from rollwrite.core.puzzles import puzzle_to_check

    options = {} if size is None else {"size": size}
    return _par(puzzle_to_check(game, seed=seed, daily=_day(daily), options=options))


def _par(puzzle: Any) -> Par:
    # deferred for start-up: nothing is imported until a function is called
    from rollwrite.numbers import plain_number

    return Par(puzzle=puzzle.id, value=None if puzzle.par is None else plain_number(puzzle.par),
               proven=puzzle.par_proven, bound=None if puzzle.bound is None else plain_number(puzzle.bound),
               text=puzzle.par_text())


def _day(day: Day | None) -> str | None:
    """A day as the challenge functions take it: ISO text (or ``today``)."""
    if isinstance(day, dt.datetime):
        return day.date().isoformat()
    if isinstance(day, dt.date):
        return day.isoformat()
    return day
