"""The game packages type-check (mypy with tests/mypy.ini), and the check reaches into them: the Game
protocol is generic over a game's typed-in sheet and its layout data (``Game[CafeSheet, CafeData]``),
so handing a game another game's sheet is a type error.  A few seconds: mypy runs once, without a cache."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


WRONG = (
    "from rollwrite.games.long_way.format import Sheet\n"
    "from rollwrite.games.wobbly_cafe import WobblyCafe\n\n\n"
    "def evaluate(sheet: Sheet) -> None:\n"
    "    game = WobblyCafe()\n"
    "    game.evaluate(sheet, game.load_data(None), None)\n")


@pytest.fixture(scope="module")
def checked(tmp_path_factory) -> tuple[subprocess.CompletedProcess, Path]:
    """One run of mypy (a few seconds without a cache) over the game packages and a file that hands the
    Wobbly Café a Long Way sheet: (the run, that file)."""
    tmp = tmp_path_factory.mktemp("mypy")
    wrong = tmp / "wrong.py"
    wrong.write_text(WRONG, encoding="utf-8")
    env = {**os.environ, "MYPYPATH": str(ROOT / "src")}
    done = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "tests" / "mypy.ini"),
                           "--cache-dir=/dev/null", "src/rollwrite/games/", str(wrong)],  # no cache written
                          capture_output=True, text=True, cwd=ROOT, env=env, check=False)
    return done, wrong


def findings(done: subprocess.CompletedProcess) -> list[str]:
    return [line for line in done.stdout.splitlines() if ": error:" in line or ": note:" in line]


def test_the_game_packages_type_check(checked):
    done, wrong = checked
    assert done.returncode in (0, 1) and not done.stderr, done.stdout + done.stderr
    assert not [f for f in findings(done) if not f.startswith(str(wrong))], done.stdout


def test_another_games_sheet_is_a_type_error(checked):
    done, wrong = checked
    assert done.returncode == 1, done.stdout + done.stderr
    assert [f for f in findings(done) if f.startswith(str(wrong))] == [
        f'{wrong}:7: error: Argument 1 to "evaluate" of "WobblyCafe" has incompatible type "Sheet"; expected '
        '"CafeSheet"  [arg-type]'], done.stdout
