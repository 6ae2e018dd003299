"""The game packages type-check (mypy with tests/mypy.ini), and the check reaches into them: the Game
protocol is generic over a game's typed-in sheet and its layout data (``Game[CafeSheet, CafeData]``),
so handing a game another game's sheet is a type error.  A few seconds: mypy runs without a cache."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def mypy(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "MYPYPATH": str(ROOT / "src")}
    return subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "tests" / "mypy.ini"),
                           "--cache-dir", str(tmp_path / "cache"), *args],
                          capture_output=True, text=True, cwd=ROOT, env=env, check=False)


def test_the_game_packages_type_check(tmp_path):
    done = mypy(tmp_path, "src/rollwrite/games/")
    assert done.returncode == 0, done.stdout + done.stderr


def test_another_games_sheet_is_a_type_error(tmp_path):
    wrong = tmp_path / "wrong.py"
    wrong.write_text(
        "from rollwrite.games.long_way.format import Sheet\n"
        "from rollwrite.games.wobbly_cafe import WobblyCafe\n\n\n"
        "def evaluate(sheet: Sheet) -> None:\n"
        "    game = WobblyCafe()\n"
        "    game.evaluate(sheet, game.load_data(None), None)\n",
        encoding="utf-8")
    done = mypy(tmp_path, str(wrong))
    assert done.returncode == 1, done.stdout + done.stderr
    assert 'Argument 1 to "evaluate" of "WobblyCafe" has incompatible type "Sheet"; expected "CafeSheet"' in done.stdout
