"""A puzzle and its answer never share a page: every game, every paper, every --per-page the layout
allows, answers after all the puzzles or after each one."""

from __future__ import annotations

import re

import pypdf
import pytest

from rollwrite.core.puzzles import make_puzzles, puzzle_jobs
from rollwrite.draw.scene import Text
from rollwrite.errors import UsageError
from rollwrite.sheet import build_scene
from rollwrite.layoutlang.page import PAPERS, with_options
from searches import small_searches

GAMES = ["wobbly-cafe", "shelving-wars", "scrambled-streets", "long-way", "lines-and-sections"]
PER_PAGE = ["1", "2", "3", "4", "6", "max"]


@pytest.fixture(scope="module")
def made():
    cache = {}

    def get(game):
        if game not in cache:  # three puzzles: a booklet whose pages could mix them
            with pytest.MonkeyPatch.context() as mp:  # small searches: the pages are laid out alike whatever the par
                small_searches(mp)
                cache[game] = make_puzzles(game, seed="pages", count=3, jobs=1)
        return cache[game]

    return get


def page_kinds(scene) -> list[set[str]]:
    """For each page, which sheets it holds: 'puzzle' and/or 'answer', read from each sheet's own stamp."""
    kinds = []
    for page in scene.pages:
        seen = set()
        for item in scene.page_items(page):
            if not isinstance(item, Text) or "#pages" not in item.text:
                continue
            if "Puzzles: " in item.text or "Answers: " in item.text:  # the footer, which sums up the page
                continue
            assert not re.search(r"(?i)\bpuzzle\b.*\bpuzzle\b", item.text), item.text  # no doubled words
            seen.add("answer" if item.text.startswith("Answer to ") else "puzzle")
        kinds.append(seen)
    return kinds


@pytest.mark.parametrize("game", GAMES)
def test_no_page_holds_a_puzzle_and_an_answer(made, game):
    layout, _, puzzles = made(game)
    tried = 0
    for paper in PAPERS:
        for per_page in PER_PAGE:
            spec = with_options(layout.page, paper=paper, per_page=per_page)
            for after_each in (False, True):
                jobs = puzzle_jobs(puzzles, with_solutions=True, after_each=after_each)
                try:
                    scene = build_scene(layout, sheets=len(jobs), page=spec, jobs=jobs)
                except UsageError:  # that many sheets do not fit that paper
                    continue
                tried += 1
                kinds = page_kinds(scene)
                assert all(len(k) == 1 for k in kinds), (paper, per_page, after_each, kinds)
                order = [k.pop() for k in kinds]
                if after_each:
                    assert order.count("answer") >= 3 and order[-1] == "answer"
                else:  # every answer after every puzzle
                    assert order == sorted(order, key=lambda k: k == "answer"), order
    assert tried >= len(PAPERS)


def test_the_cafe_puzzle_and_its_answer_print_on_two_pages(cli, tmp_path, quick):
    # one café sheet fits a page twice over: the answer used to print beside its puzzle
    out = tmp_path / "c.pdf"
    r = cli("puzzle", "wobbly-cafe", "--seed", "abc", "--with-solutions", "--per-page", "max", "-o", str(out))
    assert r.exit_code == 0, r.output
    texts = [page.extract_text() for page in pypdf.PdfReader(out).pages]
    assert len(texts) == 2
    first, second = (t.replace("\n", " ") for t in texts)
    assert "wobbly-cafe#abc puzzle · par" in first and "Answer to" not in first
    assert "Answer to wobbly-cafe#abc puzzle" in second and "puzzle · par" not in second


def test_answers_after_each_needs_the_answers(cli, tmp_path):
    r = cli("puzzle", "shelving-wars", "--seed", "x", "--answers-after-each", "-o", str(tmp_path / "x.pdf"))
    assert r.exit_code == 2
    assert "--answers-after-each places answer pages: give --with-solutions with it" in r.output


def test_a_solo_shelving_wars_sheet_prints_the_solo_rules(made):
    layout, _, puzzles = made("shelving-wars")
    scene = build_scene(layout, sheets=2, jobs=puzzle_jobs(puzzles[:1], with_solutions=True))
    words = " ".join(it.text for page in scene.pages for it in scene.page_items(page) if isinstance(it, Text))
    assert "A puzzle for one" in words and "no capture" in words
    assert "Take turns" not in words and "capture  ___ / 2" not in words
