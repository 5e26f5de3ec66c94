"""The one database of a data folder: ``crescent.db`` (SQLite, the standard library's).

Pure module (no pygame, nothing at import time). :func:`open_database` opens it
for a :class:`crescent.play.storage.Store`:

- **checked first**: a ``-wal``, ``-shm`` or ``-journal`` that is not a regular file
  (a FIFO, a folder, a link) is refused (:class:`OddFile`) with the database left as
  it is; only a regular file is opened (a FIFO, a folder, a device or a link to one
  is set aside unopened), at most :data:`MAX_DB_BYTES`, starting with SQLite's
  header; then ``PRAGMA application_id`` says it is ours (a database of another
  application is set aside, never changed), ``PRAGMA quick_check`` that it is sound,
  ``user_version`` that its schema is one this version knows, and
  :func:`check_schema` that its tables, columns, indexes and views are exactly the
  migrations' (no trigger or view of its own: nothing planted runs, no read loops)
  and every value of its column's kind.
- **only damage is damage**: a database another program holds locked, a full disk,
  a refusal of the moment (:func:`is_transient`) is never set aside: the error goes
  to the store, which waits, tries again and plays in memory meanwhile.
- **what can be read is kept**: a database of ours that fails a check is renamed
  ``crescent.db.corrupt-<UTC time>`` (with its ``-wal``/``-shm``), never deleted, and
  a fresh one made holding every row of it that can be read and passes the checks
  (:func:`salvage`: a row not UTF-8, of the wrong kind or refused by its table costs
  that row), with a sentence saying what was kept and how to go back to the file.
  A file that is not a database of ours starts a fresh one, said the same way.
- **versioned**: ``PRAGMA user_version`` is the schema's version; older schemas
  are brought forward by :data:`MIGRATIONS`, one transaction each; a newer one
  (a later version of the game) is never written (:class:`Newer`).
- **read defensively**: every connection has ``trusted_schema`` off, and decodes
  text that is not UTF-8 with replacement characters (a bad row costs its
  characters, never the read).
- **durability**: ``journal_mode=WAL`` with ``synchronous=NORMAL`` (a commit is a
  write to the WAL, no fsync: cheap at every move; a ``kill -9`` loses nothing
  committed, a power cut at most the last commits, never the database), and the
  end of a game, the settings and an import commit with ``synchronous=FULL``
  (fsynced). The measurements are in the README ("Saving").
- **one process per folder**: the folder is locked (:mod:`crescent.play.folderlock`);
  a second process gets :class:`FolderBusy` before anything is written.
- **read without writing**: :func:`read_copy` gives ``--stats`` and the trial store a
  copy in memory, creating and changing nothing beside the database.
"""

from __future__ import annotations

import contextlib
import functools
import os
import sqlite3
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Final, NamedTuple

from crescent.files import fsync_dir
from crescent.play.folderlock import FolderBusy, FolderLock
from crescent.play.history import Result, sql_text
from crescent.play.safejson import clip

__all__ = [
    "APPLICATION_ID",
    "DB_FILE",
    "LEGACY_FILES",
    "MAX_DB_BYTES",
    "SCHEMA_VERSION",
    "Aside",
    "FolderBusy",
    "FolderLock",
    "Newer",
    "connect_memory_unmigrated",
    "connect_read_only",
    "memory_database",
    "open_database",
    "read_copy",
    "set_aside",
]

DB_FILE: Final = "crescent.db"
APPLICATION_ID: Final = 0x43524553
"""``PRAGMA application_id`` of Crescent's database ("CRES")."""
SCHEMA_VERSION: Final = 1
MAX_DB_BYTES: Final = 256 << 20
"""Ten thousand games take about 10 MiB: a larger file is set aside unread."""
HEADER: Final = b"SQLite format 3\x00"
BUSY_TIMEOUT_S: Final = 5.0

SCHEMA_1: Final = f"""
CREATE TABLE games (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    code TEXT NOT NULL,
    mode TEXT NOT NULL,
    variant TEXT NOT NULL,
    started REAL,
    ended REAL NOT NULL,
    start_day TEXT,
    end_day TEXT NOT NULL,
    result TEXT NOT NULL CHECK (result IN {sql_text(*Result)}),
    moves INTEGER NOT NULL CHECK (moves >= 0),
    seconds REAL NOT NULL CHECK (seconds >= 0),
    hints INTEGER NOT NULL DEFAULT 0,
    redeals INTEGER NOT NULL DEFAULT 0,
    level INTEGER NOT NULL DEFAULT 0,
    time_left REAL,
    daily_day TEXT,
    venue INTEGER NOT NULL DEFAULT 0,
    played TEXT NOT NULL DEFAULT ''
);
CREATE INDEX games_mode ON games (mode, seq);
CREATE TABLE current (
    slot INTEGER PRIMARY KEY CHECK (slot = 1),
    id TEXT NOT NULL,
    game TEXT NOT NULL,
    elapsed REAL NOT NULL,
    idle_abandoned INTEGER NOT NULL DEFAULT 0,
    levels TEXT,
    hints INTEGER NOT NULL DEFAULT 0,
    started REAL,
    start_day TEXT,
    venue INTEGER NOT NULL DEFAULT 0,
    played TEXT NOT NULL DEFAULT ''
);
CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE operator (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE winnable (pool TEXT NOT NULL, number INTEGER NOT NULL, PRIMARY KEY (pool, number));
CREATE TABLE resets (
    seq INTEGER PRIMARY KEY, after_game INTEGER NOT NULL, at REAL NOT NULL, mode TEXT
);
CREATE TABLE imported_totals (
    mode TEXT PRIMARY KEY,
    played INTEGER NOT NULL, won INTEGER NOT NULL,
    current_streak INTEGER NOT NULL, best_streak INTEGER NOT NULL,
    best_time REAL, fewest_moves INTEGER, total_won_time REAL NOT NULL,
    best_level INTEGER NOT NULL, best_time_left REAL
);
CREATE TABLE imported_daily (
    slot INTEGER PRIMARY KEY CHECK (slot = 1),
    won INTEGER NOT NULL, current INTEGER NOT NULL, best INTEGER NOT NULL, last_day TEXT
);
CREATE TABLE imported_venue (
    day TEXT PRIMARY KEY, started INTEGER NOT NULL, won INTEGER NOT NULL, idle INTEGER NOT NULL
);
CREATE TABLE imports (file TEXT PRIMARY KEY, kept_as TEXT NOT NULL, at REAL NOT NULL);
CREATE VIEW venue_days AS
SELECT day, sum(started) AS started, sum(won) AS won, sum(idle) AS idle FROM (
    SELECT day, started, won, idle FROM imported_venue
    UNION ALL SELECT start_day, 1, 0, 0 FROM games WHERE venue AND start_day IS NOT NULL
    UNION ALL SELECT end_day, 0, 1, 0 FROM games WHERE venue AND result = {sql_text(Result.WON)}
    UNION ALL SELECT end_day, 0, 0, 1 FROM games WHERE venue AND result = {sql_text(Result.IDLE)}
    UNION ALL SELECT start_day, 1, 0, 0 FROM current WHERE venue AND start_day IS NOT NULL
        AND id NOT IN (SELECT id FROM games)
) GROUP BY day ORDER BY day;
"""
"""Schema 1. ``games``: one row per game that ended (its id is the key: ending it again
changes nothing); ``result`` 'idle' is a kiosk game left to the idle timer (the venue's,
not the player's). ``current``: the game in progress, ``game`` holding the engine's
``to_dict`` JSON. ``imported_*``: the totals of the JSON files of earlier versions, which
had no per-game history (added to the games' figures). ``resets``: the statistics of a mode
(``mode`` NULL: of every mode, and the daily streak) count the games after the last one."""

LEGACY_FILES: Final = (
    "game.json",
    "stats.json",
    "settings.json",
    "winnable.json",
    "kiosk-pin.json",
    "venue.json",
)
"""The JSON files of the versions before the database (imported once by a new one)."""

MIGRATIONS: Final[dict[int, str]] = {1: SCHEMA_1}
"""The script that brings a database from version ``n - 1`` to ``n``."""


class Aside(NamedTuple):
    """A database set aside at start: what was kept and lost, in a sentence."""

    said: str
    repaired: bool
    """What could be read of it is in the fresh database (else it starts empty)."""


class Newer(Exception):
    """The database is from a newer version of the game: it is read, never written."""


class Unusable(Exception):
    """The database file fails a check; the message says which, in one line."""


class Damaged(Unusable):
    """A database of ours that fails a check but can be read: what can be is kept."""


class OddFile(OSError):
    """A ``-wal``, ``-shm`` or ``-journal`` beside the database is not a regular file: the
    database is left alone (not opened, not set aside) and the game plays in memory."""


TRANSIENT: Final = frozenset(
    {
        sqlite3.SQLITE_PERM,
        sqlite3.SQLITE_BUSY,
        sqlite3.SQLITE_LOCKED,
        sqlite3.SQLITE_NOMEM,
        sqlite3.SQLITE_READONLY,
        sqlite3.SQLITE_INTERRUPT,
        sqlite3.SQLITE_IOERR,
        sqlite3.SQLITE_FULL,
        sqlite3.SQLITE_CANTOPEN,
        sqlite3.SQLITE_PROTOCOL,
        sqlite3.SQLITE_AUTH,
    }
)
"""SQLite's primary result codes of a disk, a lock or a system that refuses for now: "database
is locked", "database or disk is full"... Not damage: the file is never set aside for them."""


def is_transient(e: BaseException) -> bool:
    """Whether ``e`` is a refusal of the moment (:data:`TRANSIENT`), not damage."""
    code = getattr(e, "sqlite_errorcode", None)
    return isinstance(code, int) and (code & 0xFF) in TRANSIENT


def _check_file(path: Path) -> None:
    """Unusable unless ``path`` is a regular file of SQLite's format, not too large."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except IsADirectoryError:
        raise Unusable("it is a folder, not a file") from None
    except OSError as e:
        raise Unusable(f"it cannot be read ({e.strerror or type(e).__name__})") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise Unusable("it is a folder" if stat.S_ISDIR(st.st_mode) else "not a regular file")
        if st.st_size > MAX_DB_BYTES:
            raise Unusable(f"it is too large (over {MAX_DB_BYTES} bytes)")
        head = os.read(fd, len(HEADER)) if st.st_size else HEADER
    finally:
        os.close(fd)
    if head != HEADER:
        raise Unusable("it is not an SQLite database")


def _connect(target: str, *, uri: bool = False) -> sqlite3.Connection:
    conn = sqlite3.connect(
        target,
        timeout=BUSY_TIMEOUT_S,
        isolation_level=None,  # transactions are explicit (BEGIN ... COMMIT)
        check_same_thread=False,  # the Store serialises every use with its lock
        uri=uri,
    )
    conn.text_factory = _text
    conn.execute("PRAGMA foreign_keys = ON")
    # What the file's schema holds (a view, a trigger, a default) may not call functions
    # with side effects: a planted trigger or view is also refused by the schema check.
    conn.execute("PRAGMA trusted_schema = OFF")
    return conn


def _text(raw: bytes) -> str:
    """Every text read from a database: bytes that are not UTF-8 cost their characters
    (replaced), never the read."""
    return raw.decode("utf-8", "replace")


def _check_ours(conn: sqlite3.Connection) -> int:
    """The schema version of an open database of ours, checked (see :func:`check_schema`);
    Unusable (Damaged when it can be read) or Newer otherwise."""
    try:
        return _checked_version(conn)
    except UnicodeDecodeError:
        # SQLite's own message quoted bytes that are not UTF-8 (a damaged schema's names).
        raise Damaged("it is damaged (its schema is not readable)") from None


def _checked_version(conn: sqlite3.Connection) -> int:
    app = conn.execute("PRAGMA application_id").fetchone()[0]
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    tables = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
    if app != APPLICATION_ID and (app != 0 or tables or version):
        raise Unusable("it is the database of another application")
    result = conn.execute("PRAGMA quick_check(1)").fetchone()[0]
    if result != "ok":
        raise Damaged(f"it is damaged ({clip(str(result), 80)})")
    if version > SCHEMA_VERSION:
        raise Newer(f"schema {version}, this version reads up to {SCHEMA_VERSION}")
    if version < 0 or (version == 0 and tables):
        raise Damaged(f"its schema version is {version}")
    if version:
        check_schema(conn, version)
    return int(version)


class _Column(NamedTuple):
    name: str
    kinds: tuple[str, ...]
    """The storage classes (``typeof``) its values may have."""


class _Schema(NamedTuple):
    objects: frozenset[tuple[str, str, str, str]]
    """(type, name, table, SQL with its spaces made single) of every table, index and view."""
    tables: dict[str, tuple[_Column, ...]]
    valid: dict[str, str]
    """Per table, the SQL condition each of its rows meets."""


_KINDS: Final = {"INTEGER": ("integer",), "REAL": ("integer", "real"), "TEXT": ("text",)}


@functools.cache
def _schema(version: int) -> _Schema:
    """The schema as the migrations make it at ``version`` (from a database in memory)."""
    conn = _connect(":memory:")
    try:
        migrate(conn, 0, upto=version)
        return _schema_of(conn, [t for (t,) in conn.execute(_TABLES)])
    finally:
        conn.close()


_TABLES: Final = "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"


def _objects(conn: sqlite3.Connection) -> frozenset[tuple[str, str, str, str]]:
    rows = conn.execute("SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_master")
    return frozenset((t, n, tbl, " ".join(str(sql).split())) for t, n, tbl, sql in rows)


def _schema_of(conn: sqlite3.Connection, tables: list[str]) -> _Schema:
    columns: dict[str, tuple[_Column, ...]] = {}
    valid: dict[str, str] = {}
    for table in tables:
        cols = []
        conds = []
        for _, name, kind, notnull, _, _ in conn.execute(f'PRAGMA table_info("{table}")'):
            kinds = _KINDS[kind] + (() if notnull else ("null",))
            cols.append(_Column(name, kinds))
            conds.append(f"typeof({name}) IN ({', '.join(repr(k) for k in kinds)})")
        columns[table] = tuple(cols)
        valid[table] = " AND ".join(conds)
    return _Schema(_objects(conn), columns, valid)


def check_schema(conn: sqlite3.Connection, version: int) -> None:
    """Damaged unless ``conn``'s tables, columns, indexes and views are exactly those the
    migrations made (no view of its own, no trigger: nothing planted runs, no read
    loops), and every value is of its column's kind (an integer, a number, a text: what
    a value means is checked where it is read)."""
    expected = _schema(version)
    found = _objects(conn)
    if found != expected.objects:
        odd = sorted(f"{t} {n}" for t, n, _, _ in found ^ expected.objects)
        raise Damaged(f"its schema is not the game's ({', '.join(odd)[:120]})")
    bad = [
        table
        for table, cond in expected.valid.items()
        if conn.execute(f"SELECT EXISTS (SELECT 1 FROM {table} WHERE NOT ({cond}))").fetchone()[0]
    ]
    if bad:
        raise Damaged(f"values of the wrong kind in {', '.join(bad)}")


class Salvage(NamedTuple):
    """What could be read of a damaged database: per table, its columns and rows."""

    tables: list[tuple[str, list[str], list[tuple[object, ...]]]]
    lost: int
    """Rows (or reads) that could not be used."""


def salvage(conn: sqlite3.Connection) -> Salvage:
    """The rows of the game's tables that ``conn`` can give, each decoded strictly: a row
    that is not UTF-8, or a table that stops reading, costs only what it holds."""
    try:
        have = {t for (t,) in conn.execute(_TABLES)}
    except (sqlite3.DatabaseError, UnicodeDecodeError):
        return Salvage([], 1)
    out: list[tuple[str, list[str], list[tuple[object, ...]]]] = []
    lost = 0
    for table, columns in _schema(SCHEMA_VERSION).tables.items():
        if table not in have:
            continue
        rows: list[tuple[object, ...]] = []
        try:
            present = {r[1] for r in conn.execute(f'PRAGMA table_info("{table}")')}
            names = [str(c.name) for c in columns if c.name in present]
            conn.text_factory = bytes  # decoded here, strictly
            for row in conn.execute(f"SELECT {', '.join(names)} FROM main.{table}"):
                try:
                    rows.append(tuple(v.decode() if isinstance(v, bytes) else v for v in row))
                except UnicodeDecodeError:
                    lost += 1
        except (sqlite3.DatabaseError, UnicodeDecodeError):
            lost += 1
            if not rows:
                continue
        finally:
            conn.text_factory = _text
        out.append((table, names, rows))
    return Salvage(out, lost)


def _restore(conn: sqlite3.Connection, kept: Salvage) -> int:
    """Put ``kept`` into the fresh database ``conn`` (in its making transaction); the
    rows its checks refused."""
    lost = kept.lost
    valid = _schema(SCHEMA_VERSION).valid
    for table, names, rows in kept.tables:
        marks = ", ".join("?" * len(names))
        sql = f"INSERT OR IGNORE INTO {table} ({', '.join(names)}) VALUES ({marks})"
        for row in rows:
            try:
                if conn.execute(sql, row).rowcount != 1:
                    lost += 1
            except sqlite3.DatabaseError as e:
                if is_transient(e):
                    raise
                lost += 1
        lost += conn.execute(f"DELETE FROM {table} WHERE NOT ({valid[table]})").rowcount
    return lost


def _kept_text(conn: sqlite3.Connection, lost: int) -> str:
    games = conn.execute("SELECT count(*) FROM games").fetchone()[0]
    parts = [f"{games} game{'s' if games != 1 else ''}"]
    for table, what in (("current", "the game in progress"), ("settings", "the settings")):
        if conn.execute(f"SELECT EXISTS (SELECT 1 FROM {table})").fetchone()[0]:
            parts.append(what)
    return f"kept {', '.join(parts)}; {lost} unreadable row{'s' if lost != 1 else ''} left"


def migrate(
    conn: sqlite3.Connection,
    version: int,
    first_fill: Callable[[sqlite3.Connection], None] | None = None,
    *,
    upto: int = SCHEMA_VERSION,
) -> None:
    """Bring ``conn`` from ``version`` to ``upto`` (:data:`SCHEMA_VERSION`), one transaction
    a step; ``first_fill`` (the import of older files) runs in the transaction that makes a
    new database, so it is done once or not at all."""
    for target in range(version + 1, upto + 1):
        conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in _statements(MIGRATIONS[target]):
                conn.execute(statement)
            if target == 1:
                conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                if first_fill is not None:
                    first_fill(conn)
            conn.execute(f"PRAGMA user_version = {target}")
            conn.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
            raise


def _statements(script: str) -> list[str]:
    """The statements of ``script`` (``executescript`` would commit the transaction)."""
    out: list[str] = []
    buf = ""
    for line in script.splitlines(keepends=True):
        buf += line
        if sqlite3.complete_statement(buf):
            out.append(buf.strip())
            buf = ""
    return out


def open_database(
    path: Path,
    stamp: Callable[[], str],
    first_fill: Callable[[sqlite3.Connection], None] | None = None,
) -> tuple[sqlite3.Connection, Aside | None]:
    """The database at ``path``, checked, durable and at the current schema.

    A file that fails a check is set aside (see the module) and a fresh one made, holding
    what could be read of it (a damaged database of ours): the second value says what was
    kept and lost. Newer for a newer version's database (left alone); OddFile, or
    sqlite3.Error or OSError when the disk refuses (:func:`is_transient`: busy, locked,
    full...), the file untouched.
    """
    aside: Aside | None = None
    conn: sqlite3.Connection | None = None
    fill = first_fill
    try:
        _check_side_files(path)
        if os.path.lexists(path):
            _check_file(path)
        conn = _connect(str(path))
        version = _check_ours(conn)
    except BaseException as e:
        kept = None
        try:
            if conn is not None and isinstance(e, Damaged):
                kept = salvage(conn)
        finally:
            if conn is not None:
                conn.close()
        if not isinstance(e, Unusable | sqlite3.DatabaseError) or is_transient(e):
            raise
        why = str(e) if isinstance(e, Unusable) else f"it is damaged ({clip(str(e), 80)})"
        target = _move_aside(path, stamp())
        conn = _connect(str(path))
        version = 0
        if kept is None:
            aside = Aside(_lost_text(why, target), repaired=False)
        else:
            fill = _Refill(kept, first_fill, why, target)
    try:
        if version == 0:
            # A new database holds nothing yet: made without fsyncs (a first start's
            # wait); a power cut meanwhile leaves one that fails its check next time, set
            # aside. What an import brings is made durable before its files are renamed.
            conn.execute("PRAGMA synchronous = OFF")
        conn.execute("PRAGMA journal_mode = WAL")
        migrate(conn, version, fill)
        conn.execute("PRAGMA synchronous = NORMAL")
    except BaseException:
        conn.close()
        raise
    if isinstance(fill, _Refill):
        aside = Aside(fill.said, repaired=True)
        make_durable(conn)
    return conn, aside


class _Refill:
    """The first fill of the database made after a damaged one: what was read of it."""

    def __init__(
        self,
        kept: Salvage,
        then: Callable[[sqlite3.Connection], None] | None,
        why: str,
        target: str,
    ) -> None:
        self.kept, self.then, self.why, self.target = kept, then, why, target
        self.said = ""

    def __call__(self, conn: sqlite3.Connection) -> None:
        lost = _restore(conn, self.kept)
        self.said = (
            f"the database was damaged ({self.why[:200]}): {_kept_text(conn, lost)}, in a "
            f"fresh database; the damaged file is kept as {self.target} (to go back to it, "
            f"quit the game and rename it {DB_FILE})"
        )
        if self.then is not None:
            self.then(conn)


def _check_side_files(path: Path) -> None:
    """OddFile if a ``-wal``, ``-shm`` or ``-journal`` of ``path`` is there but is not a
    regular file (a FIFO, a folder, a link): SQLite would block on it or follow it."""
    for suffix in ("-wal", "-shm", "-journal"):
        side = path.with_name(path.name + suffix)
        try:
            st = os.lstat(side)
        except FileNotFoundError:
            continue
        if not stat.S_ISREG(st.st_mode):
            raise OddFile(
                f"{side.name} is not a regular file (a folder, a link or a FIFO): "
                f"{path.name} is left as it is; remove {side.name} to save again"
            )


def make_durable(conn: sqlite3.Connection) -> None:
    """Everything committed so far, on the disk (fsynced), whatever the synchronous level."""
    conn.execute("PRAGMA synchronous = FULL")
    try:
        conn.execute("PRAGMA wal_checkpoint(FULL)")
    finally:
        conn.execute("PRAGMA synchronous = NORMAL")


def set_aside(path: Path, why: str, stamp: str) -> str:
    """Rename the database (and its ``-wal``, ``-shm``) to ``NAME.corrupt-<stamp>``; what
    was kept and what is lost, in a sentence."""
    return _lost_text(why, _move_aside(path, stamp))


def _move_aside(path: Path, stamp: str) -> str:
    """Rename the database (and its ``-wal``, ``-shm``) to ``NAME.corrupt-<stamp>`` (made
    unique), never deleted; the name it now has."""
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 2
    while os.path.lexists(target):
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
        n += 1
    for suffix in ("-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        if os.path.lexists(side):
            with contextlib.suppress(OSError):
                os.replace(side, target.with_name(target.name + suffix))
    os.replace(path, target)
    fsync_dir(path.parent)
    return target.name


def _lost_text(why: str, target: str) -> str:
    return (
        f"the database was unusable ({why[:200]}): kept as {target}; the statistics, "
        "game in progress and settings it held are not used, a fresh database is used"
    )


def memory_database() -> sqlite3.Connection:
    """A fresh database in memory (no store, a read-only one, or a disk that refuses)."""
    conn = _connect(":memory:")
    migrate(conn, 0)
    return conn


def connect_memory_unmigrated() -> sqlite3.Connection:
    """A database in memory at version 0 (:func:`migrate` fills it)."""
    return _connect(":memory:")


class Unreadable(Exception):
    """The database cannot be read as it is; the message says why, in one line."""


def read_copy(path: Path) -> tuple[sqlite3.Connection, str | None]:
    """The database at ``path`` copied into memory, at the current schema, without
    writing anything beside it, and None; a damaged one gives what could be read of it
    (as a start would keep) and why. Unreadable saying why it cannot be read.

    Without a ``-wal`` beside it no process has it open: it is read as immutable, so
    SQLite makes no ``-shm`` either. With one, the database and its ``-wal`` are copied
    to a temporary folder and read there (the ``-shm`` of the game running is not
    touched).
    """
    try:
        _check_side_files(path)
        _check_file(path)
    except (OddFile, Unusable) as e:
        raise Unreadable(str(e)) from None
    # Imported here: --stats and a trial store read a copy, a start does not.
    import shutil
    import tempfile

    wal = path.with_name(path.name + "-wal")
    try:
        with tempfile.TemporaryDirectory(prefix="crescent-read-") as tmp:
            if os.path.lexists(wal):
                copy = Path(tmp, DB_FILE)
                shutil.copyfile(path, copy)
                shutil.copyfile(wal, copy.with_name(copy.name + "-wal"))
                source = _connect(str(copy))
            else:
                source = _connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
            try:
                return _into_memory(source)
            finally:
                source.close()
    except Unusable as e:
        raise Unreadable(str(e)) from None
    except Newer as e:
        raise Unreadable(f"it is a newer version's ({e})") from None
    except (sqlite3.Error, OSError) as e:
        raise Unreadable(_refusal(e)) from None


def _into_memory(source: sqlite3.Connection) -> tuple[sqlite3.Connection, str | None]:
    """A checked database copied into memory, brought to the current schema (a damaged
    one: what could be read, and why)."""
    try:
        version = _check_ours(source)
    except Damaged as e:
        memory = connect_memory_unmigrated()
        migrate(memory, 0, _Refill(salvage(source), None, str(e), DB_FILE))
        return memory, str(e)
    memory = _connect(":memory:")
    try:
        # A database of another page size copies only into one of its own.
        size = int(source.execute("PRAGMA page_size").fetchone()[0])
        memory.execute(f"PRAGMA page_size = {size}")
        source.backup(memory)
        migrate(memory, version)
    except BaseException:
        memory.close()
        raise
    return memory, None


def _refusal(e: BaseException) -> str:
    """A disk's or SQLite's refusal in a few words."""
    code = getattr(e, "sqlite_errorcode", 0) & 0xFF
    if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        return "another program holds it locked"
    if isinstance(e, OSError):
        return f"it cannot be read ({e.strerror or type(e).__name__})"
    return f"it cannot be read ({clip(str(e), 80)})"


def connect_read_only(path: Path) -> sqlite3.Connection | None:
    """``path`` opened live, to read it while a game writes it (tools watching a running
    game: it may share the game's ``-shm``); None when it cannot be. ``--stats`` and the
    read-only store use :func:`read_copy`, which writes nothing."""
    try:
        _check_side_files(path)
        _check_file(path)
        conn = _connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except (sqlite3.Error, OSError, Unusable):
        return None
    try:
        _check_ours(conn)
    except (sqlite3.Error, Unusable, Newer):
        conn.close()
        return None
    return conn
