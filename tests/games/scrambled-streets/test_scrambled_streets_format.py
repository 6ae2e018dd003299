"""The typed-in game: what it reads, the canonical text it writes, and messages that point at the mistake."""

from __future__ import annotations

import pytest

from rollwrite.errors import InputError
from rollwrite.games.scrambled_streets.format import format, parse

GAME = """\
# a friendly game
black: Ann
white: Bob
start:
  17 up    3 down
  40 down  8 up
1. 25 up at 17|3 push 3
2. 9 180 at 40 | 17 push 40   # 180 means down
"""


def test_reads_names_start_and_turns():
    g = parse(GAME, "g.txt")
    assert g.names == ("Ann", "Bob")
    assert [(p.card, p.rotation) for p in g.start] == [(17, 0), (3, 180), (40, 180), (8, 0)]
    assert [(m.number, m.card, m.rotation, m.a, m.b, m.push, m.line) for m in g.moves] == [
        (1, 25, 0, 17, 3, 3, 7), (2, 9, 180, 40, 17, 40, 8)]


def test_canonical_text_is_a_fixed_point():
    text = format(parse(GAME))
    assert text == ("black: Ann\nwhite: Bob\nstart:\n  17 up     3 down\n  40 down   8 up\n"
                    "1. 25 up at 17|3 push 3\n2. 9 down at 40|17 push 40\n")
    assert format(parse(text)) == text


@pytest.mark.parametrize("text, line, col, message", [
    ("start:\n  17 up 3 down\n", 2, 1, "the starting city has 1 row"),
    ("start:\n  17 up\n  40 down 8 up\n", 2, 3, "a row of the starting city is two cards"),
    ("start:\n  17 sideways 3 down\n  40 down 8 up\n", 2, 6, "'sideways' is not an orientation"),
    ("1. 25 up at 17|3 push 3\n", 1, 1, "a turn before the starting city"),
    ("hello\n", 1, 1, "expected 'black:', 'white:' or 'start:'"),
    ("start:\n 1 up 2 up\n 3 up 4 up\n2. 25 up at 1|2 push 2\n", 4, 1, "expected turn 1 here, got turn 2"),
    ("start:\n 1 up 2 up\n 3 up 4 up\n1. 25 up between 1 and 2\n", 4, 10, "expected 'at', got 'between'"),
    ("start:\n 1 up 2 up\n 3 up 4 up\n1. 25 left at 1|2 push 2\n", 4, 7, "'left' is not an orientation"),
    ("black: Ann\n", 1, 1, "no starting city"),
    ("start:\n 1 up 2 up\n 3 up 4 up\nstart:\n", 4, 1, "'start:' is written twice"),
    ("start:\n 1 up 2 up\n 3 up 4 up\n1. 99999 up at 1|2 push 2\n", 4, 4, "far too large"),
    ("start:\n 1 up 2 up\n 3 up 4 up\n1. 5 up at 1|2 push 2 — yes\n", 4, 23, "unexpected character"),
])
def test_messages_name_line_and_column(text, line, col, message):
    with pytest.raises(InputError) as e:
        parse(text, "g.txt")
    assert (e.value.file, e.value.line, e.value.col) == ("g.txt", line, col)
    assert message in e.value.message


def test_every_unreadable_turn_is_reported_in_one_run():
    text = ("start:\n  17 up 3 down\n  40 down 8 up\n1. 25 upp at 17|3 push 3\n"
            "2. 9 down at 40|17 psh 40\n3. 1 up at 25|3 push 25\n")
    with pytest.raises(InputError) as info:
        parse(text, "g.txt")
    found = [(e.line, e.col, e.message, e.hint) for e in info.value.errors]
    assert found == [
        (4, 7, "'upp' is not an orientation", "write 'up' (the card's number at the top left) or 'down' (turned half round)"),
        (5, 20, "expected 'push', got 'psh'", "did you mean 'push'? write a turn as: 1. 25 up at 17|3 push 3"),
    ]


@pytest.mark.parametrize("turn, col, message", [
    # each unreadable part of a turn is named at its own column, the line indented by two
    ("  1 25 up at 1|2 push 2", 5, "expected '.' after the turn's number, got '25'"),
    ("  1. x up at 1|2 push 2", 6, "expected the card's number, got 'x'"),
    ("  1. 25up at 1|2 push 2", 6, "expected the card's number, got '25up'"),
    ("  1. 25 up att 1|2 push 2", 12, "expected 'at', got 'att'"),
    ("  1. 25 up at 1 2 push 2", 17, "expected '|' between the two cards of the edge, got '2'"),
    ("  1. 25 up at 1|2x push 2", 17, "expected the second card of the edge, got '2x'"),
    ("  1. 25 up at 1|2 push", 23, "the turn ends before the card pushed away"),
    ("  1. 25 up at 1|2 push 2 north", 26, "'north' after the end of the turn"),
    ("  1.\t25 up at 1|2 push 2 # a comment", 0, None),  # tabs and comments: a turn
])
def test_each_unreadable_part_of_a_turn_is_named_at_its_column(turn, col, message):
    text = "start:\n 1 up 2 up\n 3 up 4 up\n" + turn + "\n"
    if message is None:
        assert parse(text, "g.txt").moves[0].push == 2
        return
    with pytest.raises(InputError) as info:
        parse(text, "g.txt")
    assert (info.value.line, info.value.col, info.value.message) == (4, col, message)
    assert info.value.hint.endswith("write a turn as: 1. 25 up at 17|3 push 3")


@pytest.mark.parametrize("row, col, message", [
    # a row of the starting city: each unreadable word at its column, in reading order; a row cut short
    # as a whole
    ("  x up  3 down", 3, "expected a card's number, got 'x'"),
    ("  17 up  3 down  5 up", 18, "'5' after the row's two cards"),
    ("  17 up,3 down", 6, "'up,3' is not an orientation"),
    ("  17 sideways 3", 6, "'sideways' is not an orientation"),
    ("  17 up", 3, "a row of the starting city is two cards with their orientations, e.g. '17 up  3 down'; got '17 up'"),
])
def test_each_unreadable_word_of_a_starting_row_is_named_at_its_column(row, col, message):
    with pytest.raises(InputError) as info:
        parse("start:\n" + row + "\n  40 down 8 up\n", "g.txt")
    assert (info.value.line, info.value.col, info.value.message) == (2, col, message)


def test_a_misspelt_name_key_gets_did_you_mean():
    with pytest.raises(InputError) as info:
        parse("blak: Ann\nstart:\n  17 up 3 down\n  40 down 8 up\n", "g.txt")
    assert info.value.message == "expected 'black:', 'white:' or 'start:', got 'blak: Ann'"
    assert info.value.hint == "did you mean 'black'?"


def test_a_turn_with_no_space_where_one_is_needed_says_so():
    with pytest.raises(InputError) as info:
        parse("start:\n 1 up 2 up\n 3 up 4 up\n1. 25.up at 1|2 push 2\n", "g.txt")
    assert (info.value.col, info.value.message) == (6, "expected a space before '.up'")
