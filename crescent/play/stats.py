"""Statistics per mode, saved as ``stats.json``.

Pure module (no pygame, nothing at import time). Modes are keyed by any
short string: their :attr:`crescent.rules.modes.Mode.stats_key`.

A game counts as played once it ends: won (:meth:`Stats.record_win`), or
lost (:meth:`Stats.record_loss`: blocked, or abandoned for a new game after
moves were played). A loss breaks the winning streak.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Final, TypeGuard

from crescent.play.daily import DailyStreak

__all__ = ["FORMAT", "Stats", "VariantStats"]

FORMAT: Final = 1
_KEY_MAX: Final = 32
_COUNTS: Final = ("played", "won", "current_streak", "best_streak")


@dataclass
class VariantStats:
    """The record of one variant. ``total_won_time`` (seconds) gives the average."""

    played: int = 0
    won: int = 0
    current_streak: int = 0
    best_streak: int = 0
    best_time: float | None = None
    fewest_moves: int | None = None
    total_won_time: float = 0.0

    @property
    def win_rate(self) -> float:
        """Won / played, 0..1; 0 when nothing was played."""
        return self.won / self.played if self.played else 0.0

    @property
    def average_time(self) -> float | None:
        """Mean seconds of the won games; None before the first win."""
        return self.total_won_time / self.won if self.won else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "played": self.played,
            "won": self.won,
            "current_streak": self.current_streak,
            "best_streak": self.best_streak,
            "best_time": self.best_time,
            "fewest_moves": self.fewest_moves,
            "total_won_time": self.total_won_time,
        }

    @staticmethod
    def from_dict(d: object) -> VariantStats:
        """ValueError on wrong types, negative numbers or impossible combinations."""
        if not isinstance(d, dict):
            raise ValueError(f"variant statistics must be an object, not {type(d).__name__}")
        v = VariantStats()
        for name in _COUNTS:
            n = d.get(name, 0)
            if type(n) is not int or n < 0:
                raise ValueError(f"statistics: {name} must be a whole number >= 0, got {n!r}")
            setattr(v, name, n)
        v.best_time = _seconds(d.get("best_time"), "best_time", optional=True)
        v.total_won_time = _seconds(d.get("total_won_time", 0.0), "total_won_time") or 0.0
        fewest = d.get("fewest_moves")
        if fewest is not None and (type(fewest) is not int or fewest < 0):
            raise ValueError(f"statistics: fewest_moves must be null or >= 0, got {fewest!r}")
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
        return v


@dataclass
class Stats:
    """Statistics of every variant played so far."""

    variants: dict[str, VariantStats] = field(default_factory=dict)
    last_win: str | None = None
    """An id of the last game recorded as won, so a win is never counted twice
    (see :meth:`crescent.play.session.Session.start`)."""
    daily: DailyStreak = field(default_factory=DailyStreak)
    """The daily deals won (see :mod:`crescent.play.daily`)."""

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
        if not _is_seconds(seconds):
            raise ValueError(f"seconds must be a finite number >= 0, got {seconds!r}")
        if type(moves) is not int or moves < 0:
            raise ValueError(f"moves must be a whole number >= 0, got {moves!r}")
        v = self._entry(variant)
        seconds = float(seconds)
        v.played += 1
        v.won += 1
        v.current_streak += 1
        v.best_streak = max(v.best_streak, v.current_streak)
        v.best_time = seconds if v.best_time is None else min(v.best_time, seconds)
        v.fewest_moves = moves if v.fewest_moves is None else min(v.fewest_moves, moves)
        v.total_won_time += seconds
        if game_id is not None:
            self.last_win = game_id

    def record_loss(self, variant: str) -> None:
        """A blocked game, or one abandoned after moves: played, not won; streak broken."""
        v = self._entry(variant)
        v.played += 1
        v.current_streak = 0

    def reset(self, variant: str | None = None) -> None:
        """Forget everything, or only ``variant``."""
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
        daily = d.get("daily")
        return Stats(variants, last_win, DailyStreak.from_dict(daily) if daily else DailyStreak())


def _check_key(variant: object) -> None:
    if not isinstance(variant, str) or not 1 <= len(variant) <= _KEY_MAX:
        raise ValueError(f"a variant is a short non-empty string, got {variant!r}")


def _seconds(raw: object, name: str, *, optional: bool = False) -> float | None:
    if raw is None and optional:
        return None
    if not _is_seconds(raw):
        raise ValueError(f"statistics: {name} must be a finite number >= 0, got {raw!r}")
    return float(raw)


def _is_seconds(raw: object) -> TypeGuard[int | float]:
    return (
        isinstance(raw, int | float)
        and not isinstance(raw, bool)
        and math.isfinite(raw)
        and raw >= 0
    )
