"""``rollwrite check-layout``: validate a layout file as ``print`` would, without printing."""

from __future__ import annotations

from pathlib import Path

import typer

from rollwrite.cli.root import app
from rollwrite.cli.common import QUIET_HELP
from rollwrite.cli.polish import complete_layout
from rollwrite.errors import printable


@app.command("check-layout")
def check_layout_command(
    paths: list[Path] = typer.Argument(..., metavar="LAYOUT...", autocompletion=complete_layout, help="Layout .yaml files to check."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help=QUIET_HELP),
    greyscale: bool = typer.Option(False, "--greyscale", help="Also warn where two colours that carry meaning "
                                   "print as nearly the same grey (on a black-and-white printer)."),
) -> None:
    """Check layout files: keys, values, that every element fits on the sheet and the sheet on the page,
    and that no two elements print over each other (unless one says 'overlaps').

    A layout made for A4 must also fit Letter, and one made for Letter also A4, so that it prints
    wherever its players live.
    """
    # deferred for start-up: `games`, `--help` need this module, not core.layout_checks
    from rollwrite.core.layout_checks import check_file

    worst = 0
    for path in paths:
        report = check_file(path, greyscale=greyscale)
        for error in report.problems:
            typer.echo(f"rollwrite: {error}", err=True)
            worst = max(worst, error.exit_code)
        if report.problems:
            continue
        for warning in report.warnings:
            typer.echo(printable(f"rollwrite: warning: {warning}"), err=True)
        n = report.elements
        if not quiet:
            typer.echo(printable(f"{path}: ok ({report.title}: {n} element{'s' if n != 1 else ''}; "
                                 f"prints on {', '.join(report.fits)})"))
    if worst:
        raise typer.Exit(worst)
