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
