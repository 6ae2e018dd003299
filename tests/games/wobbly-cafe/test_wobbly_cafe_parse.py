"""The typed-in Wobbly Café format: what it accepts, the messages for what it does not, round trips."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from strength import examples

from rollwrite.errors import InputError
from rollwrite.games.wobbly_cafe import WobblyCafe
from rollwrite.games.wobbly_cafe.data import DEFAULT_DATA
from rollwrite.games.wobbly_cafe.format import CafeSheet, format_sheet, parse_sheet

D = DEFAULT_DATA
GAME = WobblyCafe()

FULL = """\
# my café
name: Ana Lee
floor 1
  22|21
 144|322
5544|5555
5566|6666
5122|1441
 333|361
  66|11

Floor 2:
1111
111111
11111111
11111111
11111111
111111
1111
FLOOR 3   # the last one
22 22
222 222
2222 2222
2222 2222
2222 2222
222 222
22 22
"""


def parse(text: str) -> CafeSheet:
    return parse_sheet(text, "cafe.txt", D)


def error(text: str) -> InputError:
    with pytest.raises(InputError) as info:
        parse(text)
    return info.value


def rows_text(value: str = "1") -> str:
    return "\n".join(value * n for n in (4, 6, 8, 8, 8, 6, 4))


def test_reads_name_floors_rows_and_lines():
    s = parse(FULL)
    assert s.name == "Ana Lee"
    assert s.floors[0][0] == (2, 2, 2, 1)
    assert s.floors[0][6] == (6, 6, 1, 1)
    assert all(v == 1 for row in s.floors[1] for v in row)
    assert all(v == 2 for row in s.floors[2] for v in row)
    assert s.lines[0][0] == 4 and s.lines[1][0] == 13 and s.lines[2][6] == 27


def test_floor_headers_are_optional():
    s = parse(rows_text("3") + "\n" + rows_text("4") + "\n\n" + rows_text("5"))
    assert [s.floors[f][3][0] for f in range(3)] == [3, 4, 5]


def test_empty_spaces_dots_and_underscores():
    s = parse(rows_text("1").replace("1111\n", "1._1\n", 1) + "\n" + rows_text() + "\n" + rows_text())
    assert s.floors[0][0] == (1, None, None, 1)


@pytest.mark.parametrize("digit", "0789")
def test_a_digit_no_die_shows_is_unreadable_like_in_every_game(digit):
    e = error(rows_text("1") + "\n" + "11" + digit + "1\n")
    assert (f"cafe.txt:8:3: a die shows 1 to 6, not {digit}\n"
            "  hint: a space holds the value of a die, 1 to 6, or '.' while it is empty") in str(e)


def test_crlf_and_byte_order_mark():
    s = parse("\ufeff" + FULL.replace("\n", "\r\n"))
    assert s.name == "Ana Lee" and s.floors[0][0] == (2, 2, 2, 1)


def test_row_with_too_few_spaces_names_floor_row_line_and_column():
    e = error("floor 1\n  22|21\n 144|32\n")
    assert e.line == 3 and e.col == 2 and e.file == "cafe.txt"
    assert e.message == "floor 1 row 2 needs 6 spaces; this line has 5: one seems to be missing (right of the '|')"
    assert "'.' for an empty space" in (e.hint or "")


def test_unknown_character_points_at_it():
    e = error("floor 1\n  2x|21\n")
    assert (e.line, e.col) == (2, 4)
    assert e.message == "'x' cannot be written in a space"


@pytest.mark.parametrize("row, col, message", [
    # the one comment rule of every sheet: '#' at the start of a line or after a blank; any other '#' is
    # a character of the row, named at its column
    ("  22|21#full", 8, "'#' cannot be written in a space"),
    ("\t22|2?", 6, "'?' cannot be written in a space"),
    ("  22 | 2 9", 10, "a die shows 1 to 6, not 9"),
])
def test_each_unreadable_character_is_named_at_its_column(row, col, message):
    e = error("floor 1\n" + row + "\n")
    assert (e.line, e.col, e.message) == (2, col, message)


def test_a_comment_after_a_blank_and_a_name_with_a_hash():
    text = FULL.replace("name: Ana Lee", "name: Ana Lee #3  # the third Ana").replace("  22|21", "  22|21 # full")
    sheet = parse_sheet(text, "cafe.txt", D)
    assert sheet.name == "Ana Lee" and sheet.floors[0][0] == (2, 2, 2, 1)  # ' #3' begins the comment
    assert parse_sheet(FULL.replace("name: Ana Lee", "name: Ana#3"), "cafe.txt", D).name == "Ana#3"


def test_middle_line_in_the_wrong_place():
    e = error("floor 1\n  2|221\n")
    assert (e.line, e.col) == (2, 4)
    assert e.message == "the '|' comes after 1 spaces; floor 1 row 1 has 2 spaces on each side of the middle line"
    e = error("floor 1\n22||21\n")
    assert e.message == "a row has one middle line, not two '|'"


def test_floors_out_of_order():
    e = error("floor 2\n" + rows_text())
    assert (e.line, e.message) == (1, "expected floor 1 here, not floor 2")
    e = error(rows_text() + "\nfloor 3\n")
    assert e.message == "expected floor 2 here, not floor 3"
    e = error("floor one\n")
    assert e.message == "'floor one' is not a floor header" and e.hint == "write 'floor 1'"


def test_a_fourth_floor_or_extra_rows():
    three = "\n".join(rows_text() for _ in range(3))
    e = error(three + "\nfloor 4\n")
    assert e.message == "the café has 3 floors; there is no floor 4"
    e = error(three + "\n1111\n")
    assert e.line == 22 and e.message == "this row is more than the café holds: 3 floors of 7 rows"


def test_a_floor_cut_short():
    e = error("floor 1\n1111\n111111\nfloor 2\n")
    assert (e.line, e.message) == (4, "floor 1 has only 2 of its 7 rows before 'floor 2'")
    e = error(rows_text() + "\n1111\n")
    assert e.message == "floor 2 has only 1 of its 7 rows"


def test_missing_floors_and_empty_text():
    e = error(rows_text())
    assert e.message == "the sheet has 1 floor; the café has 3"
    assert "'.' for spaces not filled yet" in (e.hint or "")
    e = error("# nothing yet\n")
    assert e.message == "no rows found"
    assert error("").message == "no rows found"


def test_unknown_key_and_name_twice():
    e = error("score: 36\n")
    assert e.message == "unknown line 'score: 36'" and e.hint == "the only 'key: value' line is 'name: ...'"
    e = error("name: A\nname: B\n")
    assert (e.line, e.message) == (2, "the name is given twice (first on line 1)")


def test_format_draws_rows_centred_with_the_middle_line():
    s = parse(FULL)
    text = format_sheet(s, D)
    lines = text.splitlines()
    assert lines[:4] == ["name: Ana Lee", "", "floor 1", "  22|21"]
    assert lines[5] == "5544|5555"
    assert parse(text).floors == s.floors and parse(text).name == s.name
    assert GAME.format(s, D) == text


# ---------------------------------------------------------------- properties

values = st.one_of(st.none(), st.integers(min_value=1, max_value=6))


@st.composite
def sheets(draw):
    floors = tuple(
        tuple(tuple(draw(values) for _ in range(n)) for n in (4, 6, 8, 8, 8, 6, 4)) for _ in range(3)
    )
    name = draw(st.text(st.characters(min_codepoint=33, max_codepoint=0x2FF, blacklist_categories=("Cs",)), max_size=20))
    name = name.strip()
    assume(not name.startswith("#"))  # a word that starts with "#" after a blank begins a comment (docs/formats)
    return CafeSheet(floors, name)


@settings(max_examples=examples(150), deadline=None)
@given(sheets())
def test_format_then_parse_round_trips(sheet):
    back = parse(format_sheet(sheet, D))
    assert back.floors == sheet.floors and back.name == sheet.name


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=400))
def test_parser_raises_only_input_errors_on_any_text(text):
    try:
        s = GAME.parse(text, "any.txt", D)
    except InputError as e:
        assert e.file == "any.txt" and e.line is not None
    else:
        GAME.evaluate(s, D, None).score


row_chars = st.sampled_from(list("0123456789._| \t#\n") + ["floor 1\n", "floor 2\n", "name: x\n"])


@settings(max_examples=200, deadline=None)
@given(st.lists(row_chars, max_size=200).map("".join))
def test_parser_raises_only_input_errors_on_near_miss_text(text):
    try:
        GAME.parse(text, "near.txt", D)
    except InputError as e:
        assert e.line is not None and e.col is not None


def test_missing_rows_are_reported_at_the_last_written_line():
    e = error("floor 1\n1111\n111111\n\n# more later\n\n")
    assert (e.line, e.col) == (3, 1)


def test_the_documented_example_reads_and_scores_as_stated():
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    doc = (root / "docs" / "formats" / "wobbly-cafe.md").read_text(encoding="utf-8")
    block = doc.split("## Example", 1)[1].split("```", 2)[1]
    sheet = parse(block)
    assert GAME.evaluate(sheet, D, None).score.total == 113
    assert "scores `36 + 38 + 39 = 113`" in doc
    example = parse((root / "examples" / "wobbly-cafe" / "worked-example.txt").read_text(encoding="utf-8"))
    assert sheet.floors == example.floors and sheet.name == "Ana"


# ---------------------------------------------------------------- forgiving reading

WORKED = (Path(__file__).resolve().parents[3] / "examples" / "wobbly-cafe" / "worked-example.txt").read_text(
    encoding="utf-8").split("\n")
F2 = WORKED.index("floor 2")


def problems(lines: list[str]) -> list[tuple[int, str]]:
    with pytest.raises(InputError) as info:
        parse("\n".join(lines))
    return [(e.line, e.message) for e in getattr(info.value, "errors", (info.value,))]


def test_a_missing_row_is_named_where_it_seems_to_be():
    # lines count from 1: floor 2's header is line F2 + 1, its row r line F2 + 1 + r
    assert problems(WORKED[:F2 + 2] + WORKED[F2 + 3:]) == [(F2 + 3, "floor 2 has 6 rows; row 2 seems to be missing")]
    assert problems(WORKED[:F2 + 4] + WORKED[F2 + 5:]) == [
        (F2 + 4, "floor 2 has 6 rows; one of rows 3 to 5 (8 spaces each) seems to be missing")]
    rows = [ln for ln in WORKED if ln.strip() and not ln.startswith(("#", "name", "floor"))]
    assert problems(rows[1:]) == [(1, "floor 1 has 6 rows; row 1 seems to be missing")]


def test_an_extra_row_is_named():
    assert problems(WORKED[:F2 + 3] + ["55555555"] + WORKED[F2 + 3:]) == [
        (F2 + 4, f"floor 2 has 8 rows; one of the rows of 8 spaces on lines {F2 + 4} to {F2 + 7} seems to be extra")]
    assert problems(WORKED[:F2 + 1] + ["1111"] + WORKED[F2 + 1:]) == [
        (F2 + 2, f"floor 2 has 8 rows; one of the rows of 4 spaces on lines {F2 + 2} to {F2 + 3} seems to be extra")]
    assert problems(WORKED[:F2 + 7] + ["12345612"] + WORKED[F2 + 7:]) == [
        (F2 + 8, "floor 2 has 8 rows; this row seems to be extra")]


def test_a_misspelt_header_gets_did_you_mean_and_its_rows_are_still_read():
    assert problems(WORKED[:F2] + ["flor 2"] + WORKED[F2 + 1:]) == [
        (F2 + 1, "'flor 2' is not a floor header; did you mean 'floor 2'?")]


def test_one_run_reports_every_independent_problem():
    text = "\n".join(WORKED).replace("5544|5555", "5x44|5555").replace("\n1565", "\n1575")
    found = problems(text.split("\n"))
    assert found == [(10, "'x' cannot be written in a space"), (32, "a die shows 1 to 6, not 7")]
    with pytest.raises(InputError) as info:
        parse(text)
    assert str(info.value).count("cafe.txt:") == 2


def test_a_space_missing_from_one_half_is_named():
    e = error("floor 1\n  22|21\n 14|322\n")
    assert e.message == "floor 1 row 2 needs 6 spaces; this line has 5: one seems to be missing (left of the '|')"
