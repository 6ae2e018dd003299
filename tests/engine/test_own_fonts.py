"""A layout's own fonts: TrueType files under its folder, measured, glyph-checked and embedded (subset)
in PDF and SVG like the built-in fonts; anything else refused with its place."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rollwrite.draw.metrics import text_width
from rollwrite.errors import InputError
from rollwrite.resources import fonts_dir
from rollwrite.layoutlang.layout import check_geometry, load_layout


def sheet(folder: Path, fonts: str, elements: str) -> None:
    (folder / "fonts").mkdir(exist_ok=True)
    shutil.copy(fonts_dir() / "DejaVuSans-Oblique.ttf", folder / "fonts" / "Mine.ttf")
    (folder / "f.yaml").write_text("game: own-fonts\ntitle: F\n" + fonts + "sheet:\n  size: [120, 60]\n  elements:\n"
                                   + elements)


def test_an_own_font_is_measured_from_its_file_and_embedded_in_pdf_and_svg(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    sheet(tmp_path, "fonts: {mine: fonts/Mine.ttf}\n",
          "    - {type: text, at: [2, 10], text: Slanted mine, font: mine, size: 12}\n"
          "    - {type: table, at: [2, 20], columns: [40, 20], rows: [{label: Row, font: mine}]}\n"
          "    - {type: paragraph, at: [2, 40], width: 100, font: mine, text: A paragraph in it.}\n")
    layout = load_layout("f.yaml")
    own = layout.sheet.elements[0].value.font
    assert own.startswith("file:") and layout.sheet.elements[1].value.rows[0].font == own
    assert text_width("Slanted mine", 12, own) == pytest.approx(text_width("Slanted mine", 12, "italic"))
    assert cli("check-layout", "f.yaml").exit_code == 0
    assert cli("print", "f.yaml", "-o", "f.pdf").exit_code == 0
    pdf = Path("f.pdf").read_bytes()
    assert pdf.count(b"/BaseFont /AAAAAA+DejaVuSans-Oblique") == 1  # the file's glyphs (a subset), embedded once
    assert cli("print", "f.yaml", "-o", "again.pdf").exit_code == 0 and Path("again.pdf").read_bytes() == pdf
    assert cli("print", "f.yaml", "-o", "f.svg").exit_code == 0
    svg = Path("f.svg").read_text()
    assert "font-family:'rw-own-" in svg and 'font-family="rw-own-' in svg


def test_a_text_the_own_font_cannot_draw_is_refused_naming_the_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    sheet(tmp_path, "fonts: {mine: fonts/Mine.ttf}\n", "    - {type: text, at: [2, 10], text: \"一\", font: mine}\n")
    with pytest.raises(InputError) as info:
        check_geometry(load_layout("f.yaml"))
    assert str(info.value).startswith("f.yaml:7:7: sheet.elements[0]: the 'Mine.ttf' font has no glyph for '一'")


@pytest.mark.parametrize("fonts,message", [
    ("fonts: {bold: fonts/Mine.ttf}\n", "f.yaml:3:9: fonts.bold: 'bold' is a built-in font already"),
    ("fonts: {mine: ../Mine.ttf}\n", "f.yaml:3:15: fonts.mine: '../Mine.ttf' lies outside the layout's folder"),
    ("fonts: {mine: f.yaml}\n", "f.yaml:3:15: fonts.mine: this file is not a TrueType or OpenType font"),
    ("fonts: {mine: fonts/cff.otf}\n", "f.yaml:3:15: fonts.mine: this OpenType font has PostScript (CFF) outlines"),
    ("fonts: {mine: fonts/bad.ttf}\n", "f.yaml:3:15: fonts.mine: this font has no cmap, hmtx, head, hhea, glyf, loca table"),
])
def test_font_mistakes(tmp_path, monkeypatch, fonts, message):
    monkeypatch.chdir(tmp_path)
    sheet(tmp_path, fonts, "    - {type: text, at: [2, 10], text: x}\n")
    (tmp_path / "fonts" / "cff.otf").write_bytes(b"OTTO" + bytes(100))
    (tmp_path / "fonts" / "bad.ttf").write_bytes(b"\x00\x01\x00\x00" + bytes(100))
    with pytest.raises(InputError) as info:
        load_layout("f.yaml")
    assert str(info.value).startswith(message)


def test_a_font_name_the_layout_does_not_define_is_refused_and_cannot_name_a_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    sheet(tmp_path, "", "    - {type: text, at: [2, 10], text: x, font: 'file:0:/etc/hosts'}\n")
    with pytest.raises(InputError, match="expected one of regular, bold, condensed, italic, got 'file:0:/etc/hosts'"):
        load_layout("f.yaml")
