"""Shelving Wars: parsing, every placement rule, scoring with running totals, capture, the examples."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rollwrite.dice import make_schedule, game_id
from rollwrite.errors import InputError
from rollwrite.games.shelving_wars import ShelvingWars
from rollwrite.games.shelving_wars.data import CORNERS, DEFAULT_DATA
from rollwrite.games.shelving_wars.format import Box, Shelf, square_name
from rollwrite.games.shelving_wars.rules import captured, joins, shelves_cross

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples" / "shelving-wars"
G = ShelvingWars()

SAMPLE_A = [(1, 5), (3, 3), (5, 6), (5, 5), (3, 4), (2, 6), (4, 5), (6, 6)]
SAMPLE_B = [(2, 3), (2, 4), (6, 4), (2, 4), (6, 3), (5, 6), (3, 5), (3, 5)]


def sheet(body: str, *, size: int = 10, turns: int = 8, capture: bool = False, dice: str = "3d6"):
    head = f"size: {size}\nturns: {turns}\ndice: {dice}\ncapture: {'yes' if capture else 'no'}\n"
    return G.parse(head + body, "t.txt", DEFAULT_DATA)


def problems(body: str, schedule=None, **kw):
    return list(G.evaluate(sheet(body, **kw), DEFAULT_DATA, schedule).problems)


def rules(body: str, **kw) -> list[str]:
    return [p.rule for p in problems(body, **kw)]


# ---------------------------------------------------------------- parsing


def test_parse_box_anchors_at_any_corner():
    s = sheet("player: A\nbox 2x3 at A1\nplayer: B\nbox 2x3 at J10 bottom-right\nbox 2x3 at J1 tr\nbox 2x3 at A10 bl\n")
    a, b = s.players
    assert a.turns[0] == Box(0, 0, 2, 3)
    assert b.turns[0] == Box(8, 7, 2, 3)  # rows 9-10, columns H-J
    assert b.turns[1] == Box(0, 7, 2, 3)
    assert b.turns[2] == Box(8, 0, 2, 3)


def test_parse_shelf_and_rolled():
    s = sheet("player: A\nbox 3x4 at A1 rolled 3 4 1\nshelf 2 down from C9 top-left rolled 2, 1, 1\nplayer: B\nbox 1x1 at J10\n")
    box, shelf = s.players[0].turns
    assert box.rolled == (3, 4, 1)
    assert shelf == Shelf(2, 8, 0, 1, 2, (2, 1, 1))
    assert shelf.end == (2, 10)


def test_parse_defaults_come_from_layout_data():
    s = G.parse("player: A\nbox 1x1 at A1\nplayer: B\nbox 1x1 at T20\n", "t", DEFAULT_DATA)
    assert (s.size, s.turns, s.dice, s.sides, s.capture) == (20, 8, 3, 6, False)


def test_parse_h_x_w_with_spaces_and_times_sign():
    s = sheet("player: A\nbox 2 x 3 at A1\nbox 4×5 at A3\nplayer: B\n")
    assert [(b.h, b.w) for b in s.players[0].boxes] == [(2, 3), (4, 5)]


@pytest.mark.parametrize(
    "text, line, col, message",
    [
        ("player: A\nbox 2x3 at K1\nplayer: B\n", 6, 12, "the square K1 is not on the 10 × 10 battlefield (A1 to J10)"),
        ("player: A\nbox 2y3 at A1\nplayer: B\n", 6, 5, "expected the box's height x width such as 3x4, got '2y3'"),
        ("player: A\nbox 2x3 on A1\nplayer: B\n", 6, 9, "expected 'at' and a square after the box's size"),
        ("player: A\nbox 2x3 at A1 middle\nplayer: B\n", 6, 15, "expected a corner (top-left, top-right, bottom-left or bottom-right), got 'middle'"),
        ("player: A\nshelf 2 sideways from A1 top-left\nplayer: B\n", 6, 9, "expected a direction (up, down, left or right), got 'sideways'"),
        ("player: A\nbox 2x3 at A1 rolled\nplayer: B\n", 6, 15, "'rolled' needs the dice"),
        ("player: A\nbox 2x3 at A1 rolled 2 9 1\nplayer: B\n", 6, 24, "a die shows 1 to 6, not 9"),
        ("player: A\nbox 1x7 at A1\nplayer: B\n", 6, 7, "the width is a die value, 1 to 6, not 7"),  # at the 7
        ("player: A\nbox 0x1 at A1\nplayer: B\n", 6, 5, "the height is a die value, 1 to 6, not 0"),
        ("player: A\nshelf 9 down from A1 top-left\nplayer: B\n", 6, 7, "the shelf's length is a die value, 1 to 6, not 9"),
        ("box 2x3 at A1\n", 5, 1, "a box must follow a 'player: NAME' line"),
        ("player: A\nplayer: a\n", 6, 9, "the player 'a' is named twice"),
        ("player: A\nsize: 12\n", 6, 1, "'size:' must come before the first player"),
        ("colour: red\n", 5, 1, "unknown setting 'colour'"),
        ("player: A\nboks 2x3 at A1\n", 6, 1, "expected a setting, 'player: NAME', a box or a shelf, got 'boks'"),
    ],
)
def test_parse_errors_point_at_the_mistake(text, line, col, message):
    with pytest.raises(InputError) as exc:
        sheet(text)
    err = exc.value
    assert message in err.message
    assert (err.file, err.line, err.col) == ("t.txt", line, col)


def test_one_player_is_a_solo_puzzle_sheet_and_none_is_refused():
    solo = sheet("player: A\nbox 2x3 at A1\n")
    assert len(solo.players) == 1 and G.evaluate(solo, DEFAULT_DATA, None).score.total == 1
    with pytest.raises(InputError) as exc:
        sheet("")
    assert "needs 1 player (a solo puzzle) or 2 to 4, found none" in exc.value.message
    assert (exc.value.line, exc.value.col) == (4, 1)  # the last line, after which a player's would go
    with pytest.raises(InputError) as exc:
        G.parse("size: 10\nturns: 5\n# no player yet\n", "t.txt", DEFAULT_DATA)
    assert (exc.value.line, exc.value.col, exc.value.message) == (
        3, 1, "a Shelving Wars sheet needs 1 player (a solo puzzle) or 2 to 4, found none")
    assert exc.value.hint == "start each player's boxes with a line 'player: NAME'"
    with pytest.raises(InputError) as exc:  # a box before any player is named where it is
        G.parse("size: 10\n  box 2x3 at A1\n", "t.txt", DEFAULT_DATA)
    assert (exc.value.line, exc.value.col, exc.value.message) == (2, 3, "a box must follow a 'player: NAME' line")


@pytest.mark.parametrize("line, col, message", [
    # each unreadable word of a box or shelf at its own column, the line indented by two
    ("  box 2x7 at A1", 9, "the width is a die value, 1 to 6, not 7"),
    ("  box 2 x 9 at A1", 11, "the width is a die value, 1 to 6, not 9"),
    ("  box 8x2 at A1", 7, "the height is a die value, 1 to 6, not 8"),
    ("  box 2x3 at 1A", 14, "expected a square such as C4 (column letter, row number), got '1A'"),
    ("  box 2x3 at A1 middle", 17, "expected a corner (top-left, top-right, bottom-left or bottom-right), got 'middle'"),
    ("  box 2x3,at,A1, rolled 2, 3, 0", 31, "a die shows 1 to 6, not 0"),
    ("  shelf 2 sideways from A1 top-left", 11, "expected a direction (up, down, left or right), got 'sideways'"),
    ("  shelf 2 down fro A1 top-left", 16, "expected 'from' after the direction, got 'fro'"),
    ("  box 2x3 at A1#x", 14, "expected a square such as C4 (column letter, row number), got 'A1#x'"),
])
def test_an_unreadable_word_is_named_at_its_column(line, col, message):
    with pytest.raises(InputError) as exc:
        G.parse("player: A\n" + line + "\n", "t.txt", DEFAULT_DATA)
    assert (exc.value.line, exc.value.col, exc.value.message) == (2, col, message)


def test_parse_header_errors():
    for text, message in [
        ("size: 30\nplayer: A\nplayer: B\n", "the battlefield size must be from 4 to 26, got 30"),
        ("dice: 1d6\nplayer: A\nplayer: B\n", "the number of dice must be from 2 to 12, got 1"),
        ("dice: three\nplayer: A\nplayer: B\n", "expected dice such as 3d6"),
        ("capture: maybe\nplayer: A\nplayer: B\n", "capture: expected yes or no, got 'maybe'"),
        ("turns: 8\nturns: 9\nplayer: A\nplayer: B\n", "'turns:' is given twice (first on line 1)"),
    ]:
        with pytest.raises(InputError) as exc:
            G.parse(text, "h.txt", DEFAULT_DATA)
        assert message in exc.value.message


def test_five_players_is_too_many():
    text = "".join(f"player: P{k}\n" for k in range(5))
    with pytest.raises(InputError, match="at most 4 players can play"):
        G.parse(text, "p.txt", DEFAULT_DATA)


def test_format_writes_boxes_from_the_players_corner_and_round_trips():
    text = (EXAMPLES / "shelves-and-capture.txt").read_text()
    s = G.parse(text, "x", DEFAULT_DATA)
    out = G.format(s, DEFAULT_DATA)
    assert "box 4x3 at J10 bottom-right rolled 4 3 2" in out
    assert "shelf 6 up from H7 top-left rolled 6 1 1" in out
    assert G.parse(out, "y", DEFAULT_DATA) == s


def test_square_names():
    assert square_name(0, 0) == "A1"
    assert square_name(19, 19) == "T20"


# ---------------------------------------------------------------- geometry: joining


def test_joins_needs_a_shared_corner_and_a_shared_stretch_of_side():
    old = Box(0, 0, 3, 3)  # A1-C3
    assert joins(Box(0, 3, 2, 2), old)  # flush right, tops aligned
    assert joins(Box(1, 3, 2, 2), old)  # flush right, bottoms aligned
    assert joins(Box(3, 0, 1, 5), old)  # below, left sides aligned, longer than the old box
    assert not joins(Box(1, 3, 1, 2), old)  # flush right but no corner in common
    assert not joins(Box(3, 3, 2, 2), old)  # only a corner point in common (diagonal)
    assert not joins(Box(0, 4, 3, 3), old)  # a gap of one column
    assert joins(old, Box(0, 3, 2, 2))  # symmetric


def test_later_box_must_join_an_earlier_box_of_the_same_player():
    base = "player: A\nbox 3x3 at A1\n{}\nplayer: B\nbox 1x1 at J10\n{}\n"
    assert rules(base.format("box 2x2 at D1", "")) == []
    assert rules(base.format("box 1x2 at D2", "")) == ["join"]  # side touches, no corner shared
    assert rules(base.format("box 2x2 at D4", "")) == ["join"]  # corner only
    # joining the other player's box does not count
    p = problems("player: A\nbox 1x1 at A1\nbox 1x1 at B2\nplayer: B\nbox 9x1 at J10 bottom-right\nbox 1x1 at C1\n",
                 dice="3d12")
    assert [(x.where, x.rule) for x in p] == [("A (player 1), box 2", "join"), ("B (player 2), box 2", "join")]
    assert "does not join any of the player's earlier boxes" in p[0].message


def test_first_box_must_cover_the_players_corner():
    p = problems("player: A\nbox 2x2 at B1\nplayer: B\nbox 2x2 at J10 bottom-right\n")
    assert [(x.where, x.rule) for x in p] == [("A (player 1), box 1", "corner")]
    assert p[0].message == "the first box must start in the top-left corner (square A1); this one covers B1–C2"
    p = problems("player: A\nbox 1x1 at A1\nplayer: B\nbox 2x2 at J9 bottom-right\n")
    assert [x.message for x in p] == ["the first box must start in the bottom-right corner (square J10); this one covers I8–J9"]


def test_four_players_corners():
    text = (EXAMPLES / "four-players.txt").read_text()
    s = G.parse(text, "x", DEFAULT_DATA)
    assert list(G.evaluate(s, DEFAULT_DATA, None).problems) == []
    moved = text.replace("box 2x2 at L1 top-right", "box 2x2 at A12 bottom-left", 1)
    p = list(G.evaluate(G.parse(moved, "x", DEFAULT_DATA), DEFAULT_DATA, None).problems)
    assert ("Blue (player 3), box 1", "corner") in [(x.where, x.rule) for x in p]


# ---------------------------------------------------------------- overlap, grid, shelves


def test_boxes_may_not_overlap_any_box():
    p = problems("player: A\nbox 3x3 at A1\nbox 2x2 at D1\nplayer: B\nbox 9x8 at J10 bottom-right\n", dice="3d12")
    # B's box comes on turn 1, before A's second box: each overlap is told on the later box
    assert [(x.where, x.rule, x.message) for x in p] == [
        ("B (player 2), box 1", "overlap", "overlaps A's box 1"),
        ("A (player 1), box 2", "overlap", "overlaps B's box 1"),
    ]
    assert p[0].line == 9  # the line of B's box in the typed-in text (after four header lines)


def test_boxes_may_not_leave_the_grid():
    p = problems("player: A\nbox 2x2 at A1\nbox 2x9 at C1\nplayer: B\nbox 1x1 at J10\n", dice="3d12")
    assert [x.rule for x in p] == ["grid"]
    assert "leaves the 10 × 10 battlefield" in p[0].message and p[0].where == "A (player 1), box 2"


def test_shelf_must_start_at_a_corner_of_the_players_box():
    ok = "player: A\nbox 2x2 at A1\nshelf 3 right from C1 top-left\nplayer: B\nbox 1x1 at J10\n"
    assert rules(ok) == []
    assert rules(ok.replace("from C1 top-left", "from D1 top-left")) == ["shelf-start"]
    # a shelf from the end of another shelf is built off a floating shelf
    p = problems("player: A\nbox 2x2 at A1\nshelf 3 right from C1 top-left\nshelf 2 down from F1 top-left\n"
                 "player: B\nbox 1x1 at J10\nbox 1x1 at I10\nbox 1x1 at H10\n")
    assert [(x.where, x.rule) for x in p] == [("A (player 1), shelf 2", "floating-shelf")]


def test_box_may_not_be_built_off_a_shelf():
    # the 1x1 box at F1 touches only the end of A's shelf (which ends at the point F1 top-left)
    p = problems("player: A\nbox 2x2 at A1\nshelf 3 right from C1 top-left\nbox 1x1 at F1\n"
                 "player: B\nbox 1x1 at J10\nbox 1x1 at I10\nbox 1x1 at H10\n")
    assert [(x.where, x.rule) for x in p] == [("A (player 1), box 2", "floating-shelf")]
    assert "built off a floating shelf" in p[0].message


def test_nothing_may_cross_a_shelf():
    # A's shelf runs down the line between columns C and D from row 3 to row 6
    base = "player: A\nbox 2x3 at A1\nshelf 4 down from D3 top-left\nplayer: B\nbox 1x1 at J10\n{}\n"
    # B's box straddles the shelf
    p = problems(base.format("box 1x2 at J9\nbox 2x3 at D5 top-right"))
    assert ("B (player 2), box 3", "cross") in [(x.where, x.rule) for x in p]
    assert "crosses A's floating shelf 1" in [x.message for x in p]
    # a box flush against the shelf does not cross it
    assert "cross" not in rules(base.format("box 1x1 at J9\nbox 1x1 at J8"))
    # a shelf crossing the shelf
    assert shelves_cross(Shelf(3, 2, 0, 1, 4), Shelf(1, 4, 1, 0, 4))
    assert shelves_cross(Shelf(3, 2, 0, 1, 4), Shelf(3, 4, 0, 1, 3))  # overlapping along a line
    assert not shelves_cross(Shelf(3, 2, 0, 1, 4), Shelf(3, 6, 1, 0, 2))  # meet at an end
    assert not shelves_cross(Shelf(3, 2, 0, 1, 4), Shelf(0, 4, 1, 0, 3))  # T at the other's middle


def test_shelf_may_not_run_through_a_box():
    # A's shelf runs down from the bottom-right corner of A's box into B's wide box
    p = problems("player: A\nbox 2x2 at A1\nshelf 6 down from B2 bottom-right\nplayer: B\nbox 3x9 at J10 bottom-right\n",
                 dice="3d12")
    assert [(x.where, x.rule, x.message) for x in p] == [("A (player 1), shelf 1", "cross", "runs through B's box 1")]
    # a box built later over the shelf crosses it instead
    p = problems("player: A\nbox 2x2 at A1\nshelf 6 down from B2 bottom-right\nplayer: B\nbox 1x1 at J10\nbox 3x9 at J10 br\n",
                 dice="3d12")
    assert ("B (player 2), box 2", "cross") in [(x.where, x.rule) for x in p]


# ---------------------------------------------------------------- turns, dice and the end of the game


def test_too_many_turns():
    p = problems("player: A\nbox 1x1 at A1\nbox 1x1 at B1\nplayer: B\nbox 1x1 at J10\nbox 1x1 at I10\n", turns=1)
    assert [(x.where, x.rule) for x in p] == [("A (player 1), box 2", "turns"), ("B (player 2), box 2", "turns")]
    assert p[0].message == "is on turn 2, but the game lasts 1 turns"


def test_play_after_the_game_ended():
    # A stops after one turn, so the game ended on A's second turn: B's second box is too late
    p = problems("player: A\nbox 1x1 at A1\nplayer: B\nbox 1x1 at J10\nbox 1x1 at I10\n")
    assert [(x.where, x.rule) for x in p] == [("B (player 2), box 2", "game-over")]
    assert "A could not place a box on turn 2" in p[0].message
    # B stopping one turn short of A is fine
    assert problems("player: A\nbox 1x1 at A1\nbox 1x1 at B1\nplayer: B\nbox 1x1 at J10\n") == []


def test_sizes_no_die_shows_are_unreadable_like_in_every_game():
    # A box's sides and a shelf's length are dice of the turn: one the dice cannot show is refused
    # when the sheet is read (exit 2), as a die value out of range is in every game.
    with pytest.raises(InputError) as info:
        sheet("player: A\nbox 1x9 at A1\nplayer: B\nbox 1x1 at J10\n", dice="3d8")
    assert str(info.value).startswith("t.txt:6:7: the width is a die value, 1 to 8, not 9")  # at the 9
    assert rules("player: A\nbox 1x8 at A1\nplayer: B\nbox 1x1 at J10\n", dice="3d8") == []


def test_typed_rolls_must_contain_both_sides():
    assert rules("player: A\nbox 2x3 at A1 rolled 3 2 2\nplayer: B\nbox 2x2 at J10 br rolled 2 2 5\n") == []
    p = problems("player: A\nbox 2x2 at A1 rolled 2 3 4\nplayer: B\nbox 1x1 at J10 rolled 1 1\n")
    assert [(x.where, x.message) for x in p] == [
        ("A (player 1), box 1", "a 2 × 2 box needs two different dice showing 2 and 2, but the roll 2, 3, 4"),
        ("B (player 2), box 1", "2 dice are written as rolled, but each turn rolls 3"),
    ]


def seeded(body: str, seed: str, **kw):
    s = sheet(body, **kw)
    spec = G.score_dice_spec(None, s)
    sch = make_schedule("shelving-wars", game_id("shelving-wars", seed=seed), spec, seed=seed)
    return s, sch


def test_schedule_dice_must_be_used():
    s, sch = seeded("player: A\nbox 1x1 at A1\nplayer: B\nbox 1x1 at H8\n", "closet", size=8, turns=1)
    a1, b1 = sch.turn(1, 1).dice, sch.turn(2, 1).dice
    assert a1 == (2, 1, 6) and b1 == (2, 4, 6)  # pinned: the seed's rolls never change
    p = list(G.evaluate(s, DEFAULT_DATA, sch).problems)
    assert [(x.where, x.message) for x in p] == [
        ("A (player 1), box 1", "a 1 × 1 box needs two different dice showing 1 and 1, but turn 1 rolled 2, 1, 6"),
        ("B (player 2), box 1", "a 1 × 1 box needs two different dice showing 1 and 1, but turn 1 rolled 2, 4, 6"),
    ]
    s, sch = seeded("player: A\nbox 2x6 at A1 rolled 2 1 5\nplayer: B\nbox 4x6 at H8 br\n", "closet", size=8, turns=1)
    p = list(G.evaluate(s, DEFAULT_DATA, sch).problems)
    assert [x.message for x in p] == [
        "a 2 × 6 box needs two different dice showing 2 and 6, but the roll 2, 1, 5",
        "is written as rolled 2, 1, 5, but turn 1 rolled 2, 1, 6",
    ]


def test_shelf_length_is_a_die_of_the_turn():
    body = "player: A\nbox 2x6 at A1\nshelf {} down from A3 top-left\nplayer: B\nbox 4x6 at H8 br\nbox 2x3 at H4 br\n"
    s, sch = seeded(body.format(3), "closet", size=8, turns=2)
    assert sch.turn(1, 2).dice == (2, 3, 1)
    assert list(G.evaluate(s, DEFAULT_DATA, sch).problems) == []
    s, sch = seeded(body.format(4), "closet", size=8, turns=2)
    p = list(G.evaluate(s, DEFAULT_DATA, sch).problems)
    assert [(x.where, x.message) for x in p] == [
        ("A (player 1), shelf 1", "a shelf of length 4 needs a die showing 4, but turn 2 rolled 2, 3, 1")
    ]


def test_stopping_early_is_checked_against_the_schedule():
    text = (EXAMPLES / "seeded-closet.txt").read_text()
    s = G.parse(text, "x", DEFAULT_DATA)
    _, sch = seeded("player: A\nplayer: B\n", "closet")
    assert list(G.evaluate(s, DEFAULT_DATA, sch).problems) == []  # Kim's 4, 5, 1 on turn 4 fits nowhere
    # without Lee's third box, Lee stops on turn 3, where 1, 1, 3 still fits a box
    short = G.parse(text.replace("box 1x1 at H2 bottom-right rolled 1 1 3\n", ""), "x", DEFAULT_DATA)
    p = list(G.evaluate(short, DEFAULT_DATA, sch).problems)
    assert [(x.where, x.rule) for x in p] == [("Lee (player 2), turn 3", "game-over")]
    assert p[0].message.startswith("the sheet stops here, but the roll 1, 1, 3 still fits a box, e.g. 1 × 1 at")


# ---------------------------------------------------------------- scoring


def test_golden_sample_running_totals():
    s = G.parse((EXAMPLES / "sample.txt").read_text(), "sample.txt", DEFAULT_DATA)
    assert [(b.h, b.w) for b in s.players[0].boxes] == SAMPLE_A
    assert [(b.h, b.w) for b in s.players[1].boxes] == SAMPLE_B
    assert list(G.evaluate(s, DEFAULT_DATA, None).problems) == []
    sc = G.evaluate(s, DEFAULT_DATA, None).score
    a, b = sc.breakdown["players"]
    # the paper's columns, line by line: after the area, then after taking off h + w
    assert [x["total_after_area"] for x in a["boxes"]] == [5, 8, 32, 46, 48, 53, 65, 92]
    assert [x["total"] for x in a["boxes"]] == [-1, 2, 21, 36, 41, 45, 56, 80]
    assert [x["total_after_area"] for x in b["boxes"]] == [6, 9, 27, 25, 37, 58, 62, 69]
    assert [x["total"] for x in b["boxes"]] == [1, 3, 17, 19, 28, 47, 54, 61]
    assert sc.claimable() == [80, 61] and sc.total == 80
    assert sc.players == [{"name": "A", "total": 80}, {"name": "B", "total": 61}]
    assert "    3   5 × 6 = +30    =    32        − 11   =    21" in sc.report


def test_shelves_cost_their_length_and_capture_pays_half():
    s = G.parse((EXAMPLES / "shelves-and-capture.txt").read_text(), "x", DEFAULT_DATA)
    sc = G.evaluate(s, DEFAULT_DATA, None).score
    ada, bo = sc.breakdown["players"]
    assert (ada["boxes_total"], ada["shelf_cost"], ada["capture_squares"], ada["capture"], ada["total"]) == (12, 2, 4, 2, 12)
    assert (bo["boxes_total"], bo["shelf_cost"], bo["capture_squares"], bo["capture"], bo["total"]) == (5, 6, 6, 3, 2)
    assert "  floating shelves − 6   = −1" in sc.report
    assert "  capture 6 squares / 2 = +3   = 2" in sc.report


def grid_sheet(body: str, size: int = 6):
    return sheet(body, size=size, capture=True)


def test_capture_counts_only_squares_sealed_by_the_player():
    # A walls off the two squares A2, A3 with its boxes and the edge of the battlefield
    s = grid_sheet("player: A\nbox 1x2 at A1\nbox 3x1 at B2\nbox 1x2 at A4\nplayer: B\nbox 1x1 at F6\n")
    assert sorted(captured(s, CORNERS, 0)) == [(1, 0), (2, 0)]
    assert captured(s, CORNERS, 1) == set()
    assert G.evaluate(s, DEFAULT_DATA, None).score.players[0]["total"] == (2 - 3) + (3 - 4) + (2 - 3) + 1


def test_capture_is_not_shared_and_half_points_are_kept():
    # a pocket bordered by both players' boxes belongs to neither
    s = grid_sheet("player: A\nbox 3x1 at A1\nplayer: B\nbox 6x5 at F6 bottom-right\n")
    # A's column A1-A3 and B's block B1-F6 leave A4-A6 open: reachable from B's boxes, so not A's
    assert captured(s, CORNERS, 0) == set()
    # B walls nothing off either: A4-A6 touch A's box
    assert captured(s, CORNERS, 1) == set()
    # A2 sealed by A1-B1 above, B2-B3 to the right, A3 below and the edge: one square, half a point
    s = grid_sheet("player: A\nbox 1x2 at A1\nbox 2x1 at B2\nbox 1x1 at A3\nplayer: B\nbox 1x1 at F6\n"
                   "box 1x1 at E6\nbox 1x1 at D6\n")
    assert list(G.evaluate(s, DEFAULT_DATA, None).problems) == []
    assert captured(s, CORNERS, 0) == {(1, 0)}
    assert G.evaluate(s, DEFAULT_DATA, None).score.players[0]["total"] == (2 - 3) + (2 - 3) + (1 - 2) + 0.5 == -2.5


def test_capture_uses_the_players_shelves_as_walls():
    s = grid_sheet("player: A\nbox 2x2 at A1\nshelf 4 down from A3 top-right\nplayer: B\nbox 1x1 at F6\n")
    # the shelf runs down the right side of column A from row 3 to row 6: A3-A6 are sealed off
    assert sorted(captured(s, CORNERS, 0)) == [(2, 0), (3, 0), (4, 0), (5, 0)]
    # the other player's shelves do not wall anything off for A
    s = grid_sheet("player: A\nbox 2x2 at A1\nplayer: B\nbox 1x1 at F6\nshelf 4 up from F6 bottom-left\n")
    assert captured(s, CORNERS, 0) == set()


def test_capture_not_played_scores_nothing():
    s = sheet("player: A\nbox 1x2 at A1\nbox 1x1 at B2\nplayer: B\nbox 1x1 at J10\n", size=10)
    sc = G.evaluate(s, DEFAULT_DATA, None).score
    assert sc.breakdown["players"][0]["capture"] is None
    assert "capture: not played" in sc.report


# ---------------------------------------------------------------- examples


def stated(text: str) -> tuple[list[float], str | None]:
    m = re.search(r"^# scores: (.+)$", text, re.M)
    assert m, "every example states its scores"
    seed = re.search(r"^# seed: (.+)$", text, re.M)
    return [float(x) for x in m.group(1).split(",")], seed.group(1).strip() if seed else None


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.txt")), ids=lambda p: p.name)
def test_examples_score_as_stated(path):
    text = path.read_text(encoding="utf-8")
    want, seed = stated(text)
    s = G.parse(text, path.name, DEFAULT_DATA)
    schedule = None
    if seed:
        spec = G.score_dice_spec(None, s)
        schedule = make_schedule("shelving-wars", game_id("shelving-wars", seed=seed), spec, seed=seed)
    assert list(G.evaluate(s, DEFAULT_DATA, schedule).problems) == []
    assert G.evaluate(s, DEFAULT_DATA, None).score.claimable() == want
    assert G.parse(G.format(s, DEFAULT_DATA), "again", DEFAULT_DATA) == s


def test_there_are_enough_examples():
    assert len(list(EXAMPLES.glob("*.txt"))) >= 5
