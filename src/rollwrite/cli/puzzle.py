"""``rollwrite puzzle``: solo puzzles with every roll known in advance, their par, and answer pages.

A puzzle uses the dice of a challenge (``--seed`` / ``--daily``), so its rolls are what ``rollwrite roll``
shows for the same id; its own id adds `` puzzle``.  The game's solver finds par; ``--with-solutions``
appends answer pages (a sheet that reaches par, drawn in the sheet's own elements) and ``--answers DIR``
writes each answer as a typed-in sheet that ``rollwrite score ... --puzzle`` accepts.
"""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any, Optional

import typer

from rollwrite.cli.app import app, fail
from rollwrite.cli.common import (BLEED_HELP, CROP_MARKS_HELP, DAILY_HELP, GUTTER_HELP, HIGH_CONTRAST_HELP,
                                  LARGE_PRINT_HELP, MARGIN_HELP, QUIET_HELP, SCALE_HELP, SEED_HELP, ScheduleCommand)
from rollwrite.errors import RollwriteError, UsageError

CHALLENGE = "Which puzzles"
OUTPUT = "Output"


@app.command("puzzle", cls=ScheduleCommand)
def puzzle_command(
    game: str = typer.Argument(..., metavar="GAME", help="A game that makes puzzles (see 'rollwrite games'), or a challenge id such as wobbly-cafe@2026-11-22."),
    seed: Optional[str] = typer.Option(None, "--seed", "-s", metavar="SEED", help=SEED_HELP, rich_help_panel=CHALLENGE),
    daily: Optional[str] = typer.Option(None, "--daily", "-d", metavar="[DATE]", help=DAILY_HELP, rich_help_panel=CHALLENGE),
    days: Optional[int] = typer.Option(None, "--days", metavar="N", rich_help_panel=CHALLENGE,
                                       help="The puzzles of N days in a row, from --daily's date: a booklet."),
    count: int = typer.Option(1, "--count", metavar="K", rich_help_panel=CHALLENGE,
                              help="K puzzles for each seed or day: the first uses its dice, the others the seeds SEED/2 ... SEED/K (DATE/2 ... for a day)."),
    with_solutions: bool = typer.Option(False, "--with-solutions", help="Append answer pages: a sheet that reaches par, drawn as a player would fill it in."),
    answers: Optional[Path] = typer.Option(None, "--answers", metavar="DIR", help="Also write each answer as a typed-in sheet into DIR (checked by 'rollwrite score ... --puzzle')."),
    hide_par: bool = typer.Option(False, "--hide-par", help="Leave par off the puzzle pages."),
    as_json: bool = typer.Option(False, "--json", help="Print each puzzle's id, par and bound as JSON instead of a summary."),
    fmt: Optional[str] = typer.Option(None, "--format", "-f", metavar="FORMAT", rich_help_panel=OUTPUT, help="pdf, svg or png (default: from --output's extension, else pdf)."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", metavar="FILE", rich_help_panel=OUTPUT, help="File to write (default: out/GAME-puzzle.pdf)."),
    paper: Optional[str] = typer.Option(None, "--paper", "-p", metavar="PAPER", rich_help_panel=OUTPUT, help="a3, a4, a5, letter, legal, tabloid, or WIDTHxHEIGHT (default: the layout's)."),
    per_page: Optional[str] = typer.Option(None, "--per-page", metavar="N|COLSxROWS|max", rich_help_panel=OUTPUT, help="Sheets on each page."),
    dpi: Optional[int] = typer.Option(None, "--dpi", metavar="DPI", rich_help_panel=OUTPUT, help="Pixels per inch of a PNG preview."),
    size: Optional[int] = typer.Option(None, "--size", metavar="N", help="Board size, for games that have one."),
    force: bool = typer.Option(False, "--force", rich_help_panel=OUTPUT, help="Replace output files even if rollwrite did not write them."),
    split: bool = typer.Option(False, "--split", rich_help_panel=CHALLENGE, help="With --days: one file per day, named after its date."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help=QUIET_HELP),
    landscape: Optional[bool] = typer.Option(None, "--landscape/--portrait", show_default=False, rich_help_panel=OUTPUT,
                                             help="Turn the paper (default: the layout's way)."),
    scale: Optional[float] = typer.Option(None, "--scale", metavar="FACTOR", rich_help_panel=OUTPUT, help=SCALE_HELP),
    large_print: bool = typer.Option(False, "--large-print", rich_help_panel=OUTPUT, help=LARGE_PRINT_HELP),
    crop_marks: Optional[bool] = typer.Option(None, "--crop-marks/--no-crop-marks", show_default=False,
                                              rich_help_panel=OUTPUT, help=CROP_MARKS_HELP),
    gutter: Optional[float] = typer.Option(None, "--gutter", metavar="MM", rich_help_panel=OUTPUT, help=GUTTER_HELP),
    bleed: Optional[float] = typer.Option(None, "--bleed", metavar="MM", rich_help_panel=OUTPUT, help=BLEED_HELP),
    margin: Optional[float] = typer.Option(None, "--margin", metavar="MM", rich_help_panel=OUTPUT, help=MARGIN_HELP),
    high_contrast: bool = typer.Option(False, "--high-contrast", rich_help_panel=OUTPUT, help=HIGH_CONTRAST_HELP),
) -> None:
    """Print solo puzzles: the whole schedule is known before the first mark; reach par."""
    try:
        puzzles, written = run_puzzle(game, seed=seed, daily=daily, days=days, count=count,
                                      with_solutions=with_solutions, answers=answers, hide_par=hide_par, fmt=fmt,
                                      output=output, paper=paper, per_page=per_page, dpi=dpi,
                                      options={"size": size}, force=force, split=split, quiet=quiet,
                                      page={"landscape": landscape, "scale": scale, "large_print": large_print,
                                            "crop_marks": crop_marks, "gutter": gutter, "bleed": bleed,
                                            "margin": margin, "high_contrast": high_contrast})
    except RollwriteError as error:
        raise fail(error) from None
    if quiet:
        return
    if as_json:
        doc: Any = [p.to_json() for p in puzzles]
        typer.echo(json.dumps(doc[0] if len(doc) == 1 else doc, indent=2, ensure_ascii=False))
        return
    for p in puzzles:
        line = f"{p.id}: {p.par_text() or p.prompt}"
        if len(p.parts) > 1:
            line += " (" + ", ".join(_part_text(part) for part in p.parts) + ")"
        typer.echo(line)
    from rollwrite.cli.printing import written_lines

    files = [(path, n) for path, n in written if n]
    notes = [path for path, n in written if not n]  # the typed-in answers
    for line in written_lines(files):
        typer.echo(line)
    if len(notes) > 20:
        typer.echo(f"wrote {len(notes)} answers: {notes[0]} ... {notes[-1]}")
    else:
        for path in notes:
            typer.echo(f"wrote {path}")


def _part_text(part: dict) -> str:
    if part.get("proven"):
        return f"{part['name']} {part['par']}"
    return f"{part['name']} {part['par']}-{part['bound']}"


def _split_id(game: str, seed: str | None,
              daily: str | None) -> tuple[str, str | None, str | None, dict[str, int]]:
    """A GAME argument that is a challenge or puzzle id (``wobbly-cafe@2026-11-22``, ``long-way#x puzzle``,
    ``lines-and-sections#x~s6``) stands for the game, its --seed / --daily and its variation."""
    from rollwrite.cli.common import split_challenge

    text = game[: -len(" puzzle")] if game.endswith(" puzzle") else game
    return split_challenge(text, seed, daily)


def make_puzzles(game: str, *, seed: str | None = None, daily: str | None = None, days: int | None = None,
                 count: int = 1, options: dict[str, int | None] | None = None,
                 on_start: Any = None) -> tuple[Any, Any, list]:
    """(layout, game, puzzles) of a run.  ``on_start(n)``, when given, is called with the number of puzzles
    before the first is made and returns a function called after each one (a progress bar's advance)."""
    from rollwrite import games
    from rollwrite.cli.common import challenge_run
    from rollwrite.dice import DealSpec, make_deal, make_schedule
    from rollwrite.spec.layout import puzzle_layout
    from rollwrite.spec.layout import load_builtin

    from rollwrite.cli.common import with_variations
    from rollwrite.dice import variant_code, with_variant

    game, seed, daily, from_id = _split_id(game, seed, daily)
    options = with_variations(options or {}, from_id)
    layout = load_builtin(game)
    g = games.get(layout.game)
    if g is None or not g.can_puzzle:
        makers = [s for s in games.known() if games.get(s).can_puzzle]  # type: ignore[union-attr]
        raise UsageError(f"{game} makes no puzzles", hint=f"games with puzzles: {', '.join(makers)}")
    opts = {k: v for k, v in (options or {}).items() if v is not None}
    unknown = sorted(set(opts) - set(g.puzzle_options))
    if unknown:
        raise UsageError(f"{layout.game} puzzles have no --{unknown[0]} option")
    variant = variant_code(opts, g.variations(layout))  # the id shows the variation; the dice omit it
    layout = g.puzzle_layout(layout, opts)
    run = challenge_run(layout.game, seed, daily, days, count)
    spec = g.dice_spec(layout, 1)
    advance = on_start(len(run)) if on_start is not None else None
    puzzles = []
    for gid, s, day in run:
        if isinstance(spec, DealSpec):  # a card game: the challenge's deal
            schedule = make_deal(layout.game, gid, spec, seed=s, day=day)
        else:
            schedule = make_schedule(layout.game, gid, spec, seed=s, day=day) if spec is not None else None
        puzzle = g.make_puzzle(layout, gid, schedule, opts)
        puzzles.append(dataclasses.replace(puzzle, challenge=with_variant(gid, variant)) if variant else puzzle)
        if advance is not None:
            advance()
    return puzzle_layout(layout), g, puzzles


def answer_name(puzzle: Any, taken: set[str]) -> str:
    """A file name for a puzzle's typed-in answer: its challenge id in safe characters."""
    stem = re.sub(r"[^A-Za-z0-9._-]+", "_", puzzle.challenge.replace("#", "_").replace("@", "_")).strip("._") or "puzzle"
    name, n = f"{stem}.txt", 2
    while name in taken:
        name, n = f"{stem}-{n}.txt", n + 1
    taken.add(name)
    return name


def answer_text(g: Any, layout: Any, puzzle: Any) -> str:
    """The typed-in answer with a header saying which puzzle it answers and how to check it."""
    if puzzle.schedule is not None and puzzle.schedule.day:
        how = f"--daily {puzzle.schedule.day}"
    elif puzzle.schedule is not None:
        how = f"--seed '{puzzle.schedule.seed}'"
    else:  # a game without dice: the puzzle is named by the challenge's seed or date alone
        from rollwrite.dice import parse_game_id

        _, seed, day = parse_game_id(puzzle.challenge)
        how = f"--daily {day.isoformat()}" if day is not None else f"--seed '{seed}'"
    head = [f"# answer to {puzzle.id}"]
    if puzzle.par is not None:
        from rollwrite.games.base import plain_number

        head.append(f"# score: {plain_number(puzzle.par)}")
        head.append(f"# {puzzle.par_text()}")
    head.append(f"# check it: rollwrite score {layout.game} FILE {how} --puzzle")
    return "\n".join(head) + "\n" + g.format(puzzle.answer, layout.data)


def run_puzzle(game: str, *, seed: str | None = None, daily: str | None = None, days: int | None = None,
               count: int = 1, with_solutions: bool = False, answers: Path | None = None, hide_par: bool = False,
               fmt: str | None = None, output: Path | None = None, paper: str | None = None,
               per_page: str | None = None, dpi: int | None = None,
               options: dict[str, int | None] | None = None, force: bool = False, split: bool = False,
               quiet: bool = False, page: dict | None = None) -> tuple[list, list[tuple[Path, int]]]:
    """Make the puzzles of a run and write them (and their answers); returns (puzzles, [(file, pages)]),
    an answer file with 0 pages.  ``split`` (with ``days``): a file per day, named after its date;
    ``quiet``: no progress bar; ``page``: the page options of print (rollwrite.spec.page.with_options, and
    ``high_contrast``)."""
    import dataclasses
    from contextlib import ExitStack

    from rollwrite.cli.common import check_output
    from rollwrite.cli.progress import progress
    from rollwrite.output import check_options, format_for, mark_pages, render, stale_pages, targets, write_all
    from rollwrite.draw.scene import high_contrast
    from rollwrite.sheet import SheetJob, build_scene
    from rollwrite.spec.page import with_options

    form = format_for(fmt, output)
    check_options(form, {"dpi": dpi})
    check_output(output, form, folder_ok=split)
    if split and days is None:
        raise UsageError("--split splits a run of days into files: give --days N with it",
                         hint="e.g. --daily 2027-01-01 --days 7 --split")
    if answers is not None and answers.exists() and not answers.is_dir():
        raise UsageError(f"--answers {answers}: not a folder", hint="give a folder to write the answers into")
    sheets_each = 2 if with_solutions else 1
    with ExitStack() as stack:
        bar: list = []

        def start(n: int) -> Any:  # one bar over the solving and the drawing of every sheet
            bar.append(stack.enter_context(progress("making puzzles", n * (1 + sheets_each), min_total=2 * (1 + sheets_each),
                                                    quiet=quiet)))
            return bar[0]

        layout, g, puzzles = make_puzzles(game, seed=seed, daily=daily, days=days, count=count, options=options,
                                          on_start=start)
        advance = bar[0] if bar else None
        page = dict(page or {})
        contrast = bool(page.pop("high_contrast", False))
        spec = with_options(layout.page, paper=paper, per_page=per_page, **page)
        if output is None:
            folder, stem, base = Path("out"), f"{layout.game}-puzzle", None
        elif output.is_dir():
            folder, stem, base = output, f"{layout.game}-puzzle", None
        else:
            folder, stem, base = None, "", output if output.suffix else output.with_suffix(f".{form.name}")
        if split:  # a file per day: that day's puzzles (--count of them), and their answers
            groups = [puzzles[i:i + count] for i in range(0, len(puzzles), count)]
            names = []
            for group in groups:
                day = group[0].schedule.day if group[0].schedule is not None else None
                day = day or group[0].challenge.rsplit("@", 1)[-1]
                names.append(folder / f"{stem}@{day}.{form.name}" if base is None
                             else base.with_name(f"{base.stem}-{day}{base.suffix}"))
        else:
            groups = [puzzles]
            names = [base if base is not None else folder / f"{stem}.{form.name}"]
        files: list[tuple[Path, bytes]] = []
        stale: list[Path] = []
        written: list[tuple[Path, int]] = []
        for name, group in zip(names, groups):
            shown = [dataclasses.replace(p, extra={**p.extra, "hide_par": True}) if hide_par else p for p in group]
            jobs = [SheetJob(p.schedule, p) for p in shown]
            if with_solutions:
                jobs += [SheetJob(p.schedule, p, p.answer) for p in group]
            scene = build_scene(layout, sheets=len(jobs), page=spec, jobs=jobs, on_sheet=advance)
            scene = high_contrast(scene) if contrast else scene
            blobs = mark_pages(render(scene, form, dpi=dpi), form)
            paths = targets(name, form, len(blobs))
            stale += stale_pages(name, paths) if form.per_page else []
            files.extend(zip(paths, blobs))
            written.extend([(paths[0], len(scene.pages))] if len(paths) == 1 else [(p, 1) for p in paths])
    if answers is not None:
        taken: set[str] = set()
        for p in puzzles:
            path = answers / answer_name(p, taken)
            files.append((path, answer_text(g, layout, p).encode("utf-8")))
            written.append((path, 0))
    write_all(files, force=force, remove=stale)
    return puzzles, written
