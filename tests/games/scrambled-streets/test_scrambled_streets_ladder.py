"""Scrambled Streets' difficulty ladder (games/scrambled_streets/ladder.py): each player held to
positions worked out by hand, and to a plain count (tests/oracles) on random small cities."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oracles import scrambled_streets as plain
from rollwrite.difficulty import LEVELS
from rollwrite.games.scrambled_streets.ladder import LADDER, cards_moved, choose, grade, looks_at, play, street_ends
from rollwrite.games.scrambled_streets.rules import City
from rollwrite.games.scrambled_streets.solve import Placement, placements, solve
from rollwrite.layoutlang.layout import load_builtin

DECK = load_builtin("scrambled-streets").data


def row(*cards: int) -> City:
    """Cards upright side by side in one row."""
    return City({(0, k): (n, False) for k, n in enumerate(cards)})


# A row walled off for Black: each of 2, 5 and 17 has a white street from e to f, so nothing of Black's
# (black or gray) crosses its left side.  36 and 42 both have a black street from f to b (along the top
# third), which meet: Black's longest street, 2 streets, ends on 36 (its f, at the city's edge) and on
# 42 (its b, which meets 2's white f).  Every other street of Black's is alone (1).
WALLED = (36, 42, 2, 5, 17)

# The placements of a row of five, as the puzzle lists them: four per edge (the left card pushed up,
# then down, then the right card up, down), the edges from left to right.  In a row, a card pushed left
# takes every card left of it along, one pushed right every card right of it:
#   36|42: push 36 moves 1 card, push 42 moves 4     2|5: push 2 moves 3 (2, 42, 36), push 5 moves 2
#   42|2:  push 42 moves 2, push 2 moves 3           5|17: push 5 moves 4, push 17 moves 1
MOVED = [1, 1, 4, 4, 2, 2, 3, 3, 3, 3, 2, 2, 4, 4, 1, 1]


def test_cards_moved_by_each_placement_of_a_row():
    city = row(*WALLED)
    assert [cards_moved(city, p) for p in placements(city)] == MOVED


def test_cards_moved_in_an_l():
    # 36 42 44        edges in reading order: 36|42, 36|3, 42|44
    # 3
    city = City({(0, 0): (36, False), (0, 1): (42, False), (0, 2): (44, False), (1, 0): (3, False)})
    assert [(p.a, p.b, p.push, cards_moved(city, p)) for p in placements(city)[::2]] == [
        (36, 42, 36, 1), (36, 42, 42, 2), (36, 3, 36, 1), (36, 3, 3, 1), (42, 44, 42, 2), (42, 44, 44, 1)]


def test_street_ends_of_a_walled_row():
    assert street_ends(row(*WALLED), DECK, "black") == {36, 42}
    # White: 36's white c-e meets 42's white a-e (2 streets, ends on 36 and 42); 42's gray c-d meets
    # 44's gray a-e (2, ends on 42 and 44); 36's gray a-d and 44's white c-d are alone
    assert street_ends(row(36, 42, 44), DECK, "white") == {36, 42, 44}
    assert street_ends(row(36, 42, 44), DECK, "black") == {36, 44}  # 36-42-44 along the top third


def test_a_ring_has_no_end():
    # Black's ring round the middle of a 2 x 2 city: 17's gray b-d, 7's gray d-f, 46's black a-f and
    # 1's black a-b (4 streets and 2 for the ring: 6); every other street of Black's is worth 1
    ring = City({(0, 0): (17, False), (0, 1): (7, False), (1, 0): (1, False), (1, 1): (46, False)})
    assert street_ends(ring, DECK, "black") == set()
    assert looks_at(ring, DECK, "black", 1) == looks_at(ring, DECK, "black", 0)
    # a row below (41, 30, 18) meets none of the ring's streets (1's d is white, 46's d meets 30's white
    # a-d) and holds a line of 4: 41's gray b-f, 30's gray c-f, 18's gray e-f, 30's black b-e, ending on
    # 41 (its f, at the city's edge) and 30 (its e meets 41's white c-d).  The ring, worth 6, is worth more
    ring.cells.update({(2, 0): (41, False), (2, 1): (30, False), (2, 2): (18, False)})
    assert street_ends(City(ring.cells), DECK, "black") == set()
    # card 3 for 1: its a-b is white, so no ring (17-7-46 is a line of 3), and its black c-d joins 41's
    # black a-e (2): the line of 4 is worth most
    assert street_ends(City({**ring.cells, (1, 0): (3, False)}), DECK, "black") == {41, 30}


def test_what_each_player_looks_at():
    city = row(*WALLED)
    edge_pushes = {0, 1, 14, 15}  # 36|42 pushing 36, 5|17 pushing 17
    beside_ends = set(range(8))  # every placement on 36|42 and 42|2
    assert {k for k, seen in enumerate(looks_at(city, DECK, "black", 0)) if seen} == edge_pushes
    assert {k for k, seen in enumerate(looks_at(city, DECK, "black", 1)) if seen} == edge_pushes | beside_ends
    assert all(looks_at(city, DECK, "black", 2))


def test_each_player_plays_the_best_it_looks_at_the_first_on_a_tie():
    city = row(*WALLED)
    scores = [0] * 16
    scores[9] = 9  # out of sight of the first two
    scores[5] = scores[3] = 7  # a tie in sight of the second
    scores[15] = scores[14] = 5  # a tie in sight of the first
    assert [choose(city, DECK, "black", r, scores) for r in range(3)] == [14, 3, 9]


def test_the_players_on_a_medium_puzzle():
    # Card 46 (a-f black, b-e white, c-d gray) in the walled row.  Between 42 and 2, either way up, its
    # street from f (black up; turned, the gray f-a) carries Black's 36-42 on to its top: 3.  Anywhere
    # else it adds to nothing longer than 2: between 36 and 42 it cuts 36-42 (36's f-b, its own a-f: 2);
    # between 2 and 5 or 5 and 17 it joins the left card's top street (1 + 1).
    city = row(*WALLED)
    assert solve(city, DECK, 46, "black").scores == (2, 2, 2, 2, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2, 2, 2)
    assert play(city, DECK, 46, "black", 0) == (Placement(36, 42, 36, False), 2)  # the first of equals
    assert play(city, DECK, 46, "black", 1) == (Placement(42, 2, 42, False), 3)
    assert play(city, DECK, 46, "black", 2) == (Placement(42, 2, 42, False), 3)
    g = grade(city, DECK, "black", solve(city, DECK, 46, "black").scores, 3)
    assert (g.level, g.reached_by, g.scores) == ("medium", "street ends", (2, 3))


def test_the_players_on_a_hard_puzzle():
    # 9 (a-b white, c-e black, d-f gray), 45 (a-e gray, b-f white, c-d black), 27 (a-d gray, b-c black,
    # e-f white), 20 (a-c gray, b-d black, e-f white), 2: Black's longest street is 9's c-e and 45's a-e
    # (2), ending on 9 and 45; everything else of Black's is alone.  Card 24 (a-c gray, b-e black, d-f
    # white) turned half round has a gray d-f and a black b-e: between 27 and 20 both meet 27's black
    # b-c, a street of 3 (24's d-f, 27's b-c, 24's e-b); the right way up only its b-e meets 27 (2).
    # The edge 27|20 is beside neither end of Black's street and pushes 2 or 3 cards.
    city = row(9, 45, 27, 20, 2)
    assert street_ends(city, DECK, "black") == {9, 45}
    scores = solve(city, DECK, 24, "black").scores
    assert scores == (2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 2, 3, 2, 2, 2, 2)
    assert [play(city, DECK, 24, "black", r) for r in range(3)] == [
        (Placement(9, 45, 9, False), 2), (Placement(9, 45, 9, False), 2), (Placement(27, 20, 27, True), 3)]
    g = grade(city, DECK, "black", scores, 3)
    assert (g.level, g.reached_by, g.scores) == ("hard", "every placement", (2, 2, 3))


def test_an_easy_puzzle_stops_at_the_first_rung():
    # card 35 (b-f black, c-e gray) between 36 and 42 makes 36-35-42 along the top: 3, as between 42
    # and 2 (36-42-35); the first of these, pushing 36 out of the city's edge, is the first player's
    city = row(*WALLED)
    scores = solve(city, DECK, 35, "black").scores
    assert play(city, DECK, 35, "black", 0) == (Placement(36, 42, 36, False), 3) and max(scores) == 3
    assert grade(city, DECK, "black", scores, 3).to_json() == {
        "level": "easy", "reached_by": "edge pushes", "short_by": 0, "scores": [3]}


def test_the_ladder_as_documented():
    assert [(r.name, r.level) for r in LADDER] == [
        ("edge pushes", "easy"), ("street ends", "medium"), ("every placement", "hard")]


# ---------------------------------------------------------------- the plain count on random cities


@st.composite
def cities(draw):
    """A connected city of 3 to 9 cards grown one neighbour at a time, a card drawn and who moves."""
    n = draw(st.integers(3, 9))
    cells = [(0, 0)]
    while len(cells) < n:
        free = sorted({(r + dr, c + dc) for r, c in cells for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))}
                      - set(cells))
        cells.append(draw(st.sampled_from(free)))
    cards = draw(st.lists(st.integers(1, 48), min_size=n + 1, max_size=n + 1, unique=True))
    turned = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    city = {rc: (card, t) for rc, card, t in zip(cells, cards, turned)}
    return city, cards[n], draw(st.sampled_from(["black", "white"]))


def plain_rungs(cells: dict, card: int, player: str) -> list[int]:
    """Each rung's score counted the plain way: every placement pushed on the oracle's city, the cards
    it moved seen by where they went, the ends of the most valuable pieces from their walks."""
    city = plain.City(cells)
    pieces = plain.pieces(city, DECK, (player, "gray"))
    top = max((p.value for p in pieces), default=0)
    ends = {c for p in pieces if p.value == top and not p.loop for c in (p.streets[0][0], p.streets[-1][0])}
    best = [0, 0, 0]
    for (ra, ca), (a, _) in cells.items():
        for (rb, cb), (b, _) in cells.items():
            if (rb - ra, cb - ca) not in ((0, 1), (1, 0)):
                continue
            for push in (a, b):
                for turned in (False, True):
                    after = plain.City(cells)
                    after.push(a, b, push, card, turned)
                    before, now = city.where(), after.where()
                    moved = sum(now[n] != before[n] for n in before)
                    value = plain.longest(after, DECK, player).value
                    for rung, seen in enumerate((moved == 1, moved == 1 or a in ends or b in ends, True)):
                        if seen:
                            best[rung] = max(best[rung], value)
    return best


@settings(max_examples=60, deadline=None)
@given(cities())
def test_each_rung_plays_the_best_it_looks_at(case):
    cells, card, player = case
    city = City(cells)
    scores = solve(city, DECK, card, player).scores
    par = max(scores)
    played = [play(city, DECK, card, player, r) for r in range(len(LADDER))]
    assert [s for _, s in played] == plain_rungs(cells, card, player)
    assert all(s <= par for _, s in played) and played[-1][1] == par  # the last rung always reaches par
    for p, _ in played:
        assert p in placements(city)
    g = grade(city, DECK, player, scores, par)
    assert g == grade(City(cells), DECK, player, scores, par)  # the same every time
    first = next(k for k, (_, s) in enumerate(played) if s >= par)
    assert (g.level, g.reached_by) == (LADDER[first].level, LADDER[first].name)
    assert g.scores == tuple(s for _, s in played[: first + 1]) and g.level in LEVELS


@pytest.mark.parametrize("seed", ["club", "picnic", "a"])
def test_a_made_puzzle_is_graded_by_its_ladder(seed):
    from rollwrite.core.puzzles import make_puzzles

    _, _, (p,) = make_puzzles("scrambled-streets", seed=seed)
    pos = p.extra["position"]
    played = [play(pos.city, DECK, pos.card, pos.player, r)[1] for r in range(len(LADDER))]
    first = next(k for k, s in enumerate(played) if s >= p.par)
    assert p.difficulty == LADDER[first].level and p.grade["reached_by"] == LADDER[first].name
    assert p.grade["scores"] == played[: first + 1] and p.to_json()["grade"] == p.grade


@pytest.mark.parametrize("level", LEVELS)
def test_asking_for_a_level(level):
    from rollwrite.core.puzzles import make_puzzles

    _, _, (p,) = make_puzzles("scrambled-streets", seed="club", difficulty=level)
    assert p.difficulty == level == p.grade["level"]
    assert p.challenge == {"easy": "scrambled-streets#club", "medium": "scrambled-streets#club/medium/2",
                           "hard": "scrambled-streets#club/hard/1"}[level]
    again = make_puzzles(p.challenge)[2][0]  # its id makes it again, with the same grade
    assert (again.par, again.difficulty, again.grade) == (p.par, level, p.grade)


# ---------------------------------------------------------------- what the docs say

ROOT = Path(__file__).resolve().parents[3]


def test_the_docs_table_states_the_ladder():
    text = (ROOT / "docs" / "puzzles.md").read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(text) if line.startswith("| Scrambled Streets | edge pushes |"))
    rows = [[cell.strip() for cell in line.strip("|").split("|")] for line in text[start:start + len(LADDER)]]
    assert [(r[1], r[3]) for r in rows] == [(x.name, x.level) for x in LADDER]
    assert all(r[0] == "" for r in rows[1:])


@pytest.mark.long
def test_the_year_splits_as_the_docs_say():
    import datetime as dt
    from collections import Counter

    from rollwrite.core.puzzles import make_puzzles
    from rollwrite.games.scrambled_streets import ladder

    rungs: Counter = Counter()
    for day in range(365):
        date = (dt.date(2027, 1, 1) + dt.timedelta(day)).isoformat()
        _, _, (p,) = make_puzzles("scrambled-streets", daily=date)
        rungs[p.grade["reached_by"]] += 1
    assert [rungs[x.name] for x in LADDER] == [117, 124, 124]
    guide = " ".join((ROOT / "docs" / "puzzles.md").read_text(encoding="utf-8").split())
    assert "easy 117 (edge pushes), medium 124 (street ends) and hard 124" in guide
    assert "117, 124 and 124" in " ".join((ladder.__doc__ or "").split())
