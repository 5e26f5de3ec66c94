"""The one adapter from pygame's event queue to the game's own events.

This is the only caller of ``pygame.event.get()``. Mouse and finger events
become pointer events in table (window) pixels; mouse events that SDL
synthesises from touches are dropped, since the finger events carry them.
Keys become :class:`crescent.control.input.KeyPress`. Window events become
:class:`WindowEvent`.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from crescent.control.input import Event, KeyPress, PointerDown, PointerMove, PointerUp


@dataclass(frozen=True, slots=True)
class WindowEvent:
    """``kind``: "quit", "resize", "focus_lost", "focus_gained", "minimised",
    "restored", "exposed"; size for "resize"."""

    kind: str
    size: tuple[int, int] = (0, 0)


@dataclass(frozen=True, slots=True)
class TextInput:
    text: str


@dataclass(frozen=True, slots=True)
class Wheel:
    """A mouse wheel turn: ``notches`` > 0 scrolls up (towards the top)."""

    notches: float


GameEvent = Event | WindowEvent | TextInput | Wheel

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
    pygame.K_PAGEUP: "page up",
    pygame.K_PAGEDOWN: "page down",
    pygame.K_HOME: "home",
    pygame.K_END: "end",
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
    if t == pygame.MOUSEWHEEL:
        return Wheel(float(getattr(ev, "precise_y", ev.y)))
    if t == pygame.TEXTINPUT:
        return TextInput(ev.text)
    if t == pygame.QUIT or t == pygame.WINDOWCLOSE:
        return WindowEvent("quit")
    if t == pygame.WINDOWSIZECHANGED:
        return WindowEvent("resize", (int(ev.x), int(ev.y)))
    if t == pygame.WINDOWFOCUSLOST:
        return WindowEvent("focus_lost")
    if t == pygame.WINDOWFOCUSGAINED:
        return WindowEvent("focus_gained")
    if t == pygame.WINDOWMINIMIZED:
        return WindowEvent("minimised")
    if t == pygame.WINDOWRESTORED:
        return WindowEvent("restored")
    if t == pygame.WINDOWEXPOSED:
        return WindowEvent("exposed")
    return None


class PygameEvents:
    """The real event source: drains pygame's queue once per frame."""

    def poll(self, window_size: tuple[int, int]) -> list[GameEvent]:
        out: list[GameEvent] = []
        for ev in pygame.event.get():
            g = translate(ev, window_size)
            if g is not None:
                out.append(g)
        return out
