"""A plain row ('51|31': values either side of one middle line) is read without looking at each
character; here the parser is held to its character-by-character reading on random sheets."""

from __future__ import annotations

import re

from hypothesis import given, settings, strategies as st

from strength import examples

from rollwrite.errors import InputError
from rollwrite.games.wobbly_cafe import format as fmt
from rollwrite.games.wobbly_cafe.data import DEFAULT_DATA as D

ROW = st.text(alphabet="0123456789._|  #x:", max_size=11)


@st.composite
def sheets(draw):
    """A sheet as the formatter writes it, often with a few lines damaged or dropped."""
    floors = tuple(tuple(tuple(draw(st.lists(st.sampled_from([None, 1, 2, 3, 4, 5, 6]), min_size=len(cols),
                                             max_size=len(cols))))
                         for cols in D.rows) for _ in range(D.floors))
    lines = fmt.format_sheet(fmt.CafeSheet(floors, name=draw(st.sampled_from(["", "Ann"]))), D).split("\n")
    for _ in range(draw(st.integers(0, 3))):
        i = draw(st.integers(0, len(lines) - 1))
        what = draw(st.integers(0, 4))
        if what == 0:
            del lines[i]
        elif what == 1:
            lines[i] = draw(ROW)
        else:  # change, add or drop one character
            line = lines[i]
            j = draw(st.integers(0, len(line)))
            ch = draw(st.sampled_from("0123456789._| x"))
            lines[i] = line[:j] + (ch if what != 4 else "") + line[j + (what != 3):]
    return "\n".join(lines) + draw(st.sampled_from(["", "\n", "\r\n"]))


def _outcome(text):
    try:
        return fmt.parse_sheet(text, "s.txt", D)
    except InputError as error:
        return str(error)


@settings(max_examples=examples(400), deadline=None)
@given(sheets())
def test_plain_rows_read_as_the_character_by_character_reading(text):
    fast = _outcome(text)
    saved = fmt._PLAIN_ROW
    fmt._PLAIN_ROW = re.compile(r"(?!)(x)")  # never matches: every row read character by character
    try:
        plain = _outcome(text)
    finally:
        fmt._PLAIN_ROW = saved
    assert fast == plain
