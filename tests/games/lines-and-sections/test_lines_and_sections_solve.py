"""The solver against brute force: Node Kayles values, phase 2 played by the rules, the whole game."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollwrite.errors import UsageError
from rollwrite.games.lines_and_sections.format import Game, Shade, parse
from rollwrite.games.lines_and_sections.rules import OPPOSITE, Trail, board, referee, sections
from rollwrite.games.lines_and_sections.solve import (
    Kayles, Picker, TooBig, WholeGame, analyse, kayles_brute, make_puzzle, random_path, solve_game,
)


@st.composite
def graphs(draw, most=9):
    n = draw(st.integers(0, most))
    adj = [0] * n
    for a in range(n):
        for b in range(a + 1, n):
            if draw(st.booleans()):
                adj[a] |= 1 << b
                adj[b] |= 1 << a
    return adj


@settings(max_examples=60, deadline=None)
@given(graphs())
def test_grundy_value_decides_like_brute_force(adj):
    full = (1 << len(adj)) - 1
    assert (Kayles(adj).value(full) != 0) == kayles_brute(adj, full)


@settings(max_examples=30, deadline=None)
@given(graphs(6), graphs(6))
def test_values_of_separate_parts_add_by_xor(g1, g2):
    n1 = len(g1)
    adj = g1 + [a << n1 for a in g2]
    k = Kayles(adj)
    whole = k.value((1 << len(adj)) - 1)
    assert whole == Kayles(g1).value((1 << n1) - 1) ^ Kayles(g2).value((1 << len(g2)) - 1)


def test_small_known_values():
    # a single vertex, an edge, a path of three, a triangle, an empty graph
    assert Kayles([0]).value(1) == 1
    assert Kayles([2, 1]).value(3) == 1
    assert Kayles([2, 5, 2]).value(7) == 2  # P3: middle empties it (0); an end leaves one vertex (1)
    assert Kayles([6, 5, 3]).value(7) == 1
    assert Kayles([]).value(0) == 0


def test_a_search_past_its_limit_says_so():
    path = [(1 << (i - 1) if i else 0) | (1 << (i + 1) if i < 29 else 0) for i in range(30)]
    with pytest.raises(TooBig, match="more than 10 positions"):
        Kayles(path, limit=10).value((1 << 30) - 1)


# ---------------------------------------------------------------- phase 2 by the rules


def mover_wins_by_the_rules(secs, shaded: frozenset) -> bool:
    """Two players, played as the rules say: any unshaded section may be shaded; one next to a shaded
    section puts the mover out (the other wins); with nothing left to shade the mover is out."""
    for k in range(len(secs)):
        if k in shaded:
            continue
        if any(j in shaded for j in secs.adjacent[k]):
            continue  # shading it puts the mover out: never a winning move
        if not mover_wins_by_the_rules(secs, shaded | {k}):
            return True
    return False


def finished(size: int, seed: int):
    b = board(size)
    pts = random_path(b, Picker("lines-and-sections#test", f"{size}/{seed}"))
    return b, pts


def finished_sections(size: int, seed: int):
    b, pts = finished(size, seed)
    used = 0
    for a, c in zip(pts, pts[1:]):
        used |= 1 << b.edge_at[a][b.direction(a, c)]
    return sections(b, used)


#: seeded boards small enough (at most 12 sections) for the brute force below
SMALL = [(s, k) for s in (2, 3, 4) for k in range(16) if len(finished_sections(s, k)) <= 12][:36]


def test_enough_small_boards_to_compare():
    assert len(SMALL) >= 30 and {s for s, _ in SMALL} == {2, 3, 4}


@pytest.mark.parametrize("size,seed", SMALL)
def test_phase_two_analysis_matches_play_by_the_rules(size, seed):
    secs = finished_sections(size, seed)
    p = analyse(secs, set())
    assert (p.value != 0) == mover_wins_by_the_rules(secs, frozenset())
    expected = {k for k in p.safe if not mover_wins_by_the_rules(secs, frozenset({k}))}
    assert set(p.winning) == expected


@settings(max_examples=25, deadline=None)
@given(st.integers(3, 5), st.integers(0, 10_000), st.lists(st.integers(0, 50), max_size=40))
def test_following_the_solver_wins_as_the_referee_sees_it(size, seed, replies):
    """The solver's moves, re-played through the referee against any replies, win whenever the
    solver says the position is a win."""
    b = board(size)
    pts = random_path(b, Picker("lines-and-sections#replay", f"{size}/{seed}"))
    path = tuple(b.xy(q) for q in pts)
    g = Game(size, ("Ann", "Bob"), path)
    res = referee(g)
    first = res.to_move
    sol = solve_game(g)
    if not sol.wins:
        return
    shades: list[Shade] = []
    replies = list(replies)
    while True:
        res = referee(Game(size, ("Ann", "Bob"), path, tuple(shades)))
        assert res.problems == []
        if res.phase == "over":
            break
        if res.to_move == first:
            p = analyse(res.sections, res.shaded)
            assert p.winning, "the solver's side must always have a winning move"
            k = p.winning[0]
        else:
            unshaded = res.unshaded()
            k = unshaded[(replies.pop() if replies else 0) % len(unshaded)]
        shades.append(Shade(b.square_xy(res.sections.squares[k][0])))
    assert res.winner == first


# ---------------------------------------------------------------- the whole game


def whole_game_brute(trail: Trail) -> bool:
    """Whether the player to draw wins, by enumerating every continuation with the referee's own Trail
    and deciding phase 2 by the rules (no memo, no values)."""
    opts = trail.options()
    if not opts:
        return mover_wins_by_the_rules(sections(trail.board, trail.used), frozenset())
    for d in opts:
        t = copy.deepcopy(trail)
        t.step(d)
        if not whole_game_brute(t):
            return True
    return False


def test_whole_game_on_2x2_matches_brute_force():
    b = board(2)
    w = WholeGame(b)
    for p, d, win in w.first_moves():
        t = Trail(b, p)
        t.step(d)
        assert win == (not whole_game_brute(t)), (b.point_name(p), d)


def test_whole_game_results_published_in_the_rules_page():
    # docs/rules/lines-and-sections.md: the first player wins on 2×2, 3×3 and 4×4
    for n, openings in ((2, {"B1 right", "B1 down"}), (3, {"A1 right"})):
        w = WholeGame(board(n))
        got = {f"{board(n).point_name(p)} {('up', 'right', 'down', 'left')[d]}" for p, d, win in w.first_moves() if win}
        assert got == openings, n


def test_solve_a_phase_one_position_lists_winning_segments():
    g = parse("size: 3\nplayers: Ann, Bob\npath: B1 B2 C2 C3 B3 B2 A2\n", "t")
    sol = solve_game(g)
    assert sol.phase == "drawing" and sol.to_move == "Ann"
    # check by brute force from the same position
    res = referee(g)
    assert sol.wins == whole_game_brute(res.trail)
    for m in sol.moves:
        t = copy.deepcopy(res.trail)
        t.step(b_dir(res, m))
        assert not whole_game_brute(t)


def b_dir(res, name):
    b = res.board
    x, y = ord(name[0]) - 65, int(name[1:]) - 1
    return b.direction(res.trail.end, b.point(x, y))


def test_solve_refuses_more_than_two_players_still_in():
    g = parse("size: 2\nplayers: A, B, C\npath: A2 B2 B1 C1 C2 B2 B3 C3 C2\n", "t")
    with pytest.raises(UsageError, match="two players"):
        solve_game(g)


def test_solve_a_game_that_is_over():
    g = parse("size: 2\nplayers: A, B\npath: A2 B2 B1 C1 C2 B2 B3 C3 C2\nshade: A1\nshade: B1\n", "t")
    with pytest.raises(UsageError, match="over: A has won"):
        solve_game(g)


# ---------------------------------------------------------------- puzzles


@pytest.mark.parametrize("size", [4, 6, 8])
def test_puzzles_have_exactly_one_winning_move(size):
    pz = make_puzzle("lines-and-sections#test", size, 1)
    g = pz.game()
    res = referee(g)
    assert res.problems == [] and res.phase == "shading" and res.players[res.to_move] == "You"
    p = analyse(res.sections, set())
    assert p.winning == (pz.answer,) and len(p.safe) == pz.safe >= 4
    assert res.board.square_name(res.sections.squares[pz.answer][0]) == pz.answer_square


def test_puzzles_are_the_same_for_the_same_seed_and_differ_between_seeds():
    a = make_puzzle("lines-and-sections#club", 6, 2)
    assert a == make_puzzle("lines-and-sections#club", 6, 2)
    assert a.path != make_puzzle("lines-and-sections#other", 6, 2).path


def test_puzzle_sizes_are_checked():
    with pytest.raises(UsageError, match="from 4×4 to 8×8"):
        make_puzzle("lines-and-sections#x", 3, 1)


def test_random_paths_are_legal_and_stuck():
    for size in (2, 5, 9):
        b = board(size)
        pts = random_path(b, Picker("lines-and-sections#t", str(size)))
        t = Trail(b, pts[0])
        for a, c in zip(pts, pts[1:]):
            d = b.direction(a, c)
            assert t.why_not(d) is None
            t.step(d)
        assert t.stuck()
        assert OPPOSITE[OPPOSITE[t.last]] == t.last


def test_puzzle_answers_are_not_simply_leave_nothing_safe():
    for size in (4, 5, 7):
        pz = make_puzzle("lines-and-sections#hard", size, 1)
        res = referee(pz.game())
        p = analyse(res.sections, set())
        assert sum(count for count, _ in p.groups[pz.answer]) >= 2
        assert "groups that balance each other" in pz.reason or "in one group where you can answer" in pz.reason
        assert "⊕" not in pz.reason and "worth" not in pz.reason  # plain words, no nim notation


def test_a_typed_in_answer_is_checked_against_the_one_winning_section():
    import dataclasses

    from rollwrite.games.lines_and_sections.solve import answer_game, evaluate_answer

    def check_answer(challenge, puzzle, sheet):
        return list(evaluate_answer(challenge, puzzle, sheet).problems)

    pz = make_puzzle("lines-and-sections#answers", 6, 1)
    right = answer_game(pz)
    assert check_answer("lines-and-sections#answers", pz, right) == []
    # the same answer checked without the made puzzle at hand (made again from the id and the size)
    assert check_answer("lines-and-sections#answers", None, right) == []
    res = referee(pz.game())
    other = next(k for k in range(len(res.sections)) if k != pz.answer)
    wrong = dataclasses.replace(right, shades=(Shade(res.board.square_xy(res.sections.squares[other][0])),))
    [p] = check_answer("lines-and-sections#answers", pz, wrong)
    assert p.where == f"move {len(pz.path)}" and "does not win" in p.message
    [p] = check_answer("lines-and-sections#answers", pz, dataclasses.replace(right, shades=()))
    assert "shades nothing" in p.message
    [p] = check_answer("lines-and-sections#answers", pz, dataclasses.replace(right, path=right.path[:-1]))
    assert "not the puzzle's" in p.message
