"""A typed-in Shelving Wars sheet with several unreadable turns: each is reported, in one run."""

from __future__ import annotations

import pytest

from rollwrite.errors import InputError
from rollwrite.games.shelving_wars import ShelvingWars
from rollwrite.games.shelving_wars.data import DEFAULT_DATA


def test_every_unreadable_turn_is_reported_with_did_you_mean():
    text = ("size: 10\nplayer: A\nbox 3x4 at A1\nbx 2x2 at A5\nbox 2x2 at A9 top-lft\n"
            "player: B\nbox 2x2 at J10 bottom-right\n")
    with pytest.raises(InputError) as info:
        ShelvingWars().parse(text, "s.txt", DEFAULT_DATA)
    found = [(e.line, e.col, e.message, e.hint) for e in info.value.errors]
    assert found == [
        (4, 1, "expected a setting, 'player: NAME', a box or a shelf, got 'bx'", "did you mean 'box'?"),
        (5, 15, "expected a corner (top-left, top-right, bottom-left or bottom-right), got 'top-lft'",
         "did you mean 'top-left'?"),
    ]
    assert str(info.value).count("s.txt:") == 2
