"""Frame times with "Still winnable?" searching: ``python -m crescent.bench watch``.

A scripted player plays at 1920x1080, paced at 60 frames a second as on a screen, with
the setting off and on, interleaved run by run. It is the player of
:mod:`benchmarks.frames` (random legal moves, a move every quarter second or so), which
also redeals early now and then and deals a random deal when its game is over, so the
watcher's thread keeps searching, positions lost or not known included. A search left
running by an "on" run is waited out before the next run.

Figures: the medians of the runs' p50 and p95 frame times (each loop iteration but its
wait) and the ratio on/off; the p50, p95, max and count of the "on" frames that ended with
a search running (``busy_``, all runs together) and their p95 over the "off" runs' p95;
the searches and their verdicts; the process's CPU over wall time. A benchmark, not a
test: the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from benchmarks import results
from benchmarks.frames import BENCH_SIZE, ScriptedPlayer, TimedClock, _make_app, _percentile
from crescent.control.input import KeyPress, PointerDown, PointerMove, PointerUp
from crescent.rules import modes
from crescent.rules.deal import make_code
from crescent.rules.engine import Move
from crescent.solver import watch
from crescent.ui.app import App, run_app

REDEAL_CHANCE = 0.08
"""The chance, at each move, of an early redeal (two presses: the first arms the button)."""
HOME_CHANCE = 0.7
"""The chance, when a card can go home, that the player sends one home."""
MOVES_PER_DEAL = 60
"""Then a new deal: a game wandering between piles would never end."""


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


class WatchPlayer(ScriptedPlayer):
    """Drags random legal moves, most often a card home when one can go, redeals early
    now and then, and deals a random deal (from its seed) to start, when its game is over
    and after :data:`MOVES_PER_DEAL` moves: positions turn lost or not known too."""

    def __init__(self, app: App, seed: int) -> None:
        super().__init__(app, seed)
        self.moves = MOVES_PER_DEAL  # a new deal first

    def _plan(self) -> None:
        app, game, rng = self.app, self.app.session.game, self.rng
        if len(app.scenes) > 1 or game.status != "playing" or self.moves >= MOVES_PER_DEAL:
            app.new_game(make_code(modes.STANDARD.letter, rng.randrange(1, 1_000_000)))
            self.moves = 0
            return
        moves = [m for m in game.legal_moves() if m.src < 16]
        if not moves or (game.redeals_left and rng.random() < REDEAL_CHANCE):
            for _ in range(2 if moves else 1):  # while moves remain, a second press redeals
                self.queue.extend([[KeyPress("r")], []])
            self.queue.extend([[], [], []])
            return
        home = [m for m in moves if m.dst >= 16]
        self.drag(rng.choice(home if home and rng.random() < HOME_CHANCE else moves))

    def drag(self, move: Move) -> None:
        """Press on the card, carry it over 10 frames, drop it; wait 3 frames."""
        (sx, sy), (dx, dy) = (self.app.layout.slots[i].center for i in (move.src, move.dst))
        self.queue.append([PointerDown(sx, sy)])
        for k in range(1, 11):
            self.queue.append([PointerMove(sx + (dx - sx) * k / 10, sy + (dy - sy) * k / 10)])
        self.queue.extend([[PointerUp(dx, dy)], [], [], []])
        self.moves += 1


@dataclass
class Paced:
    """One paced run: every frame's ms, those that ended with a search running, CPU %."""

    ms: list[float]
    busy_ms: list[float]
    cpu_pct: float


def searching(app: App) -> bool:
    """The "Still winnable?" watcher has a search under way."""
    watcher = app.table.winnable.watcher
    return watcher is not None and watcher.busy


def paced_frames(app: App, frames: int, player: ScriptedPlayer) -> Paced:
    """``frames`` paced frames of ``player`` (after 30 to warm up)."""
    clock = PacedClock(lambda: searching(app))
    run_app(app, clock=clock, events=player, max_frames=30)
    clock.iteration_ms.clear()
    clock.moving_ms.clear()
    cpu, wall = time.process_time(), time.perf_counter()
    run_app(app, clock=clock, events=player, max_frames=frames + 1)
    cpu_pct = 100 * (time.process_time() - cpu) / (time.perf_counter() - wall)
    return Paced(clock.iteration_ms, clock.moving_ms, cpu_pct)


def paced_run(app: App, frames: int, seed: int) -> tuple[float, float, float]:
    """(p50 ms, p95 ms, CPU %) of ``frames`` paced frames of the scripted player."""
    run = paced_frames(app, frames, ScriptedPlayer(app, seed))
    ms = sorted(run.ms)
    return statistics.median(ms), _percentile(ms, 0.95), run.cpu_pct


def count_verdicts() -> Counter[str]:
    """From now on, each search's verdict counted ("winnable", "lost", "unknown")."""
    counts: Counter[str] = Counter()
    judge = watch.Watcher._judge  # in the watcher's thread (the core) or its worker

    def counted(self: watch.Watcher, game: Any) -> watch.Watch:
        found = judge(self, game)
        counts[found.verdict.value] += 1
        return found

    watch.Watcher._judge = counted  # type: ignore[method-assign]
    return counts


def wait_idle(app: App, timeout_s: float = 30.0) -> None:
    """Let a search left running finish, so that it does not run into the next run."""
    end = time.perf_counter() + timeout_s
    while searching(app) and time.perf_counter() < end:
        time.sleep(0.05)


def spread(ms: list[float]) -> dict[str, float]:
    ms = sorted(ms) or [float("nan")]
    return {"p50": statistics.median(ms), "p95": _percentile(ms, 0.95), "max": ms[-1]}


def figures(runs: dict[bool, list[Paced]], verdicts: Counter[str]) -> dict[str, object]:
    def median(on: bool, f: Callable[[Paced], float]) -> float:
        return statistics.median(f(r) for r in runs[on])

    p50 = {on: median(on, lambda r: spread(r.ms)["p50"]) for on in (False, True)}
    p95 = {on: median(on, lambda r: spread(r.ms)["p95"]) for on in (False, True)}
    busy = spread([ms for r in runs[True] for ms in r.busy_ms])
    frames_on = sum(len(r.ms) for r in runs[True])
    busy_frames = sum(len(r.busy_ms) for r in runs[True])
    return {
        "frame_p50_ms_off": p50[False],
        "frame_p50_ms_on": p50[True],
        "frame_p95_ms_off": p95[False],
        "frame_p95_ms_on": p95[True],
        "p95_ratio_on_off": p95[True] / p95[False],
        "busy_frame_p50_ms": busy["p50"],
        "busy_frame_p95_ms": busy["p95"],
        "busy_frame_max_ms": busy["max"],
        "busy_frames": busy_frames,
        "busy_share_of_on_frames": busy_frames / frames_on,
        "busy_p95_ratio_to_off": busy["p95"] / p95[False],
        "busy_frames_off": sum(len(r.busy_ms) for r in runs[False]),
        "cpu_pct_off": median(False, lambda r: r.cpu_pct),
        "cpu_pct_on": median(True, lambda r: r.cpu_pct),
        "searches": sum(verdicts.values()),
        "searches_winnable": verdicts["winnable"],
        "searches_lost": verdicts["lost"],
        "searches_unknown": verdicts["unknown"],
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m crescent.bench watch")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    app = _make_app(BENCH_SIZE)
    verdicts = count_verdicts()
    runs: dict[bool, list[Paced]] = {False: [], True: []}
    for seed in range(args.runs):
        for on in (False, True):  # interleaved: both see the same load
            app.session.settings.watch_winnable = on
            runs[on].append(paced_frames(app, args.frames, WatchPlayer(app, seed)))
            app.session.settings.watch_winnable = False
            wait_idle(app)
    app.table.winnable.close()
    app.session.close()
    found = figures(runs, verdicts) | {"runs": args.runs, "frames_per_run": args.frames}
    if args.json:
        print(json.dumps(found, indent=2))
    else:
        for k, v in found.items():
            print(f"{k:24} {v:.3f}" if isinstance(v, float) else f"{k:24} {v}")
    results.record("watch", argv, found)
    return 0
