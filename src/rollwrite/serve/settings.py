"""What ``rollwrite serve`` was told, as each desk process reads it: the command line sets it in the
environment (``ROLLWRITE_DESK``, JSON) before uvicorn starts its processes, which read it back."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass

ENV = "ROLLWRITE_DESK"
#: the names a desk answers to when it serves this machine alone (a Host header naming anything else is
#: refused: a page of another site cannot reach the desk through a name it points at 127.0.0.1)
LOCAL_NAMES = ("127.0.0.1", "localhost", "::1", "[::1]")


@dataclass(frozen=True)
class Settings:
    db: str = "rollwrite-desk.sqlite"  # an SQLAlchemy URL or an SQLite file
    hosts: tuple[str, ...] = LOCAL_NAMES  # the Host names served
    proxies: tuple[str, ...] = ()  # addresses of the reverse proxies whose forwarded headers are trusted
    open_days: int = 7  # a daily takes entries for this many days from its own (UTC)
    client_connections: int = 32  # connections one address may hold to one desk process
    request_seconds: float = 10.0  # a request must arrive whole within this time of its first byte
    access_log: str = "-"  # "-": standard error; a file name; "": none
    prepare_ahead: bool = True  # today's and tomorrow's dailies and their puzzles made before anyone asks
    live_only: bool = False  # the boards of the challenges that can be played live rank live play only

    def to_env(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_env(cls) -> Settings:
        raw = os.environ.get(ENV)
        if not raw:
            return cls()
        doc = json.loads(raw)
        return cls(**{**doc, "hosts": tuple(doc["hosts"]), "proxies": tuple(doc["proxies"])})
