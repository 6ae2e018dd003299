"""docs/layout.md: every example loads and fits, has its picture, and every element type is described."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from rollwrite.draw.elements import GENERIC

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "layout.md"


def _script():
    spec = importlib.util.spec_from_file_location("make_layout_pictures", ROOT / "docs" / "make_layout_pictures.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)  # type: ignore[union-attr]
    return mod


SCRIPT = _script()
EXAMPLES = SCRIPT.examples(DOC.read_text(encoding="utf-8"))


def test_the_page_has_its_pictures():
    assert len(EXAMPLES) >= 10


@pytest.mark.parametrize("name,w,h,seed,block", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_each_example_loads_fits_and_has_a_small_picture(name, w, h, seed, block):
    scene = SCRIPT.scene_of(name, w, h, seed, block)
    assert scene.pages[0].items
    picture = ROOT / "docs" / "images" / "layout" / f"{name}.png"
    assert picture.is_file(), "run docs/make_layout_pictures.py"
    assert picture.stat().st_size < 40_000
    assert f"(images/layout/{name}.png)" in DOC.read_text(encoding="utf-8")


def test_every_generic_element_type_has_a_section_and_a_pictured_example():
    text = DOC.read_text(encoding="utf-8")
    headings = " ".join(re.findall(r"^### (.+)$", text, re.M))
    pictured = " ".join(block for *_, block in EXAMPLES)
    for name in GENERIC:
        assert re.search(rf"\b{re.escape(name)}\b", headings), name
        assert f"type: {name}" in pictured, name
    assert "type: group" in pictured and "repeat:" in pictured
