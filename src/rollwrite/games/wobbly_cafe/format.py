"""Wobbly Café's typed-in sheet: parse and format (docs/formats/wobbly-cafe.md)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rollwrite.errors import InputError, did_you_mean, raise_all
from rollwrite.files import die_message
from rollwrite.games.sheettext import header, lines, uncomment
from rollwrite.games.wobbly_cafe.data import SIDES, CafeData


@dataclass(frozen=True)
class CafeSheet:
    """A typed-in sheet: ``floors[f][r]`` is the tuple of values in row r's spaces, left to right
    (None for an empty space).  Every value is one a die can show, 1 to 6: the parser refuses any other
    digit as unreadable, so the checker never sees one."""

    floors: tuple[tuple[tuple[int | None, ...], ...], ...]
    name: str = ""
    lines: tuple[tuple[int, ...], ...] = ()  # the file line of each row, when parsed from text

    def line_of(self, f: int, r: int) -> int | None:
        try:
            return self.lines[f][r]
        except IndexError:
            return None


_HEADER = re.compile(r"floor\s*(\S*?)\s*:?", re.IGNORECASE)
_NEAR_HEADER = re.compile(r"([A-Za-z]{3,7})\s*(\d*)\s*:?")  # 'flor 2', 'Floro 3:', 'loor'
_DIGITS = "0123456789"
_EMPTY = "._"
_ROW_CHARS = set(_DIGITS + _EMPTY + "| \t")
_PLAIN_ROW = re.compile(r"([1-6._]*)\|[1-6._]*")
_VALUE = {".": None, "_": None, **{str(v): v for v in range(1, SIDES + 1)}}
_ROW_HINT = "write one character per space: a digit, or '.' for an empty space ('|' may mark the middle line)"
_ROWS_HINT = "type every row, with '.' for empty spaces"


@dataclass(frozen=True, slots=True)
class _Row:
    """A line read as a row: its values (None for an empty or unreadable space) and where its '|' is."""

    line: int
    col: int  # the column of its first character
    values: tuple[int | None, ...]
    bar: int | None = None  # how many spaces come before the '|'
    bar_col: int = 0


@dataclass(frozen=True, slots=True)
class _Header:
    line: int
    col: int
    number: int | None  # None: not a number


def parse_sheet(text: str, source: str, data: CafeData) -> CafeSheet:
    """Read the typed-in format; unreadable text raises InputError (InputErrors for several independent
    problems) with file, line and column.  Every line is read before the sheet is judged, so that a row
    too few or too many is named where it seems to be, and each problem is reported once."""
    if not isinstance(text, str):
        raise InputError("the sheet is not text", file=source)
    if text.startswith("\ufeff"):
        text = text[1:]
    errors: list[InputError] = []
    name, items, last_line = _read_lines(text, source, errors)
    floors, lines = _place(items, source, data, last_line, errors)
    raise_all(errors)
    return CafeSheet(floors=tuple(tuple(fl) for fl in floors), name=name, lines=tuple(tuple(ls) for ls in lines))


def _read_lines(text: str, source: str, errors: list[InputError]) -> tuple[str, list[_Row | _Header], int]:
    """The name, and the headers and rows in file order; what cannot be read goes to ``errors``."""
    items: list[_Row | _Header] = []
    name = ""
    name_line: int | None = None
    last_line = 1
    for lineno, raw in enumerate(lines(text), start=1):
        body = (uncomment(raw) if "#" in raw else raw).strip()  # a row or header may end with a comment
        if not body:
            continue
        indent = len(raw) - len(raw.lstrip())
        last_line = lineno
        setting = header(body) if ":" in body else None
        if setting is not None and setting[0].lower() == "name":
            if name_line is not None:
                errors.append(InputError(f"the name is given twice (first on line {name_line})", file=source,
                                         line=lineno, col=indent + 1, hint="keep one 'name:' line"))
            else:
                name, name_line = setting[2], lineno
            continue
        headers = sum(isinstance(i, _Header) for i in items)
        item = _read_header(body, source, lineno, indent, headers, errors)
        if item is None and not _PLAIN_ROW.fullmatch(body) and ":" in body:
            key = body.split(":", 1)[0].strip().lower()
            near = did_you_mean(key, ["name"])
            errors.append(InputError(f"unknown line '{body}'", file=source, line=lineno, col=indent + 1,
                                     hint=f"{near + ' ' if near else ''}the only 'key: value' line is 'name: ...'"
                                     if near else "the only 'key: value' line is 'name: ...'"))
            continue
        items.append(item if item is not None else _read_row(body, source, lineno, indent, errors))
    return name, items, last_line


def _read_header(body: str, source: str, lineno: int, indent: int, headers: int,
                 errors: list[InputError]) -> _Header | None:
    """A floor header (a misspelt one too, reported with a did-you-mean), or None for any other line."""
    m = _HEADER.fullmatch(body)
    if m:
        number = m.group(1)
        if number.isascii() and number.isdigit():
            return _Header(lineno, indent + 1, int(number))
        errors.append(InputError(f"'{body}' is not a floor header", file=source, line=lineno, col=indent + 1,
                                 hint=f"write 'floor {headers + 1}'"))
        return _Header(lineno, indent + 1, None)
    m = _NEAR_HEADER.fullmatch(body)
    if m and did_you_mean(m.group(1).lower(), ["floor"]):
        n = m.group(2) or str(headers + 1)
        errors.append(InputError(f"'{body}' is not a floor header; did you mean 'floor {n}'?", file=source,
                                 line=lineno, col=indent + 1, hint="a floor begins with a line 'floor 1', 'floor 2' or 'floor 3'"))
        return _Header(lineno, indent + 1, int(n) if n.isdigit() and len(n) < 4 else None)
    return None


def _read_row(body: str, source: str, lineno: int, indent: int, errors: list[InputError]) -> _Row:
    """A row's values; the first character no space can hold is reported, and read as an empty space."""
    if _PLAIN_ROW.fullmatch(body):  # digits 1-6 and '.' either side of one '|': no character to look at
        half = body.index("|")
        return _Row(lineno, indent + 1, tuple(_VALUE[ch] for ch in body if ch != "|"), half, indent + half + 1)
    values: list[int | None] = []
    bar: int | None = None
    bar_col = 0
    reported = False
    for i, ch in enumerate(body):
        if ch in " \t":
            continue
        if ch == "|":
            if bar is not None and not reported:
                errors.append(InputError("a row has one middle line, not two '|'", file=source, line=lineno,
                                         col=indent + i + 1, hint=_ROW_HINT))
                reported = True
            bar, bar_col = len(values), indent + i + 1
            continue
        if ch in _EMPTY or (ch.isdigit() and ch.isascii() and 1 <= int(ch) <= SIDES):
            values.append(_VALUE[ch])
            continue
        if not reported:
            if ch in _DIGITS:  # unreadable, as a value no die can show is in every game
                errors.append(InputError(die_message(ch, SIDES), file=source, line=lineno, col=indent + i + 1,
                                         hint="a space holds the value of a die, 1 to 6, or '.' while it is empty"))
            else:
                errors.append(InputError(f"{ch!r} cannot be written in a space", file=source, line=lineno,
                                         col=indent + i + 1, hint=_ROW_HINT))
            reported = True
        values.append(None)
    return _Row(lineno, indent + 1, tuple(values), bar, bar_col)


def _place(items: list[_Row | _Header], source: str, data: CafeData, last_line: int,
           errors: list[InputError]) -> tuple[list[list[tuple[int | None, ...]]], list[list[int]]]:
    """Put the rows on the floors: each header starts its floor, rows without one fill the floors in order.
    A run of rows one short of (or one more than) whole floors is matched against the floor's shape, so
    the row that seems to be missing (or extra) is named rather than every row after it."""
    floors: list[list[tuple[int | None, ...]]] = []
    lines: list[list[int]] = []
    runs: list[tuple[_Header | None, list[_Row]]] = [(None, [])]
    for item in items:
        if isinstance(item, _Header):
            runs.append((item, []))
        else:
            runs[-1][1].append(item)
    if not runs[0][1]:
        runs.pop(0)
    if not any(rows for _h, rows in runs):
        errors.append(InputError("no rows found", file=source, line=last_line, col=1,
                                 hint=f"type the {data.floors} floors of the sheet, one line per row (see docs/formats/wobbly-cafe.md)"))
        return floors, lines
    for i, (header, rows) in enumerate(runs):
        nxt = runs[i + 1][0] if i + 1 < len(runs) else None
        if header is not None and not _header_in_order(header, len(floors), source, data, errors):
            if header.number is not None and header.number > data.floors:
                return floors, lines
        _fill(rows, floors, lines, source, data, errors, end=nxt, last_line=last_line)
    if not errors and len(floors) < data.floors:
        errors.append(InputError(
            f"the sheet has {len(floors)} floor{'s' if len(floors) != 1 else ''}; the café has {data.floors}",
            file=source, line=last_line, col=1, hint="type the missing floors, with '.' for spaces not filled yet"))
    return floors, lines


def _header_in_order(header: _Header, done: int, source: str, data: CafeData, errors: list[InputError]) -> bool:
    n, expected = header.number, done + 1
    if n is None or n == expected <= data.floors:
        return True
    msg = (f"the café has {data.floors} floors; there is no floor {n}" if expected > data.floors or n > data.floors
           else f"expected floor {expected} here, not floor {n}")
    errors.append(InputError(msg, file=source, line=header.line, col=header.col,
                             hint="write the floors in order: floor 1, floor 2, floor 3"))
    return False


def _fill(rows: list[_Row], floors: list, lines: list, source: str, data: CafeData, errors: list[InputError],
          *, end: _Header | None, last_line: int) -> None:
    """Place one run of rows (after a header, or at the start) on as many whole floors as it fills."""
    nrows = len(data.rows)
    room = max(data.floors - len(floors), 0)
    if room == 0:
        if rows:
            errors.append(InputError(f"this row is more than the café holds: {data.floors} floors of {nrows} rows",
                                     file=source, line=rows[0].line, col=rows[0].col,
                                     hint="remove the extra row, or check the rows above"))
        return
    count = min(max(-(-len(rows) // nrows), 1), room)  # rows past whole floors begin the next floor...
    if len(rows) % nrows == 1 and len(rows) > nrows and (end is not None or len(rows) // nrows == room):
        count = len(rows) // nrows  # ... unless a header or the café's end follows: then one is extra
    want = [len(cols) for cols in data.rows] * count
    first = len(floors)
    placed = _align(rows, want, first, source, data, errors, end=end, last_line=last_line)
    for k in range(count):
        floors.append([v for v, _l in placed[k * nrows:(k + 1) * nrows]])
        lines.append([ln for _v, ln in placed[k * nrows:(k + 1) * nrows]])


def _align(rows: list[_Row], want: list[int], first: int, source: str, data: CafeData, errors: list[InputError],
           *, end: _Header | None, last_line: int) -> list[tuple[tuple[int | None, ...], int]]:
    """The rows matched to the spaces they stand for (``want``: each row's length, floor after floor)."""
    nrows = len(data.rows)
    have = [len(r.values) for r in rows]
    gap = len(rows) - len(want)
    where = (lambda k: (first + k // nrows + 1, k % nrows + 1))  # noqa: E731 - (floor, row) of position k
    if gap == -1:  # one row missing: the place that leaves the fewest rows of the wrong length
        k = min(range(len(want)), key=lambda k: (_misfits(have, want[:k] + want[k + 1:]), k))
        same = [j for j in range(len(want)) if want[j] == want[k] and _misfits(have, want[:j] + want[j + 1:]) ==
                _misfits(have, want[:k] + want[k + 1:]) and abs(j - k) < nrows and j // nrows == k // nrows]
        f, r = where(k)
        at = rows[k] if k < len(rows) else None
        which = (f"row {r} seems to be missing" if len(same) == 1 else
                 f"one of rows {where(min(same))[1]} to {where(max(same))[1]} ({want[k]} spaces each) seems to be missing")
        errors.append(InputError(f"floor {f} has {nrows - 1} rows; {which}", file=source,
                                 line=at.line if at else (end.line if end else last_line), col=1, hint=_ROWS_HINT))
        rows = rows[:k] + [_Row(0, 1, (None,) * want[k])] + rows[k:]
    elif gap == 1:  # one row too many: the one whose removal fits the rest best
        fit = [_misfits(have[:j] + have[j + 1:], want) for j in range(len(rows))]
        k = min(range(len(rows)), key=lambda j: (fit[j], -j))
        same = [j for j in range(len(rows)) if fit[j] == fit[k] and have[j] == have[k]]
        f = where(min(k, len(want) - 1))[0]
        msg = (f"this row is more than the café holds: {data.floors} floors of {nrows} rows"
               if k == len(rows) - 1 and f == data.floors else f"floor {f} has {nrows + 1} rows; this row seems to be extra")
        if len(same) > 1 and same == list(range(same[0], same[-1] + 1)) and not (
                same[-1] == len(rows) - 1 and f == data.floors):
            k = same[0]
            msg = (f"floor {f} has {nrows + 1} rows; one of the rows of {have[k]} spaces on lines "
                   f"{rows[k].line} to {rows[same[-1]].line} seems to be extra")
        errors.append(InputError(msg, file=source, line=rows[k].line, col=rows[k].col,
                                 hint="remove the extra row, or check the rows above"))
        rows = rows[:k] + rows[k + 1:]
    elif gap > 1:
        extra = rows[len(want)]
        errors.append(InputError(f"this row is more than the café holds: {data.floors} floors of {nrows} rows",
                                 file=source, line=extra.line, col=extra.col,
                                 hint="remove the extra row, or check the rows above"))
        rows = rows[:len(want)]
    for k, (row, n) in enumerate(zip(rows, want)):
        if row.line:
            _check_row(row, n, *where(k), source, errors)
    if gap < -1:  # reported after the rows' own problems on the same line
        f = where(len(rows))[0]
        got = len(rows) % nrows
        before = f" before 'floor {end.number}'" if end is not None and end.number is not None else ""
        errors.append(InputError(f"floor {f} has only {got} of its {nrows} rows{before}", file=source,
                                 line=end.line if end is not None else last_line, col=end.col if end else 1,
                                 hint=_ROWS_HINT))
        rows = rows + [_Row(0, 1, (None,) * w) for w in want[len(rows):]]
    return [(row.values, row.line) for row in rows]


def _misfits(have: list[int], want: list[int]) -> int:
    return sum(h != w for h, w in zip(have, want)) + abs(len(have) - len(want))


def _check_row(row: _Row, n: int, f: int, r: int, source: str, errors: list[InputError]) -> None:
    """A row of the wrong length, or with its '|' in the wrong place, at its line."""
    if len(row.values) != n:
        more = len(row.values) - n
        what = "one seems to be missing" if more == -1 else "one too many" if more == 1 else ""
        if row.bar is not None and abs(more) == 1:
            left_short = row.bar < n // 2 if more == -1 else row.bar > n // 2
            what += f" ({'left' if left_short else 'right'} of the '|')"
        errors.append(InputError(f"floor {f} row {r} needs {n} spaces; this line has {len(row.values)}"
                                 + (f": {what}" if what else ""), file=source, line=row.line, col=row.col,
                                 hint=_ROW_HINT))
    elif row.bar is not None and row.bar != n // 2:
        errors.append(InputError(
            f"the '|' comes after {row.bar} spaces; floor {f} row {r} has {n // 2} spaces on each side of the middle line",
            file=source, line=row.line, col=row.bar_col, hint=_ROW_HINT))


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
