"""The JSON files of earlier versions, imported once into the database.

Pure module (no pygame, nothing at import time). Before the database, a data
folder held ``stats.json`` (counters per mode, the ids of the last games
counted, the daily streak), ``game.json`` (the game in progress),
``settings.json``, ``winnable.json`` and, on a kiosk, ``kiosk-pin.json`` and
``venue.json``; every one of them at ``"format": 1``, with keys added over
time (``tests/data/saves-0.1`` and ``tests/data/saves-0.9`` hold both ends).

:func:`import_files` reads them with the checks they always had (bounded,
non-blocking, range-checked: :mod:`crescent.play.safejson`) inside the
transaction that creates the database, so the import is done once or not at
all (a ``kill -9`` in the middle leaves the files for the next start). Totals
without per-game history go to the ``imported_*`` tables, added to the games'
figures. The store then renames each file ``NAME.imported`` (never deleted,
listed in the ``imports`` table); a bad file is set aside as before and its data
not imported.
"""

from __future__ import annotations

import json
import math
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any, Final, TypeGuard, TypeVar

from crescent.play.safejson import BadJson, parse_json_object, read_bounded, shown
from crescent.play.settings import Settings
from crescent.play.stats import MAX_COUNT, MAX_SECONDS, MAX_TOTAL_SECONDS, VariantStats
from crescent.rules import modes
from crescent.rules.deal import DEAL_COUNT

__all__ = [
    "Found",
    "import_files",
    "old_win_id",
    "parse_daily",
    "parse_pools",
    "parse_stats",
    "parse_variant",
]

FORMAT: Final = 1
GAME_FILE: Final = "game.json"
STATS_FILE: Final = "stats.json"
SETTINGS_FILE: Final = "settings.json"
WINNABLE_FILE: Final = "winnable.json"
PIN_FILE: Final = "kiosk-pin.json"
VENUE_FILE: Final = "venue.json"
KEPT_SUFFIX: Final = ".imported"
MAX_FILE_BYTES: Final = 1 << 20
_RECORDED_READ_MAX: Final = 1024
_KEY_MAX: Final = 32
_COUNTS: Final = ("played", "won", "current_streak", "best_streak")
MAX_DAYS: Final = 3660
MAX_FAILURES: Final = 10**6
_BAD_DATA = (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError)
"""What a bad file can make a parser raise (ValueError is the documented one)."""


@dataclass(slots=True)
class Found:
    """What the import met: files set aside (name, why), newer ones left alone."""

    bad: list[tuple[str, str]] = field(default_factory=list)
    newer: list[str] = field(default_factory=list)
    imported: list[str] = field(default_factory=list)


def _read(root: Path, name: str, found: Found) -> dict[str, Any] | None:
    """The JSON object of ``root/name``; None if missing, bad (noted) or newer (noted)."""
    try:
        obj = parse_json_object(read_bounded(root / name, MAX_FILE_BYTES))
    except FileNotFoundError:
        return None
    except BadJson as e:
        found.bad.append((name, str(e)))
        return None
    except OSError as e:
        found.bad.append((name, f"it cannot be read ({e.strerror or type(e).__name__})"))
        return None
    fmt = obj.get("format")
    if type(fmt) is int and fmt > FORMAT:
        found.newer.append(name)
        return None
    return obj


_T = TypeVar("_T")


def _parsed(root: Path, name: str, parse: Callable[[object], _T], found: Found) -> _T | None:
    obj = _read(root, name, found)
    if obj is None:
        return None
    try:
        value = parse(obj)
    except _BAD_DATA as e:
        found.bad.append((name, str(e)[:200]))
        return None
    found.imported.append(name)
    return value


# -- stats.json -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class OldStats:
    variants: dict[str, VariantStats]
    last_win: str | None
    recorded: list[str]
    daily: tuple[int, int, int, str | None]


def _is_seconds(raw: object) -> TypeGuard[int | float]:
    return (
        isinstance(raw, int | float)
        and not isinstance(raw, bool)
        and math.isfinite(raw)
        and raw >= 0
    )


def _seconds(raw: object, name: str, most: float, *, optional: bool = False) -> float | None:
    if raw is None and optional:
        return None
    if not _is_seconds(raw) or raw > most:
        raise ValueError(f"statistics: {name} must be a number 0..{most:g}, got {shown(raw)}")
    return float(raw)


def parse_variant(d: object) -> VariantStats:
    """One mode's counters; ValueError on wrong types, ranges or impossible combinations."""
    if not isinstance(d, dict):
        raise ValueError(f"variant statistics must be an object, not {type(d).__name__}")
    counts: dict[str, int] = {}
    for name in _COUNTS:
        n = d.get(name, 0)
        if type(n) is not int or not 0 <= n <= MAX_COUNT:
            raise ValueError(f"statistics: {name} must be 0..{MAX_COUNT}, got {shown(n)}")
        counts[name] = n
    best_time = _seconds(d.get("best_time"), "best_time", MAX_SECONDS, optional=True)
    total = _seconds(d.get("total_won_time", 0.0), "total_won_time", MAX_TOTAL_SECONDS) or 0.0
    fewest = d.get("fewest_moves")
    if fewest is not None and (type(fewest) is not int or not 0 <= fewest <= MAX_COUNT):
        raise ValueError(
            f"statistics: fewest_moves must be null or 0..{MAX_COUNT}, got {shown(fewest)}"
        )
    best_level = d.get("best_level", 0)
    if type(best_level) is not int or not 0 <= best_level <= 99:
        raise ValueError(f"statistics: best_level must be 0..99, got {best_level!r}")
    left = _seconds(d.get("best_time_left"), "best_time_left", MAX_SECONDS, optional=True)
    v = VariantStats(
        **counts,
        best_time=best_time,
        fewest_moves=fewest,
        total_won_time=total,
        best_level=best_level,
        best_time_left=left,
    )
    _check_variant(v)
    return v


def _check_variant(v: VariantStats) -> None:
    if v.won > v.played:
        raise ValueError(f"statistics: {v.won} won out of {v.played} played")
    if not v.current_streak <= v.best_streak <= v.won:
        raise ValueError("statistics: streaks must satisfy current <= best <= won")
    if v.won == 0 and (
        v.best_time is not None or v.fewest_moves is not None or v.total_won_time != 0
    ):
        raise ValueError("statistics: a best time or fewest moves without any win")
    if v.won > 0 and (v.best_time is None or v.fewest_moves is None):
        raise ValueError("statistics: wins without a best time or fewest moves")
    if v.best_time_left is not None and v.won == 0:
        raise ValueError("statistics: a best time left without any win")


def parse_daily(d: object) -> tuple[int, int, int, str | None]:
    """The daily streak (won, current, best, last day); ValueError if impossible."""
    if not isinstance(d, dict):
        raise ValueError(f"daily statistics must be an object, not {type(d).__name__}")
    won, current, best = (d.get(k, 0) for k in ("won", "current", "best"))
    for n in (won, current, best):
        if type(n) is not int or n < 0:
            raise ValueError("daily statistics: counts must be whole numbers >= 0")
    if not current <= best <= won:
        raise ValueError("daily statistics: streaks must satisfy current <= best <= won")
    raw = d.get("last_day")
    last: str | None = None
    if raw is not None:
        try:
            last = date.fromisoformat(raw).isoformat() if isinstance(raw, str) else None
        except ValueError:
            last = None
        if last is None:
            raise ValueError(f"daily statistics: last_day must be a date, got {shown(raw)}")
    if (won > 0) != (last is not None):
        raise ValueError("daily statistics: wins need a last day and a last day needs a win")
    return won, current, best, last


def parse_stats(d: object) -> OldStats:
    """``stats.json`` of any earlier version; ValueError saying what is wrong."""
    if not isinstance(d, dict):
        raise ValueError(f"statistics must be an object, not {type(d).__name__}")
    fmt = d.get("format")
    if type(fmt) is not int or fmt != FORMAT:
        raise ValueError(f"unknown statistics format {fmt!r} (this version reads {FORMAT})")
    raw = d.get("variants")
    if not isinstance(raw, dict):
        raise ValueError("statistics: variants must be an object")
    variants: dict[str, VariantStats] = {}
    for key, value in raw.items():
        if not isinstance(key, str) or not 1 <= len(key) <= _KEY_MAX:
            raise ValueError(f"a variant is a short non-empty string, got {shown(key)}")
        try:
            variants[key] = parse_variant(value)
        except ValueError as e:
            raise ValueError(f"variant {key!r}: {e}") from None
    last_win = d.get("last_win")
    if last_win is not None and (not isinstance(last_win, str) or len(last_win) > 200):
        raise ValueError("statistics: last_win must be a short string")
    recorded = d.get("recorded", [])
    if (
        not isinstance(recorded, list)
        or len(recorded) > _RECORDED_READ_MAX
        or not all(isinstance(x, str) and 1 <= len(x) <= 64 for x in recorded)
    ):
        raise ValueError(f"statistics: recorded must be at most {_RECORDED_READ_MAX} game ids")
    daily = d.get("daily")
    return OldStats(
        variants, last_win, list(recorded), parse_daily(daily) if daily else (0, 0, 0, None)
    )


# -- winnable.json, kiosk-pin.json, venue.json ------------------------------------------------


def parse_pools(d: object) -> dict[str, list[int]]:
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


def parse_pin(d: object) -> dict[str, float | int | None]:
    """``kiosk-pin.json``: the operator's PIN wait and idle time."""
    if not isinstance(d, dict) or d.get("format") != FORMAT:
        raise ValueError("kiosk state: not a format-1 object")
    failures, until, idle = d.get("failures"), d.get("wait_until"), d.get("idle_seconds")
    if type(failures) is not int or not 0 <= failures <= MAX_FAILURES:
        raise ValueError("kiosk state: failures out of range")
    if not _number(until) or not math.isfinite(until) or until < 0:
        raise ValueError("kiosk state: wait_until out of range")
    if idle is not None and (not _number(idle) or not 10 <= idle <= 86400):
        raise ValueError("kiosk state: idle_seconds out of range")
    return {"failures": failures, "wait_until": float(until), "idle_seconds": idle}


def _number(x: object) -> TypeGuard[int | float]:
    return type(x) in (int, float)


@dataclass(frozen=True, slots=True)
class OldVenue:
    days: dict[str, tuple[int, int, int]]
    current: str | None
    current_won: bool


def parse_venue(d: object) -> OldVenue:
    """``venue.json``: the venue's counts per day, and the game counted last."""
    if not isinstance(d, dict) or d.get("format") != FORMAT:
        raise ValueError("venue statistics: not a format-1 object")
    days = d.get("days")
    if not isinstance(days, dict) or len(days) > MAX_DAYS:
        raise ValueError("venue statistics: 'days' must be an object of days")
    out: dict[str, tuple[int, int, int]] = {}
    for key, counts in days.items():
        try:
            day = date.fromisoformat(key).isoformat()
        except (TypeError, ValueError):
            raise ValueError("venue statistics: a day is not a date") from None
        if (
            not isinstance(counts, list)
            or len(counts) != 3
            or not all(type(n) is int and 0 <= n <= 10**9 for n in counts)
        ):
            raise ValueError("venue statistics: counts out of range")
        out[day] = (counts[0], counts[1], counts[2])
    current, won = d.get("current"), d.get("current_won", False)
    if current is not None and (not isinstance(current, str) or len(current) > 40):
        raise ValueError("venue statistics: bad current game")
    if not isinstance(won, bool):
        raise ValueError("venue statistics: bad current_won")
    return OldVenue(out, current, won)


# -- the import --------------------------------------------------------------------------------

GameLoader = Callable[[object], Any]
"""Parses ``game.json`` (``SavedGame.from_dict``); returns the saved game."""
GameWriter = Callable[[sqlite3.Connection, Any, bool, bool], None]
"""Writes the saved game as the game in progress: (conn, saved, counted_start, counted_win)."""
SettingsWriter = Callable[[sqlite3.Connection, Settings], None]


def import_files(
    conn: sqlite3.Connection,
    root: Path,
    load_game: GameLoader,
    write_game: GameWriter,
    write_settings: SettingsWriter,
    at: float,
) -> Found:
    """Import every earlier file of ``root`` into ``conn`` (in the caller's transaction)."""
    found = Found()
    old = _parsed(root, STATS_FILE, parse_stats, found)
    if old is not None:
        _import_stats(conn, old)
    settings = _parsed(root, SETTINGS_FILE, Settings.from_dict, found)
    if settings is not None:
        write_settings(conn, settings)
    pools = _parsed(root, WINNABLE_FILE, parse_pools, found) or {}
    conn.executemany(
        "INSERT OR IGNORE INTO winnable VALUES (?, ?)",
        [(pool, n) for pool, numbers in pools.items() for n in numbers],
    )
    pin = _parsed(root, PIN_FILE, parse_pin, found)
    if pin is not None:
        conn.executemany(
            "INSERT OR REPLACE INTO operator VALUES (?, ?)",
            [(k, json.dumps(v)) for k, v in pin.items()],
        )
    venue = _parsed(root, VENUE_FILE, parse_venue, found)
    if venue is not None:
        conn.executemany(
            "INSERT INTO imported_venue VALUES (?, ?, ?, ?)",
            [(day, *counts) for day, counts in venue.days.items()],
        )
    saved = _parsed(root, GAME_FILE, load_game, found)
    if saved is not None and not _already_counted(saved, old):
        counted = venue is not None and venue.current == saved.game.code and saved.game.moves > 0
        write_game(conn, saved, counted, counted and venue is not None and venue.current_won)
    conn.executemany(
        "INSERT OR REPLACE INTO imports VALUES (?, ?, ?)",
        [(name, name + KEPT_SUFFIX, at) for name in found.imported],
    )
    return found


def _already_counted(saved: Any, old: OldStats | None) -> bool:
    """A saved game the old statistics had counted (or left idle on a kiosk): not resumed."""
    if saved.idle_abandoned:
        return True
    if old is None:
        return False
    if saved.game_id is not None:
        return saved.game_id in old.recorded
    return saved.game.status == "won" and old.last_win == old_win_id(saved.game, saved.elapsed)


def old_win_id(game: Any, elapsed: float) -> str:
    """How the first version named a won game (``last_win``), before games had ids."""
    return f"{game.code}/{game.moves}/{elapsed:.3f}"


def _import_stats(conn: sqlite3.Connection, old: OldStats) -> None:
    conn.executemany(
        "INSERT INTO imported_totals VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                key,
                v.played,
                v.won,
                v.current_streak,
                v.best_streak,
                v.best_time,
                v.fewest_moves,
                v.total_won_time,
                v.best_level,
                v.best_time_left,
            )
            for key, v in old.variants.items()
        ],
    )
    if old.daily[0]:
        conn.execute("INSERT INTO imported_daily VALUES (1, ?, ?, ?, ?)", old.daily)
