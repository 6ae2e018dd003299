"""Every built-in game's printed output, pinned byte for byte.

A change that moves code around must not change what users get.  These pins hold the SHA-256 of each
game's PDF and SVG pages for a fixed id and paper, and of its puzzle and answer pages for a fixed seed.  When a change alters a sheet on purpose, look at the
new output first, then refresh the pins with:

    ROLLWRITE_REPIN=1 .venv/bin/python -m pytest -q tests/test_output_pins.py        # and -m long for the rest
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from rollwrite import games
from rollwrite.core.printrun import run_print
from rollwrite.layoutlang.layout import load_builtin

PINS = Path(__file__).with_name("output_pins.json")
# every game in both formats on A4, and as a PDF on Letter (where the sheet is placed on the other paper);
# the Letter SVG pages too in the long run
CASES = [pytest.param(slug, paper, fmt, marks=pytest.mark.long if (paper, fmt) == ("letter", "svg") else ())
         for slug in games.known() for paper in ("a4", "letter") for fmt in ("pdf", "svg")]


def _digests(slug: str, paper: str, fmt: str, folder: Path) -> list[str]:
    seed = "pin" if load_builtin(slug).dice is not None else None
    written = run_print(slug, paper=paper, fmt=fmt, seed=seed, output=folder / f"{slug}.{fmt}")
    return [hashlib.sha256(p.read_bytes()).hexdigest() for p, _ in written]


def _key(slug: str, paper: str, fmt: str) -> str:
    return f"{slug} {paper} {fmt}"


@pytest.mark.parametrize("slug,paper,fmt", CASES)
def test_output_is_byte_identical_to_its_pin(slug, paper, fmt, tmp_path):
    got = _digests(slug, paper, fmt, tmp_path)
    pins = json.loads(PINS.read_text()) if PINS.exists() else {}
    if os.environ.get("ROLLWRITE_REPIN"):
        pins[_key(slug, paper, fmt)] = got
        PINS.write_text(json.dumps(dict(sorted(pins.items())), indent=1) + "\n")
        return
    assert _key(slug, paper, fmt) in pins, f"no pin for {slug}; refresh with ROLLWRITE_REPIN=1 (see docstring)"
    assert got == pins[_key(slug, paper, fmt)], f"{slug} {paper} {fmt} output changed; see the module docstring"


# each game's puzzle page and its answer page (the words that say what par and the label mean, why the
# answer scores par): the games whose puzzles are made in a second in the default run, the others in the
# long run (their searches take tens of seconds)
PUZZLE_CASES = [pytest.param(slug, fmt, marks=pytest.mark.long if slug in ("wobbly-cafe", "long-way") else ())
                for slug in games.known() if games.get(slug).can_puzzle for fmt in ("pdf", "svg")]


@pytest.mark.parametrize("slug,fmt", PUZZLE_CASES)
def test_puzzle_pages_are_byte_identical_to_their_pin(slug, fmt, tmp_path):
    from rollwrite.core.puzzles import run_puzzle

    _, written = run_puzzle(slug, seed="pin", with_solutions=True, fmt=fmt, output=tmp_path / f"{slug}.{fmt}", jobs=1)
    got = [hashlib.sha256(p.read_bytes()).hexdigest() for p, _ in written]
    key = f"{slug} puzzle a4 {fmt}"
    pins = json.loads(PINS.read_text()) if PINS.exists() else {}
    if os.environ.get("ROLLWRITE_REPIN"):
        pins[key] = got
        PINS.write_text(json.dumps(dict(sorted(pins.items())), indent=1) + "\n")
        return
    assert key in pins, f"no pin for {key}; refresh with ROLLWRITE_REPIN=1 (see docstring)"
    assert got == pins[key], f"{key} output changed; see the module docstring"


def test_the_libraries_that_write_the_output_are_the_pinned_releases():
    """The pins hold for the releases pyproject.toml pins exactly; with any other installed, say so plainly
    rather than leave a list of differing digests to puzzle over."""
    import re
    import tomllib
    from importlib.metadata import version

    project = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text())["project"]
    pinned = {m.group(1).lower(): m.group(2) for req in project["dependencies"]
              if (m := re.match(r"([A-Za-z0-9_.\-]+)(?:\[[^\]]*\])?==([^\s;,]+)", req))}
    assert {"reportlab", "svgwrite", "fonttools"} <= set(pinned)
    installed = {name: version(name) for name in ("reportlab", "svgwrite", "fonttools")}
    wrong = {name: (installed[name], pinned[name]) for name in installed if installed[name] != pinned[name]}
    assert not wrong, ("the output pins are for other releases (installed, pinned): " + repr(wrong)
                       + "; install the pinned ones: .venv/bin/pip install -e '.[test]'")
