"""Frame times and CPU with speech on: ``python -m crescent.bench speech``.

The scripted player of :mod:`benchmarks.frames` plays at 1920x1080, paced at 60 frames a
second as on a screen (a move every quarter second or so, each said, interrupting the
one before), with speech off and on, interleaved run by run; then a keyboard player
presses Tab every tenth frame (each focus said: the frame that answers the key is timed
apart); then the loop idles with no input, off and on. The voice is the platform's
(``--voice platform``: on Linux a new espeak-ng process a sentence), ``espeak-stdout``
(espeak-ng writing every sentence out in full to nowhere: its whole synthesis, on a
machine with no audio device), or ``fake`` (the announcer's words only). Figures: the
medians of the runs' p50 and p95 frame times (each loop iteration but its wait) and
their ratios on/off, the p95 of the frames that answer a key, the CPU of the game's
process over wall time, and that of its speech processes (the children's).

With Xvfb (``--window-runs``, 0 to skip), the real game in a real X window
(:mod:`benchmarks.xwindow`) with and without ``--speech``, interleaved: click -> first
change on screen (the move is said: a voice process starts), and idle CPU. A benchmark,
not a test: the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import json
import resource
import shutil
import statistics
import time

from benchmarks import results
from benchmarks.frames import BENCH_SIZE, _make_app, _percentile, idle_cpu
from benchmarks.watch_frames import PacedClock, paced_run
from crescent.control.input import KeyPress
from crescent.ui.app import App, run_app
from crescent.ui.events import GameEvent
from crescent.ui.speech import Backend, FakeSpeaker, ProcessSpeaker, Speaker, platform_speaker


def _children_cpu_s() -> float:
    """CPU seconds of the speech processes ended so far (reaped by the speech thread)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def make_speaker(voice: str) -> Speaker:
    """The voice the benchmark speaks with (see the module's docstring)."""
    if voice == "fake":
        return FakeSpeaker()
    if voice == "espeak-stdout":
        program = shutil.which("espeak-ng")
        if program is None:
            raise SystemExit("espeak-ng is not installed (apt-get install espeak-ng)")
        return ProcessSpeaker(Backend("espeak-ng", (program, "-v", "en", "--stdout")))
    return platform_speaker("en")


class TabEvery:
    """A keyboard player: Tab every ``every`` frames; which frames had a key."""

    def __init__(self, every: int = 10) -> None:
        self.every = every
        self.frame = 0
        self.keyed: list[int] = []

    def poll(self, window_size: tuple[int, int]) -> list[GameEvent]:
        self.frame += 1
        if self.frame % self.every:
            return []
        self.keyed.append(self.frame)
        return [KeyPress("tab")]


def key_frames_p95(app: App, frames: int) -> float:
    """p95 of the paced frames that answer a Tab (each says the new focus)."""
    clock = PacedClock(lambda: False)
    run_app(app, clock=clock, events=TabEvery(), max_frames=30)  # warm up
    clock.iteration_ms.clear()
    keys = TabEvery()
    run_app(app, clock=clock, events=keys, max_frames=frames + 1)
    ms = clock.iteration_ms
    return _percentile(sorted(ms[i - 1] for i in keys.keyed if i <= len(ms)), 0.95)


def measured(app: App, on: bool, voice: str, frames: int, seed: int) -> dict[str, float]:
    """One paced run of the scripted player with speech ``on``, then ``on``'s idle CPU."""
    if on:
        app.speak_with(make_speaker(voice))
    else:
        app.change_setting("speech", False)
    children = _children_cpu_s()
    wall = time.perf_counter()
    p50, p95, cpu = paced_run(app, frames, seed)
    if on and isinstance(app.speaker, ProcessSpeaker):
        app.speaker.wait_idle(10)
    speech_cpu = 100 * (_children_cpu_s() - children) / (time.perf_counter() - wall)
    said = app.announcer.count if app.announcer is not None else 0
    key_p95 = key_frames_p95(app, frames)
    app.table.reset_interaction()  # no message left to fade: the loop may sleep
    idle = idle_cpu(app, 3.0)
    app.change_setting("speech", False)
    return {
        "p50": p50,
        "p95": p95,
        "key_p95": key_p95,
        "cpu": cpu,
        "speech_cpu": speech_cpu,
        "idle": idle,
        "said": said,
    }


def window_figures(runs: int, clicks: int, idle_s: float) -> dict[str, object]:
    """The real window without and with ``--speech``, interleaved (nothing without Xvfb)."""
    from benchmarks import xwindow

    why = "--window-runs 0" if runs <= 0 else xwindow.available()
    if why is not None:
        return {"window": why}
    done: dict[bool, list[xwindow.RealWindow]] = {False: [], True: []}
    for _ in range(runs):
        for on in (False, True):
            extra = ("--speech",) if on else ()
            done[on].append(xwindow.measure(1, clicks, idle_s, extra=extra))
    out: dict[str, object] = {}
    for key in ("click_first_ms", "click_settled_ms", "undo_first_ms", "idle_cpu_pct"):
        off = statistics.median(getattr(w, key) for w in done[False])
        on_ = statistics.median(getattr(w, key) for w in done[True])
        out |= {f"window_{key}_off": off, f"window_{key}_on": on_}
        out[f"window_{key}_ratio_on_off"] = on_ / off if off else None
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m crescent.bench speech")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument(
        "--voice", choices=("platform", "espeak-stdout", "fake"), default="platform"
    )
    parser.add_argument("--window-runs", type=int, default=3, help="real-window pairs (Xvfb)")
    parser.add_argument("--clicks", type=int, default=5, help="clicks per real-window run")
    parser.add_argument("--window-idle-seconds", type=float, default=10.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    app = _make_app(BENCH_SIZE)
    app.session.settings.watch_winnable = False  # its searches are not speech's
    runs: dict[bool, list[dict[str, float]]] = {False: [], True: []}
    for seed in range(args.runs):
        for on in (False, True):  # interleaved: both see the same load
            runs[on].append(measured(app, on, args.voice, args.frames, seed))
    app.session.close()

    def median(on: bool, key: str) -> float:
        return statistics.median(r[key] for r in runs[on])

    figures: dict[str, object] = {"voice": args.voice, "runs": args.runs, "frames": args.frames}
    for key in ("p50", "p95", "key_p95", "cpu", "speech_cpu", "idle"):
        figures[f"{key}_off"], figures[f"{key}_on"] = median(False, key), median(True, key)
    figures["p50_ratio_on_off"] = median(True, "p50") / median(False, "p50")
    figures["p95_ratio_on_off"] = median(True, "p95") / median(False, "p95")
    figures["key_p95_ratio_on_off"] = median(True, "key_p95") / median(False, "key_p95")
    figures["idle_ratio_on_off"] = median(True, "idle") / median(False, "idle")
    figures["sentences_per_run"] = median(True, "said")
    figures |= window_figures(args.window_runs, args.clicks, args.window_idle_seconds)
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        for k, v in figures.items():
            print(f"{k:22} {v:.3f}" if isinstance(v, float) else f"{k:22} {v}")
    results.record("speech", argv, figures)
    return 0
