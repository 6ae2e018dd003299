"""Wobbly Café's data: the floor's shape and its nice-view spaces, read from the layout's ``data:``.

The rules code works for any floor that is symmetric about its middle line.  A floor is addressed as
rows of *spaces*: row r (1-based, top to bottom) holds ``len(data.rows[r-1])`` spaces, numbered 1.. from
the left; space k of a row mirrors space n+1-k of the same row.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rollwrite.layoutlang.nodes import Reader, Scalar, Seq

if TYPE_CHECKING:  # pragma: no cover
    from rollwrite.layoutlang.nodes import Node

SIDES = 6
MAX_SIDE = 40  # largest floor width or height a layout may ask for
MAX_FLOORS = 9
_SPACE, _VIEW, _NONE = "o", "*", "."


@dataclass(frozen=True, slots=True)
class Board:
    """A floor's spaces as bits of one integer, the table the scorer works on (built once with the data).

    Space (row r, grid column c) is bit ``r * stride + c + 1``: a column of zero bits lies between two
    rows, and bit 0 is left out, so shifting a set of spaces by one or by ``stride`` never wraps into
    another row.
    """

    cells: tuple[tuple[int, int, int], ...]  # (row, space, bit) of every space, in row order
    stride: int
    nice: int  # the bits of the nice-view spaces
    place_of: dict[int, tuple[int, int]]  # bit -> (row, space)


def board_of(width: int, rows: tuple[tuple[int, ...], ...], nice: frozenset[tuple[int, int]]) -> Board:
    stride = width + 2
    cells = []
    nice_bits = 0
    place_of = {}
    for r, cols in enumerate(rows):
        for k, c in enumerate(cols):
            bit = 1 << (r * stride + c + 1)
            cells.append((r, k, bit))
            place_of[bit] = (r, k)
            if (r, c) in nice:
                nice_bits |= bit
    return Board(tuple(cells), stride, nice_bits, place_of)


@dataclass(frozen=True)
class CafeData:
    """A floor's shape, shared by every floor of the game.

    ``rows[r]`` lists the grid columns (0-based, left to right, each once) of the spaces in row r;
    ``nice`` holds the (row, column) grid places of the nice-view spaces.  Every row is symmetric:
    column c is a space exactly when column ``width - 1 - c`` is.  ``board`` is the same shape as the
    scorer reads it, made from the rest.
    """

    width: int
    rows: tuple[tuple[int, ...], ...]
    nice: frozenset[tuple[int, int]]
    floors: int = 3
    board: Board = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for r, cols in enumerate(self.rows):
            if any(not 0 <= c < self.width for c in cols) or list(cols) != sorted(set(cols)):
                raise ValueError(f"row {r + 1} lists columns {list(cols)}: each from 0 to {self.width - 1}, "
                                 "once, left to right")
        # a frozen dataclass sets a field made from the others this way (the dataclasses documentation)
        object.__setattr__(self, "board", board_of(self.width, self.rows, self.nice))

    @property
    def spaces(self) -> int:
        return sum(len(r) for r in self.rows)

    @property
    def pairs(self) -> int:
        return self.spaces // 2

    def row_len(self, r: int) -> int:
        return len(self.rows[r])

    def shape_lines(self) -> list[str]:
        out = []
        for r, cols in enumerate(self.rows):
            line = [_NONE] * self.width
            for c in cols:
                line[c] = _VIEW if (r, c) in self.nice else _SPACE
            out.append("".join(line))
        return out


def parse_shape(lines: list[str], floors: int = 3) -> CafeData:
    """Build CafeData from rows of ``o`` (space), ``*`` (nice-view space) and ``.`` (no space).

    Raises ValueError with a message naming the row; the layout reader adds the file place.
    """
    if not lines:
        raise ValueError("the shape needs at least one row")
    width = len(lines[0])
    if width % 2:
        raise ValueError(f"the shape is {width} characters wide; it needs an even width so every space has a mirror")
    rows: list[tuple[int, ...]] = []
    nice: set[tuple[int, int]] = set()
    for r, text in enumerate(lines):
        if len(text) != width:
            raise ValueError(f"row {r + 1} is {len(text)} characters wide; row 1 is {width}: every row needs the same width")
        cols = []
        for c, ch in enumerate(text):
            if ch not in (_SPACE, _VIEW, _NONE):
                raise ValueError(
                    f"row {r + 1} has {ch!r} at character {c + 1}; use 'o' for a space, '*' for a nice-view space and '.' for none"
                )
            if ch != _NONE:
                cols.append(c)
                if ch == _VIEW:
                    nice.add((r, c))
        for c in cols:
            if text[width - 1 - c] == _NONE:
                raise ValueError(
                    f"row {r + 1} is not symmetric about the middle line: character {c + 1} is a space but its mirror, "
                    f"character {width - c}, is not"
                )
        rows.append(tuple(cols))
    if not any(rows):
        raise ValueError("the shape has no spaces")
    return CafeData(width=width, rows=tuple(rows), nice=frozenset(nice), floors=floors)


DEFAULT_SHAPE = ["..oooo..", ".oooooo.", "oooooooo", "*oooooo*", "oooooooo", ".oooooo.", "..oooo.."]
DEFAULT_DATA = parse_shape(DEFAULT_SHAPE)


def load_data(node: Node | None) -> CafeData:
    """The layout's ``data:`` section as CafeData (the default floor when there is none)."""
    if node is None:
        return DEFAULT_DATA
    rd = Reader(node, "data")
    floors = rd.int("floors", default=3, minimum=1, maximum=MAX_FLOORS)
    shape = rd.list("shape")
    rd.done()
    assert isinstance(shape, Seq)
    if not 1 <= len(shape) <= MAX_SIDE:
        raise shape.error(f"expected 1 to {MAX_SIDE} rows, got {len(shape)}")
    texts = []
    for item in shape:
        if not (isinstance(item, Scalar) and isinstance(item.value, str)):
            raise item.error("expected a row written as text, e.g. \"..oooo..\"", hint="use 'o' for a space, '*' for a nice view, '.' for none")
        if not 2 <= len(item.value) <= MAX_SIDE:
            raise item.error(f"expected a row 2 to {MAX_SIDE} characters wide, got {len(item.value)}")
        texts.append(item.value)
    try:
        return parse_shape(texts, floors)
    except ValueError as exc:
        raise shape.error(str(exc)) from None


def as_data(data: object) -> CafeData:
    return data if isinstance(data, CafeData) else DEFAULT_DATA
