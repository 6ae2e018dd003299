"""Lines & Sections: the typed-in game, read and written (docs/formats/lines-and-sections.md).

A game is typed as a few ``key: value`` lines::

    size: 4
    players: Ann, Bob
    path: A1 B1 B2 C2 C3 ...        (may go on over several path: lines)
    shade: B2 Bob                   (one shading move per line; the player's name is optional)

Points are named as the sheet prints them on the grid's edges: a column letter (A for the left edge)
and a row number (1 for the top edge), so ``C2`` is the third point from the left on the second line
from the top.  A square is named by its top-left corner, so the squares of an n×n board run from A1 to
the letter and number one short of the last point.  Internally a point is ``(x, y)`` with 0 <= x, y <= n.

Nothing here draws or referees: parse -> :class:`Game` -> format, and ``format`` gives text that parses
back to the same game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rollwrite.errors import InputError, did_you_mean, raise_all
from rollwrite.games.lines_and_sections.data import MAX_PLAYERS, MAX_SIZE, MIN_PLAYERS, MIN_SIZE
from rollwrite.games.sheettext import column_letter, grid_name, header, lines, read_grid_name, tokens, uncomment

Point = tuple[int, int]

FORMAT_HINT = "see docs/formats/lines-and-sections.md"
MAX_NAME = 40
MAX_PATH = 2 * MAX_SIZE * (MAX_SIZE + 1) + 1  # a path never has more points than the board has segments + 1
MAX_SHADES = 1000
MAX_LINE = 400  # characters on one line (as for every typed-in sheet)


letter = column_letter  # a column's letter, A for the left edge


def point_name(p: Point) -> str:
    """``C2`` for (2, 1)."""
    return grid_name(p[0], p[1])


def square_name(c: Point) -> str:
    """A square by its top-left corner: the square (column 2, row 1) is ``C2``."""
    return point_name(c)


@dataclass(frozen=True)
class Shade:
    """One shading move: a square inside the section shaded, and (when typed) who shaded it."""

    square: Point
    player: str | None = None
    line: int | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Game:
    """A typed-in game or position: the board size, the players in turn order, the path's points in
    the order it visits them, and the shading moves in order."""

    size: int
    players: tuple[str, ...]
    path: tuple[Point, ...] = ()
    shades: tuple[Shade, ...] = ()
    path_lines: tuple[int, ...] = field(default=(), compare=False)  # the line each point was typed on
    path_cols: tuple[int, ...] = field(default=(), compare=False)

    def where_point(self, i: int) -> tuple[int | None, int | None]:
        line = self.path_lines[i] if i < len(self.path_lines) else None
        col = self.path_cols[i] if i < len(self.path_cols) else None
        return line, col


# ---------------------------------------------------------------- parsing

_ARROWED = re.compile(r"[^-–>]+")  # the points of a word such as A1->B1 (or A1–B1)
KEYS = ("size", "players", "path", "shade")


class _Parser:
    def __init__(self, text: str, source: str) -> None:
        self.text = text
        self.source = source
        self.lineno = 0

    def err(self, message: str, col: int = 1, hint: str | None = FORMAT_HINT) -> InputError:
        return InputError(message, file=self.source, line=self.lineno, col=col, hint=hint)

    def point(self, text: str, col: int, size: int | None, what: str, squares: bool = False) -> Point:
        named = read_grid_name(text)
        if named is None:
            example = "B3" if squares else "C2"
            raise self.err(
                f"expected {what} such as {example} (a column letter and a row number), got '{text}'", col
            )
        x, y = named
        assert size is not None
        top = size - 1 if squares else size
        if not (0 <= x <= top and 0 <= y <= top):
            if squares:
                room = f"squares run from A1 to {point_name((top, top))}, each named by its top-left corner"
            else:
                room = f"points run from A1 to {point_name((top, top))}"
            raise self.err(f"{text} is not {what} of a {size}×{size} board: {room}", col)
        return x, y

    def parse(self) -> Game:
        size: int | None = None
        players: tuple[str, ...] | None = None
        path: list[Point] = []
        path_lines: list[int] = []
        path_cols: list[int] = []
        shades: list[Shade] = []
        seen: dict[str, int] = {}
        errors: list[InputError] = []
        for self.lineno, raw in enumerate(lines(self.text), start=1):
            if len(raw) > MAX_LINE:
                raise self.err(f"the line is {len(raw)} characters long; the most is {MAX_LINE}",
                               hint="break the path over several 'path:' lines")
            line = (uncomment(raw) if "#" in raw else raw).rstrip()
            if not line.strip():
                continue
            indent = len(line) - len(line.lstrip())
            m = header(line)
            if not m:
                raise self.err(f"expected 'key: value' (one of {', '.join(KEYS)}), got '{line.strip()[:40]}'",
                               indent + 1)
            written, _kcol, value, vcol = m
            key = written.lower()
            if key not in KEYS:
                hint = did_you_mean(key, KEYS) or f"the keys are {', '.join(KEYS)}; {FORMAT_HINT}"
                raise self.err(f"unknown key '{written}'", indent + 1, hint=hint)
            if key in ("size", "players") and key in seen:
                raise self.err(f"'{key}' is given twice (first on line {seen[key]})", indent + 1)
            if key in ("path", "shade") and (size is None or players is None):
                missing = "size" if size is None else "players"
                raise self.err(f"'{key}' comes before '{missing}'", indent + 1,
                               hint="give 'size:' and 'players:' first")
            seen.setdefault(key, self.lineno)
            if key == "size":
                size = self.size(value, vcol)
            elif key == "players":
                players = self.players(value, vcol)
            elif key == "path":
                if shades:
                    raise self.err("a 'path:' line after the shading has begun", indent + 1,
                                   hint="the path is drawn first; put every 'path:' line before the 'shade:' lines")
                assert size is not None
                for word, wcol in tokens(value, vcol):
                    for sub in _ARROWED.finditer(word):
                        col = wcol + sub.start()
                        if len(path) >= MAX_PATH:
                            raise self.err(f"the path has more than {MAX_PATH} points, more than any "
                                           f"board up to {MAX_SIZE}×{MAX_SIZE} allows", col)
                        try:  # every unreadable point and shading move is reported, in one run
                            path.append(self.point(sub.group(0), col, size, "a point"))
                        except InputError as error:
                            errors.append(error)
                            continue
                        path_lines.append(self.lineno)
                        path_cols.append(col)
            else:
                assert size is not None and players is not None
                if len(shades) >= MAX_SHADES:
                    raise self.err(f"more than {MAX_SHADES} shading moves", indent + 1)
                try:
                    shades.append(self.shade(value, vcol, size))
                except InputError as error:
                    errors.append(error)
        raise_all(errors)
        if size is None:
            self.lineno = max(self.lineno, 1)
            raise InputError("the game gives no 'size:' line", file=self.source, line=1, col=1,
                             hint="start with e.g. 'size: 5' for a 5×5 board; " + FORMAT_HINT)
        if players is None:
            raise InputError("the game gives no 'players:' line", file=self.source, line=1, col=1,
                             hint="e.g. 'players: Ann, Bob' in turn order; " + FORMAT_HINT)
        return Game(size, players, tuple(path), tuple(shades), tuple(path_lines), tuple(path_cols))

    def size(self, value: str, col: int) -> int:
        v = value.strip()
        m = re.fullmatch(r"([0-9]{1,3})(?:\s*[x×]\s*([0-9]{1,3}))?", v)
        if not m or (m.group(2) is not None and m.group(2) != m.group(1)):
            raise self.err(f"expected the board size as a whole number such as 5 (for 5×5), got '{v}'", col)
        n = int(m.group(1))
        if not MIN_SIZE <= n <= MAX_SIZE:
            raise self.err(f"the board size must be from {MIN_SIZE} to {MAX_SIZE}, got {n}", col)
        return n

    def players(self, value: str, col: int) -> tuple[str, ...]:
        names = [p.strip() for p in value.split(",")]
        if any(not n for n in names):
            raise self.err("a player's name is empty", col, hint="write the names in turn order, separated by commas")
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise self.err(f"the game is for {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(names)}", col)
        folded: dict[str, str] = {}
        for n in names:
            if len(n) > MAX_NAME:
                raise self.err(f"the name '{n[:20]}...' is longer than {MAX_NAME} characters", col)
            if not all(c.isprintable() for c in n):
                raise self.err(f"the name {n!r} contains a control character", col)
            if n.casefold() in folded:
                raise self.err(f"two players are called '{n}'", col, hint="give every player a different name")
            folded[n.casefold()] = n
        return tuple(names)

    def shade(self, value: str, col: int, size: int) -> Shade:
        v = value.strip()
        if not v:
            raise self.err("'shade:' names no square", col,
                           hint="write the square (by its top-left corner) inside the section shaded, e.g. 'shade: B3'")
        first, _, rest = v.partition(" ")
        first = first.rstrip(",")
        square = self.point(first, col, size, "a square", squares=True)
        name = rest.strip().strip(",").strip() or None
        return Shade(square, name, self.lineno)


def parse(text: str, source: str) -> Game:
    """Read a typed-in game; an InputError (file, line, column, what is wrong) when it cannot be read."""
    return _Parser(text, source).parse()


# ---------------------------------------------------------------- writing

PER_LINE = 16


def format_game(game: Game) -> str:
    """The game as text that :func:`parse` reads back to the same game."""
    out = [f"size: {game.size}", f"players: {', '.join(game.players)}"]
    for i in range(0, len(game.path), PER_LINE):
        out.append("path: " + " ".join(point_name(p) for p in game.path[i:i + PER_LINE]))
    for s in game.shades:
        out.append(f"shade: {square_name(s.square)}" + (f" {s.player}" if s.player else ""))
    return "\n".join(out) + "\n"
