"""How hard the property tests try: ``@settings(max_examples=examples(N))`` runs N examples in the long run
(``-m long``) and a third of them (at least ten) in the default run.  Only the property tests whose
examples cost (a tenth of a second or more of CPU in the default run) take a share: one whose examples
are cheap names its count plainly and runs it whole in both runs (a third of test_joins_is_the_plain_joins'
500 missed a seeded off-by-one in two runs of five; all 500 found it every time).  conftest.py sets LONG as the run
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
