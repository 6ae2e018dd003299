"""A game's on-screen entry: the sheet entered turn by turn, as the game is played.

Each game owns its entry (``games/<game>/entry.py``, found through :meth:`rollwrite.games.base.Game.entry`).
The entry works on the game's own sheet, what its ``parse`` returns: the page's text is always the
game's ``format`` of that sheet, and a pasted text is read by the game's ``parse``; an entry has no
reader or writer of its own.

A turn is entered as a short series of picks: the entry offers the choices of the next pick
(:meth:`Entry.choices`), each either a spot of a drawn grid (a space of the store, a point of the
board) or a button (a die face, a bonus, "stop"), and once the picks make a whole turn it returns the
sheet with that turn played (:meth:`Entry.play`).  The choices come from the game's own rules, so the
page offers only what the rules accept; any other pick is refused with :class:`EntryError`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from rollwrite.errors import UsageError
from rollwrite.valueclass import replace

SheetT = TypeVar("SheetT")
DataT = TypeVar("DataT")


class EntryError(UsageError):
    """A pick the entry does not offer (an illegal move, or a stale page)."""


@dataclass(frozen=True, slots=True)
class Stroke:
    """One line of a picture: ``d`` its outline as SVG path data, in the picture's units, drawn by each of
    its ``pens`` in turn, each (width, color ``#rrggbb``, dash pattern such as "2 1.5" or "" for solid):
    a street's casing, its edges, its fill and its centre line are one outline drawn four times."""

    d: str
    pens: tuple[tuple[float, str, str], ...]


@dataclass(frozen=True, slots=True)
class Art:
    """A small picture the page draws: a card's face in a spot of a grid, on a choice's button, or beside
    the turn's words.  Its lines lie in a ``width`` × ``height`` box; ``label`` is what a screen reader
    says of it (the words the picture shows; a spot's picture has its spot's ``label``)."""

    width: float
    height: float
    strokes: tuple[Stroke, ...]
    label: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"w": self.width, "h": self.height, "l": self.label,
                "s": [[s.d, [list(p) for p in s.pens]] for s in self.strokes]}


@dataclass(frozen=True, slots=True)
class Spot:
    """One place of a drawn grid: ``x``, ``y`` from the top left; ``text`` what is drawn in it; ``marks``
    words for its look (``wn`` a wall on its north side, ``p1`` player 1's, ``on`` on the path...);
    ``label`` what a screen reader says of it; ``art`` a picture drawn under its text (a card's face)."""

    id: str
    x: int
    y: int
    text: str = ""
    marks: str = ""
    label: str = ""
    art: Art | None = None

    def to_json(self) -> dict[str, Any]:
        out = {"id": self.id, "x": self.x, "y": self.y, "t": self.text, "m": self.marks, "l": self.label or self.id}
        if self.art is not None:
            out["a"] = self.art.to_json()
        return out


@dataclass(frozen=True, slots=True)
class Grid:
    """A grid drawn on the page: the store, a floor, the battlefield, the city.  ``cols`` and ``rows``
    are the headings printed over and beside it (A-G and 1-7); ``gap`` draws the middle line before
    that column; ``points`` draws the spots as the points where grid lines meet; ``cell`` is a spot's
    width and height in squares of the page's grids (a card stands taller than it is wide)."""

    key: str
    title: str
    width: int
    height: int
    spots: tuple[Spot, ...]
    cols: tuple[str, ...] = ()
    rows: tuple[str, ...] = ()
    gap: int | None = None
    points: bool = False
    cell: tuple[float, float] = (1.0, 1.0)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "title": self.title, "w": self.width, "h": self.height,
                "cols": list(self.cols), "rows": list(self.rows), "gap": self.gap, "points": self.points,
                "cell": list(self.cell), "spots": [s.to_json() for s in self.spots]}


@dataclass(frozen=True, slots=True)
class Choice:
    """One choice of the next pick: ``id`` is what the page sends back; ``spot`` is ``grid:spot`` when it
    is picked on a grid (empty for a button); ``art`` a picture its button shows beside its words (the
    card as it would lie)."""

    id: str
    label: str
    spot: str = ""
    art: Art | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "label": self.label, "spot": self.spot}
        if self.art is not None:
            out["art"] = self.art.to_json()
        return out


@dataclass(frozen=True, slots=True)
class Field:
    """A line of the sheet typed as words, not played: a player's name, a setting."""

    key: str
    label: str
    value: str
    size: int = 20

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "label": self.label, "value": self.value, "size": self.size}


@dataclass(frozen=True)
class View:
    """What the page draws of a sheet: its grids, whose turn it is and its dice, what to pick."""

    grids: tuple[Grid, ...]
    turn: str = ""  # "Floor 1, turn 3 of 18" ("" once the game is over)
    dice: tuple[str, ...] = ()  # the turn's dice or card, as words ("light 3", "card 17 up")
    ask: str = ""  # what the next pick is
    fields: tuple[Field, ...] = ()
    played: int = 0  # turns entered
    done: bool = False  # nothing is left to play
    log: tuple[str, ...] = field(default=())  # the turns entered, one line each
    pictures: tuple[Art, ...] = ()  # the turn's dice or card drawn (the card dealt, as its face shows)

    def to_json(self) -> dict[str, Any]:
        return {"grids": [g.to_json() for g in self.grids], "turn": self.turn, "dice": list(self.dice),
                "ask": self.ask, "fields": [f.to_json() for f in self.fields], "played": self.played,
                "done": self.done, "log": list(self.log), "pictures": [a.to_json() for a in self.pictures]}


class Entry(Generic[SheetT, DataT]):
    """What every game's entry provides; see the module's docstring.  ``schedule`` is the challenge's
    dice (or deal) in the shape of the game's ``score_dice_spec``, or None for a game without dice."""

    #: whether a puzzle of the game is entered on screen: from :meth:`start`, with what
    #: :meth:`puzzle_schedule` makes of the puzzle as ``schedule`` (else the puzzle is taken as text)
    puzzles: bool = True
    #: whether the game can be played live: its turns reveal rolls (or cards) that the desk holds back
    #: until the turn before is stored (:meth:`revealed` says how far a sheet has reached)
    live: bool = False
    #: whether a puzzle's page starts from a position printed with the puzzle (a city, a path: turns the
    #: puzzle shows before the player's), so that its rolls or cards are all in sight and it is not played live
    puzzle_from_position: bool = False

    def start(self, data: DataT, schedule: Any) -> SheetT:
        """The sheet before anything is entered."""
        raise NotImplementedError

    def puzzle_schedule(self, puzzle: Any) -> Any:
        """What the entry's methods take as ``schedule`` on a puzzle's page: the puzzle's dice (or deal).  A
        puzzle that starts from a position of its own gives what its entry needs to start there and to
        keep the position's part of the sheet from being undone."""
        return puzzle.schedule

    def view(self, sheet: SheetT, data: DataT, schedule: Any) -> View:
        raise NotImplementedError

    def options(self, sheet: SheetT, picked: Sequence[str], data: DataT, schedule: Any) -> list[Choice]:
        """The choices of the pick after ``picked`` (each already offered); [] when nothing is left."""
        raise NotImplementedError

    def prompt(self, sheet: SheetT, picked: Sequence[str], data: DataT, schedule: Any) -> str:
        """What to pick next in the middle of a turn (``picked`` not empty), in words; "" leaves it to the
        page ("Pick one", "Pick where, on the sheet")."""
        return ""

    def preview(self, sheet: SheetT, picked: Sequence[str], data: DataT, schedule: Any) -> View | None:
        """What to draw in the middle of a turn (``picked`` not empty), when the picks so far change the
        sheet's look (the cards a push moves, the space it opens); None draws :meth:`view`."""
        return None

    def apply(self, sheet: SheetT, picked: Sequence[str], data: DataT, schedule: Any) -> SheetT | None:
        """The sheet with the turn ``picked`` makes, or None while the picks are not a whole turn yet."""
        raise NotImplementedError

    def undo(self, sheet: SheetT, data: DataT, schedule: Any) -> SheetT:
        """The sheet without its last turn (the same sheet when no turn is entered)."""
        raise NotImplementedError

    def spots_of(self, sheet: SheetT, where: str, message: str, data: DataT) -> list[str]:
        """The spots (``grid:spot``) a rule problem is about, from its ``where`` and words, to mark them on
        the page; [] when it is about no place of a grid (a turn, a player)."""
        return []

    def set_field(self, sheet: SheetT, key: str, value: str, data: DataT) -> SheetT:
        raise EntryError(f"the sheet has no field '{key[:40]}'")

    def turns(self, sheet: SheetT, data: DataT, schedule: Any) -> list[list[str]]:
        """The picks that enter the turns of ``sheet`` from :meth:`start` one by one (fields aside)."""
        raise NotImplementedError

    def revealed(self, sheet: SheetT, picked: Sequence[str], data: DataT, schedule: Any) -> Any:
        """The schedule as far as ``sheet`` and the picks ``picked`` of its turn in progress have reached:
        the rolls (or cards) of the turns played and of the turn to play (a reroll's value once it is
        picked), every later one blanked to 0, in the schedule's own shape.  Live play hands the entry only
        this, so that nothing it draws or offers can tell a later roll.  Only for a ``live`` entry."""
        raise NotImplementedError

    # ---- shared by every entry

    def choices(self, sheet: SheetT, picked: Sequence[str], data: DataT, schedule: Any) -> list[Choice]:
        """:meth:`options` after checking that each pick of ``picked`` was offered."""
        for i, pick in enumerate(picked):
            if pick not in {c.id for c in self.options(sheet, picked[:i], data, schedule)}:
                raise EntryError(f"'{str(pick)[:40]}' is not a move the rules allow here")
        return self.options(sheet, picked, data, schedule)

    def play(self, sheet: SheetT, picked: Sequence[str], data: DataT, schedule: Any) -> SheetT | None:
        """:meth:`apply` of offered picks only."""
        if picked:
            self.choices(sheet, picked[:-1], data, schedule)
            if picked[-1] not in {c.id for c in self.options(sheet, picked[:-1], data, schedule)}:
                raise EntryError(f"'{str(picked[-1])[:40]}' is not a move the rules allow here")
        return self.apply(sheet, picked, data, schedule)


def blank_rolls(schedule: Any, shown: Callable[[Any], Sequence[int] | None]) -> Any:
    """A dice schedule with the rolls not shown blanked to 0: ``shown(turn)`` is None for a turn not
    reached (its dice and reserve all blanked), else how many values of each die's reserve are shown
    (its dice are)."""
    turns = []
    for t in schedule.turns:
        counts = shown(t)
        if counts is None:
            turns.append(replace(t, dice=(0,) * len(t.dice), rerolls=tuple((0,) * len(r) for r in t.rerolls)))
            continue
        rerolls = tuple(tuple(v if i < (counts[d] if d < len(counts) else 0) else 0 for i, v in enumerate(r))
                        for d, r in enumerate(t.rerolls))
        turns.append(replace(t, rerolls=rerolls))
    return replace(schedule, turns=tuple(turns))


def blank_cards(deal: Any, shown: int) -> Any:
    """A deal with every card after its first ``shown`` blanked to 0 (the deck's size kept)."""
    return replace(deal, order=deal.order[:shown] + (0,) * max(len(deal.order) - shown, 0))


def column_letters(n: int) -> tuple[str, ...]:
    return tuple(chr(65 + i) for i in range(n))


def row_numbers(n: int) -> tuple[str, ...]:
    return tuple(str(i + 1) for i in range(n))
