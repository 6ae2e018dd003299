"""The desk's databases for its tests: SQLite in a temporary folder, and a real PostgreSQL server started
for the tests (pg_server.py), so that every database test runs against both.

The PostgreSQL tests are skipped, with the reason, only where no PostgreSQL server programs are installed
on a machine outside CI; with CI=true (where .ci/run installs Debian's postgresql) they must run.
"""

from __future__ import annotations

import itertools

import pytest

from pg_server import NO_POSTGRES, Postgres, needs_postgres

_names = itertools.count(1)


@pytest.fixture(scope="session")
def postgres():
    """One PostgreSQL server for this test process (each xdist worker has its own)."""
    if NO_POSTGRES:
        pytest.skip(NO_POSTGRES)
    server = Postgres()
    try:
        yield server.start()
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=needs_postgres)])
def db_url(request, tmp_path):
    """A new, empty database of each kind: an SQLite file, or a fresh database on the PostgreSQL server."""
    if request.param == "sqlite":
        return str(tmp_path / "desk.sqlite")
    return request.getfixturevalue("postgres").create(f"desk{next(_names)}")


@pytest.fixture(scope="module")
def maker():
    """One desk worker for a test file's apps (each app has its own limits and database): a sheet is made
    once."""
    from rollwrite.serve.maker import Maker

    made = Maker().start()
    yield made
    made.stop()
