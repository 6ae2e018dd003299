"""``rollwrite score wobbly-cafe``: exit codes, messages and the JSON document."""

from __future__ import annotations

import json
from pathlib import Path


from clirun import invoke

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "wobbly-cafe"
DAILY = str(EXAMPLES / "daily-2026-11-22.txt")
SLIP = str(EXAMPLES / "daily-2026-11-22-slip.txt")
WORKED = str(EXAMPLES / "worked-example.txt")


def score(*args: str):
    return invoke(["score", "wobbly-cafe", *args])


def test_a_valid_sheet_with_the_right_claim_exits_0():
    r = score(WORKED, "--claimed", "113")
    assert r.exit_code == 0, r.output
    assert "Floor 1  6×1 + 2×2 + 0×3 + 1×4 + 2×5 + 2×6 = 36" in r.output
    assert "Tie-break (floor 3): 39" in r.output
    assert "total: 113" in r.output and "claimed 113: correct" in r.output


def test_a_wrong_claim_exits_1():
    r = score(WORKED, "--claimed", "112")
    assert r.exit_code == 1
    assert "claimed 112, but the sheet scores 113 (1 more than claimed)" in r.output


def test_the_daily_sheet_matches_its_rolls_and_not_another_days():
    assert score(DAILY, "--daily", "2026-11-22").exit_code == 0
    r = score(DAILY, "--daily", "2026-11-23")
    assert r.exit_code == 1 and "was never placed" in r.output


def test_a_slip_is_caught_with_its_row():
    r = score(SLIP, "--daily", "2026-11-22")
    assert r.exit_code == 1
    assert ("floor 1, row 1: the pair 5 and 1 (spaces 1 and 4) matches no roll: floor 1 never rolled 1 and 5"
            in r.output)
    assert "floor 1, turn 16: the roll 2 and 1 was never placed" in r.output


def test_json_document():
    r = score(SLIP, "--daily", "2026-11-22", "--json")
    assert r.exit_code == 1
    doc = json.loads(r.stdout)
    assert doc["game"] == "wobbly-cafe" and doc["id"] == "wobbly-cafe@2026-11-22"
    assert doc["total"] == 128 and doc["valid"] is False
    assert doc["problems"][0] == {
        "where": "floor 1, row 1",
        "message": "the pair 5 and 1 (spaces 1 and 4) matches no roll: floor 1 never rolled 1 and 5",
        "rule": "rolls",
        "line": 11,
    }
    b = doc["breakdown"]
    assert [f["score"] for f in b["floors"]] == [40, 44, 44] and b["total"] == 128 and b["tiebreak"] == 44
    assert b["floors"][0]["formula"] == "10×1 + 1×2 + 4×3 + 4×4 + 0×5 + 0×6 = 40"


def test_unfinished_sheet_is_a_rule_violation_not_unreadable():
    r = score(str(EXAMPLES / "unfinished.txt"), "--json")
    assert r.exit_code == 1
    doc = json.loads(r.stdout)
    assert doc["valid"] is False and {p["rule"] for p in doc["problems"]} == {"filled"}
    assert doc["total"] == 77


def test_unreadable_sheet_exits_2_with_file_line_and_column(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("floor 1\n  22|21\n 14x|322\n", encoding="utf-8")
    r = score(str(bad))
    assert r.exit_code == 2
    assert f"{bad}:3:4: 'x' cannot be written in a space" in r.stderr
