"""The desk's background worker: what takes long to make (a challenge's sheet drawn, its dice, a puzzle and
its par) is made by one process of its own, one thing at a time, never by a request.

A request asks :meth:`Maker.get` for a thing: made, it has it at once, without waiting on any lock held
while something else is made; not made yet, the thing is queued (unless ``pending`` things already wait:
:class:`Busy`) and the request answers that it is being prepared (:class:`NotReady`).  The process comes
from a fork server (``multiprocessing``'s ``forkserver``): a clean, single-threaded process started before
the desk answers anything, so no process is ever forked from a server thread, and a puzzle solver may use
processes of its own inside it.  It runs at a lower priority (nice 10): the desk's answers come first.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import sys
import threading
import time
from collections import OrderedDict, deque
from functools import partial
from typing import Any

from rollwrite import games
from rollwrite.errors import RollwriteError

log = logging.getLogger("rollwrite.serve")

#: things made and kept (a drawn sheet is about 200 KB)
KEPT = 64
#: things a crowd may have waiting at once; today's and tomorrow's challenges, queued ahead, do not count
PENDING = 8
#: the longest one thing may take: then the worker is replaced, and the thing reported as failed
MAKE_SECONDS = 300.0


class NotReady(Exception):
    """The thing is being made; ask again in a moment."""


class Busy(Exception):
    """Too many things wait to be made; ask again later."""


class Failed(Exception):
    """The thing could not be made; the message says why."""


def make(task: tuple) -> Any:
    """Make one thing (in the worker process): ``("page", challenge, has_dice)``: (svg, dice lines, puzzle or
    None); ``("file", challenge, has_dice, fmt)``: the PDF or PNG; ``("puzzle", challenge, options)``: the
    puzzle for a sheet with those puzzle options.  A RollwriteError comes back as ``("error", message)``."""
    # deferred: the fork server imports these once (set_forkserver_preload), a request never does
    from rollwrite.serve.desk import puzzle_of
    from rollwrite.serve.pages import dice_lines, sheet_file, sheet_svg

    try:
        kind, ch = task[0], task[1]
        if kind == "page":
            has_dice = task[2]
            return (sheet_svg(ch, has_dice), dice_lines(ch) if has_dice else (),
                    puzzle_of(ch)[1] if ch.puzzle else None)
        if kind == "file":
            return sheet_file(ch, task[2], task[3])
        if kind == "puzzle":
            return puzzle_of(ch, task[2])[1]
        raise ValueError(f"no such task {kind!r}")
    except RollwriteError as error:
        return ("error", str(error))


NICE = 10


def know_games(registry: dict[str, str], path: list[str]) -> None:
    """Know the games the desk knows, in a process of a fork server (which starts clean): the games
    registered in the desk's own process (``games.register``, a game kept outside the package) and the
    folders their modules are imported from."""
    sys.path[:0] = [p for p in path if p not in sys.path]
    for slug, target in registry.items():
        games.register(slug, target)


def _start_worker(registry: dict[str, str], path: list[str]) -> None:
    """A worker's start: it yields the processor to the desk's answers (making is never in a hurry, on
    Unix), and knows the games the desk knows (:func:`know_games`)."""
    if hasattr(os, "nice"):
        os.nice(NICE)
    know_games(registry, path)


class Maker:
    """One worker process and what it made, kept (least recently used first out)."""

    def __init__(self, processes: int = 1, pending: int = PENDING, kept: int = KEPT,
                 seconds: float = MAKE_SECONDS, start_method: str = "forkserver") -> None:
        self.processes, self.max_pending, self.kept, self.seconds = processes, pending, kept, seconds
        #: how the worker starts: a fork server (the desk: never a fork of a process with threads); "fork"
        #: where the worker must start from this very process (a test's own layouts folder)
        self.start_method = start_method
        self.lock = threading.Lock()  # held only to look up or note a thing, never while one is made
        self.done: OrderedDict[tuple, Any] = OrderedDict()
        self.pending: set[tuple] = set()
        self.crowd: set[tuple] = set()  # the pending things that count against max_pending
        self.waiting: tuple[deque[tuple], deque[tuple]] = (deque(), deque())  # asked for, then ahead
        self.running: dict[tuple, float] = {}  # being made: since when
        self.generation = 0  # which pool a callback comes from (a replaced one's are ignored)
        self.pool: Any = None

    def start(self) -> Maker:
        self.pool = self._pool()
        return self

    def _pool(self) -> Any:
        ctx = multiprocessing.get_context(self.start_method)
        if self.start_method == "forkserver":
            ctx.set_forkserver_preload(["rollwrite.serve.maker", "rollwrite.serve.pages", "rollwrite.serve.desk"])
        start, args = self.worker_start()
        return ctx.Pool(self.processes, initializer=start, initargs=args)

    def worker_start(self) -> tuple[Any, tuple[dict[str, str], list[str]]]:
        """What each worker runs first, and with what: the games registered here, and where their
        modules are imported from."""
        return _start_worker, (games.registered(), list(sys.path))

    def stop(self) -> None:
        if self.pool is not None:
            self.pool.terminate()
            self.pool.join()
            self.pool = None

    def ready(self, task: tuple) -> bool:
        """Made, or being made: asking for it starts nothing new."""
        with self.lock:
            return task in self.done or task in self.pending

    def get(self, task: tuple, ahead: bool = False) -> Any:
        """The thing made; NotReady (and queued) when it is not yet, Busy when the queue is full, Failed
        when it could not be made.  ``ahead``: queued whatever the crowd (the desk's own preparing)."""
        with self.lock:
            self._reap()
            if task in self.done:
                self.done.move_to_end(task)
                value = self.done[task]
                if isinstance(value, tuple) and len(value) == 2 and value[0] == "error":
                    raise Failed(value[1])
                return value
            if task not in self.pending:
                if not ahead and len(self.crowd) >= self.max_pending:
                    raise Busy()
                if self.pool is None:
                    raise RuntimeError("the desk's worker is not started")
                self.pending.add(task)
                if not ahead:
                    self.crowd.add(task)
                self.waiting[1 if ahead else 0].append(task)
                self._next()
            elif not ahead and task not in self.crowd and task in self.waiting[1]:
                self.waiting[1].remove(task)  # queued ahead, and now asked for: it goes first
                self.waiting[0].append(task)
        raise NotReady()

    def _reap(self) -> None:
        """A thing made for longer than ``seconds`` (a search that never ends, a worker that died): it is
        reported as failed, the worker replaced, and what else was being made queued again."""
        now = time.monotonic()
        late = [t for t, since in self.running.items() if now - since > self.seconds]
        if not late or self.pool is None:
            return
        log.error("preparing %r took longer than %g s: the worker is replaced", [t[:2] for t in late], self.seconds)
        for task in late:
            self._store(task, ("error", f"preparing it took longer than {self.seconds:g} s"))
        self.waiting[0].extendleft([t for t in self.running if t not in late])
        old, self.pool = self.pool, self._pool()
        self.generation += 1
        self.running = {}
        threading.Thread(target=old.terminate, daemon=True).start()  # it joins threads that take self.lock
        self._next()

    def _next(self) -> None:
        """Hand the worker the next thing (a player's before the desk's own), one per process at a time."""
        while len(self.running) < self.processes and (self.waiting[0] or self.waiting[1]):
            task = (self.waiting[0] or self.waiting[1]).popleft()
            self.running[task] = time.monotonic()
            self.pool.apply_async(make, (task,), callback=partial(self._made, task, self.generation),
                                  error_callback=partial(self._failed, task, self.generation))

    def _made(self, task: tuple, generation: int, value: Any) -> None:
        with self.lock:
            if generation != self.generation:  # from a replaced worker
                return
            self.running.pop(task, None)
            self._store(task, value)
            if self.pool is not None:
                self._next()

    def _store(self, task: tuple, value: Any) -> None:
        """Keep what was made (the lock held)."""
        self.pending.discard(task)
        self.crowd.discard(task)
        self.done[task] = value
        while len(self.done) > self.kept:
            self.done.popitem(last=False)

    def _failed(self, task: tuple, generation: int, error: BaseException) -> None:
        log.error("preparing %r failed: %r", task[:2], error)
        self._made(task, generation, ("error", "it could not be prepared (the desk's log says why)"))
