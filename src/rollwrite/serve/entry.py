"""The on-screen sheet: a form shaped like the printed sheet, and its two-way link with the typed-in text.

A game's entry (serve/entries/<game>.py) describes its form as sections of rows of cells.  Each cell is
one input on the page with a stable id.  The text of the sheet is the model: ``text(values)`` writes the
typed-in format (docs/formats/<game>.md) from the cells and records where each cell's value stands in
it, so that a problem the game's parser or rules find on a line (and column) is marked at its cell;
``values(text)`` reads the game's own canonical text (``Game.format`` of what ``Game.parse`` read) back
into cells, so that a pasted sheet fills the form.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Cell:
    """One input.  ``size`` is how many characters it takes (1: a single mark, typed over and moved past);
    ``chars`` the characters it accepts (a regular expression class body, '' for any text); ``gap``
    draws the sheet's middle line before it; ``placeholder`` shows what an empty cell stands for."""

    id: str
    label: str
    size: int = 1
    chars: str = ""
    gap: bool = False
    placeholder: str = ""
    numeric: bool = False
    before: str = ""  # a word printed before the cell on the sheet ("×", "at"), shown and not read aloud


@dataclass(frozen=True, slots=True)
class Row:
    label: str
    cells: tuple[Cell, ...]
    indent: int = 0  # cells of room left of the first cell, so rows line up as on paper


@dataclass(frozen=True, slots=True)
class Section:
    key: str
    title: str
    rows: tuple[Row, ...]
    note: str = ""
    wide: bool = False  # rows of one long text cell each (a path's points), not a grid of cells
    grows: bool = False  # a list of turns: the page shows the rows filled and one more (at least eight)
    #: the column headings over the rows' cells, as on the printed sheet's table (one per cell)
    head: tuple[str, ...] = ()
    board: Board | None = None


@dataclass(frozen=True, slots=True)
class Board:
    """A board of points or squares drawn on the page from the size typed in the cell ``size`` (or its
    placeholder): clicking one, or Enter on it after moving there with the arrow keys, writes its name
    into the form.  ``kind`` is ``points`` (added to the last of the cells whose ids start with
    ``target``: a path's lines), ``squares`` (written into the first empty cell whose id starts with
    ``target``: a list of shading moves) or ``field`` (written into the cell ending in ``target`` of the
    row last worked on: a box's square; the boxes typed are drawn on it)."""

    size: str
    target: str
    kind: str
    label: str
    #: squares numbered as on the sheet, by the corner they are in (a battlefield's starting corners, in
    #: the players' order); ``shown`` of them always, the rest when their player's name cell is filled
    corners: tuple[str, ...] = ()
    shown: int = 0


@dataclass(frozen=True, slots=True)
class Place:
    """Where one cell's value was written in the text: 1-based line, 1-based first and last column."""

    cell: str
    line: int
    first: int
    last: int


@dataclass
class Writer:
    """Builds a sheet's text line by line and remembers where each cell went."""

    lines: list[str] = field(default_factory=list)
    places: list[Place] = field(default_factory=list)
    _cur: str = ""

    def put(self, text: str, cell: str | None = None) -> None:
        if cell is not None:
            start = len(self._cur) + 1
            self.places.append(Place(cell, len(self.lines) + 1, start, start + max(len(text), 1) - 1))
        self._cur += text

    def end(self) -> None:
        self.lines.append(self._cur.rstrip())
        self._cur = ""

    def line(self, text: str, cell: str | None = None) -> None:
        self.put(text, cell)
        self.end()

    def text(self) -> str:
        if self._cur:
            self.end()
        return "\n".join(self.lines) + "\n"


def cells_at(places: Iterable[Place], line: int | None, col: int | None = None) -> list[str]:
    """The cells written on ``line`` (the one holding ``col`` when it is given and one does)."""
    if line is None:
        return []
    on_line = [p for p in places if p.line == line]
    if col is not None:
        hit = [p.cell for p in on_line if p.first <= col <= p.last]
        if hit:
            return hit
        after = [p for p in on_line if p.first > col]  # a column between cells: the next one
        if after:
            return [after[0].cell]
    return [p.cell for p in on_line]


class Entry:
    """What every game's entry provides; see the module's docstring."""

    def sections(self, data: Any, values: dict[str, str]) -> list[Section]:
        """The form; it depends on the layout's data alone (``values`` is there for an entry whose form
        would grow with what is typed)."""
        raise NotImplementedError

    def text(self, values: dict[str, str], data: Any) -> Writer:
        raise NotImplementedError

    def values(self, canonical: str, data: Any) -> dict[str, str]:
        raise NotImplementedError

    def refine(self, where: str, message: str, cells: list[str], data: Any) -> list[str]:
        """The cells a problem is about, from those on its line (or none) and its words."""
        return cells

    def cell_ids(self, data: Any, values: dict[str, str]) -> set[str]:
        return {c.id for s in self.sections(data, values) for r in s.rows for c in r.cells}


def clean(value: str, size: int) -> str:
    """A cell's value as typed: no line breaks or comment marks, at most ``size`` characters (and a few
    more for a text cell: the parser names what is wrong)."""
    value = re.sub(r"[\r\n\t#]", " ", value)
    return value.strip()[: max(size, 1) if size == 1 else size + 40]


def body_lines(canonical: str) -> list[str]:
    """The canonical text without comments and blank lines."""
    return [ln.rstrip() for ln in canonical.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
