"""The light parameter converters agree with Typer's own on what they accept and what they say."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.main import get_command

from rollwrite.cli.app import app
from rollwrite.cli.params import install

_click = pytest.importorskip("typer._click.exceptions")


def _commands():
    plain, light = get_command(app), get_command(app)
    assert install(light) > 10
    return plain, light


def _convert(command, sub: str, name: str, value):
    cmd = command.commands[sub] if sub else command
    param = next(p for p in cmd.params if p.name == name)
    ctx = cmd.make_context(sub or "rollwrite", ["long-way", "x"] if sub == "score" else
                           (["x.yaml"] if sub == "check-layout" else (["long-way"] if sub else ["games"])),
                           resilient_parsing=True)
    try:
        return ("ok", param.process_value(ctx, value))
    except _click.BadParameter as exc:
        return ("error", exc.format_message())


CASES = [
    ("print", "players", ["3", " 4 ", "+2", "2.0", "1_000", "abc", "2.5", "0x10", "", None]),
    ("print", "scale", ["0.7", " 1.5 ", "2", "1e0", "x", "", "inf", None]),
    ("print", "paper", ["a4", "", "4x6in", None]),
    ("print", "output", ["out/x.pdf", "relative", None]),
    ("print", "large_print", [True, False]),
    ("score", "files", [["a.txt", "-"], ["x"], None]),
    ("check-layout", "paths", [["a.yaml"], None]),
    ("", "version", [None, False]),
]


@pytest.mark.parametrize("sub,name,values", CASES)
def test_light_converters_agree_with_typer(sub, name, values):
    plain, light = _commands()
    for value in values:
        a, b = _convert(plain, sub, name, value), _convert(light, sub, name, value)
        assert a == b, (sub, name, value)


def test_the_cli_refuses_a_bad_number_as_it_does_without_the_light_converters(tmp_path, cli):
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "rollwrite", "print", "long-way", "--players", "abc"],
                         capture_output=True, text=True, cwd=tmp_path)
    assert out.returncode == 2
    plain = cli("print", "long-way", "--players", "abc")  # in-process, through Typer's own converters
    assert plain.exit_code == 2 and out.stderr == plain.stderr and "--players" in out.stderr
    assert not Path(tmp_path / "out").exists()
