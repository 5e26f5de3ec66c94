"""The one adapter from pygame's event queue to the game's own events.

This is the only caller of ``pygame.event.get()``. Mouse and finger events
become pointer events in table (window) pixels; mouse events that SDL
synthesises from touches are dropped, since the finger events carry them.
Keys become :class:`crescent.control.input.KeyPress`. Window events become
:class:`~crescent.control.input.WindowEvent` (the game's events are defined,
pygame-free, in :mod:`crescent.control.input`; they are re-exported here).
"""

from __future__ import annotations

import pygame

from crescent.control.input import (
    GameEvent,
    KeyPress,
    PointerDown,
    PointerMove,
    PointerUp,
    TextInput,
    WindowEvent,
    WindowKind,
)

__all__ = ["GameEvent", "PygameEvents", "TextInput", "WindowEvent", "translate"]

_KEY_NAMES = {
    pygame.K_LEFT: "left",
    pygame.K_RIGHT: "right",
    pygame.K_UP: "up",
    pygame.K_DOWN: "down",
    pygame.K_TAB: "tab",
    pygame.K_RETURN: "return",
    pygame.K_KP_ENTER: "return",
    pygame.K_SPACE: "space",
    pygame.K_ESCAPE: "escape",
    pygame.K_BACKSPACE: "backspace",
    pygame.K_DELETE: "delete",
    pygame.K_F4: "f4",
    pygame.K_F11: "f11",
}


_WINDOW_KINDS = {
    pygame.WINDOWFOCUSLOST: WindowKind.FOCUS_LOST,
    pygame.WINDOWFOCUSGAINED: WindowKind.FOCUS_GAINED,
    pygame.WINDOWMINIMIZED: WindowKind.MINIMISED,
    pygame.WINDOWRESTORED: WindowKind.RESTORED,
    pygame.WINDOWEXPOSED: WindowKind.EXPOSED,
}


def translate(ev: pygame.event.Event, window_size: tuple[int, int]) -> GameEvent | None:
    """One pygame event as a game event, or None if the game ignores it."""
    t = ev.type
    if t == pygame.MOUSEBUTTONDOWN or t == pygame.MOUSEBUTTONUP:
        if getattr(ev, "touch", False) or ev.button != 1:
            return None
        x, y = ev.pos
        return PointerDown(x, y, 0) if t == pygame.MOUSEBUTTONDOWN else PointerUp(x, y, 0)
    if t == pygame.MOUSEMOTION:
        if getattr(ev, "touch", False):
            return None
        x, y = ev.pos
        return PointerMove(x, y, 0)
    if t in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP):
        w, h = window_size
        x, y = ev.x * w, ev.y * h
        pointer = int(ev.finger_id) + 1
        if t == pygame.FINGERDOWN:
            return PointerDown(x, y, pointer)
        if t == pygame.FINGERUP:
            return PointerUp(x, y, pointer)
        return PointerMove(x, y, pointer)
    if t == pygame.KEYDOWN:
        mods = ev.mod
        name = _KEY_NAMES.get(ev.key) or pygame.key.name(ev.key).lower()
        return KeyPress(
            name,
            ctrl=bool(mods & pygame.KMOD_CTRL),
            shift=bool(mods & pygame.KMOD_SHIFT),
            alt=bool(mods & pygame.KMOD_ALT),
        )
    if t == pygame.TEXTINPUT:
        return TextInput(ev.text)
    if t == pygame.QUIT or t == pygame.WINDOWCLOSE:
        return WindowEvent(WindowKind.QUIT)
    if t == pygame.WINDOWSIZECHANGED:
        return WindowEvent(WindowKind.RESIZE, (int(ev.x), int(ev.y)))
    kind = _WINDOW_KINDS.get(t)
    return WindowEvent(kind) if kind is not None else None


class PygameEvents:
    """The real event source: drains pygame's queue once per frame."""

    def poll(self, window_size: tuple[int, int]) -> list[GameEvent]:
        out: list[GameEvent] = []
        for ev in pygame.event.get():
            g = translate(ev, window_size)
            if g is not None:
                out.append(g)
        return out
