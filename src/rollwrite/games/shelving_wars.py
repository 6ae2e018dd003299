"""Shelving Wars: players take turns building rectangular shelving boxes on a square battlefield,
each growing from their own corner.  A box scores its area less its height plus width; floating
shelves cost their length; with the capture rule, squares sealed off behind a player's structure pay
half a point each.

Coordinates: the battlefield has ``size`` columns (letters A, B, ...) and ``size`` rows (1, 2, ...
from the top).  Internally a square is (row, col), both 0-based; a grid point (where grid lines
meet) is (x, y) with 0 <= x, y <= size, x along the columns and y down the rows.  A box is its
top-left square plus height (rows) and width (columns).  docs/rules/shelving-wars.md states every
reading of the rules made here; docs/formats/shelving-wars.md the typed-in format.

This module is rules code: it never imports a renderer.  The sheet's own elements live in
``rollwrite.games.shelving_wars_sheet``.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter, deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Union

from rollwrite.errors import InputError, UsageError, did_you_mean
from rollwrite.games.base import ElementType, Game, Problem, Score
from rollwrite.games.base import plain_number as _num

# ---------------------------------------------------------------- constants

MIN_SIZE = 4
MAX_SIZE = 26  # columns are named by one letter
MAX_TURNS = 40
MIN_DICE, MAX_DICE = 2, 12  # a box needs two different dice
MIN_SIDES, MAX_SIDES = 2, 100
MAX_NUMBER = 999  # any number typed on a sheet
MIN_PLAYERS, MAX_PLAYERS = 2, 4

CORNERS = ("top-left", "bottom-right", "top-right", "bottom-left")
_CORNER_ALIASES = {
    "top-left": "top-left", "tl": "top-left",
    "top-right": "top-right", "tr": "top-right",
    "bottom-left": "bottom-left", "bl": "bottom-left",
    "bottom-right": "bottom-right", "br": "bottom-right",
}
_DIRECTIONS = {"right": (1, 0), "left": (-1, 0), "down": (0, 1), "up": (0, -1)}
_DIRECTION_NAMES = {v: k for k, v in _DIRECTIONS.items()}


# ---------------------------------------------------------------- layout data


@dataclass(frozen=True)
class Data:
    """The layout's ``data:`` section: the defaults a printed sheet and a typed-in sheet start from."""

    size: int = 20
    size_reason: str = ""
    corners: tuple[str, ...] = CORNERS
    turns: int = 8
    dice: int = 3
    sides: int = 6
    players: int = 2


DEFAULT_DATA = Data()


def _read_data(node: Any) -> Data:
    from rollwrite.spec.nodes import Reader, Seq, expect_str

    r = Reader(node, "the data section")
    size = r.int("size", minimum=MIN_SIZE, maximum=MAX_SIZE)
    reason = r.str("size-reason")
    corners_node = r.list("corners", default=None)
    corners: tuple[str, ...] = CORNERS
    if corners_node is not None:
        assert isinstance(corners_node, Seq)
        if len(corners_node) != MAX_PLAYERS:
            raise corners_node.error(
                f"expected the {MAX_PLAYERS} corners in the order players take them, got {len(corners_node)}",
                hint="e.g. [top-left, bottom-right, top-right, bottom-left]",
            )
        corners = tuple(expect_str(n, choices=list(CORNERS)) for n in corners_node)
        seen: set[str] = set()
        for n, c in zip(corners_node, corners):
            if c in seen:
                raise n.error(f"the corner '{c}' is given twice", hint="each player needs a corner of their own")
            seen.add(c)
    turns = r.int("turns", default=8, minimum=1, maximum=MAX_TURNS)
    dice = r.int("dice", default=3, minimum=MIN_DICE, maximum=MAX_DICE)
    sides = r.int("sides", default=6, minimum=MIN_SIDES, maximum=MAX_SIDES)
    players = r.int("players", default=2, minimum=MIN_PLAYERS, maximum=MAX_PLAYERS)
    r.done()
    return Data(size, reason, corners, turns, dice, sides, players)


# ---------------------------------------------------------------- the typed-in sheet


@dataclass(frozen=True)
class Box:
    row: int  # top-left square, 0-based
    col: int
    h: int  # rows
    w: int  # columns
    rolled: tuple[int, ...] = ()
    line: int | None = field(default=None, compare=False)

    @property
    def area(self) -> int:
        return self.h * self.w

    @property
    def cost(self) -> int:
        return self.h + self.w

    def squares(self, size: int) -> Iterator[tuple[int, int]]:
        """The squares it covers that lie on a ``size`` grid."""
        for r in range(max(self.row, 0), min(self.row + self.h, size)):
            for c in range(max(self.col, 0), min(self.col + self.w, size)):
                yield r, c

    def corners(self) -> set[tuple[int, int]]:
        x0, y0, x1, y1 = self.col, self.row, self.col + self.w, self.row + self.h
        return {(x0, y0), (x1, y0), (x0, y1), (x1, y1)}


@dataclass(frozen=True)
class Shelf:
    x: int  # start point (grid point)
    y: int
    dx: int  # unit direction
    dy: int
    length: int
    rolled: tuple[int, ...] = ()
    line: int | None = field(default=None, compare=False)

    @property
    def end(self) -> tuple[int, int]:
        return self.x + self.dx * self.length, self.y + self.dy * self.length

    @property
    def cost(self) -> int:
        return self.length

    def units(self) -> list[tuple[int, int, str]]:
        """Its unit segments as (x, y, 'h'|'v'): a horizontal unit from (x, y) to (x+1, y) or a vertical
        one from (x, y) to (x, y+1)."""
        out = []
        for i in range(self.length):
            px, py = self.x + self.dx * i, self.y + self.dy * i
            if self.dx:
                out.append((min(px, px + self.dx), py, "h"))
            else:
                out.append((px, min(py, py + self.dy), "v"))
        return out


Turn = Union[Box, Shelf]


@dataclass(frozen=True)
class Player:
    name: str
    turns: tuple[Turn, ...] = ()
    line: int | None = field(default=None, compare=False)

    @property
    def boxes(self) -> list[Box]:
        return [t for t in self.turns if isinstance(t, Box)]

    @property
    def shelves(self) -> list[Shelf]:
        return [t for t in self.turns if isinstance(t, Shelf)]


@dataclass(frozen=True)
class Sheet:
    size: int
    turns: int
    dice: int
    sides: int
    capture: bool
    players: tuple[Player, ...]


# ---------------------------------------------------------------- names of squares and points


def square_name(row: int, col: int) -> str:
    return f"{chr(ord('A') + col)}{row + 1}"


def _point_name(x: int, y: int, size: int) -> str:
    """A grid point as a square plus one of its corners (the square below-right of it when there is one)."""
    col, horiz = (x, "left") if x < size else (x - 1, "right")
    row, vert = (y, "top") if y < size else (y - 1, "bottom")
    return f"{square_name(row, col)} {vert}-{horiz}"


def box_label(box: Box) -> str:
    """``B3–D7`` (the squares at two opposite corners)."""
    a = square_name(box.row, box.col)
    if box.h == 1 and box.w == 1:
        return a
    return f"{a}–{square_name(box.row + box.h - 1, box.col + box.w - 1)}"


def _safe_box_label(box: Box, size: int) -> str:
    if 0 <= box.row and 0 <= box.col and box.row + box.h <= size and box.col + box.w <= size:
        return box_label(box)
    return f"rows {box.row + 1}–{box.row + box.h}, columns {box.col + 1}–{box.col + box.w}"


# ---------------------------------------------------------------- parsing

_TOKEN = re.compile(r"[^\s,]+")
_DIMS = re.compile(r"^(\d+)[x×](\d+)$", re.IGNORECASE)
_SQUARE = re.compile(r"^([A-Za-z])(\d+)$")
_HEADER = re.compile(r"^([A-Za-z][A-Za-z-]*)\s*:\s*(.*)$")
_DICE = re.compile(r"^(\d+)\s*d\s*(\d+)$", re.IGNORECASE)

_FORMAT_HINT = "see docs/formats/shelving-wars.md"


class _Parser:
    def __init__(self, text: str, source: str, data: Data) -> None:
        self.text = text
        self.source = source
        self.data = data
        self.lineno = 0

    def err(self, message: str, col: int = 1, hint: str | None = None) -> InputError:
        return InputError(message, file=self.source, line=self.lineno, col=col, hint=hint)

    def number(self, tok: tuple[int, str], what: str, minimum: int = 1, maximum: int = MAX_NUMBER) -> int:
        col, text = tok
        if not re.fullmatch(r"\d+", text):
            raise self.err(f"expected {what} (a whole number), got '{text}'", col)
        if len(text) > 4 or not minimum <= int(text) <= maximum:
            raise self.err(f"{what} must be from {minimum} to {maximum}, got {text}", col)
        return int(text)

    def square(self, tok: tuple[int, str], size: int) -> tuple[int, int]:
        col, text = tok
        m = _SQUARE.match(text)
        if not m:
            raise self.err(
                f"expected a square such as C4 (column letter, row number), got '{text}'", col, hint=_FORMAT_HINT
            )
        c = ord(m.group(1).upper()) - ord("A")
        digits = m.group(2)
        r = int(digits) - 1 if len(digits) <= 3 else 10**6
        if c >= size or not 0 <= r < size:
            last = square_name(size - 1, size - 1)
            raise self.err(f"the square {text.upper()} is not on the {size} × {size} battlefield (A1 to {last})", col)
        return r, c

    def corner(self, tok: tuple[int, str]) -> str:
        col, text = tok
        name = _CORNER_ALIASES.get(text.lower())
        if name is None:
            raise self.err(
                f"expected a corner (top-left, top-right, bottom-left or bottom-right), got '{text}'",
                col,
                hint=did_you_mean(text.lower(), list(_CORNER_ALIASES)),
            )
        return name

    def rolled(self, toks: list[tuple[int, str]], i: int, sides: int) -> tuple[int, ...]:
        """Reads an optional ``rolled 3 4 6`` from token i to the end of the line."""
        if i >= len(toks):
            return ()
        col, text = toks[i]
        if text.lower() != "rolled":
            raise self.err(f"unexpected '{text}'", col, hint="a line may end with 'rolled' and the dice, e.g. rolled 3 4 6")
        values = toks[i + 1 :]
        if not values:
            raise self.err("'rolled' needs the dice that were rolled, e.g. rolled 3 4 6", col)
        if len(values) > MAX_DICE:
            raise self.err(f"at most {MAX_DICE} dice can be rolled, got {len(values)}", values[0][0])
        return tuple(self.number(v, "a die", 1, sides) for v in values)

    def parse(self) -> Sheet:
        d = self.data
        headers: dict[str, Any] = {}
        header_lines: dict[str, int] = {}
        players: list[dict] = []
        for self.lineno, raw in enumerate(self.text.splitlines(), start=1):
            line = raw.split("#", 1)[0].rstrip()
            if not line.strip():
                continue
            indent = len(line) - len(line.lstrip())
            body = line.strip()
            m = _HEADER.match(body)
            if m:
                key = m.group(1).lower()
                value = m.group(2).strip()
                vcol = indent + m.start(2) + 1
                if key == "player":
                    if not value:
                        raise self.err("the player needs a name, e.g. 'player: Anna'", indent + 1)
                    if len(value) > 40:
                        raise self.err("a player's name is at most 40 characters", vcol)
                    if len(players) == MAX_PLAYERS:
                        raise self.err(f"at most {MAX_PLAYERS} players can play (one per corner)", indent + 1)
                    names = [p["name"].lower() for p in players]
                    if value.lower() in names:
                        raise self.err(f"the player '{value}' is named twice", vcol, hint="give each player a different name")
                    players.append({"name": value, "line": self.lineno, "turns": []})
                    continue
                if key not in ("size", "turns", "dice", "capture"):
                    raise self.err(
                        f"unknown setting '{m.group(1)}'",
                        indent + 1,
                        hint=did_you_mean(key, ["size", "turns", "dice", "capture", "player"])
                        or "settings are size, turns, dice and capture; then 'player: NAME'",
                    )
                if players:
                    raise self.err(f"'{key}:' must come before the first player", indent + 1)
                if key in headers:
                    raise self.err(f"'{key}:' is given twice (first on line {header_lines[key]})", indent + 1)
                headers[key] = self.header(key, value, vcol)
                header_lines[key] = self.lineno
                continue
            toks = [(indent + mm.start() + 1, mm.group()) for mm in _TOKEN.finditer(body)]
            if not toks:
                raise self.err(f"expected a setting, 'player: NAME', a box or a shelf, got '{body}'", indent + 1)
            word = toks[0][1].lower()
            if word not in ("box", "shelf"):
                raise self.err(
                    f"expected a setting, 'player: NAME', a box or a shelf, got '{toks[0][1]}'",
                    toks[0][0],
                    hint=did_you_mean(word, ["box", "shelf", "player", "size", "turns", "dice", "capture"])
                    or "a box reads 'box 3x4 at C5'; a shelf 'shelf 2 right from C5 top-left'",
                )
            if not players:
                raise self.err(f"a {word} must follow a 'player: NAME' line", toks[0][0])
            size = headers.get("size", d.size)
            sides = headers.get("dice", (d.dice, d.sides))[1]
            turn = self.box(toks, size, sides) if word == "box" else self.shelf(toks, size, sides)
            players[-1]["turns"].append(turn)
        if len(players) < MIN_PLAYERS:
            self.lineno = max(self.lineno, 1)
            raise InputError(
                f"a Shelving Wars sheet needs {MIN_PLAYERS} to {MAX_PLAYERS} players, found {len(players)}",
                file=self.source,
                line=players[0]["line"] if players else None,
                hint="start each player's boxes with a line 'player: NAME'",
            )
        dice, sides = headers.get("dice", (d.dice, d.sides))
        return Sheet(
            size=headers.get("size", d.size),
            turns=headers.get("turns", d.turns),
            dice=dice,
            sides=sides,
            capture=headers.get("capture", False),
            players=tuple(Player(p["name"], tuple(p["turns"]), line=p["line"]) for p in players),
        )

    def header(self, key: str, value: str, col: int) -> Any:
        if key == "size":
            return self.number((col, value), "the battlefield size", MIN_SIZE, MAX_SIZE)
        if key == "turns":
            return self.number((col, value), "the number of turns", 1, MAX_TURNS)
        if key == "dice":
            m = _DICE.match(value)
            if not m:
                raise self.err(f"expected dice such as 3d6 (count d sides), got '{value}'", col)
            if len(m.group(1)) > 3 or len(m.group(2)) > 4:
                raise self.err(f"'{value}' is too many dice or sides", col)
            count, sides = int(m.group(1)), int(m.group(2))
            if not MIN_DICE <= count <= MAX_DICE:
                raise self.err(f"the number of dice must be from {MIN_DICE} to {MAX_DICE}, got {count}", col)
            if not MIN_SIDES <= sides <= MAX_SIDES:
                raise self.err(f"a die must have {MIN_SIDES} to {MAX_SIDES} sides, got {sides}", col)
            return count, sides
        v = value.lower()
        if v in ("yes", "on", "true"):
            return True
        if v in ("no", "off", "false"):
            return False
        raise self.err(f"capture: expected yes or no, got '{value}'", col)

    def box(self, toks: list[tuple[int, str]], size: int, sides: int) -> Box:
        # box HxW at SQUARE [CORNER] [rolled D D D]; also "box H x W at ..."
        toks = list(toks)
        if len(toks) >= 4 and toks[2][1].lower() in ("x", "×"):
            toks[1:4] = [(toks[1][0], f"{toks[1][1]}x{toks[3][1]}")]
        if len(toks) < 2:
            raise self.err("a box needs its height and width, e.g. 'box 3x4 at C5'", toks[0][0])
        m = _DIMS.match(toks[1][1])
        if not m:
            raise self.err(f"expected the box's height x width such as 3x4, got '{toks[1][1]}'", toks[1][0])
        h = self.number((toks[1][0], m.group(1)), "the height")
        w = self.number((toks[1][0], m.group(2)), "the width")
        if len(toks) < 4 or toks[2][1].lower() != "at":
            col = toks[2][0] if len(toks) > 2 else toks[1][0] + len(toks[1][1]) + 1
            raise self.err("expected 'at' and a square after the box's size, e.g. 'box 3x4 at C5'", col)
        r, c = self.square(toks[3], size)
        i = 4
        corner = "top-left"
        if i < len(toks) and toks[i][1].lower() != "rolled":
            corner = self.corner(toks[i])
            i += 1
        rolled = self.rolled(toks, i, sides)
        if corner.startswith("bottom"):
            r -= h - 1
        if corner.endswith("right"):
            c -= w - 1
        return Box(r, c, h, w, rolled, line=self.lineno)

    def shelf(self, toks: list[tuple[int, str]], size: int, sides: int) -> Shelf:
        # shelf LENGTH DIRECTION from SQUARE CORNER [rolled D D D]
        example = "e.g. 'shelf 3 right from C5 bottom-left'"
        if len(toks) < 6:
            raise self.err(f"a shelf needs its length, direction, 'from', a square and a corner, {example}", toks[0][0])
        length = self.number(toks[1], "the shelf's length")
        dcol, dtext = toks[2]
        if dtext.lower() not in _DIRECTIONS:
            raise self.err(
                f"expected a direction (up, down, left or right), got '{dtext}'",
                dcol,
                hint=did_you_mean(dtext.lower(), list(_DIRECTIONS)),
            )
        dx, dy = _DIRECTIONS[dtext.lower()]
        if toks[3][1].lower() != "from":
            raise self.err(f"expected 'from' after the direction, got '{toks[3][1]}'", toks[3][0], hint=example)
        r, c = self.square(toks[4], size)
        corner = self.corner(toks[5])
        x = c + (1 if corner.endswith("right") else 0)
        y = r + (1 if corner.startswith("bottom") else 0)
        rolled = self.rolled(toks, 6, sides)
        return Shelf(x, y, dx, dy, length, rolled, line=self.lineno)


# ---------------------------------------------------------------- formatting


def _box_text(box: Box, corner: str, size: int) -> str:
    """The box anchored at the player's own corner of it when that square is on the battlefield (so a
    player in the bottom-right corner reads bottom-right squares), else at a corner that is."""
    for cn in (corner,) + CORNERS:
        r = box.row + (box.h - 1 if cn.startswith("bottom") else 0)
        c = box.col + (box.w - 1 if cn.endswith("right") else 0)
        if 0 <= r < size and 0 <= c < size:
            corner = cn
            break
    text = f"box {box.h}x{box.w} at {square_name(r, c)}"
    if corner != "top-left":
        text += f" {corner}"
    if box.rolled:
        text += " rolled " + " ".join(map(str, box.rolled))
    return text


def _shelf_text(shelf: Shelf, size: int) -> str:
    text = f"shelf {shelf.length} {_DIRECTION_NAMES[(shelf.dx, shelf.dy)]} from {_point_name(shelf.x, shelf.y, size)}"
    if shelf.rolled:
        text += " rolled " + " ".join(map(str, shelf.rolled))
    return text


def format_sheet(sheet: Sheet, data: Data) -> str:
    lines = [
        "# Shelving Wars sheet (docs/formats/shelving-wars.md)",
        f"size: {sheet.size}",
        f"turns: {sheet.turns}",
        f"dice: {sheet.dice}d{sheet.sides}",
        f"capture: {'yes' if sheet.capture else 'no'}",
    ]
    for k, p in enumerate(sheet.players):
        corner = data.corners[k]
        lines += ["", f"player: {p.name}"]
        for t in p.turns:
            lines.append(_box_text(t, corner, sheet.size) if isinstance(t, Box) else _shelf_text(t, sheet.size))
    return "\n".join(lines) + "\n"


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


def _dice_text(dice: tuple[int, ...]) -> str:
    return ", ".join(map(str, dice))


# ---------------------------------------------------------------- checking


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
            out.append(("grid", f"the {box.h} × {box.w} box at {_safe_box_label(box, size)} leaves the {size} × {size} battlefield"))
        own = self.own_boxes(k)
        if not own:
            cr, cc = corner_square(self.corners[k], size)
            if not (box.row <= cr < box.row + box.h and box.col <= cc < box.col + box.w):
                out.append((
                    "corner",
                    f"the first box must start in the {self.corners[k]} corner (square {square_name(cr, cc)}); "
                    f"this one covers {_safe_box_label(box, size)}",
                ))
        elif not any(joins(box, old) for old in own):
            if any(set(_shelf_points(s.item)) & box.corners() for s in self.shelves if s.player == k):  # type: ignore[arg-type]
                out.append((
                    "floating-shelf",
                    "is built off a floating shelf; a box must join one of the player's boxes "
                    "(a shared corner and part of a shared side)",
                ))
            else:
                out.append((
                    "join",
                    "does not join any of the player's earlier boxes: it must share a corner and part of a side "
                    "with one of them",
                ))
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


def _order(sheet: Sheet) -> list[tuple[int, int, int]]:
    """Play order: (turn index, player index, index in that player's list), round by round."""
    longest = max((len(p.turns) for p in sheet.players), default=0)
    return [(t, k, t) for t in range(longest) for k, p in enumerate(sheet.players) if t < len(p.turns)]


def check_sheet(sheet: Sheet, data: Data, schedule: Any | None) -> list[Problem]:
    problems: list[Problem] = []
    corners = data.corners
    board = _Board(sheet, corners)
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
        where = f"{player.name} (player {k + 1}), {kind} {number}"
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
            found += _roll_problems(item, dims, item.rolled, f"the roll {_dice_text(item.rolled)}")
        rolled = roll_for(k, t)
        if rolled is not None:
            if item.rolled and sorted(item.rolled) != sorted(rolled):
                found.append(("schedule", f"is written as rolled {_dice_text(item.rolled)}, but turn {t + 1} rolled {_dice_text(rolled)}"))
            found += _roll_problems(item, dims, rolled, f"turn {t + 1} rolled {_dice_text(rolled)}")
        for rule, message in found:
            problems.append(Problem(where, message, rule, item.line))
        board.add(_Placed(k, number, item))

    # a player who stopped before the last turn must have been unable to place a box
    if end is not None and schedule is not None:
        et, ek = end
        # rebuild the board as it stood at that moment
        stuck_board = _Board(sheet, corners)
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


def _roll_problems(item: Turn, dims: tuple[int, int] | None, dice: tuple[int, ...], said: str) -> list[tuple[str, str]]:
    if dims is not None:
        h, w = dims
        if not _dice_fit(h, w, dice):
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
    size = sheet.size
    covered: set[tuple[int, int]] = set()
    mine: set[tuple[int, int]] = set()
    for j, p in enumerate(sheet.players):
        for b in p.boxes:
            sq = set(b.squares(size))
            covered |= sq
            if j == k:
                mine |= sq
    walls: set[tuple[int, int, str]] = set()
    for s in sheet.players[k].shelves:
        walls |= set(s.units())
    start: set[tuple[int, int]] = set()
    for j, p in enumerate(sheet.players):
        if j == k:
            continue
        start.add(corner_square(corners[j], size))
        for b in p.boxes:
            start |= set(b.squares(size))
    start -= mine
    seen = set(start)
    todo = deque(start)
    while todo:
        r, c = todo.popleft()
        for nr, nc, wall in (
            (r - 1, c, (c, r, "h")),
            (r + 1, c, (c, r + 1, "h")),
            (r, c - 1, (c, r, "v")),
            (r, c + 1, (c + 1, r, "v")),
        ):
            if 0 <= nr < size and 0 <= nc < size and (nr, nc) not in seen and (nr, nc) not in mine and wall not in walls:
                seen.add((nr, nc))
                todo.append((nr, nc))
    return {(r, c) for r in range(size) for c in range(size)} - covered - seen


def _signed(v: float) -> str:
    return f"+{_num(v)}" if v >= 0 else f"−{_num(-v)}"


def _plain(v: float) -> str:
    return f"{_num(v)}" if v >= 0 else f"−{_num(-v)}"


def score_sheet(sheet: Sheet, data: Data) -> Score:
    players_out = []
    report: list[str] = []
    corners = data.corners
    for k, p in enumerate(sheet.players):
        corner = corners[k] if k < len(corners) else "?"
        running = 0
        boxes = []
        report.append(f"{p.name} (player {k + 1}, {corner} corner)")
        report.append("  box   h × w = area     total   − (h + w)   total")
        for n, b in enumerate(p.boxes, start=1):
            running += b.area
            after_area = running
            running -= b.cost
            boxes.append({
                "box": n, "square": square_name(b.row, b.col) if 0 <= b.row < sheet.size and 0 <= b.col < sheet.size else None,
                "h": b.h, "w": b.w, "area": b.area, "total_after_area": after_area,
                "cost": b.cost, "total": running,
            })
            sign = "+" if n > 1 else " "
            report.append(
                f"  {n:>3}   {f'{b.h} × {b.w} = {sign}{b.area}':<14} = {_plain(after_area):>5}"
                f"   {'− ' + str(b.cost):>9}   = {_plain(running):>5}"
            )
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
        players_out.append({
            "name": p.name,
            "corner": corner,
            "boxes": boxes,
            "boxes_total": before,
            "shelves": shelves,
            "shelf_cost": shelf_cost,
            "capture_squares": squares if sheet.capture else None,
            "capture": _num(capture) if sheet.capture else None,
            "total": _num(total),
        })
    breakdown = {
        "size": sheet.size,
        "turns": sheet.turns,
        "dice": f"{sheet.dice}d{sheet.sides}",
        "capture": sheet.capture,
        "players": players_out,
    }
    return Score(
        total=players_out[0]["total"] if players_out else 0,
        breakdown=breakdown,
        report="\n".join(report).rstrip() + "\n",
        players=[{"name": p["name"], "total": p["total"]} for p in players_out],
    )


# ---------------------------------------------------------------- the game


def _data(data: Any) -> Data:
    return data if isinstance(data, Data) else DEFAULT_DATA


def _layout_data(layout: Any) -> Data:
    return _data(getattr(layout, "data", None))


class ShelvingWars(Game):
    slug = "shelving-wars"
    title = "Shelving Wars"
    summary = "build shelving boxes from your corner with three dice; area minus sides, capture what you wall off"
    players = (MIN_PLAYERS, MAX_PLAYERS)
    print_options = frozenset({"size", "turns", "dice", "sides"})
    can_score = True

    # ---- layout
    def load_data(self, node: Any) -> Data:
        if node is None:
            raise InputError(
                "the shelving-wars layout needs a 'data' section",
                hint="give at least data.size and data.size-reason",
            )
        return _read_data(node)

    def element_types(self) -> dict[str, ElementType]:
        from rollwrite.games.shelving_wars_sheet import element_types

        return element_types()

    def vary(self, layout: Any, options: dict[str, int | None], players: int) -> Any:
        unknown = sorted(k for k, v in options.items() if v is not None and k not in self.print_options)
        if unknown:
            raise UsageError(f"{self.slug} has no --{unknown[0]} option", hint="options: --size, --turns, --dice, --sides")
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise UsageError(
                f"Shelving Wars is for {MIN_PLAYERS} to {MAX_PLAYERS} players (one per corner), not {players}"
            )
        d = _layout_data(layout)
        limits = {
            "size": (MIN_SIZE, MAX_SIZE, "the battlefield size"),
            "turns": (1, MAX_TURNS, "the number of turns"),
            "dice": (MIN_DICE, MAX_DICE, "the number of dice"),
            "sides": (MIN_SIDES, MAX_SIDES, "the number of sides of a die"),
        }
        changes: dict[str, int] = {}
        for key, (lo, hi, what) in limits.items():
            v = options.get(key)
            if v is None:
                continue
            if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
                raise UsageError(f"--{key}: {what} must be from {lo} to {hi}, got {v}")
            changes[key] = v
        new = dataclasses.replace(d, players=players, **changes)
        out = dataclasses.replace(layout, data=new)
        dice = getattr(layout, "dice", None)
        if dice is not None:
            out = dataclasses.replace(out, dice=self._spec(dice, new.dice, new.sides, new.turns, players))
        return out

    @staticmethod
    def _spec(base: Any, count: int, sides: int, turns: int, players: int) -> Any:
        from rollwrite.dice import DiceSpec

        groups = tuple(f"Player {k}" for k in range(1, players + 1))
        if base is None:
            return DiceSpec(count=count, sides=sides, turns=turns, groups=groups)
        return dataclasses.replace(base, count=count, sides=sides, turns=turns, groups=groups)

    def dice_spec(self, layout: Any, players: int) -> Any:
        d = _layout_data(layout)
        return self._spec(getattr(layout, "dice", None), d.dice, d.sides, d.turns, players)

    def score_dice_spec(self, layout: Any, sheet: Any) -> Any:
        if not isinstance(sheet, Sheet):
            return self.dice_spec(layout, 2)
        return self._spec(getattr(layout, "dice", None), sheet.dice, sheet.sides, sheet.turns, len(sheet.players))

    def sheets(self, players: int) -> int:
        """One battlefield is shared by all the players at the table."""
        return 1

    # ---- typed-in sheets
    def parse(self, text: str, source: str, data: Any) -> Sheet:
        return _Parser(text, source, _data(data)).parse()

    def format(self, sheet: Sheet, data: Any) -> str:
        return format_sheet(sheet, _data(data))

    def check(self, sheet: Sheet, data: Any, schedule: Any | None) -> list[Problem]:
        return check_sheet(sheet, _data(data), schedule)

    def score(self, sheet: Sheet, data: Any) -> Score:
        return score_sheet(sheet, _data(data))
