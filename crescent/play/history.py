"""The games played, and every statistic as a query over them.

Pure module (no pygame, nothing at import time). A game that ends becomes one
row of ``games`` (:func:`record_end`, keyed by the game's id: ending it again
changes nothing); nothing is counted anywhere else. The statistics of a mode
(:func:`mode_stats`), the daily streak (:func:`daily_streak`), the venue's days
(:mod:`crescent.play.queries`) and what the statistics screen shows (the same module)
are read from it, with
the totals imported from the JSON files of earlier versions added where those
had no per-game history (``imported_*`` tables, dropped by a reset like the rest).
"""

from __future__ import annotations

import enum
import os
import sqlite3
import time
from datetime import date
from typing import Any, Final, NamedTuple, TypeVar

from crescent.play.daily import DailyStreak
from crescent.play.stats import Stats, VariantStats

__all__ = [
    "COUNTED",
    "COUNTED_SQL",
    "WON_SQL",
    "GameEnd",
    "Result",
    "daily_streak",
    "imported",
    "mode_stats",
    "past_game",
    "record_end",
    "reset",
    "since",
    "sql_text",
    "stats",
]


class Result(enum.StrEnum):
    """How a game ended (the ``result`` column)."""

    WON = "won"
    ABANDONED = "abandoned"
    """Left for another game with moves played."""
    LOST = "lost"
    """Blocked: no move and no redeal left."""
    TIME_OUT = "time out"
    """The levels game: a level's countdown ran out."""
    IDLE = "idle"
    """A kiosk's visitor walked away (the venue counts it; the player's statistics do not)."""


def sql_text(*results: Result) -> str:
    """``results`` as SQL: one a quoted literal (``'won'``), more a parenthesised list for
    ``IN``. The queries and the schema's CHECK spell results only through this."""
    quoted = [f"'{r.value}'" for r in results]
    return quoted[0] if len(quoted) == 1 else f"({', '.join(quoted)})"


COUNTED: Final = (Result.WON, Result.ABANDONED, Result.LOST, Result.TIME_OUT)
"""The results the player's statistics count as played."""
COUNTED_SQL: Final = sql_text(*COUNTED)
WON_SQL: Final = sql_text(Result.WON)
TIMED_WIN_SQL: Final = f"result = {WON_SQL} AND seconds > 0"
"""A win with a time. Its seconds 0 say the clock never ran while it was played (a line
played by ``--play``): no time to be a record, to average or to chart (issue 46 item 5)."""


class GameEnd(NamedTuple):
    """One ended game, as :func:`record_end` writes it."""

    id: str
    code: str
    mode: str
    """The mode's statistics key."""
    variant: str
    result: Result
    moves: int
    seconds: float
    ended: float
    """Wall-clock seconds since the epoch."""
    end_day: str
    """The local calendar day it ended (ISO)."""
    started: float | None = None
    start_day: str | None = None
    """The local day of its first move (None: no move, or counted before the import)."""
    hints: int = 0
    redeals: int = 0
    """Redeals (shuffles in the levels game) used."""
    level: int = 0
    """The levels game: the level reached (0 for other games)."""
    time_left: float | None = None
    """The levels game, won: seconds left over its levels."""
    daily_day: str | None = None
    """A daily deal won: the day it counted for."""
    venue: bool = False
    """Played on a kiosk (counted in the venue's days)."""
    played: str = ""
    """The moves played, in the notation of ``--play`` (``U`` for an undo)."""


def past_game(
    mode: str, result: Result, seconds: float = 0.0, moves: int = 0, **more: object
) -> GameEnd:
    """An ended game to put in a history (tools and tests: statistics to show); ``more``
    sets any other field of :class:`GameEnd`."""
    fields: dict[str, Any] = {
        "id": os.urandom(16).hex(),
        "code": "",
        "mode": mode,
        "variant": mode,
        "result": result,
        "moves": moves,
        "seconds": seconds,
        "ended": time.time(),
        "end_day": date.today().isoformat(),
    }
    return GameEnd(**(fields | more))


def record_end(conn: sqlite3.Connection, end: GameEnd) -> None:
    """Insert ``end`` unless its id is already there (inside the caller's transaction);
    sqlite3.IntegrityError for a value the table's checks refuse."""
    conn.execute(
        "INSERT INTO games (id, code, mode, variant, started, ended, start_day,"
        " end_day, result, moves, seconds, hints, redeals, level, time_left, daily_day,"
        " venue, played) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (id) DO NOTHING",
        (
            end.id,
            end.code,
            end.mode,
            end.variant,
            end.started,
            end.ended,
            end.start_day,
            end.end_day,
            end.result.value,
            end.moves,
            end.seconds,
            end.hints,
            end.redeals,
            end.level,
            end.time_left,
            end.daily_day,
            int(end.venue),
            end.played,
        ),
    )


def reset(conn: sqlite3.Connection, at: float, mode: str | None = None) -> None:
    """Forget the statistics (of ``mode``, or all and the daily streak): they count only the
    games after this (the rows stay, so no game can be counted again)."""
    last = conn.execute("SELECT coalesce(max(seq), 0) FROM games").fetchone()[0]
    conn.execute("INSERT INTO resets (after_game, at, mode) VALUES (?, ?, ?)", (last, at, mode))


def since(conn: sqlite3.Connection, mode: str | None = None) -> int:
    """The last game before the last reset of ``mode`` (None: of everything); 0: none."""
    row = conn.execute(
        "SELECT coalesce(max(after_game), 0), count(*) FROM resets WHERE mode IS NULL OR mode = ?",
        (mode,),
    ).fetchone()
    return int(row[0])


def _imported(conn: sqlite3.Connection, mode: str | None = None) -> bool:
    """Whether the imported totals (of ``mode``) still count: no reset of them since."""
    sql = "SELECT count(*) FROM resets WHERE mode IS NULL OR mode = ?"
    return bool(conn.execute(sql, (mode,)).fetchone()[0] == 0)


def mode_stats(conn: sqlite3.Connection, mode: str, exclude: str | None = None) -> VariantStats:
    """The statistics of ``mode``: its games since the last reset (but ``exclude``), with
    the imported totals."""
    args = (mode, since(conn, mode), exclude or "")
    played, won, best_time, fewest, total, best_level, best_left, untimed = conn.execute(
        f"SELECT count(*), coalesce(sum(result = {WON_SQL}), 0),"
        f" min(CASE WHEN {TIMED_WIN_SQL} THEN seconds END),"
        f" min(CASE WHEN result = {WON_SQL} THEN moves END),"
        f" coalesce(sum(CASE WHEN {TIMED_WIN_SQL} THEN seconds END), 0.0),"
        f" coalesce(max(level), 0), max(CASE WHEN {TIMED_WIN_SQL} THEN time_left END),"
        f" coalesce(sum(result = {WON_SQL} AND NOT ({TIMED_WIN_SQL})), 0)"
        f" FROM games WHERE mode = ? AND seq > ? AND id <> ? AND result IN {COUNTED_SQL}",
        args,
    ).fetchone()
    results = [
        r == Result.WON
        for (r,) in conn.execute(
            f"SELECT result FROM games WHERE mode = ? AND seq > ? AND id <> ?"
            f" AND result IN {COUNTED_SQL} ORDER BY seq",
            args,
        )
    ]
    base = _imported_totals(conn, mode) if _imported(conn, mode) else VariantStats()
    current, best = _streaks(results, base.current_streak, base.best_streak)
    return VariantStats(
        played=base.played + played,
        won=base.won + won,
        current_streak=current,
        best_streak=best,
        best_time=_least(base.best_time, best_time),
        fewest_moves=_least(base.fewest_moves, fewest),
        total_won_time=base.total_won_time + total,
        best_level=max(base.best_level, best_level),
        best_time_left=_most(base.best_time_left, best_left),
        untimed_won=base.untimed_won + untimed,
    )


def _streaks(won: list[bool], current: int, best: int) -> tuple[int, int]:
    """(current, best) winning streaks after the games ``won`` (in order), starting from an
    imported streak ``current`` (best ``best``)."""
    for w in won:
        current = current + 1 if w else 0
        best = max(best, current)
    return current, best


_N = TypeVar("_N", int, float)


def _least(a: _N | None, b: _N | None) -> _N | None:
    return b if a is None else a if b is None else min(a, b)


def _most(a: float | None, b: float | None) -> float | None:
    return b if a is None else a if b is None else max(a, b)


def _imported_totals(conn: sqlite3.Connection, mode: str) -> VariantStats:
    row = conn.execute(
        "SELECT played, won, current_streak, best_streak, best_time, fewest_moves,"
        " total_won_time, best_level, best_time_left FROM imported_totals WHERE mode = ?",
        (mode,),
    ).fetchone()
    return VariantStats(*row) if row is not None else VariantStats()


def imported(conn: sqlite3.Connection) -> dict[str, VariantStats]:
    """The totals imported from an earlier version's files, by mode (counted in the
    statistics until a reset): figures without a game behind them, shown as such."""
    modes = [m for (m,) in conn.execute("SELECT mode FROM imported_totals ORDER BY mode")]
    return {m: _imported_totals(conn, m) for m in modes if _imported(conn, m)}


def daily_streak(conn: sqlite3.Connection, exclude: str | None = None) -> DailyStreak:
    """The daily deals won (days in a row), since the last reset, with the imported ones."""
    rows = conn.execute(
        f"SELECT daily_day FROM games WHERE daily_day IS NOT NULL AND result = {WON_SQL}"
        " AND seq > ? AND id <> ? ORDER BY seq",
        (since(conn), exclude or ""),
    )
    days = [day for (d,) in rows if (day := _day(d)) is not None]
    streak = DailyStreak()
    row = conn.execute(
        "SELECT won, current, best, last_day FROM imported_daily WHERE slot = 1"
    ).fetchone()
    if (
        row is not None
        and conn.execute("SELECT count(*) FROM resets WHERE mode IS NULL").fetchone()[0] == 0
    ):
        streak = DailyStreak(row[0], row[1], row[2], _day(row[3]))
    for day in days:
        streak = streak.after_win(day)
    return streak


def _day(text: object) -> date | None:
    """The day ``text`` names (ISO); None for anything else (a bad row costs that row)."""
    try:
        return date.fromisoformat(text) if isinstance(text, str) else None
    except ValueError:
        return None


def stats(conn: sqlite3.Connection, modes: list[str], exclude: str | None = None) -> Stats:
    """The statistics of every mode in ``modes`` and the daily streak, ``exclude`` left out
    (the figures before that game)."""
    found = {m for (m,) in conn.execute("SELECT DISTINCT mode FROM games")}
    found |= {m for (m,) in conn.execute("SELECT mode FROM imported_totals")}
    keys = sorted(set(modes) | found)
    variants = {k: mode_stats(conn, k, exclude) for k in keys}
    kept = {k: v for k, v in variants.items() if v.played or v.best_level}
    return Stats(kept, daily_streak(conn, exclude))
