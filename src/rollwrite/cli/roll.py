"""``rollwrite roll``: show the dice schedule of a seeded or daily challenge, as a table or as JSON."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Optional

import typer

from rollwrite.cli.root import app, fail
from rollwrite.cli.common import DAILY_HELP, ID_HELP, QUIET_HELP, SEED_HELP, ScheduleCommand
from rollwrite.cli.polish import complete_game
from rollwrite.core.challenges import run_roll
from rollwrite.errors import RollwriteError

if TYPE_CHECKING:  # pragma: no cover
    from rollwrite.dice import Deal, Schedule

VARIATION = "Variations (games that have them), as for 'rollwrite print'"


@app.command("roll", cls=ScheduleCommand)
def roll_command(
    game: str = typer.Argument(..., metavar="GAME", autocompletion=complete_game, help="A game (see 'rollwrite games'), the path of a layout .yaml file, " + ID_HELP + "."),
    seed: Optional[str] = typer.Option(None, "--seed", "-s", metavar="SEED", help=SEED_HELP),
    daily: Optional[str] = typer.Option(None, "--daily", "-d", metavar="[DATE]", help=DAILY_HELP),
    players: Optional[int] = typer.Option(
        None, "--players", "-n", metavar="N", help="Players, for games whose dice depend on it (default: the game's)."
    ),
    show: Optional[int] = typer.Option(None, "--show", metavar="N", help="Show only the first N turns of each group."),
    as_json: bool = typer.Option(False, "--json", "-j", help="Print one JSON document instead of a table."),
    size: Optional[int] = typer.Option(None, "--size", metavar="N", rich_help_panel=VARIATION, help="Board size."),
    turns: Optional[int] = typer.Option(None, "--turns", metavar="N", rich_help_panel=VARIATION,
                                        help="How many turns the game lasts. For a layout of your own: the length of its dice schedule."),
    dice: Optional[int] = typer.Option(None, "--dice", metavar="N", rich_help_panel=VARIATION, help="Dice rolled each turn."),
    sides: Optional[int] = typer.Option(None, "--sides", metavar="N", rich_help_panel=VARIATION, help="Sides of each die."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help=QUIET_HELP + " (Checks the id and options.)"),
) -> None:
    """Show the dice of a challenge: --seed S for a seed of your own, --daily [DATE] for a day's.

    The same game, seed (or date) and variations give the same dice on every machine, and the same
    dice as 'rollwrite print' puts on the sheet; --show N shows the first N turns of each group.
    """
    if not quiet:
        # deferred for start-up: `--help` needs this module, not this import
        from rollwrite.cli.printing import warn
        from rollwrite.core.challenges import id_warnings

        warn(id_warnings(game, seed))
    try:
        schedule, title = run_roll(game, seed=seed, daily=daily, players=players, show=show,
                                   options={"size": size, "turns": turns, "dice": dice, "sides": sides})
    except RollwriteError as error:
        raise fail(error) from None
    if as_json:  # asked for by name, so printed even with --quiet
        typer.echo(schedule_json(schedule))
    elif not quiet:
        print_table(schedule, title)


def schedule_json(schedule: Schedule | Deal) -> str:
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


def print_deal(console, deal: Deal) -> None:
    """A card game's deal: where the start cards lie, then the draw pile in order."""
    # deferred for start-up: `games` needs this module, not rich.table
    from rich.table import Table

    spec = deal.spec
    console.print(f"a deck of {spec.cards} cards, shuffled; the first {spec.start} start the game, "
                  f"the rest are drawn in order", markup=False, soft_wrap=True)
    start = Table(title="start", title_justify="left")
    for name in ("place", "card", "orientation"):
        start.add_column(name, justify="right" if name == "card" else "left")
    for k, (card, turned) in enumerate(zip(deal.start, deal.turned)):
        start.add_row(deal.place(k), str(card), "down (turned half round)" if turned else "up")
    console.print()
    console.print(start)
    draws = Table(title="draw pile, top card first: the card of each turn", title_justify="left")
    groups = 4
    rows = -(-len(deal.draws) // groups)
    for _ in range(groups):
        draws.add_column("turn", justify="right", style="dim")
        draws.add_column("card", justify="right")
    for r in range(rows):
        cells: list[str] = []
        for g in range(groups):
            k = g * rows + r
            cells += [str(k + 1), str(deal.draws[k])] if k < len(deal.draws) else ["", ""]
        draws.add_row(*cells)
    console.print()
    console.print(draws)


def print_table(schedule: Schedule | Deal, title: str) -> None:
    # deferred for start-up: `games` needs this module, not rich.console, rich.table
    from rich.console import Console
    from rich.table import Table

    console = Console(highlight=False)
    if schedule.day is not None:
        what = f"daily challenge of {schedule.day}, UTC"
    else:
        what = f"seed: {schedule.seed}"
    console.print(f"{title}: {schedule.id} ({what})", markup=False, soft_wrap=True)
    # deferred for start-up: `--help` needs this module, not dice
    from rollwrite.dice import Deal

    if isinstance(schedule, Deal):
        print_deal(console, schedule)
        return
    spec = schedule.spec
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
