"""Placement puzzles: the solver tries every placement and is checked against a slow, independent
count; puzzles come from a challenge's deal; answers re-score to par through `rollwrite score --puzzle`."""

from __future__ import annotations

import json

import pytest
from pypdf import PdfReader

from rollwrite.dice import DealSpec, make_deal
from rollwrite.games.scrambled_streets.rules import City, longest, replay
from rollwrite.games.scrambled_streets.solve import make_position, placements, position, solve
from rollwrite.layoutlang.layout import load_builtin

DECK = load_builtin("scrambled-streets").data


def deal(gid: str):
    return make_deal("scrambled-streets", gid, DealSpec(48, 4))


def test_every_placement_is_tried():
    city = City.start([(17, False), (3, True), (40, True), (8, False)])
    # a 2 x 2 city has 4 edges; each: 2 cards to push, 2 ways up
    assert len(placements(city)) == 16
    answer = solve(city, DECK, 25, "black")
    assert answer.tried == 16


def test_solver_agrees_with_trying_each_placement_by_hand():
    d = deal("scrambled-streets#brute")
    pos = position(DECK, d, 6, "puzzle/0")
    scores = {}
    for a, b in pos.city.edges():
        for push in (a, b):
            for turned in (False, True):
                c = pos.city.copy()
                c.push(a, b, push, pos.card, turned)
                scores[(a, b, push, turned)] = longest(c, DECK, pos.player).value
    best = max(scores.values())
    assert pos.answer.best == best and pos.answer.worst == min(scores.values())
    assert {(p.a, p.b, p.push, p.turned) for p, _ in pos.answer.paths} == {k for k, v in scores.items() if v == best}


def test_a_position_comes_from_the_challenges_own_deal():
    d = deal("scrambled-streets#x")
    pos = make_position(DECK, d)
    assert [p.card for p in pos.game.start] == list(d.start)
    assert [m.card for m in pos.game.moves] == list(d.draws[: len(pos.game.moves)])
    assert pos.card == d.draws[len(pos.game.moves)]
    assert 4 <= len(pos.game.moves) <= 19
    assert replay(pos.game, DECK, d).problems == ()
    assert pos.unique and pos.answer.best > pos.answer.worst
    assert make_position(DECK, d).answer == pos.answer  # the same id, the same puzzle


def test_puzzle_command_prints_puzzle_and_answer_pages(cli, tmp_path):
    r = cli("puzzle", "scrambled-streets", "--seed", "x", "--with-solutions", "-o", str(tmp_path / "p.pdf"),
            "--answers", str(tmp_path / "ans"))
    assert r.exit_code == 0, r.stderr
    assert "scrambled-streets#x puzzle: par 17" in r.stdout
    reader = PdfReader(str(tmp_path / "p.pdf"))
    assert len(reader.pages) == 2
    assert "Black has drawn card 3" in reader.pages[0].extract_text()
    assert "Best: 3 down at 45|39 push 39, scoring 17" in reader.pages[1].extract_text()
    [answer] = list((tmp_path / "ans").glob("*.txt"))
    r = cli("score", "scrambled-streets", str(answer), "--seed", "x", "--puzzle", "--json")
    doc = json.loads(r.stdout)
    assert r.exit_code == 0 and doc["total"] == 17 and doc["par"] == 17 and doc["par_proven"] is True


def test_a_worse_answer_scores_less_and_a_wrong_card_is_refused(cli, tmp_path):
    cli("puzzle", "scrambled-streets", "--seed", "x", "-o", str(tmp_path / "p.pdf"), "--answers", str(tmp_path / "a"))
    [answer] = list((tmp_path / "a").glob("*.txt"))
    text = answer.read_text()
    worse = text.replace("3 down at 45|39 push 39", "3 up at 45|39 push 39")
    (tmp_path / "worse.txt").write_text(worse)
    doc = json.loads(cli("score", "scrambled-streets", str(tmp_path / "worse.txt"), "--seed", "x", "--puzzle",
                         "--json").stdout)
    assert doc["valid"] is True and doc["total"] < 17
    wrong = text.replace("18. 3 down", "18. 4 down")
    (tmp_path / "wrong.txt").write_text(wrong)
    r = cli("score", "scrambled-streets", str(tmp_path / "wrong.txt"), "--seed", "x", "--puzzle", "--json")
    assert r.exit_code == 1
    assert any("the next card of scrambled-streets#x is 3, not 4" in p["message"] for p in json.loads(r.stdout)["problems"])
    extra = text + "19. 4 up at 45|3 push 3\n"
    (tmp_path / "long.txt").write_text(extra)
    r = cli("score", "scrambled-streets", str(tmp_path / "long.txt"), "--seed", "x", "--puzzle", "--json")
    assert r.exit_code == 1
    assert any("then one more turn placing card 3" in p["message"] for p in json.loads(r.stdout)["problems"])


@pytest.mark.parametrize("seed", ["a", "b"])
def test_puzzle_answers_reach_par(seed):
    from rollwrite import games

    g = games.get("scrambled-streets")
    layout = load_builtin("scrambled-streets")
    d = deal(f"scrambled-streets#{seed}")
    p = g.make_puzzle(layout, d.id, d, {})
    assert list(g.evaluate_puzzle(p, p.answer, DECK).problems) == []
    assert g.evaluate(p.answer, DECK, None).score.total == p.par


def test_the_puzzle_page_teaches_placing_pushing_scoring_and_the_notation_without_the_answer(cli, tmp_path):
    import re

    from pypdf import PdfReader

    r = cli("puzzle", "scrambled-streets", "--seed", "club", "--with-solutions", "-o", str(tmp_path / "p.pdf"),
            "--answers", str(tmp_path / "ans"))
    assert r.exit_code == 0, r.output
    puzzle_page, answer_page = (" ".join(p.extract_text().split()) for p in PdfReader(tmp_path / "p.pdf").pages)
    for words in ("Placing.", "Push P, and every card beyond it in its row or column", "Scoring.",
                  "2 more for a loop", "Your answer.", "WAY at A|B push P", "(proven): no placement scores more", "every placement was tried"):
        assert words in puzzle_page, words
    # the answer: the last turn of the typed-in answer
    answer = re.findall(r"^\d+\. (\d+ (?:up|down) at \d+\|\d+ push \d+)\s*$",
                        next((tmp_path / "ans").iterdir()).read_text(), re.M)[-1]
    assert answer not in puzzle_page and answer in answer_page
    path = re.search(r"The path, street by street: ([\d -]+): (\d+) streets", answer_page)
    assert path and len(path.group(1).split(" - ")) == int(path.group(2))
