"""What a win changed: the figures of the game and the statistics that moved.

Pure (no pygame, no texts): the session makes one :class:`WinSummary` when it
records a win, the client words it.
"""

from __future__ import annotations

import enum
from typing import NamedTuple

from crescent.play.daily import DailyStreak
from crescent.play.stats import VariantStats

__all__ = ["Figure", "WinSummary"]


class Figure(enum.Enum):
    """A statistic the summary shows, before -> after."""

    WON_PLAYED = "won_played"
    WIN_RATE = "win_rate"
    STREAK = "streak"
    DAILY_STREAK = "daily_streak"


class WinSummary(NamedTuple):
    seconds: float
    moves: int
    hints: int
    before: VariantStats
    after: VariantStats
    daily_before: DailyStreak | None = None
    daily_after: DailyStreak | None = None
    """Set when the game was a daily deal that counted."""

    @staticmethod
    def of(
        seconds: float,
        moves: int,
        hints: int,
        before: VariantStats,
        after: VariantStats,
        daily_before: DailyStreak | None = None,
        daily_after: DailyStreak | None = None,
    ) -> WinSummary:
        """A summary (its values are immutable: later games never change it)."""
        return WinSummary(seconds, moves, hints, before, after, daily_before, daily_after)

    @property
    def new_best_time(self) -> bool:
        """Faster than every earlier win (a first win sets the record, it beats none; an
        untimed win, 0 seconds, beats none either)."""
        old = self.before.best_time
        return old is not None and 0 < self.seconds < old

    @property
    def fewest_moves(self) -> bool:
        old = self.before.fewest_moves
        return old is not None and self.moves < old

    def figures(self) -> list[tuple[Figure, str, str]]:
        """(figure, before, after) of the statistics shown, as plain text numbers."""
        b, a = self.before, self.after
        out = [
            (Figure.WON_PLAYED, f"{b.won} / {b.played}", f"{a.won} / {a.played}"),
            (Figure.WIN_RATE, f"{round(b.win_rate * 100)}%", f"{round(a.win_rate * 100)}%"),
            (Figure.STREAK, str(b.current_streak), str(a.current_streak)),
        ]
        if self.daily_before is not None and self.daily_after is not None:
            out.append(
                (Figure.DAILY_STREAK, str(self.daily_before.current), str(self.daily_after.current))
            )
        return out
