"""A typed-in Lines & Sections game with several unreadable points and moves: each is reported, in one run."""

from __future__ import annotations

import pytest

from rollwrite.errors import InputError
from rollwrite.games.lines_and_sections.format import parse


def test_every_unreadable_point_and_shading_move_is_reported():
    text = "size: 3\nplayers: Ann, Bob\npath: B1 B2 Z9 B3\nshade: Q1\nshade: A1 Bob\n"
    with pytest.raises(InputError) as info:
        parse(text, "g.txt")
    assert [(e.line, e.col, e.message) for e in info.value.errors] == [
        (3, 13, "Z9 is not a point of a 3×3 board: points run from A1 to D4"),
        (4, 8, "Q1 is not a square of a 3×3 board: squares run from A1 to C3, each named by its top-left corner"),
    ]
