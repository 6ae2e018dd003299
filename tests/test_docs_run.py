"""Every ``rollwrite ...`` command shown in a code block of README.md and docs/ runs, and exits as the doc
says: 0, or the code its comment names (``# exit 1 ...``).

Each runs in a temporary folder holding a copy of every file of the project the command names (the
examples/ files), so what it writes goes nowhere else.  The commands run in this process, through the
Typer app, as ``rollwrite`` would run them; ``> FILE`` after a command saves what it prints.
"""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest

from searches import small_searches

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), *sorted((ROOT / "docs" / "formats").glob("*.md"))]

# Commands that take too long for every run of the suite: their blocks run with the long tests (-m long).
LONG = {
    "rollwrite print long-way --daily 2027-01-01 --days 365",
    "rollwrite puzzle shelving-wars --daily 2027-01-01 --days 7 --count 3",
    "rollwrite puzzle scrambled-streets --daily 2027-01-01 --days 7 --split --jobs 2",
}
# Commands of features still to come, skipped until they exist (keep this short).
LATER: set[str] = set()
# Commands that run until stopped (a server): started by their own tests (tests/serve/), not here.
UNTIL_STOPPED = {
    "rollwrite serve",
    "rollwrite serve --db postgresql:///desk",  # tests/serve/test_desk_postgres.py, on a PostgreSQL of its own
    "rollwrite serve --live-only",  # tests/serve/test_desk_live.py
}

_EXIT = re.compile(r"\bexit (?:code )?(\d)\b")


def doc_blocks() -> list[tuple[str, list[tuple[str, int]]]]:
    """(where the block starts, [(command, expected exit code), ...]) for every code block of the docs
    that shows rollwrite commands, the commands in the order shown."""
    out: list[tuple[str, list[tuple[str, int]]]] = []
    for doc in DOCS:
        block: list[tuple[str, int]] | None = None
        for n, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1):
            if line.lstrip().startswith("```"):
                if block is None:
                    block = []
                    where = f"{doc.relative_to(ROOT)}:{n}"
                else:
                    if block:
                        out.append((where, block))
                    block = None
                continue
            text = line.strip()
            if block is not None and text.startswith("rollwrite "):
                command, *comment = re.split(r"\s+#\s", text, maxsplit=1)
                found = _EXIT.search(comment[0] if comment else "")
                block.append((command.strip(), int(found.group(1)) if found else 0))
    return out


BLOCKS = doc_blocks()
COMMANDS = [command for _, block in BLOCKS for command, _ in block]


def _params():
    """Each block without its long commands; and each block that has some, whole, with the long tests."""
    for where, block in BLOCKS:
        marks = [pytest.mark.skip(reason="a feature still to come")] if {c for c, _ in block} & LATER else []
        block = [(c, code) for c, code in block if c not in UNTIL_STOPPED]
        quick = [(c, code) for c, code in block if c not in LONG]
        if quick:
            yield pytest.param(quick, id=where, marks=marks)
        if len(quick) < len(block):
            yield pytest.param(block, id=f"{where} whole", marks=[pytest.mark.long, *marks])


def test_the_docs_show_commands():
    assert len(COMMANDS) > 40
    assert not (LONG | LATER | UNTIL_STOPPED) - set(COMMANDS), "a listed command is no longer in the docs"


@pytest.mark.parametrize("block", list(_params()))
def test_the_commands_of_a_block_run_one_after_another(block, cli, tmp_path, monkeypatch, request):
    """The commands of one block run in order in one folder (a later one may use what an earlier wrote).
    Puzzles are made with small searches in the default run (the commands work alike), with the real
    ones in the long run (the blocks whole)."""
    monkeypatch.chdir(tmp_path)
    if request.node.get_closest_marker("long") is None:
        small_searches(monkeypatch)
    for command, code in block:
        _run(command, code, cli, tmp_path)


def _run(command: str, code: int, cli, tmp_path: Path) -> None:  # noqa: ANN001 - the cli fixture
    words = shlex.split(command)[1:]
    save = None
    if ">" in words:
        at = words.index(">")
        words, save = words[:at], words[at + 1]
    for word in words:
        source = ROOT / word
        if word.startswith("examples/") and source.exists():
            target = tmp_path / word
            target.parent.mkdir(parents=True, exist_ok=True)
            if source.is_dir():
                shutil.copytree(source, target, dirs_exist_ok=True)
            else:
                shutil.copyfile(source, target)
    result = cli(*words)
    assert result.exit_code == code, f"{command}\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}"
    if "--puzzle" in words:  # a puzzle's answer is scored against its par
        assert " of par " in result.stdout, command
    if save is not None:
        (tmp_path / save).write_text(result.stdout, encoding="utf-8")


def test_ci_runs_exactly_the_readmes_test_command():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = next(line for line in readme.splitlines() if "pip install -q -e '.[test]'" in line)
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    assert ci[-1] == command


def test_the_papers_the_readme_names_for_a_long_way_sheet_fit_it(cli, tmp_path, monkeypatch):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    line = next(line for line in readme.splitlines() if line.startswith("rollwrite print long-way --paper letter"))
    papers = ["letter", *re.findall(r"[\w.]+", line.split("also", 1)[1])]
    assert len(papers) >= 4
    monkeypatch.chdir(tmp_path)
    for paper in papers:
        result = cli("print", "long-way", "--paper", paper, "-o", f"{paper}.pdf", "-q")
        assert result.exit_code == 0, (paper, result.stderr)


def test_an_svgs_rollwrite_comment_follows_its_xml_declaration_as_the_readme_says(cli, tmp_path, monkeypatch):
    assert "comment follows its XML declaration" in (ROOT / "README.md").read_text(encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert cli("print", "long-way", "-f", "svg", "-o", "lw.svg", "-q").exit_code == 0
    first, second = (tmp_path / "lw.svg").read_text(encoding="utf-8").splitlines()[:2]
    assert first.startswith("<?xml ") and second.startswith("<!-- rollwrite ")
