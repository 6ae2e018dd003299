"""Shelving Wars the plain way, from the rules alone (docs/rules/shelving-wars.md): the board as sets of
squares and unit segments, boxes joined by their corner sets, the dice matched with counters, capture as
a flood over sets of squares, and the score with its report written as it goes.

Only the typed-in sheet (``format``: its Box, Shelf and Sheet, and the names of squares and boxes), the
layout's data, ``Score`` and the number formatting come from rollwrite."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from rollwrite.games.base import Score
from rollwrite.games.base import plain_number as _num
from rollwrite.games.shelving_wars.data import Data
from rollwrite.games.shelving_wars.format import Box, Sheet, Shelf, safe_box_label, square_name


@dataclass
class Placed:
    """A box or shelf on the board: whose (player index), its number among that player's boxes or
    shelves (from 1), and the item."""

    player: int
    number: int
    item: Box | Shelf


def corner_square(corner: str, size: int) -> tuple[int, int]:
    """The (row, column) of the square in a corner named ``top left``, ``bottom right``..."""
    row = 0 if "top" in corner else size - 1
    col = 0 if "left" in corner else size - 1
    return row, col


def box_squares(box: Box, size: int) -> set[tuple[int, int]]:
    """The (row, column) squares the box covers on the battlefield."""
    return {(r, c) for r in range(box.row, box.row + box.h) for c in range(box.col, box.col + box.w)
            if 0 <= r < size and 0 <= c < size}


def box_corners(box: Box) -> set[tuple[int, int]]:
    """The box's four corner points as (x, y)."""
    return {(x, y) for x in (box.col, box.col + box.w) for y in (box.row, box.row + box.h)}


def shelf_points(s: Shelf) -> list[tuple[int, int]]:
    """The grid points along a shelf, from its start, as (x, y)."""
    return [(s.x + s.dx * i, s.y + s.dy * i) for i in range(s.length + 1)]


def shelf_units(s: Shelf) -> set[frozenset]:
    """The shelf's unit segments, each the set of its two end points."""
    points = shelf_points(s)
    return {frozenset(points[i:i + 2]) for i in range(s.length)}


def shelves_cross(a: Shelf, b: Shelf) -> bool:
    """Two shelves cross when they share a unit segment, or a point that is not an end of either."""
    return bool(shelf_units(a) & shelf_units(b)) or bool(set(shelf_points(a)[1:-1]) & set(shelf_points(b)[1:-1]))


def unjoined_problem(box: Box, shelves: list[Placed], k: int) -> tuple[str, str]:
    """Player ``k``'s box that joins none of their boxes: built off a floating shelf of theirs, or alone."""
    for s in shelves:
        if s.player == k and isinstance(s.item, Shelf) and set(shelf_points(s.item)) & box_corners(box):
            return ("floating-shelf", "is built off a floating shelf; a box must join one of the player's boxes "
                    "(a shared corner and part of a shared side)")
    return ("join", "does not join any of the player's earlier boxes: it must share a corner and part of a side "
            "with one of them")


def captured(sheet: Sheet, corners: tuple[str, ...], k: int) -> set[tuple[int, int]]:
    """The squares player ``k`` captures: start from every square of the other players' boxes and their
    corner squares, spread to side-neighbouring squares, never into a square of k's boxes nor across one
    of k's floating shelves nor off the battlefield; every square no box covers that this never reaches."""
    size = sheet.size
    covered: set[tuple[int, int]] = set()
    own: set[tuple[int, int]] = set()
    todo: list[tuple[int, int]] = []
    for j, p in enumerate(sheet.players):
        for b in p.boxes:
            squares = box_squares(b, size)
            covered |= squares
            if j == k:
                own |= squares
            else:
                todo.extend(squares)
        if j != k:
            todo.append(corner_square(corners[j], size))
    walls = set()  # the unit segments of k's shelves
    for s in sheet.players[k].shelves:
        walls |= shelf_units(s)

    def side(a: tuple[int, int], b: tuple[int, int]) -> frozenset:
        """The unit segment between two side-neighbouring squares (row, column), as its (x, y) ends."""
        (r1, c1), (r2, c2) = a, b
        if r1 == r2:  # side by side: the vertical segment at x = the right one's column
            x = max(c1, c2)
            return frozenset(((x, r1), (x, r1 + 1)))
        y = max(r1, r2)
        return frozenset(((c1, y), (c1 + 1, y)))

    reached = set()
    todo = [sq for sq in todo if sq not in own]
    while todo:
        sq = todo.pop()
        if sq in reached:
            continue
        reached.add(sq)
        r, c = sq
        for nxt in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if (0 <= nxt[0] < size and 0 <= nxt[1] < size and nxt not in own and nxt not in reached
                    and side(sq, nxt) not in walls):
                todo.append(nxt)
    return {(r, c) for r in range(size) for c in range(size)} - covered - reached


def _signed(v: float) -> str:
    return f"+{_num(v)}" if v >= 0 else f"−{_num(-v)}"


def _plain(v: float) -> str:
    return f"{_num(v)}" if v >= 0 else f"−{_num(-v)}"


def _player_record(name: str, corner: str, boxes: list, boxes_total, shelves: list, shelf_cost, capture_on: bool,
                   squares, capture, total) -> dict:
    return {"name": name, "corner": corner, "boxes": boxes, "boxes_total": boxes_total, "shelves": shelves,
            "shelf_cost": shelf_cost, "capture_squares": squares if capture_on else None,
            "capture": _num(capture) if capture_on else None, "total": _num(total)}


def joins(new: Box, old: Box) -> bool:
    """True when the two boxes share a corner point AND a stretch of boundary of positive length.

    The shared stretch lies on a common side line: one box's right side on the other's left side (or
    top on bottom) with overlapping extents.
    """
    if not (box_corners(new) & box_corners(old)):
        return False
    # vertical contact: new's left side on old's right side, or the other way round
    if new.col == old.col + old.w or old.col == new.col + new.w:
        return min(new.row + new.h, old.row + old.h) - max(new.row, old.row) > 0
    if new.row == old.row + old.h or old.row == new.row + new.h:
        return min(new.col + new.w, old.col + old.w) - max(new.col, old.col) > 0
    return False


def _inside_units(box: Box) -> set[frozenset]:
    """Unit segments strictly inside the box (between two of its squares), each the set of its ends."""
    out = set()
    for y in range(box.row + 1, box.row + box.h):
        for x in range(box.col, box.col + box.w):
            out.add(frozenset(((x, y), (x + 1, y))))
    for x in range(box.col + 1, box.col + box.w):
        for y in range(box.row, box.row + box.h):
            out.add(frozenset(((x, y), (x, y + 1))))
    return out


def dice_fit(h: int, w: int, dice: tuple[int, ...]) -> bool:
    """h and w are shown by two different dice."""
    need = Counter([h, w])
    have = Counter(dice)
    return all(have[v] >= n for v, n in need.items())


class PlainBoard:
    """The battlefield as the game goes: who covers each square, and every shelf built so far."""

    def __init__(self, sheet: Sheet, corners: tuple[str, ...]) -> None:
        self.sheet = sheet
        self.size = sheet.size
        self.corners = corners
        self.owner: dict[tuple[int, int], Placed] = {}
        self.boxes: list[Placed] = []
        self.shelves: list[Placed] = []

    def name(self, k: int) -> str:
        return self.sheet.players[k].name

    def fits(self, box: Box) -> bool:
        return 0 <= box.row and 0 <= box.col and box.row + box.h <= self.size and box.col + box.w <= self.size

    def own_boxes(self, k: int) -> list[Box]:
        return [p.item for p in self.boxes if p.player == k and isinstance(p.item, Box)]

    def box_problems(self, k: int, box: Box) -> list[tuple[str, str]]:
        """(rule, message) for every way this box breaks the placement rules on the board as it is."""
        out: list[tuple[str, str]] = []
        size = self.size
        if not self.fits(box):
            out.append(("grid", f"the {box.h} × {box.w} box at {safe_box_label(box, size)} leaves the {size} × {size} battlefield"))
        own = self.own_boxes(k)
        if not own:
            cr, cc = corner_square(self.corners[k], size)
            if not (box.row <= cr < box.row + box.h and box.col <= cc < box.col + box.w):
                out.append((
                    "corner",
                    f"the first box must start in the {self.corners[k]} corner (square {square_name(cr, cc)}); "
                    f"this one covers {safe_box_label(box, size)}",
                ))
        elif not any(joins(box, old) for old in own):
            out.append(unjoined_problem(box, self.shelves, k))
        hit: list[str] = []
        for sq in sorted(box_squares(box, size)):
            p = self.owner.get(sq)
            if p is not None:
                label = f"{self.name(p.player)}'s box {p.number}"
                if label not in hit:
                    hit.append(label)
        for label in hit:
            out.append(("overlap", f"overlaps {label}"))
        inside = _inside_units(box)
        for s in self.shelves:
            if isinstance(s.item, Shelf) and shelf_units(s.item) & inside:
                out.append(("cross", f"crosses {self.name(s.player)}'s floating shelf {s.number}"))
        return out

    def shelf_problems(self, k: int, shelf: Shelf) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = []
        size = self.size
        ex, ey = shelf.end
        if not (0 <= shelf.x <= size and 0 <= shelf.y <= size and 0 <= ex <= size and 0 <= ey <= size):
            out.append(("grid", f"the shelf of length {shelf.length} leaves the {size} × {size} battlefield"))
        start = (shelf.x, shelf.y)
        if not any(start in box_corners(b) for b in self.own_boxes(k)):
            if any(start in shelf_points(s.item) for s in self.shelves if s.player == k and isinstance(s.item, Shelf)):
                out.append(("floating-shelf", "is built off a floating shelf; a shelf must start at a corner of one of the player's boxes"))
            else:
                out.append(("shelf-start", "must start at a corner of one of the player's boxes"))
        units = shelf_units(shelf)
        for b in self.boxes:
            if isinstance(b.item, Box) and units & _inside_units(b.item):
                out.append(("cross", f"runs through {self.name(b.player)}'s box {b.number}"))
        for s in self.shelves:
            if isinstance(s.item, Shelf) and shelves_cross(shelf, s.item):
                out.append(("cross", f"crosses {self.name(s.player)}'s floating shelf {s.number}"))
        return out

    def add(self, placed: Placed) -> None:
        if isinstance(placed.item, Box):
            self.boxes.append(placed)
            for sq in box_squares(placed.item, self.size):
                self.owner.setdefault(sq, placed)
        else:
            self.shelves.append(placed)

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


def score_sheet(sheet: Sheet, data: Data) -> Score:
    players_out = []
    report: list[str] = []
    corners = data.corners
    size = sheet.size
    for k, p in enumerate(sheet.players):
        corner = corners[k] if k < len(corners) else "?"
        running = 0
        boxes = []
        report.append(f"{p.name} (player {k + 1}, {corner} corner)")
        report.append("  box   h × w = area     total   − (h + w)   total")
        sign = " "
        for n, b in enumerate(p.boxes, start=1):
            h, w = b.h, b.w
            area, cost = h * w, h + w  # b.area, b.cost
            running += area
            after_area = running
            running -= cost
            boxes.append({
                "box": n, "square": square_name(b.row, b.col) if 0 <= b.row < size and 0 <= b.col < size else None,
                "h": h, "w": w, "area": area, "total_after_area": after_area,
                "cost": cost, "total": running,
            })
            report.append(
                f"  {n:>3}   {f'{h} × {w} = {sign}{area}':<14} = {_plain(after_area):>5}"
                f"   {'− ' + str(cost):>9}   = {_plain(running):>5}"
            )
            sign = "+"
        before = running
        shelf_cost = sum(s.cost for s in p.shelves)
        shelves = [{"shelf": n, "length": s.length, "cost": s.cost} for n, s in enumerate(p.shelves, start=1)]
        report.append(f"  boxes total {_plain(before)}")
        total: float = before - shelf_cost
        if p.shelves:
            lens = " ".join(f"− {s.length}" for s in p.shelves)
            report.append(f"  floating shelves {lens}   = {_plain(total)}")
        else:
            report.append("  floating shelves: none")
        squares = 0
        capture: float = 0
        if sheet.capture:
            squares = len(captured(sheet, corners, k))
            capture = squares / 2
            total += capture
            report.append(f"  capture {squares} squares / 2 = {_signed(capture)}   = {_plain(total)}")
        else:
            report.append("  capture: not played")
        report.append(f"  final score {_plain(total)}")
        report.append("")
        players_out.append(_player_record(p.name, corner, boxes, before, shelves, shelf_cost, sheet.capture,
                                          squares, capture, total))
    breakdown = {"size": sheet.size, "turns": sheet.turns, "dice": f"{sheet.dice}d{sheet.sides}",
                 "capture": sheet.capture, "players": players_out}
    return Score(
        total=players_out[0]["total"] if players_out else 0,
        breakdown=breakdown,
        report="\n".join(report).rstrip() + "\n",
        players=[{"name": p["name"], "total": p["total"]} for p in players_out],
    )
