"""The README shows a preview of every built-in game's sheet, made by docs/previews.py (not by hand)."""

from __future__ import annotations

import importlib.util
import io
from pathlib import Path

from PIL import Image

from rollwrite.layoutlang.layout import builtin_slugs

ROOT = Path(__file__).resolve().parents[1]


def _script():
    spec = importlib.util.spec_from_file_location("previews", ROOT / "docs" / "previews.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def test_readme_shows_a_committed_preview_of_every_game():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "python docs/previews.py" in readme
    for slug in builtin_slugs():
        path = ROOT / "docs" / "previews" / f"{slug}.png"
        assert f"(docs/previews/{slug}.png)" in readme, f"the README has no preview of {slug}"
        assert path.is_file(), f"run: python docs/previews.py (no {path.name})"
        img = Image.open(io.BytesIO(path.read_bytes()))
        assert img.format == "PNG" and max(img.size) < 1200 and path.stat().st_size < 200_000


def test_the_preview_script_makes_one_picture_per_game(tmp_path, capsys):
    assert _script().main(["--out", str(tmp_path), "--dpi", "20"]) == 0
    made = sorted(p.name for p in tmp_path.iterdir())
    assert made == sorted(f"{s}.png" for s in builtin_slugs())
    assert capsys.readouterr().out.count("wrote ") == len(made)
    for p in tmp_path.iterdir():
        assert Image.open(p).size[0] in range(100, 300)  # 20 dpi: a page is a couple of hundred pixels
