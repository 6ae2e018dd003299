"""Placement puzzles: "where does this card go to score most?", and legal play for tests and benchmarks.

A puzzle is a city, a player to move and the card they drew.  ``solve`` tries every legal placement:
every edge between two touching cards, each of the two cards pushed, the new card up and down, and
scores each with rules.longest, so the best score it reports is exact (nothing is pruned).

Puzzles come from a seed: the seed's deal gives the starting city and the draw pile; the first turns
are played by players who each take their own best placement (ties broken by the id's generator); the
next card is the puzzle.  A position is kept only when exactly one placement scores the best, so
every puzzle has one answer; if none of the tries gives one, the last try is kept and its answer lists
every best placement.
"""

from __future__ import annotations

from dataclasses import dataclass

from rollwrite.dice import DealSpec, below, make_deal, words
from rollwrite.games.scrambled_streets.data import Deck
from rollwrite.games.scrambled_streets.format import Game, Move, Placed
from rollwrite.games.scrambled_streets.rules import (
    START_SIZE,
    City,
    Path,
    first_player,
    longest,
    mover,
)

MAX_TRIES = 12


@dataclass(frozen=True)
class Placement:
    a: int
    b: int
    push: int
    turned: bool

    def words(self, card: int) -> str:
        """The placement as a turn line writes it: ``25 up at 17|3 push 3``."""
        return f"{card} {'down' if self.turned else 'up'} at {self.a}|{self.b} push {self.push}"


def placements(city: City) -> list[Placement]:
    """Every legal placement of a new card, in a fixed order."""
    out = []
    for a, b in city.edges():
        for push in (a, b):
            for turned in (False, True):
                out.append(Placement(a, b, push, turned))
    return out


def place(city: City, card: int, p: Placement) -> tuple[City, tuple[int, int]]:
    after = city.copy()
    cell = after.push(p.a, p.b, p.push, card, p.turned)
    return after, cell


@dataclass(frozen=True)
class Answer:
    best: int  # the most points the card can score
    paths: tuple[tuple[Placement, Path], ...]  # every placement that scores it, with its path
    tried: int  # how many placements were tried (all of them)
    worst: int


def solve(city: City, deck: Deck, card: int, player: str) -> Answer:
    scored = []
    for p in placements(city):
        after, _ = place(city, card, p)
        scored.append((p, longest(after, deck, player)))
    best = max(path.value for _, path in scored)
    worst = min(path.value for _, path in scored)
    return Answer(best, tuple((p, path) for p, path in scored if path.value == best), len(scored), worst)


def _pick(stream, options: list) -> object:
    return options[below(stream, len(options))] if len(options) > 1 else options[0]


def play(deck: Deck, gid: str, turns: int, *, stream: str = "play", greedy: bool = True) -> tuple[Game, City]:
    """A legal game of ``turns`` turns from the deal of ``gid``.  Greedy players take a best placement
    (ties broken by the id's generator on ``stream``); otherwise every placement is picked at random."""
    deal = make_deal("scrambled-streets", gid, DealSpec(len(deck.cards), START_SIZE))
    ws = words(gid, stream)
    start = tuple(Placed(c, 180 if t else 0) for c, t in zip(deal.start, deal.turned))
    city = City.start([(c, t) for c, t in zip(deal.start, deal.turned)])
    first, _ = first_player({pl: longest(city, deck, pl) for pl in ("black", "white")})
    moves = []
    for n in range(1, min(turns, len(deal.draws)) + 1):
        card = deal.draws[n - 1]
        if greedy:
            answer = solve(city, deck, card, mover(first, n))
            p = _pick(ws, [pl for pl, _ in answer.paths])
        else:
            p = _pick(ws, placements(city))
        city, _ = place(city, card, p)  # type: ignore[arg-type]
        moves.append(Move(n, card, 180 if p.turned else 0, p.a, p.b, p.push))  # type: ignore[union-attr]
    return Game(start, tuple(moves)), city  # type: ignore[arg-type]


@dataclass(frozen=True)
class Puzzle:
    id: str  # the game id the position comes from
    number: int  # 1-based within its print run
    game: Game  # the turns played to reach the position
    city: City
    player: str
    card: int
    answer: Answer

    @property
    def unique(self) -> bool:
        return len(self.answer.paths) == 1


def make_puzzle(deck: Deck, gid: str, number: int) -> Puzzle:
    """Puzzle ``number`` of ``gid``: after 4 to 19 greedy turns, the next card (see the module's
    docstring).  The same id and number always give the same puzzle."""
    ws = words(gid, f"puzzle/{number}")
    puzzle = None
    for attempt in range(MAX_TRIES):
        turns = 4 + below(ws, 16)
        sub = f"{gid}/puzzle/{number}/{attempt}"
        game, city = play(deck, sub, turns)
        deal = make_deal("scrambled-streets", sub, DealSpec(len(deck.cards), START_SIZE))
        first, _ = first_player({pl: longest(City.start(list(zip(deal.start, deal.turned))), deck, pl)
                                 for pl in ("black", "white")})
        player = mover(first, turns + 1)
        card = deal.draws[turns]
        puzzle = Puzzle(sub, number, game, city, player, card, solve(city, deck, card, player))
        if puzzle.unique and puzzle.answer.best > puzzle.answer.worst:
            return puzzle
    assert puzzle is not None
    return puzzle


def make_puzzles(deck: Deck, gid: str, count: int) -> list[Puzzle]:
    return [make_puzzle(deck, gid, k) for k in range(1, count + 1)]
