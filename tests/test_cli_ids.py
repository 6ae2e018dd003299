"""Challenge ids typed back in: ``long-way#picnic`` and ``wobbly-cafe@2026-11-22`` wherever a command
takes a game, and as ``--seed``; ``roll`` takes print's variation options with the same meanings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import rollwrite.sheet
from rollwrite.cli.app import app

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def same_bytes(cli, in_tmp, a: list[str], b: list[str]) -> None:
    ra, rb = cli("print", *a, "-o", "a.pdf"), cli("print", *b, "-o", "b.pdf")
    assert ra.exit_code == 0 and rb.exit_code == 0, ra.stderr + rb.stderr
    assert (in_tmp / "a.pdf").read_bytes() == (in_tmp / "b.pdf").read_bytes()


def test_print_takes_an_id_as_the_game(cli, in_tmp):
    same_bytes(cli, in_tmp, ["long-way#picnic"], ["long-way", "--seed", "picnic"])
    same_bytes(cli, in_tmp, ["wobbly-cafe@2026-11-22"], ["wobbly-cafe", "--daily", "2026-11-22"])
    same_bytes(cli, in_tmp, ["long-way", "--seed", "long-way#picnic"], ["long-way", "-s", "picnic"])
    same_bytes(cli, in_tmp, ["wobbly-cafe", "--seed", "wobbly-cafe@2026-11-22"], ["wobbly-cafe", "-d", "2026-11-22"])
    r = cli("print", "long-way#picnic")
    assert r.stdout.strip() == "wrote out/long-way+picnic.pdf (1 page)"  # a challenge is named after its id


def test_a_seed_with_spaces_survives_the_round_trip(cli, in_tmp):
    same_bytes(cli, in_tmp, ["long-way#club night"], ["long-way", "--seed", "club  night"])


def test_roll_takes_an_id(cli):
    a = cli("roll", "long-way#picnic", "--json").stdout
    b = cli("roll", "long-way", "--seed", "picnic", "--json").stdout
    c = cli("roll", "long-way", "--seed", "long-way#picnic", "--json").stdout
    assert a == b == c and json.loads(a)["id"] == "long-way#picnic"
    d = cli("roll", "wobbly-cafe@2026-11-22", "-j").stdout
    assert json.loads(d)["id"] == "wobbly-cafe@2026-11-22"


def test_score_takes_an_id(cli):
    sheet = str(EXAMPLES / "long-way" / "picnic.txt")
    a = cli("score", "long-way#picnic", sheet)
    b = cli("score", "long-way", sheet, "--seed", "picnic")
    assert a.exit_code == b.exit_code == 0, a.stderr
    assert a.stdout == b.stdout and "(dice of long-way#picnic)" in a.stdout
    daily = str(EXAMPLES / "wobbly-cafe" / "daily-2026-11-22.txt")
    r = cli("score", "wobbly-cafe@2026-11-22", daily)
    assert r.exit_code == 0 and "wobbly-cafe@2026-11-22" in r.stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (["print", "long-way#picnic", "--seed", "x"], "rollwrite: 'long-way#picnic' already names its seed; leave out --seed"),
        (["roll", "wobbly-cafe@2026-11-22", "--daily"], "rollwrite: 'wobbly-cafe@2026-11-22' already names its day; leave out --daily"),
        (["roll", "long-way", "--seed", "wobbly-cafe#x"],
         "rollwrite: --seed 'wobbly-cafe#x' is an id of wobbly-cafe, not of long-way\n  hint: give the seed alone (--seed x)"),
        (["roll", "long-wya#x"], "rollwrite: unknown game 'long-wya'\n  hint: did you mean 'long-way'?"),
        (["roll", "long-way@2026-02-30"], "rollwrite: '2026-02-30' is not a real date"),
        (["print", "long-way#"], "rollwrite: the seed is empty"),
        (["score", "long-way#a#b", "x.txt"], "rollwrite: the seed 'a#b' contains '#'"),
    ],
)
def test_ids_that_cannot_be_used(cli, args, message):
    r = cli(*args)
    assert r.exit_code == 2, r.output
    assert r.stderr.startswith(message), r.stderr


def test_an_existing_file_with_a_hash_in_its_name_is_a_layout(cli, in_tmp):
    (in_tmp / "bingo#2.yaml").write_text(
        "game: bingo\ntitle: Bingo\nsheet:\n  size: [100, 60]\n  elements:\n    - {type: text, at: [0, 8], text: Bingo}\n"
    )
    r = cli("print", "bingo#2.yaml")
    assert r.exit_code == 0, r.stderr
    assert r.stdout.strip() == "wrote out/bingo#2.pdf (1 page)"


def _params(name: str) -> dict[str, str]:
    import typer.main

    command = typer.main.get_command(app).commands[name]  # type: ignore[attr-defined]
    return {p.name: p.help or "" for p in command.params}


def test_roll_takes_every_variation_option_print_takes():
    variations = {"size", "turns", "dice", "sides"}
    printing, rolling = _params("print"), _params("roll")
    assert variations <= set(printing) and variations <= set(rolling)
    for name in variations:
        assert printing[name].split(".")[0] == rolling[name].split(".")[0]
    assert "show" in rolling  # how many turns to show has its own name


def test_roll_shows_the_dice_print_puts_on_the_sheet(cli, in_tmp, monkeypatch):
    seen = {}
    real = rollwrite.sheet.stream_scene

    def spy(layout, **kw):
        seen["schedule"] = kw.get("schedule")
        return real(layout, **kw)

    monkeypatch.setattr(rollwrite.sheet, "stream_scene", spy)
    args = ["shelving-wars", "--dice", "2", "--sides", "20", "--turns", "5", "-n", "3", "--seed", "x"]
    assert cli("print", *args, "-o", "s.pdf").exit_code == 0
    doc = json.loads(cli("roll", *args, "--json").stdout)
    printed = seen["schedule"].to_json()
    assert doc == printed
    assert doc["dice"]["count"] == 2 and doc["dice"]["sides"] == 20 and len(doc["turns"]) == 3 * 5
