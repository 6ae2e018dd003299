"""The Long Way's par holds: no sheet we know beats the puzzle of its seed (the examples with an id, the
automatic player's games), and a par the solver has not proven is never printed as proven."""

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
GAME = games.get("long-way")


def _seeded_examples() -> list[tuple[str, str]]:
    """(file name, seed) of each example that names the challenge it was played on."""
    out = []
    for path in sorted(EXAMPLES.glob("*.txt")):
        m = re.search(r"^# id: long-way#(\S+)", path.read_text(), re.M)
        if m:
            out.append((path.name, m.group(1)))
    return out


def _puzzle(seed: str):
    from rollwrite.cli.puzzle import make_puzzles

    layout, _, (p,) = make_puzzles("long-way", seed=seed)
    return layout.data, p


def test_the_examples_that_name_a_seed_are_found():
    assert {name for name, _ in _seeded_examples()} >= {"picnic.txt", "flat-pack.txt"}


@pytest.mark.parametrize(("name", "seed"), _seeded_examples())
def test_no_example_beats_the_par_of_its_puzzle(name, seed):
    data, p = _puzzle(seed)
    sheet = parse((EXAMPLES / name).read_text(), name)
    ev = GAME.evaluate_puzzle(p, sheet, data)
    assert ev.problems == ()  # a sheet the rules allow...
    assert ev.score.total <= p.par  # ...never beats par
    assert customers_path(p.answer).total == p.par  # and par is what the answer scores


@pytest.mark.parametrize("seed", ["picnic", "club"])
def test_the_automatic_player_never_beats_par(seed):
    data, p = _puzzle(seed)
    dice = schedule_dice(p.schedule)
    for style in ("", "a", "b", "c", "d"):
        assert customers_path(play(as_chart(data), dice, style=style)).total <= p.par


def test_a_par_below_its_bound_is_not_called_proven():
    data, p = _puzzle("picnic")
    assert p.par < p.bound
    assert not p.par_proven
    assert f"no sheet beats {p.bound}" in p.par_text() and "(proven)" not in p.par_text()
    assert solve.bound(schedule_dice(p.schedule)) == p.bound
