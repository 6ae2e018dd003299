"""A small standing fuzz run: broken typed-in sheets for every game with a scorer, and broken layouts,
through the real commands; never an internal error, always exit 0, 1 or 2 with a message.

The cases come from tests/fuzzcases.py, driven here by hypothesis (``st.randoms()``) and by
benchmarks/fuzz.py for the long run."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strength import examples

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
@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rnd=st.randoms(use_true_random=False))
def test_broken_sheets_never_crash_the_scorer(slug, rnd, cli, tmp_path):
    kind, data = fuzzcases.sheet_case(slug, rnd)
    path = tmp_path / "sheet.txt"
    path.write_bytes(data)
    _clean(cli("score", slug, str(path)))


@settings(max_examples=examples(20), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rnd=st.randoms(use_true_random=False))
def test_broken_layouts_never_crash_check_layout(rnd, cli, tmp_path):
    name, text = fuzzcases.layout_case(rnd)
    path = tmp_path / "layout.yaml"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    _clean(cli("check-layout", str(path)))


def _one_of_each_class() -> list:
    seen: dict[str, object] = {}
    for attack in fuzzcases.attacks():
        seen.setdefault(attack.cls, attack)
    return list(seen.values())


ATTACK_CLASSES = ["paths and links", "special files", "deep JSON", "surrogates", "long names", "control characters",
                  "edited outputs", "work bombs", "language", "killed runs", "pictures", "fonts", "hex maps"]


def test_the_attack_suite_has_every_class():
    assert [a.cls for a in _one_of_each_class()] == ATTACK_CLASSES


@pytest.mark.parametrize("attack", _one_of_each_class(), ids=lambda a: f"{a.cls}: {a.label}")
def test_an_attack_of_each_class_is_a_usage_error_or_harmless(attack, tmp_path, monkeypatch):
    """The first case of each class of benchmarks/fuzz.py's attack suite, in-process (the suite runs
    them all, each as a process of its own, and measures them)."""
    from typer.testing import CliRunner

    from rollwrite.cli.app import app

    monkeypatch.chdir(tmp_path)
    args, stdin, check = attack.setup(tmp_path)
    result = CliRunner().invoke(app, args, input=stdin)
    _clean(result)
    assert result.exit_code in (0, 2)
    assert check is None or check(tmp_path, result.output) is None


@pytest.mark.parametrize("attack", [a for a in fuzzcases.attacks() if a.cls == "language"], ids=lambda a: a.label)
def test_every_language_attack_is_refused_or_passes_quickly(attack, tmp_path, monkeypatch):
    """The layout language's own attacks, each in-process, within the suite's 2 s."""
    import time

    from typer.testing import CliRunner

    from rollwrite.cli.app import app

    monkeypatch.chdir(tmp_path)
    args, stdin, _ = attack.setup(tmp_path)
    started = time.process_time()
    result = CliRunner().invoke(app, args, input=stdin)
    assert time.process_time() - started < 2.0
    _clean(result)
    assert result.exit_code in (0, 2)
