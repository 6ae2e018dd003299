"""Lines & Sections' difficulty ladder (games/lines_and_sections/ladder.py): each player held to boards
and graphs worked by hand, the grade checked against plain game-tree search (tests/oracles)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oracles import lines_and_sections as oracle
from rollwrite.core.puzzles import make_puzzles
from rollwrite.difficulty import LEVELS
from rollwrite.games.lines_and_sections.ladder import LADDER, PLAYERS, grade, grade_puzzle, win_in
from rollwrite.games.lines_and_sections.rules import Sections, ascii_board, referee, section_key
from rollwrite.games.lines_and_sections.solve import make_puzzle

NAMES = [r.name for r in LADDER]


def graph(n: int, *edges: tuple[int, int]) -> Sections:
    """A position of n sections with nothing shaded, bordering along ``edges`` (the players read only
    which sections border which)."""
    adjacent: list[set[int]] = [set() for _ in range(n)]
    for a, b in edges:
        adjacent[a].add(b)
        adjacent[b].add(a)
    return Sections((), tuple(() for _ in range(n)), tuple(frozenset(a) for a in adjacent))


def picks(secs: Sections) -> list[int]:
    return [play(secs) for play in PLAYERS]


def test_the_ladder_is_as_documented():
    assert NAMES == ["greedy", "parity", "win in 2", "win in 3", "nim-sum"]
    assert [r.level for r in LADDER] == ["easy", "easy", "medium", "hard", "hard"]


# ---------------------------------------------------------------- graphs worked by hand


def test_greedy_takes_the_section_bordering_the_most_and_reading_order_on_a_tie():
    # a path 0-1-2-3: 1 and 2 border two each; 1 comes first
    assert picks(graph(4, (0, 1), (1, 2), (2, 3)))[0] == 1
    # a star: its centre 3 borders all three others, and shading it leaves nothing safe (an end wins
    # too, leaving two lone ends: nim-sum shades the first winning section in reading order, 0)
    assert picks(graph(4, (0, 3), (1, 3), (2, 3))) == [3, 3, 3, 3, 0]


def test_parity_leaves_an_even_number_of_safe_sections():
    # 1 and 3 border three each: greedy shades 1, which leaves 2 alone (odd: the opponent shades it and
    # you are left with nothing); 3 leaves 0 alone (odd); 4 leaves 0 and 2 (even): whatever the opponent
    # shades, you shade the other
    secs = graph(5, (0, 1), (1, 3), (1, 4), (2, 3), (3, 4))
    assert picks(secs) == [1, 4, 4, 4, 4]
    assert grade(secs, 4).reached_by == "parity"
    # nothing left is an even number too: on the path 0-1-2, 1 leaves nothing
    assert picks(graph(3, (0, 1), (1, 2)))[1] == 1
    # when no shading leaves an even number, as greedy: two lone sections (each leaves the other)
    assert picks(graph(2))[1] == 0


def test_win_in_2_reads_ahead_to_your_second_shading():
    # the path 4-0-2-3-1: greedy's order is 0, 2, 3, then 1, 4.  0 leaves 1-3 (two, even, so parity
    # shades it too), but they border each other: the opponent shades one and nothing is left for you.
    # 2 leaves 4 and 1 apart: the opponent shades one, you shade the other, and nothing is left
    secs = graph(5, (0, 2), (0, 4), (1, 3), (2, 3))
    assert picks(secs) == [0, 0, 2, 2, 2]
    assert grade(secs, 2).reached_by == "win in 2"
    assert grade(secs, 2).level == "medium"


def test_win_in_3_reads_ahead_to_your_third_shading():
    # two paths of three, 5-0-6 and 1-2-4, and 3 alone.  0 leaves four (even) but loses; 3 leaves the
    # two paths, and every reply on one is copied on the other: the opponent shades a middle, you shade
    # the other middle (your second shading leaves nothing); the opponent shades an end, you shade the
    # other path's end, and the two lone sections left fall one each (your third leaves nothing)
    secs = graph(7, (0, 5), (0, 6), (1, 2), (2, 4))
    assert picks(secs) == [0, 0, 0, 3, 3]
    assert grade(secs, 3).reached_by == "win in 3"
    assert grade(secs, 3).level == "hard"


def test_nim_sum_finds_a_win_that_takes_longer():
    # the path 1-0-6-3-5 and four lone sections.  Shading 6 leaves six lone sections, which fall one a
    # shading: you shade the last, with your fourth shading.  0 leaves 3-5 (worth one shading) and four
    # lone ones: an odd number of shadings left, which the opponent finishes
    secs = graph(9, (0, 1), (0, 6), (3, 5), (3, 6))
    assert picks(secs) == [0, 0, 0, 0, 6]
    g = grade(secs, 6)
    assert (g.reached_by, g.level, g.scores) == ("nim-sum", "hard", (0, 0, 0, 0, 1))


def test_in_a_lost_position_every_player_still_shades():
    # on the path 0-1-2-3 every shading loses: an end leaves two bordering sections (one shading for the
    # opponent), a middle one lone section.  Parity shades 0 (it leaves two); the reading-ahead players
    # find no win and shade as parity; nim-sum finds none and shades as greedy
    secs = graph(4, (0, 1), (1, 2), (2, 3))
    assert not oracle.shadings_that_win(secs.adjacent)
    assert picks(secs) == [1, 0, 0, 0, 1]


# ---------------------------------------------------------------- boards worked by hand

BOARDS = {
    # d borders a, b, c and f, more than any other: shading it leaves e and g, apart
    ("t22", 4): ("greedy", "ddddd", """\
    A   B   C   D   E
  1 +---+   .   +---+
    | a | b   b | c |
  2 +   +---+---+   +
    | a   a | d | c |
  3 +   +---+---+---+
    | a | e | f | g
  4 +   +   +   +   .
    | a | e | f | g
  5 +---+   +---+   ."""),
    # greedy shades a (it borders b, c and e), which leaves d alone: the opponent shades it.  e leaves
    # b and d, an even number, apart
    ("t7", 4): ("parity", "aeeee", """\
    A   B   C   D   E
  1 +---+---+---+---+
    | a   a   a   a |
  2 +   .   +---+   +
    | a   a | b | a |
  3 +---+---+---+   +
      c   c | a   a |
  4 +---+   +---+---+
    | d | c   c | e
  5 +---+---+---+   ."""),
    # greedy shades b (four neighbours), leaving e alone; parity shades c, leaving e and f, which border
    # each other; d leaves a and f, apart: you shade the one the opponent does not
    ("t0", 4): ("win in 2", "bcddd", """\
    A   B   C   D   E
  1 +---+---+---+   .
    | a   a   a | b
  2 +---+---+   +   .
      c | b | a | b
  3 +---+   +---+   .
    | d | b   b   b
  4 +---+---+---+   .
      e | f   f | b
  5 .   +---+---+   ."""),
    # greedy shades b (it borders all but h), leaving h; parity shades f, leaving a, c and e-h (four,
    # but e-h falls in one shading: three shadings, the opponent's last); g leaves a, c, d and e, each
    # alone: the opponent, you, the opponent, you (your third shading)
    ("t13", 4): ("win in 3", "bffgg", """\
    A   B   C   D   E
  1 .   .   +---+   .
      a   a | b | c
  2 +---+---+   +---+
    | b   b   b   b |
  3 +   +---+   +---+
    | b | d | b | e
  4 +---+---+---+---+
      f   f | g | h |
  5 .   .   +---+---+"""),
    # a borders six sections and leaves g, i, k around j (four, even), but a star of four falls in one
    # shading (its middle) or two (an end, then the other two ends are apart): the opponent shades j.
    # e leaves b, c, d alone and i with f, h and j around it: three lone sections and a star, each worth
    # an odd number of shadings whatever is done, and the nim-sum of 1, 1, 1 and the star's 1 is 0
    ("n872", 5): ("nim-sum", "aaaae", """\
    A   B   C   D   E   F
  1 +---+---+---+---+---+
    | a   a   a   a | b |
  2 +---+   +---+   +---+
      c | a | d | a   a
  3 .   +   +---+---+---+
      c | a   a | e   e |
  4 +---+   +---+---+   +
    | a   a | f | g | e |
  5 +---+---+---+---+---+
      h   h | i | j | k
  6 .   .   +---+---+   ."""),
}


@pytest.mark.parametrize("seed, size", list(BOARDS))
def test_each_player_on_boards_worked_by_hand(seed, size):
    rung, shaded, drawn = BOARDS[seed, size]
    pz = make_puzzle(f"lines-and-sections#{seed}", size, 1)
    res = referee(pz.game())
    assert res.sections is not None
    assert ascii_board(res.board, res.trail.used, res.sections, {}) == drawn
    assert "".join(section_key(play(res.sections)) for play in PLAYERS) == shaded
    assert section_key(pz.answer) == shaded[-1]
    g = grade_puzzle(pz)
    assert g.reached_by == rung and g.level == LADDER[NAMES.index(rung)].level
    assert g.scores == (0,) * NAMES.index(rung) + (1,)


# ---------------------------------------------------------------- against plain game-tree search


def order(secs: Sections) -> list[int]:
    """The order of sections as the docs state it: the most bordering first, then reading order."""
    return sorted(range(len(secs)), key=lambda k: (-len(secs.adjacent[k]), k))


@st.composite
def graphs(draw) -> Sections:
    n = draw(st.integers(1, 9))
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    edges = draw(st.lists(st.sampled_from(pairs), unique=True, max_size=len(pairs))) if pairs else []
    return graph(n, *edges)


@settings(max_examples=150, deadline=None)
@given(graphs())
def test_each_player_shades_as_documented(secs):
    n = len(secs)
    first = order(secs)
    greedy_pick, parity_pick, win2, win3, theory = picks(secs)
    assert greedy_pick == first[0]
    even = [k for k in first if (n - 1 - len(secs.adjacent[k])) % 2 == 0]
    assert parity_pick == (even[0] if even else first[0])
    for shadings, pick, below in ((2, win2, parity_pick), (3, win3, win2)):
        fast = [k for k in first if oracle.wins_within(secs.adjacent, k, shadings)]
        assert pick == (fast[0] if fast else below)
    winning = oracle.shadings_that_win(secs.adjacent)
    # the last rung always finds a winning shading: the first in reading order
    assert theory == (winning[0] if winning else first[0])


@settings(max_examples=25, deadline=None)
@given(st.text("abcdefghijklmnopqrstuvwxyz0123456789", min_size=1, max_size=8))
def test_a_puzzle_is_graded_by_the_first_rung_to_find_its_one_winning_shading(seed):
    _, _, (p,) = make_puzzles("lines-and-sections", seed=seed, options={"size": 4})
    again = make_puzzles("lines-and-sections", seed=seed, options={"size": 4})[2][0]
    assert (p.difficulty, p.grade) == (again.difficulty, again.grade)  # deterministic
    pz = p.extra["lines"]
    # the sections found the plain way, and the one winning shading by plain game-tree search
    _, _, adjacent = oracle.find_sections(pz.size, list(pz.path))
    assert oracle.shadings_that_win(adjacent) == [pz.answer]
    secs = referee(pz.game()).sections
    assert secs is not None and secs.adjacent == adjacent
    found = [play(secs) == pz.answer for play in PLAYERS]
    assert found[-1]  # the last rung always finds it
    rung = found.index(True)
    assert p.grade == {"level": LADDER[rung].level, "reached_by": NAMES[rung], "short_by": 0,
                       "scores": [0] * rung + [1]}
    assert p.difficulty == LADDER[rung].level in LEVELS
    # past parity, a reading-ahead rung finds it exactly when it wins that fast (else it shades as the
    # rung below)
    for shadings in (2, 3):
        if not any(found[:shadings]):
            assert found[shadings] == oracle.wins_within(adjacent, pz.answer, shadings)


# ---------------------------------------------------------------- asking for a difficulty


@pytest.mark.parametrize("level", LEVELS)
def test_asking_for_a_difficulty_gives_a_puzzle_of_it_that_its_id_makes_again(level, cli):
    r = cli("puzzle", "lines-and-sections", "--seed", "club", "--difficulty", level, "--json", "-q")
    assert r.exit_code == 0, r.output
    made = json.loads(r.stdout)
    assert made["difficulty"] == made["grade"]["level"] == level
    assert made["grade"]["reached_by"] in [x.name for x in LADDER if x.level == level]
    again = make_puzzles(made["challenge"])[2][0]
    assert again.challenge == made["challenge"] and again.difficulty == level


# ---------------------------------------------------------------- what the docs say

ROOT = Path(__file__).resolve().parents[3]


def test_the_docs_table_states_the_ladder():
    text = (ROOT / "docs" / "puzzles.md").read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(text) if line.startswith("| Lines & Sections | greedy |"))
    rows = [[cell.strip() for cell in line.strip("|").split("|")] for line in text[start:start + len(LADDER)]]
    assert [(r[1], r[3]) for r in rows] == [(x.name, x.level) for x in LADDER]
    assert all(r[0] == "" for r in rows[1:])


@pytest.mark.long
def test_the_year_splits_as_the_docs_say():
    import datetime as dt
    from collections import Counter

    rungs = Counter()
    for day in range(365):
        date = (dt.date(2027, 1, 1) + dt.timedelta(day)).isoformat()
        _, _, (p,) = make_puzzles("lines-and-sections", daily=date)
        rungs[p.grade["reached_by"]] += 1
    assert [rungs[x.name] for x in LADDER] == [79, 54, 112, 98, 22]
    guide = " ".join((ROOT / "docs" / "puzzles.md").read_text(encoding="utf-8").split())
    assert ("easy 133 (greedy 79, parity 54), medium 112 (win in 2) and hard 120 (win in 3 98, nim-sum 22)"
            in guide)


def test_the_year_benchmark_checks_each_puzzle_against_the_win():
    import importlib.util

    spec = importlib.util.spec_from_file_location("difficulty_benchmark", ROOT / "benchmarks" / "difficulty.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    _, _, (p,) = make_puzzles("lines-and-sections", daily="2027-01-01")
    row = {"game": p.game, "day": "2027-01-01", "par": p.par, "difficulty": p.difficulty, "grade": p.grade}
    assert p.par is None and bench.check(row) is None
    found = {**p.grade, "reached_by": "win in 2", "scores": [0, 1, 1]}  # the rung below found it already
    assert "a rung below win in 2 already reaches par 1" in bench.check({**row, "grade": found})
    missed = {**p.grade, "reached_by": "parity", "scores": [0, 0]}  # its own rung does not find it
    assert "parity scores 0, below par 1" in bench.check({**row, "grade": missed})
