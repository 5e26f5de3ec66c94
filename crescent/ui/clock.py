"""Clocks for the loop: the real one, and a stepped one for tests."""

from __future__ import annotations

import time
from typing import Protocol

import pygame


class Clock(Protocol):
    sleeps: bool
    """Whether the loop may sleep on the event source while idle (the event source's
    wait then moves this clock: real time for the real clock)."""

    def now(self) -> float:
        """Seconds, monotonic."""
        ...

    def wait(self, fps: int) -> None:
        """Sleep until the next frame is due."""
        ...


class RealClock:
    sleeps = True

    def __init__(self) -> None:
        self._tick = pygame.time.Clock()

    def now(self) -> float:
        return time.perf_counter()

    def wait(self, fps: int) -> None:
        self._tick.tick(fps)


class SteppedClock:
    """Time moves by exactly one frame per ``wait``: deterministic tests and screenshots.

    It never sleeps on the event queue (that would take real time) unless
    ``sleeps``: then the event source's ``wait`` must :meth:`advance` it.
    """

    def __init__(self, step: float = 1 / 60, *, sleeps: bool = False) -> None:
        self.t = 0.0
        self.step = step
        self.sleeps = sleeps

    def now(self) -> float:
        return self.t

    def wait(self, fps: int) -> None:
        self.t += self.step

    def advance(self, seconds: float) -> None:
        self.t += seconds
