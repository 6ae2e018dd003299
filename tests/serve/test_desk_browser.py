"""The desk in a real browser: headless Chromium (Debian's ``chromium``) driven by Playwright.

For every game: a known example sheet entered turn by turn with the keyboard alone (Tab between the
parts of the page, arrow keys inside a grid or a row of choices, Enter to pick) shows the command line's
total; a move the rules refuse is not offered; undo takes a turn back; Tab reaches the name field in at
most 15 presses; a pasted sheet is read; two players submit and share the leaderboard, which is still
there after a restart.  The Lines & Sections and Scrambled Streets puzzles are answered on the position
they print, and the Shelving Wars puzzle played alone on its own battlefield, with the keyboard alone,
and checked as ``rollwrite score --puzzle`` checks them; Scrambled
Streets' cards are drawn as their faces.  The default run enters the whole of the Shelving Wars and Lines & Sections
examples and the first turns of the others; the long run enters every example whole.

Skipped (with the reason) only when chromium or Playwright is missing on a machine outside CI; with
CI=true they must run.
"""

from __future__ import annotations

import datetime
import itertools
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


# game, challenge kind and value, example sheet, a choice the rules refuse on the first turn
CASES = [
    ("wobbly-cafe", "daily", "2026-11-22", "daily-2026-11-22.txt", "f2r1s1"),  # floor 2 before floor 1
    ("long-way", "seed", "flat-pack", "flat-pack.txt", "g:D4"),  # an entrance inside the store
    ("scrambled-streets", "daily", "2026-11-22", "daily-2026-11-22.txt", "c12"),  # the card in hand is not down
    ("shelving-wars", "seed", "closet~s8", "seeded-closet.txt", "box6x6"),  # the roll 2 1 6 has one 6
    ("lines-and-sections", "seed", "club~s3", "format-example.txt", "Z9"),  # off the board
]
#: entered whole in the default run (a dozen or two picks); the others' first turns only
WHOLE = {"shelving-wars", "lines-and-sections"}


def cli_score(cli, game: str, kind: str, value: str, text: str) -> tuple[str, dict]:  # noqa: ANN001 - the cli fixture
    """What ``rollwrite score`` says of ``text``: its total line, and its --json document."""
    seeded = [f"--{kind}", value] if game != "lines-and-sections" else []  # a game without dice: no dice to check
    if "~" in value and seeded:  # a variation's challenge: its id
        game, seeded = f"{game}{'#' if kind == 'seed' else '@'}{value}", []
    run = cli("score", game, "-", *seeded, input=text)
    doc = json.loads(cli("score", game, "-", "--json", *seeded, input=text).stdout or "{}")
    totals = [ln for ln in run.stdout.splitlines() if ln.startswith("total: ")]
    return (totals[-1] if totals else run.stderr.strip()), doc


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """One desk for the module's tests (each game's challenge has a leaderboard of its own)."""
    s = Server(tmp_path_factory.mktemp("desk") / "desk.sqlite", args=("--proxy", "127.0.0.1")).start()
    yield s
    s.stop()


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


_addresses = itertools.count()


def own_address(**options):
    """``options`` of a page or a context that comes from an address of its own.  The module's desk trusts
    X-Forwarded-For from this machine (``--proxy 127.0.0.1``), as it would behind a reverse proxy: each
    test is then a player of its own, and the desk's per-client limits (six new live games or challenges
    at once, then one every ten seconds) do not depend on which tests ran before it on the same worker."""
    n = next(_addresses)
    return {**options, "extra_http_headers": {"X-Forwarded-For": f"198.51.{100 + n // 250}.{n % 250 + 1}"}}


def new_page(browser, server, **options):
    """A page of a browser that holds the tests' names (a desk gives a name to the first browser that
    submits under it; each page here has a context, and an address, of its own)."""
    page = browser.new_page(**own_address(**options))
    page.context.add_cookies([{"name": "desk_player", "value": "the-browser-tests-key", "url": server.url}])
    return page


def opened(browser, server, path: str, width: int):
    """A new page of ``path`` (once the desk has made it) at ``width``, its entry drawn; Tab reaches the
    name field within 15 presses; then the focus let go and the page at its top, as a player finds it."""
    page = new_page(browser, server, viewport={"width": width, "height": 900}, bypass_csp=True)
    page.goto(server.url + server.made(path))
    settle(page, 0)
    assert tab_to(page, "#player", limit=16) <= 15
    page.evaluate("document.activeElement.blur(); window.scrollTo(0, 0)")
    return page


def planned(game: str, kind: str, value: str, text: str) -> tuple[list[tuple[str, str]], list[list[str]]]:
    """The fields and the picks of each turn that enter ``text`` (as the game's entry plays it)."""
    from rollwrite.serve.desk import Desk, challenge

    desk, ch = Desk(game), challenge(game, kind, value)
    sheet = desk.read(text)
    fields = {"wobbly-cafe": lambda: [("name", sheet.name)] if sheet.name else [],
              "lines-and-sections": lambda: [("size", str(sheet.size)), ("players", ", ".join(sheet.players))],
              "shelving-wars": lambda: [("size", str(sheet.size))] + [(f"p{k + 1}", p.name) for k, p in enumerate(sheet.players)],
              "scrambled-streets": lambda: [(k, v) for k, v in zip(("black", "white"), sheet.names) if v],
              "long-way": lambda: []}[game]()
    assert desk.entry is not None
    return fields, desk.entry.turns(sheet, desk.layout.data, desk.schedule(ch, sheet))


def steps(page) -> int:
    return int(page.get_attribute("#desk", "data-steps") or 0)


def settle(page, after: int | None = None) -> None:
    """Wait for the page to draw the answer to the last step (``after``: the count of answers before it)."""
    if after is not None:
        page.wait_for_function(f"() => +(document.getElementById('desk').dataset.steps || 0) > {after}", timeout=20000)
    page.wait_for_function("() => document.readyState === 'complete'"
                           " && document.getElementById('status').textContent !== 'checking...'", timeout=20000)


def tab_to(page, selector: str, limit: int = 60) -> int:
    """Press Tab until the focus is inside ``selector``; how many presses it took."""
    for n in range(1, limit + 1):
        if page.evaluate(f"!!document.activeElement.closest({selector!r})"):
            return n - 1
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def press_pick(page, choice: str) -> None:
    """Pick the offered ``choice`` with the keyboard alone: Tab into its grid or row of choices, the arrow
    keys to it, Enter."""
    target = page.locator(f'[data-choice="{choice}"]')
    assert target.count() == 1, f"{choice} is not offered"
    on_grid = target.get_attribute("data-spot") is not None
    grid = target.evaluate("b => b.closest('.grid') ? b.closest('.grid').dataset.grid : ''")
    box = f'.grid[data-grid="{grid}"]' if on_grid else "#choices"
    tab_to(page, box)
    for _ in range(60):
        at = page.evaluate("[document.activeElement.dataset.choice || '', +document.activeElement.dataset.x,"
                           " +document.activeElement.dataset.y]")
        if at[0] == choice:
            break
        if on_grid:
            x, y = int(target.get_attribute("data-x")), int(target.get_attribute("data-y"))
            key = "ArrowDown" if at[2] < y else "ArrowUp" if at[2] > y else "ArrowRight" if at[1] < x else "ArrowLeft"
        else:
            key = "ArrowRight"
        page.keyboard.press(key)
    else:
        raise AssertionError(f"the arrow keys never reached {choice}")
    before = steps(page)
    page.keyboard.press("Enter")
    settle(page, before)


def fill_field(page, key: str, value: str) -> None:
    tab_to(page, f"#field-{key}")
    page.keyboard.press("Control+A")
    page.keyboard.type(value)
    before = steps(page)
    page.keyboard.press("Tab")  # the field is sent when it is left
    settle(page, before)


def total_of(page) -> str:
    page.wait_for_selector("#total", timeout=30000)
    return page.inner_text("#total")


def _entry_cases():
    for case in CASES:
        yield pytest.param(*case, id=case[0], marks=() if case[0] in WHOLE else pytest.mark.long)
        if case[0] not in WHOLE:
            yield pytest.param(*case[:4], case[4], id=f"{case[0]}-first-turns")


@pytest.mark.parametrize(("game", "kind", "value", "example", "illegal"), list(_entry_cases()))
def test_an_example_entered_with_the_keyboard_alone(cli, server, browser, request, game, kind, value, example, illegal):
    whole = not request.node.callspec.id.endswith("-first-turns")
    text = (ROOT / "examples" / game / example).read_text(encoding="utf-8")
    want_total, _ = cli_score(cli, game, kind, value, text)
    page = new_page(browser, server, viewport={"width": 1100, "height": 900})
    page.goto(server.url + server.made(f"/play/{game}/{kind}/{value}"))
    settle(page, 0)
    # an empty sheet is calm; Tab reaches the name field within 15 presses
    assert page.inner_text("#problems") == "" and page.locator("#total").count() == 0
    assert tab_to(page, "#player", limit=16) <= 15
    page.evaluate("document.activeElement.blur(); window.scrollTo(0, 0)")
    # a choice the rules refuse is not offered
    assert page.locator(f'[data-choice="{illegal}"]').count() == 0
    fields, turns = planned(game, kind, value, text)
    for key, val in fields:
        if key == "size" and "~" in value:  # a variation's page starts at its own size
            assert page.input_value(f"#field-{key}") == val
            continue
        fill_field(page, key, val)
    for turn in turns if whole else turns[:3]:
        for choice in turn:
            press_pick(page, choice)
    if whole:
        assert total_of(page) == want_total
        assert page.inner_text("#status") == "rules: all checks passed"
        if game == "lines-and-sections":  # the game over: the entry's last word, who won
            assert page.inner_text("#ask") == "Bob wins."
    # undo takes the last turn back, and the text follows
    entered = page.input_value("#text")
    before = steps(page)
    page.click("#undo")
    settle(page, before)
    assert page.input_value("#text") != entered
    for choice in (turns if whole else turns[:3])[-1]:
        press_pick(page, choice)
    assert page.input_value("#text") == entered
    if not whole:
        page.close()
        return
    # two players submit; they share the leaderboard's first place, still there after a restart
    for name in ("Ann", "Bob"):
        page.wait_for_function("() => !document.getElementById('send').disabled")
        if page.locator("#who").is_visible():  # a sheet of several players: each sends it as its player 1
            page.locator('#who-players input[value="1"]').check()
        page.fill("#player", name)
        page.click("#send")
        page.wait_for_selector("#leaderboard table")
        settle(page)
    rows = page.locator("#leaderboard tbody tr").all_inner_texts()
    assert [r.split("\t")[:2] for r in rows] == [["1", "Ann"], ["1", "Bob"]]
    page.close()


def test_a_pasted_sheet_is_drawn_and_survives_a_restart(cli, server, browser):
    game, kind, value, example, _illegal = CASES[1]
    text = (ROOT / "examples" / game / example).read_text(encoding="utf-8")
    want_total, _ = cli_score(cli, game, kind, value, text)
    page = new_page(browser, server, viewport={"width": 390, "height": 800})
    page.goto(server.url + server.made(f"/play/{game}/{kind}/{value}"))
    settle(page, 0)
    page.fill("#text", text)
    settle(page, 1)
    assert total_of(page) == want_total
    assert page.locator('.grid[data-grid="store"] .spot').count() == 49
    assert page.locator('.grid[data-grid="store"] .hd').all_inner_texts()[1:8] == list("ABCDEFG")
    assert "light 6" in page.inner_text("#turn-dice") or page.inner_text("#turn-title").startswith("The game is over")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    small = page.evaluate("Array.from(document.querySelectorAll('.spot, #choices button, .tools button'))"
                          ".filter(b => b.offsetParent).map(b => b.getBoundingClientRect())"
                          ".filter(r => r.width < 24 || r.height < 24).length")
    assert small == 0
    page.fill("#player", "Cy")
    page.wait_for_function("() => !document.getElementById('send').disabled")
    page.click("#send")
    page.wait_for_selector("#leaderboard table")
    server.restart()
    page.goto(server.url + server.made(f"/play/{game}/{kind}/{value}"))
    assert ["1", "Cy"] in [r.split("\t")[:2] for r in page.locator("#leaderboard tbody tr").all_inner_texts()]
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


def axe_findings(page) -> list[str]:
    """The serious and critical findings of axe-core (as shipped in the axe-playwright-python wheel) on
    the page as it is now."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page).response
    return [f"{v['id']} ({v['impact']}): {v['nodes'][0]['target']} {v['help']}"
            for v in results["violations"] if v["impact"] in ("serious", "critical")]


# every game at both widths in the long run; a cross-section in the default run
A11Y = [pytest.param(case, width, id=f"{case[0]}-{width}",
                     marks=() if (case[0], width) in {("long-way", 390), ("shelving-wars", 1280)} else pytest.mark.long)
        for case in CASES for width in (1280, 390)]


@pytest.mark.parametrize(("case", "width"), A11Y)
def test_no_serious_accessibility_finding_in_any_state_of_the_page(server, browser, case, width):
    """axe-core finds nothing serious or critical: on the empty page, in the middle of a turn, with a
    whole sheet pasted (the score report), with an unreadable one (the problem shown), and on the index."""
    game, kind, value, example, _illegal = case
    page = new_page(browser, server, viewport={"width": width, "height": 900}, bypass_csp=True)  # axe is put in by script
    page.goto(server.url + server.made(f"/play/{game}/{kind}/{value}"))
    settle(page, 0)
    assert tab_to(page, "#player", limit=16) <= 15
    states = {"empty": axe_findings(page)}
    first = page.locator("[data-choice]").first
    before = steps(page)
    first.click()
    settle(page, before)
    states["a pick made"] = axe_findings(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # a wide grid scrolls in its own box
    before = steps(page)
    page.fill("#text", (ROOT / "examples" / game / example).read_text(encoding="utf-8"))
    settle(page, before)
    page.wait_for_selector("#total")
    states["pasted"] = axe_findings(page)
    before = steps(page)
    page.fill("#text", "?\n")
    page.wait_for_function("() => document.getElementById('problems').textContent !== ''")
    states["unreadable"] = axe_findings(page)
    page.goto(f"{server.url}/")
    states["index"] = axe_findings(page)
    page.close()
    assert {k: v for k, v in states.items() if v} == {}


@pytest.mark.long  # the default run counts the presses at 1100 px in each keyboard test, at 390 px below
def test_tab_reaches_the_name_field_in_15_presses_at_both_widths(server, browser):
    for game, kind, value, *_rest in CASES:
        for width in (1280, 390):
            page = new_page(browser, server, viewport={"width": width, "height": 900})
            page.goto(server.url + server.made(f"/play/{game}/{kind}/{value}"))
            settle(page, 0)
            assert tab_to(page, "#player", limit=16) <= 15, (game, width)
            page.close()



def test_the_accessibility_check_sees_a_finding(browser):
    """axe-core is really run: a button without a name and text too faint to read are found."""
    page = browser.new_page()
    page.set_content('<html lang="en"><title>t</title><main><button></button>'
                     '<p style="color:#eee;background:#fff">faint</p></main></html>')
    found = " ".join(axe_findings(page))
    page.close()
    assert "button-name (critical)" in found and "color-contrast (serious)" in found


def test_a_pasted_sheets_problem_is_marked_on_the_sheet(server, browser):
    page = new_page(browser, server, viewport={"width": 390, "height": 800})
    page.goto(server.url + server.made(f"/play/wobbly-cafe/daily/2026-11-22"))
    settle(page, 0)
    page.fill("#text", (ROOT / "examples/wobbly-cafe/daily-2026-11-22-slip.txt").read_text(encoding="utf-8"))
    page.wait_for_selector(".spot.bad")
    marked = page.eval_on_selector_all(".spot.bad", "bs => bs.map(b => b.dataset.spot + ' ' + b.getAttribute('aria-describedby'))")
    assert marked[:2] == ["f1r1s1 p-0", "f1r1s4 p-0"] and all(m.count("p-") == 1 for m in marked)
    assert page.inner_text("#p-0").startswith("floor 1, row 1: the pair")
    page.close()


def test_a_pick_refused_by_the_server_is_said_and_the_sheet_drawn_afresh(server, browser):
    page = new_page(browser, server, viewport={"width": 1100, "height": 900})
    page.goto(server.url + server.made(f"/play/wobbly-cafe/daily/2026-11-22"))
    settle(page, 0)
    refused = []

    def once(route):  # the server's answer to a page out of date, for the first pick only
        if not refused:
            refused.append(route.request.post_data)
            route.fulfill(status=409, content_type="application/json",
                          body='{"error": "\'f1r1s1\' is not a move the rules allow here"}')
        else:
            route.continue_()

    page.route("**/play", once)
    before = steps(page)
    page.click('[data-choice="f1r1s1"]')
    settle(page, before)
    assert refused and '"picked": ["f1r1s1"]' in refused[0].replace('":["', '": ["')
    assert page.inner_text("#status") == "'f1r1s1' is not a move the rules allow here"
    assert page.locator("#choices button").count() == 0 and page.locator(".spot.can").count() == 44
    page.close()


def test_a_two_player_sheet_gives_two_rows_and_a_variations_sheet_its_own_board(server, browser):
    """The size-8 sheet is refused on the plain page with its own id named; on its own page each player
    submits it, and the leaderboard ranks each one's own result."""
    text = (ROOT / "examples/shelving-wars/seeded-closet.txt").read_text(encoding="utf-8")  # Kim 7, Lee 14
    page = new_page(browser, server, viewport={"width": 1100, "height": 900})
    page.goto(server.url + server.made("/play/shelving-wars/seed/closet"))
    settle(page, 0)
    page.fill("#text", text)
    page.wait_for_function("() => document.getElementById('problems').textContent !== ''")
    assert "this sheet is of shelving-wars#closet~s8 (size 8)" in page.inner_text("#problems")
    assert "/play/shelving-wars/seed/closet~s8" in page.inner_text("#problems")
    assert page.locator("#send").is_disabled()
    page.goto(server.url + server.made("/play/shelving-wars/seed/closet~s8"))
    settle(page, 0)
    for who in ("Kim", "Lee"):
        page.fill("#text", text)
        page.wait_for_selector("#who:not([hidden])")
        assert page.locator("#who-players label").all_inner_texts() == ["Kim (7)", "Lee (14)"]
        page.fill("#player", "")
        page.get_by_label(f"{who} (").check()
        assert page.input_value("#player") == who  # the sheet's name, when none is typed
        page.click("#send")
        page.wait_for_selector("#leaderboard table")
        settle(page)
    rows = [r.split("\t") for r in page.locator("#leaderboard tbody tr").all_inner_texts()]
    assert [r for r in rows if r[1] in ("Kim", "Lee")] == [["1", "Lee", "14", "pasted"], ["2", "Kim", "7", "pasted"]]  # others' too
    page.close()


def test_the_page_says_today_in_utc_and_gives_a_result_to_share(server, browser):
    game, kind, value, example, _illegal = CASES[0]  # the café's daily
    text = (ROOT / "examples" / game / example).read_text(encoding="utf-8")
    page = new_page(browser, server, viewport={"width": 390, "height": 900})
    page.goto(server.url + server.made(f"/play/{game}/{kind}/{value}"))
    settle(page, 0)
    today = datetime.datetime.now(datetime.timezone.utc).date().isoformat()
    assert page.inner_text("#today").startswith(f"Today is {today} in UTC")
    assert page.locator("#share-box").is_hidden()  # nothing to share before a valid sheet
    page.fill("#text", text)
    page.wait_for_selector("#share-box:not([hidden])")
    assert page.input_value("#share") == (f"Wobbly Café · wobbly-cafe@{value}\nscore: 128\n"
                                          f"{server.url}/play/{game}/{kind}/{value}")
    page.fill("#text", "?\n")
    page.wait_for_selector("#share-box[hidden]", state="attached")
    page.close()


@pytest.mark.parametrize("width", [1280, 390])
def test_no_serious_accessibility_finding_on_the_archive_name_and_variation_pages(server, browser, width):
    """The archive, a name's page (with entries and without) and a variation's page, with the players to
    choose from and the result to share shown; each screenshot is kept for a look."""
    text = (ROOT / "examples/shelving-wars/seeded-closet.txt").read_text(encoding="utf-8")
    page = new_page(browser, server, viewport={"width": width, "height": 900}, bypass_csp=True)
    page.goto(server.url + server.made("/play/shelving-wars/seed/closet~s8"))
    settle(page, 0)
    page.fill("#text", text)
    page.wait_for_selector("#who:not([hidden])")
    page.locator('#who-players input[value="2"]').check()
    page.wait_for_selector("#share-box:not([hidden])")
    assert "score: Lee 14" in page.input_value("#share")
    states = {"variation, a player chosen": axe_findings(page)}
    shots = Path(os.environ.get("DESK_SHOTS", "")) if os.environ.get("DESK_SHOTS") else None
    if shots:
        page.screenshot(path=str(shots / f"variation-{width}.png"), full_page=True)
    page.fill("#player", "Lee")
    page.click("#send")
    page.wait_for_selector("#leaderboard table")
    for name, path in (("archive", "/archive/wobbly-cafe"), ("name", "/name/Lee"), ("no-name", "/name/Nobody")):
        page.goto(server.url + path)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        states[name] = axe_findings(page)
        if shots:
            page.screenshot(path=str(shots / f"{name}-{width}.png"), full_page=True)
    page.close()
    assert {k: v for k, v in states.items() if v} == {}


def _roll_shown(page, turn) -> bool:
    """Whether the page (its whole DOM) shows ``turn``'s roll as the entry draws a turn's dice."""
    return f"<span>light {turn.dice[0]}</span><span>dark {turn.dice[1]}</span>" in page.content()


@pytest.mark.parametrize("width", [1280, 390])
def test_a_live_daily_shows_the_next_roll_only_after_the_move_is_stored(server, browser, width):
    """The Long Way's daily played live with the keyboard alone: before the entrance and exit are stored
    no roll is on the page; each turn's roll appears only once the turn before is stored (absent from
    the DOM until then); a reload resumes the game; the entry goes on the leaderboard marked live.  axe
    finds nothing serious in each state, and Tab reaches the start button and the name field in 15."""
    from rollwrite.serve.desk import Desk, challenge

    path = "/play/long-way/daily/2026-11-22"
    rolls = Desk("long-way").schedule(challenge("long-way", "daily", "2026-11-22"), None).group(1)
    assert rolls[0].dice[:2] != rolls[1].dice[:2]  # two turns told apart by their rolls
    page = browser.new_page(**own_address(viewport={"width": width, "height": 900}, bypass_csp=True))
    page.context.add_cookies([{"name": "desk_player", "value": f"live-browser-{width}", "url": server.url}])
    page.goto(server.url + server.made(path + "/live"))
    states = {"live, not started": axe_findings(page)}
    assert tab_to(page, "#start", limit=16) <= 15
    page.keyboard.press("Enter")
    page.wait_for_selector("#play")
    settle(page, 0)
    assert tab_to(page, "#player", limit=16) <= 15
    page.evaluate("document.activeElement.blur(); window.scrollTo(0, 0)")
    states["live, started"] = axe_findings(page)
    assert "sheet.pdf" not in page.content() and "sheet.png" not in page.content()
    assert page.inner_text("#turn-dice") == "" and "<span>light " not in page.content()
    for pick in ("g:A1", "N", "g:G7"):
        press_pick(page, pick)
        assert "<span>light " not in page.content()  # no roll before the entrance and exit are stored
    press_pick(page, "S")
    assert _roll_shown(page, rolls[0]) and not _roll_shown(page, rolls[1])
    assert page.inner_text("#status").startswith("Stored.")
    shots = Path(os.environ["DESK_SHOTS"]) if os.environ.get("DESK_SHOTS") else None
    # turn 1, by the keyboard: turn 2's roll is nowhere on the page until turn 1 is whole and stored
    logged = page.locator("#log li").count()
    while page.locator("#log li").count() == logged:
        assert not _roll_shown(page, rolls[1])
        choice = page.evaluate("Array.from(document.querySelectorAll('[data-choice]')).map(b => b.dataset.choice)"
                               ".filter(c => !['stop', 'rl', 'rd', 'cafe'].includes(c))[0]")
        press_pick(page, choice)
        if page.locator("#log li").count() == logged and "a pick made" not in " ".join(states):
            states["live, a pick made"] = axe_findings(page)
            if shots:
                page.screenshot(path=str(shots / f"live-{width}.png"), full_page=True)
    assert _roll_shown(page, rolls[1])
    # a reload resumes the game at turn 2
    page.reload()
    settle(page, 0)
    assert _roll_shown(page, rolls[1]) and page.locator("#log li").count() == logged + 1
    assert page.input_value("#text").startswith("entrance: A1 N\nexit: G7 S\n")  # the stored turns' text
    assert page.locator("#undo").is_hidden()  # a stored turn is not taken back
    press_pick(page, "stop")
    page.wait_for_function("() => !document.getElementById('send').disabled")
    states["live, over"] = axe_findings(page)
    page.fill("#player", f"Liv{width}")
    page.click("#send")
    page.wait_for_selector("#leaderboard table")
    row = next(r for r in page.locator("#leaderboard tbody tr").all_inner_texts() if f"Liv{width}" in r)
    assert row.split("\t")[-1].strip().lower() == "live", row
    states["live, submitted"] = axe_findings(page)
    if shots:
        page.screenshot(path=str(shots / f"live-submitted-{width}.png"), full_page=True)
    page.close()
    assert {k: v for k, v in states.items() if v} == {}


@pytest.mark.parametrize("game", ["wobbly-cafe", "shelving-wars", "scrambled-streets"])
def test_every_live_game_shows_the_next_roll_only_after_the_turn_is_stored(server, browser, game):
    """The other games played live (The Long Way's test is above), with the keyboard alone, for three
    turns: what the turn shows (the dice, or the card dealt) is the roll of the turn to play, as the
    game's ordinary page shows it for the same turns; and the roll that comes next is nowhere on the page
    (its whole DOM) before the turn is stored, and on it after.  axe finds nothing serious once started."""
    from rollwrite.serve.desk import Desk, challenge

    day = "2026-11-22"
    desk, ch = Desk(game), challenge(game, "daily", day)
    path = f"/play/{game}/daily/{day}"
    page = browser.new_page(**own_address(viewport={"width": 1280, "height": 900}, bypass_csp=True))
    page.context.add_cookies([{"name": "desk_player", "value": f"live-every-{game}", "url": server.url}])
    page.goto(server.url + server.made(path + "/live"))
    assert tab_to(page, "#start", limit=16) <= 15
    page.keyboard.press("Enter")
    page.wait_for_selector("#play")
    settle(page, 0)
    assert axe_findings(page) == []

    def shown() -> str:
        return page.inner_html("#turn-dice")

    def ordinary(text: str) -> list[str]:  # what the game's ordinary page shows as the turn's roll
        view = desk.play(ch, text=text, picked=[])["view"]
        return [art["l"] for art in view["pictures"]] + view["dice"]

    def words() -> list[str]:
        return page.evaluate("Array.from(document.querySelectorAll('#turn-dice > span'))"
                             ".map(s => s.getAttribute('aria-label') || s.textContent)")

    for _ in range(3):
        stored = page.input_value("#text")  # the live page's text: the turns stored
        assert words() == ordinary(stored), "the turn's roll, as the ordinary page shows it"
        before = page.content()
        while page.input_value("#text") == stored:
            before = page.content()
            choice = page.evaluate("Array.from(document.querySelectorAll('[data-choice]')).map(b => b.dataset.choice)"
                                   ".filter(c => c !== 'stop')[0]")
            press_pick(page, choice)
        assert page.inner_text("#status").startswith("Stored.")
        nxt = shown()
        assert nxt and nxt not in before, "the next roll was on the page before the turn was stored"
        assert nxt in page.content()
    page.close()


def widths(default: int) -> list:
    """Both widths, 1280 and 390 px: the ``default`` one in the default run, the other in the long run."""
    return [pytest.param(w, id=str(w), marks=() if w == default else pytest.mark.long) for w in (1280, 390)]


def small_targets(page) -> list[str]:
    """The controls shown on the page (grid spots, buttons, fields, disclosure summaries) less than 24 px
    wide or tall, the least WCAG 2.2 asks of a target (links inside a sentence aside)."""
    return page.evaluate("Array.from(document.querySelectorAll('.spot, button, input, summary, textarea'))"
                         ".filter(b => b.offsetParent && b.type !== 'hidden').filter(b => {"
                         " const r = b.getBoundingClientRect(); return r.width < 24 || r.height < 24; })"
                         ".map(b => b.outerHTML.slice(0, 60))")


def _answer_square(cli, tmp_path) -> str:  # noqa: ANN001 - the cli fixture
    """The winning square of lines-and-sections#club's puzzle, from the answer `rollwrite puzzle` writes."""
    cli("puzzle", "lines-and-sections", "--seed", "club", "--answers", str(tmp_path), "-q", "-o", str(tmp_path / "p.pdf"))
    text = (tmp_path / "lines-and-sections_club.txt").read_text(encoding="utf-8")
    return re.search(r"^shade: ([A-Z][0-9]+)", text, re.M).group(1)  # type: ignore[union-attr]


@pytest.mark.parametrize("width", widths(1280))
def test_a_lines_and_sections_puzzle_is_answered_with_the_keyboard_alone(cli, server, browser, tmp_path, width):
    """The puzzle's page starts from its finished path: no point is offered, every square is; the answer
    shaded with the keyboard says what ``rollwrite score --puzzle`` says (solved, or the reply that wins
    for the opponent); undo takes it back; axe finds nothing serious in any of these states."""
    right = _answer_square(cli, tmp_path)
    wrong = "A1" if right != "A1" else "E5"
    page = opened(browser, server, "/play/lines-and-sections/puzzle-seed/club", width)
    assert page.inner_text("#turn-title") == "Your move: shade the section that wins"
    assert page.locator('.grid[data-grid="points"] [data-choice]').count() == 0  # the path is given
    assert page.locator('.grid[data-grid="squares"] [data-choice]').count() == 25
    assert page.locator("#fields input").count() == 0 and page.locator("#undo").is_disabled()
    assert small_targets(page) == []
    states = {"start": axe_findings(page)}
    for square, want in ((wrong, 1), (right, 0)):
        press_pick(page, square)
        text = page.input_value("#text")
        run = cli("score", "lines-and-sections", "-", "--seed", "club", "--puzzle", input=text)
        doc = json.loads(cli("score", "lines-and-sections", "-", "--seed", "club", "--puzzle", "--json", input=text).stdout)
        assert run.exit_code == want and f"shade: {square} You" in text
        assert page.locator("[data-choice]").count() == 0  # one shading is the answer
        if want:
            page.wait_for_selector("#problems li")
            assert page.inner_text("#total") == "not solved"
            assert page.locator("#problems li").all_inner_texts() == [f"{p['where']}: {p['message']}" for p in doc["problems"]]
            assert page.locator('.spot.bad[data-spot="%s"]' % wrong).count() == 1
            states["wrong"] = axe_findings(page)
            before = steps(page)
            page.click("#undo")
            settle(page, before)
            assert page.input_value("#text") == "" and page.locator('.grid[data-grid="squares"] [data-choice]').count() == 25
        else:
            assert page.inner_text("#total") == "solved (the one right answer)"
            assert page.inner_text("#status") == "rules: all checks passed" and doc["valid"]
            assert page.locator("#who").is_hidden()  # a solo puzzle: no player of the sheet to choose
            assert page.input_value("#share").splitlines()[1] == "score: solved (the one right answer)"
            states["solved"] = axe_findings(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.fill("#player", "Pia")
    page.click("#send")
    page.wait_for_selector("#leaderboard table")
    assert ["1", "Pia"] in [r.split("\t")[:2] for r in page.locator("#leaderboard tbody tr").all_inner_texts()]
    page.close()
    assert {k: v for k, v in states.items() if v} == {}


def test_a_live_game_played_on_in_another_tab_is_drawn_afresh(server, browser):
    """Two tabs of one live game: a pick in the tab left behind is refused, saying so, and that tab is drawn
    again as the desk stored the game (the other tab's turn in it)."""
    path = "/play/long-way/daily/2026-11-22"
    context = browser.new_context(**own_address(viewport={"width": 1100, "height": 900}))
    context.add_cookies([{"name": "desk_player", "value": "live-browser-tabs", "url": server.url}])
    first, second = context.new_page(), context.new_page()
    first.goto(server.url + server.made(path + "/live"))
    first.click("#start")
    first.wait_for_selector("#play")
    settle(first, 0)
    second.goto(server.url + path + "/live")
    settle(second, 0)
    for pick in ("g:A1", "N", "g:G7", "S"):
        press_pick(first, pick)
    assert first.inner_text("#turn-dice") != "" and second.inner_text("#turn-dice") == ""  # the gates stored in one
    before = steps(second)
    second.click('[data-choice="g:B1"]')
    second.wait_for_function(f"() => +(document.getElementById('desk').dataset.steps || 0) > {before}")
    second.wait_for_function("() => document.getElementById('status').textContent.includes('moved on')")
    assert second.inner_text("#turn-dice") == first.inner_text("#turn-dice")  # the game as stored, gates and all
    assert second.locator(".spot.gate").count() == 2
    context.close()


@pytest.mark.parametrize("width", widths(390))
def test_scrambled_streets_cards_are_drawn_and_placed_with_the_keyboard_alone(cli, server, browser, width):
    """The city's cards are drawn as their faces (streets, number, words for screen readers) in cells of
    a card's shape; the card dealt is drawn; a card is pushed and placed with the keyboard, each way up
    drawn on its button; undo takes it back; the whole example pasted scores the command line's total;
    the cards are big enough to pick, the page no wider than the screen, and axe finds nothing serious."""
    game, kind, value, example, illegal = CASES[2]
    text = (ROOT / "examples" / game / example).read_text(encoding="utf-8")
    want_total, _ = cli_score(cli, game, kind, value, text)
    page = opened(browser, server, f"/play/{game}/{kind}/{value}", width)
    assert page.get_attribute("#turn-dice .picture", "aria-label").startswith("card 12, up: ")
    assert page.locator('.grid[data-grid="city"] .spot').count() == 4
    card = page.locator('.grid[data-grid="city"] [data-spot="c18"]')
    assert card.inner_text() == "18" and "down" in card.get_attribute("class").split()
    assert card.get_attribute("aria-label").startswith("card 18, down (turned half round): white street from bottom")
    assert card.locator("svg path").count() >= 3 * 2  # three streets, each a casing and an edge at least
    box = card.bounding_box()
    assert box is not None and box["width"] >= 24 and box["height"] / box["width"] == pytest.approx(88 / 63, rel=0.05)
    assert page.locator(f'[data-choice="{illegal}"]').count() == 0  # card 12 is in hand, not in the city
    assert small_targets(page) == []
    states = {"start": axe_findings(page)}
    press_pick(page, "c5")
    assert page.locator('.grid[data-grid="city"] .spot.chosen').count() == 1
    assert sorted(page.eval_on_selector_all('.grid[data-grid="city"] [data-choice]', "bs => bs.map(b => b.dataset.choice)")) == ["c18", "c40"]
    press_pick(page, "c40")
    assert page.locator("#choices button .picture svg").count() == 2  # each way up, drawn
    slot = page.locator('.grid[data-grid="city"] [data-spot="slot"]')  # the space the push opens, below 40
    assert slot.get_attribute("aria-label") == "the space card 12 goes into" and slot.get_attribute("data-y") == "1"
    assert page.get_attribute('[data-spot="c5"]', "data-y") == "2"
    assert page.get_attribute('[data-choice="down"]', "aria-label").startswith("card 12 down (turned half round): card 12, down")
    states["which way up"] = axe_findings(page)
    press_pick(page, "down")
    assert page.locator('.grid[data-grid="city"] .spot').count() == 5
    assert "down" in page.get_attribute('[data-spot="c12"]', "class").split()
    entered = page.input_value("#text")
    assert "\n1. 12 down at 40|5 push 5\n" in entered
    before = steps(page)
    page.click("#undo")
    settle(page, before)
    assert page.locator('.grid[data-grid="city"] .spot').count() == 4 and page.input_value("#text") == ""
    before = steps(page)
    page.fill("#text", text)
    settle(page, before)
    assert total_of(page) == want_total
    spots = page.eval_on_selector_all('.grid[data-grid="city"] .spot', "bs => bs.map(b => b.getBoundingClientRect())"
                                      ".map(r => [r.width, r.height])")
    assert len(spots) == 48 and min(min(s) for s in spots) >= 24 and small_targets(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # a wide city scrolls in its own box
    states["the whole city"] = axe_findings(page)
    page.close()
    assert {k: v for k, v in states.items() if v} == {}


@pytest.mark.parametrize("width", widths(1280))
def test_a_scrambled_streets_puzzle_is_answered_with_the_keyboard_alone(cli, server, browser, width):
    """The puzzle's page starts from the city the puzzle prints; the card drawn placed with the keyboard
    scores what ``rollwrite score --puzzle`` says, against par; its turns are not undone, the answer is;
    axe finds nothing serious."""
    from rollwrite.serve.desk import Desk, challenge

    desk = Desk("scrambled-streets")
    ch = challenge("scrambled-streets", "puzzle-seed", "picnic")
    schedule = desk.schedule(ch, None)
    page = opened(browser, server, ch.path, width)
    given = len(schedule.given.moves)
    assert page.locator('.grid[data-grid="city"] .spot').count() == 4 + given and page.locator("#undo").is_disabled()
    card = schedule.order[-1]
    assert page.inner_text("#turn-title").endswith(f"places card {card}")
    assert page.locator(f'[data-choice="c{card}"]').count() == 0  # the card drawn is not in the city yet
    states = {"start": axe_findings(page)}
    for _pick in ("the card to push", "the card across the edge"):
        press_pick(page, page.get_attribute('.grid[data-grid="city"] [data-choice]', "data-choice"))
    press_pick(page, "down")
    text = page.input_value("#text")
    doc = json.loads(cli("score", "scrambled-streets", "-", "--seed", "picnic", "--puzzle", "--json", input=text).stdout)
    assert doc["valid"] and page.inner_text("#par").startswith(f"{doc['total']} of par {doc['par']}")
    assert page.inner_text("#total") == f"total: {doc['total']}" and page.locator("#who").is_hidden()
    assert page.locator("[data-choice]").count() == 0 and page.inner_text("#turn-title").startswith("Your answer: card")
    states["answered"] = axe_findings(page)
    before = steps(page)
    page.click("#undo")
    settle(page, before)
    assert page.input_value("#text") == "" and page.locator('.grid[data-grid="city"] .spot').count() == 4 + given
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.close()
    assert {k: v for k, v in states.items() if v} == {}


@pytest.mark.parametrize("width", widths(1280))
def test_a_shelving_wars_puzzle_is_played_alone_with_the_keyboard(cli, server, browser, tmp_path, width):
    """The puzzle's page starts from the puzzle's own battlefield (10 squares a side, one player, no field
    to fill) and its first roll; the answer `rollwrite puzzle --answers` writes, entered box by box with
    the keyboard, scores what ``rollwrite score --puzzle`` says against par, and the game ends where the
    rules end it; undo takes the last box back; axe finds nothing serious."""
    cli("puzzle", "shelving-wars", "--seed", "closet", "--answers", str(tmp_path), "-q", "-o", str(tmp_path / "p.pdf"))
    answer = (tmp_path / "shelving-wars_closet.txt").read_text(encoding="utf-8")
    _fields, turns = planned("shelving-wars", "puzzle-seed", "closet", answer)
    page = opened(browser, server, "/play/shelving-wars/puzzle-seed/closet", width)
    assert page.inner_text("#turn-title") == "Turn 1 of 8: your roll"
    assert page.locator('.grid[data-grid="field"] .spot').count() == 100  # the puzzle's battlefield, not 15 × 15
    assert page.locator("#fields input").count() == 0 and page.locator("#undo").is_disabled()
    assert sorted(page.eval_on_selector_all("#choices [data-choice]", "bs => bs.map(b => b.dataset.choice)")) == [
        "box1x2", "box1x6", "box2x1", "box2x6", "box6x1", "box6x2"]  # the roll 2 1 6: no 6 × 6, no shelf yet
    assert small_targets(page) == []
    states = {"start": axe_findings(page)}
    press_pick(page, turns[0][0])
    assert page.eval_on_selector_all('.grid[data-grid="field"] [data-choice]', "bs => bs.map(b => b.dataset.choice)") == ["A1"]
    states["where the first box goes"] = axe_findings(page)
    press_pick(page, turns[0][1])
    texts = [page.input_value("#text")]
    for turn in turns[1:]:
        for pick in turn:
            press_pick(page, pick)
        texts.append(page.input_value("#text"))
    text = texts[-1]
    doc = json.loads(cli("score", "shelving-wars", "-", "--seed", "closet", "--puzzle", "--json", input=text).stdout)
    assert doc["valid"] and doc["total"] == 49 and "player: You" in text
    page.wait_for_selector("#par")
    assert page.inner_text("#par").startswith("49 of par 49") and page.locator("#who").is_hidden()
    assert page.locator("[data-choice]").count() == 0
    assert page.inner_text("#turn-title").startswith("Your answer: turn 7's roll")
    assert page.inner_text("#status") == "rules: all checks passed"
    states["answered"] = axe_findings(page)
    before = steps(page)
    page.click("#undo")
    settle(page, before)
    assert page.input_value("#text") == texts[-2] and page.inner_text("#turn-title") == "Turn 6 of 8: your roll"
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.close()
    assert {k: v for k, v in states.items() if v} == {}
