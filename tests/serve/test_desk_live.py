"""Live play on the desk: a live game shows each roll only once the turn before is stored.

Tested as an attacker would (traffic only to the app in this process): no answer of any live route holds
a later roll (an answer is the same whatever the later rolls are); a turn is not stored out of order or
from a page out of date, an illegal move is refused, a stored turn is not taken back; a pasted sheet is
never marked live, whatever its form says; two tabs of one live game do not corrupt it; another
browser cannot play it.  And the record: a database of schema 3 is brought to 4 (SQLite and PostgreSQL).
"""

from __future__ import annotations

import dataclasses
import datetime
import re
import threading
import time
from pathlib import Path

import pytest
from sqlalchemy import create_engine, insert, select, text
from starlette.testclient import TestClient

from rollwrite.serve import db
from rollwrite.serve.app import COOKIE, PLAYER, make_app
from rollwrite.serve.desk import Desk, challenge, game_slugs
from rollwrite.serve.settings import Settings
from rollwrite.valueclass import replace

from desk_server import ready

ROOT = Path(__file__).resolve().parents[2]
TODAY = datetime.date(2026, 11, 24)
DAY = "/play/long-way/daily/2026-11-22"
#: every game the desk plays live (each is held to the tests below)
LIVE_GAMES = [slug for slug in game_slugs() if Desk(slug).entry is not None and Desk(slug).entry.live]




def _client(app, key: str = "alice-key") -> TestClient:
    c = TestClient(app, base_url="http://127.0.0.1")
    c.cookies.set(PLAYER, key)
    return c


@pytest.fixture
def app(tmp_path, maker):
    return make_app(str(tmp_path / "desk.sqlite"), today=lambda: TODAY, maker=maker, prepare_ahead=False)


def start(client, path: str = DAY):
    page = ready(client, path + "/live")
    assert page.status_code == 200, page.text
    assert 'id="start-live"' in page.text
    started = client.post(path + "/live", data={"csrf": client.cookies.get(COOKIE)}, follow_redirects=False)
    assert started.status_code == 303 and started.headers["location"] == path + "/live"
    return step(client, path=path)


def step(client, picked=(), seq=None, path: str = DAY, status: int = 200, **extra):
    body = {"picked": list(picked), **({} if seq is None else {"seq": seq}), **extra}
    for _ in range(20):  # faster than a player: the desk's own limit on checks holds it back a moment
        answer = client.post(path + "/live-play", json=body, headers={"X-CSRF-Token": client.cookies.get(COOKIE)})
        if answer.status_code != 429 or status == 429:
            break
        time.sleep(float(answer.headers["Retry-After"]))
    assert answer.status_code == status, answer.text
    return answer.json()


def schedule_of(game: str, value: str = "2026-11-22", kind: str = "daily"):
    desk, ch = Desk(game), challenge(game, kind, value)
    return desk, ch


def dice_words(turn) -> list[str]:
    return [f"light {turn.dice[0]}", f"dark {turn.dice[1]}"]


def play_through(client, path: str = DAY, prefer=()) -> dict:
    """Play a live game to its end, taking the first choice offered (one of ``prefer`` when offered)."""
    doc = step(client, path=path)
    for _ in range(400):
        ids = [c["id"] for c in doc["choices"]]
        if not ids:
            return doc
        pick = next((p for p in prefer if p in ids), None) or next((i for i in ids if i != "stop"), ids[0])
        doc = step(client, doc["picked"] + [pick], doc["seq"], path=path)
    raise AssertionError("the game never ended")


def test_the_games_with_rolls_or_cards_are_played_live():
    assert sorted(LIVE_GAMES) == ["long-way", "scrambled-streets", "shelving-wars", "wobbly-cafe"]


# ---- the rolls: never one too early ----------------------------------------------------------------------

def _revealed_count(shown) -> int:
    if hasattr(shown, "blank"):  # a Shelving Wars puzzle's page: its solo rolls and battlefield
        shown = shown.dice
    if hasattr(shown, "turns"):
        return sum(1 for t in shown.turns if any(t.dice))
    return sum(1 for c in shown.order if c)


def _other(schedule, shown):
    """``schedule`` with every value ``shown`` blanks changed: the later rolls of another day."""
    if hasattr(schedule, "blank"):
        return dataclasses.replace(schedule, dice=_other(schedule.dice, shown.dice))
    if hasattr(schedule, "turns"):
        sides = schedule.spec.sides
        turns = tuple(replace(t, dice=tuple(v if s else v % sides + 1 for v, s in zip(t.dice, u.dice)),
                              rerolls=tuple(tuple(v if s else v % sides + 1 for v, s in zip(r, q))
                                            for r, q in zip(t.rerolls, u.rerolls)))
                      for t, u in zip(schedule.turns, shown.turns))
        return replace(schedule, turns=turns)
    k = next((i for i, c in enumerate(shown.order) if not c), len(shown.order))
    return replace(schedule, order=schedule.order[:k] + tuple(reversed(schedule.order[k:])))


@pytest.mark.parametrize("game, kind", [(game, "daily") for game in LIVE_GAMES] + [
    ("shelving-wars", "puzzle-daily"), ("wobbly-cafe", "puzzle-daily")])
def test_no_answer_of_a_live_game_depends_on_a_later_roll(game, kind, monkeypatch):
    """Each step of a live game (a daily, or a puzzle that starts from the empty sheet), answered again
    with every roll it has not reached changed, is answered the same; and each stored turn shows exactly
    one more roll (or card)."""
    desk, ch = schedule_of(game, "2027-01-05" if kind.startswith("puzzle") else "2026-11-22", kind)
    assert desk.can_live(ch)
    data, entry = desk.layout.data, desk.entry
    full = desk.schedule
    state = {"text": "", "locked": [], "turns": 0}
    picked: list[str] = []
    shown_before = None
    for _ in range(400):
        args = dict(text=state["text"], locked=state["locked"], turns=state["turns"], picked=picked)
        answer = desk.live_step(ch, **args)
        sheet = desk.read(answer["text"]) if answer["text"] else desk.start(ch)
        shown = entry.revealed(sheet, answer["picked"], data, full(ch, sheet))
        monkeypatch.setattr(desk, "schedule", lambda c, s, shown=shown: _other(full(c, s), shown))
        assert desk.live_step(ch, **args) == answer, "an answer told a roll it had not reached"
        monkeypatch.setattr(desk, "schedule", full)
        if shown_before is not None and "store" in answer and answer["store"]["turns"] > state["turns"]:
            more = _revealed_count(shown) - _revealed_count(shown_before)
            assert more == (0 if answer["view"]["done"] else 1) or (more == 1 and game == "shelving-wars"), more
        if "store" in answer:
            state = {"text": answer["store"]["text"], "locked": answer["store"]["picks"], "turns": answer["store"]["turns"]}
        shown_before = shown
        ids = [c["id"] for c in answer["choices"]]
        if not ids:
            assert answer["view"]["done"] and answer["check"]["valid"], answer.get("check")
            return
        # rerolls and coins where offered (The Long Way), so that a reroll's value is shown too
        pick = next((p for p in ("b:coins", "rl") if p in ids and answer["picked"].count("rl") < 1), None)
        picked = answer["picked"] + [pick or next((i for i in ids if i != "stop"), ids[0])]
    raise AssertionError("the game never ended")


def test_a_reroll_once_shown_cannot_be_taken_back():
    """long-way#picnic played live as its example was: the reroll's value shows once it is picked, and
    stays picked (Back comes back to it); the turn is then played with the rerolled die."""
    desk, ch = Desk("long-way"), challenge("long-way", "seed", "picnic")
    example = desk.read((ROOT / "examples/long-way/picnic.txt").read_text(encoding="utf-8"))
    turns = desk.entry.turns(example, desk.layout.data, desk.schedule(ch, example))
    state = {"text": "", "locked": [], "turns": 0}
    for turn in turns:
        if turn[0] in ("rl", "rd"):
            before = desk.live_step(ch, **state, picked=[])
            assert "not shown yet" in " ".join(before["view"]["dice"])
            rolled = desk.live_step(ch, **state, picked=turn[:1])
            assert rolled["locked"] == turn[:1]  # stored: no turn more, but the reroll
            assert rolled["store"] == {"turns": state["turns"], "picks": turn[:1], "text": state["text"], "finished": False}
            assert rolled["view"]["dice"] != before["view"]["dice"]  # its value, shown
            state["locked"] = turn[:1]
            assert desk.live_step(ch, **state, picked=[])["picked"] == turn[:1]  # Back comes back to the reroll
            with pytest.raises(Exception, match="cannot be taken back"):
                desk.live_step(ch, **state, picked=[p for p in turn if p not in ("rl", "rd")])
        answer = desk.live_step(ch, **state, picked=turn)
        assert answer["changed"]
        state = {"text": answer["store"]["text"], "locked": answer["store"]["picks"], "turns": answer["store"]["turns"]}
    assert any(t[0] in ("rl", "rd") for t in turns)
    assert answer["view"]["done"] and answer["check"]["total"] == 7


def test_the_live_page_and_answers_show_only_the_turn_to_play(app):
    desk, ch = schedule_of("long-way")
    turns = desk.schedule(ch, None).group(1)
    with _client(app) as alice:
        first = start(alice)
        assert first["view"]["dice"] == [] and first["seq"] == 0  # the entrance and exit come before any roll
        page = alice.get(DAY + "/live").text
        for leak in ("sheet.pdf", "sheet.png", "<svg", 'class="dice"', "rollwrite score"):
            assert leak not in page, leak  # no printed sheet, no dice list, no command before the end
        doc = first
        for pick in ("g:A1", "N", "g:G7", "S"):  # the gates: a whole turn, stored; then turn 1's roll
            assert doc["view"]["dice"] == []
            doc = step(alice, doc["picked"] + [pick], doc["seq"])
        assert doc["changed"] and doc["turns"] == 1 and doc["view"]["dice"][:2] == dice_words(turns[0])
        for n in range(1, 4):  # each turn's answer brings the next roll, none before
            tile = next(c["id"] for c in doc["choices"] if c["id"].startswith("t:"))
            doc = step(alice, [tile], doc["seq"])
            assert not doc["changed"] and doc["view"]["dice"][:2] == dice_words(turns[n - 1])
            while not doc["changed"]:
                doc = step(alice, doc["picked"] + [doc["choices"][0]["id"]], doc["seq"])
            assert doc["view"]["dice"][:2] == dice_words(turns[n]) and doc["turns"] == n + 1
        # a reload resumes the game where it was
        again = step(alice)
        assert again["view"] == doc["view"] and again["seq"] == doc["seq"] and again["text"] == doc["text"]
        assert "not shown yet" in " ".join(doc["view"]["dice"])  # the rerolls' values are held back too
        # the check, which would evaluate the whole day's dice, waits for the end
        assert "check" not in doc


def test_a_name_is_set_at_any_time_and_a_setting_that_changes_the_dice_before_the_first_turn():
    desk, ch = Desk("shelving-wars"), challenge("shelving-wars", "daily", "2026-11-22")
    first = desk.live_step(ch, text="", locked=[], turns=0, picked=[], field=("players", "3"))
    state = {"text": first["store"]["text"], "locked": [], "turns": 0}
    turn = desk.live_step(ch, **state, picked=[])
    while "store" not in turn or turn["store"]["turns"] == 0:
        turn = desk.live_step(ch, **state, picked=turn["picked"] + [turn["choices"][0]["id"]])
    state = {"text": turn["store"]["text"], "locked": [], "turns": 1}
    named = desk.live_step(ch, **state, picked=[], field=("p1", "Kim"))
    assert named["store"]["turns"] == 1 and "Kim" in named["text"]
    with pytest.raises(Exception, match="before the first turn"):  # the rules say so; the desk would too
        desk.live_step(ch, **state, picked=[], field=("players", "2"))


# ---- attacks ---------------------------------------------------------------------------------------

def test_a_turn_out_of_order_an_illegal_move_or_an_undo_is_refused(app):
    with _client(app) as alice:
        doc = start(alice)
        assert "not a move the rules allow" in step(alice, ["g:D4"], doc["seq"], status=409)["error"]  # inside the store
        assert "not a move the rules allow" in step(alice, ["N"], doc["seq"], status=409)["error"]  # a wall before its space
        gates = step(alice, ["g:A1", "N", "g:G7", "S"], doc["seq"])
        assert gates["turns"] == 1
        # the same turn sent again (a page out of date, or a replay): refused, nothing stored twice
        assert "moved on" in step(alice, ["g:A1", "N", "g:G7", "S"], doc["seq"], status=409)["error"]
        assert "moved on" in step(alice, ["stop"], doc["seq"] + 5, status=409)["error"]  # a number of its own
        assert "cannot be taken back" in step(alice, [], gates["seq"], undo=True, status=409)["error"]
        assert "no field" in step(alice, [], gates["seq"], field=["name", "x"], status=409)["error"]
        assert step(alice, [], "1", status=400)  # the number, as a number
        assert step(alice)["turns"] == 1
        # a text sent along is not read: the game is the desk's record
        forged = step(alice, ["stop"], gates["seq"], text="anything at all")
        assert forged["turns"] == 2 and forged["finished"]
        assert "is over" in step(alice, ["stop"], forged["seq"], status=409)["error"]


def test_another_browser_cannot_play_or_see_your_live_game(app):
    with _client(app, "alice-key") as alice, _client(app, "mallory-key") as mallory:
        doc = start(alice)
        step(alice, ["g:A1", "N", "g:G7", "S"], doc["seq"])
        assert ready(mallory, DAY + "/live").status_code == 200
        csrf = mallory.cookies.get(COOKIE)
        for body in ({"picked": []}, {"picked": ["stop"], "seq": 1}):
            answer = mallory.post(DAY + "/live-play", json=body, headers={"X-CSRF-Token": csrf})
            assert answer.status_code == 404 and "plays no live game" in answer.json()["error"]
        assert mallory.post(DAY + "/live-submit", data={"csrf": csrf, "name": "Mal"}).status_code == 404
        # a page of another site cannot play it for alice (the form token and Origin are checked)
        assert alice.post(DAY + "/live-play", json={"picked": []}, headers={"X-CSRF-Token": "x"}).status_code == 403
        assert alice.post(DAY + "/live-play", json={"picked": []}, headers={
            "X-CSRF-Token": alice.cookies.get(COOKIE), "Origin": "http://evil.example"}).status_code == 403
        assert step(alice)["turns"] == 1  # untouched


def test_two_tabs_of_one_live_game_store_each_turn_once(db_url, maker):
    """Over SQLite and PostgreSQL."""
    app = make_app(db_url, today=lambda: TODAY, maker=maker, prepare_ahead=False)
    with _client(app) as alice:
        doc = start(alice)
        gates = step(alice, ["g:A1", "N", "g:G7", "S"], doc["seq"])
        # both tabs send the same whole turn (stop) at once: one is stored, the other told to redraw
        results: list[int] = []
        barrier = threading.Barrier(2)

        def send() -> None:
            barrier.wait()
            answer = alice.post(DAY + "/live-play", json={"picked": ["stop"], "seq": gates["seq"]},
                                headers={"X-CSRF-Token": alice.cookies.get(COOKIE)})
            results.append(answer.status_code)

        tabs = [threading.Thread(target=send) for _ in range(2)]
        for t in tabs:
            t.start()
        for t in tabs:
            t.join(60)
        assert sorted(results) == [200, 409], results
        final = step(alice)
        assert final["turns"] == 2 and final["finished"] and final["text"].count("stop") == 1


def test_two_tabs_racing_in_the_database_store_once(db_url):
    """The record's own guard, on SQLite and PostgreSQL: a state read by two pages is stored by one."""
    engine = db.open_db(db_url)
    game = db.start_live(engine, "long-way@2026-11-22", "k")
    assert db.start_live(engine, "long-way@2026-11-22", "k") == game  # started twice: the same game
    first = db.save_live(engine, game, sheet="a", turns=1, picks=(), finished=False)
    assert first is not None and first.seq == 1
    assert db.save_live(engine, game, sheet="b", turns=1, picks=(), finished=False) is None
    assert db.live_game(engine, "long-way@2026-11-22", "k").sheet == "a"
    assert db.live_game(engine, "long-way@2026-11-22", "other") is None
    engine.dispose()


def test_a_pasted_sheet_is_never_live_and_a_live_entry_is_the_records(app):
    good = (ROOT / "examples/wobbly-cafe/daily-2026-11-22.txt").read_text(encoding="utf-8")
    cafe = "/play/wobbly-cafe/daily/2026-11-22"
    with _client(app) as alice:
        assert ready(alice, cafe).status_code == 200
        csrf = alice.cookies.get(COOKIE)
        stored = alice.post(cafe + "/submit", data={"csrf": csrf, "name": "Ann", "text": good, "live": "1"},
                            follow_redirects=False)
        assert stored.status_code == 303
        assert alice.get(cafe + "/leaderboard.json").json()["places"][0]["live"] is False
        # live-submit takes no text: before the live game ends it is refused, whatever the form holds
        assert alice.post(cafe + "/live-submit", data={"csrf": csrf, "name": "Ann", "text": good}).status_code == 404
        start(alice, cafe)
        assert alice.post(cafe + "/live-submit", data={"csrf": csrf, "name": "Ann", "text": good}).status_code == 409
        end = play_through(alice, cafe)
        assert end["finished"] and end["check"]["valid"]
        sent = alice.post(cafe + "/live-submit", data={"csrf": csrf, "name": "Liv", "text": good}, follow_redirects=False)
        assert sent.status_code == 303 and sent.headers["location"].startswith(cafe + "/live?stored=")
        board = alice.get(cafe + "/leaderboard.json").json()["places"]
        liv = next(p for p in board if p["name"] == "Liv")
        assert liv["live"] is True and liv["score"] == float(end["check"]["total"])  # the game's score, not the form's
        page = alice.get(cafe).text
        assert re.search(r'Liv</a></td><td>[^<]+</td><td><span class="live-mark">live</span>', page)
        assert re.search(r'Ann</a></td><td>[^<]+</td><td>pasted</td>', page)
        assert '<span class="live-mark">live</span>' in alice.get("/name/Liv").text
        assert "(1 <span class=\"live-mark\">live</span>)" in alice.get("/archive/wobbly-cafe").text
        # one live game, one entry: again under its name (case and spacing aside) is fine, under another not
        assert alice.post(cafe + "/live-submit", data={"csrf": csrf, "name": "LIV"},
                          follow_redirects=False).status_code == 303
        other = alice.post(cafe + "/live-submit", data={"csrf": csrf, "name": "Zed"}, follow_redirects=False)
        assert other.status_code == 409 and "(liv, as names are compared)" in other.text
        assert "Zed" not in [p["name"] for p in alice.get(cafe + "/leaderboard.json").json()["places"]]


def test_each_player_of_a_live_game_goes_under_one_name(app):
    shelves = "/play/shelving-wars/daily/2026-11-22"
    with _client(app) as alice:
        start(alice, shelves)
        end = play_through(alice, shelves)
        assert end["finished"] and len(end["check"]["players"]) == 2
        csrf = alice.cookies.get(COOKIE)

        def send(name: str, player: str):
            return alice.post(shelves + "/live-submit", data={"csrf": csrf, "name": name, "player": player},
                              follow_redirects=False)

        assert send("Kim", "1").status_code == 303 and send("Lee", "2").status_code == 303
        assert send("kim", "1").status_code == 303  # again, the same name
        for name, player in (("Zed", "1"), ("Kim", "2")):
            refused = send(name, player)
            assert refused.status_code == 409 and "is one entry a player" in refused.text
        board = alice.get(shelves + "/leaderboard.json").json()["places"]
        assert sorted((p["name"], p["live"]) for p in board) == [("Kim", True), ("Lee", True)]


def test_lines_and_sections_says_it_has_no_live_play(app):
    with _client(app) as alice:
        page = ready(alice, "/play/lines-and-sections/daily/2026-11-22")
        assert page.status_code == 200 and "has no dice and no cards" in page.text and "/live" not in page.text
        live = alice.get("/play/lines-and-sections/puzzle-daily/2026-11-22/live")
        assert live.status_code == 404 and "nothing to hold back and no live play" in live.text
        index = alice.get("/").text
        assert f'href="/play/long-way/daily/{TODAY.isoformat()}/live"' in index
        assert "/play/lines-and-sections/puzzle-daily/" in index and "lines-and-sections/puzzle-daily/" + TODAY.isoformat() + "/live" not in index
        finish = alice.get("/play/long-way/finish-daily/2026-11-22/live")
        assert finish.status_code == 404 and "printed on its sheet" in finish.text


# ---- a desk that ranks only live play -------------------------------------------------------------------

def test_a_live_only_desk_holds_the_rolls_back_and_ranks_live_play(tmp_path, maker):
    good = (ROOT / "examples/wobbly-cafe/daily-2026-11-22.txt").read_text(encoding="utf-8")
    cafe = "/play/wobbly-cafe/daily/2026-11-22"
    path = str(tmp_path / "desk.sqlite")
    engine = db.open_db(path)  # an entry pasted before the desk ranked only live play
    db.submit(engine, challenge="wobbly-cafe@2026-11-22", game="wobbly-cafe", name="Old", score=999, sheet=good)
    engine.dispose()
    app = make_app(path, settings=Settings(db=path, prepare_ahead=False, live_only=True), today=lambda: TODAY,
                   maker=maker)
    with _client(app) as alice:
        index = alice.get("/").text  # the front page says how this desk ranks, and the games played live
        assert 'id="live-only"' in index and "ranks only live play" in index and "Print the day's sheet" not in index
        assert index.count("play it live") == 1 + len(LIVE_GAMES)
        moved = alice.get(cafe, follow_redirects=False)
        assert moved.status_code == 303 and moved.headers["location"] == cafe + "/live"
        page = ready(alice, cafe + "/live")
        assert "ranks only live play" in page.text and 'id="all-rolls"' not in page.text
        assert "Not ranked: entered as text" in page.text and "Old" in page.text
        csrf = alice.cookies.get(COOKIE)
        for action in ("sheet.pdf", "sheet.png"):
            refused = alice.get(f"{cafe}/{action}")
            assert refused.status_code == 403 and "ranks only live play" in refused.text
        for action, kw in (("submit", {"data": {"csrf": csrf, "name": "Ann", "text": good}}),
                           ("check", {"json": {"text": good}, "headers": {"X-CSRF-Token": csrf}}),
                           ("play", {"json": {"text": "", "picked": []}, "headers": {"X-CSRF-Token": csrf}})):
            refused = alice.post(f"{cafe}/{action}", **kw)
            assert refused.status_code == 403 and "ranks only live play" in refused.text, action
        start(alice, cafe)
        assert play_through(alice, cafe)["finished"]
        assert alice.post(cafe + "/live-submit", data={"csrf": csrf, "name": "Liv"},
                          follow_redirects=False).status_code == 303
        board = alice.get(cafe + "/leaderboard.json").json()
        assert board["live_only"] is True
        assert [(p["name"], p["live"]) for p in board["places"]] == [("Liv", True)]
        assert [(p["name"], p["rank"]) for p in board["unranked"]] == [("Old", 1)]
        # a game without dice keeps its pasted entries (nothing to hold back)
        assert ready(alice, "/play/lines-and-sections/daily/2026-11-22").status_code == 200
    # once the daily has closed, its page shows its dice again, and no live game starts
    later = make_app(path, settings=Settings(db=path, prepare_ahead=False, live_only=True),
                     today=lambda: datetime.date(2026, 12, 30), maker=maker)
    with _client(later, "bob-key") as bob:
        assert ready(bob, cafe).status_code == 200 and 'class="dice"' in bob.get(cafe).text
        assert 'id="live-closed"' in bob.get(cafe + "/live").text
        assert bob.post(cafe + "/live", data={"csrf": bob.cookies.get(COOKIE)}).status_code == 403


def test_rollwrite_serve_live_only_as_docs_desk_md_shows_it(tmp_path):
    """``rollwrite serve --live-only``, a real process: it says so as it starts, the page of a daily leads
    to its live page, and the PDF is held back."""
    import urllib.error
    import urllib.request

    from desk_server import Server

    server = Server(tmp_path / "desk.sqlite", args=("--live-only",)).start()
    try:
        assert "ranking live play only" in server.said().splitlines()[0]  # its first line, as it starts
        opener = urllib.request.build_opener(type("NoRedirect", (urllib.request.HTTPRedirectHandler,), {
            "redirect_request": lambda *a, **k: None}))
        with pytest.raises(urllib.error.HTTPError) as moved:
            opener.open(server.url + "/play/wobbly-cafe/daily/2026-11-22", timeout=60)
        assert moved.value.code == 303 and moved.value.headers["Location"] == "/play/wobbly-cafe/daily/2026-11-22/live"
        with pytest.raises(urllib.error.HTTPError) as held:
            urllib.request.urlopen(server.url + "/play/wobbly-cafe/daily/2026-11-22/sheet.pdf", timeout=60)
        assert held.value.code == 403 and b"ranks only live play" in held.value.read()
        assert b"ranks only live play" in server.ready("/play/wobbly-cafe/daily/2026-11-22/live")
    finally:
        server.stop()


# ---- the record -----------------------------------------------------------------------------------

def test_a_version_3_database_gains_live_play(db_url):
    engine = create_engine(db.url_for(db_url))
    with engine.begin() as conn:
        for step_ in db.MIGRATIONS[:3]:
            step_(conn)
        conn.execute(insert(db.meta).values(key="schema_version", value="3"))
        conn.execute(text("INSERT INTO desk_entries (challenge, game, name, name_key, score, sheet, seq) "
                          "VALUES ('c', 'g', 'Ann', 'ann', 5, 'x', 0)"))
        conn.execute(text("INSERT INTO desk_submissions (challenge, name, name_key, score, sheet, version, at) "
                          "VALUES ('c', 'Ann', 'ann', 5, 'x', '1', '2026-11-22T00:00:00Z')"))
    engine.dispose()
    migrated = db.open_db(db_url)
    with migrated.connect() as conn:
        assert db.schema_version(conn) == db.VERSION == 4
        assert conn.execute(select(db.entries.c.name, db.entries.c.live)).all() == [("Ann", 0)]
        assert conn.execute(select(db.submissions.c.live)).all() == [(0,)]
    assert [p.live for p in db.leaderboard(migrated, "c")] == [False]
    assert db.start_live(migrated, "c", "k").turns == 0
    # a live sheet wins a tie with a pasted one, and (on a live-only desk) replaces it whatever the scores
    assert db.submit(migrated, challenge="c", game="g", name="Ann", score=5, sheet="y", live=True).kept
    assert db.leaderboard(migrated, "c")[0].live
    db.submit(migrated, challenge="c", game="g", name="Bo", score=9, sheet="z")
    assert not db.submit(migrated, challenge="c", game="g", name="Bo", score=3, sheet="w", live=True).kept
    assert db.submit(migrated, challenge="c", game="g", name="Bo", score=3, sheet="w", live=True, live_first=True).kept
    assert [(p.name, p.live) for p in db.leaderboard(migrated, "c", live=True)] == [("Ann", True), ("Bo", True)]
    migrated.dispose()
