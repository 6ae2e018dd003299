"""The desk without a browser: its entry forms against every example sheet, its database, and how it
answers requests it must refuse."""

from __future__ import annotations

import datetime
import re
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strength import examples
from sqlalchemy import create_engine, insert, select, text
from starlette.testclient import TestClient

from rollwrite import games
from rollwrite.serve import db
from rollwrite.serve.app import COOKIE, MAX_BODY, make_app
from rollwrite.serve.desk import Desk, challenge, game_slugs

ROOT = Path(__file__).resolve().parents[2]


def test_every_game_that_scores_is_on_the_desk():
    assert game_slugs() == sorted(s for s in games.known() if games.get(s).can_score)


def test_a_problem_is_named_with_the_command_lines_words():
    desk, ch = Desk("wobbly-cafe"), challenge("wobbly-cafe", "daily", "2026-11-22")
    text = (ROOT / "examples/wobbly-cafe/daily-2026-11-22-slip.txt").read_text(encoding="utf-8")
    out = desk.check(ch, text=text)
    assert out["total"] == 128 and not out["valid"]
    assert out["problems"][0]["where"] == "floor 1, row 1"
    out = desk.check(ch, text=text.replace("floor 2", "floor 2\nxx|xx", 1))
    assert "'x' cannot be written in a space" in out["error"]["message"]


#: the day the desk of these tests lives on (UTC): the examples' daily, 2026-11-22, takes entries then
TODAY = datetime.date(2026, 11, 24)


@pytest.fixture
def client(tmp_path):
    with TestClient(make_app(str(tmp_path / "desk.sqlite"), today=lambda: TODAY, prepare_ahead=False), base_url="http://127.0.0.1") as c:
        yield c


@pytest.fixture
def any_client(db_url):
    """The app over each kind of database (SQLite, PostgreSQL)."""
    with TestClient(make_app(db_url, today=lambda: TODAY, prepare_ahead=False), base_url="http://127.0.0.1") as c:
        yield c


def ready(client, path: str, seconds: float = 300):
    """The page once the desk's worker has made it (before, it says it is being prepared: a 503 that
    reloads itself)."""
    end = time.monotonic() + seconds
    while True:
        page = client.get(path)
        if page.status_code != 503 or time.monotonic() > end:
            return page
        assert "being prepared" in page.text or "being drawn" in page.text, page.text
        assert page.headers["Retry-After"] == "3"
        time.sleep(0.5)


def _token(client) -> str:
    page = ready(client, "/play/wobbly-cafe/daily/2026-11-22")
    assert page.status_code == 200
    return page.cookies.get(COOKIE) or client.cookies.get(COOKIE)


def test_pages_and_refusals(client):
    assert client.get("/").status_code == 200
    assert 'Content-Security-Policy' in client.get("/").headers
    missing = client.get("/play/no-such-game/daily/2026-11-22")
    assert missing.status_code == 404 and "unknown game" in missing.text
    assert client.get("/play/..%2F..%2Fetc/daily/2026-11-22").status_code == 404
    assert client.get("/play/wobbly-cafe/daily/2026-13-40").status_code == 404
    assert client.get("/play/wobbly-cafe/daily/2026-11-22/sheet.txt").status_code == 404
    assert client.get("/static/../app.py").status_code == 404
    pdf = ready(client, "/play/wobbly-cafe/daily/2026-11-22/sheet.pdf")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")


def test_a_check_needs_the_page_token_and_a_bounded_body(client):
    url = "/play/wobbly-cafe/daily/2026-11-22/check"
    assert client.post(url, json={"text": "floor 1"}).status_code == 403
    token = _token(client)
    assert client.post(url, json={"text": "floor 1"}, headers={"X-CSRF-Token": "forged"}).status_code == 403
    ok = client.post(url, json={"text": "floor 1\n5"}, headers={"X-CSRF-Token": token})
    assert ok.status_code == 200 and ok.json()["error"]["message"].startswith("sheet:")
    big = client.post(url, content=b"{" + b" " * MAX_BODY + b"}", headers={"X-CSRF-Token": token})
    assert big.status_code == 413 and "larger than" in big.json()["error"]
    assert client.post(url, content=b"[1]", headers={"X-CSRF-Token": token}).status_code == 400


def test_a_step_of_the_entry_needs_the_page_token_and_a_move_the_rules_allow(client):
    url = "/play/wobbly-cafe/daily/2026-11-22/play"
    assert client.post(url, json={"text": ""}).status_code == 403
    token = _token(client)
    first = client.post(url, json={"text": "", "picked": []}, headers={"X-CSRF-Token": token}).json()
    assert first["text"] == "" and first["view"]["dice"] == ["5", "3"] and len(first["choices"]) == 44
    done = client.post(url, json={"text": "", "picked": ["f1r1s1", "v3"]}, headers={"X-CSRF-Token": token}).json()
    assert done["changed"] and done["text"].splitlines()[1].strip() == "3.|.5"
    refused = client.post(url, json={"text": "", "picked": ["f3r1s1"]}, headers={"X-CSRF-Token": token})
    assert refused.status_code == 409 and "is not a move the rules allow here" in refused.json()["error"]
    for bad in ({"picked": "f1r1s1"}, {"picked": ["x"] * 25}, {"undo": 1}, {"field": ["name"]}, [1]):
        assert client.post(url, json=bad, headers={"X-CSRF-Token": token}).status_code == 400, bad


def test_submit_stores_only_a_verified_sheet_and_escapes_names(any_client):
    client = any_client
    token = _token(client)
    url = "/play/wobbly-cafe/daily/2026-11-22/submit"
    good = (ROOT / "examples/wobbly-cafe/daily-2026-11-22.txt").read_text(encoding="utf-8")
    slip = (ROOT / "examples/wobbly-cafe/daily-2026-11-22-slip.txt").read_text(encoding="utf-8")
    refused = client.post(url, data={"csrf": token, "name": "Eve", "text": slip}, follow_redirects=False)
    assert refused.status_code == 422 and "matches no roll" in refused.text
    assert client.post(url, data={"csrf": "", "name": "Eve", "text": good}).status_code == 403
    assert client.post(url, data={"csrf": token, "name": " ", "text": good}).status_code == 400
    markup = client.post(url, data={"csrf": token, "name": "<b>Al</b>", "text": good}, follow_redirects=False)
    assert markup.status_code == 400 and "a name cannot hold &#39;&lt;&#39; (less-than sign)" in markup.text
    assert "&lt;b&gt;Al&lt;/b&gt;" in markup.text and "<b>Al</b>" not in markup.text  # the form keeps it, escaped
    stored = client.post(url, data={"csrf": token, "name": "Al", "text": good}, follow_redirects=False)
    assert stored.status_code == 303
    shown = client.get(stored.headers["location"]).text  # a browser's first name: its key, shown once
    assert 'id="player-key"' in shown and 'id="player-key"' not in client.get(stored.headers["location"]).text
    board = client.get("/play/wobbly-cafe/daily/2026-11-22/leaderboard.json").json()
    assert board["places"] == [{"rank": 1, "name": "Al", "score": 128, "live": False}]


def test_leaderboard_shares_ties_and_keeps_one_entry_per_name(db_url):
    engine = db.open_db(db_url)
    for name, score in (("Ann", 10), ("Bob", 12), ("ann", 12), ("Cy", 9), ("ANN", 11)):
        db.submit(engine, challenge="c", game="g", name=name, score=score, sheet="")
    places = [(p.rank, p.name, p.score) for p in db.leaderboard(engine, "c")]
    assert places == [(1, "ann", 12), (1, "Bob", 12), (3, "Cy", 9)]
    engine.dispose()
    again = db.open_db(db_url)  # opened anew, as after a restart: kept, and not migrated twice
    assert [(p.rank, p.name, p.score) for p in db.leaderboard(again, "c")] == places
    assert db.count(again) == 3
    again.dispose()


def test_an_older_database_is_migrated_and_a_newer_one_refused(db_url):
    engine = create_engine(db.url_for(db_url))
    with engine.begin() as conn:
        db.MIGRATIONS[0](conn)
        conn.execute(insert(db.meta).values(key="schema_version", value="1"))
        conn.execute(text("INSERT INTO desk_entries (challenge, game, name, name_key, score, sheet) "
                          "VALUES ('c', 'g', 'Ann', 'ann', 5, 'x')"))
    engine.dispose()
    migrated = db.open_db(db_url)
    with migrated.connect() as conn:
        assert db.schema_version(conn) == db.VERSION
        assert conn.execute(select(db.entries.c.name, db.entries.c.seq)).all() == [("Ann", 0)]
    with migrated.begin() as conn:
        conn.execute(db.meta.update().values(value=str(db.VERSION + 1)))
    migrated.dispose()
    with pytest.raises(Exception, match="schema version"):
        db.open_db(db_url)


def test_serve_binds_beyond_this_machine_only_with_public(cli):
    result = cli("serve", "--host", "0.0.0.0")
    assert result.exit_code == 2
    assert "--host 0.0.0.0 lets other machines reach the desk" in result.stderr
    assert "--public" in result.stderr


def test_a_puzzle_is_checked_against_its_par_and_ranked_with_it(client):
    from rollwrite.serve.desk import puzzle_of

    ch = challenge("shelving-wars", "puzzle-seed", "club")
    assert ch.id == "shelving-wars#club puzzle" and ch.path == "/play/shelving-wars/puzzle-seed/club"
    desk = Desk("shelving-wars")
    layout, puzzle = puzzle_of(ch)
    answer = desk.game.format(puzzle.answer, layout.data)
    out = desk.check(ch, text=answer)
    assert out["valid"] and out["par"] == puzzle.par and out["par_text"] == f"{out['total']} of par {out['par']}"
    page = ready(client, ch.path)
    assert page.status_code == 200 and "shelving-wars#club puzzle" in page.text
    # par and its label are in the page's text, not only in the picture
    import re

    words = re.sub(r"<[^>]+>", "", page.text[page.text.index('id="about-puzzle"'):page.text.index("</div>", page.text.index('id="about-puzzle"'))])
    assert puzzle.prompt in words and puzzle.par_text().capitalize() in words, words
    assert puzzle.par_text().startswith(f"par {out['par']}")
    token = client.cookies.get(COOKIE)
    sent = client.post(ch.path + "/submit", data={"csrf": token, "name": "Ann", "text": answer}, follow_redirects=False)
    assert sent.status_code == 303
    board = client.get(ch.path + "/leaderboard.json").json()
    assert board["places"] == [{"rank": 1, "name": "Ann", "score": out["total"], "par": out["par"], "live": False}]
    assert f"{out['total']} of par {out['par']}" in client.get(ch.path).text


def test_serve_names_a_database_it_cannot_open(cli, tmp_path):
    result = cli("serve", "--db", str(tmp_path / "no" / "such" / "folder" / "desk.sqlite"))
    assert result.exit_code == 2
    assert "--db: cannot open" in result.stderr and "unable to open database file" in result.stderr


def test_serve_leaves_a_file_that_is_not_its_database_as_it_is(cli, tmp_path):
    """A text file, or another program's database, named by --db by mistake: refused, not one byte changed."""
    import sqlite3

    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE mine (x)")
    conn.close()
    before = {p: p.read_bytes() for p in (notes, other)}
    for path, message in ((notes, "cannot open"), (other, "holds tables that are not the desk's")):
        result = cli("serve", "--db", str(path))
        assert result.exit_code == 2, result.output
        assert result.stderr.startswith("rollwrite: --db: ") and message in result.stderr
    assert {p: p.read_bytes() for p in (notes, other)} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt", "other.sqlite"]


def test_a_database_password_is_never_shown(cli, monkeypatch):
    assert db.shown("postgresql://ann:s3cret@db.example/desk") == "postgresql://ann:***@db.example/desk"
    assert db.shown("desk.sqlite") == "desk.sqlite"
    monkeypatch.delenv("ROLLWRITE_DESK_DB", raising=False)
    result = cli("serve", "--db", "postgresql://ann:s3cret@127.0.0.1:1/desk")
    assert result.exit_code == 2 and "a password on the command line shows in `ps`" in result.stderr
    assert "s3cret" not in result.output
    # from the environment, as the message says: taken, and never shown (nothing listens on port 1)
    monkeypatch.setenv("ROLLWRITE_DESK_DB", "postgresql://ann:s3cret@127.0.0.1:1/desk")
    result = cli("serve")
    assert result.exit_code == 2
    assert result.stderr.startswith("rollwrite: --db: cannot open 'postgresql://ann:***@127.0.0.1:1/desk'")
    assert "s3cret" not in result.output


@pytest.fixture(scope="module")
def step_client(tmp_path_factory):
    app = make_app(str(tmp_path_factory.mktemp("steps") / "desk.sqlite"))
    with TestClient(app, base_url="http://127.0.0.1") as c:
        yield c


_GAMES = [("wobbly-cafe", "daily/2026-11-22"), ("long-way", "seed/flat-pack"), ("scrambled-streets", "daily/2026-11-22"),
          ("shelving-wars", "seed/closet"), ("lines-and-sections", "seed/club")]


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=st.sampled_from(_GAMES), data=st.data())
def test_any_step_sent_to_the_entry_is_answered_without_a_server_error(step_client, game, data):
    """Whatever text, picks, undo or field a client sends, the entry answers with the sheet or a refusal
    (400, 409), never a server error."""
    url = f"/play/{game[0]}/{game[1]}/play"
    token = _token(step_client)
    words = st.sampled_from(["f1r1s1", "v3", "g:A1", "N", "t:C1", "d:C1", "f3", "rl", "cafe", "stop", "c9", "up",
                             "box2x3", "A1", "shelf2", "top-left:down", "B2", "Z9", "", "b:wall", "w:A1"])
    body = {"text": data.draw(st.sampled_from(["", "?", "floor 1\n5|3\n", "size: 2\nplayers: A, B\npath: A1 B1\n"])),
            "picked": data.draw(st.lists(st.one_of(words, st.text(max_size=6)), max_size=4))}
    if data.draw(st.booleans()):
        body["undo"] = True
    if data.draw(st.booleans()):
        body["field"] = [data.draw(st.sampled_from(["name", "size", "players", "p1", "black", "x"])),
                         data.draw(st.text(max_size=8))]
    answer = step_client.post(url, json=body, headers={"X-CSRF-Token": token})
    assert answer.status_code in (200, 409), (answer.status_code, answer.text[:200])
    doc = answer.json()
    assert "view" in doc or "error" in doc


def test_the_long_ways_finish_puzzle_is_listed_checked_and_ranked(client):
    from rollwrite.serve.desk import challenge_of_id, puzzle_of

    ch = challenge("long-way", "finish-seed", "club")
    assert ch.id == "long-way#club finish puzzle" and ch.path == "/play/long-way/finish-seed/club"
    # its own id, so its own board: the whole game's puzzle of the same seed is another challenge
    assert challenge("long-way", "puzzle-seed", "club").id == "long-way#club puzzle"
    assert challenge_of_id("long-way#club finish puzzle") == ch
    assert challenge_of_id("long-way@2027-03-05 finish puzzle").path == "/play/long-way/finish-daily/2027-03-05"
    layout, puzzle = puzzle_of(ch)
    assert puzzle.extra["kind"] == "finish" and puzzle.par_proven
    desk = Desk("long-way")
    answer = desk.game.format(puzzle.answer, layout.data)
    out = desk.check(ch, text=answer.replace("puzzle: finish\n", ""))  # the page's kind says which puzzle
    assert out["valid"] and out["par"] == puzzle.par
    assert "finish the store" in client.get("/").text
    page = ready(client, ch.path)
    assert page.status_code == 200 and "Finish the store as drawn after turn" in page.text
    # a puzzle's page takes no variation, the finish puzzle's no more than the others
    varied = client.get(ch.path + "~s8")
    assert varied.status_code == 404 and "a puzzle&#39;s page takes no variation" in varied.text
    with pytest.raises(Exception, match="wobbly-cafe has no finish puzzle"):
        challenge("wobbly-cafe", "finish-seed", "club")


CLOSET = "/play/shelving-wars/seed/closet"


def test_a_variations_sheet_is_refused_on_the_plain_page_naming_its_own_id(client):
    token = _token(client)
    text = (ROOT / "examples/shelving-wars/seeded-closet.txt").read_text(encoding="utf-8")  # size 8 (shipped: 20)
    checked = client.post(CLOSET + "/check", json={"text": text}, headers={"X-CSRF-Token": token}).json()
    assert checked["error"]["message"] == ("this sheet is of shelving-wars#closet~s8 (size 8), not of shelving-wars#closet\n"
                                           "  hint: check it on its own page, /play/shelving-wars/seed/closet~s8")
    refused = client.post(CLOSET + "/submit", data={"csrf": token, "name": "Kim", "player": "1", "text": text},
                          follow_redirects=False)
    assert refused.status_code == 422 and "shelving-wars#closet~s8" in refused.text
    own = ready(client, CLOSET + "~s8")
    assert own.status_code == 200 and "shelving-wars#closet~s8" in own.text
    # the variation's own board; the plain page's stays empty
    assert client.post(CLOSET + "~s8/check", json={"text": text}, headers={"X-CSRF-Token": token}).json()["valid"]
    assert client.get(CLOSET + "/leaderboard.json").json()["places"] == []
    # the same variation written otherwise, or one the game does not have: no such page, and why
    shipped = client.get("/play/shelving-wars/seed/closet~s20")
    assert shipped.status_code == 404 and "~s20 is shelving-wars as shipped: leave it out" in shipped.text
    cafe = client.get("/play/wobbly-cafe/daily/2026-11-22~s8")
    assert cafe.status_code == 404 and "wobbly-cafe has no size to vary" in cafe.text
    puzzle = client.get("/play/shelving-wars/puzzle-seed/closet~s8")
    assert puzzle.status_code == 404 and "a puzzle&#39;s page takes no variation" in puzzle.text


def test_each_player_of_a_sheet_gets_a_row_of_their_own(client):
    token = _token(client)
    text = (ROOT / "examples/shelving-wars/seeded-closet.txt").read_text(encoding="utf-8")  # Kim 7, Lee 14
    url = CLOSET + "~s8/submit"
    assert ready(client, CLOSET + "~s8").status_code == 200
    asked = client.post(url, data={"csrf": token, "name": "Kim", "text": text}, follow_redirects=False)
    assert asked.status_code == 400
    assert "this sheet has 2 players (Kim, Lee): say which of them you are" in asked.text
    assert client.post(url, data={"csrf": token, "name": "Kim", "player": "3", "text": text}).status_code == 400
    for player, name in (("1", ""), ("2", "Lee")):  # no name given: the sheet's own name for that player
        assert client.post(url, data={"csrf": token, "name": name, "player": player, "text": text},
                           follow_redirects=False).status_code == 303
    board = client.get(CLOSET + "~s8/leaderboard.json").json()
    assert board == {"id": "shelving-wars#closet~s8", "live_only": False,
                     "places": [{"rank": 1, "name": "Lee", "score": 14, "live": False},
                                {"rank": 2, "name": "Kim", "score": 7, "live": False}]}


def test_the_lines_and_sections_daily_is_the_puzzle_of_its_date(client):
    """A game without dice would play the same daily every day: its daily is the day's puzzle, made from
    the date, so the answer of one day is not the answer of the next."""
    moved = client.get("/play/lines-and-sections/daily/2026-11-22", follow_redirects=False)
    assert moved.status_code == 303 and moved.headers["location"] == "/play/lines-and-sections/puzzle-daily/2026-11-22"
    assert client.get("/go?game=lines-and-sections&kind=daily&value=2026-11-23",
                      follow_redirects=False).headers["location"] == "/play/lines-and-sections/puzzle-daily/2026-11-23"
    index = client.get("/").text
    assert f'href="/play/lines-and-sections/puzzle-daily/{TODAY.isoformat()}"' in index
    from rollwrite.serve.desk import puzzle_of

    desk = Desk("lines-and-sections")
    answers = {}
    for day in ("2026-11-22", "2026-11-23"):
        layout, puzzle = puzzle_of(challenge("lines-and-sections", "puzzle-daily", day))
        assert desk.game.variations_of(puzzle.answer) == {"size": 5}  # the daily's board: 5 x 5
        answers[day] = desk.game.format(puzzle.answer, layout.data)
    assert answers["2026-11-22"] != answers["2026-11-23"]
    token = _token(client)
    assert ready(client, "/play/lines-and-sections/puzzle-daily/2026-11-22").status_code == 200
    url = "/play/lines-and-sections/daily/2026-11-22/submit"  # a form sent to the old address follows it
    wrong = client.post(url, data={"csrf": token, "name": "Ann", "text": answers["2026-11-23"]}, follow_redirects=True)
    assert wrong.status_code == 422
    right = client.post(url, data={"csrf": token, "name": "Ann", "text": answers["2026-11-22"]}, follow_redirects=False)
    assert right.status_code == 308
    stored = client.post(right.headers["location"], data={"csrf": token, "name": "Ann", "text": answers["2026-11-22"]},
                         follow_redirects=False)
    assert stored.status_code == 303
    board = client.get("/play/lines-and-sections/puzzle-daily/2026-11-22/leaderboard.json").json()
    assert board["id"] == "lines-and-sections@2026-11-22 puzzle" and [p["name"] for p in board["places"]] == ["Ann"]


def test_streak_counts_days_in_a_row_up_to_today_or_yesterday():
    d = datetime.date
    today = d(2026, 11, 24)
    assert db.streak(set(), today) == (0, 0)
    assert db.streak({d(2026, 11, 22), d(2026, 11, 23)}, today) == (2, 2)  # not yet today: still running
    assert db.streak({d(2026, 11, 22), d(2026, 11, 24)}, today) == (1, 1)
    assert db.streak({d(2026, 11, 1), d(2026, 11, 2), d(2026, 11, 3), d(2026, 11, 21), d(2026, 11, 22)}, today) == (0, 3)
    assert db.streak({d(2026, 11, 30), d(2026, 12, 1), d(2026, 12, 2)}, d(2026, 12, 2)) == (3, 3)  # over a month's end


def test_an_archive_per_game_and_a_page_per_name(client):
    token = _token(client)
    engine = client.app.state.desk.engine
    good = (ROOT / "examples/wobbly-cafe/daily-2026-11-22.txt").read_text(encoding="utf-8")
    for name in ("Ann", "Bob"):
        assert client.post("/play/wobbly-cafe/daily/2026-11-22/submit", data={"csrf": token, "name": name, "text": good},
                           follow_redirects=False).status_code == 303
    # earlier days, as the record holds them (their sheets were verified on their day)
    for day, name, score in (("2026-11-23", "Ann", 120), ("2026-11-23", "Cy", 130), ("2026-11-21", "Ann", 90)):
        db.submit(engine, challenge=f"wobbly-cafe@{day}", game="wobbly-cafe", name=name, score=score, sheet="-",
                  par=None, player_key=client.cookies.get("desk_player"))
    page = client.get("/archive/wobbly-cafe")
    assert page.status_code == 200
    rows = [[re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td>(.*?)</td>", r, re.S)]
            for r in re.findall(r"<tr><td>.*?</tr>", page.text, re.S)]
    assert rows == [
        ["wobbly-cafe@2026-11-23", "2", "Cy", "130"],
        ["wobbly-cafe@2026-11-22", "2", "Ann, Bob", "128"],
        ["wobbly-cafe@2026-11-21", "1", "Ann", "90"]]
    assert 'href="/play/wobbly-cafe/daily/2026-11-22"' in page.text and 'href="/name/Cy"' in page.text
    assert "Today is 2026-11-24 in UTC" in page.text
    assert client.get("/archive/no-such-game").status_code == 404
    ann = client.get("/name/ann")  # a name as names compare: case ignored
    assert ann.status_code == 200 and "<h1>Ann</h1>" in ann.text
    words = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", ann.text))
    assert "Streak: 3 days in a row · longest 3 · 3 days played" in words  # 21, 22, 23: running until today ends
    rows = [[re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td>(.*?)</td>", r, re.S)]
            for r in re.findall(r"<tr><td>.*?</tr>", ann.text, re.S)]
    assert rows[0] == ["Wobbly Café", "wobbly-cafe@2026-11-22", "1", "128"]  # the best result of each game
    assert [r[:3] for r in rows[1:]] == [["wobbly-cafe@2026-11-23", "2", "120"], ["wobbly-cafe@2026-11-22", "1", "128"],
                                         ["wobbly-cafe@2026-11-21", "1", "90"]]
    assert client.get("/name/Nobody").status_code == 200 and "No verified sheet under this name yet" in client.get("/name/Nobody").text
    assert client.get("/name/%3Cb%3E").status_code == 404
    board = client.get("/play/wobbly-cafe/daily/2026-11-22").text
    assert 'href="/name/Ann"' in board and 'href="/archive/wobbly-cafe"' in board
