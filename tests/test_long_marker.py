"""The long tests named in conftest.py exist, and the default run leaves them out."""

from __future__ import annotations

import subprocess
import sys
from types import SimpleNamespace
from pathlib import Path

from conftest import LONG_TESTS, pytest_collection_modifyitems

ROOT = Path(__file__).resolve().parents[1]


def test_every_long_test_exists():
    missing = []
    for name in LONG_TESTS:
        path, _, test = name.partition("::")
        source = ROOT / path
        if not source.exists() or f"def {test}(" not in source.read_text(encoding="utf-8"):
            missing.append(name)
    assert not missing, f"no such test (renamed or removed? update LONG_TESTS in tests/conftest.py): {missing}"


def test_the_default_run_leaves_the_long_tests_out():
    path = "tests/games/long-way/test_long_way_exhaustive.py"
    name = "test_the_search_finds_the_best_two_turn_game"
    default = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", path],
                             capture_output=True, text=True, cwd=ROOT)
    assert default.returncode == 0 and name not in default.stdout and "deselected" in default.stdout, default.stdout
    # and `-m long` takes it: the hook marks it long (one process of pytest is enough to show both)
    item = SimpleNamespace(nodeid=f"{path}::{name}", marks=[])
    item.add_marker = item.marks.append
    pytest_collection_modifyitems(None, [item])
    assert [m.name for m in item.marks] == ["long"]
