"""``rollwrite serve --db postgresql:///desk`` as the README shows it, against a real PostgreSQL server
(started for the test, see pg_server.py): sheets submitted over HTTP reach the leaderboard, and a
restart of the desk keeps them.  The database functions themselves run against PostgreSQL and SQLite
alike in test_desk.py (the ``db_url`` fixture)."""

from __future__ import annotations

from pathlib import Path

import httpx

from pg_server import needs_postgres
from desk_server import Server
from rollwrite.serve import db

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
        with httpx.Client(base_url=server.url, timeout=TIMEOUT) as client:
            for name in ("Ann", "Bob"):
                assert submit(client, name, sheet).status_code == 303
            assert submit(client, "Cy", slip).status_code == 422  # a sheet that breaks a rule is not stored
            before = client.get(PAGE + "/leaderboard.json").json()["places"]
        assert before == [{"rank": 1, "name": "Ann", "score": 128}, {"rank": 1, "name": "Bob", "score": 128}]
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
