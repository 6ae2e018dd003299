"""What ``rollwrite score`` does once its options are read: score the sheets (rollwrite.core.scoring)
and write what it found.

Kept apart from the command's Typer declaration (cli/score.py) so that the quick start-up path
(cli/fast.py) can score without importing Typer; both call :func:`score_command_body`.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from rollwrite.cli.boundary import say
from rollwrite.cli.common import Discard
from rollwrite.errors import UsageError


def score_command_body(game: str, files: list[str] | None = None, *, claimed: str | None = None,
                       as_json: bool = False, seed: str | None = None, daily: str | None = None,
                       jsonl: bool = False, from_jsonl: str | None = None, jobs: int | None = None,
                       puzzle: bool = False, quiet: bool = False) -> int:
    """Run ``rollwrite score`` with the command's parameters, writing its report (or JSON) to standard
    output and what could not be read to standard error; returns the exit code (0 every sheet legal and
    every claim right, 1 a broken rule or a wrong claim, 2 a sheet that could not be read).  A
    RollwriteError about the command itself passes through (the caller prints it)."""
    # deferred for start-up: `--help` and `games` load this module, not core.scoring
    from rollwrite.core.scoring import is_folder, run_batch, run_score

    files = files or []
    if jsonl or from_jsonl is not None or jobs is not None or any(is_folder(f) for f in files) or (
            len(files) > 1 and not as_json):
        return run_batch(game, files, from_jsonl=from_jsonl, jsonl=jsonl or as_json, jobs=jobs, seed=seed,
                         daily=daily, puzzle=puzzle, claimed=claimed,
                         out=Discard() if quiet and not (jsonl or as_json) else None)
    if not files:
        raise UsageError("FILE... is missing", hint="give the typed-in sheets to score: files, folders, "
                         "'-' for standard input, or --from-jsonl FILE for sheets as JSON Lines")
    results, worst = run_score(game, files, claimed=claimed, seed=seed, daily=daily, puzzle=puzzle)
    if as_json:  # asked for by name, so printed even with --quiet
        doc: Any = results[0]["json"] if len(results) == 1 else [r["json"] for r in results]
        say(json.dumps(doc, indent=2, ensure_ascii=False, sort_keys=False), sys.stdout)
    elif not quiet:
        for i, r in enumerate(results):
            if i:
                say("", sys.stdout)
            if "error" in r:
                continue
            say(r["text"], sys.stdout)
    for r in results:
        if "error" in r:
            say(f"rollwrite: {r['error']}", sys.stderr)
    return worst
