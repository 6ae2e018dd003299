"""Shelving Wars property tests: the parser only ever raises InputError, format/parse round-trips,
and checking and scoring never crash, also on sheets that break every rule."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from strength import examples

from rollwrite.errors import InputError
from rollwrite.games.shelving_wars import ShelvingWars
from rollwrite.games.shelving_wars.data import DEFAULT_DATA
from rollwrite.games.shelving_wars.format import Box, Player, Sheet, Shelf

G = ShelvingWars()
FAST = settings(max_examples=examples(150), deadline=None)

WORDS = ["box", "shelf", "player:", "at", "from", "rolled", "x", "3x4", "A1", "J10", "Z99", "top-left", "br",
         "up", "down", "size:", "turns:", "dice:", "capture:", "yes", "3d6", "0", "7", "99999", "#", ",", "×",
         "\t", ":", "-1", "T20", "a0", "1x0"]


@FAST
@given(st.text(max_size=300))
def test_parser_only_raises_input_error_on_any_text(text):
    try:
        G.parse(text, "f.txt", DEFAULT_DATA)
    except InputError as err:
        assert err.file == "f.txt"


@FAST
@given(st.lists(st.lists(st.sampled_from(WORDS), max_size=8).map(" ".join), max_size=12).map("\n".join))
def test_parser_only_raises_input_error_on_wordy_text(text):
    try:
        s = G.parse(text, "f.txt", DEFAULT_DATA)
    except InputError:
        return
    list(G.evaluate(s, DEFAULT_DATA, None).problems)
    G.evaluate(s, DEFAULT_DATA, None).score


@st.composite
def sheets(draw):
    size = draw(st.integers(4, 12))
    sides = draw(st.integers(2, 8))
    dice = draw(st.integers(2, 4))
    n = draw(st.integers(2, 4))
    players = []
    for k in range(n):
        turns = []
        for _ in range(draw(st.integers(0, 5))):
            rolled = tuple(draw(st.lists(st.integers(1, sides), min_size=0, max_size=dice)))
            if draw(st.booleans()):
                h, w = draw(st.integers(1, min(size, sides))), draw(st.integers(1, min(size, sides)))
                r, c = draw(st.integers(0, size - 1)), draw(st.integers(0, size - 1))
                # any box whose top-left square is on the battlefield (it may stick out)
                turns.append(Box(r, c, h, w, rolled))
            else:
                x, y = draw(st.integers(0, size)), draw(st.integers(0, size))
                dx, dy = draw(st.sampled_from([(1, 0), (-1, 0), (0, 1), (0, -1)]))
                turns.append(Shelf(x, y, dx, dy, draw(st.integers(1, min(size, sides))), rolled))
        players.append(Player(f"P{k} {draw(st.sampled_from(['Ann', 'Bo', 'Cy', 'Di']))}", tuple(turns)))
    return Sheet(size, draw(st.integers(1, 8)), dice, sides, draw(st.booleans()), tuple(players))


@FAST
@given(sheets())
def test_format_then_parse_round_trips(sheet):
    text = G.format(sheet, DEFAULT_DATA)
    again = G.parse(text, "round.txt", DEFAULT_DATA)
    assert again == sheet


@FAST
@given(sheets())
def test_check_and_score_never_crash(sheet):
    problems = list(G.evaluate(sheet, DEFAULT_DATA, None).problems)
    score = G.evaluate(sheet, DEFAULT_DATA, None).score
    assert len(score.players) == len(sheet.players)
    for p in problems:
        assert p.where.split(" (player ")[0] in [pl.name for pl in sheet.players]
    # boxes score area less height plus width, shelves cost their length, capture adds half points
    for pl, out in zip(sheet.players, score.breakdown["players"]):
        boxes = sum(b.h * b.w - b.h - b.w for b in pl.boxes)
        shelves = sum(s.length for s in pl.shelves)
        extra = out["capture"] or 0
        assert out["total"] == boxes - shelves + extra
        assert extra * 2 == int(extra * 2) >= 0
