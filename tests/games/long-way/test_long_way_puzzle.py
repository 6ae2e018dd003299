"""The Long Way puzzle: the beam search against the automatic player and its bound, its answer replayed
by the rules, and the puzzle command end to end (the answer re-scores to par through `score --puzzle`)."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest

from rollwrite.games.long_way import solve
from rollwrite.games.long_way.data import as_chart
from rollwrite.games.long_way.play import play, schedule_dice
from rollwrite.games.long_way.rules import check, customers_path


def _puzzle(seed: str):
    from rollwrite.core.puzzles import make_puzzles

    layout, _, (p,) = make_puzzles("long-way", seed=seed)
    return as_chart(layout.data), p


@pytest.mark.parametrize("seed", ["club", "2027"])
def test_the_search_beats_the_automatic_player_and_keeps_under_its_bound(seed, quick):
    chart, p = _puzzle(seed)
    dice = schedule_dice(p.schedule)
    result = solve.solve(chart, dice, width=4)
    player = customers_path(play(chart, dice)).total
    assert result.player == player
    assert result.par >= player
    assert result.par <= result.bound == solve.bound(chart, dice)
    assert customers_path(result.sheet).total == result.par
    assert check(result.sheet, chart, p.schedule) == []  # the answer's log replays by the rules
    assert result.nodes > len(dice)  # more than one line of play was looked at


def test_a_wider_beam_finds_no_less_on_these_schedules(quick):
    chart, p = _puzzle("club")
    dice = schedule_dice(p.schedule)
    narrow, wide = solve.solve(chart, dice, width=1), solve.solve(chart, dice, width=6)
    assert wide.par >= narrow.par
    assert solve.solve(chart, dice, width=6).sheet == wide.sheet  # deterministic


def _free_play(seed: str):
    from rollwrite import games
    from rollwrite.core.challenges import resolve_schedule
    from rollwrite.layoutlang.layout import resolve

    layout = resolve("long-way")
    sched = resolve_schedule("long-way", games.get("long-way").dice_spec(layout, 1), seed=seed, daily=None)
    return as_chart(layout.data), sched


def test_the_searches_take_wall_bonuses_and_spend_coins_while_a_tile_fits(made_puzzle):
    # on this puzzle the best store found adds walls across the route and rerolls dice whose tile fit
    layout, _, p = made_puzzle("long-way", "picnic")  # the puzzle the par and difficulty tests make too
    chart = as_chart(layout.data)
    assert check(p.answer, chart, p.schedule) == []
    assert customers_path(p.answer).total == p.par == 8
    log = p.answer.log
    assert [t.bonus.kind for t in log if t.bonus and t.bonus.kind == "wall"]
    fitted = [t for t in log if t.rerolls and t.action == "tile"
              and solve._options(chart, _replayed_before(chart, log, t.number), *t.roll)]
    assert fitted  # rerolled although the rolled tile had a place


def _replayed_before(chart, log, number):
    """The store before turn ``number`` of ``log``, rebuilt by the search's own moves."""
    from rollwrite.games.long_way.rules import _State

    st = _State(["."] * solve.CELLS, [0] * solve.CELLS, [0] * solve.CELLS, [""] * solve.CELLS, [])
    for t in log:
        if t.number >= number:
            break
        if t.action == "tile":
            light, dark = t.roll
            for die, v in t.rerolls:
                light, dark = (v, dark) if die == 0 else (light, v)
            cells = solve._cells(chart, light, dark, t.at)
            for c, w in zip(cells, chart.tile(light, dark).walls):
                st.walls[c], st.marks[c] = w, ("o" if not w else ".")
            st.marks[t.display[1]] = str(t.display[0])
            if t.bonus and t.bonus.kind == "wall":
                st.walls[t.bonus.cell] |= t.bonus.side
        elif t.action == "cafeteria":
            a, b = t.cafe
            st.marks[a] = st.marks[b] = "AB"[len(st.cafes)]
            st.cafes.append((a, b))
    return st


def test_par_is_the_best_of_the_searches():
    chart, sched = _free_play("e")
    dice = schedule_dice(sched)
    each = []
    for search in solve.SEARCHES:
        found, _ = solve._beam(chart, dice, replace(search, width=6))
        each.append(found[0])
    assert solve.solve(chart, dice, width=6).par == max(each)
    assert len(set(each)) > 1  # the searches do differ here


def test_the_bound_by_hand():
    """games/long_way/bound.py, worked by hand on schedules without reserves."""
    from rollwrite.games.long_way.bound import score_bound
    from rollwrite.layoutlang.layout import resolve

    chart = as_chart(resolve("long-way").data)

    def only(light: int, turns: int) -> list:
        return [((light, 1), ((), ()))] * turns

    assert solve.bound(chart, []) == 0
    # one tile: the player may draw the entrance and the exit on the same edge space, and the tile's
    # display on it scores 1; 9 steps apart (the searches' gates) an open store crosses empty spaces,
    # and a store walled off scores 0
    assert all(solve.bound(chart, only(light, 1)) == 1 for light in range(1, 7))
    assert all(score_bound(chart, only(light, 1), 21, 6) == 0 for light in range(1, 7))
    # nine five-space tiles fit beside two cafeterias; the customers pass each at most three times
    assert solve.bound(chart, only(6, 40)) == 3 * 9
    # 38 one-space tiles and two cafeterias: each display twice, and three times at most for 23 of
    # them (the 45 spaces hold the 38 and 7 spaces walled by bonuses; a triple needs one more space)
    assert solve.bound(chart, only(1, 40)) == 2 * 38 + 23


@pytest.mark.parametrize("how", [("--daily", "2026-11-22"), ("--seed", "club")])
def test_puzzle_answers_score_par_through_score(cli, tmp_path, quick, how):
    out = tmp_path / "p.pdf"
    r = cli("puzzle", "long-way", *how, "--with-solutions", "--answers", str(tmp_path / "a"), "-o", str(out))
    assert r.exit_code == 0, r.output
    assert re.search(r"puzzle: par -?\d+, no sheet beats \d+", r.stdout)
    assert "optimal" not in r.stdout
    (answer,) = (tmp_path / "a").iterdir()
    s = cli("score", "long-way", str(answer), *how, "--puzzle", "--json")
    assert s.exit_code == 0, s.output
    doc = json.loads(s.stdout)
    assert doc["valid"] and doc["puzzle"].endswith(" puzzle")
    assert doc["total"] == doc["par"]
    assert doc["par_proven"] is False and doc["bound"] >= doc["par"]


def test_the_answer_page_draws_the_store(cli, tmp_path, quick):
    from pypdf import PdfReader

    puzzle, both = tmp_path / "p.pdf", tmp_path / "b.pdf"
    assert cli("puzzle", "long-way", "--seed", "club", "-o", str(puzzle)).exit_code == 0
    assert cli("puzzle", "long-way", "--seed", "club", "--with-solutions", "-o", str(both)).exit_code == 0
    pages = PdfReader(both).pages
    assert len(pages) == 2
    assert "long-way#club puzzle · par" in pages[0].extract_text()
    assert "Answer to long-way#club puzzle" in pages[1].extract_text()
    # the answer page carries the drawn store on top of the same sheet
    first = PdfReader(puzzle).pages[0].get_contents().get_data()
    answer = pages[1].get_contents().get_data()
    assert len(answer) > len(first) + 500


def test_a_wrong_challenge_is_a_rule_problem(cli, tmp_path, quick):
    ans = tmp_path / "a"
    assert cli("puzzle", "long-way", "--seed", "club", "--answers", str(ans), "-o", str(tmp_path / "p.pdf")).exit_code == 0
    r = cli("score", "long-way", str(ans / "long-way_club.txt"), "--seed", "other", "--puzzle")
    assert r.exit_code == 1


def test_the_puzzle_prints_the_rolls_and_reserves_roll_shows(cli, quick):
    from rollwrite.core.puzzles import make_puzzles

    _, _, (p,) = make_puzzles("long-way", seed="club")
    rolled = json.loads(cli("roll", "long-way", "--seed", "club", "--json").stdout)
    assert [[list(t.dice), [list(r) for r in t.rerolls]] for t in p.schedule.turns] == \
        [[t["dice"], t["rerolls"]] for t in rolled["turns"]]
    assert [d for d, _ in schedule_dice(p.schedule)] == [tuple(t["dice"]) for t in rolled["turns"]]


def test_a_limit_on_children_above_their_number_changes_nothing():
    chart, sched = _free_play("e")
    dice = schedule_dice(sched)
    narrow = solve.Search(spend=True, wall_tries=2, cafes=True, width=3, per_parent=1)
    (score1, turn1, node1), nodes1 = solve._beam(chart, dice, narrow)
    (score0, turn0, node0), nodes0 = solve._beam(chart, dice, replace(narrow, per_parent=0))
    (score9, turn9, node9), nodes9 = solve._beam(chart, dice, replace(narrow, per_parent=10_000))
    assert (score9, turn9, node9.log, nodes9) == (score0, turn0, node0.log, nodes0)
    assert nodes1 != nodes0  # the limit of 1 does keep other stores


def test_the_searches_find_the_same_on_one_process_or_several():
    chart, sched = _free_play("e")
    dice = schedule_dice(sched)
    alone = solve.solve(chart, dice, width=1)  # a beam of one: the same six searches, each a quarter second
    for jobs in (2, 4, 7):  # fewer processes than searches, a share of them, more
        shared = solve.solve(chart, dice, width=1, jobs=jobs)
        assert (shared.sheet, shared.par, shared.bound, shared.nodes, shared.player) == \
            (alone.sheet, alone.par, alone.bound, alone.nodes, alone.player)


def test_the_costliest_searches_go_first():
    order = sorted(solve.SEARCHES, key=solve._costliest_first)
    assert order[0].cafes and not order[-1].cafes and not order[-1].spend


@pytest.mark.parametrize("days, jobs, given", [(None, 3, 3), (None, 1, 1), (2, 2, 1), (2, 4, 2)])
def test_a_puzzle_runs_its_searches_on_the_processes_the_run_leaves_over(monkeypatch, days, jobs, given):
    """docs/puzzles.md: one puzzle alone (or fewer puzzles than processes) gets the processes left over."""
    from rollwrite.core import puzzles as cli_puzzle

    seen = []

    def made(run, args, n):  # the puzzles are not made: the processes each would get are noted
        seen.append((n, args[-1]))
        return iter(())

    monkeypatch.setattr(cli_puzzle, "_made", made)
    cli_puzzle.make_puzzles("long-way", daily="2027-01-01", days=days, jobs=jobs)
    assert seen == [(min(jobs, days or 1), given)]


def test_one_puzzle_alone_hands_its_processes_to_the_searches(monkeypatch):
    from rollwrite.core.puzzles import make_puzzles

    class Reached(Exception):
        pass

    def solved(chart, dice, *, width=None, jobs=1):
        raise Reached(jobs)

    monkeypatch.setattr(solve, "solve", solved)
    with pytest.raises(Reached) as got:
        make_puzzles("long-way", daily="2027-01-01", jobs=3)
    assert got.value.args == (3,)


def test_the_puzzle_page_has_the_solo_rules_and_says_what_par_is(cli, tmp_path, quick):
    from pypdf import PdfReader

    r = cli("puzzle", "long-way", "--seed", "club", "-o", str(tmp_path / "p.pdf"))
    assert r.exit_code == 0, r.output
    (page,) = (" ".join(p.extract_text().split()) for p in PdfReader(tmp_path / "p.pdf").pages)
    for words in ("A puzzle for one", "take the next roll printed below", "the next unused one of that die's printed reserve",
                  "Stop : the game ends here", "the best our search found", "That bound is proven but far above what any store reaches",
                  "reach"):
        assert words in page, words
    for free_play in ("1 or more players", "the others play on", "very good", "the active player"):
        assert free_play not in page, free_play
    printed = cli("print", "long-way", "-o", str(tmp_path / "free.pdf"))
    assert printed.exit_code == 0
    free = " ".join(PdfReader(tmp_path / "free.pdf").pages[0].extract_text().split())
    assert "1 or more players" in free and "the others play on" in free  # free play keeps its own


def test_the_answer_page_marks_the_rerolls_and_the_stop(cli, tmp_path, quick):
    from pypdf import PdfReader

    from types import SimpleNamespace

    from rollwrite.games.long_way import turn_notes
    from rollwrite.games.long_way.format import LogTurn

    log = (LogTurn(1, (6, 2), (), "tile"), LogTurn(2, (5, 4), ((1, 3),), "tile"),
           LogTurn(3, (3, 3), ((0, 1), (1, 6)), "tile"), LogTurn(4, (1, 1), (), "stop"))
    assert turn_notes(SimpleNamespace(log=log)) == {2: "rerolled dark to 3", 3: "rerolled light to 1, dark to 6",
                                                   4: "STOP"}
    r = cli("puzzle", "long-way", "--seed", "club", "--with-solutions", "-o", str(tmp_path / "p.pdf"))
    assert r.exit_code == 0, r.output
    puzzle_page, answer_page = (" ".join(p.extract_text().split()) for p in PdfReader(tmp_path / "p.pdf").pages)
    assert "STOP" not in puzzle_page and "rerolled" not in puzzle_page  # nothing of the answer on the puzzle
    from rollwrite.core.puzzles import make_puzzles

    _, _, (p,) = make_puzzles("long-way", seed="club", jobs=1)
    for n, note in p.extra["turn_notes"].items():
        assert f"{n} {' '.join(map(str, p.schedule.group(1)[n - 1].dice))} {note}" in answer_page, note
