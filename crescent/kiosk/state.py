"""What a kiosk keeps besides the player's data (pure, no pygame), in the data folder's
database (:class:`crescent.play.storage.Store`).

* The operator's state (:class:`KioskState`, the ``operator`` table): the wrong
  operator PINs in a row and the wall-clock end of the wait they imposed, so a
  restart (a crash, a kill, a power cut) does not give a guesser a fresh set of
  tries; and the idle time chosen on the operator screen.
* The venue's days (:class:`VenueStats`): games started (at their first move),
  won and abandoned to the idle timer, per local day; read from the games
  played (the ``venue_days`` view: nothing is counted), exported as CSV from
  the operator screen.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Final, NamedTuple, TypeGuard

from crescent.play.queries import VenueDay

__all__ = ["DayCounts", "KioskState", "PinState", "VenueStats"]

MAX_FAILURES: Final = 10**6


class PinState(NamedTuple):
    """Wrong PINs in a row, and until when (seconds since the epoch) PINs are refused."""

    failures: int
    wait_until: float


def _number(x: object) -> TypeGuard[int | float]:
    return type(x) in (int, float)


@dataclass(frozen=True, slots=True)
class KioskState:
    """The PIN wait, and the idle time the operator chose."""

    failures: int = 0
    wait_until: float = 0.0
    idle_s: float | None = None
    """Set on the operator screen when the config file does not fix ``idle_seconds``."""

    def to_values(self) -> dict[str, Any]:
        return {
            "failures": self.failures,
            "wait_until": self.wait_until,
            "idle_seconds": self.idle_s,
        }

    @staticmethod
    def of(values: dict[str, Any]) -> KioskState:
        """The state the operator table holds; a value out of range is left out."""
        failures, until, idle = (
            values.get("failures"),
            values.get("wait_until"),
            values.get("idle_seconds"),
        )
        ok_failures = type(failures) is int and 0 <= failures <= MAX_FAILURES
        ok_until = _number(until) and math.isfinite(until) and until >= 0
        ok_idle = _number(idle) and 10 <= idle <= 86400
        return KioskState(
            failures if ok_failures and isinstance(failures, int) else 0,
            float(until) if ok_until and _number(until) else 0.0,
            float(idle) if ok_idle and _number(idle) else None,
        )


@dataclass(frozen=True, slots=True)
class DayCounts:
    started: int = 0
    won: int = 0
    idle: int = 0
    """Games with moves left to the idle timer (the visitor walked away)."""


@dataclass(frozen=True, slots=True)
class VenueStats:
    """The venue's days, as the history has them."""

    days: dict[str, DayCounts] = field(default_factory=dict)

    @staticmethod
    def of(rows: Iterable[VenueDay]) -> VenueStats:
        return VenueStats({r.day: DayCounts(r.started, r.won, r.idle) for r in rows})

    def totals(self) -> DayCounts:
        days = self.days.values()
        return DayCounts(
            sum(d.started for d in days), sum(d.won for d in days), sum(d.idle for d in days)
        )

    def to_csv(self) -> str:
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(["date", "games_started", "games_won", "abandoned_to_idle"])
        for key in sorted(self.days):
            d = self.days[key]
            w.writerow([key, d.started, d.won, d.idle])
        return buf.getvalue()
