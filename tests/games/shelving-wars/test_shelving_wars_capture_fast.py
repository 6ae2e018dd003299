"""The capture count is worked out on bit boards for speed; here it is held against the plain
breadth-first search over (row, column) squares it replaced, on random battlefields, legal or not."""

from __future__ import annotations

from collections import deque

from hypothesis import given, settings, strategies as st

from strength import examples

from rollwrite.games.shelving_wars.data import CORNERS
from rollwrite.games.shelving_wars.format import Box, Player, Sheet, Shelf
from rollwrite.games.shelving_wars.rules import captured, corner_square


def captured_reference(sheet: Sheet, corners: tuple[str, ...], k: int) -> set[tuple[int, int]]:
    size = sheet.size
    covered: set[tuple[int, int]] = set()
    mine: set[tuple[int, int]] = set()
    for j, p in enumerate(sheet.players):
        for b in p.boxes:
            sq = set(b.squares(size))
            covered |= sq
            if j == k:
                mine |= sq
    walls: set[tuple[int, int, str]] = set()
    for s in sheet.players[k].shelves:
        walls |= set(s.units())
    start: set[tuple[int, int]] = set()
    for j, p in enumerate(sheet.players):
        if j == k:
            continue
        start.add(corner_square(corners[j], size))
        for b in p.boxes:
            start |= set(b.squares(size))
    start -= mine
    seen = set(start)
    todo = deque(start)
    while todo:
        r, c = todo.popleft()
        for nr, nc, wall in ((r - 1, c, (c, r, "h")), (r + 1, c, (c, r + 1, "h")),
                             (r, c - 1, (c, r, "v")), (r, c + 1, (c + 1, r, "v"))):
            if 0 <= nr < size and 0 <= nc < size and (nr, nc) not in seen and (nr, nc) not in mine \
                    and wall not in walls:
                seen.add((nr, nc))
                todo.append((nr, nc))
    return {(r, c) for r in range(size) for c in range(size)} - covered - seen


def boxes(size):
    return st.builds(Box, st.integers(-2, size + 1), st.integers(-2, size + 1), st.integers(1, 6), st.integers(1, 6))


def shelves(size):
    return st.sampled_from([(1, 0), (-1, 0), (0, 1), (0, -1)]).flatmap(
        lambda d: st.builds(Shelf, st.integers(-1, size + 1), st.integers(-1, size + 1), st.just(d[0]),
                            st.just(d[1]), st.integers(1, 8)))


@st.composite
def battlefields(draw):
    size = draw(st.integers(1, 10))
    players = tuple(
        Player(f"P{j}", tuple(draw(st.lists(st.one_of(boxes(size), shelves(size)), max_size=12))))
        for j in range(draw(st.integers(1, 4)))
    )
    return Sheet(size=size, turns=12, dice=3, sides=6, capture=True, players=players)


@settings(max_examples=examples(300), deadline=None)
@given(battlefields(), st.data())
def test_captured_matches_the_plain_search(sheet, data):
    k = data.draw(st.integers(0, len(sheet.players) - 1))
    assert captured(sheet, CORNERS, k) == captured_reference(sheet, CORNERS, k)
