"""The page model: paper sizes, orientation, n-up, scale, gutter, bleed and crop marks.

A layout's ``page:`` section and the options of ``rollwrite print`` fill in the same :class:`PageSpec`;
the page planner (:mod:`rollwrite.sheet`) turns it into positions on paper.  All lengths are mm.

Paper is a name (:data:`PAPERS`) or a custom size ``WIDTHxHEIGHT`` with a unit (``mm``, ``cm`` or
``in``; mm when none is given), e.g. ``100x150mm``, ``4x6in``, ``8.5inx14in``.

``per_page`` is how many sheets share one page: a count (the planner picks columns and rows),
``COLSxROWS``, or ``max`` (as many as fit).

Nothing here imports a renderer.
"""

from __future__ import annotations

import math
import re
from typing import Any

from rollwrite.errors import RollwriteError, UsageError, did_you_mean, excerpt
from rollwrite.valueclass import Value, replace
from rollwrite.layoutlang.nodes import Reader, Scalar

#: Named paper sizes, portrait (width, height) in mm.
PAPERS: dict[str, tuple[float, float]] = {
    "a3": (297.0, 420.0),
    "a4": (210.0, 297.0),
    "a5": (148.0, 210.0),
    "letter": (215.9, 279.4),
    "legal": (215.9, 355.6),
    "tabloid": (279.4, 431.8),
}
UNITS: dict[str, float] = {"mm": 1.0, "cm": 10.0, "in": 25.4}
MIN_PAPER, MAX_PAPER = 30.0, 1200.0  # mm, each side of a custom size
MAX_PER_PAGE = 100
MAX_SCALE = 4.0
MIN_SCALE = 0.25
LARGE_PRINT = 1.41  # about sqrt(2): a sheet made for A4 becomes one for A3
MARK_ROOM = 3.0  # mm of margin outside the bleed that a crop mark needs (clear of the bleed, and a length)
FOOTER = 8.0  # mm at the foot of each page for the ruler and the page caption
ORIENTATIONS = ("portrait", "landscape")

_NUM = r"(\d+(?:\.\d+)?)"
_UNIT = r"\s*(mm|cm|in)?"
# (patterns: re compiles them when first used, and a print on named paper in one to a page never does)
_CUSTOM = rf"^\s*{_NUM}{_UNIT}\s*[x×*]\s*{_NUM}{_UNIT}\s*$"
_GRID = r"^\s*(\d{1,3})\s*[x×*]\s*(\d{1,3})\s*$"

PAPER_HELP = "a3, a4, a5, letter, legal, tabloid, or WIDTHxHEIGHT with mm, cm or in (e.g. 100x150mm, 4x6in)"


def _fmt(v: float) -> str:
    s = f"{v:.1f}".rstrip("0").rstrip(".")
    return s


def paper_size(text: str) -> tuple[str, float, float]:
    """(canonical name, width, height) in mm of a paper name or ``WIDTHxHEIGHT[unit]``.

    A UsageError for an unknown name, a malformed size or one out of range; never a silent fallback.
    """
    name = text.strip().lower()
    if name in PAPERS:
        w, h = PAPERS[name]
        return name, w, h
    m = re.match(_CUSTOM, name, re.IGNORECASE)
    if m is None:
        hint = did_you_mean(name, PAPERS)
        raise UsageError(
            f"unknown paper '{excerpt(text)}'",
            hint=(hint + " " if hint else "") + f"choose {PAPER_HELP}",
        )
    a, ua, b, ub = m.groups()
    unit_b = (ub or ua or "mm").lower()
    unit_a = (ua or unit_b).lower()
    w, h = float(a) * UNITS[unit_a], float(b) * UNITS[unit_b]
    for side in (w, h):
        if not MIN_PAPER <= side <= MAX_PAPER:
            raise UsageError(
                f"paper '{excerpt(text)}' is {excerpt(_fmt(w), 12)} x {excerpt(_fmt(h), 12)} mm; each side must be {MIN_PAPER:g} to {MAX_PAPER:g} mm",
                hint="give the size with its unit, e.g. 100x150mm or 4x6in",
            )
    return f"{_fmt(w)}x{_fmt(h)}mm", w, h


class PerPage(Value):
    """How many sheets share a page: ``count`` (0 = as many as fit) or a fixed ``cols`` x ``rows``."""

    count: int = 1
    cols: int = 0
    rows: int = 0

    @property
    def grid(self) -> tuple[int, int] | None:
        return (self.cols, self.rows) if self.cols else None

    def __str__(self) -> str:
        if self.cols:
            return f"{self.cols}x{self.rows}"
        return "max" if self.count == 0 else str(self.count)


def parse_per_page(text: str | int) -> PerPage:
    """``N``, ``COLSxROWS`` or ``max``; a UsageError otherwise."""
    if isinstance(text, int) and not isinstance(text, bool):
        raw = str(text)
    elif isinstance(text, str):
        raw = text.strip().lower()
    else:
        raise UsageError(f"per page: expected a number, COLSxROWS or max, got {text!r}")
    if raw in ("max", "fill"):
        return PerPage(count=0)
    if raw.isascii() and raw.isdigit():
        n = int(raw)
        if not 1 <= n <= MAX_PER_PAGE:
            raise UsageError(f"per page: {n} is not between 1 and {MAX_PER_PAGE}")
        return PerPage(count=n)
    m = re.match(_GRID, raw, re.IGNORECASE)
    if m:
        cols, rows = int(m.group(1)), int(m.group(2))
        if cols < 1 or rows < 1 or cols * rows > MAX_PER_PAGE:
            raise UsageError(f"per page: {cols}x{rows} must have 1 to {MAX_PER_PAGE} sheets in all")
        return PerPage(count=cols * rows, cols=cols, rows=rows)
    raise UsageError(
        f"per page: '{excerpt(str(text))}' is not a number of sheets",
        hint="give a count (4), columns x rows (2x2) or max (as many as fit)",
    )


class PageSpec(Value):
    """How sheets go on paper.  Every field has a layout key of the same name (see docs/layout.md)."""

    paper: str = "a4"
    orientation: str = "portrait"
    #: may the planner turn the paper when the sheets fit only the other way round?
    turn: bool = True
    margin: float = 10.0
    per_page: PerPage = PerPage()
    #: False: per_page's count is a most, fewer when fewer fit (a layout's own count on other paper or at
    #: another scale); True: exactly that many or a refusal (asked for on the command line)
    per_page_exact: bool = False
    arrange: str = "rows"  # which way to grow when a count leaves a choice: rows (down) or columns (across)
    gutter: float = 6.0  # between the trimmed edges of neighbouring sheets
    padding: float = 0.0  # blank border kept round each sheet inside its trimmed edge
    bleed: float = 0.0  # how far a sheet's drawing may reach past its trimmed edge
    crop_marks: bool = False
    #: the safe margin inside each trimmed edge: when sheets are cut (crop marks or bleed), no text or
    #: line comes nearer the cut than this, except art that runs into the bleed
    safe: float = 3.0
    #: the sheet's art fills it to the edge and runs on into the bleed (a card deck): its text keeps to
    #: the safe area by itself; other sheets get a blank border of ``safe`` round them when cut
    full_bleed: bool = False
    scale: float = 1.0
    backs: bool = True  # print the sheet's back elements (when it has any) on a following page
    #: how the backs are printed: the paper turned over about its ``long`` edge (a duplex printer's
    #: default) or its ``short`` edge; each back is placed behind its front for that turn
    duplex: str = "long"

    def replace(self, **changes: Any) -> PageSpec:
        return replace(self, **changes)

    @property
    def cut(self) -> bool:
        """The sheets are cut out: crop marks or a bleed."""
        return self.crop_marks or self.bleed > 0

    @property
    def inset(self) -> float:
        """The blank border inside each sheet's trimmed edge: the padding, and on cut sheets that are not
        full bleed up to the safe margin, as far as half the gutter gives room for it (so what is drawn
        at a sheet's edge stays clear of the cut, and sheets pack as closely as uncut ones).  Sheets that
        share their cuts (no gutter) keep their own content inside the safe margin."""
        if not self.cut or self.full_bleed or self.padding >= self.safe:
            return self.padding
        return self.padding + min(self.safe - self.padding, self.gutter / 2)

    @property
    def cut_gutter(self) -> float:
        """The space between neighbouring trims: the gutter, less the border ``inset`` adds to the padding
        (the border comes out of the gutter first, so cut sheets pack as closely as uncut ones)."""
        return max(0.0, self.gutter - 2 * (self.inset - self.padding))

    @property
    def cut_margin(self) -> float:
        """The margin left outside the trims at the paper's sides and top: the margin, less the border
        ``inset`` adds, as far as MARK_ROOM mm are left outside the bleed for the crop marks."""
        return self.margin - min(self.inset - self.padding, max(0.0, self.margin - self.bleed - MARK_ROOM))

    @property
    def sheets_per_page(self) -> int:
        """The fixed count of sheets per page, 0 when it depends on the paper (``max``)."""
        return self.per_page.count

    def size(self, paper: str | None = None, orientation: str | None = None) -> tuple[float, float]:
        """The page's (width, height) in mm."""
        _, w, h = paper_size(paper or self.paper)
        o = orientation or self.orientation
        if (o == "landscape") != (w > h):
            w, h = h, w
        return w, h

    def check(self) -> None:
        """Combinations no planner can honour: a UsageError naming them."""
        if self.bleed > 0 and self.gutter + 1e-9 < 2 * self.bleed and self.per_page.count != 1:
            raise UsageError(
                f"a bleed of {_fmt(self.bleed)} mm needs a gutter of at least {_fmt(2 * self.bleed)} mm between sheets",
                hint="so that one sheet's bleed never reaches the next; widen the gutter or print one per page",
            )
        if self.bleed > self.margin:
            raise UsageError(
                f"a bleed of {_fmt(self.bleed)} mm needs a margin of at least {_fmt(self.bleed)} mm",
                hint="widen the margin or reduce the bleed",
            )
        if not MIN_SCALE <= self.scale <= MAX_SCALE or not math.isfinite(self.scale):
            raise UsageError(f"scale must be between {MIN_SCALE:g} and {MAX_SCALE:g}, not {self.scale:g}")


# ---------------------------------------------------------------- reading a layout's page section


def read_page(node: Any) -> PageSpec:
    """A layout's ``page:`` mapping -> PageSpec (errors point at the key)."""
    if node is None:
        return PageSpec()
    r = Reader(node, "'page'")
    paper_node = r.raw("paper", None)
    paper = "a4"
    custom_wide = None
    if paper_node is not None:
        value = paper_node.value if isinstance(paper_node, Scalar) else None
        if not isinstance(value, str):
            raise paper_node.error(f"expected a paper name or WIDTHxHEIGHT, got {value!r}", hint=f"choose {PAPER_HELP}")
        try:
            paper, w, h = paper_size(value)
        except RollwriteError as e:
            raise paper_node.error(e.message, hint=e.hint) from None
        if paper not in PAPERS:
            custom_wide = w > h
    orientation = r.str("orientation", None, choices=list(ORIENTATIONS))
    if orientation is None:
        orientation = "landscape" if custom_wide else "portrait"
    margin = r.number("margin", 10.0, minimum=0, maximum=40)

    per_node = r.raw("per_page", None)
    old_node = r.raw("sheets_per_page", None)
    if per_node is not None and old_node is not None:
        raise old_node.error("give per_page or its older name sheets_per_page, not both")
    per_page = PerPage()
    pnode = per_node or old_node
    if pnode is not None:
        value = pnode.value if isinstance(pnode, Scalar) else None
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise pnode.error(f"expected a count, COLSxROWS or max, got {value!r}")
        try:
            per_page = parse_per_page(value)
        except RollwriteError as e:
            raise pnode.error(e.message.removeprefix("per page: "), hint=e.hint) from None

    arrange = r.str("arrange", "rows", choices=["rows", "columns"])
    gutter_node, gap_node = r.raw("gutter", None), r.raw("gap", None)
    if gutter_node is not None and gap_node is not None:
        raise gap_node.error("give gutter or its older name gap, not both")
    gutter = 6.0
    if gutter_node is not None or gap_node is not None:
        gutter = r.number("gutter" if gutter_node is not None else "gap", 6.0, minimum=0, maximum=50)
    padding = r.number("padding", 0.0, minimum=0, maximum=30)
    bleed = r.number("bleed", 0.0, minimum=0, maximum=10)
    safe = r.number("safe", 3.0, minimum=0, maximum=20)
    full_bleed = r.bool("full_bleed", False)
    crop = r.bool("crop_marks", False)
    scale = r.number("scale", 1.0, minimum=MIN_SCALE, maximum=MAX_SCALE)
    backs = r.bool("backs", True)
    duplex = r.str("duplex", "long", choices=["long", "short"])
    r.done()
    spec = PageSpec(paper=paper, orientation=orientation, margin=margin, per_page=per_page, arrange=arrange,
                    gutter=gutter, padding=padding, bleed=bleed, crop_marks=crop, scale=scale, backs=backs,
                    safe=safe, full_bleed=full_bleed, duplex=duplex)
    try:
        spec.check()
    except RollwriteError as e:
        raise node.error(e.message, hint=e.hint) from None
    return spec


# ---------------------------------------------------------------- command-line overrides


def with_options(
    spec: PageSpec,
    *,
    paper: str | None = None,
    landscape: bool | None = None,
    per_page: str | None = None,
    scale: float | None = None,
    large_print: bool = False,
    crop_marks: bool | None = None,
    gutter: float | None = None,
    bleed: float | None = None,
    margin: float | None = None,
    backs: bool | None = None,
    duplex: str | None = None,
) -> PageSpec:
    """``spec`` with the options of ``rollwrite print`` applied (None: keep the layout's).

    A custom paper size is used as written (wider than tall: landscape) unless an orientation is given;
    an orientation given here is kept even when the sheets would fit better the other way round.
    """
    changes: dict[str, Any] = {}
    if paper is not None:
        name, w, h = paper_size(paper)
        changes["paper"] = name
        if name not in PAPERS:
            changes["orientation"] = "landscape" if w > h else "portrait"
    if landscape is not None:
        changes["orientation"] = "landscape" if landscape else "portrait"
        changes["turn"] = False
    if per_page is not None:
        changes["per_page"] = parse_per_page(per_page)
        changes["per_page_exact"] = True
    if scale is not None and large_print:
        raise UsageError("give --scale or --large-print, not both", hint=f"--large-print is --scale {LARGE_PRINT:g}")
    if large_print:
        scale = LARGE_PRINT
    if scale is not None:
        if not (math.isfinite(scale) and MIN_SCALE <= scale <= MAX_SCALE):
            raise UsageError(f"--scale must be between {MIN_SCALE:g} and {MAX_SCALE:g}, not {scale:g}",
                             hint="1 prints true size; 1.41 makes each sheet as much bigger as A3 is than A4")
        changes["scale"] = float(scale)
    for key, value, hi in (("gutter", gutter, 50.0), ("bleed", bleed, 10.0), ("margin", margin, 40.0)):
        if value is not None:
            if not (math.isfinite(value) and 0 <= value <= hi):
                raise UsageError(f"--{key} must be between 0 and {hi:g} mm, not {value:g}")
            changes[key] = float(value)
    if crop_marks is not None:
        changes["crop_marks"] = crop_marks
    if backs is not None:
        changes["backs"] = backs
    if duplex is not None:
        if duplex not in ("long", "short"):
            raise UsageError(f"--duplex must be long or short, not '{excerpt(duplex)}'",
                             hint="long: the paper turns over about its long edge (most printers' default)")
        changes["duplex"] = duplex
    out = spec.replace(**changes)
    out.check()
    return out
