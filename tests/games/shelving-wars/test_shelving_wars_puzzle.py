"""Shelving Wars solo puzzles: the solver against an exhaustive search on tiny battlefields, and the
puzzle command end to end (the answer re-scores to par through `score --puzzle`)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollwrite.games.shelving_wars import solve as sw
from rollwrite.dice import Turn
from rollwrite.games.shelving_wars.data import Data
from rollwrite.games.shelving_wars.format import Box, Player, Sheet
from rollwrite.games.shelving_wars.rules import check_sheet, joins, score_sheet


def exhaustive(size: int, rolls: list[tuple[int, ...]]) -> int:
    """Every legal game, box by box over every square of the grid, with the rules' own join test."""

    def legal(boxes: list[Box], h: int, w: int) -> list[Box]:
        out = []
        taken = {sq for b in boxes for sq in b.squares(size)}
        for r in range(size - h + 1):
            for c in range(size - w + 1):
                b = Box(r, c, h, w)
                if taken & set(b.squares(size)):
                    continue
                if (not boxes and r == 0 and c == 0) or (boxes and any(joins(b, old) for old in boxes)):
                    out.append(b)
        return out

    def go(t: int, boxes: list[Box], score: int) -> int:
        if t == len(rolls):
            return score
        best = None
        d = rolls[t]
        for h, w in {(d[i], d[j]) for i in range(len(d)) for j in range(len(d)) if i != j}:
            for b in legal(boxes, h, w):
                v = go(t + 1, boxes + [b], score + h * w - h - w)
                best = v if best is None else max(best, v)
        return score if best is None else best  # no box fits: the game ends

    return go(0, [], 0)


@settings(max_examples=25, deadline=None)
@given(st.integers(4, 5), st.lists(st.tuples(st.integers(1, 4), st.integers(1, 4), st.integers(1, 4)), min_size=1, max_size=3))
def test_solver_matches_exhaustive_search(size, rolls):
    result = sw.solve(size, rolls, budget=10**6)
    assert result.proven
    assert result.score == exhaustive(size, rolls) == result.bound
    assert sum(h * w - h - w for _, _, h, w in result.boxes) == result.score


def test_an_unfinished_search_keeps_its_bound():
    rolls = [(6, 5, 4), (6, 6, 3), (5, 5, 2), (4, 3, 6), (6, 2, 5), (3, 3, 4), (5, 6, 1), (2, 6, 4)]
    result = sw.solve(10, rolls, budget=20)
    assert not result.proven and result.bound >= result.score


@pytest.fixture
def quick(monkeypatch):
    monkeypatch.setattr(sw, "NODE_BUDGET", 3000)


def test_solo_puzzle_answer_scores_par(cli, tmp_path, quick):
    r = cli("puzzle", "shelving-wars", "--seed", "x", "--size", "9", "--with-solutions", "--answers", str(tmp_path), "-o", str(tmp_path / "p.pdf"))
    assert r.exit_code == 0, r.output
    answer = tmp_path / "shelving-wars_x_s9.txt"
    s = cli("score", "shelving-wars", str(answer), "--seed", "x", "--puzzle", "--json")
    assert s.exit_code == 0, s.output
    doc = json.loads(s.stdout)
    assert doc["valid"] and doc["total"] == doc["par"]
    assert "size: 9" in answer.read_text()


def test_solo_puzzle_rolls_are_player_ones(cli, quick):
    from rollwrite.core.puzzles import make_puzzles

    _, _, (p,) = make_puzzles("shelving-wars", seed="club")
    rolled = json.loads(cli("roll", "shelving-wars", "--seed", "club", "--json").stdout)
    mine = [t["dice"] for t in rolled["turns"] if t["group"] == 1]
    assert [list(t.dice) for t in p.schedule.turns] == mine


def test_a_solo_puzzles_answer_has_one_player_and_no_capture(cli, tmp_path, quick):
    """The puzzle's terms are checked with the rules: a sheet of two players, or one that plays the
    capture rule (which would score every empty square a lone player walls off), is not an answer."""
    cli("puzzle", "shelving-wars", "--seed", "x", "--size", "9", "--answers", str(tmp_path), "-q", "-o", str(tmp_path / "p.pdf"))
    answer = (tmp_path / "shelving-wars_x_s9.txt").read_text(encoding="utf-8")
    first = answer.index("\nbox ")
    two = answer.replace("player: answer", "player: Kim") + "\nplayer: Lee" + answer[first:]
    captured = answer.replace("capture: no", "capture: yes")
    for text, where, message in (
        (two, "players", "a solo puzzle's answer has one player; this sheet has 2"),
        (captured, "capture", "a solo puzzle is played without capture: write 'capture: no'"),
    ):
        run = cli("score", "shelving-wars", "-", "--seed", "x", "--puzzle", "--json", input=text)
        assert run.exit_code == 1, run.output
        problems = json.loads(run.stdout)["problems"]
        assert {"where": where, "message": message} in [{k: p[k] for k in ("where", "message")} for p in problems]
    assert cli("score", "shelving-wars", "-", "--seed", "x", "--puzzle", input=answer).exit_code == 0


def test_solo_puzzle_size_is_checked(cli):
    r = cli("puzzle", "shelving-wars", "--seed", "x", "--size", "20")
    assert r.exit_code == 2 and "4 to 12 squares" in r.stderr


@settings(max_examples=15, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 6), st.integers(1, 6), st.integers(1, 6)), min_size=3, max_size=4))
def test_solver_matches_exhaustive_search_on_longer_games(rolls):
    # 4 squares a side fill up within a few turns, so rolls that fit nowhere, and cheap boxes the
    # player must still build, come up often
    result = sw.solve(4, rolls, budget=10**6)
    assert result.proven
    assert result.score == exhaustive(4, rolls) == result.bound


def test_a_roll_that_fits_must_be_built_even_at_a_loss():
    # 4 × 4 scores 8; the 1 × 1 that follows costs a point and fits beside it, so the game is 7
    result = sw.solve(5, [(4, 4, 4), (1, 1, 1)])
    assert result.proven and result.score == result.bound == 7 == exhaustive(5, [(4, 4, 4), (1, 1, 1)])
    assert len(result.boxes) == 2


def test_a_size_that_fits_nowhere_now_is_left_out_of_the_bound():
    # after the 5 × 5 no 5-wide box fits on 6 squares a side, whatever the free area says
    rolls = [(5, 5, 5), (5, 5, 5)]
    result = sw.solve(6, rolls)
    assert result.proven and result.score == result.bound == exhaustive(6, rolls) == 15


@settings(max_examples=10, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 6), st.integers(1, 6), st.integers(1, 6)), min_size=2, max_size=3),
       st.integers(1, 40))
def test_an_unfinished_search_never_bounds_below_the_best_game(rolls, budget):
    result = sw.solve(5, rolls, budget=budget)
    best = exhaustive(5, rolls)
    assert result.score <= best <= result.bound


# --- a proven par is never beaten, and the solver's answer re-scores to par through the public scorer


class _Rolls:
    """Just enough of a schedule for the scorer: player 1's rolls, turn by turn."""

    def __init__(self, rolls):
        self.rolls = rolls

    def turn(self, group, number):
        return Turn(group, number, tuple(self.rolls[number - 1]))


def _public_total(size, rolls, boxes):
    data = Data(size=size, turns=len(rolls), dice=len(rolls[0]), sides=6, players=1)
    sheet = Sheet(size=size, turns=len(rolls), dice=data.dice, sides=6, capture=False,
                  players=(Player("solo", tuple(boxes)),))
    problems = check_sheet(sheet, data, _Rolls(rolls))
    assert not problems, problems
    return score_sheet(sheet, data).total


d6_rolls = st.lists(st.tuples(*[st.integers(1, 6)] * 3), min_size=1, max_size=4)


@settings(max_examples=12, deadline=None)
@given(st.integers(5, 7), d6_rolls, st.data())
def test_a_random_legal_game_never_beats_proven_par(size, rolls, data):
    result = sw.solve(size, rolls)
    assert result.proven and result.bound == result.score
    answer = [Box(r, c, h, w, rolls[i]) for i, (r, c, h, w) in enumerate(result.boxes)]
    assert _public_total(size, rolls, answer) == result.score
    # a random legal game: each turn a random box among every legal one; the game ends when none fits
    boxes: list[Box] = []
    for d in rolls:
        taken = {sq for b in boxes for sq in b.squares(size)}
        legal = []
        for h, w in sorted({(d[i], d[j]) for i in range(3) for j in range(3) if i != j}):
            for r in range(size - h + 1):
                for c in range(size - w + 1):
                    b = Box(r, c, h, w, d)
                    if taken & set(b.squares(size)):
                        continue
                    if (not boxes and r == 0 and c == 0) or (boxes and any(joins(b, old) for old in boxes)):
                        legal.append(b)
        if not legal:
            break
        boxes.append(data.draw(st.sampled_from(legal)))
    assert _public_total(size, rolls, boxes) <= result.score


@pytest.mark.parametrize("size, rolls, par", [
    # the 4 × 4 box (8) fills the battlefield, so the 1 × 2 that would cost a point fits nowhere: the game ends
    (4, [(4, 4, 1), (1, 2, 1)], 8),
    # two 3 × 3 boxes need 18 of 16 squares: the second roll's best box cannot stand, a 3 × 1 (-1) must
    (4, [(3, 3, 1), (3, 3, 1)], 3 - 1),
])
def test_hand_worked_small_games(size, rolls, par):
    result = sw.solve(size, rolls)
    assert result.proven and result.score == par == exhaustive(size, rolls)
