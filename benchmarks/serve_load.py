"""Load test of the desk (`rollwrite serve`): many players at once on one machine, nothing lost.

Usage (from the top of the source tree, after ``pip install -e '.[test]'``):

    .venv/bin/python benchmarks/serve_load.py [--players 200] [--seconds 20]

It starts ``rollwrite serve`` on a free port of 127.0.0.1 with a fresh SQLite database in a temporary
folder (it talks to nothing else), then lets ``--players`` players (at most 500) in at once on the
Wobbly Café daily of 2026-11-22.  All open the challenge page at once (the CSRF cookie); then each plays for
``--seconds`` (at most 60): one step of the on-screen entry about once a second, at jittered moments
from a seeded generator, each a pick among the choices the desk offered (the server replays the rules,
draws the sheet and checks its text each time); then all of them submit the day's verified example
sheet under their own names in the same instant.  It reports the live checks' latency (median, 95th
percentile, worst), the submissions' latency, and whether the leaderboard holds every player.  The whole
run is bounded: at most ``players * (seconds + 2)`` requests, and it gives up after 300 s.

Exit 0 when nothing is lost and the 95th percentile of a live check is under 100 ms; 1 otherwise.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

import orjson

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "serve"))

from desk_server import Server  # noqa: E402 - the tests' own server helper, found through the path above

GAME, KIND, DAY = "wobbly-cafe", "daily", "2026-11-22"
EXAMPLE = ROOT / "examples" / GAME / "daily-2026-11-22.txt"
LIMIT_S = 300.0


class Client:
    """One player's keep-alive HTTP/1.1 connection, kept lean so that the players' side of the test costs
    little of the machine's CPU next to the server's: a request out, its status, cookie and body back."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.cookie = ""
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: bytes = b"", kind: str = "",
                      headers: dict[str, str] | None = None) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        head = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}", f"Content-Length: {len(body)}"]
        if kind:
            head.append(f"Content-Type: {kind}")
        if self.cookie:
            head.append(f"Cookie: desk_csrf={self.cookie}")
        head += [f"{k}: {v}" for k, v in (headers or {}).items()]
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + body)
        assert self.reader is not None
        status = int((await self.reader.readline()).split()[1])
        length, close = 0, False
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            key, _, value = line.decode("latin-1").partition(":")
            key, value = key.strip().lower(), value.strip()
            if key == "content-length":
                length = int(value)
            elif key == "set-cookie" and value.startswith("desk_csrf="):
                self.cookie = value.split(";")[0].split("=", 1)[1]
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


async def player(client: Client, base: str, n: int, seconds: float,
                 start: asyncio.Event, go: asyncio.Event, times: dict[str, list[float]], failures: list[str]) -> None:
    rng = random.Random(n)  # seeded: the same moments on every run
    t0 = time.perf_counter()
    status, _page = await client.request("GET", base)
    times["page"].append(time.perf_counter() - t0)
    token = client.cookie
    if status != 200 or not token:
        failures.append(f"player {n}: page {status}")
        return
    await start.wait()
    checks, submits = times["check"], times["submit"]
    end = time.perf_counter() + seconds
    text, picked, choices = "", [], []
    await asyncio.sleep(rng.random())
    while time.perf_counter() < end:
        if not choices:  # the game is over (or not begun): a new sheet
            text, picked = "", []
        step = {"text": text, "picked": picked + ([rng.choice(choices)] if choices else [])}
        t0 = time.perf_counter()
        status, body = await client.request("POST", base + "/play", orjson.dumps(step),
                                            "application/json", {"X-CSRF-Token": token})
        checks.append(time.perf_counter() - t0)
        doc = orjson.loads(body) if status == 200 else {}
        if "view" not in doc:
            failures.append(f"player {n}: play {status}")
            break
        text, picked, choices = doc["text"], doc["picked"], [c["id"] for c in doc["choices"]]
        await asyncio.sleep(0.5 + rng.random())
    await go.wait()
    t0 = time.perf_counter()
    form = urlencode({"csrf": token, "name": f"player {n:03d}", "text": EXAMPLE.read_text(encoding="utf-8")})
    status, body = await client.request("POST", base + "/submit", form.encode(), "application/x-www-form-urlencoded")
    submits.append(time.perf_counter() - t0)
    if status != 303:
        failures.append(f"player {n}: submit {status} {body[:120]!r}")


async def run(port: int, pid: int, players: int, seconds: float) -> dict:
    base = f"/play/{GAME}/{KIND}/{DAY}"
    times: dict[str, list[float]] = {"page": [], "check": [], "submit": []}
    failures: list[str] = []
    start, go = asyncio.Event(), asyncio.Event()
    clients = [Client("127.0.0.1", port) for _ in range(players)]
    try:
        tasks = [asyncio.create_task(player(c, base, n, seconds, start, go, times, failures))
                 for n, c in enumerate(clients)]
        while len(times["page"]) + len(failures) < players:  # everyone has the page open
            await asyncio.sleep(0.05)
        start.set()
        cpu0 = cpu_seconds(pid)
        await asyncio.sleep(seconds + 0.5)
        times["cpu"] = [cpu_seconds(pid) - cpu0]  # the server's CPU time while the players type
        await asyncio.sleep(1.0)
        go.set()  # everyone submits in the same instant
        await asyncio.gather(*tasks)
        board = orjson.loads((await Client("127.0.0.1", port).request("GET", base + "/leaderboard.json"))[1])["places"]
    finally:
        for c in clients:
            await c.aclose()
    return {**times, "failures": failures, "board": board}


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) of a process and its children so far, from /proc (Linux); 0 elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return sum(int(x) for x in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))] * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--workers", type=int, default=1, help="the server's --workers")
    args = parser.parse_args(argv)
    players, seconds = max(1, min(args.players, 500)), max(1.0, min(args.seconds, 60.0))
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp) / "desk.sqlite", workers=max(1, min(args.workers, 4))).start()
        try:
            out = asyncio.run(asyncio.wait_for(run(server.port, server.proc.pid, players, seconds), LIMIT_S))
        finally:
            server.stop()
    checks, submits, board = out["check"], out["submit"], out["board"]
    names = {p["name"] for p in board}
    lost = players - len(names & {f"player {n:03d}" for n in range(players)})
    p95 = pct(checks, 95)
    print(f"{players} players, {seconds:g} s of play: {len(checks)} steps of the entry, {len(submits)} submissions at once")
    print(f"page, all opened at once: median {pct(out['page'], 50):.0f} ms, worst {max(out['page']) * 1000:.0f} ms")
    print(f"a step of the entry (a live check): median {pct(checks, 50):.1f} ms, 95th percentile {p95:.1f} ms, worst {max(checks) * 1000:.1f} ms")
    if out["cpu"][0]:
        print(f"server CPU while typing: {out['cpu'][0]:.1f} s for {len(checks)} checks "
              f"({out['cpu'][0] / len(checks) * 1000:.2f} ms a check)")
    print(f"submission: median {pct(submits, 50):.1f} ms, 95th percentile {pct(submits, 95):.1f} ms, "
          f"worst {max(submits) * 1000:.1f} ms")
    print(f"leaderboard: {len(board)} entries, {lost} lost; failures: {len(out['failures'])}")
    for f in out["failures"][:10]:
        print("  " + f)
    return 0 if lost == 0 and not out["failures"] and p95 < 100 else 1


if __name__ == "__main__":
    sys.exit(main())
