"""Every puzzle command README.md and docs/puzzles.md show works, run in order in an empty folder."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from searches import small_searches

ROOT = Path(__file__).resolve().parents[2]


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = next(b for b in re.findall(r"```sh\n(.*?)```", text, re.S) if "rollwrite puzzle" in b)
    return [line for line in block.splitlines() if line.startswith("rollwrite ")]


def guide_commands() -> list[str]:
    text = (ROOT / "docs" / "puzzles.md").read_text(encoding="utf-8")
    return [line.strip() for line in text.splitlines() if line.startswith("    rollwrite ")]


BOOKLET = "rollwrite puzzle shelving-wars --daily 2027-01-01 --days 7 --count 3 -o booklet.pdf"  # 21 puzzles


def guide_commands_quick() -> list[str]:
    """The guide's commands but its booklet of 21 puzzles (a shorter booklet of days and counts runs in the
    default run: tests/test_print_days.py); the whole guide runs with the long tests."""
    lines = guide_commands()
    assert BOOKLET in lines
    return [line for line in lines if line != BOOKLET]


# README's block runs in the default run too, in tests/test_docs_run.py (which leaves its slow commands to
# the long run, and checks "of par" too): here it runs whole, with the long tests
@pytest.mark.parametrize("commands", [pytest.param(readme_commands, id="README", marks=pytest.mark.long),
                                      pytest.param(guide_commands_quick, id="docs/puzzles.md"),
                                      pytest.param(guide_commands, id="docs/puzzles.md whole", marks=pytest.mark.long)])
def test_every_puzzle_command_shown_works(cli, tmp_path, monkeypatch, commands, request):
    monkeypatch.chdir(tmp_path)
    if request.node.get_closest_marker("long") is None:  # the commands work alike with small searches
        small_searches(monkeypatch)
    lines = commands()
    assert len(lines) >= 5
    for line in lines:
        args = shlex.split(line, comments=True)
        r = cli(*args[1:])
        assert r.exit_code == 0, (line, r.output)
        if "--puzzle" in args:
            assert " of par " in r.output


def test_default_names_carry_the_id(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for args in (["--daily", "2027-01-05"], ["--seed", "picnic"], ["--daily", "2027-01-01", "--days", "3"]):
        assert cli("puzzle", "shelving-wars", *args).exit_code == 0
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        "shelving-wars-puzzle+picnic.pdf", "shelving-wars-puzzle@2027-01-01..2027-01-03.pdf",
        "shelving-wars-puzzle@2027-01-05.pdf"]


def test_both_documents_say_how_a_placement_puzzle_is_chosen():
    """docs/puzzles.md and the Scrambled Streets rules tell the same story, and it is the code's."""
    from rollwrite.games.scrambled_streets import solve

    guide = " ".join((ROOT / "docs" / "puzzles.md").read_text(encoding="utf-8").split())
    rules = " ".join((ROOT / "docs" / "rules" / "scrambled-streets.md").read_text(encoding="utf-8").split())
    for text in (guide, rules):
        assert "exactly one placement" in text and "more than half" in text and "two or more below" in text
        assert f"up to {solve.MAX_TRIES} tries" in text
        assert re.search(r"from the (twelfth|12th) try on", text) and solve.FIRST_TRIES == 12
    assert "at most 12 tries" not in rules and "some placement scores less" not in rules
