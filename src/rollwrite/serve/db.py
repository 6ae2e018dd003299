"""The desk's database: verified sheets, the leaderboard of each challenge, and who holds each name,
through SQLAlchemy.

SQLite by default (one file, write-ahead log, a busy timeout so that many players can submit at
once), or any SQLAlchemy URL.  The schema carries its version in ``desk_meta``; :func:`open_db` brings
an older database up to date with the steps in ``MIGRATIONS``, in one transaction that holds the
database's own lock (PostgreSQL's ``pg_advisory_xact_lock``, SQLite's ``BEGIN IMMEDIATE``), so that desks
started together on a new database migrate it once; and it refuses a database newer than this rollwrite
knows.

The record is honest: every verified submission is kept in ``desk_submissions`` with its time (UTC), its
sheet's text and the rollwrite version that checked it; ``desk_entries`` holds each name's best one, the
row the leaderboard shows, until an operator removes it with a reason (:func:`remove`), which it keeps.
A name belongs to the first player who submits under it (``desk_names``: a hash of that player's key).
A live game (``desk_live``) is kept turn by turn under a hash of its player's key; an entry (and a
submission) is marked ``live`` only when the desk stored it from that record.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Column, Float, Integer, MetaData, String, Table, Text, UniqueConstraint, create_engine, event, func,
    inspect, select, text,
)
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import ArgumentError, DatabaseError, IntegrityError, OperationalError

from rollwrite import __version__
from rollwrite.errors import UsageError, excerpt
from rollwrite.serve.names import key as names_key

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
    Column("at", String(32), nullable=True),  # when the kept sheet was submitted (UTC, ISO 8601); none before v3
    Column("version", String(40), nullable=True),  # the rollwrite that verified it
    Column("removed", Text, nullable=True),  # the operator's reason, when the entry was taken off the board
    Column("removed_at", String(32), nullable=True),
    Column("live", Integer, nullable=False, server_default="0"),  # 1: played live on this desk (set from its record)
    UniqueConstraint("challenge", "name_key", name="one_entry_per_name"),
)

submissions = Table(
    "desk_submissions", metadata,  # every verified sheet, kept whether or not it beat the name's best
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("challenge", String(200), nullable=False),
    Column("name", String(80), nullable=False),
    Column("name_key", String(80), nullable=False),
    Column("score", Float, nullable=False),
    Column("par", Float, nullable=True),
    Column("sheet", Text, nullable=False),
    Column("version", String(40), nullable=False),
    Column("at", String(32), nullable=False),
    Column("live", Integer, nullable=False, server_default="0"),
)

names = Table(
    "desk_names", metadata,  # who holds each name: the first player to submit under it
    Column("name_key", String(80), primary_key=True),
    Column("name", String(80), nullable=False),
    Column("key_hash", String(64), nullable=False),  # sha256 of the player's key (the key itself is not kept)
    Column("at", String(32), nullable=False),
)


live_games = Table(
    "desk_live", metadata,  # a game played live: the turns stored so far, each roll shown only after the one before
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("challenge", String(200), nullable=False),
    Column("key_hash", String(64), nullable=False),  # sha256 of the key of the player who plays it
    Column("sheet", Text, nullable=False),  # the game's text of the turns stored ("" before the first)
    Column("turns", Integer, nullable=False),  # turns stored
    Column("picks", Text, nullable=False),  # the picks of the turn in progress that showed a roll (JSON list)
    Column("seq", Integer, nullable=False),  # how many times it was stored: a page out of date is refused
    Column("started", String(32), nullable=False),
    Column("updated", String(32), nullable=False),
    Column("finished", String(32), nullable=True),  # when its last turn was stored
    Column("entry_names", Text, nullable=True),  # JSON: each player of the sheet -> the name (key) it went under
    UniqueConstraint("challenge", "key_hash", name="one_live_game_per_player"),
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


def _v3(conn: Connection) -> None:
    for column in ("at VARCHAR(32)", "version VARCHAR(40)", "removed TEXT", "removed_at VARCHAR(32)"):
        conn.execute(text(f"ALTER TABLE desk_entries ADD COLUMN {column}"))
    third = MetaData()  # the record as version 3 made it (version 4 added its live mark)
    Table("desk_submissions", third,
          Column("id", Integer, primary_key=True, autoincrement=True),
          Column("challenge", String(200), nullable=False), Column("name", String(80), nullable=False),
          Column("name_key", String(80), nullable=False), Column("score", Float, nullable=False),
          Column("par", Float, nullable=True), Column("sheet", Text, nullable=False),
          Column("version", String(40), nullable=False), Column("at", String(32), nullable=False))
    names.to_metadata(third)
    third.create_all(conn)
    conn.execute(text("CREATE INDEX desk_submissions_by_entry ON desk_submissions (challenge, name_key)"))


def _v4(conn: Connection) -> None:
    """Live play: the live games, and the mark of an entry (and a submission) played live."""
    for table in ("desk_entries", "desk_submissions"):
        conn.execute(text(f"ALTER TABLE {table} ADD COLUMN live INTEGER NOT NULL DEFAULT 0"))
    fourth = MetaData()
    live_games.to_metadata(fourth)
    fourth.create_all(conn)


#: version n is reached by MIGRATIONS[n - 1]; the schema above is the last one's
MIGRATIONS: tuple[Callable[[Connection], None], ...] = (_v1, _v2, _v3, _v4)
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
    cur.execute("PRAGMA busy_timeout=10000")  # first: two desks starting together wait for each other
    tables = {row[0] for row in cur.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if tables and "desk_meta" not in tables:  # another program's database: open_db refuses it unchanged
        cur.close()
        return
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.close()


def schema_version(conn: Connection) -> int:
    """The database's schema version (0: a new database)."""
    return _version_now(conn)


#: the key of the desk's PostgreSQL advisory lock (any 64-bit number the database's other users leave alone)
PG_LOCK = 0x726F6C6C77726974  # "rollwrit"


def open_db(db: str, connect_timeout: int = 10, label: str | None = None) -> Engine:
    """Open (creating or migrating) the desk's database; a UsageError for a URL or file it cannot use
    (naming it ``label``: ``--db`` as given, when a password from elsewhere was put in)."""
    url = url_for(db)
    db = label or db
    try:
        args = {"connect_timeout": connect_timeout} if url.startswith(PG_DRIVER) else {}
        engine = create_engine(url, pool_pre_ping=True, connect_args=args)
    except ImportError as exc:
        raise UsageError(f"--db: cannot use '{excerpt(shown(db))}': {exc}",
                         hint=f"install the database's driver: pip install {exc.name or 'DRIVER'}") from None
    except ArgumentError as exc:
        raise UsageError(f"--db: cannot use '{excerpt(shown(db))}': {exc}", hint="give a file name or an SQLAlchemy URL") from None
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    try:
        with engine.connect() as conn:
            # an SQLite file of another program's, named by mistake (a server's database may be shared); its
            # tables read once: read twice, a desk migrating beside this one could commit in between
            tables = set(inspect(conn).get_table_names()) if engine.dialect.name == "sqlite" else set()
            foreign = bool(tables) and "desk_meta" not in tables
            conn.rollback()
        if foreign:  # left as it is
            raise UsageError(f"--db: '{excerpt(shown(db), 80)}' holds tables that are not the desk's; it is left as it is",
                             hint="give a new file (the desk creates it) or a database the desk made")
        _migrate(engine)
    except DatabaseError as exc:  # not a database, unreadable, locked...: the file is left as it is
        engine.dispose()
        raise UsageError(f"--db: cannot open '{excerpt(shown(db), 80)}': {exc.orig}",
                         hint="check the URL, and that the database server is running" if "://" in db
                         else "give a new file (the desk creates it) or a database the desk made") from None
    except UsageError:
        engine.dispose()
        raise
    return engine


def _migrate(engine: Engine) -> None:
    """Bring the schema to VERSION in one transaction that holds the database's lock: a desk that starts
    while another migrates waits, then finds the schema made."""
    if engine.dialect.name == "sqlite":  # BEGIN IMMEDIATE: the file's write lock from the first statement
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            conn.exec_driver_sql("BEGIN IMMEDIATE")
            try:
                _steps(conn)
            except BaseException:
                conn.exec_driver_sql("ROLLBACK")
                raise
            conn.exec_driver_sql("COMMIT")
        return
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":  # held to the end of this transaction
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": PG_LOCK})
        _steps(conn)


def _steps(conn: Connection) -> None:
    version = _version_now(conn)
    if version > VERSION:
        raise UsageError(f"--db: the database has schema version {version}; this rollwrite knows {VERSION}",
                         hint="use a newer rollwrite with it")
    for step in range(version, VERSION):
        MIGRATIONS[step](conn)
    if version < VERSION:
        conn.execute(meta.delete().where(meta.c.key == "schema_version"))
        conn.execute(meta.insert().values(key="schema_version", value=str(VERSION)))


def _version_now(conn: Connection) -> int:
    if not inspect(conn).has_table("desk_meta"):
        return 0
    row = conn.execute(select(meta.c.value).where(meta.c.key == "schema_version")).first()
    return int(row[0]) if row else 0


def now() -> str:
    """The time as the record keeps it: UTC, ISO 8601, to the second."""
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def name_key(name: str) -> str:
    return names_key(name)


def key_hash(player_key: str) -> str:
    return hashlib.sha256(player_key.encode("utf-8")).hexdigest()


class NameTaken(Exception):
    """The name belongs to another player (whose key this submission does not carry)."""


class LiveTaken(Exception):
    """The live game's player was submitted under another name (``name``, as compared), or the name as
    another of its players: a live game is one entry a player."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


class Removed(Exception):
    """The name's entry on this challenge was removed by the operator; ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Stored:
    """What a submission did: ``kept`` False when the name already has a better or equal score (the
    sheet is in the record all the same); ``claimed`` True when this submission made the name the player's."""

    kept: bool
    best: float
    claimed: bool = False


def _claim_live(conn: Connection, live_game: tuple[int, int], key: str) -> None:
    """Note that player ``live_game[1]`` of live game ``live_game[0]`` goes under the name ``key``."""
    game, player = live_game
    for _attempt in range(5):  # another submission of the game at once: read again
        was = conn.execute(select(live_games.c.entry_names).where(live_games.c.id == game)).scalar()
        taken: dict[str, str] = json.loads(was) if was else {}
        if taken.get(str(player), key) != key:
            raise LiveTaken(taken[str(player)])
        if any(k == key for p, k in taken.items() if p != str(player)):
            raise LiveTaken(key)
        now_names = json.dumps({**taken, str(player): key}, sort_keys=True)
        same = live_games.c.entry_names.is_(None) if was is None else live_games.c.entry_names == was
        if conn.execute(live_games.update().where(live_games.c.id == game, same)
                        .values(entry_names=now_names)).rowcount == 1:
            return
    raise UsageError("the entry could not be stored; try again")


def submit(engine: Engine, *, challenge: str, game: str, name: str, score: float, sheet: str,
           par: float | None = None, player_key: str = "", version: str = "", live: bool = False,
           live_first: bool = False, live_game: tuple[int, int] | None = None) -> Stored:
    """Store a verified sheet under a name: in the record always, as the name's entry when it is the
    name's best.  The first submission under a name gives the name to ``player_key``; a later one under
    it without that key raises NameTaken (nothing stored).  ``player_key`` empty: names are not held
    (a desk's own tools).  ``live``: the sheet is the one of a live game of this desk's record (never
    from what the player sent), ``live_game`` (its id, the sheet's player submitted): each player of a
    live game goes under one name (LiveTaken, nothing stored, under another).  A live sheet wins a tie
    with a pasted one; ``live_first``: it replaces a pasted entry whatever the scores (a desk that ranks
    only live play)."""
    key = name_key(name)
    version = version or __version__
    for _attempt in range(3):  # two first submissions of one name at once: the loser reads the winner's row
        try:
            with engine.begin() as conn:
                claimed = False
                if player_key:
                    holder = conn.execute(select(names.c.key_hash).where(names.c.name_key == key)).first()
                    if holder is None:
                        conn.execute(names.insert().values(name_key=key, name=name, key_hash=key_hash(player_key),
                                                           at=now()))
                        claimed = True
                    elif not hmac.compare_digest(holder.key_hash, key_hash(player_key)):
                        raise NameTaken(name)
                if live_game is not None:
                    _claim_live(conn, live_game, key)
                at = now()
                conn.execute(submissions.insert().values(challenge=challenge, name=name, name_key=key, score=score,
                                                         par=par, sheet=sheet, version=version, at=at, live=int(live)))
                row = conn.execute(select(entries.c.id, entries.c.score, entries.c.removed, entries.c.live).where(
                    entries.c.challenge == challenge, entries.c.name_key == key)).first()
                if row is not None and row.removed is not None:
                    raise Removed(row.removed)
                if row is None:
                    conn.execute(entries.insert().values(challenge=challenge, game=game, name=name, name_key=key,
                                                         score=score, sheet=sheet, par=par, seq=0, at=at,
                                                         version=version, live=int(live)))
                    return Stored(True, score, claimed)
                over_pasted = live and not row.live
                if not (score > row.score or (over_pasted and (live_first or score == row.score))):
                    return Stored(False, row.score, claimed)
                conn.execute(entries.update().where(entries.c.id == row.id).values(
                    name=name, score=score, sheet=sheet, par=par, seq=entries.c.seq + 1, at=at, version=version,
                    live=int(live)))
                return Stored(True, score, claimed)
        except IntegrityError:
            continue
    raise UsageError("the entry could not be stored; try again")


def holds(engine: Engine, name: str, player_key: str) -> bool | None:
    """Whether ``player_key`` holds ``name``: None when nobody does yet."""
    with engine.connect() as conn:
        row = conn.execute(select(names.c.key_hash).where(names.c.name_key == name_key(name))).first()
    return None if row is None else hmac.compare_digest(row.key_hash, key_hash(player_key))


def remove(engine: Engine, challenge: str, name: str, reason: str) -> int:
    """Take a name's entry on a challenge off the leaderboard, keeping it, and the reason, in the record;
    the number of entries removed (0 or 1)."""
    with engine.begin() as conn:
        done = conn.execute(entries.update().where(entries.c.challenge == challenge,
                                                   entries.c.name_key == name_key(name),
                                                   entries.c.removed.is_(None))
                            .values(removed=reason, removed_at=now()))
        return int(done.rowcount)


@dataclass(frozen=True, slots=True)
class Entry:
    name: str
    score: float
    par: float | None
    at: str | None
    version: str | None
    removed: str | None
    removed_at: str | None
    submissions: int
    live: bool = False


def entries_of(engine: Engine, challenge: str) -> list[Entry]:
    """Every entry of a challenge, removed ones too, best first, with the number of sheets each name sent."""
    sent = (select(submissions.c.name_key, func.count().label("n")).where(submissions.c.challenge == challenge)
            .group_by(submissions.c.name_key).subquery())
    with engine.connect() as conn:
        rows = conn.execute(select(entries.c.name, entries.c.score, entries.c.par, entries.c.at, entries.c.version,
                                   entries.c.removed, entries.c.removed_at, func.coalesce(sent.c.n, 0), entries.c.live)
                            .select_from(entries.outerjoin(sent, sent.c.name_key == entries.c.name_key))
                            .where(entries.c.challenge == challenge)
                            .order_by(entries.c.score.desc(), entries.c.name_key)).all()
    return [Entry(*row[:-1], bool(row[-1])) for row in rows]


@dataclass(frozen=True, slots=True)
class Place:
    rank: int
    name: str
    score: float
    par: float | None
    live: bool = False


def leaderboard(engine: Engine, challenge: str, limit: int = 500, live: bool | None = None) -> list[Place]:
    """The challenge's verified scores, best first; equal scores share a rank (1, 2, 2, 4).  ``live``:
    True for the entries played live only, False for the pasted ones only (ranked among themselves)."""
    where = [entries.c.challenge == challenge, entries.c.removed.is_(None)]
    if live is not None:
        where.append(entries.c.live == int(live))
    with engine.connect() as conn:
        rows = conn.execute(select(entries.c.name, entries.c.score, entries.c.par, entries.c.live)
                            .where(*where).order_by(entries.c.score.desc(), entries.c.name_key).limit(limit)).all()
    out: list[Place] = []
    for i, row in enumerate(rows):
        rank = out[-1].rank if out and out[-1].score == row.score else i + 1
        out.append(Place(rank, row.name, row.score, row.par, bool(row.live)))
    return out


def count(engine: Engine, challenge: str | None = None) -> int:
    """The entries (removed ones too) of a challenge, or of every challenge."""
    q = select(func.count()).select_from(entries)
    if challenge is not None:
        q = q.where(entries.c.challenge == challenge)
    with engine.connect() as conn:
        return int(conn.execute(q).scalar_one())


@dataclass(frozen=True, slots=True)
class Day:
    """A past challenge of a game on the archive: its id, how many entries it has, its best score and
    the names that reached it (its winners: ties share the first place)."""

    challenge: str
    entries: int
    best: float
    par: float | None
    winners: tuple[str, ...]
    live: int = 0  # how many of its entries were played live


def archive(engine: Engine, game: str, limit: int = 366) -> list[Day]:
    """The dailies of ``game`` (their ids ``game@DATE``, variations and puzzles too) that have entries,
    newest first (at most ``limit``); removed entries are left out."""
    alive = (entries.c.game == game, entries.c.removed.is_(None), entries.c.challenge.like(f"{game}@%"))
    with engine.connect() as conn:
        days = conn.execute(select(entries.c.challenge, func.count(), func.max(entries.c.score), func.sum(entries.c.live))
                            .where(*alive).group_by(entries.c.challenge)
                            .order_by(entries.c.challenge.desc()).limit(limit)).all()
        if not days:
            return []
        tops = conn.execute(select(entries.c.challenge, entries.c.name, entries.c.score, entries.c.par)
                            .where(*alive, entries.c.challenge.in_([d[0] for d in days]))
                            .order_by(entries.c.name_key)).all()
    best = {d[0]: d[2] for d in days}
    winners: dict[str, list[str]] = {}
    pars: dict[str, float | None] = {}
    for row in tops:
        if row.score == best[row.challenge]:
            winners.setdefault(row.challenge, []).append(row.name)
            pars[row.challenge] = row.par
    return [Day(c, int(n), float(b), pars.get(c), tuple(winners.get(c, ())), int(n_live or 0)) for c, n, b, n_live in days]


@dataclass(frozen=True, slots=True)
class Played:
    """One entry of a name: the challenge, its game, the score (and par), its place and when it was sent."""

    challenge: str
    game: str
    name: str
    score: float
    par: float | None
    rank: int
    at: str | None
    live: bool = False


def entries_by_name(engine: Engine, name: str, limit: int = 1000) -> list[Played]:
    """The entries under a name (compared as names are: case and spacing ignored), newest challenge
    first, each with its place on its leaderboard; removed entries are left out."""
    key = name_key(name)
    with engine.connect() as conn:
        mine = conn.execute(select(entries.c.challenge, entries.c.game, entries.c.name, entries.c.score,
                                   entries.c.par, entries.c.at, entries.c.live)
                            .where(entries.c.name_key == key, entries.c.removed.is_(None))
                            .order_by(entries.c.challenge.desc()).limit(limit)).all()
        out = []
        for row in mine:
            better = conn.execute(select(func.count()).select_from(entries)
                                  .where(entries.c.challenge == row.challenge, entries.c.removed.is_(None),
                                         entries.c.score > row.score)).scalar_one()
            out.append(Played(row.challenge, row.game, row.name, float(row.score), row.par, int(better) + 1, row.at,
                               bool(row.live)))
    return out


def streak(days: set[dt.date], today: dt.date) -> tuple[int, int]:
    """(current, longest) runs of consecutive days in ``days``; the current run ends today or yesterday
    (a day not played yet today does not break it)."""
    longest = run = 0
    for day in sorted(days):
        run = run + 1 if day - dt.timedelta(days=1) in days else 1
        longest = max(longest, run)
    start = today if today in days else today - dt.timedelta(days=1)
    current = 0
    while start - dt.timedelta(days=current) in days:
        current += 1
    return current, longest


# ---------------------------------------------------------------- live games


@dataclass(frozen=True, slots=True)
class LiveGame:
    """A live game as the record holds it: ``picks`` are the picks of the turn in progress that showed a
    roll (a reroll), which cannot be taken back."""

    id: int
    challenge: str
    sheet: str
    turns: int
    picks: tuple[str, ...]
    seq: int
    started: str
    updated: str
    finished: str | None


def _live_of(row: Any) -> LiveGame:
    return LiveGame(row.id, row.challenge, row.sheet, int(row.turns), tuple(json.loads(row.picks)), int(row.seq),
                    row.started, row.updated, row.finished)


def live_game(engine: Engine, challenge: str, player_key: str) -> LiveGame | None:
    """The live game of ``challenge`` that the player with ``player_key`` plays, or None."""
    if not player_key:
        return None
    with engine.connect() as conn:
        row = conn.execute(select(live_games).where(live_games.c.challenge == challenge,
                                                     live_games.c.key_hash == key_hash(player_key))).first()
    return None if row is None else _live_of(row)


def start_live(engine: Engine, challenge: str, player_key: str) -> LiveGame:
    """The player's live game of ``challenge``, started now if they have none (one a player: a game
    started again would show its rolls again)."""
    at = now()
    try:
        with engine.begin() as conn:
            conn.execute(live_games.insert().values(challenge=challenge, key_hash=key_hash(player_key), sheet="",
                                                    turns=0, picks="[]", seq=0, started=at, updated=at))
    except IntegrityError:  # started a moment ago, from another tab
        pass
    game = live_game(engine, challenge, player_key)
    assert game is not None
    return game


def save_live(engine: Engine, game: LiveGame, *, sheet: str, turns: int, picks: tuple[str, ...],
              finished: bool) -> LiveGame | None:
    """Store a live game's new state if nothing stored it since ``game`` was read (its ``seq``): the new
    state, or None when another page moved the game on first."""
    at = now()
    with engine.begin() as conn:
        done = conn.execute(live_games.update().where(live_games.c.id == game.id, live_games.c.seq == game.seq)
                            .values(sheet=sheet, turns=turns, picks=json.dumps(list(picks)), seq=game.seq + 1,
                                    updated=at, finished=at if finished else None))
        if done.rowcount != 1:
            return None
    return LiveGame(game.id, game.challenge, sheet, turns, tuple(picks), game.seq + 1, game.started, at,
                    at if finished else None)
