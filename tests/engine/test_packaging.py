"""An installed wheel (not only an editable install) carries its layouts and fonts and prints, and says it
is typed."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    pytest.importorskip("hatchling")
    dist = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(dist), str(ROOT)],
        check=True, capture_output=True, text=True,
    )
    (whl,) = dist.glob("rollwrite-*.whl")
    return whl


def test_wheel_holds_layouts_and_fonts(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    assert "rollwrite/_data/layouts/long-way.yaml" in names
    assert "rollwrite/_data/fonts/DejaVuSans.ttf" in names
    assert "rollwrite/_data/fonts/LICENSE-DejaVu.txt" in names
    assert any(n.endswith("entry_points.txt") for n in names)


def test_wheel_says_it_is_typed(wheel):
    """PEP 561: the py.typed marker tells type checkers to read the installed package's annotations."""
    names = zipfile.ZipFile(wheel).namelist()
    assert "rollwrite/py.typed" in names


def test_installed_wheel_prints_outside_the_source_tree(wheel, tmp_path):
    site = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(site), str(wheel)],
                   check=True, capture_output=True, text=True)
    work = tmp_path / "elsewhere"
    work.mkdir()
    env = {**os.environ, "PYTHONPATH": str(site)}
    code = (
        "import rollwrite, rollwrite.resources as r\n"
        "print(rollwrite.__file__)\n"
        "print(r.layouts_dir())\n"
        "print(r.fonts_dir())\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=work, env=env, capture_output=True, text=True, check=True)
    package, layouts, fonts = out.stdout.split()
    assert package.startswith(str(site))
    assert layouts == str(site / "rollwrite" / "_data" / "layouts")
    assert fonts == str(site / "rollwrite" / "_data" / "fonts")
    run = subprocess.run([sys.executable, "-m", "rollwrite", "print", "long-way", "--players", "2"],
                         cwd=work, env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert (work / "out" / "long-way.pdf").stat().st_size > 10_000
