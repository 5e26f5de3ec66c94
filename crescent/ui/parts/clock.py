"""The game's clock at the table: it counts real time while it runs (not paused, not
under a dialog), and wakes the idle loop when the whole second on screen changes."""

from __future__ import annotations

import math

from crescent.ui.scene import Host

CLOCK_LATE_S = 1 / 60
"""The idle loop wakes this long after the clock's next whole second (one update step),
so the step that crosses it has been taken when it draws."""


class GameClock:
    """The session's clock as the table runs it (a :class:`~.base.Part`)."""

    def __init__(self, host: Host) -> None:
        self.host = host

    def passed(self, seconds: float) -> None:
        """``seconds`` of real time passed: the game's clock counts them while it runs."""
        if self.host.clock_runs():
            self.host.session.tick(seconds)

    def changed(self) -> None:
        pass

    def update(self, dt: float) -> None:
        self.passed(dt)

    def wake_at(self, now: float) -> float | None:
        session = self.host.session
        if not self.host.clock_runs() or not session.started:
            return math.inf
        if session.game.status != "playing":
            return math.inf
        # The clock on screen shows whole seconds: it changes at the next one.
        return now + math.floor(session.elapsed) + 1 - session.elapsed + CLOCK_LATE_S
