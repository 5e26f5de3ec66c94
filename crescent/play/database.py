"""The one database of a data folder: ``crescent.db`` (SQLite, the standard library's).

Pure module (no pygame, nothing at import time). :func:`open_database` opens it
for a :class:`crescent.play.storage.Store`:

- **checked first**: only a regular file is opened (a FIFO, a folder, a device or
  a link to one is set aside unopened), at most :data:`MAX_DB_BYTES`, starting
  with SQLite's header; then ``PRAGMA application_id`` says it is ours (a
  database of another application is set aside, never changed) and
  ``PRAGMA quick_check`` that it is sound. A database that fails is renamed
  ``crescent.db.corrupt-<UTC time>`` (with its ``-wal``/``-shm``), never deleted,
  and a fresh one is made, with a sentence saying what was kept and lost.
- **versioned**: ``PRAGMA user_version`` is the schema's version; older schemas
  are brought forward by :data:`MIGRATIONS`, one transaction each; a newer one
  (a later version of the game) is read but never written (:class:`Newer`).
- **durability**: ``journal_mode=WAL`` with ``synchronous=NORMAL`` (a commit is a
  write to the WAL, no fsync: 0.1 ms a move; a ``kill -9`` loses nothing
  committed, a power cut at most the last commits, never the database), and the
  end of a game, the settings and an import commit with ``synchronous=FULL``
  (fsynced). The measurements are in the README ("Saving").
- **one process per folder**: the folder is locked (``flock``, released by the
  system whatever ends the process); a second process gets :class:`FolderBusy`
  before anything is written.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Final

try:
    import fcntl
except ImportError:  # Windows: no folder lock; SQLite still keeps every result
    fcntl = None  # type: ignore[assignment]

from crescent.files import fsync_dir
from crescent.play.history import Result, sql_text

__all__ = [
    "APPLICATION_ID",
    "DB_FILE",
    "LEGACY_FILES",
    "MAX_DB_BYTES",
    "SCHEMA_VERSION",
    "FolderBusy",
    "FolderLock",
    "Newer",
    "connect_memory_unmigrated",
    "connect_read_only",
    "memory_database",
    "open_database",
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


class FolderBusy(Exception):
    """Another process of the game has this data folder open."""


class Newer(Exception):
    """The database is from a newer version of the game: it is read, never written."""


class Unusable(Exception):
    """The database file fails a check; the message says which, in one line."""


_HELD: dict[tuple[int, int], list[int]] = {}
"""Folders this process has locked: (device, inode) -> [file descriptor, users]. Several
stores of one process may share a folder (tests, a read-write and a trial store)."""
_HELD_LOCK = threading.Lock()


class FolderLock:
    """An exclusive lock on the data folder, held while the process uses it (``flock``:
    the system releases it however the process ends)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._key: tuple[int, int] | None = None

    def acquire(self) -> None:
        """FolderBusy if another process holds it; OSError if the folder cannot be opened."""
        if fcntl is None or self._key is not None:
            return
        fd = os.open(self.root, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        st = os.fstat(fd)
        key = (st.st_dev, st.st_ino)
        with _HELD_LOCK:
            held = _HELD.get(key)
            if held is not None:
                os.close(fd)
                held[1] += 1
                self._key = key
                return
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                raise FolderBusy(f"another Crescent is using the data folder {self.root}") from None
            except OSError:
                os.close(fd)  # a file system without locks (some network ones): no lock
                return
            _HELD[key] = [fd, 1]
            self._key = key

    def release(self) -> None:
        key, self._key = self._key, None
        if key is None:
            return
        with _HELD_LOCK:
            held = _HELD.get(key)
            if held is None:
                return
            held[1] -= 1
            if held[1] == 0:
                del _HELD[key]
                os.close(held[0])


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
    conn.execute("PRAGMA foreign_keys = ON")
    return conn


def _check_ours(conn: sqlite3.Connection) -> int:
    """The schema version of an open database of ours; Unusable or Newer otherwise."""
    app = conn.execute("PRAGMA application_id").fetchone()[0]
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    tables = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
    if app != APPLICATION_ID and (app != 0 or tables or version):
        raise Unusable("it is the database of another application")
    result = conn.execute("PRAGMA quick_check(1)").fetchone()[0]
    if result != "ok":
        raise Unusable(f"it is damaged ({str(result)[:80]})")
    if version > SCHEMA_VERSION:
        raise Newer(f"schema {version}, this version reads up to {SCHEMA_VERSION}")
    return int(version)


def migrate(
    conn: sqlite3.Connection,
    version: int,
    first_fill: Callable[[sqlite3.Connection], None] | None = None,
) -> None:
    """Bring ``conn`` from ``version`` to :data:`SCHEMA_VERSION`, one transaction a step;
    ``first_fill`` (the import of older files) runs in the transaction that makes a new
    database, so it is done once or not at all."""
    for target in range(version + 1, SCHEMA_VERSION + 1):
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
) -> tuple[sqlite3.Connection, str | None]:
    """The database at ``path``, checked, durable and at the current schema.

    A file that fails a check is set aside (see the module) and a fresh one made: the
    second value says what was kept and lost. Newer for a newer version's database (left alone);
    sqlite3.Error or OSError when the disk refuses.
    """
    aside: str | None = None
    conn: sqlite3.Connection | None = None
    try:
        if os.path.lexists(path):
            _check_file(path)
        conn = _connect(str(path))
        version = _check_ours(conn)
    except (Unusable, sqlite3.DatabaseError) as e:
        if conn is not None:
            conn.close()
        why = str(e) if isinstance(e, Unusable) else f"it is damaged ({str(e)[:80]})"
        aside = set_aside(path, why, stamp())
        conn = _connect(str(path))
        version = 0
    except BaseException:
        if conn is not None:
            conn.close()
        raise
    try:
        if version == 0:
            # A new database holds nothing yet: made without fsyncs (20-40 ms of a first
            # start); a power cut meanwhile leaves one that fails its check next time, set
            # aside. What an import brings is made durable before its files are renamed.
            conn.execute("PRAGMA synchronous = OFF")
        conn.execute("PRAGMA journal_mode = WAL")
        migrate(conn, version, first_fill)
        conn.execute("PRAGMA synchronous = NORMAL")
    except BaseException:
        conn.close()
        raise
    return conn, aside


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
    return (
        f"the database was unusable ({why[:200]}): kept as {target.name}; the statistics, "
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


def connect_read_only(path: Path) -> sqlite3.Connection | None:
    """``path`` opened only to read it, creating nothing (None: it cannot be).

    Without a ``-wal`` beside it no process has it open: it is read as immutable,
    so SQLite makes no ``-shm`` either.
    """
    try:
        _check_file(path)
    except Unusable:
        return None
    wal = path.with_name(path.name + "-wal")
    mode = "ro" if os.path.lexists(wal) else "ro&immutable=1"
    uri = f"{path.resolve().as_uri()}?mode={mode}"
    try:
        conn = _connect(uri, uri=True)
        _check_ours(conn)
    except (sqlite3.Error, Unusable, Newer):
        return None
    return conn
