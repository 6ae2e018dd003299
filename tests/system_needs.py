"""What the tests need from the system besides Python and the package index, and a loud end to a run
that went without it.

Three groups of tests need Debian packages (README, "What the tests need"): the desk in a real browser
needs ``chromium`` (tests/serve/test_desk_browser.py), the desk on PostgreSQL needs ``postgresql``
(tests/serve/pg_server.py), and its deployment behind nginx ``nginx`` (tests/serve/test_deploy.py).  Outside CI, a test that cannot run without one is skipped with a reason
that names the package (``... (apt-get install chromium; ...)``); in CI they must run.  A run that
skipped any ends with a loud line naming what did not run and the one command that installs it, so a
machine without them never passes quietly with less coverage.

tests/conftest.py takes these hooks in; tests/test_system_needs.py runs pytest with them on tests that
skip so.
"""

from __future__ import annotations

import re

#: what each package's tests check, for the closing line
WHAT = {"chromium": "the desk in a browser", "postgresql": "the desk on PostgreSQL",
        "nginx": "the desk's deployment behind nginx", "openssl": "the desk's deployment (its certificate)"}
_PACKAGE = re.compile(r"apt-get install ([a-z0-9][a-z0-9.+-]*)")
_not_run: dict[str, int] = {}


def package_of(reason: str) -> str | None:
    """The system package a skip's reason says to install, if it names one."""
    found = _PACKAGE.search(reason)
    return found.group(1) if found else None


def pytest_runtest_logreport(report) -> None:  # noqa: ANN001 - pytest's hook (on the main process with -n too)
    if report.skipped and isinstance(report.longrepr, tuple) and len(report.longrepr) == 3:
        package = package_of(str(report.longrepr[2]))
        if package is not None:
            _not_run[package] = _not_run.get(package, 0) + 1


def closing_lines(not_run: dict[str, int]) -> list[str]:
    """What a run that skipped tests for want of system packages ends with: what did not run, and how to
    install it on Debian."""
    if not not_run:
        return []
    parts = [f"{n} test{'s' if n != 1 else ''} of {WHAT.get(package, 'rollwrite')} (need {package})"
             for package, n in sorted(not_run.items())]
    return [f"NOT RUN: {'; '.join(parts)}",
            f"install on Debian: sudo apt-get install {' '.join(sorted(not_run))}  (README: What the tests need)"]


def pytest_terminal_summary(terminalreporter) -> None:  # noqa: ANN001 - pytest's hook
    lines = closing_lines(_not_run)
    if lines:
        terminalreporter.write_sep("!", lines[0], red=True, bold=True)
        terminalreporter.write_line(lines[1], red=True, bold=True)
