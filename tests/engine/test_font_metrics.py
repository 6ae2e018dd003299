"""The precomputed text metrics are the fonts' own: one source of widths for layout and embedding."""

from __future__ import annotations

import pytest
from fontTools.ttLib import TTFont
from hypothesis import given, settings
from hypothesis import strategies as st
from strength import examples

from rollwrite.draw import fontgen, metrics
from rollwrite.resources import fonts_dir

from oracles import measures


def test_fontdata_is_up_to_date_with_the_font_files():
    # regenerating from fonts/ gives the committed module byte for byte
    assert fontgen.OUT.read_text(encoding="utf-8") == fontgen.render(), \
        "fonts/ changed: run python -m rollwrite.draw.fontgen"


@pytest.mark.parametrize("name", metrics.FONTS)
def test_every_advance_matches_the_font(name):
    font = TTFont(str(fonts_dir() / metrics.FONT_FILES[name]), lazy=True)
    cmap, hmtx = font.getBestCmap(), font["hmtx"].metrics
    face = metrics._Face(name)
    assert measures.advances(name) == {cp: hmtx[g][0] for cp, g in cmap.items()}
    assert all(face.has(cp) and face.advance_of(cp) == hmtx[g][0] for cp, g in cmap.items())
    assert face.units == font["head"].unitsPerEm
    assert face.missing_width == hmtx[".notdef"][0]
    assert face.ascent == font["hhea"].ascent / face.units


def test_widths_and_coverage_read_from_the_table():
    # 'W' is wider than 'i' in every font; the condensed face is narrower than the regular one
    for name in metrics.FONTS:
        assert metrics.text_width("W", 10, name) > metrics.text_width("i", 10, name) > 0
    assert metrics.text_width("Long Way", 10, "condensed") < metrics.text_width("Long Way", 10, "regular")
    assert metrics.missing_glyphs("a\u4e2db") == ["\u4e2d"]
    assert metrics.missing_glyphs("Café ×3 → ⚀") == []


def test_measuring_parses_no_font():
    import subprocess
    import sys

    code = ("import sys\nfrom rollwrite.draw.metrics import text_width\ntext_width('Wobbly Café', 9, 'bold')\n"
            "print(sorted(m for m in ('fontTools', 'reportlab') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("name", metrics.FONTS)
def test_the_ascii_shortcut_agrees_with_looking_each_character_up(name):
    # the shortcut for printable ASCII holds only if the font draws all of it; any other text
    # (control characters, tabs, non-ASCII) goes through the lookup
    face, plain = metrics.face(name), measures.advances(name)
    assert face.ascii_ok == all(cp in plain for cp in range(32, 127))
    for text in ("Day 17  3  5", "l: 1234", "a\tb", "a\x07b", "x\x7fy", "Café ×3", ""):
        assert metrics.missing_glyphs(text, name) == measures.missing(plain, text)


@pytest.mark.parametrize("name", metrics.FONTS)
@settings(max_examples=examples(300), deadline=None)
@given(text=st.text(alphabet=st.characters(max_codepoint=0x2FFF), max_size=40), size=st.sampled_from([6.4, 9, 10.5]))
def test_widths_and_glyphs_agree_with_the_plain_table(name, text, size):
    # the runs of code points (and the ASCII table) give what one dict of every advance gives
    face = metrics._Face(name)
    plain = measures.advances(name)
    assert face.width(text, size) == measures.width(plain, face.missing_width, face.units, text, size)
    assert metrics.missing_glyphs(text, name) == measures.missing(plain, text)
    assert all(face.has(ord(ch)) == (ord(ch) in plain) for ch in text)
