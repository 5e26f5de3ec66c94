"""Why the client sets ``sys.setswitchinterval``: ``python -m crescent.bench switch``.

A hint searches in a thread of the game's process (the card art is drawn by threads
too). While one searches, the frame waits for the interpreter each time the search
holds it, up to a switch interval. This times frames (each a full redraw at 1920x1080,
``update`` and ``draw``) while a hint searches a fresh deal, with the interpreter handed
over every 1 ms (what :func:`crescent.ui.window.init_pygame` sets) and every 5 ms
(Python's default), interleaved so both see the same machine; p50 and p95 are the
medians over the runs; "late" is the share of frames longer than 1/60 s.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from benchmarks import results
from benchmarks.frames import BENCH_SIZE, _make_app, _percentile
from crescent.rules.engine import Game
from crescent.ui.app import STEP
from crescent.ui.window import SWITCH_INTERVAL_S

PYTHON_DEFAULT_S = 0.005


def hint_frames(interval: float, deal: int, frames: int) -> list[float]:
    """Each frame's ms while a hint searches deal ``deal``, at switch ``interval``."""
    app = _make_app(BENCH_SIZE)
    app.session.game = Game.deal(deal)
    app.session.changes += 1
    app.table.after_change()
    sys.setswitchinterval(interval)
    app.table.hints.ask()
    ms = []
    for _ in range(frames):
        app.full_redraw = True
        start = time.perf_counter()
        app.update(STEP)
        app.draw()
        ms.append((time.perf_counter() - start) * 1000)
    app.table.hints.changed()  # its search ended
    app.session.close()
    sys.setswitchinterval(SWITCH_INTERVAL_S)
    return ms


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m crescent.bench switch")
    parser.add_argument("--runs", type=int, default=6)
    parser.add_argument("--frames", type=int, default=180, help="frames per run (3 s)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    intervals = (SWITCH_INTERVAL_S, PYTHON_DEFAULT_S)
    runs: dict[float, list[list[float]]] = {i: [] for i in intervals}
    for n in range(args.runs):
        for interval in intervals if n % 2 == 0 else intervals[::-1]:
            runs[interval].append(sorted(hint_frames(interval, 7 + n, args.frames)))
    found: dict[str, float | int] = {"runs": args.runs, "frames_per_run": args.frames}
    for interval, ms in runs.items():
        name = f"{interval * 1000:g}ms"
        found[f"frame_p50_ms_{name}"] = statistics.median(statistics.median(r) for r in ms)
        found[f"frame_p95_ms_{name}"] = statistics.median(_percentile(r, 0.95) for r in ms)
        late = sum(t > STEP * 1000 for r in ms for t in r) / sum(len(r) for r in ms)
        found[f"frames_late_pct_{name}"] = 100 * late
    if args.json:
        print(json.dumps(found, indent=2))
    else:
        for k, v in found.items():
            print(f"{k:24} {v:.3f}" if isinstance(v, float) else f"{k:24} {v}")
    results.record("switch", argv, found)
    return 0
