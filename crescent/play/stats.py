"""The statistics of one mode, and of every mode: values read from the games played.

Pure module (no pygame, nothing at import time). Nothing here is counted: a
:class:`Stats` is what :func:`crescent.play.history.stats` read from the
database (``games``, and the totals imported from earlier versions), and a
game's end is a new row there, never an increment. Modes are keyed by their
:attr:`crescent.rules.modes.Mode.stats_key`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, NamedTuple

from crescent.play.daily import DailyStreak

__all__ = ["MAX_COUNT", "MAX_SECONDS", "MAX_TOTAL_SECONDS", "Stats", "VariantStats"]

MAX_COUNT: Final = 10**12
"""The largest count (played, won, streaks, moves) an imported statistics file may hold."""
MAX_SECONDS: Final = 1e9
"""The longest game (over 30 years of play): a longer time is out of range."""
MAX_TOTAL_SECONDS: Final = MAX_SECONDS * 1e6
"""The largest sum of won-game times an imported file may hold."""


class VariantStats(NamedTuple):
    """The record of one mode. ``total_won_time`` (seconds) gives the average."""

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
    untimed_won: int = 0
    """Wins the clock did not time (``--play``): counted as won, with no time."""

    @property
    def win_rate(self) -> float:
        """Won / played, 0..1; 0 when nothing was played."""
        return self.won / self.played if self.played else 0.0

    @property
    def average_time(self) -> float | None:
        """Mean seconds of the timed won games; None before the first."""
        timed = self.won - self.untimed_won
        return self.total_won_time / timed if timed > 0 else None


@dataclass(frozen=True, slots=True)
class Stats:
    """Statistics of every mode played so far, and the daily streak."""

    variants: dict[str, VariantStats] = field(default_factory=dict)
    daily: DailyStreak = field(default_factory=DailyStreak)

    def get(self, variant: str) -> VariantStats:
        """The record of ``variant``; an empty one if never played."""
        found = self.variants.get(variant)
        return found if found is not None else VariantStats()
