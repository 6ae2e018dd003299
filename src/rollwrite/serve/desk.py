"""The desk's work, apart from the web: which challenge a page is about, and checking a sheet for it.

Everything here goes through the same Game objects as ``rollwrite score``: ``Game.parse``,
``Game.evaluate`` against the challenge's dice, ``Game.format`` for the canonical text.  Nothing from a
request names a file: a game is looked up among the registered games before its built-in layout is
loaded, and a challenge is a seed or a date, read by the same functions as the command line's.
"""

from __future__ import annotations

import contextlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from urllib.parse import quote

from rollwrite import games
from rollwrite.core.challenges import resolve_schedule, resolve_schedule_id, split_puzzle_id
from rollwrite.dice import parse_variant, parse_variant_id, split_variant, variant_code, with_variant
from rollwrite.core.puzzles import make_puzzles
from rollwrite.errors import InputError, RollwriteError, UsageError
from rollwrite.files import SHEET, check_text
from rollwrite.games.entry import Entry, EntryError
from rollwrite.numbers import plain_number
from rollwrite.layoutlang.layout import load_builtin

SOURCE = "sheet"  # how messages name the typed-in text
KINDS = ("daily", "seed", "puzzle-daily", "puzzle-seed", "finish-daily", "finish-seed")  # a puzzle of a
# challenge: its dice, and a par; finish-: the game's finish-the-store puzzle (its ``finish`` option)
PUZZLES_KEPT = 32
#: the dice (or deal) of this many challenges are kept by each game's desk: a player's every step
#: replays the rules against them, and drawing them takes longer than the step itself
SCHEDULES_KEPT = 64


@dataclass(frozen=True, slots=True)
class Challenge:
    """A game and the seed or date of its challenge; ``id`` is the challenge's id (``game@date``)."""

    game: str
    kind: str
    value: str
    id: str
    variant: str = ""  # the variation code (``s8``, ``2d20``...): "" for the game as shipped

    @property
    def options(self) -> dict[str, int]:
        """The variation options of the challenge's id ({} for the game as shipped)."""
        return parse_variant(self.variant) or {} if self.variant else {}

    @property
    def puzzle(self) -> bool:
        return self.kind.startswith(("puzzle-", "finish-"))

    @property
    def kind_options(self) -> dict[str, int]:
        """The puzzle options the kind itself sets (the finish puzzle's)."""
        return {"finish": 1} if self.kind.startswith("finish-") else {}

    @property
    def seed(self) -> str | None:
        return self.value if self.kind.endswith("seed") else None

    @property
    def daily(self) -> str | None:
        return self.value if self.kind.endswith("daily") else None

    @property
    def path(self) -> str:
        return path_of(self.game, self.kind, self.value, self.variant)


def path_of(game: str, kind: str, value: str, variant: str = "") -> str:
    """The desk's page of a challenge: ``/play/GAME/KIND/VALUE``, the value with its ``~variation``."""
    return f"/play/{game}/{kind}/{quote(with_variant(value, variant), safe='')}"


def game_slugs() -> list[str]:
    """Every registered game that checks typed-in sheets: the desk shows the same games as ``rollwrite score``."""
    return [s for s in games.known() if games.get(s).can_score]  # type: ignore[union-attr]


def challenge(game: str, kind: str, value: str) -> Challenge:
    """The challenge a page names; a UsageError for an unknown game, kind or an unreadable seed/date."""
    if game not in game_slugs():
        raise UsageError(f"unknown game '{game[:40]}'", hint=f"games on this desk: {', '.join(game_slugs())}")
    if kind not in KINDS:
        raise UsageError(f"a challenge is a daily, a seed or a puzzle of one, not '{kind[:40]}'",
                         hint=f"the kinds are {', '.join(KINDS)}")
    if kind.startswith("puzzle-") and not games.get(game).can_puzzle:  # type: ignore[union-attr]
        raise UsageError(f"{game} makes no puzzles")
    if kind.startswith("finish-") and "finish" not in games.get(game).puzzle_options:  # type: ignore[union-attr]
        raise UsageError(f"{game} has no finish puzzle")
    if len(value) > 80:
        raise UsageError("the seed is longer than 80 characters")
    value, code = split_variant(value)
    if code:
        _check_variant(game, kind, code)
    seeded = kind.endswith("seed")
    gid, seed, day = resolve_schedule_id(game, value if seeded else None, None if seeded else value, required=True,
                                         variant=code)
    assert gid is not None
    suffix = " finish puzzle" if kind.startswith("finish-") else " puzzle" if kind.startswith("puzzle-") else ""
    return Challenge(game, kind, (seed if seeded else day) or "", gid + suffix, code)


def challenge_of_id(cid: str) -> Challenge:
    """The challenge of a stored id (``game@DATE``, ``game#seed~s8``, ``... puzzle``, ``... finish
    puzzle``): its page's address."""
    text, puzzle = split_puzzle_id(cid)
    game, seed, day, code = parse_variant_id(text)
    kind = {None: "", "": "puzzle-", "finish": "finish-"}[puzzle] + ("seed" if seed is not None else "daily")
    value = seed if seed is not None else day.isoformat() if day is not None else ""
    return challenge(game, kind, with_variant(value, code))


def _check_variant(game: str, kind: str, code: str) -> None:
    """A variation code of a page: options the game varies, written as the command line writes them."""
    if kind.startswith(("puzzle-", "finish-")):
        raise UsageError(f"a puzzle's page takes no variation (~{code}): the puzzle follows the sheet's own board",
                         hint="leave out the ~ and what follows it")
    found = games.get(game)
    assert found is not None
    shipped = found.variations(load_builtin(game))
    options = parse_variant(code) or {}
    unknown = sorted(k for k in options if k not in shipped)
    if unknown:
        raise UsageError(f"{game} has no {unknown[0]} to vary (~{code})",
                         hint=f"it varies {', '.join(sorted(shipped))}" if shipped else f"{game} is played only as shipped")
    canonical = variant_code({**shipped, **options}, shipped)
    if canonical != code:
        raise UsageError(f"~{code} is written ~{canonical} in an id" if canonical else
                         f"~{code} is {game} as shipped: leave it out", hint="an id names each variation one way")


@lru_cache(maxsize=PUZZLES_KEPT)
def puzzle_of(ch: Challenge, options: tuple[tuple[str, int], ...] = ()) -> tuple[Any, Any]:
    """(layout, puzzle) of a puzzle challenge (with the puzzle options a sheet shows, such as a
    battlefield's size), as ``rollwrite puzzle`` makes them.  The solver can take seconds, and its answer is
    the same every time (solver budgets are counts): the desk makes it in its worker (serve/maker.py)."""
    layout, _game, puzzles = make_puzzles(ch.game, seed=ch.seed, daily=ch.daily, options={**dict(options), **ch.kind_options},
                                          jobs=1)
    return layout, puzzles[0]


def _made_here(ch: Challenge, options: tuple[tuple[str, int], ...]) -> Any:
    return puzzle_of(ch, options)[1]


class Desk:
    """One game's layout, game object and on-screen entry, loaded once for the life of the server (they
    are read-only descriptions, like the command line's registry)."""

    def __init__(self, game: str, puzzles: Callable[[Challenge, tuple], Any] = _made_here) -> None:
        self.puzzles = puzzles  # (challenge, puzzle options) -> its puzzle; the app's comes from its worker
        self.layout = load_builtin(game)
        found = games.get(game)
        assert found is not None  # every game on the desk is registered (challenge() checks it)
        self.game: Any = found
        self.entry: Entry[Any, Any] | None = found.entry()
        # a challenge of a game without dice (Lines & Sections) only names its leaderboard
        self.has_dice = (self.layout.dice is not None
                         or self.game.dice_spec(self.layout, self.layout.players.default) is not None)
        # each challenge's dice, drawn once: (challenge, shape) -> schedule, least recently used first out;
        # the lock is held only to look one up or keep one, never while one is drawn
        self.schedules: OrderedDict[tuple[Challenge, Any], Any] = OrderedDict()
        self._schedules_lock = threading.Lock()

    def evaluate(self, ch: Challenge, sheet: Any) -> tuple[Any, Any]:
        """(evaluation, puzzle or None): the rules against the challenge's dice, or against its puzzle."""
        if ch.puzzle:
            puzzle = self.puzzles(ch, tuple(sorted(self.game.puzzle_options_of(sheet).items())))
            return self.game.evaluate_puzzle(puzzle, sheet, self.layout.data), puzzle
        self.same_variation(ch, sheet)
        return self.game.evaluate(sheet, self.layout.data, self.schedule(ch, sheet)), None

    def variant_of(self, sheet: Any) -> str:
        """The variation code of a sheet (its board, dice, turns against the game as shipped)."""
        return variant_code(self.game.variations_of(sheet), self.game.variations(self.layout))

    def same_variation(self, ch: Challenge, sheet: Any) -> None:
        """Refuse a sheet of another variation than the page's, naming the id (and page) it belongs to."""
        code = self.variant_of(sheet)
        if code == ch.variant:
            return
        kind = "seed" if ch.seed is not None else "daily"
        gid, _seed, _day = resolve_schedule_id(ch.game, ch.seed, ch.daily, required=True, variant=code)
        what = ", ".join(f"{k} {v}" for k, v in sorted(self.game.variations_of(sheet).items())
                         if v != {**self.game.variations(self.layout), **ch.options}.get(k))
        raise UsageError(f"this sheet is of {gid}{f' ({what})' if what else ''}, not of {ch.id}",
                         hint=f"check it on its own page, {path_of(ch.game, kind, ch.value, code)}")

    def schedule(self, ch: Challenge, sheet: Any) -> Any:
        """The challenge's dice (or deal) for ``sheet`` (None: before anything is entered); on a puzzle's
        page, what the game's entry takes for the puzzle (Entry.puzzle_schedule)."""
        if ch.puzzle:
            options = self.game.puzzle_options_of(sheet) if sheet is not None else {}
            puzzle = self.puzzles(ch, tuple(sorted(options.items())))
            return self.entry.puzzle_schedule(puzzle) if self.entry is not None else puzzle.schedule
        spec = self.game.score_dice_spec(self.layout, sheet)
        if spec is None:
            return None
        key = (ch, spec)
        with self._schedules_lock:
            if key in self.schedules:
                self.schedules.move_to_end(key)
                return self.schedules[key]
        made = resolve_schedule(ch.game, spec, seed=ch.seed, daily=ch.daily, variant=ch.variant)
        with self._schedules_lock:  # two requests may draw the same dice at once: the same dice, kept once
            self.schedules[key] = made
            while len(self.schedules) > SCHEDULES_KEPT:
                self.schedules.popitem(last=False)
        return made

    def start(self, ch: Challenge) -> Any:
        """The empty sheet of the page's entry: the game as shipped, or the page's variation (its board's
        size, as a field of the sheet)."""
        assert self.entry is not None
        sheet = self.entry.start(self.layout.data, self.schedule(ch, None))
        for key, value in sorted(ch.options.items()):
            with contextlib.suppress(EntryError):
                sheet = self.entry.set_field(sheet, key, str(value), self.layout.data)
        return sheet

    def entered(self, ch: Challenge) -> bool:
        """Whether the challenge's page has the on-screen entry (else the sheet is typed or pasted as text)."""
        return self.entry is not None and (not ch.puzzle or self.entry.puzzles)

    def read(self, text: str) -> Any:
        """The sheet of a typed-in text, by the game's own reader (an InputError names what is wrong)."""
        check_text(text, SOURCE, SHEET)
        if not text.strip():
            raise InputError("the sheet is empty", file=SOURCE, line=1, col=1)
        return self.game.parse(text, SOURCE, self.layout.data)

    def check(self, ch: Challenge, *, text: str) -> dict:
        """Check a sheet's text (pasted, typed, or written by the entry).  The answer is JSON-ready: the
        problems and the score, or the reason the text cannot be read."""
        try:
            sheet = self.read(text)
            evaluation, puzzle = self.evaluate(ch, sheet)
        except RollwriteError as error:
            return {"valid": False, "error": {"message": str(error)}}
        out = self._result(evaluation, sheet)
        if puzzle is not None:  # a solo puzzle: no player of the sheet to choose
            out["puzzle"] = True
        if puzzle is not None and puzzle.par is None:  # one right answer, no score to reach
            out["verdict"] = "solved (the one right answer)" if out["valid"] else "not solved"
        if puzzle is not None and puzzle.par is not None:
            out["par"] = plain_number(puzzle.par)
            line = f"{out['total']} of par {out['par']}"
            out["par_text"] = line if puzzle.par_proven else f"{line} ({puzzle.par_text()})"
        return out

    def play(self, ch: Challenge, *, text: str, picked: list[str], undo: bool = False,
             field: tuple[str, str] | None = None) -> dict:
        """One step of the on-screen entry: the sheet of ``text`` (the empty sheet for an empty text), with
        ``picked`` played (a whole turn, or the first picks of one), its last turn taken back (``undo``) or
        a field set; the answer holds the sheet's text (the game's own ``format``), what to draw, the
        choices of the next pick, and the check of the text."""
        entry, data = self.entry, self.layout.data
        if not self.entered(ch):
            raise UsageError(f"{ch.id} is entered as text on this desk")
        assert entry is not None
        empty = self.start(ch)
        try:
            sheet = self.read(text) if text.strip() else empty
        except RollwriteError as error:
            return {"error": {"message": str(error)}}
        schedule = self.schedule(ch, sheet)
        changed = False
        if undo:
            sheet, picked, changed = entry.undo(sheet, data, schedule), [], True
        elif field is not None:
            sheet, picked, changed = entry.set_field(sheet, field[0], field[1], data), [], True
            self._writable(sheet, field[0])
        elif picked:
            after = entry.play(sheet, picked, data, schedule)
            if after is not None:
                sheet, picked, changed = after, [], True
        if changed:  # the dice's shape may follow the sheet (a battlefield's players)
            schedule = self.schedule(ch, sheet)
        blank = sheet == empty  # nothing entered: no text, nothing to check
        new_text = "" if blank else self.game.format(sheet, data)
        out: dict[str, Any] = {"text": new_text, "changed": changed, **self._drawn(sheet, picked, schedule)}
        if new_text:
            out["check"] = self.check(ch, text=new_text)
        return out

    def _drawn(self, sheet: Any, picked: list[str], schedule: Any) -> dict[str, Any]:
        """What the page draws of a sheet and the picks of its turn in progress: the picks said in words,
        the choices of the next pick and the view."""
        entry, data = self.entry, self.layout.data
        assert entry is not None
        choices = entry.choices(sheet, picked, data, schedule)
        made = [next(c for c in entry.options(sheet, picked[:i], data, schedule) if c.id == p)
                for i, p in enumerate(picked)]  # each pick was offered: entry.choices checked it
        view = (entry.preview(sheet, picked, data, schedule) if picked else None) or entry.view(sheet, data, schedule)
        return {"picked": picked, "said": [c.label for c in made],
                "chosen": [c.spot for c in made if c.spot],  # the turn's picks on the sheet
                "ask": entry.prompt(sheet, picked, data, schedule) if picked else "",
                "choices": [c.to_json() for c in choices], "view": view.to_json()}

    def can_live(self, ch: Challenge) -> bool:
        """Whether the challenge can be played live: its page has the entry, the game's turns reveal rolls
        or cards (a game without dice has nothing to hold back), and it starts from the empty sheet."""
        # a puzzle that starts from a position of its own (the finish puzzle's store, Scrambled Streets' city)
        # has its earlier turns printed: it is not played live
        positioned = ch.puzzle and (bool(ch.kind_options) or self.entry is not None
                                    and self.entry.puzzle_from_position)
        return self.entered(ch) and self.has_dice and self.entry is not None and self.entry.live and not positioned

    def live_step(self, ch: Challenge, *, text: str, locked: Sequence[str], turns: int, picked: list[str],
                  undo: bool = False, field: tuple[str, str] | None = None) -> dict:
        """One step of a live game: ``text`` is the game's text of the turns stored (the desk's record, never
        what the player sends), ``locked`` the picks of the turn in progress that showed a roll and
        ``turns`` the turns stored.  The entry is handed only :meth:`Entry.revealed`'s schedule, the rolls
        of the turns stored and of the turn to play, so nothing in the answer can tell a later roll.  The
        answer is :meth:`play`'s, with ``store`` (the record's new text, turns and locked picks, when the
        step changed them) and the check only once the game is over."""
        entry, data = self.entry, self.layout.data
        if not self.can_live(ch):
            raise UsageError(f"{ch.id} is not played live on this desk")
        assert entry is not None
        sheet = self.read(text) if text.strip() else self.start(ch)
        locked = list(locked)
        if not picked:  # the page as it was: the turn in progress from its picks that showed a roll
            picked = list(locked)
        elif picked[:len(locked)] != locked:
            raise EntryError("a pick that showed a roll cannot be taken back in live play")
        store: dict[str, Any] | None = None
        if undo:
            raise EntryError("a stored turn cannot be taken back in live play")
        if field is not None:  # a name at any time; a setting that changes the dice before the first turn
            named = entry.set_field(sheet, field[0], field[1], data)
            if (turns or locked) and self.schedule(ch, named) != self.schedule(ch, sheet):
                raise EntryError(f"in live play the {field[0][:40]} is set before the first turn: it changes the dice")
            sheet = named
            self._writable(sheet, field[0])
            picked, store = list(locked), {"turns": turns, "picks": list(locked)}
        elif picked:
            shown = entry.revealed(sheet, picked, data, self.schedule(ch, sheet))
            after = entry.play(sheet, picked, data, shown)
            if after is not None:
                sheet, picked, store = after, [], {"turns": turns + 1, "picks": []}
            else:
                entry.choices(sheet, picked, data, shown)  # each pick offered
                full = self.schedule(ch, sheet)
                keep = max((i + 1 for i in range(len(picked)) if entry.revealed(sheet, picked[:i + 1], data, full)
                            != entry.revealed(sheet, picked[:i], data, full)), default=len(locked))
                if keep > len(locked):
                    store = {"turns": turns, "picks": picked[:keep]}
                    locked = picked[:keep]
        drawn = self._drawn(sheet, picked, entry.revealed(sheet, picked, data, self.schedule(ch, sheet)))
        new_text = "" if sheet == self.start(ch) else self.game.format(sheet, data)
        out: dict[str, Any] = {"text": new_text, "changed": store is not None, **drawn,
                               "locked": store["picks"] if store is not None else locked}
        done = drawn["view"]["done"]
        if store is not None:
            out["store"] = {**store, "text": new_text, "finished": done}
        if done and new_text:
            out["check"] = self.check(ch, text=new_text)
        return out

    def _writable(self, sheet: Any, key: str) -> None:
        """Refuse a field whose words the sheet's text cannot hold (a comment mark, a separator): the text
        the game writes must read back as itself."""
        text = self.game.format(sheet, self.layout.data)
        try:
            again = self.game.format(self.read(text), self.layout.data)
        except RollwriteError:
            again = None
        if again != text:
            raise EntryError(f"the {key} cannot be written so on the sheet: leave out '#', ',' and ':'")

    def _result(self, evaluation: Any, sheet: Any) -> dict:
        entry, data = self.entry, self.layout.data
        problems = [{"where": p.where, "message": p.message,
                     "spots": entry.spots_of(sheet, p.where, p.message, data) if entry is not None else []}
                    for p in evaluation.problems]
        score = evaluation.score
        players = None
        if score.players:
            players = [{"name": p["name"], "total": plain_number(p["total"])} for p in score.players]
        return {"valid": not problems, "problems": problems, "total": plain_number(score.total),
                "players": players, "report": score.report.rstrip("\n")}


__all__ = ["Challenge", "Desk", "EntryError", "challenge", "challenge_of_id", "game_slugs", "path_of", "puzzle_of"]
