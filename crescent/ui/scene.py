"""Scenes: the table and the overlays above it, each with an explicit lifecycle."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from crescent.ui.app import App
    from crescent.ui.events import GameEvent


class Scene:
    """One screen or overlay. ``draw`` never changes game state."""

    opaque = False
    """An opaque scene hides the scenes under it (they are not drawn)."""
    holds_clock = False
    """While this scene is open the game's clock stops (see ``App.clock_runs``)."""

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Pushed on the stack."""

    def exit(self) -> None:
        """Popped off the stack."""

    def handle(self, event: GameEvent) -> None:
        """An input event reached this (top) scene."""

    def update(self, dt: float) -> None:
        """Advance by one fixed step (after an idle sleep: the steps slept through, at once)."""

    def wake_at(self, now: float) -> float | None:
        """When this scene next needs an update: None while it animates (every frame),
        else the time (``App.now`` seconds) of its next scheduled change, ``math.inf``
        for none. While every scene and hook has one, the loop sleeps on the event
        queue until the earliest."""
        return math.inf

    def draw(self, surface: pygame.Surface, full: bool) -> list[pygame.Rect] | None:
        """Draw; return the changed rects, or None when the whole surface changed.

        ``full``: everything must be drawn (first frame, resize, a scene above closed).
        """
        return None

    def shown(self) -> None:
        """What this scene drew is on the screen: work that frame did not need may start."""

    def relayout(self) -> None:
        """The window size or the language changed."""

    @property
    def changed(self) -> bool:
        """Whether the scene looks different since it was last drawn (asked of overlays)."""
        return True


class Overlay(Scene):
    """A panel over the dimmed scenes below: redrawn whole, and only when it changed."""

    dim_alpha = 120

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self._dirty = True

    @property
    def changed(self) -> bool:
        return self._dirty

    def draw(self, surface: pygame.Surface, full: bool) -> list[pygame.Rect] | None:
        if not (full or self._dirty):
            return []
        self._dirty = False
        from crescent.ui import render

        render.dim(surface, self.dim_alpha)
        self.draw_panel(surface)
        return None

    def draw_panel(self, surface: pygame.Surface) -> None:
        """Draw the overlay's own panel (the table under it is already dimmed)."""
