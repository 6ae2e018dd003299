"""No two elements of a sheet print over each other, unless the layout says they may.

Each element is drawn on its own scratch page, with and without a sample dice schedule (roll tracks
and challenge ids appear only on seeded sheets), and its ink is measured: the box round every line
(with its width), shape and text (its advance width, from the ascender to the descender).  Two
elements whose ink boxes share more than OVERLAP_TOLERANCE mm each way overlap.

An element may allow it with ``overlaps: true`` (it may touch anything, e.g. a background) or
``overlaps: [id, ...]`` (it may touch the elements with those ids).  ``rollwrite check-layout``
reports the first MAX_REPORTED overlaps; the tests hold every built-in sheet to it.
"""

from __future__ import annotations

import bisect
import math
from typing import Any

from rollwrite import games
from rollwrite.dice import DealSpec, game_id, make_deal, make_schedule
from rollwrite.draw.metrics import text_width
from rollwrite.draw.pathdata import drawn_points
from rollwrite.draw.scene import Circle, Curve, Line, PT, Page, Path, Rect, Text
from rollwrite.errors import InputError
from rollwrite.buildcontext import BuildContext
from rollwrite.layoutlang.layout import element_types

OVERLAP_TOLERANCE = 0.2  # mm: strokes that merely meet (a label on its box's edge line) do not count
ASCENT, DESCENT = 0.78, 0.24  # of the text size, for DejaVu Sans

Box = tuple[float, float, float, float]


def _turn(x: float, y: float, ox: float, oy: float, angle: float) -> tuple[float, float]:
    if not angle:
        return x, y
    a = math.radians(angle)
    dx, dy = x - ox, y - oy
    return ox + dx * math.cos(a) - dy * math.sin(a), oy + dx * math.sin(a) + dy * math.cos(a)


def _corners(x0: float, y0: float, x1: float, y1: float, ox: float, oy: float, angle: float) -> list[tuple[float, float]]:
    return [_turn(x, y, ox, oy, angle) for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))]


def item_box(it: Any) -> Box:
    """The ink box of one scene item, in mm."""
    if isinstance(it, Text):
        w = text_width(it.text, it.size, it.font)
        x0 = it.x - (w if it.anchor == "end" else w / 2 if it.anchor == "middle" else 0.0)
        pts = _corners(x0, it.y - ASCENT * it.size * PT, x0 + w, it.y + DESCENT * it.size * PT, it.x, it.y,
                       getattr(it, "angle", 0.0))
        half = 0.0
    elif isinstance(it, Line):
        return _line_box(it)
    elif isinstance(it, Rect):
        pts = _corners(it.x, it.y, it.x + it.w, it.y + it.h, it.x, it.y, getattr(it, "angle", 0.0))
        half = it.width / 2 if it.stroke else 0.0
    elif isinstance(it, Circle):
        r = it.r + (it.width / 2 if it.stroke else 0.0)
        return (it.cx - r, it.cy - r, it.cx + r, it.cy + r)
    elif isinstance(it, Path) and it.stroke and not it.closed and it.cap == "butt" and it.join != "miter" \
            and len(it.points) >= 2:
        return _butt_path_box(it)
    elif isinstance(it, Path):
        pts, half = list(it.points), (it.width / 2 if it.stroke else 0.0)
    elif isinstance(it, Curve):  # measured along the curve as drawn, not round its control points
        pts = list(drawn_points(((it.start, it.pieces, it.closed),)))
        half = it.width / 2 if it.stroke else 0.0
    else:  # pragma: no cover - a new kind of item: measure nothing rather than guess
        raise TypeError(f"cannot measure {type(it).__name__}")
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return (min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half)


def _line_box(it: Line) -> Box:
    """A line's ink as drawn: a butt end stops at its point, a square one reaches half the width past
    it, a round one is a half disc round it."""
    m = it.width / 2
    length = math.hypot(it.x2 - it.x1, it.y2 - it.y1)
    if it.cap == "round" or length == 0:
        return (min(it.x1, it.x2) - m, min(it.y1, it.y2) - m, max(it.x1, it.x2) + m, max(it.y1, it.y2) + m)
    ux, uy = (it.x2 - it.x1) / length, (it.y2 - it.y1) / length
    ex, ey = (ux * m, uy * m) if it.cap == "square" else (0.0, 0.0)
    nx, ny = -uy * m, ux * m
    xs, ys = [], []
    for (x, y), sign in (((it.x1, it.y1), -1), ((it.x2, it.y2), 1)):
        for side in (1, -1):
            xs.append(x + sign * ex + side * nx)
            ys.append(y + sign * ey + side * ny)
    return (min(xs), min(ys), max(xs), max(ys))


def _butt_path_box(it: Path) -> Box:
    """An open path with butt ends: each end stops at its point (as a butt-capped line's does); the
    points between reach half the width round (a round or bevelled join stays within that)."""
    first = _line_box(Line(*it.points[0], *it.points[1], width=it.width, cap="butt"))
    last = _line_box(Line(*it.points[-2], *it.points[-1], width=it.width, cap="butt"))
    m = it.width / 2
    inner = it.points[1:-1]
    xs = [first[0], first[2], last[0], last[2]] + [x + d for x, _ in inner for d in (-m, m)]
    ys = [first[1], first[3], last[1], last[3]] + [y + d for _, y in inner for d in (-m, m)]
    return (min(xs), min(ys), max(xs), max(ys))


def ink_box(items: list[Any]) -> Box | None:
    boxes = [item_box(it) for it in items]
    if not boxes:
        return None
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def sample_schedule(layout: Any) -> Any:
    g = games.get(layout.game)
    spec = g.dice_spec(layout, layout.players.default) if g is not None else layout.dice
    if spec is None:
        return None
    if isinstance(spec, DealSpec):  # a card game: a sample deal
        return make_deal(layout.game, game_id(layout.game, seed="check"), spec, seed="check")
    return make_schedule(layout.game, game_id(layout.game, seed="check"), spec, seed="check")


def _may(a: Any, b: Any) -> bool:
    def allows(x: Any, y: Any) -> bool:
        return x.overlaps is True or (isinstance(x.overlaps, tuple) and y.id is not None and y.id in x.overlaps)

    return allows(a, b) or allows(b, a)


#: Most overlaps reported for one layout: the first ones found are enough to mend it by.
MAX_REPORTED = 20
#: Most pairs of elements the overlap check compares: counted before it runs (see :func:`_touching`).
MAX_PAIRS = 200_000


def _touching(elements: list[Any], boxes: list[Box | None]) -> Any:
    """(i, j, shared box) of each pair of elements whose ink boxes overlap and that the layout does not
    allow to, i < j.  An element that may overlap anything (``overlaps: true``) is left out; the others
    are swept left to right, so only pairs whose boxes share some width are compared, and their number
    is counted first: more than :data:`MAX_PAIRS` is refused before the work is done."""
    checked = {i: b for i, b in enumerate(boxes) if b is not None and elements[i].overlaps is not True}
    live = sorted((b[0], i) for i, b in checked.items())
    starts = [x0 for x0, _ in live]
    reach = [bisect.bisect_left(starts, checked[i][2] - OVERLAP_TOLERANCE, k + 1) for k, (_, i) in enumerate(live)]
    pairs = sum(r - k - 1 for k, r in enumerate(reach))
    if pairs > MAX_PAIRS:
        el = elements[live[0][1]]
        raise el.node.error(
            f"the overlap check would compare {pairs:,} pairs of elements standing side by side; at most "
            f"{MAX_PAIRS:,}", hint="say 'overlaps: true' on elements that may print over others (a background), "
                                   "or draw rows with one 'grid' element")
    for k, (_, i) in enumerate(live):
        ba = checked[i]
        for _, j in live[k + 1:reach[k]]:
            bb = checked[j]
            a, b = (elements[i], elements[j]) if i < j else (elements[j], elements[i])
            if _may(a, b):
                continue
            x0, y0 = max(ba[0], bb[0]), max(ba[1], bb[1])
            x1, y1 = min(ba[2], bb[2]), min(ba[3], bb[3])
            if x1 - x0 > OVERLAP_TOLERANCE and y1 - y0 > OVERLAP_TOLERANCE:
                yield (min(i, j), max(i, j), (x0, y0, x1, y1))


def find_overlaps(layout: Any, jobs: Any = ()) -> list[tuple[Any, Any, Box]]:
    """Every pair of elements (front and back separately) whose ink overlaps and that the layout does
    not allow to, with the shared box: on a sheet without dice, on one with sample dice, and on each of
    ``jobs`` (rollwrite.buildcontext.SheetJob: puzzle and answer pages, drawn with their own texts)."""
    types = element_types(games.get(layout.game))
    found: dict[tuple[int, int], tuple[Any, Any, Box]] = {}
    sheets = [(None, None, None), (sample_schedule(layout), None, None)]
    sheets += [(job.schedule, job.puzzle, job.answer) for job in jobs]
    for schedule, puzzle, answer in sheets:
        parts = [("front", layout.sheet.elements), ("back", layout.sheet.back)]
        parts += [(page.name, page.elements) for page in getattr(layout, "pages", ())]  # a layout's extra pages
        for side, elements in parts:
            ctx = BuildContext(layout, layout.data, schedule, 1, 1, 1, 1, side, puzzle=puzzle, answer=answer)
            boxes = []
            for el in elements:
                scratch = Page(layout.sheet.width, layout.sheet.height)
                types[el.type].build(el.value, el.place(scratch.pen()), ctx)
                boxes.append(ink_box(scratch.items))
            for i, j, shared in _touching(elements, boxes):
                found.setdefault((id(elements[i]), id(elements[j])), (elements[i], elements[j], shared))
                if len(found) >= MAX_REPORTED:
                    return list(found.values())
    return list(found.values())


def copy_words(el: Any) -> str:
    """Which copy of its repeats an element is, for a message: ' (copy 3)', ' (copy 2.3)' for the third
    copy inside the second of an outer repeat; '' when it is not repeated."""
    return f" (copy {'.'.join(str(k) for k in el.copy)})" if getattr(el, "copy", ()) else ""


def _name(el: Any) -> str:
    n = el.node
    return f"the {el.type} at line {n.line}" + (f" ('{el.id}')" if el.id is not None else "") + copy_words(el)


def overlap_errors(layout: Any, jobs: Any = ()) -> list[InputError]:
    """One error per overlap, at the later element's place in the layout file (``jobs``: as for
    :func:`find_overlaps`)."""
    out = []
    for a, b, (x0, y0, x1, y1) in find_overlaps(layout, jobs):
        later, earlier = (b, a) if (b.node.line, b.node.col, b.copy) >= (a.node.line, a.node.col, a.copy) else (a, b)
        out.append(later.node.error(
            f"this {later.type}{copy_words(later)} prints over {_name(earlier)}, from ({x0:.1f}, {y0:.1f}) to ({x1:.1f}, {y1:.1f}) mm",
            hint="move one of them, or say it may: overlaps: true, or overlaps: [an id of the other]",
        ))
    return out
