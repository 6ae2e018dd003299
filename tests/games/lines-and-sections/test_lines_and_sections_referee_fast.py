"""The referee draws a segment the path may take at once, looking its direction up in a table; the
game is evaluated with one referee for its problems and its score, and the score leaves the report to
be written when it is read.  Here all three are held to the plain way of tests/oracles/lines_and_sections.py
(the rules written again from docs/rules: the path as a list of points, its earlier passes read off
that list, sections found square by square, the score and report written from that result) —
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
    kind = draw(st.integers(0, 3))
    if kind < 2:  # a legal path drawn until it is stuck, mostly shaded then, perhaps with steps after it
        path = [b.xy(p) for p in random_path(b, Picker(f"t#{draw(st.integers(0, 10**6))}", "path"))]
        extra = draw(st.sampled_from((0, 0, 0, 1, 2)))
    elif kind == 2:  # a legal path cut short and wandering on from there (crossings, repeats)
        path = [b.xy(p) for p in random_path(b, Picker(f"t#{draw(st.integers(0, 10**6))}", "path"))]
        path = path[:draw(st.integers(1, len(path)))]
        extra = draw(st.integers(0, 2 * n))
    else:
        path = [(draw(st.integers(0, n)), draw(st.integers(0, n)))]
        extra = draw(st.integers(0, 4 * n * (n + 1)))
    x, y = path[-1]
    for _ in range(extra):
        kind = draw(st.integers(0, 40))
        if kind == 0:  # a jump, or staying put
            x, y = draw(st.integers(0, n)), draw(st.integers(0, n))
        else:  # a unit step, legal or not, staying on the board, seldom straight back
            dx, dy = STEPS[draw(st.integers(0, 3))]
            if len(path) > 1 and (x + dx, y + dy) == path[-2] and draw(st.integers(0, 3)):
                dx, dy = -dy, dx  # turned a quarter instead
            if 0 <= x + dx <= n and 0 <= y + dy <= n:
                x, y = x + dx, y + dy
        path.append((x, y))
    shades = []
    for _ in range(draw(st.integers(0, n * n // 2 + 2))):
        square = (draw(st.integers(0, n - 1)), draw(st.integers(0, n - 1)))
        # mostly unnamed (the turn order's own player), so that games go on to players going out
        who = draw(st.one_of(st.none(), st.none(), st.none(), st.sampled_from(players + ("Zed",))))
        shades.append(Shade(square, who, line=len(shades) + 3))
    lines = tuple(range(len(path)))
    return Game(n, players, tuple(path), tuple(shades), lines, lines), b


def _production(res):
    """What the production referee found, in the oracle's terms."""
    sections = res.sections and (res.sections.of, res.sections.squares, res.sections.adjacent)
    return (res.phase, res.problems, res.shaded, res.shaded_by, res.moves,
            [(o.player, o.move, o.section, o.forced, o.reason) for o in res.out], res.winner, res.to_move,
            sections, [res.board.xy(p) for p in res.trail.points])


def _plain(res):
    return (res.phase, res.problems, res.shaded, res.shaded_by, res.moves, res.out, res.winner, res.to_move,
            res.sections, res.points)


@settings(max_examples=examples(300), deadline=None)
@given(games())
def test_the_quick_referee_is_the_plain_one(game_board):
    game, _ = game_board
    assert _production(referee(game)) == _plain(oracle.referee(game))


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
