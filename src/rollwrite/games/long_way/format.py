"""The Long Way's typed-in sheet: parse and format (docs/formats/long-way.md).

    entrance: A4 W
    exit: G1 N
    coins: gained 2, spent 1
    store:
         A    B    C    D    E    F    G
    1    .    o    3    NS   A    A    .
    ...
    log:
    1: roll 1 5, tile A4, display 5 A4, bonus coins

A store space is one token: its mark, then its walled sides.  Marks: ``.`` nothing drawn, ``o`` a dot,
``1``-``6`` a display (die face), ``A``/``B`` the two spaces of a cafeteria (``C`` would be a third).
Walls: ``N E S W``, each followed by ``*`` when a doorway is punched through it.  A token that starts
with a side letter has no mark (a walled tile space): ``NE`` = ``.NE``.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from itertools import chain

from rollwrite.files import die_message, is_digits
from rollwrite.errors import InputError, did_you_mean, raise_all
from rollwrite.games.long_way.data import BIT, SIDES, SIZE, side_letters
from rollwrite.games.sheettext import (
    KEY, LETTERS, Place, Token, grid_name, lines as text_lines, read_grid_name, token_column, tokens, uncomment,
    words as split_words,
)

MARKS = ".o123456ABC"
CAFE_LETTERS = "ABC"
KEYS = ("puzzle", "entrance", "exit", "coins", "store", "log")
#: the puzzle kinds a sheet may answer besides the whole game (``puzzle: finish``)
PUZZLE_KINDS = ("finish",)
MAX_TURNS = 200


COLUMNS = LETTERS[:SIZE]  # the sheet letters its columns and numbers its rows


def cell_name(cell: int) -> str:
    """A space as the sheet labels it: column letter and row number, e.g. ``A4``."""
    return grid_name(cell % SIZE, cell // SIZE)


def where(cell: int) -> str:
    return f"row {cell // SIZE + 1}, column {COLUMNS[cell % SIZE]}"


def edge_sides(cell: int) -> int:
    """The sides of a space that lie on the store's outer wall (a mask)."""
    r, c = divmod(cell, SIZE)
    m = 0
    if r == 0:
        m |= BIT["N"]
    if r == SIZE - 1:
        m |= BIT["S"]
    if c == 0:
        m |= BIT["W"]
    if c == SIZE - 1:
        m |= BIT["E"]
    return m


@dataclass(frozen=True)
class Gate:
    """The entrance or the exit: an edge space and the side it opens to (0 when not given)."""

    cell: int
    side: int = 0


@dataclass(frozen=True)
class Bonus:
    kind: str  # coins | doorway | wall
    cell: int = -1
    side: int = 0


@dataclass(frozen=True)
class LogTurn:
    number: int
    roll: tuple[int, int]
    rerolls: tuple[tuple[int, int], ...] = ()  # (die index 0 light / 1 dark, new value)
    action: str = "stop"  # tile | cafeteria | stop
    at: int = -1  # tile: the space its anchor covers
    display: tuple[int, int] | None = None  # (face, space)
    bonus: Bonus | None = None
    cafe: tuple[int, int] | None = None
    line: int | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Sheet:
    marks: tuple[str, ...]  # 49 marks, reading order
    walls: tuple[int, ...]  # 49 wall masks (walls with a doorway included)
    doors: tuple[int, ...]  # 49 masks of the walls that have a doorway
    entrance: Gate
    exit: Gate
    gained: int = 0
    spent: int = 0
    log: tuple[LogTurn, ...] | None = None
    source: str = field(default="", compare=False)
    puzzle: str = ""  # the puzzle kind the sheet answers ("finish"), "" for the whole game
    row_lines: tuple[int, ...] = field(default=(), compare=False)  # file line of each store row

    def line_of(self, cell: int) -> int | None:
        return self.row_lines[cell // SIZE] if self.row_lines else None


# ---------------------------------------------------------------- parsing


def _read_token(tok: str) -> tuple[str, int, int] | str:
    """(mark, walls, doors) of a store token, or an error message: the one reading of a token."""
    mark, rest = tok[0], tok[1:]
    if mark in "NESWnesw":
        mark, rest = ".", tok
    elif mark == "O":
        mark = "o"
    elif mark not in MARKS:
        if mark in "789":
            return f"'{tok}': displays are die faces 1 to 6"
        if mark == "0":
            return f"'{tok}': write a dot as the letter 'o', not a zero"
        if mark.isalpha() and mark.upper() in CAFE_LETTERS:
            return f"'{tok}': cafeterias are written with capital letters A and B"
        return f"'{tok}' is not a store space: start with . o 1-6 or A/B, then walled sides N E S W"
    walls = doors = 0
    i = 0
    while i < len(rest):
        ch = rest[i].upper()
        bit = BIT.get(ch)
        if bit is None:
            if rest[i] == "*":
                return f"'{tok}': '*' marks a doorway and goes right after the side of its wall, e.g. N*"
            return f"'{tok}': '{rest[i]}' is not a side; walls are written N E S W (a doorway as N*)"
        if walls & bit:
            return f"'{tok}': the {ch} wall is given twice"
        walls |= bit
        if i + 1 < len(rest) and rest[i + 1] == "*":
            doors |= bit
            i += 1
        i += 1
    return (mark, walls, doors)


def _walled(sides: str) -> list[str]:
    """Every way of writing the walls of ``sides`` in N E S W order, each plain or with its doorway."""
    if not sides:
        return [""]
    return [w + rest for w in ("", sides[0], sides[0] + "*") for rest in _walled(sides[1:])]


# What the tokens players usually type read as (every mark, walls in N E S W order): constant data made
# once by the one reader, so that reading a row is mostly a look-up; any other token is read as it comes.
_TOKENS: dict[str, tuple[str, int, int]] = {
    tok: read for tok in (mark + walls for mark in ("", *MARKS) for walls in _walled("NESW"))
    if tok and not isinstance(read := _read_token(tok), str)
}


_RC_RE = re.compile(r"^[rR]([0-9]+)[cC]([0-9]+)$")


def _cell(word: str, col: int, line: Place) -> int:
    named = read_grid_name(word)
    if named is not None:
        c, r = named[0] + 1, named[1] + 1
    else:
        m = _RC_RE.match(word)
        if not m:
            raise line.error(f"'{word}' is not a space", col,
                             hint="name a space by its column letter and row number, as on the sheet: e.g. A4")
        r, c = int(m.group(1)), int(m.group(2))
    if not (1 <= r <= SIZE and 1 <= c <= SIZE):
        raise line.error(f"'{word}' is outside the store", col, hint=f"columns run from A to G, rows from 1 to {SIZE}")
    return (r - 1) * SIZE + (c - 1)


def _side(word: str, col: int, line: Place) -> int:
    bit = BIT.get(word.upper()) if len(word) == 1 else None
    if bit is None:
        full = {"north": "N", "east": "E", "south": "S", "west": "W"}.get(word.lower())
        if full:
            return BIT[full]
        raise line.error(f"'{word}' is not a side", col, hint="write N, E, S or W")
    return bit


def _int(word: str, col: int, line: Place, what: str, lo: int, hi: int) -> int:
    if not is_digits(word):
        raise line.error(f"expected {what}, got '{word}'", col)
    v = int(word) if len(word) <= 9 else hi + 1
    if not lo <= v <= hi:
        if what in ("a die", "a die face"):  # the same message in every game
            raise line.error(die_message(word, hi, "a die"), col)
        raise line.error(f"expected {what} from {lo} to {hi}, got {word}", col)
    return v


def _gate(words: list[Token], line: Place, key: str) -> Gate:
    if not words:
        raise line.error(f"'{key}:' needs a space", len(key) + 2, hint=f"e.g. {key}: A4 W")
    if len(words) > 2:
        raise line.error(f"'{key}:' takes a space and a side, e.g. {key}: A4 W", words[2][1])
    cell = _cell(words[0][0], words[0][1], line)
    if len(words) == 2:
        return Gate(cell, _side(words[1][0], words[1][1], line))
    edges = edge_sides(cell)
    if edges in (BIT["N"], BIT["E"], BIT["S"], BIT["W"]):
        return Gate(cell, edges)
    if edges:
        raise line.error(
            f"{cell_name(cell)} is a corner: say which side the {key} opens to", words[0][1],
            hint=f"e.g. {key}: {cell_name(cell)} {side_letters(edges)[0]}",
        )
    return Gate(cell, 0)


def _coins(words: list[Token], line: Place) -> tuple[int, int]:
    got: dict[str, int] = {}
    i = 0
    while i < len(words):
        w, col = words[i]
        if w.lower() not in ("gained", "spent"):
            raise line.error(f"expected 'gained' or 'spent', got '{w}'", col, hint="e.g. coins: gained 4, spent 3")
        if w.lower() in got:
            raise line.error(f"'{w}' is given twice", col)
        if i + 1 >= len(words):
            raise line.error(f"'{w}' needs a number", col + len(w))
        got[w.lower()] = _int(words[i + 1][0], words[i + 1][1], line, "a number of coins", 0, 999)
        i += 2
    return got.get("gained", 0), got.get("spent", 0)


class _Labels:
    """Whether the store's rows start with their numbers.  A row of seven words whose first is its own
    number is a labelled row with a space missing when the other rows (or a line of column letters) are
    labelled, so that the label is never read as a display."""

    def __init__(self) -> None:
        self.labelled = 0
        self.bare = 0
        self.maybe: list[tuple[int, int, str]] = []  # (row, line, text) of rows that start with their number

    def see(self, first: str, row: int, line: int, raw: str) -> None:
        if first == str(row):
            self.maybe.append((row, line, raw))
        else:
            self.bare += 1

    def problems(self, source: str) -> list[InputError]:
        if not self.maybe or self.labelled <= self.bare:
            return []
        return [InputError(f"row {row} of the store has {SIZE - 1} spaces after its label '{row}'; expected {SIZE}: "
                           "one space seems to be missing", file=source, line=line, col=len(raw.rstrip()) + 1,
                           hint="one token per space, split by spaces; '.' for a space with nothing drawn")
                for row, line, raw in self.maybe]


def _store_row(raw: str, words: list[str], line: int, source: str, row: int) -> list[tuple[str, int, int]]:
    """The seven spaces of a row of the store (on ``line`` of ``source``), its words split out already
    (their columns are found, and the line made, only to word a problem)."""
    labelled = len(words) == SIZE + 1 or (len(words) > SIZE + 1 and words[0] == str(row))
    if labelled:
        if words[0] != str(row):
            raise Place(source, line).error(f"this is row {row} of the store, but it is labelled '{words[0]}'",
                                            token_column(raw, 0))
        words = words[1:]
    if len(words) != SIZE:
        col = token_column(raw, SIZE + labelled)  # the first space too many, or the end of a row too short
        off = len(words) - SIZE
        what = ": one space seems to be missing" if off == -1 else ": one space too many" if off == 1 else ""
        after = f" after its label '{row}'" if labelled else ""
        raise Place(source, line).error(
            f"row {row} of the store has {len(words)} spaces{after}; expected {SIZE}{what}", col,
            hint="one token per space, split by spaces; '.' for a space with nothing drawn",
        )
    try:  # the tokens players usually type are all read already
        return list(map(_TOKENS.__getitem__, words))
    except KeyError:
        pass
    out = []
    for k, w in enumerate(words):
        res = _TOKENS.get(w) or _read_token(w)
        if isinstance(res, str):
            raise Place(source, line).error(res, token_column(raw, k + labelled))
        out.append(res)
    return out


@dataclass(slots=True)
class _Turn:
    """A log line's choices as they are read, word group by word group."""

    roll: tuple[int, int] | None = None
    rerolls: list[tuple[int, int]] = field(default_factory=list)
    action: str | None = None
    action_col: int = 0
    at: int = -1
    display: tuple[int, int] | None = None
    bonus: Bonus | None = None
    cafe: tuple[int, int] | None = None


def _need(args: list[Token], n: int, example: str, key: str, col: int, line: Place) -> None:
    if len(args) != n:
        c = args[n][1] if len(args) > n else col + len(key)
        raise line.error(f"'{key}' takes {n} value{'s' if n != 1 else ''}: {example}", c)


def _turn_parts(raw: str, line: Place, expected: int) -> tuple[int, list[list[Token]]]:
    """The turn's number, checked against the one expected, and its comma-separated groups of words."""
    m = re.match(r"^\s*(?:turn\s+)?(\S+?)\s*:", raw, re.IGNORECASE)
    if not m:
        raise line.error("a log line starts with its turn number and a colon", 1, hint="e.g. 3: roll 2 5, tile A1, display 2 A1")
    num_word = m.group(1)
    number = _int(num_word, m.start(1) + 1, line, "a turn number", 1, MAX_TURNS)
    if number != expected:
        raise line.error(f"expected turn {expected} here, got turn {number}", m.start(1) + 1,
                         hint="number the turns 1, 2, 3, ... one line each")
    body = raw[m.end():]
    offset = m.end()
    parts = []
    for pm in re.finditer(r"[^,]+", body):
        words = tokens(pm.group(), offset + pm.start() + 1)
        if words:
            parts.append(words)
    if not parts:
        raise line.error(f"turn {number} is empty", offset + 1, hint="e.g. roll 2 5, tile A1, display 2 A1")
    return number, parts


def _bonus(args: list[Token], col: int, line: Place) -> Bonus:
    if not args:
        raise line.error("'bonus' takes coins, doorway SPACE SIDE or wall SPACE SIDE", col + 5)
    kind = args[0][0].lower()
    if kind == "coins":
        if len(args) != 1:
            raise line.error("'bonus coins' takes nothing more", args[1][1])
        return Bonus("coins")
    if kind in ("doorway", "wall"):
        if len(args) != 3:
            c = args[3][1] if len(args) > 3 else args[-1][1] + len(args[-1][0])
            raise line.error(f"'bonus {kind}' takes a space and a side: bonus {kind} D3 E", c)
        return Bonus(kind, _cell(args[1][0], args[1][1], line), _side(args[2][0], args[2][1], line))
    raise line.error(f"'{args[0][0]}' is not a bonus", args[0][1],
                     hint=did_you_mean(kind, ["coins", "doorway", "wall"]) or "the bonuses are coins, doorway and wall")


def _choice(t: _Turn, key: str, args: list[Token], col: int, line: Place) -> None:
    """The turn's one choice: a tile, a cafeteria, or stop."""
    if t.action:
        raise line.error(f"a turn makes one choice; this one already has '{t.action}'", col)
    t.action, t.action_col = key, col
    if key == "tile":
        _need(args, 1, "tile A4 (the space of the tile's first space in reading order)", key, col, line)
        t.at = _cell(args[0][0], args[0][1], line)
    elif key == "cafeteria":
        _need(args, 2, "cafeteria E1 F1", key, col, line)
        t.cafe = (_cell(args[0][0], args[0][1], line), _cell(args[1][0], args[1][1], line))
    else:
        _need(args, 0, "stop", key, col, line)


def _turn_words(t: _Turn, words: list[Token], line: Place) -> None:
    """Read one comma-separated group of a log line into ``t``."""
    key, col = words[0][0].lower(), words[0][1]
    args = words[1:]
    if key == "roll":
        if t.roll is not None or t.rerolls or t.action:
            raise line.error("'roll' comes first, once", col)
        _need(args, 2, "roll 3 5 (light die, dark die)", key, col, line)
        t.roll = (_int(args[0][0], args[0][1], line, "a die", 1, 6), _int(args[1][0], args[1][1], line, "a die", 1, 6))
        return
    if t.roll is None:
        raise line.error("a turn starts with its roll", col, hint="e.g. roll 3 5 (light die, dark die)")
    if key == "reroll":
        if t.action:
            raise line.error("rerolls come before the choice of the turn", col)
        _need(args, 2, "reroll light 4 or reroll dark 2", key, col, line)
        die = args[0][0].lower()
        if die not in ("light", "dark"):
            raise line.error(f"expected light or dark, got '{args[0][0]}'", args[0][1])
        t.rerolls.append((0 if die == "light" else 1, _int(args[1][0], args[1][1], line, "a die", 1, 6)))
    elif key in ("tile", "cafeteria", "stop"):
        _choice(t, key, args, col, line)
    elif key == "display":
        if t.action != "tile" or t.display is not None:
            raise line.error("'display' follows 'tile', once", col)
        _need(args, 2, "display 5 A4 (die face, space)", key, col, line)
        t.display = (_int(args[0][0], args[0][1], line, "a die face", 1, 6), _cell(args[1][0], args[1][1], line))
    elif key == "bonus":
        if t.action != "tile" or t.display is None or t.bonus is not None:
            raise line.error("'bonus' follows 'display', once", col)
        t.bonus = _bonus(args, col, line)
    else:
        choices = ["roll", "reroll", "tile", "display", "bonus", "cafeteria", "stop"]
        raise line.error(f"unknown word '{words[0][0]}' in a log line", col,
                         hint=did_you_mean(key, choices) or f"known: {', '.join(choices)}")


def _log_turn(raw: str, line: Place, expected: int) -> LogTurn:
    number, parts = _turn_parts(raw, line, expected)
    t = _Turn()
    for words in parts:
        _turn_words(t, words, line)
    if t.action is None:
        raise line.error(f"turn {number} makes no choice", len(raw.rstrip()) + 1,
                         hint="end the line with 'tile SPACE, display FACE SPACE', 'cafeteria SPACE SPACE' or 'stop'")
    if t.action == "tile" and t.display is None:
        raise line.error(f"turn {number} draws a tile without its display", t.action_col, hint="add e.g. ', display 5 A4'")
    assert t.roll is not None
    return LogTurn(number, t.roll, tuple(t.rerolls), t.action, t.at, t.display, t.bonus, t.cafe, line.line)


#: the lines that may head the store's columns
_HEADERS = (list(COLUMNS), [str(k) for k in range(1, SIZE + 1)])


def _store_line(raw: str, line: int, source: str, rows: list, row_lines: list[int], labels: _Labels,
                errors: list[InputError]) -> None:
    """Line ``line`` of ``source``, of the store: the column letters, or a row (a row's problem is kept
    in ``errors``, so that every row's problem is reported)."""
    words = split_words(raw)  # the columns are found only for a problem
    if not rows and [w.upper() for w in words] in _HEADERS:
        labels.labelled += 1  # the column header: the rows are likely labelled too
        return
    if len(rows) == SIZE:
        raise Place(source, line).error(f"the store has only {SIZE} rows; this line is one too many",
                                        token_column(raw, 0))
    if len(words) == SIZE + 1 or (len(words) > SIZE + 1 and words[0] == str(len(rows) + 1)):
        labels.labelled += 1
    elif len(words) == SIZE:
        labels.see(words[0], len(rows) + 1, line, raw)
    try:
        rows.append(_store_row(raw, words, line, source, len(rows) + 1))
    except InputError as error:
        errors.append(error)
        rows.append([(".", 0, 0)] * SIZE)  # the row's place, so the rows after it keep their numbers
    row_lines.append(line)


def _sheet(source: str, nlines: int, seen: dict[str, int], rows: list, row_lines: list[int], gates: tuple,
           coins: tuple[int, int], log: list[LogTurn] | None) -> Sheet:
    """The sheet read, once every part is known to be there."""
    end = nlines + 1
    entrance, exit_ = gates
    gained, spent = coins
    if "store" not in seen:
        raise InputError("the sheet has no 'store:' section", file=source, line=max(1, min(end, nlines or 1)), col=1,
                         hint="add 'store:' and the 7 rows of the store below it")
    if len(rows) < SIZE:
        raise InputError(f"the store has {len(rows)} rows; expected {SIZE}", file=source, line=row_lines[-1] if row_lines else seen["store"], col=1)
    for key, val in (("entrance", entrance), ("exit", exit_)):
        if val is None:
            raise InputError(f"the sheet has no '{key}:' line", file=source, line=1, col=1,
                             hint=f"add e.g. '{key}: A4 W' (the space and the side it opens to)")
    assert entrance is not None and exit_ is not None
    marks, walls, doors = zip(*chain.from_iterable(rows))
    return Sheet(
        marks=marks,
        walls=walls,
        doors=doors,
        entrance=entrance,
        exit=exit_,
        gained=gained,
        spent=spent,
        log=tuple(log) if log is not None else None,
        source=source,
        row_lines=tuple(row_lines),
    )


def parse(text: str, source: str) -> Sheet:
    """Read a typed-in sheet.  Raises InputError (file, line, column) for anything unreadable."""
    if not isinstance(text, str):
        raise InputError("the sheet is not text", file=source)
    lines = text_lines(text)
    seen: dict[str, int] = {}
    entrance = exit_ = None
    gained = spent = 0
    rows: list[list[tuple[str, int, int]]] = []
    row_lines: list[int] = []
    labels = _Labels()
    errors: list[InputError] = []  # problems of rows and turns read on their own, reported together
    log: list[LogTurn] | None = None
    unreadable_turns = 0
    section, kind = None, ""  # "store" or "log" while reading their lines; the puzzle kind answered
    try:
        for i, raw in enumerate(lines, start=1):
            if "#" in raw:
                raw = uncomment(raw)
            if "\t" in raw:
                raw = raw.replace("\t", " ")
            raw = raw.rstrip()
            if not raw or ("," in raw and not raw.replace(",", " ").strip()):  # nothing but spaces and commas
                continue
            if section == "store" and ":" not in raw:  # a row of the store (or its column letters)
                _store_line(raw, i, source, rows, row_lines, labels, errors)
                continue
            line = Place(source, i)
            km = KEY.match(raw) if ":" in raw else None  # a log line ('3: roll ...') is not one
            if km is not None and not (section == "log" and km[1].lower().startswith("turn")):
                written, kcol, vcol = km[1], km.start(1) + 1, km.end() + 1
                key = written.lower()
                if key not in KEYS:
                    if section == "log":
                        raise line.error(f"unknown word '{written}' in the log", kcol,
                                         hint="a log line starts with its turn number, e.g. 3: roll 2 5, stop")
                    raise line.error(f"unknown key '{written}'", kcol,
                                     hint=did_you_mean(key, KEYS) or f"the keys are {', '.join(KEYS)}")
                if key in seen:
                    raise line.error(f"'{key}:' is given twice (first at line {seen[key]})", kcol, hint="keep one of them")
                if section == "store" and len(rows) < SIZE:
                    raise line.error(f"the store has {len(rows)} rows; expected {SIZE} before '{key}:'", kcol)
                seen[key] = i
                words = tokens(raw[km.end():], vcol)
                section = None
                if key == "entrance":
                    entrance = _gate(words, line, key)
                elif key == "exit":
                    exit_ = _gate(words, line, key)
                elif key == "coins":
                    gained, spent = _coins(words, line)
                elif key == "puzzle":
                    kind = _puzzle_kind(words, line)
                else:
                    if words:
                        raise line.error(f"'{key}:' stands alone on its line; its lines follow it", words[0][1])
                    section = key
                    if key == "log":
                        log = []
                continue
            if section == "store":
                _store_line(raw, i, source, rows, row_lines, labels, errors)
            elif section == "log":
                assert log is not None
                try:  # each turn is read on its own: every unreadable turn is reported
                    log.append(_log_turn(raw, line, len(log) + unreadable_turns + 1))
                except InputError as error:
                    errors.append(error)
                    unreadable_turns += 1  # counted for the next turn's number
            else:
                first = tokens(raw)[0]
                raise line.error(
                    f"'{first[0]}' is outside any section", first[1],
                    hint="start the sheet with 'entrance:', 'exit:', 'coins:' and 'store:' lines (docs/formats/long-way.md)",
                )
    except InputError as error:  # a problem that stops the reading: reported after those found before it
        raise_all([*errors, error])
    raise_all(errors + labels.problems(source))
    return dataclasses.replace(_sheet(source, len(lines), seen, rows, row_lines, (entrance, exit_), (gained, spent), log),
                               puzzle=kind)


def _puzzle_kind(words: list, line: Place) -> str:
    """The word of a ``puzzle:`` line: the kind of puzzle the sheet answers."""
    if len(words) != 1 or words[0][0].lower() not in PUZZLE_KINDS:
        col = words[0][1] if words else 1
        got = " ".join(w for w, _ in words)
        raise line.error(f"'puzzle: {got}' names no puzzle kind", col,
                         hint="write 'puzzle: finish' for the finish-the-store puzzle, or leave the line out")
    return words[0][0].lower()


# ---------------------------------------------------------------- formatting


def token(mark: str, walls: int, doors: int) -> str:
    out = "" if (mark == "." and walls) else mark
    for ch in SIDES:
        bit = BIT[ch]
        if walls & bit:
            out += ch + ("*" if doors & bit else "")
    return out


def _gate_text(g: Gate) -> str:
    return cell_name(g.cell) + (f" {side_letters(g.side)}" if g.side else "")


def format_log_turn(t: LogTurn) -> str:
    parts = [f"roll {t.roll[0]} {t.roll[1]}"]
    parts += [f"reroll {'light' if d == 0 else 'dark'} {v}" for d, v in t.rerolls]
    if t.action == "tile":
        parts.append(f"tile {cell_name(t.at)}")
        if t.display:
            parts.append(f"display {t.display[0]} {cell_name(t.display[1])}")
        if t.bonus:
            b = t.bonus
            parts.append("bonus coins" if b.kind == "coins" else f"bonus {b.kind} {cell_name(b.cell)} {side_letters(b.side)}")
    elif t.action == "cafeteria" and t.cafe:
        parts.append(f"cafeteria {cell_name(t.cafe[0])} {cell_name(t.cafe[1])}")
    else:
        parts.append("stop")
    return f"{t.number}: " + ", ".join(parts)


def format_sheet(sheet: Sheet) -> str:
    out = [f"puzzle: {sheet.puzzle}"] if sheet.puzzle else []
    out += [f"entrance: {_gate_text(sheet.entrance)}", f"exit: {_gate_text(sheet.exit)}"]
    out.append(f"coins: gained {sheet.gained}, spent {sheet.spent}")
    out.append("store:")
    toks = [token(m, w, d) for m, w, d in zip(sheet.marks, sheet.walls, sheet.doors)]
    width = max(4, max(len(t) for t in toks) + 1)
    out.append("   " + "".join(COLUMNS[c].ljust(width) for c in range(SIZE)).rstrip())
    for r in range(SIZE):
        out.append(f"{r + 1}  " + "".join(t.ljust(width) for t in toks[r * SIZE:(r + 1) * SIZE]).rstrip())
    if sheet.log is not None:
        out.append("log:")
        out += [format_log_turn(t) for t in sheet.log]
    return "\n".join(out) + "\n"
