"""``--stats``: the statistics of a data folder as JSON, read without changing anything.

Pure module (no pygame, nothing at import time). The database is opened
read-only (``mode=ro``, ``immutable`` when no process has it open) and copied
into memory; the folder is neither created nor written, no log is opened. A
folder of an earlier version (JSON files) shows what the first start will
import. The figures are those of the statistics screen, from the same queries
(:mod:`crescent.play.history`).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Final

from crescent.play import history, queries
from crescent.play.safejson import clip
from crescent.play.storage import DB_FILE, Store, default_data_dir
from crescent.rules import modes

__all__ = ["EXIT_UNREADABLE", "print_stats", "stats_report"]


def stats_report(store: Store) -> dict[str, Any]:
    """``{"modes": {key: {...}}, "daily": {...}, "venue": {...}?, "game": {...}?}``."""
    stats = store.load_stats()
    out: dict[str, Any] = {"modes": {}}
    keys = sorted({m.stats_key for m in modes.MODES} | set(stats.variants))
    for key in keys:
        v = stats.get(key)
        figures = v._asdict() | {"win_rate": v.win_rate, "average_time": v.average_time}
        times = store.read(queries.times, key)
        figures |= {
            "median_time": times.median,
            "win_rate_last_100": store.read(queries.win_rate, key, 100),
            "levels_reached": {
                str(k): n for k, n in store.read(queries.levels_reached, key).items()
            },
        }
        out["modes"][key] = figures
    d = stats.daily
    out["daily"] = {
        "won": d.won,
        "current_streak": d.current,
        "best_streak": d.best,
        "last_day": d.last_day.isoformat() if d.last_day is not None else None,
    }
    imported = store.read(history.imported)
    if imported:
        # Totals of an earlier version's stats.json: counted above, without games behind them.
        out["imported_totals"] = {key: v._asdict() for key, v in imported.items()}
    days = store.read(queries.venue_days)
    if days:
        out["venue"] = {"days": [day._asdict() for day in days]}
    saved = store.load_game()
    if saved is not None:
        out["game"] = {
            "code": saved.game.code,
            "moves": saved.game.moves,
            "elapsed": saved.elapsed,
            "idle_abandoned": saved.idle_abandoned,
        }
    return out


EXIT_UNREADABLE: Final = 1
"""``--stats`` could not read the database (locked, damaged, a newer version's...)."""


def print_stats(data_dir: Path | None) -> int:
    """Print :func:`stats_report` of ``data_dir`` (the player's folder by default): 0; or
    one line on stderr saying why the database cannot be read: :data:`EXIT_UNREADABLE`
    (never figures of nothing)."""
    store = Store(data_dir or default_data_dir(), read_only=True)
    try:
        store.load_game()  # opens (copies) the database
        if store.unreadable is not None:
            print(
                f"crescent: cannot read the statistics in {store.root}: {DB_FILE}: "
                f"{clip(store.unreadable, 300)}",
                file=sys.stderr,
            )
            return EXIT_UNREADABLE
        report = stats_report(store)
    finally:
        store.close()
    sys.stdout.write(json.dumps(report, indent=2, sort_keys=True) + "\n")
    return 0
