"""The Long Way's typed-in format: what it reads, and the messages for what it cannot."""

from __future__ import annotations

import pytest

from rollwrite.errors import InputError
from rollwrite.games.long_way.format import Bonus, Gate, LogTurn, format_sheet, parse

ROWS = "\n".join([". . . . . . ."] * 7)


def sheet_text(head: str = "entrance: A4 W\nexit: G1 N\n", rows: str = ROWS, tail: str = "") -> str:
    return f"{head}store:\n{rows}\n{tail}"


def err(text: str) -> InputError:
    with pytest.raises(InputError) as info:
        parse(text, "s.txt")
    return info.value


def test_tokens():
    rows = "\n".join(["o 3 NS* A A 6EW* .", *[". . . . . . ."] * 6])
    s = parse(sheet_text(rows=rows), "s.txt")
    assert s.marks[:7] == ("o", "3", ".", "A", "A", "6", ".")
    assert s.walls[2] == 5 and s.doors[2] == 4  # N wall, S wall with a doorway
    assert s.walls[5] == 10 and s.doors[5] == 8  # E wall, W wall with a doorway
    assert s.entrance == Gate(21, 8) and s.exit == Gate(6, 1)


def test_labels_header_comments_and_lowercase_sides():
    text = (
        "# my store\nentrance: A4   # west side implied\nexit: R1C7 north\ncoins: spent 1, gained 2\nstore:\n"
        "   1 2 3 4 5 6 7\n" + "\n".join(f"{r} . . . . . . ns" for r in range(1, 8)) + "\n"
    )
    s = parse(text, "s.txt")
    assert s.entrance == Gate(21, 8) and s.exit == Gate(6, 1)
    assert (s.gained, s.spent) == (2, 1)
    assert s.walls[6] == 5 and s.row_lines[0] == 7


def test_log_lines():
    log = (
        "log:\n1: roll 1 5, tile A4, display 5 A4, bonus doorway A4 E\n"
        "turn 2: roll 2 2, reroll dark 4, reroll light 1, cafeteria A1 B1\n3: roll 6 6, stop\n"
    )
    s = parse(sheet_text(tail=log), "s.txt")
    assert s.log == (
        LogTurn(1, (1, 5), (), "tile", 21, (5, 21), Bonus("doorway", 21, 2)),
        LogTurn(2, (2, 2), ((1, 4), (0, 1)), "cafeteria", cafe=(0, 1)),
        LogTurn(3, (6, 6), (), "stop"),
    )
    assert s.log[1].line == 13


@pytest.mark.parametrize("text, where, message", [
    ("", (1, 1), "the sheet has no 'store:' section"),
    (sheet_text(head="exit: G1 N\n"), (1, 1), "the sheet has no 'entrance:' line"),
    (sheet_text(head="entrance: A4 W\nexot: G1\n"), (2, 1), "unknown key 'exot'"),
    (sheet_text(head="entrance: A4 W\nexit: G1 N\nexit: F1 N\n"), (3, 1), "'exit:' is given twice (first at line 2)"),
    (sheet_text(head="entrance: r4c9\nexit: G1\n"), (1, 11), "'r4c9' is outside the store"),
    (sheet_text(head="entrance: H4\nexit: G1\n"), (1, 11), "'H4' is outside the store"),
    (sheet_text(head="entrance: A0\nexit: G1\n"), (1, 11), "'A0' is outside the store"),
    (sheet_text(head="entrance: 4,1\nexit: G1\n"), (1, 11), "'4' is not a space"),
    (sheet_text(head="entrance: A1\nexit: G1 N\n"), (1, 11), "A1 is a corner: say which side the entrance opens to"),
    (sheet_text(head="entrance: A4 up\nexit: G1\n"), (1, 14), "'up' is not a side"),
    (sheet_text(head="entrance: A4\nexit: F1\ncoins: 3\n"), (3, 8), "expected 'gained' or 'spent', got '3'"),
    (sheet_text(rows=ROWS.replace(". . . . . . .", ". . . . . .", 1)), (4, 12), "row 1 of the store has 6 spaces; expected 7: one space seems to be missing"),
    (sheet_text(rows=ROWS.replace(". . . . . . .", ". 7 . . . . .", 1)), (4, 3), "'7': displays are die faces 1 to 6"),
    (sheet_text(rows=ROWS.replace(". . . . . . .", ". 0 . . . . .", 1)), (4, 3), "'0': write a dot as the letter 'o', not a zero"),
    (sheet_text(rows=ROWS.replace(". . . . . . .", ". a . . . . .", 1)), (4, 3), "'a': cafeterias are written with capital letters A and B"),
    (sheet_text(rows=ROWS.replace(". . . . . . .", ". 3NX . . . . .", 1)), (4, 3), "'3NX': 'X' is not a side; walls are written N E S W (a doorway as N*)"),
    (sheet_text(rows=ROWS.replace(". . . . . . .", ". 3NN . . . . .", 1)), (4, 3), "'3NN': the N wall is given twice"),
    (sheet_text(rows=ROWS.replace(". . . . . . .", ". *N . . . . .", 1)), (4, 3), "'*N' is not a store space: start with . o 1-6 or A/B, then walled sides N E S W"),
    (sheet_text(rows=ROWS + "\n. . . . . . ."), (11, 1), "the store has only 7 rows; this line is one too many"),
    (sheet_text(rows="\n".join([". . . . . . ."] * 6), tail="log:\n"), (10, 1), "the store has 6 rows; expected 7 before 'log:'"),
    ("hello\n", (1, 1), "'hello' is outside any section"),
    (sheet_text(tail="log:\n2: roll 1 1, stop\n"), (12, 1), "expected turn 1 here, got turn 2"),
    (sheet_text(tail="log:\n1: tile A1\n"), (12, 4), "a turn starts with its roll"),
    (sheet_text(tail="log:\n1: roll 1 7, stop\n"), (12, 11), "a die shows 1 to 6, not 7"),
    (sheet_text(tail="log:\n1: roll 1 1, tile A1\n"), (12, 14), "turn 1 draws a tile without its display"),
    (sheet_text(tail="log:\n1: roll 1 1\n"), (12, 12), "turn 1 makes no choice"),
    (sheet_text(tail="log:\n1: roll 1 1, stop, stop\n"), (12, 20), "a turn makes one choice; this one already has 'stop'"),
    (sheet_text(tail="log:\n1: roll 1 1, tile A1, display 1 A1, bonus cash\n"), (12, 43), "'cash' is not a bonus"),
    (sheet_text(tail="log:\n1: roll 1 1, tile A1, display 1 A1, bonus wall A1\n"), (12, 50), "'bonus wall' takes a space and a side: bonus wall D3 E"),
    (sheet_text(tail="log:\n1: roll 1 1, tlie A1\n"), (12, 14), "unknown word 'tlie' in a log line"),
    (sheet_text(tail="log:\n1: roll 1 1, reroll grey 3, stop\n"), (12, 21), "expected light or dark, got 'grey'"),
])
def test_messages(text, where, message):
    e = err(text)
    assert (e.line, e.col) == where
    assert e.message == message
    assert e.file == "s.txt"


def test_hints():
    assert err(sheet_text(head="entrance: A4 W\nexot: G1\n")).hint == "did you mean 'exit'?"
    assert err(sheet_text(tail="log:\n1: roll 1 1, tlie A1\n")).hint == "did you mean 'tile'?"
    assert "A1 N" in err(sheet_text(head="entrance: A1\nexit: G1 N\n")).hint


def test_format_is_readable_and_round_trips():
    rows = "\n".join(["o 3 NS* A A 6EW* .", *[". . . . . . ."] * 5, "B B 1 2 3 4 5"])
    s = parse(sheet_text(rows=rows, tail="log:\n1: roll 1 5, tile A4, display 5 A4, bonus coins\n"), "s.txt")
    text = format_sheet(s)
    assert "\n1  o    3    NS*  A    A    6EW* .\n" in text
    assert "1: roll 1 5, tile A4, display 5 A4, bonus coins" in text
    assert parse(text, "again.txt") == s


def test_the_format_docs_example_is_complete_and_scores_7():
    from pathlib import Path

    from rollwrite.dice import make_schedule
    from rollwrite.games import get
    from rollwrite.layoutlang.layout import load_builtin

    doc = (Path(__file__).parents[3] / "docs" / "formats" / "long-way.md").read_text()
    example = doc.split("## Example", 1)[1].split("```\n", 2)[1]
    game, layout = get("long-way"), load_builtin("long-way")
    sheet = game.parse(example, "doc.txt", layout.data)
    sched = make_schedule("long-way", "long-way#picnic", game.score_dice_spec(layout, sheet), seed="picnic")
    assert list(game.evaluate(sheet, layout.data, sched).problems) == []
    assert game.evaluate(sheet, layout.data, None).score.total == 7


LABELLED = "   A B C D E F G\n" + "\n".join(f"{r} . o . . . . ." for r in range(1, 8))


def test_a_row_label_is_never_read_as_a_display():
    """A labelled row with a space missing has seven words, its label first: that is a missing space,
    not a display 4 (bed) in column A."""
    text = sheet_text(rows=LABELLED.replace("4 . o . . . . .", "4 . o . . . .").replace("6 . o . . . . .", "6 o . . . . ."))
    e = err(text)
    assert [(x.line, x.message) for x in getattr(e, "errors", [e])] == [
        (8, "row 4 of the store has 6 spaces after its label '4'; expected 7: one space seems to be missing"),
        (10, "row 6 of the store has 6 spaces after its label '6'; expected 7: one space seems to be missing"),
    ]
    assert str(e).count("s.txt:") == 2


def test_a_labelled_row_with_a_space_too_many_is_counted_after_its_label_at_the_extra_one():
    # '4  . o . . . . . .': eight spaces after the label; the eighth (column 18) is the one too many
    text = sheet_text(rows=LABELLED.replace("4 . o . . . . .", "4  . o . . . . . ."))
    e = err(text)
    assert (e.line, e.col, e.message) == (
        8, 18, "row 4 of the store has 8 spaces after its label '4'; expected 7: one space too many")
    two = err(sheet_text(rows=LABELLED.replace("4 . o . . . . .", "4 . o . . . . . o o")))
    assert (two.col, two.message) == (17, "row 4 of the store has 9 spaces after its label '4'; expected 7")


@pytest.mark.parametrize("rows, line, col, message", [
    # each unreadable space at its own column, labelled or not, with tabs and commas between the spaces
    (LABELLED.replace("3 . o . . . . .", "3 . o . . 9 . ."), 7, 11, "'9': displays are die faces 1 to 6"),
    (LABELLED.replace("3 . o . . . . .", "3\t.,o\t. . Q . ."), 7, 11, "'Q' is not a store space"),
    (ROWS.replace(". . . . . . .", ". . . . . . 0", 1), 4, 13, "'0': write a dot as the letter 'o', not a zero"),
    (ROWS.replace(". . . . . . .", ".  .  .  NX  .  .  .", 1), 4, 10, "'NX': 'X' is not a side"),
])
def test_an_unreadable_space_is_named_at_its_column(rows, line, col, message):
    e = err(sheet_text(rows=rows))
    assert (e.line, e.col) == (line, col) and e.message.startswith(message)


def test_a_hash_inside_a_word_is_not_a_comment():
    # one comment rule in every game: '#' at the start of a line or after a blank
    e = err(sheet_text(rows=ROWS.replace(". . . . . . .", ". . . . . . .#seven", 1)))
    assert (e.line, e.col, e.message) == (4, 13, "'.#seven': '#' is not a side; walls are written N E S W (a doorway as N*)")
    assert parse(sheet_text(rows=ROWS.replace(". . . . . . .", ". . . . . . . #seven", 1)), "s.txt").marks[6] == "."


def test_an_unlabelled_row_may_start_with_its_own_number_as_a_display():
    rows = "\n".join(". o . . . . ." if r != 4 else "4 o . . . . ." for r in range(1, 8))
    assert parse(sheet_text(rows=rows), "s.txt").marks[21] == "4"


def test_every_unreadable_row_and_turn_is_reported_in_one_run():
    rows = ROWS.replace(". . . . . . .", ". 3Q . . . . .", 1)
    rows = rows[::-1].replace(". . . . . . ."[::-1], ". . 3R . . . ."[::-1], 1)[::-1]
    e = err(sheet_text(rows=rows, tail="log:\n1: roll 1 1, tlie A1\n2: roll 1 1, stop\n"))
    assert [(x.line, x.col, x.message) for x in e.errors] == [
        (4, 3, "'3Q': 'Q' is not a side; walls are written N E S W (a doorway as N*)"),
        (10, 5, "'3R': 'R' is not a side; walls are written N E S W (a doorway as N*)"),
        (12, 14, "unknown word 'tlie' in a log line"),
    ]


def test_a_problem_that_stops_the_reading_comes_after_those_before_it():
    rows = ROWS.replace(". . . . . . .", ". 3Q . . . . .", 1)
    e = err(sheet_text(rows=rows, tail="hello: there\n"))
    assert [(x.line, x.message) for x in e.errors] == [
        (4, "'3Q': 'Q' is not a side; walls are written N E S W (a doorway as N*)"), (11, "unknown key 'hello'")]
