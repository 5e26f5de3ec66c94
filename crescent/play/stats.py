"""Statistics per mode, saved as ``stats.json``.

Pure module (no pygame, nothing at import time). Modes are keyed by any
short string: their :attr:`crescent.rules.modes.Mode.stats_key`. A game of
levels also keeps the furthest level reached and the best time left
(:meth:`Stats.record_levels`).

A game counts as played once it ends: won (:meth:`Stats.record_win`), or
lost (:meth:`Stats.record_loss`: blocked, or abandoned for a new game after
moves were played). A loss breaks the winning streak.

Every game is recorded once: its id (given when it was dealt) goes into
:attr:`Stats.recorded` with its result, and a game whose id is there is never
recorded again. Every number is range-checked on load (counts up to
:data:`MAX_COUNT`, seconds up to :data:`MAX_SECONDS` per game), and the sums
saturate there, so no loaded value can make the arithmetic fail.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Final, TypeGuard

from crescent.play.daily import DailyStreak
from crescent.play.safejson import shown

__all__ = [
    "FORMAT",
    "MAX_COUNT",
    "MAX_SECONDS",
    "MAX_TOTAL_SECONDS",
    "RECORDED_KEEP",
    "Stats",
    "VariantStats",
]

FORMAT: Final = 1
MAX_COUNT: Final = 10**12
"""The largest count (played, won, streaks, moves) a statistics file may hold."""
MAX_SECONDS: Final = 1e9
"""The longest game (over 30 years of play): a longer time is out of range."""
MAX_TOTAL_SECONDS: Final = MAX_SECONDS * 1e6
"""The largest sum of won-game times kept (it saturates there)."""
RECORDED_KEEP: Final = 32
"""Ids of the last games recorded that are kept (the saved game is always one of the newest)."""
_RECORDED_READ_MAX: Final = 1024
"""The most ids a file may list (more is a damaged file); the last RECORDED_KEEP are kept."""
_ID_MAX: Final = 64
_KEY_MAX: Final = 32
_COUNTS: Final = ("played", "won", "current_streak", "best_streak")


@dataclass(slots=True)
class VariantStats:
    """The record of one variant. ``total_won_time`` (seconds) gives the average."""

    played: int = 0
    won: int = 0
    current_streak: int = 0
    best_streak: int = 0
    best_time: float | None = None
    fewest_moves: int | None = None
    total_won_time: float = 0.0
    best_level: int = 0
    """Levels game: the furthest level any game reached (0: none played)."""
    best_time_left: float | None = None
    """Levels game: the most seconds left, summed over the four levels, of a won game."""

    @property
    def win_rate(self) -> float:
        """Won / played, 0..1; 0 when nothing was played."""
        return self.won / self.played if self.played else 0.0

    @property
    def average_time(self) -> float | None:
        """Mean seconds of the won games; None before the first win."""
        return self.total_won_time / self.won if self.won else None

    def to_dict(self) -> dict[str, Any]:
        out = {
            "played": self.played,
            "won": self.won,
            "current_streak": self.current_streak,
            "best_streak": self.best_streak,
            "best_time": self.best_time,
            "fewest_moves": self.fewest_moves,
            "total_won_time": self.total_won_time,
        }
        if self.best_level:  # levels game only
            out["best_level"] = self.best_level
            out["best_time_left"] = self.best_time_left
        return out

    @staticmethod
    def from_dict(d: object) -> VariantStats:
        """ValueError on wrong types, negative numbers or impossible combinations."""
        if not isinstance(d, dict):
            raise ValueError(f"variant statistics must be an object, not {type(d).__name__}")
        v = VariantStats()
        for name in _COUNTS:
            n = d.get(name, 0)
            if type(n) is not int or not 0 <= n <= MAX_COUNT:
                raise ValueError(f"statistics: {name} must be 0..{MAX_COUNT}, got {shown(n)}")
            setattr(v, name, n)
        v.best_time = _seconds(d.get("best_time"), "best_time", MAX_SECONDS, optional=True)
        v.total_won_time = (
            _seconds(d.get("total_won_time", 0.0), "total_won_time", MAX_TOTAL_SECONDS) or 0.0
        )
        fewest = d.get("fewest_moves")
        if fewest is not None and (type(fewest) is not int or not 0 <= fewest <= MAX_COUNT):
            raise ValueError(
                f"statistics: fewest_moves must be null or 0..{MAX_COUNT}, got {shown(fewest)}"
            )
        v.fewest_moves = fewest
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
        best_level = d.get("best_level", 0)
        if type(best_level) is not int or not 0 <= best_level <= 99:
            raise ValueError(f"statistics: best_level must be 0..99, got {best_level!r}")
        v.best_level = best_level
        v.best_time_left = _seconds(
            d.get("best_time_left"), "best_time_left", MAX_SECONDS, optional=True
        )
        if v.best_time_left is not None and v.won == 0:
            raise ValueError("statistics: a best time left without any win")
        return v


@dataclass(slots=True)
class Stats:
    """Statistics of every variant played so far.

    Left out, ``variants``, ``recorded`` and ``daily`` are fresh empty ones.
    """

    variants: dict[str, VariantStats] = field(default_factory=dict)
    last_win: str | None = None
    """What version 1 files kept instead of game ids: ``code/moves/elapsed`` of the
    last win. Read for a won game saved without an id; no longer written."""
    recorded: list[str] = field(default_factory=list)
    """Ids of the last games recorded (won or lost), newest last: a game whose id
    is here is never recorded again (see :meth:`crescent.play.session.Session.start`)."""
    daily: DailyStreak = field(default_factory=DailyStreak)
    """The daily deals won (see :mod:`crescent.play.daily`)."""

    def was_recorded(self, game_id: str | None) -> bool:
        """Whether the game ``game_id`` has already been counted."""
        return game_id is not None and game_id in self.recorded

    def _remember(self, game_id: str | None) -> None:
        if game_id is not None:
            self.recorded.append(game_id)
            del self.recorded[:-RECORDED_KEEP]

    def get(self, variant: str) -> VariantStats:
        """The record of ``variant``; a fresh empty one (not stored) if never played."""
        found = self.variants.get(variant)
        return found if found is not None else VariantStats()

    def _entry(self, variant: str) -> VariantStats:
        _check_key(variant)
        return self.variants.setdefault(variant, VariantStats())

    def record_win(
        self, variant: str, seconds: float, moves: int, game_id: str | None = None
    ) -> None:
        """A won game of ``variant`` that took ``seconds`` and ``moves``."""
        """A won game of ``variant`` that took ``seconds`` and ``moves`` (both clamped
        to their ranges); ``game_id`` is remembered so it is never counted again."""
        if not _is_seconds(seconds):
            raise ValueError(f"seconds must be a finite number >= 0, got {shown(seconds)}")
        if type(moves) is not int or moves < 0:
            raise ValueError(f"moves must be a whole number >= 0, got {shown(moves)}")
        v = self._entry(variant)
        seconds = min(float(seconds), MAX_SECONDS)
        moves = min(moves, MAX_COUNT)
        v.played = min(v.played + 1, MAX_COUNT)
        v.won = min(v.won + 1, MAX_COUNT)
        v.current_streak = min(v.current_streak + 1, MAX_COUNT)
        v.best_streak = max(v.best_streak, v.current_streak)
        v.best_time = seconds if v.best_time is None else min(v.best_time, seconds)
        v.fewest_moves = moves if v.fewest_moves is None else min(v.fewest_moves, moves)
        v.total_won_time = min(v.total_won_time + seconds, MAX_TOTAL_SECONDS)
        self._remember(game_id)

    def record_loss(self, variant: str, game_id: str | None = None) -> None:
        """A blocked game, or one abandoned after moves: played, not won; streak broken."""
        v = self._entry(variant)
        v.played = min(v.played + 1, MAX_COUNT)
        v.current_streak = 0
        self._remember(game_id)

    def record_levels(self, variant: str, level: int, time_left: float | None) -> None:
        """Levels game, beside :meth:`record_win` / :meth:`record_loss` of the same game:
        it reached ``level``; ``time_left`` (seconds over all levels) when it was won."""
        if type(level) is not int or not 1 <= level <= 99:
            raise ValueError(f"level must be 1..99, got {level!r}")
        v = self._entry(variant)
        v.best_level = max(v.best_level, level)
        if time_left is not None:
            if not _is_seconds(time_left):
                raise ValueError(f"time_left must be a finite number >= 0, got {time_left!r}")
            best = v.best_time_left
            v.best_time_left = float(time_left) if best is None else max(best, float(time_left))

    def reset(self, variant: str | None = None) -> None:
        """Forget everything, or only ``variant``. The ids of recorded games are kept:
        a reset never lets a game be counted again."""
        if variant is None:
            self.variants.clear()
            self.daily = DailyStreak()
        else:
            self.variants.pop(variant, None)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": FORMAT,
            "variants": {k: v.to_dict() for k, v in sorted(self.variants.items())},
        }
        if self.last_win is not None:
            out["last_win"] = self.last_win
        if self.recorded:
            out["recorded"] = list(self.recorded)
        if self.daily.won:
            out["daily"] = self.daily.to_dict()
        return out

    @staticmethod
    def from_dict(d: object) -> Stats:
        """The statistics ``d`` describes; ValueError saying what is wrong."""
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
            _check_key(key)
            try:
                variants[key] = VariantStats.from_dict(value)
            except ValueError as e:
                raise ValueError(f"variant {key!r}: {e}") from None
        last_win = d.get("last_win")
        if last_win is not None and (not isinstance(last_win, str) or len(last_win) > 200):
            raise ValueError("statistics: last_win must be a short string")
        recorded = d.get("recorded", [])
        if (
            not isinstance(recorded, list)
            or len(recorded) > _RECORDED_READ_MAX
            or not all(isinstance(x, str) and 1 <= len(x) <= _ID_MAX for x in recorded)
        ):
            raise ValueError(f"statistics: recorded must be at most {_RECORDED_READ_MAX} game ids")
        # A later version may keep more: the newest are the ones that matter.
        daily = d.get("daily")
        return Stats(
            variants,
            last_win,
            list(recorded[-RECORDED_KEEP:]),
            DailyStreak.from_dict(daily) if daily else DailyStreak(),
        )


def _check_key(variant: object) -> None:
    if not isinstance(variant, str) or not 1 <= len(variant) <= _KEY_MAX:
        raise ValueError(f"a variant is a short non-empty string, got {shown(variant)}")


def _seconds(raw: object, name: str, most: float, *, optional: bool = False) -> float | None:
    if raw is None and optional:
        return None
    if not _is_seconds(raw) or raw > most:
        raise ValueError(f"statistics: {name} must be a number 0..{most:g}, got {shown(raw)}")
    return float(raw)


def _is_seconds(raw: object) -> TypeGuard[int | float]:
    return (
        isinstance(raw, int | float)
        and not isinstance(raw, bool)
        and math.isfinite(raw)
        and raw >= 0
    )
