"""A throwaway PostgreSQL server for the desk's tests: ``initdb`` into a temporary folder, ``pg_ctl start``
listening on a unix socket in that folder alone (no TCP port, so parallel test workers never meet), and
everything removed at the end.

PostgreSQL refuses to run as root: as root the server runs as the ``postgres`` user (made by Debian's
``postgresql`` package, which .ci/run installs), through ``runuser``.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

USER = "desk"  # the database's own superuser, made by initdb; nothing to do with the system's users


def binaries() -> Path | None:
    """The folder of PostgreSQL's server programs (the newest Debian installs), or None when there is none."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


class Postgres:
    """``start()`` a server; ``url(db)`` for SQLAlchemy, ``env()`` for libpq's own variables
    (``postgresql:///db`` then finds it); ``create(db)`` a fresh database; ``stop()`` ends and removes it."""

    def __init__(self) -> None:
        bin_dir = binaries()
        if bin_dir is None:
            raise RuntimeError("no PostgreSQL server programs (apt-get install postgresql)")
        self.bin = bin_dir
        root = os.geteuid() == 0
        # as root, a folder the server's user can reach (TMPDIR may be root's own), with a short socket path
        self.home = Path(tempfile.mkdtemp(prefix="rollwrite-pg-", dir="/tmp" if root else None))
        self.data, self.log = self.home / "data", self.home / "server.log"
        self.port = 5432  # names the socket file only: the socket's folder is this server's own
        self.runas: list[str] = []
        if root:
            try:
                owner = pwd.getpwnam("postgres")
            except KeyError:
                owner = pwd.getpwnam("nobody")
            os.chown(self.home, owner.pw_uid, owner.pw_gid)
            self.runas = ["runuser", "-u", owner.pw_name, "--"]

    def _run(self, *args: str) -> None:
        done = subprocess.run([*self.runas, *args], capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            log = self.log.read_text(errors="replace") if self.log.exists() else ""
            raise RuntimeError(f"{' '.join(args)} failed:\n{done.stdout}{done.stderr}{log}")

    def start(self) -> Postgres:
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", USER, "-A", "trust", "-E", "UTF8",
                  "--locale=C", "--no-sync")
        self._run(str(self.bin / "pg_ctl"), "start", "-w", "-t", "60", "-D", str(self.data), "-l", str(self.log),
                  "-o", f"-c listen_addresses='' -c unix_socket_directories='{self.home}' -p {self.port} "
                        "-c fsync=off -c max_connections=60")
        return self

    def env(self) -> dict[str, str]:
        return {"PGHOST": str(self.home), "PGPORT": str(self.port), "PGUSER": USER}

    def url(self, db: str = "postgres") -> str:
        return f"postgresql+psycopg://{USER}@/{db}?host={self.home}&port={self.port}"

    def create(self, db: str) -> str:
        """A new, empty database; its URL."""
        import psycopg

        with psycopg.connect(host=str(self.home), port=self.port, user=USER, dbname="postgres", autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{db}"')
            conn.execute(f'CREATE DATABASE "{db}"')
        return self.url(db)

    def require_password(self, user: str, password: str) -> None:
        """A role ``user`` that must give ``password`` (SCRAM), as a production server's roles do."""
        import psycopg

        with psycopg.connect(host=str(self.home), port=self.port, user=USER, dbname="postgres", autocommit=True) as conn:
            conn.execute("SET password_encryption = 'scram-sha-256'")
            conn.execute(f"CREATE ROLE {user} LOGIN SUPERUSER PASSWORD '{password}'")
        hba = self.data / "pg_hba.conf"
        self._run("sh", "-c", f"printf 'local all {user} scram-sha-256\n%s' \"$(cat '{hba}')\" > '{hba}.new' "
                              f"&& mv '{hba}.new' '{hba}'")
        self._run(str(self.bin / "pg_ctl"), "reload", "-D", str(self.data))

    def halt(self) -> None:
        """Stop the server, keeping its data (``resume`` starts it again): the database goes away."""
        self._run(str(self.bin / "pg_ctl"), "stop", "-w", "-m", "immediate", "-D", str(self.data))

    def resume(self) -> None:
        self._run(str(self.bin / "pg_ctl"), "start", "-w", "-t", "60", "-D", str(self.data), "-l", str(self.log),
                  "-o", f"-c listen_addresses='' -c unix_socket_directories='{self.home}' -p {self.port} "
                        "-c fsync=off -c max_connections=60")

    def stop(self) -> None:
        try:
            if (self.data / "postmaster.pid").exists():
                self._run(str(self.bin / "pg_ctl"), "stop", "-w", "-m", "immediate", "-D", str(self.data))
        finally:
            shutil.rmtree(self.home, ignore_errors=True)


NO_POSTGRES = None if binaries() is not None else "no PostgreSQL server programs (apt-get install postgresql; .ci/run installs it)"
if NO_POSTGRES and os.environ.get("CI") == "true":
    raise RuntimeError(f"the desk's PostgreSQL tests must run in CI: {NO_POSTGRES}")
needs_postgres = pytest.mark.skipif(NO_POSTGRES is not None, reason=NO_POSTGRES or "")
