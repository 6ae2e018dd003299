from __future__ import annotations

import gc
import itertools
import os
import sys
from functools import cache

import pytest

# Python keeps the compiled bytecode of what the tests import, in this process, in the test workers and
# in every process a test starts, even where the environment forbids writing it (PYTHONDONTWRITEBYTECODE):
# otherwise each of them compiles rollwrite and the test modules from source again, seconds of CPU each
# (the __pycache__ folders are ignored by git).
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

import strength  # noqa: E402 - after the bytecode setting above
from hypothesis import is_hypothesis_test, settings  # noqa: E402
from clirun import invoke  # noqa: E402
from searches import small_searches  # noqa: E402
# a run that skipped tests for want of chromium or postgresql ends saying so (tests/system_needs.py)
from system_needs import pytest_runtest_logreport, pytest_terminal_summary  # noqa: E402, F401


# Python's garbage collector walks every object a process holds, now and then, to find cycles: in a test
# process that is hundreds of thousands of objects (the libraries, the collected tests, what the tests keep),
# and it took a third of the suite's CPU time.  What is alive after collection, and after each test file,
# is set aside (gc.freeze) so the collector walks only what the tests make since; garbage is collected
# first, so nothing that was already garbage is kept.
@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session):  # noqa: ANN001 - pytest's hook
    gc.collect()
    gc.freeze()


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item, nextitem):  # noqa: ANN001 - pytest's hook
    if nextitem is None or nextitem.path != item.path:
        gc.collect()
        gc.freeze()


@pytest.fixture
def cli():
    """Run the rollwrite CLI in-process: cli("print", "long-way") -> Result (exit_code, stdout, stderr)."""

    def run(*args: str, input: str | None = None):
        return invoke(list(args), input=input, catch_exceptions=False)

    return run


@pytest.fixture
def quick(monkeypatch):
    """Small searches (tests/searches.py), so the puzzle command tests stay fast."""
    small_searches(monkeypatch)


@pytest.fixture(scope="session")
def made_puzzle(tmp_path_factory):
    """made_puzzle(game, seed) or made_puzzle(game, daily=DATE) -> (layout, game, puzzle): the one puzzle of
    ``make_puzzles(game, seed=seed)`` (or ``daily=DATE``), made once in a test run: a puzzle is slow to make,
    and nothing a test does changes one.  With -n the test processes share it (the first to need it makes
    it while the others wait; the folder is the run's own, so nothing is kept from one run to the next).
    Not for a test that changes a solver's settings or reads the par record a run leaves."""
    import fcntl
    import pickle

    from rollwrite.core.puzzles import make_puzzles

    shared = None
    if os.environ.get("PYTEST_XDIST_WORKER"):  # the workers' common folder, this run's alone
        shared = tmp_path_factory.getbasetemp().parent / "made-puzzles"
        shared.mkdir(exist_ok=True)

    def make(game: str, seed: str | None, daily: str | None):
        layout, g, (p,) = make_puzzles(game, seed=seed, daily=daily, jobs=1)  # the same puzzle on any number
        return layout, g, p

    @cache
    def made(game: str, seed: str | None = None, *, daily: str | None = None):
        if shared is None:
            return make(game, seed, daily)
        file = shared / f"{game}-{seed}-{daily}.pickle"
        with open(shared / f"{file.name}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file is closed
            if file.exists():
                return pickle.loads(file.read_bytes())
            made = make(game, seed, daily)
            file.with_suffix(".part").write_bytes(pickle.dumps(made))
            file.with_suffix(".part").replace(file)
            return made

    return made


@pytest.fixture(scope="session")
def _caches(tmp_path_factory):
    """The folder of the tests' cache folders, and a count of them."""
    return tmp_path_factory.mktemp("caches"), itertools.count()


@pytest.fixture(autouse=True)
def own_cache(_caches, monkeypatch):
    """Each test its own cache folder: the puzzles' par records never come from another test or run.
    (Numbered here: tmp_path_factory.mktemp reads the whole run folder for each new one, which over a
    thousand tests a process adds up to seconds.)"""
    base, count = _caches
    folder = base / str(next(count))
    folder.mkdir()
    monkeypatch.setenv("XDG_CACHE_HOME", str(folder))


# Slow tests at full strength (property tests that compare a fast implementation with its reference on
# many cases, searches held to their par): left out of the default run by pyproject's `-m 'not long'`
# and run with `.venv/bin/python -m pytest -q -n auto -m long`.  Listed here by name so that their
# files stay as they are; a name that matches no test fails test_every_long_test_exists.
LONG_TESTS = {
    "tests/games/long-way/test_long_way_exhaustive.py::test_the_search_finds_the_best_two_turn_game",
    "tests/games/long-way/test_long_way_props.py::test_format_then_parse_round_trips",
    "tests/games/long-way/test_long_way_puzzle.py::test_a_wider_beam_finds_no_less_on_these_schedules",
    "tests/games/long-way/test_long_way_puzzle.py::test_par_is_the_best_of_the_searches",
    "tests/games/long-way/test_long_way_puzzle.py::test_the_search_beats_the_automatic_player_and_keeps_under_its_bound",
    "tests/games/wobbly-cafe/test_wobbly_cafe_parse_fast.py::test_plain_rows_read_as_the_character_by_character_reading",
    "tests/games/wobbly-cafe/test_wobbly_cafe_puzzle.py::test_the_sat_solver_reaches_a_bound_the_search_misses",
    "tests/games/wobbly-cafe/test_wobbly_cafe_puzzle.py::test_long_anneals_reach_the_bound_the_short_restarts_miss",
    "tests/games/wobbly-cafe/test_wobbly_cafe_groups_fast.py::test_paying_groups_are_the_paying_ones_of_the_plain_search",
    "tests/games/shelving-wars/test_shelving_wars_capture_fast.py::test_captured_matches_the_plain_search",
    "tests/games/shelving-wars/test_shelving_wars_parse_fast.py::test_the_quick_reading_is_the_plain_one",
    "tests/games/lines-and-sections/test_lines_and_sections_referee_fast.py::test_the_quick_referee_is_the_plain_one",
    "tests/games/scrambled-streets/test_scrambled_streets_quick.py::test_the_reader_agrees_with_the_plain_one_on_edited_texts",
}


def pytest_configure(config):  # noqa: ANN001 - pytest's hook
    """The property tests' strength (tests/strength.py): full in the long run, a third in the default run;
    a property test that does not say how many examples it takes runs Hypothesis' 100, or 34."""
    strength.LONG = "long" in (config.getoption("markexpr", "") or "").replace("not long", "")
    settings.register_profile("rollwrite", max_examples=strength.examples(100))
    settings.load_profile("rollwrite")


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects by marker
def pytest_collection_modifyitems(config, items):  # noqa: ANN001 - pytest's hook
    for item in items:
        # the long tests; and in the long run every property test and every test marked `strength` (a loop
        # over strength.examples(N) cases), which run at full strength there
        if item.nodeid.split("[")[0] in LONG_TESTS or (strength.LONG and (
                is_hypothesis_test(getattr(item, "obj", None)) or item.get_closest_marker("strength"))):
            item.add_marker(pytest.mark.long)


@pytest.fixture
def written():
    """written(path) -> how many elements a layout file's sheet has as its author wrote them: every entry of
    every elements list, groups included."""
    from rollwrite.layoutlang.loading import load_yaml_file
    from rollwrite.layoutlang.nodes import Map, Seq

    def count(seq) -> int:
        n = 0
        for el in seq:
            n += 1
            if isinstance(el, Map) and isinstance(el.get("elements"), Seq):
                n += count(el.get("elements"))
        return n

    return lambda path: count(load_yaml_file(path).get("sheet").get("elements"))
