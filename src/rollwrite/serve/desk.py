"""The desk's work, apart from the web: which challenge a page is about, and checking a sheet for it.

Everything here goes through the same Game objects as ``rollwrite score``: ``Game.parse``,
``Game.evaluate`` against the challenge's dice, ``Game.format`` for the canonical text.  Nothing from a
request names a file: a game is looked up among the registered games before its built-in layout is
loaded, and a challenge is a seed or a date, read by the same functions as the command line's.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from urllib.parse import quote

from rollwrite import games
from rollwrite.core.challenges import resolve_schedule, resolve_schedule_id
from rollwrite.core.puzzles import make_puzzles
from rollwrite.errors import InputError, RollwriteError, UsageError
from rollwrite.files import SHEET, check_text
from rollwrite.numbers import plain_number
from rollwrite.serve.entries import ENTRIES
from rollwrite.serve.entry import Entry, Writer, cells_at
from rollwrite.layoutlang.layout import load_builtin

SOURCE = "sheet"  # how messages name the typed-in text
KINDS = ("daily", "seed", "puzzle-daily", "puzzle-seed")  # a puzzle of a challenge: its dice, and a par
PUZZLES_KEPT = 32


@dataclass(frozen=True, slots=True)
class Challenge:
    """A game and the seed or date of its challenge; ``id`` is the challenge's id (``game@date``)."""

    game: str
    kind: str
    value: str
    id: str

    @property
    def puzzle(self) -> bool:
        return self.kind.startswith("puzzle-")

    @property
    def seed(self) -> str | None:
        return self.value if self.kind.endswith("seed") else None

    @property
    def daily(self) -> str | None:
        return self.value if self.kind.endswith("daily") else None

    @property
    def path(self) -> str:
        return f"/play/{self.game}/{self.kind}/{quote(self.value, safe='')}"


def game_slugs() -> list[str]:
    return [s for s in games.known() if s in ENTRIES]


def challenge(game: str, kind: str, value: str) -> Challenge:
    """The challenge a page names; a UsageError for an unknown game, kind or an unreadable seed/date."""
    if game not in ENTRIES or game not in games.known():
        raise UsageError(f"unknown game '{game[:40]}'", hint=f"games on this desk: {', '.join(game_slugs())}")
    if kind not in KINDS:
        raise UsageError(f"a challenge is a daily, a seed or a puzzle of one, not '{kind[:40]}'",
                         hint=f"the kinds are {', '.join(KINDS)}")
    if kind.startswith("puzzle-") and not games.get(game).can_puzzle:  # type: ignore[union-attr]
        raise UsageError(f"{game} makes no puzzles")
    if len(value) > 80:
        raise UsageError("the seed is longer than 80 characters")
    seeded = kind.endswith("seed")
    gid, seed, day = resolve_schedule_id(game, value if seeded else None, None if seeded else value, required=True)
    assert gid is not None
    return Challenge(game, kind, (seed if seeded else day) or "", gid + (" puzzle" if kind.startswith("puzzle-") else ""))


_MAKING = threading.Lock()


def puzzle_of(ch: Challenge, options: tuple[tuple[str, int], ...] = ()) -> tuple[Any, Any]:
    """(layout, puzzle) of a puzzle challenge (with the puzzle options a sheet shows, such as a
    battlefield's size), as ``rollwrite puzzle`` makes them.  Made once: the solver can take seconds, and its answer is
    the same every time (solver budgets are counts)."""
    with _MAKING:  # a crowd asking at once waits for the first making instead of starting its own
        return _puzzle_of(ch, options)


@lru_cache(maxsize=PUZZLES_KEPT)
def _puzzle_of(ch: Challenge, options: tuple[tuple[str, int], ...]) -> tuple[Any, Any]:
    layout, _game, puzzles = make_puzzles(ch.game, seed=ch.seed, daily=ch.daily, options=dict(options))
    return layout, puzzles[0]


class Desk:
    """One game's layout, game object and entry, loaded once for the life of the server (they are
    read-only descriptions, like the command line's registry)."""

    def __init__(self, game: str) -> None:
        self.layout = load_builtin(game)
        found = games.get(game)
        assert found is not None  # every game with an entry is registered (challenge() checks it)
        self.game: Any = found
        self.entry: Entry = ENTRIES[game]
        self.cells = frozenset(self.entry.cell_ids(self.layout.data, {}))  # the form's inputs, by id
        # a challenge of a game without dice (Lines & Sections) only names its leaderboard
        self.has_dice = (self.layout.dice is not None
                         or self.game.dice_spec(self.layout, self.layout.players.default) is not None)

    def evaluate(self, ch: Challenge, sheet: Any) -> tuple[Any, Any]:
        """(evaluation, puzzle or None): the rules against the challenge's dice, or against its puzzle."""
        if ch.puzzle:
            _layout, puzzle = puzzle_of(ch, tuple(sorted(self.game.puzzle_options_of(sheet).items())))
            return self.game.evaluate_puzzle(puzzle, sheet, self.layout.data), puzzle
        return self.game.evaluate(sheet, self.layout.data, self.schedule(ch, sheet)), None

    def schedule(self, ch: Challenge, sheet: Any) -> Any:
        spec = self.game.score_dice_spec(self.layout, sheet)
        if spec is None:
            return None
        return resolve_schedule(ch.game, spec, seed=ch.seed, daily=ch.daily)

    def check(self, ch: Challenge, *, text: str | None = None, values: dict[str, str] | None = None) -> dict:
        """Check a sheet given as its text (pasted or typed) or as the cells of the form.  The answer is
        JSON-ready: the text and the cells, the problems (each with the cells it is about), the score."""
        data = self.layout.data
        out: dict[str, Any] = {}
        if values is not None:
            values = {k: v for k, v in values.items() if k in self.cells and isinstance(v, str)}
            writer = self.entry.text(values, data)
            text = writer.text()
            out["text"] = text
        assert text is not None
        try:
            check_text(text, SOURCE, SHEET)
            if not text.strip():
                raise InputError("the sheet is empty", file=SOURCE, line=1, col=1)
            sheet = self.game.parse(text, SOURCE, data)
            if values is None:  # the text was typed or pasted: fill the cells from it
                canonical = self.game.format(sheet, data)
                out["values"] = self.entry.values(canonical, data)
                if set(out["values"]) - self.cells:  # longer than the form: the text stays the only copy
                    out["overflow"] = "this sheet holds more than the form has room for: edit it in the text box"
                writer = self.entry.text(out["values"], data)
                sheet = self.game.parse(writer.text(), SOURCE, data)  # lines and columns of the form
            evaluation, puzzle = self.evaluate(ch, sheet)
        except RollwriteError as error:
            cells: list[str] = []
            for one in getattr(error, "errors", (error,)) if values is not None else ():  # InputErrors: each
                cells += [c for c in self._error_cells(writer, one) if c not in cells]
            out.update(valid=False, error={"message": str(error), "cells": cells})
            return out
        out.update(self._result(evaluation, writer))
        if puzzle is not None and puzzle.par is not None:
            out["par"] = plain_number(puzzle.par)
            line = f"{out['total']} of par {out['par']}"
            out["par_text"] = line if puzzle.par_proven else f"{line} ({puzzle.par_text()})"
        return out

    def _error_cells(self, writer: Writer, error: Any) -> list[str]:
        """The cells an unreadable part is about: the one at its line and column, unless the entry can tell
        from the words which cell of the line is meant (the reader points at a box's size as one word)."""
        line = cells_at(writer.places, error.line)
        named = self.entry.refine("", error.message, line, self.layout.data)
        return named if named != line else cells_at(writer.places, error.line, error.col)

    def _result(self, evaluation: Any, writer: Writer) -> dict:
        data = self.layout.data
        problems = []
        for p in evaluation.problems:
            cells = self.entry.refine(p.where, p.message, cells_at(writer.places, p.line), data)
            problems.append({"where": p.where, "message": p.message, "cells": cells})
        score = evaluation.score
        players = None
        if score.players:
            players = [{"name": p["name"], "total": plain_number(p["total"])} for p in score.players]
        return {"valid": not problems, "problems": problems, "total": plain_number(score.total),
                "players": players, "report": score.report.rstrip("\n")}
