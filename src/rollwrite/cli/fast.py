"""The console entry point, with a quick path for the commonest command lines.

Importing Typer (and the click and pydantic-free machinery under it) and building the app costs more
than the rest of a plain ``rollwrite print long-way``.  So ``main`` first looks at the command line: a
``print`` whose every word is one of its options (the table in :mod:`rollwrite.cli.options`, which
builds the Typer command too), each given once with a plain value, is run
directly through :func:`rollwrite.cli.printing.print_command_body` — the same function the Typer
command calls — with the same output and exit codes; so is a batch ``score GAME FILE... --jsonl``
(optionally ``--jobs N``), through :func:`rollwrite.core.scoring.run_batch`; and so is ``games`` with
its options (its own table there), through :func:`rollwrite.cli.listing.games_lines`.  Anything else (help,
completion, ``--version``, other commands, any other option, a repeated option, a value the Typer app
would have to convert or might refuse, ``-``, ``--``) goes to the Typer app unchanged
(:func:`rollwrite.cli.app.main`).

tests/engine/test_cli_fast.py runs command lines through both paths and compares what they print and
how they exit.
"""

from __future__ import annotations

import os
import re
import sys
from typing import Any

from rollwrite.cli.common import rewrite_daily
from rollwrite.cli.options import GAMES_OPTIONS, PRINT_OPTIONS
from rollwrite.errors import RollwriteError

# command -> option word -> (parameter name, kind, the value the word itself sets or None), from the
# tables of options that the Typer commands are built from too (cli/options.py)
WORDS = {command: {word: (opt.name, opt.kind, value) for opt in table for word, value in opt.words().items()}
         for command, table in (("print", PRINT_OPTIONS), ("games", GAMES_OPTIONS))}
_DIGITS = re.compile(r"[0-9]{1,9}")
# a number both paths read alike (a pattern: re compiles it when first used, and most command lines
# have no decimal option)
_DECIMAL = r"[0-9]{1,6}(?:\.[0-9]{1,6})?"


def _plain(value: str) -> bool:
    """A value both paths read the same way: not empty, not like an option, no NUL."""
    return bool(value) and not value.startswith("-") and "\0" not in value


def _value(kind: type, text: str) -> Any:
    """``text`` read as an option of ``kind``; None when the quick path leaves it to the Typer app."""
    if not _plain(text):
        return None
    if kind is int:
        return int(text) if _DIGITS.fullmatch(text) else None
    if kind is float:
        return float(text) if re.fullmatch(_DECIMAL, text) else None
    return kind(text)


def quick_print(argv: list[str], environ: Any = os.environ) -> dict[str, Any] | None:
    """The keyword arguments of ``print_command_body`` for ``argv`` (the words after ``rollwrite``), or
    None when the command line is not one the quick path takes (the Typer app then reads it)."""
    if not argv or argv[0] != "print" or any(k.startswith("_ROLLWRITE_COMPLETE") for k in environ):
        return None
    return _options(rewrite_daily(argv[1:]), WORDS["print"], takes_game=True)


def quick_games(argv: list[str], environ: Any = os.environ) -> dict[str, Any] | None:
    """The keyword arguments of ``games_lines`` for a ``games`` command line (the words after
    ``rollwrite``), or None when the quick path does not take it."""
    if not argv or argv[0] != "games" or any(k.startswith("_ROLLWRITE_COMPLETE") for k in environ):
        return None
    return _options(argv[1:], WORDS["games"], takes_game=False)


def _options(words: list[str], known: dict[str, tuple[str, type, Any]], takes_game: bool) -> dict[str, Any] | None:
    """The keyword arguments the option words ``known`` give for ``words`` (with ``game``: the one plain
    word, when ``takes_game``), or None when the Typer app should read them."""
    kw: dict[str, Any] = {}
    game: str | None = None
    i = 0
    while i < len(words):
        word, value, step = words[i], None, 1
        if word.startswith("--") and "=" in word:
            word, text = word.split("=", 1)
            if word not in known or known[word][2] is not None:
                return None
            value = _value(known[word][1], text)
        elif word in known:
            name, kind, value = known[word]
            if value is None:
                if i + 1 >= len(words):
                    return None
                value, step = _value(kind, words[i + 1]), 2
        elif takes_game and _plain(word) and game is None:
            game, i = word, i + 1
            continue
        else:
            return None
        name = known[word][0]
        if value is None or name in kw:
            return None
        kw[name] = value
        i += step
    if not takes_game:
        return kw
    if game is None:
        return None
    return {"game": game, **kw}


def quick_score(argv: list[str], environ: Any = os.environ) -> dict[str, Any] | None:
    """The arguments of ``run_batch`` for a ``score GAME FILE... --jsonl [--jobs N]`` command line (the
    words after ``rollwrite``), or None when the quick path does not take it."""
    if not argv or argv[0] != "score" or any(k.startswith("_ROLLWRITE_COMPLETE") for k in environ):
        return None
    words = argv[1:]
    names: list[str] = []
    jsonl = False
    jobs: int | None = None
    i = 0
    while i < len(words):
        word = words[i]
        if word == "--jsonl":
            if jsonl:
                return None
            jsonl, i = True, i + 1
            continue
        if word == "--jobs" and i + 1 < len(words):
            value, step = words[i + 1], 2
        elif word.startswith("--jobs="):
            value, step = word.split("=", 1)[1], 1
        elif _plain(word):
            names.append(word)
            i += 1
            continue
        else:
            return None
        if jobs is not None or not _DIGITS.fullmatch(value):
            return None
        jobs, i = int(value), i + step
    if not jsonl or len(names) < 2:
        return None
    return {"game": names[0], "files": names[1:], "jobs": jobs}


def _run_score(kw: dict[str, Any]) -> None:
    # deferred for start-up: `print long-way` and 5 more commands need this module, not this import
    from rollwrite.core.scoring import run_batch

    try:
        worst = run_batch(kw["game"], kw["files"], jsonl=True, jobs=kw["jobs"])
    except RollwriteError as error:
        _say(f"rollwrite: {error}", sys.stderr)
        sys.exit(error.exit_code)
    sys.exit(worst)


def _run_games(kw: dict[str, Any]) -> None:
    # deferred for start-up: `print long-way` and the other quick commands need this module, not this import
    from rollwrite.cli.listing import games_lines

    for line in games_lines(**kw):
        _say(line, sys.stdout)


def _run_print(kw: dict[str, Any]) -> None:
    # deferred for start-up: `score long-way` and 4 more commands need this module, not this import
    from rollwrite.cli.printing import print_command_body

    try:
        lines = print_command_body(**kw)
    except RollwriteError as error:
        _say(f"rollwrite: {error}", sys.stderr)
        sys.exit(error.exit_code)
    for line in lines:
        _say(line, sys.stdout)


# the escapes click's echo drops when not on a terminal (a pattern: re compiles it when first used)
_ANSI = r"\033\[[;?0-9]*[a-zA-Z]"


def _say(line: str, stream: Any) -> None:
    """Write a line as ``typer.echo`` does: flushed, colour escapes dropped unless on a terminal."""
    if "\033" in line and not stream.isatty():
        line = re.sub(_ANSI, "", line)
    stream.write(line + "\n")
    stream.flush()


def main() -> None:
    """Console entry point (``rollwrite`` and ``python -m rollwrite``)."""
    for quick, run in ((quick_print, _run_print), (quick_games, _run_games), (quick_score, _run_score)):
        kw = quick(sys.argv[1:])
        if kw is not None:
            break
    else:
        # deferred for start-up: `print long-way` and 10 more commands need this module, not this import
        from rollwrite.cli.app import main as typer_main

        typer_main()
        return
    try:
        run(kw)
    except (KeyboardInterrupt, EOFError):  # pragma: no cover - as the Typer app reports it
        _say("", sys.stderr)
        _say("rollwrite: interrupted", sys.stderr)
        sys.exit(130)
    except BrokenPipeError:  # pragma: no cover - as click reports a closed standard output
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - nothing may be flushed to the closed pipe
        sys.exit(1)
    except Exception as exc:  # pragma: no cover - a bug: as cli/app.py says it
        if os.environ.get("ROLLWRITE_DEBUG"):
            raise
        _say(f"rollwrite: internal error: {type(exc).__name__}: {exc}", sys.stderr)
        _say("  hint: this is a bug in rollwrite; run again with ROLLWRITE_DEBUG=1 for the details", sys.stderr)
        sys.exit(3)
    sys.exit(0)
