"""Solving a typed-in position, for the games that have a solver (``rollwrite solve``): who wins with
perfect play, and every winning move.

    run_solve(game, name) -> (JSON document, report text, exit code)
        0 solved; 1 the position breaks a rule (the problems are listed).  A RollwriteError for a file
        that cannot be read, a game without a solver, or a position too large to search exactly.
"""

from __future__ import annotations

from typing import Any

from rollwrite import games
from rollwrite.core.challenges import unable
from rollwrite.core.scoring import STDIN, read_sheet
from rollwrite.layoutlang.loading import load_yaml_file
from rollwrite.layoutlang.nodes import Map
from rollwrite.resources import layouts_dir


def run_solve(game: str, name: str) -> tuple[dict, str, int]:
    """(JSON document, report text, exit code) for solving the position in file ``name``."""
    g = games.get(game)
    if g is None or not g.can_solve:
        if g is None:
            # deferred for start-up: a solver builds no sheet, so it needs this module, not layoutlang.layout
            from rollwrite.layoutlang.layout import load_builtin

            load_builtin(game)  # an unknown name: its message lists the games
        raise unable(game, "solve")
    data = _data(g)
    text = read_sheet(name, g.slug)
    source = "<stdin>" if name == STDIN else name
    sheet = g.parse(text, source, data)
    problems = list(g.evaluate(sheet, data, None).problems)
    if problems:
        lines = [f"== {name} ({g.title})", f"{len(problems)} rule problem{'s' if len(problems) != 1 else ''}:"]
        lines.extend(f"  - {p}" for p in problems)
        lines.append("nothing to solve: the position breaks a rule")
        doc = {"file": name, "game": g.slug, "valid": False, "problems": [p.to_json() for p in problems]}
        return doc, "\n".join(lines), 1
    result = g.solve(sheet, data)
    doc = {"file": name, "game": g.slug, "valid": True, "exact": result.exact, "headline": result.headline,
           **result.result}
    lines = [f"== {name} ({g.title})"]
    if result.report:
        lines.append(result.report.rstrip("\n"))
    lines.append(result.headline)
    return doc, "\n".join(lines), 0


def _data(g: Any) -> Any:
    """The game's layout ``data:`` section, read without building the sheet: a solver draws nothing,
    so the drawing code is never imported."""
    root = load_yaml_file(layouts_dir() / f"{g.slug}.yaml", display=f"layouts/{g.slug}.yaml")
    return g.load_data(root.get("data") if isinstance(root, Map) else None)
