"""The referee, rule by rule, on hand-drawn games (docs/rules/lines-and-sections.md)."""

from __future__ import annotations

import pytest

from rollwrite.games.lines_and_sections.format import parse
from rollwrite.games.lines_and_sections.rules import (
    DOWN, LEFT, RIGHT, UP, board, crosses, next_steps, referee, result_score, sections,
)


def game(size: int, path: str, shades: list[str] = (), players: str = "Ann, Bob"):
    text = f"size: {size}\nplayers: {players}\npath: {path}\n" + "".join(f"shade: {s}\n" for s in shades)
    return referee(parse(text, "t.txt"))


def used_of(size: int, path: str) -> int:
    return game(size, path).trail.used


# ---------------------------------------------------------------- crossing and touching


def test_crossing_is_decided_by_the_cyclic_order_of_directions():
    assert crosses((UP, DOWN), (LEFT, RIGHT))
    assert crosses((LEFT, RIGHT), (DOWN, UP))
    assert not crosses((UP, RIGHT), (DOWN, LEFT))
    assert not crosses((UP, LEFT), (RIGHT, DOWN))
    assert not crosses((RIGHT, DOWN), (LEFT, UP))


def test_a_second_pass_may_touch_the_first_at_a_point():
    # B2 is passed twice: up/right on moves 1-2, then down/left on moves 5-6: the passes touch
    r = game(3, "B1 B2 C2 C3 B3 B2 A2")
    assert r.problems == []
    assert r.trail.segments == 6 and r.phase == "drawing"


def test_a_second_pass_may_not_cross_the_first():
    # straight down through B2 on moves 1-2; coming back from A2 the only way on is straight across
    r = game(3, "B1 B2 B3 A3 A2 B2 C2")
    [p] = r.problems
    assert p.where == "move 6"
    assert "could not be drawn further after move 5" in p.message
    assert "cross itself at B2" in p.message and "moves 1–2" in p.message


def test_the_path_is_stuck_where_the_only_way_on_would_cross():
    r = game(3, "B1 B2 B3 A3 A2 B2")
    assert r.problems == [] and r.phase == "shading"
    assert r.trail.options() == []


def test_next_steps_agrees_with_the_trail_on_a_revisited_point():
    b = board(3)
    r = game(3, "B1 B2 C2 C3 B3 B2")
    assert next_steps(b, r.trail.used, r.trail.end, r.trail.last) == r.trail.options() == [LEFT]
    r = game(3, "B1 B2 B3 A3 A2 B2")
    assert next_steps(b, r.trail.used, r.trail.end, r.trail.last) == r.trail.options() == []


def test_no_segment_is_drawn_twice():
    r = game(3, "B1 B2 B1")
    [p] = r.problems
    assert p.where == "move 2" and "B1–B2 was drawn already (move 1)" in p.message
    assert p.rule == "no-repeat"


def test_every_step_is_one_unit_segment():
    r = game(3, "A1 C1")
    [p] = r.problems
    assert p.where == "move 1" and "not one unit segment" in p.message
    r = game(3, "A1 B2")
    assert r.problems[0].rule == "unit-step"


def test_refereeing_stops_at_the_first_broken_rule():
    r = game(3, "A1 C1 D1 D1")
    assert len(r.problems) == 1 and r.phase == "stopped"


# ---------------------------------------------------------------- when phase 1 ends


def test_shading_before_the_path_is_stuck_is_an_early_end():
    r = game(3, "B1 B2 C2 C3 B3 B2 A2", ["A1"])
    [p] = r.problems
    assert p.where == "move 7" and p.rule == "phase-1-ends-when-stuck"
    assert "can still be drawn from A2" in p.message and "A1 or A3" in p.message


def test_a_path_back_in_a_corner_is_stuck():
    r = game(2, "A1 B1 B2 A2 A1")  # both of A1's segments are drawn
    assert r.problems == [] and r.phase == "shading"


def test_late_segment_names_the_move_and_the_end():
    r = game(2, "A1 B1 B2 A2 A1 A2")
    [p] = r.problems
    assert p.where == "move 5"
    assert "could not be drawn further after move 4" in p.message and "A1–A2 was drawn already" in p.message


def test_shading_with_no_path_at_all():
    r = game(2, "A1", ["A1"])
    assert r.problems[0].where == "move 1" and "before any segment" in r.problems[0].message


# ---------------------------------------------------------------- sections


def test_squares_meeting_at_a_pinch_point_are_not_joined():
    # two turns meet at B2 of a 2×2 board: four one-square sections; B1 and A2 (the squares top-right and
    # bottom-left) meet only at the point B2, so they are neither joined nor bordering
    b = board(2)
    secs = sections(b, used_of(2, "A2 B2 B1 C1 C2 B2 B3"))
    assert len(secs) == 4
    tr, bl = secs.of[b.square(1, 0)], secs.of[b.square(0, 1)]
    tl, br = secs.of[b.square(0, 0)], secs.of[b.square(1, 1)]
    assert len({tr, bl, tl, br}) == 4
    assert bl not in secs.adjacent[tr] and br not in secs.adjacent[tl]
    assert secs.adjacent[tl] == {tr, bl}


def test_a_region_joined_round_a_pinch_is_one_section():
    # a 3×3 board; the path closes the squares A1 and B2 and pinches at the point B2, where the squares
    # B1 and A2 meet only at a corner; they are one section all the same, joined round the outside
    b = board(3)
    secs = sections(b, used_of(3, "B1 B2 C2 C3 B3 B2 A2"))
    assert len(secs) == 3
    assert secs.of[b.square(1, 0)] == secs.of[b.square(0, 1)] == secs.of[b.square(2, 2)]
    assert secs.squares[secs.of[b.square(0, 0)]] == (b.square(0, 0),)
    assert secs.squares[secs.of[b.square(1, 1)]] == (b.square(1, 1),)


def test_border_segments_change_nothing():
    b = board(3)
    along = used_of(3, "A1 B1 C1 D1 D2 D3 D4 C4")
    assert len(sections(b, along)) == 1
    inner = used_of(3, "B1 B2")
    both = used_of(3, "A1 B1 B2")
    assert sections(b, inner) == sections(b, both) == sections(b, 0)


def test_a_dead_end_inside_a_section_does_not_split_it():
    b = board(3)
    secs = sections(b, used_of(3, "B1 B2 C2"))
    assert len(secs) == 1 and secs.adjacent[0] == frozenset()


# ---------------------------------------------------------------- phase 2


PINCH = "A2 B2 B1 C1 C2 B2 B3 C3 C2"  # 8 segments, stuck at C2; four one-square sections in a ring


def test_pinch_board_is_a_finished_path():
    r = game(2, PINCH)
    assert r.problems == [] and r.phase == "shading" and len(r.sections) == 4
    assert r.players[r.to_move] == "Ann"  # 8 segments by two players: Ann shades first


def test_shading_a_section_touching_only_at_a_corner_is_safe():
    r = game(2, PINCH, ["A1", "B2"])  # the two diagonal squares
    assert r.problems == [] and r.out == []
    assert [m["safe"] for m in r.moves] == [True, True]


def test_a_forced_player_goes_out_and_the_other_wins():
    r = game(2, PINCH, ["A1", "B2", "B1"])
    assert r.problems == [] and r.phase == "over"
    [o] = r.out
    assert o.player == 0 and o.move == 11 and o.forced
    assert r.players[r.winner] == "Bob"
    s = result_score(r)
    assert s.breakdown["winner"] == "Bob"
    assert [p["total"] for p in s.players] == [0, 1]
    assert s.players[0]["result"] == "out on move 11 (forced)"


def test_going_out_by_mistake_is_told_apart_from_forced():
    r = game(2, PINCH, ["A1", "B1"])
    [o] = r.out
    assert o.player == 1 and o.move == 10 and not o.forced
    assert "1 safe section was left" in o.reason
    assert r.players[r.winner] == "Ann"


def test_with_three_players_play_goes_on_without_the_player_out():
    r = game(2, PINCH, ["A1", "B1", "B2"], players="Ann, Bob, Cy")
    # 8 segments by three players: Cy drew... segment 8 by player 2 (Bob); Cy shades first
    assert [m["player"] for m in r.moves] == ["Cy", "Ann", "Bob"]
    assert [(o.player, o.forced) for o in r.out] == [(0, False), (1, True)]
    assert r.players[r.winner] == "Cy"


def test_elimination_order_and_winner_with_three_players():
    r = game(2, PINCH, ["A1", "B1", "A2"], players="Ann, Bob, Cy")
    # Cy A1 safe; Ann B1 borders A1: out by mistake (B2 was safe); Bob A2 borders A1, and B2 now borders
    # B1: nothing safe was left, so Bob was forced
    assert [(r.players[o.player], o.move, o.forced) for o in r.out] == [("Ann", 10, False), ("Bob", 11, True)]
    assert r.players[r.winner] == "Cy"
    s = result_score(r)
    assert [p["total"] for p in s.players] == [0, 1, 2]


def test_nothing_left_to_shade_puts_the_player_to_move_out():
    # one section only (a path along the border): Ann shades it, Bob has nothing to shade and is out
    r = game(2, "A1 B1 C1 C2 C3 B3 A3 A2 A1", ["A1"])
    assert r.phase == "over" and r.players[r.winner] == "Ann"
    [o] = r.out
    assert o.player == 1 and o.move is None and "nothing" in o.reason


def test_a_move_after_the_game_is_over_is_a_problem():
    r = game(2, PINCH, ["A1", "B1", "B2"])
    [p] = r.problems
    assert p.where == "move 11" and "over after move 10" in p.message


def test_shading_a_shaded_section_is_a_problem():
    r = game(2, PINCH, ["A1", "A1"])
    [p] = r.problems
    assert p.where == "move 10" and "shaded on move 9" in p.message
    assert p.rule == "unshaded-section"


def test_a_named_player_out_of_turn_is_a_problem():
    r = game(2, PINCH, ["A1 Bob"])
    [p] = r.problems
    assert p.where == "move 9" and "it is Ann's turn, not Bob's" in p.message
    r = game(2, PINCH, ["A1 ann", "B2 BOB"])
    assert r.problems == []
    r = game(2, PINCH, ["A1 Zed"])
    assert "'Zed' is not one of the players" in r.problems[0].message


def test_unfinished_shading_is_legal_and_says_who_is_next():
    r = game(2, PINCH, ["A1"])
    assert r.problems == [] and r.phase == "shading" and r.players[r.to_move] == "Bob"
    s = result_score(r)
    assert s.breakdown["winner"] is None and s.breakdown["to_move"] == "Bob"
    assert "Bob to shade next" in s.report


@pytest.mark.parametrize("size", [2, 5, 12])
def test_an_empty_path_is_an_unstarted_game(size):
    r = game(size, "A1")
    assert r.problems == [] and r.phase == "drawing" and r.trail.segments == 0
