"""The referee draws a segment the path may take at once, looking its direction up in a table; the
game is evaluated with one referee for its problems and its score, and the score leaves the report to
be written when it is read.  Here all three are held to the plain way — every segment asked why it
might not be drawn (tests/oracles/lines_and_sections.py), and the report written from that result —
on random games, legal or not: paths that wander, jump, repeat a segment or go on after they are
stuck, and shading with or without names, right or wrong."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from strength import examples

from rollwrite.games.lines_and_sections import LinesAndSections
from rollwrite.games.lines_and_sections.format import Game, Shade
from rollwrite.games.lines_and_sections.rules import STEPS, board, referee
from rollwrite.games.lines_and_sections.solve import Picker, random_path

from oracles import lines_and_sections as oracle

G = LinesAndSections()
NAMES = ("Ann", "Bob", "Cy", "Di")


@st.composite
def games(draw):
    n = draw(st.integers(2, 6))
    b = board(n)
    players = NAMES[:draw(st.integers(2, 4))]
    if draw(st.booleans()):  # a legal path drawn until it is stuck, perhaps with steps after it
        path = [b.xy(p) for p in random_path(b, Picker(f"t#{draw(st.integers(0, 10**6))}", "path"))]
        extra = draw(st.integers(0, 2))
    else:
        path = [(draw(st.integers(0, n)), draw(st.integers(0, n)))]
        extra = draw(st.integers(0, 4 * n * (n + 1)))
    x, y = path[-1]
    for _ in range(extra):
        kind = draw(st.integers(0, 40))
        if kind == 0:  # a jump, or staying put
            x, y = draw(st.integers(0, n)), draw(st.integers(0, n))
        else:  # a unit step, legal or not, staying on the board
            dx, dy = STEPS[draw(st.integers(0, 3))]
            if 0 <= x + dx <= n and 0 <= y + dy <= n:
                x, y = x + dx, y + dy
        path.append((x, y))
    shades = []
    for _ in range(draw(st.integers(0, n * n // 2 + 2))):
        square = (draw(st.integers(0, n - 1)), draw(st.integers(0, n - 1)))
        who = draw(st.one_of(st.none(), st.sampled_from(players + ("Zed",))))
        shades.append(Shade(square, who, line=len(shades) + 3))
    lines = tuple(range(len(path)))
    return Game(n, players, tuple(path), tuple(shades), lines, lines), b


def _plain_results(res):
    return (res.phase, res.problems, res.shaded, res.shaded_by, res.moves, res.out, res.winner, res.to_move,
            res.sections, res.trail.points, res.trail.used, res.trail.drawn_on, res.trail.passes, res.trail.last)


@settings(max_examples=examples(300), deadline=None)
@given(games())
def test_the_quick_referee_is_the_plain_one(game_board):
    game, _ = game_board
    assert _plain_results(referee(game)) == _plain_results(oracle.referee(game))


@settings(max_examples=examples(100), deadline=None)
@given(games())
def test_an_evaluation_is_the_plain_referee_and_its_score(game_board):
    game, _ = game_board
    evaluation = G.evaluate(game, None, None)
    plain = oracle.referee(game)
    assert list(evaluation.problems) == plain.problems
    score = evaluation.score
    assert (score.total, score.breakdown, score.players, score.report) == oracle.score_parts(plain)


def test_the_step_tables_are_neighbour_and_direction():
    for n in range(2, 13):
        b = board(n)
        for p in range(b.points):
            assert b.next_point[p] == tuple(b.neighbour(p, d) for d in range(4))
            assert b.point_names[p] == b.point_name(p)
            for q in range(b.points):
                assert b.step_dir.get((p, q)) == b.direction(p, q)
