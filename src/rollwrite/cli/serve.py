"""``rollwrite serve``: the daily-challenge desk, a web page per challenge (see rollwrite/serve/app.py), and
``rollwrite desk``: the operator's look at its record (``entries``) and the removal of an entry (``remove``).

Needs the optional extra: ``pip install 'rollwrite[serve]'``.
"""

from __future__ import annotations

import ipaddress
import os
from pathlib import Path

import typer

from rollwrite.cli.root import app, fail
from rollwrite.errors import UsageError, printable

LOCAL = ("127.0.0.1", "::1", "localhost")
DB_ENV = "ROLLWRITE_DESK_DB"  # --db from the environment: a URL with a password never shows in `ps`
DB_HELP = ("An SQLite file, or any SQLAlchemy URL (postgresql://...); also read from ROLLWRITE_DESK_DB. A "
           "password goes in PGPASSWORD, a ~/.pgpass file or --db-password-file, not on the command line.")


def check_host(host: str, public: str | None) -> None:
    """Refuse to listen beyond this machine unless ``--public`` names the host names served."""
    if public or host in LOCAL:
        return
    try:
        if ipaddress.ip_address(host).is_loopback:
            return
    except ValueError:
        pass
    raise UsageError(f"--host {host} lets other machines reach the desk",
                     hint="add --public with the host names it serves (--public desk.example.org), or leave out "
                          "--host to serve this machine alone")


def _names(option: str, value: str | None) -> tuple[str, ...]:
    out = tuple(n.strip().lower() for n in (value or "").split(",") if n.strip())
    for n in out:
        if not all(c.isalnum() or c in "-._:[]*" for c in n) or ("*" in n and not n.startswith("*.")):
            raise UsageError(f"{option} {printable(n)}: not a host name", hint=f"for example {option} desk.example.org")
    return out


def _addresses(value: str | None) -> tuple[str, ...]:
    out = tuple(a.strip() for a in (value or "").split(",") if a.strip())
    for a in out:
        try:
            ipaddress.ip_address(a)
        except ValueError:
            raise UsageError(f"--proxy {printable(a)}: not an IP address",
                             hint="give the address the reverse proxy connects from, such as --proxy 10.0.0.5") from None
    return out


def database_url(ctx: typer.Context, db: str, password_file: Path | None) -> str:
    """``--db`` with the password of ``--db-password-file`` put in; a password written on the command line
    itself is refused (every user of the machine sees a command line, in ``ps``)."""
    # deferred: the serve extra, which `--help` and the other commands never need
    from sqlalchemy.engine import make_url
    from rollwrite.serve import db as database

    url = database.url_for(db)
    has_password = "://" in db and _password(make_url, url) is not None
    source = ctx.get_parameter_source("db")
    if has_password and getattr(source, "name", "") == "COMMANDLINE":
        raise UsageError("--db: a password on the command line shows in `ps` to every user of this machine",
                         hint="give it in PGPASSWORD, a ~/.pgpass file, --db-password-file FILE, or give the whole "
                              "URL in ROLLWRITE_DESK_DB")
    if password_file is not None:
        if "://" not in db:
            raise UsageError("--db-password-file: an SQLite file has no password")
        try:
            password = password_file.read_text(encoding="utf-8").rstrip("\r\n")
        except (OSError, UnicodeDecodeError) as exc:
            raise UsageError(f"--db-password-file: cannot read '{printable(str(password_file))}': "
                             f"{getattr(exc, 'strerror', None) or exc}") from None
        url = make_url(url).set(password=password).render_as_string(hide_password=False)
    return url


def _password(make_url, url: str) -> str | None:  # noqa: ANN001
    try:
        return make_url(url).password
    except Exception:  # noqa: BLE001 - an unreadable URL: open_db names it
        return None


@app.command("serve")
def serve_command(
    ctx: typer.Context,
    host: str = typer.Option("127.0.0.1", "--host", metavar="HOST", help="The address to listen on (anything but this machine needs --public)."),
    port: int = typer.Option(8000, "--port", metavar="PORT", min=1, max=65535, help="The port to listen on."),
    db: str = typer.Option("rollwrite-desk.sqlite", "--db", metavar="FILE|URL", envvar=DB_ENV, help=DB_HELP),
    db_password_file: Path = typer.Option(None, "--db-password-file", metavar="FILE", help="A file holding the database's password (one line)."),
    public: str = typer.Option(None, "--public", metavar="NAMES", help="Serve other machines, under these host names (comma-separated; the Host header must be one)."),
    proxy: str = typer.Option(None, "--proxy", metavar="ADDRESSES", help="Reverse proxies in front (their IP addresses, comma-separated): their X-Forwarded-For and X-Forwarded-Proto are trusted, nobody else's."),
    open_days: int = typer.Option(7, "--open-days", metavar="N", min=1, max=3660, help="Days a daily takes entries, from its own day (UTC)."),
    client_connections: int = typer.Option(32, "--client-connections", metavar="N", min=1, max=10000, help="Connections one address may hold to each desk process."),
    request_timeout: float = typer.Option(10.0, "--request-timeout", metavar="SECONDS", min=0.5, max=600, help="Time a request has to arrive whole (its line, headers and body); then a 408."),
    access_log: str = typer.Option("-", "--access-log", metavar="FILE|-|off", help="Where the access log goes (Combined Log Format): - for standard error, a file, or off."),
    prepare_ahead: bool = typer.Option(True, "--prepare-ahead/--no-prepare-ahead", help="Make today's and tomorrow's dailies and their puzzles (UTC) before anyone asks."),
    live_only: bool = typer.Option(False, "--live-only", help="Rank only live play: where a challenge can be played live (its game has dice or cards to hold back), its board ranks the games played live on the desk, and while it takes entries its rolls are shown only as a live game reaches them (no sheet to print, no pasted sheets)."),
    workers: int = typer.Option(1, "--workers", metavar="N", min=1, max=16, help="Processes answering requests (each draws and keeps its own copy of the sheets)."),
) -> None:
    """Serve the daily-challenge desk: print a challenge, enter it on screen, and keep a leaderboard."""
    try:
        check_host(host, public)
        hosts, proxies = _names("--public", public), _addresses(proxy)
        try:  # the optional extra, imported only here: the other commands never need it
            import uvicorn

            # deferred for start-up: `games`, `--help` need this module, not serve.db, serve.app
            from rollwrite.serve import db as database
            from rollwrite.serve.settings import ENV, LOCAL_NAMES, Settings
        except ImportError as exc:
            raise UsageError(f"rollwrite serve needs {exc.name or 'its web libraries'}",
                             hint="install them with: pip install 'rollwrite[serve]'") from None
        url = database_url(ctx, db, db_password_file)
        if access_log not in ("-", "off"):
            try:
                with open(access_log, "a", encoding="utf-8"):
                    pass
            except OSError as exc:
                raise UsageError(f"--access-log: cannot write '{printable(access_log)}': {exc.strerror}") from None
        database.open_db(url, label=db).dispose()  # created or migrated here, once, before any worker opens it
    except UsageError as error:
        raise fail(error) from None
    local = tuple(dict.fromkeys((*LOCAL_NAMES, host.lower(), f"[{host.lower()}]" if ":" in host else host.lower())))
    settings = Settings(db=url, hosts=(*hosts, *local), proxies=proxies, open_days=open_days,
                        client_connections=client_connections, request_seconds=request_timeout, prepare_ahead=prepare_ahead, access_log="" if access_log == "off" else access_log,
                        live_only=live_only)
    os.environ[ENV] = settings.to_env()
    n = workers
    shown_host = f"[{host}]" if ":" in host else host
    typer.echo(printable(f"rollwrite desk on http://{shown_host}:{port}/ (database: {database.shown(db)}, {n} "
                         f"worker{'s' if n > 1 else ''}{'; ranking live play only' if live_only else ''}); Ctrl+C stops it"))
    uvicorn.run("rollwrite.serve.app:app_from_env", factory=True, host=host, port=port, workers=n,
                http="rollwrite.serve.transport:DeskProtocol", log_level="warning", access_log=False,
                proxy_headers=bool(proxies), forwarded_allow_ips=",".join(proxies) if proxies else None,
                limit_concurrency=4000, timeout_keep_alive=5)


desk_app = typer.Typer(help="Look after a desk's record: its entries, and removing one.", no_args_is_help=True)
app.add_typer(desk_app, name="desk")


def _open(ctx: typer.Context, db: str, password_file: Path | None):  # noqa: ANN202 - an Engine
    try:  # deferred: the serve extra, which `--help` and the other commands never need
        from rollwrite.serve import db as database
    except ImportError as exc:
        raise UsageError(f"rollwrite desk needs {exc.name or 'its database libraries'}",
                         hint="install them with: pip install 'rollwrite[serve]'") from None
    return database.open_db(database_url(ctx, db, password_file), label=db)


@desk_app.command("entries")
def desk_entries(
    ctx: typer.Context,
    challenge: str = typer.Argument(..., metavar="CHALLENGE", help="The challenge's id, as its page shows it (wobbly-cafe@2026-11-28)."),
    db: str = typer.Option("rollwrite-desk.sqlite", "--db", metavar="FILE|URL", envvar=DB_ENV, help=DB_HELP),
    db_password_file: Path = typer.Option(None, "--db-password-file", metavar="FILE", help="A file holding the database's password."),
) -> None:
    """List a challenge's entries, removed ones too: score, name, live or pasted, when, which rollwrite checked it."""
    try:
        from rollwrite.serve import db as database  # deferred: the serve extra (see _open)

        engine = _open(ctx, db, db_password_file)
        rows = database.entries_of(engine, challenge)
        engine.dispose()
    except UsageError as error:
        raise fail(error) from None
    if not rows:
        typer.echo(printable(f"no entries for {challenge}"))
        return
    for e in rows:
        score = f"{e.score:g}" + (f" of par {e.par:g}" if e.par is not None else "")
        sent = f"{e.submissions} sheet{'s' if e.submissions != 1 else ''}"
        line = (f"{score}\t{e.name}\t{'live' if e.live else 'pasted'}\t{e.at or 'time unknown'}\t"
                f"rollwrite {e.version or '?'}\t{sent}")
        if e.removed is not None:
            line += f"\tremoved {e.removed_at}: {e.removed}"
        typer.echo(printable(line))


@desk_app.command("remove")
def desk_remove(
    ctx: typer.Context,
    challenge: str = typer.Argument(..., metavar="CHALLENGE", help="The challenge's id, as its page shows it (wobbly-cafe@2026-11-28)."),
    name: str = typer.Argument(..., metavar="NAME", help="The name whose entry goes (case and spacing ignored)."),
    reason: str = typer.Option(..., "--reason", metavar="TEXT", help="Why: kept in the record, and told to the name's player if they submit again."),
    db: str = typer.Option("rollwrite-desk.sqlite", "--db", metavar="FILE|URL", envvar=DB_ENV, help=DB_HELP),
    db_password_file: Path = typer.Option(None, "--db-password-file", metavar="FILE", help="A file holding the database's password."),
) -> None:
    """Take an entry off a challenge's leaderboard; it stays in the record, with the reason."""
    try:
        from rollwrite.serve import db as database  # deferred: the serve extra (see _open)

        if not reason.strip():
            raise UsageError("--reason: say why the entry is removed")
        engine = _open(ctx, db, db_password_file)
        done = database.remove(engine, challenge, name, reason.strip())
        engine.dispose()
        if not done:
            raise UsageError(f"{printable(challenge)} has no entry of {printable(name)} on its leaderboard",
                             hint=f"rollwrite desk entries {printable(challenge)} lists them")
    except UsageError as error:
        raise fail(error) from None
    typer.echo(printable(f"removed the entry of {name} from {challenge}: {reason.strip()}"))
