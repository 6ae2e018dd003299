"""Wobbly Café checks: die values, filled spaces, and the mirror pairs against a floor's rolls."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from strength import examples

from rollwrite.dice import DiceSpec, Schedule, Turn, game_id, make_schedule
from rollwrite.games.wobbly_cafe import WobblyCafe
from rollwrite.games.wobbly_cafe.data import DEFAULT_DATA
from rollwrite.games.wobbly_cafe.format import CafeSheet, parse_sheet
from rollwrite.games.wobbly_cafe.rules import check_sheet

D = DEFAULT_DATA
GAME = WobblyCafe()
SPEC = DiceSpec(count=2, sides=6, turns=22, labels=("die 1", "die 2"), groups=("Floor 1", "Floor 2", "Floor 3"))
SLOTS = [(r, k) for r, n in enumerate((4, 6, 8, 8, 8, 6, 4)) for k in range(n // 2)]  # 22 mirror pairs


def schedule_of(rolls_by_floor: list[list[tuple[int, int]]]) -> Schedule:
    turns = tuple(Turn(f + 1, t + 1, dice) for f, rolls in enumerate(rolls_by_floor) for t, dice in enumerate(rolls))
    return Schedule("wobbly-cafe", "wobbly-cafe#test", SPEC, turns, seed="test")


def place(rolls: list[tuple[int, int]], order: list[int], flips: list[bool]):
    """A floor holding roll i at mirror slot order[i], flipped when flips[i]."""
    rows = [[None] * n for n in (4, 6, 8, 8, 8, 6, 4)]
    for i, (a, b) in enumerate(rolls):
        r, k = SLOTS[order[i]]
        if flips[i]:
            a, b = b, a
        rows[r][k], rows[r][len(rows[r]) - 1 - k] = a, b
    return tuple(tuple(row) for row in rows)


def placed_sheet(schedule: Schedule, seed: int = 0) -> CafeSheet:
    rng = random.Random(seed)
    floors = []
    for f in (1, 2, 3):
        rolls = [t.dice for t in schedule.group(f)]
        order = list(range(22))
        rng.shuffle(order)
        floors.append(place(rolls, order, [rng.random() < 0.5 for _ in rolls]))
    return CafeSheet(tuple(floors))


DAILY = make_schedule("wobbly-cafe", game_id("wobbly-cafe", seed="check"), SPEC, seed="check")


def test_a_sheet_placed_from_its_rolls_passes():
    assert check_sheet(placed_sheet(DAILY), D, DAILY) == []


def test_empty_spaces_are_reported_with_their_place_and_line():
    text = "floor 1\n  1.|11\n" + "\n".join("1" * n for n in (6, 8, 8, 8, 6, 4)) + "\n"
    text += "floor 2\n" + "\n".join("1" * n for n in (4, 6, 8, 8, 8, 6)) + "\n1111\n"
    text += "floor 3\n" + "\n".join("1" * n for n in (4, 6, 8, 8, 8, 6)) + "\n1111\n"
    sheet = parse_sheet(text, "s.txt", D)
    problems = list(GAME.evaluate(sheet, D, None).problems)
    assert [(p.where, p.message, p.rule, p.line) for p in problems] == [
        ("floor 1, row 1, space 2", "the space is empty: every space is filled by the end of the game", "filled", 2),
    ]
    assert problems[0].to_json() == {
        "where": "floor 1, row 1, space 2",
        "message": "the space is empty: every space is filled by the end of the game",
        "rule": "filled",
        "line": 2,
    }


def test_a_pair_with_no_roll_is_reported_at_its_row_and_the_roll_as_never_placed():
    rolls = [(1, 2)] * 21 + [(5, 6)]
    sheet = CafeSheet((place(rolls, list(range(22)), [False] * 22),) * 3)
    wrong = [list(f) for f in sheet.floors]
    # row 3 outer pair (slot 5): 5 and 6 becomes 5 and 4
    row = list(wrong[1][2])
    assert (row[0], row[7]) == (1, 2)
    row[0], row[7] = 4, 3
    wrong[1][2] = tuple(row)
    bad = CafeSheet(tuple(tuple(f) for f in wrong))
    problems = check_sheet(bad, D, schedule_of([rolls] * 3))
    assert [(p.where, p.message) for p in problems] == [
        ("floor 2, row 3", "the pair 4 and 3 (spaces 1 and 8) matches no roll: floor 2 never rolled 3 and 4"),
        ("floor 2, turn 21", "the roll 1 and 2 was never placed: no row holds it at mirror spaces"),
    ]
    assert problems[0].rule == "rolls"


def test_a_pair_placed_more_often_than_rolled_names_the_rows_that_hold_it():
    rolls = [(2, 3), (2, 3)] + [(1, 1)] * 20
    floor = place(rolls, list(range(22)), [False] * 22)  # the 2-3s are in row 1
    rows = [list(r) for r in floor]
    rows[6][0], rows[6][3] = 3, 2  # bottom row's outer pair 1-1 becomes 3-2
    sheet = CafeSheet((tuple(map(tuple, rows)), floor, floor))
    problems = check_sheet(sheet, D, schedule_of([rolls] * 3))
    assert [(p.where, p.message) for p in problems] == [
        ("floor 1, row 7", "the pair 3 and 2 (spaces 1 and 4) matches no roll: floor 1 rolled 2 and 3 twice, "
                           "and the pairs in row 1 already use them"),
        ("floor 1, turn 22", "the roll 1 and 1 was never placed: no row holds it at mirror spaces"),
    ]


def test_rolls_of_another_floor_do_not_count():
    a = [(1, 2)] * 22
    b = [(3, 4)] * 22
    floor_a = place(a, list(range(22)), [False] * 22)
    sheet = CafeSheet((floor_a, floor_a, floor_a))
    problems = check_sheet(sheet, D, schedule_of([a, b, a]))
    assert sum(p.where.startswith("floor 2, row") for p in problems) == 22
    assert sum(p.where.startswith("floor 2, turn") for p in problems) == 22
    assert not any(p.where.startswith(("floor 1", "floor 3")) for p in problems)


def test_a_half_filled_pair_takes_no_roll():
    rolls = [(1, 2)] * 22
    floor = [list(r) for r in place(rolls, list(range(22)), [False] * 22)]
    floor[0][0] = None
    sheet = CafeSheet((tuple(map(tuple, floor)),) + (place(rolls, list(range(22)), [False] * 22),) * 2)
    problems = check_sheet(sheet, D, schedule_of([rolls] * 3))
    assert [p.rule for p in problems] == ["filled", "rolls"]
    assert problems[1].where == "floor 1, turn 22"


def test_the_daily_example_is_checked_against_the_real_schedule():
    from pathlib import Path

    root = Path(__file__).resolve().parents[3] / "examples" / "wobbly-cafe"
    day = "2026-11-22"
    sched = make_schedule("wobbly-cafe", f"wobbly-cafe@{day}", SPEC, day=day)
    good = GAME.parse((root / "daily-2026-11-22.txt").read_text(encoding="utf-8"), "d.txt", D)
    assert list(GAME.evaluate(good, D, sched).problems) == []
    other = make_schedule("wobbly-cafe", "wobbly-cafe@2026-11-23", SPEC, day="2026-11-23")
    assert list(GAME.evaluate(good, D, other).problems) != []
    slip = GAME.parse((root / "daily-2026-11-22-slip.txt").read_text(encoding="utf-8"), "s.txt", D)
    problems = list(GAME.evaluate(slip, D, sched).problems)
    assert [p.where for p in problems] == ["floor 1, row 1", "floor 1, row 7", "floor 1, turn 16", "floor 1, turn 17"]
    assert problems[0].message == "the pair 5 and 1 (spaces 1 and 4) matches no roll: floor 1 never rolled 1 and 5"


# ---------------------------------------------------------------- properties


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10_000), st.data())
def test_swapping_a_mirror_pair_keeps_the_pair_check_passing(seed, data):
    sheet = placed_sheet(DAILY, seed)
    f = data.draw(st.integers(0, 2))
    r, k = data.draw(st.sampled_from(SLOTS))
    floors = [list(map(list, fl)) for fl in sheet.floors]
    row = floors[f][r]
    row[k], row[len(row) - 1 - k] = row[len(row) - 1 - k], row[k]
    swapped = CafeSheet(tuple(tuple(map(tuple, fl)) for fl in floors))
    assert check_sheet(swapped, D, DAILY) == []


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10_000), st.data())
def test_moving_one_value_off_its_mirror_is_caught(seed, data):
    sheet = placed_sheet(DAILY, seed)
    f = data.draw(st.integers(0, 2))
    r, k = data.draw(st.sampled_from(SLOTS))
    floors = [list(map(list, fl)) for fl in sheet.floors]
    row = floors[f][r]
    old = row[k]
    row[k] = data.draw(st.integers(1, 6).filter(lambda v: v != old))
    changed = CafeSheet(tuple(tuple(map(tuple, fl)) for fl in floors))
    problems = check_sheet(changed, D, DAILY)
    assert any(p.where.startswith(f"floor {f + 1}, row ") for p in problems)  # the surplus pair
    assert any(p.where.startswith(f"floor {f + 1}, turn") for p in problems)


cells = st.one_of(st.none(), st.integers(-3, 12))


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(st.lists(st.lists(cells, min_size=0, max_size=9), min_size=0, max_size=8), min_size=0, max_size=4))
def test_scorer_and_checker_never_crash_on_any_sheet(floors):
    sheet = CafeSheet(tuple(tuple(tuple(r) for r in fl) for fl in floors))
    score = GAME.evaluate(sheet, D, None).score
    assert score.total == sum(f["score"] for f in score.breakdown["floors"])
    list(GAME.evaluate(sheet, D, DAILY).problems)
    list(GAME.evaluate(sheet, D, None).problems)
