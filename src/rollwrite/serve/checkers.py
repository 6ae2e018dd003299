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

import asyncio
import contextlib
import logging
import multiprocessing
import os
import select
import signal
import sys
import threading
import time
import traceback
from collections import deque
from typing import Any

import orjson

from rollwrite import games
from rollwrite.errors import RollwriteError
from rollwrite.pool import cores
from rollwrite.serve.desk import Challenge, Desk, game_slugs
from rollwrite.serve.maker import know_games

log = logging.getLogger("rollwrite.serve")

#: what a checker does: the Desk methods a request may run
METHODS = ("check", "play", "live_step")


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


def _end() -> None:
    """End this checker at once (from its watching thread)."""
    os.kill(os.getpid(), signal.SIGKILL)


def _watch(desk_pid: int) -> None:
    """End this checker when the desk process that started it is gone, however it ended (a kill -9
    included): the fork server's children hold each other's pipes, so nothing else would end them."""
    try:
        watch = os.pidfd_open(desk_pid)  # readable once the process has ended (Linux 5.3)
    except ProcessLookupError:
        _end()
    except (AttributeError, OSError):
        watch = None
    if watch is not None:
        select.select([watch], [], [])
        _end()
    while True:  # elsewhere: look every second
        time.sleep(1)
        try:
            os.kill(desk_pid, 0)
        except ProcessLookupError:
            _end()
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


class CheckerDied(Exception):
    """The checker process running the check ended before answering (it is replaced)."""


READY = "ready"  # what a checker says once it can check (its desks made)
#: a request's time for its check (a check of the largest sheet takes well under a second); a check that
#: has run this long on a checker ends it (another is started)
CHECK_SECONDS = 10.0


def _serve(conn: Any, registry: dict[str, str], path: list[str], desk_pid: int) -> None:
    """A checker's life: ready, then checks read from ``conn`` and answered on it, one at a time, until the
    desk closes it."""
    _start(registry, path, desk_pid)
    conn.send(READY)
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return
        conn.send(run(*task))


class _Checker:
    """One checker process and the desk's end of its pipe."""

    def __init__(self, ctx: Any, args: tuple) -> None:
        self.conn, theirs = ctx.Pipe()
        self.proc = ctx.Process(target=_serve, args=(theirs, *args), daemon=True, name="rollwrite-checker")
        self.proc.start()
        theirs.close()
        self.ready = False  # until it says so: a check waits for a checker that can take it at once
        self.watched: asyncio.AbstractEventLoop | None = None  # the event loop that reads its pipe
        self.job: tuple[tuple, asyncio.Future] | None = None  # the check it runs, and its answer
        self.since = 0.0  # when (the loop's time) it was handed the check

    def blocking(self) -> None:
        """Its pipe read and written whole: an event loop that watches a file (uvloop's) makes it
        non-blocking, and a message is read only once it is all there (the checker writes it at once)."""
        os.set_blocking(self.conn.fileno(), True)

    def end(self) -> None:
        self.conn.close()
        if self.proc.is_alive():
            self.proc.kill()
        self.proc.join(5)


class Checkers:
    """``processes`` checker processes (by default one per core), started with the app, and the checks
    waiting for one.  Everything is done on the event loop's own thread (a pipe a checker, watched by the
    loop): handing a check over and reading its answer wakes no other thread of the desk.  A check given
    up by its request (its time limit) leaves the queue; one already running is left to finish, and its
    checker ended and replaced only when the check has run ``seconds`` itself.  A checker that dies is
    replaced."""

    def __init__(self, processes: int | None = None, start_method: str = "forkserver",
                 seconds: float = CHECK_SECONDS) -> None:
        self.processes = processes or cores()
        #: how the checkers start: a fork server (the desk); "fork" where they must start from this very
        #: process (a test's own layouts folder)
        self.start_method = start_method
        self.seconds = seconds
        self.checkers: list[_Checker] = []
        self.waiting: deque[tuple[tuple, asyncio.Future]] = deque()
        self.started = False
        #: the event loop that watches the checkers' pipes; another loop's checks are handed to it
        self.loop: asyncio.AbstractEventLoop | None = None

    def start(self) -> Checkers:
        if not self.started:
            ctx = multiprocessing.get_context(self.start_method)
            if self.start_method == "forkserver":
                ctx.set_forkserver_preload(["rollwrite.serve.maker", "rollwrite.serve.pages", "rollwrite.serve.desk",
                                            "rollwrite.serve.checkers"])
            self.ctx, self.args = ctx, (games.registered(), list(sys.path), os.getpid())
            self.checkers = [_Checker(ctx, self.args) for _ in range(self.processes)]
            self.started = True
        return self

    def stop(self) -> None:
        self.started = False
        for checker in self.checkers:
            checker.end()
        self.checkers = []
        for _task, future in self.waiting:
            future.cancel()
        self.waiting.clear()

    async def run(self, method: str, ch: Challenge, kw: dict[str, Any], puzzles: dict[tuple, Any],
                  encode: bool) -> tuple[str, Any]:
        """:func:`run`'s answer, from the first checker free.  Cancelled (the request's time limit), the
        check leaves the queue, or, running, is left to finish (see the class)."""
        if not self.started:
            raise RuntimeError("the desk's checkers are not started")
        loop = asyncio.get_running_loop()
        home = self.loop
        if home is not None and home is not loop and home.is_running():  # the pipes are watched by one loop
            return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(
                self.run(method, ch, kw, puzzles, encode), home))
        if home is not loop:  # the first loop to ask (an app's), or one after it ended
            self.loop = loop
            for checker in self.checkers:
                checker.watched = None
        future: asyncio.Future = loop.create_future()
        job = ((method, ch, kw, puzzles, encode), future)
        self.waiting.append(job)
        self._hand_over(loop)
        try:
            return await future
        except asyncio.CancelledError:
            queued = [j for j in self.waiting if j is not job]
            if len(queued) < len(self.waiting):
                self.waiting = deque(queued)
            for checker in self.checkers:
                if checker.job is job:  # its answer will be dropped; past its own time, it is ended
                    loop.call_at(checker.since + self.seconds, self._overdue, loop, checker, job)
            raise

    def _watch(self, loop: asyncio.AbstractEventLoop, checker: _Checker) -> None:
        if checker.watched is not loop:
            loop.add_reader(checker.conn.fileno(), self._answered, loop, checker)
            checker.watched = loop

    def _hand_over(self, loop: asyncio.AbstractEventLoop) -> None:
        """Hand the waiting checks to the checkers that are ready and free."""
        for checker in list(self.checkers):
            if not checker.ready:
                self._watch(loop, checker)  # for its word that it is ready
                continue
            while checker.job is None and self.waiting:
                job = self.waiting.popleft()
                if job[1].done():  # given up while it waited
                    continue
                try:
                    checker.blocking()
                    checker.conn.send(job[0])
                except (OSError, ValueError):  # the checker died while it was free: the check waits for another
                    self.waiting.appendleft(job)
                    self._replace(loop, checker)
                    return
                checker.job, checker.since = job, loop.time()
                self._watch(loop, checker)

    def _answered(self, loop: asyncio.AbstractEventLoop, checker: _Checker) -> None:
        job = checker.job
        try:
            checker.blocking()
            answer = checker.conn.recv()
        except (EOFError, OSError):  # the checker died
            if job is not None and not job[1].done():
                job[1].set_exception(CheckerDied())
            self._replace(loop, checker)
            return
        if answer == READY and not checker.ready:
            checker.ready = True
        else:
            checker.job = None
            if job is not None and not job[1].done():
                job[1].set_result(answer)
        self._hand_over(loop)

    def _overdue(self, loop: asyncio.AbstractEventLoop, checker: _Checker, job: tuple) -> None:
        if checker.job is job and checker in self.checkers:
            self._replace(loop, checker)

    def _replace(self, loop: asyncio.AbstractEventLoop, checker: _Checker) -> None:
        """End a checker (dead, or running a check past its time) and start another in its place."""
        if checker.watched is not None:
            with contextlib.suppress(OSError, ValueError, RuntimeError):
                checker.watched.remove_reader(checker.conn.fileno())
            checker.watched = None
        checker.job = None
        if checker in self.checkers:
            self.checkers.remove(checker)
            if checker.proc.is_alive():
                log.warning("a check ran past its time limit: its checker is ended and another started")
            else:
                log.error("a checker process of the desk ended (exit code %s): another is started", checker.proc.exitcode)
            checker.end()
            if self.started:
                self.checkers.append(_Checker(self.ctx, self.args))
        self._hand_over(loop)
