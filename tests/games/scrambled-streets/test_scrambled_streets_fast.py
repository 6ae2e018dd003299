"""The replay keeps both players' pieces of street up to date card by card (``rules.Streets``) instead
of building the whole street graph after every card.  These tests hold it to the plain computation
(tests/oracles/scrambled_streets.py: the street graph of the whole city walked again): the same piece
(street order included), the same ring or line, the same points, after every push of random games and
of hand-made cases where a later card splits or joins pieces or opens and closes a ring.  ``longest``
of a whole city (what the puzzle solver asks) lays the city's cards into a new ``Streets``."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strength import examples

from rollwrite.games.scrambled_streets.format import parse
from rollwrite.games.scrambled_streets.rules import City, longest, replay
from rollwrite.games.scrambled_streets.solve import play
from rollwrite.layoutlang.layout import load_builtin

from oracles import scrambled_streets as oracle

DECK = load_builtin("scrambled-streets").data
PLAYERS = ("black", "white")


def same_as_plain(city: City) -> None:
    for player in PLAYERS:
        mine, plain = longest(city, DECK, player), oracle.longest(city, DECK, player)
        assert (mine.streets, mine.loop) == (plain.streets, plain.loop)


def random_game(rng: random.Random, turns: int) -> None:
    """Any legal pushes (every edge, either side, either way up), checked against the plain count after
    each card."""
    cards = list(range(1, len(DECK.cards) + 1))
    rng.shuffle(cards)
    city = City.start([(cards.pop(), rng.random() < 0.5) for _ in range(4)])
    same_as_plain(city)
    for _ in range(min(turns, len(cards))):
        a, b = rng.choice(city.edges())
        push = rng.choice((a, b))
        city.push(a, b, push, cards.pop(), rng.random() < 0.5)
        same_as_plain(city)


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=0, max_value=44))
def test_random_pushes_keep_the_pieces_of_the_plain_count(seed, turns):
    random_game(random.Random(seed), turns)


@settings(max_examples=examples(10), deadline=None)
@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789", min_size=1, max_size=10),
       st.integers(min_value=0, max_value=44), st.booleans())
def test_replay_scores_every_turn_as_the_plain_count(seed, turns, greedy):
    game, _ = play(DECK, f"scrambled-streets#{seed}", turns, greedy=greedy)
    same_turns(game)


def same_turns(game) -> list:
    """Every turn of the replay takes the plain count's path (the same cards in the same order, the
    same ring or line); the paths, from the start on."""
    rep = replay(game, DECK)
    city = City.start([(p.card, p.turned) for p in game.start])
    start = {pl: oracle.longest(city, DECK, pl) for pl in PLAYERS}
    assert rep.breakdown["start"] == {pl: {"path": p.length, "loop": p.loop, "value": p.value} for pl, p in start.items()}
    seen = [start]
    for m, t in zip(game.moves, rep.breakdown["turns"], strict=True):
        city.push(m.a, m.b, m.push, m.card, m.rotation == 180)
        paths = {pl: oracle.longest(city, DECK, pl) for pl in PLAYERS}
        plain = paths[t["player"]]
        assert (t["cards"], t["loop"], t["path"]) == ([c for c, _ in plain.streets], plain.loop, plain.length)
        seen.append(paths)
    return seen


def test_small_dense_cities_many_seeds():
    # a 2x2 start and a few cards: loops and splits are frequent in a small city
    for seed in range(60):
        random_game(random.Random(f"small{seed}"), 6)



def track(text: str):
    game = parse(text)
    city = City.start([(p.card, p.turned) for p in game.start])
    for m in game.moves:
        assert city.push_problem(m.a, m.b, m.push) is None
        city.push(m.a, m.b, m.push, m.card, m.rotation == 180)
        same_as_plain(city)
    return same_turns(game)


START = "start:\n  17 up    3 down\n  40 down  8 up\n"


def test_a_push_splits_a_path():
    # the worked example: Black's 3-street path 3-17-40 breaks when 25 goes in between 17 and 3
    seen = track(START + "1. 25 up at 17|3 push 3\n")
    assert seen[0]["black"].value == 3 and not seen[0]["black"].loop
    assert seen[1]["black"].value == 2


def test_a_card_closes_a_ring_and_a_later_card_opens_it():
    text = START + "1. 25 up at 17|3 push 3\n2. 9 down at 40|17 push 40\n3. 1 up at 25|3 push 25\n"
    seen = track(text)
    ring = seen[3]["black"]
    assert ring.loop and ring.value == 4 and sorted(c for c, _ in ring.streets) == [1, 25]
    # a card pushed in between 25 and 1 separates the two U-turns: the ring is gone for both
    seen = track(text + "4. 2 up at 1|25 push 1\n")
    assert not any(p.loop and sorted(c for c, _ in p.streets) == [1, 25] for p in seen[4].values())
    # a push beside the ring that moves neither card keeps it
    seen = track(text + "4. 2 up at 17|25 push 17\n")
    assert any(p.loop and sorted(c for c, _ in p.streets) == [1, 25] for p in seen[4].values())


@pytest.mark.parametrize("turns, turn, player, cards", [
    # 28 goes in between 40 and 8: White's streets of 40 and 8 now run on through 28's white street
    ("1. 28 up at 40|8 push 8\n2. 2 down at 17|40 push 17\n", 1, "white", [40, 28, 8]),
    # 2 goes in between 17 and 28, pushing 28 (and 8 beyond it) down: it joins Black's 3-17 to 40
    ("1. 28 up at 40|8 push 40\n2. 2 down at 17|28 push 28\n", 2, "black", [3, 17, 2, 40]),
])
def test_a_card_joins_two_pieces(turns, turn, player, cards):
    seen = track(START + turns)  # each step compared with the plain count inside ``track``
    joined = seen[turn][player]
    assert [c for c, _ in joined.streets] == cards and not joined.loop
