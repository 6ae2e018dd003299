"""Shelving Wars' rule checks and scorer.  A box scores its area less its height plus width; floating
shelves cost their length; with the capture rule, squares sealed off behind a player's structure pay half
a point each.  docs/rules/shelving-wars.md states every reading of the rules made here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rollwrite.games.base import Evaluation, LazyScore, Problem, Score
from rollwrite.numbers import plain_number as _num
from rollwrite.games.shelving_wars.data import Data
from rollwrite.games.shelving_wars.format import Box, Sheet, Shelf, Turn, box_label, safe_box_label, square_name

# ---------------------------------------------------------------- geometry


def corner_square(corner: str, size: int) -> tuple[int, int]:
    return (0 if corner.startswith("top") else size - 1, 0 if corner.endswith("left") else size - 1)


def joins(new: Box, old: Box) -> bool:
    """True when the two boxes share a corner point AND a stretch of boundary of positive length.

    A box's corners are every pairing of its two side lines across with its two side lines down, so two
    boxes share a corner exactly when they share a vertical side line and a horizontal one; the shared
    stretch then lies on a common side line (one box's right side on the other's left side, or top on
    bottom) with overlapping extents.
    """
    nx0, ny0, ox0, oy0 = new.col, new.row, old.col, old.row
    nx1, ny1, ox1, oy1 = nx0 + new.w, ny0 + new.h, ox0 + old.w, oy0 + old.h
    if not ((nx0 == ox0 or nx0 == ox1 or nx1 == ox0 or nx1 == ox1)
            and (ny0 == oy0 or ny0 == oy1 or ny1 == oy0 or ny1 == oy1)):
        return False
    if nx0 == ox1 or ox0 == nx1:
        return min(ny1, oy1) - max(ny0, oy0) > 0
    if ny0 == oy1 or oy0 == ny1:
        return min(nx1, ox1) - max(nx0, ox0) > 0
    return False


def inside(box: Box, x: int, y: int, d: str) -> bool:
    """Whether the unit segment at (x, y) (``h`` across, ``v`` down) lies strictly inside the box, between
    two of its squares."""
    if d == "h":
        return box.row < y < box.row + box.h and box.col <= x < box.col + box.w
    return box.col < x < box.col + box.w and box.row <= y < box.row + box.h


def shelf_points(s: Shelf) -> list[tuple[int, int]]:
    return [(s.x + s.dx * i, s.y + s.dy * i) for i in range(s.length + 1)]


def shelves_cross(a: Shelf, b: Shelf) -> bool:
    """Two shelves cross when they share a stretch of positive length, or a point inside both."""
    if set(a.units()) & set(b.units()):
        return True
    inner_a = set(shelf_points(a)[1:-1])
    inner_b = set(shelf_points(b)[1:-1])
    return bool(inner_a & inner_b)


def dice_fit(h: int, w: int, dice: tuple[int, ...]) -> bool:
    """h and w are shown by two different dice."""
    if h == w:
        return dice.count(h) >= 2
    return h in dice and w in dice


def _dice_text(dice: tuple[int, ...]) -> str:
    return ", ".join(map(str, dice))


# ---------------------------------------------------------------- checking


def unjoined_problem(box, shelves, k: int) -> tuple[str, str]:  # noqa: ANN001 - a Box and the shelves so far
    """The problem of player ``k``'s box that joins none of their boxes: built off one of their floating
    shelves, or simply alone."""
    if any(set(shelf_points(s.item)) & box.corners() for s in shelves if s.player == k):
        return ("floating-shelf", "is built off a floating shelf; a box must join one of the player's boxes "
                "(a shared corner and part of a shared side)")
    return ("join", "does not join any of the player's earlier boxes: it must share a corner and part of a side "
            "with one of them")


@dataclass(slots=True)  # not frozen: made for every turn, and a frozen dataclass is slower to make
class Placed:
    player: int  # index
    number: int  # box or shelf number of that player, 1-based
    item: Turn


class Board:
    """The battlefield as the game goes: who covers each square (a flat list, square number
    row * size + column; the first box to cover a square keeps it), each player's boxes, and every
    shelf built so far."""

    def __init__(self, sheet: Sheet, corners: tuple[str, ...]) -> None:
        self.sheet = sheet
        self.size = sheet.size
        self.corners = corners
        self.boxes: list[Placed] = []
        self.shelves: list[Placed] = []
        self.cover: list[Placed | None] = [None] * (max(self.size, 0) ** 2)
        self.own: list[list[Box]] = [[] for _ in sheet.players]

    def name(self, k: int) -> str:
        return self.sheet.players[k].name

    def box_problems(self, k: int, box: Box) -> list[tuple[str, str]]:
        """(rule, message) for every way this box breaks the placement rules on the board as it is."""
        out: list[tuple[str, str]] = []
        size = self.size
        row, col, h, w = box.row, box.col, box.h, box.w
        if not (0 <= row and 0 <= col and row + h <= size and col + w <= size):
            out.append(("grid", f"the {h} × {w} box at {safe_box_label(box, size)} leaves the {size} × {size} battlefield"))
        own = self.own[k]
        if not own:
            cr, cc = corner_square(self.corners[k], size)
            if not (row <= cr < row + h and col <= cc < col + w):
                out.append((
                    "corner",
                    f"the first box must start in the {self.corners[k]} corner (square {square_name(cr, cc)}); "
                    f"this one covers {safe_box_label(box, size)}",
                ))
        else:
            for old in own:
                if joins(box, old):
                    break
            else:
                out.append(unjoined_problem(box, self.shelves, k))
        c0, c1 = max(col, 0), min(col + w, size)
        if c1 > c0:  # the boxes that already cover a square of this one, in the order the squares are read
            hit: list[str] = []
            for r in range(max(row, 0), min(row + h, size)):
                seg = self.cover[r * size + c0:r * size + c1]
                if seg.count(None) < len(seg):
                    for p in seg:
                        if p is not None:
                            label = f"{self.name(p.player)}'s box {p.number}"
                            if label not in hit:
                                hit.append(label)
            out.extend(("overlap", f"overlaps {label}") for label in hit)
        for s in self.shelves:
            if any(inside(box, x, y, d) for x, y, d in s.item.units()):  # type: ignore[union-attr]
                out.append(("cross", f"crosses {self.name(s.player)}'s floating shelf {s.number}"))
        return out

    def shelf_problems(self, k: int, shelf: Shelf) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = []
        size = self.size
        ex, ey = shelf.end
        if not (0 <= shelf.x <= size and 0 <= shelf.y <= size and 0 <= ex <= size and 0 <= ey <= size):
            out.append(("grid", f"the shelf of length {shelf.length} leaves the {size} × {size} battlefield"))
        x0, y0 = shelf.x, shelf.y
        if not any((x0 == b.col or x0 == b.col + b.w) and (y0 == b.row or y0 == b.row + b.h) for b in self.own[k]):
            if any((x0, y0) in shelf_points(s.item) for s in self.shelves if s.player == k):  # type: ignore[arg-type]
                out.append(("floating-shelf", "is built off a floating shelf; a shelf must start at a corner of one of the player's boxes"))
            else:
                out.append(("shelf-start", "must start at a corner of one of the player's boxes"))
        units = shelf.units()
        for p in self.boxes:
            if any(inside(p.item, x, y, d) for x, y, d in units):  # type: ignore[arg-type]
                out.append(("cross", f"runs through {self.name(p.player)}'s box {p.number}"))
        for s in self.shelves:
            if shelves_cross(shelf, s.item):  # type: ignore[arg-type]
                out.append(("cross", f"crosses {self.name(s.player)}'s floating shelf {s.number}"))
        return out

    def add(self, placed: Placed) -> None:
        item = placed.item
        if not isinstance(item, Box):
            self.shelves.append(placed)
            return
        self.boxes.append(placed)
        self.own[placed.player].append(item)
        size = self.size
        c0, c1 = max(item.col, 0), min(item.col + item.w, size)
        n = c1 - c0
        if n <= 0:
            return
        cover = self.cover
        for r in range(max(item.row, 0), min(item.row + item.h, size)):
            base = r * size + c0
            if cover[base:base + n].count(None) == n:
                cover[base:base + n] = [placed] * n
            else:  # an overlap: the first box to cover a square keeps it
                for i in range(base, base + n):
                    if cover[i] is None:
                        cover[i] = placed

    def any_box(self, k: int, dice: tuple[int, ...]) -> Box | None:
        """A legal box for player k with this roll, or None when they cannot place."""
        sizes = {(dice[i], dice[j]) for i in range(len(dice)) for j in range(len(dice)) if i != j}
        for h, w in sorted(sizes):
            for r in range(0, self.size - h + 1):
                for c in range(0, self.size - w + 1):
                    box = Box(r, c, h, w)
                    if not self.box_problems(k, box):
                        return box
        return None


def play_order(sheet: Sheet) -> list[tuple[int, int, int]]:
    """Play order: (turn index, player index, index in that player's list), round by round."""
    longest = max((len(p.turns) for p in sheet.players), default=0)
    return [(t, k, t) for t in range(longest) for k, p in enumerate(sheet.players) if t < len(p.turns)]


def _end(sheet: Sheet) -> tuple[int, int] | None:
    """Where the game ended early: the first (turn, player) in play order with no entry."""
    for t in range(sheet.turns):
        for k, p in enumerate(sheet.players):
            if t >= len(p.turns):
                return (t, k)
    return None


def _roll_for(schedule: Any | None, k: int, t: int) -> tuple[int, ...] | None:
    if schedule is None:
        return None
    try:
        return tuple(schedule.turn(k + 1, t + 1).dice)
    except (IndexError, AttributeError):
        return None


def check_sheet(sheet: Sheet, data: Data, schedule: Any | None) -> list[Problem]:
    """Every broken rule of the sheet, in play order."""
    problems: list[Problem] = []
    board = Board(sheet, data.corners)
    counters = [{"box": 0, "shelf": 0} for _ in sheet.players]
    end = _end(sheet)
    for t, k, i in play_order(sheet):
        player = sheet.players[k]
        item = player.turns[i]
        kind = "box" if isinstance(item, Box) else "shelf"
        counters[k][kind] += 1
        number = counters[k][kind]
        found: list[tuple[str, str]] = []
        if t >= sheet.turns:
            found.append(("turns", f"is on turn {t + 1}, but the game lasts {sheet.turns} turns"))
        elif end is not None and (t, k) > end:
            found.append(("game-over", f"comes after the game ended: {sheet.players[end[1]].name} could not "
                          f"place a box on turn {end[0] + 1}"))
        if isinstance(item, Box):
            found += board.box_problems(k, item)
            if item.h > sheet.sides or item.w > sheet.sides:
                found.append(("dice", f"a {sheet.sides}-sided die cannot show {max(item.h, item.w)}"))
        else:
            found += board.shelf_problems(k, item)
            if item.length > sheet.sides:
                found.append(("dice", f"a {sheet.sides}-sided die cannot show {item.length}"))
        if item.rolled or schedule is not None:
            found += _dice_problems(sheet, t, k, item, schedule)
        if found:
            where = f"{player.name} (player {k + 1}), {kind} {number}"
            for rule, message in found:
                problems.append(Problem(where, message, rule, item.line))
        board.add(Placed(k, number, item))
    if end is not None and schedule is not None:
        problems.extend(_stopped_early(sheet, data, schedule, end))
    return problems


def _dice_problems(sheet: Sheet, t: int, k: int, item: Turn, schedule: Any | None) -> list[tuple[str, str]]:
    """(rule, message) for the dice written as rolled and those the schedule rolled for this turn."""
    found: list[tuple[str, str]] = []
    if item.rolled:
        if len(item.rolled) != sheet.dice:
            found.append(("dice", f"{len(item.rolled)} dice are written as rolled, but each turn rolls {sheet.dice}"))
        if not _roll_fits(item, item.rolled):  # the message only when it is needed
            found.append(_roll_problem(item, f"the roll {_dice_text(item.rolled)}"))
    rolled = _roll_for(schedule, k, t)
    if rolled is not None:
        if item.rolled and sorted(item.rolled) != sorted(rolled):
            found.append(("schedule", f"is written as rolled {_dice_text(item.rolled)}, but turn {t + 1} rolled {_dice_text(rolled)}"))
        if not _roll_fits(item, rolled):
            found.append(_roll_problem(item, f"turn {t + 1} rolled {_dice_text(rolled)}"))
    return found


def _stopped_early(sheet: Sheet, data: Data, schedule: Any, end: tuple[int, int]) -> list[Problem]:
    """A player who stopped before the last turn must have been unable to place a box: the board is
    rebuilt as it stood at that moment and the roll tried on it."""
    et, ek = end
    rolled = _roll_for(schedule, ek, et)
    if rolled is None:
        return []
    board = Board(sheet, data.corners)
    counts = [{"box": 0, "shelf": 0} for _ in sheet.players]
    for t, k, i in play_order(sheet):
        if (t, k) > end:
            continue
        item = sheet.players[k].turns[i]
        kind = "box" if isinstance(item, Box) else "shelf"
        counts[k][kind] += 1
        board.add(Placed(k, counts[k][kind], item))
    could = board.any_box(ek, rolled)
    if could is None:
        return []
    player = sheet.players[ek]
    return [Problem(
        f"{player.name} (player {ek + 1}), turn {et + 1}",
        f"the sheet stops here, but the roll {_dice_text(rolled)} still fits a box, "
        f"e.g. {could.h} × {could.w} at {box_label(could)}; the game lasts {sheet.turns} turns",
        "game-over",
        player.line,
    )]


def _roll_fits(item: Turn, dice: tuple[int, ...]) -> bool:
    if isinstance(item, Box):
        return dice_fit(item.h, item.w, dice)
    return item.length in dice


def _roll_problem(item: Turn, said: str) -> tuple[str, str]:
    """The problem of a box or shelf its dice do not show (``said`` tells which dice)."""
    if isinstance(item, Box):
        h, w = item.h, item.w
        return ("dice", f"a {h} × {w} box needs two different dice showing {h} and {w}, but {said}")
    return ("dice", f"a shelf of length {item.length} needs a die showing {item.length}, but {said}")


# ---------------------------------------------------------------- scoring


def captured(sheet: Sheet, corners: tuple[str, ...], k: int) -> set[tuple[int, int]]:
    """The squares player k captures: uncovered squares that nothing can reach from another player's
    structure (their boxes and their starting corner) by steps between side-neighbouring squares, where
    player k's boxes, player k's floating shelves and the battlefield's edge are walls."""
    mask, stride = _captured_mask(sheet, corners, k)
    out = set()
    while mask:
        low = mask & -mask
        out.add(divmod(low.bit_length() - 1, stride))
        mask ^= low
    return out


def _captured_mask(sheet: Sheet, corners: tuple[str, ...], k: int) -> tuple[int, int]:
    """The squares of :func:`captured` as the bits of a whole number, square (r, c) being bit
    r * stride + c, and the stride (size + 1: a spare bit closes each row, so a step left or right
    never wraps onto the next row).  The walk grows the whole reached set a step in every direction at
    once, with shifts and masks, until it stops growing."""
    size = sheet.size
    if size <= 0:
        return 0, 1
    stride = size + 1
    board = 0
    full_row = (1 << size) - 1
    for r in range(size):
        board |= full_row << (r * stride)
    covered = wall = start = 0
    for j, p in enumerate(sheet.players):
        other = j != k
        if other:
            r, c = corner_square(corners[j], size)
            start |= 1 << (r * stride + c)
        for b in p.boxes:
            c0, c1 = max(b.col, 0), min(b.col + b.w, size)
            if c1 <= c0:
                continue
            seg = ((1 << (c1 - c0)) - 1) << c0
            m = 0
            for r in range(max(b.row, 0), min(b.row + b.h, size)):
                m |= seg << (r * stride)
            covered |= m
            if other:
                start |= m
            else:
                wall |= m
    # player k's shelves: a horizontal unit at (x, y) parts square (y - 1, x) from (y, x), a vertical one
    # at (x, y) parts (y, x - 1) from (y, x); each is kept as the bit of the second square
    above = left = 0
    for s in sheet.players[k].shelves:
        for x, y, d in s.units():
            if d == "h":
                if 0 <= x < size and 1 <= y < size:
                    above |= 1 << (y * stride + x)
            elif 1 <= x < size and 0 <= y < size:
                left |= 1 << (y * stride + x)
    free = board & ~wall
    reached = start & free
    if above or left:
        not_above, not_left = ~above, ~left
        while True:
            grown = (reached | ((reached & not_above) >> stride) | ((reached << stride) & not_above)
                     | ((reached & not_left) >> 1) | ((reached << 1) & not_left)) & free
            if grown == reached:
                break
            reached = grown
    else:
        while True:
            grown = (reached | (reached >> stride) | (reached << stride) | (reached >> 1) | (reached << 1)) & free
            if grown == reached:
                break
            reached = grown
    return board & ~covered & ~reached, stride


def _signed(v: float) -> str:
    return f"+{_num(v)}" if v >= 0 else f"−{_num(-v)}"


def _plain(v: float) -> str:
    return f"{_num(v)}" if v >= 0 else f"−{_num(-v)}"


def score_sheet(sheet: Sheet, data: Data) -> Score:
    """Each player's boxes (area less height plus width), shelves and captured squares; the report is
    written from the breakdown when it is read."""
    players_out = []
    corners = data.corners
    size = sheet.size
    for k, p in enumerate(sheet.players):
        running = 0
        boxes = []
        for n, b in enumerate(p.boxes, start=1):
            h, w = b.h, b.w
            area, cost = h * w, h + w
            running += area
            after_area = running
            running -= cost
            boxes.append({
                "box": n, "square": square_name(b.row, b.col) if 0 <= b.row < size and 0 <= b.col < size else None,
                "h": h, "w": w, "area": area, "total_after_area": after_area,
                "cost": cost, "total": running,
            })
        shelves = p.shelves
        shelf_cost = sum(s.length for s in shelves)
        total: float = running - shelf_cost
        squares = 0
        capture: float = 0
        if sheet.capture:
            squares = _captured_mask(sheet, corners, k)[0].bit_count()
            capture = squares / 2
            total += capture
        players_out.append(_player_record(
            p.name, corners[k] if k < len(corners) else "?", boxes, running,
            [{"shelf": n, "length": s.length, "cost": s.length} for n, s in enumerate(shelves, start=1)],
            shelf_cost, sheet.capture, squares, capture, total))
    breakdown = {"size": sheet.size, "turns": sheet.turns, "dice": f"{sheet.dice}d{sheet.sides}",
                 "capture": sheet.capture, "players": players_out}
    return LazyScore(players_out[0]["total"] if players_out else 0, breakdown,
                     [{"name": p["name"], "total": p["total"]} for p in players_out], lambda: report(breakdown))


def _player_record(name: str, corner: str, boxes: list, boxes_total: int, shelves: list, shelf_cost: int,
                   capture_on: bool, squares: int, capture: float, total: float) -> dict:
    """One player's part of the breakdown."""
    return {"name": name, "corner": corner, "boxes": boxes, "boxes_total": boxes_total, "shelves": shelves,
            "shelf_cost": shelf_cost, "capture_squares": squares if capture_on else None,
            "capture": _num(capture) if capture_on else None, "total": _num(total)}


def report(breakdown: dict) -> str:
    """The score for people, from its breakdown: each player's boxes as sums, shelves, capture, total."""
    lines: list[str] = []
    for k, p in enumerate(breakdown["players"]):
        lines.append(f"{p['name']} (player {k + 1}, {p['corner']} corner)")
        lines.append("  box   h × w = area     total   − (h + w)   total")
        sign = " "
        for b in p["boxes"]:
            size = f"{b['h']} × {b['w']} = {sign}{b['area']}"
            lines.append(f"  {b['box']:>3}   {size:<14} = {_plain(b['total_after_area']):>5}"
                         f"   {'− ' + str(b['cost']):>9}   = {_plain(b['total']):>5}")
            sign = "+"
        before = p["boxes_total"]
        lines.append(f"  boxes total {_plain(before)}")
        after = before - p["shelf_cost"]
        if p["shelves"]:
            lens = " ".join(f"− {s['length']}" for s in p["shelves"])
            lines.append(f"  floating shelves {lens}   = {_plain(after)}")
        else:
            lines.append("  floating shelves: none")
        if breakdown["capture"]:
            squares = p["capture_squares"]
            lines.append(f"  capture {squares} squares / 2 = {_signed(squares / 2)}   = {_plain(after + squares / 2)}")
        else:
            lines.append("  capture: not played")
        lines.append(f"  final score {_plain(p['total'])}")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def evaluate(sheet: Sheet, data: Data, schedule: Any | None) -> Evaluation:
    """Every broken rule of the sheet (its dice too, when ``schedule`` is given) and its score."""
    return Evaluation(tuple(check_sheet(sheet, data, schedule)), score_sheet(sheet, data))
