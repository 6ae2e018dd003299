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
from dataclasses import dataclass
from itertools import chain

from rollwrite.errors import InputError, did_you_mean, raise_all

ORIENTATIONS = {"up": 0, "down": 180, "0": 0, "180": 180, "90": 90, "270": 270}
MAX_TURNS = 200
MAX_CARD = 9999
_NAME_MAX = 40

_TURN_RE = re.compile(
    r"(?P<n>[0-9]+)\s*[.:]\s*(?P<card>[0-9]+)\s+(?P<rot>\S+)\s+at\s+(?P<a>[0-9]+)\s*\|\s*(?P<b>[0-9]+)\s+push\s+(?P<p>[0-9]+)\s*"
)
_COMMENT = re.compile(r"(?:^|(?<=\s))#")
_PAIR_RE = re.compile(r"([0-9]+)\s+(\S+)")


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


@dataclass(frozen=True)
class Game:
    start: tuple[Placed, Placed, Placed, Placed]  # reading order: top left, top right, bottom left, bottom right
    moves: tuple[Move, ...]
    names: tuple[str, str] = ("", "")  # black's, white's
    line: int | None = None  # where 'start:' was written
    puzzle: str = ""  # the puzzle this game answers: its last turn is the answer, scored alone

    def __eq__(self, other: object) -> bool:  # where things were written is not part of the game
        if not isinstance(other, Game):
            return NotImplemented
        return _plain(self) == _plain(other)

    __hash__ = None  # type: ignore[assignment]


def _plain(g: Game) -> tuple:
    return (tuple((p.card, p.rotation) for p in g.start),
            tuple((m.number, m.card, m.rotation, m.a, m.b, m.push) for m in g.moves), g.names, g.puzzle)


def rotation_word(rotation: int) -> str:
    return {0: "up", 180: "down"}.get(rotation, str(rotation))


def _err(source: str, line: int, col: int, message: str, hint: str | None = None) -> InputError:
    return InputError(message, file=source, line=line, col=col, hint=hint)


def _number(text: str, source: str, line: int, col: int, what: str) -> int:
    if len(text) > 4 or int(text) > MAX_CARD:
        raise _err(source, line, col, f"{what} {text} is far too large", hint="cards are numbered 1 to 48")
    return int(text)


def _rotation(word: str, source: str, line: int, col: int) -> int:
    r = ORIENTATIONS.get(word.lower())
    if r is None:
        raise _err(source, line, col, f"'{word}' is not an orientation",
                   hint="write 'up' (the card's number at the top left) or 'down' (turned half round)")
    return r


class _Read(Game):
    """A Game read by ``parse``'s quick reader: its moves are kept as plain numbers, (card, rotation,
    a, b, push) a turn, and made into Moves only when asked for (the replay reads the numbers)."""

    @property  # type: ignore[override]
    def moves(self) -> tuple[Move, ...]:
        d = self.__dict__
        moves = d.get("_moves")
        if moves is None:
            line = d["_line"]
            moves = d["_moves"] = tuple(Move(n, card, rot, a, b, push, line + n)
                                        for n, (card, rot, a, b, push) in enumerate(d["_raw"], 1))
        return moves

    @moves.setter
    def moves(self, value: tuple[Move, ...]) -> None:  # as Game.__init__ sets it
        self.__dict__["_moves"] = value
        self.__dict__["_raw"] = None


def plain_moves(game: Game) -> list[tuple[int, int, int, int, int]]:
    """The game's turns as plain numbers: (card, rotation, a, b, push) a turn."""
    raw = game.__dict__.get("_raw")
    if raw is not None:
        return raw
    return [(m.card, m.rotation, m.a, m.b, m.push) for m in game.moves]


_HEAD = re.compile(
    r"(?:black: ([^\n#]+)\n)?(?:white: ([^\n#]+)\n)?start:\n"
    r" *([0-9]{1,3}) (up|down) +([0-9]{1,3}) (up|down)\n"
    r" *([0-9]{1,3}) (up|down) +([0-9]{1,3}) (up|down)\n")
_TURN = re.compile(r"([0-9]{1,3})\. ([0-9]{1,3}) (up|down) at ([0-9]{1,3})\|([0-9]{1,3}) push ([0-9]{1,3})\n")
_TURN_MARKS = len(". " " " " at " "|" " push " "\n")  # the characters of a turn line besides its six fields
_WAY = {"up": 0, "down": 180}
_INT = {str(n): n for n in range(1000)}  # numbers as written without leading zeros
_COUNT = [tuple(str(n) for n in range(1, k + 1)) for k in range(MAX_TURNS + 1)]  # "1" ... "k"


def _quick(text: str) -> Game | None:
    """The game of a text written as ``format`` writes it (names, the start, the turns, nothing else),
    the same as ``parse_plain`` reads it; None for any other text, which ``parse_plain`` reads."""
    m = _HEAD.match(text)
    if m is None:
        return None
    black, white, c1, w1, c2, w2, c3, w3, c4, w4 = m.groups()
    line = 1
    for name in (black, white):
        if name is not None:
            if len(name) > _NAME_MAX or not name.isprintable() or name.strip() != name:
                return None
            line += 1
    turns = _TURN.findall(text, m.end())
    n = len(turns)
    if n > MAX_TURNS:
        return None
    if n:
        numbers, cards, ways, a, b, push = zip(*turns)
        # the turns are numbered 1, 2, 3 ... and every character after the start is in one of them
        if (numbers != _COUNT[n]
                or len("".join(chain.from_iterable(turns))) + _TURN_MARKS * n != len(text) - m.end()):
            return None
        num = _INT.__getitem__
        try:
            raw = list(zip(map(num, cards), map(_WAY.__getitem__, ways), map(num, a), map(num, b), map(num, push)))
        except KeyError:  # a number written with a leading zero
            return None
    elif m.end() != len(text):
        return None
    else:
        raw = []
    cards4 = [_INT.get(c) for c in (c1, c2, c3, c4)]
    if None in cards4:
        return None
    game = object.__new__(_Read)
    game.__dict__.update(
        start=(Placed(cards4[0], _WAY[w1], line + 1), Placed(cards4[1], _WAY[w2], line + 1),
               Placed(cards4[2], _WAY[w3], line + 2), Placed(cards4[3], _WAY[w4], line + 2)),
        names=(black or "", white or ""), line=line, puzzle="", _raw=raw, _line=line + 2)
    return game


def parse(text: str, source: str = "<text>", data: object = None) -> Game:
    """Read a typed-in game (see the module's docstring): the quick reader for text as ``format``
    writes it, ``parse_plain`` for anything else."""
    game = _quick(text)
    return game if game is not None else parse_plain(text, source)


def _name(key: re.Match[str], stripped: str, names: list[str], source: str, number: int, col: int) -> None:
    """A 'black:' or 'white:' line: the player's name into ``names``."""
    who = 0 if key.group(1) == "black" else 1
    name = stripped[key.end():].strip()
    if len(name) > _NAME_MAX:
        raise _err(source, number, col + key.end(), f"a name is at most {_NAME_MAX} characters long")
    if names[who]:
        raise _err(source, number, col, f"{key.group(1)}'s name is given twice")
    if not name.isprintable():
        raise _err(source, number, col + key.end(), "a name holds a control or invisible character")
    names[who] = name


def _start_row(body: str, stripped: str, source: str, number: int, col: int) -> list[Placed]:
    """A row of the starting city: two cards with their orientations."""
    pairs = list(_PAIR_RE.finditer(body))
    rest = _PAIR_RE.sub("", body).replace(",", "").strip()
    if rest or len(pairs) != 2:
        raise _err(source, number, col,
                   f"a row of the starting city is two cards with their orientations, e.g. '17 up  3 down'; "
                   f"got '{stripped}'")
    return [Placed(_number(m.group(1), source, number, m.start(1) + 1, "card"),
                   _rotation(m.group(2), source, number, m.start(2) + 1), number) for m in pairs]


def parse_plain(text: str, source: str = "<text>", data: object = None) -> Game:
    """Read a typed-in game line by line, saying where anything cannot be read."""
    names = ["", ""]
    puzzle = ""
    start_line: int | None = None
    rows: list[tuple[int, list[Placed]]] = []
    moves: list[Move] = []
    state = "head"  # head -> rows (after 'start:') -> turns
    last_line = 0
    errors: list[InputError] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        last_line = number
        body = _COMMENT.split(raw, 1)[0]  # '#' at the start or after a space begins a comment
        if not body.strip():
            continue
        stripped = body.strip()
        col = len(body) - len(body.lstrip()) + 1
        low = stripped.lower()
        key = re.match(r"(black|white)\s*:", low)
        if key and state == "head":
            _name(key, stripped, names, source, number, col)
            continue
        pm = re.match(r"puzzle\s*:", low)
        if pm and state == "head":
            if puzzle:
                raise _err(source, number, col, "'puzzle:' is written twice")
            puzzle = stripped[pm.end():].strip()
            if not puzzle or len(puzzle) > 120 or not puzzle.isprintable():
                raise _err(source, number, col, "'puzzle:' names the puzzle's id, e.g. 'puzzle: scrambled-streets#x'")
            continue
        if any(not (c.isascii() and (c.isprintable() or c == "\t")) for c in stripped):
            bad = next(c for c in stripped if not (c.isascii() and (c.isprintable() or c == "\t")))
            raise _err(source, number, body.index(bad) + 1, f"unexpected character {bad!r}",
                       hint="write the game with ASCII letters and digits as docs/formats/scrambled-streets.md shows")
        if re.fullmatch(r"start\s*:", low):
            if start_line is not None:
                raise _err(source, number, col, "'start:' is written twice", hint="a game has one starting city")
            start_line = number
            state = "rows"
            continue
        if state == "rows" and len(rows) < 2:
            rows.append((number, _start_row(body, stripped, source, number, col)))
            if len(rows) == 2:
                state = "turns"
            continue
        if state == "turns":  # each turn is read on its own: every unreadable turn is reported
            try:
                moves.append(_turn(body, source, number, col, len(moves) + len(errors) + 1))
            except InputError as error:
                errors.append(error)
            continue
        if _TURN_RE.fullmatch(body.strip()) is not None:
            raise _err(source, number, col, "a turn before the starting city",
                       hint="write 'start:' and the two rows of the starting city first")
        key = stripped.split(":", 1)[0].strip().lower() if ":" in stripped else ""
        near = did_you_mean(key, ["black", "white", "start", "puzzle"]) if key else None
        raise _err(source, number, col, f"expected 'black:', 'white:' or 'start:', got '{stripped}'",
                   hint=near or "the starting city comes before the turns; see docs/formats/scrambled-streets.md")
    raise_all(errors)
    if start_line is None:
        raise _err(source, max(last_line, 1), 1, "no starting city",
                   hint="write 'start:' and then the city's two rows, e.g. '17 up  3 down'")
    if len(rows) < 2:
        raise _err(source, max(last_line, 1), 1, f"the starting city has {len(rows)} row{'s' if len(rows) != 1 else ''}; it needs two")
    start = tuple(rows[0][1] + rows[1][1])
    return Game(start, tuple(moves), (names[0], names[1]), start_line, puzzle)  # type: ignore[arg-type]


def _turn(body: str, source: str, number: int, col: int, expected: int) -> Move:
    """One turn line: ``N. CARD WAY at A|B push P``, the ``expected``-th of the game."""
    stripped = body.strip()
    m = _TURN_RE.fullmatch(stripped)
    if m is None:
        words = stripped.split()
        near = next((did_you_mean(w.lower(), ["at", "push"]) for w in words if w.isalpha() and w.lower() not in
                     ("at", "push", "up", "down") and did_you_mean(w.lower(), ["at", "push"])), None)
        raise _err(source, number, col, f"'{stripped}' is not a turn",
                   hint=(near + " " if near else "") + "write a turn as: 1. 25 up at 17|3 push 3")
    off = col - 1
    n = int(m.group("n")[:6])
    if n != expected:
        raise _err(source, number, col, f"expected turn {expected} here, got turn {m.group('n')}",
                   hint="number the turns 1, 2, 3... in the order they were played")
    if n > MAX_TURNS:
        raise _err(source, number, col, f"a game has at most {MAX_TURNS} turns")
    vals = {k: _number(m.group(k), source, number, off + m.start(k) + 1, "card") for k in ("card", "a", "b", "p")}
    rot = _rotation(m.group("rot"), source, number, off + m.start("rot") + 1)
    return Move(n, vals["card"], rot, vals["a"], vals["b"], vals["p"], number)


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
