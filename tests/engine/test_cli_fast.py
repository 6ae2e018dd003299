"""The quick start-up path (cli/fast.py) against the Typer app: same output, same files, same exit codes.

Every command line here is run both ways in this process: through ``fast.main`` (which takes the quick
path when it can) and through the Typer app with CliRunner.  A second set checks that the lines the
quick path must not take (help, other commands, unusual values) are left to Typer.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from rollwrite.cli import fast


def _run_fast(argv: list[str], capsys) -> tuple[int, str, str]:  # noqa: ANN001
    old = sys.argv
    sys.argv = ["rollwrite", *argv]
    try:
        with pytest.raises(SystemExit) as stop:
            fast.main()
    finally:
        sys.argv = old
    out = capsys.readouterr()
    code = stop.value.code
    return (0 if code is None else code), out.out, out.err


TAKEN = [
    ["print", "long-way", "--players", "2", "-q", "-o", "{tmp}/a.pdf"],
    ["print", "-n", "3", "long-way", "--output={tmp}/b.pdf", "--quiet"],
    ["print", "wobbly-cafe", "--daily", "2027-01-01", "-o", "{tmp}/c.pdf", "-q"],
    ["print", "long-way", "--daily", "2027-01-01", "--days", "3", "-q", "-o", "{tmp}/d.pdf"],
    ["print", "long-way#picnic", "-f", "svg", "-o", "{tmp}/e", "-q"],
    ["print", "shelving-wars", "--seed", "picnic", "-p", "a5", "-q", "-o", "{tmp}/f.pdf"],
    ["print", "long-way", "--players", "0", "-o", "{tmp}/g.pdf"],  # refused: exit 2
    ["print", "no-such-game", "-o", "{tmp}/h.pdf"],  # refused: exit 2
    ["print", "long-way", "--daily", "2027-02-30", "-o", "{tmp}/i.pdf"],  # no such date
    ["print", "long-way", "--format", "gif", "-o", "{tmp}/j.pdf"],
    ["print", "long-way", "--split", "-q"],
    ["print", "long-way", "--scale", "0.8", "--landscape", "--no-crop-marks", "--small-print", "-q", "-o", "{tmp}/k.pdf"],
    ["print", "long-way", "--scale", "0.8", "-q", "-o", "{tmp}/m.pdf"],  # refused: text under 6 pt
    ["print", "long-way", "--per-page", "2", "--portrait", "--gutter=4", "-q", "-o", "{tmp}/l.pdf"],
    ["print", "long-way", "-o", "{tmp}/a.pdf"],  # a file written before, rollwrite's own: replaced
]


@pytest.mark.parametrize("words", TAKEN, ids=[" ".join(w[1:4]) for w in TAKEN])
def test_quick_path_does_what_the_typer_app_does(words, cli, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    ours, theirs = tmp_path / "fast", tmp_path / "typer"
    ours.mkdir()
    theirs.mkdir()
    fast_words = [w.replace("{tmp}", str(ours)) for w in words]
    typer_words = [w.replace("{tmp}", str(theirs)) for w in words]
    code, out, err = _run_fast(fast_words, capsys)
    result = cli(*typer_words)
    assert code == result.exit_code
    assert out.replace(str(ours), "TMP") == result.stdout.replace(str(theirs), "TMP")
    assert err.replace(str(ours), "TMP") == result.stderr.replace(str(theirs), "TMP")
    made = sorted(p.name for p in ours.iterdir())
    assert made == sorted(p.name for p in theirs.iterdir())
    for name in made:
        assert (ours / name).read_bytes() == (theirs / name).read_bytes(), name


@pytest.mark.parametrize("words", [
    [], ["--help"], ["-V"], ["games"], ["print"], ["print", "--help"], ["print", "long-way", "-h"],
    ["print", "long-way", "--players", "3", "--players", "2"],  # repeated
    ["print", "long-way", "--players", "+3"], ["print", "long-way", "--players", "three"],
    ["print", "long-way", "--players", " 3"], ["print", "long-way", "-o", "-"],
    ["print", "long-way", "-o", ""], ["print", "long-way", "-n3"], ["print", "long-way", "--", "x"],
    ["print", "long-way", "extra"], ["print", "long-way", "--scale", "1e0"], ["print", "long-way", "-o"],
    ["print", "long-way", "--output=-x"], ["print", "long-way", "--unknown=3"], ["roll", "long-way"],
])
def test_anything_else_is_left_to_the_typer_app(words):
    assert fast.quick_print(words, {}) is None


def test_quick_path_reads_the_options_as_typer_does():
    kw = fast.quick_print(["print", "-d", "long-way", "--players=4", "-o", "x.pdf", "--force"], {})
    from pathlib import Path

    assert kw == {"game": "long-way", "daily": "today", "players": 4, "output": Path("x.pdf"), "force": True}
    assert fast.quick_print(["print", "long-way", "--daily", "2027-01-01"], {}) == \
        {"game": "long-way", "daily": "2027-01-01"}
    # shell completion always goes through Typer
    assert fast.quick_print(["print", "long-way"], {"_ROLLWRITE_COMPLETE": "complete_bash"}) is None


def test_quick_print_imports_no_typer_click_or_rich(tmp_path):
    """The point of the quick path: a plain print never imports Typer, click or rich; and a built-in
    layout is read from its recorded nodes, without PyYAML."""
    out = _run_alone(['print', 'long-way', '--players', '2', '-q', '-o', str(tmp_path / 'x.pdf')], codes=(0,))
    assert out.splitlines()[-1] == "[]"
    assert (tmp_path / "x.pdf").read_bytes().startswith(b"%PDF")


SLOW = ("typer", "click", "rich", "pydantic", "yaml")  # what a quick start-up never imports


def _run_alone(words: list[str], codes: tuple[int, ...], slow: tuple[str, ...] = SLOW) -> str:
    """What ``rollwrite WORDS`` prints in a process of its own, then the list of the modules of ``slow``
    it imported."""
    code = (
        "import sys\n"
        "from rollwrite.cli.fast import main\n"
        f"sys.argv = ['rollwrite', *{words!r}]\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as e:\n"
        f"    assert (e.code or 0) in {codes!r}, e.code\n"
        f"mods = {slow!r}\n"
        "print(sorted(m for m in mods if m in sys.modules))\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("_ROLLWRITE")}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env).stdout


# ---------------------------------------------------------------- a batch of sheets to score

EXAMPLES = __import__("pathlib").Path(__file__).resolve().parents[2] / "examples"
_EX = {game: sorted(str(p) for p in (EXAMPLES / game).glob("*.txt"))
       for game in ("long-way", "wobbly-cafe", "shelving-wars")}

SCORED = [
    ["score", "long-way", str(EXAMPLES / "long-way"), "--jsonl"],  # a folder
    ["score", "wobbly-cafe", *_EX["wobbly-cafe"], "--jsonl", "--jobs", "1"],
    ["score", "shelving-wars", "--jsonl", "--jobs=2", _EX["shelving-wars"][0]],  # options first
    ["score", "long-way@2026-11-22", _EX["long-way"][0], "--jsonl"],  # an id: its dice checked too
    ["score", "no-such-game", _EX["long-way"][0], "--jsonl"],  # refused: exit 2
    ["score", "long-way", "{tmp}/missing.txt", _EX["long-way"][0], "--jsonl"],  # reported, goes on: exit 2
    ["score", "long-way", _EX["long-way"][0], "--jsonl", "--jobs", "0"],  # refused: exit 2
    ["score", "wobbly-cafe", _EX["long-way"][0], "--jsonl"],  # another game's sheet: unreadable
    ["score", "long-way", _EX["long-way"][0]],  # one sheet: the report
    ["score", "long-way", _EX["long-way"][0], "--json", "-c", "3"],  # a wrong claim: exit 1
    ["score", "wobbly-cafe", *_EX["wobbly-cafe"][:2], "-j"],  # two sheets as one JSON list
    ["score", "long-way", *_EX["long-way"][:2]],  # two reports
    ["score", "long-way", _EX["long-way"][0], "--daily", "2026-11-22", "-q"],
    ["score", "long-way", _EX["long-way"][0], "--daily", "--json"],  # today's dice
    ["score", "long-way", _EX["long-way"][0], "--seed", "x", "--daily", "2026-11-22"],  # refused: exit 2
    ["score", "long-way", _EX["long-way"][0], "{tmp}/missing.txt", "--json"],
]


@pytest.mark.parametrize("words", SCORED, ids=[" ".join(w[1:3])[-40:] for w in SCORED])
def test_quick_score_does_what_the_typer_app_does(words, cli, tmp_path, capsys):
    words = [w.replace("{tmp}", str(tmp_path)) for w in words]
    assert fast.quick_score(words, {}) is not None  # the quick path takes these
    code, out, err = _run_fast(words, capsys)
    result = cli(*words)
    assert (code, out, err) == (result.exit_code, result.stdout, result.stderr)
    assert out or err or "-q" in words


@pytest.mark.parametrize("words", [
    ["score", "long-way", "--jsonl"], ["score", "--jsonl"],  # nothing to score: Typer says so
    ["score", "long-way", "-", "--jsonl"], ["score", "long-way", "a.txt", "--jsonl", "--jsonl"],
    ["score", "long-way", "a.txt", "--jsonl", "--jobs", "two"], ["score", "long-way", "a.txt", "--jsonl", "--jobs"],
    ["score", "long-way", "a.txt", "--jsonl", "--jobs", "1", "--jobs", "2"],
    ["score", "long-way", "a.txt", "--from-jsonl", "-"], ["score", "long-way", "a.txt", "--jsonl", "--", "b"],
    ["score", "long-way", "--help", "--jsonl"], ["print", "long-way", "a.txt", "--jsonl"],
    ["score", "long-way", "a.txt", "--claimed="], ["score", "long-way", "a.txt", "--unknown"],
])
def test_other_score_lines_are_left_to_the_typer_app(words):
    assert fast.quick_score(words, {}) is None


def test_quick_score_imports_no_typer_click_or_rich():
    out = _run_alone(["score", "long-way", _EX["long-way"][0], "--jsonl"], codes=(0, 1), slow=SLOW + ("reportlab",))
    assert out.splitlines()[-1] == "[]"
    assert '"game":"long-way"' in out


def test_quick_score_reads_the_options_as_typer_does():
    assert fast.quick_score(["score", "-d", "long-way", "a.txt", "b", "--claimed=80,61", "--jobs", "2"], {}) == \
        {"game": "long-way", "files": ["a.txt", "b"], "daily": "today", "claimed": "80,61", "jobs": 2}
    assert fast.quick_score(["score", "long-way", "a.txt", "-j", "--puzzle", "-s", "x"], {}) == \
        {"game": "long-way", "files": ["a.txt"], "as_json": True, "puzzle": True, "seed": "x"}


@pytest.mark.parametrize("name", ["print", "games", "score"])
def test_the_quick_path_knows_every_option_of_the_typer_command(name):
    """Both readers come from one table (cli/options.py): no option of the command is unknown to the
    quick path, and the quick path knows no option the command lacks."""
    from typer.main import get_command

    from rollwrite.cli.app import app

    command = get_command(app).commands[name]
    words = {w for p in command.params if p.name not in ("game", "files") for w in (*p.opts, *p.secondary_opts)}
    assert words == set(fast.WORDS[name])


GAMES = [["games"], ["games", "--json"], ["games", "-j", "-q"], ["games", "--quiet"], ["games", "-q", "--json"]]


@pytest.mark.parametrize("words", GAMES, ids=" ".join)
def test_quick_games_does_what_the_typer_app_does(words, cli, capsys):
    assert fast.quick_games(words, {}) is not None  # the quick path takes these
    code, out, err = _run_fast(words, capsys)
    result = cli(*words)
    assert (code, out, err) == (result.exit_code, result.stdout, result.stderr)


@pytest.mark.parametrize("words", [
    ["games", "--help"], ["games", "-h"], ["games", "long-way"], ["games", "--json", "--json"], ["games", "-jq"],
    ["games", "--json=1"], ["games", "--"], ["print", "--json"], ["roll", "games"],
])
def test_other_games_lines_are_left_to_the_typer_app(words):
    assert fast.quick_games(words, {}) is None
    assert fast.quick_games(["games"], {"_ROLLWRITE_COMPLETE": "complete_bash"}) is None


def test_quick_games_imports_no_typer_click_or_rich():
    out = _run_alone(["games"], codes=(0,), slow=("typer", "click", "rich", "pydantic", "reportlab"))
    assert out.splitlines()[-1] == "[]"
    assert out.startswith("lines-and-sections ")
