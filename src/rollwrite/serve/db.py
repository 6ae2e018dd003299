"""The desk's database: verified sheets and the leaderboard of each challenge, through SQLAlchemy.

SQLite by default (one file, write-ahead log, a busy timeout so that many players can submit at
once), or any SQLAlchemy URL.  The schema carries its version in ``desk_meta``; :func:`open_db` brings
an older database up to date with the steps in ``MIGRATIONS``, each in its own transaction, and refuses
a database newer than this rollwrite knows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Column, Float, Integer, MetaData, String, Table, Text, UniqueConstraint, create_engine, event, func,
    inspect, select, text,
)
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import ArgumentError, DatabaseError, IntegrityError, OperationalError

from rollwrite.errors import UsageError, excerpt

metadata = MetaData()

meta = Table("desk_meta", metadata, Column("key", String(40), primary_key=True), Column("value", Text, nullable=False))

entries = Table(
    "desk_entries", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("challenge", String(200), nullable=False),
    Column("game", String(40), nullable=False),
    Column("name", String(80), nullable=False),
    Column("name_key", String(80), nullable=False),  # the name as compared: case and spacing ignored
    Column("score", Float, nullable=False),
    Column("par", Float, nullable=True),  # a puzzle's par when the sheet was verified
    Column("sheet", Text, nullable=False),
    Column("seq", Integer, nullable=False, server_default="0"),  # how many times this entry was improved
    UniqueConstraint("challenge", "name_key", name="one_entry_per_name"),
)


def _v1(conn: Connection) -> None:
    """The first schema: the version table, and the entries without ``par`` and ``seq``."""
    first = MetaData()
    Table("desk_meta", first, Column("key", String(40), primary_key=True), Column("value", Text, nullable=False))
    Table("desk_entries", first,
          Column("id", Integer, primary_key=True, autoincrement=True),
          Column("challenge", String(200), nullable=False), Column("game", String(40), nullable=False),
          Column("name", String(80), nullable=False), Column("name_key", String(80), nullable=False),
          Column("score", Float, nullable=False), Column("sheet", Text, nullable=False),
          UniqueConstraint("challenge", "name_key", name="one_entry_per_name"))
    first.create_all(conn)


def _v2(conn: Connection) -> None:
    conn.execute(text("ALTER TABLE desk_entries ADD COLUMN par FLOAT"))
    conn.execute(text("ALTER TABLE desk_entries ADD COLUMN seq INTEGER NOT NULL DEFAULT 0"))
    conn.execute(text("CREATE INDEX desk_entries_board ON desk_entries (challenge, score)"))


#: version n is reached by MIGRATIONS[n - 1]; the schema above is the last one's
MIGRATIONS: tuple[Callable[[Connection], None], ...] = (_v1, _v2)
VERSION = len(MIGRATIONS)


#: a PostgreSQL URL that names no driver is read with psycopg (3), the driver the serve extra installs;
#: SQLAlchemy's own default for it, psycopg2, is not installed
_PG_PLAIN = ("postgresql://", "postgres://")
PG_DRIVER = "postgresql+psycopg://"


def url_for(db: str) -> str:
    """An SQLAlchemy URL for ``--db``: a URL as it is (``postgresql://`` with psycopg), anything else the
    path of an SQLite file."""
    for plain in _PG_PLAIN:
        if db.startswith(plain):
            return PG_DRIVER + db[len(plain):]
    if "://" in db:
        return db
    return "sqlite:///" + str(Path(db).expanduser().resolve())


def shown(db: str) -> str:
    """``--db`` as it may be shown: a URL with its password hidden (``***``)."""
    if "://" not in db:
        return db
    try:
        return make_url(db).render_as_string(hide_password=True)
    except ArgumentError:
        return db


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    tables = {row[0] for row in cur.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if tables and "desk_meta" not in tables:  # another program's database: open_db refuses it unchanged
        cur.close()
        return
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA busy_timeout=10000")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.close()


def schema_version(conn: Connection) -> int:
    try:
        row = conn.execute(select(meta.c.value).where(meta.c.key == "schema_version")).first()
    except OperationalError:  # no desk_meta yet: a new database
        conn.rollback()
        return 0
    except Exception as exc:  # noqa: BLE001 - other drivers name a missing table with their own errors
        if "desk_meta" not in str(exc):
            raise
        conn.rollback()
        return 0
    return int(row[0]) if row else 0


def open_db(db: str) -> Engine:
    """Open (creating or migrating) the desk's database; a UsageError for a URL or file it cannot use."""
    url = url_for(db)
    try:
        engine = create_engine(url, pool_pre_ping=True)
    except ImportError as exc:
        raise UsageError(f"--db: cannot use '{excerpt(shown(db))}': {exc}",
                         hint=f"install the database's driver: pip install {exc.name or 'DRIVER'}") from None
    except ArgumentError as exc:
        raise UsageError(f"--db: cannot use '{excerpt(shown(db))}': {exc}", hint="give a file name or an SQLAlchemy URL") from None
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    try:
        with engine.connect() as conn:
            version = schema_version(conn)
            # an SQLite file of another program's, named by mistake (a server's database may be shared)
            foreign = engine.dialect.name == "sqlite" and version == 0 and bool(inspect(conn).get_table_names())
            conn.rollback()  # the reads' transaction: each step below runs in one of its own
            if version > VERSION:
                raise UsageError(f"--db: the database has schema version {version}; this rollwrite knows {VERSION}",
                                 hint="use a newer rollwrite with it")
            if foreign:  # left as it is
                raise UsageError(f"--db: '{excerpt(shown(db), 80)}' holds tables that are not the desk's; it is left as it is",
                                 hint="give a new file (the desk creates it) or a database the desk made")
            for step in range(version, VERSION):
                with conn.begin():
                    MIGRATIONS[step](conn)
                    conn.execute(meta.delete().where(meta.c.key == "schema_version"))
                    conn.execute(meta.insert().values(key="schema_version", value=str(step + 1)))
    except DatabaseError as exc:  # not a database, unreadable, locked...: the file is left as it is
        raise UsageError(f"--db: cannot open '{excerpt(shown(db), 80)}': {exc.orig}",
                         hint="check the URL, and that the database server is running" if "://" in db
                         else "give a new file (the desk creates it) or a database the desk made") from None
    return engine


def name_key(name: str) -> str:
    return " ".join(name.split()).casefold()


@dataclass(frozen=True, slots=True)
class Stored:
    """What a submission did: ``kept`` False when the name already has a better or equal score."""

    kept: bool
    best: float


def submit(engine: Engine, *, challenge: str, game: str, name: str, score: float, sheet: str,
           par: float | None = None) -> Stored:
    """Store a verified sheet: one entry per name and challenge, the best score kept."""
    key = name_key(name)
    for _attempt in range(3):  # two first submissions of one name at once: the loser updates instead
        try:
            with engine.begin() as conn:
                row = conn.execute(select(entries.c.id, entries.c.score).where(
                    entries.c.challenge == challenge, entries.c.name_key == key)).first()
                if row is None:
                    conn.execute(entries.insert().values(challenge=challenge, game=game, name=name, name_key=key,
                                                         score=score, sheet=sheet, par=par, seq=0))
                    return Stored(True, score)
                if score <= row.score:
                    return Stored(False, row.score)
                conn.execute(entries.update().where(entries.c.id == row.id).values(
                    name=name, score=score, sheet=sheet, par=par, seq=entries.c.seq + 1))
                return Stored(True, score)
        except IntegrityError:
            continue
    raise UsageError("the entry could not be stored; try again")


@dataclass(frozen=True, slots=True)
class Place:
    rank: int
    name: str
    score: float
    par: float | None


def leaderboard(engine: Engine, challenge: str, limit: int = 500) -> list[Place]:
    """The challenge's verified scores, best first; equal scores share a rank (1, 2, 2, 4)."""
    with engine.connect() as conn:
        rows = conn.execute(select(entries.c.name, entries.c.score, entries.c.par)
                            .where(entries.c.challenge == challenge)
                            .order_by(entries.c.score.desc(), entries.c.name_key).limit(limit)).all()
    out: list[Place] = []
    for i, row in enumerate(rows):
        rank = out[-1].rank if out and out[-1].score == row.score else i + 1
        out.append(Place(rank, row.name, row.score, row.par))
    return out


def count(engine: Engine, challenge: str | None = None) -> int:
    q = select(func.count()).select_from(entries)
    if challenge is not None:
        q = q.where(entries.c.challenge == challenge)
    with engine.connect() as conn:
        return int(conn.execute(q).scalar_one())
