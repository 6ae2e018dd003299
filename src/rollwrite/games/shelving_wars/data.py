"""Shelving Wars' data: the battlefield's size and the variations (turns, dice, sides, players), read from
the layout's ``data:`` and adjusted by ``--size/--turns/--dice/--sides``.

Coordinates: the battlefield has ``size`` columns (letters A, B, ...) and ``size`` rows (1, 2, ...
from the top).  Internally a square is (row, col), both 0-based; a grid point (where grid lines
meet) is (x, y) with 0 <= x, y <= size, x along the columns and y down the rows.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from rollwrite.dice import DiceSpec
from rollwrite.errors import UsageError
from rollwrite.layoutlang.nodes import Reader, Seq, expect_str


MIN_SIZE = 4
MAX_SIZE = 26  # columns are named by one letter
MAX_TURNS = 40
MIN_DICE, MAX_DICE = 2, 12  # a box needs two different dice
MIN_SIDES, MAX_SIDES = 2, 100
MAX_NUMBER = 999  # any number typed on a sheet
MIN_PLAYERS, MAX_PLAYERS = 2, 4

CORNERS = ("top-left", "bottom-right", "top-right", "bottom-left")
CORNER_ALIASES = {
    "top-left": "top-left", "tl": "top-left",
    "top-right": "top-right", "tr": "top-right",
    "bottom-left": "bottom-left", "bl": "bottom-left",
    "bottom-right": "bottom-right", "br": "bottom-right",
}
DIRECTIONS = {"right": (1, 0), "left": (-1, 0), "down": (0, 1), "up": (0, -1)}
DIRECTION_NAMES = {v: k for k, v in DIRECTIONS.items()}


# ---------------------------------------------------------------- layout data


@dataclass(frozen=True)
class Data:
    """The layout's ``data:`` section: the defaults a printed sheet and a typed-in sheet start from."""

    size: int = 20
    size_reason: str = ""
    corners: tuple[str, ...] = CORNERS
    turns: int = 8
    dice: int = 3
    sides: int = 6
    players: int = 2


DEFAULT_DATA = Data()


def read_data(node: Any) -> Data:
    r = Reader(node, "the data section")
    size = r.int("size", minimum=MIN_SIZE, maximum=MAX_SIZE)
    reason = r.str("size-reason")
    corners_node = r.list("corners", default=None)
    corners: tuple[str, ...] = CORNERS
    if corners_node is not None:
        assert isinstance(corners_node, Seq)
        if len(corners_node) != MAX_PLAYERS:
            raise corners_node.error(
                f"expected the {MAX_PLAYERS} corners in the order players take them, got {len(corners_node)}",
                hint="e.g. [top-left, bottom-right, top-right, bottom-left]",
            )
        corners = tuple(expect_str(n, choices=list(CORNERS)) for n in corners_node)
        seen: set[str] = set()
        for n, c in zip(corners_node, corners):
            if c in seen:
                raise n.error(f"the corner '{c}' is given twice", hint="each player needs a corner of their own")
            seen.add(c)
    turns = r.int("turns", default=8, minimum=1, maximum=MAX_TURNS)
    dice = r.int("dice", default=3, minimum=MIN_DICE, maximum=MAX_DICE)
    sides = r.int("sides", default=6, minimum=MIN_SIDES, maximum=MAX_SIDES)
    players = r.int("players", default=2, minimum=MIN_PLAYERS, maximum=MAX_PLAYERS)
    r.done()
    return Data(size, reason, corners, turns, dice, sides, players)


def as_data(data: Any) -> Data:
    return data if isinstance(data, Data) else DEFAULT_DATA


def layout_data(layout: Any) -> Data:
    return as_data(getattr(layout, "data", None))


def vary(game: Any, layout: Any, options: dict[str, int | None], players: int) -> Any:
    """The layout with ``--size/--turns/--dice/--sides`` and the player count applied."""
    unknown = sorted(k for k, v in options.items() if v is not None and k not in game.print_options)
    if unknown:
        raise UsageError(f"{game.slug} has no --{unknown[0]} option", hint="options: --size, --turns, --dice, --sides")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise UsageError(
            f"Shelving Wars is for {MIN_PLAYERS} to {MAX_PLAYERS} players (one per corner), not {players}"
        )
    d = layout_data(layout)
    limits = {
        "size": (MIN_SIZE, MAX_SIZE, "the battlefield size"),
        "turns": (1, MAX_TURNS, "the number of turns"),
        "dice": (MIN_DICE, MAX_DICE, "the number of dice"),
        "sides": (MIN_SIDES, MAX_SIDES, "the number of sides of a die"),
    }
    changes: dict[str, Any] = {}
    for key, (lo, hi, what) in limits.items():
        v = options.get(key)
        if v is None:
            continue
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            raise UsageError(f"--{key}: {what} must be from {lo} to {hi}, got {v}")
        changes[key] = v
    new = dataclasses.replace(d, players=players, **changes)
    out = dataclasses.replace(layout, data=new)
    dice = getattr(layout, "dice", None)
    if dice is not None:
        out = dataclasses.replace(out, dice=dice_shape(dice, new.dice, new.sides, new.turns, players))
    return out



def dice_shape(base: Any, count: int, sides: int, turns: int, players: int) -> Any:
    """The dice schedule's shape: one group of ``count`` d``sides`` per player and turn."""
    groups = tuple(f"Player {k}" for k in range(1, players + 1))
    if base is None:
        return DiceSpec(count=count, sides=sides, turns=turns, groups=groups)
    return dataclasses.replace(base, count=count, sides=sides, turns=turns, groups=groups)
