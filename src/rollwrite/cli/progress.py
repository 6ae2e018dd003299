"""One progress indication for every long-running command (``print -n 200``, batches of days).

``progress(label, total)`` is a context manager yielding ``advance(n=1)``.  On a terminal (stderr) and
for work of at least ``min_total`` steps it shows a rich progress bar that disappears when the work is
done; when stderr is piped or redirected, or the work is short, it shows nothing, so scripts and logs
see only the command's own output.  ``ROLLWRITE_PROGRESS=0`` turns it off everywhere.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

Advance = Callable[..., None]


def _nothing(n: int = 1) -> None:
    return None


def _may_be_terminal() -> bool:
    """Whether rich could take standard error for a terminal (it is one, or the environment says so)."""
    if any(os.environ.get(k) for k in ("FORCE_COLOR", "TTY_COMPATIBLE", "FORCE_TERMINAL")):
        return True
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


def wanted(console: Any, total: int, min_total: int) -> bool:
    if os.environ.get("ROLLWRITE_PROGRESS", "").strip() in ("0", "no", "off", "false"):
        return False
    return total >= min_total and console.is_terminal


@contextmanager
def progress(label: str, total: int, *, min_total: int = 20, console: Any = None,
             quiet: bool = False) -> Iterator[Advance]:
    """A progress bar for ``total`` steps of ``label`` on a terminal; nothing otherwise (nor when ``quiet``)."""
    if quiet or (console is None and total < min_total) or (console is None and not _may_be_terminal()):
        yield _nothing  # rich is not even imported: a short or piped run starts faster
        return
    # deferred for start-up: `print long-way` and 5 more commands need this module, not this import
    from rich.console import Console

    console = console or Console(stderr=True)
    if not wanted(console, total, min_total):
        yield _nothing
        return
    # deferred for start-up: `print long-way` and 5 more commands need this module, not this import
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task(label, total=total)

        def advance(n: int = 1) -> None:
            bar.advance(task, n)

        yield advance
