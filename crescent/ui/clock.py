"""Clocks for the loop: the real one, and a stepped one for tests."""

from __future__ import annotations

import time
from typing import Protocol

import pygame


class Clock(Protocol):
    def now(self) -> float:
        """Seconds, monotonic."""
        ...

    def wait(self, fps: int) -> None:
        """Sleep until the next frame is due."""
        ...


class RealClock:
    def __init__(self) -> None:
        self._tick = pygame.time.Clock()

    def now(self) -> float:
        return time.perf_counter()

    def wait(self, fps: int) -> None:
        self._tick.tick(fps)


class SteppedClock:
    """Time moves by exactly one frame per ``wait``: deterministic tests and screenshots."""

    def __init__(self, step: float = 1 / 60) -> None:
        self.t = 0.0
        self.step = step

    def now(self) -> float:
        return self.t

    def wait(self, fps: int) -> None:
        self.t += self.step

    def advance(self, seconds: float) -> None:
        self.t += seconds
