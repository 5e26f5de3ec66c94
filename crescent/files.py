"""Writing a file so that a crash leaves the old file or the new one: ``write_atomic``.

The one atomic writer of the game: the card-picture cache, the operator's CSV
export and any other file the game writes whole go through it. A temporary
file beside the target is written, renamed over it, and removed whatever
goes wrong. ``durable=True`` also fsyncs the file before the rename and the
folder after it (POSIX), so a power cut or a pulled USB stick keeps the new
file; a cache passes ``durable=False``, as losing it costs only a redraw.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_atomic(path: Path, data: bytes, *, durable: bool, mode: int | None = None) -> None:
    """Write ``data`` to ``path`` whole or not at all; ``mode``: its permissions (else the
    temporary file's, 0600: for the player's eyes only).

    Raises OSError when the disk refuses; no temporary file is left behind then.
    """
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            if mode is not None:
                os.chmod(tmp, mode)  # before it is in place: never unreadable there
            f.write(data)
            if durable:
                f.flush()
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    if durable:
        fsync_dir(path.parent)


def fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable, where the system allows it (POSIX)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems cannot fsync a folder; the rename is done anyway
    finally:
        os.close(fd)
