"""Every game reads typed-in numbers alike: ASCII digits only, and a value no die shows is unreadable (exit 2)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rollwrite import games
from rollwrite.errors import InputError
from rollwrite.layoutlang.layout import load_builtin

ROOT = Path(__file__).resolve().parents[1]
SCORED = [slug for slug in games.known() if games.get(slug).can_score]


def example(slug: str) -> str:
    return sorted((ROOT / "examples" / slug).glob("*.txt"))[0].read_text(encoding="utf-8")


def with_foreign_digit(text: str, digit: str) -> str:
    """``text`` with the first digit outside a comment replaced by the same digit of another script."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        body = line.split("#", 1)[0]
        m = re.search("[1-9]", body)
        if m:
            foreign = chr(ord(digit) + int(m.group()) - 1)
            lines[i] = line[: m.start()] + foreign + line[m.end():]
            return "\n".join(lines)
    raise AssertionError("no digit in the example")


@pytest.mark.parametrize("slug", SCORED)
@pytest.mark.parametrize("one", ["\uff11", "\u0661", "\u0967"])  # fullwidth, Arabic-Indic, Devanagari 1
def test_every_game_refuses_digits_of_other_scripts(slug, one, cli, tmp_path):
    text = with_foreign_digit(example(slug), one)
    layout = load_builtin(slug)
    with pytest.raises(InputError):  # the game's own parser, without the shared reader in front
        games.get(slug).parse(text, "s.txt", layout.data)
    path = tmp_path / "s.txt"
    path.write_text(text, encoding="utf-8")
    r = cli("score", slug, str(path))
    assert r.exit_code == 2
    assert "numbers are written with the digits 0 to 9" in r.stderr and "internal error" not in r.stderr


@pytest.mark.parametrize("text", ["box ３x３ at A1", "box 3x3 at A١", "box 3x3 at A1 rolled 3 ３ 1"])
def test_shelving_wars_reads_only_ascii_digits(text):
    sheet = f"size: 10\nplayer: A\n{text}\nplayer: B\nbox 1x1 at J10\n"
    with pytest.raises(InputError) as info:
        games.get("shelving-wars").parse(sheet, "s.txt", load_builtin("shelving-wars").data)
    assert str(info.value).startswith("s.txt:3:")


@pytest.mark.parametrize("slug, text, message", [
    ("long-way", "log:\n1: roll 7 1, stop\n", "a die shows 1 to 6, not 7"),
    ("shelving-wars", "size: 10\nplayer: A\nbox 2x7 at A1\nplayer: B\nbox 1x1 at J10\n",
     "the width is a die value, 1 to 6, not 7"),
    ("shelving-wars", "size: 10\nplayer: A\nbox 2x2 at A1 rolled 2 2 7\nplayer: B\nbox 1x1 at J10\n",
     "a die shows 1 to 6, not 7"),
    ("wobbly-cafe", "floor 1\n  27|21\n", "a die shows 1 to 6, not 7"),
])
def test_a_value_no_die_shows_is_unreadable_in_every_game(slug, text, message, cli, tmp_path):
    if slug == "long-way":
        text = example(slug).split("log:")[0] + text
    path = tmp_path / "s.txt"
    path.write_text(text, encoding="utf-8")
    r = cli("score", slug, str(path))
    assert r.exit_code == 2, r.output
    assert message in r.stderr and re.search(r"s\.txt:\d+:\d+: ", r.stderr)


def test_claimed_scores_take_ascii_digits_only(cli):
    r = cli("score", "wobbly-cafe", str(ROOT / "examples" / "wobbly-cafe" / "worked-example.txt"), "--claimed", "１０９")
    assert r.exit_code == 2 and "--claimed: '１０９' is not a number" in r.stderr
