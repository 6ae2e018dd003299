"""The checks a layout passes before it prints: ``check-layout`` makes them, and ``print`` makes them
before it prints a layout that is not a built-in recorded as checked
(rollwrite.layoutlang.checked_builtins), so the two never disagree.

    check_layout(layout, page=None) -> [problem, ...]
        The checks print makes: the fit, the safe area of cut sheets, A4 and Letter both, overlaps.
    check_file(path, *, greyscale=False) -> LayoutReport
        What ``check-layout`` says about one file: its problems, or its warnings and the papers it fits.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rollwrite.errors import RollwriteError
from rollwrite.layoutlang.layout import Layout, check_geometry, load_layout
from rollwrite.layoutlang.overlap import overlap_errors
from rollwrite.layoutlang.page import PAPERS
from rollwrite.planner import plan_page
from rollwrite.sheet import check_safe_area


def check_layout(layout: Layout, page: Any = None, jobs: Any = ()) -> list[RollwriteError]:
    """Every check ``check-layout`` makes, and ``print`` makes before it prints a layout that is not a
    built-in recorded as checked: the fit on the layout's own paper, its safe area when its sheets are
    cut (on ``page``, the page as it will print, when given: print's options may cut it or not), the fit
    on A4 and Letter both for a layout made for either, and that no two elements print over each other.
    The problems found: the first fit problem alone, or every overlap.  ``jobs``: sheets whose own texts
    are measured too (rollwrite.buildcontext.SheetJob: a run of puzzles and their answers), besides a
    sheet without dice and one with sample dice."""
    try:
        check_geometry(layout)
        check_safe_area(layout, page or layout.page)  # on cut sheets, nothing nearer the cut than the safe margin
        if layout.page.paper in ("a4", "letter"):
            for paper in ("a4", "letter"):
                check_geometry(layout, paper)
    except RollwriteError as error:
        return [error]
    return list(overlap_errors(layout, jobs))


@dataclass(frozen=True)
class LayoutReport:
    """What ``check-layout`` finds in one layout file: the problems that keep it from printing (then
    nothing else is known), or the warnings it prints with (small text, close greys), its title, how many
    elements its sheet has (the back's too), and the papers it fits on."""

    problems: list[RollwriteError] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    title: str = ""
    elements: int = 0
    fits: list[str] = field(default_factory=list)


def check_file(path: Path, *, greyscale: bool = False) -> LayoutReport:
    """Load a layout file and check it as ``print`` would; see the module's docstring."""
    try:
        layout = load_layout(path)
        problems = check_layout(layout)  # the checks print makes too
    except RollwriteError as error:
        return LayoutReport(problems=[error])
    if problems:
        return LayoutReport(problems=problems)
    fits = []
    for paper in PAPERS:
        try:
            plan_page(layout.page.replace(paper=paper), layout.sheet.width, layout.sheet.height)
            fits.append(paper)
        except RollwriteError:
            pass
    # deferred for start-up: `print` needs this module (check_layout), not layoutlang.smalltext
    from rollwrite.layoutlang.smalltext import small_text_warnings

    warnings = [str(w) for w in small_text_warnings(layout)]
    if greyscale:
        # deferred for start-up: only --greyscale needs layoutlang.greyscale
        from rollwrite.layoutlang.greyscale import greyscale_warnings

        warnings += [str(w) for w in greyscale_warnings(layout)]
    return LayoutReport(warnings=warnings, title=layout.title, fits=fits,
                        elements=len(layout.sheet.elements) + len(layout.sheet.back))
