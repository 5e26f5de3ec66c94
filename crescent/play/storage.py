"""Saving and loading: the game in progress, the statistics and the settings.

Pure module (no pygame). Nothing happens at import time, and a
:class:`Store` touches the disk only when it is used.

Never lose a game:

- Every file is written whole or not at all (:func:`write_json_atomic`:
  temporary file in the same folder, fsync, rename over the old one, fsync
  the folder), so a crash or power cut leaves the old file or the new one.
- Only regular files are read, opened without blocking (a FIFO or a device
  named like one of ours is never waited on), at most :data:`MAX_FILE_BYTES`
  of them and nested at most 32 deep (:mod:`crescent.play.safejson`).
- A file that cannot be used (empty, truncated, not JSON, wrong format, a
  number out of range, a game the rules reject, not a regular file, too large)
  is moved aside as ``NAME.corrupt-<UTC time>``, never
  deleted; the defaults are used and a :attr:`Notice.CORRUPT` is recorded.
  A missing file is simply the first start: defaults, no notice.
- A file written by a newer version (a ``format`` greater than ours) is left
  alone, and not overwritten for the rest of the session
  (:attr:`Notice.NEWER`).
- When the disk refuses a write (read-only, full...), the game goes on:
  :attr:`Notice.CANNOT_SAVE` is recorded once, later saves keep trying quietly.

Each kind of notice is reported at most once per session, through
:meth:`Store.take_notices`; details go to the ``crescent.play.storage`` logger.
"""

from __future__ import annotations

import contextlib
import enum
import json
import math
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, TypeGuard, TypeVar

from crescent import logs
from crescent.files import fsync_dir, write_atomic
from crescent.play import settings as _settings
from crescent.play import stats as _stats
from crescent.play.levels import LevelsState, has_levels
from crescent.play.safejson import BadJson, parse_json_object, read_bounded, shown
from crescent.play.settings import Settings
from crescent.play.stats import Stats
from crescent.rules import modes
from crescent.rules.deal import DEAL_COUNT
from crescent.rules.engine import Game

if TYPE_CHECKING:
    import logging
    from datetime import datetime

__all__ = [
    "FORMAT",
    "Notice",
    "SavedGame",
    "Store",
    "default_data_dir",
    "is_game_id",
    "new_game_id",
    "write_json_atomic",
]


def _log() -> logging.Logger:
    return logs.get(__name__)


FORMAT: Final = 1
"""The format of ``game.json``; stats and settings carry their own (also 1)."""

APP_NAME: Final = "Crescent"
GAME_FILE: Final = "game.json"
STATS_FILE: Final = "stats.json"
SETTINGS_FILE: Final = "settings.json"
WINNABLE_FILE: Final = "winnable.json"
"""Deals the solver proved winnable during play (the local pool)."""
MAX_FILE_BYTES: Final = 1 << 20
"""No file of ours comes near this; a larger one is set aside unread."""
MAX_SECONDS: Final = _stats.MAX_SECONDS
"""The longest game clock loaded or saved (over 30 years): a file beyond it is set aside."""
MAX_MOVES: Final = 10_000_000
"""The most moves a saved game can claim."""
ID_MAX: Final = 64
STALE_TEMP_SECONDS: Final = 60.0
"""A temporary file older than this was left by a crash: removed on the first save."""

_KNOWN_FORMAT: Final = {
    GAME_FILE: FORMAT,
    STATS_FILE: _stats.FORMAT,
    SETTINGS_FILE: _settings.FORMAT,
    WINNABLE_FILE: FORMAT,
}
"""The newest format this version reads, per file; a greater one is a newer version's."""

_T = TypeVar("_T")

# What a bad file can make a parser raise. ValueError is the documented one
# (json, from_dict); the others guard against shapes the parsers did not foresee.
_BAD_DATA = (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError)


def default_data_dir() -> Path:
    """The per-user data folder for Crescent (platformdirs); not created here."""
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME, appauthor=False))


def write_json_atomic(path: Path, obj: object, *, indent: int | None = None) -> None:
    """Write ``obj`` as JSON to ``path`` so that a crash leaves the old file or the new one.

    A temporary file in the same folder is written, flushed and fsynced, then
    renamed over ``path``; on POSIX the folder is fsynced too. Raises OSError
    when the disk refuses, leaving no temporary file behind; ValueError or
    TypeError (before touching the disk) when ``obj`` is not JSON-safe.
    ``indent`` None writes compact JSON on one line.
    """
    separators = (",", ":") if indent is None else (",", ": ")
    text = json.dumps(
        obj, ensure_ascii=False, allow_nan=False, indent=indent, separators=separators
    )
    write_atomic(path, (text + "\n").encode(), durable=True)


def _utc_now() -> datetime:
    # Imported here: only a file set aside needs the date (datetime costs every start 2 ms).
    from datetime import UTC, datetime

    return datetime.now(UTC)


class Notice(enum.Enum):
    """Something the player should be told about their saved data."""

    CORRUPT = "corrupt"
    """A file could not be used: it was set aside and the defaults are used."""
    NEWER = "newer"
    """A file is from a newer version: left alone, and not saved over this session."""
    CANNOT_SAVE = "cannot_save"
    """The disk refused a write (read-only, full...): progress cannot be saved."""


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


@dataclass(slots=True)
class SavedGame:
    """A game in progress with its clock. ``elapsed``: seconds played, 0..MAX_SECONDS.

    ``game_id`` names this deal of the game (given when it was dealt): its end
    (won or lost) is recorded in the statistics once per id. None only for a
    file saved before ids existed.

    A game of levels also keeps its :class:`LevelsState` (countdown, hints,
    levels done); the file records the level under the key ``level`` (1-4),
    with the time left, hints left and shuffles left beside it.
    """

    game: Game
    elapsed: float
    idle_abandoned: bool = False
    game_id: str | None = None
    levels: LevelsState | None = None

    def to_dict(self) -> dict[str, Any]:
        if not _is_elapsed(self.elapsed):
            raise ValueError(f"elapsed must be a number 0..{MAX_SECONDS:g}, got {self.elapsed!r}")
        out = {
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
        """The saved game ``d`` describes; ValueError saying what is wrong."""
        if not isinstance(d, dict):
            raise ValueError(f"a saved game must be an object, not {type(d).__name__}")
        fmt = d.get("format")
        if type(fmt) is not int or fmt != FORMAT:
            raise ValueError(f"unknown saved-game format {fmt!r} (this version reads {FORMAT})")
        raw = d.get("game")
        if not isinstance(raw, dict):
            raise ValueError("the saved game has no game")
        moves = raw.get("moves")
        if type(moves) is int and not 0 <= moves <= MAX_MOVES:
            raise ValueError(f"moves must be 0..{MAX_MOVES}, got {shown(moves)}")
        game = Game.from_dict(raw)
        elapsed = d.get("elapsed")
        if not _is_elapsed(elapsed):
            raise ValueError(f"elapsed must be a number 0..{MAX_SECONDS:g}, got {shown(elapsed)}")
        idle = d.get("idle_abandoned", False)
        if not isinstance(idle, bool):
            raise ValueError(f"idle_abandoned must be true or false, got {shown(idle)}")
        game_id = d.get("id")
        if game_id is not None and not is_game_id(game_id):
            raise ValueError(f"id must be a short token, got {shown(game_id)}")
        levels = None
        if has_levels(game.mode):
            levels = LevelsState.from_dict(d, game.mode)
            if levels.level != max(game.level, 1) or d.get("shuffles_left") != game.redeals_left:
                raise ValueError("the levels record does not match the saved level")
        elif "level" in d:
            raise ValueError("a saved game that is not a levels game has no level")
        return SavedGame(game, float(elapsed), idle, game_id, levels)


def _is_elapsed(x: object) -> TypeGuard[int | float]:
    return (
        isinstance(x, int | float)
        and not isinstance(x, bool)
        and math.isfinite(x)
        and 0 <= x <= MAX_SECONDS
    )


class Store:
    """The four files of one player, in ``root``: the game, statistics, settings and
    the deals proven winnable here.

    Does not touch the disk until used; the folder (with its parents) is
    created by the first save. Loads never raise on bad files and saves never
    raise on a refusing disk: they return defaults / False and record a
    :class:`Notice`. Safe to share between threads (a background writer and
    the main loop); one operation runs at a time. ``clock`` (for tests) gives
    the time of set-aside names.

    A ``read_only`` store reads like the real one but never changes the disk: a
    bad file is only ignored (not set aside, not logged) and saves pretend to
    succeed. It tries out a command line before anything is changed.
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
        self.game_path = self.root / GAME_FILE
        self.stats_path = self.root / STATS_FILE
        self.settings_path = self.root / SETTINGS_FILE
        self.winnable_path = self.root / WINNABLE_FILE
        self._clock = clock
        self._pending: list[Notice] = []
        self._told: set[Notice] = set()
        self._checked: set[Path] = set()  # files already read (or written) this session
        self._frozen: set[Path] = set()  # files from a newer version: never written
        self._swept = False
        self._lock = threading.RLock()  # one disk operation at a time
        # Notices have their own lock: the main loop reading them never waits for an fsync.
        self._notice_lock = threading.Lock()

    # -- the game in progress ---------------------------------------------------

    def load_game(self) -> SavedGame | None:
        """The saved game; None when there is none, or it was bad or newer."""
        with self._lock:
            return self._load(self.game_path, SavedGame.from_dict)

    def save_game(self, saved: SavedGame) -> bool:
        """Save the game in progress; False if it could not be saved (see notices).

        ValueError (a bug in the caller) if ``saved.elapsed`` is not finite and >= 0.
        """
        obj = saved.to_dict()
        with self._lock:
            return self._save(self.game_path, obj, SavedGame.from_dict, indent=None)

    def clear_game(self) -> bool:
        """Remove the saved game (once its result is recorded); False if that failed."""
        with self._lock:
            return self._clear(self.game_path)

    def _clear(self, path: Path) -> bool:
        if path not in self._checked:
            self._load(path, SavedGame.from_dict)
        if path in self._frozen:
            return False
        if self.read_only:
            return True
        try:
            path.unlink()
        except FileNotFoundError:
            return True
        except OSError as e:
            self._cannot_save(path, e)
            return False
        fsync_dir(path.parent)
        return True

    # -- statistics and settings --------------------------------------------------

    def load_stats(self) -> Stats:
        """The saved statistics, or empty ones."""
        with self._lock:
            stats = self._load(self.stats_path, Stats.from_dict)
        return stats if stats is not None else Stats()

    def save_stats(self, stats: Stats) -> bool:
        obj = stats.to_dict()
        with self._lock:
            return self._save(self.stats_path, obj, Stats.from_dict)

    def load_settings(self) -> Settings:
        """The saved settings, or the defaults."""
        with self._lock:
            settings = self._load(self.settings_path, Settings.from_dict)
        return settings if settings is not None else Settings()

    def save_settings(self, s: Settings) -> bool:
        obj = s.to_dict()
        with self._lock:
            return self._save(self.settings_path, obj, Settings.from_dict)

    # -- deals the solver proved winnable during play ---------------------------

    def load_winnable(self) -> dict[str, list[int]]:
        """Deal numbers proven winnable here, by pool (a :attr:`Mode.pool`: modes may share one)."""
        with self._lock:
            pools = self._load(self.winnable_path, _parse_pools)
        return pools if pools is not None else {}

    def add_winnable(self, pool: str, number: int) -> bool:
        """Remember that deal ``number`` of ``pool`` can be won."""
        with self._lock:
            pools = self._load(self.winnable_path, _parse_pools) or {}
            numbers = pools.setdefault(pool, [])
            if number in numbers:
                return True
            numbers.append(number)
            obj = {"format": FORMAT, "pools": pools}
            return self._save(self.winnable_path, obj, _parse_pools, indent=None)

    # -- other small files (the kiosk's PIN wait and venue statistics) -------------

    def load_named(self, name: str, parse: Callable[[object], _T]) -> _T | None:
        """The file ``name`` in the data folder, parsed; None if missing (a bad one is set
        aside like any other)."""
        with self._lock:
            return self._load(self.root / name, parse)

    def save_named(self, name: str, obj: dict[str, Any], parse: Callable[[object], object]) -> bool:
        """Write ``obj`` (with ``"format"``) atomically as ``name``; False if it failed."""
        with self._lock:
            return self._save(self.root / name, obj, parse, indent=None)

    # -- notices ----------------------------------------------------------------

    def take_notices(self) -> list[Notice]:
        """The notices recorded since the last call, oldest first; each kind once a session."""
        with self._notice_lock:
            out, self._pending = self._pending, []
            return out

    def _notice(self, kind: Notice) -> bool:
        """Record ``kind`` unless already told this session; True if it is new."""
        with self._notice_lock:
            if kind in self._told:
                return False
            self._told.add(kind)
            self._pending.append(kind)
            return True

    # -- the machinery ------------------------------------------------------------

    def _load(self, path: Path, parse: Callable[[object], _T]) -> _T | None:
        self._checked.add(path)
        try:
            data = read_bounded(path, MAX_FILE_BYTES)
        except FileNotFoundError:
            return None
        except BadJson as e:
            self._set_aside(path, str(e))
            return None
        except OSError as e:
            self._set_aside(path, f"it cannot be read ({e.strerror or type(e).__name__})")
            return None
        try:
            obj = parse_json_object(data)
        except _BAD_DATA as e:
            self._set_aside(path, str(e))
            return None
        fmt = obj.get("format")
        if type(fmt) is int and fmt > _KNOWN_FORMAT.get(path.name, FORMAT):
            if path not in self._frozen and not self.read_only:
                _log().warning("%s is from a newer version (format %d): left alone", path, fmt)
            self._frozen.add(path)
            self._notice(Notice.NEWER)
            return None
        try:
            return parse(obj)
        except _BAD_DATA as e:
            self._set_aside(path, str(e))
            return None

    def _save(
        self,
        path: Path,
        obj: dict[str, Any],
        parse: Callable[[object], object],
        *,
        indent: int | None = 2,
    ) -> bool:
        if path not in self._checked:
            # First write this session without a load: look before overwriting,
            # so a newer version's file is kept and a bad one is set aside.
            self._load(path, parse)
        if path in self._frozen:
            return False
        if self.read_only:
            return True
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            self._sweep_stale_temp_files()
            write_json_atomic(path, obj, indent=indent)
        except OSError as e:
            self._cannot_save(path, e)
            return False
        return True

    def save_failed(self, what: str, error: Exception) -> None:
        """A save failed in a way the store did not foresee: shown as CANNOT_SAVE, logged."""
        if self._notice(Notice.CANNOT_SAVE):
            _log().error("cannot save (%s): %s: %s", what, type(error).__name__, str(error)[:200])
        else:
            _log().debug("cannot save (%s): %s", what, type(error).__name__)

    def _cannot_save(self, path: Path, error: OSError) -> None:
        if self._notice(Notice.CANNOT_SAVE):
            _log().warning("cannot save %s: %s", path, error)
        else:
            _log().debug("cannot save %s: %s", path, error)

    def _set_aside(self, path: Path, why: str) -> None:
        """Move a bad file out of the way, keeping it for the curious."""
        if self.read_only:
            return
        why = why[:200]
        self._notice(Notice.CORRUPT)
        from datetime import UTC

        stamp = self._clock().astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
        target = path.with_name(f"{path.name}.corrupt-{stamp}")
        n = 2
        while os.path.lexists(target):
            target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
            n += 1
        try:
            os.replace(path, target)
        except OSError as e:
            _log().warning("%s is unusable (%s) and could not be set aside: %s", path, why, e)
            return
        fsync_dir(path.parent)
        _log().warning("%s is unusable (%s): set aside as %s", path, why, target.name)

    def _sweep_stale_temp_files(self) -> None:
        """Remove temporary files a crash left behind (once a session, old ones only)."""
        if self._swept:
            return
        self._swept = True
        now = time.time()
        # One look at the folder, not one glob per file (their patterns cost a start 0.5 ms).
        files = (GAME_FILE, STATS_FILE, SETTINGS_FILE, WINNABLE_FILE)
        prefixes = tuple(f".{name}." for name in files)
        try:
            with os.scandir(self.root) as entries:
                names = [e.name for e in entries]
        except OSError:
            return
        for name in names:
            if _temp_of(name, prefixes):
                with contextlib.suppress(OSError):
                    tmp = self.root / name
                    if now - tmp.lstat().st_mtime > STALE_TEMP_SECONDS:
                        tmp.unlink()


def _temp_of(name: str, prefixes: tuple[str, ...]) -> bool:
    """Whether ``name`` is ``.<file>.<anything>.tmp`` for one of ``prefixes`` (``.<file>.``):
    the temporary name :func:`write_json_atomic` gives a file it writes."""
    return any(
        name.startswith(p) and name.endswith(".tmp") and len(name) >= len(p) + 4 for p in prefixes
    )


def _parse_pools(d: object) -> dict[str, list[int]]:
    if not isinstance(d, dict) or d.get("format") != FORMAT:
        raise ValueError("winnable deals: not a format-1 object")
    pools = d.get("pools")
    if not isinstance(pools, dict):
        raise ValueError("winnable deals: 'pools' must be an object")
    out: dict[str, list[int]] = {}
    for key, numbers in pools.items():
        if key not in modes.POOLS or not isinstance(numbers, list):
            raise ValueError(f"winnable deals: bad pool {key!r}")
        for n in numbers:
            if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n < DEAL_COUNT:
                raise ValueError(f"winnable deals: bad deal number {n!r}")
        out[key] = list(numbers)
    return out
