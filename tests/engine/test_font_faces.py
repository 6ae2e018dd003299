"""The fonts' parsed form recorded for reportlab is what reportlab itself reads from the files, and a PDF
written with it is the same to the byte as one written after reading the fonts."""

from __future__ import annotations

import pytest
import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont, TTFontFace

from rollwrite.draw import facegen, pdf
from rollwrite.draw.facedata import FACES
from rollwrite.draw.metrics import FONT_FILES
from rollwrite.resources import fonts_dir
from rollwrite.spec.layout import resolve
from rollwrite.sheet import build_scene


def test_facedata_is_up_to_date_with_the_fonts_and_reportlab():
    assert {rec["reportlab"] for rec in FACES.values()} == {reportlab.Version}, \
        "reportlab changed: run python -m rollwrite.draw.facegen"
    assert facegen.OUT.read_text(encoding="utf-8") == facegen.render(), \
        "fonts/ changed: run python -m rollwrite.draw.facegen"


def _same(a: object, b: object) -> bool:
    """Equal, of the same type, and for dicts in the same order, all the way down."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return a == b and getattr(a, "__dict__", None) == getattr(b, "__dict__", None)


@pytest.mark.parametrize("name", list(FONT_FILES))
def test_a_ready_face_is_the_face_reportlab_reads(name):
    path = fonts_dir() / FONT_FILES[name]
    ready = facegen.ready_face(name, path)
    assert ready is not None and type(ready) is TTFontFace
    read = TTFontFace(str(path))
    a, b = ready.__dict__, read.__dict__
    assert list(a) == list(b)
    for key in a:
        if key == "_pdfScale":
            assert all(a[key](v) == b[key](v) for v in (0, 1, 7, 1229, 2048, -240.5))
        else:
            assert _same(a[key], b[key]), key


def test_the_font_made_from_a_ready_face_is_reportlabs():
    path = fonts_dir() / FONT_FILES["bold"]
    mine, theirs = pdf._font("bold", path), TTFont(pdf._PDF_FONT["bold"], str(path))
    assert type(mine) is TTFont
    skip = {"face", "state", "encoding"}
    assert {k: v for k, v in mine.__dict__.items() if k not in skip} == \
        {k: v for k, v in theirs.__dict__.items() if k not in skip}
    assert mine.encoding.__dict__ == theirs.encoding.__dict__
    assert mine.stringWidth("Long Way ×3 → ⚀", 9) == theirs.stringWidth("Long Way ×3 → ⚀", 9)


def test_no_record_is_used_for_another_file_or_another_reportlab(tmp_path, monkeypatch):
    changed = tmp_path / "DejaVuSans.ttf"
    raw = bytearray((fonts_dir() / FONT_FILES["regular"]).read_bytes())
    raw[-1] ^= 1
    changed.write_bytes(bytes(raw))
    assert facegen.ready_face("regular", changed) is None
    assert facegen.ready_face("no-such-font", fonts_dir() / FONT_FILES["regular"]) is None
    monkeypatch.setattr(reportlab, "Version", "0.0")
    assert facegen.ready_face("regular", fonts_dir() / FONT_FILES["regular"]) is None


def test_the_pdf_is_the_same_with_ready_faces_and_with_fonts_read(monkeypatch):
    scene = build_scene(resolve("long-way"), sheets=2)
    monkeypatch.setattr(pdf, "_registered", False)
    ready = pdf.render(scene)
    monkeypatch.setattr(pdf, "ready_face", lambda name, path: None)  # read every font the ordinary way
    monkeypatch.setattr(pdf, "_registered", False)
    read = pdf.render(scene)
    assert isinstance(pdfmetrics.getFont(pdf._PDF_FONT["regular"]).face, TTFontFace)
    assert read == ready
    monkeypatch.undo()
    pdf._registered = False  # the next PDF registers the ready faces again
