"""The reading every typed-in sheet shares (docs/formats/README.md): each game's ``format.py`` reads its
own sheet with these pieces, so that lines, comments, ``key: value`` lines, words and grid names are
read, and placed, the same way in every game.

- **Lines** end at ``\\n``, ``\\r\\n`` or ``\\r`` (:func:`lines`); lines and columns count from 1.
- **Comments**: ``#`` at the start of a line or after a space or tab begins a comment that runs to the end
  of the line (:func:`uncomment`), so an id such as ``scrambled-streets#x`` keeps its ``#``.
- **Settings**: a ``key: value`` line (:func:`header`, or :data:`KEY` where only the key is needed):
  a letter, then letters, spaces, ``-`` or ``_``, a colon, and the rest of the line (the blanks round
  the key and the value are not part of them).
- **Words** are split by spaces, tabs and commas: :func:`tokens` gives each with its column,
  :func:`words` only the words (the common path, with no column to find) and :func:`token_column` the
  column of one word, found only when a problem is reported.
- **Grid names**: a column letter and a row number, ``A1`` the top-left (:func:`grid_name`,
  :func:`read_grid_name`, :func:`column_letter`).
- **Places**: :class:`Place` makes the InputError of a problem at a column of a line.

These are called once a line (or once a sheet), never once a character: the formats are hot paths.
"""

from __future__ import annotations

import re

from rollwrite.errors import InputError

# ---------------------------------------------------------------- lines and comments


def lines(text: str) -> list[str]:
    """The lines of ``text``, as an editor numbers them: only ``\\n``, ``\\r\\n`` and ``\\r`` end a line
    (not the form feeds and separators ``str.splitlines`` also breaks at).  A last line ending in a
    newline is not followed by an empty one."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    out = text.split("\n")
    if out[-1] == "":
        out.pop()
    return out


COMMENT = re.compile(r"(?:^|(?<=\s))#")
"""Where a comment begins: a ``#`` at the start of a line or after a space, a tab or another blank."""


def uncomment(line: str) -> str:
    """``line`` without its comment (the same line when it has none)."""
    if "#" not in line:
        return line
    m = COMMENT.search(line)
    return line if m is None else line[:m.start()]


# ---------------------------------------------------------------- settings


KEY = re.compile(r"\s*([A-Za-z][A-Za-z _-]*?)\s*:\s*")
"""The start of a ``key: value`` line, to its value: ``KEY.match(line)`` for a format that needs only
the key (its group 1) and where the value begins (``end()``); :func:`header` reads the whole line."""

Header = tuple[str, int, str, int]
"""A ``key: value`` line read: the key as written, its column, the value (blanks round it taken off)
and the column it starts at (past the colon and the blanks after it)."""


def header(line: str) -> Header | None:
    """The ``key: value`` line ``line`` (without its comment), or None when it is not one."""
    m = KEY.match(line)
    if m is None:
        return None
    end = m.end()
    return m[1], m.start(1) + 1, line[end:].rstrip(), end + 1


# ---------------------------------------------------------------- words

_WORD = re.compile(r"[^\s,]+")

Token = tuple[str, int]
"""A word and the column of its first character."""


def tokens(text: str, col: int = 1) -> list[Token]:
    """The words of ``text`` (split by spaces, tabs and commas), each with its column; ``col`` is the
    column of ``text``'s first character in its line."""
    start = col
    return [(m[0], m.start() + start) for m in _WORD.finditer(text)]


def words(text: str) -> list[str]:
    """The words of ``text``, as :func:`tokens` splits them, without their columns."""
    return text.replace(",", " ").split() if "," in text else text.split()


def token_column(text: str, k: int, col: int = 1) -> int:
    """The column of word ``k`` of ``text`` (from 0), or the column just past the text's end when it
    has fewer words: for a problem's message, where the columns were not kept."""
    for i, m in enumerate(_WORD.finditer(text)):
        if i == k:
            return m.start() + col
    return len(text.rstrip()) + col


# ---------------------------------------------------------------- grid names

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_GRID = re.compile(r"([A-Za-z])([0-9]+)")
_FAR = 10**6  # the row read from a number too long to be on any grid


def column_letter(col: int) -> str:
    """The letter of column ``col`` (from 0): ``A`` for the first."""
    return LETTERS[col]


def grid_name(col: int, row: int) -> str:
    """A square (or point) by column letter and row number, counted from 0: ``C2`` for (2, 1)."""
    return f"{LETTERS[col]}{row + 1}"


def read_grid_name(text: str) -> tuple[int, int] | None:
    """(column, row), counted from 0, of a grid name such as ``C2`` or ``c2``, or None when ``text`` is
    not one.  Whether the square is on the board is for the game to say; a row number of more than three
    digits reads as a row far off any board."""
    m = _GRID.fullmatch(text)
    if m is None:
        return None
    digits = m[2]
    return ord(m[1].upper()) - 65, (int(digits) - 1 if len(digits) <= 3 else _FAR)


# ---------------------------------------------------------------- places


class Place:
    """A line of a sheet, to word its problems: ``place.error("...", col)`` is an InputError naming the
    sheet, the line and the column."""

    __slots__ = ("source", "line")

    def __init__(self, source: str, line: int) -> None:
        self.source = source
        self.line = line

    def error(self, message: str, col: int = 1, hint: str | None = None) -> InputError:
        return InputError(message, file=self.source, line=self.line, col=col, hint=hint)
