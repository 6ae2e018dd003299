"""``rollwrite serve``: the daily-challenge desk, a web page per challenge (see rollwrite/serve/app.py).

Needs the optional extra: ``pip install 'rollwrite[serve]'``.
"""

from __future__ import annotations

import ipaddress
import os

import typer

from rollwrite.cli.root import app, fail
from rollwrite.errors import UsageError, printable

LOCAL = ("127.0.0.1", "::1", "localhost")


def check_host(host: str, public: bool) -> None:
    """Refuse to listen beyond this machine unless ``--public`` says so."""
    if public or host in LOCAL:
        return
    try:
        if ipaddress.ip_address(host).is_loopback:
            return
    except ValueError:
        pass
    raise UsageError(f"--host {host} lets other machines reach the desk",
                     hint="add --public to mean it, or leave out --host to serve this machine alone")


@app.command("serve")
def serve_command(
    host: str = typer.Option("127.0.0.1", "--host", metavar="HOST", help="The address to listen on (anything but this machine needs --public)."),
    port: int = typer.Option(8000, "--port", metavar="PORT", min=1, max=65535, help="The port to listen on."),
    db: str = typer.Option("rollwrite-desk.sqlite", "--db", metavar="FILE|URL", help="An SQLite file, or any SQLAlchemy URL (postgresql://...)."),
    public: bool = typer.Option(False, "--public", help="Allow --host to be an address other machines can reach."),
    workers: int = typer.Option(1, "--workers", metavar="N", min=1, max=16, help="Processes answering requests (each draws and keeps its own copy of the sheets)."),
) -> None:
    """Serve the daily-challenge desk: print a challenge, enter it on screen, and keep a leaderboard."""
    try:
        check_host(host, public)
        try:  # the optional extra, imported only here: the other commands never need it
            import uvicorn

            # deferred for start-up: `games`, `--help` need this module, not serve.db, serve.app
            from rollwrite.serve import db as database
            from rollwrite.serve.app import DB_ENV
        except ImportError as exc:
            raise UsageError(f"rollwrite serve needs {exc.name or 'its web libraries'}",
                             hint="install them with: pip install 'rollwrite[serve]'") from None
        url = database.url_for(db)
        database.open_db(db).dispose()  # created or migrated here, once, before any worker opens it
    except UsageError as error:
        raise fail(error) from None
    n = workers
    os.environ[DB_ENV] = url
    typer.echo(printable(f"rollwrite desk on http://{host}:{port}/ (database: {database.shown(db)}, {n} "
                         f"worker{'s' if n > 1 else ''}); Ctrl+C stops it"))
    uvicorn.run("rollwrite.serve.app:app_from_env", factory=True, host=host, port=port, workers=n,
                log_level="warning", limit_concurrency=1000, timeout_keep_alive=5)
