"""`rollwrite print`, `games` and `check-layout` through the real CLI: exit codes, messages, files."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

import rollwrite.output as output

USER_LAYOUT = """\
game: my-bingo
title: My Bingo
sheet:
  size: [120, 80]
  elements:
    - type: text
      at: [0, 8]
      text: My Bingo
      size: 14
      font: bold
    - type: grid
      at: [0, 14]
      rows: 5
      cols: 5
      cell: 12
"""


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def pages(path: Path) -> int:
    return len(PdfReader(io.BytesIO(path.read_bytes())).pages)


def test_print_three_long_way_sheets_to_out(cli, in_tmp):
    r = cli("print", "long-way", "--players", "3")
    assert r.exit_code == 0, r.output
    assert r.stdout.strip() == "wrote out/long-way.pdf (3 pages)"
    assert pages(in_tmp / "out" / "long-way.pdf") == 3


def test_svg_one_file_per_page(cli, in_tmp):
    r = cli("print", "long-way", "--players", "3", "--format", "svg", "-o", "sheets/lw.svg")
    assert r.exit_code == 0, r.output
    assert sorted(p.name for p in (in_tmp / "sheets").iterdir()) == ["lw-1.svg", "lw-2.svg", "lw-3.svg"]
    r = cli("print", "long-way", "-o", "one.svg")
    assert r.exit_code == 0 and (in_tmp / "one.svg").read_bytes().startswith(b"<?xml")


def test_letter_paper_and_format_from_extension(cli, in_tmp):
    assert cli("print", "long-way", "--paper", "letter", "-o", "l.pdf").exit_code == 0
    box = PdfReader(str(in_tmp / "l.pdf")).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)


def test_same_command_same_bytes(cli, in_tmp):
    cli("print", "long-way", "-n", "2", "-o", "a.pdf")
    cli("print", "long-way", "-n", "2", "-o", "b.pdf")
    assert (in_tmp / "a.pdf").read_bytes() == (in_tmp / "b.pdf").read_bytes()


@pytest.mark.parametrize(
    "args, message",
    [
        (["print", "long-wya"], "rollwrite: unknown game 'long-wya'\n  hint: did you mean 'long-way'? known games:"),
        (["print", "long-way", "--players", "100000"], "rollwrite: long-way prints for 1 to 200 players, not 100000"),
        (["print", "long-way", "--players", "0"], "rollwrite: long-way prints for 1 to 200 players, not 0"),
        (["print", "long-way", "--paper", "a6"], "rollwrite: unknown paper 'a6'\n  hint: choose a3, a4, a5, letter, legal, tabloid, or WIDTHxHEIGHT"),
        (["print", "long-way", "--format", "tiff"], "rollwrite: unknown format 'tiff'"),
        (["print", "long-way", "--format", "svg", "-o", "x.pdf"], "rollwrite: --format svg does not match the output file 'x.pdf'"),
        (["print", "long-way", "--size", "9"], "rollwrite: long-way has no --size option"),
        (["print", "long-way", "--seed", "a", "--daily", "2026-11-22"], "rollwrite: give either --seed or --daily, not both"),
        (["print", "long-way", "--daily", "2026-13-01"], "rollwrite: '2026-13-01' is not a real date"),
        (["print", "nothere.yaml"], "rollwrite: nothere.yaml: no such file"),
    ],
)
def test_bad_requests_exit_2_with_a_clear_message(cli, args, message):
    r = cli(*args)
    assert r.exit_code == 2, r.output
    assert r.stderr.startswith(message), r.stderr
    assert "Traceback" not in r.output


def test_a_users_own_layout_prints_without_python(cli, in_tmp):
    (in_tmp / "bingo.yaml").write_text(USER_LAYOUT)
    r = cli("check-layout", "bingo.yaml")
    assert r.exit_code == 0 and r.stdout.startswith("bingo.yaml: ok (My Bingo: 2 elements; prints on a3, a4, a5, letter, legal, tabloid)")
    r = cli("print", "bingo.yaml", "--players", "2")
    assert r.exit_code == 0, r.output
    assert r.stdout.strip() == "wrote out/bingo.pdf (2 pages)"


def test_check_layout_reports_file_line_and_column(cli, in_tmp):
    (in_tmp / "bad.yaml").write_text(USER_LAYOUT.replace("rows: 5", "rows: seven"))
    r = cli("check-layout", "bad.yaml")
    assert r.exit_code == 2
    assert r.stderr == "rollwrite: bad.yaml:13:13: sheet.elements[1].rows: expected a positive whole number, got 'seven'\n"


def test_check_layout_of_every_builtin(cli):
    from rollwrite.resources import layouts_dir

    r = cli("check-layout", *[str(p) for p in sorted(layouts_dir().glob("*.yaml"))])
    assert r.exit_code == 0, r.stderr


def test_games_lists_each_game_on_one_line(cli):
    r = cli("games")
    assert r.exit_code == 0
    lines = r.stdout.strip().splitlines()
    assert any(line.startswith("long-way ") and "The Long Way" in line for line in lines)


def test_a_failed_render_leaves_the_old_file_whole(cli, in_tmp, monkeypatch):
    target = in_tmp / "keep.pdf"
    assert cli("print", "long-way", "-o", str(target)).exit_code == 0  # rollwrite's own file: may be replaced
    old = target.read_bytes()

    def broken(scene, fmt, **options):  # pages are made as they are written: a failure mid-way
        if fmt.per_page:
            yield b"<svg>page 1</svg>"
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(output, "render_pages", broken)
    for args in (["-o", str(target)], ["--per-page", "1", "-o", str(in_tmp / "new.svg")]):
        r = cli("print", "long-way", "-n", "2", *args)
        assert r.exit_code == 2 and "cannot write the file (No space left on device)" in r.stderr
        assert target.read_bytes() == old
        assert [p.name for p in in_tmp.iterdir()] == ["keep.pdf"]  # no page and no temporary file left


def test_write_all_is_all_or_nothing(in_tmp, monkeypatch):
    (in_tmp / "a.svg").write_bytes(b"old a")
    real_replace = os.replace
    calls = []

    def fake_fsync(fd):
        calls.append(fd)
        if len(calls) == 2:
            raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", fake_fsync)
    with pytest.raises(Exception) as info:
        output.write_all([(in_tmp / "a.svg", b"new a"), (in_tmp / "b.svg", b"new b")], force=True)
    assert "cannot write the file" in str(info.value)
    assert (in_tmp / "a.svg").read_bytes() == b"old a"
    assert not (in_tmp / "b.svg").exists()
    assert [p.name for p in in_tmp.iterdir()] == ["a.svg"]  # no temporary files left behind
    assert os.replace is real_replace


def test_help_and_games_do_not_import_the_renderers():
    code = (
        "import sys\n"
        "from typer.testing import CliRunner\n"
        "from rollwrite.cli.app import app\n"
        "r = CliRunner()\n"
        "assert r.invoke(app, ['--help']).exit_code == 0\n"
        "assert r.invoke(app, ['games']).exit_code == 0\n"
        "assert r.invoke(app, ['print', '--help']).exit_code == 0\n"
        "print(sorted(m for m in ('reportlab', 'svgwrite', 'fontTools') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_start_up_imports_nothing_heavy():
    """Loading the command line reads no layout, rolls no dice and draws nothing until a command needs it."""
    code = (
        "import sys\n"
        "import rollwrite.cli.app\n"
        "heavy = ('rollwrite.dice', 'rich', 'yaml', 'pydantic', 'reportlab', 'svgwrite', 'fontTools', 'pypdfium2')\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_printing_a_player_sheet_leaves_the_rules_unloaded(tmp_path):
    """A plain Long Way print draws no answer page, so it does not import the game's rules or parser."""
    code = (
        "import sys\n"
        "from rollwrite.cli.app import main\n"
        f"sys.argv = ['rollwrite', 'print', 'long-way', '--players', '2', '-q', '-o', {str(tmp_path / 'x.pdf')!r}]\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as e:\n"
        "    assert not e.code, e.code\n"
        "mods = ('rollwrite.games.long_way.rules', 'rollwrite.games.long_way.format')\n"
        "print(sorted(m for m in mods if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "[]"
    assert (tmp_path / "x.pdf").read_bytes().startswith(b"%PDF")


def test_python_dash_m_runs_the_cli():
    out = subprocess.run([sys.executable, "-m", "rollwrite", "games"], capture_output=True, text=True)
    assert out.returncode == 0 and "long-way" in out.stdout


def test_the_layout_guide_example_prints_as_it_says(cli, in_tmp):
    import re

    guide = (Path(__file__).resolve().parents[2] / "docs" / "layout.md").read_text(encoding="utf-8")
    (in_tmp / "my-bingo.yaml").write_text(re.search(r"## Example.*?```yaml\n(.*?)```", guide, re.S).group(1))
    r = cli("print", "my-bingo.yaml", "--players", "4")
    assert r.exit_code == 0, r.output
    assert r.stdout.strip() == "wrote out/my-bingo.pdf (2 pages)"


def test_a_game_for_one_count_of_players_says_so(cli, tmp_path):
    r = cli("print", "scrambled-streets", "-n", "4", "-o", str(tmp_path / "x.pdf"))
    assert r.exit_code == 2
    assert r.stderr == "rollwrite: scrambled-streets prints for 2 players, not 4\n  hint: give --players 2 or leave it out\n"
    r = cli("roll", "shelving-wars", "-s", "x", "-n", "5")
    assert r.exit_code == 2
    assert r.stderr.startswith("rollwrite: shelving-wars is played by 2 to 4 players, not 5\n")
