"""``rollwrite roll``: show the dice schedule of a seeded or daily challenge, as a table or as JSON."""

from __future__ import annotations

import json
from typing import Optional

import typer

from rollwrite.cli.app import app, fail
from rollwrite.cli.common import DAILY_HELP, MAX_TURNS, SEED_HELP, ScheduleCommand, resolve_schedule
from rollwrite.dice import Schedule
from rollwrite.errors import RollwriteError, UsageError


@app.command("roll", cls=ScheduleCommand)
def roll_command(
    game: str = typer.Argument(..., metavar="GAME", help="A game (see 'rollwrite games') or the path of a layout .yaml file."),
    seed: Optional[str] = typer.Option(None, "--seed", metavar="S", help=SEED_HELP),
    daily: Optional[str] = typer.Option(None, "--daily", metavar="[DATE]", help=DAILY_HELP),
    turns: Optional[int] = typer.Option(
        None, "--turns", metavar="N", help=f"Show the first N turns of each group (1-{MAX_TURNS}; default: the game's)."
    ),
    players: Optional[int] = typer.Option(
        None, "--players", "-n", help="Players, for games whose dice depend on it (default: the game's)."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON document instead of a table."),
) -> None:
    """Show the dice of a challenge: --seed S for a seed of your own, --daily [DATE] for a day's.

    The same game and seed (or date) give the same dice on every machine; a longer schedule (--turns)
    starts with the same turns as a shorter one.
    """
    try:
        schedule, title = run_roll(game, seed=seed, daily=daily, turns=turns, players=players)
    except RollwriteError as error:
        raise fail(error) from None
    if as_json:
        typer.echo(schedule_json(schedule))
    else:
        print_table(schedule, title)


def run_roll(
    game: str,
    *,
    seed: str | None = None,
    daily: str | None = None,
    turns: int | None = None,
    players: int | None = None,
) -> tuple[Schedule, str]:
    """The schedule a ``roll`` command names, and the game's title."""
    from rollwrite import games
    from rollwrite.spec.layout import resolve

    layout = resolve(game)
    g = games.get(layout.game)
    count = layout.players.default if players is None else players
    lo, hi = layout.players.minimum, layout.players.maximum
    if not lo <= count <= hi:
        raise UsageError(
            f"{layout.game} is played by {lo} to {hi} players, not {count}", hint=f"give --players between {lo} and {hi}"
        )
    spec = g.dice_spec(layout, count) if g is not None else layout.dice
    if spec is None:
        raise UsageError(f"{layout.game} uses no dice, so it has no schedule to roll")
    return resolve_schedule(layout.game, spec, seed=seed, daily=daily, turns=turns), layout.title


def schedule_json(schedule: Schedule) -> str:
    """The schedule as JSON text: two-space indents, one line per turn, keys in a fixed order, UTF-8
    text as it is (not escaped).  The same schedule always gives the same text."""
    doc = schedule.to_json()
    parts = []
    for key, value in doc.items():
        if key == "turns" and value:
            rows = ",\n".join("    " + json.dumps(t, ensure_ascii=False) for t in value)
            parts.append(f'  "turns": [\n{rows}\n  ]')
        else:
            parts.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n" + ",\n".join(parts) + "\n}"


def print_table(schedule: Schedule, title: str) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(highlight=False)
    spec = schedule.spec
    if schedule.day is not None:
        what = f"daily challenge of {schedule.day}, UTC"
    else:
        what = f"seed: {schedule.seed}"
    console.print(f"{title}: {schedule.id} ({what})", markup=False, soft_wrap=True)
    dice = f"{spec.count} {'die' if spec.count == 1 else 'dice'} with {spec.sides} sides per turn"
    if spec.rerolls:
        dice += f"; each die has {spec.rerolls} reroll value{'s' if spec.rerolls != 1 else ''} in reserve, used in order"
    console.print(dice, markup=False, soft_wrap=True)
    labels = [spec.die_label(k) for k in range(spec.count)]
    for g, name in enumerate(spec.groups, start=1):
        group = schedule.group(g)
        table = Table(title=name or None, title_justify="left")
        table.add_column("turn", justify="right")
        for label in labels:
            table.add_column(label, justify="center")
        if spec.rerolls:
            for label in labels:
                table.add_column(f"{label} reserve", justify="left")
        for t in group:
            row = [str(t.number), *(str(v) for v in t.dice)]
            if spec.rerolls:
                row += [" ".join(str(v) for v in r) for r in t.rerolls]
            table.add_row(*row)
        console.print()
        console.print(table)
