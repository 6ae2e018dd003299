"""Nothing too small to read: the smallest text of every built-in output, measured in its scene (symbols
at their placed size).  Sheets, dailies, deal pages, puzzles and answers: 6 pt at least; with
--large-print (on A3): 9 pt.  check-layout warns about a layout of one's own with text under 6 pt."""

from __future__ import annotations

from pathlib import Path

import pytest

from rollwrite import games
from rollwrite.core.printrun import print_scene
from rollwrite.sheet import SheetJob, build_scene
from rollwrite.layoutlang.layout import load_builtin
from rollwrite.layoutlang.page import with_options

GAMES = games.known()


def smallest(scene) -> float:
    text, _ = scene.smallest_text()
    return text.size


def page(large: bool) -> dict:
    return {"large_print": True, "paper": "a3"} if large else {}


def least(large: bool) -> float:
    return 9.0 if large else 6.0


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large-print"])
@pytest.mark.parametrize("slug", GAMES)
def test_sheets_and_dailies(slug, large):
    sizes = [smallest(print_scene(slug, page=page(large)))]
    g = games.get(slug)
    if g.dice_spec(load_builtin(slug), load_builtin(slug).players.default) is not None:
        sizes.append(smallest(print_scene(slug, daily="2026-11-22", page=page(large))))
        sizes.append(smallest(print_scene(slug, seed="picnic", page=page(large))))
    assert min(sizes) >= least(large), sizes


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large-print"])
@pytest.mark.parametrize("slug", [s for s in GAMES if games.get(s).can_puzzle])
def test_puzzles_and_answers(slug, large, made_puzzle):
    layout, _, puzzle = made_puzzle(slug, "picnic")  # the same puzzle for both sizes (and the par tests')
    puzzles = [puzzle]
    spec = with_options(layout.page, **page(large))
    jobs = [SheetJob(p.schedule, p) for p in puzzles] + [SheetJob(p.schedule, p, p.answer) for p in puzzles]
    assert smallest(build_scene(layout, sheets=len(jobs), page=spec, jobs=jobs)) >= least(large)


def test_check_layout_warns_about_small_text(cli, tmp_path):
    tiny = tmp_path / "tiny.yaml"
    tiny.write_text("game: tiny\ntitle: Tiny\nsheet:\n  size: [100, 60]\n  elements:\n"
                    "    - {type: text, at: [0, 7], text: Tiny print here, size: 4.5}\n", encoding="utf-8")
    r = cli("check-layout", str(tiny))
    assert r.exit_code == 0
    assert "warning" in r.stderr and "'Tiny print here' (page 1) is 4.5 pt" in r.stderr
    ok = cli("check-layout", str(Path(__file__).resolve().parents[1] / "layouts" / "long-way.yaml"))
    assert ok.exit_code == 0 and "warning" not in ok.stderr


def test_card_numbers_6_and_9_are_underlined():
    from rollwrite.draw.scene import Line, Scene, Text
    from rollwrite.games.scrambled_streets.sheet import draw_card

    deck = load_builtin("scrambled-streets").data
    for number, underlined in ((6, True), (9, True), (8, False)):
        scene = Scene()
        p = scene.new_page(100, 100)
        draw_card(p.pen(), deck, number)
        label = next(it for it in p.items if isinstance(it, Text) and it.text == str(number))
        below = [it for it in p.items if isinstance(it, Line) and it.y1 == it.y2 and label.y < it.y1 < label.y + 2
                 and abs((it.x1 + it.x2) / 2 - label.x) < 0.01]
        assert bool(below) == underlined
