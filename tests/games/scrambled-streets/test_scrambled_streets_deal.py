"""The seeded deal: golden vectors of the shuffle (docs/seeds.md), the start, and the CLI's roll."""

from __future__ import annotations

import json

import pytest

from rollwrite.dice import DealSpec, below, make_deal, shuffle, words

PICNIC = "scrambled-streets#picnic"


def test_worked_example_of_the_shuffle():
    ws = words(PICNIC, "deck")
    assert [next(ws) for _ in range(4)] == [3221922387, 3452654313, 3955521314, 3927575255]
    assert shuffle(PICNIC, "deck", 5) == (1, 4, 5, 2, 3)


def test_golden_deals():
    d = make_deal("scrambled-streets", PICNIC, DealSpec(48, 4))
    assert d.start == (13, 41, 18, 5) and d.turned == (True, True, True, True)
    assert d.draws[:4] == (34, 12, 40, 17)
    day = make_deal("scrambled-streets", "scrambled-streets@2026-11-22", DealSpec(48, 4))
    assert day.order == (23, 40, 18, 5, 12, 27, 22, 9, 33, 31, 10, 15, 2, 26, 46, 20, 44, 30, 37, 47, 11, 35, 19,
                         13, 7, 41, 16, 28, 1, 29, 34, 8, 24, 32, 4, 43, 42, 36, 14, 38, 48, 17, 39, 6, 25, 45, 3, 21)
    assert day.turned == (False, False, True, False)


def test_a_shuffle_is_a_permutation_and_skips_words_above_the_limit():
    for n in (1, 2, 3, 48, 97):
        assert sorted(shuffle("g#x", "deck", n)) == list(range(1, n + 1))
    # below() skips a word at or above the limit, like a die
    assert below(iter([2**32 - 1, 7]), 3) == 7 % 3  # 2**32 - 1 is the limit for m = 3: skipped
    assert below(iter([2**32 - 2, 8]), 3) == (2**32 - 2) % 3 == 2  # just under the limit: used


def test_roll_shows_the_deal(cli):
    r = cli("roll", "scrambled-streets", "--daily", "2026-11-22", "--json")
    assert r.exit_code == 0
    doc = json.loads(r.stdout)
    assert doc["id"] == "scrambled-streets@2026-11-22" and doc["algorithm"] == "rollwrite-dice-1"
    assert doc["deck"] == {"cards": 48, "start": 4}
    assert [s["card"] for s in doc["start"]] == [23, 40, 18, 5]
    assert [s["orientation"] for s in doc["start"]] == ["up", "up", "down", "up"]
    assert doc["draws"][:3] == [12, 27, 22] and len(doc["draws"]) == 44
    table = cli("roll", "scrambled-streets", "--daily", "2026-11-22")
    assert table.exit_code == 0
    assert "bottom left" in table.stdout and "down" in table.stdout and "21" in table.stdout


def test_roll_refuses_turns_and_show_for_a_deal(cli):
    r = cli("roll", "scrambled-streets", "--seed", "x", "--turns", "3")
    assert r.exit_code == 2 and "has no --turns option" in r.stderr
    r = cli("roll", "scrambled-streets", "--seed", "x", "--show", "3")
    assert r.exit_code == 2 and "no turns to --show" in r.stderr


@pytest.mark.parametrize("args", [("--seed", "picnic"), ("--daily", "2026-11-22")])
def test_the_same_deal_every_time(cli, args):
    assert cli("roll", "scrambled-streets", *args, "--json").stdout == cli("roll", "scrambled-streets", *args, "--json").stdout
