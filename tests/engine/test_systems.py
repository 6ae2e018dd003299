"""Which systems rollwrite runs on (README, "Systems"): POSIX ones.  Elsewhere rollwrite still imports and
reads (score, roll, games), and writing a file refuses with a message that says why, never a traceback."""

from __future__ import annotations

import subprocess
import sys

import pytest

from rollwrite import output
from rollwrite.errors import UsageError


def test_writing_without_posix_file_locks_refuses_and_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr(output, "fcntl", None)
    with pytest.raises(UsageError) as caught:
        output.write_all([(tmp_path / "a.pdf", b"%PDF")])
    assert caught.value.message == output.NOT_POSIX
    assert "WSL" in (caught.value.hint or "")
    assert list(tmp_path.iterdir()) == []


def test_a_system_without_fcntl_imports_reads_and_refuses_to_print(tmp_path):
    """As on Windows: no fcntl module.  score still works; print says why it cannot, exit 2."""
    code = ("import sys; sys.modules['fcntl'] = None\n"  # import fcntl now raises ImportError
            "from rollwrite.cli.fast import main\n"
            "sys.argv = ['rollwrite'] + sys.argv[1:]\n"
            "main()\n")
    printed = subprocess.run([sys.executable, "-c", code, "print", "long-way", "-o", str(tmp_path / "a.pdf")],
                             capture_output=True, text=True, timeout=120)
    assert printed.returncode == 2
    assert printed.stderr.startswith(f"rollwrite: {output.NOT_POSIX}\n  hint: ")
    assert "Traceback" not in printed.stderr and list(tmp_path.iterdir()) == []
    games = subprocess.run([sys.executable, "-c", code, "games"], capture_output=True, text=True, timeout=120)
    assert games.returncode == 0 and games.stdout.startswith("lines-and-sections ")
