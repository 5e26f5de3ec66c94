"""Figures a fleet's monitoring reads: Prometheus text format for node_exporter.

The kiosk writes ``crescent.prom`` in the config's ``metrics_dir`` every minute,
atomically (node_exporter's textfile collector reads whole files only, and skips the
``.``-named temporary one). The games come from the history database (counted from
the games played, never kept as counters); touches, errors and the solver's time are
this process's, from its start (``crescent_start_time_seconds`` tells a restart:
Prometheus counts them with ``changes()``; no counter is kept on disk).
"""

from __future__ import annotations

import logging
import os
import sqlite3
import sys
import time
from pathlib import Path
from typing import Final, NamedTuple

from crescent import logs
from crescent.files import write_atomic
from crescent.play.history import Result

METRICS_FILE: Final = "crescent.prom"
EVERY_S: Final = 60.0
"""How often the file is written."""


class Sample(NamedTuple):
    name: str
    kind: str
    """``counter`` or ``gauge``."""
    help: str
    value: float
    labels: tuple[tuple[str, str], ...] = ()


class ErrorTally(logging.Handler):
    """Counts the log's errors, and when the last one came (wall clock)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.count = 0
        self.last: float | None = None

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1
        self.last = record.created


class Counts:
    """What this process counted since it started."""

    def __init__(self) -> None:
        self.started_wall = time.time()
        self.started = time.monotonic()
        self.touches = 0
        self.solver_s = 0.0
        """CPU seconds of the attract loop's searches (the kiosk copies its planner's)."""


def game_counts(conn: sqlite3.Connection) -> list[tuple[str, Result | None, int]]:
    """(mode, result, games) of the venue's games ended, and (mode, None, 1) for the one
    in progress that has not ended."""
    rows = conn.execute(
        "SELECT mode, result, count(*) FROM games WHERE venue GROUP BY mode, result"
    ).fetchall()
    rows += conn.execute(
        "SELECT json_extract(game, '$.variant'), NULL, 1 FROM current"
        " WHERE venue AND id NOT IN (SELECT id FROM games)"
    ).fetchall()
    return [(str(m), None if r is None else Result(r), int(n)) for m, r, n in rows]


def rss_bytes() -> int | None:
    """The resident size now (Linux), else the peak (None: unknown)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        pass
    try:
        import resource  # POSIX only
    except ImportError:
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024


def samples(
    games: list[tuple[str, Result | None, int]],
    counts: Counts,
    errors: ErrorTally,
    mode_of: dict[str, str],
) -> list[Sample]:
    """The figures to write; ``mode_of`` names each game's mode (its letter: ``N``...)."""
    out = _game_samples(games, mode_of)
    figures = [
        ("crescent_touches_total", "counter", _TOUCHES, counts.touches),
        ("crescent_start_time_seconds", "gauge", _START, counts.started_wall),
        ("crescent_uptime_seconds", "gauge", _UPTIME, time.monotonic() - counts.started),
        ("crescent_errors_total", "counter", _ERRORS, errors.count),
        ("crescent_solver_seconds_total", "counter", _SOLVER, counts.solver_s),
        ("crescent_metrics_timestamp_seconds", "gauge", _WRITTEN, time.time()),
        ("crescent_last_error_timestamp_seconds", "gauge", _LAST_ERROR, errors.last),
        ("crescent_memory_rss_bytes", "gauge", _RSS, rss_bytes()),
    ]
    out += [Sample(n, k, h, v) for n, k, h, v in figures if v is not None]
    return out


def _game_samples(
    games: list[tuple[str, Result | None, int]], mode_of: dict[str, str]
) -> list[Sample]:
    out: list[Sample] = []
    # Every mode from the start, at 0: a kiosk nobody has played yet still has a series
    # for "no game for a day" to watch.
    started = dict.fromkeys(mode_of.values(), 0)
    for letter, result, n in games:
        mode = mode_of.get(letter, letter)
        started[mode] = started.get(mode, 0) + n
        if result is not None:
            labels = (("mode", mode), ("result", result.value))
            out.append(Sample("crescent_games_ended_total", "counter", _ENDED, n, labels))
    for mode, n in sorted(started.items()):
        by_mode = (("mode", mode),)
        out.append(Sample("crescent_games_started_total", "counter", _STARTED, n, by_mode))
    return out


_TOUCHES: Final = "Presses on the glass since the start."
_START: Final = "When this process started (Unix time)."
_UPTIME: Final = "Seconds since this process started."
_ERRORS: Final = "Errors logged since the start."
_SOLVER: Final = "CPU seconds of the attract loop's solver."
_WRITTEN: Final = "When this file was written (Unix time)."
_LAST_ERROR: Final = "When the last error was logged (Unix time)."
_RSS: Final = "Resident memory of the game."
_ENDED: Final = "Games of the venue ended, by mode and result."
_STARTED: Final = "Games of the venue started, by mode (ended or in progress)."


def render(items: list[Sample]) -> str:
    """The text exposition format: each metric's HELP and TYPE once, then its samples."""
    lines: list[str] = []
    seen: set[str] = set()
    for s in sorted(items, key=lambda s: s.name):
        if s.name not in seen:
            seen.add(s.name)
            lines += [f"# HELP {s.name} {s.help}", f"# TYPE {s.name} {s.kind}"]
        labels = ",".join(f'{k}="{_escape(v)}"' for k, v in s.labels)
        lines.append(
            f"{s.name}{{{labels}}} {_number(s.value)}" if labels else f"{s.name} {_number(s.value)}"
        )
    return "\n".join(lines) + "\n"


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def write(directory: Path, text: str) -> None:
    """``crescent.prom`` in ``directory``, whole or not at all (OSError if refused)."""
    # Readable by node_exporter, which runs as a user of its own.
    write_atomic(directory / METRICS_FILE, text.encode("utf-8"), durable=False, mode=0o644)


class FleetMetrics:
    """The kiosk's metrics file: what is counted, and when it is written next."""

    def __init__(self, directory: Path, mode_of: dict[str, str]) -> None:
        self.directory = directory
        self.mode_of = mode_of
        self.counts = Counts()
        self.errors = ErrorTally()
        logging.getLogger(logs.ROOT).addHandler(self.errors)
        self.next_at: float | None = None
        """``host.now`` of the next write (None: at the next update)."""
        self._told = False

    def due(self, now: float) -> bool:
        if self.next_at is not None and now < self.next_at:
            return False
        self.next_at = now + EVERY_S
        return True

    def write(self, games: list[tuple[str, Result | None, int]]) -> None:
        """Write the file now (in the save thread: a slow disk never holds a frame)."""
        text = render(samples(games, self.counts, self.errors, self.mode_of))
        try:
            write(self.directory, text)
        except OSError as e:
            if not self._told:
                self._told = True
                logs.get(__name__).warning("cannot write the metrics in %s: %s", self.directory, e)
            return
        self._told = False

    def close(self) -> None:
        logging.getLogger(logs.ROOT).removeHandler(self.errors)
