"""Scrambled Streets the plain way, written from the rules (/work/shared/rules and
docs/rules/scrambled-streets.md) without the production rules: the city and its push, the card and
deal checks, who moves first and when, the street graph of the whole city built again and walked at
every turn (``longest``), a replay on this file's own ``City``, and the score with its report written
from the replay.  The production replay (``rules.replay``, with ``rules.Streets``) is held to this.

At the end, ``parse``: a typed-in game read the plain way, line by line, each line tried against every
kind of line it could be.  The production reader (``format.parse``) is held to it: the same Game and
lines, or the same problem at the same place."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rollwrite.errors import InputError, did_you_mean, raise_all
from rollwrite.games.base import Problem, Score
from rollwrite.games.scrambled_streets.data import PLAYERS, START_PLACES, START_SIZE, Deck
from rollwrite.games.scrambled_streets.format import (
    MAX_CARD, MAX_TURNS, ORIENTATIONS, Game, Move, Placed, rotation_word,
)

LOOP_BONUS = 2  # a path with no loose end scores two more
TIE_BONUS = 2  # White's bonus when the starting paths tie
NAMES = {"black": "Black", "white": "White"}

Cell = tuple[int, int]  # (row, column); rows and columns may go below zero as the city grows


# ---------------------------------------------------------------- the city and the push


class City:
    """The cards down: ``cells`` maps (row, column) to (card, turned).  The order of ``cells`` is the
    order the city is read in when equal pieces are told apart: the starting city in reading order,
    and after each push the cards it moved (in their order) and then the new card at the end."""

    def __init__(self, cells: dict[Cell, tuple[int, bool]] | None = None) -> None:
        self.cells: dict[Cell, tuple[int, bool]] = dict(cells or {})

    @classmethod
    def start(cls, cards: list[tuple[int, bool]]) -> City:
        """The starting city: four cards two by two, top left, top right, bottom left, bottom right."""
        return cls(dict(zip([(0, 0), (0, 1), (1, 0), (1, 1)], cards)))

    def where(self) -> dict[int, Cell]:
        """Each card's cell."""
        return {number: cell for cell, (number, _turned) in self.cells.items()}

    def push_problem(self, a: int, b: int, push: int) -> str | None:
        """Why a new card cannot go into the edge between ``a`` and ``b`` pushing ``push``, or None."""
        where = self.where()
        for card in (a, b):
            if card not in where:
                return f"card {card} is not in the city"
        if a == b:
            return f"the new card goes between two different cards, not {a} and {a}"
        (ra, ca), (rb, cb) = where[a], where[b]
        if abs(ra - rb) + abs(ca - cb) != 1:  # side by side or one above the other; a corner is no edge
            return f"cards {a} and {b} do not share an edge"
        if push not in (a, b):
            return f"the pushed card must be {a} or {b}, the two cards beside the edge, not {push}"
        return None

    def push(self, a: int, b: int, push: int, card: int, turned: bool) -> Cell:
        """The rules' push: the pushed card, and every other card on its side of the edge in its row (or
        column), moves one space away from the edge, gaps or not; the new card goes where the pushed
        card was.  Returns the new card's cell."""
        other = b if push == a else a
        where = self.where()
        (pr, pc), (orow, ocol) = where[push], where[other]
        dr, dc = pr - orow, pc - ocol  # one space away from the edge

        def moves(r: int, c: int) -> bool:
            if dr == 0:  # the edge is upright: the pushed card's row, from it on
                return r == pr and (c - pc) * dc >= 0
            return c == pc and (r - pr) * dr >= 0  # the edge lies flat: its column, from it on

        staying = {(r, c): v for (r, c), v in self.cells.items() if not moves(r, c)}
        moved = {(r + dr, c + dc): v for (r, c), v in self.cells.items() if moves(r, c)}
        self.cells = {**staying, **moved, (pr, pc): (card, turned)}
        return (pr, pc)


# ---------------------------------------------------------------- cards, deals and turns


def card_problem(deck: Deck, card: int, rotation: int, seen: set[int], start: bool) -> str | None:
    """What is wrong with putting ``card`` down at ``rotation`` when the cards in ``seen`` are down:
    a card the deck does not have, a card down twice, or a card turned a quarter (long sides must meet
    long sides, so a card lies up or turned half round)."""
    if not 1 <= card <= len(deck.cards):
        return f"there is no card {card}; the deck's cards are numbered 1 to {len(deck.cards)}"
    if card in seen:
        if start:
            return f"card {card} is in the starting city twice"
        return f"card {card} is already in the city; each card is played once"
    if rotation not in (0, 180):
        how = "cards lie upright" if start else "a new card goes in upright"
        return (f"card {card} lies turned {rotation} degrees; {how} or turned half round (up or down), "
                "so that long sides meet long sides")
    return None


def deal_start_problem(deal, k: int, p: Placed) -> Problem | None:
    """A seeded game's starting city lies as dealt: the k-th card is the deal's k-th, the way up it was
    dealt (the way up of a card turned a quarter is its own problem, not the deal's)."""
    want, turned = deal.order[k], deal.turned[k]
    wrong_way = p.rotation in (0, 180) and (p.rotation == 180) != turned
    if p.card == want and not wrong_way:
        return None
    return Problem(f"start, {START_PLACES[k]}",
                   f"the deal of {deal.id} puts card {want} {'down' if turned else 'up'} here, "
                   f"not {p.card} {rotation_word(p.rotation)}", "deal", p.line)


def deal_turn_problem(deal, number: int, card: int, line: int | None) -> Problem | None:
    """A seeded game's turn ``number`` plays the next card of the pile (after the four of the start)."""
    pile = deal.order[START_SIZE:]
    if number > len(pile):
        return Problem(f"turn {number}", f"the deck of {deal.id} has no card left for turn {number}", "deal", line)
    if card != pile[number - 1]:
        return Problem(f"turn {number}", f"the next card of {deal.id} is {pile[number - 1]}, not {card}", "deal", line)
    return None


def first_player(start: dict[str, Path]) -> tuple[str, dict[str, int]]:
    """The longer starting path moves first; on a tie White does, with a bonus.  Returns who moves
    first and the points each player has before the first turn."""
    black, white = start["black"].value, start["white"].value
    if black > white:
        return "black", {"black": 0, "white": 0}
    if white > black:
        return "white", {"black": 0, "white": 0}
    return "white", {"black": 0, "white": TIE_BONUS}


def mover(first: str, turn: int) -> str:
    """Turns alternate: the first player places the cards of turns 1, 3, 5..., the other 2, 4, 6..."""
    if turn % 2 == 1:
        return first
    return "black" if first == "white" else "white"


# ---------------------------------------------------------------- the streets


@dataclass(frozen=True)
class Path:
    """A piece of street: ``streets`` in order along it, each (card, street index), and whether it is
    a ring.  It scores a point a street, and 2 more for a ring."""

    streets: tuple[tuple[int, int], ...]
    loop: bool

    @property
    def length(self) -> int:
        return len(self.streets)

    @property
    def value(self) -> int:
        return len(self.streets) + (LOOP_BONUS if self.loop else 0)


NO_PATH = Path((), False)


def junction(city, deck: Deck, cell: Cell, point: int) -> tuple[int, int, int]:
    """Where ``point`` (as the card lies) of the card at ``cell`` is: (row, column, point) of the point
    itself on the rim of the city, or, where a card touches that side, the smaller of it and the point
    of the neighbour it meets (so both cards name the junction the same)."""
    r, c = cell
    dr, dc, q = deck.meets[point]
    if (r + dr, c + dc) in city.cells:
        return min((r, c, point), (r + dr, c + dc, q))
    return (r, c, point)


def graph(city, deck: Deck, colours) -> tuple[list[tuple[tuple, tuple]], list[tuple[int, int]]]:
    """The streets of ``colours`` in ``city`` (this file's City or any with ``cells``) as (junction,
    junction) pairs, in the order of the city's cells and of each card's streets, and their (card,
    street index) names.  Turning a card half round moves each end of a street to ``deck.turn``'s point."""
    edges = []
    names = []
    for cell, (number, turned) in city.cells.items():
        for i, street in enumerate(deck.card(number).streets):
            if street.colour not in colours:
                continue
            a, b = (deck.turn[street.a], deck.turn[street.b]) if turned else (street.a, street.b)
            edges.append((junction(city, deck, cell, a), junction(city, deck, cell, b)))
            names.append((number, i))
    return edges, names


def _chains(edges: list[tuple[tuple, tuple]]) -> list[tuple[list[int], bool]]:
    """The connected pieces as (streets in order along the piece, is a ring).  Every junction ends at
    most two streets, so each piece is walked once: lines from a loose end, then what is left (rings)."""
    adj: dict[tuple, list[int]] = {}
    for e, (u, v) in enumerate(edges):
        if u in adj:
            adj[u].append(e)
        else:
            adj[u] = [e]
        if v in adj:
            adj[v].append(e)
        else:
            adj[v] = [e]
    seen = [False] * len(edges)
    out = []

    def walk(at: tuple, e: int) -> list[int]:
        order = []
        while True:
            seen[e] = True
            order.append(e)
            u, v = edges[e]
            at = v if u == at else u
            nxt = adj[at]
            if len(nxt) == 1:
                return order
            e = nxt[0] if nxt[1] == e else nxt[1]
            if seen[e]:
                return order

    for n, es in adj.items():
        if len(es) == 1 and not seen[es[0]]:
            out.append((walk(n, es[0]), False))
    for e in range(len(edges)):
        if not seen[e]:
            out.append((walk(edges[e][0], e), True))
    return out


def pieces(city: City, deck: Deck, colours) -> list[Path]:
    """Every connected piece of the streets of ``colours``, each walked from end to end (or round)."""
    edges, names = graph(city, deck, colours)
    return [Path(tuple(names[e] for e in order), loop) for order, loop in _chains(edges)]


def longest(city: City, deck: Deck, player: str) -> Path:
    """The player's best piece of their colour plus gray: most points (streets, +2 for a ring); of
    pieces worth the same, the one found first (lines before rings, in the order of the city's cells)."""
    edges, names = graph(city, deck, (player, "gray"))
    best_value, best = -1, None
    for order, loop in _chains(edges):
        value = len(order) + (LOOP_BONUS if loop else 0)
        if value > best_value:
            best_value, best = value, (order, loop)
    if best is None:
        return NO_PATH
    return Path(tuple(names[e] for e in best[0]), best[1])



@dataclass
class TurnResult:
    number: int
    player: str  # black or white
    card: int
    rotation: int
    path: Path
    totals: dict[str, int]  # both players' scores after this turn
    cell: Cell

    @property
    def points(self) -> int:
        return self.path.value


@dataclass
class Replay:
    start: dict[str, Path]
    first: str | None
    bonus: dict[str, int]
    turns: list[TurnResult]
    city: City | None
    problems: list[Problem] = field(default_factory=list)
    stopped: int | None = None  # the turn the replay could not make, if any (0: the start)
    cards: int = 0  # cards in the deck

    @property
    def totals(self) -> dict[str, int]:
        return dict(self.turns[-1].totals) if self.turns else dict(self.bonus)

    @property
    def complete(self) -> bool:
        return self.stopped is None and self.city is not None and len(self.city.cells) == self.cards

    @property
    def mayor(self) -> str | None:
        if not self.complete:
            return None
        t = self.totals
        if t["black"] == t["white"]:
            return None
        return "black" if t["black"] > t["white"] else "white"


def replay(game: Game, deck: Deck, deal=None) -> Replay:
    """Replay the whole game, checking each step.  ``deal`` (a dice.Deal) adds the checks of a seeded
    game: the starting city and the order the cards are drawn in."""
    problems: list[Problem] = []
    rep = Replay({"black": NO_PATH, "white": NO_PATH}, None, {"black": 0, "white": 0}, [], None, problems,
                 cards=len(deck.cards))
    seen: set[int] = set()
    for k, p in enumerate(game.start):
        where = f"start, {START_PLACES[k]}"
        msg = card_problem(deck, p.card, p.rotation, seen, start=True)
        if msg:
            problems.append(Problem(where, msg, "start", p.line))
            rep.stopped = 0
        seen.add(p.card)
        if deal is not None:
            problem = deal_start_problem(deal, k, p)
            if problem is not None:
                problems.append(problem)
    if rep.stopped is not None:
        return rep
    city = City.start([(p.card, p.turned) for p in game.start])
    rep.city = city
    rep.start = {pl: longest(city, deck, pl) for pl in PLAYERS}
    first, bonus = first_player(rep.start)
    rep.first, rep.bonus = first, bonus
    totals = dict(bonus)
    for m in game.moves:
        where = f"turn {m.number}"
        msg = card_problem(deck, m.card, m.rotation, seen, start=False)
        if msg is None:
            msg = city.push_problem(m.a, m.b, m.push)
        if deal is not None:
            problem = deal_turn_problem(deal, m.number, m.card, m.line)
            if problem is not None:
                problems.append(problem)
        if msg:
            problems.append(Problem(where, msg + "; the game is not replayed from here", "push", m.line))
            rep.stopped = m.number
            break
        seen.add(m.card)
        cell = city.push(m.a, m.b, m.push, m.card, m.rotation == 180)
        who = mover(first, m.number)
        path = longest(city, deck, who)
        totals[who] += path.value
        rep.turns.append(TurnResult(m.number, who, m.card, m.rotation, path, dict(totals), cell))
    return rep



def describe_path(path: Path) -> str:
    if not path.streets:
        return "none"
    cards = []
    for card, _ in path.streets:
        if not cards or cards[-1] != card:
            cards.append(card)
    text = "-".join(str(c) for c in cards)
    return text + (" (a loop)" if path.loop else "")


def breakdown(rep: Replay) -> dict:
    return {
        "start": {pl: {"path": rep.start[pl].length, "loop": rep.start[pl].loop, "value": rep.start[pl].value}
                  for pl in PLAYERS},
        "first": rep.first,
        "tie_bonus": rep.bonus,
        "turns": [
            {"turn": t.number, "player": t.player, "card": t.card, "orientation": rotation_word(t.rotation),
             "path": t.path.length, "loop": t.path.loop, "points": t.points,
             "cards": [c for c, _ in t.path.streets], "black": t.totals["black"], "white": t.totals["white"]}
            for t in rep.turns
        ],
        "turns_played": len(rep.turns),
        "turns_in_a_game": rep.cards - START_SIZE,
        "replayed_to_the_end": rep.stopped is None,
        "complete": rep.complete,
        "mayor": rep.mayor,
    }


def report(rep: Replay, names: tuple[str, str] = ("", "")) -> str:
    def who(pl: str) -> str:
        n = names[PLAYERS.index(pl)]
        return f"{NAMES[pl]} ({n})" if n else NAMES[pl]

    lines = []
    if rep.city is None:
        lines.append("the starting city cannot be laid out, so nothing is scored")
        return "\n".join(lines)
    s = rep.start
    head = f"starting city: longest path Black {s['black'].value}, White {s['white'].value}"
    if rep.bonus["white"]:
        head += f" - a tie, so White goes first and scores {rep.bonus['white']} bonus points"
    else:
        head += f" - {NAMES[rep.first]} goes first"  # type: ignore[index]
    lines.append(head)
    lines.append(f"{'turn':>4}  {'player':<6}  {'card':<8}  {'path':>4}  {'loop':<4}  {'points':>6}  "
                 f"{'Black':>5}  {'White':>5}  path through cards")
    for t in rep.turns:
        lines.append(f"{t.number:>4}  {NAMES[t.player]:<6}  {str(t.card) + ' ' + rotation_word(t.rotation):<8}  "
                     f"{t.path.length:>4}  {'yes' if t.path.loop else '':<4}  {'+' + str(t.points):>6}  "
                     f"{t.totals['black']:>5}  {t.totals['white']:>5}  {describe_path(t.path)}")
    tot = rep.totals
    if rep.complete:
        if rep.mayor is None:
            lines.append(f"the city is complete: {tot['black']} to {tot['white']}, a tie - nobody is appointed Mayor")
        else:
            loser = "white" if rep.mayor == "black" else "black"
            lines.append(f"the city is complete: {who(rep.mayor)} is Mayor, {tot[rep.mayor]} to {tot[loser]}")
    elif rep.stopped is None:
        left = rep.cards - len(rep.city.cells)
        lines.append(f"the city is not complete yet: {left} card{'s' if left != 1 else ''} still to play, no Mayor yet")
    return "\n".join(lines)


def score_plain(game: Game, deck: Deck) -> Score:
    """The Score of a typed-in game from its replay: Black's total,
    the breakdown, the report and both players' totals; the answer to a puzzle scores its last turn."""
    rep = replay(game, deck)
    if game.puzzle:  # the answer to a puzzle scores its last turn alone
        last = rep.turns[-1] if rep.turns and rep.stopped is None else None
        points = last.points if last else 0
        doc = {"puzzle": game.puzzle, "points": points, **breakdown(rep)}
        text = report(rep, game.names) + f"\nthe answer (turn {last.number if last else '-'}) scores {points}"
        return Score(points, doc, text)
    totals = rep.totals
    players = []
    for k, pl in enumerate(("black", "white")):
        entry: dict = {"name": NAMES[pl], "total": totals[pl]}
        if game.names[k]:
            entry["player"] = game.names[k]
        players.append(entry)
    return Score(totals["black"], breakdown(rep), report(rep, game.names), players)


# ---------------------------------------------------------------- reading a typed-in game

_NAME_MAX = 40
_TURN_RE = re.compile(
    r"(?P<n>[0-9]+)\s*[.:]\s*(?P<card>[0-9]+)\s+(?P<rot>\S+)\s+at\s+(?P<a>[0-9]+)\s*\|\s*(?P<b>[0-9]+)\s+push\s+(?P<p>[0-9]+)\s*"
)
_COMMENT = re.compile(r"(?:^|(?<=\s))#")
_PAIR_RE = re.compile(r"([0-9]+)\s+(\S+)")


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
        raise _not_a_row(body, stripped, source, number, col)
    return [Placed(_number(m.group(1), source, number, m.start(1) + 1, "card"),
                   _rotation(m.group(2), source, number, m.start(2) + 1), number) for m in pairs]


# an orientation is every character up to the next blank: '17 up,3 down' is one card, 'up,3' its orientation
_ROW_PARTS = ((r"[\s,]*", "[0-9]+(?=\\s|$)", "a card's number"), (r"\s+", r"\S+(?=\s|$)", "which way up the card lies"),
              (r"[\s,]*", "[0-9]+(?=\\s|$)", "a card's number"), (r"\s+", r"\S+(?=\s|$)", "which way up the card lies"),
              (r"[\s,]*", "$", "the end of the row"))


def _not_a_row(body: str, stripped: str, source: str, number: int, col: int) -> InputError:
    """The first word of a starting city's row that is not what the row has there (the longest run of
    parts the row starts with, and the word after it); a row cut short, or a card and its orientation
    run together, is named as a whole."""
    hint = "a row of the starting city is two cards with their orientations, e.g. '17 up  3 down'"
    good = 0
    for k in range(len(_ROW_PARTS)):
        m = re.match("".join(b + p for b, p, _ in _ROW_PARTS[:k]) + _ROW_PARTS[k][0] + f"({_ROW_PARTS[k][1]})", body)
        if m is not None and _ROW_PARTS[k][2] == "a card's number":
            _number(m.group(1), source, number, m.start(1) + 1, "card")
        elif m is not None and _ROW_PARTS[k][2] == "which way up the card lies":
            _rotation(m.group(1), source, number, m.start(1) + 1)
        if m is None:
            what = _ROW_PARTS[k][2]
            rest = body[good:]
            skipped = len(rest) - len(rest.lstrip("".join(c for c in rest if c.isspace() or c == ",")))
            word = re.split(r"[\s,]", rest[skipped:], maxsplit=1)[0]
            if not word or what == "which way up the card lies":
                break
            where = good + skipped + 1
            if k == len(_ROW_PARTS) - 1:
                raise _err(source, number, where, f"'{word}' after the row's two cards", hint=hint)
            raise _err(source, number, where, f"expected {what}, got '{word}'", hint=hint)
        good = m.end()
    return _err(source, number, col, f"{hint}; got '{stripped}'")


def parse(text: str, source: str = "<text>", data: object = None) -> Game:
    """Read a typed-in game line by line, saying where anything cannot be read."""
    names = ["", ""]
    puzzle = ""
    start_line: int | None = None
    rows: list[tuple[int, list[Placed]]] = []
    moves: list[Move] = []
    state = "head"  # head -> rows (after 'start:') -> turns
    last_line = 0
    errors: list[InputError] = []
    lines = re.split(r"\r\n|\r|\n", text)  # only these end a line
    if lines[-1] == "":
        lines.pop()  # a newline ends the last line; it begins none
    for number, raw in enumerate(lines, start=1):
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


# The parts of a turn, each a piece of pattern with the blanks before it ("S" none or some, "P" some);
# a number or word may not run on into the next part.
_ENDS = r"(?=[ \t.:|]|$)"
_PARTS = (
    ("", "[0-9]+" + _ENDS, "the turn's number"), ("S", "[.:]", "'.' after the turn's number"),
    ("S", "[0-9]+" + _ENDS, "the card's number"), ("P", r"\S+", "which way up the card lies (up or down)"),
    ("P", "at(?=[ \t]|$)", "'at'"), ("P", "[0-9]+" + _ENDS, "the first card of the edge"),
    ("S", r"\|", "'|' between the two cards of the edge"), ("S", "[0-9]+" + _ENDS, "the second card of the edge"),
    ("P", "push(?=[ \t]|$)", "'push'"), ("P", "[0-9]+" + _ENDS, "the card pushed away"), ("S", "$", "the end of the turn"),
)
_BLANKS = {"": "", "S": "[ \t]*", "P": "[ \t]+"}


def _not_a_turn(stripped: str, source: str, number: int, col: int) -> InputError:
    """The first part of the turn that is missing or wrong: the longest run of parts that the line
    starts with, and the word after it."""
    hint = "write a turn as: 1. 25 up at 17|3 push 3"
    good = 0  # how far the longest run of parts reaches
    for k in range(len(_PARTS)):
        m = re.match("".join(_BLANKS[b] + p for b, p, _ in _PARTS[:k + 1]), stripped)
        if m is None:
            blanks, _p, what = _PARTS[k]
            rest = stripped[good:]
            word = rest.lstrip(" \t").split(" ")[0].split("\t")[0]
            where = col + good + len(rest) - len(rest.lstrip(" \t"))
            if not word:
                return _err(source, number, where, f"the turn ends before {what}", hint=hint)
            if k == len(_PARTS) - 1:
                return _err(source, number, where, f"'{word}' after the end of the turn", hint=hint)
            if blanks == "P" and rest[:1] not in (" ", "\t"):
                return _err(source, number, where, f"expected a space before '{word}'", hint=hint)
            near = did_you_mean(word.lower(), [what.strip("'")]) if what in ("'at'", "'push'") else None
            return _err(source, number, where, f"expected {what}, got '{word}'", hint=(near + " " if near else "") + hint)
        good = m.end()
    raise AssertionError(f"{stripped!r} is a turn")


def _turn(body: str, source: str, number: int, col: int, expected: int) -> Move:
    """One turn line: ``N. CARD WAY at A|B push P``, the ``expected``-th of the game."""
    stripped = body.strip()
    m = _TURN_RE.fullmatch(stripped)
    if m is None:
        raise _not_a_turn(stripped, source, number, col)
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
