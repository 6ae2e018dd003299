"""The desk in a real browser: headless Chromium (Debian's ``chromium``) driven by Playwright.

For every game: a known example sheet typed in by keyboard shows the command line's total; a mistake is
marked at its cell with the command line's words; a pasted text fills the form; two players submit and
share the leaderboard; after a restart of the server the leaderboard is still there.  The default run
types the Long Way's sheet (restarting the server), pastes the café's, Shelving Wars' and Lines &
Sections' sheets, and leaves Scrambled Streets to the long run (see TYPED and PASTED_LONG).

Skipped (with the reason) only when chromium or Playwright is missing on a machine outside CI; with
CI=true they must run.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest

from desk_server import Server

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
ROOT = Path(__file__).resolve().parents[2]


def _missing() -> str | None:
    if not (Path(CHROMIUM).is_file() and shutil.which(CHROMIUM)):
        return f"{CHROMIUM} is not installed (apt-get install chromium; .ci/run installs it)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright for Python is not installed (pip install -e '.[test]')"
    return None


MISSING = _missing()
if MISSING and os.environ.get("CI") == "true":
    raise RuntimeError(f"the desk's browser tests must run in CI: {MISSING}")
pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")


# game, challenge kind and value, example sheet, a cell to spoil and what to type there
CASES = [
    ("wobbly-cafe", "daily", "2026-11-22", "daily-2026-11-22.txt", "f1r3s2", "7"),
    ("long-way", "seed", "flat-pack", "flat-pack.txt", "t2s", "G7"),  # turn 2's display off its tile
    ("scrambled-streets", "daily", "2026-11-22", "daily-2026-11-22.txt", "t5card", "34"),
    ("shelving-wars", "seed", "closet", "seeded-closet.txt", "p1t2w", "5"),  # a box the dice do not give
    ("lines-and-sections", "seed", "club", "format-example.txt", "sq1", "Z9"),
]


def cli_score(cli, game: str, kind: str, value: str, text: str) -> tuple[str, dict]:  # noqa: ANN001 - the cli fixture
    """What ``rollwrite score`` says of ``text``: its total line, and its --json document."""
    seeded = [f"--{kind}", value] if game != "lines-and-sections" else []  # a game without dice: no dice to check
    run = cli("score", game, "-", *seeded, input=text)
    doc = json.loads(cli("score", game, "-", "--json", *seeded, input=text).stdout or "{}")
    totals = [ln for ln in run.stdout.splitlines() if ln.startswith("total: ")]
    return (totals[-1] if totals else run.stderr.strip()), doc


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """One desk for the module's tests (each game's challenge has a leaderboard of its own)."""
    s = Server(tmp_path_factory.mktemp("desk") / "desk.sqlite").start()
    yield s
    s.stop()


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def new_page(browser, server, **options):
    """A page of a browser that holds the tests' names (a desk gives a name to the first browser that
    submits under it; each page here has a context of its own)."""
    page = browser.new_page(**options)
    page.context.add_cookies([{"name": "desk_player", "value": "the-browser-tests-key", "url": server.url}])
    return page


def sheet_values(game: str, kind: str, value: str, text: str) -> dict[str, str]:
    from rollwrite.serve.desk import Desk, challenge

    return Desk(game).check(challenge(game, kind, value), text=text)["values"]


def type_in(page, values: dict[str, str]) -> None:
    """Type the sheet by keyboard alone, cell after cell as the focus moves: a one-mark cell takes its key
    and moves on by itself, a text cell is typed and left with Tab (past a board to pick from too); an empty
    one-mark cell is passed with the space bar.  Lists of turns grow as they are filled.  The first cell
    is reached with Tab from the top of the page."""
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('#form input.cell')"):
            break
    done: set[str] = set()
    for _ in range(5000):
        cell, length, point = page.evaluate(
            "[document.activeElement.dataset.cell || '', document.activeElement.maxLength,"
            " !!document.activeElement.closest('.pick')]")
        if point:
            page.keyboard.press("Tab")
            continue
        if not cell or cell in done:
            break
        done.add(cell)
        v = values.get(cell, "")
        if length == 1:
            page.keyboard.press(v if v else "Space")
        else:
            if v:
                page.keyboard.type(v)
            page.keyboard.press("Tab")
    assert set(values) <= done, f"never reached: {sorted(set(values) - done)[:5]}"


def form_values(page) -> dict[str, str]:
    return page.evaluate("Object.fromEntries(Array.from(document.querySelectorAll('#form input.cell'))"
                         ".filter(c => c.value !== '').map(c => [c.dataset.cell, c.value]))")


def total_of(page) -> str:
    page.wait_for_function("() => document.getElementById('status').textContent !== 'checking...'")
    page.wait_for_selector("#total", timeout=10000)
    return page.inner_text("#total")


def settle(page) -> None:
    """Wait for the answer to the last change: the page's status says 'checking...' from the moment a change
    is made (or its script picks up the sheet kept from before a submission) until the answer to it is shown."""
    page.wait_for_function("() => document.readyState === 'complete'"
                           " && document.getElementById('status').textContent !== 'checking...'", timeout=20000)


# Typing a whole sheet key by key (each key a live check on the server) takes long: the default run types
# the Long Way's sheet (it has one-mark cells and text cells) and pastes the others'; the long run types
# every one.
TYPED = {"long-way"}


#: pasted in the long run only: the card deck's page is the slowest to draw, on the server and in the browser
PASTED_LONG = {"scrambled-streets"}


def _desk_cases():
    for case in CASES:
        if case[0] in TYPED:
            yield pytest.param(*case, True, id=case[0])
        else:
            yield pytest.param(*case, False, id=f"{case[0]}-pasted",
                               marks=pytest.mark.long if case[0] in PASTED_LONG else ())
            yield pytest.param(*case, True, id=case[0], marks=pytest.mark.long)


@pytest.mark.parametrize(("game", "kind", "value", "example", "cell", "wrong", "typed"), list(_desk_cases()))
def test_desk_in_a_browser(cli, server, browser, game, kind, value, example, cell, wrong, typed):
    text = (ROOT / "examples" / game / example).read_text(encoding="utf-8")
    want_total, _ = cli_score(cli, game, kind, value, text)
    page = new_page(browser, server, viewport={"width": 1100, "height": 900})
    page.goto(server.url + server.made(f"/play/{game}/{kind}/{value}"))
    assert page.locator("svg").first.is_visible()

    # typed by keyboard (or pasted): the command line's total, and every check passed
    if typed:
        type_in(page, sheet_values(game, kind, value, text))
    else:
        page.fill("#text", text)
    settle(page)
    assert total_of(page) == want_total
    assert page.inner_text("#status") == "rules: all checks passed"

    # a mistake: marked at its cell, in the command line's words
    page.fill(f"#c-{cell}", wrong)
    settle(page)
    bad = page.locator(f"#c-{cell}")
    assert "bad" in bad.get_attribute("class") and bad.get_attribute("aria-invalid") == "true"
    _, doc = cli_score(cli, game, kind, value, page.input_value("#text"))
    said = page.inner_text("#problems")
    words = [p["message"] for p in doc.get("problems", [])] or [re.sub(r"^<stdin>:\d+:\d+: ", "", doc["error"].split("\n")[0])]
    assert words and all(w in said for w in words)

    # pasted text fills the form, every cell of it
    page.fill("#text", text)
    settle(page)
    assert page.input_value(f"#c-{cell}") != wrong
    assert total_of(page) == want_total
    assert form_values(page) == {k: v for k, v in sheet_values(game, kind, value, text).items() if v}

    # two players submit; they share the leaderboard's first place
    for name in ("Ann", "Bob"):
        page.fill("#player", name)
        page.wait_for_function("() => !document.getElementById('send').disabled")
        page.click("#send")
        page.wait_for_selector("#leaderboard table")
        settle(page)
    rows = page.locator("#leaderboard tbody tr").all_inner_texts()
    score = want_total.split()[-1] if game != "lines-and-sections" else None
    assert [r.split("\t")[:2] for r in rows] == [["1", "Ann"], ["1", "Bob"]]
    assert score is None or all(r.split("\t")[2] == score for r in rows) or "," in want_total

    # kept across a restart (the typed cases: the Long Way's in the default run, every game's in the long run)
    if not typed:
        page.close()
        return
    server.restart()
    page.goto(server.url + server.made(f"/play/{game}/{kind}/{value}"))
    assert [r.split("\t")[:2] for r in page.locator("#leaderboard tbody tr").all_inner_texts()] == [["1", "Ann"], ["1", "Bob"]]
    page.close()


def test_keyboard_moves_like_the_sheet(server, browser):
    """Arrow keys move between the spaces as they lie on the sheet; a phone-sized screen still shows them."""
    page = new_page(browser, server, viewport={"width": 375, "height": 740})
    page.goto(server.url + server.made(f"/play/wobbly-cafe/daily/2026-11-22"))
    page.click("#c-f1r2s1")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.cell") == "f1r2s2"
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.dataset.cell") == "f1r3s3"
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    assert page.evaluate("document.activeElement.dataset.cell") == "f1r1s1"
    assert page.get_attribute("#c-f1r1s1", "aria-label") == "floor 1, row 1, space 1"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375
    page.keyboard.type("5")
    settle(page)
    with page.expect_download() as download:  # the text as shown, as a file
        page.click("#download")
    assert Path(download.value.path()).read_text(encoding="utf-8") == page.input_value("#text")
    assert page.input_value("#text").startswith("floor 1\n  5.|..\n")
    page.close()


# the script makes one game's picture in the default run (each is a page shot whole), every game's in the long run
@pytest.mark.parametrize("games", [pytest.param(("shelving-wars",), id="one"),
                                   pytest.param(tuple(c[0] for c in CASES), id="every", marks=pytest.mark.long)])
def test_readme_shows_the_desk_of_every_game(tmp_path, browser, games):
    """The README's pictures of the desk exist for every game, and the script that makes them works."""
    import importlib.util

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "rollwrite serve " in readme and "python docs/desk_screens.py" in readme
    for game, *_ in CASES:
        assert f"(docs/desk/{game}.png)" in readme and (ROOT / "docs" / "desk" / f"{game}.png").is_file()
    spec = importlib.util.spec_from_file_location("desk_screens", ROOT / "docs" / "desk_screens.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    made = module.make_screens(tmp_path, browser, games=games)
    assert sorted(p.name for p in made) == sorted(f"{game}.png" for game in games)


def test_path_points_are_picked_on_a_board(server, browser):
    """Lines & Sections: the board of points is drawn at the size typed; a click or Enter adds a point."""
    page = new_page(browser, server, viewport={"width": 900, "height": 900})
    page.goto(server.url + server.made(f"/play/lines-and-sections/seed/club"))
    page.fill("#c-size", "2")
    page.fill("#c-players", "Ann, Bob")
    assert page.locator(".points button.pt").count() == 9
    page.click('.points button[data-point="B1"]')
    page.focus('.points button[data-point="B1"]')
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    assert page.input_value("#c-path1") == "B1 B2"
    settle(page)
    assert "path: B1 B2" in page.input_value("#text")
    assert page.get_attribute('.points button[data-point="B2"]', "aria-label") == "point B2, on the path"
    assert "on" in page.get_attribute('.points button[data-point="B2"]', "class")
    # the squares' board shows the path along their sides: B1 B2 runs between the squares A1 and B1
    assert "el" in page.get_attribute('.squares button[data-point="B1"]', "class").split()
    assert "er" in page.get_attribute('.squares button[data-point="A1"]', "class").split()
    # a shading move: a square clicked, and one reached with the arrow keys and Enter
    page.click('.squares button[data-point="A1"]')
    page.focus('.squares button[data-point="A1"]')
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    assert [page.input_value("#c-sq1"), page.input_value("#c-sq2")] == ["A1", "B2"]
    assert page.get_attribute('.squares button[data-point="B2"]', "aria-label") == "square B2, shaded"
    assert "on" in page.get_attribute('.squares button[data-point="B2"]', "class")
    settle(page)
    assert "shade: A1\nshade: B2\n" in page.input_value("#text")
    page.close()


def test_boxes_are_placed_on_the_battlefield(server, browser):
    """Shelving Wars: a square picked on the battlefield goes into the turn worked on, and the boxes and
    shelves typed are drawn there, a box with a problem outlined."""
    page = new_page(browser, server, viewport={"width": 390, "height": 844})
    page.goto(server.url + server.made(f"/play/shelving-wars/seed/shelf"))  # its dice give the 2 x 3 box and the shelf of 2
    page.fill("#c-size", "8")
    assert page.locator(".field button.sq").count() == 64
    corners = page.eval_on_selector_all(".field button.home", "bs => bs.map(b => [b.dataset.point, b.textContent])")
    assert corners == [["A1", "1"], ["H8", "2"]]  # the two players' corners, numbered as on the sheet
    page.fill("#c-p1t1k", "b")
    page.fill("#c-p1t1h", "2")
    page.fill("#c-p1t1w", "3")
    page.focus('.field button[data-point="A1"]')
    page.keyboard.press("Enter")  # written into the turn last worked on
    assert page.input_value("#c-p1t1at") == "A1"
    settle(page)  # the answer to the last change: one to an earlier, half-typed box may still be on its way
    painted = page.eval_on_selector_all(".field button.p1", "bs => bs.map(b => b.dataset.point)")
    assert sorted(painted) == ["A1", "A2", "B1", "B2", "C1", "C2"]
    assert page.get_attribute('.field button[data-point="B2"]', "aria-label") == "square B2, player 1's box"
    outline = {sq: {c for c in page.get_attribute(f'.field button[data-point="{sq}"]', "class").split() if c[0] == "o"}
               for sq in ("A1", "B2", "C2")}
    assert outline == {"A1": {"ol", "ot"}, "B2": {"ob"}, "C2": {"or", "ob"}}  # the box's own sides
    page.fill("#c-p1t2k", "s")
    page.fill("#c-p1t2h", "2")
    page.fill("#c-p1t2w", "d")
    page.fill("#c-p1t2c", "br")
    page.click('.field button[data-point="C2"]')
    assert page.input_value("#c-p1t2at") == "C2"
    for square, side in (("D3", "el"), ("D4", "el"), ("C3", "er"), ("C4", "er")):  # down between columns C and D
        assert side in page.get_attribute(f'.field button[data-point="{square}"]', "class").split()
    settle(page)
    assert "box 2x3 at A1\nshelf 2 down from C2 br\n" in page.input_value("#text"), page.input_value("#text")
    page.fill("#c-p1t1at", "C3")  # off the player's corner: the box is outlined on the battlefield
    settle(page)
    assert "bad" in page.get_attribute("#c-p1t1at", "class"), (page.inner_text("#status"), page.inner_text("#problems"))
    assert "bad" in page.get_attribute('.field button[data-point="C3"]', "class")
    assert page.get_attribute('.field button[data-point="C3"]', "aria-label").startswith("square C3, player 1's box (a problem)")
    page.close()


# the widest form of all, Lines & Sections' two boards, in the default run; every game's in the long run
@pytest.mark.parametrize("game", [pytest.param("long-way", marks=pytest.mark.long),
                                  pytest.param("shelving-wars", marks=pytest.mark.long), "lines-and-sections"])
def test_a_phone_shows_the_sheet_without_scrolling_sideways(server, browser, game):
    kind, value, example = next((c[1], c[2], c[3]) for c in CASES if c[0] == game)
    page = new_page(browser, server, viewport={"width": 390, "height": 844})
    page.goto(server.url + server.made(f"/play/{game}/{kind}/{value}"))
    page.fill("#text", (ROOT / "examples" / game / example).read_text(encoding="utf-8"))
    settle(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    right = page.evaluate("Math.max(...Array.from(document.querySelectorAll('#form input.cell, #form .pick button'))"
                          ".filter(c => c.offsetParent).map(c => c.getBoundingClientRect().right))")
    assert right <= 390
    page.close()
