"""Wobbly Café's typed-in sheet: parse and format (docs/formats/wobbly-cafe.md)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rollwrite.errors import InputError
from rollwrite.files import die_message
from rollwrite.games.wobbly_cafe.data import SIDES, CafeData


@dataclass(frozen=True)
class CafeSheet:
    """A typed-in sheet: ``floors[f][r]`` is the tuple of values in row r's spaces, left to right
    (None for an empty space; any digit 0-9 is kept so the checker can report it)."""

    floors: tuple[tuple[tuple[int | None, ...], ...], ...]
    name: str = ""
    lines: tuple[tuple[int, ...], ...] = ()  # the file line of each row, when parsed from text

    def line_of(self, f: int, r: int) -> int | None:
        try:
            return self.lines[f][r]
        except IndexError:
            return None


_HEADER = re.compile(r"floor\s*(\S*?)\s*:?", re.IGNORECASE)
_NAME = re.compile(r"name\s*:(.*)", re.IGNORECASE)
_DIGITS = "0123456789"
_EMPTY = "._"
_ROW_CHARS = set(_DIGITS + _EMPTY + "| \t")
_PLAIN_ROW = re.compile(r"([1-6._]*)\|[1-6._]*")
_VALUE = {".": None, "_": None, **{str(v): v for v in range(1, SIDES + 1)}}
_ROW_HINT = "write one character per space: a digit, or '.' for an empty space ('|' may mark the middle line)"


def parse_sheet(text: str, source: str, data: CafeData) -> CafeSheet:
    """Read the typed-in format; any unreadable text raises InputError with file, line and column."""
    if not isinstance(text, str):
        raise InputError("the sheet is not text", file=source)
    if text.startswith("\ufeff"):
        text = text[1:]
    nrows = len(data.rows)
    floors: list[list[tuple[int | None, ...]]] = []
    lines: list[list[int]] = []
    name = ""
    name_line: int | None = None
    last_line = 1
    for lineno, raw in enumerate(re.split(r"\r\n|\r|\n", text), start=1):  # only these end a line
        stripped = raw.strip()
        indent = len(raw) - len(raw.lstrip())
        if not stripped or stripped.startswith("#"):
            continue
        last_line = lineno
        m = _NAME.fullmatch(stripped)
        if m:
            if name_line is not None:
                raise InputError(
                    f"the name is given twice (first on line {name_line})",
                    file=source, line=lineno, col=indent + 1, hint="keep one 'name:' line",
                )
            name, name_line = m.group(1).strip(), lineno
            continue
        body = stripped.split("#", 1)[0].rstrip()  # a row or header may end with a comment
        m = _HEADER.fullmatch(body)
        if m:
            number = m.group(1)
            expected = len(floors) + 1
            if not number.isascii() or not number.isdigit():
                raise InputError(
                    f"'{body}' is not a floor header",
                    file=source, line=lineno, col=indent + 1, hint=f"write 'floor {min(expected, data.floors)}'",
                )
            n = int(number)
            if floors and len(floors[-1]) < nrows:
                raise InputError(
                    f"floor {len(floors)} has only {len(floors[-1])} of its {nrows} rows before 'floor {n}'",
                    file=source, line=lineno, col=indent + 1,
                    hint="type every row, with '.' for empty spaces",
                )
            if n != expected or expected > data.floors:
                if expected > data.floors:
                    msg = f"the café has {data.floors} floors; there is no floor {n}"
                else:
                    msg = f"expected floor {expected} here, not floor {n}"
                raise InputError(msg, file=source, line=lineno, col=indent + 1, hint="write the floors in order: floor 1, floor 2, floor 3")
            floors.append([])
            lines.append([])
            continue
        # a row of spaces
        plain = _PLAIN_ROW.fullmatch(body)  # digits 1-6 and '.' either side of one '|': no char to look at
        for i, ch in enumerate(body if plain is None else ()):
            if ch not in _ROW_CHARS:
                if ":" in body:
                    raise InputError(
                        f"unknown line '{body}'", file=source, line=lineno, col=indent + 1,
                        hint="the only 'key: value' line is 'name: ...'",
                    )
                raise InputError(
                    f"{ch!r} cannot be written in a space", file=source, line=lineno, col=indent + i + 1, hint=_ROW_HINT
                )
        if not floors or len(floors[-1]) == nrows:
            if len(floors) == data.floors:
                raise InputError(
                    f"this row is more than the café holds: {data.floors} floors of {nrows} rows",
                    file=source, line=lineno, col=indent + 1, hint="remove the extra row, or check the rows above",
                )
            floors.append([])  # rows without a header begin the next floor
            lines.append([])
        f, r = len(floors), len(floors[-1])
        want = data.row_len(r)
        values: list[int | None] = []
        bar_at: int | None = None
        if plain is not None and len(plain.group(1)) == want // 2 and len(body) == want + 1:
            floors[-1].append(tuple([_VALUE[ch] for ch in body if ch != "|"]))
            lines[-1].append(lineno)
            continue
        for i, ch in enumerate(body):
            if ch in " \t":
                continue
            if ch == "|":
                if bar_at is not None:
                    raise InputError(
                        "a row has one middle line, not two '|'", file=source, line=lineno, col=indent + i + 1, hint=_ROW_HINT
                    )
                bar_at = len(values)
                if bar_at != want // 2:
                    raise InputError(
                        f"the '|' comes after {bar_at} spaces; floor {f} row {r + 1} has {want // 2} spaces on each side of the middle line",
                        file=source, line=lineno, col=indent + i + 1, hint=_ROW_HINT,
                    )
                continue
            if ch in _EMPTY:
                values.append(None)
                continue
            if not 1 <= int(ch) <= SIDES:  # unreadable, as a value no die can show is in every game
                raise InputError(die_message(ch, SIDES), file=source, line=lineno, col=indent + i + 1,
                                 hint="a space holds the value of a die, 1 to 6, or '.' while it is empty")
            values.append(int(ch))
        if len(values) != want:
            raise InputError(
                f"floor {f} row {r + 1} needs {want} spaces; this line has {len(values)}",
                file=source, line=lineno, col=indent + 1, hint=_ROW_HINT,
            )
        floors[-1].append(tuple(values))
        lines[-1].append(lineno)
    if not floors:
        raise InputError(
            "no rows found", file=source, line=last_line, col=1,
            hint=f"type the {data.floors} floors of the sheet, one line per row (see docs/formats/wobbly-cafe.md)",
        )
    if len(floors[-1]) < nrows:
        raise InputError(
            f"floor {len(floors)} has only {len(floors[-1])} of its {nrows} rows",
            file=source, line=last_line, col=1, hint="type every row, with '.' for empty spaces",
        )
    if len(floors) < data.floors:
        raise InputError(
            f"the sheet has {len(floors)} floor{'s' if len(floors) != 1 else ''}; the café has {data.floors}",
            file=source, line=last_line, col=1,
            hint="type the missing floors, with '.' for spaces not filled yet",
        )
    return CafeSheet(
        floors=tuple(tuple(fl) for fl in floors), name=name, lines=tuple(tuple(ls) for ls in lines)
    )


def format_sheet(sheet: CafeSheet, data: CafeData) -> str:
    """The typed-in text of a sheet, each row centred as on paper with '|' on the middle line."""
    out = []
    if sheet.name:
        out.append(f"name: {sheet.name}")
    half = data.width // 2
    for f, floor in enumerate(sheet.floors, start=1):
        if out:
            out.append("")
        out.append(f"floor {f}")
        for r, row in enumerate(floor):
            chars = ["." if v is None else str(v) for v in row]
            n = len(chars)
            left = "".join(chars[: n // 2])
            right = "".join(chars[n // 2 :])
            out.append(" " * (half - n // 2) + left + "|" + right)
    return "\n".join(out) + "\n"
