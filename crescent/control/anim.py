"""Card animations as plain data: where a card is at a given time.

Animation state advances only in ``update``; drawing reads it. No pygame.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

MOVE_S = 0.18
"""A card slide: short, so play never waits on it."""
REDEAL_S = 0.26
"""A redeal: each pile's new top card dealt from the middle of the table..."""
REDEAL_STAGGER_S = 0.012
"""...one pile after another: the last of 16 lands some 0.44 s after the press."""
SLIDE_BACK_S = 0.16
PACES: Final = {"normal": 1.0, "fast": 0.4, "none": 0.0}
"""Each animation speed of Settings (``Settings.animation``) as the share of its time a
flight takes: "none" lands every card at the next step and marks where it went."""
MARK_S: Final = 0.6
"""How long a place a card landed on is marked when cards do not fly."""


def redeal_flights(piles: Sequence[Sequence[int]]) -> list[tuple[int, int]]:
    """(card, pile) for each pile a redeal changed (two cards or more), in dealing order."""
    return [(pile[-1], p) for p, pile in enumerate(piles) if len(pile) >= 2]


def ease_out(t: float) -> float:
    """Cubic ease-out: fast start, gentle landing."""
    t = min(max(t, 0.0), 1.0)
    return 1.0 - (1.0 - t) ** 3


@dataclass(slots=True, eq=False)
class Flight:
    """A card sliding from ``start`` to ``end`` (top-left corners, table pixels).

    ``dst`` is the place it lands on: while it flies, that place shows the card
    beneath it, so the table always shows the engine's position.
    """

    card: int
    start: tuple[float, float]
    end: tuple[float, float]
    dst: int
    duration: float = MOVE_S
    delay: float = 0.0
    elapsed: float = 0.0

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    def position(self) -> tuple[float, float]:
        t = ease_out((self.elapsed - self.delay) / self.duration if self.duration > 0 else 1.0)
        return (
            self.start[0] + (self.end[0] - self.start[0]) * t,
            self.start[1] + (self.end[1] - self.start[1]) * t,
        )


class Animations:
    """The flights in progress, at the pace ``pace()`` gives (:data:`PACES`: 1 their own
    time, less faster; 0 none: each card lands at the next step and the place it lands
    on is marked for :data:`MARK_S` seconds, :attr:`marks`)."""

    __slots__ = ("flights", "marks", "pace")

    def __init__(self, pace: Callable[[], float] = lambda: 1.0) -> None:
        self.flights: list[Flight] = []
        self.pace = pace
        self.marks: dict[int, float] = {}
        """The places marked, with the seconds each stays marked."""

    def add(self, flight: Flight) -> None:
        pace = self.pace()
        flight.duration *= pace
        flight.delay *= pace
        if pace <= 0:
            self.marks[flight.dst] = MARK_S
        self.flights.append(flight)

    @property
    def busy(self) -> bool:
        return bool(self.flights)

    @property
    def marked(self) -> frozenset[int]:
        """The places marked now."""
        return frozenset(self.marks)

    def update(self, dt: float) -> list[Flight]:
        """Advance by ``dt`` seconds; returns the flights that just landed."""
        self.marks = {p: left - dt for p, left in self.marks.items() if left > dt}
        landed = []
        for f in self.flights:
            f.elapsed += dt
            if f.done:
                landed.append(f)
        if landed:
            self.flights = [f for f in self.flights if not f.done]
        return landed

    def finish(self) -> list[Flight]:
        """Land every flight at once (input arrived during an animation)."""
        landed = self.flights
        self.flights = []
        return landed

    def landing_on(self, place: int) -> int:
        """How many cards are still flying to ``place``."""
        return sum(1 for f in self.flights if f.dst == place)
