"""The desk tried as an attacker would, on this machine alone (127.0.0.1, ::1 and other loopback
addresses), each attack bounded in count and time: idle and slow connections, floods of checks and
submissions, deep JSON, names taken over or faked with look-alike letters, dates out of their window,
headers and quoting, other sites' forms and Host names, forwarded headers from anyone but the proxy.
"""

from __future__ import annotations

import contextlib
import datetime
import re
import socket
import subprocess
import sys
import time
import unicodedata
from pathlib import Path

import httpx
import pytest
from starlette.testclient import TestClient

from desk_server import ROLLWRITE, Server, free_port, ready
from rollwrite.serve import db
from rollwrite.serve.app import COOKIE, PLAYER, command_for, disposition, make_app
from rollwrite.serve.desk import challenge
from rollwrite.serve.limits import CHECKS, SUBMITS, Buckets, Limit
from rollwrite.serve.maker import Failed, Maker, NotReady
from rollwrite.serve.names import RULE, BadName, check, key

ROOT = Path(__file__).resolve().parents[2]
DAY = "/play/wobbly-cafe/daily/2026-11-22"
GOOD = (ROOT / "examples/wobbly-cafe/daily-2026-11-22.txt").read_text(encoding="utf-8")
TODAY = datetime.date(2026, 11, 24)




@pytest.fixture
def client(tmp_path, maker):
    with TestClient(make_app(str(tmp_path / "desk.sqlite"), today=lambda: TODAY, maker=maker, prepare_ahead=False),
                    base_url="http://127.0.0.1") as c:
        assert ready(c, DAY).status_code == 200
        yield c


def _send(client, name: str, text: str = GOOD, path: str = DAY, **fields: str):
    return client.post(path + "/submit", data={"csrf": client.cookies.get(COOKIE), "name": name, "text": text, **fields},
                       follow_redirects=False)


# ---- floods, deep JSON ------------------------------------------------------------------------------

def test_a_flood_of_submissions_or_checks_from_one_client_is_refused_with_retry_after(client):
    # the desk's own limits, held still (on a loaded machine a test sends slower than they refill)
    client.app.state.desk.submits = Buckets(Limit(burst=SUBMITS.burst, rate=1e-6))
    answers = [_send(client, f"Player {chr(65 + n)}") for n in range(int(SUBMITS.burst) + 5)]
    statuses = [a.status_code for a in answers]
    assert statuses == [303] * int(SUBMITS.burst) + [429] * 5, statuses
    late = answers[-1]
    assert int(late.headers["Retry-After"]) >= 1 and "too many submissions from this address" in late.text
    assert len(client.get(DAY + "/leaderboard.json").json()["places"]) <= 12  # the board is not flooded
    # checks: the desk's own limit, held still (on a loaded machine 20 a second refill faster than a test sends)
    client.app.state.desk.checks = Buckets(Limit(burst=CHECKS.burst, rate=1e-6))
    token = client.cookies.get(COOKIE)
    checks = [client.post(DAY + "/check", json={"text": GOOD}, headers={"X-CSRF-Token": token})
              for _ in range(int(CHECKS.burst) + 5)]
    assert [c.status_code for c in checks] == [200] * int(CHECKS.burst) + [429] * 5
    assert "too many checks from this address" in checks[-1].json()["error"] and int(checks[-1].headers["Retry-After"]) > 0


def test_a_clients_bucket_refills_at_its_rate_and_forgets_the_longest_idle():
    bucket = Buckets(Limit(burst=3, rate=0.5), clients=2)
    assert [bucket.take("a", now=0) for _ in range(4)] == [0, 0, 0, 2]  # 3 at once, then 1 every 2 s
    assert bucket.take("a", now=1.0) == 1 and bucket.take("a", now=2.2) == 0
    assert bucket.take("b", now=3) == 0 and bucket.take("c", now=3) == 0
    assert list(bucket.buckets) == ["b", "c"]  # at most 2 clients kept: memory bounded whatever the addresses


@pytest.mark.parametrize("body", [b"[" * 100_000, b"{\"values\": " * 5000, b'{"text": NaN}', b'{"text": "\\ud800"}',
                                  b'{"text": 5}', b'{"text": ["floor 1"]}', b"\xff\xfe"])
def test_deep_or_odd_json_is_a_400(client, body):
    token = client.cookies.get(COOKIE)
    answer = client.post(DAY + "/check", content=body, headers={"X-CSRF-Token": token, "Content-Type": "application/json"})
    assert answer.status_code == 400, answer.text
    assert "error" in answer.json()


# ---- names --------------------------------------------------------------------------------------------

def test_a_name_belongs_to_its_first_player_and_moves_with_its_key(tmp_path, maker):
    with TestClient(make_app(str(tmp_path / "d.sqlite"), today=lambda: TODAY, maker=maker, prepare_ahead=False),
                    base_url="http://127.0.0.1") as alice, \
            TestClient(alice.app, base_url="http://127.0.0.1") as mallory:
        ready(alice, DAY)
        first = _send(alice, "Alice Smith")
        assert first.status_code == 303
        shown = re.search(r'id="player-key">([^<]+)<', alice.get(first.headers["location"]).text).group(1)
        assert alice.cookies.get(PLAYER) == shown  # kept in the browser
        ready(mallory, DAY)
        for fake in ("ALICE   smith", "alice smith", "Ａｌｉｃｅ Ｓｍｉｔｈ"):
            taken = _send(mallory, fake)
            assert taken.status_code == 403 and "belongs to another player" in taken.text
        assert _send(alice, "alice smith").status_code == 303  # her own browser: taken, as the same name
        moved = _send(mallory, "alice SMITH", key=shown)  # her other device, given her key
        assert moved.status_code == 303 and moved.headers["location"].endswith("?stored=better#leaderboard")
        assert mallory.cookies.get(PLAYER) == shown  # that device holds her names from now on
        assert 'id="player-key"' not in mallory.get(moved.headers["location"]).text  # shown once, when made
        board = alice.get(DAY + "/leaderboard.json").json()["places"]
        assert [p["name"] for p in board] == ["Alice Smith"]


def test_names_are_nfkc_and_of_one_script_and_the_message_states_the_rule():
    nfc, nfd = unicodedata.normalize("NFC", "René"), unicodedata.normalize("NFD", "René")
    assert nfc != nfd and check(nfd) == nfc and key(nfc) == key(nfd)
    assert check("Ｂｏｂ") == "Bob" and check("  Ann   Lee ") == "Ann Lee"
    for fine in ("Боб", "Ἀλέξανδρος", "山田たろう", "김철수", "O'Neil-Smith 2"):
        assert check(fine)
    with pytest.raises(BadName, match="mixes scripts: 'В' is Cyrillic and 'o' is Latin"):
        check("Вob")
    with pytest.raises(BadName) as refused:
        check("Bob!")
    assert str(refused.value).endswith(RULE) and "'!' (exclamation mark)" in str(refused.value)
    with pytest.raises(BadName, match="U\\+0007"):
        check("Bob\x07")


def test_look_alike_and_normalised_names_on_the_desk(client):
    assert _send(client, "Rene\u0301").status_code == 303
    again = _send(client, "René")  # NFC: the same name, the same player
    assert again.status_code == 303
    assert [p["name"] for p in client.get(DAY + "/leaderboard.json").json()["places"]] == ["René"]
    cyrillic = _send(client, "Вob")
    assert cyrillic.status_code == 400 and "the name mixes scripts" in cyrillic.text


# ---- the record -------------------------------------------------------------------------------------

def test_every_sheet_is_kept_with_its_time_and_version_and_an_operator_removes_an_entry(tmp_path, cli):
    path = str(tmp_path / "desk.sqlite")
    engine = db.open_db(path)
    for score in (100, 128, 90):
        db.submit(engine, challenge="wobbly-cafe@2026-11-22", game="wobbly-cafe", name="Ann", score=score,
                  sheet=f"sheet {score}", player_key="k")
    with engine.connect() as conn:
        kept = conn.execute(db.submissions.select().order_by(db.submissions.c.id)).all()
    assert [(r.score, r.sheet) for r in kept] == [(100, "sheet 100"), (128, "sheet 128"), (90, "sheet 90")]
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", r.at) and r.version for r in kept)
    (entry,) = db.entries_of(engine, "wobbly-cafe@2026-11-22")
    assert (entry.score, entry.submissions, entry.removed) == (128, 3, None)
    listed = cli("desk", "entries", "wobbly-cafe@2026-11-22", "--db", path)
    assert listed.exit_code == 0 and listed.stdout.startswith("128\tAnn\tpasted\t20") and "3 sheets" in listed.stdout
    gone = cli("desk", "remove", "wobbly-cafe@2026-11-22", "ann", "--reason", "a copied answer", "--db", path)
    assert gone.exit_code == 0 and "removed the entry of ann" in gone.stdout
    assert db.leaderboard(engine, "wobbly-cafe@2026-11-22") == []
    assert "removed 20" in cli("desk", "entries", "wobbly-cafe@2026-11-22", "--db", path).stdout
    with pytest.raises(db.Removed, match="a copied answer"):  # it stays off the board
        db.submit(engine, challenge="wobbly-cafe@2026-11-22", game="wobbly-cafe", name="Ann", score=130, sheet="",
                  player_key="k")
    twice = cli("desk", "remove", "wobbly-cafe@2026-11-22", "ann", "--reason", "again", "--db", path)
    assert twice.exit_code == 2 and "has no entry of ann on its leaderboard" in twice.stderr
    engine.dispose()


# ---- dates ----------------------------------------------------------------------------------------------

def test_a_daily_opens_on_its_day_and_closes_after_its_days(client):
    for day in ("2026-11-25", "9999-12-31"):
        early = client.get(f"/play/wobbly-cafe/daily/{day}")
        assert early.status_code == 404 and f"the daily of {day} opens on its day, at 00:00 UTC" in early.text
    page = client.get(DAY).text
    assert "(a day in UTC) takes entries until 2026-11-29 00:00 UTC" in page  # seven days from its own, by default
    assert "Today is 2026-11-24 in UTC: a daily opens at 00:00 UTC on its day and takes entries for 7 days" in \
        client.get("/").text
    old = "/play/wobbly-cafe/daily/2026-11-16"
    assert ready(client, old).status_code == 200
    late = _send(client, "Ann", path=old)
    assert late.status_code == 403 and "closed at the start of 2026-11-23 (UTC)" in late.text
    ancient = _send(client, "Ann", path="/play/wobbly-cafe/daily/0001-01-01")
    assert ancient.status_code == 403 and "entries for the daily of 0001-01-01 closed" in ancient.text


# ---- headers, quoting, paths -----------------------------------------------------------------------------

def test_downloads_and_commands_quote_any_seed():
    seed = 'x.html"; foo=".pdf'
    header = disposition(f"wobbly-cafe-{seed}.pdf")  # one parameter each, whatever the seed holds
    assert header == ("attachment; filename=\"wobbly-cafe-x.html__ foo__.pdf.pdf\"; "
                      "filename*=UTF-8''wobbly-cafe-x.html%22%3B%20foo%3D%22.pdf.pdf")
    ch = challenge("wobbly-cafe", "seed", "a && touch x")
    assert command_for(ch) == "rollwrite score wobbly-cafe FILE --seed 'a && touch x'"


def test_a_seed_with_a_slash_has_its_page_and_405_says_allow(client):
    page = ready(client, "/play/wobbly-cafe/seed/club%2F7")
    assert page.status_code == 200 and "wobbly-cafe#club/7" in page.text and "--seed club/7" in page.text
    assert client.get("/play/wobbly-cafe/seed/club%2F7/leaderboard.json").json()["id"] == "wobbly-cafe#club/7"
    odd = challenge("wobbly-cafe", "seed", "a b?c%d/e&f;g")  # what --seed takes (all but '#' and '@')
    assert odd.path == "/play/wobbly-cafe/seed/a%20b%3Fc%25d%2Fe%26f%3Bg"
    assert client.get(odd.path + "/leaderboard.json").json()["id"] == "wobbly-cafe#a b?c%d/e&f;g"
    wrong = client.get(DAY + "/check")
    assert wrong.status_code == 405 and wrong.headers["Allow"] == "POST"
    assert client.delete(DAY).headers["Allow"] == "GET, HEAD"


# ---- other sites, Host names --------------------------------------------------------------------------

def test_another_sites_form_or_host_name_is_refused(client):
    token = client.cookies.get(COOKIE)
    url = DAY + "/check"
    body = {"text": GOOD}
    assert client.post(url, json=body, headers={"X-CSRF-Token": token, "Origin": "http://127.0.0.1"}).status_code == 200
    for headers in ({"Origin": "https://evil.example"}, {"Origin": "null"}, {"Sec-Fetch-Site": "cross-site"},
                    {"Sec-Fetch-Site": "same-site"}):
        refused = client.post(url, json=body, headers={"X-CSRF-Token": token, **headers})
        assert refused.status_code == 403 and "only from its own pages" in refused.json()["error"]
    assert client.get("/", headers={"Host": "evil.example"}).status_code == 400
    assert client.get("/", headers={"Host": "localhost:8000"}).status_code == 200


# ---- the real server: connections, deadlines, proxies, the banner, the access log ----------------------

def _hold(address: str, port: int, source: str, n: int) -> list[socket.socket]:
    """``n`` connections from ``source`` that send a request line and a Host header, and no more."""
    held = []
    for _ in range(n):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.settimeout(10)
        s.bind((source, 0))
        s.connect((address, port))
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        held.append(s)
    return held


def _answer(s: socket.socket) -> bytes:
    try:
        return s.recv(4096)
    except OSError:
        return b""


def test_idle_connections_from_one_client_neither_shut_the_desk_nor_stay(tmp_path):
    server = Server(tmp_path / "desk.sqlite", args=("--client-connections", "8", "--request-timeout", "2")).start()
    held: list[socket.socket] = []
    try:
        server.ready(DAY)
        t0 = time.monotonic()
        held = _hold("127.0.0.1", server.port, "127.0.0.3", 60)
        first = [_answer_now(s) for s in held]
        refused = [s for s, a in zip(held, first) if a.startswith(b"HTTP/1.1 429")]
        assert len(refused) == 52  # past its 8, a client is told at once to come back
        started = time.monotonic()
        page = httpx.get(server.url + DAY, timeout=10)  # another client is served meanwhile
        assert page.status_code == 200 and time.monotonic() - started < 5
        kept = [s for s in held if s not in refused]
        # each held connection is cut at the deadline, with a 408
        answers = [a or _answer(s) for s, a in zip(held, first) if s in kept]
        assert all(a.startswith(b"HTTP/1.1 408") for a in answers), answers
        assert time.monotonic() - t0 < 15  # 2 s of deadline, and a busy machine's delays
        # a body sent a byte at a time is cut at the same deadline: the whole request must arrive in time
        slow = socket.create_connection(("127.0.0.1", server.port), timeout=10, source_address=("127.0.0.4", 0))
        held.append(slow)
        slow.sendall(f"POST {DAY}/submit HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nn".encode())
        started = time.monotonic()
        for _ in range(6):
            time.sleep(0.5)
            try:
                slow.sendall(b" ")
            except OSError:
                break
        assert _answer(slow).startswith(b"HTTP/1.1 408") and time.monotonic() - started < 10
        again = _hold("127.0.0.1", server.port, "127.0.0.3", 1)  # its count went back down: taken again
        held += again
        assert _answer_now(again[0]) == b""
        # no --proxy: a forwarded header is anyone's, and ignored (no Secure cookie over plain HTTP)
        page = httpx.get(server.url + "/", headers={"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9"},
                         timeout=30)
        assert page.status_code == 200 and "secure" not in page.headers["set-cookie"].lower()
    finally:
        for s in held:
            s.close()
        server.stop()


def _answer_now(s: socket.socket) -> bytes:
    s.settimeout(0.5)
    try:
        return s.recv(4096)
    except OSError:
        return b""
    finally:
        s.settimeout(10)


def test_behind_its_proxy_the_desk_trusts_forwarded_headers_from_it_alone(tmp_path):
    server = Server(tmp_path / "desk.sqlite", args=("--public", "desk.example.org", "--proxy", "127.0.0.1"),
                    host="127.0.0.1").start()
    try:
        server.ready(DAY)
        via_proxy = {"Host": "desk.example.org", "X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9"}
        page = httpx.get(server.url + DAY, headers=via_proxy, timeout=30)
        assert page.status_code == 200 and "; secure" in page.headers["set-cookie"].lower()
        assert httpx.get(server.url + "/", headers={**via_proxy, "Host": "evil.example"}, timeout=30).status_code == 400
    finally:
        server.stop()


def test_the_banner_brackets_ipv6_and_the_access_log_is_combined_log_format(tmp_path):
    port = free_port()
    log = tmp_path / "access.log"
    proc = subprocess.Popen([*ROLLWRITE, "serve", "--host", "::1", "--port", str(port), "--db", str(tmp_path / "d.sqlite"),
                             "--access-log", str(log)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        banner = proc.stdout.readline()  # type: ignore[union-attr]
        assert banner.startswith(f"rollwrite desk on http://[::1]:{port}/ "), banner
        for _ in range(300):
            try:
                httpx.get(f"http://[::1]:{port}/static/desk.css", headers={"User-Agent": 'x"y'}, timeout=5)
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        time.sleep(0.3)
    finally:
        proc.terminate()
        proc.wait(20)
        proc.stdout.close()  # type: ignore[union-attr]
    line = log.read_text().splitlines()[-1]
    assert re.fullmatch(r'::1 - - \[\d\d/[A-Z][a-z]{2}/\d{4}:\d\d:\d\d:\d\d \+0000\] "GET /static/desk.css HTTP/1.1" '
                        r'200 \d+ "-" "x\\"y"', line), line


# ---- start-up and outages --------------------------------------------------------------------------------

def test_desks_started_together_on_a_new_database_migrate_it_once(db_url):
    code = ("import sys; from rollwrite.serve import db\n"
            "try:\n    db.open_db(sys.argv[1]).dispose(); print('ok')\n"
            "except Exception as e:\n    print(repr(e))\n")
    procs = [subprocess.Popen([sys.executable, "-c", code, db_url], stdout=subprocess.PIPE, text=True) for _ in range(4)]
    outs = [p.communicate(timeout=120)[0].strip() for p in procs]
    assert outs == ["ok"] * 4, outs
    engine = db.open_db(db_url)
    with engine.connect() as conn:
        assert db.schema_version(conn) == db.VERSION
    engine.dispose()


# ---- the worker -------------------------------------------------------------------------------------

def test_a_page_already_made_never_waits_for_one_being_made(tmp_path):
    """While the worker makes a new puzzle (seconds of solving), a page it made is served at once; the new
    one says it is being prepared, at once too; and today's and tomorrow's challenges are queued ahead."""
    app = make_app(str(tmp_path / "desk.sqlite"), today=lambda: TODAY)
    with TestClient(app, base_url="http://127.0.0.1") as client:
        maker = app.state.desk.maker
        tomorrow = challenge("wobbly-cafe", "daily", "2026-11-25")
        assert maker.ready(("page", tomorrow, True))  # queued ahead (or made already)
        assert maker.ready(("page", challenge("long-way", "puzzle-daily", "2026-11-25"), True))
        assert ready(client, DAY).status_code == 200
        new = "/play/long-way/puzzle-seed/never-asked-before"
        started = time.monotonic()
        first = client.get(new)
        assert first.status_code == 503 and "being prepared" in first.text and time.monotonic() - started < 2
        assert '<meta http-equiv="refresh" content="3">' in first.text and first.headers["Retry-After"] == "3"
        for _ in range(5):  # the puzzle is still being made: the day's page does not wait for it
            started = time.monotonic()
            assert client.get(DAY).status_code == 200
            assert time.monotonic() - started < 1.5
        assert client.get(new).status_code in (200, 503)


def test_a_making_that_takes_too_long_is_given_up_and_the_worker_replaced():
    """A search with no end in sight does not hold the worker: past its time it is reported, and the next
    thing is made by a new worker process."""
    maker = Maker(seconds=1.0).start()
    try:
        slow = ("page", challenge("long-way", "puzzle-seed", "a long search"), True)
        quick = ("page", challenge("wobbly-cafe", "seed", "quick"), True)
        for task in (slow, quick):
            with pytest.raises(NotReady):
                maker.get(task)
        time.sleep(1.5)
        with pytest.raises(Failed, match="preparing it took longer than 1 s"):
            for _ in range(100):  # the slow one is given up at the next look
                with contextlib.suppress(NotReady):
                    maker.get(slow)
                time.sleep(0.1)
        maker.seconds = 120.0
        end = time.monotonic() + 120
        while time.monotonic() < end:
            try:
                svg, _dice, _puzzle = maker.get(quick)
                break
            except NotReady:
                time.sleep(0.2)
        assert svg.startswith("<svg")
    finally:
        maker.stop()


def test_a_desk_started_for_the_tests_keeps_answering_past_a_pipes_worth_of_access_log(tmp_path):
    """The tests' desk logs every request (access logs are on by default).  Its output goes to a file:
    sent to a pipe nobody reads, the desk stopped answering after about 590 requests (64 KiB of log), and
    whichever browser test came after that many requests on one test worker timed out."""
    server = Server(tmp_path / "desk.sqlite").start()
    try:
        with httpx.Client(base_url=server.url, timeout=30) as client:
            for _ in range(1200):
                assert client.get("/static/desk.css").status_code == 200
        assert server.said().count('"GET /static/desk.css HTTP/1.1" 200') >= 1200
    finally:
        server.stop()
