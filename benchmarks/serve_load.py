"""Load test of the desk (`rollwrite serve`): two desk processes on one PostgreSQL, many players, an idle
-connection attack and a desk killed in mid-load; nothing acknowledged may be lost.

Usage (from the top of the source tree, after ``pip install -e '.[test]'``; PostgreSQL's server programs
installed, as for the tests):

    .venv/bin/python benchmarks/serve_load.py [--players 1000] [--arrival 60] [--idle 1000]

Everything runs on this machine and talks to nothing else: a PostgreSQL server of its own (a unix
socket in a temporary folder, tests/serve/pg_server.py) and two ``rollwrite serve`` processes on free
ports of 127.0.0.1, on one database, as two desk machines would be.  Each player comes from a loopback
address of its own (127.1.x.y), as players come from their own machines.

1. **Players.**  ``--players`` players (at most 2,000) arrive over ``--arrival`` seconds, half on each
   desk, on the Wobbly Café daily of 2026-11-22: each opens the page, takes 5 steps of the on-screen entry
   about a second apart (each a pick among the choices the desk offered, from a seeded generator; the
   desk replays the rules, draws the sheet and checks its text each time: a live check), and submits the
   day's verified example sheet under a name of its own.  Halfway through the arrivals, the second desk is
   killed with SIGKILL; its players' next request fails, and they carry on at the first desk, as behind a
   proxy (a submission whose answer never came is sent again: it is not acknowledged until a desk says
   303).  At the end the database must hold an entry of every player: none lost, acknowledged or not.
2. **Idle connections.**  One client (127.0.0.2) opens ``--idle`` connections to the first desk, each
   sending a request line and a Host header and nothing more, and opens them again as they are closed,
   for 15 s; meanwhile another client loads the challenge's page over and over.  Its pages' 95th
   percentile must stay under 500 ms.

Exit 0 when nothing is lost, the 95th percentile of a live check is under 100 ms and that of a page
under the idle attack under 500 ms; 1 otherwise.  The whole run is bounded: it gives up after 600 s.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

import orjson

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "serve"))

from desk_server import Server  # noqa: E402 - the tests' own helpers, found through the path above
from pg_server import Postgres  # noqa: E402

GAME, KIND, DAY = "wobbly-cafe", "daily", "2026-11-22"
BASE = f"/play/{GAME}/{KIND}/{DAY}"
EXAMPLE = ROOT / "examples" / GAME / "daily-2026-11-22.txt"
LIMIT_S = 600.0
CHECKS = 5
IDLE_SECONDS = 15.0


class Gone(Exception):
    """The desk's connection failed (refused, reset, closed before an answer)."""


class Client:
    """One player's keep-alive HTTP/1.1 connection from its own address, kept lean so that the players'
    side costs little of the machine's CPU next to the desks': a request out; status, cookies, body back."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.cookies: dict[str, str] = {}
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.port = 0

    async def request(self, port: int, method: str, path: str, body: bytes = b"", kind: str = "",
                      headers: dict[str, str] | None = None) -> tuple[int, bytes]:
        try:
            return await self._request(port, method, path, body, kind, headers)
        except (OSError, asyncio.IncompleteReadError, ValueError, IndexError) as exc:
            await self.aclose()
            raise Gone(repr(exc)) from None

    async def _request(self, port: int, method: str, path: str, body: bytes, kind: str,
                       headers: dict[str, str] | None) -> tuple[int, bytes]:
        if self.writer is None or self.port != port:
            await self.aclose()
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(self.source, 0))
            self.port = port
        head = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", f"Content-Length: {len(body)}"]
        if kind:
            head.append(f"Content-Type: {kind}")
        if self.cookies:
            head.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        head += [f"{k}: {v}" for k, v in (headers or {}).items()]
        assert self.reader is not None and self.writer is not None
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + body)
        status = int((await self.reader.readline()).split()[1])
        length, close = 0, False
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            key, _, value = line.decode("latin-1").partition(":")
            key, value = key.strip().lower(), value.strip()
            if key == "content-length":
                length = int(value)
            elif key == "set-cookie":
                name, _, rest = value.split(";")[0].partition("=")
                if "max-age=0" not in value.lower():
                    self.cookies[name] = rest
            elif key == "connection" and value.lower() == "close":
                close = True
        data = await self.reader.readexactly(length)
        if close:
            await self.aclose()
        return status, data

    async def aclose(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None


class Run:
    def __init__(self, ports: list[int], players: int, arrival: float) -> None:
        self.ports, self.players, self.arrival = ports, players, arrival
        self.alive = [True, True]
        self.times: dict[str, list[float]] = {"page": [], "check": [], "submit": []}
        self.failures: list[str] = []
        self.acknowledged: set[str] = set()
        self.moved = 0  # players who carried on at the other desk after theirs was killed

    async def ask(self, client: Client, n: int, home: list[int], method: str, path: str, what: str,
                  body: bytes = b"", kind: str = "", headers: dict[str, str] | None = None) -> tuple[int, bytes]:
        """A request at the player's desk; when that desk is gone, at the other (at most 3 tries).  Its time
        is the player's wait: from the first try's sending to the answer's last byte, failed tries and
        the pauses between them included."""
        t0 = time.perf_counter()
        for _ in range(3):
            try:
                status, data = await client.request(self.ports[home[0]], method, path, body, kind, headers)
            except Gone:
                if self.alive[home[0]]:
                    await asyncio.sleep(0.2)
                    continue
                home[0] = 1 - home[0]
                self.moved += 1
                continue
            self.times[what].append(time.perf_counter() - t0)
            return status, data
        raise Gone(f"player {n}: {what} failed three times")

    async def player(self, n: int) -> None:
        rng = random.Random(n)  # seeded: the same moments on every run
        await asyncio.sleep(n * self.arrival / self.players)
        client = Client(f"127.1.{n // 250}.{n % 250 + 1}")
        home = [n % 2]
        name = f"player {n:04d}"
        try:
            status, _ = await self.ask(client, n, home, "GET", BASE, "page")
            if status != 200 or "desk_csrf" not in client.cookies:
                self.failures.append(f"player {n}: page {status}")
                return
            token = client.cookies["desk_csrf"]
            text, picked, choices = "", [], []
            for _ in range(CHECKS):  # steps of the on-screen entry: each replays the rules and checks the text
                await asyncio.sleep(0.5 + rng.random())
                if not choices:  # not begun (or over): a new sheet
                    text, picked = "", []
                step = {"text": text, "picked": picked + ([rng.choice(choices)] if choices else [])}
                status, body = await self.ask(client, n, home, "POST", BASE + "/play", "check", orjson.dumps(step),
                                              "application/json", {"X-CSRF-Token": token})
                doc = orjson.loads(body) if status == 200 else {}
                if "view" not in doc:
                    self.failures.append(f"player {n}: play {status} {body[:100]!r}")
                    break
                text, picked, choices = doc["text"], doc["picked"], [c["id"] for c in doc["choices"]]
            form = urlencode({"csrf": token, "name": name, "text": EXAMPLE.read_text(encoding="utf-8")}).encode()
            status, body = await self.ask(client, n, home, "POST", BASE + "/submit", "submit", form,
                                          "application/x-www-form-urlencoded")
            if status == 303:
                self.acknowledged.add(name)
            else:
                self.failures.append(f"player {n}: submit {status} {body[:160]!r}")
        except Gone as exc:
            self.failures.append(str(exc))
        finally:
            await client.aclose()


async def players_phase(run: Run, victim: Server) -> None:
    tasks = [asyncio.create_task(run.player(n)) for n in range(run.players)]
    await asyncio.sleep(run.arrival / 2)
    run.alive[1] = False
    os.kill(victim.proc.pid, signal.SIGKILL)  # type: ignore[union-attr]  # the desk machine is lost
    await asyncio.gather(*tasks)


async def idle_phase(port: int, idle: int) -> dict:
    """One client tries to hold ``idle`` idle connections; another loads the page meanwhile."""
    stop = time.monotonic() + IDLE_SECONDS
    held, refused = [0], [0]

    async def hold(slot: int) -> None:
        while time.monotonic() < stop:
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=("127.0.0.2", 0))
            except OSError:
                await asyncio.sleep(1)
                continue
            writer.write(f"GET {BASE} HTTP/1.1\r\nHost: 127.0.0.1\r\n".encode())
            held[0] += 1
            try:
                answer = await asyncio.wait_for(reader.read(64), max(0.1, stop - time.monotonic()))
                if answer.startswith(b"HTTP/1.1 429"):
                    refused[0] += 1
            except (asyncio.TimeoutError, OSError):
                pass
            held[0] -= 1
            writer.close()
            await asyncio.sleep(1)  # opened again at most once a second a slot

    pages: list[float] = []
    statuses: list[int] = []

    async def visitor() -> None:
        client = Client("127.0.0.3")
        await asyncio.sleep(2)  # the attack in place
        while time.monotonic() < stop:
            t0 = time.perf_counter()
            try:
                status, _ = await client.request(port, "GET", BASE)
            except Gone:
                status = 0
            pages.append(time.perf_counter() - t0)
            statuses.append(status)
            await asyncio.sleep(0.1)
        await client.aclose()

    await asyncio.gather(*(hold(i) for i in range(idle)), visitor())
    return {"pages": pages, "statuses": statuses, "refused": refused[0]}


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))] * 1000 if xs else float("nan")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--arrival", type=float, default=60.0, help="seconds over which the players arrive")
    parser.add_argument("--idle", type=int, default=1000, help="idle connections the attacker tries to hold")
    args = parser.parse_args(argv)
    players, arrival, idle = max(2, min(args.players, 2000)), max(1.0, min(args.arrival, 300.0)), max(1, min(args.idle, 5000))
    from rollwrite.serve import db

    load_before = os.getloadavg()
    pg = Postgres().start()
    desks: list[Server] = []
    try:
        url = pg.create("load")
        desks = [Server(url, args=("--access-log", "off")).start() for _ in range(2)]
        for d in desks:
            d.ready(BASE)
        run = Run([d.port for d in desks], players, arrival)
        t0 = time.monotonic()
        asyncio.run(asyncio.wait_for(players_phase(run, desks[1]), LIMIT_S))
        took = time.monotonic() - t0
        idle_out = asyncio.run(asyncio.wait_for(idle_phase(desks[0].port, idle), LIMIT_S))
        engine = db.open_db(url)  # the record itself (the page's leaderboard shows the first 500)
        board = {e.name for e in db.entries_of(engine, f"{GAME}@{DAY}") if e.removed is None}
        engine.dispose()
    finally:
        for d in desks:
            d.stop()
        pg.stop()
    names = {f"player {n:04d}" for n in range(players)}
    lost_acknowledged = len(run.acknowledged - board)
    missing = len(names - board)
    checks, pages = run.times["check"], idle_out["pages"]
    print(f"{players} players over {arrival:g} s on 2 desks (one killed with SIGKILL at {arrival / 2:g} s), one PostgreSQL: "
          f"{len(run.times['page'])} pages, {len(checks)} live checks, {len(run.times['submit'])} submissions in {took:.0f} s")
    print(f"live check: median {pct(checks, 50):.1f} ms, 95th percentile {pct(checks, 95):.1f} ms, worst {pct(checks, 100):.1f} ms")
    print(f"page: median {pct(run.times['page'], 50):.1f} ms, 95th percentile {pct(run.times['page'], 95):.1f} ms; "
          f"submission: median {pct(run.times['submit'], 50):.1f} ms, 95th percentile {pct(run.times['submit'], 95):.1f} ms")
    print(f"players moved to the other desk: {run.moved}; acknowledged: {len(run.acknowledged)}, "
          f"of them lost: {lost_acknowledged}; players missing from the leaderboard: {missing}; failures: {len(run.failures)}")
    for f in run.failures[:10]:
        print("  " + f)
    ok_pages = sum(1 for s in idle_out["statuses"] if s == 200)
    print(f"idle attack ({idle} connections tried from one address, {idle_out['refused']} refused with 429): another "
          f"client's pages {ok_pages}/{len(pages)} answered 200, median {pct(pages, 50):.1f} ms, "
          f"95th percentile {pct(pages, 95):.1f} ms")
    print("load average (1, 5, 15 min) at the start %.2f %.2f %.2f, at the end %.2f %.2f %.2f; %d cores"
          % (*load_before, *os.getloadavg(), os.cpu_count() or 0))
    good = (lost_acknowledged == 0 and missing == 0 and pct(checks, 95) < 100 and pct(pages, 95) < 500
            and ok_pages == len(pages))
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())
