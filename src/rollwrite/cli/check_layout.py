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
        small = small_text(layout)
        if small:
            typer.echo(printable(f"rollwrite: warning: {path}: {small}"), err=True)
        if greyscale:
            # deferred for start-up: `games`, `--help` need this module, not spec.greyscale
            from rollwrite.layoutlang.greyscale import greyscale_warnings

            for warning in greyscale_warnings(layout):
                typer.echo(printable(f"rollwrite: warning: {warning}"), err=True)
        n = len(layout.sheet.elements) + len(layout.sheet.back)
        if not quiet:
            typer.echo(printable(f"{path}: ok ({layout.title}: {n} element{'s' if n != 1 else ''}; prints on {', '.join(fits)})"))
    if worst:
        raise typer.Exit(worst)


SMALLEST = 6.0  # pt: text under this is hard to read on paper


def small_text(layout) -> str:  # noqa: ANN001 - a Layout
    """What to say when a sheet of ``layout`` (drawn as print draws it, without a challenge) has text
    under SMALLEST pt; "" when it has none."""
    # deferred for start-up: `games`, `--help` need this module, not sheet
    from rollwrite.sheet import build_scene

    found = build_scene(layout, sheets=1).smallest_text()
    if found is None or found[0].size >= SMALLEST:
        return ""
    text, page = found
    words = text.text if len(text.text) <= 30 else text.text[:29] + "…"
    return (f"the text {words!r} (page {page}) is {text.size:.1f} pt; text under {SMALLEST:g} pt is hard to read, "
            f"and 9 pt is kind to players who need large print")
