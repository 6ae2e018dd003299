"""The checks a layout passes before it prints: ``check-layout`` makes them, and ``print`` makes them
before it prints a layout that is not a built-in recorded as checked (rollwrite.layoutlang.checked_builtins), so the
two never disagree."""

from __future__ import annotations

from typing import Any

from rollwrite.errors import RollwriteError
from rollwrite.sheet import check_safe_area
from rollwrite.layoutlang.layout import Layout, check_geometry
from rollwrite.layoutlang.overlap import overlap_errors


def check_layout(layout: Layout, page: Any = None) -> list[RollwriteError]:
    """Every check ``check-layout`` makes, and ``print`` makes before it prints a layout that is not a
    built-in recorded as checked: the fit on the layout's own paper, its safe area when its sheets are
    cut (on ``page``, the page as it will print, when given: print's options may cut it or not), the fit
    on A4 and Letter both for a layout made for either, and that no two elements print over each other.
    The problems found: the first fit problem alone, or every overlap."""
    try:
        check_geometry(layout)
        check_safe_area(layout, page or layout.page)  # on cut sheets, nothing nearer the cut than the safe margin
        if layout.page.paper in ("a4", "letter"):
            for paper in ("a4", "letter"):
                check_geometry(layout, paper)
    except RollwriteError as error:
        return [error]
    return list(overlap_errors(layout))
