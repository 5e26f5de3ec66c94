"""The one-file build dies with its launcher.

PyInstaller's one-file executable is two processes: the launcher unpacks the game into
a temporary folder (``/tmp/_MEI…``), starts the game as its child and removes the
folder when the game ends. A launcher killed with ``kill -9`` can do neither: the
game, its search worker and multiprocessing's resource tracker ran on as orphans,
holding the data folder's lock, and the 64 MB folder stayed (issue 43). So in the
one-file build the game asks the kernel (Linux ``prctl(PR_SET_PDEATHSIG)``) for
SIGTERM when its parent ends: it saves and exits like any SIGTERM (exit 143); its
worker and the resource tracker end when the game's pipes close; and as it leaves, the
game removes the folder its launcher could not (:func:`die_with_parent`). The kiosk
runs from a virtual environment all the same (KIOSK.md), and the restart loop kills
the whole process group.
"""

from __future__ import annotations

import atexit
import os
import shutil
import signal
import sys
from pathlib import Path
from typing import Final

PR_SET_PDEATHSIG: Final = 1


def one_file_build() -> bool:
    """Running from PyInstaller's one-file executable: its files were unpacked into a
    temporary folder (one-folder builds keep them beside the executable)."""
    unpacked = getattr(sys, "_MEIPASS", None)
    if not getattr(sys, "frozen", False) or not isinstance(unpacked, str):
        return False
    folder = Path(unpacked).resolve()
    return Path(sys.executable).resolve().parent not in (folder, folder.parent)


def die_with_parent(signum: int = signal.SIGTERM) -> bool:
    """Have ``signum`` sent to this process when its parent ends (at once if it already
    has). Linux only; False where it cannot be asked."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes  # here: importing ctypes opens libraries (a pure module does nothing)

    parent = os.getppid()
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        asked = bool(libc.prctl(PR_SET_PDEATHSIG, int(signum), 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False
    if asked:
        # Registered first, so run last: after the game saved and ended its worker.
        atexit.register(_remove_unpacked_if_orphaned, parent)
    if asked and os.getppid() != parent:
        os.kill(os.getpid(), signum)  # the parent ended before the kernel was asked
    return asked


def _remove_unpacked_if_orphaned(launcher: int) -> None:
    """The launcher is gone (killed): the folder it unpacked the game into is removed
    here, as the game leaves (the launcher removes it after a normal end)."""
    unpacked = getattr(sys, "_MEIPASS", None)
    if os.getppid() == launcher or not isinstance(unpacked, str):
        return
    if Path(unpacked).name.startswith("_MEI"):  # PyInstaller's, never another folder
        shutil.rmtree(unpacked, ignore_errors=True)
