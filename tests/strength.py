"""How hard the property tests try: ``@settings(max_examples=examples(N))`` runs N examples in the long run
(``-m long``) and a third of them (at least ten) in the default run.  conftest.py sets LONG as the run
starts, before the test files are read, and marks every property test long as well in the long run, so
that ``-m long`` runs each at full strength."""

from __future__ import annotations

#: True in the long run (``-m long``): set by conftest.pytest_configure
LONG = False
#: the share of its examples a property test runs in the default run
DEFAULT_SHARE = 3


def examples(n: int) -> int:
    """``n`` in the long run, a third of it (at least ten, at most ``n``) in the default run."""
    return n if LONG else min(n, max(10, n // DEFAULT_SHARE))
