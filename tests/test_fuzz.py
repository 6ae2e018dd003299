"""A small standing fuzz run: broken typed-in sheets for every game with a scorer, and broken layouts,
through the real commands; never an internal error, always exit 0, 1 or 2 with a message.

The cases come from tests/fuzzcases.py, driven here by hypothesis (``st.randoms()``) and by
benchmarks/fuzz.py for the long run."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fuzzcases
from rollwrite import games

SCORED = [slug for slug in games.known() if games.get(slug).can_score and fuzzcases.examples(slug)]


def test_every_game_with_a_scorer_has_examples_to_fuzz():
    assert SCORED == [slug for slug in games.known() if games.get(slug).can_score]


def _clean(result) -> None:
    assert result.exit_code in (0, 1, 2), result.output
    assert "internal error" not in result.output and "Traceback" not in result.output
    if result.exit_code == 2:
        assert result.stderr.startswith("rollwrite: ")


@pytest.mark.parametrize("slug", SCORED)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rnd=st.randoms(use_true_random=False))
def test_broken_sheets_never_crash_the_scorer(slug, rnd, cli, tmp_path):
    kind, data = fuzzcases.sheet_case(slug, rnd)
    path = tmp_path / "sheet.txt"
    path.write_bytes(data)
    _clean(cli("score", slug, str(path)))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rnd=st.randoms(use_true_random=False))
def test_broken_layouts_never_crash_check_layout(rnd, cli, tmp_path):
    name, text = fuzzcases.layout_case(rnd)
    path = tmp_path / "layout.yaml"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    _clean(cli("check-layout", str(path)))
