"""One process per data folder: :class:`FolderLock`.

Pure module (no pygame, nothing at import time). The lock is the system's, so
that it is released however the process ends (``kill -9`` included):

- POSIX: ``flock`` on the folder itself;
- Windows: ``msvcrt.locking`` on a byte of ``crescent.lock`` in the folder;
- where neither works (``flock`` refused by some network file systems): the
  file ``crescent.lock`` made with ``O_EXCL``, holding the owner's host and pid. A
  second process finds it and is refused while that pid lives on this host; the
  lock of a process that died (same host, pid gone) is taken over. A lock of
  another host cannot be checked: refused, with the file to remove named.

Never unlocked: a folder that none of these can lock is refused (:class:`FolderBusy`
says why), so two processes never share it.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Final

fcntl: ModuleType | None
msvcrt: ModuleType | None
try:
    import fcntl
except ImportError:  # Windows
    fcntl = None
try:
    import msvcrt
except ImportError:  # POSIX
    msvcrt = None

__all__ = ["LOCK_FILE", "FolderBusy", "FolderLock"]

LOCK_FILE: Final = "crescent.lock"
"""The lock file (Windows, and file systems without ``flock``)."""


class FolderBusy(Exception):
    """Another process of the game has this data folder open (or it cannot be locked)."""


@dataclass(slots=True)
class _Held:
    release: Callable[[], None]
    users: int = 1


_HELD: dict[tuple[int, int], _Held] = {}
"""Folders this process has locked, by (device, inode). Several stores of one process may
share a folder (tests, a read-write and a trial store)."""
_HELD_LOCK = threading.Lock()


class FolderLock:
    """An exclusive lock on the data folder, held while the process uses it."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._key: tuple[int, int] | None = None

    def acquire(self) -> None:
        """FolderBusy if another process holds it (or it cannot be locked); OSError if the
        folder cannot be opened."""
        if self._key is not None:
            return
        st = os.stat(self.root)
        key = (st.st_dev, st.st_ino)
        with _HELD_LOCK:
            held = _HELD.get(key)
            if held is not None:
                held.users += 1
                self._key = key
                return
            _HELD[key] = _Held(_lock(self.root))
            self._key = key

    def release(self) -> None:
        key, self._key = self._key, None
        if key is None:
            return
        with _HELD_LOCK:
            held = _HELD.get(key)
            if held is None:
                return
            held.users -= 1
            if held.users == 0:
                del _HELD[key]
                held.release()


def _busy(root: Path) -> FolderBusy:
    return FolderBusy(f"another Crescent is using the data folder {root}")


def _lock(root: Path) -> Callable[[], None]:
    """Lock ``root``; the function that unlocks it."""
    if fcntl is not None:
        fd = os.open(root, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise _busy(root) from None
        except OSError:
            os.close(fd)  # no flock on this file system: the pid file instead
            return _pid_lock(root)
        return lambda: os.close(fd)
    if msvcrt is not None:
        return _msvcrt_lock(root, msvcrt)
    return _pid_lock(root)


def _msvcrt_lock(root: Path, module: ModuleType) -> Callable[[], None]:
    """Windows: lock the first byte of the lock file (released by the system at exit)."""
    fd = os.open(root / LOCK_FILE, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o600)
    try:
        module.locking(fd, module.LK_NBLCK, 1)
    except OSError:
        os.close(fd)
        raise _busy(root) from None

    def unlock() -> None:
        with contextlib.suppress(OSError):
            os.lseek(fd, 0, os.SEEK_SET)
            module.locking(fd, module.LK_UNLCK, 1)
        os.close(fd)

    return unlock


def _host() -> str:
    import socket  # only where flock is refused (otherwise a start would pay for it)

    return socket.gethostname()


def _owner() -> str:
    return f"{_host()} {os.getpid()}\n"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists, owned by someone else
    return True


def _pid_lock(root: Path) -> Callable[[], None]:
    """The lock file with this process's host and pid, made with ``O_EXCL``; a dead
    owner's (same host) is taken over, a live or unknown one refuses."""
    path = root / LOCK_FILE
    for _ in range(3):
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            _take_if_stale(path, root)
            continue
        try:
            os.write(fd, _owner().encode())
            os.fsync(fd)
        finally:
            os.close(fd)
        mine = _owner()
        return lambda: _remove_if_mine(path, mine)
    raise _busy(root)


def _read(path: Path) -> str | None:
    try:
        with open(path, "rb") as f:
            return f.read(200).decode("ascii", "replace")
    except FileNotFoundError:
        return None


def _take_if_stale(path: Path, root: Path) -> None:
    """Remove the lock file of a dead process of this host; FolderBusy when its owner may
    be alive."""
    text = _read(path)
    if text is None:
        return  # just released
    host, _, pid_text = text.strip().partition(" ")
    if host != _host() or not pid_text.isdigit():
        raise FolderBusy(
            f"the data folder {root} is locked by {LOCK_FILE} ({text.strip()[:80]!r}), "
            "which cannot be checked from here: if no Crescent uses it, remove that file"
        )
    pid = int(pid_text)
    if pid == os.getpid() or _alive(pid):
        raise _busy(root)
    # Its owner is gone: moved away (atomic), then made sure it was the dead one's (a
    # process that took it over meanwhile gets its lock back, and this one waits its turn).
    aside = path.with_name(f"{LOCK_FILE}.{os.getpid()}.stale")
    try:
        os.replace(path, aside)
    except FileNotFoundError:
        return
    if _read(aside) != text:
        with contextlib.suppress(OSError):
            os.link(aside, path)
        with contextlib.suppress(OSError):
            os.unlink(aside)
        raise _busy(root)
    with contextlib.suppress(OSError):
        os.unlink(aside)


def _remove_if_mine(path: Path, mine: str) -> None:
    if _read(path) == mine:
        with contextlib.suppress(OSError):
            os.unlink(path)
