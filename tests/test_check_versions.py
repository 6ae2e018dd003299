"""scripts/check_versions.py, which the README names for running the suite at the lowest and the highest
versions the dependencies allow.  Running it takes two fresh installs and two runs of the suite, so it is
run by hand; these tests hold what it is asked and what it would install."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "check_versions.py"


@pytest.fixture(scope="module")
def script():
    spec = importlib.util.spec_from_file_location("check_versions", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def test_the_readme_names_it():
    assert ".venv/bin/python scripts/check_versions.py" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_no_end_named_runs_both_and_one_named_runs_that_one(script):
    assert script.parse_args([]).ends == ["lowest", "highest"]
    assert script.parse_args(["highest"]).ends == ["highest"]
    assert script.parse_args(["lowest", "--pytest-args", "-q -x"]).pytest_args == "-q -x"


def test_an_end_that_is_not_one_is_a_usage_error():
    r = subprocess.run([sys.executable, str(SCRIPT), "middle"], capture_output=True, text=True)
    assert r.returncode == 2 and "an end is 'lowest' or 'highest', not 'middle'" in r.stderr
    assert "Traceback" not in r.stderr


def test_the_lowest_end_installs_every_lower_bound_exactly(script):
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = [*project["dependencies"], *project["optional-dependencies"]["test"]]
    bounded = [r for r in wanted if ">=" in r.split("#")[0]]
    pins = script.lowest_constraints()
    assert len(pins) == len(bounded) and "typer==0.29" in pins and "orjson==3.9" in pins
    assert all("==" in p and ">" not in p and "[" not in p for p in pins)


def _minimum(spec: str) -> tuple[int, ...]:
    """The lowest Python a ``Requires-Python`` such as '>=3.11' or '>=3.9, <4' admits."""
    lows = [tuple(int(x) for x in part.strip()[2:].split(".")[:2]) for part in spec.split(",")
            if part.strip().startswith(">=")]
    return max(lows, default=(0,))


def test_the_python_the_readme_names_is_the_one_pyproject_requires_and_every_exact_pin_runs_on_it():
    from importlib.metadata import metadata

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    ours = _minimum(project["requires-python"])
    assert f"Python {ours[0]}.{ours[1]} or newer" in (ROOT / "README.md").read_text(encoding="utf-8")
    pinned = [r.split("==")[0].split("[")[0] for r in project["dependencies"] if "==" in r.split("#")[0]]
    assert "fonttools" in pinned
    for name in pinned:  # a pin that needs a newer Python than ours would make the README's install fail
        needs = metadata(name).get("Requires-Python") or ""
        assert _minimum(needs) <= ours, f"{name} needs Python {needs}, pyproject says {project['requires-python']}"
