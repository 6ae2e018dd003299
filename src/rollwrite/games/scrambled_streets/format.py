"""A typed-in game of Scrambled Streets: parse and format (docs/formats/scrambled-streets.md).

    # anything after '#' is a comment
    puzzle: scrambled-streets#x     (only in the answer to a puzzle: the last turn is the answer)
    black: Ann                      (optional names)
    white: Bob
    start:
      17 up     3 down              the top row of the starting city, left to right
      40 down   8 up                the bottom row
    1. 25 up at 17|3 push 3         turn 1: card 25, as printed, into the edge between 17 and 3,
    2. 9 down at 40|17 push 40      pushing 3 away from it; turn 2: card 9 turned half round ...

An orientation is ``up`` (the card's number at the top left, as printed) or ``down`` (turned half
round); ``0`` and ``180`` mean the same.  ``90`` and ``270`` are read, so that the checker can say the
card lies the wrong way, rather than refusing the file.

Anything that cannot be read is an InputError naming the line and column; whether a move is legal is
for rules.check to say.  ``format`` writes the canonical text, which ``parse`` reads back to the same
Game.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from operator import itemgetter

from rollwrite.errors import InputError, did_you_mean, raise_all
from rollwrite.games.sheettext import KEY, lines as text_lines, uncomment

ORIENTATIONS = {"up": 0, "down": 180, "0": 0, "180": 180, "90": 90, "270": 270}
MAX_TURNS = 200
MAX_CARD = 9999
_NAME_MAX = 40


@dataclass(frozen=True)
class Placed:
    """A card as it lies: its number and its rotation in degrees (0 up, 180 down)."""

    card: int
    rotation: int = 0
    line: int | None = None

    @property
    def turned(self) -> bool:
        return self.rotation == 180


@dataclass(frozen=True)
class Move:
    number: int  # the turn's number, from 1
    card: int
    rotation: int
    a: int  # the two cards whose shared edge the new card goes into
    b: int
    push: int  # the one of a and b that moves away
    line: int | None = None


Numbers = tuple[int, int, int, int, int]  # a turn as plain numbers: card, rotation, a, b, push


@dataclass(frozen=True, slots=True)
class Turns(Sequence[Move]):
    """The turns of a game as ``parse`` read them: plain numbers a turn, numbered from 1, and the line
    each is on.  A Move is made only when one is asked for: the replay reads the numbers
    (``plain_moves``), and making the 44 Moves of a game would add a sixth to scoring it."""

    numbers: tuple[Numbers, ...]
    lines: Sequence[int]

    def __len__(self) -> int:
        return len(self.numbers)

    def __getitem__(self, index):  # an int gives a Move, a slice a tuple of them
        if isinstance(index, slice):
            return tuple(self[k] for k in range(*index.indices(len(self.numbers))))
        card, rotation, a, b, push = self.numbers[index]
        number = index + 1 if index >= 0 else len(self.numbers) + index + 1
        return Move(number, card, rotation, a, b, push, self.lines[index])


@dataclass(frozen=True)
class Game:
    start: tuple[Placed, Placed, Placed, Placed]  # reading order: top left, top right, bottom left, bottom right
    moves: Sequence[Move]  # a tuple of Moves, or the Turns that parse read
    names: tuple[str, str] = ("", "")  # black's, white's
    line: int | None = None  # where 'start:' was written
    puzzle: str = ""  # the puzzle this game answers: its last turn is the answer, scored alone

    def __eq__(self, other: object) -> bool:  # where things were written is not part of the game
        if not isinstance(other, Game):
            return NotImplemented
        return _plain(self) == _plain(other)

    __hash__ = None  # type: ignore[assignment]


def _plain(g: Game) -> tuple:
    return (tuple((p.card, p.rotation) for p in g.start), tuple(map(tuple, plain_moves(g))), g.names, g.puzzle)


def plain_moves(game: Game) -> Sequence[Numbers]:
    """The game's turns as plain numbers: (card, rotation, a, b, push) a turn."""
    moves = game.moves
    if isinstance(moves, Turns):
        return moves.numbers
    return [(m.card, m.rotation, m.a, m.b, m.push) for m in moves]


def rotation_word(rotation: int) -> str:
    return {0: "up", 180: "down"}.get(rotation, str(rotation))


# ---------------------------------------------------------------- reading

_KEYS = ("black", "white", "puzzle")  # the 'key: value' lines before the starting city
_START = re.compile(r"start\s*:")
# A row of the starting city: two cards, each with its orientation, commas and spaces around them.  An
# orientation is every character up to the next space (possessive: '17 up,3 down' is one card).
_ROW = re.compile(r"[\s,]*([0-9]+)\s+(\S++)[\s,]*([0-9]+)\s+(\S++)[\s,]*")
# A turn with the spaces around it and any comment taken off.  Within a line of readable characters
# the only spaces are spaces and tabs, so with re.M the same pattern finds each turn of many lines
# joined by newlines, one a line.  Every repeat is possessive (++, *+): giving back a character could
# never make another reading, and not trying saves a sixth of the search.
_TURN = re.compile(r"^([0-9]++)[ \t]*+[.:][ \t]*+([0-9]++)[ \t]++(\S++)[ \t]++at[ \t]++([0-9]++)[ \t]*+\|"
                   r"[ \t]*+([0-9]++)[ \t]++push[ \t]++([0-9]++)$", re.M)
_WAY = {"up": 0, "down": 180}  # the orientations as format writes them
_INT = {str(n): n for n in range(1000)}  # numbers as format writes them: no leading zero
_COUNT = [str(n) for n in range(1, MAX_TURNS + 1)]  # "1" to "200": a game of k turns numbers them _COUNT[:k]


def _err(source: str, line: int, col: int, message: str, hint: str | None = None) -> InputError:
    return InputError(message, file=source, line=line, col=col, hint=hint)


def _number(m: re.Match[str], k: int, source: str, line: int, off: int) -> int:
    """Group ``k`` of ``m``, a card's number (``off``: the column before the text ``m`` searched)."""
    text = m[k]
    if len(text) > 4 or int(text) > MAX_CARD:
        raise _err(source, line, off + m.start(k) + 1, f"card {text} is far too large", hint="cards are numbered 1 to 48")
    return int(text)


def _rotation(m: re.Match[str], k: int, source: str, line: int, off: int) -> int:
    """Group ``k`` of ``m``, an orientation."""
    r = ORIENTATIONS.get(m[k].lower())
    if r is None:
        raise _err(source, line, off + m.start(k) + 1, f"'{m[k]}' is not an orientation",
                   hint="write 'up' (the card's number at the top left) or 'down' (turned half round)")
    return r


def parse(text: str, source: str = "<text>", data: object = None) -> Game:
    """Read a typed-in game (see the module's docstring), saying where anything cannot be read: the
    names, the puzzle and the starting city line by line, then the turns."""
    lines = text_lines(text)
    head = _Head(source)
    first = head.read(lines)
    return Game(head.start(), _turns(lines, first, source), (head.names[0], head.names[1]), head.start_line,
                head.puzzle)


def _body(raw: str) -> tuple[str, str, int]:
    """A line without its comment, stripped, and the column its first word starts at."""
    body = uncomment(raw) if "#" in raw else raw
    stripped = body.strip()
    return body, stripped, len(body) - len(body.lstrip()) + 1


def _readable(body: str, stripped: str, source: str, number: int) -> None:
    """Refuse a line with a character other than ASCII letters, digits, signs, spaces and tabs."""
    if not (stripped.isascii() and stripped.replace("\t", " ").isprintable()):
        bad = next(c for c in stripped if not (c.isascii() and (c.isprintable() or c == "\t")))
        raise _err(source, number, body.index(bad) + 1, f"unexpected character {bad!r}",
                   hint="write the game with ASCII letters and digits as docs/formats/scrambled-streets.md shows")


class _Head:
    """The lines before the turns: the players' names, the puzzle answered, and the starting city."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.names = ["", ""]
        self.puzzle = ""
        self.start_line: int | None = None
        self.rows: list[list[Placed]] = []

    def read(self, lines: list[str]) -> int:
        """Read the head; the index of the line after the starting city's second row."""
        source = self.source
        for i, raw in enumerate(lines):
            number = i + 1
            body, stripped, col = _body(raw)
            if not stripped:
                continue
            low = stripped.lower()
            key = KEY.match(stripped) if self.start_line is None else None
            if key is not None and (word := key[1].lower()) in _KEYS:
                self._setting(word, stripped[key.end():].strip(), stripped.index(":") + 1, number, col)
                continue
            _readable(body, stripped, source, number)
            if _START.fullmatch(low):
                if self.start_line is not None:
                    raise _err(source, number, col, "'start:' is written twice", hint="a game has one starting city")
                self.start_line = number
            elif self.start_line is not None:
                self.rows.append(_start_row(body, stripped, source, number, col))
                if len(self.rows) == 2:
                    return i + 1
            elif _TURN.fullmatch(stripped) is not None:
                raise _err(source, number, col, "a turn before the starting city",
                           hint="write 'start:' and the two rows of the starting city first")
            else:
                key_word = low.split(":", 1)[0].strip() if ":" in low else ""
                near = did_you_mean(key_word, ["black", "white", "start", "puzzle"]) if key_word else None
                raise _err(source, number, col, f"expected 'black:', 'white:' or 'start:', got '{stripped}'",
                           hint=near or "the starting city comes before the turns; see docs/formats/scrambled-streets.md")
        last = max(len(lines), 1)
        if self.start_line is None:
            raise _err(source, last, 1, "no starting city",
                       hint="write 'start:' and then the city's two rows, e.g. '17 up  3 down'")
        n = len(self.rows)
        raise _err(source, last, 1, f"the starting city has {n} row{'s' if n != 1 else ''}; it needs two")

    def _setting(self, key: str, value: str, end: int, number: int, col: int) -> None:
        """A 'black:', 'white:' or 'puzzle:' line (``end``: how far its key and colon reach)."""
        source = self.source
        if key == "puzzle":
            if self.puzzle:
                raise _err(source, number, col, "'puzzle:' is written twice")
            if not value or len(value) > 120 or not value.isprintable():
                raise _err(source, number, col, "'puzzle:' names the puzzle's id, e.g. 'puzzle: scrambled-streets#x'")
            self.puzzle = value
            return
        who = 0 if key == "black" else 1
        if len(value) > _NAME_MAX:
            raise _err(source, number, col + end, f"a name is at most {_NAME_MAX} characters long")
        if self.names[who]:
            raise _err(source, number, col, f"{key}'s name is given twice")
        if not value.isprintable():
            raise _err(source, number, col + end, "a name holds a control or invisible character")
        self.names[who] = value

    def start(self) -> tuple[Placed, Placed, Placed, Placed]:
        top, bottom = self.rows
        return (top[0], top[1], bottom[0], bottom[1])


def _start_row(body: str, stripped: str, source: str, number: int, col: int) -> list[Placed]:
    """A row of the starting city: two cards with their orientations."""
    m = _ROW.fullmatch(body)
    if m is None:
        raise _not_a_row(body, stripped, source, number, col)
    return [Placed(_number(m, 1, source, number, 0), _rotation(m, 2, source, number, 0), number),
            Placed(_number(m, 3, source, number, 0), _rotation(m, 4, source, number, 0), number)]


# A row's parts in order, as _ROW reads them (see _TURN_PARTS): a card's number ends at a blank.
_ROW_PARTS = tuple((re.compile(pattern), what) for pattern, what in (
    (r"[\s,]*+([0-9]++)(?!\S)", "a card's number"),
    (r"\s++(\S++)", "which way up the card lies"),
    (r"[\s,]*+([0-9]++)(?!\S)", "a card's number"),
    (r"\s++(\S++)", "which way up the card lies"),
    (r"[\s,]*+$", "the end of the row"),
))
_ROW_WORD = re.compile(r"[\s,]*+([^\s,]*)")  # the word where a part of a row was looked for
_ROW_HINT = "a row of the starting city is two cards with their orientations, e.g. '17 up  3 down'"


def _not_a_row(body: str, stripped: str, source: str, number: int, col: int) -> InputError:
    """What is wrong with a line of the starting city that ``_ROW`` did not match, in reading order: a card
    too large, an orientation that is none, a word where a card's number goes or after the two cards,
    each at its column; a row that ends too soon, or with no blank between a card and its orientation,
    as a whole."""
    whole = _err(source, number, col, f"{_ROW_HINT}; got '{stripped}'")
    at = 0
    for pattern, what in _ROW_PARTS:
        m = pattern.match(body, at)
        if m is not None:
            if what == "a card's number":
                _number(m, 1, source, number, 0)  # raises for a card far too large
            elif what == "which way up the card lies":
                _rotation(m, 1, source, number, 0)  # raises for a word that is no orientation
            at = m.end()
            continue
        word = _ROW_WORD.match(body, at)
        assert word is not None  # it matches everywhere
        if not word[1] or what == "which way up the card lies":
            return whole
        where = word.start(1) + 1
        if what == "the end of the row":
            return _err(source, number, where, f"'{word[1]}' after the row's two cards", hint=_ROW_HINT)
        return _err(source, number, where, f"expected {what}, got '{word[1]}'", hint=_ROW_HINT)
    return whole  # never: _ROW matched


def _turns(lines: list[str], first: int, source: str) -> Turns:
    """The turns, from ``lines[first]`` on.  When every line is a turn as ``format`` writes it (the
    usual case) one search finds them all; otherwise they are read line by line."""
    count = len(lines) - first
    if count == 0:
        return Turns((), ())
    found = _TURN.findall("\n".join(lines[first:]))
    # every line a turn, numbered 1, 2, ...
    if len(found) == count <= MAX_TURNS and list(map(itemgetter(0), found)) == _COUNT[:count]:
        num, way = _INT, _WAY
        try:
            turns = tuple([(num[card], way[w], num[a], num[b], num[push]) for _n, card, w, a, b, push in found])
        except KeyError:  # a number with a leading zero or over 999, an orientation written otherwise
            pass
        else:
            return Turns(turns, range(first + 1, first + 1 + count))
    return _turns_by_line(lines, first, source)


def _turns_by_line(lines: list[str], first: int, source: str) -> Turns:
    """The turns read one line at a time; every turn that cannot be read is reported."""
    turns: list[Numbers] = []
    at: list[int] = []
    errors: list[InputError] = []
    for number in range(first + 1, len(lines) + 1):
        body, stripped, col = _body(lines[number - 1])
        if not stripped:
            continue
        _readable(body, stripped, source, number)
        if _START.fullmatch(stripped.lower()):
            raise _err(source, number, col, "'start:' is written twice", hint="a game has one starting city")
        try:
            turns.append(_turn(stripped, source, number, col, len(turns) + len(errors) + 1))
            at.append(number)
        except InputError as error:
            errors.append(error)
    raise_all(errors)
    return Turns(tuple(turns), tuple(at))


def _turn(stripped: str, source: str, number: int, col: int, expected: int) -> Numbers:
    """One turn: ``N. CARD WAY at A|B push P``, the ``expected``-th of the game."""
    m = _TURN.fullmatch(stripped)
    if m is None:
        raise _not_a_turn(stripped, source, number, col)
    written = m[1]
    if int(written[:6]) != expected:
        raise _err(source, number, col, f"expected turn {expected} here, got turn {written}",
                   hint="number the turns 1, 2, 3... in the order they were played")
    if expected > MAX_TURNS:
        raise _err(source, number, col, f"a game has at most {MAX_TURNS} turns")
    off = col - 1
    card_n, a_n, b_n, push_n = (_number(m, k, source, number, off) for k in (2, 4, 5, 6))
    return (card_n, _rotation(m, 3, source, number, off), a_n, b_n, push_n)


# A turn's parts in order, as _TURN reads them: how each is matched where the one before it ends (with the
# blanks before it: a space is needed where _TURN has [ \t]++), and what it is, for a message.  A number
# or a word ends where the next part may begin, so that '25x' is a part that is wrong, not a number and
# a part after it.
_NUMBER_END = r"(?![^ \t.:|])"
_TURN_PARTS = tuple((re.compile(pattern), what, pattern.startswith("[ \\t]++")) for pattern, what in (
    (r"[0-9]++" + _NUMBER_END, "the turn's number"),
    (r"[ \t]*+[.:]", "'.' after the turn's number"),
    (r"[ \t]*+[0-9]++" + _NUMBER_END, "the card's number"),
    (r"[ \t]++\S++", "which way up the card lies (up or down)"),
    (r"[ \t]++at(?![^ \t])", "'at'"),
    (r"[ \t]++[0-9]++" + _NUMBER_END, "the first card of the edge"),
    (r"[ \t]*+\|", "'|' between the two cards of the edge"),
    (r"[ \t]*+[0-9]++" + _NUMBER_END, "the second card of the edge"),
    (r"[ \t]++push(?![^ \t])", "'push'"),
    (r"[ \t]++[0-9]++" + _NUMBER_END, "the card pushed away"),
    (r"[ \t]*+$", "the end of the turn"),
))
_TURN_HINT = "write a turn as: 1. 25 up at 17|3 push 3"
_TURN_WORD = re.compile(r"[ \t]*+(\S*)")  # the word where a part of a turn was looked for


def _not_a_turn(stripped: str, source: str, number: int, col: int) -> InputError:
    """What is wrong with a line that is not a turn (``_TURN`` did not match it), at its own column: the
    first part that is not what a turn has there, or the place where the line ends too soon."""
    at = 0
    for pattern, what, spaced in _TURN_PARTS:  # spaced: a blank is needed before the part
        m = pattern.match(stripped, at)
        if m is not None:
            at = m.end()
            continue
        word = _TURN_WORD.match(stripped, at)
        assert word is not None  # it matches everywhere
        where = col + word.start(1)
        if not word[1]:
            return _err(source, number, where, f"the turn ends before {what}", hint=_TURN_HINT)
        if what == "the end of the turn":
            return _err(source, number, where, f"'{word[1]}' after the end of the turn", hint=_TURN_HINT)
        if word.start(1) == at and spaced:
            return _err(source, number, where, f"expected a space before '{word[1]}'", hint=_TURN_HINT)
        near = did_you_mean(word[1].lower(), [what.strip("'")]) if what in ("'at'", "'push'") else None
        return _err(source, number, where, f"expected {what}, got '{word[1]}'",
                    hint=(near + " " if near else "") + _TURN_HINT)
    return _err(source, number, col, f"'{stripped}' is not a turn", hint=_TURN_HINT)  # never: _TURN matched


def format(game: Game, data: object = None) -> str:
    out = []
    if game.puzzle:
        out.append(f"puzzle: {game.puzzle}")
    if game.names[0]:
        out.append(f"black: {game.names[0]}")
    if game.names[1]:
        out.append(f"white: {game.names[1]}")
    out.append("start:")
    for row in (game.start[:2], game.start[2:]):
        out.append("  " + "  ".join(f"{p.card} {rotation_word(p.rotation)}".ljust(8) for p in row).rstrip())
    for m in game.moves:
        out.append(f"{m.number}. {m.card} {rotation_word(m.rotation)} at {m.a}|{m.b} push {m.push}")
    return "\n".join(out) + "\n"
