"""The deck of Scrambled Streets, read from the ``data:`` section of layouts/scrambled-streets.yaml.

A card is a rectangle with six points on its edges.  Each card joins the six points in three pairs by
three streets, each black, white or gray.  The layout gives the card's size, where the six points sit
(as fractions of the width and height) and every card's streets, e.g. ``ad black, be white, cf gray``.

From the points' positions the loader works out what the rules need and checks that the geometry
works for the game:

- every point lies on exactly one edge (not on a corner);
- turning a card half round (180 degrees) puts every point where another point was, so a card fits a
  space both ways up (``turn``);
- every point on the east edge has a point at the same height on the west edge, and every point on the
  south edge one at the same place on the north edge, so a street always meets a street on the
  neighbouring card (``meets``).
"""

from __future__ import annotations

import math

import re
from dataclasses import dataclass
from functools import cached_property

from rollwrite.errors import InputError
from rollwrite.layoutlang.nodes import Map, Node, Reader, expect_pair, expect_str

COLOURS = ("black", "white", "gray")  # the players' colours, then the shared one
PLAYERS = ("black", "white")
START_SIZE = 4  # cards in the starting city, two by two
START_PLACES = ("top left", "top right", "bottom left", "bottom right")  # their places, in reading order
MAX_CARDS = 250  # a city's grid holds each card's number in a byte
COLOUR_MASK = {"black": 1, "white": 2, "gray": 3}  # bit 1: Black's streets, bit 2: White's
_EPS = 1e-3
_SIDES = {"n": (-1, 0), "e": (0, 1), "s": (1, 0), "w": (0, -1)}  # side -> (d row, d column) of the neighbour
_OPPOSITE = {"n": "s", "s": "n", "e": "w", "w": "e"}
_CARD_RE = re.compile(r"\s*([a-z])([a-z])\s+([a-z]+)\s*")


@dataclass(frozen=True)
class Street:
    """One street of a card, between points ``a`` and ``b`` (indices into Deck.points), a < b."""

    a: int
    b: int
    colour: str


@dataclass(frozen=True)
class Card:
    number: int
    streets: tuple[Street, Street, Street]


@dataclass(frozen=True)
class Style:
    """How a colour's streets are drawn: the street's fill, its edge lines and an optional dashed
    centre line (so gray stays apart from black and white in greyscale print)."""

    fill: str
    edge: str
    centre: str | None = None


@dataclass(frozen=True)
class Deck:
    width: float  # mm, the card as printed
    height: float
    corner: float  # corner radius, mm
    street: float  # street width, mm
    names: tuple[str, ...]  # the six points' letters, in layout order
    points: tuple[tuple[float, float], ...]  # (x, y) as fractions of width and height, y down
    side: tuple[str, ...]  # 'n', 'e', 's' or 'w' for each point
    turn: tuple[int, ...]  # the point a point becomes when the card is turned half round
    meets: tuple[tuple[int, int, int], ...]  # (d row, d column, point) on the neighbour it touches
    styles: dict[str, Style]
    cards: tuple[Card, ...]  # card n is cards[n - 1]

    def card(self, number: int) -> Card:
        return self.cards[number - 1]

    @cached_property
    def tables(self) -> PointTables:
        """The deck's points numbered for the rules' replay, made when a game is first replayed and kept
        with the deck (printing the cards never needs them)."""
        return PointTables(self)

    def has(self, number: int) -> bool:
        return 1 <= number <= len(self.cards)

    def name(self, street: Street) -> str:
        return self.names[street.a] + self.names[street.b]

    def describe(self, card: Card) -> str:
        """A card as the layout writes it: ``ad black, be white, cf gray``."""
        return ", ".join(f"{self.name(s)} {s.colour}" for s in card.streets)

    def xy(self, point: int, *, turned: bool = False) -> tuple[float, float]:
        """The point's place on the card in mm from the card's top-left corner."""
        fx, fy = self.points[self.turn[point] if turned else point]
        return fx * self.width, fy * self.height

    def canonical(self, card: Card) -> tuple:
        """The card's pattern, the same for a card and its half-turned self."""
        def key(turned: bool) -> tuple:
            out = []
            for s in card.streets:
                a, b = (self.turn[s.a], self.turn[s.b]) if turned else (s.a, s.b)
                out.append((min(a, b), max(a, b), s.colour))
            return tuple(sorted(out))

        return min(key(False), key(True))


class PointTables:
    """What the rules' replay needs from a deck, made once with the deck (``Deck.tables``).  For each card lying one way, ``k = card * 2 + turned``, and
    each of its points as it lies (numbered ``card * 6 + point``): ``partner[k]`` the other end of the
    point's street, ``sub[k]`` the street's index * 2 + which end of it the point is (0: its first end,
    as ``longest`` walks it), ``mask[k]`` the street's colour mask, ``mine[k]`` the points of each
    player's streets.  Then, by the step ``d`` a push moves cards by: ``cross[d]`` the points on the
    sides across the line (point, step to the neighbour, the neighbour's point), ``inline[d]`` the points
    facing back along it and those facing ahead (point, the neighbour's point); ``neighbours`` all six.
    ``across[d]``, ``backs[d]`` and ``aheads[d]`` are ``cross[d]`` and ``inline[d]`` by card, the points
    numbered (``card * 6 + point``)."""

    __slots__ = ("stride", "partner", "sub", "mask", "mine", "cross", "inline", "neighbours", "across", "backs",
                 "aheads")

    def __init__(self, deck: Deck) -> None:
        # the grid of cells: (row, column) is cell (row + stride // 2) * stride + column + stride // 2, wide
        # enough that a city of every card pushed one way stays inside it
        _S = self.stride = max(128, 2 * len(deck.cards) + 8)
        none = (0,) * 6
        self.partner: list[tuple[int, ...]] = [none, none]
        self.sub: list[tuple[int, ...]] = [none, none]
        self.mask: list[tuple[int, ...]] = [none, none]
        self.mine: tuple[list, list] = ([(), ()], [(), ()])
        t = deck.turn
        for card in deck.cards:
            base = card.number * 6
            for turned in (False, True):
                partner, sub, mask = [0] * 6, [0] * 6, [0] * 6
                for i, s in enumerate(card.streets):
                    a, b = (t[s.a], t[s.b]) if turned else (s.a, s.b)
                    m = COLOUR_MASK[s.colour]
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


def _side(fx: float, fy: float) -> str | None:
    on = [s for s, hit in (("w", abs(fx) < _EPS), ("e", abs(fx - 1) < _EPS), ("n", abs(fy) < _EPS),
                            ("s", abs(fy - 1) < _EPS)) if hit]
    return on[0] if len(on) == 1 else None


def _read_points(node: Node) -> tuple[tuple[str, ...], tuple[tuple[float, float], ...], tuple[str, ...]]:
    if not isinstance(node, Map):
        raise node.error("expected the six points as a mapping: a letter -> [x, y] (fractions of the card)")
    if len(node.entries) != 6:
        raise node.error(f"a card has six points; this gives {len(node.entries)}",
                         hint="name six points a..f with their places, e.g. a: [0.5, 0]")
    names, points, sides = [], [], []
    for name, (knode, vnode) in node.entries.items():
        if not re.fullmatch(r"[a-z]", name):
            raise knode.error(f"a point is named by one lower-case letter, not '{name}'")
        fx, fy = expect_pair(vnode)
        if not (0 <= fx <= 1 and 0 <= fy <= 1):
            raise vnode.error("a point's place is given as fractions of the card's width and height, from 0 to 1")
        side = _side(fx, fy)
        if side is None:
            raise vnode.error(f"point '{name}' at [{fx:g}, {fy:g}] is not on exactly one edge of the card",
                              hint="put it on an edge (x or y 0 or 1), away from the corners")
        names.append(name)
        points.append((fx, fy))
        sides.append(side)
    return tuple(names), tuple(points), tuple(sides)


def _find(points: tuple[tuple[float, float], ...], fx: float, fy: float) -> int | None:
    for i, (x, y) in enumerate(points):
        if abs(x - fx) < _EPS and abs(y - fy) < _EPS:
            return i
    return None


def _geometry(node: Node, names, points, sides) -> tuple[tuple[int, ...], tuple[tuple[int, int, int], ...]]:
    turn = []
    for i, (fx, fy) in enumerate(points):
        j = _find(points, 1 - fx, 1 - fy)
        if j is None:
            raise node.error(f"turning a card half round moves point '{names[i]}' to [{1 - fx:g}, {1 - fy:g}], "
                             f"where there is no point",
                             hint="place the points symmetrically about the card's centre")
        turn.append(j)
    meets = []
    for i, (fx, fy) in enumerate(points):
        side = sides[i]
        other = (1 - fx, fy) if side in "ew" else (fx, 1 - fy)
        j = _find(points, *other)
        if j is None or sides[j] != _OPPOSITE[side]:
            raise node.error(f"point '{names[i]}' has no partner at [{other[0]:g}, {other[1]:g}] on the opposite edge, "
                             f"so its street would stop at the neighbouring card",
                             hint="put the points of opposite edges at the same places")
        dr, dc = _SIDES[side]
        meets.append((dr, dc, j))
    return tuple(turn), tuple(meets)


def _read_styles(node: Node) -> dict[str, Style]:
    r = Reader(node, "'colours'")
    out = {}
    for name in COLOURS:
        cr = Reader(r.map(name), f"'{name}'")
        fill = cr.str("fill", pattern=r"#[0-9a-fA-F]{6}")
        out[name] = Style(fill, cr.str("edge", fill, pattern=r"#[0-9a-fA-F]{6}"),
                          cr.str("centre", None, pattern=r"#[0-9a-fA-F]{6}"))
        cr.done()
    r.done()
    return out


def _read_card(number: int, node: Node, names: tuple[str, ...]) -> Card:
    text = expect_str(node)
    parts = text.split(",")
    if len(parts) != 3:
        raise node.error(f"card {number} has {len(parts)} streets; every card has three",
                         hint="write three streets, e.g. 'ad black, be white, cf gray'")
    streets = []
    used: set[int] = set()
    for part in parts:
        m = _CARD_RE.fullmatch(part)
        if not m:
            raise node.error(f"card {number}: '{part.strip()}' is not a street",
                             hint="write two point letters and a colour, e.g. 'ad black'")
        p, q, colour = m.groups()
        for letter in (p, q):
            if letter not in names:
                raise node.error(f"card {number}: there is no point '{letter}'", hint=f"points: {', '.join(names)}")
        a, b = names.index(p), names.index(q)
        if a == b or a in used or b in used:
            raise node.error(f"card {number}: every point is the end of exactly one street ('{p}{q}' reuses a point)")
        if colour not in COLOURS:
            raise node.error(f"card {number}: '{colour}' is not a street colour", hint=f"use {', '.join(COLOURS)}")
        used.update((a, b))
        streets.append(Street(min(a, b), max(a, b), colour))
    return Card(number, tuple(streets))  # type: ignore[arg-type]


def load(node: Node | None) -> Deck:
    if node is None:
        raise _missing()
    r = Reader(node, "'data'")
    cr = Reader(r.map("card"), "'card'")
    width, height = expect_pair(cr.raw("size"), minimum=20)
    corner = cr.number("corner", 3.0, minimum=0, maximum=10)
    street = cr.number("street", 6.0, minimum=1, maximum=min(width, height) / 4)
    cr.done()
    pnode = r.map("points")
    names, points, sides = _read_points(pnode)
    turn, meets = _geometry(pnode, names, points, sides)
    styles = _read_styles(r.map("colours"))
    cards_node = r.map("cards")
    r.done()
    cards = []
    for i, (key, (knode, vnode)) in enumerate(cards_node.entries.items(), start=1):
        if key != str(i):
            raise knode.error(f"cards are numbered 1, 2, 3... in order; expected {i} here, got '{key}'")
        cards.append(_read_card(i, vnode, names))
    if len(cards) < 5:
        raise cards_node.error(f"a deck needs at least five cards (four to start and one to play), got {len(cards)}")
    if len(cards) > MAX_CARDS:
        raise cards_node.error(f"a deck has at most {MAX_CARDS} cards, got {len(cards)}")
    return Deck(width, height, corner, street, names, points, sides, turn, meets, styles, tuple(cards))


def _missing():
    return InputError("scrambled-streets needs a 'data' section with the deck",
                      hint="see layouts/scrambled-streets.yaml")


_INWARD = {"n": (0.0, 1.0), "s": (0.0, -1.0), "e": (-1.0, 0.0), "w": (1.0, 0.0)}


def street_curve(deck: Deck, s: Street, bleed: float = 0.0):
    """(start, [(c1, c2, end)]) of a street on an upright card, in the card's own mm; with a ``bleed``,
    each end runs on straight past the card's edge by that much."""
    (ax, ay), (bx, by) = deck.xy(s.a), deck.xy(s.b)
    d = math.hypot(bx - ax, by - ay)
    k = (0.7 if deck.side[s.a] == deck.side[s.b] else 0.4) * d
    (nax, nay), (nbx, nby) = _INWARD[deck.side[s.a]], _INWARD[deck.side[s.b]]
    pieces = [((ax + nax * k, ay + nay * k), (bx + nbx * k, by + nby * k), (bx, by))]
    if not bleed:
        return (ax, ay), pieces
    start, end = (ax - nax * bleed, ay - nay * bleed), (bx - nbx * bleed, by - nby * bleed)
    return start, [_straight(start, (ax, ay)), *pieces, _straight((bx, by), end)]


def _straight(a: tuple[float, float], b: tuple[float, float]):
    """A straight Bézier piece from ``a`` to ``b``."""
    return ((a[0] + (b[0] - a[0]) / 3, a[1] + (b[1] - a[1]) / 3),
            (a[0] + 2 * (b[0] - a[0]) / 3, a[1] + 2 * (b[1] - a[1]) / 3), b)
