"""Every command the README shows for printing, rolling and ids runs as shown (in a scratch folder)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
SKIP = ("--days 365", "my-store.txt", "submissions/", "position.txt", "my-game.yaml")  # long, or files of one's own


def commands() -> list[str]:
    text = README.read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", text, flags=re.S)
    out = []
    for block in blocks:
        for line in block.splitlines():
            cmd = re.split(r"\s+# ", line)[0].strip()
            if cmd.startswith("rollwrite ") and cmd.split()[1] in ("print", "roll", "games") \
                    and not any(s in line for s in SKIP):
                out.append(cmd)
    return out


@pytest.mark.parametrize("command", commands())
def test_readme_command_runs(cli, command, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    words = shlex.split(command)[1:]
    if words[0] == "print":
        words.append("-q")
    r = cli(*words)
    assert r.exit_code == 0, f"{command}: {r.stderr}"
