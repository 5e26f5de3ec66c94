""" "Still winnable?": a bounded search after each change, its verdict under the
foundations (a coloured dot and a line), said when it says something new."""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from crescent.control.input import GameEvent, PointerDown
from crescent.control.layout import TableLayout
from crescent.i18n import text as T
from crescent.themes import Theme
from crescent.ui import render
from crescent.ui.parts.base import Table
from crescent.ui.scene import Host, Screen

if TYPE_CHECKING:
    from crescent.solver.watch import Watch, Watcher

Marker = tuple[str, tuple[int, int, int]]
"""The verdict's line and the colour of its dot."""


class StillWinnable:
    """The verdict on the table as it is (:attr:`watch`, None: none yet)."""

    def __init__(self, host: Host, table: Table, solver_bytes: Callable[[], int | None]) -> None:
        self.host = host
        self.table = table
        self._solver_bytes = solver_bytes
        self.watcher: Watcher | None = None
        self.watch: Watch | None = None
        self._watched = -1
        """The session's change count the watcher was last shown."""
        self._said: str | None = None
        """The line last said (it is said when it changes)."""
        self.on_screen = False
        """A frame of the table was shown: searches may start (none before)."""
        self._asking = False
        """A change waits for its frame to be shown before the watcher is asked."""

    def on(self) -> bool:
        """The setting is on, the game is the standard one (the levels game rations its
        hints), not in a kiosk (which runs for months in a tight memory budget, its spare
        CPU for the attract loop's searches) and still being played."""
        session = self.host.session
        return (
            session.settings.watch_winnable
            and session.levels is None
            and not self.host.kit.options.kiosk  # its months-long memory budget
            and self.table.game.status == "playing"
        )

    def changed(self) -> None:
        """Looked at in the next update (the change count tells it)."""

    def shown(self) -> None:
        """The first frame is drawn: the next update may start a search (not this call,
        which comes before the frame goes to the display: the first frame waits for
        neither the solver's import nor its thread)."""
        self.on_screen = True

    def update(self, dt: float) -> None:
        """After a change, ask the watcher (a bounded search in its own thread with the
        search core, else in a process); take its verdict when it is about the table as
        it is now. No search before the first frame is shown."""
        changes = self.host.session.changes
        if not self.on():
            self.watch = None
            self._watched = -1
            return
        if not self.on_screen:
            return  # no search before the first frame (see shown)
        if self._watched != changes:
            self._watched = changes
            self.watch = None
            self._asking = True  # once the frame showing the change is up (frame_shown)
        found = self.watcher.poll() if self.watcher is not None else None
        if found is not None and found.changes == changes:
            self.watch = found
            self._say()

    def frame_shown(self) -> None:
        """The frame showing the change is on the screen: the watcher looks at it now.
        Asked sooner, its thread's start and the search's set-up (Python, holding the
        interpreter lock) held back the frame that shows the player's move."""
        if not self._asking or self.host.session.changes != self._watched or not self.on():
            return
        self._asking = False
        if self.watcher is None:
            from crescent.solver.watch import Watcher  # the solver, once it is wanted

            self.watcher = Watcher(max_bytes=self._solver_bytes(), on_answer=_wake_loop)
        self.watcher.look(self.table.game, self._watched)

    def wake_at(self, now: float) -> float | None:
        if self.on_screen and self._watched != self.host.session.changes and self.on():
            return now  # a search to start (the first frame is shown, or the table changed)
        return math.inf  # the watcher's answer wakes the loop (_wake_loop)

    def forget_said(self) -> None:
        """The next verdict is said even when it is the one said last (a new game)."""
        self._said = None

    def _say(self) -> None:
        """Say the line when it says something new (the same verdict again is no news)."""
        marker = self.marker
        if marker is not None and marker[0] != self._said:
            self._said = marker[0]
            self.table.voice.speak(marker[0], interrupt=False)

    def close(self) -> None:
        """End the watcher's search (the app is closing)."""
        if self.watcher is not None:
            self.watcher.close()

    @property
    def marker(self) -> Marker | None:
        """The line under the foundations, and its colour."""
        watch = self.watch
        if watch is None or watch.changes != self.host.session.changes or not self.on():
            return None  # none yet, or about the table before its last change
        tr = self.host.kit.tr
        verdict = watch.verdict.value
        if verdict == "winnable":
            return tr(T.WATCH_WINNABLE), self.host.kit.theme.dest
        if verdict == "lost":
            return tr(T.WATCH_LOST), self.host.kit.theme.refuse
        return tr(T.WATCH_UNKNOWN), self.host.kit.theme.ink_dim

    def tap(self, event: GameEvent, covered: bool) -> bool:
        """A press on "Cannot be won from here" (not ``covered`` by a sentence): the
        dialog that offers to go back."""
        if not isinstance(event, PointerDown) or covered:
            return False
        if self.watch is None or self.watch.verdict.value != "lost" or self.marker is None:
            return False
        m = self.host.kit.layout.message
        if not (m.x <= event.x < m.x + m.w and m.y <= event.y < m.y + m.h):
            return False
        self.host.open(Screen.LOST)
        return True


def draw_marker(
    surface: pygame.Surface,
    fonts: render.Fonts,
    layout: TableLayout,
    marker: Marker,
    theme: Theme,
) -> None:
    """A quiet pill at the message area's middle: a coloured dot and the verdict."""
    text, dot = marker
    msg = layout.message
    px = max(render.MIN_PX, round(layout.hud_px * 0.85))
    font = fonts.get(px)
    tw, th = font.size(text)
    r = max(3, th // 4)
    w = min(msg.w, tw + 4 * r + 28)
    box = pygame.Rect(0, 0, w, th + 14)
    box.center = (msg.x + msg.w // 2, msg.y + msg.h // 2)
    render.alpha_rounded(surface, box, theme.label_bg, box.h // 2)
    pygame.draw.circle(surface, dot, (box.x + 12 + r, box.centery), r)
    render.text_centered(
        surface, font, text, (box.x + 12 + 2 * r + 6 + tw // 2, box.centery), theme.ink
    )


def _wake_loop() -> None:
    """From the watcher's side: an event, so that a sleeping loop draws its verdict."""
    with contextlib.suppress(pygame.error):  # the window already closed
        pygame.event.post(pygame.event.Event(pygame.USEREVENT, {"watch": True}))
