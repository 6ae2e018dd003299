"""The command line as users expect it: one error style for every mistake, help in words, --version,
shell completion of games, files and values, and a progress bar only on a terminal."""

from __future__ import annotations

import io
import os
import pytest
from rich.console import Console

from rollwrite import __version__
from rollwrite.cli.progress import progress


@pytest.mark.parametrize(
    "args, message",
    [
        (["print", "long-way", "--players", "abc"], "rollwrite: --players: 'abc' is not a whole number\n  hint: give digits only"),
        (["print", "long-way", "-n", "2.5"], "rollwrite: --players: '2.5' is not a whole number"),
        (["print", "long-way", "--scale", "big"], "rollwrite: --scale: 'big' is not a number"),
        (["print", "long-way", "--dpi=lots", "-o", "x.png"], "rollwrite: --dpi: 'lots' is not a whole number"),
        (["roll", "shelving-wars", "-s", "x", "--size", "huge"], "rollwrite: --size: 'huge' is not a whole number"),
        (["print", "long-way", "--playrs", "3"], "rollwrite: no option --playrs\n  hint: did you mean --players?"),
        (["print"], "rollwrite: GAME is missing\n  hint: give the argument GAME"),
        (["score", "long-way"], "rollwrite: FILE... is missing"),
        (["print", "long-way", "--seed"], "rollwrite: --seed needs a value\n  hint: 'rollwrite print --help' lists the options"),
        (["prnt", "long-way"], "rollwrite: unknown command 'prnt'\n  hint: did you mean 'print'?"),
        (["print", "long-way", "wobbly-cafe"], "rollwrite: unexpected word at the end: wobbly-cafe"),
        (["serve", "--port", "70000"], "rollwrite: --port must be between 1 and 65535, not 70000\n  hint: 'rollwrite serve"),
        (["serve", "--workers", "0"], "rollwrite: --workers must be between 1 and 16, not 0"),
    ],
)
def test_every_command_line_mistake_reads_the_same(cli, args, message):
    r = cli(*args)
    assert r.exit_code == 2, r.output
    assert r.stderr.startswith(message), r.stderr
    assert "╭" not in r.output and "Traceback" not in r.output and "Invalid value" not in r.output
    assert r.stdout == ""


def _commands() -> list[str]:
    import typer.main

    from rollwrite.cli.app import app

    return sorted(typer.main.get_command(app).commands)  # type: ignore[attr-defined]


COMMANDS = _commands()  # every command, including ones added later


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_help_placeholders_read_as_words(cli, command, monkeypatch):
    monkeypatch.setenv("COLUMNS", "140")
    out = cli(*([command] if command else []), "--help").stdout
    assert "Usage: rollwrite" in out
    for placeholder in ("<bool>", "<str>", "<int>", "<float>", "<path>", "<list", "{GAME}", "{FILE"):
        assert placeholder not in out, f"{command}: {placeholder}"


def test_usage_lines(cli):
    assert "Usage: rollwrite score [OPTIONS] GAME [FILE...]" in cli("score", "--help").stdout
    assert "Usage: rollwrite print [OPTIONS] GAME" in cli("print", "-h").stdout


def test_version(cli):
    for flag in ("--version", "-V"):
        r = cli(flag)
        assert r.exit_code == 0 and r.stdout == f"rollwrite {__version__}\n"


def test_bare_command_shows_help(cli):
    r = cli()
    assert r.exit_code == 0 and "Usage: rollwrite [OPTIONS] COMMAND" in r.stdout
    assert "--install-completion" in r.stdout


def _complete(words: str, cword: int, cwd) -> list[str]:
    from typer.testing import CliRunner

    from rollwrite.cli.app import app

    env = {"_ROLLWRITE_COMPLETE": "complete_bash", "COMP_WORDS": words, "COMP_CWORD": str(cword)}
    here = os.getcwd()
    os.chdir(cwd)
    try:
        r = CliRunner().invoke(app, [], env=env, prog_name="rollwrite")
    finally:
        os.chdir(here)
    return r.stdout.split()


def test_completion_of_games_files_and_values(tmp_path):
    (tmp_path / "my-game.yaml").write_text("x")
    (tmp_path / "cafe.txt").write_text("x")
    assert _complete("rollwrite pr", 1, tmp_path) == ["print"]
    assert _complete("rollwrite print lo", 2, tmp_path) == ["long-way"]
    assert _complete("rollwrite print my", 2, tmp_path) == ["my-game.yaml"]
    assert _complete("rollwrite roll wob", 2, tmp_path) == ["wobbly-cafe"]
    assert _complete("rollwrite score long-way ca", 3, tmp_path) == ["cafe.txt"]
    assert _complete("rollwrite print long-way --paper le", 4, tmp_path) == ["letter", "legal"]
    assert _complete("rollwrite print long-way --format p", 4, tmp_path) == ["pdf", "png"]


def test_progress_shows_only_on_a_terminal():
    tty = io.StringIO()
    with progress("printing", 50, console=Console(file=tty, force_terminal=True, width=80)) as advance:
        for _ in range(50):
            advance()
    assert "printing" in tty.getvalue()
    piped = io.StringIO()
    with progress("printing", 50, console=Console(file=piped, force_terminal=False)) as advance:
        advance(50)
    assert piped.getvalue() == ""
    short = io.StringIO()
    with progress("printing", 3, console=Console(file=short, force_terminal=True)) as advance:
        advance(3)
    assert short.getvalue() == ""


def test_long_print_piped_stays_quiet(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = cli("print", "wobbly-cafe", "-n", "18", "-o", "c.pdf")  # 24 steps: a bar on a terminal
    assert r.exit_code == 0 and r.stderr == "" and r.stdout == "wrote c.pdf (6 pages)\n"
