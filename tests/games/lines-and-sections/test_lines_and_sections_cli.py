"""The commands: print (sizes, papers), score and solve (exit codes, messages, JSON)."""

from __future__ import annotations

import json

import pytest
from pypdf import PdfReader

from rollwrite.draw.metrics import text_width
from rollwrite.draw.scene import PT, Circle, Line, Path, Rect, Text
from rollwrite.sheet import build_scene
from rollwrite.layoutlang.layout import FOOTER, check_geometry, load_builtin

PINCH = "size: 2\nplayers: Ann, Bob\npath: A2 B2 B1 C1 C2 B2 B3 C3 C2\n"


def write(tmp_path, text, name="g.txt"):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return str(p)


# ---------------------------------------------------------------- print


def _extent(it):
    if isinstance(it, Line):
        return min(it.x1, it.x2), min(it.y1, it.y2), max(it.x1, it.x2), max(it.y1, it.y2)
    if isinstance(it, Rect):
        return it.x, it.y, it.x + it.w, it.y + it.h
    if isinstance(it, Circle):
        return it.cx - it.r, it.cy - it.r, it.cx + it.r, it.cy + it.r
    if isinstance(it, Path):
        xs, ys = [p[0] for p in it.points], [p[1] for p in it.points]
        return min(xs), min(ys), max(xs), max(ys)
    assert isinstance(it, Text)
    w = text_width(it.text, it.size, it.font)
    x0 = {"start": it.x, "middle": it.x - w / 2, "end": it.x - w}[it.anchor]
    return x0, it.y - it.size * PT * 0.8, x0 + w, it.y + it.size * PT * 0.25


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", range(2, 13))
def test_every_size_fits_both_papers(size, paper):
    from rollwrite.games import get

    layout = get("lines-and-sections").vary(load_builtin("lines-and-sections"), {"size": size}, 3 if size % 2 else 7)
    check_geometry(layout, paper)
    scene = build_scene(layout, sheets=1, paper=paper)
    [page] = scene.pages
    margin = layout.page.margin
    footer = page.height - margin - FOOTER
    for it in page.items:
        x0, y0, x1, y1 = _extent(it)
        if y0 >= footer:
            continue  # the page's own footer (ruler and caption), not the sheet
        assert margin - 0.5 <= x0 and x1 <= page.width - margin + 0.5, it
        assert margin - 0.5 <= y0 and y1 <= page.height - margin + 0.5, it
    texts = [it.text for it in page.items if isinstance(it, Text)]
    assert f"{size}×{size} squares" in texts
    assert chr(ord("A") + size) in texts and str(size + 1) in texts  # the last point's names


def test_print_carries_size_labels_and_rules(cli, tmp_path):
    r = cli("print", "lines-and-sections", "--size", "7", "--players", "3", "-o", str(tmp_path / "s.pdf"))
    assert r.exit_code == 0, r.output
    text = PdfReader(str(tmp_path / "s.pdf")).pages[0].extract_text()
    assert "7×7 squares" in text and "Game 4" in text and "Players in turn order" in text
    assert "went out" in text and "winner" in text and "right into the point" in text


@pytest.mark.parametrize("args, words", [
    (["--size", "1"], "from 2 to 12, not 1"),
    (["--size", "13"], "from 2 to 12, not 13"),
    (["--size", "-4"], "from 2 to 12"),
    (["--players", "1"], "2 to 10 players"),
    (["--players", "11"], "2 to 10 players"),
    (["--turns", "3"], "has no --turns option"),
])
def test_print_refuses_nonsense(cli, tmp_path, args, words):
    r = cli("print", "lines-and-sections", *args, "-o", str(tmp_path / "s.pdf"))
    assert r.exit_code == 2
    assert words in r.stderr
    assert not (tmp_path / "s.pdf").exists()


def test_print_size_not_a_number(cli, tmp_path):
    r = cli("print", "lines-and-sections", "--size", "big", "-o", str(tmp_path / "s.pdf"))
    assert r.exit_code == 2 and r.stderr.startswith("rollwrite: --size: 'big' is not a whole number")


def test_puzzle_command_prints_puzzles_answers_and_typed_in_answers(cli, tmp_path):
    out, answers = tmp_path / "p.pdf", tmp_path / "answers"
    r = cli("puzzle", "lines-and-sections", "--seed", "club", "--size", "6", "--count", "2", "--with-solutions",
            "--answers", str(answers), "-o", str(out))
    assert r.exit_code == 0, r.output
    assert "lines-and-sections#club~s6 puzzle: The path is finished and you shade first" in r.stdout
    reader = PdfReader(str(out))
    assert len(reader.pages) == 4  # two puzzles, then their answers
    first, answer = reader.pages[0].extract_text(), reader.pages[2].extract_text()
    assert "Shade to win" in first and "6×6" in first
    assert "Answer" in answer and "Shade " in answer
    files = sorted(answers.glob("*.txt"))
    assert len(files) == 2
    files = [answers / "lines-and-sections_club_s6.txt"]  # the first puzzle's: the seed club, 6×6
    r = cli("score", "lines-and-sections", str(files[0]), "--seed", "club", "--puzzle")
    assert r.exit_code == 0, r.output
    wrong = tmp_path / "wrong.txt"
    text = files[0].read_text(encoding="utf-8")
    last = text.rstrip().splitlines()[-1]
    wrong.write_text(text.replace(last, "shade: A1 You" if not last.startswith("shade: A1 ") else "shade: F6 You"),
                     encoding="utf-8")
    r = cli("score", "lines-and-sections", str(wrong), "--seed", "club", "--puzzle")
    assert r.exit_code == 1 and "does not win" in r.stdout


@pytest.mark.parametrize("size", ["3", "9"])
def test_puzzle_sizes_outside_4_to_8_are_refused(cli, tmp_path, size):
    r = cli("puzzle", "lines-and-sections", "--seed", "x", "--size", size, "-o", str(tmp_path / "p.pdf"))
    assert r.exit_code == 2 and "from 4×4 to 8×8" in r.stderr


# ---------------------------------------------------------------- score


def test_score_a_won_game(cli, tmp_path):
    f = write(tmp_path, PINCH + "shade: A1\nshade: B2\nshade: B1\n")
    r = cli("score", "lines-and-sections", f)
    assert r.exit_code == 0, r.output
    assert "winner: Bob" in r.stdout and "out: section b shares a side" in r.stdout
    assert "no safe section was left (forced)" in r.stdout
    assert "total: Ann 0, Bob 1" in r.stdout


def test_score_json_and_claims(cli, tmp_path):
    f = write(tmp_path, PINCH + "shade: A1\nshade: B2\nshade: B1\n")
    r = cli("score", "lines-and-sections", f, "--json", "--claimed", "0,1")
    doc = json.loads(r.stdout)
    assert r.exit_code == 0 and doc["claim_correct"] is True
    assert doc["breakdown"]["winner"] == "Bob"
    assert doc["players"][1] == {"name": "Bob", "total": 1, "result": "winner"}
    assert doc["breakdown"]["out"][0] == {"player": "Ann", "move": 11, "section": "b", "forced": True,
                                         "reason": doc["breakdown"]["out"][0]["reason"]}
    r = cli("score", "lines-and-sections", f, "--claimed", "1,0")
    assert r.exit_code == 1


def test_score_a_broken_rule_exits_1_with_the_move(cli, tmp_path):
    f = write(tmp_path, "size: 3\nplayers: Ann, Bob\npath: B1 B2 B3 A3 A2 B2 C2\n")
    r = cli("score", "lines-and-sections", f)
    assert r.exit_code == 1
    assert "move 6:" in r.stdout and "cross itself at B2" in r.stdout


def test_score_unreadable_exits_2_with_file_line_col(cli, tmp_path):
    f = write(tmp_path, "size: 3\nplayers: Ann, Bob\npath: B1 B9\n")
    r = cli("score", "lines-and-sections", f)
    assert r.exit_code == 2
    assert f"{f}:3:10: B9 is not a point of a 3×3 board" in r.stderr
    assert "Traceback" not in r.output + r.stderr


# ---------------------------------------------------------------- solve


def test_solve_a_shading_position(cli, tmp_path):
    f = write(tmp_path, PINCH + "shade: A1\n")
    r = cli("solve", "lines-and-sections", f)
    assert r.exit_code == 0, r.output
    assert "shade B2" in r.stdout and "Bob wins with perfect play" in r.stdout
    r = cli("solve", "lines-and-sections", f, "--json")
    doc = json.loads(r.stdout)
    assert doc["winner"] == "Bob" and doc["winning_moves"] == ["B2"] and doc["exact"] is True


def test_solve_from_an_empty_board(cli, tmp_path):
    f = write(tmp_path, "size: 3\nplayers: Ann, Bob\n")
    r = cli("solve", "lines-and-sections", f, "--json")
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert doc["winner"] == "Ann" and doc["winning_moves"] == ["A1 B1"]


def test_solve_exit_codes(cli, tmp_path):
    bad = write(tmp_path, "size: 3\nplayers: Ann, Bob\npath: B1 B2 B1\n", "bad.txt")
    r = cli("solve", "lines-and-sections", bad)
    assert r.exit_code == 1 and "move 2:" in r.stdout
    unreadable = write(tmp_path, "size: 3\nplayers Ann\n", "u.txt")
    r = cli("solve", "lines-and-sections", unreadable)
    assert r.exit_code == 2 and "u.txt:2:1" in r.stderr
    three = write(tmp_path, PINCH.replace("Ann, Bob", "Ann, Bob, Cy"), "three.txt")
    r = cli("solve", "lines-and-sections", three)
    assert r.exit_code == 2 and "two players" in r.stderr
    r = cli("solve", "long-way", three)
    assert r.exit_code == 2 and "long-way has no solver" in r.stderr and "lines-and-sections" in r.stderr
    big = write(tmp_path, "size: 8\nplayers: Ann, Bob\npath: A1 B1\n", "big.txt")
    r = cli("solve", "lines-and-sections", big)
    assert r.exit_code == 2 and "at most 60 segments are undrawn" in r.stderr and "has 143" in r.stderr
    r = cli("solve", "lines-and-sections", str(tmp_path / "missing.txt"))
    assert r.exit_code == 2 and "Traceback" not in r.output + r.stderr


def test_games_lists_the_solver(cli):
    r = cli("games")
    [line] = [x for x in r.stdout.splitlines() if x.startswith("lines-and-sections ")]
    assert line.endswith("[print, score, solve, puzzle]")
    others = [x for x in r.stdout.splitlines() if not x.startswith("lines-and-sections ")]
    assert others and all(x.endswith("]") and "solve" not in x for x in others)


@pytest.mark.parametrize("answer", [False, True])
def test_the_boards_element_draws_a_puzzle_when_the_sheet_is_one(answer):
    from types import SimpleNamespace

    from rollwrite.draw.scene import Page
    from rollwrite.games import get
    from rollwrite.games.lines_and_sections.rules import board, referee
    from rollwrite.games.lines_and_sections.solve import PROMPT, answer_game, make_puzzle

    layout = load_builtin("lines-and-sections")
    types = get("lines-and-sections").element_types()
    pz = make_puzzle("lines-and-sections#sheet", 5, 1)
    puzzle = SimpleNamespace(challenge="lines-and-sections#sheet", prompt=PROMPT, answer=answer_game(pz),
                             extra={"lines": pz})
    ctx = SimpleNamespace(data=layout.data, puzzle=puzzle, answer=puzzle.answer if answer else None)
    [el] = [e for e in layout.sheet.elements if e.type == "lines-and-sections.boards"]
    page = Page(210, 297)
    types[el.type].build(el.value, page.pen(), ctx)
    texts = " ".join(it.text for it in page.items if isinstance(it, Text))
    fills = [it for it in page.items if isinstance(it, Rect) and it.fill is not None]
    paths = [it for it in page.items if isinstance(it, Path)]
    assert len(paths) == 1 and len(paths[0].points) == len(pz.path)
    res = referee(pz.game())
    if answer:
        assert f"Shade {pz.answer_square}:" in texts and "Answer" in texts
        assert len(fills) == len(res.sections.squares[pz.answer])
    else:
        assert "Shade to win" in texts and "you shade first" in texts and not fills
    assert "Game 1" not in texts and board(5).n == 5


def test_solve_the_unfinished_example(cli):
    from pathlib import Path

    example = Path(__file__).resolve().parents[3] / "examples" / "lines-and-sections" / "unfinished.txt"
    r = cli("solve", "lines-and-sections", str(example), "--json")
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert (doc["to_move"], doc["winner"], doc["grundy"], doc["winning_moves"]) == ("Ann", "Bob", 0, [])
