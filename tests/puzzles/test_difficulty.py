"""One best answer and a measured difficulty, each checked against brute force on small cases."""

from __future__ import annotations

from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollwrite.core.puzzles import make_puzzles
from rollwrite.difficulty import LEVELS, Grade, Rung, by_count, check_ladder, climb

# ---------------------------------------------------------------- the grading


def ladder(*scores, level=None):
    """A ladder whose rungs score ``scores`` (easy, medium, then hard; or all of ``level``), and the
    rungs played (in order)."""
    played = []

    def player(k, s):
        def run():
            played.append(k)
            return s
        return run

    rungs = [Rung(f"r{k}", level or LEVELS[min(k, 2)], "") for k in range(len(scores))]
    return [(r, player(k, s)) for k, (r, s) in enumerate(zip(rungs, scores))], played


def test_the_first_rung_to_reach_par_grades_the_puzzle_and_the_climb_stops_there():
    rungs, played = ladder(5, 9, 10, 12)
    assert climb(10, rungs) == Grade("hard", "r2", (5, 9, 10), 0)
    assert played == [0, 1, 2]  # the strongest rung is never played once a weaker one reaches par
    rungs, played = ladder(10, 12)
    assert climb(10, rungs) == Grade("easy", "r0", (10,), 0) and played == [0]


def test_a_puzzle_no_rung_reaches_is_graded_by_how_close_the_strongest_comes():
    rungs, _ = ladder(5, 8, 7, level="easy")
    assert climb(10, rungs) == Grade("hard", None, (5, 8, 7), 2)
    assert climb(10, rungs, near=(3, 6)).level == "easy"  # short by 2
    assert climb(12, rungs, near=(3, 6)).level == "medium"  # short by 4
    assert climb(14, rungs, near=(3, 6)).level == "hard"  # short by 6
    assert climb(None, rungs).level == "easy"
    # but never easier than a puzzle the strongest rung reaches
    rungs, _ = ladder(5, 8, level="medium")
    assert climb(9, rungs, near=(3, 6)) == Grade("medium", None, (5, 8), 1)


@given(st.lists(st.integers(0, 50), min_size=1, max_size=5), st.integers(0, 50))
def test_a_higher_par_is_never_easier(scores, par):
    rungs, _ = ladder(*scores)
    a, b = climb(par, rungs, near=(3, 6)), climb(par + 1, rungs, near=(3, 6))
    assert LEVELS.index(b.level) >= LEVELS.index(a.level)


def test_a_ladder_goes_from_easy_to_hard():
    check_ladder([Rung("a", "easy", ""), Rung("b", "medium", ""), Rung("c", "medium", "")])
    with pytest.raises(ValueError):
        check_ladder([Rung("a", "medium", ""), Rung("b", "easy", "")])
    with pytest.raises(ValueError):
        check_ladder([Rung("a", "easy", ""), Rung("a", "hard", "")])


def test_levels_at_the_cut_points():
    assert [by_count(n, (1, 3)) for n in range(5)] == ["easy", "medium", "medium", "hard", "hard"]


# ---------------------------------------------------------------- Scrambled Streets: every placement scored


@pytest.mark.parametrize("seed", ["a", "b", "club"])
def test_scrambled_streets_has_one_clear_best_placement(seed):
    from rollwrite.games.scrambled_streets.format import Game, Move
    from rollwrite.games.scrambled_streets.solve import placements

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
    assert p.difficulty == p.grade["level"] and p.grade["scores"][-1] == p.par  # its ladder's (test_scrambled_streets_ladder.py)


# ---------------------------------------------------------------- Lines & Sections: play by the rules


def mover_wins(secs, shaded: frozenset) -> bool:
    @lru_cache(maxsize=None)
    def wins(shaded: frozenset) -> bool:
        return any(not wins(shaded | {k}) for k in range(len(secs))
                   if k not in shaded and not any(j in shaded for j in secs.adjacent[k]))

    return wins(shaded)


@pytest.mark.parametrize("seed", ["a", "b", "c", "club"])
def test_lines_and_sections_has_one_winning_section(seed):
    from rollwrite.games.lines_and_sections.ladder import LADDER
    from rollwrite.games.lines_and_sections.rules import board, sections

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
    rung = next(r for r in LADDER if r.name == p.grade["reached_by"])  # graded by its ladder
    assert p.difficulty == rung.level


# ---------------------------------------------------------------- the ladders' players


def test_the_shelving_greedy_player_takes_the_best_box_nearest_the_corner():
    from rollwrite.games.shelving_wars.ladder import play

    # turn 1 (2, 3, 1): (2, 3) and (3, 2) score 1 each, the taller first: 3 × 2 on the corner;
    # turn 2 (1, 2, 2): 2 × 2 scores 0, the best; of its places against the first box, the nearest
    # the corner is to its right, top-aligned, at row 0, column 2
    assert play(5, [(2, 3, 1), (1, 2, 2)], False) == (1, ((0, 0, 3, 2), (0, 2, 2, 2)))
    # a roll that fits no box ends the game: 5 × 4 leaves one column, where nothing of (5, 3, 3) fits
    assert play(5, [(5, 4, 2), (5, 3, 3), (1, 1, 1)], False) == (11, ((0, 0, 5, 4),))


def test_the_shelving_lookahead_player_weighs_the_next_roll():
    from rollwrite.games.shelving_wars.ladder import play

    # turn 1 (1, 4, 4): greedy takes 4 × 4 (16 - 8 = 8), which leaves a column and a row, so of turn 2's
    # (5, 1, 4) only a 5 × 1 (-1) fits: 7.  The lookahead player sees that 4 × 1 (-1) on the corner
    # leaves room for 5 × 4 (11): 10
    rolls = [(1, 4, 4), (5, 1, 4)]
    assert play(5, rolls, False) == (7, ((0, 0, 4, 4), (0, 4, 5, 1)))
    assert play(5, rolls, True) == (10, ((0, 0, 4, 1), (0, 1, 5, 4)))


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 6), st.integers(1, 6), st.integers(1, 6)), min_size=2, max_size=2))
def test_on_two_rolls_the_lookahead_player_plays_perfectly(rolls):
    from rollwrite.games.shelving_wars.ladder import play
    from rollwrite.games.shelving_wars.solve import solve

    best = solve(6, rolls)
    assert best.proven
    assert play(6, rolls, False)[0] <= play(6, rolls, True)[0] == best.score


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_the_cafe_greedy_player_never_beats_brute_force(data_):
    from rollwrite.games.wobbly_cafe.data import parse_shape
    from rollwrite.games.wobbly_cafe.play import greedy_floor, searched_floor, swapped_floor
    from rollwrite.games.wobbly_cafe.solve import brute_force, geometry, score_values

    data = data_.draw(st.sampled_from([parse_shape(["oooo", "*oo*"]), parse_shape(["*ooo", "oooo"])]))
    die = st.integers(1, 6)
    rolls = data_.draw(st.lists(st.tuples(die, die), min_size=data.pairs, max_size=data.pairs))
    got = greedy_floor(data, rolls)
    best = brute_force(data, rolls)
    assert 0 <= got <= swapped_floor(data, rolls) <= best
    assert searched_floor(data, rolls, 1, 200, 1) <= best
    # its first roll goes where it scores most on its own, as a brute force over its places says
    g = geometry(data)
    alone = []
    for x, y in g.slots:
        for a, b in (rolls[0], rolls[0][::-1]):
            val = [0] * g.n
            val[x], val[y] = a, b
            alone.append(score_values(g, val))
    assert greedy_floor(data, rolls[:1]) == max(alone)


def test_the_cafe_swaps_find_what_one_swap_fixes():
    from rollwrite.games.wobbly_cafe.data import parse_shape
    from rollwrite.games.wobbly_cafe.play import greedy_floor, swapped_floor

    # whatever greedy leaves, no single turn or swap of pairs then raises the floor (a local optimum):
    # checked by trying each on the floor the swaps end with
    from rollwrite.games.wobbly_cafe import play
    from rollwrite.games.wobbly_cafe.solve import geometry, score_values

    data = parse_shape(["*ooo", "oooo"])
    rolls = [(2, 1), (1, 2), (3, 3), (1, 1)]
    g = geometry(data)
    assert greedy_floor(data, rolls) <= swapped_floor(data, rolls)
    val = play._greedy(g, rolls)
    best = score_values(g, val)
    for x, y in g.slots:
        turned = val[:]
        turned[x], turned[y] = val[y], val[x]
        best = max(best, score_values(g, turned))
    assert swapped_floor(data, rolls) >= best


def _ladder_scores(game, layout, p):
    """Each rung's score on a made puzzle, played afresh (not read from its grade)."""
    if game == "shelving-wars":
        from rollwrite.games.shelving_wars.ladder import play
        from rollwrite.games.shelving_wars.solve import solve

        rolls = [t.dice for t in p.schedule.group(1)]
        return [play(10, rolls, False)[0], play(10, rolls, True)[0], solve(10, rolls, budget=100).score,
                solve(10, rolls, budget=1_000).score, solve(10, rolls, budget=20_000).score]
    if game == "wobbly-cafe":
        from rollwrite.games.wobbly_cafe.data import as_data
        from rollwrite.games.wobbly_cafe.play import greedy_floor, searched_floor, swapped_floor
        from rollwrite.games.wobbly_cafe.solve import floor_rolls

        d = as_data(layout.data)
        floors = [floor_rolls(p.schedule, f) for f in range(1, d.floors + 1)]
        return [sum(greedy_floor(d, r) for r in floors), sum(swapped_floor(d, r) for r in floors),
                sum(searched_floor(d, r, f, 10_000, 3) for f, r in enumerate(floors, start=1))]
    from rollwrite.games.long_way.data import as_chart
    from rollwrite.games.long_way.play import play, schedule_dice
    from rollwrite.games.long_way.rules import score
    from rollwrite.games.long_way.solve import first_search_score

    chart = as_chart(layout.data)
    dice = schedule_dice(p.schedule)
    return [score(play(chart, dice), chart).total, first_search_score(chart, dice, 1),
            first_search_score(chart, dice, 3)]


@pytest.mark.parametrize("game", ["shelving-wars", "wobbly-cafe", "long-way"])
def test_a_puzzle_is_as_hard_as_the_first_rung_that_reaches_par(made_puzzle, game):
    import importlib

    layout, _, p = made_puzzle(game, "picnic")
    module = importlib.import_module(f"rollwrite.games.{game.replace('-', '_')}." + ("play" if game == "wobbly-cafe" else "ladder"))
    scores = _ladder_scores(game, layout, p)
    assert all(s <= p.par for s in scores)  # no player of the ladder beats par
    first = next((k for k, s in enumerate(scores) if s >= p.par), None)
    g = p.grade
    assert g["scores"] == scores[: len(g["scores"])]
    if first is None:
        assert g["reached_by"] is None and g["short_by"] == p.par - max(scores)
        near = getattr(module, "NEAR", None)
        assert p.difficulty == ("hard" if near is None else by_count(p.par - max(scores), near))
    else:
        assert g["reached_by"] == module.LADDER[first].name and p.difficulty == module.LADDER[first].level
        assert len(g["scores"]) == first + 1  # the rungs above were never played
    assert p.to_json()["grade"] == g


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
