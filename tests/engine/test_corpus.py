"""The compatibility corpus: every layout the project shows (the examples, the sheets recreated from
published games, every YAML snippet of docs/layout.md) checks as print checks it, with no greyscale or
small-text warning, and prints; a layout that checked once keeps checking."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

from rollwrite.core.layout_checks import check_layout
from rollwrite.layoutlang.greyscale import greyscale_warnings
from rollwrite.layoutlang.layout import load_layout, parse_layout
from rollwrite.layoutlang.smalltext import small_text_warnings

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "layout.md"
FILES = sorted((ROOT / "examples" / "layouts").glob("*.yaml")) + sorted((ROOT / "examples" / "sheets").glob("*.yaml"))
SHEETS = sorted((ROOT / "examples" / "sheets").glob("*.yaml"))


def clean(layout) -> None:
    problems = [str(p) for p in check_layout(layout)]
    problems += [str(w) for w in greyscale_warnings(layout)] + [str(w) for w in small_text_warnings(layout)]
    assert problems == []


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_each_corpus_file_checks_and_prints(path, cli, tmp_path):
    clean(load_layout(path))
    out = tmp_path / "sheet.pdf"
    r = cli("print", str(path), "-o", str(out), "--players", "2")
    assert r.exit_code == 0, r.output
    assert out.read_bytes().startswith(b"%PDF")


def test_the_recreated_sheets_nest_repeats_and_have_pictures():
    assert len(SHEETS) >= 5
    text = DOC.read_text(encoding="utf-8")
    for path in SHEETS:
        body = path.read_text(encoding="utf-8")
        # a repeat inside a repeat: an inner one names its number with var
        assert body.count("repeat:") >= 2 and re.search(r"var: [a-z]", body), path.name
        picture = ROOT / "docs" / "images" / "sheets" / f"{path.stem}.png"
        assert picture.is_file(), "run docs/make_layout_pictures.py"
        assert f"(images/sheets/{path.stem}.png)" in text and f"examples/sheets/{path.name}" in text


# ---------------------------------------------------------------- every snippet of docs/layout.md

BLOCKS = re.findall(r"(?:<!-- picture (\S+) (\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)[^>]*-->\n)?```yaml\n(.*?)```",
                    DOC.read_text(encoding="utf-8"), re.S)
#: snippets that show the shape of a part of a layout, with '[...]' where a real one has its elements
SHAPES = ("page: {paper: a4, per_page: max", "pages:\n  - {name: rules")


def _kind(block: str) -> str:
    if block.startswith(SHAPES):
        return "shape"
    if "wobbly-cafe." in block:
        return "built-in"
    if block.startswith(("game:", "extends:")):
        return "layout"
    if block.startswith("defaults:"):
        return "defaults"
    if block.startswith("- include:"):
        return "include"
    if block.startswith("- "):
        return "elements"
    return "unknown"


def test_every_snippet_is_a_kind_the_corpus_holds():
    kinds = [_kind(block) for *_, block in BLOCKS]
    assert "unknown" not in kinds
    assert kinds.count("shape") == len(SHAPES) and len(BLOCKS) >= 30


@pytest.mark.parametrize("name,w,h,block", BLOCKS, ids=[b[0] or f"snippet{k}" for k, b in enumerate(BLOCKS)])
def test_each_docs_snippet_checks(name, w, h, block, tmp_path):
    kind = _kind(block)
    if kind == "shape":
        assert "[...]" in block
        return
    if kind == "built-in":  # the docs quote the built-in Wobbly Café layout, which the built-in tests hold
        built = (ROOT / "layouts" / "wobbly-cafe.yaml").read_text(encoding="utf-8")
        for line in block.strip().splitlines()[3:]:
            assert line.strip() in built
        return
    size = f"[{w or 150}, {h or 120}]"
    if kind == "layout":
        text = block
    elif kind == "defaults":
        text = "game: doc-defaults\ntitle: Defaults\n" + block.replace("sheet:\n", f"sheet:\n  size: {size}\n")
    else:
        text = f"game: doc-snippet\ntitle: Snippet\nsheet:\n  size: {size}\n  elements:\n" + textwrap.indent(block, "    ")
    if kind == "include":
        (tmp_path / "parts").mkdir()
        (tmp_path / "parts" / "score-row.yaml").write_text(
            "- {type: text, at: [0, 5], text: Score, size: 8}\n- {type: grid, at: [20, 0], rows: 1, cols: 5, cell: [8, 7]}\n")
        text = text.replace("size: [150, 120]", "size: [150, 170]")
    source = tmp_path / "snippet.yaml" if kind == "include" else DOC.parent / f"{name or 'snippet'}.yaml"
    layout = parse_layout(text, str(source))
    problems = [str(p) for p in check_layout(layout)]
    assert problems == []
