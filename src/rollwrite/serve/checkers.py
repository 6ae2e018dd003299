"""The desk's checkers: a live check and a step of the on-screen entry (the game's rules replayed against a
sheet's text) run in processes of their own, never in the process that answers the request.

A desk process is one interpreter: what runs in its threads runs on one core at a time, and its event
loop (every connection's reading and writing) waits for the interpreter's lock behind whatever check
holds it.  A check takes milliseconds of pure computation, so the desk hands each to a pool of checker
processes (as many as the machine has cores, by default) and its event loop only reads requests and
writes answers: one desk process then uses every core, and a crowd's checks do not slow the pages.

A checker is a clean process from a fork server (like the worker of serve/maker.py: no process is forked
from a server thread), which knows the games the desk knows and keeps one :class:`Desk` per game.  It
has no worker of its own: a puzzle's check needs the puzzle the desk's worker made, so the desk hands the
puzzles it has with the check; a sheet that needs another one (another battlefield's size) comes back
as :class:`NeedPuzzle`, and the desk asks again with it.  The answer comes back whole: a result, or the
game's refusal as a message (a step the rules do not allow), or, for a fault of the desk itself, an
error that names the fault (the checker's log has the traceback)."""

from __future__ import annotations

import logging
import multiprocessing
import os
import select
import sys
import threading
import time
import traceback
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool  # noqa: F401 - the desk catches it
from typing import Any

import orjson

from rollwrite import games
from rollwrite.errors import RollwriteError
from rollwrite.pool import cores
from rollwrite.serve.desk import Challenge, Desk, game_slugs
from rollwrite.serve.maker import know_games

log = logging.getLogger("rollwrite.serve")

#: what a checker does: the Desk methods a request may run
METHODS = ("check", "play")


class NeedPuzzle(Exception):
    """The check needs the challenge's puzzle for these puzzle options, which the desk did not hand over."""

    def __init__(self, options: tuple) -> None:
        super().__init__(options)
        self.options = options


class Refused(Exception):
    """The game refused the step (the rules do not allow it); ``message`` says why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class CheckFailed(Exception):
    """A fault of the desk while checking (the checker's log has the traceback)."""


# -- in the checker process ------------------------------------------------------------------------------

_desks: dict[str, Desk] = {}
_handed: dict[tuple, Any] = {}  # the puzzles handed with the check being run (one check at a time)


def _puzzle(ch: Challenge, options: tuple) -> Any:
    if options in _handed:
        return _handed[options]
    raise NeedPuzzle(options)


def _desk(game: str) -> Desk:
    if game not in _desks:
        _desks[game] = Desk(game, puzzles=_puzzle)
    return _desks[game]


def _start(registry: dict[str, str], path: list[str], desk_pid: int) -> None:
    """A checker's start: the games the desk knows, a desk of each made before the first check, and a
    watch on the desk's process (its parent is the fork server, which outlives a desk killed outright)."""
    threading.Thread(target=_watch, args=(desk_pid,), daemon=True, name="desk-watch").start()
    know_games(registry, path)
    for slug in game_slugs():
        _desk(slug)


def _watch(desk_pid: int) -> None:
    """End this checker when the desk process that started it is gone, however it ended (a kill -9
    included): the fork server's children hold each other's pipes, so nothing else would end them."""
    try:
        watch = os.pidfd_open(desk_pid)  # readable once the process has ended (Linux 5.3)
    except ProcessLookupError:
        os._exit(0)
    except (AttributeError, OSError):
        watch = None
    if watch is not None:
        select.select([watch], [], [])
        os._exit(0)
    while True:  # elsewhere: look every second
        time.sleep(1)
        try:
            os.kill(desk_pid, 0)
        except ProcessLookupError:
            os._exit(0)
        except PermissionError:
            pass


def run(method: str, ch: Challenge, kw: dict[str, Any], puzzles: dict[tuple, Any], encode: bool) -> tuple[str, Any]:
    """Run ``Desk.<method>(ch, **kw)`` of the challenge's game, with ``puzzles`` (puzzle options -> puzzle)
    at hand: ``("ok", result)`` (as JSON bytes when ``encode``), ``("puzzle", options)`` when another
    puzzle is needed, ``("refused", message)`` for the game's refusal, ``("failed", message)`` for a fault."""
    if method not in METHODS:
        return "failed", f"no such check {method!r}"
    _handed.clear()
    _handed.update(puzzles)
    try:
        result = getattr(_desk(ch.game), method)(ch, **kw)
        return "ok", orjson.dumps(result) if encode else result
    except NeedPuzzle as need:
        return "puzzle", need.options
    except RollwriteError as error:
        return "refused", error.message
    except Exception as exc:  # a fault of the desk: named here, its traceback in the checker's log
        log.error("checking a sheet of %s failed:\n%s", ch.id, traceback.format_exc())
        return "failed", f"{type(exc).__name__} while checking the sheet"
    finally:
        _handed.clear()


# -- in the desk process -----------------------------------------------------------------------------------


class Checkers:
    """A pool of ``processes`` checker processes (by default one per core), started with the app; a pool
    whose process died is replaced."""

    def __init__(self, processes: int | None = None, start_method: str = "forkserver") -> None:
        self.processes = processes or cores()
        #: how the checkers start: a fork server (the desk); "fork" where they must start from this very
        #: process (a test's own layouts folder)
        self.start_method = start_method
        self.pool: ProcessPoolExecutor | None = None
        self.lock = threading.Lock()

    def start(self) -> Checkers:
        with self.lock:
            if self.pool is None:
                self.pool = self._pool()
        return self

    def _pool(self) -> ProcessPoolExecutor:
        ctx = multiprocessing.get_context(self.start_method)
        if self.start_method == "forkserver":
            ctx.set_forkserver_preload(["rollwrite.serve.maker", "rollwrite.serve.pages", "rollwrite.serve.desk",
                                        "rollwrite.serve.checkers"])
        pool = ProcessPoolExecutor(self.processes, mp_context=ctx, initializer=_start,
                                   initargs=(games.registered(), list(sys.path), os.getpid()))
        for _ in range(self.processes):  # every checker started (and its desks made) before the first player
            pool.submit(int)
        return pool

    def submit(self, method: str, ch: Challenge, kw: dict[str, Any], puzzles: dict[tuple, Any],
               encode: bool) -> Future:
        """The check handed to a checker: a future of :func:`run`'s answer.  A pool one of whose processes
        died (the checks it held answer BrokenProcessPool) is replaced here, and the check handed to the new one."""
        for _ in range(2):
            with self.lock:
                if self.pool is None:
                    raise RuntimeError("the desk's checkers are not started")
                pool = self.pool
            try:
                return pool.submit(run, method, ch, kw, puzzles, encode)
            except BrokenProcessPool:
                self._replace(pool)
        raise BrokenProcessPool("the desk's checkers could not be started again")

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        with self.lock:
            if self.pool is not broken:
                return  # replaced already
            log.error("a checker process of the desk died: the checkers are started again")
            self.pool = self._pool()
        broken.shutdown(wait=False, cancel_futures=True)

    def stop(self) -> None:
        with self.lock:
            pool, self.pool = self.pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
