"""``rollwrite score``: check typed-in sheets against the rules (and a seeded schedule) and score them.

Exit codes: 0 every sheet is legal and every claimed score is right; 1 a rule is broken or a claim is
wrong; 2 a file could not be read or parsed, or the command was used wrongly.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Optional

import typer

from rollwrite.cli.app import app, fail
from rollwrite.cli.common import DAILY_HELP, ID_HELP, SEED_HELP, ScheduleCommand
from rollwrite.cli.polish import complete_file, complete_game
from rollwrite.errors import InputError, RollwriteError, UsageError

STDIN = "-"


@app.command("score", cls=ScheduleCommand)
def score_command(
    game: str = typer.Argument(..., metavar="GAME", autocompletion=complete_game, help="The game the sheets belong to (see 'rollwrite games'), " + ID_HELP + " to check the dice too."),
    files: list[str] = typer.Argument(..., metavar="FILE...", autocompletion=complete_file, help="Typed-in sheets; '-' reads standard input."),
    claimed: Optional[str] = typer.Option(None, "--claimed", "-c", metavar="SCORE[,SCORE...]",
                                          help="The score you worked out (one per player, comma-separated): checked against the sheet."),
    as_json: bool = typer.Option(False, "--json", "-j", help="Print one JSON document instead of the report."),
    seed: Optional[str] = typer.Option(None, "--seed", "-s", metavar="SEED", help="Also check the sheet against this seed's dice. " + SEED_HELP),
    daily: Optional[str] = typer.Option(None, "--daily", "-d", metavar="[DATE]", help="Also check the sheet against the daily challenge's dice. " + DAILY_HELP),
    puzzle: bool = typer.Option(False, "--puzzle", help="The sheet answers the puzzle of the id or --seed/--daily ('rollwrite puzzle'): check its rolls and say how it compares with par."),
) -> None:
    """Check typed-in sheets: every rule, the dice of a seeded game, and the arithmetic."""
    try:
        results, worst = run_score(game, files, claimed=claimed, seed=seed, daily=daily, puzzle=puzzle)
    except RollwriteError as error:
        raise fail(error) from None
    if as_json:
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


def _num(v: float) -> int | float:
    from rollwrite.games.base import plain_number

    return plain_number(v)


def parse_claim(text: str) -> list[float]:
    out = []
    for part in text.split(","):
        part = part.strip()
        try:
            if not part.isascii() or len(part) > 40:  # float() takes '３' and '١' too; scores are 0-9
                raise ValueError
            value = float(part)
        except ValueError:
            raise UsageError(f"--claimed: '{part}' is not a number",
                             hint="give the score as a number, or one per player separated by commas: 80,61") from None
        if value != value or value in (float("inf"), float("-inf")):
            raise UsageError(f"--claimed: '{part}' is not a number")
        out.append(value)
    return out


def _read(name: str, game: str) -> str:
    from rollwrite.files import SHEET, read_stream, read_text

    hint = "type the sheet in a plain text editor and save it as UTF-8"
    if name == STDIN:
        source = "<stdin>"
        text = read_stream(sys.stdin, source, hint, SHEET)
    else:
        source = name
        text = read_text(name, source, hint=hint, limits=SHEET)
    if not text.strip():
        raise InputError("the file is empty", file=source, line=1, col=1,
                         hint=f"type the sheet in as docs/formats/{game}.md shows")
    return text


def run_score(game: str, files: list[str], *, claimed: str | None = None, seed: str | None = None,
              daily: str | None = None, puzzle: bool = False) -> tuple[list[dict], int]:
    from rollwrite import games
    from rollwrite.cli.common import resolve_schedule, resolve_schedule_id, split_game
    from rollwrite.spec.layout import load_builtin

    if game.endswith(" puzzle"):  # a puzzle's id: check the sheet as its answer
        game, puzzle = game[: -len(" puzzle")], True
    game, seed, daily = split_game(game, seed, daily)
    layout = load_builtin(game)
    g = games.get(layout.game)
    if g is None or not g.can_score:
        scorers = [s for s in games.known() if games.get(s).can_score]  # type: ignore[union-attr]
        raise UsageError(f"{game} has no scorer", hint=f"games with a scorer: {', '.join(scorers)}")
    resolve_schedule_id(layout.game, seed, daily, required=puzzle)  # reject bad --seed/--daily before reading any file
    the_puzzle = None
    if puzzle:
        from rollwrite.cli.puzzle import make_puzzles

        _, _, made = make_puzzles(layout.game, seed=seed, daily=daily)
        the_puzzle = made[0]
    claim = parse_claim(claimed) if claimed is not None else None
    if claim is not None and len(files) != 1:
        raise UsageError("--claimed checks one sheet: give exactly one file with it")
    if files.count(STDIN) > 1:
        raise UsageError("'-' (standard input) can be read only once")

    results: list[dict] = []
    worst = 0
    for name in files:
        try:
            text = _read(name, layout.game)
            source = "<stdin>" if name == STDIN else name
            sheet = g.parse(text, source, layout.data)
            schedule = None
            if seed is not None or daily is not None:
                spec = g.score_dice_spec(layout, sheet)
                if spec is not None:
                    schedule = resolve_schedule(layout.game, spec, seed=seed, daily=daily)
                elif the_puzzle is None:  # a game without dice still has puzzles named by a seed
                    raise UsageError(f"{layout.game} has no dice to check against")
            if the_puzzle is not None:
                problems = g.check_puzzle(the_puzzle, sheet, layout.data)
            else:
                problems = g.check(sheet, layout.data, schedule)
            score = g.score(sheet, layout.data)
        except RollwriteError as error:
            results.append({"error": error, "json": {"file": name, "game": layout.game, "error": str(error),
                                                      "valid": False}})
            worst = max(worst, error.exit_code)
            continue
        totals = [float(t) for t in score.claimable()]
        claim_ok = None
        claim_msg = ""
        if claim is not None:
            if len(claim) != len(totals):
                raise UsageError(
                    f"--claimed gives {len(claim)} score{'s' if len(claim) != 1 else ''} but the sheet has "
                    f"{len(totals)} to check",
                    hint="give one score per player, in sheet order, separated by commas",
                )
            wrong = [(i, c, t) for i, (c, t) in enumerate(zip(claim, totals)) if abs(c - t) > 1e-9]
            claim_ok = not wrong
            if wrong:
                parts = []
                for i, c, t in wrong:
                    who = f"{score.players[i]['name']}: " if score.players else ""
                    diff = t - c
                    parts.append(f"{who}claimed {_num(c)}, but the sheet scores {_num(t)} "
                                 f"({_num(abs(diff))} {'more' if diff > 0 else 'less'} than claimed)")
                claim_msg = "; ".join(parts)
            else:
                claim_msg = f"claimed {', '.join(str(_num(c)) for c in claim)}: correct"
        valid = not problems
        doc = {
            "file": name,
            "game": layout.game,
            "id": schedule.id if schedule else None,
            "total": _num(score.total),
            "valid": valid,
            "problems": [p.to_json() for p in problems],
            "breakdown": score.breakdown,
        }
        if score.players is not None:
            doc["players"] = [{**p, "total": _num(p["total"])} for p in score.players]
        par_line = ""
        if the_puzzle is not None:
            doc["puzzle"] = the_puzzle.id
            doc["par"] = None if the_puzzle.par is None else _num(the_puzzle.par)
            doc["par_proven"] = the_puzzle.par_proven
            doc["bound"] = None if the_puzzle.bound is None else _num(the_puzzle.bound)
            if the_puzzle.par is not None:
                par_line = f"{_num(score.total)} of par {_num(the_puzzle.par)}"
                if not the_puzzle.par_proven:
                    par_line += f" ({the_puzzle.par_text()})"
        if claim is not None:
            doc["claimed"] = [_num(c) for c in claim]
            doc["claim_correct"] = claim_ok
        against = the_puzzle.id if the_puzzle is not None else schedule.id if schedule else ""
        lines = [f"== {name} ({g.title}{', checked against ' + against if against else ''})"]
        if score.report:
            lines.append(score.report.rstrip("\n"))
        if problems:
            lines.append(f"{len(problems)} rule problem{'s' if len(problems) != 1 else ''}:")
            lines.extend(f"  - {p}" for p in problems)
        else:
            what = "deal" if hasattr(schedule, "order") else "dice"
            lines.append("rules: all checks passed" + (f" ({what} of {schedule.id})" if schedule else ""))
        if score.players:
            lines.append("total: " + ", ".join(f"{p['name']} {_num(p['total'])}" for p in score.players))
        else:
            lines.append(f"total: {_num(score.total)}")
        if par_line:
            lines.append(par_line)
        if claim_msg:
            lines.append(claim_msg)
        results.append({"json": doc, "text": "\n".join(lines)})
        if not valid or claim_ok is False:
            worst = max(worst, 1)
    return results, worst
