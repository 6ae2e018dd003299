"""The Game protocol every game fills in, and the result types its rules code returns.

Rules code (parse, check, score) never imports a renderer.  A game's sheet is drawn from its layout
(generic elements) plus any element types the game adds through ``element_types``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rollwrite.errors import UsageError

if TYPE_CHECKING:  # pragma: no cover
    from rollwrite.dice import DiceSpec, Schedule
    from rollwrite.spec.nodes import Node


def plain_number(v: float) -> int | float:
    """A score as people write it: ``80`` rather than ``80.0``, ``16.5`` as it is."""
    return int(v) if float(v).is_integer() else v


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
class ElementType:
    """A sheet element a game adds to the layout language.

    ``read(node, data)`` validates the element's YAML (a Map; use spec.nodes.Reader, which rejects
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


class Game:
    """Base class for a game.  Subclasses set the class attributes and override what they support."""

    slug: str = ""
    title: str = ""
    summary: str = ""
    players: tuple[int, int] = (1, 100)  # fewest and most players one print run may ask for
    print_options: frozenset[str] = frozenset()  # variation options `print` accepts, e.g. {"size", "turns"}

    # ---- layout
    def load_data(self, node: Node | None) -> Any:
        """Validate and return the layout's game-specific ``data:`` section (None when absent)."""
        if node is not None:
            raise node.error(f"{self.slug} takes no 'data' section")
        return None

    def element_types(self) -> dict[str, ElementType]:
        return {}

    def vary(self, layout: Any, options: dict[str, int], players: int) -> Any:
        """Apply print variations (``--size``, ``--turns``...) and return the adjusted layout."""
        unknown = sorted(k for k, v in options.items() if v is not None)
        if unknown:
            raise UsageError(f"{self.slug} has no --{unknown[0]} option")
        return layout

    def sheets(self, players: int) -> int:
        """How many player sheets a print run for ``players`` players holds (default: one each)."""
        return players

    def dice_spec(self, layout: Any, players: int) -> DiceSpec | None:
        """The dice schedule's shape for this layout (default: the layout's ``dice:`` section)."""
        return layout.dice

    # ---- typed-in sheets
    can_score: bool = False

    def score_dice_spec(self, layout: Any, sheet: Any) -> DiceSpec | None:
        """The schedule's shape when checking a typed-in sheet (e.g. as many groups as it has players)."""
        return layout.dice

    def parse(self, text: str, source: str, data: Any) -> Any:
        raise UsageError(f"{self.slug} has no scorer yet")

    def format(self, sheet: Any, data: Any) -> str:
        raise UsageError(f"{self.slug} has no scorer yet")

    def check(self, sheet: Any, data: Any, schedule: Schedule | None) -> list[Problem]:
        return []

    def score(self, sheet: Any, data: Any) -> Score:
        raise UsageError(f"{self.slug} has no scorer yet")

    # ---- perfect play
    can_solve: bool = False

    def solve(self, sheet: Any, data: Any) -> Solved:
        """Perfect play from a parsed position (what ``parse`` returned, already free of rule problems)."""
        raise UsageError(f"{self.slug} has no solver")
