"""One set of habits on every command: -q/--quiet prints only errors, --json where there is a list,
puzzle takes print's page options, -o onto a folder or with another format's extension is refused;
and what every PDF says for accessibility (title, language), and --high-contrast."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


QUIET = [
    ["games"],
    ["roll", "long-way", "--seed", "picnic"],
    ["print", "long-way", "-o", "a.pdf"],
    ["puzzle", "lines-and-sections", "--seed", "picnic", "-o", "p.pdf"],  # the quickest puzzle to make
    ["score", "long-way", str(EXAMPLES / "long-way" / "flat-pack.txt")],
    ["check-layout", str(EXAMPLES / "layouts" / "five-dice.yaml")],
    ["solve", "lines-and-sections", str(sorted((EXAMPLES / "lines-and-sections").glob("*.txt"))[0])],
]


@pytest.mark.parametrize("words", QUIET, ids=lambda w: w[0])
@pytest.mark.parametrize("flag", ["-q", "--quiet"])
def test_quiet_prints_nothing_but_errors(cli, words, flag):
    loud, quiet = cli(*words), cli(*words, flag, "--force") if words[0] in ("print", "puzzle") else cli(*words, flag)
    assert loud.stdout.strip()
    assert quiet.stdout == "" and quiet.exit_code == loud.exit_code


JSON_QUIET = [
    ["games"],
    ["roll", "long-way", "--seed", "picnic"],
    ["puzzle", "lines-and-sections", "--seed", "picnic", "-o", "p.pdf", "--force"],
    ["score", "long-way", str(EXAMPLES / "long-way" / "flat-pack.txt")],
    ["score", "long-way", str(EXAMPLES / "long-way" / "flat-pack.txt"), str(EXAMPLES / "long-way" / "flat-pack.txt")],
    ["solve", "lines-and-sections", str(sorted((EXAMPLES / "lines-and-sections").glob("*.txt"))[0])],
]


@pytest.mark.parametrize("words", JSON_QUIET, ids=lambda w: f"{w[0]}-{len(w)}")
def test_json_asked_for_is_printed_even_when_quiet(cli, words):
    loud, quiet = cli(*words, "--json"), cli(*words, "--json", "-q")
    assert loud.stdout.strip() and quiet.exit_code == loud.exit_code
    assert json.loads(quiet.stdout) == json.loads(loud.stdout)


def test_quiet_still_reports_errors(cli):
    r = cli("roll", "long-way", "--seed", "a#b", "-q")
    assert r.exit_code == 2 and "rollwrite:" in r.stderr


def test_games_json(cli):
    doc = json.loads(cli("games", "--json").stdout)
    slugs = [g["slug"] for g in doc]
    assert slugs == sorted(slugs) and "long-way" in slugs
    lines = next(g for g in doc if g["slug"] == "lines-and-sections")
    assert lines["players"] == [2, 10] and "solve" in lines["commands"]


def test_output_onto_a_folder_is_refused(cli, in_tmp):
    (in_tmp / "sheets").mkdir()
    for cmd in (["print", "long-way"], ["puzzle", "long-way", "--seed", "x"]):
        r = cli(*cmd, "-o", "sheets")
        assert r.exit_code == 2 and "is a folder" in r.stderr and "hint:" in r.stderr
    assert not any((in_tmp / "sheets").iterdir())


def test_output_with_another_extension_is_refused(cli, in_tmp):
    r = cli("print", "long-way", "-o", "x.exe")
    assert r.exit_code == 2 and ".exe is not the extension of a PDF file" in r.stderr
    assert not (in_tmp / "x.exe").exists()
    ok = cli("print", "long-way", "-o", "x")  # no extension: the format's is added
    assert ok.exit_code == 0 and (in_tmp / "x.pdf").is_file()


def test_puzzle_takes_the_page_options_of_print(cli, in_tmp):
    # the quickest game to make a puzzle of: the page options are the same for every game
    r = cli("puzzle", "lines-and-sections", "--seed", "x", "--large-print", "--paper", "a3", "--crop-marks", "-o", "lp.pdf")
    assert r.exit_code == 0, r.stderr
    page = PdfReader("lp.pdf").pages[0]
    assert "/TrimBox" in page and "/BleedBox" in page
    plain = cli("puzzle", "lines-and-sections", "--seed", "x", "--scale", "0.5", "--small-print", "-o", "half.pdf")
    assert plain.exit_code == 0, plain.stderr


def test_every_pdf_says_its_title_and_language(cli, in_tmp):
    for cmd in (["print", "wobbly-cafe"], ["puzzle", "shelving-wars", "--seed", "x"]):
        assert cli(*cmd, "-o", "t.pdf", "--force").exit_code == 0
        reader = PdfReader("t.pdf")
        assert reader.metadata.title
        root = reader.trailer["/Root"]
        assert root["/Lang"] == "en" and root["/ViewerPreferences"]["/DisplayDocTitle"]


def test_high_contrast_thickens_and_darkens_faint_lines():
    from rollwrite.core.printrun import print_scene
    from rollwrite.draw.scene import HC_WIDTH, Line, Rect, high_contrast

    scene = print_scene("long-way")
    strong = high_contrast(scene)
    widths = [it.width for p in strong.pages for it in strong.page_items(p) if isinstance(it, (Line, Rect)) and it.width > 0]
    before = [it.width for p in scene.pages for it in scene.page_items(p) if isinstance(it, (Line, Rect)) and it.width > 0]
    assert min(before) < HC_WIDTH <= min(widths)
    colours = {it.color for p in strong.pages for it in strong.page_items(p) if isinstance(it, Line)}
    assert "#bbbbbb" not in colours and "#999999" not in colours


def test_high_contrast_option(cli, in_tmp):
    a, b = cli("print", "long-way", "-o", "a.pdf"), cli("print", "long-way", "--high-contrast", "-o", "b.pdf")
    assert a.exit_code == b.exit_code == 0
    assert Path("a.pdf").read_bytes() != Path("b.pdf").read_bytes()


def test_pdf_text_comes_in_reading_order(cli, in_tmp):
    assert cli("print", "long-way", "--seed", "picnic", "-o", "r.pdf").exit_code == 0
    text = PdfReader("r.pdf").pages[0].extract_text()
    order = [text.index(w) for w in ("The Long Way", "Name", "Setup.", "Furniture displays", "Rolls for this challenge",
                                     "50 mm: if this")]
    assert order == sorted(order)
