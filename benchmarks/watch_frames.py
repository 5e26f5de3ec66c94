"""Frame times with "Still winnable?" searching: ``python -m crescent.bench watch``.

The scripted player of :mod:`benchmarks.frames` plays at 1920x1080 (a move every
quarter second, so the watcher's thread searches nearly all the time), paced at 60
frames a second as on a screen, with the setting off and on, interleaved run by run;
the figures are the medians of the runs' p50 and p95 frame times (each loop iteration
but its wait), the ratio on/off, the positions searched, and the process's CPU over
wall time. A benchmark, not a test: the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from benchmarks.frames import BENCH_SIZE, ScriptedPlayer, TimedClock, _make_app, _percentile
from crescent.ui.app import App


class PacedClock(TimedClock):
    """The benchmark's stepped clock, waiting out each 1/60 s as a display would."""

    def wait(self, fps: int) -> None:
        start = self._since
        super().wait(fps)
        if start is not None:
            left = start + 1 / 60 - time.perf_counter()
            if left > 0:
                time.sleep(left)
            self._since = time.perf_counter()


def paced_run(app: App, frames: int, seed: int) -> tuple[float, float, float]:
    """(p50 ms, p95 ms, CPU %) of ``frames`` paced frames of the scripted player."""
    from crescent.ui.app import run_app

    clock = PacedClock(lambda: False)
    player = ScriptedPlayer(app, seed)
    run_app(app, clock=clock, events=player, max_frames=30)
    clock.iteration_ms.clear()
    cpu, wall = time.process_time(), time.perf_counter()
    run_app(app, clock=clock, events=player, max_frames=frames + 1)
    cpu_pct = 100 * (time.process_time() - cpu) / (time.perf_counter() - wall)
    ms = sorted(clock.iteration_ms)
    return statistics.median(ms), _percentile(ms, 0.95), cpu_pct


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m crescent.bench watch")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    app = _make_app(BENCH_SIZE)
    p95: dict[bool, list[float]] = {False: [], True: []}
    p50: dict[bool, list[float]] = {False: [], True: []}
    cpu: dict[bool, list[float]] = {False: [], True: []}
    for seed in range(args.runs):
        for on in (False, True):
            app.session.settings.watch_winnable = on
            a, b, c = paced_run(app, args.frames, seed)
            p50[on].append(a)
            p95[on].append(b)
            cpu[on].append(c)
    watcher = app.table._watcher
    figures = {
        "frame_p50_ms_off": statistics.median(p50[False]),
        "frame_p50_ms_on": statistics.median(p50[True]),
        "frame_p95_ms_off": statistics.median(p95[False]),
        "frame_p95_ms_on": statistics.median(p95[True]),
        "p95_ratio_on_off": statistics.median(p95[True]) / statistics.median(p95[False]),
        "cpu_pct_off": statistics.median(cpu[False]),
        "cpu_pct_on": statistics.median(cpu[True]),
        "searches": watcher.searches if watcher is not None else 0,
        "runs": args.runs,
        "frames_per_run": args.frames,
    }
    app.table.stop_watching()
    app.session.close()
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        for k, v in figures.items():
            print(f"{k:22} {v:.2f}" if isinstance(v, float) else f"{k:22} {v}")
    return 0
