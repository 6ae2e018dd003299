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


@pytest.mark.parametrize("players", range(2, 11))
def test_every_write_in_under_a_board_has_room_for_a_name(players):
    """Who went out, in order, and the winner: every label's write-in line is 6 mm or longer at every
    count of players (the winner's was 0.8 mm at 10 players), and none runs past the board's width."""
    from rollwrite.core.printrun import print_scene
    from rollwrite.draw.scene import Line, Text

    scene = print_scene("lines-and-sections", players=players)
    items = scene.page_items(scene.pages[0])
    labels = [it for it in items if isinstance(it, Text)
              and (it.text == "winner" or (it.text.endswith(".") and it.text[:-1].isdigit()))]
    assert sum(1 for t in labels if t.text == "winner") == 4  # one per board
    assert len(labels) == 4 * players
    for t in labels:
        lines = [ln for ln in items if isinstance(ln, Line) and ln.y1 == ln.y2 and abs(ln.y1 - (t.y + 0.6)) < 0.01
                 and t.x < ln.x1 < t.x + 12]
        assert lines, t
        near = min(lines, key=lambda ln: ln.x1)
        assert near.x2 - near.x1 >= 6.0, (players, t.text, near.x2 - near.x1)
