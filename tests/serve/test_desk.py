"""The desk without a browser: its entry forms against every example sheet, its database, and how it
answers requests it must refuse."""

from __future__ import annotations

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


@pytest.fixture
def client(tmp_path):
    with TestClient(make_app(str(tmp_path / "desk.sqlite")), base_url="http://127.0.0.1") as c:
        yield c


@pytest.fixture
def any_client(db_url):
    """The app over each kind of database (SQLite, PostgreSQL)."""
    with TestClient(make_app(db_url), base_url="http://127.0.0.1") as c:
        yield c


def _token(client) -> str:
    page = client.get("/play/wobbly-cafe/daily/2026-11-22")
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
    pdf = client.get("/play/wobbly-cafe/daily/2026-11-22/sheet.pdf")
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
    stored = client.post(url, data={"csrf": token, "name": "<b>Al</b>", "text": good}, follow_redirects=False)
    assert stored.status_code == 303
    page = client.get("/play/wobbly-cafe/daily/2026-11-22").text
    assert "&lt;b&gt;Al&lt;/b&gt;" in page and "<b>Al</b>" not in page
    board = client.get("/play/wobbly-cafe/daily/2026-11-22/leaderboard.json").json()
    assert board["places"] == [{"rank": 1, "name": "<b>Al</b>", "score": 128}]


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
    page = client.get(ch.path)
    assert page.status_code == 200 and "shelving-wars#club puzzle" in page.text
    token = client.cookies.get(COOKIE)
    sent = client.post(ch.path + "/submit", data={"csrf": token, "name": "Ann", "text": answer}, follow_redirects=False)
    assert sent.status_code == 303
    board = client.get(ch.path + "/leaderboard.json").json()
    assert board["places"] == [{"rank": 1, "name": "Ann", "score": out["total"], "par": out["par"]}]
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


def test_a_database_password_is_never_shown(cli):
    assert db.shown("postgresql://ann:s3cret@db.example/desk") == "postgresql://ann:***@db.example/desk"
    assert db.shown("desk.sqlite") == "desk.sqlite"
    result = cli("serve", "--db", "postgresql://ann:s3cret@127.0.0.1:1/desk")  # nothing listens on port 1
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
    from rollwrite.serve.desk import puzzle_of

    ch = challenge("long-way", "finish-seed", "club")
    assert ch.id == "long-way#club puzzle" and ch.path == "/play/long-way/finish-seed/club"
    layout, puzzle = puzzle_of(ch)
    assert puzzle.extra["kind"] == "finish" and puzzle.par_proven
    desk = Desk("long-way")
    answer = desk.game.format(puzzle.answer, layout.data)
    out = desk.check(ch, text=answer.replace("puzzle: finish\n", ""))  # the page's kind says which puzzle
    assert out["valid"] and out["par"] == puzzle.par
    assert "finish the store" in client.get("/").text
    page = client.get(ch.path)
    assert page.status_code == 200 and "Finish the store as drawn after turn" in page.text
    with pytest.raises(Exception, match="wobbly-cafe has no finish puzzle"):
        challenge("wobbly-cafe", "finish-seed", "club")
