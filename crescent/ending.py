"""The signals that end the game, handled from the first line of ``main`` to the last.

A supervisor's SIGTERM (``systemctl stop``, a shutdown, a plain ``kill``), Ctrl+C, a
closed terminal, SIGQUIT, a user signal or a resource limit's signal
(:data:`ENDING_SIGNALS`) ends the game the same way at any instant: what exists is
saved, one line names the signal, and the process exits 128 + its number. Never 0, the
operator's own exit, which a kiosk's supervisor does not restart.

:func:`install` is the first thing ``main`` does, before pygame is imported: SDL
installs its own SIGINT and SIGTERM handlers (which turn the signal into a quit event,
exit code 0, and a kiosk refuses quit events) only where it finds the default one, and
:data:`SDL_NO_SIGNALS` tells it not to try at all. pygame's "parachute" likewise leaves
a handler that is not the default alone (SIGQUIT would otherwise abort, exit -6).

Two phases, one handler:

- **Starting** (nothing to stop yet): the signal raises :class:`Ended` where the main
  thread is, as Ctrl+C raises ``KeyboardInterrupt``. The start-up's ``finally`` blocks
  close the session (saving what exists) and the folder; ``main`` turns it into the exit
  code and the line.
- **Running** (:meth:`Ending.when_running`): the signal is only recorded and the
  loop is asked to stop; it ends its frame, the game is saved on the way out, and
  ``main`` exits with the code. A second signal changes nothing.
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Callable
from types import FrameType
from typing import Any

ENDING_SIGNALS = (
    "SIGTERM",
    "SIGINT",
    "SIGHUP",
    "SIGQUIT",
    "SIGUSR1",
    "SIGUSR2",
    "SIGALRM",
    "SIGXCPU",
    "SIGVTALRM",
    "SIGPROF",
)
"""The signals that end the game cleanly: the game saved, one line naming the signal,
exit code 128 + its number (SIGHUP 129, SIGINT 130, SIGQUIT 131, SIGUSR1 138, SIGUSR2
140, SIGALRM 142, SIGTERM 143, SIGXCPU 152, SIGVTALRM 154, SIGPROF 155). The game sets
no timer and no CPU limit of its own: the last four come only from outside (an ``alarm``
or a ``ulimit -t`` around it), and would otherwise end it with no line at all. SIGHUP
does not re-read the config: the supervisor's restart does. Those a platform lacks
(Windows) are left out."""

SDL_NO_SIGNALS = "SDL_NO_SIGNAL_HANDLERS"
"""SDL's hint (read from the environment when SDL starts) not to install its own
SIGINT/SIGTERM handlers."""


class Ended(BaseException):
    """An ending signal came during the start: unwinds it like ``KeyboardInterrupt``
    (a ``BaseException``, so no ``except Exception`` on the way swallows it)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


class Ending:
    """The process's ending signals: which came first, and what to do when one comes."""

    def __init__(self) -> None:
        self.signum: int | None = None
        self.previous: dict[int, Any] = {}
        """The handlers :func:`install` replaced, by signal number."""
        self._stop: Callable[[], None] | None = None

    @property
    def exit_code(self) -> int | None:
        """128 + the signal's number once one came; None before."""
        return None if self.signum is None else 128 + self.signum

    @property
    def name(self) -> str:
        """The first signal's name (``SIGTERM``); empty before one came."""
        return "" if self.signum is None else signal.Signals(self.signum).name

    def when_running(self, stop: Callable[[], None]) -> None:
        """From now on a signal calls ``stop`` (ends the loop) instead of raising. A signal
        that came before is acted on at once."""
        self._stop = stop
        if self.signum is not None:
            stop()

    def handle(self, signum: int, frame: FrameType | None = None) -> None:
        """The handler of every ending signal."""
        if self.signum is not None:
            return  # the first one decides; the start or the loop is already ending
        self.signum = signum
        if self._stop is None:
            raise Ended(signum)
        self._stop()


_INSTALLED: list[Ending] = []
"""The process's :class:`Ending` while ``main`` runs (signal handlers are per process)."""


def install() -> Ending:
    """Handle :data:`ENDING_SIGNALS` from now on (and keep SDL's hands off them) until
    :func:`restore`. Outside the main thread (the game embedded in another program)
    signals cannot be set: they are left alone, and the :class:`Ending` never fires."""
    os.environ.setdefault(SDL_NO_SIGNALS, "1")
    ending = Ending()
    with contextlib.suppress(ValueError):
        for name in ENDING_SIGNALS:
            if hasattr(signal, name):
                number = getattr(signal, name)
                ending.previous[number] = signal.signal(number, ending.handle)
    _INSTALLED[:] = [ending]
    return ending


def current() -> Ending:
    """The :class:`Ending` :func:`install` made (a fresh one that never fires if none:
    the game run from a test without ``main``)."""
    return _INSTALLED[0] if _INSTALLED else Ending()


def restore(ending: Ending) -> None:
    """The handlers that were there before :func:`install` (``main`` done: a caller such as
    a test runner gets its process back as it was)."""
    with contextlib.suppress(ValueError, TypeError):
        for number, handler in ending.previous.items():
            signal.signal(number, handler)
    if _INSTALLED and _INSTALLED[0] is ending:
        _INSTALLED.clear()
