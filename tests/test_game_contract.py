"""The contract every registered game keeps, checked the same way for each one.

- its layout loads, fits A4 and Letter, and prints to PDF and SVG;
- a seeded print carries the challenge id;
- every example sheet in examples/<game>/ scores through the CLI exactly as its header states
  (``# score: N`` or ``# scores: A, B``; ``# winner: NAME`` (or ``none``) for a game whose result is a
  winner, compared with the breakdown's ``winner``; ``# valid: no`` for a sheet that breaks a rule;
  ``# seed: S``, ``# daily: DATE`` or ``# id: game#seed`` to check it against a schedule), with the exit
  code that goes with it;
- typing a sheet back out and reading it again gives the same sheet (and the same score).
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from rollwrite import games
from rollwrite.core.printrun import run_print
from rollwrite.layoutlang.layout import check_geometry, load_builtin

ROOT = Path(__file__).resolve().parents[1]
SLUGS = games.known()
EXAMPLES = [(slug, p) for slug in SLUGS for p in sorted((ROOT / "examples" / slug).glob("*.txt"))]


def header(text: str) -> dict[str, str]:
    out = {}
    for line in text.splitlines():
        m = re.match(r"#\s*(score|scores|winner|valid|seed|daily|id):\s*(\S.*?)\s*(\(.*)?$", line)
        if m:
            out[m.group(1)] = m.group(2)
    return out


@pytest.mark.parametrize("slug", SLUGS)
def test_layout_prints_pdf_and_svg_on_both_papers(slug, tmp_path):
    layout = load_builtin(slug)
    for paper in ("a4", "letter"):
        check_geometry(layout, paper)
    [(pdf, pages)] = run_print(slug, output=tmp_path / "s.pdf")
    assert len(PdfReader(io.BytesIO(pdf.read_bytes())).pages) == pages >= 1
    svgs = run_print(slug, output=tmp_path / "s.svg")
    assert all(p.read_bytes().startswith(b"<?xml") for p, _ in svgs)


def _seeded(slug: str) -> bool:
    """The game has a seeded schedule: dice, or a deal (a card game)."""
    layout = load_builtin(slug)
    return games.get(slug).dice_spec(layout, layout.players.default) is not None


@pytest.mark.parametrize("slug", [s for s in SLUGS if _seeded(s)])
def test_a_seeded_print_carries_its_id(slug, tmp_path):
    [(pdf, _)] = run_print(slug, seed="contract", output=tmp_path / "c.pdf")
    text = PdfReader(str(pdf)).pages[0].extract_text()
    assert f"{slug}#contract" in text


def test_every_scoring_game_has_examples():
    for slug in SLUGS:
        if games.get(slug).can_score:
            assert len([1 for s, _ in EXAMPLES if s == slug]) >= 3, slug


@pytest.mark.parametrize("slug, path", EXAMPLES, ids=[f"{s}/{p.name}" for s, p in EXAMPLES])
def test_example_scores_as_stated(cli, slug, path):
    text = path.read_text(encoding="utf-8")
    h = header(text)
    stated = h.get("scores") or h.get("score")
    assert stated is not None or "winner" in h, f"{path.name} states no score and no winner"
    args = ["score", slug, str(path), "--json"]
    if stated is not None:
        args += ["--claimed", stated.replace(" ", "")]
    if "seed" in h:
        args += ["--seed", h["seed"]]
    elif "daily" in h:
        args += ["--daily", h["daily"]]
    elif "id" in h:
        args += ["--seed", h["id"].split("#", 1)[1]]
    r = cli(*args)
    doc = json.loads(r.stdout)
    valid = h.get("valid", "yes") == "yes"
    if stated is not None:
        assert doc["claim_correct"] is True, doc
    if "winner" in h:
        assert doc["breakdown"]["winner"] == (None if h["winner"] == "none" else h["winner"]), doc["breakdown"]
    assert doc["valid"] is valid, doc["problems"]
    assert r.exit_code == (0 if valid else 1)
    assert isinstance(doc["total"], (int, float)) and isinstance(doc["breakdown"], dict)


@pytest.mark.parametrize("slug, path", EXAMPLES, ids=[f"{s}/{p.name}" for s, p in EXAMPLES])
def test_example_round_trips(slug, path):
    game, data = games.get(slug), load_builtin(slug).data
    sheet = game.parse(path.read_text(encoding="utf-8"), str(path), data)
    typed = game.format(sheet, data)
    again = game.parse(typed, "formatted", data)
    assert game.format(again, data) == typed  # the formatted text is a fixed point
    assert game.evaluate(again, data, None).score.claimable() == game.evaluate(sheet, data, None).score.claimable()
