"""What the desk's pages show besides the on-screen entry: the sheet as inline SVG, its PDF and PNG, the
dice or the deal.  Drawn by the same functions as ``rollwrite print`` and ``rollwrite roll``."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from rollwrite.core.printrun import print_scene
from rollwrite.core.challenges import run_roll
from rollwrite.output import format_for, mark_pages, render
from rollwrite.serve.desk import Challenge, puzzle_of
from rollwrite.sheet import SheetJob, build_scene
from rollwrite.layoutlang.page import with_options

_XML_HEAD = re.compile(rb"^<\?xml[^>]*\?>\s*")


def _scene(ch: Challenge, has_dice: bool):  # noqa: ANN202 - a Scene
    if ch.puzzle:  # the puzzle's sheet, as `rollwrite puzzle` prints it
        layout, puzzle = puzzle_of(ch)
        return build_scene(layout, sheets=1, page=with_options(layout.page), jobs=[SheetJob(puzzle.schedule, puzzle)])
    options = dict(ch.options) or None  # a variation's page: its board, dice and turns
    if has_dice:
        return print_scene(ch.game, seed=ch.seed, daily=ch.daily, options=options)
    return print_scene(ch.game, options=options)


# A challenge's sheet and dice never change, and drawing a sheet takes a few hundred milliseconds: they
# are drawn by the desk's worker (serve/maker.py), which keeps what it made.
KEPT = 16


@lru_cache(maxsize=KEPT)
def sheet_svg(ch: Challenge, has_dice: bool) -> str:
    """The challenge's first page as an SVG element to put in a page (no XML declaration)."""
    blobs = render(_scene(ch, has_dice), format_for("svg", None))
    return _XML_HEAD.sub(b"", blobs[0]).decode("utf-8")


@lru_cache(maxsize=KEPT)
def sheet_file(ch: Challenge, has_dice: bool, fmt: str) -> bytes:
    """The whole sheet as a PDF, or its first page as a PNG, as ``rollwrite print`` writes them."""
    form = format_for(fmt, None)
    blobs = mark_pages(render(_scene(ch, has_dice), form, **({"dpi": 100} if fmt == "png" else {})), form)
    return blobs[0]


@dataclass(frozen=True, slots=True)
class DiceLine:
    label: str
    items: tuple[str, ...]


@lru_cache(maxsize=KEPT)
def dice_lines(ch: Challenge) -> tuple[DiceLine, ...]:
    """The challenge's dice by group (or its deal: the start, then the draw pile), to print on the page."""
    schedule = (puzzle_of(ch)[1].schedule if ch.puzzle else
                run_roll(ch.game, seed=ch.seed, daily=ch.daily, options=dict(ch.options))[0])
    if schedule is None:
        return ()
    doc = schedule.to_json()
    if "draws" in doc:
        start = tuple(f"{s['place']}: {s['card']} {s['orientation']}" for s in doc["start"])
        return (DiceLine("start", start), DiceLine("draw pile", tuple(str(c) for c in doc["draws"])))
    lines: dict[str, list[str]] = {}
    for turn in doc["turns"]:
        item = " ".join(str(d) for d in turn["dice"])
        if any(turn.get("rerolls") or ()):  # each die's reroll reserve, in die order
            item += " (rerolls " + " | ".join(" ".join(map(str, r)) for r in turn["rerolls"]) + ")"
        label = turn.get("group_name") or ("dice (and each die's rerolls)" if "(" in item else "dice")
        lines.setdefault(label, []).append(item)
    return tuple(DiceLine(k, tuple(v)) for k, v in lines.items())
