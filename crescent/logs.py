"""The game's log: a small rotating file, ``crescent.log`` in the data folder.

Records go through the standard library's :mod:`logging`, under the ``crescent``
logger (``crescent.play.storage``, ``crescent.kiosk.core``...), and no personal data
is logged. :func:`setup` only names the folder, and :func:`get` -- the one way the game's
modules reach a logger -- gives the ``crescent`` logger its file. The file and its folder
are created with the first record: a run that logs nothing leaves the data folder as it
was. The rotating file handler is made then too: :mod:`logging.handlers` (it brings
``socket`` and ``pickle``) is an import cost that a start logging nothing saves.
"""

from __future__ import annotations

import contextlib
import faulthandler
import logging
import os
import stat
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

ROOT = "crescent"
FILE_NAME = "crescent.log"
CRASH_FILE_NAME = "crescent-crash.log"
"""Where a fatal error in C code (a segfault, an abort) writes the Python traceback of
every thread (:func:`crash_file`); the next start copies it into the log."""
CRASH_TEXT_MAX = 64_000
MAX_BYTES = 256_000
BACKUPS = 3

_lock = threading.Lock()
_folder: list[Path] = []
"""The data folder named by :func:`setup` (none: records are not written to a file)."""
_crash: list[tuple[Path, IO[str]]] = []
"""The crash file :func:`crash_file` watches with, while it does."""


def setup(data_dir: Path) -> None:
    """Log to ``data_dir/crescent.log`` from the first record on (nothing is done now)."""
    with _lock:
        _folder[:] = [data_dir]


def folder() -> Path | None:
    """The folder :func:`setup` named, or None: records go nowhere yet."""
    with _lock:
        return _folder[0] if _folder else None


def get(name: str = ROOT) -> logging.Logger:
    """The logger ``name`` (under ``crescent``), its records written to the log file."""
    root = logging.getLogger(ROOT)
    with _lock:
        if _folder and not any(isinstance(h, _LazyLogFile) for h in root.handlers):
            handler = _LazyLogFile(_folder[0] / FILE_NAME)
            handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
            root.addHandler(handler)
            root.setLevel(logging.INFO)
    return logging.getLogger(name)


def flush() -> None:
    """Write out what the log holds (before the process may be killed)."""
    for handler in logging.getLogger(ROOT).handlers:
        handler.flush()


class _LazyLogFile(logging.Handler):
    """The log file at ``path``: the rotating file handler is made with the first record."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self._path = path
        self._file: logging.Handler | None = None

    def emit(self, record: logging.LogRecord) -> None:
        if self._file is None:
            self._file = _rotating(self._path)
            self._file.setFormatter(self.formatter)
        self._file.handle(record)

    def flush(self) -> None:
        if self._file is not None:
            self._file.flush()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
        super().close()


def _rotating(path: Path) -> logging.Handler:
    """A small rotating log at ``path``, opened on the first record."""
    import logging.handlers  # not a start's that logs nothing (the module docstring)

    class LogFile(logging.handlers.RotatingFileHandler):
        _told = False
        """The player was told once that the log cannot be written."""

        def _open(self) -> Any:
            file = Path(self.baseFilename)
            file.parent.mkdir(parents=True, exist_ok=True)
            if file.exists() and not file.is_file():
                # A FIFO would block the game on open; a folder cannot be written.
                raise IsADirectoryError(f"{file.name} is not a regular file")
            return super()._open()

        def handleError(self, record: logging.LogRecord) -> None:
            # The log cannot be written (read-only folder...): say it once on stderr, go on.
            if not self._told:
                self._told = True
                print("crescent: the log file cannot be written", file=sys.stderr)

    return LogFile(path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8", delay=True)


@contextlib.contextmanager
def crash_file(data_dir: Path | None) -> Iterator[None]:
    """While the game runs, a crash that kills the process before any Python code can
    log (a segfault in a C library, an abort) leaves its traceback in
    ``data_dir/crescent-crash.log`` (:mod:`faulthandler`), and the next start copies it
    into ``crescent.log``: every abnormal end leaves a line there. The file is made now
    and removed at a normal end (nothing in it). None: nothing is done."""
    path = data_dir / CRASH_FILE_NAME if data_dir is not None else None
    file = _open_crash_file(path) if path is not None else None
    if path is None or file is None:
        yield
        return
    faulthandler.enable(file, all_threads=True)
    with _lock:
        _crash[:] = [(path, file)]
    try:
        yield
    finally:
        end_crash_file()


def end_crash_file() -> None:
    """The end of :func:`crash_file`'s watch: faulthandler off, the file removed if
    nothing was written to it. :func:`crash_file` calls it at its end; a process that
    leaves without unwinding (``os._exit``: the kiosk's lost display, exit 3) calls it
    first, so an expected end leaves no empty crash file. Once is enough."""
    with _lock:
        watched, _crash[:] = list(_crash), []
    for path, file in watched:
        faulthandler.disable()
        empty = file.tell() == 0
        file.close()
        if empty:
            with contextlib.suppress(OSError):
                path.unlink()


def _open_crash_file(path: Path) -> IO[str] | None:
    """The crash file, emptied, once what an earlier run left in it is logged; None when
    it cannot be a regular file of ours (a FIFO would block, a folder cannot be written)."""
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags, 0o600)
    except OSError:
        return None
    try:
        regular = stat.S_ISREG(os.fstat(fd).st_mode)
    except OSError:
        regular = False
    if not regular:
        os.close(fd)
        return None
    file = os.fdopen(fd, "r+", encoding="utf-8", errors="replace")
    try:
        left = file.read(CRASH_TEXT_MAX).strip()
        if left:
            get().error("the last run ended abnormally (from %s):\n%s", CRASH_FILE_NAME, left)
            flush()
        file.seek(0)
        file.truncate()
    except (OSError, ValueError):
        file.close()
        return None
    return file
