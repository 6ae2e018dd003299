"""The command line's one error boundary: what ``rollwrite`` says and how it exits when a command ends.

    run_and_exit(body)
        Run ``body()`` and exit with the code it returns (0 for None).  What escapes it:

        - a RollwriteError: ``rollwrite: <the error>`` on stderr, and its exit code (1 a broken rule or
          a wrong claim, 2 unusable input or wrong usage);
        - an interrupt (Ctrl-C, or the end of the input where a command reads it): ``rollwrite:
          interrupted``, exit 130;
        - a standard output closed by its reader (``rollwrite ... | head``): exit 1, nothing more said;
        - anything else is a bug: one line naming it and a hint, exit 3; with ``ROLLWRITE_DEBUG=1`` in
          the environment the traceback instead.

    say(line, stream)
        Write a line as ``typer.echo`` does: flushed, colour escapes dropped unless on a terminal.

Both entry points use it: the quick start-up path (cli/fast.py) and the Typer app (cli/app.py).
Nothing here imports Typer, so the quick path never does.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from typing import Any, NoReturn

from rollwrite.errors import RollwriteError, printable

# the escapes click's echo drops when not on a terminal (a pattern: re compiles it when first used)
_ANSI = r"\033\[[;?0-9]*[a-zA-Z]"


def say(line: str, stream: Any) -> None:
    """Write a line as ``typer.echo`` does: flushed, colour escapes dropped unless on a terminal."""
    if "\033" in line and not stream.isatty():
        line = re.sub(_ANSI, "", line)
    stream.write(line + "\n")
    stream.flush()


def run_and_exit(body: Callable[[], int | None]) -> NoReturn:
    """Run a command and exit; see the module's docstring."""
    try:
        code = body() or 0
    except RollwriteError as error:
        say(f"rollwrite: {error}", sys.stderr)
        code = error.exit_code
    except (KeyboardInterrupt, EOFError):
        say("", sys.stderr)  # off the line the terminal echoed ^C on
        say("rollwrite: interrupted", sys.stderr)
        code = 130
    except BrokenPipeError:
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - nothing may be flushed to the closed pipe
        code = 1
    except Exception as exc:  # a bug: one line, the details on request
        if os.environ.get("ROLLWRITE_DEBUG"):
            raise
        say(printable(f"rollwrite: internal error: {type(exc).__name__}: {exc}"), sys.stderr)
        say("  hint: this is a bug in rollwrite; run again with ROLLWRITE_DEBUG=1 for the details", sys.stderr)
        code = 3
    sys.exit(code)
