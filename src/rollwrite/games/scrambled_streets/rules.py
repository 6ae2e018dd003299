"""The rules of Scrambled Streets: the city, the push, the longest street and the scores.

A city is a set of grid cells holding cards; (row, column) may go below zero as the city grows up or
to the left.  Every card lies upright or turned half round.  Two cards touch when their cells share an
edge; a point of one card then meets a point of the other (``Deck.meets``) and the two are one
junction.  Each card joins its six points in three pairs, so every junction is the end of at most two
streets: the streets of any set of colours fall apart into separate lines and rings.  The longest path
of a player is therefore the largest of these pieces in the player's colour plus gray, counted in
streets, with 2 points more when the piece is a closed ring (docs/rules/scrambled-streets.md).

``replay`` plays a typed-in game once, checking every card and push and keeping both players' pieces
up to date (``Streets``); ``evaluate`` turns that into the Evaluation of the Game protocol.  The plain
computation the tests hold this to (a new street graph walked at every turn) is in tests/oracles.
Nothing here draws; sheet.py draws what these functions return.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any

from rollwrite.games.base import Evaluation, LazyScore, Problem, Score
from rollwrite.games.scrambled_streets.data import PLAYERS, START_PLACES, START_SIZE, Deck
from rollwrite.games.scrambled_streets.format import Game, Numbers, plain_moves, rotation_word

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


# ---------------------------------------------------------------- turns


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


def card_problem(deck: Deck, card: int, rotation: int, seen: set[int], start: bool) -> str | None:
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


def deal_start_problem(deal, k: int, p) -> Problem | None:
    """What is wrong with start card ``k`` (a Placed) for the seeded ``deal``, or None."""
    want, turned = deal.order[k], deal.turned[k]
    if p.card != want or (p.rotation in (0, 180) and p.turned != turned):
        return Problem(f"start, {START_PLACES[k]}", f"the deal of {deal.id} puts card {want} {'down' if turned else 'up'} "
                       f"here, not {p.card} {rotation_word(p.rotation)}", "deal", p.line)
    return None


def deal_turn_problem(deal, number: int, card: int, line: int | None) -> Problem | None:
    """What is wrong with the card of turn ``number`` (written on ``line``) for the seeded ``deal``."""
    k = START_SIZE + number - 1
    want = deal.order[k] if k < len(deal.order) else None
    if want is None:
        return Problem(f"turn {number}", f"the deck of {deal.id} has no card left for turn {number}", "deal", line)
    if card != want:
        return Problem(f"turn {number}", f"the next card of {deal.id} is {want}, not {card}", "deal", line)
    return None


# ---------------------------------------------------------------- both players' streets, kept up to date
#
# ``Streets`` follows a city as cards are laid and pushed in, and gives each player's longest piece
# after every turn without walking the streets again.
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

class _Ring:
    __slots__ = ("point",)

    def __init__(self, point: int) -> None:
        self.point = point  # a point of one of its streets


def _player(bit: int, mine: list, keys: list, link: list, partner: list, sub: list, mask: list, seq: list,
            where: list, div: int):
    """One player's pieces (see the comment above): (cut, join, best).  ``cut(x, y)`` and ``join(x, y)``
    follow a link between points of the player's streets that ``link`` has just lost or gained;
    ``best()`` is the player's best piece as (streets, is a ring, the point each street is entered at
    divided by ``div``: 6 gives the cards).  ``mine`` is the player's ``PointTables.mine``, ``keys`` each
    card's ``card * 2 + turned`` as the game lays it (0: not laid)."""
    far = partner[:]  # every street is a line of one until it is joined
    ln = [1] * len(partner)
    ends: defaultdict = defaultdict(list)  # n -> a loose end of each line of n streets made (some gone since)
    # ends[1], every point of the player's streets (of cards not down yet too), is made when ``best`` first
    # needs it, if ever (seldom: a line of two streets is almost always there); it is then kept whole
    wait = [mine, keys]
    rings: dict = {}  # ring -> its number of streets
    ring_of: list = [None] * len(partner)  # each point of a street -> the ring the street was last in
    top = [1]  # no line is longer
    return (_cutter(bit, link, partner, mask, far, ln, ends, rings, ring_of, top),
            _joiner(link, partner, far, ln, ends, rings, ring_of, top),
            _finder(bit, link, partner, sub, mask, seq, where, far, ln, ends, rings, top, div, wait))


def _cutter(bit: int, link: list, partner: list, mask: list, far: list, ln: list, ends: defaultdict, rings: dict,
            ring_of: list, top: list):
    def cut(x: int, y: int, link: list = link, partner: list = partner, mask: list = mask, far: list = far,
            ln: list = ln) -> None:  # (arrays as defaults: local names, read quicker in the loop)
        if rings:
            r = ring_of[x]
            if r is not None and r in rings:  # a ring opens into a line
                n = rings.pop(r)
                far[x] = y
                far[y] = x
                ln[x] = ln[y] = n
                ends[n].append(x)
                if n > top[0]:
                    top[0] = n
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

    return cut


def _joiner(link: list, partner: list, far: list, ln: list, ends: defaultdict, rings: dict, ring_of: list,
            top: list):
    def join(x: int, y: int, link: list = link, partner: list = partner, far: list = far, ln: list = ln) -> None:
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
        if n > top[0]:
            top[0] = n

    return join


def _finder(bit: int, link: list, partner: list, sub: list, mask: list, seq: list, where: list, far: list,
            ln: list, ends: defaultdict, rings: dict, top: list, div: int, wait: list):
    def best(link: list = link, partner: list = partner, sub: list = sub, mask: list = mask, seq: list = seq,
             where: list = where, far: list = far, ln: list = ln) -> tuple[int, bool, list[int]]:
        t = top[0]
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
                if wait:  # (see ``_player``)
                    keys, mine = wait.pop(), wait.pop()
                    ends[1] = list(chain.from_iterable(map(mine.__getitem__, keys)))
                    continue
                break
            t -= 1
        top[0] = t
        if rings:
            n = max(rings.values())
            if n + 2 > t or key is None:
                return n, True, [g // div for g in _ring_path(rings, n, link, partner, sub, seq)]
        if key is None:
            return 0, False, []
        path = [head // div]  # the line from the end that comes first
        g = partner[head]
        for _ in range(t - 1):
            h = link[g]
            path.append(h // div)
            g = partner[h]
        return t, False, path

    return best


def _ring_path(rings: dict, n: int, link: list, partner: list, sub: list, seq: list) -> list[int]:
    """Of the rings of ``n`` streets, the one whose first street comes first in the order of the cells,
    walked from that street's first end, so that it leaves through its second."""
    key: int | None = None
    head = -1
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
    path = [head]
    g = link[partner[head]]
    while g != head:
        path.append(g)
        g = link[partner[g]]
    return path


class Streets:
    """Both players' pieces of street in a city as cards are laid and pushed in.  ``lie`` gives every
    card the game may lay, as it lies (0 upright, 180 turned); ``div`` 6 names a path's streets by their
    cards, 1 by the point each is entered at (``card * 6 + point``); cells are numbered as in
    ``Deck.tables`` (the grid of ``stride`` columns), each card's ``seq`` is its place in the order of
    the city's cells."""

    __slots__ = ("tab", "partner", "sub", "mask", "link", "grid", "where", "seq", "after", "cuts", "joins", "best",
                 "push")

    def __init__(self, deck: Deck, lie: dict[int, int], div: int = 6) -> None:
        tab = self.tab = deck.tables
        ncards = len(deck.cards)
        keys = [0] * (ncards + 1)
        for c, r in lie.items():
            keys[c] = c * 2 + (r == 180)
        self.partner = partner = list(chain.from_iterable(map(tab.partner.__getitem__, keys)))
        self.sub = sub = list(chain.from_iterable(map(tab.sub.__getitem__, keys)))
        self.mask = mask = list(chain.from_iterable(map(tab.mask.__getitem__, keys)))
        self.link = link = [-1] * len(partner)
        self.grid = bytearray(tab.stride * tab.stride)  # the card in each cell, 0 for none
        self.where = where = [0] * (ncards + 1)  # each card's cell, 0 when it is not down
        self.seq = seq = [0] * (ncards + 1)
        self.after = [0]  # every seq is below this
        cut_b, join_b, best_b = _player(1, tab.mine[0], keys, link, partner, sub, mask, seq, where, div)
        cut_w, join_w, best_w = _player(2, tab.mine[1], keys, link, partner, sub, mask, seq, where, div)

        def cut_bw(g: int, h: int) -> None:
            cut_b(g, h)
            cut_w(g, h)

        def join_bw(g: int, h: int) -> None:
            join_b(g, h)
            join_w(g, h)

        self.cuts: tuple[Any, ...] = (None, cut_b, cut_w, cut_bw)  # by the colour mask the two points share
        self.joins: tuple[Any, ...] = (None, join_b, join_w, join_bw)
        self.best = (best_b, best_w)
        self.push = _pusher(tab, self.grid, link, mask, where, seq, self.cuts, self.joins, self.after)

    def lay(self, card: int, cell: int) -> None:
        """Put ``card`` down in the empty ``cell``, last in the order of the cells, linked with the cards
        beside it."""
        grid, link, mask, joins = self.grid, self.link, self.mask, self.joins
        self.seq[card] = self.after[0]
        self.after[0] += 1
        grid[cell] = card
        self.where[card] = cell
        base = card * 6
        for q, dq, mq in self.tab.neighbours:
            nb = grid[cell + dq]
            if nb:
                g = base + q
                h = nb * 6 + mq
                link[g] = h
                link[h] = g
                m = mask[g] & mask[h]
                if m:
                    joins[m](g, h)

    def push_problem(self, a: int, b: int, push: int) -> str | None:
        """Why a new card cannot go into the edge between ``a`` and ``b`` pushing ``push``, or None."""
        where = self.where
        for card in (a, b):
            if not 0 < card < len(where) or not where[card]:
                return f"card {card} is not in the city"
        if a == b:
            return f"the new card goes between two different cards, not {a} and {a}"
        if where[a] - where[b] not in self.tab.cross:
            return f"cards {a} and {b} do not share an edge"
        if push not in (a, b):
            return f"the pushed card must be {a} or {b}, the two cards beside the edge, not {push}"
        return None


def _pusher(tab: Any, grid: bytearray, link: list, mask: list, where: list, seq: list, cuts: tuple,
            joins: tuple, after: list):
    """``Streets.push`` over the city's arrays (a closure: the replay calls it every turn)."""
    S, backs, aheads, across = tab.stride, tab.backs, tab.aheads, tab.across

    def push(card: int, pushed: int, other: int, p: int, d: int, grid: bytearray = grid, link: list = link,
             mask: list = mask, where: list = where, seq: list = seq, cuts: tuple = cuts, joins: tuple = joins) -> None:
        """Put ``card`` in cell ``p`` where ``pushed`` was, after moving ``pushed`` and the cards beyond it
        one cell on, by ``d``, away from ``other``.  (Arrays as defaults: local names, read quicker.)"""
        # the cells from the pushed card's to the edge of the grid (its row's last or first cell, its
        # column's last or first): every card there moves one on
        end = p - p % S + S - 1 if d == 1 else p - p % S if d == -1 else S * S - S + p % S if d > 0 else p % S
        line = grid[p:end:d]
        moved = line.translate(None, b"\0")  # the cards in it (deleting the empty cells: quicker than replace)
        for g, _mq in backs[d][pushed]:  # the pushed card leaves the other one
            h = link[g]
            link[g] = link[h] = -1
            m = mask[g] & mask[h]
            if m:
                cuts[m](g, h)
        # from the far end back, each moved card leaves its neighbours across the line and meets the
        # next ones (whose points the card moved before it has just left)
        points = across[d]
        n_seq = after[0]
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
            seq[n] += n_seq  # to the end of the order of the cells, in their order
        grid[p + d:end + d if end + d >= 0 else None:d] = line
        # the new card in the pushed card's old place, between the other card and the pushed one
        seq[card] = 2 * n_seq
        after[0] = 2 * n_seq + 1
        grid[p] = card
        where[card] = p
        base = other * 6
        for g, mq in backs[d][card]:
            h = base + mq
            link[g] = h
            link[h] = g
            m = mask[g] & mask[h]
            if m:
                joins[m](g, h)
        base = pushed * 6
        for g, mq in aheads[d][card]:
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

    return push


# ---------------------------------------------------------------- replaying a typed-in game


@dataclass(frozen=True, slots=True)
class Replay:
    """What replaying a typed-in game found: every broken rule, the score's breakdown (each turn's path
    and points), both totals, and the turn the replay stopped at (0: the start; None: it went through)."""

    problems: tuple[Problem, ...]
    breakdown: dict
    totals: dict[str, int]
    stopped: int | None

    @property
    def first(self) -> str | None:
        return self.breakdown["first"]


def _start_problems(game: Game, deck: Deck, deal: Any, seen: set[int]) -> list[Problem]:
    """The starting city's problems, the deal's among them; ``seen`` gets its cards."""
    problems = []
    for k, p in enumerate(game.start):
        msg = card_problem(deck, p.card, p.rotation, seen, start=True)
        if msg:
            problems.append(Problem(f"start, {START_PLACES[k]}", msg, "start", p.line))
        seen.add(p.card)
        if deal is not None:
            problem = deal_start_problem(deal, k, p)
            if problem is not None:
                problems.append(problem)
    return problems


def _laid(game: Game, moves: Sequence[Numbers], ncards: int) -> dict[int, int]:
    """Every card the game lays before a card that cannot be played, as it lies."""
    lie = {p.card: p.rotation for p in game.start}
    lie.update([(m[0], m[1]) for m in moves])  # when every card can be played (at once, for speed)
    if (len(lie) == len(game.start) + len(moves) and min(lie) >= 1 and max(lie) <= ncards
            and set(lie.values()) <= {0, 180}):
        return lie
    lie = {p.card: p.rotation for p in game.start}
    for card, rot, _a, _b, _push in moves:
        if not 0 < card <= ncards or card in lie or (rot != 0 and rot != 180):
            break
        lie[card] = rot
    return lie


def replay(game: Game, deck: Deck, deal: Any = None) -> Replay:
    """Replay the whole game, checking each step; it stops at the first card or push that breaks a
    rule.  ``deal`` (a dice.Deal) adds the checks of a seeded game: the starting city and the order the
    cards are drawn in."""
    seen: set[int] = set()
    problems = _start_problems(game, deck, deal, seen)
    if any(p.rule == "start" for p in problems):
        return Replay(tuple(problems), _breakdown(deck, None, 0, 0, [], 0), {"black": 0, "white": 0}, 0)
    ncards = len(deck.cards)
    moves = plain_moves(game)
    lie = _laid(game, moves, ncards)
    playable = len(lie) - len(game.start)  # the turns before the first card that cannot be played
    streets = Streets(deck, lie)
    stride = streets.tab.stride
    home = (stride // 2) * stride + stride // 2  # the starting city's top left card
    for k, p in enumerate(game.start):
        streets.lay(p.card, home + (k >> 1) * stride + (k & 1))
    best_b, best_w = streets.best
    start = (best_b(), best_w())
    first = 0 if _value(start[0]) > _value(start[1]) else 1  # White begins a tie, with the bonus
    bonus = TIE_BONUS if _value(start[0]) == _value(start[1]) else 0
    tb, tw = 0, bonus
    turns: list[dict] = []
    stopped = None
    where, cross, push = streets.where, streets.tab.cross, streets.push
    order = deal.order if deal is not None else ()
    for number, (card, rot, a, b, pushed) in enumerate(moves, 1):
        if deal is not None and (START_SIZE + number > len(order) or order[START_SIZE + number - 1] != card):
            problems.append(deal_turn_problem(deal, number, card, game.moves[number - 1].line))  # type: ignore[arg-type]
        pa = where[a] if 0 < a <= ncards else 0
        pb = where[b] if 0 < b <= ncards else 0
        if number > playable or not pa or not pb or (pushed != a and pushed != b) or pa - pb not in cross:
            m = game.moves[number - 1]
            problems.append(_turn_problem(m, deck, streets))
            stopped = m.number
            break
        if pushed == a:
            push(card, a, b, pa, pa - pb)
        else:
            push(card, b, a, pb, pb - pa)
        black = (number & 1) ^ first  # Black's turn
        n, loop, path = best_b() if black else best_w()
        points = n + LOOP_BONUS if loop else n
        if black:
            tb += points
        else:
            tw += points
        turns.append({"turn": number, "player": "black" if black else "white", "card": card,
                      "orientation": "up" if rot == 0 else "down", "path": n, "loop": loop, "points": points,
                      "cards": path, "black": tb, "white": tw})
    return Replay(tuple(problems), _breakdown(deck, start, first, bonus, turns, stopped),
                  {"black": tb, "white": tw}, stopped)


def _turn_problem(m: Any, deck: Deck, streets: Streets) -> Problem:
    """The problem of turn ``m`` (a format.Move), whose card or push breaks a rule."""
    down = {n for n in range(1, len(deck.cards) + 1) if streets.where[n]}
    msg = card_problem(deck, m.card, m.rotation, down, start=False) or streets.push_problem(m.a, m.b, m.push)
    return Problem(f"turn {m.number}", f"{msg}; the game is not replayed from here", "push", m.line)


def _value(best: tuple[int, bool, list[int]]) -> int:
    return best[0] + (LOOP_BONUS if best[1] else 0)


def _breakdown(deck: Deck, start: tuple | None, first: int, bonus: int, turns: list[dict], stopped: int | None) -> dict:
    """The score's breakdown of a replay: the starting city's paths (None: it could not be laid out),
    who began, each turn, and whether the city is complete and who is Mayor."""
    ncards = len(deck.cards)
    if start is None:
        start_doc = {pl: {"path": 0, "loop": False, "value": 0} for pl in PLAYERS}
    else:
        start_doc = {pl: {"path": s[0], "loop": s[1], "value": _value(s)} for pl, s in zip(PLAYERS, start)}
    tb, tw = (turns[-1]["black"], turns[-1]["white"]) if turns else (0, bonus)
    complete = stopped is None and START_SIZE + len(turns) == ncards
    return {
        "start": start_doc,
        "first": None if start is None else PLAYERS[first],
        "tie_bonus": {"black": 0, "white": bonus},
        "turns": turns,
        "turns_played": len(turns),
        "turns_in_a_game": ncards - START_SIZE,
        "replayed_to_the_end": stopped is None,
        "complete": complete,
        "mayor": None if not complete or tb == tw else "black" if tb > tw else "white",
    }


def longest(city: City, deck: Deck, player: str) -> Path:
    """The player's best piece of their colour plus gray in ``city``: most points (streets, +2 for a
    ring); of pieces worth the same, the one found first (lines before rings, in the order of the
    city's cells).  Each card is in a city once (a ValueError otherwise)."""
    cells = list(city.cells.items())
    lie = {n: 180 if turned else 0 for _rc, (n, turned) in cells}
    if len(lie) < len(cells):
        n = next(n for n in lie if sum(card == n for _rc, (card, _t) in cells) > 1)
        raise ValueError(f"card {n} is in the city {sum(card == n for _rc, (card, _t) in cells)} times")
    streets = Streets(deck, lie, div=1)
    stride = streets.tab.stride
    half = stride // 2
    for (r, c), (n, _turned) in cells:
        streets.lay(n, (r + half) * stride + c + half)
    n, loop, path = streets.best[0 if player == "black" else 1]()
    sub = streets.sub
    return Path(tuple((g // 6, sub[g] >> 1) for g in path), loop) if n else NO_PATH


# ---------------------------------------------------------------- the score as the players write it


def evaluate(game: Game, deck: Deck, deal: Any = None) -> Evaluation:
    """The game replayed once: every broken rule and the score.  The answer to a puzzle scores its
    last turn alone."""
    rep = replay(game, deck, deal)
    return Evaluation(rep.problems, score(rep, game))


def score(rep: Replay, game: Game) -> Score:
    """Black's total, the breakdown, the report (written when read) and both players' totals."""
    b = rep.breakdown
    if game.puzzle:
        last = b["turns"][-1] if b["turns"] and rep.stopped is None else None
        points = last["points"] if last else 0
        doc = {"puzzle": game.puzzle, "points": points, **b}
        text = f"\nthe answer (turn {last['turn'] if last else '-'}) scores {points}"
        return LazyScore(points, doc, None, lambda: report(b, game.names) + text)
    players: list[dict] = []
    for k, pl in enumerate(PLAYERS):
        entry: dict = {"name": NAMES[pl], "total": rep.totals[pl]}
        if game.names[k]:
            entry["player"] = game.names[k]
        players.append(entry)
    return LazyScore(rep.totals["black"], b, players, lambda: report(b, game.names))


def report(breakdown: dict, names: tuple[str, str] = ("", "")) -> str:
    """The replay for people, from its breakdown: the start, a line a turn, and the result."""
    b = breakdown
    if b["first"] is None:
        return "the starting city cannot be laid out, so nothing is scored"
    start, bonus = b["start"], b["tie_bonus"]["white"]
    head = f"starting city: longest path Black {start['black']['value']}, White {start['white']['value']}"
    if bonus:
        head += f" - a tie, so White goes first and scores {bonus} bonus points"
    else:
        head += f" - {NAMES[b['first']]} goes first"
    lines = [head, f"{'turn':>4}  {'player':<6}  {'card':<8}  {'path':>4}  {'loop':<4}  {'points':>6}  "
                   f"{'Black':>5}  {'White':>5}  path through cards"]
    for t in b["turns"]:
        lines.append(f"{t['turn']:>4}  {NAMES[t['player']]:<6}  {str(t['card']) + ' ' + t['orientation']:<8}  "
                     f"{t['path']:>4}  {'yes' if t['loop'] else '':<4}  {'+' + str(t['points']):>6}  "
                     f"{t['black']:>5}  {t['white']:>5}  {_cards_text(t['cards'], t['loop'])}")
    tb, tw = (b["turns"][-1]["black"], b["turns"][-1]["white"]) if b["turns"] else (0, bonus)
    if b["complete"]:
        mayor = b["mayor"]
        if mayor is None:
            lines.append(f"the city is complete: {tb} to {tw}, a tie - nobody is appointed Mayor")
        else:
            n = names[PLAYERS.index(mayor)]
            who = f"{NAMES[mayor]} ({n})" if n else NAMES[mayor]
            lines.append(f"the city is complete: {who} is Mayor, {max(tb, tw)} to {min(tb, tw)}")
    elif b["replayed_to_the_end"]:
        left = b["turns_in_a_game"] - b["turns_played"]
        lines.append(f"the city is not complete yet: {left} card{'s' if left != 1 else ''} still to play, no Mayor yet")
    return "\n".join(lines)


def _cards_text(cards: list[int], loop: bool) -> str:
    """The cards a path runs through, each once in a row: ``12-7-30`` (``(a loop)`` after a ring)."""
    if not cards:
        return "none"
    shown = [cards[0]]
    for c in cards:
        if c != shown[-1]:
            shown.append(c)
    return "-".join(map(str, shown)) + (" (a loop)" if loop else "")
