"""The desk's access log: one line a request in the Combined Log Format (Apache's and nginx's default,
which log analysers read):

    127.0.0.1 - - [28/Nov/2026:09:15:02 +0000] "GET /play/wobbly-cafe/daily/2026-11-28 HTTP/1.1" 200 181934 "-" "Mozilla/5.0 ..."

The address is the client's (behind a trusted proxy, the one it forwards); a quote, a backslash or a
control character inside a field is escaped as Apache escapes it (``\\"``, ``\\\\``, ``\\xhh``), so that a
line cannot be forged by a request.
"""

from __future__ import annotations

import logging
import sys
import time
from logging.handlers import WatchedFileHandler
from typing import Any

LOGGER = "rollwrite.serve.accesslog"  # this module's name, as loggers are named
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")  # not the locale's


def _esc(text: str) -> str:
    out = []
    for ch in text:
        if ch == '"' or ch == "\\":
            out.append("\\" + ch)
        elif ord(ch) < 0x20 or 0x7F <= ord(ch) < 0xA0:
            out.append(f"\\x{ord(ch):02x}")
        else:
            out.append(ch)
    return "".join(out)


def logger_for(where: str) -> logging.Logger:
    """The access logger, writing to standard error (``-``) or appending to a file (reopened when log
    rotation moves it)."""
    log = logging.getLogger(LOGGER)
    log.propagate = False
    log.setLevel(logging.INFO)
    for old in list(log.handlers):
        log.removeHandler(old)
        old.close()
    handler: logging.Handler = logging.StreamHandler(sys.stderr) if where == "-" else WatchedFileHandler(where, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(message)s"))
    log.addHandler(handler)
    return log


class AccessLog:
    """ASGI middleware: a Combined Log Format line for each HTTP request, once its response is sent."""

    def __init__(self, app: Any, log: logging.Logger) -> None:
        self.app, self.log = app, log

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        status, size = 0, 0

        async def sending(message: dict) -> None:
            nonlocal status, size
            if message["type"] == "http.response.start":
                status = message["status"]
            elif message["type"] == "http.response.body":
                size += len(message.get("body", b""))
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            self.log.info(line(scope, status or 500, size))


def line(scope: dict, status: int, size: int, when: float | None = None) -> str:
    headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", ())}
    client = scope.get("client")
    target = (scope.get("raw_path") or scope["path"].encode()).decode("latin-1")
    if scope.get("query_string"):
        target += "?" + scope["query_string"].decode("latin-1")
    request = f"{scope['method']} {target} HTTP/{scope.get('http_version', '1.1')}"
    t = time.gmtime(when)
    stamp = f"{t.tm_mday:02d}/{MONTHS[t.tm_mon - 1]}/{t.tm_year}:{t.tm_hour:02d}:{t.tm_min:02d}:{t.tm_sec:02d} +0000"
    return (f'{_esc(client[0]) if client else "-"} - - [{stamp}] "{_esc(request)}" {status} {size or "-"} '
            f'"{_esc(headers.get("referer", "-"))}" "{_esc(headers.get("user-agent", "-"))}"')
