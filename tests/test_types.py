"""All of src/rollwrite type-checks: the pinned mypy (pyproject.toml's test extra, configured in its
[tool.mypy]) finds nothing.  And the check reaches into the code: the Game protocol is generic over a
game's typed-in sheet and its layout data (``Game[CafeSheet, CafeData]``), so handing a game another
game's sheet is a type error, and the value classes' constructors are checked as dataclasses' are.
About ten seconds: mypy runs once, over the package and two small files of calls, without a cache
(a cache would save little on one run and leave files behind)."""

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

# The value classes (rollwrite.valueclass) are read as dataclasses: a constructor is checked against the
# class's fields or against its own __init__, and a Value's fields are read-only.  Lines 1 to 11 are
# correct; each later line holds one mistake.
VALUES = """\
from rollwrite.buildcontext import BuildContext, SheetJob
from rollwrite.dice import Turn
from rollwrite.draw.scene import Rect
from rollwrite.layoutlang.layout import Layout

good = SheetJob(schedule=None, puzzle=1)
turn = Turn(1, 2, (3, 4))
rect = Rect(0, 0, 10, 10, fill=None)
n: int = turn.number
def context(layout: Layout) -> BuildContext:
    return BuildContext(layout, None, None, 1, 1, 1, 1, side="back")
bad = SheetJob(schedule=1, bogus=2)
Turn(1, 2)
Turn(1, 2, (3,), dice=(4,))
turn.number = 3
Rect(0, 0, 10)
s: str = turn.group
def later(layout: Layout) -> BuildContext:
    return BuildContext(layout, None, None, 1, 1, 1, 1, bleed="none")
"""

VALUE_FINDINGS = [
    '12: error: Unexpected keyword argument "bogus" for "SheetJob"  [call-arg]',
    '12: error: Argument "schedule" to "SheetJob" has incompatible type "int"; expected "Schedule | None"  '
    '[arg-type]',
    '13: error: Missing positional argument "dice" in call to "Turn"  [call-arg]',
    '14: error: "Turn" gets multiple values for keyword argument "dice"  [misc]',
    '15: error: Property "number" defined in "Turn" is read-only  [misc]',
    '16: error: Missing positional argument "h" in call to "Rect"  [call-arg]',
    '17: error: Incompatible types in assignment (expression has type "int", variable has type "str")  '
    '[assignment]',
    '19: error: Argument "bleed" to "BuildContext" has incompatible type "str"; expected "float"  [arg-type]',
]


@pytest.fixture(scope="module")
def checked(tmp_path_factory) -> tuple[subprocess.CompletedProcess, Path]:
    """One run of mypy over all of src/rollwrite, a file that hands the Wobbly Café a Long Way sheet and a
    file of value-class calls: (the run, the first file)."""
    tmp = tmp_path_factory.mktemp("mypy")
    wrong = tmp / "wrong.py"
    wrong.write_text(WRONG, encoding="utf-8")
    (tmp / "values.py").write_text(VALUES, encoding="utf-8")
    env = {**os.environ, "MYPYPATH": str(ROOT / "src")}
    done = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
                           "--cache-dir=/dev/null", "src/rollwrite", str(wrong), str(tmp / "values.py")],  # no cache written
                          capture_output=True, text=True, cwd=ROOT, env=env, check=False)
    return done, wrong


def findings(done: subprocess.CompletedProcess) -> list[str]:
    return [line for line in done.stdout.splitlines() if ": error:" in line or ": note:" in line]


def test_all_of_rollwrite_type_checks(checked):
    done, wrong = checked
    assert done.returncode in (0, 1) and not done.stderr, done.stdout + done.stderr
    assert not [f for f in findings(done) if not f.startswith(str(wrong.parent))], done.stdout


def test_another_games_sheet_is_a_type_error(checked):
    done, wrong = checked
    assert done.returncode == 1, done.stdout + done.stderr
    assert [f for f in findings(done) if f.startswith(str(wrong))] == [
        f'{wrong}:7: error: Argument 1 to "evaluate" of "WobblyCafe" has incompatible type "Sheet"; expected '
        '"CafeSheet"  [arg-type]'], done.stdout


def test_the_value_classes_constructors_are_checked(checked):
    """A Value or Mutable subclass's constructor is checked as a dataclass's (SheetJob(schedule=1,
    bogus=2) is two errors), an own __init__ (Rect's) is kept, and a Value's fields are read-only."""
    done, wrong = checked
    values = wrong.with_name("values.py")
    assert [f[len(f"{values}:"):] for f in findings(done) if f.startswith(str(values))] == VALUE_FINDINGS, \
        done.stdout
