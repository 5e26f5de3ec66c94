"""The end of a game: once its last card has landed, the Won or Blocked dialog; in the
levels game, the end screen of a level or of the game, once each."""

from __future__ import annotations

import math
from collections.abc import Callable

from crescent.play.session import Session
from crescent.rules.modes import End
from crescent.ui.scene import Screen


class Ends:
    """``busy()``: cards are in flight (the dialogs wait for them to land)."""

    def __init__(
        self, session: Session, open_screen: Callable[[Screen], None], busy: Callable[[], bool]
    ) -> None:
        self.session = session
        self._open = open_screen
        self._busy = busy
        self._after_landing: list[End] = []
        self._shown: object = None
        """The levels game's outcome last shown."""

    def changed(self) -> None:
        outcome = self.session.outcome
        if outcome is not None and self.session.levels is None:
            self._after_landing.append(outcome.status)

    def landed(self) -> None:
        """Cards landed: with none left in flight, the end dialog waiting for them."""
        if self._busy() or not self._after_landing:
            return
        for what in self._after_landing:
            if what is End.WON:
                self._open(Screen.WON)
            elif what is End.BLOCKED:
                self._open(Screen.BLOCKED)
        self._after_landing.clear()

    def update(self, dt: float) -> None:
        """Levels game: open the end screen of a level or of the game, once each."""
        out = self.session.outcome
        if self.session.levels is None or out is None or out is self._shown or self._busy():
            return
        self._shown = out
        self._open(Screen.LEVELS_END)

    def wake_at(self, now: float) -> float | None:
        return None if self._after_landing else math.inf
