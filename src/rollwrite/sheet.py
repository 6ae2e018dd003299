"""Build a scene from a layout: the page planner, the per-page footer, and every element.

The page planner knows no output format.  It takes a :class:`~rollwrite.spec.page.PageSpec` (the
layout's ``page:`` section, overridden by command-line options) and the sheet's size, and decides
the paper's orientation, how many sheets share a page (n-up), where each goes, where the crop marks
or cut lines run, and the trim and bleed boxes.  ``build_scene`` then draws each sheet (and its back,
when the layout gives one) into the slots; the backends in rollwrite.draw render what it returns.

Placement: the sheets' trimmed pieces (sheet plus ``padding`` on each side, times ``scale`` for the
sheet itself) form one block, ``gutter`` apart, centred in the room inside the margins above the
footer.  Crop marks lie on the lines a cutter follows (each trimmed edge) but only where nothing is
printed: in the margins, where they run out to the paper's edge so that they survive trimming, and in
the gutters; they keep clear of every sheet's bleed.  Back pages mirror the slot order left to right,
so a page printed double-sided (turned over about its vertical axis) puts each back behind its front.
"""

from __future__ import annotations

from dataclasses import dataclass


import math
from typing import Any

from rollwrite import games
from rollwrite.dice import Schedule
from rollwrite.draw.elements import MIN_TEXT, challenge_parts, challenge_text, draw_ruler, fit_size, ruler_width
from rollwrite.draw.metrics import text_width
from rollwrite.draw.scene import PT, Page, Pen, Scene, Text, tight_ink
from rollwrite.errors import InputError, UsageError
from rollwrite.spec.layout import MAX_PAGES, Layout, element_types, extra_page_room
from rollwrite.spec.page import FOOTER, LARGE_PRINT, MIN_SCALE, PAPERS, PageSpec, paper_size

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in mm, y downward
Segment = tuple[float, float, float, float]

MARK_CLEAR = 1.5  # mm a crop mark keeps from any sheet's bleed
FOOTER_CLEAR = 3.0  # mm a crop mark keeps from the footer (its ruler and caption)
MARK_MIN = 1.0  # shorter pieces of a crop mark are left out
MARK_WIDTH = 0.2
LARGE_TEXT = 9.0  # pt: the smallest text of a large-print page


@dataclass(slots=True)
class BuildContext:
    """What an element's ``build`` may look at besides its own value."""

    layout: Layout
    data: Any
    schedule: Schedule | None
    player: int  # 1-based number of this sheet in the print run
    players: int
    page: int  # 1-based
    pages: int
    side: str = "front"  # "back" while a sheet's back elements are drawn; an extra page's name on that page
    puzzle: Any = None  # a games.base.Puzzle when the sheet is a solo puzzle
    answer: Any = None  # the typed-in sheet to draw filled in (a puzzle's answer page), else None
    bleed: float = 0.0  # mm the sheet's art may run past its cut (full-bleed elements draw into it)


@dataclass(frozen=True, slots=True)
class SheetJob:
    """One sheet of a mixed print run: its own dice, and for puzzles the puzzle and the answer to draw."""

    schedule: Schedule | None = None
    puzzle: Any = None
    answer: Any = None


def puzzle_stamp(job: SheetJob) -> str:
    """The line a puzzle or answer sheet prints where a challenge sheet prints its id."""
    p = job.puzzle
    if p is None:
        return ""
    from rollwrite.draw.elements import printable

    text = printable(p.id)  # "wobbly-cafe@2026-11-22 puzzle": the id already says what it is
    par = "" if p.extra.get("hide_par") else p.par_text()
    if job.answer is not None:
        from rollwrite.games.base import plain_number

        text = f"Answer to {printable(p.id)}" + (f" · scores {plain_number(p.par)}" if p.par is not None else "")
    else:
        text += "".join(f" · {part}" for part in (par, p.difficulty) if part)
    return text

    @staticmethod
    def text_width(text: str, size_pt: float, font: str = "regular") -> float:
        return text_width(text, size_pt, font)


@dataclass(frozen=True, slots=True)
class Slot:
    col: int
    row: int
    x: float  # the sheet's own top-left corner (where its elements' `at` is measured from)
    y: float
    trim: Box  # the trimmed piece: the sheet plus its padding
    bleed: Box


@dataclass(frozen=True, slots=True)
class PagePlan:
    spec: PageSpec
    paper: str  # canonical paper name
    orientation: str
    width: float
    height: float
    cols: int
    rows: int
    scale: float
    sheet_w: float  # the sheet as printed (scaled)
    sheet_h: float
    slots: tuple[Slot, ...]  # reading order: left to right, then top to bottom

    @property
    def per_page(self) -> int:
        return len(self.slots)

    def back_slot(self, i: int) -> Slot:
        """Where the back of the sheet in slot ``i`` goes on its back page: the same row, mirrored column."""
        s = self.slots[i]
        w = self.width  # the block is centred across the page, so mirroring the page mirrors the columns

        def flip(b: Box) -> Box:
            return (w - b[2], b[1], w - b[0], b[3])

        return Slot(self.cols - 1 - s.col, s.row, w - s.x - self.sheet_w, s.y, flip(s.trim), flip(s.bleed))

    def footer_box(self) -> Box:
        """Where the footer's ruler and caption are printed."""
        m = self.spec.margin
        return (m, self.height - m - FOOTER + 1.5, self.width - m, self.height - m)

    def trim_box(self, slots: list[Slot] | None = None) -> Box:
        return _union([s.trim for s in (slots or self.slots)])

    def bleed_box(self, slots: list[Slot] | None = None) -> Box:
        x0, y0, x1, y1 = _union([s.bleed for s in (slots or self.slots)])
        return (max(0.0, x0), max(0.0, y0), min(self.width, x1), min(self.height, y1))

    def crop_marks(self, slots: list[Slot] | None = None) -> list[Segment]:
        """Crop marks for the sheets in ``slots`` (default: every slot): on each trimmed edge's line,
        wherever that line is clear of every slot's bleed (by MARK_CLEAR) and of the footer."""
        slots = slots or list(self.slots)
        # every slot is kept clear, used or not, so a part-full page has the same marks as a full one
        # the footer, down to the paper's edge, is kept clear wider still: no mark runs at the ruler
        fx0, fy0, fx1, _ = _grow(self.footer_box(), FOOTER_CLEAR)
        obstacles = [_grow(s.bleed, MARK_CLEAR) for s in self.slots] + [(fx0, fy0, fx1, self.height)]
        xs = sorted({round(v, 4) for s in slots for v in (s.trim[0], s.trim[2])})
        ys = sorted({round(v, 4) for s in slots for v in (s.trim[1], s.trim[3])})
        out: list[Segment] = []
        for x in xs:
            blocked = [(b[1], b[3]) for b in obstacles if b[0] <= x <= b[2]]
            out += [(x, a, x, b) for a, b in _free(0.0, self.height, blocked)]
        for y in ys:
            blocked = [(b[0], b[2]) for b in obstacles if b[1] <= y <= b[3]]
            out += [(a, y, b, y) for a, b in _free(0.0, self.width, blocked)]
        return out

    def cut_lines(self) -> list[Segment]:
        """Dashed guide lines down the middle of each gutter (when there are no crop marks)."""
        out: list[Segment] = []
        top = self.footer_box()[1] - 1
        for c in range(1, self.cols):
            a, b = self.slots[c - 1], self.slots[c]
            x = (a.trim[2] + b.trim[0]) / 2
            out.append((x, 4.0, x, top))
        for r in range(1, self.rows):
            a, b = self.slots[(r - 1) * self.cols], self.slots[r * self.cols]
            y = (a.trim[3] + b.trim[1]) / 2
            out.append((4.0, y, self.width - 4.0, y))
        return out


def _union(boxes: list[Box]) -> Box:
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def _grow(b: Box, d: float) -> Box:
    return (b[0] - d, b[1] - d, b[2] + d, b[3] + d)


def _free(lo: float, hi: float, blocked: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The parts of [lo, hi] outside every blocked interval, each at least MARK_MIN long."""
    out = []
    at = lo
    for a, b in sorted(blocked):
        if a > at and a - at >= MARK_MIN:
            out.append((at, min(a, hi)))
        at = max(at, b)
        if at >= hi:
            break
    if hi - at >= MARK_MIN:
        out.append((at, hi))
    return out


# ---------------------------------------------------------------- planning


def _room(spec: PageSpec, pw: float, ph: float) -> tuple[float, float]:
    """The room for the block of trimmed sheets: inside the margins (of cut sheets, the margins less their
    border; see PageSpec.cut_margin), above the footer."""
    return pw - 2 * spec.cut_margin, ph - spec.cut_margin - spec.margin - FOOTER


def _capacity(spec: PageSpec, pw: float, ph: float, tw: float, th: float) -> tuple[int, int]:
    """How many trimmed pieces of tw x th fit across and down."""
    iw, ih = _room(spec, pw, ph)
    g, eps = spec.cut_gutter, 1e-6
    cols = max(0, math.floor((iw + g) / (tw + g) + eps)) if tw <= iw + eps else 0
    rows = max(0, math.floor((ih + g) / (th + g) + eps)) if th <= ih + eps else 0
    return cols, rows


def _grid_for(spec: PageSpec, cmax: int, rmax: int) -> tuple[int, int] | None:
    """Columns and rows for the spec's per_page within (cmax, rmax), or None when it cannot be done.
    A count that is not ``per_page_exact`` is a most: fewer go on the page when fewer fit."""
    pp = spec.per_page
    if pp.grid is not None:
        c, r = pp.grid
        return (c, r) if c <= cmax and r <= rmax else None
    if cmax * rmax == 0:
        return None
    if pp.count == 0:
        return cmax, rmax
    n = pp.count if spec.per_page_exact else min(pp.count, cmax * rmax)
    best = None
    for c in range(1, cmax + 1):
        r = -(-n // c)
        if r > rmax or (c - 1) * r >= n:  # too tall, or a column would stay empty
            continue
        prefer = c if spec.arrange == "rows" else -c
        key = (c * r, abs(c - r), prefer)
        if best is None or key < best[0]:
            best = (key, (c, r))
    return best[1] if best else None


def _orientations(spec: PageSpec) -> list[str]:
    other = "landscape" if spec.orientation == "portrait" else "portrait"
    return [spec.orientation, other] if spec.turn else [spec.orientation]


def _try(spec: PageSpec, sheet_w: float, sheet_h: float) -> tuple[str, tuple[int, int], int] | None:
    """(orientation, (cols, rows), sheets on the page) of the best way to honour the spec, or None.
    The preferred orientation wins unless the other one puts more sheets (up to the count asked) on a page."""
    tw = sheet_w * spec.scale + 2 * spec.inset
    th = sheet_h * spec.scale + 2 * spec.inset
    best = None
    for o in _orientations(spec):
        pw, ph = spec.size(orientation=o)
        cmax, rmax = _capacity(spec, pw, ph, tw, th)
        grid = _grid_for(spec, cmax, rmax)
        if grid is None:
            continue
        pp = spec.per_page
        n = grid[0] * grid[1] if pp.grid or pp.count == 0 else min(pp.count, grid[0] * grid[1])
        if best is None or n > best[2]:
            best = (o, grid, n)
    return best


def _most(spec: PageSpec, sheet_w: float, sheet_h: float) -> tuple[int, str, tuple[int, int]]:
    """The most sheets one page of spec's paper holds (either allowed orientation)."""
    best = (0, spec.orientation, (0, 0))
    tw = sheet_w * spec.scale + 2 * spec.inset
    th = sheet_h * spec.scale + 2 * spec.inset
    for o in _orientations(spec):
        pw, ph = spec.size(orientation=o)
        c, r = _capacity(spec, pw, ph, tw, th)
        if c * r > best[0]:
            best = (c * r, o, (c, r))
    return best


def _largest_scale(spec: PageSpec, sheet_w: float, sheet_h: float) -> float:
    """The largest scale (to 0.01, at least MIN_SCALE) at which the spec can be honoured, or 0."""
    lo, hi = MIN_SCALE, spec.scale
    if _try(spec.replace(scale=lo), sheet_w, sheet_h) is None:
        return 0.0
    for _ in range(30):
        mid = (lo + hi) / 2
        if _try(spec.replace(scale=mid), sheet_w, sheet_h) is None:
            hi = mid
        else:
            lo = mid
    return math.floor(lo * 100 + 1e-9) / 100


def _num(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _refuse(spec: PageSpec, sheet_w: float, sheet_h: float) -> UsageError:
    name, _, _ = paper_size(spec.paper)
    k = spec.scale
    w, h = sheet_w * k, sheet_h * k
    what = f"a {_num(w)} x {_num(h)} mm sheet" + (f" (scale {k:g})" if k != 1 else "")
    pp = spec.per_page
    most, o, (c, r) = _most(spec, sheet_w, sheet_h)
    turns = "" if spec.turn else f" {spec.orientation}"
    if most == 0:
        pw, ph = spec.size()
        iw, ih = _room(spec, pw, ph)
        pad = f" with {_num(spec.inset)} mm padding" if spec.inset else ""
        message = (f"{what}{pad} does not fit on {name}{turns} paper: {_num(iw)} x {_num(ih)} mm is free inside "
                   f"the {_num(spec.margin)} mm margins and above the footer")
    else:
        want = f"{pp.cols}x{pp.rows}" if pp.grid else str(pp.count)
        message = (f"{want} per page does not fit: one {name}{turns} page holds at most {most} "
                   f"{'sheet' if most == 1 else 'sheets'} of {_num(w)} x {_num(h)} mm ({c}x{r}, {o})")
    hints = []
    if most:
        hints.append(f"put {most} or fewer on a page")
    elsewhere = [p for p in PAPERS if p != name and _try(spec.replace(paper=p), sheet_w, sheet_h) is not None]
    if elsewhere:
        hints.append(f"it fits on {', '.join(elsewhere)} paper")
    if not spec.turn:
        other = "landscape" if spec.orientation == "portrait" else "portrait"
        if _try(spec.replace(orientation=other), sheet_w, sheet_h) is not None:
            hints.append(f"it fits {name} {other}")
    best = _largest_scale(spec, sheet_w, sheet_h)
    if best:
        hints.append(f"on {name}{turns} it fits up to scale {best:g}")
    narrower = next((m for m in range(int(spec.margin) - 1, 3, -1)
                     if _try(spec.replace(margin=float(m)), sheet_w, sheet_h) is not None), None)
    if narrower is not None:
        hints.append(f"or narrow the margin (--margin {narrower})")
    elif spec.margin > 5:
        hints.append("or narrow the margin")
    return UsageError(message, hint="; ".join(hints) if hints else None)


def plan_page(spec: PageSpec, sheet_w: float, sheet_h: float) -> PagePlan:
    """Where sheets of sheet_w x sheet_h mm go on one page of ``spec``; a UsageError saying what would
    fit when they do not."""
    spec.check()
    found = _try(spec, sheet_w, sheet_h)
    if found is None:
        raise _refuse(spec, sheet_w, sheet_h)
    orientation, (cols, rows), count = found
    name, _, _ = paper_size(spec.paper)
    pw, ph = spec.size(orientation=orientation)
    k = spec.scale
    sw, sh = sheet_w * k, sheet_h * k
    tw, th = sw + 2 * spec.inset, sh + 2 * spec.inset
    g = spec.cut_gutter
    iw, ih = _room(spec, pw, ph)
    block_w, block_h = cols * tw + (cols - 1) * g, rows * th + (rows - 1) * g
    x0 = spec.cut_margin + (iw - block_w) / 2
    y0 = spec.cut_margin + (ih - block_h) / 2
    slots = []
    for i in range(count):
        r, c = divmod(i, cols)
        tx, ty = x0 + c * (tw + g), y0 + r * (th + g)
        trim = (tx, ty, tx + tw, ty + th)
        b = spec.bleed
        slots.append(Slot(c, r, tx + spec.inset, ty + spec.inset, trim, (trim[0] - b, trim[1] - b, trim[2] + b, trim[3] + b)))
    return PagePlan(spec, name, orientation, pw, ph, cols, rows, k, sw, sh, tuple(slots))


def slots(layout: Layout, paper: str | None = None) -> list[tuple[float, float]]:
    """Top-left corners (mm) of the sheets on one page of ``paper`` (default: the layout's)."""
    spec = layout.page if paper is None else layout.page.replace(paper=paper)
    return [(s.x, s.y) for s in plan_page(spec, layout.sheet.width, layout.sheet.height).slots]


# ---------------------------------------------------------------- the scene


def page_spans(jobs: list[SheetJob] | None, sheets: int, per_page: int) -> list[tuple[int, int]]:
    """The (first, last) sheet numbers of each front page, 0-based and last excluded: ``per_page`` sheets
    to a page, except that a puzzle and an answer never share one (an answer beside its puzzle spoils
    it), so a page of jobs ends wherever puzzles give way to answers or answers to puzzles."""
    spans: list[tuple[int, int]] = []
    first = 0
    while first < sheets:
        last = min(first + per_page, sheets)
        if jobs:
            kind = jobs[first].answer is not None
            last = next((i for i in range(first + 1, last) if (jobs[i].answer is not None) != kind), last)
        spans.append((first, last))
        first = last
    return spans


def build_scene(
    layout: Layout,
    *,
    sheets: int,
    paper: str | None = None,
    schedule: Schedule | None = None,
    page: PageSpec | None = None,
    jobs: list[SheetJob] | None = None,
    on_sheet: Any = None,
    share: bool = False,
    schedules: list[Schedule | None] | None = None,
) -> Scene:
    """Every sheet of a print run, placed by the page planner.  ``page`` overrides the layout's page
    section (``paper`` only its paper).  ``jobs`` gives each sheet its own schedule, puzzle and answer
    (then ``sheets`` is ``len(jobs)`` and ``schedule`` is ignored).

    ``schedules`` prints one run of ``sheets`` sheets per schedule (a batch of dailies: a run per day,
    starting on a page of its own), one after the other in one scene, numbered on as one document;
    ``schedule`` is then ignored.

    ``share``: what is the same on every sheet (in practice nearly all of it) is drawn once, as a symbol
    of the scene, and placed on each sheet (see :class:`_Sharing`); only what differs is drawn per sheet.
    The printed result is the same either way (``scene.flat()`` gives the unshared scene).

    ``on_sheet()`` is called as each sheet is laid out (for a progress bar).
    """
    if jobs is not None:
        sheets = len(jobs)
    runs = schedules if schedules is not None and jobs is None else [schedule]
    spec = page or layout.page
    if paper is not None:
        spec = spec.replace(paper=paper)
    plan = plan_page(spec, layout.sheet.width, layout.sheet.height)
    spans = page_spans(jobs, sheets, plan.per_page)
    fronts = len(spans)
    backs = bool(spec.backs and layout.sheet.back)
    # a layout's extra pages (rules, a deal) go with a print of the game, not with a run of puzzles
    extras = [] if jobs is not None else [x for x in layout.pages
                                          if x.when == "always" or (x.when == "seeded" and runs[0] is not None)]
    n_pages = fronts * (2 if backs else 1) * len(runs) + len(extras)
    if n_pages > MAX_PAGES:
        raise UsageError(f"that would print {n_pages} pages; the most one run prints is {MAX_PAGES}",
                         hint="print fewer days or players at a time, or --split the days into files"
                         if len(runs) > 1 else None)
    game = games.get(layout.game)
    types = element_types(game)
    title = layout.title
    first_job = jobs[0] if jobs else None
    if first_job is not None and first_job.puzzle is not None:
        subject = f"{title} puzzles"
    elif len(runs) > 1 and runs[0] is not None:
        subject = (f"{title} challenges {challenge_text(runs[0], shown=False).split(': ')[-1]} to "
                   f"{challenge_text(runs[-1], shown=False).split(': ')[-1]}")
    else:
        subject = challenge_text(runs[0], shown=False) or f"{title} player sheets"
    scene = Scene(title=title, subject=subject)
    sharing = _Sharing(scene, types) if share else None
    pw, ph = plan.width, plan.height
    boxes = spec.crop_marks or spec.bleed > 0
    page_no = 0
    for run_schedule in runs:
        for first, last in spans:
            used = plan.slots[: last - first]
            number = first
            page_no += 1
            page = scene.new_page(pw, ph)
            if boxes:
                page.trim, page.bleed = plan.trim_box(list(used)), plan.bleed_box(list(used))
            pen = page.pen()
            if spec.crop_marks:
                for x1, y1, x2, y2 in plan.crop_marks(list(used)):
                    pen.line(x1, y1, x2, y2, width=MARK_WIDTH, color="#000000")
            elif len(plan.slots) > 1 and spec.gutter > 0:
                for x1, y1, x2, y2 in plan.cut_lines():
                    pen.line(x1, y1, x2, y2, width=0.2, dash=(2.0, 1.5), color="#777777")
            page_job = jobs[number] if jobs else None
            for slot in used:
                number += 1
                if on_sheet is not None:
                    on_sheet()
                if jobs:
                    job = jobs[number - 1]
                    ctx = BuildContext(layout, layout.data, job.schedule, number, sheets, page_no, n_pages,
                                       puzzle=job.puzzle, answer=job.answer, bleed=spec.bleed)
                else:
                    ctx = BuildContext(layout, layout.data, run_schedule, number, sheets, page_no, n_pages,
                                       bleed=spec.bleed)
                sheet_pen = pen.at(slot.x, slot.y).scaled(plan.scale).with_vars(player=str(number), players=str(sheets))
                _draw_sheet(layout.sheet.elements, types, sheet_pen, ctx, sharing)
            _footer(pen.at(spec.margin, ph - spec.margin - FOOTER + 1.5), layout,
                    page_job.schedule if page_job else run_schedule, page_no, n_pages, pw, spec.margin,
                    stamp=_page_stamp(jobs, first, number) if jobs else None, sharing=sharing, size=footer_text(spec))
            if backs:
                page_no += 1
                back = scene.new_page(pw, ph)
                mirrored = [plan.back_slot(i) for i in range(len(used))]
                if boxes:
                    back.trim, back.bleed = plan.trim_box(mirrored), plan.bleed_box(mirrored)
                bpen = back.pen()
                if spec.crop_marks:  # the backs are cut too, from their own side of the paper
                    for x1, y1, x2, y2 in plan.crop_marks(mirrored):
                        bpen.line(x1, y1, x2, y2, width=MARK_WIDTH, color="#000000")
                for i, slot in enumerate(mirrored):
                    ctx = BuildContext(layout, layout.data, run_schedule, first + i + 1, sheets, page_no, n_pages,
                                       "back", bleed=spec.bleed)
                    sheet_pen = bpen.at(slot.x, slot.y).scaled(plan.scale).with_vars(player=str(first + i + 1),
                                                                                      players=str(sheets))
                    _draw_sheet(layout.sheet.back, types, sheet_pen, ctx, sharing)
                _footer(bpen.at(spec.margin, ph - spec.margin - FOOTER + 1.5), layout, run_schedule, page_no, n_pages,
                        pw, spec.margin, back_of=page_no - 1, sharing=sharing, size=footer_text(spec))
    schedule = runs[0]
    for extra in extras:
        page_no += 1
        xw, xh, room_w, room_h = extra_page_room(layout, extra, spec.paper)
        # smaller paper: the page shrinks to fit; large print: it grows with the sheets, as far as it fits
        k = min(max(spec.scale, 1.0), room_w / extra.size[0], room_h / extra.size[1])
        page = scene.new_page(xw, xh)
        pen = page.pen()
        ctx = BuildContext(layout, layout.data, schedule, 1, sheets, page_no, n_pages, extra.name)
        epen = pen.at(spec.margin + (room_w - extra.size[0] * k) / 2, spec.margin)
        epen = epen.scaled(k) if k != 1.0 else epen
        for el in extra.elements:
            types[el.type].build(el.value, el.place(epen), ctx)
        _footer(pen.at(spec.margin, xh - spec.margin - FOOTER + 1.5), layout, schedule, page_no, n_pages, xw,
                spec.margin, size=footer_text(spec))
    if sharing is not None:
        sharing.finish()
    _check_glyphs(scene, layout)
    return scene


def _draw_sheet(elements: Any, types: Any, pen: Pen, ctx: BuildContext, sharing: _Sharing | None) -> None:
    if sharing is None:
        for el in elements:
            types[el.type].build(el.value, el.place(pen), ctx)
    else:
        sharing.sheet(elements, pen, ctx)


def _has_placeholder(value: Any, depth: int = 0) -> bool:
    """Whether a text anywhere in an element's value holds a ``{name}`` placeholder."""
    from rollwrite.draw.scene import _PLACEHOLDER

    if isinstance(value, str):
        return _PLACEHOLDER.search(value) is not None
    if depth > 8 or isinstance(value, (int, float, bool)) or value is None:
        return False
    if isinstance(value, dict):
        return any(_has_placeholder(k, depth + 1) or _has_placeholder(v, depth + 1) for k, v in value.items())
    if isinstance(value, (list, tuple, set, frozenset)):
        return any(_has_placeholder(v, depth + 1) for v in value)
    fields = getattr(value, "__dataclass_fields__", None)
    if fields is not None:
        return any(_has_placeholder(getattr(value, f), depth + 1) for f in fields)
    return "{" in repr(value)  # anything else: drawn per sheet when in doubt


class _Reads:
    """A BuildContext that notes each field an element looks at, with the value it saw."""

    __slots__ = ("_ctx", "reads")

    def __init__(self, ctx: BuildContext) -> None:
        object.__setattr__(self, "_ctx", ctx)
        object.__setattr__(self, "reads", {})

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._ctx, name)
        self.reads.setdefault(name, value)
        return value


#: how many different drawings of one element are kept for reuse; an element whose drawing differs on
#: every sheet (a day's dice on a year of dailies) would otherwise be compared with all before it
_KEEP_BUILDS = 8


@dataclass(slots=True)
class _Pending:
    """Where a run of shared drawing goes on a page, until the scene knows how often it is used."""

    key: tuple
    x: float
    y: float
    k: float


class _Sharing:
    """Draws what is the same on many sheets once.

    Each element is built once per distinct set of values it looks at: it is built in the sheet's own
    frame with a context that notes which fields it reads (the schedule, the player's number...); a later
    sheet whose context holds the same values for those fields reuses that drawing without building it
    again.  An element whose value holds a ``{name}`` placeholder, or whose texts would be filled in per
    sheet, is drawn on each sheet.  Consecutive reused drawings form a run; a run that appears on two
    sheets or more becomes one symbol of the scene (placed by Use items), a run that appears once is
    drawn in place.  Paint order is kept: runs and per-sheet drawings follow the layout's order.
    """

    def __init__(self, scene: Scene, types: Any) -> None:
        self.scene = scene
        self.types = types
        self.builds: dict[int, list[tuple[dict, int]]] = {}  # id(element) -> [(reads, build)]
        self.items: list[list[Any]] = []  # build -> items in the sheet's frame
        self.per_sheet: dict[int, bool] = {}  # id(element) -> drawn on every sheet
        self.keep: list[Any] = []  # the elements whose ids key the tables, kept alive

    def _is_per_sheet(self, el: Any) -> bool:
        found = self.per_sheet.get(id(el))
        if found is None:
            found = _has_placeholder(el.value)
            self.per_sheet[id(el)] = found
            self.keep.append(el)
        return found

    def _build(self, el: Any, ctx: BuildContext, vars: dict | None) -> int | None:
        known = self.builds.get(id(el), ())
        for reads, build in known:
            if all((v is getattr(ctx, k)) or v == getattr(ctx, k) for k, v in reads.items()):
                return build
        if len(known) >= _KEEP_BUILDS:  # it differs on every sheet: from now on it is drawn in place
            self.per_sheet[id(el)] = True
            return None
        from rollwrite.draw.scene import Page, Text, fill

        scratch = Page(0.0, 0.0)
        tracked = _Reads(ctx)
        self.types[el.type].build(el.value, el.place(Pen(scratch)), tracked)
        if vars and any(isinstance(it, Text) and "{" in it.text and fill(it.text, vars) != it.text
                        for it in scratch.items):
            self.per_sheet[id(el)] = True  # its texts are filled in per sheet after all
            return None
        self.items.append(scratch.items)
        self.builds.setdefault(id(el), []).append((tracked.reads, len(self.items) - 1))
        return len(self.items) - 1

    def sheet(self, elements: Any, pen: Pen, ctx: BuildContext) -> None:
        run: list[int] = []
        for el in elements:
            build = None if self._is_per_sheet(el) else self._build(el, ctx, pen.vars)
            if build is None:
                self._flush(run, pen)
                run = []
                self.types[el.type].build(el.value, el.place(pen), ctx)
            else:
                run.append(build)
        self._flush(run, pen)

    def static(self, key: str, draw: Any, pen: Pen) -> None:
        """Draw what ``draw(pen)`` draws, the same wherever it is placed, once for the whole scene."""
        found = self.builds.get(key)  # type: ignore[call-overload]
        if found is None:
            from rollwrite.draw.scene import Page

            scratch = Page(0.0, 0.0)
            draw(Pen(scratch))
            self.items.append(scratch.items)
            found = self.builds[key] = [({}, len(self.items) - 1)]  # type: ignore[index]
        self._flush([found[0][1]], pen)

    def _flush(self, run: list[int], pen: Pen) -> None:
        if run:
            pen.page.items.append(_Pending(tuple(run), pen.dx, pen.dy, pen.k))  # type: ignore[arg-type]

    def finish(self) -> None:
        """Make each run of drawings used on two sheets or more a symbol; draw the rest in place."""
        from rollwrite.draw.scene import Symbol, Use, ink_bounds, placed

        pending = [it for page in self.scene.pages for it in page.items if isinstance(it, _Pending)]
        build_uses: dict[int, int] = {}
        for it in pending:
            for b in it.key:
                build_uses[b] = build_uses.get(b, 0) + 1

        def pieces(key: tuple) -> list[tuple[bool, tuple]]:
            """The run cut where it changes between drawings used more than once and those used once."""
            out: list[tuple[bool, list[int]]] = []
            for b in key:
                shared = build_uses[b] > 1
                if out and out[-1][0] == shared:
                    out[-1][1].append(b)
                else:
                    out.append((shared, [b]))
            return [(shared, tuple(bs)) for shared, bs in out]

        run_uses: dict[tuple, int] = {}
        for it in pending:
            for shared, key in pieces(it.key):
                if shared:
                    run_uses[key] = run_uses.get(key, 0) + 1
        names: dict[tuple, str] = {}
        for page in self.scene.pages:
            out: list[Any] = []
            for it in page.items:
                if not isinstance(it, _Pending):
                    out.append(it)
                    continue
                for shared, key in pieces(it.key):
                    if not shared or run_uses[key] < 2:
                        for b in key:
                            out.extend(placed(self.items[b], it.x, it.y, it.k))
                        continue
                    name = names.get(key)
                    if name is None:
                        name = names[key] = f"s{len(names) + 1}"
                        items = [x for b in key for x in self.items[b]]
                        self.scene.symbols[name] = Symbol(items, ink_bounds(items, text_width))
                    out.append(Use(name, it.x, it.y, it.k))
            page.items = out


def _check_glyphs(scene: Scene, layout: Layout) -> None:
    """The last net: no text on the sheet prints as an empty box, wherever it came from.

    Texts from a layout are refused with their place when it is read and checked; a seed is printed in
    a printable form; this catches anything else before a file is written.
    """
    from rollwrite.draw.metrics import missing_glyphs
    from rollwrite.draw.scene import Text

    seen: set[tuple[str, str]] = set()
    for items in [p.items for p in scene.pages] + [s.items for s in scene.symbols.values()]:
        for it in items:
            if not isinstance(it, Text) or (it.text, it.font) in seen:
                continue
            seen.add((it.text, it.font))
            missing = missing_glyphs(it.text, it.font)
            if missing:
                raise InputError(
                    f"the sheet would print {', '.join(repr(c) for c in missing)} in '{it.text}', which the "
                    f"{it.font} font cannot draw", file=layout.source,
                    hint="use other characters in the layout or the options")


RULER = 50


def _page_stamp(jobs: list[SheetJob], first: int, last: int) -> str:
    """The footer's word on a page of puzzles: the first and last puzzle on it."""
    on_page = jobs[first:last]
    if not on_page or on_page[0].puzzle is None:
        return challenge_text(on_page[0].schedule) if on_page else ""
    what = "Answers" if on_page[0].answer is not None else "Puzzles"
    ids = [j.puzzle.challenge for j in on_page]
    from rollwrite.draw.elements import printable

    span = printable(ids[0]) if len(set(ids)) == 1 else f"{printable(ids[0])} to {printable(ids[-1])}"
    return f"{what}: {span}"


def footer_text(spec: PageSpec) -> float:
    """The footer's text size (pt): MIN_TEXT, and 9 pt for large print, as on the sheets."""
    return LARGE_TEXT if spec.scale >= LARGE_PRINT else MIN_TEXT


def _footer(pen: Pen, layout: Layout, schedule: Schedule | None, page: int, pages: int, pw: float,
            margin: float, back_of: int | None = None, stamp: str | None = None,
            sharing: _Sharing | None = None, size: float = MIN_TEXT) -> None:
    """The ruler (not on a page of backs) and the caption: the title, the challenge, the page.  Text
    never shrinks under ``size``: where the caption is too long, the title goes, then the challenge's
    label (its id stays), then the middle of the id gives way to '…'."""
    right = pw - 2 * margin
    if stamp is None:
        stamp, short = challenge_text(schedule), challenge_parts(schedule)[1]
    else:
        short = stamp
    tail = ([f"backs of page {back_of}"] if back_of is not None else []) + [f"page {page} of {pages}"]
    if back_of is None:
        if sharing is not None:
            sharing.static(f"ruler{size:g}", lambda p: draw_ruler(p, RULER, size), pen)
        else:
            draw_ruler(pen, RULER, size)
        room = right - ruler_width(RULER, size) - 3
    else:
        room = right
    choices = [[layout.title, stamp, *tail], [stamp, *tail], [short, *tail]]
    texts = ["  ·  ".join(p for p in parts if p) for parts in choices]
    for keep in range(len(short) - 1, 3, -1):  # a long seed: its middle makes way
        texts.append("  ·  ".join([short[: keep // 2] + "…" + short[len(short) - (keep - keep // 2):], *tail]))
    text = next((t for t in texts if text_width(t, size) <= room), "  ·  ".join(tail))
    pen.text(right, 3.4 + size * PT * 0.72, text, size=size, anchor="end", color="#333333")


# ---------------------------------------------------------------- the safe area of cut sheets


def check_safe_area(layout: Layout, spec: PageSpec) -> None:
    """On sheets that are cut (crop marks or bleed), refuse an element whose ink comes nearer the cut
    than ``spec.safe`` mm: the cutter's slip must never take a line or a word.  Art that runs into the
    bleed (an element type with ``full_bleed``) is the game's to draw to the edge and on into the bleed;
    its texts keep to the safe area too.  Nothing to check on sheets that are not cut."""
    if not spec.cut:
        return
    from rollwrite.spec.overlap import sample_schedule

    types = element_types(games.get(layout.game))
    schedule = sample_schedule(layout)
    w, h, p, safe = layout.sheet.width, layout.sheet.height, spec.inset, spec.safe
    room = (-p + safe, -p + safe, w + p - safe, h + p - safe)
    for side, elements in (("front", layout.sheet.elements), ("back", layout.sheet.back)):
        for el in elements:
            scratch = Page(w, h)
            ctx = BuildContext(layout, layout.data, schedule, 1, 1, 1, 1, side, bleed=spec.bleed)
            types[el.type].build(el.value, el.place(scratch.pen()), ctx)
            art = getattr(types[el.type], "full_bleed", False)
            items = [it for it in scratch.items if isinstance(it, Text) or not art]
            if not items:
                continue
            x0, y0, x1, y1 = tight_ink(items, text_width)
            over = max(room[0] - x0, room[1] - y0, x1 - room[2], y1 - room[3])
            if over > 0.01:
                raise el.node.error(
                    f"this {el.type} reaches {over:.2f} mm past the {_num(safe)} mm safe margin inside the cut (its "
                    f"{'text' if art else 'ink'} spans ({x0:.2f}, {y0:.2f}) to ({x1:.2f}, {y1:.2f}) mm on a "
                    f"{_num(w)} x {_num(h)} mm sheet cut {_num(p)} mm outside it)",
                    hint=(f"give the sheets a gutter of {_num(2 * safe)} mm, so each gets its own border inside "
                          f"its cut; or move" if spec.gutter < 2 * safe and not spec.full_bleed else "move")
                    + " it in with 'at' or make it smaller: a sheet's text and lines stay inside the safe margin "
                      "when it is cut")
