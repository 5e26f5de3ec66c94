"""The kiosk's watch on its X display: a lost display is logged, then the process exits.

Xlib ends a process on its own when the X connection breaks (the X server was
killed or restarted, ``xdotool windowkill``) or when a request fails (the
window was destroyed under the game, ``xdotool windowclose``): it prints to
stderr and calls ``exit(1)``, and nothing reaches ``crescent.log``. Here the
kiosk installs its own Xlib error handlers (through ctypes, after SDL opened
the display): they write one line to the log, save the game if they can, and
exit with :data:`~crescent.game_main.EXIT_NO_DISPLAY`, so the supervisor
restarts the kiosk.

SDL catches the X errors it expects with handlers of its own around the calls
that may raise them, and puts the previous handler (this one) back; an error
reaching this handler would have ended the process anyway (SDL's own safety
net hands it to Xlib's default handler, which exits).

Only under SDL's x11 driver with libX11 loadable; elsewhere nothing happens.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import os
from collections.abc import Callable

import pygame

from crescent import logs

__all__ = ["EXIT_DISPLAY_LOST", "watch_display"]

EXIT_DISPLAY_LOST = 3
"""Same as :data:`crescent.game_main.EXIT_NO_DISPLAY` (kept here: no import cycle)."""


def _log() -> logging.Logger:
    return logs.get("crescent.kiosk")


class _XErrorEvent(ctypes.Structure):
    _fields_ = (
        ("type", ctypes.c_int),
        ("display", ctypes.c_void_p),
        ("resourceid", ctypes.c_ulong),
        ("serial", ctypes.c_ulong),
        ("error_code", ctypes.c_ubyte),
        ("request_code", ctypes.c_ubyte),
        ("minor_code", ctypes.c_ubyte),
    )


_IOHandler = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p)
_ErrorHandler = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.POINTER(_XErrorEvent))
_keep: list[object] = []
"""The installed C callbacks: they must outlive the call that installs them."""


def _finish(message: str, save: Callable[[], None]) -> None:
    _log().error("%s: exit code %d", message, EXIT_DISPLAY_LOST)
    logs.flush()
    try:
        save()
    # Whatever the save raises (the disk, the database, a bug), the process must still
    # leave with its exit code below: this runs inside Xlib's callback, where an escaping
    # exception would be printed and dropped and Xlib would exit(1) unlogged.
    except Exception:  # noqa: BLE001
        _log().exception("could not save the game while leaving")
    logs.flush()
    logs.end_crash_file()  # os._exit runs no finally: no empty crash file left behind
    os._exit(EXIT_DISPLAY_LOST)


def watch_display(save: Callable[[], None]) -> bool:
    """Log and exit (after ``save``) when the X display is lost or the window destroyed.

    Returns True when the handlers are installed (the x11 driver and libX11 found).
    """
    if pygame.display.get_driver() != "x11":
        return False
    name = ctypes.util.find_library("X11") or "libX11.so.6"
    try:
        xlib = ctypes.CDLL(name)
    except OSError:
        return False

    def io_error(display: int | None) -> int:
        _finish("the X display was lost (X server gone or the window killed)", save)
        return 0

    def x_error(display: int | None, event: ctypes._Pointer[_XErrorEvent]) -> int:
        e = event.contents
        _finish(
            f"X error {e.error_code} (request {e.request_code}): the window was closed "
            "or destroyed by somebody else",
            save,
        )
        return 0

    io_cb = _IOHandler(io_error)
    err_cb = _ErrorHandler(x_error)
    xlib.XSetIOErrorHandler.restype = ctypes.c_void_p
    xlib.XSetIOErrorHandler.argtypes = (_IOHandler,)
    xlib.XSetErrorHandler.restype = ctypes.c_void_p
    xlib.XSetErrorHandler.argtypes = (_ErrorHandler,)
    xlib.XSetIOErrorHandler(io_cb)
    xlib.XSetErrorHandler(err_cb)
    _keep[:] = [xlib, io_cb, err_cb]
    return True


class _XWindowAttributes(ctypes.Structure):
    _fields_ = (
        ("x", ctypes.c_int),
        ("y", ctypes.c_int),
        ("width", ctypes.c_int),
        ("height", ctypes.c_int),
        ("border_width", ctypes.c_int),
        ("depth", ctypes.c_int),
        ("visual", ctypes.c_void_p),
        ("root", ctypes.c_ulong),
        ("c_class", ctypes.c_int),
        ("bit_gravity", ctypes.c_int),
        ("win_gravity", ctypes.c_int),
        ("backing_store", ctypes.c_int),
        ("backing_planes", ctypes.c_ulong),
        ("backing_pixel", ctypes.c_ulong),
        ("save_under", ctypes.c_int),
        ("colormap", ctypes.c_ulong),
        ("map_installed", ctypes.c_int),
        ("map_state", ctypes.c_int),
        ("all_event_masks", ctypes.c_long),
        ("your_event_mask", ctypes.c_long),
        ("do_not_propagate_mask", ctypes.c_long),
        ("override_redirect", ctypes.c_int),
        ("screen", ctypes.c_void_p),
    )


_IS_VIEWABLE = 2


class WindowProbe:
    """Asks the X server (on a connection of its own) whether the game's window can be
    seen: a window manager that iconifies it by unmapping its frame tells SDL nothing."""

    def __init__(self) -> None:
        self._xlib: ctypes.CDLL | None = None
        self._display: int | None = None
        self._window = 0
        if pygame.display.get_driver() != "x11":
            return
        window = pygame.display.get_wm_info().get("window")
        name = ctypes.util.find_library("X11") or "libX11.so.6"
        try:
            xlib = ctypes.CDLL(name)
        except OSError:
            return
        xlib.XOpenDisplay.restype = ctypes.c_void_p
        xlib.XOpenDisplay.argtypes = (ctypes.c_char_p,)
        xlib.XGetWindowAttributes.argtypes = (
            ctypes.c_void_p,
            ctypes.c_ulong,
            ctypes.POINTER(_XWindowAttributes),
        )
        xlib.XTranslateCoordinates.argtypes = (
            ctypes.c_void_p,
            ctypes.c_ulong,
            ctypes.c_ulong,
            ctypes.c_int,
            ctypes.c_int,
            ctypes.POINTER(ctypes.c_int),
            ctypes.POINTER(ctypes.c_int),
            ctypes.POINTER(ctypes.c_ulong),
        )
        xlib.XQueryTree.argtypes = (
            ctypes.c_void_p,
            ctypes.c_ulong,
            ctypes.POINTER(ctypes.c_ulong),
            ctypes.POINTER(ctypes.c_ulong),
            ctypes.POINTER(ctypes.c_void_p),
            ctypes.POINTER(ctypes.c_uint),
        )
        xlib.XFree.argtypes = (ctypes.c_void_p,)
        xlib.XReparentWindow.argtypes = (
            ctypes.c_void_p,
            ctypes.c_ulong,
            ctypes.c_ulong,
            ctypes.c_int,
            ctypes.c_int,
        )
        xlib.XFlush.argtypes = (ctypes.c_void_p,)
        display = xlib.XOpenDisplay(None)
        if not display or not isinstance(window, int):
            return
        self._xlib, self._display, self._window = xlib, display, window

    def hidden(self) -> bool:
        """True when the window is not viewable (minimised, unmapped); False if unknown."""
        if self._xlib is None or self._display is None:
            return False
        attrs = _XWindowAttributes()
        if not self._xlib.XGetWindowAttributes(self._display, self._window, ctypes.byref(attrs)):
            return False
        return bool(attrs.map_state != _IS_VIEWABLE)

    def geometry(self) -> tuple[int, int, int, int] | None:
        """(x, y, width, height) of the window on the screen, as the X server has it
        (another client may have moved it without SDL noticing); None if unknown."""
        if self._xlib is None or self._display is None:
            return None
        attrs = _XWindowAttributes()
        if not self._xlib.XGetWindowAttributes(self._display, self._window, ctypes.byref(attrs)):
            return None
        x, y, child = ctypes.c_int(), ctypes.c_int(), ctypes.c_ulong()
        if not self._xlib.XTranslateCoordinates(
            self._display, self._window, attrs.root, 0, 0, x, y, ctypes.byref(child)
        ):
            return None
        return x.value, y.value, attrs.width, attrs.height

    def _tree(self) -> tuple[int, int] | None:
        """(root, parent) of the window; None if unknown."""
        if self._xlib is None or self._display is None:
            return None
        root, parent, children, count = (
            ctypes.c_ulong(),
            ctypes.c_ulong(),
            ctypes.c_void_p(),
            ctypes.c_uint(),
        )
        if not self._xlib.XQueryTree(
            self._display,
            self._window,
            ctypes.byref(root),
            ctypes.byref(parent),
            ctypes.byref(children),
            ctypes.byref(count),
        ):
            return None
        if children.value:
            self._xlib.XFree(children)
        return root.value, parent.value

    def parent(self) -> int | None:
        """The window's parent now (the root, or a window manager's frame); None if
        unknown."""
        tree = self._tree()
        return tree[1] if tree is not None else None

    def take_back(self, home: int | None) -> bool:
        """Another client put the window inside a window of its own (its parent is no
        longer ``home``, the parent it had when last seen in place): back on the root
        window (a window manager frames it again). A window inside another one goes
        with it when that one is closed. True when it was taken back."""
        tree = self._tree()
        if tree is None or home is None or tree[1] == home or self._xlib is None:
            return False
        self._xlib.XReparentWindow(self._display, self._window, tree[0], 0, 0)
        self._xlib.XFlush(self._display)
        return True
