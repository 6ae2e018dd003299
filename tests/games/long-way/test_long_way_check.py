"""Rule checks of finished Long Way sheets and the replay of game logs (cheats caught by turn)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from rollwrite.dice import make_schedule
from rollwrite.games import get
from rollwrite.games.long_way.format import Bonus, LogTurn, parse
from rollwrite.games.long_way.rules import find_tiling
from rollwrite.layoutlang.layout import load_builtin

GAME = get("long-way")
LAYOUT = load_builtin("long-way")
CHART = LAYOUT.data
EXAMPLES = Path(__file__).parents[3] / "examples" / "long-way"
EMPTY = ". . . . . . ."


def schedule(seed: str):
    return make_schedule("long-way", f"long-way#{seed}", GAME.score_dice_spec(LAYOUT, None), seed=seed)


def store(rows: dict[int, str] | None = None, entrance: str = "A4 W", exit: str = "G4 E", coins: str = "") -> str:
    lines = [(rows or {}).get(r, EMPTY) for r in range(1, 8)]
    head = f"entrance: {entrance}\nexit: {exit}\n" + (f"coins: {coins}\n" if coins else "")
    return head + "store:\n" + "\n".join(lines) + "\n"


def problems(text: str, sched=None):
    return list(GAME.evaluate(parse(text, "t.txt"), CHART, sched).problems)


def example(name: str):
    return parse((EXAMPLES / name).read_text(), name)


# ---------------------------------------------------------------- the finished sheet


def test_legal_tiles_pass():
    # light 4 dark 4 (an L corridor) with a display of one of its dice, and a plain monomino display
    # (the open one-space tile is light 1, dark 1: it shows a chair)
    rows = {1: "NW 4NS . . . . .", 2: "EW . . . . . .", 5: ". . . 1 . . ."}
    assert problems(store(rows)) == []


@pytest.mark.parametrize("face", "23456")
def test_a_display_must_show_one_of_its_tiles_dice_without_a_log_too(face):
    # a lone display on an open single space: only the tile light 1, dark 1 draws that, so it is a chair
    probs = problems(store({3: f". . . {face} . . ."}))
    assert [(p.where, p.rule) for p in probs] == [("row 3, column D", "tiles")]
    assert probs[0].message.startswith("the display (")
    assert "of the furniture of one of its two dice" in probs[0].message
    # the L corridor is light 4, dark 4: a desk (3) on it matches no tile that draws this shape
    assert [p.rule for p in problems(store({1: "NW 3NS . . . . .", 2: "EW . . . . . ."}))] == ["tiles"]


def test_a_rotated_tile_is_not_explained():
    # the chart's L is '##/#.': this '#./##' shape only fits if every tile carries one display
    rows = {1: "o . . . . . .", 2: "1 o . . . . ."}
    probs = problems(store(rows))
    assert [(p.where, p.rule) for p in probs] == [("row 2, column B", "tiles")]
    assert "belongs to no tile of the chart" in probs[0].message


def test_walls_no_tile_explains_are_added_walls():
    # no one-space tile has walls on W and E: it is the east-wall tile (light 1, dark 3) plus an added
    # wall, which a lone display cannot have earned
    probs = problems(store({3: ". . 3EW . . . ."}))
    assert [(p.where, p.rule) for p in probs] == [("sheet", "bonus")]
    assert probs[0].message == (
        "the sheet shows 1 bonus (1 added wall segment, 0 doorways, 0 coin gains) but its displays can have "
        "earned at most 0"
    )


def test_two_displays_on_one_tile_are_two_tiles():
    # an open domino with two displays is two open monominoes: legal
    assert problems(store({3: ". 1 1 . . . ."})) == []
    t = find_tiling(parse(store({3: ". 1 1 . . . ."}), "t"), CHART)
    assert t.found is not None and len(t.found) == 2


def test_cafeteria_rules():
    probs = problems(store({1: "A . . . . . .", 3: "B . B . . . .", 5: "C C . . . . ."}))
    assert [(p.where, p.rule) for p in probs] == [
        ("row 1, column A", "cafeteria"),
        ("row 3, column A", "cafeteria"),
        ("row 5, column A", "cafeteria"),
    ]
    assert probs[0].message == "cafeteria A covers 1 space; a cafeteria covers two side-by-side spaces"
    assert probs[1].message == "the two spaces of cafeteria B (A3, C3) are not side by side"
    assert probs[2].message == "3 cafeterias: a store has at most two"


def test_cafeteria_across_a_row_end_is_not_side_by_side():
    probs = problems(store({1: ". . . . . . A", 2: "A . . . . . ."}))
    assert probs[0].message.endswith("are not side by side")


def test_entrance_and_exit_on_edges():
    probs = problems(store(entrance="D4", exit="C1 S"))
    assert [(p.where, p.rule) for p in probs] == [("row 4, column D", "entrance-exit"), ("row 1, column C", "entrance-exit")]
    assert probs[0].message == "the entrance must be on an edge space of the store"
    assert probs[1].message == "the exit opens south, which is not the store's outer wall here (open it to the north)"


def test_same_doorway_for_entrance_and_exit():
    probs = problems(store(entrance="A4 W", exit="A4 W"))
    assert probs[0].message == "the entrance and the exit are the same doorway"


def test_coins():
    probs = problems(store(coins="gained 3, spent 5"))
    messages = [p.message for p in probs if p.rule == "coins"]
    assert messages == ["3 coins gained: coins come two at a time", "5 coins spent but only 3 gained"]


def test_bonuses_beyond_what_the_displays_earned():
    # a lone display earned nothing, yet the store shows an added wall and a doorway
    rows = {3: ". . 1 . . . .", 6: ". . . N S* . ."}
    probs = problems(store(rows))
    assert [p.rule for p in probs] == ["bonus"]
    assert probs[0].message == (
        "the sheet shows 3 bonuses (2 added wall segments, 1 doorway, 0 coin gains) but its displays can "
        "have earned at most 0"
    )


def test_bonuses_next_to_a_cafeteria_are_possible():
    rows = {3: ". . 1 . . . .", 4: ". . A A . . .", 6: ". . . N . . ."}
    assert problems(store(rows)) == []


def test_examples_are_legal():
    for path in sorted(EXAMPLES.glob("*.txt")):
        sheet = parse(path.read_text(), path.name)
        sched = schedule(path.read_text().split("long-way#")[1].split()[0]) if sheet.log else None
        assert list(GAME.evaluate(sheet, CHART, sched).problems) == [], path.name


# ---------------------------------------------------------------- replaying a log


def test_the_picnic_log_replays_cleanly_against_its_seed():
    sheet = example("picnic.txt")
    assert sheet.log is not None and len(sheet.log) == 20
    assert list(GAME.evaluate(sheet, CHART, schedule("picnic")).problems) == []
    # and without a seed the log is still replayed (the dice are taken on trust)
    assert list(GAME.evaluate(sheet, CHART, None).problems) == []


def test_a_log_against_the_wrong_seed_names_the_first_turn():
    probs = list(GAME.evaluate(example("picnic.txt"), CHART, schedule("flat-pack")).problems)
    assert probs[0].where == "turn 1" and probs[0].rule == "dice"
    assert probs[0].message.startswith("the dice of long-way#flat-pack were light")


def _with_turn(sheet, n: int, **changes):
    log = list(sheet.log)
    log[n - 1] = replace(log[n - 1], **changes)
    return replace(sheet, log=tuple(log))


def test_wrong_tile_is_caught_with_its_turn():
    # turn 5 rolled 3 1; claiming 3 2 draws another tile
    sheet = _with_turn(example("picnic.txt"), 5, roll=(3, 2))
    probs = list(GAME.evaluate(sheet, CHART, schedule("picnic")).problems)
    assert [(p.where, p.rule) for p in probs][:1] == [("turn 5", "dice")]
    assert probs[0].message == "the dice of long-way#picnic were light 3, dark 1; the log says 3 2"


def test_rotated_tile_is_caught_with_its_turn():
    # turn 1 drew light 1, dark 3 (a wall on the east side) on C5; the sheet shows it turned south
    text = (EXAMPLES / "picnic.txt").read_text().replace("1    EW   1E   1 ", "1    EW   1S   1 ")
    sheet = parse(text, "rotated.txt")
    probs = list(GAME.evaluate(sheet, CHART, schedule("picnic")).problems)
    log_probs = [p for p in probs if p.rule == "log"]
    assert log_probs[0].where == "row 5, column C"
    assert "turn 1's tile light 1, dark 3" in log_probs[0].message
    assert "'1E'" in log_probs[0].message and "'1S'" in log_probs[0].message


def test_unearned_bonus_is_caught_with_its_turn():
    sheet = _with_turn(example("picnic.txt"), 3, bonus=Bonus("coins"))
    probs = list(GAME.evaluate(sheet, CHART, schedule("picnic")).problems)
    assert probs[0].where == "turn 3" and probs[0].rule == "bonus"
    assert probs[0].message.startswith("no bonus was earned: the display on A5 touches no cafeteria")


def test_earned_bonus_is_accepted():
    # turn 18 put a display next to cafeteria A and took 2 coins
    t18 = example("picnic.txt").log[17]
    assert t18.bonus == Bonus("coins")


def test_reroll_without_coins():
    sheet = _with_turn(example("picnic.txt"), 2, rerolls=((1, 4),))
    probs = list(GAME.evaluate(sheet, CHART, schedule("picnic")).problems)
    assert probs[0].where == "turn 2"
    assert probs[0].message == "a reroll of the dark die costs a coin, and the coin box is empty"


def test_reroll_must_match_the_reserve():
    sheet = example("picnic.txt")
    t19 = sheet.log[18]
    assert t19.rerolls == ((1, 3), (1, 1))
    bad = _with_turn(sheet, 19, rerolls=((1, 3), (1, 6)))
    probs = list(GAME.evaluate(bad, CHART, schedule("picnic")).problems)
    assert probs[0].where == "turn 19"
    assert probs[0].message == "reroll 2 of the dark die gave 1, not 6"


def test_tile_on_a_filled_space_and_off_the_store():
    sheet = example("picnic.txt")
    probs = list(GAME.evaluate(_with_turn(sheet, 3, at=sheet.log[0].at), CHART, None).problems)
    assert probs[0].where == "turn 3"
    assert probs[0].message == "tile light 1, dark 1 at C5 needs empty spaces, and C5 is not empty"
    probs = list(GAME.evaluate(_with_turn(sheet, 2, at=6), CHART, None).problems)
    assert probs[0].message == "tile light 6, dark 1 with its first space on G1 runs off the store (tiles are never rotated)"


def test_display_must_match_a_die_and_sit_on_the_tile():
    sheet = example("picnic.txt")
    probs = list(GAME.evaluate(_with_turn(sheet, 1, display=(4, sheet.log[0].at)), CHART, None).problems)
    assert probs[0].message == "the display must show the furniture of a die (light 1 or dark 3), not 4"
    probs = list(GAME.evaluate(_with_turn(sheet, 1, display=(3, 0)), CHART, None).problems)
    assert probs[0].message == "the display on A1 is not on the tile just drawn"


def test_third_cafeteria_and_turns_after_stop():
    sheet = example("picnic.txt")
    log = list(sheet.log)
    log[19] = LogTurn(20, log[19].roll, (), "cafeteria", cafe=(42, 49 - 1))
    log.append(LogTurn(21, (1, 1), (), "stop"))
    probs = list(GAME.evaluate(replace(sheet, log=tuple(log)), CHART, None).problems)
    assert probs[0].where == "turn 20" and probs[0].message == "a third cafeteria: a store has at most two"
    log[19] = LogTurn(20, log[19].roll, (), "stop")
    probs = list(GAME.evaluate(replace(sheet, log=tuple(log)), CHART, None).problems)
    assert probs[0].where == "turn 21"
    assert probs[0].message == "the game stopped at turn 20; a stopped player takes no more turns"


def test_replayed_sheet_must_equal_the_typed_sheet():
    text = (EXAMPLES / "picnic.txt").read_text().replace("coins: gained 2, spent 2", "coins: gained 4, spent 2")
    probs = list(GAME.evaluate(parse(text, "t"), CHART, None).problems)
    assert [p.where for p in probs] == ["coins"]
    assert probs[0].message == "the log gains 2 and spends 2 coins; the sheet says gained 4, spent 2"


def test_log_longer_than_the_schedule():
    sheet = example("picnic.txt")
    spec = replace(GAME.score_dice_spec(LAYOUT, None), turns=10)
    short = make_schedule("long-way", "long-way#picnic", spec, seed="picnic")
    probs = list(GAME.evaluate(sheet, CHART, short).problems)
    assert probs[0].where == "turn 11"
    assert probs[0].message == "the schedule long-way#picnic has only 10 turns"


def test_doorway_bonus_goes_through_both_walls_of_an_edge():
    from rollwrite.games.long_way.rules import _apply_bonus, _State

    st = _State(["."] * 49, [0] * 49, [0] * 49, [""] * 49, [])
    st.walls[10] = 2  # east wall of D2
    st.walls[11] = 8  # west wall of E2
    _apply_bonus(st, Bonus("doorway", 11, 8), 1, lambda m, r: pytest.fail(m))
    assert (st.doors[10], st.doors[11]) == (2, 8)
    errors = []
    _apply_bonus(st, Bonus("doorway", 10, 2), 2, lambda m, r: errors.append(m))
    assert errors == ["there is no wall without a doorway on the east side of D2"]
