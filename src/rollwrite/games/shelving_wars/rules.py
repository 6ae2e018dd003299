"""Shelving Wars' rule checks and scorer.  A box scores its area less its height plus width; floating
shelves cost their length; with the capture rule, squares sealed off behind a player's structure pay half
a point each.  docs/rules/shelving-wars.md states every reading of the rules made here.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from rollwrite.games.base import Problem, Score
from rollwrite.games.base import plain_number as _num
from rollwrite.games.shelving_wars.data import Data
from rollwrite.games.shelving_wars.format import Box, Sheet, Shelf, Turn, box_label, safe_box_label, square_name

# ---------------------------------------------------------------- geometry


def corner_square(corner: str, size: int) -> tuple[int, int]:
    return (0 if corner.startswith("top") else size - 1, 0 if corner.endswith("left") else size - 1)


def joins(new: Box, old: Box) -> bool:
    """True when the two boxes share a corner point AND a stretch of boundary of positive length.

    The shared stretch lies on a common side line: one box's right side on the other's left side (or
    top on bottom) with overlapping extents.
    """
    if not (new.corners() & old.corners()):
        return False
    # vertical contact: new's left side on old's right side, or the other way round
    if new.col == old.col + old.w or old.col == new.col + new.w:
        return min(new.row + new.h, old.row + old.h) - max(new.row, old.row) > 0
    if new.row == old.row + old.h or old.row == new.row + new.h:
        return min(new.col + new.w, old.col + old.w) - max(new.col, old.col) > 0
    return False


def _inside_units(box: Box) -> set[tuple[int, int, str]]:
    """Unit segments strictly inside the box (between two of its squares)."""
    out = set()
    for y in range(box.row + 1, box.row + box.h):
        for x in range(box.col, box.col + box.w):
            out.add((x, y, "h"))
    for x in range(box.col + 1, box.col + box.w):
        for y in range(box.row, box.row + box.h):
            out.add((x, y, "v"))
    return out


def _shelf_points(s: Shelf) -> list[tuple[int, int]]:
    return [(s.x + s.dx * i, s.y + s.dy * i) for i in range(s.length + 1)]


def shelves_cross(a: Shelf, b: Shelf) -> bool:
    """Two shelves cross when they share a stretch of positive length, or a point inside both."""
    if set(a.units()) & set(b.units()):
        return True
    inner_a = set(_shelf_points(a)[1:-1])
    inner_b = set(_shelf_points(b)[1:-1])
    return bool(inner_a & inner_b)


def _dice_fit(h: int, w: int, dice: tuple[int, ...]) -> bool:
    """h and w are shown by two different dice."""
    need = Counter([h, w])
    have = Counter(dice)
    return all(have[v] >= n for v, n in need.items())


def joins_fast(new: Box, old: Box) -> bool:
    """:func:`joins` in plain arithmetic.  A box's corners are every pairing of its two side lines
    across with its two side lines down, so two boxes share a corner exactly when they share a
    vertical side line and a horizontal one."""
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


def _dice_fit_fast(h: int, w: int, dice: tuple[int, ...]) -> bool:
    """:func:`_dice_fit` without counters."""
    if h == w:
        return dice.count(h) >= 2
    return h in dice and w in dice


def _dice_text(dice: tuple[int, ...]) -> str:
    return ", ".join(map(str, dice))


# ---------------------------------------------------------------- checking


def _unjoined(box, shelves, k: int) -> tuple[str, str]:  # noqa: ANN001 - a Box and the shelves so far
    """The problem of player ``k``'s box that joins none of their boxes: built off one of their floating
    shelves, or simply alone."""
    if any(set(_shelf_points(s.item)) & box.corners() for s in shelves if s.player == k):  # type: ignore[arg-type]
        return ("floating-shelf", "is built off a floating shelf; a box must join one of the player's boxes "
                "(a shared corner and part of a shared side)")
    return ("join", "does not join any of the player's earlier boxes: it must share a corner and part of a side "
            "with one of them")


@dataclass
class _Placed:
    player: int  # index
    number: int  # box or shelf number of that player, 1-based
    item: Turn


class _Board:
    """The battlefield as the game goes: who covers each square, and every shelf built so far."""

    def __init__(self, sheet: Sheet, corners: tuple[str, ...]) -> None:
        self.sheet = sheet
        self.size = sheet.size
        self.corners = corners
        self.owner: dict[tuple[int, int], _Placed] = {}
        self.boxes: list[_Placed] = []
        self.shelves: list[_Placed] = []

    def name(self, k: int) -> str:
        return self.sheet.players[k].name

    def fits(self, box: Box) -> bool:
        return 0 <= box.row and 0 <= box.col and box.row + box.h <= self.size and box.col + box.w <= self.size

    def own_boxes(self, k: int) -> list[Box]:
        return [p.item for p in self.boxes if p.player == k]  # type: ignore[misc]

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
            out.append(_unjoined(box, self.shelves, k))
        hit: list[str] = []
        for sq in box.squares(size):
            p = self.owner.get(sq)
            if p is not None:
                label = f"{self.name(p.player)}'s box {p.number}"
                if label not in hit:
                    hit.append(label)
        for label in hit:
            out.append(("overlap", f"overlaps {label}"))
        inside = _inside_units(box)
        for s in self.shelves:
            if set(s.item.units()) & inside:  # type: ignore[union-attr]
                out.append(("cross", f"crosses {self.name(s.player)}'s floating shelf {s.number}"))
        return out

    def shelf_problems(self, k: int, shelf: Shelf) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = []
        size = self.size
        ex, ey = shelf.end
        if not (0 <= shelf.x <= size and 0 <= shelf.y <= size and 0 <= ex <= size and 0 <= ey <= size):
            out.append(("grid", f"the shelf of length {shelf.length} leaves the {size} × {size} battlefield"))
        start = (shelf.x, shelf.y)
        if not any(start in b.corners() for b in self.own_boxes(k)):
            if any(start in _shelf_points(s.item) for s in self.shelves if s.player == k):  # type: ignore[arg-type]
                out.append(("floating-shelf", "is built off a floating shelf; a shelf must start at a corner of one of the player's boxes"))
            else:
                out.append(("shelf-start", "must start at a corner of one of the player's boxes"))
        units = set(shelf.units())
        for b in self.boxes:
            if units & _inside_units(b.item):  # type: ignore[arg-type]
                out.append(("cross", f"runs through {self.name(b.player)}'s box {b.number}"))
        for s in self.shelves:
            if shelves_cross(shelf, s.item):  # type: ignore[arg-type]
                out.append(("cross", f"crosses {self.name(s.player)}'s floating shelf {s.number}"))
        return out

    def add(self, placed: _Placed) -> None:
        if isinstance(placed.item, Box):
            self.boxes.append(placed)
            for sq in placed.item.squares(self.size):
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


class _FastBoard(_Board):
    """:class:`_Board` giving the same answers sooner: who covers each square is kept in a flat list
    (square number row * size + column), each player's boxes in a list of their own, boxes are joined
    by :func:`joins_fast`, a shelf crosses a box when a unit segment of it lies strictly inside the
    box's rows and columns (no sets of segments), and a shelf's start is matched with a box's corners
    by comparing numbers.
    tests/games/shelving-wars/test_shelving_wars_check_fast.py holds it to ``_Board``."""

    def __init__(self, sheet: Sheet, corners: tuple[str, ...]) -> None:
        super().__init__(sheet, corners)
        self.cover: list[_Placed | None] = [None] * (max(self.size, 0) ** 2)
        self.own: list[list[Box]] = [[] for _ in sheet.players]

    def own_boxes(self, k: int) -> list[Box]:
        return list(self.own[k])

    def box_problems(self, k: int, box: Box) -> list[tuple[str, str]]:
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
                if joins_fast(box, old):
                    break
            else:
                out.append(_unjoined(box, self.shelves, k))
        c0, c1 = max(col, 0), min(col + w, size)
        if c1 > c0:
            cover = self.cover
            hit: list[str] = []
            for r in range(max(row, 0), min(row + h, size)):
                base = r * size
                seg = cover[base + c0:base + c1]
                if seg.count(None) < len(seg):
                    for p in seg:
                        if p is not None:
                            label = f"{self.name(p.player)}'s box {p.number}"
                            if label not in hit:
                                hit.append(label)
            for label in hit:
                out.append(("overlap", f"overlaps {label}"))
        if self.shelves:  # a shelf crosses the box when one of its unit segments lies inside it
            row1, col1 = row + h, col + w
            for s in self.shelves:
                for x, y, d in s.item.units():  # type: ignore[union-attr]
                    if (row < y < row1 and col <= x < col1) if d == "h" else (col < x < col1 and row <= y < row1):
                        out.append(("cross", f"crosses {self.name(s.player)}'s floating shelf {s.number}"))
                        break
        return out

    def shelf_problems(self, k: int, shelf: Shelf) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = []
        size = self.size
        ex, ey = shelf.end
        if not (0 <= shelf.x <= size and 0 <= shelf.y <= size and 0 <= ex <= size and 0 <= ey <= size):
            out.append(("grid", f"the shelf of length {shelf.length} leaves the {size} × {size} battlefield"))
        x0, y0 = shelf.x, shelf.y
        if not any((x0 == b.col or x0 == b.col + b.w) and (y0 == b.row or y0 == b.row + b.h) for b in self.own[k]):
            if any((x0, y0) in _shelf_points(s.item) for s in self.shelves if s.player == k):  # type: ignore[arg-type]
                out.append(("floating-shelf", "is built off a floating shelf; a shelf must start at a corner of one of the player's boxes"))
            else:
                out.append(("shelf-start", "must start at a corner of one of the player's boxes"))
        units = shelf.units()
        for p in self.boxes:
            b = p.item
            row, col, row1, col1 = b.row, b.col, b.row + b.h, b.col + b.w  # type: ignore[union-attr]
            for x, y, d in units:
                if (row < y < row1 and col <= x < col1) if d == "h" else (col < x < col1 and row <= y < row1):
                    out.append(("cross", f"runs through {self.name(p.player)}'s box {p.number}"))
                    break
        for s in self.shelves:
            if shelves_cross(shelf, s.item):  # type: ignore[arg-type]
                out.append(("cross", f"crosses {self.name(s.player)}'s floating shelf {s.number}"))
        return out

    def add(self, placed: _Placed) -> None:
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


def _order(sheet: Sheet) -> list[tuple[int, int, int]]:
    """Play order: (turn index, player index, index in that player's list), round by round."""
    longest = max((len(p.turns) for p in sheet.players), default=0)
    return [(t, k, t) for t in range(longest) for k, p in enumerate(sheet.players) if t < len(p.turns)]


def check_sheet(sheet: Sheet, data: Data, schedule: Any | None, plain: bool = False) -> list[Problem]:
    """Every broken rule of the sheet, in play order.  ``plain`` uses the plain board and dice test
    (the reference the quicker ones are held to)."""
    problems: list[Problem] = []
    corners = data.corners
    Board = _Board if plain else _FastBoard
    fit = _dice_fit if plain else _dice_fit_fast
    board = Board(sheet, corners)
    counters = [{"box": 0, "shelf": 0} for _ in sheet.players]
    # where the game ended early: the first (turn, player) in play order with no entry
    end: tuple[int, int] | None = None
    for t in range(sheet.turns):
        for k, p in enumerate(sheet.players):
            if t >= len(p.turns):
                end = (t, k)
                break
        if end:
            break

    def roll_for(k: int, t: int) -> tuple[int, ...] | None:
        if schedule is None:
            return None
        try:
            return tuple(schedule.turn(k + 1, t + 1).dice)
        except (IndexError, AttributeError):
            return None

    for t, k, i in _order(sheet):
        player = sheet.players[k]
        item = player.turns[i]
        kind = "box" if isinstance(item, Box) else "shelf"
        counters[k][kind] += 1
        number = counters[k][kind]
        found: list[tuple[str, str]] = []
        if t >= sheet.turns:
            found.append(("turns", f"is on turn {t + 1}, but the game lasts {sheet.turns} turns"))
        elif end is not None and (t, k) > end:
            et, ek = end
            found.append((
                "game-over",
                f"comes after the game ended: {sheet.players[ek].name} could not place a box on turn {et + 1}",
            ))
        if isinstance(item, Box):
            found += board.box_problems(k, item)
            if item.h > sheet.sides or item.w > sheet.sides:
                found.append(("dice", f"a {sheet.sides}-sided die cannot show {max(item.h, item.w)}"))
        else:
            found += board.shelf_problems(k, item)
            if item.length > sheet.sides:
                found.append(("dice", f"a {sheet.sides}-sided die cannot show {item.length}"))
        dims = (item.h, item.w) if isinstance(item, Box) else None
        if item.rolled:
            if len(item.rolled) != sheet.dice:
                found.append(("dice", f"{len(item.rolled)} dice are written as rolled, but each turn rolls {sheet.dice}"))
            if plain or not _roll_fits(item, dims, item.rolled):  # the message only when it is needed
                found += _roll_problems(item, dims, item.rolled, f"the roll {_dice_text(item.rolled)}", fit)
        rolled = roll_for(k, t)
        if rolled is not None:
            if item.rolled and sorted(item.rolled) != sorted(rolled):
                found.append(("schedule", f"is written as rolled {_dice_text(item.rolled)}, but turn {t + 1} rolled {_dice_text(rolled)}"))
            if plain or not _roll_fits(item, dims, rolled):
                found += _roll_problems(item, dims, rolled, f"turn {t + 1} rolled {_dice_text(rolled)}", fit)
        if found:
            where = f"{player.name} (player {k + 1}), {kind} {number}"
            for rule, message in found:
                problems.append(Problem(where, message, rule, item.line))
        board.add(_Placed(k, number, item))

    # a player who stopped before the last turn must have been unable to place a box
    if end is not None and schedule is not None:
        et, ek = end
        # rebuild the board as it stood at that moment
        stuck_board = Board(sheet, corners)
        counts = [{"box": 0, "shelf": 0} for _ in sheet.players]
        for t, k, i in _order(sheet):
            if (t, k) > end:
                continue
            item = sheet.players[k].turns[i]
            kind = "box" if isinstance(item, Box) else "shelf"
            counts[k][kind] += 1
            stuck_board.add(_Placed(k, counts[k][kind], item))
        rolled = roll_for(ek, et)
        if rolled is not None:
            could = stuck_board.any_box(ek, rolled)
            if could is not None:
                player = sheet.players[ek]
                problems.append(Problem(
                    f"{player.name} (player {ek + 1}), turn {et + 1}",
                    f"the sheet stops here, but the roll {_dice_text(rolled)} still fits a box, "
                    f"e.g. {could.h} × {could.w} at {box_label(could)}; the game lasts {sheet.turns} turns",
                    "game-over",
                    player.line,
                ))
    return problems


def _roll_fits(item: Turn, dims: tuple[int, int] | None, dice: tuple[int, ...]) -> bool:
    """Whether :func:`_roll_problems` finds nothing, without wording its message."""
    if dims is not None:
        return _dice_fit_fast(dims[0], dims[1], dice)
    return item.length in dice  # type: ignore[union-attr]


def _roll_problems(item: Turn, dims: tuple[int, int] | None, dice: tuple[int, ...], said: str,
                   fit=_dice_fit) -> list[tuple[str, str]]:
    if dims is not None:
        h, w = dims
        if not fit(h, w, dice):
            return [("dice", f"a {h} × {w} box needs two different dice showing {h} and {w}, but {said}")]
        return []
    assert isinstance(item, Shelf)
    if item.length not in dice:
        return [("dice", f"a shelf of length {item.length} needs a die showing {item.length}, but {said}")]
    return []


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


def _plain_int(v: int) -> str:
    """:func:`_plain` of a whole number, without the float test."""
    return str(v) if v >= 0 else f"−{-v}"


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
                f"  {n:>3}   {f'{h} × {w} = {sign}{area}':<14} = {_plain_int(after_area):>5}"
                f"   {'− ' + str(cost):>9}   = {_plain_int(running):>5}"
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
            squares = _captured_mask(sheet, corners, k)[0].bit_count()
            capture = squares / 2
            total += capture
            report.append(f"  capture {squares} squares / 2 = {_signed(capture)}   = {_plain(total)}")
        else:
            report.append("  capture: not played")
        report.append(f"  final score {_plain(total)}")
        report.append("")
        players_out.append(_player_record(p.name, corner, boxes, before, shelves, shelf_cost, sheet.capture,
                                          squares, capture, total))
    breakdown = _breakdown(sheet, players_out)
    return Score(
        total=players_out[0]["total"] if players_out else 0,
        breakdown=breakdown,
        report="\n".join(report).rstrip() + "\n",
        players=[{"name": p["name"], "total": p["total"]} for p in players_out],
    )


def _breakdown(sheet, players: list[dict]) -> dict:  # noqa: ANN001 - a Sheet
    """The JSON breakdown of a scored sheet (the plain and the quick score make the same one)."""
    return {"size": sheet.size, "turns": sheet.turns, "dice": f"{sheet.dice}d{sheet.sides}",
            "capture": sheet.capture, "players": players}


def _player_record(name: str, corner: str, boxes: list, boxes_total, shelves: list, shelf_cost, capture_on: bool,
                   squares, capture, total) -> dict:  # noqa: ANN001
    """One player's part of the breakdown."""
    return {"name": name, "corner": corner, "boxes": boxes, "boxes_total": boxes_total, "shelves": shelves,
            "shelf_cost": shelf_cost, "capture_squares": squares if capture_on else None,
            "capture": _num(capture) if capture_on else None, "total": _num(total)}


class _Score(Score):
    """A Score whose report is written when it is first read, by :func:`score_sheet` (a JSON run
    never reads it)."""

    def __init__(self, total: float, breakdown: dict, players: list[dict], sheet: Sheet, data: Data) -> None:
        self.total = total
        self.breakdown = breakdown
        self.players = players
        self.__dict__["_report"] = (sheet, data)

    @property  # type: ignore[override]
    def report(self) -> str:
        made = self.__dict__["_report"]
        if isinstance(made, tuple):
            made = self.__dict__["_report"] = score_sheet(*made).report
        return made

    @report.setter
    def report(self, value: str) -> None:
        self.__dict__["_report"] = value


def score_quick(sheet: Sheet, data: Data) -> Score:
    """:func:`score_sheet` with the report left to be written when it is read: the same total,
    breakdown and players (tests/games/shelving-wars/test_shelving_wars_check_fast.py holds them)."""
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
    breakdown = _breakdown(sheet, players_out)
    return _Score(players_out[0]["total"] if players_out else 0, breakdown,
                  [{"name": p["name"], "total": p["total"]} for p in players_out], sheet, data)
