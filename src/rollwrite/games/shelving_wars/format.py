"""Shelving Wars' typed-in sheet: the data model, parsing and formatting (docs/formats/shelving-wars.md).

A box is its top-left square plus height (rows) and width (columns).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from collections.abc import Iterator
from typing import Any, Union

from rollwrite.errors import InputError, did_you_mean, raise_all
from rollwrite.files import die_message, is_digits
from rollwrite.games.sheettext import Token, grid_name, header, lines as text_lines, read_grid_name, tokens, uncomment
from rollwrite.games.shelving_wars.data import (
    CORNER_ALIASES, CORNERS, DIRECTION_NAMES, DIRECTIONS, MAX_DICE, MAX_NUMBER, MAX_PLAYERS, MAX_SIDES, MAX_SIZE,
    MAX_TURNS, MIN_DICE, MIN_PLAYERS, MIN_SIDES, MIN_SIZE, Data,
)

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
    return grid_name(col, row)


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


def safe_box_label(box: Box, size: int) -> str:
    if 0 <= box.row and 0 <= box.col and box.row + box.h <= size and box.col + box.w <= size:
        return box_label(box)
    return f"rows {box.row + 1}–{box.row + box.h}, columns {box.col + 1}–{box.col + box.w}"


# ---------------------------------------------------------------- parsing

_DIMS = re.compile(r"^([0-9]+)[x×]([0-9]+)$", re.IGNORECASE)
_DICE = re.compile(r"^([0-9]+)\s*d\s*([0-9]+)$", re.IGNORECASE)

_FORMAT_HINT = "see docs/formats/shelving-wars.md"
# a box line as the formatter writes it, with one-digit sizes and dice: read without the tokens
_WRITTEN_BOX = re.compile(
    r"box ([0-9])x([0-9]) at ([A-Z])([0-9]{1,2})(?: (top-right|bottom-left|bottom-right))?(?: rolled ((?:[0-9] )*[0-9]))?"
)


class _Parser:
    def __init__(self, text: str, source: str, data: Data) -> None:
        self.text = text
        self.source = source
        self.data = data
        self.lineno = 0

    def written_box(self, m: re.Match, size: int, sides: int) -> Box | None:
        """The box of a line matching ``_WRITTEN_BOX``, or None when any of its values is out of range
        (then the general reading says what is wrong)."""
        h, w = int(m[1]), int(m[2])
        c, r = ord(m[3]) - 65, int(m[4]) - 1
        if not (1 <= h <= sides and 1 <= w <= sides and c < size and 0 <= r < size):
            return None
        rolled: tuple[int, ...] = ()
        if m[6] is not None:
            rolled = tuple(map(int, m[6].split(" ")))
            if len(rolled) > MAX_DICE or not all(1 <= v <= sides for v in rolled):
                return None
        corner = m[5]
        if corner is not None:
            if corner.startswith("bottom"):
                r -= h - 1
            if corner.endswith("right"):
                c -= w - 1
        return Box(r, c, h, w, rolled, line=self.lineno)

    def err(self, message: str, col: int = 1, hint: str | None = None) -> InputError:
        return InputError(message, file=self.source, line=self.lineno, col=col, hint=hint)

    def number(self, tok: Token, what: str, minimum: int = 1, maximum: int = MAX_NUMBER) -> int:
        text, col = tok
        if not is_digits(text):
            raise self.err(f"expected {what} (a whole number), got '{text}'", col)
        if len(text) > 4 or not minimum <= int(text) <= maximum:
            raise self.err(f"{what} must be from {minimum} to {maximum}, got {text}", col)
        return int(text)

    def face(self, tok: Token, what: str, sides: int) -> int:
        """A number that is a die value: 1 to ``sides`` (anything else is unreadable, like in every game)."""
        text, col = tok
        if not is_digits(text):
            raise self.err(f"expected {what} (a whole number), got '{text}'", col)
        if len(text) > 4 or not 1 <= int(text) <= sides:
            raise self.err(die_message(text, sides, what), col, hint=f"the dice are {sides}-sided ('dice:' line)")
        return int(text)

    def square(self, tok: Token, size: int) -> tuple[int, int]:
        text, col = tok
        named = read_grid_name(text)
        if named is None:
            raise self.err(
                f"expected a square such as C4 (column letter, row number), got '{text}'", col, hint=_FORMAT_HINT
            )
        c, r = named
        if c >= size or not 0 <= r < size:
            last = square_name(size - 1, size - 1)
            raise self.err(f"the square {text.upper()} is not on the {size} × {size} battlefield (A1 to {last})", col)
        return r, c

    def corner(self, tok: Token) -> str:
        text, col = tok
        name = CORNER_ALIASES.get(text.lower())
        if name is None:
            raise self.err(
                f"expected a corner (top-left, top-right, bottom-left or bottom-right), got '{text}'",
                col,
                hint=did_you_mean(text.lower(), list(CORNER_ALIASES)),
            )
        return name

    def rolled(self, toks: list[Token], i: int, sides: int) -> tuple[int, ...]:
        """Reads an optional ``rolled 3 4 6`` from token i to the end of the line."""
        if i >= len(toks):
            return ()
        text, col = toks[i]
        if text.lower() != "rolled":
            raise self.err(f"unexpected '{text}'", col, hint="a line may end with 'rolled' and the dice, e.g. rolled 3 4 6")
        values = toks[i + 1 :]
        if not values:
            raise self.err("'rolled' needs the dice that were rolled, e.g. rolled 3 4 6", col)
        if len(values) > MAX_DICE:
            raise self.err(f"at most {MAX_DICE} dice can be rolled, got {len(values)}", values[0][1])
        return tuple(self.face(v, "a die", sides) for v in values)

    def parse(self) -> Sheet:
        d = self.data
        headers: dict[str, Any] = {}
        header_lines: dict[str, int] = {}
        players: list[dict] = []
        errors: list[InputError] = []
        for self.lineno, raw in enumerate(text_lines(self.text), start=1):
            line = (uncomment(raw) if "#" in raw else raw).rstrip()
            body = line.lstrip()
            if not body:
                continue
            indent = len(line) - len(body)
            if players and body[:4] == "box ":
                wm = _WRITTEN_BOX.fullmatch(body)
                if wm is not None:
                    box = self.written_box(wm, headers.get("size", d.size), headers.get("dice", (d.dice, d.sides))[1])
                    if box is not None:
                        players[-1]["turns"].append(box)
                        continue
            setting = header(line) if ":" in body else None
            if setting is not None:
                self.setting(setting, indent, headers, header_lines, players)
                continue
            toks = tokens(line)
            if not toks:
                raise self.err(f"expected a setting, 'player: NAME', a box or a shelf, got '{body}'", indent + 1)
            word = toks[0][0].lower()
            if word not in ("box", "shelf"):
                if players:  # a player's turns are read one by one: every unreadable turn is reported
                    errors.append(self.err(
                        f"expected a setting, 'player: NAME', a box or a shelf, got '{toks[0][0]}'", toks[0][1],
                        hint=did_you_mean(word, ["box", "shelf"]) or "a box reads 'box 3x4 at C5'"))
                    continue
                raise self.err(
                    f"expected a setting, 'player: NAME', a box or a shelf, got '{toks[0][0]}'",
                    toks[0][1],
                    hint=did_you_mean(word, ["box", "shelf", "player", "size", "turns", "dice", "capture"])
                    or "a box reads 'box 3x4 at C5'; a shelf 'shelf 2 right from C5 top-left'",
                )
            if not players:
                raise self.err(f"a {word} must follow a 'player: NAME' line", toks[0][1])
            size = headers.get("size", d.size)
            sides = headers.get("dice", (d.dice, d.sides))[1]
            try:
                turn = self.box(toks, size, sides) if word == "box" else self.shelf(toks, size, sides)
            except InputError as error:
                errors.append(error)
                continue
            players[-1]["turns"].append(turn)
        raise_all(errors)
        if not players:  # one player alone is a solo puzzle's sheet (rollwrite puzzle)
            raise InputError(  # where the first 'player:' line would go: after the settings
                f"a Shelving Wars sheet needs 1 player (a solo puzzle) or {MIN_PLAYERS} to {MAX_PLAYERS}, found none",
                file=self.source, line=max(self.lineno, 1), col=1,
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

    def setting(self, setting: tuple[str, int, str, int], indent: int, headers: dict[str, Any],
                header_lines: dict[str, int], players: list[dict]) -> None:
        """A ``key: value`` line: a setting (before the first player) or the start of a player's turns."""
        written, _kcol, value, vcol = setting
        key = written.lower()
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
            return
        if key not in ("size", "turns", "dice", "capture"):
            raise self.err(
                f"unknown setting '{written}'",
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

    def header(self, key: str, value: str, col: int) -> Any:
        if key == "size":
            return self.number((value, col), "the battlefield size", MIN_SIZE, MAX_SIZE)
        if key == "turns":
            return self.number((value, col), "the number of turns", 1, MAX_TURNS)
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

    def box(self, toks: list[Token], size: int, sides: int) -> Box:
        # box HxW at SQUARE [CORNER] [rolled D D D]; also "box H x W at ..."
        toks = list(toks)
        w_col = 0  # the width's column, when it is a word of its own
        if len(toks) >= 4 and toks[2][0].lower() in ("x", "×"):
            w_col = toks[3][1]
            toks[1:4] = [(f"{toks[1][0]}x{toks[3][0]}", toks[1][1])]
        if len(toks) < 2:
            raise self.err("a box needs its height and width, e.g. 'box 3x4 at C5'", toks[0][1])
        m = _DIMS.match(toks[1][0])
        if not m:
            raise self.err(f"expected the box's height x width such as 3x4, got '{toks[1][0]}'", toks[1][1])
        h = self.face((m.group(1), toks[1][1]), "the height", sides)
        w = self.face((m.group(2), w_col or toks[1][1] + m.start(2)), "the width", sides)
        if len(toks) < 4 or toks[2][0].lower() != "at":
            col = toks[2][1] if len(toks) > 2 else toks[1][1] + len(toks[1][0]) + 1
            raise self.err("expected 'at' and a square after the box's size, e.g. 'box 3x4 at C5'", col)
        r, c = self.square(toks[3], size)
        i = 4
        corner = "top-left"
        if i < len(toks) and toks[i][0].lower() != "rolled":
            corner = self.corner(toks[i])
            i += 1
        rolled = self.rolled(toks, i, sides)
        if corner.startswith("bottom"):
            r -= h - 1
        if corner.endswith("right"):
            c -= w - 1
        return Box(r, c, h, w, rolled, line=self.lineno)

    def shelf(self, toks: list[Token], size: int, sides: int) -> Shelf:
        # shelf LENGTH DIRECTION from SQUARE CORNER [rolled D D D]
        example = "e.g. 'shelf 3 right from C5 bottom-left'"
        if len(toks) < 6:
            raise self.err(f"a shelf needs its length, direction, 'from', a square and a corner, {example}", toks[0][1])
        length = self.face(toks[1], "the shelf's length", sides)
        dtext, dcol = toks[2]
        if dtext.lower() not in DIRECTIONS:
            raise self.err(
                f"expected a direction (up, down, left or right), got '{dtext}'",
                dcol,
                hint=did_you_mean(dtext.lower(), list(DIRECTIONS)),
            )
        dx, dy = DIRECTIONS[dtext.lower()]
        if toks[3][0].lower() != "from":
            raise self.err(f"expected 'from' after the direction, got '{toks[3][0]}'", toks[3][1], hint=example)
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
    text = f"shelf {shelf.length} {DIRECTION_NAMES[(shelf.dx, shelf.dy)]} from {_point_name(shelf.x, shelf.y, size)}"
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


def parse_sheet(text: str, source: str, data: Data) -> Sheet:
    """Read a typed-in Shelving Wars sheet; an InputError names the line and column of a mistake.
    Box lines as the formatter writes them (``box 3x4 at C5``, one space apart) are read by one regular
    expression, any other line token by token."""
    return _Parser(text, source, data).parse()
