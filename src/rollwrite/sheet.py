"""Build a scene from a layout: the per-page footer, and every element of every sheet.

The page planner (:mod:`rollwrite.planner`) says where the sheets go; ``build_scene`` draws each sheet
(and its back, when the layout gives one) into the slots; the backends in rollwrite.draw render what
it returns.  Back pages place each back where the paper, turned over as the duplex option says (its
long edge by default), puts it behind its front (see PagePlan.back_slot).
"""

from __future__ import annotations

import math
from collections import Counter, deque
from collections.abc import Iterator
from dataclasses import is_dataclass
from typing import Any

from rollwrite import games
from rollwrite.dice import Schedule
from rollwrite.draw.elements import (
    MIN_TEXT, challenge_parts, challenge_text, draw_ruler, printable, ruler_captions, ruler_width,
)
from rollwrite.draw.metrics import missing_glyphs, text_width
from rollwrite.draw.scene import (
    PT, Page, Pen, Scene, Streamed, Symbol, Text, Use, _PLACEHOLDER, fill, ink_bounds, placed, tight_ink,
)
from rollwrite.errors import InputError, UsageError
from rollwrite.buildcontext import BuildContext, SheetJob
from rollwrite.planner import MARK_WIDTH, PagePlan, _num, largest_scale, plan_page, pod_plan, refusal
from rollwrite.valueclass import Mutable, ValueClass, fields
from rollwrite.layoutlang.layout import MAX_PAGES, Layout, element_types, extra_page_room
from rollwrite.layoutlang.overlap import sample_schedule
from rollwrite.layoutlang.page import FOOTER, LARGE_PRINT, PageSpec

LARGE_TEXT = 9.0  # pt: the smallest text of a large-print page



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


def extra_pages(layout: Layout, runs: list[Schedule | None]) -> list[list[Any]]:
    """The layout's extra pages each run of a print prints after its sheets: the first run every page
    it has (``always``, and ``seeded`` ones when it has a schedule), in the layout's order, as a print of
    that run alone would; each later run (a batch of dailies) only its ``seeded`` pages (its own deal),
    as the pages that are ``always`` printed are the same for every run."""
    out = []
    for i, schedule in enumerate(runs):
        out.append([x for x in layout.pages
                    if (x.when == "always" and i == 0) or (x.when == "seeded" and schedule is not None)])
    return out


def build_scene(layout: Layout, **kw: Any) -> Scene:
    """Every page of a print run, made at once (see :func:`stream_scene` for the arguments); for what
    looks at a whole run (check-layout's smallest text, the desk's pages, tests).  A run that is written
    to files is streamed instead."""
    return stream_scene(layout, **kw).whole()


def stream_scene(
    layout: Layout,
    *,
    sheets: int | None = None,
    paper: str | None = None,
    schedule: Schedule | None = None,
    page: PageSpec | None = None,
    jobs: list[SheetJob] | None = None,
    on_sheet: Any = None,
    share: bool = False,
    schedules: list[Schedule | None] | None = None,
    note: str | None = None,
    pod: bool = False,
) -> Streamed:
    """Every sheet of a print run, placed by the page planner, a page at a time: each page is drawn
    when a backend asks for it, so a run of any length takes the memory of one page (and of what its
    pages share).  ``page`` overrides the layout's page section (``paper`` only its paper).  Too many
    pages are refused here, before any is drawn.

    What the sheets are given is said one way of three (at most one of them):
    ``schedule`` gives every one of ``sheets`` sheets the same dice (none: free play);
    ``schedules`` prints one run of ``sheets`` sheets per schedule (a batch of dailies: a run per day,
    starting on a page of its own), one after the other in one scene, numbered on as one document;
    ``jobs`` gives each sheet its own schedule, puzzle and answer (``sheets``, when given, is their count).

    ``share``: what is the same on every sheet (in practice nearly all of it) is drawn once, as a symbol
    of the scene, and placed on each sheet (see :class:`_Sharing`); only what differs is drawn per sheet.
    The printed result is the same either way (``scene.flat()`` gives the unshared scene).

    ``on_sheet()`` is called as each sheet is laid out (for a progress bar).  ``note``: what every
    page's footer says besides its title, challenge and number (see :func:`check_text_size`).  ``pod``:
    print on demand, one card to a page at a shop's size (see :func:`rollwrite.planner.pod_plan`), each
    back on a page of its own after its front, with no footer, marks or extra pages.
    """
    if (schedule is not None) + (schedules is not None) + (jobs is not None) > 1:
        raise TypeError("stream_scene (and build_scene) take one of schedule, schedules and jobs")
    if jobs is not None:
        if sheets is not None and sheets != len(jobs):
            raise TypeError(f"stream_scene: sheets={sheets} but {len(jobs)} jobs")
        sheets = len(jobs)
    if sheets is None:
        raise TypeError("stream_scene (and build_scene) need sheets (or jobs)")
    spec = page or layout.page
    if paper is not None:
        spec = spec.replace(paper=paper)
    run = _Run(layout, spec, sheets, schedules if schedules is not None else [schedule], jobs, on_sheet, share,
               pod)
    run.note = note
    symbols: dict[str, Any] = {}
    return Streamed(run.pages(symbols), run.sizes(), layout.title, run.subject(), symbols)


class _Run:
    """One print run being drawn: the plan, the page being drawn, and what every page of it shares."""

    def __init__(self, layout: Layout, spec: PageSpec, sheets: int, runs: list[Schedule | None],
                 jobs: list[SheetJob] | None, on_sheet: Any, share: bool, pod: bool = False) -> None:
        self.layout, self.sheets, self.runs, self.jobs = layout, sheets, runs, jobs
        self.on_sheet = on_sheet
        self.pod = pod
        if pod:
            self.plan = pod_plan(spec, layout.sheet.width, layout.sheet.height)
            spec = self.plan.spec
            s = self.plan.slots[0]  # the art runs on to the page's edge, in the sheet's own mm
            self.art_bleed = max(s.x, s.y, self.plan.width - s.x - self.plan.sheet_w,
                                 self.plan.height - s.y - self.plan.sheet_h) / self.plan.scale
        else:
            self.plan = plan_page(spec, layout.sheet.width, layout.sheet.height)
            # the sheet is drawn at the plan's scale: its art runs on by the bleed as printed, no further
            self.art_bleed = spec.bleed / self.plan.scale
        self.spec = spec
        self.spans = page_spans(jobs, sheets, self.plan.per_page)
        fronts = len(self.spans)
        self.backs = bool(spec.backs and layout.sheet.back)
        # a layout's extra pages (rules, a deal) go with a print of the game, not with a run of puzzles
        self.extras = [] if jobs is not None or pod else extra_pages(layout, runs)
        self.n_pages = fronts * (2 if self.backs else 1) * len(runs) + sum(len(x) for x in self.extras)
        if self.n_pages > MAX_PAGES:
            raise UsageError(f"that would print {self.n_pages} pages; the most one run prints is {MAX_PAGES}",
                             hint="print fewer days or players at a time, or --split the days into files"
                             if len(runs) > 1 else None)
        self.types = element_types(games.get(layout.game))
        self.share = share
        self.sharing: _Sharing | None = None
        self.page_no = 0
        self.note: str | None = None

    def sizes(self) -> list[tuple[float, float]]:
        """Each page's (width, height) in mm, known before any page is drawn."""
        sheet_pages = [(self.plan.width, self.plan.height)] * (len(self.spans) * (2 if self.backs else 1))
        out: list[tuple[float, float]] = []
        for i in range(len(self.runs)):
            out += sheet_pages
            out += [extra_page_room(self.layout, x, self.spec.paper)[:2] for x in self._extras_of(i)]
        return out

    def _extras_of(self, i: int) -> list[Any]:
        return self.extras[i] if self.extras else []

    def pages(self, symbols: dict[str, Any]) -> Iterator[Page]:
        """Each page, drawn when it is asked for; ``symbols`` gets each symbol before the first page that
        places it.  With sharing, a first pass that draws nothing per sheet counts how often each
        shared drawing is used (what is used twice or more becomes a symbol), then the pages are drawn."""
        if self.share:
            self.sharing = _Sharing(self.types, None)
            deque(self._drawn(counting=True), maxlen=0)  # each page dropped as soon as it is counted
            self.sharing = _Sharing(self.types, self.sharing)
        for page in self._drawn(counting=False):
            made = self.sharing.resolve(page, symbols) if self.sharing is not None else []
            _check_glyphs([page.items] + [s.items for s in made], self.layout)
            yield page
            del page  # let it go before the next page is made

    def _drawn(self, counting: bool) -> Iterator[Page]:
        """The run's pages in order; ``counting``: only what the sharing counts (no extra pages)."""
        self.page_no = 0
        for i, run_schedule in enumerate(self.runs):
            for first, last in self.spans:
                yield self.front_page(run_schedule, first, last, counting)
                if self.backs:
                    yield self.back_page(run_schedule, first, last)
            for extra in self._extras_of(i):
                if counting:
                    self.page_no += 1
                else:
                    yield self.extra_page(extra, run_schedule)

    def subject(self) -> str:
        title, runs = self.layout.title, self.runs
        if self.jobs and self.jobs[0].puzzle is not None:
            return f"{title} puzzles"
        if len(runs) > 1 and runs[0] is not None:
            return (f"{title} challenges {challenge_text(runs[0], shown=False).split(': ')[-1]} to "
                    f"{challenge_text(runs[-1], shown=False).split(': ')[-1]}")
        return challenge_text(runs[0], shown=False) or f"{title} player sheets"

    def _sheet_pen(self, pen: Pen, slot: Any, number: int) -> Pen:
        return pen.at(slot.x, slot.y).scaled(self.plan.scale).with_vars(player=str(number), players=str(self.sheets))

    def _footer_pen(self, pen: Pen, height: float) -> Pen:
        return pen.at(self.spec.margin, height - self.spec.margin - FOOTER + 1.5)

    def front_page(self, run_schedule: Schedule | None, first: int, last: int, counting: bool = False) -> Page:
        """The page of sheets ``first + 1`` to ``last``, with its crop marks or cut lines and its footer;
        ``counting``: the first pass of sharing (no progress is reported)."""
        plan, spec, layout = self.plan, self.spec, self.layout
        used = list(plan.slots[: last - first])
        self.page_no += 1
        page = Page(plan.width, plan.height)
        if spec.crop_marks or spec.bleed > 0:
            page.trim, page.bleed = plan.trim_box(used), plan.bleed_box(used)
        pen = page.pen()
        page_schedule = self.jobs[first].schedule if self.jobs else run_schedule
        footing = len(page.items)  # the footer is drawn first, to know its ink, and read after the sheets
        foot = [] if self.pod else _footer(
            self._footer_pen(pen, plan.height), layout, page_schedule, self.page_no, self.n_pages, plan.width,
            spec.margin, stamp=_page_stamp(self.jobs, first, first + len(used)) if self.jobs else None,
            sharing=self.sharing, size=footer_text(spec), note=self.note)
        footer = (footing, len(page.items))
        if self.pod:
            pass  # a shop cuts on the TrimBox: no marks
        elif spec.crop_marks:
            for x1, y1, x2, y2 in plan.crop_marks(used, footer=foot):
                pen.line(x1, y1, x2, y2, width=MARK_WIDTH, color="#000000")
        elif spec.bleed > 0 or (len(plan.slots) > 1 and spec.gutter > 0):
            for x1, y1, x2, y2 in plan.cut_lines(footer=foot):
                pen.line(x1, y1, x2, y2, width=0.2, dash=(2.0, 1.5), color="#777777")
        for number, slot in enumerate(used, start=first + 1):
            if self.on_sheet is not None and not counting:
                self.on_sheet()
            job = self.jobs[number - 1] if self.jobs else SheetJob(run_schedule)
            ctx = BuildContext(layout, layout.data, job.schedule, number, self.sheets, self.page_no, self.n_pages,
                               puzzle=job.puzzle, answer=job.answer, bleed=self.art_bleed)
            _draw_sheet(layout.sheet.elements, self.types, self._sheet_pen(pen, slot, number), ctx, self.sharing)
        _footer_last(page, footer)
        return page

    def back_page(self, run_schedule: Schedule | None, first: int, last: int) -> Page:
        """The backs of the page of sheets ``first + 1`` to ``last``, mirrored for double-sided printing."""
        plan, spec, layout = self.plan, self.spec, self.layout
        self.page_no += 1
        back = Page(plan.width, plan.height)
        mirrored = [plan.back_slot(i) for i in range(last - first)]
        if spec.crop_marks or spec.bleed > 0:
            back.trim, back.bleed = plan.trim_box(mirrored), plan.bleed_box(mirrored)
        pen = back.pen()
        box = plan.footer_box(back=True)
        footing = len(back.items)  # the footer is drawn first, to know its ink, and read after the sheets
        foot = [] if self.pod else _footer(
            pen.at(box[0], box[1]), layout, run_schedule, self.page_no, self.n_pages, plan.width, spec.margin,
            back_of=self.page_no - 1, sharing=self.sharing, size=footer_text(spec), note=self.note,
            duplex=plan.duplex_text())
        footer = (footing, len(back.items))
        if self.pod:
            pass  # a shop cuts on the TrimBox: no marks
        elif spec.crop_marks:  # the backs are cut too, from their own side of the paper
            for x1, y1, x2, y2 in plan.crop_marks(mirrored, back=True, footer=foot):
                pen.line(x1, y1, x2, y2, width=MARK_WIDTH, color="#000000")
        elif spec.bleed > 0:
            for x1, y1, x2, y2 in plan.cut_lines(back=True, footer=foot):
                pen.line(x1, y1, x2, y2, width=0.2, dash=(2.0, 1.5), color="#777777")
        for number, slot in enumerate(mirrored, start=first + 1):
            ctx = BuildContext(layout, layout.data, run_schedule, number, self.sheets, self.page_no, self.n_pages,
                               "back", bleed=self.art_bleed)
            _draw_sheet(layout.sheet.back, self.types, self._sheet_pen(pen, slot, number), ctx, self.sharing)
        _footer_last(back, footer)
        return back

    def extra_page(self, extra: Any, schedule: Schedule | None) -> Page:
        """One of the layout's extra pages (rules, a deal) for the run of ``schedule``, shrunk to fit
        smaller paper."""
        layout, spec = self.layout, self.spec
        self.page_no += 1
        xw, xh, room_w, room_h = extra_page_room(layout, extra, spec.paper)
        # smaller paper: the page shrinks to fit; large print: it grows with the sheets, as far as it fits
        k = min(max(spec.scale, 1.0), room_w / extra.size[0], room_h / extra.size[1])
        page = Page(xw, xh)
        pen = page.pen()
        ctx = BuildContext(layout, layout.data, schedule, 1, self.sheets, self.page_no, self.n_pages, extra.name)
        epen = pen.at(spec.margin + (room_w - extra.size[0] * k) / 2, spec.margin)
        epen = epen.scaled(k) if k != 1.0 else epen
        for el in extra.elements:
            self.types[el.type].build(el.value, el.place(epen), ctx)
        _footer(self._footer_pen(pen, xh), layout, schedule, self.page_no, self.n_pages, xw, spec.margin,
                size=footer_text(spec), note=self.note)
        return page


def _draw_sheet(elements: Any, types: Any, pen: Pen, ctx: BuildContext, sharing: _Sharing | None) -> None:
    if sharing is None:
        for el in elements:
            types[el.type].build(el.value, el.place(pen), ctx)
    else:
        sharing.sheet(elements, pen, ctx)


def _has_placeholder(value: Any, depth: int = 0, seen: dict[tuple[int, int], bool] | None = None) -> bool:
    """Whether a text anywhere in an element's value holds a ``{name}`` placeholder.  ``seen`` (id and
    depth of a value looked into -> the answer) lets the elements of one run that hold the same value
    (a game's data, held by several of its elements) look into it once."""
    if isinstance(value, str):
        return "{" in value and _PLACEHOLDER.search(value) is not None
    if depth > 8 or isinstance(value, (int, float, bool)) or value is None:
        return False
    if seen is None:
        seen = {}
    key = (id(value), depth)
    found = seen.get(key)
    if found is not None:
        return found
    depth += 1
    if isinstance(value, dict):
        found = any(_has_placeholder(k, depth, seen) or _has_placeholder(v, depth, seen) for k, v in value.items())
    elif isinstance(value, (list, tuple, set, frozenset)):
        found = any(_has_placeholder(v, depth, seen) for v in value)
    elif isinstance(value, ValueClass) or (is_dataclass(value) and not isinstance(value, type)):
        found = any(_has_placeholder(getattr(value, f), depth, seen) for f in fields(value))
    else:
        found = "{" in repr(value)  # anything else: drawn per sheet when in doubt
    seen[key] = found
    return found


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


class _Pending(Mutable):
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

    Whether a run appears twice is known only at the end of the run of pages, and pages are drawn one
    at a time, so it takes two passes over the same sheets, each with its own ``_Sharing``: the first
    (``first`` None) draws nothing per sheet and only counts each run's uses and makes the drawings;
    the second, given the first, draws the pages with the first's counts and drawings (asked for in
    the same order, they have the same numbers; which elements are drawn on each sheet is found again
    as the sheets come, as in the first), and :meth:`resolve` turns each page's runs into symbols or
    drawings in place as the page is done.
    """

    def __init__(self, types: Any, first: _Sharing | None) -> None:
        self.types = types
        self.counting = first is None
        self.counts: Counter[tuple] = Counter() if first is None else first.counts  # run of builds -> uses
        # id(element) -> whether its value holds a placeholder, and what was looked into to know it (see
        # _has_placeholder): found once for both passes, from the elements the first pass keeps alive
        self.placeholders: dict[int, bool] = {} if first is None else first.placeholders
        self.looked: dict[tuple[int, int], bool] = {} if first is None else first.looked
        # id(element) -> [(reads, build)], and build -> items in the sheet's frame: the second pass finds
        # every drawing the first made (both ask for the same drawings in the same order, so they number
        # them alike), and draws only what is drawn on each sheet
        self.builds: dict[int | str, list[tuple[dict, int]]] = {} if first is None else first.builds
        self.items: list[list[Any]] = [] if first is None else first.items
        self.per_sheet: dict[int, bool] = {}  # id(element) -> drawn on every sheet
        # the elements whose ids key the tables, kept alive
        self.keep: list[Any] = [] if first is None else first.keep
        self.names: dict[tuple, str] = {}  # a run used on two sheets or more -> its symbol's name
        self.build_uses: Counter[int] = Counter()
        for key, n in self.counts.items():
            for b in key:
                self.build_uses[b] += n
        self.run_uses: Counter[tuple] = Counter()
        for key, n in self.counts.items():
            for shared, piece in self._pieces(key):
                if shared:
                    self.run_uses[piece] += n

    def _is_per_sheet(self, el: Any) -> bool:
        found = self.per_sheet.get(id(el))
        if found is None:
            found = self.placeholders.get(id(el))
            if found is None:
                found = self.placeholders[id(el)] = _has_placeholder(el.value, 0, self.looked)
                self.keep.append(el)
            self.per_sheet[id(el)] = found
        return found

    def _build(self, el: Any, ctx: BuildContext, vars: dict | None) -> int | None:
        known = self.builds.get(id(el), ())
        for reads, build in known:
            if all((v is getattr(ctx, k)) or v == getattr(ctx, k) for k, v in reads.items()):
                return build
        if len(known) >= _KEEP_BUILDS:  # it differs on every sheet: from now on it is drawn in place
            self.per_sheet[id(el)] = True
            return None
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
                if not self.counting:
                    self.types[el.type].build(el.value, el.place(pen), ctx)
            else:
                run.append(build)
        self._flush(run, pen)

    def static(self, key: str, draw: Any, pen: Pen) -> None:
        """Draw what ``draw(pen)`` draws, the same wherever it is placed, once for the whole scene."""
        found = self.builds.get(key)
        if found is None:
            scratch = Page(0.0, 0.0)
            draw(Pen(scratch))
            self.items.append(scratch.items)
            found = self.builds[key] = [({}, len(self.items) - 1)]
        self._flush([found[0][1]], pen)

    def _flush(self, run: list[int], pen: Pen) -> None:
        if not run:
            return
        if self.counting:
            self.counts[tuple(run)] += 1
        else:
            pen.page.items.append(_Pending(tuple(run), pen.dx, pen.dy, pen.k))  # type: ignore[arg-type]

    def _pieces(self, key: tuple) -> list[tuple[bool, tuple]]:
        """The run cut where it changes between drawings used more than once and those used once."""
        out: list[tuple[bool, list[int]]] = []
        for b in key:
            shared = self.build_uses[b] > 1
            if out and out[-1][0] == shared:
                out[-1][1].append(b)
            else:
                out.append((shared, [b]))
        return [(shared, tuple(bs)) for shared, bs in out]

    def resolve(self, page: Page, symbols: dict[str, Symbol]) -> list[Symbol]:
        """Make each run of drawings on ``page`` that is used on two sheets or more a Use of a symbol
        (put in ``symbols`` the first time), and draw the rest in place; returns the symbols made."""
        made: list[Symbol] = []
        out: list[Any] = []
        for it in page.items:
            if not isinstance(it, _Pending):
                out.append(it)
                continue
            for shared, key in self._pieces(it.key):
                if not shared or self.run_uses[key] < 2:
                    for b in key:
                        out.extend(placed(self.items[b], it.x, it.y, it.k))
                    continue
                name = self.names.get(key)
                if name is None:
                    name = self.names[key] = f"s{len(self.names) + 1}"
                    items = [x for b in key for x in self.items[b]]
                    symbols[name] = Symbol(items, ink_bounds(items, text_width))
                    made.append(symbols[name])
                out.append(Use(name, it.x, it.y, it.k))
        page.items = out
        return made


def _check_glyphs(lists: list[list[Any]], layout: Layout) -> None:
    """The last net: no text on the sheet prints as an empty box, wherever it came from (``lists``: the
    items of a page and of the symbols it was the first to place).

    Texts from a layout are refused with their place when it is read and checked; a seed is printed in
    a printable form; this catches anything else before a file is written (a run's files are written
    whole or not at all, so a page refused here leaves no file).
    """
    seen: set[tuple[str, str]] = set()
    for items in lists:
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

    span = printable(ids[0]) if len(set(ids)) == 1 else f"{printable(ids[0])} to {printable(ids[-1])}"
    return f"{what}: {span}"


def footer_text(spec: PageSpec) -> float:
    """The footer's text size (pt): MIN_TEXT, and 9 pt for large print, as on the sheets."""
    return LARGE_TEXT if spec.scale >= LARGE_PRINT else MIN_TEXT


def _footer_last(page: Page, footer: tuple[int, int]) -> None:
    """Move the footer's items (``footer``: where they stand in the page's items) behind everything else
    on the page: the page is read (by a screen reader, by text extraction) title first and footer last,
    while the footer is drawn before the marks, which keep clear of its ink."""
    first, end = footer
    page.items[first:] = page.items[end:] + page.items[first:end]


def _footer(pen: Pen, layout: Layout, schedule: Schedule | None, page: int, pages: int, pw: float,
            margin: float, back_of: int | None = None, stamp: str | None = None,
            sharing: _Sharing | None = None, size: float = MIN_TEXT, note: str | None = None,
            duplex: str | None = None) -> list[tuple[float, float, float, float]]:
    """The ruler (not on a page of backs) and the caption: the title, the challenge, the page, a
    ``note`` (small print allowed), and on a page of backs how to print it (``duplex``).  Text never shrinks under ``size``: where the caption is too long,
    the title goes, then the challenge's label (its id stays), then the middle of the id gives way to
    '…'; on narrow paper the ruler says less, then grows shorter, so that nothing runs past the margin.
    Returns where its ink is on the page: the ruler with its words, and the caption."""
    right = pw - 2 * margin
    if stamp is None:
        stamp, short = challenge_text(schedule), challenge_parts(schedule)[1]
    else:
        short = stamp
    tail = ([f"backs of page {back_of}"] if back_of is not None else []) + ([duplex] if duplex else []) \
        + ([note] if note else []) + [f"page {page} of {pages}"]
    choices = [[layout.title, stamp, *tail], [stamp, *tail], [short, *tail]]
    texts = ["  ·  ".join(p for p in parts if p) for parts in choices]
    for keep in range(len(short) - 1, 3, -1):  # a long seed: its middle makes way
        texts.append("  ·  ".join([short[: keep // 2] + "…" + short[len(short) - (keep - keep // 2):], *tail]))
    # on narrow paper: the page of which it is the back goes first, then the word on duplex printing, then
    # "page" shortens; a note (small print) stays to the last
    short_tail = [[duplex, note, f"page {page} of {pages}"], [note, f"page {page} of {pages}"],
                  [note, f"{page}/{pages}"]]
    texts += ["  ·  ".join(tail)] + ["  ·  ".join(t for t in parts if t) for parts in short_tail]
    texts.append(f"{page}/{pages}")
    ruler, text = footer_parts(right, texts, size, back_of is None)
    x0, y0 = pen.dx, pen.dy  # (a footer's pen is never scaled)
    ink = [(x0 + right - text_width(text, size), y0 + 1.5, x0 + right, y0 + 3.4 + size * PT)]
    if ruler is not None:
        length, caption = ruler
        key = f"ruler{size:g}-{length}-{caption}"
        if sharing is not None:
            sharing.static(key, lambda p: draw_ruler(p, length, size, caption), pen)
        else:
            draw_ruler(pen, length, size, caption)
        ink.append((x0 - 1.0, y0, x0 + ruler_width(length, size, caption), y0 + 3.4 + size * PT))
    pen.text(right, 3.4 + size * PT * 0.72, text, size=size, anchor="end", color="#333333")
    return ink


def footer_parts(right: float, texts: list[str], size: float, ruled: bool
                 ) -> tuple[tuple[int, str] | None, str]:
    """The footer's ruler (its length and caption; None on a page of backs) and caption, for a footer
    ``right`` mm wide: the first of ``texts`` that fits beside the longest ruler (up to RULER mm, saying
    the most it can) that leaves it room; the last of ``texts`` only when no other fits beside
    any ruler.  The caption of a page of backs has the whole width."""
    if not ruled:
        return None, next((t for t in texts if text_width(t, size) <= right), texts[-1])
    for choices in (texts[:-1], texts[-1:]):  # the last, bare page number only where nothing else fits
        for length in range(RULER, 0, -10):
            for caption in ruler_captions(length):
                room = right - ruler_width(length, size, caption) - 3
                text = next((t for t in choices if text_width(t, size) <= room), None)
                if text is not None:
                    return (length, caption), text
    return None, next((t for t in texts if text_width(t, size) <= right), texts[-1])


# ---------------------------------------------------------------- text too small to read

SMALLEST = 6.0  # pt: no text printed is smaller, unless the run allows it


def small_print_note(size: float) -> str:
    """What each page's footer says of a run allowed to print text under SMALLEST pt."""
    return f"small print: text down to {math.floor(size * 10 + 1e-9) / 10:.1f} pt"


def _run_scene(layout: Layout, spec: PageSpec, sheets: int, schedule: Schedule | None,
               jobs: list[SheetJob] | None) -> Streamed:
    """The run's pages to measure, streamed (a page at a time, as the run itself is written)."""
    if jobs is not None:
        return stream_scene(layout, page=spec, jobs=jobs, share=True)
    return stream_scene(layout, sheets=sheets, page=spec, schedule=schedule, share=True)


def plan_for_text(layout: Layout, spec: PageSpec, sheets: int, schedule: Schedule | None,
                  jobs: list[SheetJob] | None = None) -> PagePlan:
    """The page plan of a run (:func:`rollwrite.planner.plan_page`); when its sheets do not fit, the
    refusal's hint names a scale that both fits and keeps the sheets' text to SMALLEST pt, or says that
    none does on that paper and which papers take them at the scale their text needs.  The text is
    measured on the sheets drawn at the largest scale that fits (a sheet's text scales with it)."""
    w, h = layout.sheet.width, layout.sheet.height
    spec.check()
    try:
        return plan_page(spec, w, h)
    except UsageError:
        best = largest_scale(spec, w, h)
        if not best:
            raise
    at = spec.replace(scale=best)
    scene = _run_scene(layout, at, sheets, schedule, jobs)
    on_sheets = len(scene.page_sizes()) - (0 if jobs is not None else len(extra_pages(layout, [schedule])[0]))
    least, smallest = None, math.inf
    for n, page in enumerate(scene.pages):
        if n < on_sheets:
            smallest = min([smallest] + [it.size for it in scene.page_items(page)
                                         if isinstance(it, Text) and it.text.strip()])
    if smallest < SMALLEST - 1e-9:
        least = math.ceil(SMALLEST * best / smallest * 100 - 1e-9) / 100
    raise refusal(spec, w, h, least) from None


def check_text_size(layout: Layout, spec: PageSpec, sheets: int, schedule: Schedule | None,
                    allow: bool = False, jobs: list[SheetJob] | None = None) -> str | None:
    """Refuse a run whose smallest text would print under SMALLEST pt (a scale, or smaller paper that
    shrinks the extra pages), with the smallest size it would print and the largest scale that keeps
    SMALLEST pt; ``allow``: print it, and return the note every page's footer then carries (None when
    nothing is that small).  Measured on the first run's pages of sheets, their backs and its extra pages,
    drawn as they print (each sheet may differ: the cards of a deck).  ``jobs``: the sheets of a run of
    puzzles (each its own puzzle or answer; such a run has no extra pages), measured instead."""
    plan = plan_for_text(layout, spec, sheets, schedule, jobs)
    scene = _run_scene(layout, spec, sheets, schedule, jobs)
    found = scene.smallest_text()
    if found is None or found[0].size >= SMALLEST - 1e-9:
        return None
    text, page_no = found
    if allow:
        return small_print_note(text.size)
    on_sheets = jobs is not None or page_no <= len(scene.page_sizes()) - len(extra_pages(layout, [schedule])[0])
    words = text.text if len(text.text) <= 30 else text.text[:29] + "…"
    what = (f"at scale {spec.scale:g} " if spec.scale != 1 else "") + f"on {plan.paper} paper"
    hints = []
    if on_sheets:
        best = math.ceil(SMALLEST / (text.size / spec.scale) * 100 - 1e-9) / 100
        try:
            plan_page(spec.replace(scale=best), layout.sheet.width, layout.sheet.height)
            fits = ""
        except UsageError:
            fits = f", where the sheets no longer fit {plan.paper} paper as asked"
        hints.append(f"text keeps to {SMALLEST:g} pt down to scale {best:g} (--scale {best:g}){fits}")
    else:
        hints.append("print on larger paper, where the page of rules is not shrunk")
    hints.append("or give --small-print to print it anyway (every page's footer then says so)")
    raise UsageError(
        f"{what} the smallest text would print at {math.floor(text.size * 100 + 1e-9) / 100:.2f} pt ({printable(words)!r} on page {page_no}); "
        f"nothing printed is under {SMALLEST:g} pt", hint="; ".join(hints))


# ---------------------------------------------------------------- the safe area of cut sheets


def check_safe_area(layout: Layout, spec: PageSpec) -> None:
    """On sheets that are cut (crop marks or bleed), refuse an element whose ink comes nearer the cut
    than ``spec.safe`` mm: the cutter's slip must never take a line or a word.  Art that runs into the
    bleed (an element type with ``full_bleed``) is the game's to draw to the edge and on into the bleed;
    its texts keep to the safe area too.  Nothing to check on sheets that are not cut."""
    if not spec.cut:
        return

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
