"""What a kiosk keeps in its data folder besides the player's files (pure, no pygame).

* ``kiosk-pin.json`` (:class:`KioskState`): the wrong operator PINs in a row and
  the wall-clock end of the wait they imposed, so a restart (a crash, a kill,
  a power cut) does not give a guesser a fresh set of tries; and the idle time
  chosen on the operator screen.
* ``venue.json`` (:class:`VenueStats`): games started, won and abandoned to
  the idle timer, per day (local date), for the venue; exported as CSV from
  the operator screen. A game counts as started at its first move, once; the
  game being counted is remembered by its code, so a restart that resumes it
  does not count it again.
"""

from __future__ import annotations

import csv
import io
import math
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Final, NamedTuple, TypeGuard

__all__ = [
    "PIN_FILE",
    "VENUE_FILE",
    "DayCounts",
    "KioskState",
    "PinState",
    "VenueStats",
]

FORMAT: Final = 1
PIN_FILE: Final = "kiosk-pin.json"
VENUE_FILE: Final = "venue.json"
MAX_DAYS: Final = 3660
"""Days kept in ``venue.json`` (ten years; older days are dropped)."""
MAX_COUNT: Final = 10**9
MAX_FAILURES: Final = 10**6


class PinState(NamedTuple):
    """Wrong PINs in a row, and until when (seconds since the epoch) PINs are refused."""

    failures: int
    wait_until: float


@dataclass
class KioskState:
    """``kiosk-pin.json``: the PIN wait, and the idle time the operator chose."""

    failures: int = 0
    wait_until: float = 0.0
    idle_s: float | None = None
    """Set on the operator screen when the config file does not fix ``idle_seconds``."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "failures": self.failures,
            "wait_until": self.wait_until,
            "idle_seconds": self.idle_s,
        }

    @staticmethod
    def from_dict(d: object) -> KioskState:
        if not isinstance(d, dict) or d.get("format") != FORMAT:
            raise ValueError("kiosk state: not a format-1 object")
        failures, until, idle = d.get("failures"), d.get("wait_until"), d.get("idle_seconds")
        if type(failures) is not int or not 0 <= failures <= MAX_FAILURES:
            raise ValueError("kiosk state: failures out of range")
        if not _number(until) or not math.isfinite(until) or until < 0:
            raise ValueError("kiosk state: wait_until out of range")
        if idle is not None and (not _number(idle) or not 10 <= idle <= 86400):
            raise ValueError("kiosk state: idle_seconds out of range")
        return KioskState(failures, float(until), None if idle is None else float(idle))


def _number(x: object) -> TypeGuard[int | float]:
    return type(x) in (int, float)


@dataclass
class DayCounts:
    started: int = 0
    won: int = 0
    idle: int = 0
    """Games with moves left to the idle timer (the visitor walked away)."""


@dataclass
class VenueStats:
    days: dict[str, DayCounts] = field(default_factory=dict)
    current: str | None = None
    """Code of the game last counted as started (not counted again after a restart)."""
    current_won: bool = False

    def _day(self, today: date) -> DayCounts:
        key = today.isoformat()
        if key not in self.days:
            self.days[key] = DayCounts()
            for old in sorted(self.days)[:-MAX_DAYS]:
                del self.days[old]
        return self.days[key]

    def start(self, code: str, today: date) -> None:
        self.current, self.current_won = code, False
        day = self._day(today)
        day.started = min(MAX_COUNT, day.started + 1)

    def win(self, today: date) -> None:
        self.current_won = True
        day = self._day(today)
        day.won = min(MAX_COUNT, day.won + 1)

    def abandoned_to_idle(self, today: date) -> None:
        self.current = None
        day = self._day(today)
        day.idle = min(MAX_COUNT, day.idle + 1)

    def totals(self) -> DayCounts:
        out = DayCounts()
        for d in self.days.values():
            out.started += d.started
            out.won += d.won
            out.idle += d.idle
        return out

    def to_csv(self) -> str:
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(["date", "games_started", "games_won", "abandoned_to_idle"])
        for key in sorted(self.days):
            d = self.days[key]
            w.writerow([key, d.started, d.won, d.idle])
        return buf.getvalue()

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "days": {k: [d.started, d.won, d.idle] for k, d in sorted(self.days.items())},
            "current": self.current,
            "current_won": self.current_won,
        }

    @staticmethod
    def from_dict(d: object) -> VenueStats:
        if not isinstance(d, dict) or d.get("format") != FORMAT:
            raise ValueError("venue statistics: not a format-1 object")
        days = d.get("days")
        if not isinstance(days, dict) or len(days) > MAX_DAYS:
            raise ValueError("venue statistics: 'days' must be an object of days")
        out = VenueStats()
        for key, counts in days.items():
            try:
                date.fromisoformat(key)
            except (TypeError, ValueError):
                raise ValueError("venue statistics: a day is not a date") from None
            if (
                not isinstance(counts, list)
                or len(counts) != 3
                or not all(type(n) is int and 0 <= n <= MAX_COUNT for n in counts)
            ):
                raise ValueError("venue statistics: counts out of range")
            out.days[key] = DayCounts(*counts)
        current, won = d.get("current"), d.get("current_won", False)
        if current is not None and (not isinstance(current, str) or len(current) > 40):
            raise ValueError("venue statistics: bad current game")
        if not isinstance(won, bool):
            raise ValueError("venue statistics: bad current_won")
        out.current, out.current_won = current, won
        return out
