"""Every text a sheet prints is one the fonts can draw: layout texts are refused with their place, seeds
are printed in a printable form that says so, and a last check runs before any file is written."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from rollwrite.draw.metrics import missing_glyphs, printable
from rollwrite.draw.scene import Scene
from rollwrite.errors import InputError

ODD_SEED = "café☕🎲"  # DejaVu has ☕ (U+2615) but no 🎲 (U+1F3B2)


def test_printable_writes_missing_characters_as_codes():
    assert printable("picnic") == "picnic"
    assert printable(ODD_SEED) == "café☕[U+1F3B2]"
    assert printable("a\U0001F468\U0001F469b") == "a[U+1F468][U+1F469]b"


@settings(max_examples=80, deadline=None)
@given(st.text(max_size=20))
def test_printable_text_has_every_glyph(text):
    shown = printable(text.replace("\n", " ").replace("\r", " ").replace("\t", " "))
    assert missing_glyphs(shown, "regular") == [] and missing_glyphs(shown, "bold") == []


def test_a_seed_the_fonts_cannot_draw_prints_in_printable_form(cli, tmp_path):
    out = tmp_path / "s.pdf"
    result = cli("print", "long-way", "--seed", ODD_SEED, "-o", str(out))
    assert result.exit_code == 0, result.output
    reader = PdfReader(str(out))
    text = reader.pages[0].extract_text()
    assert "Challenge ([U+…] is a character the font lacks):" in text
    assert "long-way#café☕[U+1F3B2]" in text
    assert "🎲" not in text
    # the id itself stays as typed in the metadata, and the dice are those of the real id
    assert reader.metadata.subject.endswith("long-way#café☕🎲")
    rolled = cli("roll", "long-way", "--seed", ODD_SEED, "--json")
    assert rolled.exit_code == 0 and '"long-way#café☕🎲"' in rolled.stdout


def test_a_seed_with_every_glyph_prints_as_it_is(cli, tmp_path):
    out = tmp_path / "s.pdf"
    assert cli("print", "long-way", "--seed", "café ☕", "-o", str(out)).exit_code == 0
    text = PdfReader(str(out)).pages[0].extract_text()
    assert "long-way#café ☕" in text and "[U+" not in text


@pytest.mark.parametrize("where, yaml_text, place, font", [
    ("title", 'game: t\ntitle: "Dice 🎲 night"\nsheet: {size: [100, 100], elements: []}\n', "2:8: title", "regular"),
    ("box label", 'game: t\ntitle: T\nsheet:\n  size: [100, 100]\n  elements:\n'
                  '    - {type: box, at: [5, 5], size: [20, 20], label: "x🎲"}\n', "6:7: sheet.elements[0]", "bold"),
    ("text", 'game: t\ntitle: T\nsheet:\n  size: [100, 100]\n  elements:\n'
             '    - {type: text, at: [5, 5], text: "x🎲"}\n', "6:7: sheet.elements[0]", "regular"),
])
def test_layout_texts_the_fonts_cannot_draw_are_refused(cli, tmp_path, where, yaml_text, place, font):
    path = tmp_path / "l.yaml"
    path.write_text(yaml_text, encoding="utf-8")
    for args in (["check-layout", str(path)], ["print", str(path), "-o", str(tmp_path / "o.pdf")]):
        result = cli(*args)
        assert result.exit_code == 2, where
        assert result.stderr == (f"rollwrite: {path}:{place}: the {font} font has no glyph for '🎲'\n"
                                 "  hint: use another character or draw it with an icon\n")
    assert not (tmp_path / "o.pdf").exists()


def test_the_last_check_refuses_any_text_that_slipped_through():
    from rollwrite.sheet import _check_glyphs
    from rollwrite.layoutlang.layout import load_builtin

    scene = Scene(title="t", subject="s")
    page = scene.new_page(100, 100)
    page.pen().text(10, 10, "ok")
    page.pen().text(10, 20, "dice 🎲", font="bold")
    with pytest.raises(InputError) as info:
        _check_glyphs([page.items], load_builtin("long-way"))
    assert str(info.value).startswith(
        "layouts/long-way.yaml: the sheet would print '🎲' in 'dice 🎲', which the bold font cannot draw")
