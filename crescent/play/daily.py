"""The daily deal: one winnable deal per calendar day, the same for everyone.

Pure (no pygame, nothing at import time). The deal of a day is picked by a hash of the
date from a shipped pool of standard deals proven winnable
(``assets/pools/daily-<name>.txt``), so every copy of the game that knows that pool deals
the same one that day. Which pool a day draws from is :data:`DAILY_POOLS`: a daily pool
never changes once shipped, and a new one starts on a day after the release that ships
it, so a day's deal never changes once a version has dealt it (an older version deals a
newer pool's days from its own newest pool). Winning it extends the daily streak: days in a row
on which the daily deal was won. A win counts for the day the deal belongs to (a daily
started just before midnight and won after it still counts), once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import date, timedelta
from typing import Final, NamedTuple

from crescent.rules import modes
from crescent.rules.deal import make_code

__all__ = [
    "DAILY_POOLS",
    "DAILY_VARIANT",
    "DailyPool",
    "DailyStreak",
    "daily_code",
    "daily_day",
    "daily_number",
    "daily_pool",
]

DAILY_VARIANT: Final = modes.STANDARD.letter
"""Daily deals are standard games, from the standard pool (which has the same name)."""
GRACE_DAYS: Final = 1
"""A daily deal still counts when won this many days after its own day."""


class DailyPool(NamedTuple):
    """Days from ``first_day`` on (until the next pool's) draw their deal from the pool
    ``name``: ``assets/pools/daily-<name>.txt``."""

    first_day: date
    name: str


DAILY_POOLS: Final = (
    DailyPool(date.min, "N1"),
    DailyPool(date(2027, 1, 1), "N2"),
    DailyPool(date(2027, 2, 1), "N3"),
)
"""N1: the 1,050 deals of the first winnable pool (every day before 2027). N2: the wins
of the standard survey, deals 1-10000 (``data/survey/standard-r3-10s.jsonl``, each line
replayed to a won game). N3: the wins of every standard survey file when it was made
(that file and ``standard-r3-unknowns-2m.jsonl``, which won 517 of its unknowns); its
first day comes after the release that ships it. docs/SOLVER.md ("The daily deal") has
their counts and days."""


def daily_pool(day: date) -> str:
    """The name of the pool ``day``'s deal is drawn from."""
    return next(p.name for p in reversed(DAILY_POOLS) if p.first_day <= day)


def daily_number(day: date, pool: Iterable[int]) -> int:
    """The deal number of ``day``: a hash of the date picks one deal of the pool.

    ValueError if the pool is empty.
    """
    numbers = sorted(set(pool))
    if not numbers:
        raise ValueError("no winnable deals to pick the daily deal from")
    # Imported here: only the daily deal needs it, and OpenSSL's module is a start's
    # cost otherwise (python -X importtime shows it).
    import hashlib

    digest = hashlib.sha256(f"crescent-daily-{day.isoformat()}".encode()).digest()
    return numbers[int.from_bytes(digest[:8], "big") % len(numbers)]


def daily_code(day: date, pool: Iterable[int]) -> str:
    """The game code of ``day``'s daily deal (a standard game)."""
    return make_code(DAILY_VARIANT, daily_number(day, pool))


def daily_day(code: str, today: date, pools: Callable[[str], Iterable[int]]) -> date | None:
    """The day whose daily deal ``code`` is (today, or up to GRACE_DAYS before), else None;
    ``pools`` gives a daily pool's deal numbers by its name."""
    for back in range(GRACE_DAYS + 1):
        day = today - timedelta(days=back)
        numbers = sorted(set(pools(daily_pool(day))))
        if numbers and daily_code(day, numbers) == code:
            return day
    return None


class DailyStreak(NamedTuple):
    """Daily deals won: how many, and days in a row (read from the games won)."""

    won: int = 0
    current: int = 0
    best: int = 0
    last_day: date | None = None
    """The day of the last daily deal won."""

    def after_win(self, day: date) -> DailyStreak:
        """The streak once the daily deal of ``day`` is won (unchanged if that day, or a
        later one, was already counted)."""
        if self.last_day is not None and day <= self.last_day:
            return self
        current = self.current + 1 if self.last_day == day - timedelta(days=1) else 1
        return DailyStreak(self.won + 1, current, max(self.best, current), day)

    def counts(self, day: date) -> bool:
        """Whether a win of ``day``'s daily deal would count (a later day than the last)."""
        return self.last_day is None or day > self.last_day

    def streak(self, today: date) -> int:
        """The streak as it stands today: broken once a whole day passed without a win."""
        if self.last_day is None or (today - self.last_day).days > 1:
            return 0
        return self.current

    def won_today(self, today: date) -> bool:
        return self.last_day == today
