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

import logging
import sys
import threading
from pathlib import Path
from typing import Any

ROOT = "crescent"
FILE_NAME = "crescent.log"
MAX_BYTES = 256_000
BACKUPS = 3

_lock = threading.Lock()
_folder: list[Path] = []
"""The data folder named by :func:`setup` (none: records are not written to a file)."""


def setup(data_dir: Path) -> None:
    """Log to ``data_dir/crescent.log`` from the first record on (nothing is done now)."""
    with _lock:
        _folder[:] = [data_dir]


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
