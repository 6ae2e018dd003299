"""``rollwrite score``: check typed-in sheets against the rules (and a seeded schedule) and score them.

Exit codes: 0 every sheet is legal and every claimed score is right; 1 a rule is broken or a claim is
wrong; 2 a file could not be read or parsed, or the command was used wrongly.
"""

from __future__ import annotations

import json
from typing import Any, Optional

import typer

from rollwrite.cli.root import app, fail
from rollwrite.cli.common import DAILY_HELP, ID_HELP, QUIET_HELP, SEED_HELP, Discard, ScheduleCommand
from rollwrite.cli.polish import complete_file, complete_game
from rollwrite.core.scoring import is_folder, run_batch, run_score
from rollwrite.errors import RollwriteError, UsageError


@app.command("score", cls=ScheduleCommand)
def score_command(
    game: str = typer.Argument(..., metavar="GAME", autocompletion=complete_game, help="The game the sheets belong to (see 'rollwrite games'), " + ID_HELP + " to check the dice too."),
    files: Optional[list[str]] = typer.Argument(None, metavar="FILE...", autocompletion=complete_file, help="Typed-in sheets or folders of them (every file in a folder, in name order); '-' reads standard input."),
    claimed: Optional[str] = typer.Option(None, "--claimed", "-c", metavar="SCORE[,SCORE...]",
                                          help="The score you worked out (one per player, comma-separated): checked against the sheet."),
    as_json: bool = typer.Option(False, "--json", "-j", help="Print one JSON document instead of the report."),
    seed: Optional[str] = typer.Option(None, "--seed", "-s", metavar="SEED", help="Also check the sheet against this seed's dice. " + SEED_HELP),
    daily: Optional[str] = typer.Option(None, "--daily", "-d", metavar="[DATE]", help="Also check the sheet against the daily challenge's dice. " + DAILY_HELP),
    jsonl: bool = typer.Option(False, "--jsonl", help="Print one JSON object per sheet, one per line, in input order, as each is done."),
    from_jsonl: Optional[str] = typer.Option(None, "--from-jsonl", metavar="FILE", help="Read the sheets from JSON Lines ('-': standard input), one object per line: {\"name\": ..., \"text\": the typed-in sheet}."),
    jobs: Optional[int] = typer.Option(None, "--jobs", metavar="N", help="Score on N processes at once (default: one per core)."),
    puzzle: bool = typer.Option(False, "--puzzle", help="The sheet answers the puzzle of the id or --seed/--daily ('rollwrite puzzle'): check its rolls and say how it compares with par."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help=QUIET_HELP + " The exit code says how the sheets fared."),
) -> None:
    """Check typed-in sheets: every rule, the dice of a seeded game, and the arithmetic."""
    if (jsonl or from_jsonl is not None or jobs is not None or any(is_folder(f) for f in files or [])
            or (files and len(files) > 1 and not as_json)):
        try:
            worst = run_batch(game, files or [], from_jsonl=from_jsonl, jsonl=jsonl or as_json, jobs=jobs,
                              seed=seed, daily=daily, puzzle=puzzle, claimed=claimed,
                              out=Discard() if quiet else None)
        except RollwriteError as error:
            raise fail(error) from None
        if worst:
            raise typer.Exit(worst)
        return
    if not files:
        raise fail(UsageError("FILE... is missing", hint="give the typed-in sheets to score: files, folders, "
                              "'-' for standard input, or --from-jsonl FILE for sheets as JSON Lines"))
    try:
        results, worst = run_score(game, files, claimed=claimed, seed=seed, daily=daily, puzzle=puzzle)
    except RollwriteError as error:
        raise fail(error) from None
    if quiet:
        pass
    elif as_json:
        doc: Any = results[0]["json"] if len(results) == 1 else [r["json"] for r in results]
        typer.echo(json.dumps(doc, indent=2, ensure_ascii=False, sort_keys=False))
    else:
        for i, r in enumerate(results):
            if i:
                typer.echo("")
            if "error" in r:
                continue
            typer.echo(r["text"])
    for r in results:
        if "error" in r:
            typer.echo(f"rollwrite: {r['error']}", err=True)
    if worst:
        raise typer.Exit(worst)
