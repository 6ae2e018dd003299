"""Property tests: random legal games never crash, format and parse round-trip, the longest path never
exceeds the streets of its colours and agrees with a brute-force search on small cities, and the parser
only ever raises InputError."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from rollwrite.errors import InputError
from rollwrite.games.scrambled_streets.format import format, parse
from rollwrite.games.scrambled_streets.rules import LOOP_BONUS, City, longest, replay
from rollwrite.games.scrambled_streets.solve import play
from rollwrite.layoutlang.layout import load_builtin

DECK = load_builtin("scrambled-streets").data


@settings(max_examples=15, deadline=None)
@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789 -", min_size=1, max_size=12),
       st.integers(min_value=0, max_value=44))
def test_random_legal_games_replay_and_round_trip(seed, turns):
    game, city = play(DECK, f"scrambled-streets#{seed}", turns, greedy=False)
    rep = replay(game, DECK)
    assert rep.problems == () and len(rep.breakdown["turns"]) == turns
    again = parse(format(game))
    assert again == game and format(again) == format(game)
    for t in rep.breakdown["turns"]:
        assert t["points"] >= 1  # the new card brings at least one street of the mover's colour or gray


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=0, max_value=10**6), st.integers(min_value=1, max_value=30))
def test_longest_never_exceeds_the_streets_of_its_colours(n, turns):
    _, city = play(DECK, f"scrambled-streets#n{n}", turns, greedy=False)
    for player in ("black", "white"):
        best = longest(city, DECK, player)
        mine = sum(1 for card, _ in city.cells.values() for s in DECK.card(card).streets
                   if s.colour in (player, "gray"))
        assert best.length <= mine
        assert best.value <= mine + LOOP_BONUS
        assert len(set(best.streets)) == best.length  # no street counted twice


def brute_force(city: City, player: str) -> int:
    """The best trail by trying every walk: streets as edges between junctions, found geometrically."""
    from oracles.scrambled_streets import graph as _graph

    edges, _ = _graph(city, DECK, (player, "gray"))
    best = 0

    def extend(at, used):
        nonlocal best
        for e, (u, v) in enumerate(edges):
            if e in used or at not in (u, v):
                continue
            nxt = v if u == at else u
            used2 = used | {e}
            closed = nxt == start and len(used2) >= 1 and _closed(used2)
            best = max(best, len(used2) + (LOOP_BONUS if closed else 0))
            extend(nxt, used2)

    def _closed(used):
        degree: dict[int, int] = {}
        for e in used:
            for n in edges[e]:
                degree[n] = degree.get(n, 0) + 1
        return all(d == 2 for d in degree.values())

    for start in {n for e in edges for n in e}:
        extend(start, frozenset())
    return best


@settings(max_examples=20, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 48), st.booleans()), min_size=1, max_size=6, unique_by=lambda t: t[0]),
       st.integers(0, 2**16))
def test_longest_agrees_with_brute_force_on_small_cities(cards, shape):
    cells = list(itertools.product(range(2), range(3)))
    chosen = [cells[k] for k in range(6) if shape >> k & 1][: len(cards)] or [(0, 0)]
    city = City({rc: cards[k] for k, rc in enumerate(chosen)})
    for player in ("black", "white"):
        assert longest(city, DECK, player).value == brute_force(city, player)


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=200))
def test_the_parser_raises_only_input_errors(text):
    try:
        parse(text, "t.txt")
    except InputError as e:
        assert e.line is not None and e.file == "t.txt"


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from([
    "start:", "  17 up  3 down", "  40 down 8 up", "1. 25 up at 17|3 push 3", "black: Ann", "white: Bo",
    "2. 9 down at 40|17 push 40", "3. 1 up at 25|3 push 25", "# note", "", "1. 2 90 at 1|2 push 9",
]), max_size=8))
def test_any_mix_of_lines_parses_or_fails_cleanly_and_scores(lines):
    try:
        game = parse("\n".join(lines))
    except InputError:
        return
    rep = replay(game, DECK)  # never crashes, whatever the moves say
    assert rep.stopped is not None or len(rep.breakdown["turns"]) == len(game.moves)
    assert parse(format(game)) == game
