"""The desk as an ASGI app (Starlette): challenge pages, live checks, submissions and leaderboards.

Routes (nothing else is served; no request path reaches the file system):

- ``GET /``: the games, today's daily challenge of each (UTC), and a form to open any day or seed;
- ``GET /play/GAME/daily/DATE`` and ``/play/GAME/seed/SEED``: the challenge's page (a seed is one path
  segment, percent-encoded: it may hold any character the command line takes, ``/`` included);
- ``GET .../sheet.pdf``, ``.../sheet.png``: the sheet to print;
- ``POST .../check``: JSON ``{"text": ...}``, answered with the problems and the score (see
  :meth:`rollwrite.serve.desk.Desk.check`);
- ``POST .../play``: JSON ``{"text": ..., "picked": [...], "undo": false, "field": [key, value]}``, one
  step of the on-screen entry: the sheet's new text, what to draw and the choices the rules allow next
  (see :meth:`rollwrite.serve.desk.Desk.play`);
- ``POST .../submit``: a form with the player's name and the sheet's text; a verified sheet is stored;
- ``GET .../leaderboard.json``;
- ``GET .../live``: the challenge played live (where its game has rolls or cards to hold back): the page
  shows only the rolls up to the turn to play; ``POST .../live`` (a form) starts the player's live game;
  ``POST .../live-play``: JSON ``{"picked": [...], "seq": N, "field": [key, value]}``, one step of it,
  each whole turn stored in the database before the next roll is answered (see
  :meth:`rollwrite.serve.desk.Desk.live_step`); ``POST .../live-submit``: its finished sheet, from the
  desk's own record, as an entry marked live;
- ``GET /static/desk.js``, ``/static/desk.css``: read from the package once, at start.

Every POST comes from the desk's own pages (``Origin`` and ``Sec-Fetch-Site`` are checked where the
browser sends them) and carries the page's CSRF token (a form field or an ``X-CSRF-Token`` header) equal
to the ``desk_csrf`` cookie; every body is bounded by the size limit of a typed-in sheet; every check
runs with a time limit; each client's checks, submissions and new challenges are limited (429 with
``Retry-After``).  A daily opens on its day (UTC) and takes entries for ``open_days`` days.  Sheets and
puzzles are made by the desk's worker (serve/maker.py), started with the app: a page not made yet says
it is being prepared and reloads itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import hmac
import logging
import secrets
import shlex
from collections.abc import AsyncIterator, Awaitable, Callable
from importlib.resources import files
from typing import Any
from urllib.parse import parse_qs, quote, unquote

import orjson
from jinja2 import Environment, PackageLoader, select_autoescape
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from rollwrite.dice import today_utc
from rollwrite.errors import RollwriteError
from rollwrite.files import SHEET
from rollwrite.numbers import plain_number
from rollwrite.serve import db
from rollwrite.serve.accesslog import AccessLog, logger_for
from rollwrite.serve.checkers import CHECK_SECONDS, CheckerDied, Checkers
from rollwrite.serve.desk import Challenge, Desk, challenge, challenge_of_id, game_slugs
from rollwrite.serve.limits import CHECKS, PREPARES, SUBMITS, Buckets
from rollwrite.serve.maker import Busy, Failed, Maker, NotReady
from rollwrite.serve.names import MAX_NAME, BadName, check as check_name
from rollwrite.serve.settings import Settings

MAX_BODY = SHEET.max_bytes + 64 * 1024  # a sheet at its largest, with the picks or the form around it
MAX_PICKS = 24  # the picks of one turn: The Long Way's rerolls (a coin each), tile, display and bonus
COOKIE = "desk_csrf"
PLAYER = "desk_player"  # the player's key: it holds the names they submitted under
PLAYER_DAYS = 400
SHOW_KEY = "desk_new_key"  # a key just made, to show once
PREPARE_RETRY = 3  # seconds before a page being prepared reloads itself
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
                               "font-src 'self' data:; frame-ancestors 'none'; form-action 'self'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}
_STATIC = {name: files("rollwrite.serve").joinpath("static", name).read_bytes() for name in ("desk.js", "desk.css")}
_TYPES = {"js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8"}
#: the parts of a challenge's path after its value, and the methods each answers
ACTIONS = {"": ("GET", "HEAD"), "check": ("POST",), "play": ("POST",), "submit": ("POST",), "sheet.pdf": ("GET", "HEAD"),
           "sheet.png": ("GET", "HEAD"), "leaderboard.json": ("GET", "HEAD"), "live": ("GET", "HEAD", "POST"),
           "live-play": ("POST",), "live-submit": ("POST",)}
#: what a live-only desk holds back while a challenge that can be played live takes entries: everything
#: that shows or tells its rolls (the page with its dice redirects to the live page)
HELD_BACK = ("check", "play", "submit", "sheet.pdf", "sheet.png")
DB_AWAY = "the desk's database is out of reach"
log = logging.getLogger("rollwrite.serve")


def _problem(status: int, message: str, headers: dict[str, str] | None = None) -> HTTPException:
    return HTTPException(status, message, headers=headers)


def disposition(filename: str) -> str:
    """``Content-Disposition`` for a download (RFC 6266): an ASCII ``filename`` with anything unsafe made
    ``_``, and the exact name in ``filename*`` (RFC 8187, UTF-8, percent-encoded)."""
    plain = "".join(c if c.isascii() and (c.isalnum() or c in "-_.@#+ ") else "_" for c in filename)
    return f"attachment; filename=\"{plain}\"; filename*=UTF-8''{quote(filename, safe='')}"


def command_for(ch: Challenge) -> str:
    """The ``rollwrite score`` command that checks this challenge's sheet, quoted for a POSIX shell."""
    words = ["rollwrite", "score", ch.game, "FILE"]
    if ch.game != "lines-and-sections" or ch.puzzle:
        words += ["--seed" if ch.seed is not None else "--daily", ch.value]
    if ch.puzzle:
        words.append("--puzzle")
    return " ".join(shlex.quote(w) if w != "FILE" else w for w in words)


class DeskApp:
    """The app's state: the database, each game's desk, the worker and the per-client limits."""

    def __init__(self, engine: Engine, settings: Settings, today: Callable[[], dt.date] = today_utc,
                 maker: Maker | None = None, checkers: Checkers | None = None) -> None:
        self.engine, self.settings, self.today = engine, settings, today
        self.maker = maker or Maker()
        self.checkers = checkers or Checkers()
        self.desks = {slug: Desk(slug, puzzles=self._puzzle) for slug in game_slugs()}
        self.env = Environment(loader=PackageLoader("rollwrite.serve", "templates"),
                               autoescape=select_autoescape(default=True, default_for_string=True))
        self.checks, self.submits, self.prepares = Buckets(CHECKS), Buckets(SUBMITS), Buckets(PREPARES)

    # -- the worker --------------------------------------------------------------------------------

    def _puzzle(self, ch: Challenge, options: tuple) -> Any:
        """The puzzle a sheet with these puzzle options answers: the page's own when its answer has them."""
        desk = self.desks[ch.game]
        shown = self.maker.get(("page", ch, desk.has_dice))[2]
        if not options or self._options(ch, shown) == options:
            return shown
        return self.maker.get(("puzzle", ch, options))

    def _options(self, ch: Challenge, puzzle: Any) -> tuple:
        """The puzzle options of a puzzle's answer, as a sheet's are asked for."""
        return tuple(sorted(self.desks[ch.game].game.puzzle_options_of(puzzle.answer).items()))

    def _made(self, request: Request, task: tuple) -> Any:
        """What the worker made for a request; a 503 page that reloads itself while it is being made."""
        if not self.maker.ready(task):  # a new challenge: this client's preparing is limited
            self._limit(self.prepares, request, "new challenges")
        try:
            return self.maker.get(task)
        except NotReady:
            raise _problem(503, "preparing", {"Retry-After": str(PREPARE_RETRY)}) from None
        except Busy:
            raise _problem(503, "the desk is busy preparing other challenges; try again in a minute",
                           {"Retry-After": "60"}) from None
        except Failed as error:
            raise _problem(500, f"this challenge could not be prepared: {error}") from None

    def prepare_ahead(self) -> None:
        """Queue today's and tomorrow's dailies and their puzzles (UTC), so that they are made before the
        first player asks."""
        today = self.today()
        for day in (today, today + dt.timedelta(days=1)):
            for slug, desk in self.desks.items():
                for kind in ("daily", "puzzle-daily") if desk.game.can_puzzle else ("daily",):
                    with contextlib.suppress(NotReady, Failed, RollwriteError):
                        self.maker.get(("page", challenge(slug, kind, day.isoformat()), desk.has_dice), ahead=True)

    async def keep_ahead(self) -> None:
        while True:
            self.prepare_ahead()
            await asyncio.sleep(600)

    # -- pages ---------------------------------------------------------------------------------------

    def page(self, request: Request, template: str, status: int = 200, headers: dict[str, str] | None = None,
             **context: Any) -> HTMLResponse:
        token = request.cookies.get(COOKIE) or secrets.token_urlsafe(24)
        html = self.env.get_template(template).render(csrf=token, **context)
        response = HTMLResponse(html, status_code=status, headers={**HEADERS, **(headers or {})})
        response.set_cookie(COOKIE, token, httponly=True, samesite="strict", path="/", secure=_https(request))
        if not request.cookies.get(PLAYER):  # the browser's key, before its first submission: a retried
            _player_cookie(response, request, secrets.token_urlsafe(18))  # one whose answer was lost has it
        return response

    def _challenge(self, game: str, kind: str, value: str, status: int = 404) -> Challenge:
        try:
            ch = challenge(game, kind, value)
        except RollwriteError as error:
            raise _problem(status, str(error)) from None
        day = self._day(ch)
        if day is not None and day > self.today():
            raise _problem(status, f"the daily of {day.isoformat()} opens on its day, at 00:00 UTC "
                                   f"(it is {self.today().isoformat()} in UTC now)")
        return ch

    def daily_of(self, ch: Challenge) -> Challenge:
        """The page a challenge is played on: the challenge itself, but for a game without dice (Lines &
        Sections), whose daily would be the same game every day, the day's puzzle (made from its date)."""
        desk = self.desks[ch.game]
        if ch.kind == "daily" and not desk.has_dice and desk.game.can_puzzle and not ch.variant:
            return challenge(ch.game, "puzzle-daily", ch.value)
        return ch

    def _day(self, ch: Challenge) -> dt.date | None:
        return dt.date.fromisoformat(ch.daily) if ch.daily else None

    def closes(self, ch: Challenge) -> dt.date | None:
        """The day (UTC) at whose start a daily stops taking entries; None for a seed's challenge."""
        day = self._day(ch)
        return None if day is None else day + dt.timedelta(days=self.settings.open_days)

    async def index(self, request: Request) -> HTMLResponse:
        today = self.today().isoformat()
        rows = [(slug, self.desks[slug].layout.title, self.daily_of(challenge(slug, "daily", today))) for slug in self.desks]
        puzzles = {slug: challenge(slug, "puzzle-daily", today) for slug, _t, ch in rows
                   if self.desks[slug].game.can_puzzle and not ch.puzzle}
        finishes = {slug: challenge(slug, "finish-daily", today) for slug in self.desks
                    if "finish" in self.desks[slug].game.puzzle_options}
        lives = {slug for slug, _t, ch in rows if self.desks[slug].can_live(ch)}
        return self.page(request, "index.html", games=rows, puzzles=puzzles, finishes=finishes, today=today,
                         open_days=self.settings.open_days, lives=lives, live_only=self.settings.live_only)

    async def go(self, request: Request) -> Response:
        q = request.query_params
        ch = self._challenge(q.get("game", ""), q.get("kind", ""), q.get("value", "").strip(), status=400)
        return RedirectResponse(self.daily_of(ch).path, status_code=303)

    async def challenge_route(self, request: Request) -> Response:
        """``/play/GAME/KIND/VALUE[/ACTION]``, read from the raw path, so that a value may hold ``/``."""
        raw = request.scope.get("raw_path") or request.scope["path"].encode()
        try:
            parts = [unquote(p, errors="strict") for p in raw.decode("ascii").split("/")[2:]]
        except (UnicodeDecodeError, UnicodeEncodeError):
            raise _problem(404, "no such page") from None
        if len(parts) not in (3, 4) or (len(parts) == 4 and parts[3] not in ACTIONS):
            if len(parts) == 4 and parts[3].startswith("sheet."):
                raise _problem(404, "the sheet is there as sheet.pdf and sheet.png")
            raise _problem(404, "no such page")
        action = parts[3] if len(parts) == 4 else ""
        if request.method not in ACTIONS[action]:
            raise _problem(405, f"{request.method} is not answered here", {"Allow": ", ".join(ACTIONS[action])})
        ch = self._challenge(parts[0], parts[1], parts[2])
        daily = self.daily_of(ch)
        if daily != ch:  # a game without dice: its daily is the day's puzzle
            where = daily.path + (f"/{action}" if action else "")
            return RedirectResponse(where, status_code=303 if request.method in ("GET", "HEAD") else 308)
        if action.startswith("live") and not self.desks[ch.game].can_live(ch):
            raise _problem(404, self.no_live(ch))
        if self.settings.live_only and self.desks[ch.game].can_live(ch) and self._when(ch)["open"]:
            if action == "":
                return RedirectResponse(f"{ch.path}/live", status_code=303)
            if action in HELD_BACK:
                raise _problem(403, "this desk ranks only live play: the challenge's rolls are shown only as its "
                                    f"live game reaches them, at {ch.path}/live")
        handlers: dict[str, Callable[..., Awaitable[Response]]] = {
            "": self.play, "check": self.check, "play": self.play_step, "submit": self.submit, "sheet.pdf": self.download,
            "sheet.png": self.download, "leaderboard.json": self.board, "live": self.live,
            "live-play": self.live_play, "live-submit": self.live_submit}
        return await handlers[action](request, ch, action)

    def no_live(self, ch: Challenge) -> str:
        """Why a challenge has no live play."""
        desk = self.desks[ch.game]
        if not desk.has_dice:
            return (f"{desk.layout.title} has no dice and no cards: every turn is known from the start, so there is "
                    "nothing to hold back and no live play; its entries are ranked as they are played")
        if desk.entry is None or not desk.entry.live:
            return f"{desk.layout.title} is not played live on this desk"
        return (f"this puzzle of {desk.layout.title} starts from a position of its own, printed on its sheet: "
                "it is not played live")

    def _when(self, ch: Challenge) -> dict[str, Any]:
        closes = self.closes(ch)
        return {"closes": closes, "open": closes is None or self.today() < closes, "today": self.today()}

    async def play(self, request: Request, ch: Challenge, _action: str = "", **extra: Any) -> HTMLResponse:
        desk = self.desks[ch.game]
        try:
            svg, dice, puzzle = self._made(request, ("page", ch, desk.has_dice))
        except HTTPException as exc:
            if exc.detail != "preparing":
                raise
            return self.page(request, "preparing.html", status=503, headers=dict(exc.headers or {}), ch=ch,
                             title=desk.layout.title, retry=PREPARE_RETRY)
        board, unranked = await self._boards(ch)
        new_key = request.cookies.get(SHOW_KEY, "")
        if new_key != request.cookies.get(PLAYER, ""):
            new_key = ""
        response = self.page(request, "play.html", status=extra.pop("status", 200), ch=ch, title=desk.layout.title,
                             svg=svg, dice=dice, board=board, has_entry=desk.entered(ch), puzzle=puzzle,
                             plain_number=plain_number, command=command_for(ch),
                             stored=request.query_params.get("stored", ""), max_name=MAX_NAME, new_key=new_key,
                             can_live=desk.can_live(ch), no_live=self.no_live(ch), live_only=self.live_ranked(ch),
                             has_dice=desk.has_dice, unranked=unranked, **self._when(ch), **extra)
        if SHOW_KEY in request.cookies:
            response.delete_cookie(SHOW_KEY, path="/", httponly=True, samesite="strict", secure=_https(request))
        return response

    def live_ranked(self, ch: Challenge) -> bool:
        """Whether the challenge's board ranks only live play."""
        return self.settings.live_only and self.desks[ch.game].can_live(ch)

    async def _boards(self, ch: Challenge) -> tuple[list[db.Place] | None, list[db.Place]]:
        """(the board, the entries it leaves unranked: pasted ones on a board of live play only); None for
        a board the database cannot give."""
        live_only = self.live_ranked(ch)
        try:
            board = await run_in_threadpool(db.leaderboard, self.engine, ch.id, 500, True if live_only else None)
            unranked = await run_in_threadpool(db.leaderboard, self.engine, ch.id, 500, False) if live_only else []
        except SQLAlchemyError as exc:
            log.error("the leaderboard of %s could not be read: %s", ch.id, exc)
            return None, []
        return board, unranked

    # -- live play ---------------------------------------------------------------------------------------

    async def live(self, request: Request, ch: Challenge, _action: str = "", **extra: Any) -> Response:
        """The live page (GET), or the start of the player's live game (POST, a form)."""
        key = request.cookies.get(PLAYER, "")
        if request.method == "POST":
            form = await _form(request)
            self._csrf(request, form.get("csrf", ""))
            self._limit(self.prepares, request, "new live games")
            if not key:
                raise _problem(403, "live play needs the desk's cookies: the game is kept for this browser")
            if not self._when(ch)["open"]:
                raise _problem(403, f"the daily of {ch.daily} takes no entries any more: it is not played live")
            try:
                await run_in_threadpool(db.start_live, self.engine, ch.id, key)
            except SQLAlchemyError:
                raise _problem(503, DB_AWAY, {"Retry-After": "30"}) from None
            return RedirectResponse(f"{ch.path}/live", status_code=303)
        return await self.live_page(request, ch, **extra)

    async def live_page(self, request: Request, ch: Challenge, **extra: Any) -> Response:
        """The live page: the start button, or the player's live game (drawn by desk.js from live-play)."""
        desk = self.desks[ch.game]
        key = request.cookies.get(PLAYER, "")
        try:
            puzzle = self._made(request, ("page", ch, desk.has_dice))[2]
        except HTTPException as exc:
            if exc.detail != "preparing":
                raise
            return self.page(request, "preparing.html", status=503, headers=dict(exc.headers or {}), ch=ch,
                             title=desk.layout.title, retry=PREPARE_RETRY, here=f"{ch.path}/live")
        try:
            game = await run_in_threadpool(db.live_game, self.engine, ch.id, key)
        except SQLAlchemyError:
            raise _problem(503, DB_AWAY, {"Retry-After": "30"}) from None
        board, unranked = await self._boards(ch)
        return self.page(request, "live.html", status=extra.pop("status", 200), ch=ch, title=desk.layout.title,
                         game=game, board=board, unranked=unranked, puzzle=puzzle, plain_number=plain_number,
                         max_name=MAX_NAME, live_only=self.live_ranked(ch), command=command_for(ch),
                         stored=request.query_params.get("stored", ""), **self._when(ch), **extra)

    async def _live_game(self, request: Request, ch: Challenge) -> db.LiveGame:
        try:
            game = await run_in_threadpool(db.live_game, self.engine, ch.id, request.cookies.get(PLAYER, ""))
        except SQLAlchemyError:
            raise _problem(503, DB_AWAY, {"Retry-After": "30"}) from None
        if game is None:
            raise _problem(404, f"this browser plays no live game of {ch.id}: start one at {ch.path}/live")
        return game

    async def _asked(self, request: Request) -> Any:
        """The JSON a page's script sends for a check or a step of the entry: its CSRF token checked, the
        client's checks counted (429 past its limit), the body read within its limits and parsed (400 if
        it is not JSON: nesting deeper than 1024, NaN, a lone surrogate...)."""
        self._csrf(request, request.headers.get("x-csrf-token", ""))
        self._limit(self.checks, request, "checks")
        try:
            return orjson.loads(await _body(request))
        except orjson.JSONDecodeError:
            raise _problem(400, "the request is not JSON") from None

    async def live_play(self, request: Request, ch: Challenge, _action: str = "") -> Response:
        doc = await self._asked(request)
        _text, picked, undo, field = _step_of(doc)
        seq = doc.get("seq")
        if seq is not None and (not isinstance(seq, int) or isinstance(seq, bool)):
            raise _problem(400, '"seq" is the number the last answer gave')
        game = await self._live_game(request, ch)
        moving = bool(picked) or undo or field is not None
        if moving and seq != game.seq:
            raise _problem(409, "this live game moved on in another page: it is shown as stored")
        if moving and game.finished:
            raise _problem(409, "this live game is over: every turn is stored")
        result = await self._checked("live_step", ch, encode=False, text=game.sheet, locked=tuple(game.picks),
                                     turns=game.turns, picked=picked, undo=undo, field=field)
        store = result.pop("store", None)
        if store is not None:
            try:
                saved = await run_in_threadpool(lambda: db.save_live(
                    self.engine, game, sheet=store["text"], turns=store["turns"], picks=tuple(store["picks"]),
                    finished=store["finished"]))
            except SQLAlchemyError:
                raise _problem(503, f"the turn was NOT stored: {DB_AWAY}", {"Retry-After": "30"}) from None
            if saved is None:
                raise _problem(409, "this live game moved on in another page: it is shown as stored")
            game = saved
        result.update(seq=game.seq, turns=game.turns, finished=game.finished is not None)
        return _json(orjson.dumps(result))

    async def live_submit(self, request: Request, ch: Challenge, _action: str = "") -> Response:
        form = await _form(request)
        self._csrf(request, form.get("csrf", ""))
        self._limit(self.submits, request, "submissions")
        game = await self._live_game(request, ch)
        if game.finished is None:
            raise _problem(409, "the live game is not over yet: its entry is submitted once its last turn is stored")
        return await self._enter(request, ch, form, game.sheet, live=True, live_game=game.id)

    # -- something to come back to: an archive per game, a page per name -----------------------------

    def _link(self, cid: str) -> tuple[str, str] | None:
        """(the page's address, the day or seed shown) of a stored challenge id; None for one no page has."""
        try:
            ch = challenge_of_id(cid)
        except RollwriteError:
            return None
        return ch.path, ch.id

    async def archive(self, request: Request) -> HTMLResponse:
        game = request.path_params["game"]
        if game not in self.desks:
            raise _problem(404, f"unknown game '{game[:40]}'")
        try:
            days = await run_in_threadpool(db.archive, self.engine, game)
        except SQLAlchemyError:
            raise _problem(503, DB_AWAY, {"Retry-After": "30"}) from None
        today = self.today()
        rows = [(d, self._link(d.challenge)) for d in days]
        rows = [(d, link) for d, link in rows if link is not None and not _future(d.challenge, today)]
        return self.page(request, "archive.html", game=game, title=self.desks[game].layout.title, rows=rows,
                         today=today, plain_number=plain_number, name_path=_name_path,
                         daily=self.daily_of(challenge(game, "daily", today.isoformat())))

    async def name_page(self, request: Request) -> HTMLResponse:
        raw = request.path_params["name"]
        try:
            name = check_name(raw)
        except BadName as error:
            raise _problem(404, f"no such name: {error}") from None
        try:
            played = await run_in_threadpool(db.entries_by_name, self.engine, name)
        except SQLAlchemyError:
            raise _problem(503, DB_AWAY, {"Retry-After": "30"}) from None
        today = self.today()
        days = {dt.date.fromisoformat(p.challenge.split("@", 1)[1][:10]) for p in played if "@" in p.challenge}
        current, longest = db.streak(days, today)
        best: dict[str, db.Played] = {}
        for p in played:
            if p.game in self.desks and (p.game not in best or (p.rank, -p.score) < (best[p.game].rank, -best[p.game].score)):
                best[p.game] = p
        rows = [(p, self._link(p.challenge)) for p in played]
        shown = played[0].name if played else name
        return self.page(request, "name.html", name=shown, name_path=_name_path, rows=rows, days=len(days), current=current,
                         longest=longest, best=sorted(best.values(), key=lambda p: p.game), today=today,
                         titles={slug: d.layout.title for slug, d in self.desks.items()}, plain_number=plain_number,
                         link=self._link)

    async def download(self, request: Request, ch: Challenge, action: str) -> Response:
        desk = self.desks[ch.game]
        fmt = action.split(".")[1]
        try:
            blob = self._made(request, ("file", ch, desk.has_dice, fmt))
        except HTTPException as exc:
            if exc.detail != "preparing":
                raise
            raise _problem(503, f"the {fmt.upper()} of {ch.id} is being drawn; try again in a few seconds",
                           dict(exc.headers or {})) from None
        name = ch.id.replace("#", "-").replace("@", "-").replace(" ", "-")
        return Response(blob, media_type="application/pdf" if fmt == "pdf" else "image/png",
                        headers={**HEADERS, "Content-Disposition": disposition(f"{name}.{fmt}")})

    async def check(self, request: Request, ch: Challenge, _action: str = "") -> Response:
        doc = await self._asked(request)
        if not isinstance(doc, dict) or not isinstance(doc.get("text"), str):
            raise _problem(400, 'send {"text": "..."}')
        return _json(await self._checked("check", ch, encode=True, text=doc["text"]))

    async def play_step(self, request: Request, ch: Challenge, _action: str = "") -> Response:
        doc = await self._asked(request)
        text, picked, undo, field = _step_of(doc)
        return _json(await self._checked("play", ch, encode=True, text=text, picked=picked, undo=undo, field=field))

    async def submit(self, request: Request, ch: Challenge, _action: str = "") -> Response:
        form = await _form(request)
        self._csrf(request, form.get("csrf", ""))
        self._limit(self.submits, request, "submissions")
        return await self._enter(request, ch, form, form.get("text", ""), live=False)

    async def _enter(self, request: Request, ch: Challenge, form: dict[str, str], text: str, *, live: bool,
                     live_game: int | None = None) -> Response:
        """Store a sheet as an entry: ``live`` only for the sheet of the player's own live game, read from
        the desk's record (nothing the player sends makes an entry live)."""
        raw_name, given_key = form.get("name", ""), form.get("key", "").strip()

        async def again(status: int, message: str, **extra: Any) -> Response:  # the page, the sheet kept
            if live:
                return await self.live_page(request, ch, status=status, refused=message, name_value=raw_name, **extra)
            return await self.play(request, ch, status=status, refused=message, sheet_text=text,
                                   name_value=raw_name, **extra)

        when = self._when(ch)
        if not when["open"]:
            raise _problem(403, f"entries for the daily of {ch.daily} closed at the start of "
                                f"{when['closes'].isoformat()} (UTC): a daily takes entries for "
                                f"{self.settings.open_days} day{'s' if self.settings.open_days != 1 else ''} from its own")
        if raw_name.strip():
            try:
                check_name(raw_name)
            except BadName as error:
                return await again(400, str(error))
        try:
            result = await self._checked("check", ch, encode=False, text=text)
        except HTTPException as exc:
            return await again(exc.status_code, f"your sheet was not stored: {exc.detail}")
        if "error" in result or not result["valid"]:
            what = result["error"]["message"] if "error" in result else result["problems"][0]["message"]
            raise _problem(422, f"only a sheet that passes every check is stored: {what}")
        score = float(result["total"])
        players = result.get("players") or []
        player = 1
        if len(players) > 1 and not ch.puzzle:  # a sheet of several players: a row for the one who submits it
            which = form.get("player", "").strip()
            if not (which.isdigit() and 1 <= int(which) <= len(players)):
                names = ", ".join(p["name"] for p in players)
                return await again(400, f"this sheet has {len(players)} players ({names}): say which of them "
                                        "you are; the leaderboard ranks each player's own result")
            player = int(which)
            me = players[player - 1]
            score = float(me["total"])
            if not raw_name.strip():
                raw_name = me["name"]
        try:
            name = check_name(raw_name)
        except BadName as error:
            return await again(400, str(error))
        par = result.get("par")
        player_key = given_key or request.cookies.get(PLAYER, "") or secrets.token_urlsafe(18)
        try:
            stored = await run_in_threadpool(lambda: db.submit(
                self.engine, challenge=ch.id, game=ch.game, name=name, score=score, sheet=text,
                par=None if par is None else float(par), player_key=player_key, live=live,
                live_first=self.live_ranked(ch), live_game=None if live_game is None else (live_game, player)))
        except db.LiveTaken as taken:
            return await again(409, f"this live game's player is already submitted under another name, or this name "
                                    f"as another of its players ({taken.name}, as names are compared): a live game "
                                    "is one entry a player, each under one name")
        except db.NameTaken:
            return await again(403, f"the name {name} belongs to another player: it was first submitted from "
                                    "another browser. If it is yours, give its key (shown when you first "
                                    "submitted under it); otherwise choose another name")
        except db.Removed as removed:
            return await again(403, f"the entry of {name} on {ch.id} was removed by the desk's operator "
                                    f"({removed.reason}); it stays off the leaderboard")
        except (SQLAlchemyError, RollwriteError) as exc:
            log.error("a sheet for %s could not be stored: %s", ch.id, exc)
            return await again(503, f"your sheet was NOT stored: {DB_AWAY}. Your sheet's text is kept below: "
                                    "submit it again in a minute, or copy it somewhere safe")
        flag = "kept" if stored.kept else "better"
        response = RedirectResponse(f"{ch.path}{'/live' if live else ''}?stored={flag}#leaderboard", status_code=303)
        _player_cookie(response, request, player_key)
        if stored.claimed:  # shown once, on the page the player comes back to (never in a URL)
            response.set_cookie(SHOW_KEY, player_key, max_age=600, httponly=True, samesite="strict", path="/",
                                secure=_https(request))
        return response

    async def board(self, request: Request, ch: Challenge, _action: str = "") -> JSONResponse:
        places, unranked = await self._boards(ch)
        if places is None:
            raise _problem(503, DB_AWAY, {"Retry-After": "30"})

        def row(p: db.Place) -> dict[str, Any]:
            return {"rank": p.rank, "name": p.name, "score": plain_number(p.score), "live": p.live,
                    **({} if p.par is None else {"par": plain_number(p.par)})}

        return JSONResponse({"id": ch.id, "live_only": self.live_ranked(ch), "places": [row(p) for p in places],
                             **({"unranked": [row(p) for p in unranked]} if self.live_ranked(ch) else {})},
                            headers=HEADERS)

    async def static(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name not in _STATIC:
            raise _problem(404, "no such file")
        return Response(_STATIC[name], media_type=_TYPES[name.rsplit(".", 1)[1]], headers=HEADERS)

    # -- guards ----------------------------------------------------------------------------------------

    def _csrf(self, request: Request, token: str) -> None:
        site = request.headers.get("sec-fetch-site")
        origin = request.headers.get("origin")
        own = f"{request.url.scheme}://{request.headers.get('host', '')}"
        if (site is not None and site not in ("same-origin", "none")) or (origin is not None and origin != own):
            raise _problem(403, "the desk takes sheets only from its own pages (this request came from another site)")
        cookie = request.cookies.get(COOKIE, "")
        if not cookie or not token or not hmac.compare_digest(cookie.encode(), str(token).encode()):
            raise _problem(403, "the page's form token is missing or out of date: reload the page and try again")

    def _limit(self, buckets: Buckets, request: Request, what: str) -> None:
        client = request.client.host if request.client else ""
        wait = buckets.take(client)
        if wait:
            raise _problem(429, f"too many {what} from this address; try again in {wait} s",
                           {"Retry-After": str(wait)})

    async def _checked(self, method: str, ch: Challenge, *, encode: bool, **kw: Any) -> Any:
        """``Desk.<method>(ch, **kw)`` (a check, a step of the entry) run by a checker process
        (serve/checkers.py), within CHECK_SECONDS, with the puzzles it needs from the desk's worker; the
        answer as JSON bytes when ``encode``.  The game's refusal of a step is a 409."""
        loop = asyncio.get_running_loop()
        end = loop.time() + CHECK_SECONDS
        try:
            puzzles: dict[tuple, Any] = {}
            if ch.puzzle:  # the page's own puzzle, as Desk.evaluate asks for it (other options: asked below)
                shown = self._puzzle(ch, ())
                puzzles[()] = puzzles[self._options(ch, shown)] = shown
            for _ in range(4):  # a step may need the puzzles of a sheet before it and after
                kind, value = await asyncio.wait_for(self.checkers.run(method, ch, kw, puzzles, encode),
                                                     max(0.0, end - loop.time()))
                if kind == "puzzle" and value not in puzzles:
                    puzzles[value] = self._puzzle(ch, value)
                    continue
                if kind == "ok":
                    return value
                if kind == "refused":
                    raise _problem(409, value)
                raise _problem(500, f"the sheet could not be checked: {value}")
            raise _problem(500, "the sheet could not be checked: its puzzle could not be found")
        except asyncio.TimeoutError:
            raise _problem(503, "checking the sheet took too long; try again", {"Retry-After": "5"}) from None
        except CheckerDied:
            raise _problem(503, "the desk's checker stopped; try again", {"Retry-After": "1"}) from None
        except NotReady:
            raise _problem(503, "the puzzle is being prepared; the check runs again in a moment",
                           {"Retry-After": str(PREPARE_RETRY)}) from None
        except Busy:
            raise _problem(503, "the desk is busy preparing other challenges; try again in a minute",
                           {"Retry-After": "60"}) from None
        except Failed as error:
            raise _problem(500, f"this puzzle could not be prepared: {error}") from None

    async def error(self, request: Request, exc: Exception) -> Response:
        status = getattr(exc, "status_code", 500)
        detail = getattr(exc, "detail", "") or "the request could not be answered"
        headers = dict(getattr(exc, "headers", None) or {})
        if status == 500 and not isinstance(exc, HTTPException):
            log.error("%s %s failed", request.method, request.url.path, exc_info=exc)
        if "application/json" in request.headers.get("accept", "") or request.url.path.endswith(
                (".json", "/check", "/play", "/live-play")):
            return JSONResponse({"error": detail}, status_code=status, headers={**HEADERS, **headers})
        return self.page(request, "error.html", status=status, headers=headers, status_code=status, message=detail)


def _name_path(name: str) -> str:
    """The page of a name: ``/name/NAME``, percent-encoded."""
    return "/name/" + quote(name, safe="")


def _future(cid: str, today: dt.date) -> bool:
    """Whether a stored daily's day is after ``today`` (never shown before its day)."""
    day = cid.split("@", 1)[1][:10] if "@" in cid else ""
    try:
        return dt.date.fromisoformat(day) > today
    except ValueError:
        return False


def _player_cookie(response: Response, request: Request, key: str) -> None:
    response.set_cookie(PLAYER, key, max_age=PLAYER_DAYS * 86400, httponly=True, samesite="strict", path="/",
                        secure=_https(request))


def _https(request: Request) -> bool:
    return request.url.scheme == "https"


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


def _json(body: bytes) -> Response:
    """An answer already made JSON (by a checker, with orjson: the text of json.dumps with ensure_ascii
    off)."""
    return Response(body, media_type="application/json", headers=HEADERS)


def app_from_env() -> Starlette:
    """The app for a process started by uvicorn (``rollwrite serve`` sets the settings' variable)."""
    settings = Settings.from_env()
    return make_app(settings.db, settings=settings)


def make_app(db_url: str, *, settings: Settings | None = None, today: Callable[[], dt.date] = today_utc,
             maker: Maker | None = None, prepare_ahead: bool = True, checkers: Checkers | None = None) -> Starlette:
    """The desk's ASGI app over the database ``db_url`` (a file name or an SQLAlchemy URL).  ``today``:
    the date (UTC) the desk goes by; ``maker``: a started worker that the caller stops (by default the
    app has one of its own, started and stopped with it); ``checkers``: likewise, the processes that
    check sheets; ``prepare_ahead``: make today's and tomorrow's challenges before anyone asks (when no
    ``settings`` are given)."""
    settings = settings or Settings(db=db_url, prepare_ahead=prepare_ahead)
    desk = DeskApp(db.open_db(db_url), settings, today=today, maker=maker, checkers=checkers)
    owned = maker is None  # a worker handed in is started and stopped by its owner
    own_checkers = checkers is None

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        if owned:
            desk.maker.start()  # before the app answers anything, from the event loop's thread
        if own_checkers:
            desk.checkers.start()
        ahead = asyncio.get_running_loop().create_task(desk.keep_ahead()) if settings.prepare_ahead else None
        try:
            yield
        finally:
            if ahead is not None:
                ahead.cancel()
            if owned:
                desk.maker.stop()
            if own_checkers:
                desk.checkers.stop()
            desk.engine.dispose()

    routes = [
        Route("/", desk.index), Route("/go", desk.go),
        Route("/play/{rest:path}", desk.challenge_route,  # each part's own methods: challenge_route
              methods=["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]),
        Route("/static/{name}", desk.static),
        Route("/archive/{game}", desk.archive), Route("/name/{name}", desk.name_page),
        Route("/favicon.ico", lambda request: Response(status_code=204)),
    ]
    middleware = [Middleware(TrustedHostMiddleware, allowed_hosts=list(settings.hosts), www_redirect=False)]
    if settings.access_log:
        middleware.insert(0, Middleware(AccessLog, log=logger_for(settings.access_log)))
    app = Starlette(routes=routes, middleware=middleware, lifespan=lifespan,
                    exception_handlers={HTTPException: desk.error, 500: desk.error})
    app.state.desk = desk
    return app
