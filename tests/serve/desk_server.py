"""A real ``rollwrite serve`` process for the desk's tests, the browser tests and the load test."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROLLWRITE = [sys.executable, "-c", "from rollwrite.cli.fast import main; main()"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``rollwrite serve --port P --db DB`` on this machine (``env``: more variables for it, such as
    libpq's PGHOST); ``restart`` keeps the port and the database.  What it prints (its banner, and the
    access log of every request) goes to a file, read by ``said``: a pipe nobody reads fills up after some
    hundreds of requests, and the desk then waits for ever to write its next log line."""

    def __init__(self, db: Path | str, port: int | None = None, workers: int = 1,
                 env: dict[str, str] | None = None, args: tuple[str, ...] = (), host: str = "127.0.0.1") -> None:
        self.db, self.port, self.workers = db, port or free_port(), workers
        self.env = env or {}
        # the examples' daily (2026-11-22) takes entries for ten years, so that the tests can submit it; the
        # tests ask for the challenges they need (test_desk_attacks.py tries --prepare-ahead)
        self.args = ("--open-days", "3660", "--no-prepare-ahead", *args)
        self.host = host
        self.url = f"http://{f'[{host}]' if ':' in host else host}:{self.port}"
        self.proc: subprocess.Popen | None = None
        self.output = tempfile.TemporaryFile()  # noqa: SIM115 - it lives as long as the server

    def said(self) -> str:
        """Everything the desk printed so far (across restarts)."""
        self.output.seek(0)
        return self.output.read().decode("utf-8", "replace")

    def start(self) -> Server:
        env = {**os.environ, "PYTHONUNBUFFERED": "1", **self.env}
        self.proc = subprocess.Popen([*ROLLWRITE, "serve", "--host", self.host, "--port", str(self.port),
                                      "--db", str(self.db), "--workers", str(self.workers), *self.args],
                                     stdout=self.output, stderr=subprocess.STDOUT, env=env)
        for _ in range(300):  # up to 30 s on a busy machine
            if self.proc.poll() is not None:
                raise RuntimeError("rollwrite serve stopped: " + self.said())
            try:
                urllib.request.urlopen(self.url + "/static/desk.css", timeout=2).read()
                return self
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError("rollwrite serve did not answer in 30 s")

    def ready(self, path: str, seconds: float = 300) -> bytes:
        """The page at ``path`` once the desk's worker has made it (until then: a 503 saying it is being
        prepared).  Asked as a polite client asks: after a 429 (this address asked for more new challenges
        than the desk prepares at once), again once its ``Retry-After`` has passed."""
        end = time.monotonic() + seconds
        while True:
            try:
                return urllib.request.urlopen(self.url + path, timeout=60).read()
            except urllib.error.HTTPError as error:
                if error.code not in (429, 503) or time.monotonic() > end:
                    raise
                time.sleep(float(error.headers.get("Retry-After", 1)) if error.code == 429 else 0.5)

    def made(self, path: str) -> str:
        """``path``, once its page is made (see ``ready``)."""
        self.ready(path)
        return path

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None

    def restart(self) -> Server:
        self.stop()
        return self.start()


def ready(client, path: str, seconds: float = 300):
    """The page ``path`` from a test client once the desk's worker has made it (a 503 until then)."""
    end = time.monotonic() + seconds
    while True:
        page = client.get(path)
        if page.status_code != 503 or time.monotonic() > end:
            return page
        time.sleep(0.3)
