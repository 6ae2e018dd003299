"""What a puzzle leaves behind for checking: its par, so that ``score --puzzle`` need not solve it again.

Making a puzzle solves it (seconds for a café or a Long Way puzzle); checking a typed-in answer needs
only par and what the game checks the answer against.  So each puzzle made writes a small JSON record,
``<cache>/puzzles/<key>.json``, into the user's cache folder (``$XDG_CACHE_HOME/rollwrite`` on Linux,
via platformdirs), and ``score --puzzle`` reads it back.  The key is a digest of the puzzle's id, the
options its answer shows (a battlefield's size) and the version: rollwrite's, and a digest of the game's
own modules, so a changed solver never meets an old par.

A record is written whole (a temporary file renamed into place) or not at all; one that cannot be
read, or says something else than it should, is ignored, and the puzzle is solved again.  The folder
holds at most ``MAX_RECORDS`` records: past that, the oldest go.  A folder that cannot be written (a
read-only home) only costs speed: nothing is ever refused for it.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any

import platformdirs

import rollwrite
from rollwrite import games
from rollwrite.errors import RollwriteError

FORMAT = 1  # the record's own layout; a change to it makes every older record unread
MAX_RECORDS = 4000
MAX_BYTES = 64 * 1024  # a record is a few hundred bytes; anything larger is not one of ours
FIELDS = ("par", "par_proven", "bound", "best_known", "parts", "difficulty", "prompt", "answer")


def folder() -> Path:
    return Path(platformdirs.user_cache_dir("rollwrite")) / "puzzles"


@lru_cache(maxsize=8)
def code_version(game: str) -> str:
    """rollwrite's version and a digest of the game's modules (its solver among them)."""
    g = games.get(game)
    digest = hashlib.sha256(f"{rollwrite.__version__}\0{FORMAT}".encode())
    here = Path(sys.modules[type(g).__module__].__file__ or "").parent if g is not None else None
    for path in sorted(here.glob("*.py")) if here is not None else []:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def key(game: str, puzzle_id: str, options: dict[str, int]) -> str:
    text = json.dumps([code_version(game), puzzle_id, sorted(options.items())])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:40]


def save(g: Any, layout: Any, puzzle: Any) -> None:
    """Record a puzzle just made (one with a par; a one-move puzzle is quick to make again)."""
    if puzzle.par is None:
        return
    doc = {name: getattr(puzzle, name) for name in FIELDS[:-1]}
    doc.update(id=puzzle.id, answer=g.format(puzzle.answer, layout.data))
    path = folder() / f"{key(layout.game, puzzle.id, g.puzzle_options_of(puzzle.answer))}.json"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(doc, f, ensure_ascii=False)
        os.replace(tmp, path)
        _trim(path.parent)
    except OSError:  # a cache that cannot be written costs speed, nothing else
        try:
            os.unlink(tmp)
        except (OSError, UnboundLocalError):
            pass


def _trim(where: Path) -> None:
    """Keep at most MAX_RECORDS records, the newest."""
    records = list(where.glob("*.json"))
    if len(records) <= MAX_RECORDS:
        return
    records.sort(key=lambda p: p.stat().st_mtime)
    for old in records[: len(records) - MAX_RECORDS]:
        old.unlink(missing_ok=True)


def load(g: Any, layout: Any, puzzle_id: str, options: dict[str, int]) -> dict | None:
    """The record of a puzzle, with its answer parsed back, or None when there is none fit to use."""
    path = folder() / f"{key(layout.game, puzzle_id, options)}.json"
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
        doc = json.loads(data) if len(data) <= MAX_BYTES else None
        if not _fit(doc, puzzle_id):
            return None
        doc["answer"] = g.parse(doc["answer"], str(path), layout.data)
        return doc
    except (OSError, ValueError, RollwriteError):  # missing, unreadable or not ours: solve again
        return None


def _fit(doc: Any, puzzle_id: str) -> bool:
    """Whether a record read back is one of ours for this puzzle, every field of its type."""
    def number(v: Any) -> bool:
        return isinstance(v, (int, float)) and not isinstance(v, bool)

    return (isinstance(doc, dict) and doc.get("id") == puzzle_id and all(k in doc for k in FIELDS)
            and number(doc["par"]) and isinstance(doc["par_proven"], bool) and isinstance(doc["best_known"], bool)
            and (doc["bound"] is None or number(doc["bound"]))
            and isinstance(doc["parts"], list) and all(isinstance(p, dict) for p in doc["parts"])
            and all(isinstance(doc[k], str) for k in ("difficulty", "prompt", "answer")))
