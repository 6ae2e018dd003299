"""One scene, two backends: PDF (pypdf checks) and SVG (XML checks), byte-identical on every run."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET

import pytest
from pypdf import PdfReader

from rollwrite.draw.scene import PT, Scene
from rollwrite.output import FORMATS, render
from rollwrite.sheet import build_scene
from rollwrite.layoutlang.layout import load_builtin, parse_layout

SVG = "{http://www.w3.org/2000/svg}"
MM = 72 / 25.4


def lw_scene(sheets: int = 3, paper: str | None = None) -> Scene:
    return build_scene(load_builtin("long-way"), sheets=sheets, paper=paper)


def test_scene_has_one_page_per_long_way_player_and_a_ruler_on_each():
    scene = lw_scene(3)
    assert len(scene.pages) == 3
    for page in scene.pages:
        assert (page.width, page.height) == (210, 297)
        texts = [it.text for it in page.items if hasattr(it, "text")]
        assert any("if this does not measure 5 cm" in t for t in texts)
        assert "The Long Way" in texts


def test_pages_share_a_page_when_the_layout_says_so():
    layout = parse_layout(
        "game: duo\ntitle: Duo\npage:\n  sheets_per_page: 2\nsheet:\n  size: [100, 100]\n  elements:\n"
        "    - type: box\n      at: [0, 0]\n      size: [100, 100]\n",
        "duo.yaml",
    )
    scene = build_scene(layout, sheets=3)
    assert len(scene.pages) == 2
    boxes = [it for it in scene.pages[0].items if type(it).__name__ == "Rect" and it.w == 100]
    assert len(boxes) == 2 and boxes[0].y < boxes[1].y  # stacked top to bottom
    assert len([it for it in scene.pages[1].items if type(it).__name__ == "Rect" and it.w == 100]) == 1


def test_pdf_pages_fonts_size_and_print_scaling():
    data = render(lw_scene(3), FORMATS["pdf"])[0]
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 3
    for page in reader.pages:
        box = page.mediabox
        assert float(box.width) == pytest.approx(210 * MM, abs=0.01)
        assert float(box.height) == pytest.approx(297 * MM, abs=0.01)
        fonts = page["/Resources"]["/Font"]
        assert fonts, "every page sets text"
        for ref in fonts.values():
            font = ref.get_object()
            assert font["/Subtype"] == "/TrueType", font["/BaseFont"]
            assert "/FontFile2" in font["/FontDescriptor"].get_object(), f"{font['/BaseFont']} is not embedded"
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None"
    text = reader.pages[0].extract_text()
    assert "The Long Way" in text and "Bonus menu" in text


def test_letter_paper():
    data = render(lw_scene(1, "letter"), FORMATS["pdf"])[0]
    box = PdfReader(io.BytesIO(data)).pages[0].mediabox
    assert float(box.width) == pytest.approx(612, abs=0.01) and float(box.height) == pytest.approx(792, abs=0.01)


def test_pdf_and_svg_are_byte_identical_across_runs():
    for fmt in ("pdf", "svg"):
        a = render(lw_scene(2), FORMATS[fmt])
        b = render(lw_scene(2), FORMATS[fmt])
        assert a == b, fmt


def test_the_environment_changes_no_byte(monkeypatch):
    """SOURCE_DATE_EPOCH (which reportlab reads to date a file) and the time zone change nothing: a PDF
    carries no date of its making."""
    before = render(lw_scene(1), FORMATS["pdf"])
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1000000000")
    monkeypatch.setenv("TZ", "Pacific/Kiritimati")
    assert render(lw_scene(1), FORMATS["pdf"]) == before
    import os
    assert os.environ["SOURCE_DATE_EPOCH"] == "1000000000"  # left as it was


def test_svg_page_size_fonts_and_structure():
    scene = lw_scene(2)
    pages = render(scene, FORMATS["svg"])
    assert len(pages) == 2
    root = ET.fromstring(pages[0])
    assert root.get("width") == "210mm" and root.get("height") == "297mm"
    assert root.get("viewBox") == "0 0 210 297"
    style = root.find(f"{SVG}defs/{SVG}style").text
    assert style.count("@font-face") == 3 and "format('truetype')" in style
    ids = [el.get("id") for el in root.iter() if el.get("id")]
    assert len(ids) == len(set(ids))
    texts = [t for t in root.iter(f"{SVG}text")]
    assert all("sans-serif" in t.get("font-family") for t in texts)
    # the same words as the scene, at the same sizes (mm in SVG user units)
    scene_texts = [it for it in scene.pages[0].items if hasattr(it, "text")]
    assert [t.text for t in texts] == [it.text for it in scene_texts]
    assert float(texts[0].get("font-size")) == pytest.approx(scene_texts[0].size * PT, abs=0.001)


def test_svg_and_pdf_draw_the_same_lines():
    scene = lw_scene(1)
    svg = ET.fromstring(render(scene, FORMATS["svg"])[0])
    n_lines = sum(1 for it in scene.pages[0].items if type(it).__name__ == "Line")
    assert len(list(svg.iter(f"{SVG}line"))) == n_lines
    # the PDF content stream holds the same number of line segments (moveto/lineto pairs of c.line)
    pdf = PdfReader(io.BytesIO(render(scene, FORMATS["pdf"])[0]))
    content = pdf.pages[0].get_contents().get_data().decode("latin-1")
    assert len(re.findall(r" m [-\d.]+ [-\d.]+ l S", content)) == n_lines


def test_roll_track_is_a_roll_log_on_free_play_and_the_schedule_on_a_challenge():
    from rollwrite.dice import make_schedule

    layout = load_builtin("long-way")
    free = [it.text for it in lw_scene(1).pages[0].items if hasattr(it, "text")]
    assert any(t.startswith("Roll log:") for t in free)
    assert "40" in free and not any(t.startswith("Rolls for this challenge") for t in free)
    sched = make_schedule("long-way", "long-way#picnic", layout.dice, seed="picnic")
    seeded = [it.text for it in build_scene(layout, sheets=1, schedule=sched).pages[0].items if hasattr(it, "text")]
    assert any(t.startswith("Rolls for this challenge") for t in seeded)
    assert not any(t.startswith("Roll log:") for t in seeded)
    first = sched.turn(1, 1)
    assert f"{first.dice[0]}  {first.dice[1]}" in seeded
