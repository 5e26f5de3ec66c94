"""The queries of the statistics screen, the venue's days and ``--stats``.

Pure module (no pygame, nothing at import time), beside :mod:`crescent.play.history`
(not imported by a start: these are read when a screen, the operator or a script asks):
the last games with their result, time, moves and code (:func:`last_games`) and the
steps of one (:func:`game_log`, for its replay), the win
rate over the last 100 (:func:`win_rate`), the best and median times (:func:`times`),
the levels reached (:func:`levels_reached`), and a kiosk's days (:func:`venue_days`,
the ``venue_days`` view over the games).
"""

from __future__ import annotations

import sqlite3
from typing import NamedTuple

from crescent.play.history import COUNTED_SQL, TIMED_WIN_SQL, WON_SQL, Result, mode_stats, since

__all__ = [
    "GameRow",
    "Times",
    "VenueDay",
    "game_log",
    "last_games",
    "levels_reached",
    "times",
    "venue_days",
    "win_rate",
]


class VenueDay(NamedTuple):
    """A kiosk's day: games started (first move), won, and left to the idle timer."""

    day: str
    started: int
    won: int
    idle: int


def venue_days(conn: sqlite3.Connection) -> list[VenueDay]:
    """The venue's days, oldest first (the ``venue_days`` view over games)."""
    return [VenueDay(*row) for row in conn.execute("SELECT * FROM venue_days")]


class GameRow(NamedTuple):
    """A game of the history list."""

    id: str
    code: str
    mode: str
    result: Result
    seconds: float
    moves: int
    ended: float
    level: int


def last_games(conn: sqlite3.Connection, n: int, mode: str | None = None) -> list[GameRow]:
    """The last ``n`` games the player's statistics count, newest first (of ``mode``)."""
    rows = conn.execute(
        "SELECT id, code, mode, result, seconds, moves, ended, level FROM games"
        f" WHERE result IN {COUNTED_SQL} AND seq > ? AND (? IS NULL OR mode = ?)"
        " ORDER BY seq DESC LIMIT ?",
        (since(conn, mode), mode, mode, n),
    )
    return [GameRow(r[0], r[1], r[2], Result(r[3]), *r[4:]) for r in rows]


def game_log(conn: sqlite3.Connection, game_id: str) -> str:
    """The steps of game ``game_id`` as logged (``--play`` notation, ``U`` for an undo;
    empty when they were not kept, or for no such game): what its replay plays."""
    row = conn.execute("SELECT played FROM games WHERE id = ?", (game_id,)).fetchone()
    return str(row[0]) if row is not None else ""


def win_rate(conn: sqlite3.Connection, mode: str, last: int = 100) -> float | None:
    """Won / played over the last ``last`` games of ``mode``; None before any game."""
    rate = conn.execute(
        f"SELECT avg(result = {WON_SQL}) FROM (SELECT result FROM games"
        f" WHERE mode = ? AND seq > ? AND result IN {COUNTED_SQL} ORDER BY seq DESC LIMIT ?)",
        (mode, since(conn, mode), last),
    ).fetchone()[0]
    return None if rate is None else float(rate)


class Times(NamedTuple):
    """Won games' times of one mode, in seconds (None before the first win)."""

    best: float | None
    median: float | None
    wins: int


def times(conn: sqlite3.Connection, mode: str) -> Times:
    """The best and median times of the won games of ``mode`` (with their history:
    imported totals have no times but the best)."""
    seconds = [
        float(s)
        for (s,) in conn.execute(
            f"SELECT seconds FROM games WHERE mode = ? AND seq > ? AND {TIMED_WIN_SQL}"
            " ORDER BY seconds",
            (mode, since(conn, mode)),
        )
    ]
    best = mode_stats(conn, mode).best_time
    if not seconds:
        return Times(best, None, 0)
    mid = len(seconds) // 2
    median = seconds[mid] if len(seconds) % 2 else (seconds[mid - 1] + seconds[mid]) / 2
    return Times(best, median, len(seconds))


def levels_reached(conn: sqlite3.Connection, mode: str) -> dict[int, int]:
    """The levels game: how many games reached each level (``{level: games}``)."""
    rows = conn.execute(
        f"SELECT level, count(*) FROM games WHERE mode = ? AND seq > ? AND level > 0"
        f" AND result IN {COUNTED_SQL} GROUP BY level ORDER BY level",
        (mode, since(conn, mode)),
    )
    return {int(level): int(n) for level, n in rows}
