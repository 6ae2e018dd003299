"""Scrambled Streets on screen: the city as it lies, the deal's starting city first, each card drawn as
its face shows (its three streets, black, white or gray, and its number at its corner).  A turn shows
the card the deal gives; it is placed by picking the card to push away, then the card across the edge
the new card goes into, then which way up it lies (each way drawn).  The city is the rules' own
(rules.City), so only edges the rules allow are offered.  A puzzle's page starts from the city its
puzzle prints (``schedule`` is then a PuzzleDeal), and its one turn, the card drawn placed, is the
answer.  See rollwrite.games.entry."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rollwrite.games.entry import Art, Choice, Entry, EntryError, Field, Grid, Spot, Stroke, View, blank_cards
from rollwrite.games.scrambled_streets.data import START_PLACES, START_SIZE, Deck
from rollwrite.games.scrambled_streets.data import street_curve
from rollwrite.games.scrambled_streets.format import Game, Move, Placed, plain_moves
from rollwrite.games.scrambled_streets.rules import City, first_player, longest, mover

_WAYS = (("up", 0), ("down", 180))
CARD_WIDTH = 1.8  # a card's width on screen, in squares of the page's grids (its height follows the deck's)


def _n(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def _where(deck: Deck, point: int, turned: bool) -> str:
    """Where a point of a card lies, in words: "top", "upper right", "bottom left"..."""
    x, y = deck.xy(point, turned=turned)
    fx, fy = x / deck.width, y / deck.height
    if min(fy, 1 - fy) < min(fx, 1 - fx):  # on the top or bottom edge
        edge = "top" if fy < 0.5 else "bottom"
        return edge if abs(fx - 0.5) < 0.1 else f"{edge} {'left' if fx < 0.5 else 'right'}"
    edge = "left" if fx < 0.5 else "right"
    return edge if abs(fy - 0.5) < 0.1 else f"{'upper' if fy < 0.5 else 'lower'} {edge}"


def card_words(deck: Deck, number: int, turned: bool) -> str:
    """A card as it lies, in words: "card 12, up: black street from top to upper right, ..."."""
    streets = "; ".join(f"{s.colour} street from {_where(deck, s.a, turned)} to {_where(deck, s.b, turned)}"
                        for s in deck.card(number).streets)
    return f"card {number}, {'down (turned half round)' if turned else 'up'}: {streets}"


def card_art(deck: Deck, number: int, turned: bool, label: bool = True) -> Art:
    """A card's face as it lies, for the screen: its streets on the curves the printed card draws, in
    the deck's colours (black solid, white between two black edges, gray with a dashed centre line),
    with lines wide enough to see on a card a few centimetres tall.  The number is the spot's words;
    ``label`` False leaves the words for screen readers to the spot it is drawn in."""
    w, h = deck.width, deck.height
    width = deck.street * 1.25
    strokes = []
    for s in deck.card(number).streets:
        start, pieces = street_curve(deck, s)
        points = [start, *(p for piece in pieces for p in piece)]
        if turned:
            points = [(w - x, h - y) for x, y in points]
        d = f"M{_n(points[0][0])} {_n(points[0][1])}C" + " ".join(f"{_n(x)} {_n(y)}" for x, y in points[1:])
        style = deck.styles[s.colour]
        pens = [(width + 2.4, "#ffffff", ""), (width, style.edge, "")]  # a casing: a street passing over another stays apart
        if style.fill != style.edge:
            pens.append((width - 3.0, style.fill, ""))
        if style.centre:
            pens.append((0.9, style.centre, "3 2.4"))
        strokes.append(Stroke(d, tuple(pens)))
    return Art(w, h, tuple(strokes), card_words(deck, number, turned) if label else "")


def _city(sheet: Game) -> City:
    city = City.start([(p.card, p.turned) for p in sheet.start])
    for m in sheet.moves:
        city.push(m.a, m.b, m.push, m.card, m.rotation == 180)
    return city


def _card(schedule: Any, turn: int) -> int | None:
    """The card the deal gives on ``turn`` (from 1), or None when the deck is played out."""
    k = START_SIZE + turn - 1
    return schedule.order[k] if schedule is not None and k < len(schedule.order) else None


@dataclass(frozen=True)
class PuzzleDeal:
    """A puzzle's page: the deal up to the card drawn (so one turn is left to play), and the game as
    the puzzle prints it, its turns before that card's."""

    order: tuple[int, ...]
    turned: tuple[bool, ...]
    given: Game


def _given(schedule: Any) -> int:
    """How many turns of the sheet the puzzle gives (0 on a game's page)."""
    return len(schedule.given.moves) if isinstance(schedule, PuzzleDeal) else 0


_SLOT = 0  # no card's number: the space a push opens, before the card is turned either way into it


def _grid(city: City, data: Deck, last: int | None, card: int | None = None) -> Grid:
    """The city drawn: each card its face as it lies (``last`` framed), and the space a push has just
    opened for ``card``, if any."""
    r0, c0, r1, c1 = city.bounds()
    spots = []
    for (r, c), (n, turned) in sorted(city.cells.items()):
        if n == _SLOT:
            spots.append(Spot("slot", c - c0, r - r0, "", "card slot", f"the space card {card} goes into"))
            continue
        spots.append(Spot(f"c{n}", c - c0, r - r0, str(n), "card" + (" down" if turned else "") + (" new" if n == last else ""),
                          card_words(data, n, turned) + (", the card placed last" if n == last else ""),
                          card_art(data, n, turned, label=False)))
    return Grid("city", "The city", c1 - c0 + 1, r1 - r0 + 1, tuple(spots),
                cell=(CARD_WIDTH, round(CARD_WIDTH * data.height / data.width, 3)))


class StreetsEntry(Entry[Game, Deck]):
    live = True
    puzzle_from_position = True  # the puzzle's city and the cards played into it are printed

    def revealed(self, sheet: Game, picked: Sequence[str], data: Deck, schedule: Any) -> Any:
        """The starting city's cards, the cards of the turns played and the card of the turn to play."""
        return None if schedule is None else blank_cards(schedule, START_SIZE + len(sheet.moves) + 1)

    def puzzle_schedule(self, puzzle: Any) -> PuzzleDeal:
        printed: Game = puzzle.answer  # the puzzle's turns, then the answer's
        moves = tuple(Move(i + 1, *numbers) for i, numbers in enumerate(plain_moves(printed)))[:-1]
        last = START_SIZE + len(moves) + 1
        return PuzzleDeal(tuple(puzzle.schedule.order[:last]), tuple(puzzle.schedule.turned[:last]),
                          dataclasses.replace(printed, moves=moves, names=("", ""), line=None))

    def start(self, data: Deck, schedule: Any) -> Game:
        if isinstance(schedule, PuzzleDeal):
            return schedule.given
        if schedule is None:
            raise EntryError("a game of Scrambled Streets is entered from its deal")
        return Game(start=tuple(Placed(schedule.order[k], 180 if schedule.turned[k] else 0)  # type: ignore[arg-type]
                                for k in range(START_SIZE)), moves=())

    def view(self, sheet: Game, data: Deck, schedule: Any) -> View:
        last = sheet.moves[-1].card if len(sheet.moves) > _given(schedule) else None  # framed: the card just placed
        grid = _grid(_city(sheet), data, last)
        names = sheet.names
        fields: tuple[Field, ...] = (Field("black", "Black player's name", names[0], 20), Field("white", "White player's name", names[1], 20))
        log = tuple(f"{m.number}. card {m.card} {'down' if m.rotation == 180 else 'up'} between {m.a} and {m.b}, "
                    f"pushing {m.push}" for m in sheet.moves)
        turn = len(sheet.moves) + 1
        card = _card(schedule, turn)
        given = _given(schedule)
        if given:  # a puzzle: its city is given, its one turn the answer
            fields, log = (), log[given:]
            if card is None and len(sheet.moves) == given + 1:
                m = sheet.moves[-1]
                return View((grid,), turn=f"Your answer: card {m.card} {'down' if m.rotation == 180 else 'up'} between "
                            f"{m.a} and {m.b}, pushing {m.push}", ask="The check below gives what it scores against "
                            "par; Undo takes it back to try another place.", played=1, done=True, log=log)
        if card is None:
            return View((grid,), fields=fields, played=max(len(sheet.moves) - given, 0), done=True, log=log)
        start = City.start([(p.card, p.turned) for p in sheet.start])
        first, _bonus = first_player({p: longest(start, data, p) for p in ("black", "white")})
        who = mover(first, turn)
        name = names[0 if who == "black" else 1]
        return View((grid,), turn=f"Turn {turn}: {f'{name} ({who})' if name else who.capitalize()} places card {card}",
                    dice=(f"card {card}",), pictures=(card_art(data, card, False),),
                    ask=f"Pick a card of the city to push one space away: card {card} takes its place.",
                    fields=fields, played=max(len(sheet.moves) - given, 0), log=log)

    def options(self, sheet: Game, picked: Sequence[str], data: Deck, schedule: Any) -> list[Choice]:
        card = _card(schedule, len(sheet.moves) + 1)
        if card is None:
            return []
        city = _city(sheet)
        edges = [(a, b, push) for a, b in city.edges() for push in (a, b) if city.push_problem(a, b, push) is None]
        if not picked:
            pushed = sorted({push for _a, _b, push in edges})
            return [Choice(f"c{n}", f"push card {n}", f"city:c{n}") for n in pushed]
        push = int(picked[0][1:])
        if len(picked) == 1:
            return [Choice(f"c{other}", f"away from card {other} (card {card} goes between {other} and {push})",
                           f"city:c{other}")
                    for a, b, p in edges if p == push for other in [b if a == push else a]]
        if len(picked) == 2:
            return [Choice(word, f"card {card} {word}" + (" (turned half round)" if r else ""), "",
                           card_art(data, card, bool(r))) for word, r in _WAYS]
        return []

    def prompt(self, sheet: Game, picked: Sequence[str], data: Deck, schedule: Any) -> str:
        card = _card(schedule, len(sheet.moves) + 1)
        if len(picked) == 1:
            return (f"Pick the card on the other side of the edge, in the city: card {picked[0][1:]} and the cards "
                    f"beyond it in its row or column move one space away from it, and card {card} goes in between.")
        return f"Pick which way up card {card} lies:"

    def preview(self, sheet: Game, picked: Sequence[str], data: Deck, schedule: Any) -> View | None:
        """Once the edge and the card to push are picked: the city pushed apart, the space open."""
        card = _card(schedule, len(sheet.moves) + 1)
        if len(picked) != 2 or card is None:
            return None
        city = _city(sheet)
        push, other = int(picked[0][1:]), int(picked[1][1:])
        a, b = next((a, b) for a, b in city.edges() if {a, b} == {push, other})
        city.push(a, b, push, _SLOT, False)
        return dataclasses.replace(self.view(sheet, data, schedule), grids=(_grid(city, data, None, card),))

    def apply(self, sheet: Game, picked: Sequence[str], data: Deck, schedule: Any) -> Game | None:
        turn = len(sheet.moves) + 1
        card = _card(schedule, turn)
        if card is None or len(picked) < 3:
            return None
        push, other = int(picked[0][1:]), int(picked[1][1:])
        a, b = next((a, b) for a, b in _city(sheet).edges() if {a, b} == {push, other})
        move = Move(turn, card, dict(_WAYS)[picked[2]], a, b, push)
        return dataclasses.replace(sheet, moves=tuple(sheet.moves) + (move,))

    def undo(self, sheet: Game, data: Deck, schedule: Any) -> Game:
        if len(sheet.moves) <= _given(schedule):
            return sheet  # a puzzle's turns are given, not entered
        return dataclasses.replace(sheet, moves=tuple(sheet.moves)[:-1])

    def spots_of(self, sheet: Game, where: str, message: str, data: Deck) -> list[str]:
        if where.startswith("start, ") and where[7:] in START_PLACES:
            return [f"city:c{sheet.start[START_PLACES.index(where[7:])].card}"]
        m = re.fullmatch(r"turn (\d+)", where)
        moves = tuple(sheet.moves)
        if not m or not 1 <= int(m.group(1)) <= len(moves):
            return []
        move = moves[int(m.group(1)) - 1]  # the card it names, and the two it went between, where they lie
        return [f"city:c{n}" for n in dict.fromkeys((move.card, move.a, move.b))]

    def set_field(self, sheet: Game, key: str, value: str, data: Deck) -> Game:
        if key not in ("black", "white"):
            raise EntryError(f"the sheet has no field '{key[:40]}'")
        name = " ".join(value.split())[:20]
        names = (name, sheet.names[1]) if key == "black" else (sheet.names[0], name)
        return dataclasses.replace(sheet, names=names)

    def turns(self, sheet: Game, data: Deck, schedule: Any) -> list[list[str]]:
        return [[f"c{m.push}", f"c{m.b if m.push == m.a else m.a}", "down" if m.rotation == 180 else "up"]
                for m in tuple(sheet.moves)[_given(schedule):]]
