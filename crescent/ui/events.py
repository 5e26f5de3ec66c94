"""The one adapter from pygame's event queue to the game's own events.

This is the only caller of ``pygame.event.get()`` and ``pygame.event.wait()``.
Mouse and finger events become pointer events in table (window) pixels; mouse events that SDL
synthesises from touches are dropped, since the finger events carry them.
Keys become :class:`crescent.control.input.KeyPress`. Window events become
:class:`~crescent.control.input.WindowEvent` (the game's events are defined,
pygame-free, in :mod:`crescent.control.input`; they are re-exported here).
"""

from __future__ import annotations

import math
import os
import sys
import time
from collections.abc import Callable
from types import ModuleType
from typing import cast

import pygame

from crescent.control.input import (
    GameEvent,
    KeyPress,
    PointerDown,
    PointerMove,
    PointerUp,
    TextInput,
    Wheel,
    WindowEvent,
    WindowKind,
)

_touch: ModuleType | None
"""SDL's touch devices: pygame-ce's module, outside its documented API."""
try:
    from pygame._sdl2 import touch

    _touch = touch
except ImportError:  # a pygame without it: fingers are counted by their events alone
    _touch = None

__all__ = ["GameEvent", "PygameEvents", "TextInput", "Wheel", "WindowEvent", "translate"]

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


_WINDOW_KINDS = {
    pygame.WINDOWFOCUSLOST: WindowKind.FOCUS_LOST,
    pygame.WINDOWFOCUSGAINED: WindowKind.FOCUS_GAINED,
    pygame.WINDOWMINIMIZED: WindowKind.MINIMISED,
    pygame.WINDOWHIDDEN: WindowKind.HIDDEN,
    pygame.WINDOWRESTORED: WindowKind.RESTORED,
    pygame.WINDOWEXPOSED: WindowKind.EXPOSED,
    pygame.WINDOWLEAVE: WindowKind.LEFT,
}


def translate(
    ev: pygame.event.Event, window_size: tuple[int, int], first: bool = False
) -> GameEvent | None:
    """One pygame event as a game event, or None if the game ignores it.

    ``first``: a finger-down event with no other finger on the screen.
    """
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
            return PointerDown(x, y, pointer, first)
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
        return WindowEvent(WindowKind.QUIT)
    if t == pygame.WINDOWSIZECHANGED:
        return WindowEvent(WindowKind.RESIZE, (int(ev.x), int(ev.y)))
    kind = _WINDOW_KINDS.get(t)
    return WindowEvent(kind) if kind is not None else None


class Fingers:
    """Which fingers are down, to tell a first finger from a second one.

    A release lost with the window's focus would leave a finger "down" for
    ever: leaving the window or losing focus forgets them all, and SDL's own
    count (when the touch device is real) has the last word.
    """

    def __init__(self) -> None:
        self.down: set[int] = set()

    def see(self, ev: pygame.event.Event) -> bool:
        """Note ``ev``; True for a finger-down with no other finger down."""
        t = ev.type
        if t in (pygame.WINDOWFOCUSLOST, pygame.WINDOWLEAVE):
            self.down.clear()
        elif t == pygame.FINGERUP:
            self.down.discard(int(ev.finger_id))
        elif t == pygame.FINGERDOWN:
            finger = int(ev.finger_id)
            first = not (self.down - {finger}) or _sdl_fingers(ev) == 1
            self.down.add(finger)
            return first
        return False


def _sdl_fingers(ev: pygame.event.Event) -> int | None:
    """How many fingers SDL sees on the event's touch device (None: unknown)."""
    if _touch is None:
        return None
    try:
        return int(_touch.get_num_fingers(ev.touch_id))
    except (pygame.error, AttributeError, TypeError):  # no such device; no touch_id
        return None


class PygameEvents:
    """The real event source: drains pygame's queue once per frame, or sleeps on it."""

    def __init__(self, fingers: Fingers | None = None) -> None:
        self.fingers = fingers or Fingers()

    def poll(self, window_size: tuple[int, int]) -> list[GameEvent]:
        return self._translated(pygame.event.get(), window_size)

    def wait(self, window_size: tuple[int, int], timeout_s: float) -> list[GameEvent]:
        """Sleep until the first event or ``timeout_s``; then the whole queue."""
        if not _sleep_on_queue(timeout_s):
            return []
        return self._translated(pygame.event.get(), window_size)

    def _translated(
        self, raw: list[pygame.event.Event], window_size: tuple[int, int]
    ) -> list[GameEvent]:
        out: list[GameEvent] = []
        for ev in raw:
            g = translate(ev, window_size, self.fingers.see(ev))
            if g is not None:
                out.append(g)
        return out


# -- sleeping on the queue -------------------------------------------------------------

_BLOCKING_DRIVERS = frozenset({"x11", "wayland", "windows", "cocoa"})
"""Video drivers whose SDL_WaitEventTimeout sleeps in the system until an event
(elsewhere, and in pygame's own ``event.wait``, SDL looks every millisecond)."""
_PEEK_S = 1 / 60
"""Elsewhere: look at the queue once a frame (the latency of an input stays one frame)."""

_sdl_wait: Callable[[object, int], int] | bool | None = False
"""SDL_WaitEventTimeout of the SDL pygame runs on; None when it cannot be used; False: not
looked up yet."""


def _find_sdl_wait() -> Callable[[object, int], int] | None:
    """SDL's SDL_WaitEventTimeout from the very library pygame loaded, or None. Looked up
    when the loop first sleeps (ctypes loads libraries as it is imported: not at start)."""
    import ctypes
    import glob

    try:
        if pygame.display.get_driver() not in _BLOCKING_DRIVERS:
            return None
    except pygame.error:
        return None
    candidates: list[str] = []
    if sys.platform.startswith("linux"):
        try:
            with open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
                for line in maps:
                    path = line.rsplit(" ", 1)[-1].strip()
                    name = os.path.basename(path)
                    if name.startswith("libSDL2-2") or name.startswith("libSDL2.so"):
                        candidates.append(path)
                        break
        except OSError:
            pass
    else:
        here = os.path.dirname(pygame.__file__)
        for pattern in ("SDL2.dll", ".dylibs/libSDL2*.dylib", "libSDL2*.dylib"):
            candidates += glob.glob(os.path.join(here, pattern))
    for path in candidates:
        try:
            fn = ctypes.CDLL(path).SDL_WaitEventTimeout
        except (OSError, AttributeError):
            continue
        fn.argtypes = [ctypes.c_void_p, ctypes.c_int]
        fn.restype = ctypes.c_int
        return cast(Callable[[object, int], int], fn)
    return None


def _sleep_on_queue(timeout_s: float) -> bool:
    """Sleep until an event is queued (True) or ``timeout_s`` passed (False)."""
    global _sdl_wait
    if _sdl_wait is False:
        _sdl_wait = _find_sdl_wait()
    if callable(_sdl_wait):
        # The GIL is released meanwhile (ctypes); a NULL event leaves it in the queue.
        return bool(_sdl_wait(None, max(1, math.ceil(timeout_s * 1000))))
    end = time.perf_counter() + timeout_s
    while not pygame.event.peek():
        left = end - time.perf_counter()
        if left <= 0:
            return False
        time.sleep(min(left, _PEEK_S))
    return True
