"""The page planner: where sheets go on a page, knowing no output format.

It takes a :class:`~rollwrite.layoutlang.page.PageSpec` (the layout's ``page:`` section, overridden by
command-line options) and the sheet's size, and decides the paper's orientation, how many sheets share a
page (n-up), where each goes, where the crop marks or cut lines run, and the trim and bleed boxes.

Placement: the sheets' trimmed pieces (sheet plus ``padding`` on each side, times ``scale`` for the
sheet itself) form one block, ``gutter`` apart, centred in the room inside the margins above the
footer.  Crop marks lie on the lines a cutter follows (each trimmed edge) but only where nothing is
printed: in the margins, where they run out to the paper's edge so that they survive trimming, and in
the gutters; they keep clear of every sheet's bleed.
"""

from __future__ import annotations

import math

from rollwrite.errors import UsageError
from rollwrite.valueclass import Value
from rollwrite.layoutlang.page import FOOTER, MIN_SCALE, PAPERS, PageSpec, PerPage, paper_size

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in mm, y downward
Segment = tuple[float, float, float, float]

MARK_CLEAR = 1.5  # mm a crop mark keeps from any sheet's bleed
FOOTER_CLEAR = 3.0  # mm a crop mark keeps from the footer (its ruler and caption)
MARK_MIN = 1.0  # shorter pieces of a crop mark are left out
MARK_WIDTH = 0.2
#: mm at each edge of the paper that a desktop printer may not print (3-5 mm): no mark or cut line in it
PRINTER_EDGE = 5.0
MARK_LENGTH = 3.0  # mm a crop mark is given above the sheets when the page has room to move them down
DUPLEX = ("long", "short")


class Slot(Value):
    col: int
    row: int
    x: float  # the sheet's own top-left corner (where its elements' `at` is measured from)
    y: float
    trim: Box  # the trimmed piece: the sheet plus its padding
    bleed: Box


class PagePlan(Value):
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

    @property
    def flips_rows(self) -> bool:
        """Whether a page turned over as the duplex option says (``spec.duplex``: about its long edge or
        its short edge) turns top to bottom (rows mirrored), not left to right (columns mirrored): a
        landscape page flipped on its long edge, or a portrait one on its short edge."""
        return (self.orientation == "landscape") == (self.spec.duplex == "long")

    def duplex_text(self) -> str:
        """What a page of backs says of how to print it."""
        return f"print double-sided, flip on {self.spec.duplex} edge"

    def flip(self, b: Box) -> Box:
        """A box on the front where the same place on the back of the paper is, the paper turned over
        as :attr:`flips_rows` says."""
        if self.flips_rows:
            return (b[0], self.height - b[3], b[2], self.height - b[1])
        return (self.width - b[2], b[1], self.width - b[0], b[3])

    def back_slot(self, i: int) -> Slot:
        """Where the back of the sheet in slot ``i`` goes on its back page: behind its front when the
        paper is turned over (see :attr:`flips_rows`), the row or the column mirrored."""
        s = self.slots[i]
        x, y, _, _ = self.flip((s.x, s.y, s.x + self.sheet_w, s.y + self.sheet_h))
        col, row = (s.col, self.rows - 1 - s.row) if self.flips_rows else (self.cols - 1 - s.col, s.row)
        return Slot(col, row, x, y, self.flip(s.trim), self.flip(s.bleed))

    def footer_box(self, back: bool = False) -> Box:
        """Where the footer's ruler and caption are printed: at the foot of the page, and on a page of
        backs turned top to bottom at its head (behind the front's footer, clear of the backs)."""
        m = self.spec.margin
        box = (m, self.height - m - FOOTER + 1.5, self.width - m, self.height - m)
        return self.flip(box) if back and self.flips_rows else box

    def trim_box(self, slots: list[Slot] | None = None) -> Box:
        return _union([s.trim for s in (slots or self.slots)])

    def bleed_box(self, slots: list[Slot] | None = None) -> Box:
        x0, y0, x1, y1 = _union([s.bleed for s in (slots or self.slots)])
        return (max(0.0, x0), max(0.0, y0), min(self.width, x1), min(self.height, y1))

    def _ink(self, s: Slot) -> Box:
        """How far a sheet's drawing may reach: its bleed, or on sheets without one its own box (a cut
        sheet keeps a blank border inside its trim: a line along the trim there touches nothing)."""
        if self.spec.bleed > 0:
            return s.bleed
        return (s.x, s.y, s.x + self.sheet_w, s.y + self.sheet_h)

    def crop_marks(self, slots: list[Slot] | None = None, back: bool = False,
                   footer: list[Box] | None = None) -> list[Segment]:
        """Crop marks for the sheets in ``slots`` (default: every slot; ``back``: slots of a page of
        backs): on each trimmed edge's line, wherever that line is clear of every slot's drawing (by
        MARK_CLEAR) and of the footer, and inside the PRINTER_EDGE a desktop printer keeps: in the
        margins, in the gutters, and along cuts that sheets share through their blank borders.
        ``footer``: where the footer's ink is (default: the whole footer box)."""
        slots = slots or list(self.slots)
        # every slot is kept clear, used or not, so a part-full page has the same marks as a full one
        # the footer, out to the paper's edge, is kept clear wider still: no mark runs at the ruler
        every = [self.back_slot(i) for i in range(len(self.slots))] if back else list(self.slots)
        foot = []
        for box in footer if footer is not None else [self.footer_box(back)]:
            fx0, fy0, fx1, fy1 = _grow(box, FOOTER_CLEAR)
            foot.append((fx0, 0.0, fx1, fy1) if back and self.flips_rows else (fx0, fy0, fx1, self.height))
        obstacles = [_grow(self._ink(s), MARK_CLEAR) for s in every] + foot
        xs = sorted({round(v, 4) for s in slots for v in (s.trim[0], s.trim[2])})
        ys = sorted({round(v, 4) for s in slots for v in (s.trim[1], s.trim[3])})
        e = PRINTER_EDGE
        out: list[Segment] = []
        for x in xs:
            if e <= x <= self.width - e:
                blocked = [(b[1], b[3]) for b in obstacles if b[0] <= x <= b[2]]
                out += [(x, a, x, b) for a, b in _free(e, self.height - e, blocked)]
        for y in ys:
            if e <= y <= self.height - e:
                blocked = [(b[0], b[2]) for b in obstacles if b[1] <= y <= b[3]]
                out += [(a, y, b, y) for a, b in _free(e, self.width - e, blocked)]
        return out

    def cut_lines(self, back: bool = False, footer: list[Box] | None = None) -> list[Segment]:
        """Dashed guide lines where there are no crop marks: on cut sheets (a bleed) along the trims, as
        crop marks are; on others down the middle of each gutter, between the sheets that share the page;
        inside the PRINTER_EDGE either way."""
        if self.spec.bleed > 0:
            return self.crop_marks(back=back, footer=footer)
        out: list[Segment] = []
        e = PRINTER_EDGE
        fy0, fy1 = self.footer_box(back)[1], self.footer_box(back)[3]
        top, bottom = (fy1 + 1, self.height - e) if back and self.flips_rows else (e, fy0 - 1)
        for c in range(1, self.cols):
            a, b = self.slots[c - 1], self.slots[c]
            x = (a.trim[2] + b.trim[0]) / 2
            out.append((x, top, x, bottom))
        for r in range(1, self.rows):
            a, b = self.slots[(r - 1) * self.cols], self.slots[r * self.cols]
            y = (a.trim[3] + b.trim[1]) / 2
            y = self.height - y if back and self.flips_rows else y
            out.append((e, y, self.width - e, y))
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


def largest_scale(spec: PageSpec, sheet_w: float, sheet_h: float) -> float:
    """The largest scale, up to the spec's own (to 0.01), at which sheets of this size go on its paper as
    it asks, or 0 when none does."""
    return _largest_scale(spec, sheet_w, sheet_h)


def _num(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def refusal(spec: PageSpec, sheet_w: float, sheet_h: float, least: float | None = None) -> UsageError:
    """Why sheets of sheet_w x sheet_h mm do not fit as ``spec`` asks, and what would: other papers, the
    largest scale, a narrower margin.  ``least``: the smallest scale that keeps the sheets' text readable
    (rollwrite.sheet.plan_for_text), when it is more than the largest that fits: then no scale on this
    paper does both, and the hint says which papers take the sheets at ``least``."""
    return _refuse(spec, sheet_w, sheet_h, least)


def _refuse(spec: PageSpec, sheet_w: float, sheet_h: float, least: float | None = None) -> UsageError:
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
    if best and least is not None and least > best:
        larger = [p for p in PAPERS if _try(spec.replace(paper=p, scale=least), sheet_w, sheet_h) is not None]
        hints.append(f"no scale both fits it on {name}{turns} and keeps its text to 6 pt (it fits up to scale "
                     f"{best:g}, its text needs scale {least:g})"
                     + (f": at scale {least:g} it fits on {', '.join(larger)} paper" if larger
                        else ": print it on larger paper"))
    elif best:
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
    if spec.cut:  # room above the sheets for the marks of the cuts down the page, where there is some
        want = PRINTER_EDGE + MARK_LENGTH + MARK_CLEAR + spec.bleed
        y0 = max(y0, min(want, spec.cut_margin + ih - block_h - spec.bleed))
    slots = []
    for i in range(count):
        r, c = divmod(i, cols)
        tx, ty = x0 + c * (tw + g), y0 + r * (th + g)
        trim = (tx, ty, tx + tw, ty + th)
        b = spec.bleed
        slots.append(Slot(c, r, tx + spec.inset, ty + spec.inset, trim, (trim[0] - b, trim[1] - b, trim[2] + b, trim[3] + b)))
    return PagePlan(spec, name, orientation, pw, ph, cols, rows, k, sw, sh, tuple(slots))


# ---------------------------------------------------------------- print on demand

#: a print-on-demand shop's poker card: its trim (63.5 x 88.9 mm, 2.5 x 3.5 in) and the bleed round it
#: (1/8 in), which is also the depth of the safe area inside the trim
POD_TRIM = (63.5, 88.9)
POD_BLEED = 3.175
POD_CLOSE = 3.0  # mm a card layout may differ from the shop's size on each side and still be printed at it


def pod_plan(spec: PageSpec, sheet_w: float, sheet_h: float) -> PagePlan:
    """One card to a page as print-on-demand shops take a deck: a page the size of the card's trim
    (:data:`POD_TRIM`) and its bleed all round, the trim in the middle (the PDF's TrimBox), the bleed the
    whole page (its BleedBox).  The card is drawn at the scale that makes it the shop's size across and
    down (the larger of the two, so its art covers the trim), centred on the trim.  A UsageError for a
    sheet that is not about a poker card's size."""
    tw, th = POD_TRIM
    if abs(sheet_w - tw) > POD_CLOSE or abs(sheet_h - th) > POD_CLOSE:
        raise UsageError(f"--pod prints poker cards ({_num(tw)} x {_num(th)} mm); this layout's sheet is "
                         f"{_num(sheet_w)} x {_num(sheet_h)} mm",
                         hint=f"--pod takes a card layout within {_num(POD_CLOSE)} mm of that size; print "
                              "other sheets without --pod")
    b = POD_BLEED
    k = max(tw / sheet_w, th / sheet_h)
    sw, sh = sheet_w * k, sheet_h * k
    pw, ph = tw + 2 * b, th + 2 * b
    trim = (b, b, b + tw, b + th)
    slot = Slot(0, 0, b + (tw - sw) / 2, b + (th - sh) / 2, trim, (0.0, 0.0, pw, ph))
    pod = spec.replace(per_page=PerPage(count=1), per_page_exact=True, bleed=b, crop_marks=False, margin=0.0,
                       gutter=0.0, padding=0.0, scale=k, safe=b, orientation="portrait", turn=False)
    return PagePlan(pod, f"{_num(pw)}x{_num(ph)}mm", "portrait", pw, ph, 1, 1, k, sw, sh, (slot,))
