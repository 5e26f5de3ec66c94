"""Card animations as plain data: where a card is at a given time.

Animation state advances only in ``update``; drawing reads it. No pygame.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

MOVE_S = 0.18
"""A card slide: short, so play never waits on it."""
REDEAL_S = 0.26
"""A redeal: each pile's new top card dealt from the middle of the table..."""
REDEAL_STAGGER_S = 0.012
"""...one pile after another: the last of 16 lands some 0.44 s after the press."""
SLIDE_BACK_S = 0.16


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
    """The flights in progress."""

    __slots__ = ("flights",)

    def __init__(self) -> None:
        self.flights: list[Flight] = []

    def add(self, flight: Flight) -> None:
        self.flights.append(flight)

    @property
    def busy(self) -> bool:
        return bool(self.flights)

    def update(self, dt: float) -> list[Flight]:
        """Advance by ``dt`` seconds; returns the flights that just landed."""
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
