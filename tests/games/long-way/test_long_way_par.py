"""The Long Way's par holds: no sheet we know beats the puzzle of its challenge (the examples with an id,
the sheets kept in tests/games/long-way/sheets, the automatic player's games), and a par the solver has
not proven is never printed as proven."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rollwrite import games
from rollwrite.games.long_way import solve
from rollwrite.games.long_way.data import as_chart
from rollwrite.games.long_way.format import parse
from rollwrite.games.long_way.play import play, schedule_dice
from rollwrite.games.long_way.rules import customers_path

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "long-way"
#: sheets played on a puzzle's dice that once beat, or reached, a par the search later lost
SHEETS = Path(__file__).resolve().parent / "sheets"
GAME = games.get("long-way")


def _known_sheets() -> list[tuple[Path, str]]:
    """(file, challenge: a seed, or ``@DATE`` for a daily) of each sheet that names its challenge."""
    out = []
    for path in sorted(EXAMPLES.glob("*.txt")) + sorted(SHEETS.glob("*.txt")):
        m = re.search(r"^# id: long-way([#@])(\S+)", path.read_text(), re.M)
        if m:
            out.append((path, m.group(2) if m.group(1) == "#" else "@" + m.group(2)))
    return out


@pytest.fixture
def puzzle(made_puzzle):
    """puzzle(challenge) -> (data, puzzle): a seed, or ``@DATE`` for a daily (made once in a run)."""

    def get(challenge: str):
        if challenge.startswith("@"):
            layout, _, p = made_puzzle("long-way", daily=challenge[1:])
        else:
            layout, _, p = made_puzzle("long-way", challenge)
        return layout.data, p

    return get


#: the challenge held to par in the default run (a puzzle takes seconds of search; this one the bound,
#: difficulty and answer-sheet tests hold too); the long run holds every known sheet, the dailies' among
#: them, and the automatic player on every challenge here to the par of its puzzle
DEFAULT = {"picnic"}


def _cases(pairs):
    return [pytest.param(*pair, marks=() if pair[-1] in DEFAULT else pytest.mark.long) for pair in pairs]


def test_the_sheets_that_name_a_challenge_are_found():
    assert {path.name for path, _ in _known_sheets()} >= {"picnic.txt", "flat-pack.txt", "daily-2027-07-30.txt"}


@pytest.mark.parametrize(("path", "challenge"), _cases(_known_sheets()), ids=lambda x: getattr(x, "name", x))
def test_no_known_sheet_beats_the_par_of_its_puzzle(path, challenge, puzzle):
    data, p = puzzle(challenge)
    sheet = parse(path.read_text(), path.name)
    ev = GAME.evaluate_puzzle(p, sheet, data)
    assert ev.problems == ()  # a sheet the rules allow...
    assert ev.score.total <= p.par <= p.bound  # ...never beats par, nor par the bound
    assert customers_path(p.answer).total == p.par  # and par is what the answer scores


@pytest.mark.parametrize("challenge", _cases([("picnic",), ("club",), ("@2027-07-30",)]))
def test_the_automatic_player_never_beats_par(challenge, puzzle):
    data, p = puzzle(challenge)
    dice = schedule_dice(p.schedule)
    for style in ("", "a", "b", "c", "d"):
        assert customers_path(play(as_chart(data), dice, style=style)).total <= p.par


def test_a_par_below_its_bound_is_not_called_proven(puzzle):
    data, p = puzzle("picnic")
    assert p.par < p.bound
    assert not p.par_proven
    assert f"no sheet beats {p.bound}" in p.par_text() and "(proven)" not in p.par_text()
    assert solve.bound(as_chart(data), schedule_dice(p.schedule)) == p.bound
