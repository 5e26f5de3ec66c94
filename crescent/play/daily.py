"""The daily deal: one winnable deal per calendar day, the same for everyone.

Pure (no pygame, nothing at import time). The deal of a day is picked from the
shipped pool of standard deals proven winnable (``assets/pools/winnable-N.txt``)
by a hash of the date, so every copy of the game deals the same one that day.
Winning it extends the daily streak: days in a row on which the daily deal
was won. A win counts for the day the deal belongs to (a daily started just
before midnight and won after it still counts), once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from crescent.rules import modes
from crescent.rules.deal import make_code

if TYPE_CHECKING:
    from datetime import date

# datetime is imported where a date is made or moved (a start needs none: 1.5 ms).

__all__ = ["DAILY_VARIANT", "DailyStreak", "daily_code", "daily_day", "daily_number"]

DAILY_VARIANT: Final = modes.STANDARD.letter
"""Daily deals are standard games, from the standard pool (which has the same name)."""
GRACE_DAYS: Final = 1
"""A daily deal still counts when won this many days after its own day."""


def daily_number(day: date, pool: Iterable[int]) -> int:
    """The deal number of ``day``: a hash of the date picks one deal of the pool.

    ValueError if the pool is empty.
    """
    numbers = sorted(set(pool))
    if not numbers:
        raise ValueError("no winnable deals to pick the daily deal from")
    import hashlib  # only for the daily deal: OpenSSL's module costs milliseconds to load

    digest = hashlib.sha256(f"crescent-daily-{day.isoformat()}".encode()).digest()
    return numbers[int.from_bytes(digest[:8], "big") % len(numbers)]


def daily_code(day: date, pool: Iterable[int]) -> str:
    """The game code of ``day``'s daily deal (a standard game)."""
    return make_code(DAILY_VARIANT, daily_number(day, pool))


def daily_day(code: str, today: date, pool: Iterable[int]) -> date | None:
    """The day whose daily deal ``code`` is (today, or up to GRACE_DAYS before), else None."""
    numbers = sorted(set(pool))
    if not numbers:
        return None
    from datetime import timedelta

    for back in range(GRACE_DAYS + 1):
        day = today - timedelta(days=back)
        if daily_code(day, numbers) == code:
            return day
    return None


@dataclass(slots=True)
class DailyStreak:
    """Daily deals won: how many, and days in a row."""

    won: int = 0
    current: int = 0
    best: int = 0
    last_day: date | None = None
    """The day of the last daily deal won."""

    def record(self, day: date) -> bool:
        """The daily deal of ``day`` was won; False if that day was already counted."""
        if self.last_day is not None and day <= self.last_day:
            return False
        from datetime import timedelta

        yesterday = day - timedelta(days=1)
        self.current = self.current + 1 if self.last_day == yesterday else 1
        self.best = max(self.best, self.current)
        self.won += 1
        self.last_day = day
        return True

    def streak(self, today: date) -> int:
        """The streak as it stands today: broken once a whole day passed without a win."""
        if self.last_day is None or (today - self.last_day).days > 1:
            return 0
        return self.current

    def won_today(self, today: date) -> bool:
        return self.last_day == today

    def to_dict(self) -> dict[str, Any]:
        return {
            "won": self.won,
            "current": self.current,
            "best": self.best,
            "last_day": self.last_day.isoformat() if self.last_day is not None else None,
        }

    @staticmethod
    def from_dict(d: object) -> DailyStreak:
        """ValueError on wrong types or impossible numbers."""
        if not isinstance(d, dict):
            raise ValueError(f"daily statistics must be an object, not {type(d).__name__}")
        s = DailyStreak()
        for name in ("won", "current", "best"):
            n = d.get(name, 0)
            if type(n) is not int or n < 0:
                raise ValueError(f"daily statistics: {name} must be a whole number >= 0")
            setattr(s, name, n)
        if not s.current <= s.best <= s.won:
            raise ValueError("daily statistics: streaks must satisfy current <= best <= won")
        raw = d.get("last_day")
        if raw is not None:
            from datetime import date

            try:
                s.last_day = date.fromisoformat(raw) if isinstance(raw, str) else None
            except ValueError:
                s.last_day = None
            if s.last_day is None:
                raise ValueError(f"daily statistics: last_day must be a date, got {raw!r}")
        if (s.won > 0) != (s.last_day is not None):
            raise ValueError("daily statistics: wins need a last day and a last day needs a win")
        return s
