from __future__ import annotations

import pytest
from typer.testing import CliRunner

from rollwrite.cli.app import app


@pytest.fixture
def cli():
    """Run the rollwrite CLI in-process: cli("print", "long-way") -> Result (exit_code, stdout, stderr)."""
    runner = CliRunner()

    def run(*args: str, input: str | None = None):
        return runner.invoke(app, list(args), input=input, catch_exceptions=False)

    return run


@pytest.fixture(autouse=True)
def own_cache(tmp_path_factory, monkeypatch):
    """Each test its own cache folder: the puzzles' par records never come from another test or run."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))
