"""Make the README's pictures of the desk: each game's entry page, with an example sheet pasted in.

Run from the top of the source tree, after ``pip install -e '.[test]'`` (the desk and Playwright) with
Debian's ``chromium`` installed:

    .venv/bin/python docs/desk_screens.py        # writes docs/desk/<game>.png

It starts ``rollwrite serve`` on a free local port with a database in a temporary folder, opens each
game's challenge page in headless Chromium at a phone-to-laptop width, pastes the example sheet of
that challenge into the text box, and keeps the part of the page with the form.  ``--out FOLDER``
writes elsewhere.
"""

from __future__ import annotations

import argparse
import io
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
# game: (challenge path, example sheet)
PAGES = {
    "wobbly-cafe": ("daily/2026-11-22", "daily-2026-11-22-slip.txt"),
    "long-way": ("seed/flat-pack", "flat-pack.txt"),
    "scrambled-streets": ("daily/2026-11-22", "daily-2026-11-22.txt"),
    "shelving-wars": ("seed/closet", "seeded-closet.txt"),
    "lines-and-sections": ("seed/club", "format-example.txt"),
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
                page = browser.new_page(viewport={"width": width, "height": 1000})
                page.goto(server.url + server.made(f"/play/{game}/{challenge}"))  # made by the desk's worker first
                page.fill("#text", (ROOT / "examples" / game / example).read_text(encoding="utf-8"))
                page.wait_for_selector("#total", timeout=15000)
                page.wait_for_timeout(300)
                shot = page.screenshot(full_page=True)
                page.close()
                img = Image.open(io.BytesIO(shot)).convert("RGB")
                img = img.crop((0, 0, img.width, min(img.height, 1500)))
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
