"""``rollwrite check-layout``: validate a layout file as ``print`` would, without printing."""

from __future__ import annotations

from pathlib import Path

import typer

from rollwrite.cli.app import app
from rollwrite.errors import RollwriteError


@app.command("check-layout")
def check_layout_command(
    paths: list[Path] = typer.Argument(..., metavar="LAYOUT...", help="Layout .yaml files to check."),
) -> None:
    """Check layout files: keys, values, and that every element fits on the sheet and the sheet on the page."""
    from rollwrite.spec.layout import PAPERS, check_geometry, load_layout

    worst = 0
    for path in paths:
        try:
            layout = load_layout(path)
            for paper in PAPERS:
                check_geometry(layout, paper)
        except RollwriteError as error:
            typer.echo(f"rollwrite: {error}", err=True)
            worst = max(worst, error.exit_code)
            continue
        n = len(layout.sheet.elements)
        typer.echo(f"{path}: ok ({layout.title}: {n} element{'s' if n != 1 else ''}, fits A4 and Letter)")
    if worst:
        raise typer.Exit(worst)
