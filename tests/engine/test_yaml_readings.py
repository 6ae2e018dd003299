"""YAML 1.1 readings nobody means (hex, octal, binary, underscores, base 60, yes/no/on/off) are refused
with the place and the value to write instead; what docs/layout.md says about them holds."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollwrite.errors import InputError
from rollwrite.layoutlang.yamlread import load_yaml


def _read(value: str):
    return load_yaml(f"game: x\nsheet:\n  rows: {value}\n", "t.yaml").plain()["sheet"]["rows"]


@pytest.mark.parametrize("text,reading", [
    ("0x10", "16"), ("0b11", "3"), ("010", "8"), ("00", "0"), ("-0x1", "-1"), ("1_0", "10"),
    ("1_000.5", "1000.5"), ("1:30", "90"), ("1:30.5", "90.5"), ("+1:00", "60"),
    ("yes", "true"), ("No", "false"), ("ON", "true"), ("off", "false"),
])
def test_an_odd_reading_is_refused_with_the_place_and_the_value_to_write(text, reading):
    with pytest.raises(InputError) as caught:
        _read(text)
    message = str(caught.value)
    assert message.startswith("t.yaml:3:9: sheet.rows: ")
    assert f"'{text}' is ambiguous" in message
    assert f"as {'the number ' if reading[-1].isdigit() else ''}{reading}" in message
    assert f"quote it ('{text}')" in message


@pytest.mark.parametrize("text,value", [
    ("'0x10'", "0x10"), ('"1:30"', "1:30"), ("'yes'", "yes"), ("0o10", "0o10"),
    ("true", True), ("False", False), ("0", 0), ("-3", -3), ("1.5", 1.5), ("1e3", "1e3"), ("12mm", "12mm"),
])
def test_quoted_text_decimal_numbers_and_true_false_are_read_as_written(text, value):
    got = _read(text)
    assert got == value and type(got) is type(value)


@given(st.integers(min_value=-10**12, max_value=10**12))
def test_every_decimal_whole_number_is_itself(n):
    assert _read(str(n)) == n


def test_check_layout_refuses_a_hex_number_with_exit_2(cli, tmp_path):
    from pathlib import Path

    src = (Path(__file__).resolve().parents[2] / "examples" / "layouts" / "five-dice.yaml").read_text()
    bad = tmp_path / "five.yaml"
    bad.write_text(src.replace("players: {default: 1, max: 50}", "players: {default: 1, max: 0x32}"))
    result = cli("check-layout", str(bad))
    assert result.exit_code == 2
    assert "five.yaml:8:28: players.max: " in result.stderr and "'0x32' is ambiguous" in result.stderr and "write 50" in result.stderr
