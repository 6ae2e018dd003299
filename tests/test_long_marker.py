"""The long tests named in conftest.py exist, and the default run leaves them out."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def conftest(request):
    """tests/conftest.py as pytest loaded it (``import conftest`` may find tests/serve/conftest.py instead)."""
    (module,) = [p for p in request.config.pluginmanager.get_plugins()
                 if getattr(p, "__file__", None) == str(ROOT / "tests" / "conftest.py")]
    return module


def test_every_long_test_exists(conftest):
    missing = []
    for name in conftest.LONG_TESTS:
        path, _, test = name.partition("::")
        source = ROOT / path
        if not source.exists() or f"def {test}(" not in source.read_text(encoding="utf-8"):
            missing.append(name)
    assert not missing, f"no such test (renamed or removed? update LONG_TESTS in tests/conftest.py): {missing}"


def test_the_default_run_leaves_the_long_tests_out(conftest):
    path = "tests/games/long-way/test_long_way_exhaustive.py"
    name = "test_the_search_finds_the_best_two_turn_game"
    default = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", path],
                             capture_output=True, text=True, cwd=ROOT)
    assert default.returncode == 0 and name not in default.stdout and "deselected" in default.stdout, default.stdout
    # and `-m long` takes it: the hook marks it long (one process of pytest is enough to show both)
    item = SimpleNamespace(nodeid=f"{path}::{name}", marks=[])
    item.add_marker = item.marks.append
    conftest.pytest_collection_modifyitems(None, [item])
    assert [m.name for m in item.marks] == ["long"]


def test_a_strength_test_runs_whole_in_the_long_run(conftest, monkeypatch):
    """A test marked `strength` takes a share of its cases in the default run and is marked long in the
    long run, where strength.examples gives all of them."""
    import strength

    marked = pytest.mark.strength.mark

    def item(marks):
        it = SimpleNamespace(nodeid="tests/x.py::test_y", marks=[], obj=None,
                             get_closest_marker=lambda name: next((m for m in marks if m.name == name), None))
        it.add_marker = it.marks.append
        return it

    plain, loop = item([]), item([marked])
    conftest.pytest_collection_modifyitems(None, [plain, loop])
    assert plain.marks == loop.marks == [] and strength.examples(120) == 40
    monkeypatch.setattr(strength, "LONG", True)
    conftest.pytest_collection_modifyitems(None, [plain, loop])
    assert plain.marks == [] and [m.name for m in loop.marks] == ["long"] and strength.examples(120) == 120
