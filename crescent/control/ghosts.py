"""Touch hygiene: a tap the glass or the driver sends twice counts once.

Kiosk glass sends ghost and doubled touches, and on Windows a PyInstaller build gets
each tap twice (pygame-ce issue #1514). A press that comes within ``window_s`` of the
previous press or release, within ``reach_px`` of it, is such a ghost when a finger
made either of them (a finger doubled, or a finger and the mouse event a driver makes
of it without saying so): it is dropped with its moves and its release. A mouse alone
is never doubled. A player's own double tap is far slower (a tenth of a second at the
least), so it stays a double tap. (The mouse events SDL marks as made from touches are
dropped earlier, in ``crescent.ui.events``.)
"""

from __future__ import annotations

import math
from typing import Final

from crescent.control.input import (
    GameEvent,
    PointerDown,
    PointerMove,
    PointerUp,
    WindowEvent,
    WindowKind,
)

GHOST_TAP_MS: Final = 60
"""The default window: below any human double tap, above a driver's doubling."""


class GhostFilter:
    """Says which pointer events to keep (:meth:`keep`); ``window_s`` 0 keeps all."""

    def __init__(self, window_s: float, reach_px: float) -> None:
        self.window_s = window_s
        self.reach_px = reach_px
        self._last: tuple[float, float, float, int] | None = None
        """(x, y, time, pointer) of the last press or release kept."""
        self._dropped: set[int] = set()
        """Pointers whose press was a ghost: their moves and release go too."""
        self.ghosts = 0
        """How many presses were dropped (for the log and the tests)."""

    def keep(self, event: GameEvent, now: float) -> bool:
        if isinstance(event, WindowEvent) and event.kind in (
            WindowKind.FOCUS_LOST,
            WindowKind.LEFT,
        ):
            self._last = None  # a release that never comes is no spot to double
            return True
        if isinstance(event, PointerDown):
            if self._is_ghost(event.x, event.y, now, event.pointer):
                self._dropped.add(event.pointer)
                self.ghosts += 1
                return False
            self._dropped.discard(event.pointer)
            self._last = (event.x, event.y, now, event.pointer)
            return True
        if isinstance(event, PointerMove):
            return event.pointer not in self._dropped
        if isinstance(event, PointerUp):
            if event.pointer in self._dropped:
                self._dropped.discard(event.pointer)
                return False
            self._last = (event.x, event.y, now, event.pointer)
        return True

    def _is_ghost(self, x: float, y: float, now: float, pointer: int) -> bool:
        last = self._last
        return (
            last is not None
            and (pointer != 0 or last[3] != 0)  # 0: the mouse
            and now - last[2] < self.window_s
            and math.dist((x, y), last[:2]) <= self.reach_px
        )
