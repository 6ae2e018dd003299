"""A layout's top-level ``pages:``: whole pages after the sheets, some only for a seeded print, one for
puzzles only; checked for fit and shrunk on small paper."""

from __future__ import annotations

import pytest

from rollwrite.errors import InputError
from rollwrite.sheet import build_scene
from rollwrite.layoutlang.layout import parse_layout, puzzle_layout

LAYOUT = """\
game: my-cards
title: My Cards
page: {paper: a4, per_page: max, gutter: 0, crop_marks: true}
dice: {count: 1, turns: 3}
sheet:
  size: [63, 88]
  elements:
    - {type: text, at: [5, 10], text: "card {player}"}
pages:
  - name: rules
    size: [190, 250]
    elements:
      - {type: text, at: [0, 10], text: How to play, size: 14}
  - name: deal
    when: seeded
    size: [190, 250]
    elements:
      - {type: challenge, at: [0, 10]}
  - name: puzzle
    when: puzzle
    size: [150, 200]
    elements:
      - {type: text, at: [0, 10], text: A puzzle}
"""


def texts(page):
    return [it.text for it in page.items if hasattr(it, "text")]


def test_pages_follow_the_sheets():
    layout = parse_layout(LAYOUT, "x.yaml")
    scene = build_scene(layout, sheets=10)
    assert len(scene.pages) == 3  # 9 cards, 1 card, the rules; no deal and no puzzle page
    assert "How to play" in texts(scene.pages[-1])


def test_a_seeded_page_needs_a_schedule():
    from rollwrite.dice import make_schedule

    layout = parse_layout(LAYOUT, "x.yaml")
    sched = make_schedule("my-cards", "my-cards#s", layout.dice, seed="s")
    scene = build_scene(layout, sheets=1, schedule=sched)
    assert len(scene.pages) == 3 and any("my-cards#s" in t for t in texts(scene.pages[-1]))


def test_small_paper_shrinks_the_page():
    layout = parse_layout(LAYOUT, "x.yaml")
    scene = build_scene(layout, sheets=1, paper="a5")
    [title] = [it for it in scene.pages[-1].items if getattr(it, "text", "") == "How to play"]
    assert title.size < 14


def test_the_puzzle_page_becomes_the_sheet_for_puzzles():
    p = puzzle_layout(parse_layout(LAYOUT, "x.yaml"))
    assert (p.sheet.width, p.sheet.height) == (150, 200) and p.pages == ()
    assert not p.page.crop_marks and str(p.page.per_page) == "1"


@pytest.mark.parametrize("old, new, message", [
    ("    when: seeded", "    when: sometimes", "expected one of always, seeded, puzzle"),
    ("  - name: deal", "  - name: rules", "two pages are named 'rules'"),
    ("      - {type: text, at: [0, 10], text: A puzzle}", "      - {type: text, at: [140, 10], text: A long puzzle title}",
     "outside the 150 x 200 mm of page 'puzzle'"),
])
def test_mistakes(old, new, message):
    from rollwrite.layoutlang.layout import check_geometry

    with pytest.raises(InputError) as e:
        check_geometry(parse_layout(LAYOUT.replace(old, new), "x.yaml"))
    assert message in str(e.value)


def test_overlaps_on_an_extra_page_are_found():
    from rollwrite.layoutlang.overlap import overlap_errors

    text = LAYOUT.replace("      - {type: text, at: [0, 10], text: How to play, size: 14}",
                          "      - {type: text, at: [0, 10], text: How to play, size: 14}\n"
                          "      - {type: text, at: [2, 10], text: Over it, size: 14}")
    [error] = overlap_errors(parse_layout(text, "x.yaml"))
    assert "prints over the text at line" in error.message
