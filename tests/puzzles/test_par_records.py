"""score --puzzle takes par from the record the puzzle's making left, and solves again only without one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rollwrite import games
from rollwrite.core import par_records


def make(cli, tmp_path, game="shelving-wars", seed="rec"):
    r = cli("puzzle", game, "--seed", seed, "--answers", str(tmp_path / "ans"), "-o", str(tmp_path / "p.pdf"))
    assert r.exit_code == 0, r.output
    return next((tmp_path / "ans").iterdir())


def no_solving(monkeypatch, game="shelving-wars"):
    def refuse(*a, **k):
        raise AssertionError("solved again")

    monkeypatch.setattr(type(games.get(game)), "make_puzzle", refuse)


def records() -> list[Path]:
    return sorted(par_records.folder().glob("*.json"))


@pytest.mark.parametrize("game", ["shelving-wars", "scrambled-streets"])
def test_checking_an_answer_does_not_solve_again(cli, tmp_path, monkeypatch, game):
    answer = make(cli, tmp_path, game)
    par = json.loads(records()[0].read_text())["par"]
    no_solving(monkeypatch, game)
    r = cli("score", game, str(answer), "--seed", "rec", "--puzzle")
    assert r.exit_code == 0, r.output
    assert f"{par} of par {par}" in r.output
    r = cli("score", game, str(answer), "--seed", "rec", "--puzzle", "--json")
    doc = json.loads(r.output)
    assert doc["puzzle"] == f"{game}#rec puzzle" and doc["par"] == par


def test_a_wrong_answer_is_still_refused_from_the_record(cli, tmp_path, monkeypatch):
    answer = make(cli, tmp_path, "scrambled-streets")
    no_solving(monkeypatch, "scrambled-streets")
    lines = answer.read_text().splitlines()
    last = max(i for i, line in enumerate(lines) if line.strip() and not line.startswith("#"))
    del lines[last]  # the answer's own turn: what is left places no card
    answer.write_text("\n".join(lines) + "\n")
    r = cli("score", "scrambled-streets", str(answer), "--seed", "rec", "--puzzle")
    assert r.exit_code == 1
    assert "then one more turn placing card" in r.output


@pytest.mark.parametrize("damage", [b"", b"{not json", b'{"id": "shelving-wars#rec puzzle"}', b"\xff\xfe",
                                    b"[1, 2]", None])
def test_a_damaged_record_is_ignored_and_the_puzzle_solved_again(cli, tmp_path, damage):
    answer = make(cli, tmp_path)
    (record,) = records()
    good = json.loads(record.read_text())
    if damage is None:  # well-formed, but a field of the wrong type
        record.write_text(json.dumps({**good, "par": "many"}))
    else:
        record.write_bytes(damage)
    r = cli("score", "shelving-wars", str(answer), "--seed", "rec", "--puzzle")
    assert r.exit_code == 0, r.output
    assert f"{good['par']} of par {good['par']}" in r.output
    assert json.loads(record.read_text()) == good  # and the record written anew


def test_without_a_record_the_puzzle_is_solved(cli, tmp_path):
    answer = make(cli, tmp_path)
    for record in records():
        record.unlink()
    r = cli("score", "shelving-wars", str(answer), "--seed", "rec", "--puzzle")
    assert r.exit_code == 0 and " of par " in r.output
    assert len(records()) == 1


def test_records_are_bounded_and_written_whole(cli, tmp_path, monkeypatch):
    from rollwrite.core.puzzles import make_puzzles

    monkeypatch.setattr(par_records, "MAX_RECORDS", 3)
    make_puzzles("shelving-wars", seed="b", count=5)
    assert len(records()) == 3
    assert not [p for p in par_records.folder().iterdir() if p.suffix != ".json"]  # no temporary file left


def test_a_cache_that_cannot_be_written_costs_nothing_but_time(cli, tmp_path, monkeypatch):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the cache folder would be")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    answer = make(cli, tmp_path)
    r = cli("score", "shelving-wars", str(answer), "--seed", "rec", "--puzzle")
    assert r.exit_code == 0 and " of par " in r.output


def test_the_key_changes_with_the_options_and_the_id():
    a = par_records.key("shelving-wars", "shelving-wars#x puzzle", {"size": 10})
    assert a != par_records.key("shelving-wars", "shelving-wars#x puzzle", {"size": 9})
    assert a != par_records.key("shelving-wars", "shelving-wars#y puzzle", {"size": 10})
    assert a == par_records.key("shelving-wars", "shelving-wars#x puzzle", {"size": 10})


@pytest.mark.parametrize("game", ["wobbly-cafe", "long-way", "shelving-wars", "scrambled-streets"])
def test_a_puzzle_rebuilt_from_its_record_checks_its_own_answer(game, quick):
    from rollwrite.core.puzzles import make_puzzles, puzzle_to_check
    from rollwrite.layoutlang.layout import load_builtin

    # small searches (the quick fixture), as the games' own command tests make them: the record keeps the par
    layout, g, (made,) = make_puzzles(game, seed="again")
    rebuilt = puzzle_to_check(game, seed="again", daily=None, options=g.puzzle_options_of(made.answer))
    assert rebuilt.extra == {}  # from the record: nothing was solved
    for field in ("id", "par", "par_proven", "bound", "parts", "difficulty", "best_known", "prompt"):
        assert getattr(rebuilt, field) == getattr(made, field), field
    data = load_builtin(game).data
    ev = g.evaluate_puzzle(rebuilt, rebuilt.answer, data)
    assert ev.valid and ev.score.total == made.par
