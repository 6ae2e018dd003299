"""Hand-worked scores of The Long Way: walls and doorways, cafeteria order, ties, revisits."""

from __future__ import annotations

import json

import pytest

from rollwrite.games import get
from rollwrite.games.long_way.format import parse
from rollwrite.layoutlang.layout import load_builtin

GAME = get("long-way")
CHART = load_builtin("long-way").data
EMPTY = ". . . . . . ."


def store(rows: dict[int, str] | None = None, entrance: str = "A4 W", exit: str = "G4 E") -> str:
    lines = [(rows or {}).get(r, EMPTY) for r in range(1, 8)]
    return f"entrance: {entrance}\nexit: {exit}\nstore:\n" + "\n".join(lines) + "\n"


def total(text: str) -> int:
    return GAME.evaluate(parse(text, "t.txt"), CHART, None).score.total


def test_empty_store_straight_through():
    # seven empty spaces from A4 to G4
    assert total(store()) == -7


# a double wall between columns 3 and 4: every space of column 3 has an east wall, every space of
# column 4 a west wall; only row 4 has doorways
def _double_wall(row4_c3: str, row4_c4: str) -> str:
    rows = {r: ". . E W . . ." for r in range(1, 8)}
    rows[4] = f". . {row4_c3} {row4_c4} . . ."
    return store(rows, entrance="A1 W", exit="G1 E")


def test_double_wall_with_one_doorway_blocks():
    s = GAME.evaluate(parse(_double_wall("E*", "W"), "t"), CHART, None).score
    assert s.total == 0
    assert s.breakdown["reachable"] is False
    assert "cannot be reached" in s.report


def test_double_wall_with_a_doorway_through_both():
    # entrance A1, a column-2 space, then the walled columns 3 and 4 (not empty) and E1..G1:
    # at best five empty spaces on a 12-step path
    s = GAME.evaluate(parse(_double_wall("E*", "W*"), "t"), CHART, None).score
    assert s.total == -5
    assert s.breakdown["legs"][0]["steps"] == 12
    assert ["C4", "D4"] == [c for c in s.breakdown["path"] if c in ("C4", "D4")]


def test_single_wall_with_a_doorway_passes():
    rows = {r: ". . E . . . ." for r in range(1, 8)}
    rows[4] = ". . E* . . . ."
    s = GAME.evaluate(parse(store(rows, entrance="A1 W", exit="G1 E"), "t"), CHART, None).score
    assert s.breakdown["reachable"] is True
    assert "C4" in s.breakdown["path"] and "D4" in s.breakdown["path"]


def test_the_nearer_cafeteria_comes_first_even_when_the_other_order_scores_more():
    # A is 2 steps from the entrance, B 6 steps; going to B first would pass five displays
    rows = {1: ". . A A . . .", 7: "B B . . . . ."}
    for r in range(2, 7):
        rows[r] = "1 . . . . . ."
    s = GAME.evaluate(parse(store(rows, entrance="A1 W", exit="G7 E"), "t"), CHART, None).score
    assert s.breakdown["order"] == ["cafeteria A", "cafeteria B"]
    # -2 (A1, B1), -6 (six spaces from A to B), -5 (C7..G7)
    assert s.total == -13
    assert [leg["steps"] for leg in s.breakdown["legs"]] == [2, 7, 5]


def test_equally_near_cafeterias_take_the_order_that_scores_best():
    # both 3 steps from A4; ending at B (bottom) lets the last leg pass one of two displays
    rows = {1: "A A . . . . .", 7: "B B . . . . .", 5: ". . . . 2 . .", 6: ". . . . . 2 ."}
    s = GAME.evaluate(parse(store(rows), "t"), CHART, None).score
    assert s.breakdown["order"] == ["cafeteria A", "cafeteria B"]
    assert s.total == -14  # -3, -5, then 7 empty spaces and 1 display


def test_ties_among_shortest_paths_take_the_most_displays():
    rows = {7: "4 . . . . . .", 1: ". . . . . . 4"}
    # corner to corner: every shortest path has 13 spaces; the best passes one display
    s = GAME.evaluate(parse(store(rows, entrance="A1 W", exit="G7 S"), "t"), CHART, None).score
    assert s.total == -11
    assert s.breakdown["displays"] == 1


def test_no_cafeteria_means_entrance_to_exit():
    rows = {4: "1 2 3 NS 4 5 6"}
    s = GAME.evaluate(parse(store(rows), "t"), CHART, None).score
    assert s.total == 6  # six displays and a walled space (neither display nor empty)
    assert [leg["from"] for leg in s.breakdown["legs"]] == ["entrance"]
    assert s.breakdown["legs"][0]["to"] == "exit"


def test_a_space_walked_twice_counts_twice():
    # a dead-end corridor of two displays leads to cafeteria A; the path goes in and comes back out
    rows = {5: "1EW . . . . . .", 6: "2EW . . . . . .", 7: "A ANE . . . . ."}
    s = GAME.evaluate(parse(store(rows), "t"), CHART, None).score
    legs = s.breakdown["legs"]
    assert legs[0]["score"] == 1  # A4 -1, A5 +1, A6 +1
    assert legs[1]["score"] == -5  # A6 +1, A5 +1, A4 -1, B4..G4 -6
    assert s.total == -4
    assert s.breakdown["displays"] == 4 and s.breakdown["empties"] == 8


def test_unreachable_exit_scores_zero():
    rows = {7: ". . . . . . NW"}
    s = GAME.evaluate(parse(store(rows, exit="G7 E"), "t"), CHART, None).score
    assert s.total == 0 and s.breakdown["reachable"] is False


def test_a_wall_over_the_exit_closes_it_until_a_doorway_is_punched():
    assert total(store({4: ". . . . . . E"})) == 0
    assert total(store({4: ". . . . . . E*"})) == -6  # the exit space has a wall: not empty


def test_unreachable_cafeteria_scores_zero():
    rows = {1: "A AE . . . . .", 2: "N N . . . . ."}
    s = GAME.evaluate(parse(store(rows), "t"), CHART, None).score
    assert s.total == 0
    assert s.breakdown["reason"] == "cafeteria A cannot be reached from the entrance"


def test_cafeteria_spaces_and_dots_score_nothing():
    rows = {4: "o o A A o o o"}
    assert total(store(rows)) == 0


def test_report_draws_the_path_and_lists_what_it_passed():
    s = GAME.evaluate(parse(store({4: ". 3 . . . . ."}), "t"), CHART, None).score
    assert "[3]" in s.report and "[.]" in s.report
    assert "B4 display 3 (lamp) +1" in s.report
    assert "Displays on the path 1 - empty spaces on the path 6 = -5" in s.report
    assert " > " not in s.report.splitlines()[0]
    lines = s.report.splitlines()
    assert any(line.startswith(" 4 >[.] [3]") for line in lines)
    json.dumps(s.breakdown)


@pytest.mark.parametrize("name", ["picnic.txt", "flat-pack.txt", "one-cafeteria.txt", "no-cafeteria.txt", "walled-in.txt"])
def test_examples_score_as_stated(name):
    from pathlib import Path

    path = Path(__file__).parents[3] / "examples" / "long-way" / name
    text = path.read_text()
    stated = int(next(line for line in text.splitlines() if line.startswith("# score:")).split(":")[1])
    assert GAME.evaluate(GAME.parse(text, name, CHART), CHART, None).score.total == stated
