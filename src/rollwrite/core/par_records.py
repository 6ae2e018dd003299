"""What a puzzle leaves behind for checking: its par, so that ``score --puzzle`` need not solve it again.

Making a puzzle solves it (seconds for a café or a Long Way puzzle); checking a typed-in answer needs
only par and what the game checks the answer against.  So each puzzle made writes a small JSON record,
``<cache>/puzzles/<key>.json``, into the user's cache folder (``$XDG_CACHE_HOME/rollwrite`` on Linux,
via platformdirs), and ``score --puzzle`` reads it back.  The key is a digest of the puzzle's id, the
options its answer shows (a battlefield's size) and the version: rollwrite's, and a digest of the game's
own modules, so a changed solver never meets an old par.

A record is a file anyone who can write the cache folder can change, so it is believed only when it
cannot be telling a lie we would repeat:

- it is ours and whole: its ``digest`` field is a SHA-256 over its content, the puzzle's id, the
  options and the code version, so an edited par (or a record copied from another puzzle, options or
  version) does not match;
- every value is in range: par and bound whole numbers from 0 to ``MOST`` (no negative, fraction, NaN,
  Infinity or 309-digit number), par never above the bound, a proven par equal to its bound, and the
  parts adding up to the whole;
- what the game checks an answer against besides the dice (``given``: The Long Way's finish puzzle
  keeps the automatic player's style, its turns and the rolls left) is a few names, short strings and
  whole numbers, and the game checks each before it relies on it;
- its answer, replayed on the puzzle's dice, is legal and scores par exactly (``core.puzzles`` checks
  that, having the dice);
- and a sheet being scored never beats it: a sheet that scores more than a record's par makes the
  puzzle be solved again (``core.puzzles.held``), so a record can only ever be too high, never say a
  sheet beat a proven par.

Only a regular file is read, opened without following a link and without blocking (a FIFO or a device
in a record's place is skipped at once, never waited on), at most ``MAX_BYTES``; the folder is used
only when neither it nor the cache folder above it is a symbolic link.  A record is written whole (a
temporary file renamed into place) or not at all.  The folder holds at most ``MAX_RECORDS`` records:
past that the oldest go, and eviction touches only regular files named like records (40 hex digits and
``.json``), never anything else a user keeps there.  Anything that fails is ignored and the puzzle
solved again; a folder that cannot be written (a read-only home) only costs speed.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
import stat
import sys
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any

import platformdirs

import rollwrite
from rollwrite import games
from rollwrite.errors import RollwriteError

FORMAT = 3  # the record's own layout; a change to it makes every older record unread
MAX_RECORDS = 4000
MAX_BYTES = 64 * 1024  # a record is a few hundred bytes; anything larger is not one of ours
FIELDS = ("par", "par_proven", "bound", "best_known", "parts", "difficulty", "prompt", "given", "answer")
#: the largest par or bound a record may hold: far above any game's (the café's three floors: under 200)
MOST = 100_000
#: the most values a record's ``given`` holds (The Long Way's finish: three)
MAX_GIVEN = 8
#: what a record's file is named: its key and .json; eviction touches nothing else
RECORD_NAME = re.compile(r"[0-9a-f]{40}\.json")


def folder() -> Path:
    return Path(platformdirs.user_cache_dir("rollwrite")) / "puzzles"


def _usable(where: Path) -> bool:
    """Whether ``where`` (the records' folder) and the cache folder above it are real folders, not
    symbolic links (a folder that does not exist yet is usable: it is made as a folder)."""
    for path in (where.parent, where):
        try:
            if stat.S_ISLNK(os.lstat(path).st_mode):
                return False
        except FileNotFoundError:
            continue
        except OSError:
            return False
    return True


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


def digest(game: str, doc: dict, puzzle_id: str, options: dict[str, int]) -> str:
    """The digest a record of ``puzzle_id`` with ``options`` carries: over its content (every field but
    the digest itself), the id, the options and the code version."""
    content = {k: v for k, v in doc.items() if k != "digest"}
    text = json.dumps([FORMAT, code_version(game), puzzle_id, sorted(options.items()), content],
                      sort_keys=True, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def save(g: Any, layout: Any, puzzle: Any) -> None:
    """Record a puzzle just made (one with a par; a one-move puzzle is quick to make again)."""
    if puzzle.par is None:
        return
    options = g.puzzle_options_of(puzzle.answer)
    doc = {name: getattr(puzzle, name) for name in FIELDS[:-2]}
    doc.update(id=puzzle.id, given=g.puzzle_given(puzzle), answer=g.format(puzzle.answer, layout.data))
    if not _fit(doc, puzzle.id):  # never write what would not be read back
        return
    doc["digest"] = digest(layout.game, doc, puzzle.id, options)
    path = folder() / f"{key(layout.game, puzzle.id, options)}.json"
    if not _usable(path.parent):
        return
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if not _usable(path.parent):  # made a link between the look and the making
            return
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(doc, f, ensure_ascii=False, allow_nan=False)
        os.replace(tmp, path)
        tmp = None
        _trim(path.parent)
    except (OSError, ValueError):  # a cache that cannot be written costs speed, nothing else
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def _trim(where: Path) -> None:
    """Keep at most MAX_RECORDS records, the newest.  Only regular files named like records count and
    go, and only in a folder that is not a link."""
    if not _usable(where):
        return
    records = []
    with os.scandir(where) as entries:
        for entry in entries:
            if RECORD_NAME.fullmatch(entry.name) and entry.is_file(follow_symlinks=False):
                try:
                    records.append((entry.stat(follow_symlinks=False).st_mtime, entry.name))
                except OSError:
                    continue
    if len(records) <= MAX_RECORDS:
        return
    records.sort()
    for _, name in records[: len(records) - MAX_RECORDS]:
        try:
            os.unlink(where / name)
        except OSError:
            pass


def read_regular(path: Path, most: int = MAX_BYTES) -> bytes | None:
    """The bytes of ``path`` when it is a regular file of at most ``most`` bytes, else None: opened
    without following a link and without blocking, so a FIFO or a device in its place is never
    waited on."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except OSError:  # missing, a link (O_NOFOLLOW), unreadable
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > most:
            return None
        chunks, size = [], 0
        while size <= most:
            chunk = os.read(fd, most + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks) if size <= most else None
    except OSError:
        return None
    finally:
        os.close(fd)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a record holds")


def load(g: Any, layout: Any, puzzle_id: str, options: dict[str, int]) -> dict | None:
    """The record of a puzzle, with its answer parsed back, or None when there is none fit to use (the
    caller still checks that the answer scores par on the puzzle's dice)."""
    where = folder()
    if not _usable(where):
        return None
    path = where / f"{key(layout.game, puzzle_id, options)}.json"
    data = read_regular(path)
    if data is None:
        return None
    try:
        doc = json.loads(data, parse_constant=_no_constant)
        if not _fit(doc, puzzle_id) or doc.get("digest") != digest(layout.game, doc, puzzle_id, options):
            return None
        doc["answer"] = g.parse(doc["answer"], str(path), layout.data)
        return doc
    except (ValueError, RecursionError, RollwriteError):  # damaged or not ours: solve again
        return None


def _whole(v: Any) -> bool:
    """A whole number a record may hold: an int (or a float with no fraction) from 0 to MOST."""
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return False
    if isinstance(v, float) and (not math.isfinite(v) or not v.is_integer()):
        return False
    return 0 <= v <= MOST


def _fit(doc: Any, puzzle_id: str) -> bool:
    """Whether a record is one of ours for this puzzle: every field of its type and in range."""
    if not (isinstance(doc, dict) and doc.get("id") == puzzle_id and all(k in doc for k in FIELDS)):
        return False
    par, bound, proven = doc["par"], doc["bound"], doc["par_proven"]
    if not (_whole(par) and isinstance(proven, bool) and isinstance(doc["best_known"], bool)):
        return False
    if bound is None:
        if proven:
            return False
    elif not (_whole(bound) and par <= bound and (bound == par or not proven)):
        return False
    parts = doc["parts"]
    if not isinstance(parts, list) or not all(isinstance(p, dict) for p in parts):
        return False
    for p in parts:
        if not (_whole(p.get("par")) and _whole(p.get("bound")) and p["par"] <= p["bound"]
                and isinstance(p.get("proven"), bool) and (p["bound"] == p["par"] or not p["proven"])):
            return False
    if parts and (sum(p["par"] for p in parts) != par or (bound is not None and sum(p["bound"] for p in parts) != bound)
                  or proven != all(p["proven"] for p in parts)):
        return False
    given = doc["given"]
    if not (isinstance(given, dict) and len(given) <= MAX_GIVEN
            and all(isinstance(k, str) and len(k) <= 40 and (_whole(v) or (isinstance(v, str) and len(v) <= 80))
                    for k, v in given.items())):
        return False
    return (all(isinstance(doc[k], str) for k in ("difficulty", "prompt", "answer"))
            and isinstance(doc.get("digest", ""), str))
