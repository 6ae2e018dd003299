"""docs/adding-a-game.md followed for a toy game (tests/serve/toydice/): a layout, a package and one
registration put it on the command line (print, roll, score) and on the desk (its page, its on-screen
entry, the check and the leaderboard) alike."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from rollwrite import games, resources
from rollwrite.serve.app import COOKIE, make_app
from rollwrite.serve.maker import Maker, _start_worker

ROOT = Path(__file__).resolve().parents[2]
LAYOUT = """\
game: toy-dice
title: Toy Dice
summary: Write each roll in the next box or cross the box out.
page: {paper: a4, per_page: 1}
players: {default: 1, max: 10}
dice: {count: 1, sides: 6, turns: 5, labels: [die]}
sheet:
  size: [150, 40]
  elements:
    - {type: text, at: [0, 8], text: Toy Dice, size: 16, font: bold}
    - {type: text, at: [0, 16], text: "Write each roll in the next box, or cross the box out.", size: 8}
    - {type: circles, at: [0, 22], count: 5, diameter: 10, gap: 4}
"""


@pytest.fixture
def toy(tmp_path, monkeypatch):
    """The toy game's layout in the layouts folder and its package registered, as the guide says."""
    layouts = tmp_path / "layouts"
    layouts.mkdir()
    for p in resources.layouts_dir().glob("*.yaml"):
        (layouts / p.name).symlink_to(p)
    (layouts / "toy-dice.yaml").write_text(LAYOUT, encoding="utf-8")
    real = resources.data_dir
    monkeypatch.setattr(resources, "data_dir", lambda name: layouts if name == "layouts" else real(name))
    monkeypatch.syspath_prepend(str(Path(__file__).parent))
    games.register("toy-dice", "toydice:ToyDice")
    yield tmp_path
    games.unregister("toy-dice")


def test_the_guide_names_both_front_ends():
    guide = (ROOT / "docs" / "adding-a-game.md").read_text(encoding="utf-8")
    for words in ("entry.py", "rollwrite serve", "games.register", "tests/serve/toydice"):
        assert words in guide, words


def test_a_toy_game_on_the_command_line(toy, cli):
    listed = cli("games")
    assert listed.exit_code == 0 and "toy-dice" in listed.stdout
    out = toy / "out"
    printed = cli("print", "toy-dice", "--seed", "club", "-o", str(out / "toy.pdf"))
    assert printed.exit_code == 0, printed.stderr
    assert (out / "toy.pdf").read_bytes().startswith(b"%PDF")
    rolls = json.loads(cli("roll", "toy-dice", "--seed", "club", "--json").stdout)
    dice = [t["dice"][0] for t in rolls["turns"]]
    sheet = toy / "sheet.txt"
    sheet.write_text(f"name: Ann\nboxes: {dice[0]} x {dice[2]}\n", encoding="utf-8")
    scored = cli("score", "toy-dice", str(sheet), "--seed", "club")
    assert scored.exit_code == 0 and f"total: {dice[0] + dice[2]}" in scored.stdout
    sheet.write_text(f"boxes: {dice[0] % 6 + 1}\n", encoding="utf-8")
    assert cli("score", "toy-dice", str(sheet), "--seed", "club").exit_code == 1


def test_a_game_registered_at_run_time_reaches_the_desk_s_worker():
    """The desk's worker starts from a clean process (a fork server): the games registered in the desk's
    process are handed to it."""
    games.register("toy-dice", "toydice:ToyDice")
    try:
        maker = Maker()
        start, (registry, path) = maker.worker_start()
        assert start is _start_worker and registry["toy-dice"] == "toydice:ToyDice" and path == sys.path
    finally:
        games.unregister("toy-dice")


def test_a_toy_game_on_the_desk(toy, cli):
    rolls = json.loads(cli("roll", "toy-dice", "--seed", "club", "--json").stdout)
    dice = [t["dice"][0] for t in rolls["turns"]]
    # the worker forked from this process, whose layouts folder is the test's own
    maker = Maker(start_method="fork").start()
    with TestClient(make_app(str(toy / "desk.sqlite"), maker=maker), base_url="http://127.0.0.1") as client:
        assert "toy-dice" in client.get("/").text
        end = time.monotonic() + 60
        while (page := client.get("/play/toy-dice/seed/club")).status_code == 503 and time.monotonic() < end:
            time.sleep(0.2)  # the worker is making the page
        assert page.status_code == 200 and 'id="play"' in page.text
        token = client.cookies.get(COOKIE)
        url = "/play/toy-dice/seed/club/play"
        text = ""
        for pick in (["write"], ["cross"], ["write"], ["cross"], ["cross"]):
            doc = client.post(url, json={"text": text, "picked": pick}, headers={"X-CSRF-Token": token}).json()
            assert doc["changed"]
            text = doc["text"]
        assert text == f"boxes: {dice[0]} x {dice[2]} x x\n"
        assert doc["check"]["valid"] and doc["check"]["total"] == dice[0] + dice[2] and doc["view"]["done"]
        stored = client.post("/play/toy-dice/seed/club/submit", data={"csrf": token, "name": "Ann", "text": text})
        assert stored.status_code == 200  # followed to the page
        board = client.get("/play/toy-dice/seed/club/leaderboard.json").json()
        assert board["places"] == [{"rank": 1, "name": "Ann", "score": dice[0] + dice[2], "live": False}]
    maker.stop()
