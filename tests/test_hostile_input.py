"""Input from a hostile or careless user: layouts that reach for other files, special files, names no
file can have, JSON nested without end, half surrogate pairs, terminal escapes.  Each is refused as a
usage error (exit 2) with a message saying where and what; none reads a file outside the layout's
folder, waits, or fails inside rollwrite."""

from __future__ import annotations

import json
import os

import pytest

from rollwrite.errors import excerpt

SECRET = "root:$6$abcdefgh$verysecrethashverysecrethash"
LAYOUT = "game: x\ntitle: t\nsheet: {size: [100, 100], elements: []}\n"


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def secret(tmp_path):
    """A file outside the layout's folder, holding a line that must never be shown."""
    path = tmp_path / "secret"
    path.write_text(LAYOUT + f"{SECRET}: 1\n")
    return path


def _layout(folder, text, name="l.yaml"):
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(text)
    return str(folder / name)


@pytest.mark.parametrize("how", ["link", "absolute", "dotdot"])
def test_extends_cannot_leave_the_layouts_folder(cli, tmp_path, secret, how):
    home = tmp_path / "home"
    home.mkdir()
    if how == "link":
        os.symlink(secret, home / "s.yaml")
        name, why = "s.yaml", "leads out of the folder of"
    elif how == "absolute":
        name, why = str(secret), "is not beside this layout"
    else:
        name, why = "../secret", "leads out of the folder of"
    r = cli("check-layout", _layout(home, f"extends: {name}\n"))
    assert r.exit_code == 2
    assert r.stderr.startswith(f"rollwrite: {home}/l.yaml:1:10: extends: '{excerpt(name)}' {why}")
    assert "verysecret" not in r.output


def test_include_cannot_leave_the_layouts_folder_even_from_a_subfolder(cli, tmp_path, secret):
    home = tmp_path / "home"
    (home / "parts").mkdir(parents=True)
    (home / "parts" / "p.yaml").write_text("- include: ../../secret\n")
    r = cli("check-layout", _layout(home, LAYOUT.replace("elements: []", "elements: [{include: parts/p.yaml}]")))
    assert r.exit_code == 2
    assert "parts/p.yaml:1:12: [0].include: '../../secret' leads out of the folder of" in r.stderr
    assert "verysecret" not in r.output


def test_files_beside_and_below_the_layout_are_read(cli, tmp_path):
    home = tmp_path / "home"
    (home / "parts").mkdir(parents=True)
    (home / "parts" / "p.yaml").write_text("- {type: text, at: [5, 5], text: hello}\n")
    (home / "base.yaml").write_text(LAYOUT)
    r = cli("check-layout", _layout(home, "extends: base.yaml\nsheet: {elements: [{include: parts/p.yaml}]}\n"))
    assert r.exit_code == 0, r.output


def test_a_message_quotes_only_a_short_escaped_excerpt(cli, tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    (home / "s.yaml").write_text(LAYOUT + f"{SECRET}: 1\n")
    r = cli("check-layout", _layout(home, "extends: s.yaml\n"))
    assert r.exit_code == 2
    assert "unknown key 'root:$6$abcdefgh$verysecrethashverysecre…'" in r.stderr
    assert SECRET not in r.output


def test_a_terminal_escape_in_a_key_is_shown_escaped(cli, tmp_path):
    r = cli("check-layout", _layout(tmp_path, LAYOUT + '"\\e]0;pwned\\a": 1\n'))
    assert r.exit_code == 2
    assert "\x1b" not in r.output and "\x07" not in r.output
    assert "unknown key '\\x1b]0;pwned\\x07'" in r.stderr


@pytest.mark.parametrize("name,why", [
    ('"a\\0b.yaml"', "'a\\x00b.yaml': a file name cannot hold a NUL character"),
    ("a" * 300 + ".yaml", "a name in the path is 305 bytes long; a file name has at most 255"),
])
def test_an_include_name_no_file_can_have_is_refused(cli, tmp_path, name, why):
    r = cli("check-layout", _layout(tmp_path, LAYOUT.replace("elements: []", f"elements: [{{include: {name}}}]")))
    assert r.exit_code == 2 and why in r.stderr


def _fifo(path):
    os.mkfifo(path)
    return str(path)


def test_special_files_are_refused_without_waiting(cli, tmp_path):
    fifo = _fifo(tmp_path / "f.yaml")
    r = cli("check-layout", fifo)
    assert r.exit_code == 2
    assert r.stderr.startswith(f"rollwrite: {fifo}: is not a regular file (a pipe, a device or a socket)")
    assert cli("score", "long-way", fifo).exit_code == 2
    r = cli("score", "long-way", "--from-jsonl", "/dev/zero")
    assert r.exit_code == 2 and "/dev/zero: is not a regular file" in r.stderr
    folder = tmp_path / "sheets"
    folder.mkdir()
    _fifo(folder / "b.txt")
    r = cli("score", "long-way", str(folder))
    assert r.exit_code == 2 and "sheets/b.txt: is not a regular file" in r.stderr
    home = tmp_path / "home"
    home.mkdir()
    _fifo(home / "p.yaml")
    r = cli("check-layout", _layout(home, "extends: p.yaml\n"))
    assert r.exit_code == 2 and "home/p.yaml' is not a regular file" in r.stderr


def test_an_endless_stream_of_json_lines_is_cut_off(cli):
    r = cli("score", "long-way", "--from-jsonl", "-", input="\0" * 1_100_000)
    assert r.exit_code == 2
    assert "<stdin>:1: this line is longer than 1,000,000 characters; the rest of the input is not read" in r.stderr


def test_json_lines_nested_deep_are_refused_before_parsing(cli, tmp_path):
    path = tmp_path / "deep.jsonl"
    path.write_text('{"name": "a", "text": ' + "[" * 100_000 + "]" * 100_000 + "}\n")
    for slug in ("long-way", "wobbly-cafe", "lines-and-sections", "scrambled-streets", "shelving-wars"):
        r = cli("score", slug, "--from-jsonl", str(path))
        assert r.exit_code == 2
        assert "deep.jsonl:1: the JSON nests 100,001 levels deep; at most 64 are read" in r.stderr


@pytest.mark.parametrize("slug", ["long-way", "wobbly-cafe", "lines-and-sections", "scrambled-streets",
                                  "shelving-wars"])
def test_a_lone_surrogate_in_json_lines_is_refused(cli, tmp_path, slug):
    path = tmp_path / "s.jsonl"
    path.write_text('{"name": "a", "text": "\\ud800"}\n')
    r = cli("score", slug, "--from-jsonl", str(path), "--jsonl")
    assert r.exit_code == 2
    assert "s.jsonl:1: a string holds '\\ud800', half of a surrogate pair, which is no character" in r.stderr
    assert json.loads(r.stdout)["valid"] is False


@pytest.mark.parametrize("args", [
    ["print", "long-way", "-o", "a" * 5000 + ".pdf"],
    ["print", "a" * 5000],
    ["print", "long-way#" + "a" * 5000],
    ["puzzle", "wobbly-cafe", "--seed", "a", "-o", "a" * 5000 + ".pdf"],
    ["score", "long-way", "a" * 5000],
    ["check-layout", "a" * 5000],
    ["check-layout", "a" * 300 + ".yaml"],
])
def test_names_too_long_for_any_file_are_usage_errors(cli, in_tmp, args):
    r = cli(*args)
    assert r.exit_code == 2, r.output
    assert "a" * 41 not in r.stderr.split("\n")[0]  # the name is shown cut short
    assert list(in_tmp.iterdir()) == []


LONG = "q" * 5000


@pytest.mark.parametrize("args,start", [
    (["print", "long-way", "--" + LONG], "no option --qqq"),
    ([LONG], "unknown command 'qqq"),
    (["print", "long-way", LONG], "unexpected word at the end: qqq"),
    (["print", "long-way", "--players", LONG], "--players: 'qqq"),
    (["print", "long-way", "--scale", LONG], "--scale: 'qqq"),
    (["print", "long-way", "--paper", LONG], "unknown paper 'qqq"),
    (["print", "long-way", "--paper", "9" * 5000 + "x3"], "paper '999"),
    (["print", "long-way", "--format", LONG], "unknown format 'qqq"),
    (["print", "long-way", "--per-page", LONG], "per page: 'qqq"),
    (["print", "long-way", "--daily", "9" * 5000], "'999"),
    (["puzzle", "long-way", "--difficulty", LONG], "--difficulty qqq"),
])
def test_a_long_argument_is_quoted_as_a_short_excerpt(cli, in_tmp, args, start):
    """However long a word of the command line, a message shows its first 40 characters and '…'."""
    r = cli(*args)
    assert r.exit_code == 2, r.output
    first = r.stderr.split("\n")[0]
    assert first.startswith(f"rollwrite: {start}") and "…" in first, first
    assert len(r.stderr) < 300, r.stderr[:300]


def test_an_unknown_option_with_a_terminal_escape_is_shown_escaped(cli):
    r = cli("print", "long-way", "--\x1b]0;owned\x07")
    assert r.exit_code == 2
    assert r.stderr.startswith("rollwrite: no option --\\x1b]0;owned\\x07\n")


OVERLAP = LAYOUT.replace("elements: []", "elements: [{type: text, at: [10, 10], text: hi}, {type: text, at: [10, 10], text: hi}]")
NOT_LETTER = "game: x\ntitle: t\npage: {paper: a4}\nsheet: {size: [180, 262], elements: []}\n"
MANY = LAYOUT.replace("elements: []", "elements: [" + ", ".join(["{type: text, at: [5, 5], text: a, overlaps: true}"] * 501) + "]")


@pytest.mark.parametrize("text,message", [
    (OVERLAP, "l.yaml:3:76: sheet.elements[1]: this text prints over the text at line 3"),
    (NOT_LETTER, "l.yaml: a 180 x 262 mm sheet does not fit on letter paper"),
    (MANY, "sheet.elements[500]: a sheet may have at most 500 elements, those in groups counted; this is element 501"),
    ("extends: long-wya\n", "l.yaml:1:10: extends: there is no built-in game 'long-wya' to extend"),
])
def test_print_refuses_what_check_layout_refuses(cli, in_tmp, text, message):
    path = _layout(in_tmp, text)
    checked, printed = cli("check-layout", path), cli("print", path, "-o", "a.pdf")
    assert checked.exit_code == printed.exit_code == 2
    assert message in checked.stderr and message in printed.stderr
    assert not (in_tmp / "a.pdf").exists()


def test_a_repeat_of_a_huge_text_is_refused_before_it_is_copied(cli, tmp_path):
    text = "{i}" * 100_000
    path = _layout(tmp_path, LAYOUT.replace(
        "elements: []", f'elements: [{{type: text, at: [5, 5], text: "{text}", repeat: {{count: 500, step: [0, 0.4]}}}}]'))
    r = cli("check-layout", path)
    assert r.exit_code == 2
    assert "sheet.elements[0].repeat: this repeat copies 300," in r.stderr
    assert "nodes and characters 500 times; with the repeats before it that is more than the 400,000" in r.stderr


def test_the_overlap_check_skips_what_may_overlap_and_counts_its_pairs_first(cli, tmp_path):
    nest = ("elements: [{type: group, at: [2, 2], repeat: {count: 70, step: [1.3, 0], var: j}, elements: "
            "[{type: box, at: [0, 0], size: [1, 1], repeat: {count: 70, step: [0, 1.3]}, overlaps: OV}]}]")
    r = cli("check-layout", _layout(tmp_path, LAYOUT.replace("elements: []", nest.replace("OV", "true"))))
    assert r.exit_code == 0, r.output  # 4,900 boxes that may overlap: none compared
    one_column = nest.replace("count: 70, step: [1.3, 0]", "count: 2, step: [0, 45.5]").replace(
        "count: 70, step: [0, 1.3]", "count: 350, step: [0, 0.13]").replace(
        "type: box, at: [0, 0], size: [1, 1]", "type: line, at: [0, 0], to: [1, 0], width: 0.1")
    r = cli("check-layout", _layout(tmp_path, LAYOUT.replace("elements: []", one_column.replace("OV", "false"))))
    assert r.exit_code == 2
    assert "the overlap check would compare 244,650 pairs of elements standing side by side; at most 200,000" in r.stderr


def test_the_message_docs_layout_md_shows_for_a_path_out_of_the_folder(cli, in_tmp):
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[1] / "docs" / "layout.md").read_text(encoding="utf-8")
    shown = next(line.strip() for line in doc.splitlines() if "leads out of the folder of my.yaml" in line)
    (in_tmp / "my.yaml").write_text("extends: ../../etc/passwd\n")
    r = cli("check-layout", "my.yaml")
    assert r.exit_code == 2 and r.stderr.splitlines()[0] == f"rollwrite: {shown}"


def test_a_home_folder_path_is_refused_too(cli, tmp_path):
    r = cli("check-layout", _layout(tmp_path, "extends: ~/base.yaml\n"))
    assert r.exit_code == 2 and "'~/base.yaml' is not beside this layout" in r.stderr


def test_at_most_twenty_overlaps_are_reported(cli, tmp_path):
    many = ", ".join("{type: box, at: [10, 10], size: [5, 5]}" for _ in range(30))
    r = cli("check-layout", _layout(tmp_path, LAYOUT.replace("elements: []", f"elements: [{many}]")))
    assert r.exit_code == 2 and r.stderr.count("rollwrite: ") == 20


def test_pages_are_made_one_at_a_time():
    from rollwrite.output import FORMATS, render_pages
    from rollwrite.core.printrun import print_scene

    scene = print_scene("long-way", players=3, page={"per_page": "1"})
    made = []
    pages = render_pages(scene, FORMATS["svg"], on_page=lambda: made.append(1))
    first = next(pages)
    assert first.startswith(b"<?xml") and len(made) == 0  # the second page is not made yet
    assert len(list(pages)) == 2 and len(made) == 3  # a step after each page, the last one included


def test_reports_show_names_from_files_escaped(cli, in_tmp):
    from pathlib import Path

    example = Path(__file__).resolve().parents[1] / "examples" / "shelving-wars" / "four-players.txt"
    (in_tmp / "sw.txt").write_text(example.read_text().replace("player: Red", "player: R\x1b]0;x\x07ed"))
    r = cli("score", "shelving-wars", "sw.txt")
    assert r.exit_code in (0, 1) and "\x1b" not in r.output and "R\\x1b]0;x\\x07ed" in r.stdout
    name = "n\x1b[2Jx.yaml"
    (in_tmp / name).write_text(LAYOUT)
    r = cli("check-layout", name)
    assert r.exit_code == 0 and r.stdout.startswith("n\\x1b[2Jx.yaml: ok")
    r = cli("print", name, "-o", "\x1b[2J.pdf")
    assert r.exit_code == 0 and r.stdout == "wrote \\x1b[2J.pdf (1 page)\n"


def test_points_of_paths_count_towards_what_a_sheet_draws(cli, tmp_path):
    points = ", ".join(f"[{i % 50}, {i // 50}]" for i in range(1000))
    poly = f"elements: [{{type: polygon, at: [5, 5], points: [{points}], overlaps: true, repeat: {{count: 100, step: [0, 0]}}}}]"
    r = cli("check-layout", _layout(tmp_path, LAYOUT.replace("elements: []", poly)))
    assert r.exit_code == 2
    assert "by this element the sheet draws more than 20,000 lines, shapes, texts and points of paths" in r.stderr


def test_check_layouts_warnings_show_a_file_name_escaped(cli, in_tmp):
    name = "\x1b]0;x\x07.yaml"
    (in_tmp / name).write_text(LAYOUT.replace("elements: []", "elements: [{type: text, at: [10, 10], text: hi, size: 4}]"))
    r = cli("check-layout", "--greyscale", name)
    assert r.exit_code == 0, r.output
    assert r.stderr.startswith("rollwrite: warning: \\x1b]0;x\\x07.yaml:")
    assert "the text 'hi' prints at 4.0 pt" in r.stderr
    assert "\x1b" not in r.output and "\x07" not in r.output
