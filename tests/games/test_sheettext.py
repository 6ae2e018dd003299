"""The reading every typed-in sheet shares (rollwrite.games.sheettext): words carry the columns where
they stand, comments begin where the one rule says, ``key: value`` lines and grid names read back."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollwrite.games.sheettext import (
    column_letter, grid_name, header, lines, read_grid_name, token_column, tokens, uncomment, words,
)

LINE = st.lists(st.sampled_from(list("ab1 ,\t#:|.-_xé\xa0\u2003\x0b\x1c") + ["A4", "box", "  "]), max_size=20).map("".join)


@settings(max_examples=500, deadline=None)
@given(LINE, st.integers(min_value=1, max_value=50))
def test_every_token_carries_the_column_where_it_stands(line, col):
    found = tokens(line, col)
    for text, at in found:
        assert line[at - col:at - col + len(text)] == text  # the token is there, at its column
        assert text and not re.search(r"[\s,]", text)
        before = line[at - col - 1:at - col]
        after = line[at - col + len(text):at - col + len(text) + 1]
        assert before in ("", ",") or before.isspace()  # a whole word: nothing of it is left either side
        assert after in ("", ",") or after.isspace()
    assert [t for t, _c in found] == words(line)
    assert "".join(t for t, _c in found) == "".join(ch for ch in line if ch != "," and not ch.isspace())
    for k, (_t, at) in enumerate(found):
        assert token_column(line, k, col) == at
    assert token_column(line, len(found), col) == len(line.rstrip()) + col


def test_tokens_by_hand():
    assert tokens("  box 3x4, at C5") == [("box", 3), ("3x4", 7), ("at", 12), ("C5", 15)]
    assert tokens("A4 W", 8) == [("A4", 8), ("W", 11)]
    assert token_column("1 . o", 5) == 6  # past the end: where a missing word would go


@pytest.mark.parametrize("line, kept", [
    ("# all of it", ""),
    ("B2 Bob  # Ann shades", "B2 Bob  "),
    ("puzzle: scrambled-streets#x", "puzzle: scrambled-streets#x"),  # '#' inside a word is not a comment
    ("17 up\t# the top row", "17 up\t"),
    ("no comment", "no comment"),
    ("A4#x # y", "A4#x "),
])
def test_one_comment_rule(line, kept):
    assert uncomment(line) == kept


@given(LINE)
def test_a_comment_begins_at_a_hash_that_starts_the_line_or_follows_a_blank(line):
    kept = uncomment(line)
    assert line.startswith(kept)
    if kept != line:
        assert line[len(kept)] == "#" and (not kept or kept[-1].isspace())
    assert not any(ch == "#" and (i == 0 or kept[i - 1].isspace()) for i, ch in enumerate(kept))


def test_lines_end_only_at_newlines():
    assert lines("a\r\nb\rc\n\x0cd\u2028e\n") == ["a", "b", "c", "\x0cd\u2028e"]
    assert lines("a\n\n") == ["a", ""] and lines("") == []


@pytest.mark.parametrize("line, read", [
    ("size: 5", ("size", 1, "5", 7)),
    ("  players :  Ann, Bob  ", ("players", 3, "Ann, Bob", 14)),
    ("store:", ("store", 1, "", 7)),
    ("Black: Ann: the first", ("Black", 1, "Ann: the first", 8)),
    ("player-one_b: x", ("player-one_b", 1, "x", 15)),
    ("1: roll 3 4", None),
    ("floor 1:", None),
    ("box 3x4 at C5", None),
])
def test_key_value_lines(line, read):
    assert header(line) == read


@given(st.from_regex(r"[ \t]{0,3}[A-Za-z][A-Za-z _-]{0,8}[ \t]{0,2}:[ \t]{0,2}[^\s:][^\n]{0,10}", fullmatch=True))
def test_a_header_names_where_its_key_and_value_stand(line):
    key, kcol, value, vcol = header(line)
    assert line[kcol - 1:kcol - 1 + len(key)] == key
    assert line[vcol - 1:vcol - 1 + len(value)] == value and value == value.strip()


@given(st.integers(min_value=0, max_value=25), st.integers(min_value=0, max_value=998))
def test_grid_names_read_back(col, row):
    name = grid_name(col, row)
    assert name[0] == column_letter(col) and read_grid_name(name) == read_grid_name(name.lower()) == (col, row)


@pytest.mark.parametrize("text, read", [("C2", (2, 1)), ("a1", (0, 0)), ("Z26", (25, 25)), ("A0", (0, -1)),
                                        ("B12345", (1, 10**6)), ("AA1", None), ("1A", None), ("C", None), ("C-1", None)])
def test_grid_names_by_hand(text, read):
    assert read_grid_name(text) == read
