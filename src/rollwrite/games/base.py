"""The Game protocol every game fills in, and the result types its rules code returns.

``Game`` is generic over the game's typed-in sheet and its layout data (``Game[CafeSheet, CafeData]``), so
a type checker follows both through every method.  Rules code (parse, evaluate) never imports a
renderer.  A game's sheet is drawn from its layout (generic elements) plus any element types the game
adds through ``element_types``.
"""

from __future__ import annotations


from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from rollwrite.errors import UsageError
from rollwrite.numbers import plain_number

if TYPE_CHECKING:  # pragma: no cover
    from rollwrite.dice import DealSpec, DiceSpec, Schedule
    from rollwrite.games.entry import Entry
    from rollwrite.layoutlang.nodes import Node


@dataclass(frozen=True)
class Problem:
    """One broken rule on a sheet.  ``where`` is for people ("row 3, column 5", "player 2, box 4",
    "turn 7"); ``line`` is the line of the typed-in file when it is known."""

    where: str
    message: str
    rule: str = ""
    line: int | None = None

    def to_json(self) -> dict:
        out: dict[str, Any] = {"where": self.where, "message": self.message}
        if self.rule:
            out["rule"] = self.rule
        if self.line is not None:
            out["line"] = self.line
        return out

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


@dataclass
class Score:
    """What a sheet scores.  ``breakdown`` is JSON-ready; ``report`` is the human text (ASCII drawings,
    formula lines) printed above the total.  Multi-player sheets fill ``players`` with
    ``{"name": str, "total": number}`` in sheet order; ``total`` is then the first player's."""

    total: float
    breakdown: dict = field(default_factory=dict)
    report: str = ""
    players: list[dict] | None = None

    def claimable(self) -> list[float]:
        """The totals a ``--claimed`` list is compared with, in order."""
        return [p["total"] for p in self.players] if self.players else [self.total]


class LazyScore(Score):
    """A Score whose report is written by ``write`` when it is first read (a JSON run never reads it);
    everything else is made at once."""

    def __init__(self, total: float, breakdown: dict, players: list[dict] | None, write: Callable[[], str]) -> None:
        self.total = total
        self.breakdown = breakdown
        self.players = players
        self._write: Callable[[], str] | None = write
        self._report = ""

    @property
    def report(self) -> str:
        if self._write is not None:
            self._report, self._write = self._write(), None
        return self._report

    @report.setter
    def report(self, value: str) -> None:
        self._report, self._write = value, None


@dataclass(frozen=True)
class Evaluation:
    """What one evaluation of a typed-in sheet finds: every broken rule and the score, from one replay of
    the game.  A sheet with problems still has a score (what it would score as written)."""

    problems: tuple[Problem, ...]
    score: Score

    @property
    def valid(self) -> bool:
        return not self.problems


@dataclass
class Solved:
    """What a game's solver found for a typed-in position (``rollwrite solve``).

    ``headline`` is one line (who wins with perfect play, or the par); ``report`` the human text above
    it; ``result`` a JSON-ready dict.  ``exact`` is True only when the search proved the answer.
    """

    headline: str
    report: str = ""
    result: dict = field(default_factory=dict)
    exact: bool = True


@dataclass
class Puzzle:
    """A solo puzzle: everything a game's sheet needs to print it, its par, and a sheet that reaches par.

    A puzzle is made from a challenge (``game#seed`` or ``game@date``) and uses that challenge's dice, so
    its rolls are exactly what ``rollwrite roll`` shows for the same id; its own id adds `` puzzle``
    (``wobbly-cafe@2026-11-22 puzzle``) so it is never mistaken for the free-play challenge.

    ``par`` is the best score the game's solver found, ``bound`` a score no sheet can beat, and
    ``par_proven`` is True only when the search proved that nothing beats ``par`` (then bound == par).
    A puzzle with one right answer and no score (shade to win, place a card) leaves ``par`` None and
    says what to do in ``prompt``.  ``answer`` is a typed-in sheet (what the game's ``parse`` returns)
    that :meth:`Game.evaluate_puzzle` finds legal and that scores ``par``; ``parts`` gives per-part
    figures for games whose sheet has parts (the café's floors): dicts with ``name``, ``par``, ``bound`` and ``proven``.
    ``extra`` holds whatever else the game's sheet elements need to draw the puzzle and its answer.
    """

    game: str
    challenge: str  # the id whose dice the puzzle uses
    prompt: str
    answer: Any
    schedule: Any = None  # rollwrite.dice.Schedule, or None for a game without dice
    par: float | None = None
    par_proven: bool = False
    bound: float | None = None
    parts: list[dict] = field(default_factory=list)
    extra: dict = field(default_factory=dict)
    best_known: bool = False  # par from a heuristic search with no proof attempted
    difficulty: str = ""  # "easy", "medium" or "hard", measured (rollwrite.difficulty); "" if not graded
    #: a puzzle's place on its game's ladder (rollwrite.difficulty.Grade.to_json): the rung that first
    #: reaches par, the rungs' scores, how far the strongest falls short; {} for a puzzle without one
    grade: dict = field(default_factory=dict)
    #: the puzzle's kind when a game makes more than one (The Long Way's ``finish``): its id says it
    #: (``long-way@2027-03-05 finish puzzle``); "" for the whole game's puzzle
    kind: str = ""

    @property
    def id(self) -> str:
        return f"{self.challenge} {self.kind} puzzle" if self.kind else f"{self.challenge} puzzle"

    def par_text(self) -> str:
        """How par is printed, as far as it is proven and no further: ``par 41 (proven)`` when no sheet
        beats it; ``par 38, no sheet beats 45`` when only a bound is known; ``par 9, not proven`` when
        not even that (``best_known`` searches with no bound)."""
        if self.par is None:
            return ""
        par = plain_number(self.par)
        if self.par_proven:
            return f"par {par} (proven)"
        if self.bound is not None:
            return f"par {par}, no sheet beats {plain_number(self.bound)}"
        return f"par {par}, not proven"

    def par_meaning(self, what: str = "sheet") -> str:
        """What par means, in a sentence for the puzzle page, as far as it is proven and no further
        (the words of :meth:`par_text`): ``**Par 41 (proven):** no sheet scores more.``; ``**Par 38:** the best
        our search found; no sheet can beat 45.``; ``**Par 9:** the best our search found, not proven: you
        may beat it.``  ``what`` names what scores (``placement`` for a one-move puzzle); "" without par."""
        if self.par is None:
            return ""
        par = plain_number(self.par)
        if self.par_proven:
            return f"**Par {par} (proven):** no {what} scores more."
        if self.bound is not None:
            return f"**Par {par}:** the best our search found; no {what} can beat {plain_number(self.bound)}."
        return f"**Par {par}:** the best our search found, not proven: you may beat it."

    def to_json(self) -> dict:
        return {
            "game": self.game,
            "id": self.id,
            "challenge": self.challenge,
            "prompt": self.prompt,
            "par": None if self.par is None else plain_number(self.par),
            "par_proven": self.par_proven,
            "bound": None if self.bound is None else plain_number(self.bound),
            "parts": self.parts,
            "difficulty": self.difficulty or None,
            "grade": self.grade or None,
        }


@dataclass
class ElementType:
    """A sheet element a game adds to the layout language.

    ``read(node, data)`` validates the element's YAML (a Map; use layoutlang.nodes.Reader, which rejects
    unknown keys) and returns a value; the keys ``type`` and ``at`` are read for it by the loader.
    ``build(value, pen, ctx)`` draws it with a :class:`rollwrite.draw.scene.Pen` already moved to the
    element's ``at``; ``ctx`` is a :class:`rollwrite.sheet.BuildContext`.  ``size(value)`` gives its
    (width, height) in mm so the loader can check it fits the sheet.
    """

    read: Callable[[Node, Any], Any]
    build: Callable[[Any, Any, Any], None]
    size: Callable[[Any], tuple[float, float]]
    doc: str = ""
    #: optional (x0, y0, x1, y1) relative to ``at`` for elements that reach left of or above ``at``
    bounds: Callable[[Any], tuple[float, float, float, float]] | None = None
    #: art that fills the sheet and runs on into the bleed (``ctx.bleed`` mm) when the sheet is cut; its
    #: texts still keep to the safe area (rollwrite.sheet.check_safe_area)
    full_bleed: bool = False


SheetT = TypeVar("SheetT")  # what the game's ``parse`` returns
DataT = TypeVar("DataT")  # what the game's ``load_data`` returns


class Game(Generic[SheetT, DataT]):
    """Base class for a game.  Subclasses set the class attributes and override what they support."""

    slug: str = ""
    title: str = ""
    summary: str = ""
    players: tuple[int, int] = (1, 100)  # fewest and most players one print run may ask for
    print_options: frozenset[str] = frozenset()  # variation options `print` accepts, e.g. {"size", "turns"}

    # ---- layout
    def load_data(self, node: Node | None) -> DataT | None:
        """Validate and return the layout's game-specific ``data:`` section (None when absent).  Tables the
        rules need for every sheet of the layout (a deck's card points, a floor's bit board) are built here,
        once, as part of the data."""
        if node is not None:
            raise node.error(f"{self.slug} takes no 'data' section")
        return None

    def element_types(self) -> dict[str, ElementType]:
        return {}

    def vary(self, layout: Any, options: dict[str, int | None], players: int) -> Any:
        """Apply print variations (``--size``, ``--turns``...) and return the adjusted layout."""
        unknown = sorted(k for k, v in options.items() if v is not None)
        if unknown:
            raise UsageError(f"{self.slug} has no --{unknown[0]} option")
        return layout

    def variations(self, layout: Any) -> dict[str, int]:
        """The values of the variation options ``vary`` sets (e.g. {"size": 12, "dice": 3, ...}); those
        that differ from the layout as shipped go into a challenge's id (rollwrite.dice.variant_code)."""
        return {}

    def variations_of(self, sheet: Any) -> dict[str, int]:
        """The same values as ``variations``, read from a typed-in sheet (which says its board's size, its
        dice...); {} for a game whose sheets are all alike."""
        return {}

    def sheets(self, players: int) -> int:
        """How many player sheets a print run for ``players`` players holds (default: one each)."""
        return players

    def print_count(self, layout: Any, players: int) -> int:
        """How many sheets ``print`` draws for this layout: ``sheets(players)`` unless the layout's data
        decides it (a card game prints one sheet per card of its deck)."""
        return self.sheets(players)

    def dice_spec(self, layout: Any, players: int) -> DiceSpec | DealSpec | None:
        """The dice schedule's shape for this layout (default: the layout's ``dice:`` section).  A card
        game returns a DealSpec instead: its seeded schedule is then a Deal, the shuffled deck."""
        return layout.dice

    # ---- typed-in sheets
    can_score: bool = False

    def score_dice_spec(self, layout: Any, sheet: SheetT) -> DiceSpec | DealSpec | None:
        """The schedule's shape when checking a typed-in sheet (e.g. as many groups as it has players)."""
        return layout.dice

    def parse(self, text: str, source: str, data: DataT) -> SheetT:
        raise UsageError(f"{self.slug} has no scorer yet")

    def format(self, sheet: SheetT, data: DataT) -> str:
        raise UsageError(f"{self.slug} has no scorer yet")

    def evaluate(self, sheet: SheetT, data: DataT, schedule: Any) -> Evaluation:
        """Every broken rule (against ``schedule`` when it is given) and the score, from one replay of the
        sheet.  This is the only way a typed-in sheet is checked or scored.  ``schedule`` is the
        challenge's dice in the shape of :meth:`score_dice_spec` (a ``Schedule``, or a ``Deal`` for a card
        game), or None."""
        raise UsageError(f"{self.slug} has no scorer yet")

    def entry(self) -> Entry[SheetT, DataT] | None:
        """The game's on-screen entry for the desk (``games/<game>/entry.py``, see rollwrite.games.entry),
        or None: the desk then takes the game's sheets as typed-in text alone."""
        return None

    # ---- solo puzzles
    can_puzzle: bool = False
    #: options ``rollwrite puzzle`` accepts for this game (as ``print_options``), e.g. {"size"}
    puzzle_options: frozenset[str] = frozenset()
    #: what a puzzle's par is the score of, in its page's words (``no sheet scores more``)
    par_what: str = "sheet"

    def puzzle_layout(self, layout: Any, options: dict[str, int | None]) -> Any:
        """The layout a puzzle is printed on: by default the game's, varied by ``options`` for one player
        (:meth:`vary`).  A game whose puzzle differs from free play (one player, a smaller board) says so here;
        :meth:`dice_spec` of the result must give the puzzle's dice."""
        return self.vary(layout, options, 1)

    def difficulty_meaning(self, puzzle: Puzzle) -> str:
        """What the puzzle's difficulty label says, in a sentence for its page, in the words of the game's
        ladder (rollwrite.difficulty: ``ladder_meaning``); "" for a puzzle not graded."""
        return ""

    def par_notes(self, puzzle: Puzzle) -> list[str]:
        """What a puzzle page says par means (:meth:`Puzzle.par_meaning`, in the game's words for what
        scores); none with par hidden or without par.  The sentences may hold ``**bold**`` runs."""
        par = "" if puzzle.extra.get("hide_par") else puzzle.par_meaning(self.par_what)
        return [par] if par else []

    def puzzle_notes(self, puzzle: Puzzle) -> list[str]:
        """What a puzzle page says under its rules: what par means and what its difficulty label means
        (the ``puzzle-notes`` element prints them)."""
        label = self.difficulty_meaning(puzzle)
        return self.par_notes(puzzle) + ([label] if label else [])

    def answer_notes(self, puzzle: Puzzle) -> list[str]:
        """What an answer page says to show why its answer scores par, beside the answer drawn (the
        ``puzzle-notes`` element prints them); by default nothing (the sheet drawn shows it)."""
        return []

    def make_puzzle(self, layout: Any, challenge: str, schedule: Schedule | None, options: dict[str, int], *,
                    jobs: int = 1) -> Puzzle:
        """The puzzle of ``challenge`` (a ``game#seed`` / ``game@date`` id) on ``layout`` (what
        :meth:`puzzle_layout` made of the game's layout and ``options``).  ``schedule`` is the challenge's dice with the shape of
        :meth:`dice_spec`, or None for a game without dice (derive anything random from the id with
        ``rollwrite.dice.words``).  Must be deterministic: no clocks, no unseeded randomness; solvers
        count work in nodes, not seconds.  ``jobs`` is how many processes the solver may use (a game
        may use fewer): the puzzle must be the same on any number."""
        raise UsageError(f"{self.slug} makes no puzzles")

    def puzzle_kind(self, options: dict[str, int]) -> str:
        """The kind of puzzle ``options`` make, as its id names it (``finish``), or "" for the whole
        game's puzzle."""
        return ""

    def puzzle_options_of(self, sheet: SheetT) -> dict[str, int]:
        """The puzzle options a typed-in answer shows (e.g. its battlefield's size), so ``score --puzzle``
        makes the same puzzle the sheet answers."""
        return {}

    def puzzle_given(self, puzzle: Puzzle) -> dict[str, str | int]:
        """What :meth:`evaluate_puzzle` checks an answer against besides the puzzle's dice (names and
        short strings or whole numbers, from ``puzzle.extra``), kept in the puzzle's par record so that
        ``score --puzzle`` need not find it again: handed back in ``extra``, where the game must still
        check each value before it relies on it (a record is a file a user can change).  None by
        default."""
        return {}

    def evaluate_puzzle(self, puzzle: Puzzle, sheet: SheetT, data: DataT) -> Evaluation:
        """:meth:`evaluate` for a typed-in answer to ``puzzle``: its rule problems and its score.  By
        default the sheet is evaluated against the puzzle's dice."""
        return self.evaluate(sheet, data, puzzle.schedule)

    # ---- perfect play
    can_solve: bool = False

    def solve(self, sheet: SheetT, data: DataT) -> Solved:
        """Perfect play from a parsed position (what ``parse`` returned, already free of rule problems)."""
        raise UsageError(f"{self.slug} has no solver")
