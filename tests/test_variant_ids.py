"""Ids that carry their variation: ``shelving-wars#x~2d20`` names the seed x played with two d20 per turn.

The id printed on a variant sheet and shown by ``roll`` brings back the same sheet and dice wherever a
game or a seed goes; the game as shipped keeps its plain id (docs/seeds.md, "Variations")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollwrite.dice import game_id, parse_variant, parse_variant_id, split_variant, variant_code
from rollwrite.errors import UsageError

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

# golden vectors: the first turns of variant ids (the dice come from the id without its ~ part)
GOLDEN_VARIANT = {
    "shelving-wars#x~2d20": [[9, 6], [6, 9]],
    "shelving-wars@2026-11-22~s12t5": [[6, 5, 3], [6, 3, 4]],
}


@pytest.mark.parametrize("gid", sorted(GOLDEN_VARIANT))
def test_golden_variant_ids(cli, gid):
    r = cli("roll", gid, "--show", "2", "--json")
    assert r.exit_code == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["id"] == gid
    assert [t["dice"] for t in doc["turns"] if t["group"] == 1] == GOLDEN_VARIANT[gid]


def test_options_and_id_give_the_same_schedule(cli):
    by_options = cli("roll", "shelving-wars", "-s", "x", "--dice", "2", "--sides", "20", "--json")
    by_id = cli("roll", "shelving-wars#x~2d20", "--json")
    as_seed = cli("roll", "shelving-wars", "--seed", "shelving-wars#x~2d20", "--json")
    assert by_options.exit_code == by_id.exit_code == as_seed.exit_code == 0
    assert json.loads(by_options.stdout)["id"] == "shelving-wars#x~2d20"
    assert by_options.stdout == by_id.stdout == as_seed.stdout


def test_the_game_as_shipped_keeps_its_id(cli):
    plain = cli("roll", "shelving-wars", "-s", "x", "--json")
    same = cli("roll", "shelving-wars", "-s", "x", "--dice", "3", "--sides", "6", "--json")
    assert json.loads(plain.stdout)["id"] == "shelving-wars#x"
    assert plain.stdout == same.stdout


def test_print_round_trip(cli, tmp_path):
    a = cli("print", "shelving-wars", "-s", "x", "--size", "10", "--turns", "6", "-o", str(tmp_path / "a.pdf"))
    b = cli("print", "shelving-wars#x~s10t6", "-o", str(tmp_path / "b.pdf"))
    assert a.exit_code == b.exit_code == 0, a.stderr + b.stderr
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()
    from pypdf import PdfReader

    assert "shelving-wars#x~s10t6" in PdfReader(str(tmp_path / "a.pdf")).pages[0].extract_text()


def test_default_file_name_carries_the_variation(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = cli("print", "shelving-wars@2026-01-01~2d8")
    assert r.exit_code == 0, r.stderr
    assert (tmp_path / "out" / "shelving-wars@2026-01-01~2d8.pdf").is_file()


def test_score_round_trip(cli):
    sheet = str(EXAMPLES / "shelving-wars" / "seeded-closet.txt")  # printed with --seed closet --size 8
    r = cli("score", "shelving-wars#closet~s8", sheet, "--json")
    assert r.exit_code == 0, r.stderr
    assert json.loads(r.stdout)["id"] == "shelving-wars#closet~s8"
    wrong = cli("score", "shelving-wars#closet~s9", sheet)
    assert wrong.exit_code == 2 and "the id says --size 9, but the sheet has size 8" in wrong.stderr


def test_an_id_and_an_option_that_disagree_are_refused(cli):
    r = cli("roll", "shelving-wars#x~2d20", "--dice", "3")
    assert r.exit_code == 2 and "the id says --dice 2 but --dice 3 was given" in r.stderr


def test_a_variation_the_game_lacks_is_refused(cli):
    r = cli("roll", "long-way#x~2d20")
    assert r.exit_code == 2 and "long-way has no --dice option" in r.stderr


def test_a_seed_that_reads_as_a_variation_is_refused():
    with pytest.raises(UsageError, match="reads as a variation"):
        game_id("long-way", seed="x~2d20")
    assert game_id("long-way", seed="x~y") == "long-way#x~y"  # a ~ that starts no code stays in the seed
    assert parse_variant_id("long-way#x~y") == ("long-way", "x~y", None, "")


codes = st.fixed_dictionaries({}, optional={"dice": st.integers(1, 9), "sides": st.integers(2, 100),
                                            "size": st.integers(4, 26), "turns": st.integers(1, 50)})


@given(codes, st.text(st.characters(codec="ascii", exclude_characters="#@~", min_codepoint=33, max_codepoint=126), min_size=1,
                      max_size=10))
def test_variant_ids_round_trip(values, seed):
    defaults = {"dice": 3, "sides": 6, "size": 12, "turns": 20}
    full = {**defaults, **values}
    code = variant_code(full, defaults)
    gid = game_id("shelving-wars", seed=seed, variant=code)
    game, s, day, back = parse_variant_id(gid)
    assert (game, s, day, back) == ("shelving-wars", seed, None, code)
    assert ("~" in gid) == bool(code)
    if code:
        got = parse_variant(code)
        assert {**defaults, **got} == full
        assert split_variant(gid) == (gid[: -len(code) - 1], code)


def test_puzzle_round_trip(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the --json run writes its PDF under out/ here
    a = cli("puzzle", "lines-and-sections", "-s", "x", "--size", "6", "-o", str(tmp_path / "a.pdf"), "-q")
    b = cli("puzzle", "lines-and-sections#x~s6", "-o", str(tmp_path / "b.pdf"), "-q")
    assert a.exit_code == b.exit_code == 0, a.stderr + b.stderr
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()
    j = cli("puzzle", "shelving-wars#x~s10", "--json")
    assert json.loads(j.stdout)["id"] == "shelving-wars#x~s10 puzzle"


# ---------------------------------------------------------------- every id printed reproduces its sheet

PRINTED = [
    ["shelving-wars", "-s", "x", "-n", "4"],
    ["shelving-wars", "-s", "x", "-n", "3", "--dice", "2", "--sides", "20"],
    ["shelving-wars", "-s", "x"],
    ["shelving-wars", "--daily", "2027-03-04", "-n", "4", "--turns", "5"],
    ["long-way", "-s", "x", "-n", "3"],
    ["wobbly-cafe", "-s", "x", "-n", "5"],
    ["scrambled-streets", "-s", "x"],
]


@pytest.mark.parametrize("words", PRINTED, ids=[" ".join(w) for w in PRINTED])
def test_the_id_printed_on_a_sheet_reproduces_its_dice_and_players(words, cli, tmp_path):
    """Type the id a sheet prints back into print (no other option but, where every player rolls the same
    dice, how many sheets): the same sheet, byte for byte, so the same dice for the same count of players
    (Shelving Wars rolls a group of dice per player: its id says how many, ``~p4``)."""
    import re

    from pypdf import PdfReader

    first = tmp_path / "a.pdf"
    r = cli("print", *words, "-o", str(first))
    assert r.exit_code == 0, r.stderr
    text = " ".join(p.extract_text() for p in PdfReader(str(first)).pages)
    printed = re.search(r"Challenge: (\S+)|(\S+@\d{4}-\d\d-\d\d\S*)", text)
    ids = re.findall(r"\b([a-z-]+[#@][^\s·]+)", text)
    assert ids, text[:300]
    again = tmp_path / "b.pdf"
    # a game whose players all roll the same dice prints a sheet each: -n says how many, not which dice
    count = words[words.index("-n"): words.index("-n") + 2] if "-n" in words and words[0] != "shelving-wars" else []
    r = cli("print", ids[0], *count, "-o", str(again))
    assert r.exit_code == 0, r.stderr
    assert again.read_bytes() == first.read_bytes(), (ids[0], printed)


def test_a_shelving_wars_id_carries_the_count_of_players_its_dice_are_for(cli):
    r = cli("roll", "shelving-wars#x~p4", "--json")
    assert r.exit_code == 0, r.stderr
    assert "Player 4" in r.stdout and "Player 5" not in r.stdout
    two = cli("roll", "shelving-wars#x", "--json")
    assert "Player 3" not in two.stdout
    clash = cli("roll", "shelving-wars#x~p4", "-n", "3")
    assert clash.exit_code == 2
    assert clash.stderr == ("rollwrite: the id says --players 4 but --players 3 was given\n"
                            "  hint: leave out --players: the id carries the count its dice were rolled for\n")


@pytest.mark.parametrize("words,warning", [
    (["roll", "shelving-wars#x~t5s12", "--show", "1"],
     "rollwrite: warning: 'shelving-wars#x~t5s12' ends in '~t5s12', which is not a variation (its parts go "
     "dice, size, turns, players: ~s12t5), so it is read as part of the seed, with no variation; did you mean "
     "'shelving-wars#x~s12t5'?\n"),
    (["print", "wobbly-cafe#café☕[U+1F3B2]"],
     "rollwrite: warning: 'wobbly-cafe#café☕[U+1F3B2]' holds [U+1F3B2], which is how a sheet prints a character "
     "its fonts lack: the seed is taken as typed, with those letters; the sheet's own id is 'wobbly-cafe#café☕🎲'\n"),
    (["print", "long-way", "--seed", "a~t5s12"],
     "rollwrite: warning: 'a~t5s12' ends in '~t5s12', which is not a variation (its parts go dice, size, turns, "
     "players: ~s12t5), so it is read as part of the seed, with no variation; did you mean 'a~s12t5'?\n"),
])
def test_an_id_typed_back_wrong_is_taken_with_a_warning_saying_what_was_meant(words, warning, cli, tmp_path,
                                                                              monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = cli(*words)
    assert r.exit_code == 0, r.stderr
    assert r.stderr == warning
    quiet = cli(*words, "-q", *(["--force"] if words[0] == "print" else []))
    assert quiet.exit_code == 0 and quiet.stderr == ""


@pytest.mark.parametrize("text", ["long-way#picnic", "shelving-wars#x~2d20", "long-way#x~y", "long-way#[note]"])
def test_an_id_as_printed_gets_no_warning(text, cli):
    r = cli("roll", text, "--show", "1")
    assert r.exit_code == 0 and r.stderr == ""
