"""Placement puzzles: "where does this card go to score most?", and legal play for tests and benchmarks.

A puzzle is a city, a player to move and the card they drew.  ``solve`` tries every legal placement:
every edge between two touching cards, each of the two cards pushed, the new card up and down, and
scores each with rules.longest, so the best score it reports is exact (nothing is pruned).

Puzzles come from a challenge id: its deal gives the starting city and the draw pile; the first turns
are played by players who each take their own best placement (ties broken by the id's generator); the
next card is the puzzle.  A position is kept only when exactly one placement scores the best, so
the puzzle has one answer; if none of the tries gives one, the last try is kept and its answer lists
every best placement.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeVar

from rollwrite.dice import Deal, DealSpec, below, make_deal, words
from rollwrite.games.base import Evaluation, Problem, Puzzle
from rollwrite.games.scrambled_streets.data import START_SIZE, Deck
from rollwrite.games.scrambled_streets.format import Game, Move, Placed
from rollwrite.games.scrambled_streets.rules import (
    City,
    Path,
    evaluate,
    first_player,
    longest,
    mover,
    replay,
)

FIRST_TRIES = 12  # tries with the turns the id gives, before the number of turns is drawn anew
MAX_TRIES = 48
T = TypeVar("T")


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
    scores: tuple[int, ...] = ()  # what each placement scores, in the order of ``placements``

    @property
    def clear(self) -> bool:
        """One placement scores the best, and most others (over half of all) score two or more below it."""
        return len(self.paths) == 1 and 2 * sum(1 for s in self.scores if s <= self.best - 2) > len(self.scores)


def solve(city: City, deck: Deck, card: int, player: str) -> Answer:
    scored = []
    for p in placements(city):
        after, _ = place(city, card, p)
        scored.append((p, longest(after, deck, player)))
    best = max(path.value for _, path in scored)
    worst = min(path.value for _, path in scored)
    return Answer(best, tuple((p, path) for p, path in scored if path.value == best), len(scored), worst,
                  tuple(path.value for _, path in scored))


def _pick(stream: Any, options: list[T]) -> T:
    return options[below(stream, len(options))] if len(options) > 1 else options[0]


def play(deck: Deck, deal: Deal | str, turns: int, *, stream: str = "play", greedy: bool = True) -> tuple[Game, City]:
    """A legal game of ``turns`` turns from ``deal`` (or the deal of an id).  Greedy players take a best
    placement (ties broken by the id's generator on ``stream``); otherwise every placement is picked
    at random."""
    if isinstance(deal, str):
        deal = make_deal("scrambled-streets", deal, DealSpec(len(deck.cards), START_SIZE))
    ws = words(deal.id, stream)
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
        city, _ = place(city, card, p)
        moves.append(Move(n, card, 180 if p.turned else 0, p.a, p.b, p.push))
    return Game(start, tuple(moves)), city  # type: ignore[arg-type]


@dataclass(frozen=True)
class Position:
    """A puzzle's position: the turns played from the deal, the city they made, who moves and the card
    they drew, and every best placement of it."""

    game: Game
    city: City
    player: str
    card: int
    answer: Answer
    totals: dict[str, int]

    @property
    def unique(self) -> bool:
        return len(self.answer.paths) == 1


def position(deck: Deck, deal: Deal, turns: int, stream: str) -> Position:
    """The position after ``turns`` greedy turns from ``deal`` (ties broken on ``stream``)."""
    game, city = play(deck, deal, turns, stream=stream)
    rep = replay(game, deck)
    player = mover(rep.first or "white", turns + 1)
    card = deal.draws[turns]
    return Position(game, city, player, card, solve(city, deck, card, player), rep.totals)


def make_position(deck: Deck, deal: Deal) -> Position:
    """The puzzle of a deal: after 4 to 19 greedy turns (the number from the deal's id, stream
    ``puzzle``), the next card.  A position is kept when its best placement is clear (exactly one
    placement scores the best, and over half of them score two or more below it); otherwise the
    players' ties are broken anew (stream ``puzzle/<try>``), from the twelfth try on after a number of
    turns drawn anew too (stream ``puzzle/turns/<try>``), at most MAX_TRIES times; then the last
    position is kept with all its best placements (none of the dailies of 2027 gets that far)."""
    turns = 4 + below(words(deal.id, "puzzle"), 16)
    found = None
    for attempt in range(MAX_TRIES):
        if attempt >= FIRST_TRIES:
            turns = 4 + below(words(deal.id, f"puzzle/turns/{attempt}"), 16)
        found = position(deck, deal, turns, f"puzzle/{attempt}")
        if found.answer.clear:
            return found
    assert found is not None
    return found


def puzzle_of(pos: Position, deal: Deal):
    """The puzzle protocol's Puzzle for a position: par is the best score, proven (every placement was
    tried); the answer is the game with the best placement added, marked as a puzzle's answer.  Its
    difficulty is left to the game's ladder (``ladder.grade``)."""

    best, path = pos.answer.paths[0]
    n = len(pos.game.moves) + 1
    move = Move(n, pos.card, 180 if best.turned else 0, best.a, best.b, best.push)
    answer = Game(pos.game.start, (*pos.game.moves, move), puzzle=deal.id)
    who = "Black" if pos.player == "black" else "White"
    prompt = (f"{who} has drawn card {pos.card}. Where does it go to score the most? "
              f"({pos.answer.tried} placements are possible.)")
    return Puzzle("scrambled-streets", deal.id, prompt, answer, deal, par=pos.answer.best, par_proven=True,
                  bound=pos.answer.best,
                  extra={"position": pos, "best": [p.words(pos.card) for p, _ in pos.answer.paths],
                         "path": path, "placement": best})


def evaluate_answer(puzzle, sheet: Game, deck: Deck) -> Evaluation:  # noqa: ANN001 - a base.Puzzle
    """An answer must be the puzzle's game plus one turn: the puzzle's card, placed legally; it scores
    the points of that turn."""
    evaluation = evaluate(sheet, deck, puzzle.schedule)
    return Evaluation(evaluation.problems + tuple(_answer_problems(puzzle, sheet)), evaluation.score)


def _answer_problems(puzzle, sheet: Game) -> list[Problem]:  # noqa: ANN001 - a base.Puzzle
    # the turns printed and the card drawn: the answer's game less its last turn, which places that card
    # (a puzzle rebuilt from its record has the answer alone)
    printed: Game = puzzle.answer
    k, card = len(printed.moves) - 1, printed.moves[-1].card
    problems: list[Problem] = []

    def plain(g: Game, n: int) -> tuple:
        return (tuple((p.card, p.rotation) for p in g.start),
                tuple((m.card, m.rotation, m.a, m.b, m.push) for m in g.moves[:n]))

    same = plain(sheet, k) == plain(printed, k)
    if not same or len(sheet.moves) != k + 1 or sheet.moves[-1].card != card:
        problems.append(Problem("answer", f"an answer to {puzzle.id} is its starting city and its {k} turns as "
                                f"printed, then one more turn placing card {card}", "puzzle",
                                sheet.moves[-1].line if sheet.moves else sheet.line))
    return problems
