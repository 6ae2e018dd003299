"""``rollwrite score long-way``: exit codes, messages and the JSON document."""

from __future__ import annotations

import json
from pathlib import Path


from clirun import invoke

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "long-way"
PICNIC = str(EXAMPLES / "picnic.txt")
WALLED = str(EXAMPLES / "walled-in.txt")


def score(*args: str, input: str | None = None):
    return invoke(["score", "long-way", *args], input=input)


def test_right_claim_exits_0_and_draws_the_path():
    r = score(PICNIC, "--claimed", "7", "--seed", "picnic")
    assert r.exit_code == 0, r.output
    assert "Customers' path: entrance -> cafeteria B -> cafeteria A -> exit, 25 steps." in r.output
    assert "Displays on the path 10 - empty spaces on the path 3 = 7" in r.output
    assert "claimed 7: correct" in r.output


def test_wrong_claim_exits_1():
    r = score(PICNIC, "--claimed", "9")
    assert r.exit_code == 1
    assert "claimed 9" in r.output


def test_log_against_another_seed_exits_1_naming_the_turn():
    r = score(PICNIC, "--seed", "rainy")
    assert r.exit_code == 1
    assert "turn 1: the dice of long-way#rainy were light 1, dark 2; the log says 1 3" in r.output
    assert "more turns roll other dice than long-way#rainy" in r.output


def test_json_document():
    r = score(WALLED, "--json")
    assert r.exit_code == 0, r.output
    doc = json.loads(r.output)
    assert doc["game"] == "long-way" and doc["total"] == 0 and doc["valid"] is True
    assert doc["breakdown"]["reachable"] is False
    assert doc["breakdown"]["reason"] == "the exit cannot be reached from the entrance"
    r = score(PICNIC, "--json")
    doc = json.loads(r.output)
    assert [leg["steps"] for leg in doc["breakdown"]["legs"]] == [2, 13, 10]
    assert doc["breakdown"]["path"][0] == "A4"


def test_rule_problems_in_json():
    text = (EXAMPLES / "no-cafeteria.txt").read_text().replace("coins: gained 0, spent 0", "coins: gained 0, spent 3")
    r = score("-", "--json", input=text)
    assert r.exit_code == 1
    doc = json.loads(r.output)
    assert doc["valid"] is False
    assert doc["problems"] == [{"where": "sheet", "message": "3 coins spent but only 0 gained", "rule": "coins"}]


def test_garbage_and_empty_input_exit_2():
    r = score("-", input="hello there\n")
    assert r.exit_code == 2
    assert "<stdin>:1:1: 'hello' is outside any section" in r.stderr
    r = score("-", input="")
    assert r.exit_code == 2
    r = score("-", input="entrance: A4 W\nexit: G1 N\nstore:\n. . .\n")
    assert r.exit_code == 2 and "<stdin>:4:6: row 1 of the store has 3 spaces; expected 7" in r.stderr
