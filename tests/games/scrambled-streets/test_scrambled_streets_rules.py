"""The path counter on hand-drawn cities, the push at every edge, the first-player rule, White's tie
bonus and the Mayor, each worked out by hand from the card list in layouts/scrambled-streets.yaml."""

from __future__ import annotations

import pytest

from rollwrite.games.scrambled_streets.format import parse
from rollwrite.games.scrambled_streets.rules import City, first_player, longest, replay
from rollwrite.layoutlang.layout import load_builtin

from oracles import scrambled_streets as oracle


@pytest.fixture(scope="module")
def deck():
    return load_builtin("scrambled-streets").data


def names(deck, path):
    return [deck.names[deck.card(c).streets[i].a] + deck.names[deck.card(c).streets[i].b] + f"@{c}"
            for c, i in path.streets]


def test_the_cards_used_below_are_as_the_layout_says(deck):
    assert deck.describe(deck.card(1)) == "ab black, cd white, ef gray"
    assert deck.describe(deck.card(2)) == "ab black, cd gray, ef white"
    assert deck.describe(deck.card(25)) == "ad black, bc gray, ef white"
    assert deck.describe(deck.card(28)) == "ad black, be white, cf gray"


def test_a_loop_across_two_cards_scores_two_more(deck):
    # 25's gray bc bends back on its right edge, 1's gray ef on its left edge: together a ring
    city = City({(0, 0): (25, False), (0, 1): (1, False)})
    for player in ("black", "white"):
        best = longest(city, deck, player)
        assert best.loop and best.length == 2 and best.value == 4
        assert sorted(names(deck, best)) == ["bc@25", "ef@1"]


def test_turning_a_card_breaks_the_loop(deck):
    # 1 turned half round: its gray street now bends back on its right edge, away from 25; 25's gray
    # bc now meets 1's black street (printed ab, now running from e to d) and 1's white one
    city = City({(0, 0): (25, False), (0, 1): (1, True)})
    best = longest(city, deck, "black")
    assert not best.loop and best.value == 2
    assert sorted(names(deck, best)) == ["ab@1", "bc@25"]
    assert longest(city, deck, "white").value == 2  # 25's gray bc and 1's white street, open


def test_a_path_that_comes_back_onto_a_card_uses_two_of_its_streets(deck):
    # Black: 2's ab (black) runs into 1's gray ef, which bends back into 2's gray cd: three streets
    city = City({(0, 0): (2, False), (0, 1): (1, False)})
    best = longest(city, deck, "black")
    assert (best.length, best.loop, best.value) == (3, False, 3)
    assert names(deck, best) in (["ab@2", "ef@1", "cd@2"], ["cd@2", "ef@1", "ab@2"])
    assert [c for c, _ in best.streets].count(2) == 2


def test_gray_counts_for_both_players_and_the_other_colour_for_neither(deck):
    city = City({(0, 0): (2, False), (0, 1): (1, False)})
    white = longest(city, deck, "white")
    # White has 1's gray ef and 2's gray cd (two streets); 2's black ab is not White's
    assert (white.length, white.value) == (2, 2)
    assert sorted(names(deck, white)) == ["cd@2", "ef@1"]


def test_crossing_streets_on_one_card_do_not_connect(deck):
    # card 28: ad black crosses be white and cf gray in the middle of the card
    one = City({(0, 0): (28, False)})
    assert longest(one, deck, "black").length == 1
    assert longest(one, deck, "white").length == 1
    assert len(oracle.pieces(one, deck, {"black", "white", "gray"})) == 3
    # four of them (a city no game makes, so the plain count): Black's ad runs down a column (2
    # streets); the gray cf of the left card meets the white be of the right one, which is not Black's,
    # so nothing longer
    city = City({(r, c): (28, False) for r in (0, 1) for c in (0, 1)})
    best = oracle.longest(city, deck, "black")
    assert (best.length, best.loop) == (2, False)
    assert names(deck, best) in (["ad@28", "ad@28"],)
    with pytest.raises(ValueError, match="card 28 is in the city 4 times"):
        longest(city, deck, "black")


def test_a_lone_card_with_no_street_of_yours_scores_its_gray(deck):
    city = City({(0, 0): (1, False)})
    assert longest(city, deck, "white").value == 1


def test_first_player_rule_and_white_tie_bonus(deck):
    city = City({(0, 0): (25, False), (0, 1): (1, False)})
    start = {pl: longest(city, deck, pl) for pl in ("black", "white")}
    assert first_player(start) == ("white", {"black": 0, "white": 2})
    city = City({(0, 0): (2, False), (0, 1): (1, False)})
    start = {pl: longest(city, deck, pl) for pl in ("black", "white")}
    assert first_player(start) == ("black", {"black": 0, "white": 0})


def full_city(rows, cols):
    return City({(r, c): (r * cols + c + 1, (r + c) % 2 == 1) for r in range(rows) for c in range(cols)})


@pytest.mark.parametrize("rows, cols", [(2, 2), (3, 4)])
def test_a_push_at_every_edge_of_a_full_city(deck, rows, cols):
    base = full_city(rows, cols)
    for a, b in base.edges():
        for push in (a, b):
            city = base.copy()
            assert city.push_problem(a, b, push) is None
            other = b if push == a else a
            (pr, pc), (orow, ocol) = base.where[push], base.where[other]
            dr, dc = pr - orow, pc - ocol
            cell = city.push(a, b, push, 48, False)
            assert cell == (pr, pc) and city.cells[cell] == (48, False)
            assert len(city.cells) == rows * cols + 1 == len(city.where)
            for card, (r, c) in base.where.items():
                beyond = (r == pr and (c - pc) * dc >= 0) if dr == 0 else (c == pc and (r - pr) * dr >= 0)
                want = (r + dr, c + dc) if beyond else (r, c)
                assert city.where[card] == want, (a, b, push, card)
                assert city.cells[want] == base.cells[(r, c)]
            # the line the push ran along grew by one; every other line is as it was
            if dr == 0:
                assert sum(1 for (r, _) in city.cells if r == pr) == cols + 1
            else:
                assert sum(1 for (_, c) in city.cells if c == pc) == rows + 1


def test_push_moves_every_card_beyond_even_past_a_gap(deck):
    # row 0: cards at columns 0, 1 and 3 (a gap at 2): pushing 2 right moves 3 along as well
    city = City({(0, 0): (1, False), (0, 1): (2, False), (0, 3): (3, False), (1, 0): (4, False)})
    city.push(1, 2, 2, 10, False)
    assert city.where == {1: (0, 0), 10: (0, 1), 2: (0, 2), 3: (0, 4), 4: (1, 0)}


@pytest.mark.parametrize("a, b, push, message", [
    (5, 6, 5, "card 5 is not in the city"),
    (17, 8, 8, "cards 17 and 8 do not share an edge"),
    (17, 3, 40, "the pushed card must be 17 or 3"),
    (17, 17, 17, "two different cards"),
])
def test_illegal_pushes(a, b, push, message):
    city = City.start([(17, False), (3, True), (40, True), (8, False)])
    assert message in city.push_problem(a, b, push)


GAME = """\
start:
  17 up    3 down
  40 down  8 up
1. 25 up at 17|3 push 3
2. 9 down at 40|17 push 40
3. 1 up at 25|3 push 25
"""


def test_replay_scores_each_turn_for_its_mover(deck):
    rep = replay(parse(GAME), deck)
    b = rep.breakdown
    assert rep.problems == ()
    assert rep.first == "black" and b["tie_bonus"] == {"black": 0, "white": 0}
    assert [(t["player"], t["points"]) for t in b["turns"]] == [("black", 2), ("white", 4), ("black", 4)]
    assert rep.totals == {"black": 6, "white": 4}
    assert b["turns"][2]["loop"]  # 25's gray bc and 1's gray ef close a ring
    assert not b["complete"] and b["mayor"] is None


def test_replay_stops_at_an_impossible_push_and_says_so(deck):
    bad = GAME.replace("3. 1 up at 25|3 push 25", "3. 1 up at 17|8 push 8\n4. 2 up at 17|25 push 25")
    rep = replay(parse(bad), deck)
    assert rep.stopped == 3 and len(rep.breakdown["turns"]) == 2
    [p] = rep.problems
    assert p.where == "turn 3" and "do not share an edge" in p.message and p.line == 6


@pytest.mark.parametrize("line, message", [
    ("3. 17 up at 25|3 push 25", "card 17 is already in the city"),
    ("3. 49 up at 25|3 push 25", "there is no card 49"),
    ("3. 1 90 at 25|3 push 25", "turned 90 degrees"),
])
def test_card_problems(deck, line, message):
    rep = replay(parse(GAME.replace("3. 1 up at 25|3 push 25", line)), deck)
    assert any(message in p.message for p in rep.problems)


def test_a_finished_game_names_the_mayor(deck):
    from rollwrite.games.scrambled_streets.solve import play

    game, _ = play(deck, "scrambled-streets#mayor", 44, greedy=False)
    rep = replay(game, deck)
    b = rep.breakdown
    assert b["complete"] and len(b["turns"]) == 44
    t = rep.totals
    assert b["mayor"] == ("black" if t["black"] > t["white"] else "white" if t["white"] > t["black"] else None)
    assert t["black"] == sum(x["points"] for x in b["turns"] if x["player"] == "black") + b["tie_bonus"]["black"]
    assert t["white"] == sum(x["points"] for x in b["turns"] if x["player"] == "white") + b["tie_bonus"]["white"]
