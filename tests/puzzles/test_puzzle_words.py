"""Every game's puzzle page says what par and its difficulty label mean, with the rules for one solver,
and its answer page why the answer scores par; the words fit their room on every paper the command
offers (the layout checks, measured with the puzzles' own texts and with the longest texts a page can
get), and nothing prints under 6 pt."""

from __future__ import annotations

import re

import pypdf
import pytest

from rollwrite import games
from rollwrite.core.layout_checks import check_layout
from rollwrite.core.puzzles import _fitted, make_puzzles, puzzle_jobs
from rollwrite.difficulty import LEVELS, ladder_meaning, Rung
from rollwrite.draw.elements import PuzzleNotesV, notes_overflow
from rollwrite.games.base import Puzzle
from rollwrite.layoutlang.page import PAPERS, with_options
from rollwrite.sheet import check_text_size
from searches import small_searches

GAMES = ["wobbly-cafe", "shelving-wars", "scrambled-streets", "long-way", "lines-and-sections"]
SCORED = ["wobbly-cafe", "shelving-wars", "scrambled-streets", "long-way"]  # the puzzles with a par


@pytest.fixture(scope="module")
def made():
    cache = {}

    def get(game):
        if game not in cache:
            with pytest.MonkeyPatch.context() as mp:  # the words, not the par, are under test
                small_searches(mp)
                cache[game] = make_puzzles(game, seed="words", count=2, jobs=1)
        return cache[game]

    return get


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    """printed(game) -> (puzzle page's text, answer page's text) of `rollwrite puzzle GAME --seed words
    --with-solutions`, as pypdf reads them."""
    from clirun import invoke

    cache = {}

    def get(game):
        if game not in cache:
            out = tmp_path_factory.mktemp(game) / "p.pdf"
            with pytest.MonkeyPatch.context() as mp:
                small_searches(mp)
                r = invoke(["puzzle", game, "--seed", "words", "--with-solutions", "--jobs", "1", "-q", "-o", str(out)],
                           catch_exceptions=False)
            assert r.exit_code == 0, r.output
            pages = [_flat(p.extract_text()) for p in pypdf.PdfReader(out).pages]
            assert len(pages) == 2
            cache[game] = pages
        return cache[game]

    return get


# ---------------------------------------------------------------- the words on the page


@pytest.mark.parametrize("game", SCORED)
def test_the_puzzle_page_says_what_par_means(printed, made, game):
    page, answer = printed(game)
    puzzle = made(game)[2][0]
    par = int(puzzle.par)
    if puzzle.par_proven:
        want = f"Par {par} (proven): no {games.get(game).par_what} scores more."
    elif puzzle.bound is not None:
        want = f"Par {par}: the best our search found; no sheet can beat {int(puzzle.bound)}."
    else:
        want = f"Par {par}: the best our search found, not proven: you may beat it."
    assert want in page
    assert "Answer to" not in page and "puzzle · par" not in answer  # never on one page


@pytest.mark.parametrize("game", GAMES)
def test_the_puzzle_page_says_what_its_label_means(printed, made, game):
    page, _ = printed(game)
    puzzle = made(game)[2][0]
    level = puzzle.difficulty
    assert level in LEVELS
    assert f"puzzle · {'' if puzzle.par is None else puzzle.par_text() + ' · '}{level}" in page
    meaning = _flat(re.sub(r"\*\*", "", games.get(game).difficulty_meaning(puzzle)))
    assert meaning.startswith(f"{level.capitalize()}: ")
    assert meaning in page
    if puzzle.grade:  # a ladder's words: the rung that reaches par, or how far the strongest falls short
        assert (puzzle.grade["reached_by"] or "none of our") in meaning
    else:  # a count's: the other levels' counts too
        assert all(other in meaning for other in LEVELS if other != level)


@pytest.mark.parametrize("game, solo, free_play", [
    ("shelving-wars", ["A puzzle for one", "no capture", "Your corner: top-left"],
     ["Player 1", "Player 2", "The most points wins", "capture ___ / 2"]),
    ("wobbly-cafe", ["A puzzle for one", "Each floor's 22 rolls are printed beside it", "pays double"],
     ["Players", "pass the dice", "youngest"]),
    ("lines-and-sections", ["you and one opponent take turns shading, you first", "Your answer:"],
     ["The first player draws", "Players in turn order", "drawing is over"]),
    ("scrambled-streets", ["Placing.", "Scoring.", "Your answer.", "Exactly one placement reaches it"],
     ["Two players", "Mayor", "deck is empty"]),
    ("long-way", ["A puzzle for one", "take the next roll printed below", "That bound is proven but far above"],
     ["1 or more players", "very good", "the others play on"]),
])
def test_the_puzzle_page_has_the_rules_for_one_solver_only(printed, game, solo, free_play):
    page, _ = printed(game)
    for words in solo:
        assert words in page, words
    for words in free_play:
        assert words not in page, words


@pytest.mark.parametrize("game, why", [
    ("shelving-wars", [r"Why it scores (\d+): each box scores its area less its height and width: [-−+ \d]+ = \1,"]),
    ("wobbly-cafe", [r"Why it scores (\d+): the groups that pay are shaded", r"times the value: \d+ \+ \d+ \+ \d+ = (\d+)\."]),
    ("long-way", [r"Why it scores (\d+): the grey line is the shoppers' path", r"Rerolls and the stop"]),
    ("scrambled-streets", [r"Best: .* scoring (\d+) for", r"The path, street by street: .* = (\d+)\."]),
    ("lines-and-sections", [r"Shade [A-Z]\d+: it leaves"]),
])
def test_the_answer_page_shows_why_it_scores_par(printed, made, game, why):
    _, answer = printed(game)
    puzzle = made(game)[2][0]
    for pattern in why:
        m = re.search(pattern, answer)
        assert m, (pattern, answer[:600])
        if m.groups():
            assert int(m[1]) == puzzle.par
    assert "Hard:" not in answer and "Easy:" not in answer and "Medium:" not in answer


def test_an_answer_lists_each_boxs_points_as_the_rules_score_them(made):
    layout, game, puzzles = made("shelving-wars")
    for puzzle in puzzles:
        first = game.answer_notes(puzzle)[0]
        boxes = [t for t in puzzle.answer.players[0].turns if hasattr(t, "h")]
        worth = [t.h * t.w - t.h - t.w for t in boxes]  # the rules' score, worked here by hand
        terms = re.findall(r"[−+]? ?\d+", first.split("width: ")[1].split(" =")[0])
        assert [int(t.replace("−", "-").replace(" ", "")) for t in terms] == worth
        assert sum(worth) == puzzle.par


def test_par_hidden_leaves_its_meaning_off_too(made):
    from dataclasses import replace

    _, game, puzzles = made("shelving-wars")
    hidden = replace(puzzles[0], extra={**puzzles[0].extra, "hide_par": True})
    notes = game.puzzle_notes(hidden)
    assert len(notes) == 1 and notes[0].startswith(f"**{hidden.difficulty.capitalize()}:**")


# ---------------------------------------------------------------- par's words and the labels', by hand


def test_par_is_said_as_far_as_it_is_proven():
    p = Puzzle("g", "g#x", "", None, par=41, par_proven=True, bound=41)
    assert p.par_meaning() == "**Par 41 (proven):** no sheet scores more."
    p = Puzzle("g", "g#x", "", None, par=38, bound=45)
    assert p.par_meaning() == "**Par 38:** the best our search found; no sheet can beat 45."
    p = Puzzle("g", "g#x", "", None, par=9)
    assert p.par_meaning("placement") == "**Par 9:** the best our search found, not proven: you may beat it."
    assert Puzzle("g", "g#x", "", None).par_meaning() == ""


LADDER = (Rung("greedy", "easy", "each turn the best box now"), Rung("search", "medium", "a short search"),
          Rung("deep", "hard", "a long search"))


def test_a_ladders_label_names_the_rung_that_reaches_par():
    goal = ("finds the winning section", "to find it")
    assert ladder_meaning({"level": "easy", "reached_by": "greedy", "short_by": 0}, LADDER, goal=goal) == (
        "**Easy:** our simplest player, greedy, finds the winning section: each turn the best box now.")
    assert ladder_meaning({"level": "hard", "reached_by": "deep", "short_by": 0}, LADDER, goal=goal) == (
        "**Hard:** of our 3 players, simplest first, the first to find it is deep: a long search.")
    assert ladder_meaning({"level": "easy", "reached_by": "greedy", "short_by": 0}, LADDER) == (
        "**Easy:** our simplest player, greedy, reaches par: each turn the best box now.")
    assert ladder_meaning({"level": "medium", "reached_by": "search", "short_by": 0}, LADDER) == (
        "**Medium:** of our 3 players, simplest first, the first to reach par is search: a short search.")
    assert ladder_meaning({"level": "hard", "reached_by": None, "short_by": 7}, LADDER, (6, 10)) == (
        "**Hard:** none of our 3 players reaches par; the strongest, deep (a long search), falls 7 short "
        "(easy when short by less than 6, medium by less than 10).")
    assert ladder_meaning({}, LADDER) == ""


# ---------------------------------------------------------------- the words fit, at every size offered


@pytest.mark.parametrize("game", GAMES)
def test_the_layout_checks_pass_with_the_puzzles_own_words(made, game):
    layout, _, puzzles = made(game)
    jobs = puzzle_jobs(puzzles, with_solutions=True)
    # at its own size: a page drawn larger than free play (the café's) is fitted to smaller paper by the
    # command itself (test_nothing_prints_under_6_pt_on_a4_or_letter holds it to 6 pt there)
    assert check_layout(layout.replace(page=layout.page.replace(scale=1.0)), jobs=jobs) == []


def _notes_elements(layout):
    return [el for el in layout.sheet.elements if el.type == "puzzle-notes"]


def _longest_labels(game, puzzle):
    """Every label meaning the game's page can print: each rung reached, none with a far shortfall, each
    level of a count."""
    g = games.get(game)
    from dataclasses import replace

    out = []
    for level in LEVELS:
        out.append(g.difficulty_meaning(replace(puzzle, difficulty=level)))
    if puzzle.grade:
        ladder = {"wobbly-cafe": "rollwrite.games.wobbly_cafe.play", "shelving-wars": "rollwrite.games.shelving_wars.ladder",
                  "long-way": "rollwrite.games.long_way.ladder",
                  "lines-and-sections": "rollwrite.games.lines_and_sections.ladder"}[game]
        import importlib

        rungs = importlib.import_module(ladder).LADDER
        grades = [{"level": r.level, "reached_by": r.name, "short_by": 0} for r in rungs]
        grades.append({"level": "medium", "reached_by": None, "short_by": 99_999})
        out += [g.difficulty_meaning(replace(puzzle, grade=grade)) for grade in grades]
    return [text for text in out if text]


@pytest.mark.parametrize("game", GAMES)
def test_the_longest_words_a_page_can_get_fit_its_room(made, game):
    from dataclasses import replace

    layout, g, puzzles = made(game)
    puzzle = puzzles[0]
    pars = [replace(puzzle, par=99_999, par_proven=True, bound=99_999),
            replace(puzzle, par=99_998, par_proven=False, bound=99_999),
            replace(puzzle, par=99_999, par_proven=False, bound=None)] if puzzle.par is not None else [puzzle]
    for el in _notes_elements(layout):
        v: PuzzleNotesV = el.value
        assert v.fit >= 6.0 or el.value.size * layout.page.scale >= 6.0
        for p in pars:
            par = g.par_notes(p) if v.show in ("all", "par") else []
            for label in (_longest_labels(game, p) if v.show in ("all", "difficulty") else [""]):
                notes = par + ([label] if label else [])
                assert notes_overflow(v, notes) == 0, (el.node.line, notes)
        for p in puzzles:  # and the answers' own words
            if v.show != "difficulty":
                assert notes_overflow(v, g.answer_notes(p)) == 0, g.answer_notes(p)
    # the games whose pages carry the notes in this element
    if game in ("wobbly-cafe", "shelving-wars", "long-way", "lines-and-sections"):
        assert _notes_elements(layout)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nothing_prints_under_6_pt_on_a4_or_letter(made, game, paper):
    layout, _, puzzles = made(game)
    spec = _fitted(layout, with_options(layout.page, paper=paper), {})
    jobs = puzzle_jobs(puzzles[:1], with_solutions=True)
    assert check_text_size(layout, spec, 0, None, jobs=jobs) is None


@pytest.mark.parametrize("game", GAMES)
def test_the_room_of_the_words_is_free_of_other_ink(made, game):
    """The longest words fill their element's whole room: nothing else on the page (puzzle or answer,
    drawn with the puzzles' own texts) prints into it."""
    from rollwrite.buildcontext import BuildContext
    from rollwrite.draw.scene import Page
    from rollwrite.layoutlang.layout import element_types
    from rollwrite.layoutlang.overlap import OVERLAP_TOLERANCE, ink_box

    layout, g, puzzles = made(game)
    types = element_types(g)
    for job in puzzle_jobs(puzzles, with_solutions=True):
        ctx = BuildContext(layout, layout.data, job.schedule, 1, 1, 1, 1, puzzle=job.puzzle, answer=job.answer)
        for notes in _notes_elements(layout):
            x0, y0 = notes.at
            x1, y1 = x0 + notes.value.w, y0 + notes.value.h
            for el in layout.sheet.elements:
                if el is notes:
                    continue
                scratch = Page(layout.sheet.width, layout.sheet.height)
                types[el.type].build(el.value, el.place(scratch.pen()), ctx)
                box = ink_box(scratch.items)
                if box is None:
                    continue
                w = min(x1, box[2]) - max(x0, box[0])
                h = min(y1, box[3]) - max(y0, box[1])
                assert not (w > OVERLAP_TOLERANCE and h > OVERLAP_TOLERANCE), (notes.node.line, el.type, box)
