"""The desk's HTTP connections: uvicorn's httptools protocol with two limits uvicorn does not have.

- **A deadline for each request**: a request must arrive whole (request line, headers and body) within
  ``--request-timeout`` seconds (10 by default) of its first byte (of the connection, for the first request); otherwise the client
  gets a 408 and the connection is closed.  uvicorn's own ``timeout_keep_alive`` only covers the wait
  between requests and starts again at every byte, so a client sending a header a minute would hold its
  connection for ever.
- **Connections per client**: one address may hold at most ``connections`` connections to a desk
  process; one more is answered 429 (with ``Retry-After``) and closed.  The addresses of trusted proxies
  (``--proxy``) are not counted: behind a proxy, the proxy limits its clients (see deploy/nginx.conf).

The settings come from the desk's settings (:mod:`rollwrite.serve.settings`), read once per process.
uvicorn takes the class by name: ``http="rollwrite.serve.transport:DeskProtocol"``.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from rollwrite.serve.settings import Settings

def _reply(status: str, message: str, extra: str = "") -> bytes:
    body = message.encode()
    return (f"HTTP/1.1 {status}\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: {len(body)}\r\n"
            f"{extra}connection: close\r\n\r\n").encode() + body


TOO_MANY = _reply("429 Too Many Requests", "too many connections from this address; close some and try again\n",
                  "retry-after: 5\r\n")


class DeskProtocol(HttpToolsProtocol):
    """HttpToolsProtocol with a whole-request deadline and a cap on each client's connections."""

    open_by_client: Counter[str] = Counter()  # this process's connections, by client address
    settings: Settings | None = None

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        if DeskProtocol.settings is None:
            DeskProtocol.settings = Settings.from_env()
        self.deadline: asyncio.TimerHandle | None = None
        self.counted: str | None = None
        self.in_head = True  # the request's line and headers are not all in yet

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        settings = DeskProtocol.settings
        assert settings is not None
        host = self.client[0] if self.client else ""
        if host and host not in settings.proxies:
            if DeskProtocol.open_by_client[host] >= settings.client_connections:
                transport.write(TOO_MANY)
                transport.close()
                return
            DeskProtocol.open_by_client[host] += 1
            self.counted = host
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self.counted is not None:
            DeskProtocol.open_by_client[self.counted] -= 1
            if DeskProtocol.open_by_client[self.counted] <= 0:
                del DeskProtocol.open_by_client[self.counted]
            self.counted = None
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self.in_head = True
        self._arm()

    def on_headers_complete(self) -> None:
        self.in_head = False
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self._disarm()

    def _arm(self) -> None:
        if self.deadline is None:
            assert DeskProtocol.settings is not None
            self.deadline = self.loop.call_later(DeskProtocol.settings.request_seconds, self._too_slow)

    def _disarm(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None

    def _too_slow(self) -> None:
        self.deadline = None
        if self.transport.is_closing():
            return
        if self.in_head or (self.cycle is not None and not self.cycle.response_started):  # not answered yet
            assert DeskProtocol.settings is not None
            self.transport.write(_reply("408 Request Timeout", "the request did not arrive whole within "
                                        f"{DeskProtocol.settings.request_seconds:g} s\n"))
        self.transport.close()
