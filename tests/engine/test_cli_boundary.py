"""The command line's one error boundary (cli/boundary.py), which both entry points run every command
in: the quick start-up path (cli/fast.py) and the Typer app (cli/app.py)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from rollwrite.cli.boundary import run_and_exit
from rollwrite.errors import InputError, UsageError


def _exit(body, capsys):
    with pytest.raises(SystemExit) as done:
        run_and_exit(body)
    out = capsys.readouterr()
    return done.value.code, out.out, out.err


def test_a_command_exits_with_the_code_it_returns(capsys):
    assert _exit(lambda: None, capsys) == (0, "", "")
    assert _exit(lambda: 1, capsys) == (1, "", "")


def test_a_rollwrite_error_is_one_message_and_its_exit_code(capsys):
    def body():
        raise InputError("not a number", file="ann.txt", line=3, col=7, hint="write digits")

    code, out, err = _exit(body, capsys)
    assert code == 2 and out == ""
    assert err.startswith("rollwrite: ann.txt:3:7: not a number\n")
    assert "hint: write digits" in err

    def usage():
        raise UsageError("give either --seed or --daily, not both")

    assert _exit(usage, capsys) == (2, "", "rollwrite: give either --seed or --daily, not both\n")


@pytest.mark.parametrize("kind", [KeyboardInterrupt, EOFError])
def test_an_interrupt_exits_130(capsys, kind):
    def body():
        raise kind()

    assert _exit(body, capsys) == (130, "", "\nrollwrite: interrupted\n")


def test_a_bug_is_one_line_exit_3_and_the_traceback_on_request(capsys, monkeypatch):
    def body():
        raise ZeroDivisionError("division by zero\x1b[2J")

    monkeypatch.delenv("ROLLWRITE_DEBUG", raising=False)
    code, out, err = _exit(body, capsys)
    assert code == 3
    assert err.splitlines()[0] == "rollwrite: internal error: ZeroDivisionError: division by zero\\x1b[2J"
    assert "ROLLWRITE_DEBUG=1" in err and "Traceback" not in err
    monkeypatch.setenv("ROLLWRITE_DEBUG", "1")
    with pytest.raises(ZeroDivisionError):
        run_and_exit(body)


def test_both_entry_points_report_an_interrupt_alike():
    """Ctrl-C in a quick ``print`` and in a command the Typer app runs: the same words, exit 130."""
    code = ("import sys, rollwrite.core.printrun as p, rollwrite.core.challenges as c\n"
            "def stop(*a, **k): raise KeyboardInterrupt\n"
            "p.run_print = stop; c.run_roll = stop\n"
            "import rollwrite.cli.roll\n"
            "rollwrite.cli.roll.run_roll = stop\n"
            "from rollwrite.cli.fast import main\n"
            "sys.argv = ['rollwrite'] + sys.argv[1:]\n"
            "main()\n")
    for argv in (["print", "long-way"], ["roll", "long-way", "--seed", "x"]):
        done = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True, timeout=120)
        assert done.returncode == 130, (argv, done.stderr)
        assert done.stderr.rstrip("\n").endswith("rollwrite: interrupted"), (argv, done.stderr)
        assert "Traceback" not in done.stderr
