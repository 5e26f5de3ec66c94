"""Saving and loading: the game in progress, the games played, settings, the kiosk's state.

Pure module (no pygame). Nothing happens at import time, and a :class:`Store`
touches the disk only when it is first used. Everything lives in one SQLite
database in the data folder (:mod:`crescent.play.database`: checked at start,
set aside when unusable, versioned, one process per folder); the JSON files of
earlier versions are imported into it once (:mod:`crescent.play.legacy`).

Never lose a game:

- Every move is one small transaction (the ``current`` row); the end of a game
  is one transaction (its row in ``games``, keyed by the game's id, and the
  ``current`` row gone), fsynced: killed at any instant, the next start finds
  the game in progress or the game ended and counted, never both, never twice.
- Every statistic is a query over the games (:mod:`crescent.play.history`).
- A database that cannot be used is set aside and a fresh one used, holding what
  could be read of it (:attr:`Notice.REPAIRED`; :attr:`Notice.CORRUPT` when
  nothing could), with :meth:`Store.details` saying what was kept and lost; a game
  in progress that fails its checks (rules of another mode, a code and log that do
  not make its cards, a log longer than any real game) is dropped
  (:attr:`Notice.CORRUPT_GAME`); one bad setting costs that setting.
- A database from a newer version is left alone (:attr:`Notice.NEWER`): the
  session plays on in memory.
- When the disk refuses (read-only, full, locked by another program...), the game
  goes on: :attr:`Notice.CANNOT_SAVE` is recorded once, later saves keep trying,
  and :attr:`Store.failing` says whether the last one failed. The end of a game the
  disk refused stays in memory and is written first by every later write and at
  :meth:`Store.close` (the game in progress it ended is kept on the disk until
  then); :meth:`Store.unstored` counts those left, and a quit says so.

Each kind of notice is reported at most once per session, through
:meth:`Store.take_notices`; details go to the ``crescent.play.storage`` logger.
"""

from __future__ import annotations

import contextlib
import enum
import json
import math
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, TypeGuard, TypeVar

from crescent import logs
from crescent.play import database, history
from crescent.play.database import DB_FILE, FolderBusy, FolderLock, Newer
from crescent.play.history import GameEnd
from crescent.play.levels import LevelsState, has_levels
from crescent.play.safejson import shown
from crescent.play.settings import Settings
from crescent.play.stats import MAX_SECONDS, Stats
from crescent.rules import modes
from crescent.rules.deal import DEAL_COUNT
from crescent.rules.engine import Game, IllegalMove

if TYPE_CHECKING:
    from crescent.play.legacy import Found

__all__ = [
    "DB_FILE",
    "FORMAT",
    "MAX_LOGGED",
    "FolderBusy",
    "Notice",
    "SavedGame",
    "Store",
    "default_data_dir",
    "is_game_id",
    "new_game_id",
    "replay",
]

FORMAT: Final = 1
"""The format of a saved game's JSON (``game.json`` of earlier versions)."""
APP_NAME: Final = "Crescent"
MAX_MOVES: Final = 10_000_000
"""The most moves a saved game can claim."""
MAX_LOGGED: Final = 2000
"""The most steps of a game logged with it (a resume replays them: 6 us a step): a longer
log is no real game's, refused unread."""
MAX_STEP_CHARS: Final = 8
"""The longest step of a log with its space (``P16-P15 ``)."""
OPEN_ATTEMPTS: Final = 2
"""A database locked by another program is waited for this many times (each SQLite's busy
timeout, 5 s) before the session plays in memory."""
BUSY_CODES: Final = frozenset({sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED})
ID_MAX: Final = 64
UNDO: Final = "U"
"""An undo in the log of the moves played (beside the notation of ``--play``)."""

_T = TypeVar("_T")
_BAD_DATA = (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError)


def _log() -> Any:
    return logs.get(__name__)


def default_data_dir() -> Path:
    """The per-user data folder for Crescent (platformdirs); not created here."""
    from platformdirs import user_data_dir  # an optional look-up, only without --data-dir

    return Path(user_data_dir(APP_NAME, appauthor=False))


def _utc_now() -> datetime:
    return datetime.now(UTC)


class Notice(enum.Enum):
    """Something the player should be told about their saved data."""

    CORRUPT = "corrupt"
    """The database could not be used: set aside (kept as a file), all starts afresh."""
    CORRUPT_FILE = "corrupt_file"
    """An earlier version's file could not be imported: set aside, the rest imported."""
    CORRUPT_GAME = "corrupt_game"
    """The game in progress could not be resumed (kept in the log); the rest is kept."""
    CORRUPT_SETTINGS = "corrupt_settings"
    """The settings could not be used: the defaults; the statistics and game are kept."""
    NEWER = "newer"
    """The data is from a newer version: left alone, and not saved over this session."""
    CANNOT_SAVE = "cannot_save"
    """The disk refused a write (read-only, full...): progress cannot be saved."""
    REPAIRED = "repaired"
    """The database was damaged: set aside (kept as a file), what could be read kept."""
    UNPROVEN_GAME = "unproven_game"
    """The game in progress, started by this version, was resumed without the log of its
    moves (a game of thousands of steps, or a hand-edited save): nothing proves its
    position. (An earlier version's game never had a log: resumed without a word.)"""


def new_game_id() -> str:
    """A fresh id for a dealt game, unique across sessions and machines (128 random bits,
    as 32 hex digits)."""
    return os.urandom(16).hex()


def is_game_id(x: object) -> TypeGuard[str]:
    """A game id: :func:`new_game_id` makes 32 hex digits; any short printable ASCII
    token without spaces is taken (a later version may make them differently)."""
    return (
        isinstance(x, str)
        and 1 <= len(x) <= ID_MAX
        and x.isascii()
        and x.isprintable()
        and not any(c.isspace() for c in x)
    )


def _is_elapsed(x: object) -> TypeGuard[int | float]:
    return (
        isinstance(x, int | float)
        and not isinstance(x, bool)
        and math.isfinite(x)
        and 0 <= x <= MAX_SECONDS
    )


@dataclass(slots=True)
class SavedGame:
    """A game in progress with its clock. ``elapsed``: seconds played, 0..MAX_SECONDS.

    ``game_id`` names this deal of the game (given when it was dealt): its end is
    recorded once per id. None only for a file saved before ids existed.
    ``played`` is the log of every step since the deal (``None``: not known, as in
    files of earlier versions); it proves the position comes from the code.
    """

    game: Game
    elapsed: float
    idle_abandoned: bool = False
    game_id: str | None = None
    levels: LevelsState | None = None
    played: list[str] | None = None
    hints: int = 0
    started: float | None = None
    start_day: str | None = None
    """The local day of the first move (a kiosk counts the game as started on it)."""
    venue: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``game.json`` (earlier versions' format)."""
        if not _is_elapsed(self.elapsed):
            raise ValueError(f"elapsed must be a number 0..{MAX_SECONDS:g}, got {self.elapsed!r}")
        out: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game.to_dict(),
            "elapsed": float(self.elapsed),
            "idle_abandoned": bool(self.idle_abandoned),
        }
        if self.game_id is not None:
            if not is_game_id(self.game_id):
                raise ValueError("bad game id")
            out["id"] = self.game_id
        if self.levels is not None:
            out.update(self.levels.to_dict())
            out["shuffles_left"] = self.game.redeals_left
        return out

    @staticmethod
    def from_dict(d: object) -> SavedGame:
        """The saved game ``d`` (a ``game.json``) describes; ValueError saying what is wrong."""
        if not isinstance(d, dict):
            raise ValueError(f"a saved game must be an object, not {type(d).__name__}")
        fmt = d.get("format")
        if type(fmt) is not int or fmt != FORMAT:
            raise ValueError(f"unknown saved-game format {fmt!r} (this version reads {FORMAT})")
        raw = d.get("game")
        if not isinstance(raw, dict):
            raise ValueError("the saved game has no game")
        game = _checked_game(raw)
        elapsed = d.get("elapsed")
        if not _is_elapsed(elapsed):
            raise ValueError(f"elapsed must be a number 0..{MAX_SECONDS:g}, got {shown(elapsed)}")
        idle = d.get("idle_abandoned", False)
        if not isinstance(idle, bool):
            raise ValueError(f"idle_abandoned must be true or false, got {shown(idle)}")
        game_id = d.get("id")
        if game_id is not None and not is_game_id(game_id):
            raise ValueError(f"id must be a short token, got {shown(game_id)}")
        return SavedGame(game, float(elapsed), idle, game_id, _levels(game, d))


def _levels(game: Game, d: dict[str, Any]) -> LevelsState | None:
    if not has_levels(game.mode):
        if "level" in d:
            raise ValueError("a saved game that is not a levels game has no level")
        return None
    levels = LevelsState.from_dict(d, game.mode)
    if levels.level != max(game.level, 1) or d.get("shuffles_left") != game.redeals_left:
        raise ValueError("the levels record does not match the saved level")
    return levels


def _checked_game(raw: dict[str, Any]) -> Game:
    """The engine's game of ``raw``, with the rules of its mode and cards its code dealt."""
    moves = raw.get("moves")
    if type(moves) is int and not 0 <= moves <= MAX_MOVES:
        raise ValueError(f"moves must be 0..{MAX_MOVES}, got {shown(moves)}")
    game = Game.from_dict(raw)
    if game.rules != game.mode.rules_for_level(max(game.level, 1)):
        raise ValueError(f"the rules are not those of {game.mode.key} (level {game.level})")
    if _untouched(game):
        dealt = Game.from_code(game.code)
        if dealt.piles != game.piles or dealt.down != game.down:
            raise ValueError("the cards are not those its code deals")
    return game


def _untouched(game: Game) -> bool:
    """Nothing played since the deal (its cards then are checked against its code)."""
    return game.moves == 0 and game.redeals_left == game.rules.redeals and game.level <= 1


def replay(code: str, played: list[str]) -> Game:
    """The game ``code`` after the steps ``played`` (moves, redeals, ``U`` undos; a level
    won moves on to the next); ValueError if a step is refused."""
    game = Game.from_code(code)
    for token in played:
        try:
            if token == UNDO:
                game.undo()
            else:
                game.apply(token)
        except IllegalMove as e:
            raise ValueError(f"the step {shown(token, 12)} was refused ({e.reason.name})") from None
        if game.status == "won" and game.mode.levels > 1 and not game.last_level:
            game = game.next_level()
    return game


class Store:
    """The database of one player, in ``root``: the game in progress, the games played,
    the settings, the deals proven winnable here and a kiosk's operator state.

    Does not touch the disk until used; the folder (with its parents) is created
    then. :meth:`open` locks the folder for the process (:class:`FolderBusy` if
    another process has it). Loads never raise on bad data and saves never raise on a
    refusing disk: they return defaults / False and record a :class:`Notice`.
    Safe to share between threads (a background writer and the main loop); one
    operation runs at a time.

    A ``read_only`` store reads a copy in memory and never changes the disk (saves
    change the copy): it tries out a command line before anything is changed, and
    serves ``--stats``. :meth:`in_memory` makes one with no folder at all.
    """

    def __init__(
        self,
        root: Path,
        *,
        clock: Callable[[], datetime] = _utc_now,
        read_only: bool = False,
    ) -> None:
        self.root = Path(root)
        self.read_only = read_only
        self.path = self.root / DB_FILE
        self._clock = clock
        self._conn: sqlite3.Connection | None = None
        self._lock = threading.RLock()  # one database operation at a time
        self._notice_lock = threading.Lock()  # the main loop never waits for a commit
        self._pending: list[Notice] = []  # notices not yet taken
        self._told: set[Notice] = set()  # each kind once a session
        self._details: list[str] = []
        self._folder = FolderLock(self.root)
        self._memory_only = False
        self._found: Found | None = None
        self._degraded = False  # the database could not be opened: games kept in memory
        self.frozen = False
        """The database is a newer version's: nothing is written to it."""
        self.failing = False
        """The last write failed (the disk refuses): the result of a game may be lost."""
        self.refused = False
        """A write failed this session (or the database could not be opened)."""
        self.unreadable: str | None = None
        """A read-only store: why the database could not be read as it is (its copy is
        empty, or holds what could be read of a damaged one)."""
        self._unstored: dict[str, tuple[GameEnd, tuple[Any, ...] | None]] = {}
        """The ends of games not on the disk yet, by game id: written first by every write
        (and at :meth:`close`) until the disk takes them."""

    @classmethod
    def in_memory(cls) -> Store:
        """A store without a folder: the session's statistics, kept for the session only."""
        store = cls(Path(), read_only=True)
        store._memory_only = True
        return store

    # -- opening --------------------------------------------------------------------

    def open(self) -> None:
        """Lock the folder for this process and open the database now (the game does it at
        start; a store used without it opens at first use, unlocked: tools, tests).
        FolderBusy if another process has the folder; every other problem is a notice."""
        with self._lock:
            if not (self.read_only or self._memory_only):
                try:
                    self.root.mkdir(parents=True, exist_ok=True)
                    self._folder.acquire()
                except OSError as e:
                    self._cannot_save(f"cannot open {self.root}", e)
            self._db()

    def _db(self) -> sqlite3.Connection:
        with self._lock:
            if self._conn is None:
                self._conn = self._connect()
            return self._conn

    def _connect(self) -> sqlite3.Connection:
        if self._memory_only:
            return database.memory_database()
        if self.read_only:
            return self._copy_in_memory()
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            conn, aside = self._open_waiting()
        except Newer as e:
            _log().warning("%s is from a newer version (%s): left alone", self.path, e)
            self.frozen = True
            self._notice(Notice.NEWER)
            return self._copy_in_memory()
        except (OSError, sqlite3.Error) as e:
            self._cannot_save(f"cannot open {self.path}", e)
            self._degraded = True
            return database.memory_database()
        if aside is not None:
            self._corrupt(aside.said, Notice.REPAIRED if aside.repaired else Notice.CORRUPT)
        if self._found is not None and self._found.imported:
            database.make_durable(conn)  # before the imported files are renamed
        keep_imported_files(conn, self.root)
        self._set_aside_bad_files()
        return conn

    def _open_waiting(self) -> tuple[sqlite3.Connection, database.Aside | None]:
        """The database, opened; a database another program holds locked is waited for
        (SQLite's busy timeout) and tried once more before the session plays in memory."""
        for attempt in range(OPEN_ATTEMPTS):
            try:
                return database.open_database(self.path, self._stamp, self._import)
            except sqlite3.OperationalError as e:
                busy = (getattr(e, "sqlite_errorcode", 0) & 0xFF) in BUSY_CODES
                if not busy or attempt == OPEN_ATTEMPTS - 1:
                    raise
                _log().info("%s is locked by another program: trying again", self.path)
        raise AssertionError("unreachable")

    def _copy_in_memory(self) -> sqlite3.Connection:
        """The database (or, before it exists, the earlier files imported) in memory;
        :attr:`unreadable` says why when it could not be read (the copy is then empty)."""
        if os.path.lexists(self.path):
            try:
                conn, self.unreadable = database.read_copy(self.path)
                return conn
            except database.Unreadable as e:
                self.unreadable = str(e)
                return database.memory_database()
        if self.frozen:
            return database.memory_database()
        memory = database.connect_memory_unmigrated()
        database.migrate(memory, 0, self._import)
        return memory

    def _stamp(self) -> str:
        return self._clock().astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")

    def _import(self, conn: sqlite3.Connection) -> None:
        if not any(os.path.lexists(self.root / name) for name in database.LEGACY_FILES):
            return  # a first start
        # Imported here: only a new database looks for older files (the module is a
        # start's cost otherwise: python -X importtime shows it).
        from crescent.play import legacy

        found = legacy.import_files(
            conn, self.root, SavedGame.from_dict, _import_game, _write_settings, time.time()
        )
        self._found = found
        if found.newer:
            self._notice(Notice.NEWER)

    def _set_aside_bad_files(self) -> None:
        found, self._found = self._found, None
        if found is None:
            return
        for name, why in found.bad:
            source = self.root / name
            target = self.root / f"{name}.corrupt-{self._stamp()}"
            try:
                os.replace(source, target)
            except OSError as e:
                _log().warning("%s is unusable (%s) and could not be set aside: %s", source, why, e)
                continue
            self._corrupt(
                f"{name} was unusable ({why}): kept as {target.name}, not imported",
                Notice.CORRUPT_FILE,
            )
        if found.imported:
            _log().info("imported %s into %s", ", ".join(found.imported), DB_FILE)

    def close(self) -> None:
        """Close the database and unlock the folder (the next use opens them again); the
        ends of games not stored yet are tried once more first."""
        with self._lock:
            if self._conn is not None:
                self.unstored()
                with contextlib.suppress(sqlite3.Error):
                    self._conn.close()
                self._conn = None
            self._folder.release()

    # -- the machinery ---------------------------------------------------------------

    def read(self, query: Callable[..., _T], *args: Any) -> _T:
        """``query(connection, *args)`` (a function of :mod:`crescent.play.history`)."""
        with self._lock:
            return query(self._db(), *args)

    @contextlib.contextmanager
    def _transaction(self, *, durable: bool = False) -> Iterator[sqlite3.Connection]:
        conn = self._db()
        if durable:
            conn.execute("PRAGMA synchronous = FULL")
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
                conn.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    conn.execute("ROLLBACK")
                raise
        finally:
            if durable:
                with contextlib.suppress(sqlite3.Error):
                    conn.execute("PRAGMA synchronous = NORMAL")

    def _write(
        self, what: str, work: Callable[[sqlite3.Connection], object], *, durable: bool = False
    ) -> bool:
        """Run ``work`` in one transaction, after the ends of games not stored yet; False
        (and a notice) if the disk refused (the ends wait for the next write)."""
        with self._lock:
            if self.frozen:
                self.refused = True
                return False
            try:
                with self._transaction(durable=durable or bool(self._unstored)) as conn:
                    stored = self._store_ends(conn)
                    work(conn)
            except (sqlite3.Error, OSError) as e:
                self.failing = True
                self._cannot_save(what, e)
                return False
            # Without its database a store keeps the session's games in memory, but they
            # are not saved.
            self.failing = self._degraded
            if not self._degraded:
                self._unstored.clear()
            return stored and not self._degraded

    def _store_ends(self, conn: sqlite3.Connection) -> bool:
        """Every end not stored yet, with its game in progress gone (or kept, idle); False
        if one had a value the table refuses (a bug: never storable, dropped, said)."""
        stored = True
        for end, row in list(self._unstored.values()):
            try:
                history.record_end(conn, end)
            except sqlite3.IntegrityError as e:
                del self._unstored[end.id]
                self._cannot_save(f"the end of game {end.id}", e)
                stored = False
                continue
            if row is not None:
                _put_current(conn, row)
            else:
                conn.execute("DELETE FROM current WHERE id = ?", (end.id,))
        return stored

    def unstored(self) -> int:
        """The ends of games not on the disk (tried once more now): a quit says so."""
        with self._lock:
            if self._unstored and not self._degraded:
                self._write("the end of a game", lambda c: None, durable=True)
            return len(self._unstored)

    # -- the game in progress ----------------------------------------------------------

    def load_game(self) -> SavedGame | None:
        """The game in progress; None when there is none, or it failed its checks."""
        with self._lock:
            row = (
                self._db()
                .execute(
                    "SELECT id, game, elapsed, idle_abandoned, levels, hints, started, start_day,"
                    " venue, played FROM current WHERE slot = 1"
                )
                .fetchone()
            )
            if row is None:
                return None
            try:
                saved = _saved_of(row)
            except (*_BAD_DATA, sqlite3.Error) as e:
                self._drop_bad_game(row, str(e))
                return None
            # A game this version started keeps its log (up to MAX_LOGGED steps); an earlier
            # version's (imported, its start unknown) never had one.
            if saved.played is None and saved.started is not None and not _untouched(saved.game):
                self._corrupt(
                    "the game in progress has no log of its moves: resumed as it was saved "
                    "(nothing proves its cards come from its code)",
                    Notice.UNPROVEN_GAME,
                )
            return saved

    def _drop_bad_game(self, row: tuple[Any, ...], why: str) -> None:
        why = why[:200]
        _log().warning("the game in progress is unusable (%s): %s", why, shown(row[1], 4000))
        self._corrupt(
            f"the game in progress was unusable ({why}): kept in the log, not resumed",
            Notice.CORRUPT_GAME,
        )
        if not self.read_only:
            self._write("the game in progress", lambda c: c.execute("DELETE FROM current"))

    def save_game(self, saved: SavedGame) -> bool:
        """Save the game in progress; False if it could not be saved (see notices).

        ValueError (a bug in the caller) if ``saved.elapsed`` is not finite and >= 0.
        """
        row = _row_of(saved)
        return self._write("the game in progress", lambda c: _put_current(c, row))

    def clear_game(self) -> bool:
        """Remove the game in progress (once its result is recorded); False if that failed."""
        return self._write("the game in progress", lambda c: c.execute("DELETE FROM current"))

    def end_game(self, end: GameEnd, keep: SavedGame | None = None) -> bool:
        """One transaction: the game's row in ``games`` (unless its id is there already),
        and no game in progress (or ``keep``, a kiosk's game left to the idle timer).
        False when the disk refused: the end is kept in memory and written first by every
        later write, and at :meth:`close` (:meth:`unstored` counts those left)."""
        row = _row_of(keep) if keep is not None else None
        with self._lock:
            self._unstored[end.id] = (end, row)
            return self._write("the end of a game", lambda c: None, durable=True)

    def was_recorded(self, game_id: str | None) -> bool:
        """Whether the game ``game_id`` has ended and been counted."""
        if game_id is None:
            return False
        with self._lock:
            found = self._db().execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone()
        return found is not None

    # -- statistics ---------------------------------------------------------------------

    def load_stats(self, exclude: str | None = None) -> Stats:
        """The statistics of every mode, read from the games (``exclude`` left out)."""
        keys = [m.stats_key for m in modes.MODES]
        return self.read(history.stats, keys, exclude)

    def reset_stats(self, mode: str | None = None) -> bool:
        """The statistics (of ``mode``, else all) start again from nothing (the games stay,
        never counted again)."""
        return self._write(
            "the statistics", lambda c: history.reset(c, time.time(), mode), durable=True
        )

    # -- settings, deals proven winnable, the kiosk's operator state -------------------------

    def load_settings(self) -> Settings:
        """The saved settings, or the defaults; a bad value costs that value (the default in
        its place, a notice, and the settings written back so it is said once)."""
        with self._lock:
            rows = self._db().execute("SELECT name, value FROM settings").fetchall()
        if not rows:
            return Settings()
        values: dict[str, Any] = {}
        for name, value in rows:
            with contextlib.suppress(ValueError):
                values[name] = json.loads(value)
        try:
            if len(values) < len(rows):
                raise ValueError("a value is not JSON")
            return Settings.from_dict(values)
        except _BAD_DATA as e:
            why = str(e)[:120]
        kept = Settings.from_dict(_usable(values))
        self._corrupt(
            f"the settings were unusable ({why}): the defaults are used for the bad ones",
            Notice.CORRUPT_SETTINGS,
        )
        if not self.read_only:
            self._write("the settings", lambda c: _write_settings(c, kept), durable=True)
        return kept

    def save_settings(self, s: Settings) -> bool:
        return self._write("the settings", lambda c: _write_settings(c, s), durable=True)

    def load_winnable(self) -> dict[str, list[int]]:
        """Deal numbers proven winnable here, by pool (a :attr:`Mode.pool`: modes may share one)."""
        with self._lock:
            rows = self._db().execute("SELECT pool, number FROM winnable ORDER BY rowid").fetchall()
        out: dict[str, list[int]] = {}
        for pool, number in rows:
            # A bad row costs that row (it names no deal).
            if type(number) is int and 0 <= number < DEAL_COUNT and isinstance(pool, str):
                out.setdefault(pool, []).append(number)
        return out

    def add_winnable(self, pool: str, number: int) -> bool:
        """Remember that deal ``number`` of ``pool`` can be won."""
        return self._write(
            "the winnable deals",
            lambda c: c.execute("INSERT OR IGNORE INTO winnable VALUES (?, ?)", (pool, number)),
        )

    def load_operator(self) -> dict[str, Any]:
        """The kiosk's operator state (name: JSON value)."""
        with self._lock:
            rows = self._db().execute("SELECT name, value FROM operator").fetchall()
        out: dict[str, Any] = {}
        for name, value in rows:
            with contextlib.suppress(ValueError):
                out[name] = json.loads(value)
        return out

    def save_operator(self, values: dict[str, Any]) -> bool:
        rows = [(k, json.dumps(v)) for k, v in values.items()]
        return self._write(
            "the operator state",
            lambda c: c.executemany("INSERT OR REPLACE INTO operator VALUES (?, ?)", rows),
            durable=True,
        )

    # -- notices ------------------------------------------------------------------------

    def take_notices(self) -> list[Notice]:
        """The notices recorded since the last call, oldest first; each kind once a session."""
        with self._notice_lock:
            out, self._pending = self._pending, []
            return out

    def details(self) -> list[str]:
        """What each notice of this session was about: what was kept, what was lost."""
        with self._notice_lock:
            return list(self._details)

    def _notice(self, kind: Notice, detail: str | None = None) -> bool:
        """Record ``kind`` unless already told this session; True if it is new."""
        with self._notice_lock:
            if detail is not None:
                self._details.append(detail)
            if kind in self._told:
                return False
            self._told.add(kind)
            self._pending.append(kind)
            return True

    def _corrupt(self, detail: str, kind: Notice = Notice.CORRUPT) -> None:
        if self._memory_only:
            return
        self._notice(kind, detail)
        if not self.read_only:
            _log().warning("%s", detail)

    def save_failed(self, what: str, error: BaseException) -> None:
        """A save failed in a way the store did not foresee: shown as CANNOT_SAVE, logged."""
        self.failing = True
        self._cannot_save(what, error)

    def _cannot_save(self, what: str, error: BaseException) -> None:
        if self._memory_only:
            return
        self.refused = True
        text = f"cannot save ({what}): {type(error).__name__}: {str(error)[:200]}"
        if self._notice(Notice.CANNOT_SAVE, text):
            _log().warning("%s", text)
        else:
            _log().debug("%s", text)


# -- rows of the tables -------------------------------------------------------------------


def _usable(values: dict[str, Any]) -> dict[str, Any]:
    """The saved settings' values that load, each on its own beside the defaults."""
    base = Settings().to_dict()
    kept = dict(base)
    for name, value in values.items():
        with contextlib.suppress(*_BAD_DATA):
            Settings.from_dict(base | {name: value})
            kept[name] = value
    return kept


def _write_settings(conn: sqlite3.Connection, settings: Settings) -> None:
    """The settings as rows (name, JSON value) of ``settings``."""
    conn.executemany(
        "INSERT OR REPLACE INTO settings VALUES (?, ?)",
        [(k, json.dumps(v)) for k, v in settings.to_dict().items()],
    )


def keep_imported_files(conn: sqlite3.Connection, root: Path) -> None:
    """Rename the files an import took ``NAME.imported`` (a start after a kill finishes)."""
    for name, kept in conn.execute("SELECT file, kept_as FROM imports"):
        source = root / name
        if os.path.lexists(source) and not os.path.lexists(root / kept):
            with contextlib.suppress(OSError):
                os.replace(source, root / kept)


def _row_of(saved: SavedGame) -> tuple[Any, ...]:
    if not _is_elapsed(saved.elapsed):
        raise ValueError(f"elapsed must be a number 0..{MAX_SECONDS:g}, got {saved.elapsed!r}")
    if saved.game_id is None or not is_game_id(saved.game_id):
        raise ValueError("a saved game needs its id")
    levels = None
    if saved.levels is not None:
        levels = json.dumps(saved.levels.to_dict() | {"shuffles_left": saved.game.redeals_left})
    return (
        saved.game_id,
        json.dumps(saved.game.to_dict(), separators=(",", ":")),
        float(saved.elapsed),
        int(saved.idle_abandoned),
        levels,
        saved.hints,
        saved.started,
        saved.start_day,
        int(saved.venue),
        None if saved.played is None else " ".join(saved.played),
    )


def _put_current(conn: sqlite3.Connection, row: tuple[Any, ...]) -> None:
    conn.execute(
        "INSERT OR REPLACE INTO current (slot, id, game, elapsed, idle_abandoned, levels, hints,"
        " started, start_day, venue, played)"
        " VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, coalesce(?, '?'))",
        row,
    )


def _saved_of(row: tuple[Any, ...]) -> SavedGame:
    """The saved game of a ``current`` row, checked; ValueError saying what is wrong."""
    game_id, raw, elapsed, idle, levels_json, hints, started, start_day, venue, played = row
    if not is_game_id(game_id):
        raise ValueError("the game in progress has no id")
    game = _checked_game(json.loads(raw))
    if not _is_elapsed(elapsed):
        raise ValueError(f"elapsed must be a number 0..{MAX_SECONDS:g}, got {shown(elapsed)}")
    levels = _levels(game, json.loads(levels_json)) if levels_json is not None else None
    if levels is None and has_levels(game.mode):
        raise ValueError("a levels game without its levels")
    log: list[str] | None = None
    if not isinstance(played, str) or len(played) > MAX_LOGGED * MAX_STEP_CHARS:
        raise ValueError(f"its log is longer than any real game ({MAX_LOGGED} steps)")
    if played != "?":
        log = played.split() if played else []
        if len(log) > MAX_LOGGED:
            raise ValueError(f"its log is longer than any real game ({MAX_LOGGED} steps)")
        # The redo list is not in the log (a redo is logged as its move) and from_dict
        # proved each of its moves legal: the position is what must match.
        position = {**game.to_dict(), "redo": None}
        if {**replay(game.code, log).to_dict(), "redo": None} != position:
            raise ValueError("the position is not what its code and moves make")
    if type(hints) is not int or hints < 0:
        raise ValueError("hints must be a whole number")
    return SavedGame(
        game,
        float(elapsed),
        bool(idle),
        game_id,
        levels,
        log,
        hints,
        started,
        start_day,
        bool(venue),
    )


def _import_game(conn: sqlite3.Connection, saved: SavedGame, counted: bool, won: bool) -> None:
    """An earlier version's ``game.json`` becomes the game in progress. ``counted``: the
    venue already counted its start (``venue.json``); ``won``: and its win."""
    if saved.game_id is None:
        saved.game_id = new_game_id()
    saved.venue = counted and not won  # its win (or idle end) is still the venue's to count
    saved.start_day = None  # its start: counted in the imported venue days, or not a kiosk's
    _put_current(conn, _row_of(saved))
