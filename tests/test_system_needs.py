"""A run without the system packages some tests need ends with a loud line naming what did not run and
how to install it (tests/system_needs.py); a run with everything says nothing more."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from system_needs import WHAT, closing_lines, package_of

TESTS = Path(__file__).resolve().parent

SKIPPING = '''
import pytest

NO_CHROMIUM = "/usr/bin/chromium is not installed (apt-get install chromium; .ci/run installs it)"
NO_POSTGRES = "no PostgreSQL server programs (apt-get install postgresql; .ci/run installs it)"


@pytest.mark.skipif(True, reason=NO_CHROMIUM)
def test_browser_one():
    pass


@pytest.mark.skipif(True, reason=NO_CHROMIUM)
def test_browser_two():
    pass


@pytest.fixture
def postgres():
    pytest.skip(NO_POSTGRES)


def test_database(postgres):
    pass


@pytest.mark.skip(reason="not today")
def test_skipped_for_another_reason():
    pass


def test_runs():
    pass
'''


def _pytest(folder: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(TESTS)}
    env.pop("CI", None)
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "system_needs",
                           "-c", os.devnull, "--rootdir", str(folder), *args, str(folder)],
                          capture_output=True, text=True, env=env, timeout=300, cwd=folder)


def test_a_run_without_them_ends_saying_what_did_not_run(tmp_path):
    (tmp_path / "test_needs.py").write_text(SKIPPING, encoding="utf-8")
    for args in ((), ("-n", "2")):  # on one process and on several
        done = _pytest(tmp_path, *args)
        assert done.returncode == 0, done.stdout + done.stderr
        lines = done.stdout.splitlines()
        loud = [n for n, line in enumerate(lines) if line.startswith("!") and "NOT RUN:" in line]
        assert len(loud) == 1, done.stdout
        assert "2 tests of the desk in a browser (need chromium); 1 test of the desk on PostgreSQL " \
               "(need postgresql)" in lines[loud[0]]
        assert lines[loud[0] + 1] == ("install on Debian: sudo apt-get install chromium postgresql  "
                                      "(README: What the tests need)")
        assert "1 passed, 4 skipped" in lines[-1]


def test_a_run_with_everything_says_nothing_more(tmp_path):
    (tmp_path / "test_plain.py").write_text("def test_one():\n    pass\n", encoding="utf-8")
    done = _pytest(tmp_path)
    assert done.returncode == 0 and "NOT RUN" not in done.stdout


def test_the_reasons_the_suite_gives_name_their_package():
    sys.path.insert(0, str(TESTS / "serve"))
    try:
        import pg_server
    finally:
        sys.path.remove(str(TESTS / "serve"))
    assert package_of("no PostgreSQL server programs (apt-get install postgresql; .ci/run installs it)") == "postgresql"
    source = (TESTS / "serve" / "test_desk_browser.py").read_text(encoding="utf-8")
    assert "(apt-get install chromium; .ci/run installs it)" in source
    assert "apt-get install postgresql" in (TESTS / "serve" / "pg_server.py").read_text(encoding="utf-8")
    assert pg_server.NO_POSTGRES is None or package_of(pg_server.NO_POSTGRES) == "postgresql"
    assert package_of("not today") is None
    assert closing_lines({}) == []


def test_the_readme_installs_what_ci_installs():
    """The one Debian command of the README names the packages .ci/run installs, and the closing line
    knows what each is for."""
    import re

    root = TESTS.parent
    readme = (root / "README.md").read_text(encoding="utf-8")
    (command,) = re.findall(r"^sudo apt-get install (.+)$", readme, re.M)
    ci = (root / ".ci" / "run").read_text(encoding="utf-8")
    assert set(command.split()) == set(re.findall(r"missing\+=\((\w+)\)", ci)) == set(WHAT)
