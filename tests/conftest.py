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


@pytest.fixture
def written():
    """written(path) -> how many elements a layout file's sheet has as its author wrote them: every entry of
    every elements list, groups included."""
    from rollwrite.spec.loading import load_yaml_file
    from rollwrite.spec.nodes import Map, Seq

    def count(seq) -> int:
        n = 0
        for el in seq:
            n += 1
            if isinstance(el, Map) and isinstance(el.get("elements"), Seq):
                n += count(el.get("elements"))
        return n

    return lambda path: count(load_yaml_file(path).get("sheet").get("elements"))
