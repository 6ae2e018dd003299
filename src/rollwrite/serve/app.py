"""The desk as an ASGI app (Starlette): challenge pages, live checks, submissions and leaderboards.

Routes (nothing else is served; no request path reaches the file system):

- ``GET /``: the games, today's daily challenge of each (UTC), and a form to open any day or seed;
- ``GET /play/GAME/daily/DATE`` and ``/play/GAME/seed/SEED``: the challenge's page;
- ``GET .../sheet.pdf``, ``.../sheet.png``: the sheet to print;
- ``POST .../check``: JSON ``{"text": ...}``, answered with the problems and the score (see
  :meth:`rollwrite.serve.desk.Desk.check`);
- ``POST .../play``: JSON ``{"text": ..., "picked": [...], "undo": false, "field": [key, value]}``, one
  step of the on-screen entry: the sheet's new text, what to draw and the choices the rules allow next
  (see :meth:`rollwrite.serve.desk.Desk.play`);
- ``POST .../submit``: a form with the player's name and the sheet's text; a verified sheet is stored;
- ``GET .../leaderboard.json``;
- ``GET /static/desk.js``, ``/static/desk.css``: read from the package once, at start.

Every POST carries the page's CSRF token (a form field or an ``X-CSRF-Token`` header) equal to the
``desk_csrf`` cookie; every body is bounded by the size limit of a typed-in sheet; every check runs
with a time limit.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import os
import secrets
from importlib.resources import files
from typing import Any
from urllib.parse import parse_qs

import orjson
from jinja2 import Environment, PackageLoader, select_autoescape
from sqlalchemy.engine import Engine
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from rollwrite.dice import today_utc
from rollwrite.errors import RollwriteError
from rollwrite.files import SHEET
from rollwrite.numbers import plain_number
from rollwrite.serve import db
from rollwrite.serve.desk import Challenge, Desk, challenge, game_slugs
from rollwrite.serve.pages import dice_lines, sheet_file, sheet_svg

MAX_BODY = SHEET.max_bytes + 64 * 1024  # a sheet at its largest, with the picks or the form around it
CHECK_SECONDS = 10.0  # a check of the largest sheet takes well under a second
MAX_NAME = 40
MAX_PICKS = 24  # the picks of one turn: The Long Way's rerolls (a coin each), tile, display and bonus
COOKIE = "desk_csrf"
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
                               "font-src 'self' data:; frame-ancestors 'none'; form-action 'self'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}
_STATIC = {name: files("rollwrite.serve").joinpath("static", name).read_bytes() for name in ("desk.js", "desk.css")}
_TYPES = {"js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8"}


def _problem(status: int, message: str) -> HTTPException:
    return HTTPException(status, message)


class DeskApp:
    """The app's state: the database and each game's desk."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.desks = {slug: Desk(slug) for slug in game_slugs()}
        self.env = Environment(loader=PackageLoader("rollwrite.serve", "templates"),
                               autoescape=select_autoescape(default=True, default_for_string=True))

    def page(self, request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
        token = request.cookies.get(COOKIE) or secrets.token_urlsafe(24)
        html = self.env.get_template(template).render(csrf=token, **context)
        response = HTMLResponse(html, status_code=status, headers=HEADERS)
        response.set_cookie(COOKIE, token, httponly=True, samesite="strict", path="/")
        return response

    def challenge_of(self, request: Request) -> Challenge:
        p = request.path_params
        try:
            return challenge(p["game"], p["kind"], p["value"])
        except RollwriteError as error:
            raise _problem(404, error.message) from None

    async def index(self, request: Request) -> HTMLResponse:
        today = today_utc().isoformat()
        rows = [(slug, self.desks[slug].layout.title, challenge(slug, "daily", today)) for slug in self.desks]
        puzzles = {slug: challenge(slug, "puzzle-daily", today) for slug in self.desks if self.desks[slug].game.can_puzzle}
        finishes = {slug: challenge(slug, "finish-daily", today) for slug in self.desks
                    if "finish" in self.desks[slug].game.puzzle_options}
        return self.page(request, "index.html", games=rows, puzzles=puzzles, finishes=finishes, today=today)

    async def go(self, request: Request) -> Response:
        q = request.query_params
        ch = self._challenge(q.get("game", ""), q.get("kind", ""), q.get("value", "").strip())
        return RedirectResponse(ch.path, status_code=303)

    def _challenge(self, game: str, kind: str, value: str) -> Challenge:
        try:
            return challenge(game, kind, value)
        except RollwriteError as error:
            raise _problem(400, str(error)) from None

    async def play(self, request: Request) -> HTMLResponse:
        ch = self.challenge_of(request)
        desk = self.desks[ch.game]
        svg = await run_in_threadpool(sheet_svg, ch, desk.has_dice)  # a puzzle is made here, once, untimed
        dice = await run_in_threadpool(dice_lines, ch) if desk.has_dice else ()
        board = await run_in_threadpool(db.leaderboard, self.engine, ch.id)
        return self.page(request, "play.html", ch=ch, title=desk.layout.title, svg=svg, dice=dice, board=board,
                         has_entry=desk.entered(ch), stored=request.query_params.get("stored", ""))

    async def download(self, request: Request) -> Response:
        ch = self.challenge_of(request)
        fmt = request.path_params["fmt"]
        if fmt not in ("pdf", "png"):
            raise _problem(404, "the sheet is there as sheet.pdf and sheet.png")
        desk = self.desks[ch.game]
        blob = await run_in_threadpool(sheet_file, ch, desk.has_dice, fmt)
        name = ch.id.replace("#", "-").replace("@", "-")
        return Response(blob, media_type="application/pdf" if fmt == "pdf" else "image/png",
                        headers={**HEADERS, "Content-Disposition": f'attachment; filename="{name}.{fmt}"'})

    async def check(self, request: Request) -> JSONResponse:
        ch = self.challenge_of(request)
        await self._csrf(request, request.headers.get("x-csrf-token", ""))
        body = await _body(request)
        try:
            doc = json.loads(body)
        except (ValueError, UnicodeDecodeError):
            raise _problem(400, "the request is not JSON") from None
        if not isinstance(doc, dict) or not isinstance(doc.get("text"), str):
            raise _problem(400, 'send {"text": "..."}')
        result = await self._run(self.desks[ch.game].check, ch, text=doc["text"])
        return FastJSON(result, headers=HEADERS)

    async def play_step(self, request: Request) -> JSONResponse:
        ch = self.challenge_of(request)
        await self._csrf(request, request.headers.get("x-csrf-token", ""))
        try:
            doc = json.loads(await _body(request))
        except (ValueError, UnicodeDecodeError):
            raise _problem(400, "the request is not JSON") from None
        text, picked, undo, field = _step_of(doc)
        try:
            result = await self._run(self.desks[ch.game].play, ch, text=text, picked=picked, undo=undo, field=field)
        except RollwriteError as error:
            raise _problem(409, error.message) from None
        return FastJSON(result, headers=HEADERS)

    async def submit(self, request: Request) -> Response:
        ch = self.challenge_of(request)
        form = await _form(request)
        await self._csrf(request, form.get("csrf", ""))
        name = " ".join(form.get("name", "").split())
        if not name or len(name) > MAX_NAME or not name.isprintable():
            raise _problem(400, f"give a name of 1 to {MAX_NAME} letters, digits or spaces")
        text = form.get("text", "")
        result = await self._run(self.desks[ch.game].check, ch, text=text)
        if "error" in result or not result["valid"]:
            what = result["error"]["message"] if "error" in result else result["problems"][0]["message"]
            raise _problem(422, f"only a sheet that passes every check is stored: {what}")
        par = result.get("par")
        stored = await run_in_threadpool(lambda: db.submit(self.engine, challenge=ch.id, game=ch.game, name=name,
                                                           score=float(result["total"]), sheet=text,
                                                           par=None if par is None else float(par)))
        flag = "kept" if stored.kept else "better"
        return RedirectResponse(f"{ch.path}?stored={flag}#leaderboard", status_code=303)

    async def board(self, request: Request) -> JSONResponse:
        ch = self.challenge_of(request)
        places = await run_in_threadpool(db.leaderboard, self.engine, ch.id)
        return JSONResponse({"id": ch.id, "places": [{"rank": p.rank, "name": p.name, "score": plain_number(p.score),
                                                       **({} if p.par is None else {"par": plain_number(p.par)})}
                                                      for p in places]}, headers=HEADERS)

    async def static(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name not in _STATIC:
            raise _problem(404, "no such file")
        return Response(_STATIC[name], media_type=_TYPES[name.rsplit(".", 1)[1]], headers=HEADERS)

    async def _csrf(self, request: Request, token: str) -> None:
        cookie = request.cookies.get(COOKIE, "")
        if not cookie or not token or not hmac.compare_digest(cookie.encode(), str(token).encode()):
            raise _problem(403, "the page's form token is missing or out of date: reload the page and try again")

    async def _run(self, fn: Any, *args: Any, **kw: Any) -> Any:
        try:
            return await asyncio.wait_for(run_in_threadpool(fn, *args, **kw), CHECK_SECONDS)
        except asyncio.TimeoutError:
            raise _problem(503, "checking the sheet took too long; try again") from None

    async def error(self, request: Request, exc: Exception) -> Response:
        status = getattr(exc, "status_code", 500)
        detail = getattr(exc, "detail", "") or "the request could not be answered"
        if "application/json" in request.headers.get("accept", "") or request.url.path.endswith((".json", "/check", "/play")):
            return JSONResponse({"error": detail}, status_code=status, headers=HEADERS)
        return self.page(request, "error.html", status=status, status_code=status, message=detail)


def _step_of(doc: Any) -> tuple[str, list[str], bool, tuple[str, str] | None]:
    """The text, picks, undo and field of a step of the entry, each of the right type and bounded."""
    bad = _problem(400, 'send {"text": "...", "picked": ["..."], "undo": false, "field": ["key", "value"]}')
    if not isinstance(doc, dict) or not isinstance(doc.get("text", ""), str):
        raise bad
    picked, undo, field = doc.get("picked", []), doc.get("undo", False), doc.get("field")
    if (not isinstance(picked, list) or len(picked) > MAX_PICKS or not all(isinstance(p, str) and len(p) <= 40 for p in picked)
            or not isinstance(undo, bool)):
        raise bad
    if field is not None and not (isinstance(field, list) and len(field) == 2
                                  and all(isinstance(f, str) and len(f) <= 80 for f in field)):
        raise bad
    return doc.get("text", ""), picked, undo, None if field is None else (field[0], field[1])


async def _body(request: Request) -> bytes:
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
        raise _problem(413, f"the request is larger than {MAX_BODY // 1024} KB, the most a sheet may be")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise _problem(413, f"the request is larger than {MAX_BODY // 1024} KB, the most a sheet may be")
        chunks.append(chunk)
    return b"".join(chunks)


async def _form(request: Request) -> dict[str, str]:
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/x-www-form-urlencoded":
        raise _problem(415, "send the form as application/x-www-form-urlencoded")
    body = await _body(request)
    try:
        fields = parse_qs(body.decode("utf-8"), keep_blank_values=True, max_num_fields=10, strict_parsing=False)
    except (UnicodeDecodeError, ValueError):
        raise _problem(400, "the form could not be read") from None
    return {k: v[0] for k, v in fields.items()}


class FastJSON(JSONResponse):
    """JSON by orjson: the same text as json.dumps with ensure_ascii off, a few times faster."""

    def render(self, content: Any) -> bytes:
        return orjson.dumps(content)


DB_ENV = "ROLLWRITE_DESK_DB"  # how `rollwrite serve` tells each worker process the database


def app_from_env() -> Starlette:
    """The app for a worker process started by uvicorn (``rollwrite serve`` sets ``ROLLWRITE_DESK_DB``)."""
    return make_app(os.environ[DB_ENV])


def make_app(db_url: str) -> Starlette:
    """The desk's ASGI app over the database ``db_url`` (a file name or an SQLAlchemy URL)."""
    desk = DeskApp(db.open_db(db_url))
    base = "/play/{game}/{kind}/{value}"
    routes = [
        Route("/", desk.index), Route("/go", desk.go),
        Route(base, desk.play), Route(base + "/sheet.{fmt:str}", desk.download),
        Route(base + "/check", desk.check, methods=["POST"]), Route(base + "/play", desk.play_step, methods=["POST"]),
        Route(base + "/submit", desk.submit, methods=["POST"]),
        Route(base + "/leaderboard.json", desk.board), Route("/static/{name}", desk.static),
        Route("/favicon.ico", lambda request: Response(status_code=204)),
    ]
    app = Starlette(routes=routes, exception_handlers={HTTPException: desk.error, 500: desk.error})
    app.state.desk = desk
    return app
