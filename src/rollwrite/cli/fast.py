"""The console entry point, with a quick path for the commonest command lines.

Importing Typer (and the click and pydantic-free machinery under it) and building the app costs more
than the rest of a plain ``rollwrite print long-way``.  So ``main`` first looks at the command line: a
``print`` whose every word is one of its options (the table in :mod:`rollwrite.cli.options`, which
builds the Typer command too), each given once with a plain value, is run
directly through :func:`rollwrite.cli.printing.print_command_body` — the same function the Typer
command calls — with the same output and exit codes; so is ``score GAME FILE...`` with its options,
through :func:`rollwrite.cli.scoring.score_command_body`, and ``games`` with its options, through
:func:`rollwrite.cli.listing.games_lines` (each from its own table there).  Anything else (help,
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

from rollwrite.cli.boundary import run_and_exit, say
from rollwrite.cli.common import rewrite_daily
from rollwrite.cli.options import GAMES_OPTIONS, PRINT_OPTIONS, SCORE_OPTIONS

# command -> option word -> (parameter name, kind, the value the word itself sets or None), from the
# tables of options that the Typer commands are built from too (cli/options.py)
WORDS = {command: {word: (opt.name, opt.kind, value) for opt in table for word, value in opt.words().items()}
         for command, table in (("print", PRINT_OPTIONS), ("games", GAMES_OPTIONS), ("score", SCORE_OPTIONS))}
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
    if not argv or argv[0] != "print" or _completing(environ):
        return None
    return _options(rewrite_daily(argv[1:]), WORDS["print"], ("game",))


def quick_games(argv: list[str], environ: Any = os.environ) -> dict[str, Any] | None:
    """The keyword arguments of ``games_lines`` for a ``games`` command line (the words after
    ``rollwrite``), or None when the quick path does not take it."""
    if not argv or argv[0] != "games" or _completing(environ):
        return None
    return _options(argv[1:], WORDS["games"], ())


def quick_score(argv: list[str], environ: Any = os.environ) -> dict[str, Any] | None:
    """The keyword arguments of ``score_command_body`` for a ``score GAME FILE...`` command line (the
    words after ``rollwrite``), or None when the quick path does not take it."""
    if not argv or argv[0] != "score" or _completing(environ):
        return None
    return _options(rewrite_daily(argv[1:]), WORDS["score"], ("game", "files"))


def _completing(environ: Any) -> bool:
    """Shell completion: always Typer's."""
    return any(k.startswith("_ROLLWRITE_COMPLETE") for k in environ)


def _options(words: list[str], known: dict[str, tuple[str, type, Any]],
             positional: tuple[str, ...]) -> dict[str, Any] | None:
    """The keyword arguments the option words ``known`` give for ``words``, with the plain words as the
    ``positional`` arguments: ``("game",)`` one word, ``("game", "files")`` one and then one or more; or
    None when the Typer app should read them."""
    kw: dict[str, Any] = {}
    plain: list[str] = []
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
        elif positional and _plain(word):
            plain.append(word)
            i += 1
            continue
        else:
            return None
        name = known[word][0]
        if value is None or name in kw:
            return None
        kw[name] = value
        i += step
    if positional == ("game",) and len(plain) == 1:
        return {"game": plain[0], **kw}
    if positional == ("game", "files") and len(plain) >= 2:
        return {"game": plain[0], "files": plain[1:], **kw}
    return kw if not positional and not plain else None


def _run_score(kw: dict[str, Any]) -> int:
    # deferred for start-up: `print long-way` and 5 more commands need this module, not this import
    from rollwrite.cli.scoring import score_command_body

    return score_command_body(**kw)


def _run_games(kw: dict[str, Any]) -> None:
    # deferred for start-up: `print long-way` and the other quick commands need this module, not this import
    from rollwrite.cli.listing import games_lines

    for line in games_lines(**kw):
        say(line, sys.stdout)


def _run_print(kw: dict[str, Any]) -> None:
    # deferred for start-up: `score long-way` and 4 more commands need this module, not this import
    from rollwrite.cli.printing import print_command_body

    for line in print_command_body(**kw):
        say(line, sys.stdout)


def main() -> None:
    """Console entry point (``rollwrite`` and ``python -m rollwrite``)."""
    for quick, run in ((quick_print, _run_print), (quick_games, _run_games), (quick_score, _run_score)):
        kw = quick(sys.argv[1:])
        if kw is not None:
            run_and_exit(lambda: run(kw))
    # deferred for start-up: `print long-way` and 10 more commands need this module, not this import
    from rollwrite.cli.app import main as typer_main

    typer_main()
