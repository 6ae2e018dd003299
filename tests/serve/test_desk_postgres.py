"""``rollwrite serve --db postgresql:///desk`` as the README shows it, against a real PostgreSQL server
(started for the test, see pg_server.py): sheets submitted over HTTP reach the leaderboard, and a
restart of the desk keeps them.  The database functions themselves run against PostgreSQL and SQLite
alike in test_desk.py (the ``db_url`` fixture)."""

from __future__ import annotations

import datetime
import html
import time
from pathlib import Path

import httpx
import pytest
from starlette.testclient import TestClient

from pg_server import Postgres, needs_postgres
from desk_server import Server
from rollwrite.serve import db
from rollwrite.serve.app import make_app

ROOT = Path(__file__).resolve().parents[2]
COMMAND = "rollwrite serve --db postgresql:///desk"
PAGE = "/play/wobbly-cafe/daily/2026-11-22"
#: seconds: on a machine loaded by other work a page can take longer than httpx's 5 s to come
TIMEOUT = 60


def submit(client: httpx.Client, name: str, text: str) -> httpx.Response:
    client.get(PAGE).raise_for_status()
    token = client.cookies.get("desk_csrf")
    return client.post(PAGE + "/submit", data={"csrf": token, "name": name, "text": text})


@needs_postgres
def test_the_readmes_postgresql_desk_keeps_its_leaderboard_across_a_restart(postgres):
    assert COMMAND in (ROOT / "README.md").read_text(encoding="utf-8")
    assert db.url_for("postgresql:///desk") == "postgresql+psycopg:///desk"  # psycopg, the extra's driver
    postgres.create("desk")
    server = Server(COMMAND.split("--db ")[1], env=postgres.env()).start()  # libpq finds the server by PGHOST
    try:
        sheet = (ROOT / "examples/wobbly-cafe/daily-2026-11-22.txt").read_text(encoding="utf-8")
        slip = (ROOT / "examples/wobbly-cafe/daily-2026-11-22-slip.txt").read_text(encoding="utf-8")
        server.ready(PAGE)
        with httpx.Client(base_url=server.url, timeout=TIMEOUT) as client:
            for name in ("Ann", "Bob"):
                assert submit(client, name, sheet).status_code == 303
            assert submit(client, "Cy", slip).status_code == 422  # a sheet that breaks a rule is not stored
            before = client.get(PAGE + "/leaderboard.json").json()["places"]
        assert before == [{"rank": 1, "name": "Ann", "score": 128, "live": False}, {"rank": 1, "name": "Bob", "score": 128, "live": False}]
        server.restart()
        with httpx.Client(base_url=server.url, timeout=TIMEOUT) as client:
            assert client.get(PAGE + "/leaderboard.json").json()["places"] == before
    finally:
        server.stop()
    engine = db.open_db(postgres.url("desk"))  # the rows are in PostgreSQL itself, at the schema's version
    with engine.connect() as conn:
        assert db.schema_version(conn) == db.VERSION
    assert db.count(engine, "wobbly-cafe@2026-11-22") == 2
    engine.dispose()


@pytest.fixture
def own_postgres():
    """A PostgreSQL server of this test's own, to stop and start again."""
    server = Postgres().start()
    try:
        yield server
    finally:
        server.stop()


def _ready(client, path: str):
    end = time.monotonic() + 300
    while (page := client.get(path)).status_code == 503 and time.monotonic() < end:
        time.sleep(0.3)
    return page


@needs_postgres
def test_with_the_database_away_the_page_says_the_sheet_was_not_stored_and_keeps_it(own_postgres):
    url = own_postgres.create("desk")
    sheet = (ROOT / "examples/wobbly-cafe/daily-2026-11-22.txt").read_text(encoding="utf-8")
    with TestClient(make_app(url, today=lambda: datetime.date(2026, 11, 23), prepare_ahead=False), base_url="http://127.0.0.1") as client:
        assert _ready(client, PAGE).status_code == 200
        form = {"csrf": client.cookies.get("desk_csrf"), "text": sheet}
        assert client.post(PAGE + "/submit", data={**form, "name": "Ann"}, follow_redirects=False).status_code == 303
        own_postgres.halt()
        page = client.get(PAGE)  # the page and its empty form are still there
        assert page.status_code == 200 and "the desk's database is out of reach" in page.text
        lost = client.post(PAGE + "/submit", data={**form, "name": "Bob"}, follow_redirects=False)
        assert lost.status_code == 503 and "your sheet was NOT stored" in lost.text
        assert html.escape(sheet, quote=False) in lost.text  # the sheet, kept in the page's text box
        assert client.get(PAGE + "/leaderboard.json").status_code == 503
        own_postgres.resume()
        assert client.post(PAGE + "/submit", data={**form, "name": "Bob"}, follow_redirects=False).status_code == 303
        assert [p["name"] for p in client.get(PAGE + "/leaderboard.json").json()["places"]] == ["Ann", "Bob"]


@needs_postgres
def test_the_database_password_comes_from_a_file_or_the_environment_never_the_command_line(
        own_postgres, cli, tmp_path, monkeypatch):
    own_postgres.create("desk")
    own_postgres.require_password("carol", "s3cret")
    monkeypatch.delenv("PGPASSWORD", raising=False)
    monkeypatch.setenv("PGPASSFILE", str(tmp_path / "none"))
    url = f"postgresql://carol@/desk?host={own_postgres.home}&port={own_postgres.port}"
    refused = cli("desk", "entries", "wobbly-cafe@2026-11-22", "--db", url)
    assert refused.exit_code == 2 and "no password supplied" in refused.stderr
    secret = tmp_path / "password"
    secret.write_text("s3cret\n")
    from_file = cli("desk", "entries", "wobbly-cafe@2026-11-22", "--db", url, "--db-password-file", str(secret))
    assert from_file.exit_code == 0 and from_file.stdout == "no entries for wobbly-cafe@2026-11-22\n"
    monkeypatch.setenv("PGPASSWORD", "s3cret")  # libpq's own variable
    assert cli("desk", "entries", "wobbly-cafe@2026-11-22", "--db", url).exit_code == 0
    on_line = cli("desk", "entries", "x", "--db", url.replace("carol@", "carol:s3cret@"))
    assert on_line.exit_code == 2 and "a password on the command line shows in `ps`" in on_line.stderr
