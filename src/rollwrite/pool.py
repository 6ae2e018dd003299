"""Process pools: how rollwrite spreads work over the cores (``--jobs``), the same way everywhere.

multiprocessing and concurrent.futures take about 60 ms to import, which a command on one core never
pays: they are imported when a pool is made.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:  # pragma: no cover
    from concurrent.futures import ProcessPoolExecutor


def cores() -> int:
    """The cores this process may run on: the default of every --jobs."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def process_pool(n: int, initializer: Callable[..., None], initargs: tuple[Any, ...]) -> ProcessPoolExecutor:
    """A pool of ``n`` worker processes, each running ``initializer(*initargs)`` before its first task.
    Workers are forked where the system can (they start with what this process has imported and built,
    and ``initargs`` is not pickled); elsewhere they start with the system's default method.
    (multiprocessing.Pool's worker handler spins while results wait in their pipe: a busy thread beside
    the workers; the executor's one thread sleeps until a whole result is in.)"""
    # deferred for start-up: a command on one core asks for cores() but makes no pool
    import multiprocessing as mp
    from concurrent.futures import ProcessPoolExecutor

    methods = mp.get_all_start_methods()
    ctx = mp.get_context("fork" if "fork" in methods else methods[0])
    return ProcessPoolExecutor(n, mp_context=ctx, initializer=initializer, initargs=initargs)
