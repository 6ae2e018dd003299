"""A Shelving Wars answer that stops early says so across an empty row, with nothing drawn through it."""

from __future__ import annotations

from rollwrite.core.puzzles import make_puzzles, puzzle_jobs
from rollwrite.draw.scene import Line, Text
from rollwrite.sheet import build_scene


def test_the_row_of_the_roll_that_fits_no_box_holds_only_those_words():
    layout, _, (p,) = make_puzzles("shelving-wars", daily="2027-01-01")
    assert p.extra["ended_after"] == 7  # this daily stops after seven boxes
    scene = build_scene(layout, sheets=2, jobs=puzzle_jobs([p], with_solutions=True))
    items = scene.page_items(scene.pages[1])
    (words,) = [it for it in items if isinstance(it, Text) and it.text.startswith("no box fits this roll")]
    same_row = [it for it in items if isinstance(it, Text) and abs(it.y - words.y) < 1.0 and it is not words]
    assert [it.text for it in same_row if it.x > words.x] == []  # no "×", "=" or "−" through the words
    x1 = words.x + 40  # the words' width, about
    crossing = [it for it in items if isinstance(it, Line) and it.x1 == it.x2 and words.x < it.x1 < x1
                and min(it.y1, it.y2) < words.y - 1 < max(it.y1, it.y2)]
    assert crossing == []
    # and the floating shelves line is filled in: none built, the total carried down
    texts = [it.text for it in items if isinstance(it, Text)]
    assert texts.count(str(int(p.par))) >= 3  # last box's total, the shelves line, the final score
