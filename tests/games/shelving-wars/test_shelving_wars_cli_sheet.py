"""Shelving Wars through the command line (score, print) and its layout data and variations."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from rollwrite.errors import InputError, UsageError
from rollwrite.games.shelving_wars import ShelvingWars
from rollwrite.games.shelving_wars.data import Data
from rollwrite.layoutlang.layout import load_builtin, parse_layout

ROOT = Path(__file__).resolve().parents[3]
EX = ROOT / "examples" / "shelving-wars"
G = ShelvingWars()


# ---------------------------------------------------------------- layout data and variations


def test_layout_data_and_dice():
    layout = load_builtin("shelving-wars")
    d = layout.data
    assert isinstance(d, Data)
    assert (d.size, d.turns, d.dice, d.sides, d.players) == (20, 8, 3, 6, 2)
    assert d.corners == ("top-left", "bottom-right", "top-right", "bottom-left")
    assert "18 x 18" in d.size_reason
    assert (layout.dice.count, layout.dice.sides, layout.dice.turns) == (3, 6, 8)
    assert layout.dice.groups == ("Player 1", "Player 2")
    assert G.sheets(4) == 1


def test_vary_adapts_data_and_dice():
    layout = load_builtin("shelving-wars")
    v = G.vary(layout, {"size": 16, "turns": 10, "dice": 4, "sides": 8}, 4)
    assert (v.data.size, v.data.turns, v.data.dice, v.data.sides, v.data.players) == (16, 10, 4, 8, 4)
    spec = G.dice_spec(v, 4)
    assert (spec.count, spec.sides, spec.turns) == (4, 8, 10)
    assert spec.groups == ("Player 1", "Player 2", "Player 3", "Player 4")
    assert G.vary(layout, {"size": None}, 2).data == layout.data


@pytest.mark.parametrize("options, players, message", [
    ({"size": 30}, 2, "--size: the battlefield size must be from 4 to 26, got 30"),
    ({"dice": 1}, 2, "--dice: the number of dice must be from 2 to 12, got 1"),
    ({"size": None}, 5, "Shelving Wars is for 2 to 4 players (one per corner), not 5"),
    ({"colour": 3}, 2, "shelving-wars has no --colour option"),
])
def test_vary_rejects_bad_options(options, players, message):
    with pytest.raises(UsageError) as exc:
        G.vary(load_builtin("shelving-wars"), options, players)
    assert exc.value.message == message


def test_score_dice_spec_follows_the_sheet():
    s = G.parse((EX / "four-players.txt").read_text(), "x", None)
    spec = G.score_dice_spec(load_builtin("shelving-wars"), s)
    assert (spec.count, spec.sides, spec.turns, len(spec.groups)) == (3, 6, 3, 4)


def test_layout_data_errors():
    text = (ROOT / "layouts" / "shelving-wars.yaml").read_text()
    bad = text.replace("  size: 20\n", "  size: 40\n")
    with pytest.raises(InputError, match="expected a positive whole number of at most 26, got 40|at most 26"):
        parse_layout(bad, "sw.yaml")
    bad = text.replace("  turns: 8\n  dice: 3\n", "  turns: 8\n  dise: 3\n")
    with pytest.raises(InputError) as exc:
        parse_layout(bad, "sw.yaml")
    assert "unknown key 'dise'" in str(exc.value) and "did you mean 'dice'?" in str(exc.value)
    bad = text.replace("[top-left, bottom-right, top-right, bottom-left]", "[top-left, top-left, top-right, bottom-left]")
    with pytest.raises(InputError, match="the corner 'top-left' is given twice"):
        parse_layout(bad, "sw.yaml")


# ---------------------------------------------------------------- score command


def test_score_sample_with_claim(cli):
    r = cli("score", "shelving-wars", str(EX / "sample.txt"), "--claimed", "80,61")
    assert r.exit_code == 0, r.output
    assert "claimed 80, 61: correct" in r.stdout
    assert "total: A 80, B 61" in r.stdout
    assert "    8   6 × 6 = +36    =    92        − 12   =    80" in r.stdout


def test_score_wrong_claim_exits_1(cli):
    r = cli("score", "shelving-wars", str(EX / "sample-with-capture.txt"), "--claimed", "97,61")
    assert r.exit_code == 1
    assert "A: claimed 97, but the sheet scores 98 (1 more than claimed)" in r.stdout


def test_score_json(cli):
    r = cli("score", "shelving-wars", str(EX / "shelves-and-capture.txt"), "--json")
    assert r.exit_code == 0
    doc = json.loads(r.stdout)
    assert doc["total"] == 12 and doc["valid"] is True and doc["problems"] == []
    assert doc["players"] == [{"name": "Ada", "total": 12}, {"name": "Bo", "total": 2}]
    bo = doc["breakdown"]["players"][1]
    assert [b["total"] for b in bo["boxes"]] == [5, 6, 6, 5]
    assert (bo["shelf_cost"], bo["capture_squares"], bo["capture"]) == (6, 6, 3)


def test_score_seeded_game(cli):
    r = cli("score", "shelving-wars", str(EX / "seeded-closet.txt"), "--seed", "closet", "--json")
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert doc["id"] == "shelving-wars#closet~s8" and doc["valid"]  # the sheet's 8x8 board is in its id
    r = cli("score", "shelving-wars", str(EX / "seeded-closet.txt"), "--seed", "attic")
    assert r.exit_code == 1
    assert "Kim (player 1), box 1: " in r.stdout


def test_score_rule_break_names_player_and_box(cli, tmp_path):
    f = tmp_path / "bad.txt"
    f.write_text("size: 10\nturns: 1\nplayer: A\nbox 2x2 at B2\nplayer: B\nbox 2x2 at J10 br\n")
    r = cli("score", "shelving-wars", str(f), "--json")
    assert r.exit_code == 1
    doc = json.loads(r.stdout)
    assert doc["valid"] is False
    assert doc["problems"] == [{
        "where": "A (player 1), box 1",
        "message": "the first box must start in the top-left corner (square A1); this one covers B2–C3",
        "rule": "corner",
        "line": 4,
    }]


def test_score_unreadable_sheet_exits_2(cli, tmp_path):
    f = tmp_path / "bad.txt"
    f.write_text("player: A\nbox 2x2 at A1 rolled 7\nplayer: B\n")
    r = cli("score", "shelving-wars", str(f))
    assert r.exit_code == 2
    assert f"{f}:2:22: a die shows 1 to 6, not 7" in r.stderr


# ---------------------------------------------------------------- print


def _pdf(cli, tmp_path, *args):
    out = tmp_path / "sw.pdf"
    r = cli("print", "shelving-wars", "-o", str(out), *args)
    assert r.exit_code == 0, r.output
    reader = PdfReader(str(out))
    return reader, "\n".join(p.extract_text() for p in reader.pages)


def test_print_default_sheet(cli, tmp_path):
    reader, text = _pdf(cli, tmp_path)
    assert len(reader.pages) == 1
    for want in ("Shelving Wars", "Player 1 · top-left", "Player 2 · bottom-right", "floating shelves", "final score"):
        assert want in text
    assert "Player 3" not in text


def test_print_variations_and_four_players(cli, tmp_path):
    reader, text = _pdf(cli, tmp_path, "--size", "16", "--turns", "10", "-n", "4", "--seed", "rainy-sunday")
    assert len(reader.pages) == 1
    assert "Player 4 · bottom-left" in text and "Player 3 · top-right" in text
    assert "shelving-wars#rainy-sunday" in text
    assert "10" in text
    # the seeded dice of player 1's first turn are printed in the score column
    from rollwrite.dice import game_id, make_schedule
    layout = G.vary(load_builtin("shelving-wars"), {"size": 16, "turns": 10}, 4)
    spec = G.dice_spec(layout, 4)
    sch = make_schedule("shelving-wars", game_id("shelving-wars", seed="rainy-sunday"), spec)
    first = " ".join(str(d) for d in sch.turn(1, 1).dice)
    assert first in text


def test_print_rejects_bad_variation(cli, tmp_path):
    r = cli("print", "shelving-wars", "-o", str(tmp_path / "x.pdf"), "--size", "40")
    assert r.exit_code == 2
    assert "--size: the battlefield size must be from 4 to 26, got 40" in r.stderr


@pytest.mark.parametrize("args,dice,turns", [([], "3d6", "8 turns"), (["--dice", "2", "--sides", "20", "--turns", "5"],
                                                                      "2d20", "5 turns")])
def test_the_sheet_says_its_dice_when_the_game_ends_and_who_wins(cli, tmp_path, args, dice, turns):
    from pypdf import PdfReader

    r = cli("print", "shelving-wars", *args, "-o", str(tmp_path / "s.pdf"))
    assert r.exit_code == 0, r.stderr
    text = " ".join(PdfReader(str(tmp_path / "s.pdf")).pages[0].extract_text().split())
    assert f"Roll {dice} each turn" in text
    assert f"End: after {turns} each, or at once when a player cannot place a box with their roll" in text
    assert "The most points wins." in text
