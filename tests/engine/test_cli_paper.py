"""`rollwrite print` paper options through the CLI: named and custom paper, orientation, n-up, scale,
crop marks, gutter, bleed and backs, as a user types them."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

MM = 72 / 25.4


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def sizes(path: Path) -> list[tuple[float, float]]:
    reader = PdfReader(io.BytesIO(path.read_bytes()))
    return [(round(float(p.mediabox.width) / MM, 1), round(float(p.mediabox.height) / MM, 1)) for p in reader.pages]


@pytest.mark.parametrize(
    "paper, size",
    [("a3", (297, 420)), ("legal", (215.9, 355.6)), ("tabloid", (279.4, 431.8)),
     ("Letter", (215.9, 279.4)), ("230x300mm", (230, 300)), ("9x12in", (228.6, 304.8))],
)
def test_long_way_on_every_paper_it_fits(cli, in_tmp, paper, size):
    r = cli("print", "long-way", "--paper", paper, "-o", "lw.pdf")
    assert r.exit_code == 0, r.stderr
    assert sizes(in_tmp / "lw.pdf") == [size]


def test_cafe_on_a5_prints_one_sheet_a_page_upright(cli, in_tmp):
    r = cli("print", "wobbly-cafe", "--paper", "a5", "-o", "c.pdf")
    assert r.exit_code == 0, r.stderr
    assert r.stdout.strip() == "wrote c.pdf (3 pages)"
    assert sizes(in_tmp / "c.pdf") == [(148, 210)] * 3


@pytest.mark.parametrize(
    "args, message",
    [
        (["long-way", "--paper", "a6"], "rollwrite: unknown paper 'a6'\n  hint: choose a3, a4, a5, letter, legal, tabloid"),
        (["long-way", "--paper", "100x150mm"],
         "rollwrite: a 190 x 250 mm sheet does not fit on 100x150mm paper: 80 x 122 mm is free inside the 10 mm margins "
         "and above the footer\n  hint: it fits on a3, a4, letter, legal, tabloid paper; no scale both fits it on 100x150mm and "
         "keeps its text to 6 pt (it fits up to scale 0.42, its text needs scale 0.94): at scale 0.94 it fits on a3, "
         "a4, letter, legal, tabloid paper; or narrow the margin\n"),
        (["long-way", "--paper", "a5"],
         "rollwrite: a 190 x 250 mm sheet does not fit on a5 paper"),
        (["long-way", "--per-page", "2"],
         "rollwrite: 2 per page does not fit: one a4 page holds at most 1 sheet of 190 x 250 mm (1x1, portrait)\n"
         "  hint: put 1 or fewer on a page; it fits on a3, tabloid paper; no scale both fits it on a4 and keeps its text "
         "to 6 pt (it fits up to scale 0.71, its text needs scale 0.94): at scale 0.94 it fits on a3, tabloid paper; "
         "or narrow the margin\n"),
        (["wobbly-cafe", "--per-page", "2x2"],
         "rollwrite: 2x2 per page does not fit: one a4 page holds at most 3 sheets of 85 x 186 mm (3x1, landscape)"),
        (["long-way", "--large-print"],
         "rollwrite: a 267.9 x 352.5 mm sheet (scale 1.41) does not fit on a4 paper"),
        (["long-way", "--scale", "9"], "rollwrite: --scale must be between 0.25 and 4, not 9"),
        (["long-way", "--scale", "2", "--large-print"], "rollwrite: give --scale or --large-print, not both"),
        (["long-way", "--per-page", "lots"], "rollwrite: per page: 'lots' is not a number of sheets"),
        (["long-way", "--bleed", "3", "--margin", "2"], "rollwrite: a bleed of 3 mm needs a margin of at least 3 mm"),
        (["wobbly-cafe", "--bleed", "4"], "rollwrite: a bleed of 4 mm needs a gutter of at least 8 mm between sheets"),
        (["wobbly-cafe", "--landscape", "--large-print"], "rollwrite: a 119.8 x 262.3 mm sheet (scale 1.41) does not fit on a4 landscape paper: 287 x 192 mm is free "
         "inside the 5 mm margins and above the footer\n  hint: it fits on a3 paper; it fits a4 portrait; on a4 landscape "
         "it fits up to scale 1.03\n"),
    ],
)
def test_paper_requests_that_cannot_be_met_say_what_would(cli, args, message):
    r = cli("print", *args)
    assert r.exit_code == 2, r.output
    assert r.stderr.startswith(message), r.stderr
    assert "Traceback" not in r.output


def test_large_print_cafe_is_one_bigger_sheet_a_page(cli, in_tmp):
    r = cli("print", "wobbly-cafe", "--large-print", "-o", "big.pdf")
    assert r.exit_code == 0, r.stderr
    assert r.stdout.strip() == "wrote big.pdf (3 pages)"
    assert sizes(in_tmp / "big.pdf") == [(210, 297)] * 3
    text = PdfReader(io.BytesIO((in_tmp / "big.pdf").read_bytes())).pages[0].extract_text()
    assert "Wobbly Café" in text


def test_large_print_long_way_on_a3(cli, in_tmp):
    r = cli("print", "long-way", "--large-print", "--paper", "a3", "-o", "big.pdf")
    assert r.exit_code == 0, r.stderr
    assert sizes(in_tmp / "big.pdf") == [(297, 420)]


def test_n_up_long_way_two_per_page_scaled_down(cli, in_tmp):
    words = ["print", "long-way", "-n", "4", "--per-page", "2", "--scale", "0.5", "--landscape", "-o", "two.pdf"]
    r = cli(*words)
    assert r.exit_code == 2 and not (in_tmp / "two.pdf").exists()
    assert r.stderr == (
        "rollwrite: at scale 0.5 on a4 paper the smallest text would print at 3.20 pt ('1' on page 1); nothing "
        "printed is under 6 pt\n  hint: text keeps to 6 pt down to scale 0.94 (--scale 0.94), where the sheets no longer fit a4 "
        "paper as asked; or give "
        "--small-print to print it anyway (every page's footer then says so)\n")
    r = cli(*words, "--small-print")
    assert r.exit_code == 0, r.stderr
    assert sizes(in_tmp / "two.pdf") == [(297, 210)] * 2
    for page in PdfReader(io.BytesIO((in_tmp / "two.pdf").read_bytes())).pages:
        assert "small print: text down to 3.2 pt" in page.extract_text()


def test_crop_marks_and_trim_box_on_the_cafe(cli, in_tmp):
    r = cli("print", "wobbly-cafe", "--crop-marks", "-o", "c.pdf")
    assert r.exit_code == 0, r.stderr
    page = PdfReader(io.BytesIO((in_tmp / "c.pdf").read_bytes())).pages[0]
    x0, y0, x1, y1 = (float(v) / MM for v in page.trimbox)
    # each sheet is cut 3 mm (its safe margin) outside its drawing, the border taken from the 6 mm gutter
    # (neighbours now share a cut) and the margins: still three to a page
    assert (round(x1 - x0, 1), round(y1 - y0, 1)) == (3 * (85 + 6), 186 + 6)
    # and every cut, the top one too, 5 mm or more from the paper's edge, where a desktop printer marks it
    assert min(x0, y0) >= 5 - 1e-3 and float(page.mediabox.top) / MM - y1 >= 5 - 1e-3  # (PDF y runs up)
    r = cli("print", "wobbly-cafe", "--crop-marks", "--gutter", "0", "-o", "c0.pdf")
    assert r.exit_code == 2 and "past the 3 mm safe margin inside the cut" in r.stderr
    assert "give the sheets a gutter of 6 mm" in r.stderr


def test_no_crop_marks_overrides_a_layout_that_has_them(cli, in_tmp):
    (in_tmp / "cards.yaml").write_text(
        "game: cards\ntitle: Cards\npage: {per_page: max, gutter: 0, crop_marks: true}\n"
        "sheet:\n  size: [63, 88]\n  elements:\n    - {type: text, at: [5, 10], text: Card}\n"
        "  back:\n    - {type: text, at: [5, 10], text: Back}\n"
    )
    r = cli("print", "cards.yaml", "-n", "9", "-o", "c.pdf")
    assert r.exit_code == 0, r.stderr
    assert r.stdout.strip() == "wrote c.pdf (2 pages)"  # nine cards and their backs
    assert "/TrimBox" in PdfReader(io.BytesIO((in_tmp / "c.pdf").read_bytes())).pages[0]
    r = cli("print", "cards.yaml", "-n", "9", "--no-crop-marks", "--no-backs", "-o", "d.pdf")
    assert r.stdout.strip() == "wrote d.pdf (1 page)"
    assert "/TrimBox" not in PdfReader(io.BytesIO((in_tmp / "d.pdf").read_bytes())).pages[0]
