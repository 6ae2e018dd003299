"""``rollwrite print``: render a game's sheets (or a layout file of your own) to PDF or SVG."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from rollwrite.cli.app import app, fail
from rollwrite.cli.common import DAILY_HELP, SEED_HELP, ScheduleCommand
from rollwrite.errors import RollwriteError, UsageError


@app.command("print", cls=ScheduleCommand)
def print_command(
    game: str = typer.Argument(..., metavar="GAME", help="A game (see 'rollwrite games') or the path of a layout .yaml file."),
    players: Optional[int] = typer.Option(None, "--players", "-n", help="How many players need a sheet (default: the game's)."),
    paper: Optional[str] = typer.Option(None, "--paper", help="a4 or letter (default: the layout's paper, A4)."),
    fmt: Optional[str] = typer.Option(None, "--format", "-f", help="pdf or svg (default: from --output's extension, else pdf)."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="File to write (default: out/GAME.pdf). SVG writes one file per page: NAME-1.svg, NAME-2.svg..."),
    seed: Optional[str] = typer.Option(None, "--seed", help=SEED_HELP),
    daily: Optional[str] = typer.Option(None, "--daily", metavar="[DATE]", help=DAILY_HELP),
    size: Optional[int] = typer.Option(None, "--size", help="Variation: board size (games that have one)."),
    turns: Optional[int] = typer.Option(None, "--turns", help="Variation: number of turns (games that have one)."),
    dice: Optional[int] = typer.Option(None, "--dice", help="Variation: dice rolled per turn (games that have one)."),
    sides: Optional[int] = typer.Option(None, "--sides", help="Variation: sides per die (games that have one)."),
) -> None:
    """Print player sheets, ready to cut and play, to out/GAME.pdf (or SVG)."""
    try:
        written = run_print(game, players=players, paper=paper, fmt=fmt, output=output, seed=seed, daily=daily,
                            options={"size": size, "turns": turns, "dice": dice, "sides": sides})
    except RollwriteError as error:
        raise fail(error) from None
    for path, pages in written:
        typer.echo(f"wrote {path} ({pages} page{'s' if pages != 1 else ''})")


def run_print(game: str, *, players: int | None = None, paper: str | None = None, fmt: str | None = None,
              output: Path | None = None, seed: str | None = None, daily: str | None = None,
              options: dict[str, int | None] | None = None) -> list[tuple[Path, int]]:
    from rollwrite import games
    from rollwrite.cli.common import resolve_schedule
    from rollwrite.output import format_for, render, targets, write_all
    from rollwrite.sheet import build_scene
    from rollwrite.spec.layout import PAPERS, check_geometry, resolve

    layout = resolve(game)
    g = games.get(layout.game)
    if paper is not None:
        paper = paper.lower()
        if paper not in PAPERS:
            raise UsageError(f"unknown paper '{paper}'", hint=f"choose one of: {', '.join(PAPERS)}")
    count = layout.players.default if players is None else players
    lo, hi = layout.players.minimum, layout.players.maximum
    if not lo <= count <= hi:
        raise UsageError(f"{layout.game} prints for {lo} to {hi} players, not {count}",
                         hint=f"give --players between {lo} and {hi}")
    options = options or {}
    if g is not None:
        layout = g.vary(layout, options, count)
    elif any(v is not None for v in options.values()):
        name = next(k for k, v in options.items() if v is not None)
        raise UsageError(f"a layout of your own has no --{name} option")
    check_geometry(layout, paper)
    schedule = None
    if seed is not None or daily is not None:
        spec = g.dice_spec(layout, count) if g is not None else layout.dice
        if spec is None:
            raise UsageError(f"{layout.game} has no dice to seed", hint="leave out --seed and --daily")
        schedule = resolve_schedule(layout.game, spec, seed=seed, daily=daily)
    sheets = g.sheets(count) if g is not None else count
    scene = build_scene(layout, sheets=sheets, paper=paper, schedule=schedule)
    form = format_for(fmt, output)
    if output is None:
        stem = Path(game).stem if game.endswith((".yaml", ".yml")) else layout.game
        base = Path("out") / f"{stem}.{form.name}"
    elif output.is_dir():
        base = output / f"{layout.game}.{form.name}"
    else:
        base = output if output.suffix else output.with_suffix(f".{form.name}")
    blobs = render(scene, form)
    paths = targets(base, form, len(blobs))
    write_all(list(zip(paths, blobs)))
    if len(paths) == 1:
        return [(paths[0], len(scene.pages))]
    return [(p, 1) for p in paths]
