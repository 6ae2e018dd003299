"""The shared reader bounds typed-in sheets before any game reads them: size, line length, numbers, digits."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from rollwrite.errors import InputError
from rollwrite.files import SHEET, TextLimits, check_text, decode, read_text


def err(text: str, limits: TextLimits = SHEET) -> str:
    with pytest.raises(InputError) as info:
        decode(text.encode("utf-8"), "s.txt", limits=limits)
    return str(info.value)


def test_a_long_line_is_refused_at_the_column_past_the_limit():
    assert err("size: 10\n" + "x" * 401 + "\n") == (
        "s.txt:2:401: the line is 401 characters long; a line of a sheet may have at most 400\n"
        "  hint: each entry goes on its own line"
    )


def test_a_long_number_is_refused_where_it_starts():
    assert err("box 3x4 at A1 rolled 1" + "2" * 45 + "\n") == (
        "s.txt:1:22: this number has more than 40 digits\n  hint: no count or score in a game is that long"
    )


@pytest.mark.parametrize("text, col, shown", [
    ("box ３x３ at A1\n", 5, "'３' is a digit from Fullwidth; type 3"),
    ("box 3x3 at A١\n", 13, "'١' is a digit from Arabic-Indic; type 1"),
    ("floor 1\n  2२|21\n", 4, "'२' is a digit from Devanagari; type 2"),
])
def test_digits_from_other_scripts_are_refused(text, col, shown):
    line = text.count("\n", 0, text.index(shown[1])) + 1
    assert err(text) == (
        f"s.txt:{line}:{col}: {shown}: numbers are written with the digits 0 to 9\n"
        "  hint: retype the number with the digits 0 to 9"
    )


def test_comments_may_hold_anything_short_of_the_line_limit():
    text = "# Runde ٣ with ３ friends, game 1" + "0" * 60 + "\nsize: 10\n"
    assert decode(text.encode("utf-8"), "s.txt", limits=SHEET) == text


def test_a_sheet_over_the_size_limit_is_refused(tmp_path):
    path = tmp_path / "big.txt"
    path.write_bytes(b"box 1x1 at A1\n" * 20_000)
    with pytest.raises(InputError) as info:
        read_text(path, "big.txt", limits=SHEET)
    assert str(info.value).startswith("big.txt:18725:9: the file is larger than 256 KB, the most a sheet may be")


def test_the_score_command_applies_the_limits(cli, tmp_path):
    path = tmp_path / "s.txt"
    path.write_text("size: 10\nplayer: A\nbox ３x３ at A1\n", encoding="utf-8")
    result = cli("score", "shelving-wars", str(path))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"rollwrite: {path}:3:5: '３' is a digit from Fullwidth; type 3")
    result = cli("score", "wobbly-cafe", "-", input="x" * 300_000)
    assert result.exit_code == 2
    assert "<stdin>:1:262145: the file is larger than 256 KB, the most a sheet may be" in result.stderr


def test_files_are_read_whole_up_to_the_bound_exactly(tmp_path):
    import io

    from rollwrite.files import read_bounded

    bound = SHEET.max_bytes
    for size in (0, 1, 999, 65_536, bound - 1, bound):
        data = bytes(range(256)) * (size // 256) + b"x" * (size % 256)
        path = tmp_path / f"{size}.bin"
        path.write_bytes(data)
        with open(path, "rb") as fh:
            assert read_bounded(fh, "f", SHEET) == data
        assert read_bounded(io.BytesIO(data), "f", SHEET) == data
    path = tmp_path / "big.txt"
    path.write_bytes(b"a\n" * bound)
    with pytest.raises(InputError, match="larger than 256 KB"), open(path, "rb") as fh:
        read_bounded(fh, "f", SHEET)


def test_a_file_that_grows_after_it_was_measured_is_still_bounded(tmp_path, monkeypatch):
    import os

    from rollwrite import files

    path = tmp_path / "s.txt"
    path.write_bytes(b"x" * 10)
    real_fstat = os.fstat
    with open(path, "rb") as fh:
        size = real_fstat(fh.fileno()).st_size
        path.write_bytes(b"y\n" * SHEET.max_bytes)  # it grows past the bound once measured
        monkeypatch.setattr(files.os, "fstat", lambda fd: real_fstat(fd) if size is None else
                            os.stat_result((0o100644, 0, 0, 1, 0, 0, size, 0, 0, 0)))
        with pytest.raises(InputError, match="larger than 256 KB"):
            files.read_bounded(fh, "s.txt", SHEET)
    with open(path, "wb") as fh:
        fh.write(b"z" * 100)
    with open(path, "rb") as fh:  # measured at 10 bytes, holds 100: all 100 are read
        assert files.read_bounded(fh, "s.txt", SHEET) == b"z" * 100


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789 #a\n", max_size=60))
def test_ascii_text_is_checked_as_line_by_line(text):
    """An ASCII text is checked over the whole text at once; one non-ASCII character in a comment line
    added at the end sends it through the line-by-line check, which must decide the same."""
    limits = TextLimits("a sheet", max_bytes=1024, max_line=12, max_digits=4, ascii_digits=True, comment="#")

    def outcome(t):
        try:
            check_text(t, "s.txt", limits)
        except InputError as error:
            return str(error)
        return None

    assert outcome(text) == outcome(text + "\n#é")
