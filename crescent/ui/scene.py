"""Scenes: the table and the overlays above it, each with an explicit lifecycle, and the
:class:`Host` they are given: the part of the app a scene may use.

A scene never sees the app itself. It draws with the host's fonts, art and layout,
reads the session through it, and asks it to push or pop a scene, to open a screen by
name (:class:`Screen`; :mod:`crescent.ui.navigation` knows which scene that is) or to
change a setting.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

import pygame

from crescent.control.input import GameEvent
from crescent.control.layout import TableLayout
from crescent.i18n.translator import Translator
from crescent.play.session import Session
from crescent.rules.modes import HudItem
from crescent.themes import Theme
from crescent.ui import render
from crescent.ui.cards import CardArt
from crescent.ui.sound import SoundBoard
from crescent.ui.window import Options

if TYPE_CHECKING:
    # Imported when the fans are on (window.table_layout): a start does not need it.
    from crescent.control.fan import Fan

    # Imported when speech is on (App.change_setting): a start without it does not load it.
    from crescent.i18n.speech import Announcer


class Screen(enum.Enum):
    """The screens and dialogs a scene may ask the host to open."""

    SETTINGS = enum.auto()
    RULES = enum.auto()
    CODE = enum.auto()
    STATS = enum.auto()
    WON = enum.auto()
    """The cascade of the won game's foundations, then its summary."""
    BLOCKED = enum.auto()
    """No move left and no redeal: undo or a new game."""
    LOST = enum.auto()
    """The hint found the position cannot be won."""
    LEVELS_END = enum.auto()
    """Levels game: a level completed, the game won or over."""
    ABANDON = enum.auto()
    """New game asked with moves played: confirm the loss."""
    REDEAL = enum.auto()
    """Confirm a redeal (the levels game: a shuffle) while moves remain."""
    RESET_STATS = enum.auto()
    """Confirm a reset of the statistics."""
    RESTART = enum.auto()
    """Restart this deal with moves played: confirm the loss."""
    PAUSE = enum.auto()
    """The table covered, the clock stopped, until Resume."""
    LEVELS_INTRO = enum.auto()
    """The levels game in one screen (from the "?" screen's "In brief")."""
    CREDITS = enum.auto()
    """The card artist, the fonts and the libraries (from Settings and the rules)."""
    QUIT = enum.auto()
    """Leave the game (the desktop's Quit; refused in the kiosk)."""


class Kit(Protocol):
    """What a scene draws with: the words, the fonts, the card art, where things go."""

    @property
    def tr(self) -> Translator: ...

    @property
    def fonts(self) -> render.Fonts: ...

    @property
    def theme(self) -> Theme:
        """The table's colours (the settings', or ``--theme``'s for this run)."""
        ...

    @property
    def art(self) -> CardArt: ...

    @property
    def options(self) -> Options: ...

    @property
    def layout(self) -> TableLayout: ...

    @property
    def fan(self) -> Fan | None:
        """The fans of "Show whole piles", when it is on (and the window holds them)."""
        ...

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def hud_items(self) -> tuple[HudItem, ...]: ...


class Host(Protocol):
    """What a scene may use of the app: what it draws, plays and says with, the session,
    the scene stack, the screens by name, and one way to change a setting."""

    @property
    def kit(self) -> Kit:
        """What it draws with."""
        ...

    @property
    def sound(self) -> SoundBoard: ...

    @property
    def announcer(self) -> Announcer | None:
        """What speech says, when it is on (None: off)."""
        ...

    @property
    def now(self) -> float:
        """The loop's clock (seconds) as of this frame."""
        ...

    @property
    def session(self) -> Session: ...

    @property
    def scenes(self) -> Sequence[Scene]:
        """The scene stack, the table first (it never closes), the top one last."""
        ...

    def push(self, scene: Scene) -> None: ...

    def pop(self, scene: Scene | None = None) -> None:
        """Close ``scene`` (the top one when None); the table never closes."""
        ...

    def open(self, screen: Screen) -> None: ...

    def new_game(self, code: str | None = None) -> None: ...

    def clock_runs(self) -> bool:
        """The game's clock runs (the table on top, the window in use)."""
        ...

    def change_setting(self, name: str, value: object) -> None:
        """Set the setting ``name`` to ``value``, save it and apply its effect (a new
        layout, a repaint, the voice...)."""
        ...


class Scene:
    """One screen or overlay. ``draw`` never changes game state."""

    opaque = False
    """An opaque scene hides the scenes under it (they are not drawn)."""
    holds_clock = False
    """While this scene is open the game's clock stops (see ``App.clock_runs``)."""

    def __init__(self, host: Host) -> None:
        self.host = host

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

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self._dirty = True

    @property
    def changed(self) -> bool:
        return self._dirty

    def draw(self, surface: pygame.Surface, full: bool) -> list[pygame.Rect] | None:
        if not (full or self._dirty):
            return []
        self._dirty = False
        render.dim(surface, self.dim_alpha)
        self.draw_panel(surface)
        return None

    def draw_panel(self, surface: pygame.Surface) -> None:
        """Draw the overlay's own panel (the table under it is already dimmed)."""
