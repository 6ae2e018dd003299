"""rollwrite.api, the Python API for scripts: docs/api.md's examples run as written, each function does
what its command does (the same bytes, the same JSON), and the API is typed and documented name by name."""

from __future__ import annotations

import inspect
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rollwrite import api

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "api.md"
EXAMPLES = ROOT / "examples"


def blocks(text: str) -> list[str]:
    """The Python code blocks of a Markdown page, in order."""
    return re.findall(r"^```python\n(.*?)^```", text, re.S | re.M)


def test_the_api_page_runs_as_written(tmp_path, monkeypatch, capsys):
    """Every example of docs/api.md, one after the other in one namespace, in an empty folder."""
    monkeypatch.chdir(tmp_path)
    found = blocks(PAGE.read_text(encoding="utf-8"))
    assert len(found) >= 6
    namespace: dict = {"__name__": "api_page"}
    for number, code in enumerate(found, 1):
        exec(compile(code, f"docs/api.md, example {number}", "exec"), namespace)  # noqa: S102 - our own page
    out = capsys.readouterr().out
    assert "player: answer\nbox 5x5 at A1 rolled 5 2 5\n" in out  # the answer printed
    assert "51 of par 51" in out  # the report printed
    assert sorted(p.name for p in (tmp_path / "club").iterdir()) == ["cafe-1.png", "cafe-2.png", "week-48.pdf"]


def test_the_block_finder_finds_only_python_blocks():
    text = "a\n```python\nx = 1\n```\n```sh\nrollwrite games\n```\n```python\ny = 2\n```\n"
    assert blocks(text) == ["x = 1\n", "y = 2\n"]


def test_print_challenge_writes_what_print_writes(tmp_path, cli):
    ours = api.print_challenge("shelving-wars", tmp_path / "api.pdf", seed="picnic", players=3, paper="letter")
    result = cli("print", "shelving-wars", "--seed", "picnic", "-n", "3", "-p", "letter", "-q",
                 "-o", str(tmp_path / "cli.pdf"))
    assert result.exit_code == 0, result.stderr
    assert ours == [tmp_path / "api.pdf"]
    assert (tmp_path / "api.pdf").read_bytes() == (tmp_path / "cli.pdf").read_bytes()


def test_a_file_rollwrite_did_not_write_is_kept(tmp_path):
    mine = tmp_path / "mine.pdf"
    mine.write_bytes(b"a letter to the club")
    with pytest.raises(api.RollwriteError) as caught:
        api.print_challenge("long-way", mine)
    assert caught.value.exit_code == 2
    assert mine.read_bytes() == b"a letter to the club"
    assert api.print_challenge("long-way", mine, force=True) == [mine]


@pytest.mark.parametrize("game, daily", [("long-way", None), ("long-way", "2026-11-22"), ("wobbly-cafe", None),
                                         ("lines-and-sections", None), ("scrambled-streets", None)])
def test_score_sheet_is_what_score_says(game, daily, cli):
    sheet = sorted((EXAMPLES / game).glob("*.txt"))[0]
    text = sheet.read_text(encoding="utf-8")
    result = api.score_sheet(game, text, daily=daily, name=str(sheet))
    args = ["score", game, str(sheet), "--json"] + (["--daily", daily] if daily else [])
    done = cli(*args)
    assert done.exit_code == (0 if result.valid else 1)
    assert result.to_json() == json.loads(done.stdout)
    assert result.total == result.to_json()["total"] and isinstance(result.total, (int, float))
    assert len(result.problems) == len(result.to_json()["problems"])
    assert result.challenge == (f"{game}@{daily}" if daily else None)
    text_report = cli("score", game, str(sheet), *(["--daily", daily] if daily else [])).stdout
    assert result.report + "\n" == text_report


def test_a_day_may_be_a_date():
    import datetime as dt

    assert api.challenge_id("wobbly-cafe", daily=dt.date(2027, 1, 5)) == "wobbly-cafe@2027-01-05"
    assert api.challenge_id("wobbly-cafe", daily=dt.datetime(2027, 1, 5, 23, 59)) == "wobbly-cafe@2027-01-05"
    assert api.challenge_id("wobbly-cafe", seed=" Picnic ") == "wobbly-cafe#Picnic"  # as --seed reads it


@pytest.mark.parametrize("call, message", [
    (lambda: api.challenge_id("long-way"), "say which dice to roll: give --seed S or --daily [DATE]"),
    (lambda: api.challenge_id("long-way", daily="2026-02-30"), "2026-02-30"),
    (lambda: api.score_sheet("no-such-game", "x"), "no-such-game"),
    (lambda: api.make_puzzle("long-way", seed="x", difficulty="tricky"), "--difficulty tricky: not a difficulty"),
    (lambda: api.score_sheet("long-way", "", name="empty.txt"), "the sheet is empty"),
])
def test_wrong_arguments_raise_and_print_nothing(call, message, capsys):
    with pytest.raises(api.RollwriteError) as caught:
        call()
    assert message in str(caught.value)
    assert caught.value.exit_code == 2
    assert capsys.readouterr() == ("", "")


def test_read_par_reads_what_making_left(monkeypatch):
    made = api.make_puzzle("scrambled-streets", seed="club")
    from rollwrite.core import puzzles

    def never(*args, **kw):  # noqa: ANN002, ANN003
        raise AssertionError("solved again")

    monkeypatch.setattr(puzzles, "one_puzzle", never)
    assert api.read_par("scrambled-streets", seed="club") == made.par
    assert made.par.value is not None and made.par.text.startswith("par ")


def test_every_name_of_the_api_is_documented_and_typed():
    page = PAGE.read_text(encoding="utf-8")
    for name in api.__all__:
        thing = getattr(api, name)
        assert inspect.getdoc(thing), name
        if inspect.isfunction(thing):
            sig = inspect.signature(thing)
            assert sig.return_annotation is not inspect.Signature.empty, name
            assert all(p.annotation is not inspect.Parameter.empty for p in sig.parameters.values()), name
            assert f"api.{name}(" in page, f"docs/api.md shows no call of {name}"
    public = {n for n, v in vars(api).items() if not n.startswith("_") and getattr(v, "__module__", "") == api.__name__
              and (inspect.isfunction(v) or inspect.isclass(v))}
    assert public <= set(api.__all__)


def test_importing_the_api_imports_nothing_of_the_work():
    code = ("import sys; import rollwrite.api; "
            "print(sorted(m for m in sys.modules if m.startswith(('rollwrite.core', 'rollwrite.games', 'yaml', "
            "'reportlab', 'typer'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_a_type_checker_sees_the_api(tmp_path):
    """mypy follows the API's types into a script: a wrong call is found, a right one passes."""
    script = tmp_path / "club.py"
    script.write_text(
        "from rollwrite import api\n\n"
        "result = api.score_sheet('long-way', 'text', daily='2026-11-22')\n"
        "total: float = result.total\n"
        "par: int | float | None = api.read_par('long-way', seed='x').value\n"
        "api.score_sheet('long-way', 42)\n"
        "api.print_challenge('long-way', 'a.pdf', players='three')\n", encoding="utf-8")
    env = {**os.environ, "MYPYPATH": str(ROOT / "src")}
    done = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
                           "--cache-dir=/dev/null", "--follow-imports=silent", str(script)],
                          capture_output=True, text=True, cwd=ROOT, env=env, check=False)
    errors = [line for line in done.stdout.splitlines() if ": error:" in line]
    assert [line.split(":")[1] for line in errors] == ["6", "7"], done.stdout
