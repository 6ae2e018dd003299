"""``rollwrite check-layout``: validate a layout file as ``print`` would, without printing."""

from __future__ import annotations

from pathlib import Path

import typer

from rollwrite.cli.root import app
from rollwrite.cli.common import QUIET_HELP
from rollwrite.cli.polish import complete_layout
from rollwrite.errors import RollwriteError, printable


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
    # deferred for start-up: `games`, `--help` need this module, not planner, core.layout_checks, layoutlang.layout
    from rollwrite.planner import plan_page
    from rollwrite.core.layout_checks import check_layout
    from rollwrite.layoutlang.layout import PAPERS, load_layout

    worst = 0
    for path in paths:
        try:
            layout = load_layout(path)
            problems = check_layout(layout)  # the checks print makes too
        except RollwriteError as error:
            problems = [error]
        for error in problems:
            typer.echo(f"rollwrite: {error}", err=True)
            worst = max(worst, error.exit_code)
        if problems:
            continue
        fits = []
        for paper in PAPERS:
            try:
                plan_page(layout.page.replace(paper=paper), layout.sheet.width, layout.sheet.height)
                fits.append(paper)
            except RollwriteError:
                pass
        # deferred for start-up: `games`, `--help` need this module, not layoutlang.smalltext
        from rollwrite.layoutlang.smalltext import small_text_warnings

        for warning in small_text_warnings(layout):
            typer.echo(printable(f"rollwrite: warning: {warning}"), err=True)
        if greyscale:
            # deferred for start-up: `games`, `--help` need this module, not layoutlang.greyscale
            from rollwrite.layoutlang.greyscale import greyscale_warnings

            for warning in greyscale_warnings(layout):
                typer.echo(printable(f"rollwrite: warning: {warning}"), err=True)
        n = len(layout.sheet.elements) + len(layout.sheet.back)
        if not quiet:
            typer.echo(printable(f"{path}: ok ({layout.title}: {n} element{'s' if n != 1 else ''}; prints on {', '.join(fits)})"))
    if worst:
        raise typer.Exit(worst)
