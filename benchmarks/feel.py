"""What the player feels on a busy machine: ``python -m crescent.bench feel``.

Issue 45's four figures, taken while ``--load`` busy processes (``yes > /dev/null``; by
default two for each core) run beside the game, started by this benchmark in its own
session and stopped by their process ids at the end:

* **hint**: for each standard deal of ``--deals`` (1-1000), the deal is dealt, its first
  frame shown, and on the next frame the player presses H (the game's own hint path: the
  key, the hint part, its search, the answer shown); the time from the frame handling the
  press to the end of the frame that shows the answer. "Still winnable?" is on, as it is
  by default, so its search of the deal runs beside the hint's. Target p95 <= 0.25 s.
* **first verdict**: a fresh Python process per sample (so the solver is imported and
  its thread started as at a real start) deals standard deal ``k`` and runs paced frames:
  from the end of the first frame to the end of the frame that shows the first "Still
  winnable?" verdict. Target <= 1 s.
* **watch**: the ``watch`` benchmark's scripted player (:mod:`benchmarks.watch_frames`),
  "Still winnable?" off and on, interleaved: the p95 of the frames that end with a search
  running over the "off" runs' p95 (target <= 1.1), and each search's verdict: a verdict
  (winnable or lost) within the 2 s budget for at least 95 % of the positions searched.

A benchmark, not a test: the figures depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from benchmarks import results
from benchmarks.frames import BENCH_SIZE, ROOT, _percentile

if TYPE_CHECKING:
    from crescent.ui.app import App
    from crescent.ui.events import GameEvent

HINT_TARGET_S = 0.25
FIRST_VERDICT_TARGET_S = 1.0
VERDICT_BUDGET_S = 2.0
FRAME_RATIO_TARGET = 1.1
FRAME_S = 1 / 60
FRAMES_LIMIT = 60 * 20
"""The most frames waited for an answer (a hung search is reported, not waited out)."""


@contextlib.contextmanager
def busy(processes: int) -> Iterator[list[int]]:
    """``processes`` copies of ``yes > /dev/null`` while the block runs (their ids);
    stopped by their ids after it."""
    started = [subprocess.Popen(["yes"], stdout=subprocess.DEVNULL) for _ in range(processes)]
    try:
        yield [p.pid for p in started]
    finally:
        for p in started:
            p.terminate()
        for p in started:
            p.wait(10)


class Done(Exception):
    """What was waited for is on the screen: the paced run ends."""


class Paced:
    """A stepped clock and an event source for one run of the loop: each frame, then the
    rest of its 1/60 s slept; ``press`` given to frame ``press_at``; the run ends (Done)
    at the frame after the one at whose end ``done()`` holds."""

    sleeps = False

    def __init__(self, done: Callable[[], bool], press: list[GameEvent], press_at: int) -> None:
        self.done = done
        self.press = press
        self.press_at = press_at
        self.t = 0.0
        self.frames = 0
        self.began = time.perf_counter()
        self.pressed: float | None = None
        """When the frame handling the press began."""
        self.ended = 0.0
        """When the last frame ended (its drawing, before the wait)."""

    def now(self) -> float:
        return self.t

    def wait(self, fps: int) -> None:
        self.ended = time.perf_counter()
        self.t += FRAME_S
        left = self.began + FRAME_S - self.ended
        if left > 0:
            time.sleep(left)

    def poll(self, window_size: tuple[int, int]) -> list[GameEvent]:
        if self.frames > self.press_at and self.done():
            raise Done
        self.began = time.perf_counter()
        self.frames += 1
        if self.frames == self.press_at:
            self.pressed = self.began
            return self.press
        return []


def run_until(app: App, paced: Paced) -> bool:
    """Paced frames until ``paced.done()``; False when not within :data:`FRAMES_LIMIT`."""
    from crescent.ui.app import run_app

    try:
        run_app(app, clock=paced, events=paced, max_frames=FRAMES_LIMIT)
    except Done:
        return True
    return False


def hint_seconds(app: App, deal: int) -> float | None:
    """Standard deal ``deal`` dealt and shown; H pressed on the next frame: seconds from
    the start of that frame to the end of the frame showing the hint's answer."""
    from crescent.control.input import KeyPress
    from crescent.rules import modes
    from crescent.rules.deal import make_code

    app.new_game(make_code(modes.STANDARD.letter, deal))
    hints = app.table.hints
    paced = Paced(lambda: hints.answer is not None or not hints.asking, [KeyPress("h")], 2)
    shown = run_until(app, paced)
    hints.changed()  # its search, if any, ends
    return paced.ended - paced.pressed if shown and paced.pressed is not None else None


def hint_figures(seconds: list[float | None]) -> dict[str, float | int]:
    got = sorted(s for s in seconds if s is not None)
    return {
        "hint_deals": len(seconds),
        "hint_hung": len(seconds) - len(got),
        "hint_p50_s": statistics.median(got),
        "hint_p95_s": _percentile(got, 0.95),
        "hint_max_s": got[-1],
        "hint_within_target_pct": 100 * sum(s <= HINT_TARGET_S for s in got) / len(seconds),
    }


def first_verdict(deal: int) -> dict[str, Any]:
    """One fresh process (:mod:`benchmarks.first_verdict`) on standard deal ``deal``."""
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.first_verdict", str(deal)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    if done.returncode != 0:
        raise RuntimeError(f"benchmarks.first_verdict failed: {done.stderr.strip()[-2000:]}")
    report: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return report


def first_figures(reports: list[dict[str, Any]]) -> dict[str, float | int]:
    got = sorted(r["seconds"] for r in reports if r["seconds"] is not None)
    return {
        "first_samples": len(reports),
        "first_p50_s": statistics.median(got),
        "first_max_s": got[-1],
        "first_within_target_pct": 100
        * sum(s <= FIRST_VERDICT_TARGET_S for s in got)
        / len(reports),
        "first_known": sum(r["verdict"] != "unknown" for r in reports),
    }


def timed_verdicts() -> list[tuple[str, float]]:
    """From now on, each "Still winnable?" search's verdict and seconds."""
    from crescent.solver import watch

    found: list[tuple[str, float]] = []
    judge = watch.Watcher._judge

    def timed(self: watch.Watcher, game: Any) -> watch.Watch:
        start = time.perf_counter()
        verdict = judge(self, game)
        found.append((verdict.verdict.value, time.perf_counter() - start))
        return verdict

    watch.Watcher._judge = timed  # type: ignore[method-assign]
    return found


def watch_figures(runs: int, frames: int) -> dict[str, float | int]:
    """The watch benchmark's runs, off and on interleaved; its frame ratio and verdicts."""
    from benchmarks.frames import _make_app
    from benchmarks.watch_frames import Paced as Run
    from benchmarks.watch_frames import (
        WatchPlayer,
        count_verdicts,
        figures,
        paced_frames,
        wait_idle,
    )

    app = _make_app(BENCH_SIZE)
    verdicts = count_verdicts()
    timed = timed_verdicts()
    paced: dict[bool, list[Run]] = {False: [], True: []}
    for seed in range(runs):
        for on in (False, True):
            app.session.settings.watch_winnable = on
            paced[on].append(paced_frames(app, frames, WatchPlayer(app, seed)))
            app.session.settings.watch_winnable = False
            wait_idle(app)
    app.table.winnable.close()
    app.session.close()
    found = figures(paced, verdicts)
    in_time = sum(v != "unknown" and s <= VERDICT_BUDGET_S for v, s in timed)
    seconds = sorted(s for _, s in timed) or [float("nan")]
    return {
        "frame_p95_ms_off": found["frame_p95_ms_off"],  # type: ignore[dict-item]
        "busy_frame_p95_ms": found["busy_frame_p95_ms"],  # type: ignore[dict-item]
        "busy_p95_ratio_to_off": found["busy_p95_ratio_to_off"],  # type: ignore[dict-item]
        "busy_frames": found["busy_frames"],  # type: ignore[dict-item]
        "searches": len(timed),
        "verdicts_in_time": in_time,
        "verdicts_in_time_pct": 100 * in_time / max(1, len(timed)),
        "search_p50_s": statistics.median(seconds),
        "search_p95_s": _percentile(seconds, 0.95),
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m crescent.bench feel")
    parser.add_argument("--load", type=int, default=2 * (os.cpu_count() or 1))
    parser.add_argument("--deals", default="1-1000", help="standard deals for the hints")
    parser.add_argument("--first", type=int, default=12, help="fresh starts (deals 1-N)")
    parser.add_argument("--runs", type=int, default=3, help="watch runs each way")
    parser.add_argument("--frames", type=int, default=600, help="frames per watch run")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    first, _, last = args.deals.partition("-")
    deals = range(int(first), int(last or first) + 1)
    found: dict[str, float | int] = {"load": args.load}
    with busy(args.load):
        found["loadavg_1min_start"] = os.getloadavg()[0]
        if args.first:
            found |= first_figures([first_verdict(k) for k in range(1, args.first + 1)])
        if deals:
            from benchmarks.frames import _make_app

            app = _make_app(BENCH_SIZE)
            found |= hint_figures([hint_seconds(app, deal) for deal in deals])
            app.table.winnable.close()
            app.session.close()
        if args.runs:
            found |= watch_figures(args.runs, args.frames)
        found["loadavg_1min_end"] = os.getloadavg()[0]
    if args.json:
        print(json.dumps(found, indent=2))
    else:
        for k, v in found.items():
            print(f"{k:28} {v:.3f}" if isinstance(v, float) else f"{k:28} {v}")
    results.record("feel", argv, found)
    return 0
