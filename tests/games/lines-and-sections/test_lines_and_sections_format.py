"""Reading and writing typed-in games: messages that point at the mistake, and the round trip."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollwrite.errors import InputError
from rollwrite.games.lines_and_sections.format import Game, Shade, format_game, parse
from rollwrite.games.lines_and_sections.rules import Trail, board, referee


def err(text: str) -> InputError:
    with pytest.raises(InputError) as info:
        parse(text, "g.txt")
    return info.value


def test_a_full_game_reads():
    g = parse("# our game\nsize: 3\nplayers: Ann, Bob\npath: B1 B2 C2, C3-B3 # half\npath: b2 A2\n"
              "shade: A1\nshade: B2 Bob\n", "g.txt")
    assert g.size == 3 and g.players == ("Ann", "Bob")
    assert g.path == ((1, 0), (1, 1), (2, 1), (2, 2), (1, 2), (1, 1), (0, 1))
    assert g.shades == (Shade((0, 0)), Shade((1, 1), "Bob"))
    assert g.path_lines == (4, 4, 4, 4, 4, 5, 5)


@pytest.mark.parametrize("text, where, words", [
    ("players: A, B\n", (1, 1), "no 'size:' line"),
    ("size: 3\n", (1, 1), "no 'players:' line"),
    ("size: 13\nplayers: A, B\n", (1, 7), "from 2 to 12, got 13"),
    ("size: five\nplayers: A, B\n", (1, 7), "whole number"),
    ("size: 3x4\nplayers: A, B\n", (1, 7), "whole number"),
    ("size: 3\nplayers: A\n", (2, 10), "2 to 10 players, got 1"),
    ("size: 3\nplayers: A, a\n", (2, 10), "two players are called"),
    ("size: 3\nplayers: A, \n", (2, 10), "name is empty"),
    ("size: 3\nplayers: A, B\npath: A1 E1\n", (3, 10), "E1 is not a point of a 3×3 board"),
    ("size: 3\nplayers: A, B\npath: A1 B0\n", (3, 10), "B0 is not a point"),
    ("size: 3\nplayers: A, B\npath: A1 11\n", (3, 10), "expected a point"),
    ("size: 3\nplayers: A, B\npath: A1 B1\nshade: D1\n", (4, 8), "D1 is not a square of a 3×3 board"),
    ("size: 3\nplayers: A, B\nshade:\n", (3, 7), "names no square"),
    ("size: 3\nplayers: A, B\nshde: A1\n", (3, 1), "unknown key 'shde'"),
    ("size: 3\nplayers: A, B\nhello\n", (3, 1), "expected 'key: value'"),
    ("path: A1\nsize: 3\n", (1, 1), "'path' comes before 'size'"),
    ("size: 3\nsize: 3\n", (2, 1), "given twice (first on line 1)"),
    ("size: 2\nplayers: A, B\npath: A1 B1\nshade: A1\npath: B2\n", (5, 1), "after the shading has begun"),
])
def test_messages_name_line_and_column(text, where, words):
    e = err(text)
    assert (e.line, e.col) == where, str(e)
    assert words in e.message, str(e)
    assert e.exit_code == 2


def test_size_and_players_come_in_either_order_before_the_path():
    # docs/formats/lines-and-sections.md: both before the path and the moves, in either order
    one = parse("size: 3\nplayers: Ann, Bob\npath: A1 B1\n", "g.txt")
    assert parse("players: Ann, Bob\nsize: 3\npath: A1 B1\n", "g.txt") == one
    assert (err("players: Ann, Bob\npath: A1 B1\nsize: 3\n").line, err("size: 3\nshade: A1\n").message) == (
        2, "'shade' comes before 'players'")


@pytest.mark.parametrize("line, col, words", [
    # each unreadable point of a path at its own column, however the points are joined
    ("path: A1 B1,,B2->Q2", 18, "Q2 is not a point of a 3×3 board: points run from A1 to D4"),
    ("path:\tA1-B1-x2", 13, "x2 is not a point of a 3×3 board"),
    ("path: A1 B1 2B", 13, "expected a point such as C2 (a column letter and a row number), got '2B'"),
    ("  path: A1 B1 B2#2", 15, "expected a point such as C2 (a column letter and a row number), got 'B2#2'"),
    ("path: A1 B1 # C9 is a comment", 0, None),
    ("shade:   D3 Bob", 10, "D3 is not a square of a 3×3 board"),
])
def test_an_unreadable_point_is_named_at_its_column(line, col, words):
    text = "size: 3\nplayers: Ann, Bob\n" + line + "\n"
    if words is None:
        assert parse(text, "g.txt").path == ((0, 0), (1, 0))
        return
    e = err(text)
    assert (e.line, e.col) == (3, col) and e.message.startswith(words), str(e)


def test_did_you_mean_for_a_misspelt_key():
    assert "did you mean 'shade'" in str(err("size: 3\nplayers: A, B\nshde: A1\n"))


def test_bounded_input():
    assert "characters long" in str(err("size: 3\nplayers: A, B\npath: " + "A1 " * 200 + "\n"))
    long_path = "size: 2\nplayers: A, B\n" + "path: A1 B1\n" * 200
    assert "more than" in str(err(long_path))


# ---------------------------------------------------------------- round trip


@st.composite
def games(draw):
    """A random legal game: a path drawn by choosing among the legal steps, maybe until stuck, then
    a few shading moves naming squares of unshaded sections."""
    n = draw(st.integers(2, 6))
    b = board(n)
    start = draw(st.integers(0, b.points - 1))
    t = Trail(b, start)
    for _ in range(draw(st.integers(0, 2 * n * (n + 1)))):
        opts = t.options() if t.segments else [d for d in range(4) if b.edge_at[start][d] >= 0]
        if not opts:
            break
        t.step(opts[draw(st.integers(0, len(opts) - 1))])
    players = tuple(draw(st.lists(st.sampled_from(["Ann", "Bob", "Cy", "Di", "Ed"]), min_size=2, max_size=4,
                                  unique=True)))
    path = tuple(b.xy(p) for p in t.points)
    shades = []
    if t.stuck():
        for _ in range(draw(st.integers(0, 6))):
            res = referee(Game(n, players, path, tuple(shades)))
            if res.phase != "shading" or not res.unshaded():
                break
            k = draw(st.sampled_from(res.unshaded()))
            named = draw(st.booleans())
            shades.append(Shade(b.square_xy(res.sections.squares[k][0]),
                                res.players[res.to_move] if named else None))
    return Game(n, players, path, tuple(shades))


@settings(max_examples=60, deadline=None)
@given(games())
def test_random_legal_games_round_trip_and_referee_cleanly(g):
    text = format_game(g)
    again = parse(text, "again")
    assert again == g
    assert format_game(again) == text
    res = referee(again)
    assert res.problems == []
    if res.phase == "over":
        assert res.winner is not None and len(res.out) == len(g.players) - 1


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="size:playrth 0123456789ABCDEabcde,-#\n", max_size=120))
def test_any_text_parses_or_fails_with_a_place(text):
    try:
        g = parse(text, "x")
    except InputError as e:
        assert e.line is not None and e.line >= 1 and e.col is not None
        return
    referee(g)  # and whatever parses can be refereed without crashing
