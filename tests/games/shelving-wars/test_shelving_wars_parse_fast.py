"""Box lines as the formatter writes them (``box 3x4 at C5``) are read by one regular expression, any
other line token by token.  Here the quick reading is held to the token reading of the same lines: each
sheet is read as it is, and again with a tab after every leading ``box`` (a tab is a space to the
tokens, and in the same column, but the quick reading takes only what the formatter writes, so every
box line goes the token way).  On formatted sheets with random edits (digits, letters and corners
changed, spaces added, case changed, so that both readings see lines they accept and lines they
refuse) both must give the same sheet (line numbers included) or the same error."""

from __future__ import annotations

import re

from hypothesis import given, settings, strategies as st

from strength import examples

from rollwrite.errors import InputError
from rollwrite.games.shelving_wars.data import DEFAULT_DATA
from rollwrite.games.shelving_wars.format import Box, Player, Sheet, Shelf, format_sheet, parse_sheet


@st.composite
def texts(draw):
    size = draw(st.integers(4, 26))
    sides = draw(st.sampled_from([6, 6, 6, 3, 9, 12]))
    players = []
    for k in range(draw(st.integers(2, 4))):
        turns = []
        for _ in range(draw(st.integers(0, 6))):
            rolled = tuple(draw(st.lists(st.integers(1, sides), max_size=4)))
            h, w = draw(st.integers(1, min(size, sides))), draw(st.integers(1, min(size, sides)))
            if draw(st.integers(0, 5)):
                turns.append(Box(draw(st.integers(0, size - h)), draw(st.integers(0, size - w)), h, w, rolled))
            else:
                dx, dy = draw(st.sampled_from([(1, 0), (-1, 0), (0, 1), (0, -1)]))
                turns.append(Shelf(draw(st.integers(0, size)), draw(st.integers(0, size)), dx, dy, h, rolled))
        players.append(Player(f"P{k}", tuple(turns)))
    sheet = Sheet(size, draw(st.integers(1, 8)), draw(st.integers(2, 4)), sides, draw(st.booleans()), tuple(players))
    lines = format_sheet(sheet, DEFAULT_DATA).split("\n")
    for _ in range(draw(st.integers(0, 4))):
        i = draw(st.integers(0, len(lines) - 1))
        line = lines[i]
        if not line:
            continue
        j = draw(st.integers(0, len(line) - 1))
        edit = draw(st.sampled_from(["digit", "digit", "letter", "space", "case", "corner", "drop", "comment",
                                     "edge", "edge"]))
        if edit == "edge":  # the square at or just past the battlefield's edge
            col = draw(st.sampled_from([0, size - 1, size]))
            row = draw(st.sampled_from([0, 1, size, size + 1]))
            line = re.sub(r" at [A-Z][0-9]+", f" at {chr(65 + col)}{row}", line)
        elif edit == "digit":
            line = line[:j] + str(draw(st.integers(0, 9))) + line[j + 1:]
        elif edit == "letter":
            line = line[:j] + draw(st.sampled_from("AZaxX×,:")) + line[j + 1:]
        elif edit == "space":
            line = line[:j] + draw(st.sampled_from([" ", "  ", "\t"])) + line[j:]
        elif edit == "case":
            line = line.upper() if draw(st.booleans()) else line.lower()
        elif edit == "corner":
            line += " " + draw(st.sampled_from(["top-left", "tl", "bottom-right", "br", "top-right", "bottom-left"]))
        elif edit == "drop":
            line = line[:j] + line[j + 1:]
        else:
            line += "  # note"
        lines[i] = line
    return "\n".join(lines)


def _token_way(text: str) -> str:
    """The same sheet, its box lines read token by token."""
    return re.sub(r"(?m)^(\s*)box ", "\\1box\t", text)


def _read(text: str):
    try:
        sheet = parse_sheet(text, "f.txt", DEFAULT_DATA)
    except InputError as err:
        return ("error", str(err), err.line, err.col, err.hint)
    lines = tuple((p.line, tuple(t.line for t in p.turns)) for p in sheet.players)
    return sheet, lines


@settings(max_examples=examples(400), deadline=None)
@given(texts())
def test_the_quick_reading_is_the_plain_one(text):
    assert _read(text) == _read(_token_way(text))


def test_the_token_way_is_taken():
    """A written box line and its tab form are one box; the tab form is not what the quick reading takes."""
    text = "size: 8\nplayer: A\nbox 2x3 at A1 rolled 2 3 5\nplayer: B\n"
    assert _token_way(text) == "size: 8\nplayer: A\nbox\t2x3 at A1 rolled 2 3 5\nplayer: B\n"
    assert _read(text) == _read(_token_way(text))
    assert parse_sheet(text, "f.txt", DEFAULT_DATA).players[0].turns == (Box(0, 0, 2, 3, (2, 3, 5)),)
