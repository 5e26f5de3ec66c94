"""How fast the client draws: ``python -m crescent.bench frames [options]``.

Figures (each the median of ``--runs`` runs where it says so):

* **first frame**: from starting a fresh Python process (``python -m
  benchmarks.first_frame``, which runs the game's real
  ``crescent.__main__.main`` with ``--frames 1`` on a fresh data folder) to
  the end of the first drawn frame (median of ``--first-runs``); also from the
  start of the child's code, and the CPU time the child used by then (every
  thread; less sensitive to a busy machine than wall time). The game's
  bytecode is compiled first, as an install does. Twice: a first start (a
  fresh data folder: every card on show is rasterised) and a next start (the
  same folder after one start, whose card pictures the game kept there).
  Interleaved with them, a bare pygame program's first frame at the same size
  (:mod:`benchmarks.bare_window`): the floor this machine puts under any
  pygame game at that moment.
* **idle CPU**: process CPU time over wall time while the real loop runs
  with the real clock and the real event queue and no input, after a
  warm-up and once "Still winnable?"'s first search (in a thread of the
  game's with the search core) has answered; in percent of one core (the
  loop sleeps on the queue: with the dummy driver SDL cannot block, so it
  looks once a frame).
* **frame time** p50/p95/max at 1920x1080 while a scripted player drags
  and taps cards (so cards slide and follow the pointer every frame): the
  time of each loop iteration excluding the wait for the next frame (event
  polling, fixed updates, drawing and sending the changed regions to the
  display). The loop runs on a stepped clock, so animations advance exactly
  one 1/60 s step per frame however long a frame takes.
* **whole piles**: the same frame times with "Show whole piles" on (every
  pile fanned, so a changed pile redraws all its cards).
* **win cascade**: frame times while the foundation cards bounce out after a
  win (a pool deal played to one move from the end by the solver's line).
* **peak RSS** of this process after the frame and resize runs, and of the
  first-frame child (``ru_maxrss``; not on Windows).
* **resize**: 1920x1080 -> 1280x800 -> 2560x1440 -> 1920x1080: ``App.resize``
  (new layout, card art dropped) plus the first full frame (which
  rasterises the visible cards again), per step.

* **in a real X window** (when Xvfb is installed; ``--no-window`` skips it):
  idle CPU over ``--window-idle-seconds`` after settling, with the clock on
  screen ticking, and click -> first change / -> settled latency, through
  XTEST and screen grabs; see :mod:`benchmarks.xwindow`.

The video driver is whatever ``SDL_VIDEODRIVER`` says: unset means SDL's
default, a real window. The targets are for ``SDL_VIDEODRIVER=dummy`` (no
display cost); with a real driver the frame figures include the display's
own cost. A benchmark, not a test: the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from benchmarks import results

if TYPE_CHECKING:
    from crescent.ui.app import App
    from crescent.ui.events import GameEvent

FIRST_FRAME_TARGET_S = 0.150
IDLE_TARGET_PCT = 2.0
WINDOW_IDLE_TARGET_PCT = 0.2
CLICK_FIRST_TARGET_MS = 1000 / 60
"""A click shows on screen within one frame."""
CLICK_SETTLED_TARGET_MS = 250.0
"""The card's flight (0.18 s) and a few frames."""
FRAME_P95_TARGET_MS = 4.0
RSS_TARGET_MB = 150.0
RESIZE_TARGET_MS = 200.0

ROOT = Path(__file__).resolve().parent.parent
BENCH_SIZE = (1920, 1080)
RESIZES = [(1280, 800), (2560, 1440), (1920, 1080)]
CODE = "CR1-N-AAAAAAB"


def _peak_rss_mb(children: bool = False) -> float | None:
    try:
        import resource
    except ImportError:  # Windows
        return None
    who = resource.RUSAGE_CHILDREN if children else resource.RUSAGE_SELF
    kb = resource.getrusage(who).ru_maxrss
    # Linux reports kilobytes, macOS bytes.
    return kb / (1024 * 1024) if sys.platform == "darwin" else kb / 1024


# -- first frame, in a fresh process -----------------------------------------------------


@dataclass
class FirstFrame:
    from_spawn_s: float
    from_main_s: float
    cpu_s: float
    child_rss_mb: float | None


def _compile_bytecode() -> None:
    """Compile the game's modules, as an install does (pip writes the bytecode), so the
    start-up is timed as players have it even where PYTHONDONTWRITEBYTECODE is set."""
    import compileall

    compileall.compile_dir(str(ROOT / "crescent"), quiet=1)


def first_frame(next_start: bool = False) -> FirstFrame:
    """One game process to its first frame on a fresh data folder; ``next_start``: the
    second process on one (what the first kept, card pictures included, is used). The
    card pictures are kept in a cache folder of the run's own, never the player's."""
    with tempfile.TemporaryDirectory(prefix="crescent-bench-") as folder:
        data_dir, cache = os.path.join(folder, "data"), os.path.join(folder, "cache")
        if next_start:
            _first_frame_child(data_dir, cache)
        start = time.time()
        report = _first_frame_child(data_dir, cache)
    return FirstFrame(
        report["wall"] - start, report["from_main"], report["cpu"], _peak_rss_mb(children=True)
    )


def bare_window() -> float:
    """Seconds from starting a bare pygame program to its first frame (see
    :mod:`benchmarks.bare_window`): the floor under the game's first frame."""
    start = time.time()
    return _child("benchmarks.bare_window", "x".join(map(str, BENCH_SIZE)))["wall"] - start


def _first_frame_child(data_dir: str, cache: str) -> dict[str, float]:
    size = "x".join(map(str, BENCH_SIZE))
    return _child("benchmarks.first_frame", data_dir, size, CODE, cache=cache)


def _child(module: str, *args: str, cache: str | None = None) -> dict[str, float]:
    """Run ``python -m module args`` in this repository (``cache``: the folder its card
    pictures are kept in); the JSON it printed last."""
    env = dict(os.environ) if cache is None else dict(os.environ, CRESCENT_CACHE_DIR=cache)
    r = subprocess.run(
        [sys.executable, "-m", module, *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env=env,
    )
    if r.returncode != 0:
        raise RuntimeError(f"{module} failed ({r.returncode}): {r.stderr.strip()}")
    report: dict[str, float] = json.loads(r.stdout.strip().splitlines()[-1])
    return report


# -- in-process runs ----------------------------------------------------------------------------


def _make_app(size: tuple[int, int], code: str = CODE) -> App:
    from crescent.i18n.translator import load_translator
    from crescent.play.session import Session
    from crescent.play.settings import Settings
    from crescent.ui.app import App, Options, init_pygame

    init_pygame()
    session = Session(None, Settings(language="en"), background_saves=False)
    session.start(code=code)
    return App(session, Options(size=size), load_translator("en"))


SETTLE_LIMIT_S = 30.0
"""The longest the idle figure waits for a background search (a hung one is not idle)."""


def _searching(app: App) -> bool:
    """ "Still winnable?" is searching the table in the game's process (with the search
    core it runs in a thread, its CPU the process's; without it, in a process of its own)."""
    watcher = app.table.winnable.watcher
    return watcher is not None and watcher.busy


def idle_cpu(app: App, seconds: float) -> float:
    """Percent of one core used by the real loop with no input, once the searches the
    table started by itself are over ("Still winnable?" searches the deal when it is first
    shown: a bounded search, not the loop's idle cost; its own benchmark is ``watch``)."""
    from crescent.ui.app import run_app
    from crescent.ui.clock import RealClock
    from crescent.ui.events import PygameEvents

    real = PygameEvents()

    class Until:
        def __init__(self, seconds: float) -> None:
            self.end = time.perf_counter() + seconds

        def poll(self, window_size: tuple[int, int]) -> list[GameEvent]:
            if time.perf_counter() >= self.end:
                app.running = False
            return real.poll(window_size)

        def wait(self, window_size: tuple[int, int], timeout_s: float) -> list[GameEvent]:
            left = self.end - time.perf_counter()
            if left <= 0:
                app.running = False
                return []
            return real.wait(window_size, min(timeout_s, left))

    run_app(app, clock=RealClock(), events=Until(0.5))  # warm up: first frames rasterise
    app.running = True
    settle_end = time.perf_counter() + SETTLE_LIMIT_S
    while _searching(app) and time.perf_counter() < settle_end:
        run_app(app, clock=RealClock(), events=Until(0.1))
        app.running = True
    cpu0, wall0 = time.process_time(), time.perf_counter()
    run_app(app, clock=RealClock(), events=Until(seconds))
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    app.running = True
    return 100.0 * cpu / wall


@dataclass
class TimedClock:
    """A stepped clock (1/60 s per frame) that times each loop iteration but its wait.

    ``moving`` says whether a card was moving in the frame just drawn; those
    frames' times are also kept in ``moving_ms``.
    """

    moving: Callable[[], bool]
    sleeps: bool = False
    t: float = 0.0
    iteration_ms: list[float] = field(default_factory=list)
    moving_ms: list[float] = field(default_factory=list)
    _since: float | None = None

    def now(self) -> float:
        if self._since is None:
            self._since = time.perf_counter()
        return self.t

    def wait(self, fps: int) -> None:
        end = time.perf_counter()
        if self._since is not None:
            ms = (end - self._since) * 1000.0
            self.iteration_ms.append(ms)
            if self.moving():
                self.moving_ms.append(ms)
        self.t += 1 / 60
        self._since = time.perf_counter()


class ScriptedPlayer:
    """Plays legal moves as a person would: drags most, taps some, redeals when stuck.

    One gesture at a time, spread over frames: a drag presses, moves the card
    over ~10 frames and drops; then it waits for the card to land.
    """

    def __init__(self, app: App, seed: int = 1) -> None:
        import random

        self.app = app
        self.rng = random.Random(seed)
        self.queue: list[list[GameEvent]] = []
        self.moves = 0

    def _plan(self) -> None:
        from crescent.control.input import KeyPress, PointerDown, PointerMove, PointerUp

        app = self.app
        game = app.session.game
        if len(app.scenes) > 1 or game.status != "playing":
            app.new_game(CODE if game.code != CODE else "CR1-N-AAAAAAC")
            return
        moves = [m for m in game.legal_moves() if m.src < 16]
        if not moves:
            self.queue.append([KeyPress("r" if game.redeals_left else "u")])
            return
        move = self.rng.choice(moves)
        sx, sy = app.layout.slots[move.src].center
        dx, dy = app.layout.slots[move.dst].center
        self.moves += 1
        if self.rng.random() < 0.7:
            self.queue.append([PointerDown(sx, sy)])
            steps = 10
            for k in range(1, steps + 1):
                t = k / steps
                self.queue.append([PointerMove(sx + (dx - sx) * t, sy + (dy - sy) * t)])
            self.queue.append([PointerUp(dx, dy)])
        else:
            # Select, then tap the destination (a single tap may already move it).
            self.queue.append([PointerDown(sx, sy), PointerUp(sx, sy)])
            self.queue.append([])
            if (
                game.check(move) is None
                and len(app.table.controller.destinations(game, move.src)) > 1
            ):
                self.queue.append([PointerDown(dx, dy), PointerUp(dx, dy)])
        self.queue.extend([[]] * 3)

    def poll(self, window_size: tuple[int, int]) -> list[GameEvent]:
        if not self.queue and not self.app.table.anims.busy:
            self._plan()
        return self.queue.pop(0) if self.queue else []


def _percentile(sorted_ms: list[float], q: float) -> float:
    return sorted_ms[min(len(sorted_ms) - 1, round(q * (len(sorted_ms) - 1)))]


@dataclass
class Frames:
    p50_ms: float
    p95_ms: float
    max_ms: float
    moving_p50_ms: float
    moving_p95_ms: float
    frames: int
    moving_frames: int
    moves: int


def frame_times(app: App, frames: int, seed: int) -> Frames:
    from crescent.ui.app import run_app

    def moving() -> bool:
        drag = app.table.controller.drag
        return app.table.anims.busy or (drag is not None and drag.active)

    clock = TimedClock(moving)
    player = ScriptedPlayer(app, seed)
    run_app(app, clock=clock, events=player, max_frames=30)  # warm up: first frames rasterise
    clock.iteration_ms.clear()
    clock.moving_ms.clear()
    run_app(app, clock=clock, events=player, max_frames=frames + 1)
    ms = sorted(clock.iteration_ms)
    mov = sorted(clock.moving_ms) or [0.0]
    return Frames(
        statistics.median(ms),
        _percentile(ms, 0.95),
        ms[-1],
        statistics.median(mov),
        _percentile(mov, 0.95),
        len(ms),
        len(clock.moving_ms),
        player.moves,
    )


def fanned_frame_times(app: App, frames: int, seeds: range) -> list[Frames]:
    """The same scripted player with "Show whole piles" on (switched on once, as a player
    does: the first run also pays for drawing the cards at their new size)."""
    app.change_setting("show_piles", True)
    try:
        return [frame_times(app, frames, seed) for seed in seeds]
    finally:
        app.change_setting("show_piles", False)


def _almost_won(number: int) -> tuple[object, str]:
    """A pool deal one move from won (the solver's line) and that move."""
    from crescent.rules import modes
    from crescent.rules.engine import Game
    from crescent.solver.pools import load_pool
    from crescent.solver.portfolio import solve

    standard = modes.STANDARD.letter
    game = Game.deal(load_pool(standard)[number % 50], standard)
    result = solve(game, budget_s=30)
    if result.outcome != "won":
        raise RuntimeError(f"the solver did not win pool deal {game.code}")
    for token in result.line[:-1]:
        game.apply(token)
    return game, result.line[-1]


def cascade_frame_times(app: App, seed: int) -> Frames:
    """Frame times while the win cascade runs (from the last card landing to the summary)."""
    from crescent.rules.engine import Game
    from crescent.ui.app import run_app
    from crescent.ui.cascade import CascadeScene
    from crescent.ui.scene import Screen

    game, last = _almost_won(seed)
    assert isinstance(game, Game)
    app.close_dialogs()
    app.session.game = game
    app.session.changes += 1
    app.session.apply(last)
    app.table.after_change()

    def cascading() -> bool:
        return isinstance(app.scenes[-1], CascadeScene)

    class NoEvents:
        def poll(self, window_size: tuple[int, int]) -> list[GameEvent]:
            return []

    clock = TimedClock(cascading)
    app.draw()
    app.open(Screen.WON)
    while cascading():
        run_app(app, clock=clock, events=NoEvents(), max_frames=60)
    app.close_dialogs()
    ms = sorted(clock.moving_ms)
    return Frames(
        statistics.median(ms),
        _percentile(ms, 0.95),
        ms[-1],
        statistics.median(ms),
        _percentile(ms, 0.95),
        len(ms),
        len(ms),
        0,
    )


def resize_times(app: App, runs: int) -> dict[str, float]:
    """Median ms per resize step: App.resize plus the first full frame."""
    import pygame

    app.draw()
    steps: dict[str, list[float]] = {}
    previous = BENCH_SIZE
    for _ in range(runs):
        for size in RESIZES:
            pygame.display.set_mode(size, pygame.RESIZABLE)
            pygame.event.clear()
            start = time.perf_counter()
            app.resize(size)
            app.draw()
            took = (time.perf_counter() - start) * 1000.0
            name = f"{previous[0]}x{previous[1]}->{size[0]}x{size[1]}"
            steps.setdefault(name, []).append(took)
            previous = size
    return {name: statistics.median(v) for name, v in steps.items()}


# -- report --------------------------------------------------------------------------------------


def _verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m crescent.bench frames",
        description="Client frame benchmark (video driver: $SDL_VIDEODRIVER; targets for dummy).",
    )
    parser.add_argument("--runs", type=int, default=3, help="runs per figure (medians)")
    parser.add_argument(
        "--first-runs", type=int, default=0, help="first-frame processes (default: --runs)"
    )
    parser.add_argument("--idle-seconds", type=float, default=5.0, help="idle CPU window")
    parser.add_argument("--frames", type=int, default=600, help="frames timed at 1920x1080")
    parser.add_argument(
        "--window-runs", type=int, default=3, help="game processes in a real X window"
    )
    parser.add_argument("--clicks", type=int, default=10, help="clicks (and undos) per window run")
    parser.add_argument(
        "--window-idle-seconds", type=float, default=30.0, help="idle CPU window in a real window"
    )
    parser.add_argument("--display", help="use this running X display instead of a fresh Xvfb")
    parser.add_argument("--no-window", action="store_true", help="skip the real-window figures")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--strict", action="store_true", help="exit 1 if a target is missed")
    args = parser.parse_args(argv)
    if args.runs < 1 or args.frames < 10 or args.idle_seconds <= 0:
        parser.error("--runs must be >= 1, --frames >= 10, --idle-seconds > 0")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    driver = os.environ.get("SDL_VIDEODRIVER", "(SDL default)")

    _compile_bytecode()
    firsts: list[FirstFrame] = []
    nexts: list[FirstFrame] = []
    bares: list[float] = []
    for _ in range(args.first_runs or args.runs):  # interleaved: all see the same load
        firsts.append(first_frame())
        nexts.append(first_frame(next_start=True))
        bares.append(bare_window())
    # One game window for the rest, as a player has.
    app = _make_app(BENCH_SIZE)
    idles = [idle_cpu(app, args.idle_seconds) for _ in range(args.runs)]
    runs = [frame_times(app, args.frames, seed) for seed in range(args.runs)]
    fans = fanned_frame_times(app, args.frames, range(args.runs))
    cascades = [cascade_frame_times(app, seed) for seed in range(args.runs)]
    resize = resize_times(app, args.runs)
    app.session.close()
    from benchmarks import xwindow

    no_window = "--no-window" if args.no_window else xwindow.available()
    window = (
        None
        if no_window
        else xwindow.measure(args.window_runs, args.clicks, args.window_idle_seconds, args.display)
    )
    rss = _peak_rss_mb()
    child_rss = [f.child_rss_mb for f in firsts if f.child_rss_mb is not None]

    first_s = statistics.median(f.from_spawn_s for f in firsts)
    first_main_s = statistics.median(f.from_main_s for f in firsts)
    first_cpu_s = statistics.median(f.cpu_s for f in firsts)
    next_s = statistics.median(f.from_spawn_s for f in nexts)
    next_main_s = statistics.median(f.from_main_s for f in nexts)
    next_cpu_s = statistics.median(f.cpu_s for f in nexts)
    bare_s = statistics.median(bares)
    idle = statistics.median(idles)
    p50 = statistics.median(r.p50_ms for r in runs)
    p95 = statistics.median(r.p95_ms for r in runs)
    worst = max(r.max_ms for r in runs)
    moving_p50 = statistics.median(r.moving_p50_ms for r in runs)
    moving_p95 = statistics.median(r.moving_p95_ms for r in runs)
    worst_resize = max(resize.values())
    fan_p50 = statistics.median(r.p50_ms for r in fans)
    fan_p95 = statistics.median(r.p95_ms for r in fans)
    fan_moving_p95 = statistics.median(r.moving_p95_ms for r in fans)
    cascade_p50 = statistics.median(r.p50_ms for r in cascades)
    cascade_p95 = statistics.median(r.p95_ms for r in cascades)
    figures = {
        "driver": driver,
        "first_frame_s": first_s,
        "first_frame_from_main_s": first_main_s,
        "first_frame_cpu_s": first_cpu_s,
        "next_start_first_frame_s": next_s,
        "next_start_first_frame_from_main_s": next_main_s,
        "next_start_first_frame_cpu_s": next_cpu_s,
        "bare_pygame_first_frame_s": bare_s,
        "idle_cpu_pct": idle,
        "frame_p50_ms": p50,
        "frame_p95_ms": p95,
        "frame_max_ms": worst,
        "moving_frame_p50_ms": moving_p50,
        "moving_frame_p95_ms": moving_p95,
        "frames_per_run": runs[0].frames,
        "moving_frames_per_run": runs[0].moving_frames,
        "moves_per_run": runs[0].moves,
        "peak_rss_mb": rss,
        "first_frame_child_peak_rss_mb": max(child_rss) if child_rss else None,
        "resize_ms": resize,
        "fanned_frame_p50_ms": fan_p50,
        "fanned_frame_p95_ms": fan_p95,
        "fanned_moving_frame_p95_ms": fan_moving_p95,
        "cascade_frame_p50_ms": cascade_p50,
        "cascade_frame_p95_ms": cascade_p95,
        "cascade_frames_per_run": cascades[0].frames,
        "window": dataclasses.asdict(window) if window is not None else no_window,
    }
    misses = [
        first_s >= FIRST_FRAME_TARGET_S,
        idle >= IDLE_TARGET_PCT,
        max(p95, moving_p95) > FRAME_P95_TARGET_MS,
        rss is not None and rss >= RSS_TARGET_MB,
        worst_resize >= RESIZE_TARGET_MS,
        next_s >= FIRST_FRAME_TARGET_S,
        max(fan_p95, fan_moving_p95) > FRAME_P95_TARGET_MS,
        cascade_p95 > FRAME_P95_TARGET_MS,
    ]
    if window is not None:
        misses += [
            window.idle_cpu_pct > WINDOW_IDLE_TARGET_PCT or window.clock_ticks_per_s < 0.9,
            window.click_first_ms > CLICK_FIRST_TARGET_MS,
            window.click_settled_ms > CLICK_SETTLED_TARGET_MS,
        ]
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        print(f"video driver: {driver}; medians of {args.runs} runs")
        print(
            f"first frame      {first_s * 1000:7.0f} ms from process start "
            f"({first_main_s * 1000:.0f} ms from main, {first_cpu_s * 1000:.0f} ms CPU)   target < "
            f"{FIRST_FRAME_TARGET_S * 1000:.0f} ms  {_verdict(not misses[0])}"
        )
        print(
            f"  next start     {next_s * 1000:7.0f} ms from process start "
            f"({next_main_s * 1000:.0f} ms from main, {next_cpu_s * 1000:.0f} ms CPU; card "
            f"pictures kept by the first)   target < {FIRST_FRAME_TARGET_S * 1000:.0f} ms  "
            f"{_verdict(not misses[5])}"
        )
        print(
            f"  bare pygame    {bare_s * 1000:7.0f} ms from process start (import pygame, "
            "open the window, fill it: the floor on this machine now; no target)"
        )
        print(
            f"idle CPU         {idle:7.2f} % of one core "
            f"({args.idle_seconds:g} s)   target < {IDLE_TARGET_PCT:g} %  {_verdict(not misses[1])}"
        )
        print(
            f"frame time       p50 {p50:.2f} ms, p95 {p95:.2f} ms, max {worst:.2f} ms "
            f"({runs[0].frames} frames, {runs[0].moves} moves, "
            f"{BENCH_SIZE[0]}x{BENCH_SIZE[1]})   target p95 <= {FRAME_P95_TARGET_MS:g} ms  "
            f"{_verdict(not misses[2])}"
        )
        print(
            f"  cards moving   p50 {moving_p50:.2f} ms, p95 {moving_p95:.2f} ms "
            f"({runs[0].moving_frames} of the frames)"
        )
        rss_text = f"{rss:.0f} MB" if rss is not None else "n/a"
        child_text = f"{max(child_rss):.0f} MB" if child_rss else "n/a"
        print(
            f"peak RSS         {rss_text} (first-frame process {child_text})   "
            f"target < {RSS_TARGET_MB:.0f} MB  {_verdict(not misses[3])}"
        )
        for name, ms in resize.items():
            print(f"resize           {name}: {ms:.0f} ms")
        print(
            f"resize worst     {worst_resize:.0f} ms   target < {RESIZE_TARGET_MS:.0f} ms  "
            f"{_verdict(not misses[4])}"
        )
        print(
            f"whole piles      p50 {fan_p50:.2f} ms, p95 {fan_p95:.2f} ms, cards moving p95 "
            f"{fan_moving_p95:.2f} ms   target p95 <= {FRAME_P95_TARGET_MS:g} ms  "
            f"{_verdict(not misses[6])}"
        )
        print(
            f"win cascade      p50 {cascade_p50:.2f} ms, p95 {cascade_p95:.2f} ms "
            f"({cascades[0].frames} frames)   target p95 <= {FRAME_P95_TARGET_MS:g} ms  "
            f"{_verdict(not misses[7])}"
        )
        if window is None:
            print(f"real window      skipped: {no_window}")
        else:
            w = window
            print(
                f"real X window    1280x800 under Xvfb, medians of {w.runs} game processes, "
                f"{w.clicks} clicks and undos each"
            )
            print(
                f"  idle CPU       {w.idle_cpu_pct:7.3f} % of one core ({w.idle_s:.0f} s, clock "
                f"ticking {w.clock_ticks_per_s:.2f}/s)   target <= {WINDOW_IDLE_TARGET_PCT:g} %  "
                f"{_verdict(not misses[8])}"
            )
            print(
                f"  click -> first change {w.click_first_ms:6.1f} ms   target <= "
                f"{CLICK_FIRST_TARGET_MS:.1f} ms (one frame)  {_verdict(not misses[9])}"
            )
            print(
                f"  click -> settled      {w.click_settled_ms:6.1f} ms   target <= "
                f"{CLICK_SETTLED_TARGET_MS:.0f} ms  {_verdict(not misses[10])}"
            )
            print(
                f"  undo key -> first change {w.undo_first_ms:.1f} ms, -> settled "
                f"{w.undo_settled_ms:.1f} ms"
            )
    results.record("frames", argv, {**figures, "targets_missed": sum(misses)})
    return 1 if args.strict and any(misses) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
