"""Lines & Sections: the sheet's own elements, drawn through the scene's Pen.

Elements (read from the build context's data, so ``--size`` and ``--players`` need no other layout):

- ``lines-and-sections.boards``: as many light n×n boards as fit the area (grid lines faint, points as
  dots so the darker path stands out), each with its size, the point names on its edges and a line per
  game to note who went out and who won;
- ``lines-and-sections.players``: a name field per player, in turn order;
- ``lines-and-sections.meeting``: how to draw two parts of the path that meet at a point, so that no
  gap suggests the sections on either side are joined.

When the sheet is a puzzle (``rollwrite puzzle``: the build context carries a puzzle), the boards
element draws that puzzle instead — one large board with the finished path and the question, or on an
answer sheet the winning section shaded and a line on why it wins — and the players element a line for
one player.

Nothing here imports a renderer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rollwrite.draw.elements import MIN_TEXT, fit_size
from rollwrite.draw.metrics import text_width
from rollwrite.draw.scene import PT, Pen
from rollwrite.games.base import ElementType
from rollwrite.games.lines_and_sections.data import DEFAULT_DATA, Data
from rollwrite.games.lines_and_sections.format import letter
from rollwrite.layoutlang.nodes import Node, Reader, expect_pair

GRID = "#c4c4c4"  # faint grid lines
DOT = "#6a6a6a"  # the points
LABEL = "#777777"
INK = "#1a1a1a"  # a drawn path
SHADE = "#bdbdbd"
PALE = "#9a9a9a"


def _data(ctx: Any) -> Data:
    d = getattr(ctx, "data", None)
    return d if isinstance(d, Data) else DEFAULT_DATA


# ---------------------------------------------------------------- one board


def label_size(cell: float) -> float:
    """The point-name size (pt) for a board with ``cell`` mm squares."""
    return max(4.0, min(7.0, cell / PT * 0.42))


def label_pad(cell: float) -> float:
    """Room (mm) the point names take on each side of the grid."""
    return label_size(cell) * PT * 1.1 + 1.6


def draw_board(pen: Pen, n: int, cell: float, *, path: list[tuple[int, int]] | None = None,
               shaded: list[tuple[int, int]] | None = None, labels: bool = True) -> None:
    """An n×n board with its top-left corner at the pen's origin: faint grid lines, a dot on every point,
    and the point names (column letters above and below, row numbers left and right).  ``shaded``
    squares are filled; ``path`` (points in order) is drawn dark with round joins, so that where two of
    its parts meet at a point there is no gap."""
    side = n * cell
    for x, y in shaded or ():
        pen.rect(x * cell, y * cell, cell, cell, width=0, stroke=None, fill=SHADE)
    for i in range(n + 1):
        pen.line(i * cell, 0, i * cell, side, width=0.2, color=GRID)
        pen.line(0, i * cell, side, i * cell, width=0.2, color=GRID)
    r = max(0.35, min(0.6, cell * 0.06))
    for y in range(n + 1):
        for x in range(n + 1):
            pen.circle(x * cell, y * cell, r, width=0, stroke=None, fill=DOT)
    if path and len(path) > 1:
        pen.path([(x * cell, y * cell) for x, y in path], width=max(0.6, min(1.0, cell * 0.09)), stroke=INK,
                 join="round", cap="round")
    if labels:
        size = label_size(cell)
        gap = 1.2
        for i in range(n + 1):
            t = letter(i)
            pen.text(i * cell, -gap, t, size=size, anchor="middle", color=LABEL)
            pen.text(i * cell, side + gap + size * PT * 0.72, t, size=size, anchor="middle", color=LABEL)
            yb = i * cell + size * PT * 0.36
            pen.text(-gap, yb, str(i + 1), size=size, anchor="end", color=LABEL)
            pen.text(side + gap, yb, str(i + 1), size=size, anchor="start", color=LABEL)


# ---------------------------------------------------------------- the boards element


@dataclass(frozen=True)
class BoardsV:
    w: float
    h: float
    text: float  # pt


def _read_boards(node: Node, data: Any) -> BoardsV:
    r = Reader(node, "lines-and-sections boards")
    w, h = expect_pair(r.raw("size"), minimum=40)
    v = BoardsV(w, h, r.number("text", 7.0, minimum=4, maximum=12, unit="pt"))
    r.done()
    return v


MIN_CELL = 5.5  # mm: still comfortable to draw along with a pencil
MAX_CELL = 16.0
TITLE_H = 5.0  # the "Game 1 · 5×5" line above a board
ARRANGEMENTS = ((3, 3), (2, 3), (2, 2))  # columns × rows, most boards first


def record_lines(players: int) -> int:
    """How many lines the note of who went out and who won takes under a board: as many as give every
    write-in a line of WRITE_IN mm or more on the narrowest board the game prints (three, four or five
    slots to a line)."""
    return 1 if players <= 3 else 2 if players <= 7 else 3


WRITE_IN = 6.0  # mm: the shortest line a player's name or number is written on


def record_height(players: int) -> float:
    """Room under a board for noting who went out, in order, and who won."""
    return {1: 11.0, 2: 15.0, 3: 20.0}[record_lines(players)]


def arrangement(v: BoardsV, n: int, players: int) -> tuple[int, int, float]:
    """(columns, rows, cell mm): the most boards whose squares are still at least 8 mm (else 2×2 with
    whatever cell fits, never below MIN_CELL for the sizes the game allows)."""
    rec = record_height(players)
    best = None
    for cols, rows in ARRANGEMENTS:
        bw, bh = v.w / cols, v.h / rows
        cell = min(MAX_CELL, _cell_for(bw, bh, n, rec))
        if best is None:
            best = (cols, rows, cell)
        if cell >= 8.0:
            return cols, rows, cell
        best = (cols, rows, cell)
    assert best is not None
    return best


def _cell_for(bw: float, bh: float, n: int, rec: float) -> float:
    """The largest cell (mm) whose board, labels, title and record fit a bw × bh block."""
    cell = min(bw / (n + 2.2), bh / (n + 2.0))
    for _ in range(30):  # shrink until the labels' room fits as well
        pad = label_pad(cell)
        fits_w = n * cell + 2 * pad + 3.0 <= bw
        fits_h = TITLE_H + n * cell + 2 * pad + rec + 2.0 <= bh
        if fits_w and fits_h:
            return cell
        cell *= 0.97
    return cell


def _puzzle_of(ctx: Any) -> Any:
    """This module's Puzzle when the sheet is a "shade to win" puzzle (``rollwrite puzzle``), else None."""
    p = getattr(ctx, "puzzle", None)
    extra = getattr(p, "extra", None)
    return extra.get("lines") if isinstance(extra, dict) else None


def _build_boards(v: BoardsV, pen: Pen, ctx: Any) -> None:
    pz = _puzzle_of(ctx)
    if pz is not None:
        draw_puzzle(pen, v.w, v.h, pz, answer=getattr(ctx, "answer", None) is not None)
        return
    d = _data(ctx)
    n, players = d.size, d.players
    cols, rows, cell = arrangement(v, n, players)
    bw, bh = v.w / cols, v.h / rows
    pad = label_pad(cell)
    rec = record_height(players)
    side = n * cell
    used_h = TITLE_H + side + 2 * pad + rec
    for k in range(cols * rows):
        c, r = k % cols, k // cols
        ox = c * bw + (bw - (side + 2 * pad)) / 2
        oy = r * bh + (bh - used_h) / 2
        b = pen.at(ox, oy)
        title = f"Game {k + 1}"
        b.text(0, 3.6, title, size=v.text, font="bold")
        tw = text_width(title, v.text, "bold")
        b.text(tw + 1.8, 3.6, f"{n}×{n} squares", size=max(v.text * 0.85, MIN_TEXT), color=LABEL)
        draw_board(b.at(pad, TITLE_H + pad), n, cell)
        _record(b.at(0, TITLE_H + side + 2 * pad), side + 2 * pad, rec, players, v.text)
        if c:  # a faint divider between columns
            pen.line(c * bw, r * bh + 2, c * bw, (r + 1) * bh - 2, width=0.15, color="#dddddd")


def _record(pen: Pen, w: float, h: float, players: int, size: float) -> None:
    """'out: 1st __ 2nd __ ...  winner __' on one or two lines."""
    s = max(min(size * 0.85, 6.5), MIN_TEXT)
    slots = [f"{k}." for k in range(1, players)] + ["winner"]
    head = "went out:"
    count = record_lines(players)
    per = -(-len(slots) // count)
    lines = [slots[k: k + per] for k in range(0, len(slots), per)]
    y = 3.2
    hw = text_width(head, s, "bold") + 1.5
    for li, group in enumerate(lines):
        if li == 0:
            pen.text(0, y, head, size=s, font="bold", color="#444444")
        fonts = ["bold" if label == "winner" else "regular" for label in group]
        widths = [text_width(label, s, font) for label, font in zip(group, fonts)]
        # every write-in line of the row as long as the others: the room left by the labels, shared
        line = max(0.0, (w - hw - sum(widths) - len(group) * 2.3) / len(group))
        x = hw
        for label, font, lw in zip(group, fonts, widths):
            pen.text(x, y, label, size=s, color=LABEL, font=font)
            pen.line(x + lw + 0.8, y + 0.6, x + lw + 0.8 + line, y + 0.6, width=0.2, color=PALE)
            x += lw + 2.3 + line
        y += 5.0


def _boards_size(v: BoardsV) -> tuple[float, float]:
    return v.w, v.h


# ---------------------------------------------------------------- players


@dataclass(frozen=True)
class PlayersV:
    w: float
    text: float


def _read_players(node: Node, data: Any) -> PlayersV:
    r = Reader(node, "lines-and-sections players")
    v = PlayersV(r.number("width", minimum=40), r.number("text", 8.0, minimum=4, maximum=14, unit="pt"))
    r.done()
    return v


def _build_players(v: PlayersV, pen: Pen, ctx: Any) -> None:
    if _puzzle_of(ctx) is not None:
        # deferred for start-up: `score lines-and-sections` needs this module, not buildcontext
        from rollwrite.buildcontext import SheetJob, puzzle_stamp

        text = puzzle_stamp(SheetJob(None, ctx.puzzle, ctx.answer)) + " · for one player: you shade first"
        pen.text(0, 0, text, size=fit_size(text, v.text, "bold", v.w), font="bold")
        return
    d = _data(ctx)
    head = "Players in turn order:"
    pen.text(0, 0, head, size=v.text, font="bold")
    x0 = text_width(head, v.text, "bold") + 2.5
    per_line = min(d.players, 5)
    room = (v.w - x0) / per_line
    for k in range(d.players):
        row, col = divmod(k, per_line)
        x, y = x0 + col * room, row * 6.0
        num = f"{k + 1}"
        pen.text(x, y, num, size=v.text, color=LABEL)
        nx = x + text_width(num, v.text, "regular") + 1.2
        pen.line(nx, y + 0.8, x + room - 2.5, y + 0.8, width=0.25, color="#555555")


def _players_bounds(v: PlayersV) -> tuple[float, float, float, float]:
    return (0.0, -v.text * PT, v.w, 6.0 + 1.0)


# ---------------------------------------------------------------- how to draw a meeting point


@dataclass(frozen=True)
class MeetingV:
    w: float
    h: float
    text: float


def _read_meeting(node: Node, data: Any) -> MeetingV:
    r = Reader(node, "lines-and-sections meeting")
    w, h = expect_pair(r.raw("size"), minimum=20)
    v = MeetingV(w, h, r.number("text", 6.0, minimum=4, maximum=10, unit="pt"))
    r.done()
    return v


def _build_meeting(v: MeetingV, pen: Pen, ctx: Any) -> None:
    """Two small 2×2 boards: on the left the right way (both turns drawn into the shared point, which is
    inked solid); on the right the wrong way (the turns stop short, leaving a gap that looks like a way
    through).  Captions below each."""
    line_h = v.text * PT * 1.2
    cell = min((v.w / 2 - 6) / 2, (v.h - 2.5 * line_h - 2) / 2)
    size = cell * 2
    captions = ((("yes: both parts run", "right into the point"), True),
                (("no: a gap looks like", "a way through"), False))
    for i, (cap, good) in enumerate(captions):
        ox = i * v.w / 2 + (v.w / 2 - size) / 2
        b = pen.at(ox, 0.5)
        for j in range(3):
            b.line(j * cell, 0, j * cell, size, width=0.2, color=GRID)
            b.line(0, j * cell, size, j * cell, width=0.2, color=GRID)
        for y in range(3):
            for x in range(3):
                b.circle(x * cell, y * cell, 0.45, width=0, stroke=None, fill=DOT)
        w = 0.9
        mid = cell
        if good:
            b.path([(mid, 0), (mid, mid), (size, mid)], width=w, stroke=INK, join="round", cap="round")
            b.path([(0, mid), (mid, mid), (mid, size)], width=w, stroke=INK, join="round", cap="round")
            b.circle(mid, mid, 0.85, width=0, stroke=None, fill=INK)
        else:
            g = cell * 0.22
            b.path([(mid, 0), (mid, mid - g), (mid + g, mid), (size, mid)], width=w, stroke=INK,
                   join="round", cap="round")
            b.path([(0, mid), (mid - g, mid), (mid, mid + g), (mid, size)], width=w, stroke=INK,
                   join="round", cap="round")
        for k, text in enumerate(cap):
            s = fit_size(text, max(v.text, MIN_TEXT), "regular", v.w / 2 - 1, minimum=MIN_TEXT)
            b.text(size / 2, size + 1.2 + line_h * (k + 0.8), text, size=s, anchor="middle",
                   color="#222222" if good else "#555555", font="bold" if good and k == 0 else "regular")


def element_types() -> dict[str, ElementType]:
    return {
        "lines-and-sections.boards": ElementType(
            _read_boards, _build_boards, _boards_size,
            "as many light n×n boards as fit, each with point names, its size and a line for who went out"),
        "lines-and-sections.players": ElementType(
            _read_players, _build_players, lambda v: (v.w, 7.0),
            "a name field per player, in turn order", _players_bounds),
        "lines-and-sections.meeting": ElementType(
            _read_meeting, _build_meeting, lambda v: (v.w, v.h),
            "how to draw two parts of the path that meet at a point"),
    }


# ---------------------------------------------------------------- puzzles


def puzzle_drawing(pz: Any, answer: bool) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """(the path's points, the squares to shade) of a puzzle or its answer."""
    # deferred for start-up: `print lines-and-sections` needs this module, not games.lines_and_sections.rules
    from rollwrite.games.lines_and_sections.rules import board, sections

    b = board(pz.size)
    shaded: list[tuple[int, int]] = []
    if answer:
        used = 0
        pts = [b.point(x, y) for x, y in pz.path]
        for a, q in zip(pts, pts[1:]):
            used |= 1 << b.edge_at[a][b.direction(a, q)]  # type: ignore[index]
        shaded = [b.square_xy(s) for s in sections(b, used).squares[pz.answer]]
    return list(pz.path), shaded


def draw_puzzle(pen: Pen, w: float, h: float, pz: Any, answer: bool = False, size: float = 9.0) -> None:
    """One puzzle (or its answer) in a w × h mm area: a heading, the board with the finished path, and
    the question (or the winning section shaded and why it wins) under it."""
    path, shaded = puzzle_drawing(pz, answer)
    text_h = 16.0
    cell = min(20.0, (w - 12) / pz.size, (h - 8 - text_h) / pz.size)
    side = cell * pz.size
    pad = label_pad(cell)
    x0 = (w - side) / 2
    head = "Answer" if answer else "Shade to win"
    pen.text(x0 - pad, 4.5, head, size=size * 1.3, font="bold")
    hw = text_width(head, size * 1.3, "bold")
    info = f"{pz.size}×{pz.size} · {pz.safe} safe sections, one of them wins"
    pen.text(x0 - pad + hw + 2.5, 4.5, info, size=fit_size(info, max(size * 0.8, MIN_TEXT), "regular",
                                                           side + 2 * pad - hw - 2.5, minimum=MIN_TEXT),
             color=LABEL)
    draw_board(pen.at(x0, 8 + pad), pz.size, cell, path=path, shaded=shaded)
    y = 8 + 2 * pad + side + size * PT * 1.2
    if answer:
        text = f"Shade {pz.answer_square}: {pz.reason}."
    else:
        text = ("The path is finished and you shade first. Shade the one section that wins: whatever your "
                "opponent then does, they are the first left with no safe section to shade.")
    _wrap(pen, x0 - pad, y, text, side + 2 * pad, size)


def _wrap(pen: Pen, x: float, y: float, text: str, width: float, size: float) -> None:
    words = text.split()
    line = ""
    for w in words:
        trial = f"{line} {w}".strip()
        if line and text_width(trial, size, "regular") > width:
            pen.text(x, y, line, size=size, color="#333333")
            y += size * PT * 1.3
            line = w
        else:
            line = trial
    if line:
        pen.text(x, y, line, size=size, color="#333333")
