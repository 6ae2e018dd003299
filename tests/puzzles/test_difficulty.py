"""One best answer and a measured difficulty, each checked against brute force on small cases."""

from __future__ import annotations

from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollwrite.core.puzzles import make_puzzles
from rollwrite.difficulty import LEVELS, by_count, by_gap

# ---------------------------------------------------------------- the grading


@given(st.floats(0, 100), st.floats(0, 100), st.floats(0, 1), st.floats(0, 1))
def test_more_missed_is_never_easier(par, simple, a, b):
    cuts = (min(a, b), max(a, b))
    worse = by_gap(par, simple - 1, cuts)
    assert LEVELS.index(worse) >= LEVELS.index(by_gap(par, simple, cuts))


def test_levels_at_the_cut_points():
    assert [by_count(n, (1, 3)) for n in range(5)] == ["easy", "medium", "medium", "hard", "hard"]
    assert by_gap(40, 40, (0.1, 0.2)) == "easy" and by_gap(40, 34, (0.1, 0.2)) == "medium"
    assert by_gap(40, 0, (0.1, 0.2)) == "hard" and by_gap(0, 0, (0.1, 0.2)) == "easy"


# ---------------------------------------------------------------- Scrambled Streets: every placement scored


@pytest.mark.parametrize("seed", ["a", "b", "club"])
def test_scrambled_streets_has_one_clear_best_placement(seed):
    from rollwrite.games.scrambled_streets.format import Game, Move
    from rollwrite.games.scrambled_streets.solve import CUTS, placements

    layout, g, (p,) = make_puzzles("scrambled-streets", seed=seed)
    pos = p.extra["position"]
    scores = []
    for pl in placements(pos.city):  # every answer a player could type, scored as `score --puzzle` does
        move = Move(len(pos.game.moves) + 1, pos.card, 180 if pl.turned else 0, pl.a, pl.b, pl.push)
        sheet = Game(pos.game.start, pos.game.moves + (move,), puzzle=p.challenge)
        ev = g.evaluate_puzzle(p, sheet, layout.data)
        assert ev.valid, ev.problems
        scores.append(ev.score.total)
    assert scores.count(p.par) == 1 and max(scores) == p.par
    assert 2 * sum(s <= p.par - 2 for s in scores) > len(scores)
    assert p.difficulty == by_count(scores.count(p.par - 1), CUTS)


# ---------------------------------------------------------------- Lines & Sections: play by the rules


def mover_wins(secs, shaded: frozenset) -> bool:
    @lru_cache(maxsize=None)
    def wins(shaded: frozenset) -> bool:
        return any(not wins(shaded | {k}) for k in range(len(secs))
                   if k not in shaded and not any(j in shaded for j in secs.adjacent[k]))

    return wins(shaded)


@pytest.mark.parametrize("seed", ["a", "b", "c", "club"])
def test_lines_and_sections_has_one_winning_section(seed):
    from rollwrite.games.lines_and_sections.rules import board, sections
    from rollwrite.games.lines_and_sections.solve import CUTS

    _, _, (p,) = make_puzzles("lines-and-sections", seed=seed, options={"size": 4})
    pz = p.extra["lines"]
    b = board(pz.size)
    used = 0
    pts = [b.point(x, y) for x, y in pz.path]
    for a, c in zip(pts, pts[1:]):
        used |= 1 << b.edge_at[a][b.direction(a, c)]
    secs = sections(b, used)
    safe = list(range(len(secs)))  # nothing is shaded yet: every section is safe
    winning = [k for k in safe if not mover_wins(secs, frozenset({k}))]
    assert winning == [pz.answer]
    assert p.difficulty == by_count(len(safe) - 1, CUTS)


# ---------------------------------------------------------------- Wobbly Café: the greedy player



@settings(max_examples=25, deadline=None)
@given(st.data())
def test_the_cafe_greedy_player_never_beats_brute_force(data_):
    from rollwrite.games.wobbly_cafe.data import parse_shape
    from rollwrite.games.wobbly_cafe.play import greedy_floor
    from rollwrite.games.wobbly_cafe.solve import brute_force, geometry, score_values

    data = data_.draw(st.sampled_from([parse_shape(["oooo", "*oo*"]), parse_shape(["*ooo", "oooo"])]))
    die = st.integers(1, 6)
    rolls = data_.draw(st.lists(st.tuples(die, die), min_size=data.pairs, max_size=data.pairs))
    got = greedy_floor(data, rolls)
    assert 0 <= got <= brute_force(data, rolls)
    # its first roll goes where it scores most on its own, as a brute force over its places says
    g = geometry(data)
    alone = []
    for x, y in g.slots:
        for a, b in (rolls[0], rolls[0][::-1]):
            val = [0] * g.n
            val[x], val[y] = a, b
            alone.append(score_values(g, val))
    assert greedy_floor(data, rolls[:1]) == max(alone)


def test_cafe_and_shelving_grades_follow_their_greedy_players(made_puzzle):
    from rollwrite.games.shelving_wars.solve import CUTS as SW, greedy
    from rollwrite.games.wobbly_cafe.data import as_data
    from rollwrite.games.wobbly_cafe.play import CUTS as WC, greedy_floor
    from rollwrite.games.wobbly_cafe.solve import floor_rolls

    layout, _, p = made_puzzle("wobbly-cafe", "picnic")
    d = as_data(layout.data)
    simple = sum(greedy_floor(d, floor_rolls(p.schedule, f)) for f in range(1, d.floors + 1))
    assert simple <= p.par and p.difficulty == by_gap(p.par, simple, WC)
    layout, _, p = made_puzzle("shelving-wars", "picnic")
    rolls = [t.dice for t in p.schedule.group(1)]
    simple = greedy(10, rolls)
    assert simple <= p.par and p.difficulty == by_gap(p.par, simple, SW)


def test_long_way_grade_follows_the_automatic_player(made_puzzle):
    from rollwrite.games.long_way import CUTS
    from rollwrite.games.long_way.data import as_chart
    from rollwrite.games.long_way.play import play, schedule_dice
    from rollwrite.games.long_way.rules import score

    layout, _, p = made_puzzle("long-way", "picnic")
    chart = as_chart(layout.data)
    simple = score(play(chart, schedule_dice(p.schedule)), chart).total
    assert simple <= p.par and p.difficulty == by_count(p.par - simple, CUTS)


# ---------------------------------------------------------------- asking for a difficulty


@pytest.mark.parametrize("level", LEVELS)
def test_asking_for_a_difficulty_gives_one_that_its_id_makes_again(level):
    _, _, (p,) = make_puzzles("shelving-wars", seed="x", difficulty=level)
    assert p.difficulty == level
    again = make_puzzles(p.challenge)[2][0]
    assert again.challenge == p.challenge and again.difficulty == level and again.par == p.par


def test_every_game_grades_its_puzzles():
    for slug in ["scrambled-streets", "lines-and-sections", "shelving-wars"]:
        _, _, (p,) = make_puzzles(slug, seed="every")
        assert p.difficulty in LEVELS and p.to_json()["difficulty"] == p.difficulty


def test_a_difficulty_that_is_not_one(cli, tmp_path):
    r = cli("puzzle", "shelving-wars", "--seed", "x", "--difficulty", "tricky", "-o", str(tmp_path / "x.pdf"))
    assert r.exit_code == 2
    assert "--difficulty tricky: not a difficulty" in r.output and "one of easy, medium, hard" in r.output
