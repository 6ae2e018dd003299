"""Make the README's pictures of the desk: each game's entry that follows play, an example sheet entered.

Run from the top of the source tree, after ``pip install -e '.[test]'`` (the desk and Playwright) with
Debian's ``chromium`` installed:

    .venv/bin/python docs/desk_screens.py        # writes docs/desk/<game>.png

It starts ``rollwrite serve`` on a free local port with a database in a temporary folder, enters the
example sheet of each game's challenge turn by turn but for its last few turns (through the game's own
entry, as the page does), opens the challenge page in headless Chromium with that sheet kept from
before (as a reload keeps it), picks the first part of the next turn, and keeps the part of the page
with the entry (the sheet drawn, the turn and its choices).  ``--out FOLDER`` writes elsewhere.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT / "tests" / "serve"))

from desk_server import Server  # noqa: E402 - the tests' own server helper, found through the path above

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
LEFT = 3  # turns of the example not entered: the picture shows the game under way
#: more turns left for a game whose sheet grows: a city of 48 cards is taller than the picture
LEFT_OF = {"scrambled-streets": 32}
# game: (challenge path, example sheet)
PAGES = {
    "wobbly-cafe": ("daily/2026-11-22", "daily-2026-11-22.txt"),
    "long-way": ("seed/flat-pack", "flat-pack.txt"),
    "scrambled-streets": ("daily/2026-11-22", "daily-2026-11-22.txt"),
    "shelving-wars": ("seed/closet", "seeded-closet.txt"),
    "lines-and-sections": ("seed/club", "format-example.txt"),
}


def under_way(game: str, challenge: str, example: str) -> tuple[str, str]:
    """The text of ``example`` entered by the game's entry but for its last LEFT turns (LEFT_OF), and the first pick
    of the next turn."""
    from rollwrite.serve.desk import Desk, challenge as challenge_of

    desk = Desk(game)
    kind, value = challenge.split("/", 1)
    ch = challenge_of(game, kind, value)
    sheet = desk.read(example)
    assert desk.entry is not None
    turns = desk.entry.turns(sheet, desk.layout.data, desk.schedule(ch, sheet))
    text = ""
    for key, val in FIELDS.get(game, lambda s: [])(sheet):
        text = desk.play(ch, text=text, picked=[], field=(key, val))["text"]
    left = LEFT_OF.get(game, LEFT)
    for turn in turns[:-left]:
        text = desk.play(ch, text=text, picked=turn)["text"]
    return text, turns[-left][0]


def page_id(game: str, challenge: str) -> str:
    from rollwrite.serve.desk import challenge as challenge_of

    kind, value = challenge.split("/", 1)
    return challenge_of(game, kind, value).id


#: the fields an example fills before its first turn, by game
FIELDS: dict[str, Any] = {
    "lines-and-sections": lambda s: [("size", str(s.size)), ("players", ", ".join(s.players))],
    "shelving-wars": lambda s: [("size", str(s.size))] + [(f"p{k + 1}", p.name) for k, p in enumerate(s.players)],
    "scrambled-streets": lambda s: [(k, v) for k, v in zip(("black", "white"), s.names) if v],
    "wobbly-cafe": lambda s: [("name", s.name)] if s.name else [],
}


def make_screens(out: Path, browser: Any = None, width: int = 1100,
                 games: tuple[str, ...] = tuple(PAGES)) -> list[Path]:
    """One PNG per game of ``games`` (default: all) in ``out``; returns the files written.  ``browser``: a
    Playwright browser to use (one is started on /usr/bin/chromium when None)."""
    if browser is None:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as p:
            launched = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            try:
                return make_screens(out, launched, width, games)
            finally:
                launched.close()
    from PIL import Image

    from rollwrite.output import write_all

    written = []
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp) / "desk.sqlite").start()
        try:
            for game in games:
                challenge, example = PAGES[game]
                text, pick = under_way(game, challenge, (ROOT / "examples" / game / example).read_text(encoding="utf-8"))
                page = browser.new_page(viewport={"width": width, "height": 1000})
                key = "rollwrite-desk " + page_id(game, challenge)
                page.add_init_script(f"sessionStorage.setItem({json.dumps(key)}, {json.dumps(text)});"
                                     f" sessionStorage.setItem({json.dumps(key + ' typed')}, '')")
                page.goto(server.url + server.made(f"/play/{game}/{challenge}"))  # made by the desk's worker first
                page.wait_for_function("() => +(document.getElementById('desk').dataset.steps || 0) > 0", timeout=15000)
                page.click(f'[data-choice="{pick}"]')
                page.wait_for_function("() => +(document.getElementById('desk').dataset.steps || 0) > 1", timeout=15000)
                page.wait_for_timeout(200)
                shot = page.locator("#play").screenshot()
                page.close()
                img = Image.open(io.BytesIO(shot)).convert("RGB")
                img = img.crop((0, 0, img.width, min(img.height, 1100)))
                img.thumbnail((800, 1100))
                buf = io.BytesIO()
                img.convert("P", palette=Image.Palette.ADAPTIVE, colors=64).save(buf, "PNG", optimize=True)
                target = out / f"{game}.png"
                write_all([(target, buf.getvalue())], force=True)
                written.append(target)
        finally:
            server.stop()
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=HERE / "desk", help="folder for the pictures")
    args = parser.parse_args(argv)
    for path in make_screens(args.out):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
