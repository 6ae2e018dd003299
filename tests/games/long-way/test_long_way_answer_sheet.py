"""A Long Way answer page is filled in as a careful player would: entrance and exit, the score, the coins,
and the route drawn under the furniture."""

from __future__ import annotations

import pytest

from rollwrite.core.puzzles import puzzle_jobs
from rollwrite.draw.scene import Circle, Path, Rect, Text
from rollwrite.games.long_way.rules import score
from rollwrite.games.long_way.sheet import outer_side
from rollwrite.sheet import build_scene


@pytest.fixture(scope="module")
def pages(made_puzzle):
    layout, _, p = made_puzzle("long-way", "picnic")  # the puzzle the par tests make too
    scene = build_scene(layout, sheets=2, jobs=puzzle_jobs([p], with_solutions=True))
    return p, [scene.page_items(page) for page in scene.pages]


def arrow_heads(items):
    return [it for it in items if isinstance(it, Path) and it.closed and it.fill == "#000000" and len(it.points) == 3]


def test_the_entrance_and_the_exit_are_drawn_on_the_answer_alone(pages):
    _, (puzzle, answer) = pages
    assert len(arrow_heads(answer)) == 2 and not arrow_heads(puzzle)


def test_the_score_boxes_are_filled_in(pages):
    p, (_, answer) = pages
    s = score(p.answer, None)
    words = [it.text for it in answer if isinstance(it, Text)]
    for value in (s.breakdown["displays"], s.breakdown["empties"], s.total):
        assert str(value) in words
    assert s.total == p.par


def test_coins_gained_are_drawn_and_those_spent_crossed(pages):
    p, (puzzle, answer) = pages
    assert p.answer.gained > 0 and p.answer.spent > 0  # this seed uses both
    small = lambda items: [it for it in items if isinstance(it, Circle) and 1.0 < it.r < 2.0]  # noqa: E731
    assert len(small(answer)) - len(small(puzzle)) == p.answer.gained


def test_the_route_runs_under_the_furniture(pages):
    _, (_, answer) = pages
    route = max(i for i, it in enumerate(answer) if isinstance(it, Path) and it.stroke == "#bbbbbb")
    patches = [i for i, it in enumerate(answer) if isinstance(it, Rect) and it.fill == "#ffffff" and it.stroke is None]
    displays = sum(1 for m in pages[0].answer.marks if m in "123456AB")
    assert len(patches) >= displays and min(patches) > route


def test_the_turns_played_are_ticked_off(pages):
    p, (puzzle, answer) = pages
    played = sum(1 for t in p.answer.log if t.action != "stop")
    assert 0 < played < 40 and p.extra["played"] == played

    def ticks(items):  # a check mark: down to the right, then up further than it started
        return [it for it in items if isinstance(it, Path) and len(it.points) == 3 and not it.closed
                and it.points[0][0] < it.points[1][0] < it.points[2][0]
                and it.points[2][1] < it.points[0][1] < it.points[1][1]]

    assert not ticks(puzzle) and len(ticks(answer)) == played


@pytest.mark.parametrize("cell, walls, doors, side", [(3, 0, 0, 1), (7, 0, 0, 8), (13, 0, 0, 2), (45, 0, 0, 4),
                                                      (0, 0, 0, 1), (0, 1, 0, 8), (0, 9, 1, 1), (0, 9, 0, 1),
                                                      (48, 4, 0, 2), (42, 12, 8, 8)])
def test_a_gate_opens_through_an_open_edge_of_its_space(cell, walls, doors, side):
    from rollwrite.games.long_way.format import Gate

    assert outer_side(Gate(cell), walls, doors) == side
    assert outer_side(Gate(cell, 2), walls, doors) == 2
