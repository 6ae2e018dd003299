"""The sheet is sized to the table: a name slot per player and, under each board, a "went out" slot for
every player but the winner (``--players`` 2 to 10)."""

from __future__ import annotations

import re

import pytest
from pypdf import PdfReader


@pytest.mark.parametrize("players", [2, 3, 5, 6, 10])
def test_name_and_went_out_slots_follow_players(cli, tmp_path, players):
    out = tmp_path / "ls.pdf"
    r = cli("print", "lines-and-sections", "--players", str(players), "-o", str(out))
    assert r.exit_code == 0, r.stderr
    words = PdfReader(str(out)).pages[0].extract_text().split()
    names = words[words.index("order:") + 1: words.index("Drawing.")]
    assert names == [str(k) for k in range(1, players + 1)]
    first = words.index("out:")
    slots = words[first + 1: words.index("winner", first)]
    assert slots == [f"{k}." for k in range(1, players)]
    assert len([w for w in words if w == "winner"]) == len([w for w in words if w == "out:"]) >= 1
    assert not any(re.fullmatch(rf"{players}\.", w) for w in words)
