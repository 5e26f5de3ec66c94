"""The kiosk tells its supervisor it is alive, from its loop: a frozen game gets killed.

Under systemd (``Type=notify`` with ``WatchdogSec=``) this is the ``sd_notify``
protocol, a datagram of ``KEY=value`` lines to the socket named by ``NOTIFY_SOCKET``:
``READY=1`` once the first frame is on screen, then ``WATCHDOG=1`` at half the
interval systemd asks for in ``WATCHDOG_USEC`` (no ``STOPPING=1``: systemd enforces
no watchdog on a unit it is stopping, and a game that exits is simply gone).
Without systemd, ``deploy/crescent-kiosk-loop`` names a heartbeat file in
``CRESCENT_HEARTBEAT``: the loop touches it at the same pace, and the script kills a
kiosk whose file grows old. Both come from the game loop's update, so a loop that is
stuck (a deadlock, a driver hang, SIGSTOP) stops them.
"""

from __future__ import annotations

import contextlib
import logging
import os
import socket
from collections.abc import Mapping
from pathlib import Path
from typing import Final

HEARTBEAT_ENV: Final = "CRESCENT_HEARTBEAT"
HEARTBEAT_S: Final = 5.0
"""How often the heartbeat file is touched when systemd gives no interval."""


def _log() -> logging.Logger:
    return logging.getLogger(__name__)


class Watchdog:
    """Sends ``READY``, then keep-alives no more often than every ``every_s`` seconds."""

    def __init__(self, address: str | None, every_s: float | None, heartbeat: Path | None) -> None:
        self.address = address
        self.every_s = every_s if every_s is not None else HEARTBEAT_S
        self.heartbeat = heartbeat
        self._last: float | None = None
        self._told = False

    @classmethod
    def from_env(cls, environ: Mapping[str, str] = os.environ) -> Watchdog:
        address = environ.get("NOTIFY_SOCKET") or None
        usec = environ.get("WATCHDOG_USEC", "")
        every = int(usec) / 2e6 if usec.isdigit() and int(usec) > 0 else None
        beat = environ.get(HEARTBEAT_ENV)
        return cls(address, every, Path(beat) if beat else None)

    @property
    def active(self) -> bool:
        return self.address is not None or self.heartbeat is not None

    def ready(self, now: float) -> None:
        """The first frame is on screen."""
        self._send("READY=1")
        self._beat(now)

    def alive(self, now: float) -> None:
        """Called from the loop's every update: a keep-alive when one is due (none
        before :meth:`ready`)."""
        if self._last is None or now - self._last < self.every_s:
            return
        self._send("WATCHDOG=1")
        self._beat(now)

    def due(self) -> float | None:
        """When the next keep-alive is due (None: none is sent)."""
        if not self.active or self._last is None:
            return None
        return self._last + self.every_s

    def _beat(self, now: float) -> None:
        self._last = now
        if self.heartbeat is None:
            return
        try:
            self.heartbeat.touch()
        except OSError as e:
            self._trouble(f"heartbeat file {self.heartbeat}: {e}")

    def _send(self, message: str) -> None:
        if self.address is None:
            return
        target = "\0" + self.address[1:] if self.address.startswith("@") else self.address
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as s:
                # Never waits: a supervisor that stopped reading its socket (a full queue)
                # blocked the game's loop, SIGTERM unanswered for 30 s (issue 43).
                s.setblocking(False)
                s.sendto(message.encode(), target)
        except OSError as e:
            self._trouble(f"NOTIFY_SOCKET {self.address}: {e}")

    def _trouble(self, what: str) -> None:
        """Logged once: a supervisor that cannot be told would flood the log."""
        if not self._told:
            self._told = True
            with contextlib.suppress(Exception):
                _log().warning("cannot tell the supervisor the kiosk is alive: %s", what)
