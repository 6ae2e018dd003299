"""score --puzzle takes par from the record the puzzle's making left, and solves again only without one."""

from __future__ import annotations

import json
import os
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
    assert rebuilt.extra == {"from_record": True}  # from the record: nothing was solved
    for field in ("id", "par", "par_proven", "bound", "parts", "difficulty", "best_known", "prompt"):
        assert getattr(rebuilt, field) == getattr(made, field), field
    data = load_builtin(game).data
    ev = g.evaluate_puzzle(rebuilt, rebuilt.answer, data)
    assert ev.valid and ev.score.total == made.par


# ---------------------------------------------------------------- records that would lie

def forge(record: Path, game: str, puzzle_id: str, options: dict, **changes) -> dict:
    """The record with ``changes`` and a digest made anew, as a forger who read this module would."""
    doc = json.loads(record.read_text())
    doc.update(changes)
    doc["digest"] = par_records.digest(game, doc, puzzle_id, options)
    record.write_text(json.dumps(doc))
    return doc


@pytest.mark.parametrize("par", [999, 150])
def test_an_edited_par_is_not_believed(cli, tmp_path, par):
    answer = make(cli, tmp_path)
    (record,) = records()
    good = json.loads(record.read_text())
    record.write_text(json.dumps({**good, "par": par, "bound": max(par, good["bound"])}))  # the old digest
    r = cli("score", "shelving-wars", str(answer), "--seed", "rec", "--puzzle")
    assert r.exit_code == 0, r.output
    assert f"{good['par']} of par {good['par']}" in r.output and f"of par {par}" not in r.output


def test_an_edited_par_with_its_digest_made_anew_is_not_believed_either(cli, tmp_path):
    # the record's answer, replayed on the dice, scores the true par, not 999
    answer = make(cli, tmp_path)
    (record,) = records()
    good = json.loads(record.read_text())
    forge(record, "shelving-wars", "shelving-wars#rec puzzle", {"size": 10}, par=999, bound=999)
    r = cli("score", "shelving-wars", str(answer), "--seed", "rec", "--puzzle")
    assert f"{good['par']} of par {good['par']}" in r.output and "999" not in r.output


@pytest.mark.parametrize("value", [-5, 141.5, "NaN", "Infinity", "-Infinity", "1" + "0" * 308, "1e309", True, None])
def test_a_par_out_of_range_is_not_believed(cli, tmp_path, value):
    answer = make(cli, tmp_path)
    (record,) = records()
    good = json.loads(record.read_text())
    text = record.read_text().replace(f'"par": {good["par"]}', f'"par": {json.dumps(value) if not isinstance(value, str) else value}')
    assert text != record.read_text()
    record.write_text(text)
    r = cli("score", "shelving-wars", str(answer), "--seed", "rec", "--puzzle")
    assert r.exit_code == 0, r.output
    assert f"{good['par']} of par {good['par']}" in r.output
    assert json.loads(record.read_text()) == good  # solved again and recorded anew


@pytest.mark.parametrize("doc", [
    {"par": 5, "bound": 4},  # par above its bound
    {"par": 5, "bound": 9, "par_proven": True},  # proven, yet the bound is higher
    {"par": 5, "bound": None, "par_proven": True},  # proven with no bound
    {"bound": 10**400},
])
def test_values_that_do_not_fit_together_are_refused(doc):
    good = {"id": "x puzzle", "par": 5, "par_proven": False, "bound": 9, "best_known": False, "parts": [],
            "difficulty": "easy", "prompt": "p", "given": {}, "answer": "a"}
    assert par_records._fit(good, "x puzzle")
    assert not par_records._fit({**good, **doc}, "x puzzle")


@pytest.mark.parametrize("given", [
    [1, 2],  # not names and values
    {"turns": [1]},  # a value neither a short string nor a whole number
    {"turns": -1}, {"turns": 1.5}, {"turns": 10**6}, {"style": "x" * 81},
    {f"k{i}": i for i in range(9)},  # more values than a game keeps
])
def test_what_a_game_checks_answers_against_is_a_few_short_values(given):
    good = {"id": "x puzzle", "par": 5, "par_proven": False, "bound": 9, "best_known": False, "parts": [],
            "difficulty": "easy", "prompt": "p", "answer": "a",
            "given": {"kind": "finish", "style": "finish/7", "turns": 10, "rolls": 2}}
    assert par_records._fit(good, "x puzzle")
    assert not par_records._fit({**good, "given": given}, "x puzzle")


FINISH = ("long-way#rec finish puzzle", {"finish": 1})


def make_finish(cli, tmp_path) -> Path:
    r = cli("puzzle", "long-way", "--kind", "finish", "--seed", "rec", "--answers", str(tmp_path / "ans"),
            "-o", str(tmp_path / "p.pdf"))
    assert r.exit_code == 0, r.output
    return next((tmp_path / "ans").iterdir())


def test_a_finish_answer_is_checked_from_its_record_without_finding_its_store_again(cli, tmp_path, monkeypatch):
    """The finish puzzle's store (the automatic player's style and turns) is kept in the record: checking
    an answer neither solves nor weighs the stores tried again (seconds on some days)."""
    from rollwrite.games.long_way import finish

    answer = make_finish(cli, tmp_path)
    (record,) = records()
    doc = json.loads(record.read_text())
    assert set(doc["given"]) == {"kind", "style", "turns", "rolls"} and doc["given"]["kind"] == "finish"
    par = doc["par"]

    def refuse(*a, **k):
        raise AssertionError("the store was found again")

    monkeypatch.setattr(finish, "start", refuse)
    no_solving(monkeypatch, "long-way")
    r = cli("score", "long-way", str(answer), "--seed", "rec", "--puzzle")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[-1] == f"{par} of par {par}"
    # an answer that does not start from the store is still refused, from the record alone
    # (a store left empty, stopped on the first roll: legal, but not the puzzle's store)
    text = answer.read_text()
    first = next(line for line in text.splitlines() if line.startswith("1: roll "))
    gates = [line for line in text.splitlines() if line.startswith(("entrance:", "exit:"))]
    rows = ["   A    B    C    D    E    F    G"] + [f"{n}  " + "    ".join("." * 7) for n in range(1, 8)]
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join(["puzzle: finish", *gates, "coins: gained 0, spent 0", "store:", *rows, "log:",
                              first.split(",")[0] + ", stop"]) + "\n")
    r = cli("score", "long-way", str(bad), "--seed", "rec", "--puzzle")
    assert r.exit_code == 1, r.output
    assert "is not the puzzle's" in r.output


@pytest.mark.parametrize("change", [
    {"style": "nope"}, {"style": "finish/99"}, {"turns": 10**5}, {"turns": 2.0}, {"turns": "10"}, {"rolls": 3},
    {"turns": -1},
])
def test_a_finish_records_store_that_could_not_be_the_puzzles_is_found_again(cli, tmp_path, change):
    """A store named in a record is checked before it is relied on: a style the automatic player does
    not have, a turn past the dice, rolls no puzzle leaves..., digest made anew or not, and the answer is
    checked against the store found again."""
    answer = make_finish(cli, tmp_path)
    (record,) = records()
    good = json.loads(record.read_text())
    forge(record, "long-way", *FINISH, given={**good["given"], **change})
    r = cli("score", "long-way", str(answer), "--seed", "rec", "--puzzle")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[-1] == f"{good['par']} of par {good['par']}"


def test_a_finish_record_naming_another_store_is_not_believed(cli, tmp_path):
    """A forger who names another store the automatic player did build (a turn earlier) with a digest
    made anew: the record's own answer does not start from that store, so the record is not believed,
    the puzzle is made again and recorded anew."""
    answer = make_finish(cli, tmp_path)
    (record,) = records()
    good = json.loads(record.read_text())
    forge(record, "long-way", *FINISH, given={**good["given"], "turns": good["given"]["turns"] - 1})
    r = cli("score", "long-way", str(answer), "--seed", "rec", "--puzzle")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[-1] == f"{good['par']} of par {good['par']}"
    assert json.loads(record.read_text()) == good


def test_parts_must_add_up():
    good = {"id": "x puzzle", "par": 5, "par_proven": False, "bound": 9, "best_known": False, "difficulty": "",
            "prompt": "p", "given": {}, "answer": "a",
            "parts": [{"name": "1", "par": 2, "bound": 4, "proven": False}, {"name": "2", "par": 3, "bound": 5, "proven": False}]}
    assert par_records._fit(good, "x puzzle")
    assert not par_records._fit({**good, "par": 6, "bound": 9}, "x puzzle")
    assert not par_records._fit({**good, "parts": [{"name": "1", "par": -1, "bound": 4, "proven": False},
                                                   {"name": "2", "par": 6, "bound": 5, "proven": False}]}, "x puzzle")


def test_a_sheet_never_beats_a_recorded_par(cli, tmp_path, quick):
    # a forger who makes the digest anew and puts in a weaker but legal answer, with its score as a
    # proven par: the puzzle's own answer beats that par, so the record is not believed, the puzzle is
    # solved again, and the answer meets its true par
    from rollwrite.games.wobbly_cafe import solve
    from rollwrite.games.wobbly_cafe.data import DEFAULT_DATA
    from rollwrite.games.wobbly_cafe.format import CafeSheet

    answer = make(cli, tmp_path, "wobbly-cafe")
    (record,) = records()
    good = json.loads(record.read_text())
    g = games.get("wobbly-cafe")
    geo = solve.geometry(DEFAULT_DATA)
    # the same pairs in reading order, as they come: a legal floor, and a poorer one
    floors = tuple(geo.to_floor(solve._fill(geo, solve.floor_rolls(_schedule("rec"), f))) for f in (1, 2, 3))
    weak = CafeSheet(floors=floors, name="answer")
    low = sum(solve.score_values(geo, [v or 0 for row in f for v in row]) for f in floors)
    assert low < good["par"]
    forge(record, "wobbly-cafe", "wobbly-cafe#rec puzzle", {}, par=low, bound=low, par_proven=True,
          answer=g.format(weak, DEFAULT_DATA),
          parts=[{**p, "par": solve.score_values(geo, [v or 0 for row in f for v in row]),
                  "bound": solve.score_values(geo, [v or 0 for row in f for v in row]), "proven": True}
                 for p, f in zip(good["parts"], floors)])
    weak_file = tmp_path / "weak.txt"
    weak_file.write_text(g.format(weak, DEFAULT_DATA))
    r = cli("score", "wobbly-cafe", str(weak_file), "--seed", "rec", "--puzzle")
    assert r.exit_code == 0 and f"{low} of par {low}" in r.output  # the record holds while no sheet beats it
    r = cli("score", "wobbly-cafe", str(answer), "--seed", "rec", "--puzzle")
    assert r.exit_code == 0, r.output
    assert f"{good['par']} of par {good['par']}" in r.output and f"of par {low}" not in r.output
    assert json.loads(record.read_text())["par"] == good["par"]  # and recorded anew


def _schedule(seed: str):
    from rollwrite.core.puzzles import challenge_schedule, _puzzle_setup
    from rollwrite.dice import game_id

    layout, g, _ = _puzzle_setup("wobbly-cafe", {})
    return challenge_schedule(g, layout, game_id("wobbly-cafe", seed=seed), seed, None)


def test_a_record_that_is_a_link_is_not_followed(cli, tmp_path):
    answer = make(cli, tmp_path)
    (record,) = records()
    good = json.loads(record.read_text())
    forged = tmp_path / "forged.json"
    forged.write_text(record.read_text())  # a whole record, even: a link is never read
    record.unlink()
    record.symlink_to(forged)
    assert par_records.read_regular(record) is None
    r = cli("score", "shelving-wars", str(answer), "--seed", "rec", "--puzzle")
    assert r.exit_code == 0 and f"{good['par']} of par {good['par']}" in r.output


def test_a_fifo_in_a_records_place_never_hangs(cli, tmp_path):
    import os
    import subprocess
    import sys

    answer = make(cli, tmp_path)
    (record,) = records()
    record.unlink()
    os.mkfifo(record)
    assert par_records.read_regular(record) is None
    # as a whole process, with a deadline: a read that waited for a writer would hang here
    env = {**os.environ, "XDG_CACHE_HOME": os.environ["XDG_CACHE_HOME"]}
    done = subprocess.run([sys.executable, "-m", "rollwrite", "score", "shelving-wars", str(answer), "--seed", "rec",
                           "--puzzle"], capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 0 and " of par " in done.stdout


def test_eviction_touches_only_records(cli, tmp_path, monkeypatch):
    from rollwrite.core.puzzles import make_puzzles

    where = par_records.folder()
    where.mkdir(parents=True)
    keep = {"important.json": "mine", "notes.txt": "mine", "0" * 40 + ".json.bak": "mine", "ABC.json": "mine"}
    for name, text in keep.items():
        (where / name).write_text(text)
        os.utime(where / name, (0, 0))  # older than any record
    (where / "sub").mkdir()
    target = tmp_path / "elsewhere.json"
    target.write_text("mine")
    (where / ("f" * 40 + ".json")).symlink_to(target)  # named like a record, but a link
    os.utime(where / ("f" * 40 + ".json"), (0, 0), follow_symlinks=False)
    monkeypatch.setattr(par_records, "MAX_RECORDS", 2)
    make_puzzles("shelving-wars", seed="b", count=4)
    assert all((where / name).read_text() == text for name, text in keep.items())
    assert (where / "sub").is_dir() and target.read_text() == "mine"
    assert len([p for p in where.iterdir() if par_records.RECORD_NAME.fullmatch(p.name) and not p.is_symlink()]) == 2


def test_a_records_folder_that_is_a_link_is_not_used(cli, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "important.json").write_text("mine")
    where = par_records.folder()
    where.parent.mkdir(parents=True)
    where.symlink_to(elsewhere)
    answer = make(cli, tmp_path)
    assert sorted(p.name for p in elsewhere.iterdir()) == ["important.json"]  # nothing written through it
    r = cli("score", "shelving-wars", str(answer), "--seed", "rec", "--puzzle")
    assert r.exit_code == 0 and " of par " in r.output
