"""Lines & Sections: the layout's ``data:`` section and the limits every part of the game shares.

The data section holds the defaults a printed sheet starts from: the board size ``n`` (an n×n grid of
squares, so (n+1)×(n+1) points) and how many players share a sheet.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rollwrite.layoutlang.nodes import Reader

MIN_SIZE, MAX_SIZE = 2, 12  # the notation names point columns A..M
MIN_PLAYERS, MAX_PLAYERS = 2, 10


@dataclass(frozen=True)
class Data:
    """The defaults of a sheet: board size and the number of players it prints name fields for."""

    size: int = 5
    players: int = 2


DEFAULT_DATA = Data()


def read_data(node: Any) -> Data:
    """Validate the layout's ``data:`` map (``size``, ``players``; unknown keys are refused)."""
    r = Reader(node, "the data section")
    size = r.int("size", default=DEFAULT_DATA.size, minimum=MIN_SIZE, maximum=MAX_SIZE)
    players = r.int("players", default=DEFAULT_DATA.players, minimum=MIN_PLAYERS, maximum=MAX_PLAYERS)
    r.done()
    return Data(size, players)


def data_of(data: Any) -> Data:
    return data if isinstance(data, Data) else DEFAULT_DATA
