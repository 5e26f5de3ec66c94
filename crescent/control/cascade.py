"""The win cascade: foundation cards bounce out across the table, one after another.

Pure (no pygame): positions in table pixels, advanced in fixed steps by the
client. Cards leave the foundations top first, one foundation after another
(F1..F8, then the next card down of each), each thrown sideways with a little
lift; gravity pulls them down, the bottom edge of the table bounces them back
a little lower each time, and a card is done once it has left the table's
side. The throws come from a seeded generator: the same win, the same show.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Final

__all__ = ["LAUNCH_S", "Bouncer", "Cascade"]

LAUNCH_S: Final = 0.07
"""Time between two cards leaving the foundations."""
GRAVITY: Final = 2.2
"""In table heights per second squared."""
BOUNCE: Final = 0.72
"""Speed kept by a bounce."""


@dataclass
class Bouncer:
    card: int
    place: int
    """The foundation (16..23) it left."""
    x: float
    y: float
    vx: float
    vy: float


@dataclass
class Cascade:
    """``stacks``: the foundations' cards bottom first, with their places and card origins."""

    stacks: list[tuple[int, list[int], tuple[float, float]]]
    width: float
    floor: float
    """The y the bottom edge of a card bounces on."""
    card_w: float
    card_h: float
    seed: int = 0
    flying: list[Bouncer] = field(default_factory=list)
    launched: int = 0
    clock: float = 0.0
    _order: list[tuple[int, int, tuple[float, float]]] = field(default_factory=list)
    _rng: random.Random = field(default_factory=random.Random)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)
        depth = max((len(cards) for _, cards, _ in self.stacks), default=0)
        # Top cards first, one foundation after another: (place, card, origin).
        for level in range(depth):
            for place, cards, origin in self.stacks:
                if level < len(cards):
                    self._order.append((place, cards[len(cards) - 1 - level], origin))

    @property
    def total(self) -> int:
        return len(self._order)

    @property
    def done(self) -> bool:
        return self.launched >= self.total and not self.flying

    def left_on(self, place: int) -> int:
        """How many cards of foundation ``place`` have not left yet."""
        return sum(1 for p, _, _ in self._order[self.launched :] if p == place)

    def update(self, dt: float) -> list[Bouncer]:
        """Advance ``dt`` seconds; the cards launched in this step."""
        self.clock += dt
        new: list[Bouncer] = []
        while self.launched < self.total and self.clock >= self.launched * LAUNCH_S:
            place, card, (x, y) = self._order[self.launched]
            self.launched += 1
            rng = self._rng
            side = -1 if x + self.card_w / 2 < self.width / 2 else 1
            if rng.random() < 0.25:
                side = -side
            speed = self.width * rng.uniform(0.18, 0.42)
            b = Bouncer(card, place, x, y, side * speed, -self.floor * rng.uniform(0.1, 0.6))
            self.flying.append(b)
            new.append(b)
        g = GRAVITY * self.floor
        for b in self.flying:
            b.vy += g * dt
            b.x += b.vx * dt
            b.y += b.vy * dt
            if b.y + self.card_h > self.floor:
                b.y = self.floor - self.card_h
                b.vy = -abs(b.vy) * BOUNCE
        self.flying = [b for b in self.flying if -self.card_w < b.x < self.width]
        return new

    def finish(self) -> None:
        """Skip to the end."""
        self.launched = self.total
        self.flying = []
