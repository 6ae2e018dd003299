"""The rules of Scrambled Streets: the city, the push, the longest street and the scores.

A city is a set of grid cells holding cards; (row, column) may go below zero as the city grows up or
to the left.  Every card lies upright or turned half round.  Two cards touch when their cells share an
edge; a point of one card then meets a point of the other (``Deck.meets``) and the two are one
junction.  Each card joins its six points in three pairs, so every junction is the end of at most two
streets: the streets of any set of colours fall apart into separate lines and rings.  The longest path
of a player is therefore the largest of these pieces in the player's colour plus gray, counted in
streets, with 2 points more when the piece is a closed ring (docs/rules/scrambled-streets.md).

Nothing here draws; sheet.py draws what these functions return.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from itertools import chain

from rollwrite.games.base import Evaluation, LazyScore, Problem, Score
from rollwrite.games.scrambled_streets.data import PLAYERS, START_PLACES, START_SIZE, Deck
from rollwrite.games.scrambled_streets.format import Game, Move, plain_moves, rotation_word

LOOP_BONUS = 2
TIE_BONUS = 2
START_CELLS = ((0, 0), (0, 1), (1, 0), (1, 1))  # reading order
NAMES = {"black": "Black", "white": "White"}

Cell = tuple[int, int]


class City:
    """Cards on a grid.  ``cells`` maps (row, column) to (card, turned)."""

    __slots__ = ("cells", "where")

    def __init__(self, cells: dict[Cell, tuple[int, bool]] | None = None) -> None:
        self.cells: dict[Cell, tuple[int, bool]] = dict(cells or {})
        self.where: dict[int, Cell] = {card: rc for rc, (card, _) in self.cells.items()}

    def copy(self) -> City:
        c = City.__new__(City)
        c.cells = dict(self.cells)
        c.where = dict(self.where)
        return c

    @classmethod
    def start(cls, cards: list[tuple[int, bool]]) -> City:
        return cls(dict(zip(START_CELLS, cards)))

    def bounds(self) -> tuple[int, int, int, int]:
        rows = [r for r, _ in self.cells]
        cols = [c for _, c in self.cells]
        return min(rows), min(cols), max(rows), max(cols)

    def edges(self) -> list[tuple[int, int]]:
        """Every pair (a, b) of touching cards, a left of or above b, in reading order of a."""
        out = []
        for (r, c) in sorted(self.cells):
            for dr, dc in ((0, 1), (1, 0)):
                other = self.cells.get((r + dr, c + dc))
                if other is not None:
                    out.append((self.cells[(r, c)][0], other[0]))
        return out

    def push_problem(self, a: int, b: int, push: int) -> str | None:
        """Why the new card cannot go into the edge between ``a`` and ``b`` pushing ``push``, or None."""
        for card in (a, b):
            if card not in self.where:
                return f"card {card} is not in the city"
        if a == b:
            return f"the new card goes between two different cards, not {a} and {a}"
        (ra, ca), (rb, cb) = self.where[a], self.where[b]
        if abs(ra - rb) + abs(ca - cb) != 1:
            return f"cards {a} and {b} do not share an edge"
        if push not in (a, b):
            return f"the pushed card must be {a} or {b}, the two cards beside the edge, not {push}"
        return None

    def push(self, a: int, b: int, push: int, card: int, turned: bool) -> Cell:
        """Put ``card`` where ``push`` was, after moving ``push`` and every card beyond it in its row or
        column one space away from the edge.  The caller has checked ``push_problem``.  Returns the new
        card's cell."""
        other = b if push == a else a
        pr, pc = self.where[push]
        orow, ocol = self.where[other]
        dr, dc = pr - orow, pc - ocol
        if dr == 0:
            moving = [(r, c) for (r, c) in self.cells if r == pr and (c - pc) * dc >= 0]
        else:
            moving = [(r, c) for (r, c) in self.cells if c == pc and (r - pr) * dr >= 0]
        moved = {(r + dr, c + dc): self.cells.pop((r, c)) for (r, c) in moving}
        self.cells.update(moved)
        for rc, (n, _) in moved.items():
            self.where[n] = rc
        self.cells[(pr, pc)] = (card, turned)
        self.where[card] = (pr, pc)
        return (pr, pc)


@dataclass(frozen=True)
class Path:
    """A player's longest piece of street: ``streets`` in order along it, each (card, street index)."""

    streets: tuple[tuple[int, int], ...]
    loop: bool

    @property
    def length(self) -> int:
        return len(self.streets)

    @property
    def value(self) -> int:
        return len(self.streets) + (LOOP_BONUS if self.loop else 0)


NO_PATH = Path((), False)


_ENDS: dict[int, dict[tuple[int, bool], tuple[tuple[str, int, int, int], ...]]] = {}


def _ends(deck: Deck) -> dict[tuple[int, bool], tuple[tuple[str, int, int, int], ...]]:
    """For each (card, turned): its streets as (colour, point, point, street index) as they lie."""
    table = _ENDS.get(id(deck))
    if table is None:
        table = {}
        for card in deck.cards:
            for turned in (False, True):
                t = deck.turn
                table[(card.number, turned)] = tuple(
                    (s.colour, t[s.a] if turned else s.a, t[s.b] if turned else s.b, i)
                    for i, s in enumerate(card.streets))
        _ENDS.clear()  # one deck at a time; the key is the deck's identity
        _ENDS[id(deck)] = table
        _KEEP[:] = [deck]  # keep it alive so its id stays its own
    return table


_KEEP: list[Deck] = []
_OFF = 1 << 12  # rows and columns are shifted by this, so a junction's number is never negative


def _graph(city: City, deck: Deck, colours) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The streets of ``colours`` as (junction, junction) pairs and their (card, street index) names.
    A junction is a number: the smaller of the numbers of the two points that meet there."""
    ends = _ends(deck)
    meets = deck.meets
    cells = city.cells
    edges: list[tuple[int, int]] = []
    names: list[tuple[int, int]] = []
    for (r, c), (number, turned) in cells.items():
        base = ((r + _OFF) * (2 * _OFF) + (c + _OFF)) * 6
        for colour, a, b, i in ends[(number, turned)]:
            if colour not in colours:
                continue
            u = base + a
            dr, dc, q = meets[a]
            if (r + dr, c + dc) in cells:
                u = min(u, ((r + dr + _OFF) * (2 * _OFF) + (c + dc + _OFF)) * 6 + q)
            v = base + b
            dr, dc, q = meets[b]
            if (r + dr, c + dc) in cells:
                v = min(v, ((r + dr + _OFF) * (2 * _OFF) + (c + dc + _OFF)) * 6 + q)
            edges.append((u, v))
            names.append((number, i))
    return edges, names


def _chains(edges: list[tuple[int, int]]) -> list[tuple[list[int], bool]]:
    """The connected pieces as (streets in order along the piece, is a ring).  Every junction ends at
    most two streets, so each piece is walked once: lines from a loose end, then what is left (rings)."""
    adj: dict[int, list[int]] = {}
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

    def walk(at: int, e: int) -> list[int]:
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
    edges, names = _graph(city, deck, colours)
    return [Path(tuple(names[e] for e in order), loop) for order, loop in _chains(edges)]


def longest(city: City, deck: Deck, player: str) -> Path:
    """The player's best piece of their colour plus gray: most points (streets, +2 for a ring); of
    pieces worth the same, the one found first (lines before rings, in the order of the city's cells)."""
    edges, names = _graph(city, deck, (player, "gray"))
    best_value, best = -1, None
    for order, loop in _chains(edges):
        value = len(order) + (LOOP_BONUS if loop else 0)
        if value > best_value:
            best_value, best = value, (order, loop)
    if best is None:
        return NO_PATH
    return Path(tuple(names[e] for e in best[0]), best[1])


# ---------------------------------------------------------------- the longest path, kept up to date


_COLOUR_CODE = {"black": 0, "white": 1, "gray": 2}
_POINTS: dict[int, dict[tuple[int, bool], tuple[tuple[int, int, int, int], ...]]] = {}


def _points(deck: Deck) -> dict[tuple[int, bool], tuple[tuple[int, int, int, int], ...]]:
    """For each (card, turned) and each point as it lies: (street index, the street's other point,
    colour code, 0 when the point is the street's first end as ``_ends`` gives it, else 1)."""
    table = _POINTS.get(id(deck))
    if table is None:
        table, firsts = {}, {}
        for key, streets in _ends(deck).items():
            row = [(0, 0, 0, 0)] * 6
            for colour, a, b, i in streets:
                code = _COLOUR_CODE[colour]
                row[a] = (i, b, code, 0)
                row[b] = (i, a, code, 1)
            table[key] = tuple(row)
            firsts[key] = tuple((a, b, _COLOUR_CODE[colour]) for colour, a, b, _i in streets)
        _POINTS.clear()
        _POINTS[id(deck)] = table
        _FIRSTS.clear()
        _FIRSTS[id(table)] = firsts
    return table


class _Piece:
    """One piece of a player's streets: its order along the piece as ``longest`` walks it, whether it
    is a ring, and the place ``longest`` finds it at (lines before rings, then ``key``)."""

    __slots__ = ("streets", "loop", "value", "rank", "alive")

    def __init__(self, streets: tuple[tuple[int, int], ...], loop: bool, key: tuple) -> None:
        self.streets = streets
        self.loop = loop
        self.value = len(streets) + (LOOP_BONUS if loop else 0)
        self.rank = (-self.value, loop, key)  # the smallest rank is the piece ``longest`` picks
        self.alive = True


class Streets:
    """Both players' pieces of street in a city, kept up to date as cards are pushed in.

    ``longest`` builds the whole street graph again each time it is asked; this walks again only the
    pieces that touch a card whose neighbours changed, and picks the same piece as ``longest`` would
    (the same street order, the same piece of equal ones): the tests hold the two to each other.
    A card's ``seq`` is its place in the order of the city's cells, which decides that choice.  A
    player's pieces are walked again only when that player's longest path is asked for."""

    def __init__(self, city: City, deck: Deck) -> None:
        self.city = city
        self.pts = _points(deck)
        self.meets = deck.meets
        self.seq: dict[int, int] = {}
        self.next_seq = 0
        for (number, _turned) in city.cells.values():
            self.seq[number] = self.next_seq
            self.next_seq += 1
        self.piece_of: tuple[dict, dict] = ({}, {})
        self.pieces: tuple[set, set] = (set(), set())
        every = [(n, i) for n, _t in city.cells.values() for i in range(3)]
        self.todo: tuple[list, list] = (list(every), list(every))  # streets to walk again, per player

    def longest(self, player: str) -> Path:
        pl = 0 if player == "black" else 1
        if self.todo[pl]:
            self._rewalk(pl, self.todo[pl])
            self.todo[pl].clear()
        pieces = self.pieces[pl]
        if not pieces:
            return NO_PATH
        best = min(pieces, key=_rank)
        return Path(best.streets, best.loop)

    def push(self, a: int, b: int, push: int, card: int, turned: bool) -> Cell:
        """``City.push`` (the caller has checked ``push_problem``), noting the pieces it may change."""
        city = self.city
        where, cells, seq = city.where, city.cells, self.seq
        other = b if push == a else a
        pr, pc = where[push]
        orow, ocol = where[other]
        dr, dc = pr - orow, pc - ocol
        if dr == 0:
            moved = [n for n, (r, c) in where.items() if r == pr and (c - pc) * dc >= 0]
        else:
            moved = [n for n, (r, c) in where.items() if c == pc and (r - pr) * dr >= 0]
        cell = city.push(a, b, push, card, turned)
        moved.sort(key=seq.__getitem__)  # City.push moves them in the order of the cells
        n_seq = self.next_seq
        for n in moved:
            seq[n] = n_seq
            n_seq += 1
        seq[card] = n_seq
        self.next_seq = n_seq + 1
        # the seams that change: those of the moved cards across the line they move along, before
        # and after the move, and the seam the new card goes into (its other sides are the pushed
        # card's old ones)
        dirty = [other]
        pr_, pc_ = dc, dr  # a step across the line
        for n in moved:
            dirty.append(n)
            r, c = where[n]
            for rr, cc in ((r, c), (r - dr, c - dc)):
                for got in (cells.get((rr + pr_, cc + pc_)), cells.get((rr - pr_, cc - pc_))):
                    if got is not None:
                        dirty.append(got[0])
        for pl in (0, 1):
            piece_of, pieces, todo = self.piece_of[pl], self.pieces[pl], self.todo[pl]
            todo.extend(((card, 0), (card, 1), (card, 2)))
            for n in dirty:
                for i in (0, 1, 2):
                    p = piece_of.get((n, i))
                    if p is not None and p.alive:
                        p.alive = False
                        pieces.discard(p)
                        todo.extend(p.streets)
        return cell

    def _rewalk(self, pl: int, streets: list[tuple[int, int]]) -> None:
        """Walk the pieces through ``streets`` (those of the player's colours) again."""
        piece_of, pieces = self.piece_of[pl], self.pieces[pl]
        cells, where, pts, meets, seq = self.city.cells, self.city.where, self.pts, self.meets, self.seq
        firsts = _FIRSTS[id(pts)]

        def walk(start: int, out: int, ring: int | None) -> tuple[list[tuple[int, int, int]], bool]:
            """The streets met leaving card ``start`` through point ``out``, each with the point it is
            entered at, until the piece ends; True when it comes back into street ``ring`` of
            ``start`` (a ring)."""
            steps: list[tuple[int, int, int]] = []
            n = start
            while True:
                r, c = where[n]
                dr, dc, q = meets[out]
                got = cells.get((r + dr, c + dc))
                if got is None:
                    return steps, False
                row = pts[got][q]
                if row[2] != pl and row[2] != 2:
                    return steps, False
                n = got[0]
                if ring is not None and n == start and row[0] == ring:
                    return steps, True
                steps.append((n, row[0], q))
                out = row[1]

        for s in streets:
            p = piece_of.get(s)
            if p is not None and p.alive:
                continue
            number, i = s
            lie = cells[where[number]]
            first, second, colour = firsts[lie][i]
            if colour != pl and colour != 2:
                continue
            # forward, out of the street's second end; each street with the point it is entered at
            fwd, loop = walk(number, second, i)
            if loop:
                chain = [(number, i, first)] + fwd
                # ``longest`` walks a ring from its first street (in cell order, then street order),
                # leaving it through that street's second end
                k = min(range(len(chain)), key=lambda j: (seq[chain[j][0]], chain[j][1]))
                cn, ci, centry = chain[k]
                if pts[cells[where[cn]]][centry][3] == 0:  # entered at its first end: same way round
                    order = chain[k:] + chain[:k]
                else:
                    order = [chain[k]] + chain[:k][::-1] + chain[k + 1:][::-1]
                names = tuple([(x[0], x[1]) for x in order])
                piece = _Piece(names, True, (seq[cn], ci))
            else:
                back, _ = walk(number, first, None)
                line = [(x[0], x[1]) for x in reversed(back)]
                line.append(s)
                line.extend([(x[0], x[1]) for x in fwd])
                # the loose ends: the far end of the first street and of the last; ``longest`` walks
                # a line from the end it meets first (cell order, street order, first end first)
                if back:
                    n0, i0, q0 = back[-1]
                    row0 = pts[cells[where[n0]]]
                    head = (seq[n0], i0, row0[row0[q0][1]][3])
                else:
                    head = (seq[number], i, 0)
                if fwd:
                    n1, i1, q1 = fwd[-1]
                    row1 = pts[cells[where[n1]]]
                    tail = (seq[n1], i1, row1[row1[q1][1]][3])
                else:
                    tail = (seq[number], i, 1)
                if tail < head:
                    line.reverse()
                    head = tail
                names = tuple(line)
                piece = _Piece(names, False, head)
            pieces.add(piece)
            for x in names:
                piece_of[x] = piece


_FIRSTS: dict[int, dict[tuple[int, bool], tuple[tuple[int, int, int], ...]]] = {}


def _rank(piece: _Piece) -> tuple:
    return piece.rank


# ---------------------------------------------------------------- replaying a typed-in game


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


def mover(first: str, turn: int) -> str:
    """Who places the card of turn ``turn`` (from 1) when ``first`` begins."""
    other = "white" if first == "black" else "black"
    return first if turn % 2 == 1 else other


def first_player(start: dict[str, Path]) -> tuple[str, dict[str, int]]:
    """The player who begins, and the bonus points of the start (White's 2 when the paths tie)."""
    b, w = start["black"].value, start["white"].value
    if b > w:
        return "black", {"black": 0, "white": 0}
    if w > b:
        return "white", {"black": 0, "white": 0}
    return "white", {"black": 0, "white": TIE_BONUS}


def _card_problem(deck: Deck, card: int, rotation: int, seen: set[int], start: bool) -> str | None:
    """What is wrong with putting ``card`` down at ``rotation`` (a start card, or one played in a turn)
    when the cards in ``seen`` are already down; None when nothing is."""
    if not deck.has(card):
        return f"there is no card {card}; the deck's cards are numbered 1 to {len(deck.cards)}"
    if card in seen:
        return (f"card {card} is in the starting city twice" if start
                else f"card {card} is already in the city; each card is played once")
    if rotation not in (0, 180):
        return (f"card {card} lies turned {rotation} degrees; "
                + ("cards lie upright" if start else "a new card goes in upright")
                + " or turned half round (up or down), so that long sides meet long sides")
    return None


def _deal_start_problem(deal, k: int, p) -> Problem | None:
    """What is wrong with start card ``k`` (a Placed) for the seeded ``deal``, or None."""
    want, turned = deal.order[k], deal.turned[k]
    if p.card != want or (p.rotation in (0, 180) and p.turned != turned):
        return Problem(f"start, {START_PLACES[k]}", f"the deal of {deal.id} puts card {want} {'down' if turned else 'up'} "
                       f"here, not {p.card} {rotation_word(p.rotation)}", "deal", p.line)
    return None


def _deal_turn_problem(deal, number: int, card: int, line: int | None) -> Problem | None:
    """What is wrong with the card of turn ``number`` (written on ``line``) for the seeded ``deal``."""
    k = START_SIZE + number - 1
    want = deal.order[k] if k < len(deal.order) else None
    if want is None:
        return Problem(f"turn {number}", f"the deck of {deal.id} has no card left for turn {number}", "deal", line)
    if card != want:
        return Problem(f"turn {number}", f"the next card of {deal.id} is {want}, not {card}", "deal", line)
    return None


def deal_problems(game: Game, deal) -> list[Problem]:
    """The problems ``replay`` finds with ``deal`` in a game whose every card and push is legal: the
    deal's checks alone, start first, then turn by turn."""
    out = [_deal_start_problem(deal, k, p) for k, p in enumerate(game.start)]
    order = deal.order
    for number, move in enumerate(plain_moves(game), 1):
        k = START_SIZE + number - 1
        if k >= len(order) or order[k] != move[0]:  # (the line is looked up only for a problem)
            out.append(_deal_turn_problem(deal, number, move[0], game.moves[number - 1].line))
    return [p for p in out if p is not None]


def replay(game: Game, deck: Deck, deal=None) -> Replay:
    """Replay the whole game, checking each step.  ``deal`` (a dice.Deal) adds the checks of a seeded
    game: the starting city and the order the cards are drawn in."""
    problems: list[Problem] = []
    rep = Replay({"black": NO_PATH, "white": NO_PATH}, None, {"black": 0, "white": 0}, [], None, problems,
                 cards=len(deck.cards))
    seen: set[int] = set()
    for k, p in enumerate(game.start):
        where = f"start, {START_PLACES[k]}"
        msg = _card_problem(deck, p.card, p.rotation, seen, start=True)
        if msg:
            problems.append(Problem(where, msg, "start", p.line))
            rep.stopped = 0
        seen.add(p.card)
        if deal is not None:
            problem = _deal_start_problem(deal, k, p)
            if problem is not None:
                problems.append(problem)
    if rep.stopped is not None:
        return rep
    city = City.start([(p.card, p.turned) for p in game.start])
    rep.city = city
    streets = Streets(city, deck)
    rep.start = {pl: streets.longest(pl) for pl in PLAYERS}
    first, bonus = first_player(rep.start)
    rep.first, rep.bonus = first, bonus
    totals = dict(bonus)
    for m in game.moves:
        where = f"turn {m.number}"
        msg = _card_problem(deck, m.card, m.rotation, seen, start=False)
        if msg is None:
            msg = city.push_problem(m.a, m.b, m.push)
        if deal is not None:
            problem = _deal_turn_problem(deal, m.number, m.card, m.line)
            if problem is not None:
                problems.append(problem)
        if msg:
            problems.append(Problem(where, msg + "; the game is not replayed from here", "push", m.line))
            rep.stopped = m.number
            break
        seen.add(m.card)
        cell = streets.push(m.a, m.b, m.push, m.card, m.rotation == 180)
        who = mover(first, m.number)
        path = streets.longest(who)
        totals[who] += path.value
        rep.turns.append(TurnResult(m.number, who, m.card, m.rotation, path, dict(totals), cell))
    return rep


_LAST: list = [None, None, None, None]  # the last (game, deck, deal, replay) that ``replayed`` made


def replayed(game: Game, deck: Deck, deal=None, any_deal: bool = False) -> Replay:
    """``replay``, made once for a sheet that is checked and then scored: the command checks a sheet
    and then scores the same Game object, which is frozen, so the second call reuses the first replay.
    A deal only adds problems to a replay, so a caller that reads no problems passes ``any_deal`` and
    gets the replay made with whatever deal.  Callers must not change the Replay they get."""
    last = _LAST
    if last[0] is game and last[1] is deck and (any_deal or last[2] is deal):
        return last[3]
    rep = replay(game, deck, deal)
    last[:] = [game, deck, deal, rep]
    return rep


def check(game: Game, deck: Deck, deal=None) -> list[Problem]:
    return list(replayed(game, deck, deal).problems)


# ---------------------------------------------------------------- the scores as the players write them


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
    """The Score of a typed-in game from its replay (the reference for ``score_quick``): Black's total,
    the breakdown, the report and both players' totals; the answer to a puzzle scores its last turn."""
    rep = replayed(game, deck, any_deal=True)  # scoring reads no problems
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


# ---------------------------------------------------------------- scoring quickly
#
# ``quick`` replays a typed-in game that breaks no rule for its score: the same paths and points as
# ``replay``, at a small part of the cost.  ``replay`` (with ``Streets``) and ``longest`` stay the
# reference, and the tests hold this to them turn by turn; a game with any problem is left to
# ``replay``, which words the problems.
#
# Every point of every card down is a number, ``card * 6 + point`` (the point as the card lies), and
# ``link[g]`` is the point that ``g`` touches on the neighbouring card, or -1.  A push changes few
# links: those across the line the pushed cards move along (their old neighbours, then their new ones)
# and those of the new card.  The links change one at a time, and after each change both players'
# pieces are brought up to date:
#
# - a line is known by its two loose ends: ``far[e]`` is the other end of the line that ends at point
#   ``e`` and ``ln[e]`` its number of streets; ``ends[n]`` holds a loose end of every line of n streets
#   made (those that have changed since are passed over when the longest lines are asked for);
# - joining two loose ends joins two lines (or closes one into a ring) without a walk;
# - cutting a link inside a line walks from the cut to one end to find where the line splits; cutting a
#   ring makes it a line.
#
# To pick the same one of equal pieces as ``longest``, the ends of the longest lines are compared by
# the place ``longest`` meets them first: the order of the city's cells (a card's ``seq``: the cards a
# push moves go to the end of that order, in their order, and the new card after them), then the
# street, then the end of the street.

_S = 128  # the grid of cells: (row, column) is cell (row + 64) * 128 + column + 64
_START = 64 * _S + 64  # the starting city's top left card
_COLOUR_MASK = {"black": 1, "white": 2, "gray": 3}  # bit 1: Black's streets, bit 2: White's


class _Tables:
    """What ``quick`` needs from a deck.  For each card lying one way, ``k = card * 2 + turned``, and
    each of its points as it lies (numbered ``card * 6 + point``): ``partner[k]`` the other end of the
    point's street, ``sub[k]`` the street's index * 2 + which end of it the point is (0: its first end,
    as ``longest`` walks it), ``mask[k]`` the street's colour mask, ``mine[k]`` the points of each
    player's streets.  Then, by the step ``d`` a push moves cards by: ``cross[d]`` the points on the
    sides across the line (point, step to the neighbour, the neighbour's point), ``inline[d]`` the points
    facing back along it and those facing ahead (point, the neighbour's point); ``neighbours`` all six.
    ``across[d]``, ``backs[d]`` and ``aheads[d]`` are ``cross[d]`` and ``inline[d]`` by card, the points
    numbered (``card * 6 + point``)."""

    __slots__ = ("deck", "partner", "sub", "mask", "mine", "cross", "inline", "neighbours", "across", "backs",
                 "aheads")

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        none = (0,) * 6
        self.partner, self.sub, self.mask = [none, none], [none, none], [none, none]
        self.mine: tuple[list, list] = ([(), ()], [(), ()])
        t = deck.turn
        for card in deck.cards:
            base = card.number * 6
            for turned in (False, True):
                partner, sub, mask = [0] * 6, [0] * 6, [0] * 6
                for i, s in enumerate(card.streets):
                    a, b = (t[s.a], t[s.b]) if turned else (s.a, s.b)
                    m = _COLOUR_MASK[s.colour]
                    partner[a], sub[a], mask[a] = base + b, i * 2, m
                    partner[b], sub[b], mask[b] = base + a, i * 2 + 1, m
                self.partner.append(tuple(partner))
                self.sub.append(tuple(sub))
                self.mask.append(tuple(mask))
                for bit, mine in zip((1, 2), self.mine):
                    mine.append(tuple(base + q for q in range(6) if mask[q] & bit))
        meets = [q for _dr, _dc, q in deck.meets]
        delta = [dr * _S + dc for dr, dc, _q in deck.meets]
        self.neighbours = tuple(zip(range(6), delta, meets))
        self.cross = {d: tuple((q, delta[q], meets[q]) for q in range(6) if delta[q] not in (d, -d))
                      for d in (1, -1, _S, -_S)}
        self.inline = {d: (tuple((q, meets[q]) for q in range(6) if delta[q] == -d),
                           tuple((q, meets[q]) for q in range(6) if delta[q] == d)) for d in self.cross}
        self.across = {d: [tuple((n * 6 + q, dq, mq) for q, dq, mq in qs) for n in range(len(deck.cards) + 1)]
                       for d, qs in self.cross.items()}
        cards = range(len(deck.cards) + 1)
        self.backs = {d: [tuple((n * 6 + q, mq) for q, mq in qs[0]) for n in cards] for d, qs in self.inline.items()}
        self.aheads = {d: [tuple((n * 6 + q, mq) for q, mq in qs[1]) for n in cards] for d, qs in self.inline.items()}


_TABLES: list = [None]


def _tables(deck: Deck) -> _Tables:
    t = _TABLES[0]
    if t is None or t.deck is not deck:
        t = _TABLES[0] = _Tables(deck)
    return t


class Quick:
    """A game that breaks no rule, replayed by ``quick``: the breakdown ``breakdown`` makes of its
    replay, its totals (Black's, White's), and the text ``report`` writes (made when asked for)."""

    __slots__ = ("breakdown", "totals")

    def __init__(self, breakdown: dict, totals: tuple[int, int]) -> None:
        self.breakdown = breakdown
        self.totals = totals

    def report(self, names: tuple[str, str] = ("", "")) -> str:
        return report_of_breakdown(self.breakdown, names)


class _Ring:
    __slots__ = ("point",)

    def __init__(self, point: int) -> None:
        self.point = point  # a point of one of its streets


def _player(bit: int, ones: list, link: list, partner: list, sub: list, mask: list, seq: list, where: list,
            div: int):
    """One player's pieces (see the comment above ``_S``): (cut, join, best).  ``cut(x, y)`` and
    ``join(x, y)`` follow a link between points of the player's streets that ``link`` has just lost or
    gained; ``best()`` is the player's best piece as ``longest`` picks it."""
    far = partner[:]  # every street is a line of one until it is joined
    ln = [1] * len(partner)
    ends: defaultdict = defaultdict(list)  # n -> a loose end of each line of n streets made (some gone since)
    ends[1] = ones  # every point of the player's streets, of cards not down yet too (``best`` asks; kept whole)
    rings: dict = {}  # ring -> its number of streets
    ring_of: list = [None] * len(partner)  # each point of a street -> the ring the street was last in
    top = 1  # no line is longer

    def cut(x: int, y: int) -> None:
        nonlocal top
        if rings:
            r = ring_of[x]
            if r is not None and r in rings:  # a ring opens into a line
                n = rings.pop(r)
                far[x] = y
                far[y] = x
                ln[x] = ln[y] = n
                ends[n].append(x)
                if n > top:
                    top = n
                return
        n = 1  # walk from the cut to the loose end on x's side
        g = partner[x]
        while True:
            h = link[g]
            if h < 0 or not mask[h] & bit:
                break
            n += 1
            g = partner[h]
        f = far[g]
        k = ln[g] - n
        far[x] = g
        far[g] = x
        ln[x] = ln[g] = n
        if n > 1:  # (``ends[1]`` keeps every point)
            ends[n].append(x)
        far[y] = f
        far[f] = y
        ln[y] = ln[f] = k
        if k > 1:
            ends[k].append(y)

    def join(x: int, y: int) -> None:
        nonlocal top
        a = far[x]
        if a == y:  # the two ends of one line meet: a ring
            ring = _Ring(x)
            rings[ring] = ln[x]
            g = x
            while True:
                p = partner[g]
                ring_of[g] = ring_of[p] = ring
                g = link[p]
                if g == x:
                    return
        b = far[y]
        n = ln[x] + ln[y]
        far[a] = b
        far[b] = a
        ln[a] = ln[b] = n
        ends[n].append(a)
        if n > top:
            top = n

    def best() -> tuple[int, bool, list[int]]:
        nonlocal top
        t = top
        key = None
        while True:  # the longest lines: the points of ends[t] that still end a line of t streets
            c = ends[t]
            if c:
                keep = []
                for e in c:
                    if (ln[e] == t if t > 1 else where[e // 6]) and ((h := link[e]) < 0 or not mask[h] & bit):
                        keep.append(e)
                        k = seq[e // 6] * 6 + sub[e]
                        if key is None or k < key:
                            key, head = k, e
                        f = far[e]  # and the line's other end
                        k = seq[f // 6] * 6 + sub[f]
                        if k < key:
                            key, head = k, f
                if keep:
                    if t > 1:
                        ends[t] = keep
                    break
                if t == 1:
                    break
                ends[t] = keep
            elif t == 1:
                break
            t -= 1
        top = t
        if rings:
            n = max(rings.values())
            if n + 2 > t or key is None:
                return ring(n)
        if key is None:
            return 0, False, []
        path = [head // div]  # the line from the end that comes first
        g = partner[head]
        for _ in range(t - 1):
            h = link[g]
            path.append(h // div)
            g = partner[h]
        return t, False, path

    def ring(n: int) -> tuple[int, bool, list[int]]:
        # of the rings with the most streets, the one whose first street comes first in the order of
        # the cells; walked from that street's first end, so that it leaves through its second
        key = head = None
        for r, rn in rings.items():
            if rn != n:
                continue
            g = r.point
            while True:
                p = partner[g]
                low = g if not sub[g] & 1 else p  # the street's first end
                k = seq[low // 6] * 6 + sub[low]
                if key is None or k < key:
                    key, head = k, low
                g = link[p]
                if g == r.point:
                    break
        path = [head // div]
        g = link[partner[head]]
        while g != head:
            path.append(g // div)
            g = link[partner[g]]
        return n, True, path

    return cut, join, best


def quick(start: list[tuple[int, int]], moves: list[tuple[int, int, int, int, int]], deck: Deck,
          points: bool = False) -> Quick | None:
    """Replay a game given as numbers: the starting city's four (card, rotation) in reading order and
    each turn's (card, rotation, a, b, push).  None when any rule is broken (``replay`` says which).
    A path is the card of each of its streets; with ``points``, the point each street is entered at
    (``card * 6 + point``), for the tests."""
    tab = _tables(deck)
    ncards = len(deck.cards)
    lie = dict(start)  # every card the game lays, once each, as it lies
    lie.update([(m[0], m[1]) for m in moves])
    if (len(lie) != len(start) + len(moves) or min(lie) < 1 or max(lie) > ncards
            or not set(lie.values()) <= {0, 180} or ncards > 60):  # (a larger city may not fit the grid)
        return None
    keys = [0] * (ncards + 1)
    for c, r in lie.items():
        keys[c] = c * 2 + (r == 180)
    partner = list(chain.from_iterable(map(tab.partner.__getitem__, keys)))
    sub = list(chain.from_iterable(map(tab.sub.__getitem__, keys)))
    mask = list(chain.from_iterable(map(tab.mask.__getitem__, keys)))
    link = [-1] * len(partner)
    grid = bytearray(_S * _S)  # the card in each cell, 0 for none
    where = [0] * (ncards + 1)  # each card's cell, 0 when it is not down
    seq = [0] * (ncards + 1)
    div = 1 if points else 6
    cut_b, join_b, best_b = _player(1, list(chain.from_iterable(map(tab.mine[0].__getitem__, keys))),
                                    link, partner, sub, mask, seq, where, div)
    cut_w, join_w, best_w = _player(2, list(chain.from_iterable(map(tab.mine[1].__getitem__, keys))),
                                    link, partner, sub, mask, seq, where, div)
    cross = tab.cross

    def cut_bw(g: int, h: int) -> None:
        cut_b(g, h)
        cut_w(g, h)

    def join_bw(g: int, h: int) -> None:
        join_b(g, h)
        join_w(g, h)

    cuts = (None, cut_b, cut_w, cut_bw)  # by the colour mask the two points share
    joins = (None, join_b, join_w, join_bw)

    for k, (card, _rot) in enumerate(start):
        seq[card] = k
        cell = _START + (k >> 1) * _S + (k & 1)
        grid[cell] = card
        where[card] = cell
        base = card * 6
        for q, dq, mq in tab.neighbours:
            nb = grid[cell + dq]
            if nb:
                g = base + q
                h = nb * 6 + mq
                link[g] = h
                link[h] = g
                m = mask[g] & mask[h]
                if m:
                    joins[m](g, h)
    after = 4  # every seq is below this
    first_paths = (best_b(), best_w())
    vb, vw = (n + (LOOP_BONUS if loop else 0) for n, loop, _ in first_paths)
    if vb > vw:
        first, bonus = 0, 0
    elif vw > vb:
        first, bonus = 1, 0
    else:
        first, bonus = 1, TIE_BONUS  # White begins, with the bonus
    tb, tw = 0, bonus
    turns = []
    for number, (card, rot, a, b, pushed) in enumerate(moves, 1):
        pa = where[a] if 0 < a <= ncards else 0
        pb = where[b] if 0 < b <= ncards else 0
        if not pa or not pb:
            return None
        if pushed == a:
            p, d, other = pa, pa - pb, b
        elif pushed == b:
            p, d, other = pb, pb - pa, a
        else:
            return None
        if d not in cross:  # the two cards do not touch (or are one card)
            return None
        # the cells from the pushed card's to the edge of the grid: every card there moves one on
        if d == 1:
            end = p - p % _S + _S - 1
        elif d == -1:
            end = p - p % _S
        elif d > 0:
            end = _S * _S - _S + p % _S
        else:
            end = p % _S
        line = grid[p:end:d]
        moved = line.replace(b"\0", b"")
        backs = tab.backs[d]
        for g, _mq in backs[pushed]:  # the pushed card leaves the other one
            h = link[g]
            link[g] = link[h] = -1
            m = mask[g] & mask[h]
            if m:
                cuts[m](g, h)
        # from the far end back, each moved card leaves its neighbours across the line and meets the
        # next ones (whose points the card moved before it has just left)
        points = tab.across[d]
        for n in reversed(moved):
            cd = where[n] + d
            for g, dq, mq in points[n]:
                h = link[g]
                if h >= 0:
                    link[g] = link[h] = -1
                    m = mask[g] & mask[h]
                    if m:
                        cuts[m](g, h)
                nb = grid[cd + dq]
                if nb:
                    h = nb * 6 + mq
                    link[g] = h
                    link[h] = g
                    m = mask[g] & mask[h]
                    if m:
                        joins[m](g, h)
            where[n] = cd
            seq[n] += after  # to the end of the order of the cells, in their order
        grid[p + d:end + d if end + d >= 0 else None:d] = line
        seq[card] = 2 * after
        after = 2 * after + 1
        # the new card in the pushed card's old place, between the other card and the pushed one
        grid[p] = card
        where[card] = p
        base = other * 6
        for g, mq in backs[card]:
            h = base + mq
            link[g] = h
            link[h] = g
            m = mask[g] & mask[h]
            if m:
                joins[m](g, h)
        base = pushed * 6
        for g, mq in tab.aheads[d][card]:
            h = base + mq
            link[g] = h
            link[h] = g
            m = mask[g] & mask[h]
            if m:
                joins[m](g, h)
        for g, dq, mq in points[card]:
            nb = grid[p + dq]
            if nb:
                h = nb * 6 + mq
                link[g] = h
                link[h] = g
                m = mask[g] & mask[h]
                if m:
                    joins[m](g, h)
        way = "up" if rot == 0 else "down"
        if (number & 1) ^ first:  # Black's turn
            n, loop, path = best_b()
            points = n + LOOP_BONUS if loop else n
            tb += points
            turns.append({"turn": number, "player": "black", "card": card, "orientation": way, "path": n,
                          "loop": loop, "points": points, "cards": path, "black": tb, "white": tw})
        else:
            n, loop, path = best_w()
            points = n + LOOP_BONUS if loop else n
            tw += points
            turns.append({"turn": number, "player": "white", "card": card, "orientation": way, "path": n,
                          "loop": loop, "points": points, "cards": path, "black": tb, "white": tw})
    (nb, lb, _), (nw, lw, _) = first_paths
    complete = 4 + len(turns) == ncards
    breakdown = {
        "start": {"black": {"path": nb, "loop": lb, "value": vb}, "white": {"path": nw, "loop": lw, "value": vw}},
        "first": "white" if first else "black",
        "tie_bonus": {"black": 0, "white": bonus},
        "turns": turns,
        "turns_played": len(turns),
        "turns_in_a_game": ncards - START_SIZE,
        "replayed_to_the_end": True,
        "complete": complete,
        "mayor": None if not complete or tb == tw else "black" if tb > tw else "white",
    }
    return Quick(breakdown, (tb, tw))


def report_of_breakdown(breakdown: dict, names: tuple[str, str] = ("", "")) -> str:
    """``rules.report`` of the replay, written from its breakdown."""
    b = breakdown
    start, bonus = b["start"], b["tie_bonus"]["white"]
    head = f"starting city: longest path Black {start['black']['value']}, White {start['white']['value']}"
    if bonus:
        head += f" - a tie, so White goes first and scores {bonus} bonus points"
    else:
        head += f" - {NAMES[b['first']]} goes first"
    lines = [head, f"{'turn':>4}  {'player':<6}  {'card':<8}  {'path':>4}  {'loop':<4}  {'points':>6}  "
                   f"{'Black':>5}  {'White':>5}  path through cards"]
    for t in b["turns"]:
        cards = t["cards"]
        if cards:
            shown = [cards[0]]
            for c in cards:
                if c != shown[-1]:
                    shown.append(c)
            path = "-".join(map(str, shown)) + (" (a loop)" if t["loop"] else "")
        else:
            path = "none"
        lines.append(f"{t['turn']:>4}  {NAMES[t['player']]:<6}  {str(t['card']) + ' ' + t['orientation']:<8}  "
                     f"{t['path']:>4}  {'yes' if t['loop'] else '':<4}  {'+' + str(t['points']):>6}  "
                     f"{t['black']:>5}  {t['white']:>5}  {path}")
    if b["turns"]:
        tb, tw = b["turns"][-1]["black"], b["turns"][-1]["white"]
    else:
        tb, tw = 0, bonus
    if b["complete"]:
        mayor = b["mayor"]
        if mayor is None:
            lines.append(f"the city is complete: {tb} to {tw}, a tie - nobody is appointed Mayor")
        else:
            n = names[0 if mayor == "black" else 1]
            who = f"{NAMES[mayor]} ({n})" if n else NAMES[mayor]
            lines.append(f"the city is complete: {who} is Mayor, {max(tb, tw)} to {min(tb, tw)}")
    else:
        left = b["turns_in_a_game"] - b["turns_played"]
        lines.append(f"the city is not complete yet: {left} card{'s' if left != 1 else ''} still to play, no Mayor yet")
    return "\n".join(lines)


class _Score(Score):
    """A Score whose report is written when it is first read (a JSON run never reads it)."""

    def __init__(self, quick: Quick, names: tuple[str, str]) -> None:
        tb, tw = quick.totals
        players: list[dict] = [{"name": "Black", "total": tb}, {"name": "White", "total": tw}]
        for entry, name in zip(players, names):
            if name:
                entry["player"] = name
        self.total = tb
        self.breakdown = quick.breakdown
        self.players = players
        self.__dict__["_report"] = (quick, names)

    @property  # type: ignore[override]
    def report(self) -> str:
        made = self.__dict__["_report"]
        if isinstance(made, tuple):
            made = self.__dict__["_report"] = made[0].report(made[1])
        return made

    @report.setter
    def report(self, value: str) -> None:
        self.__dict__["_report"] = value


_QUICK_LAST: list = [None, None, None]  # the last (game, deck, Quick or None) that ``quick_of`` made


def quick_of(game: Game, deck: Deck) -> Quick | None:
    """``quick`` of a typed-in game, made once for a sheet that is checked and then scored (the game
    is frozen); None when the game breaks a rule."""
    last = _QUICK_LAST
    if last[0] is game and last[1] is deck:
        return last[2]
    q = quick([(p.card, p.rotation) for p in game.start], plain_moves(game), deck)
    last[:] = [game, deck, q]
    return q


def score_quick(game: Game, deck: Deck) -> Score | None:
    """The Score of a game that breaks no rule, as the game's ``score`` makes it from the replay; None
    when the game breaks a rule (or answers a puzzle): the plain replay scores those."""
    if game.puzzle:
        return None
    q = quick_of(game, deck)
    return None if q is None else _Score(q, game.names)


def evaluate(game: Game, deck: Deck, deal=None) -> Evaluation:  # noqa: ANN001 - a dice.Deal or None
    q = None if game.puzzle else quick([(p.card, p.rotation) for p in game.start], plain_moves(game), deck)
    if q is not None:  # every card and push legal: only a deal can object
        problems = deal_problems(game, deal) if deal is not None else []
        return Evaluation(tuple(problems), _Score(q, game.names))
    return Evaluation(tuple(check(game, deck, deal)), score_plain(game, deck))
