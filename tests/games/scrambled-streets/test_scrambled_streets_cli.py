"""``rollwrite score scrambled-streets``: exit codes, the per-turn report, --json, --claimed and a seeded deal."""

from __future__ import annotations

import json
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "scrambled-streets"
SHORT = str(EXAMPLES / "short-game.txt")


def test_a_legal_game_and_a_right_claim_exit_0(cli):
    r = cli("score", "scrambled-streets", SHORT, "--claimed", "6,4")
    assert r.exit_code == 0
    assert "   3  Black   1 up         2  yes       +4      6      4  25-1 (a loop)" in r.stdout
    assert "claimed 6, 4: correct" in r.stdout


def test_a_wrong_claim_exits_1_and_says_by_how_much(cli):
    r = cli("score", "scrambled-streets", SHORT, "--claimed", "6,7")
    assert r.exit_code == 1
    assert "White: claimed 7, but the sheet scores 4 (3 less than claimed)" in r.stdout


def test_json_has_total_valid_problems_breakdown_players(cli):
    doc = json.loads(cli("score", "scrambled-streets", SHORT, "--json").stdout)
    assert doc["total"] == 6 and doc["valid"] is True and doc["problems"] == []
    assert doc["players"] == [{"name": "Black", "total": 6, "player": "Ann"},
                              {"name": "White", "total": 4, "player": "Bob"}]
    b = doc["breakdown"]
    assert b["first"] == "black" and b["tie_bonus"] == {"black": 0, "white": 0}
    assert [t["points"] for t in b["turns"]] == [2, 4, 4]
    assert b["turns"][2]["loop"] is True and b["mayor"] is None and b["complete"] is False


def test_a_broken_rule_exits_1_with_its_line(cli):
    r = cli("score", "scrambled-streets", str(EXAMPLES / "impossible-push.txt"), "--json")
    assert r.exit_code == 1
    doc = json.loads(r.stdout)
    [p] = doc["problems"]
    assert p["where"] == "turn 3" and p["line"] == 10 and "do not share an edge" in p["message"]


def test_an_unreadable_file_exits_2_naming_line_and_column(cli, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("start:\n  17 up 3 down\n  40 down 8 up\n1. 25 sideways at 17|3 push 3\n")
    r = cli("score", "scrambled-streets", str(bad))
    assert r.exit_code == 2
    assert f"{bad}:4:7: 'sideways' is not an orientation" in r.stderr


def test_claims_must_be_one_per_player(cli):
    r = cli("score", "scrambled-streets", SHORT, "--claimed", "6")
    assert r.exit_code == 2 and "one score per player" in r.stderr


def test_a_seeded_game_is_checked_against_its_deal(cli):
    picnic = str(EXAMPLES / "seeded-picnic.txt")
    assert cli("score", "scrambled-streets", picnic, "--seed", "picnic").exit_code == 0
    r = cli("score", "scrambled-streets", picnic, "--seed", "rainy-day", "--json")
    assert r.exit_code == 1
    doc = json.loads(r.stdout)
    assert doc["id"] == "scrambled-streets#rainy-day"
    assert any(p["where"] == "start, top left" and p["rule"] == "deal" for p in doc["problems"])
    assert any(p["where"] == "turn 1" and "the next card of scrambled-streets#rainy-day is" in p["message"]
               for p in doc["problems"])


def test_a_complete_game_names_the_mayor(cli):
    r = cli("score", "scrambled-streets", str(EXAMPLES / "seeded-picnic.txt"))
    assert "the city is complete: White (Bob) is Mayor, 230 to 210" in r.stdout


def test_print_with_a_seed_adds_the_deal(cli, tmp_path):
    r = cli("print", "scrambled-streets", "--seed", "rainy-day", "-o", str(tmp_path / "d.pdf"))
    assert r.exit_code == 0 and "(14 pages)" in r.stdout  # 6 pages of 8 cards, their backs, rules, deal
    r = cli("print", "scrambled-streets", "--paper", "letter", "-o", str(tmp_path / "l.pdf"))
    assert r.exit_code == 0 and "(17 pages)" in r.stdout  # 8 pages of 6, backs, rules (an SVG a page: test_png.py)


def test_games_lists_what_it_can_do(cli):
    line = next(x for x in cli("games").stdout.splitlines() if x.startswith("scrambled-streets"))
    assert line.endswith("[print, roll, score, puzzle]")


def test_check_layout_finds_no_overlap(cli):
    r = cli("check-layout", str(EXAMPLES.parents[1] / "layouts" / "scrambled-streets.yaml"))
    assert r.exit_code == 0 and "ok" in r.stdout
