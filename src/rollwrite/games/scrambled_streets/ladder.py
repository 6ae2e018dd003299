"""Scrambled Streets' difficulty ladder: the players a placement puzzle is graded by (see
rollwrite.difficulty).

A puzzle asks where the card drawn goes to score most, and exactly one placement does (par).  Each
player looks at a set of placements, counts for each the longest street the mover then has (as the
score counts it: streets of their colour and gray, 2 more for a ring) and plays the best of them; on a
tie, the first in the order the puzzle lists placements (edges in reading order of their first card,
the edge to its right before the one below it; the first card of the edge pushed before the second;
the card up before down).  A player reaches par when the one best placement is among those it looks at:

- **edge pushes**: every placement that moves one card only, the one it pushes (that card is the last
  of its row or column in the push's direction, at the city's edge): the pushes a player can see at a
  glance;
- **street ends**: those, and every placement on an edge beside a card where one of the mover's most
  valuable streets ends (a loose end of it lies on that card; a ring has none): a player extending
  their street from where it stops;
- **every placement**: all of them, each counted: the puzzle's own exact search, which always reaches
  par.

A puzzle the edge pushes reach is easy, one that needs the street ends medium, the rest hard.  On the
365 dailies of 2027 that is 117, 124 and 124 (benchmarks/difficulty.py).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from rollwrite.difficulty import Grade, Rung, check_ladder, climb
from rollwrite.games.scrambled_streets.data import COLOUR_MASK, Deck
from rollwrite.games.scrambled_streets.rules import City
from rollwrite.games.scrambled_streets.solve import Placement, placements, solve

LADDER = (
    Rung("edge pushes", "easy", "the best placement that moves one card only, the one it pushes"),
    Rung("street ends", "medium", "the best of those and of the placements beside a card where one of the "
         "mover's most valuable streets ends"),
    Rung("every placement", "hard", "the best of all placements, each counted"),
)
check_ladder(LADDER)


def cards_moved(city: City, p: Placement) -> int:
    """How many cards placement ``p`` moves: the pushed card and every card beyond it in its row or
    column, away from the edge."""
    other = p.b if p.push == p.a else p.a
    (pr, pc), (orow, ocol) = city.where[p.push], city.where[other]
    dr, dc = pr - orow, pc - ocol
    if dr == 0:
        return sum(1 for r, c in city.cells if r == pr and (c - pc) * dc >= 0)
    return sum(1 for r, c in city.cells if c == pc and (r - pr) * dr >= 0)


def street_ends(city: City, deck: Deck, player: str) -> set[int]:
    """The cards on which one of ``player``'s most valuable streets ends (streets of their colour and
    gray joined across the cards; a piece is worth its streets, 2 more when it is a ring, which has no
    end).  A card holding both ends of a piece, or an end of two, is named once."""
    bit = COLOUR_MASK[player]
    street_at: dict[tuple[tuple[int, int], int], int] = {}  # (cell, point as the card lies) -> its street
    mine: dict[tuple[tuple[int, int], int], tuple[int, int]] = {}  # (cell, street) -> its two points
    for rc, (n, turned) in city.cells.items():
        for i, s in enumerate(deck.card(n).streets):
            a, b = (deck.turn[s.a], deck.turn[s.b]) if turned else (s.a, s.b)
            street_at[rc, a] = street_at[rc, b] = i
            if COLOUR_MASK[s.colour] & bit:
                mine[rc, i] = (a, b)
    parent = {k: k for k in mine}

    def root(k: tuple[tuple[int, int], int]) -> tuple[tuple[int, int], int]:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    loose: dict = defaultdict(list)  # (cell, street) -> the card of each of its ends that meets no street of the player
    for (rc, i), ends in mine.items():
        for q in ends:
            dr, dc, j = deck.meets[q]
            nb = (rc[0] + dr, rc[1] + dc)
            if nb in city.cells and (nb, street_at[nb, j]) in mine:
                parent[root((rc, i))] = root((nb, street_at[nb, j]))
            else:
                loose[rc, i].append(city.cells[rc][0])
    pieces: dict = defaultdict(lambda: [0, []])  # root -> [streets, cards of its loose ends]
    for k in mine:
        piece = pieces[root(k)]
        piece[0] += 1
        piece[1].extend(loose.get(k, ()))
    worth = {r: n + (0 if ends else 2) for r, (n, ends) in pieces.items()}
    top = max(worth.values(), default=0)
    return {card for r, (_, ends) in pieces.items() if worth[r] == top for card in ends}


def looks_at(city: City, deck: Deck, player: str, rung: int) -> list[bool]:
    """For each placement of ``placements(city)``, whether the player of ``LADDER[rung]`` looks at it."""
    ps = placements(city)
    if rung >= 2:
        return [True] * len(ps)
    ends = street_ends(city, deck, player) if rung == 1 else set()
    return [cards_moved(city, p) == 1 or p.a in ends or p.b in ends for p in ps]


def choose(city: City, deck: Deck, player: str, rung: int, scores: Sequence[int]) -> int | None:
    """The index (into ``placements(city)``) of the placement the player of ``LADDER[rung]`` plays, given
    what each placement scores: the best it looks at, the first on a tie (None when it looks at none)."""
    pick = None
    for k, seen in enumerate(looks_at(city, deck, player, rung)):
        if seen and (pick is None or scores[k] > scores[pick]):
            pick = k
    return pick


def play(city: City, deck: Deck, card: int, player: str, rung: int) -> tuple[Placement, int]:
    """The placement the player of ``LADDER[rung]`` plays for ``card``, and what it scores."""
    scores = solve(city, deck, card, player).scores
    k = choose(city, deck, player, rung, scores)
    assert k is not None  # every city has a card at its edge to push out
    return placements(city)[k], scores[k]


def grade(city: City, deck: Deck, player: str, scores: Sequence[int], par: int) -> Grade:
    """The puzzle's place on LADDER, from what each placement of ``card`` scores (``solve``'s scores)."""

    def player_of(rung: int):  # noqa: ANN202
        def score() -> int:
            k = choose(city, deck, player, rung, scores)
            return 0 if k is None else scores[k]
        return score

    return climb(par, [(r, player_of(k)) for k, r in enumerate(LADDER)])
