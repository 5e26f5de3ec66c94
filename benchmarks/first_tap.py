"""The first tap after a pause: ``python -m crescent.bench first-tap [--checkout DIR]...``.

Each run is a game process of a checkout (its ``tests/helpers_ui.py`` client, headless:
SDL's dummy video and audio drivers). It taps once (what any first move warms), lets more
than 8 s of silence pass on its clock (the mixer closes: the frames that close it are
timed), taps again (the first tap after a pause: the mixer opens) and, once that has
settled, taps a third time (a tap like any other). A tap is timed from its frame's start
to the display's update that shows it; the 30 frames after it by their longest gap from
one update to the next (a frame the open held back). ``--open-ms N``: pygame's
``mixer.init`` then holds the interpreter lock N ms more (a busy C loop), like a real
audio device that takes 0.1-0.27 s to open; 0 is the dummy driver's own open. Runs
alternate between the checkouts and the ``--open-ms`` values (A, B, A, B...); the
figures are the medians and their ratios to the first checkout.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

FIGURES = ("close_ms", "pause_tap_ms", "pause_after_max_ms", "later_tap_ms", "later_after_max_ms")


def child(open_ms: float) -> None:
    """One run, in the checkout in the current folder; prints its figures as JSON."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, os.getcwd())
    import pygame

    from tests.helpers_ui import Client, make_client

    if open_ms > 0:
        real_init = pygame.mixer.init
        started = time.perf_counter()
        sum(range(1_000_000))
        spins = int(open_ms / 1000 / ((time.perf_counter() - started) / 1_000_000))

        def slow_init(*args: Any, **kwargs: Any) -> None:
            real_init(*args, **kwargs)
            sum(range(spins))  # one C call: the interpreter lock held throughout

        pygame.mixer.init = slow_init
    shown: list[float] = []
    for name in ("flip", "update"):
        real = getattr(pygame.display, name)

        def wrapped(*args: Any, _real: Any = real, **kwargs: Any) -> Any:
            done = _real(*args, **kwargs)
            shown.append(time.perf_counter())
            return done

        setattr(pygame.display, name, wrapped)

    def tap(c: Client) -> tuple[float, float]:
        move = next(m for m in c.game.legal_moves() if m.src < 16)
        c.click(c.centre(move.src))
        shown.clear()
        start = time.perf_counter()
        c.frames(31)
        gaps = [(b - a) * 1000 for a, b in zip([start, *shown], shown, strict=False)]
        return gaps[0], max(gaps[1:])

    def settle(c: Client) -> None:
        try:
            from crescent.ui import sound
        except ImportError:
            return
        if hasattr(sound, "settle"):  # (the sound thread's work, where there is one)
            sound.settle(30)
        c.settle()
        c.pause(1.0)
        c.frames(2)

    c = make_client()
    c.frames(5)
    tap(c)
    settle(c)
    time.sleep(2.0)  # the last sound (played in real time) has ended
    c.pause(9.0)  # more than 8 s of silence on the game's clock
    start = time.perf_counter()
    c.frames(2)
    close_ms = (time.perf_counter() - start) * 1000
    settle(c)
    closed = pygame.mixer.get_init() is None
    pause = tap(c)
    settle(c)
    later = tap(c)
    figures = [close_ms, *pause, *later]
    print(json.dumps({"closed": closed, **dict(zip(FIGURES, figures, strict=True))}))


def one_run(checkout: Path, open_ms: float) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--child", str(open_ms)],
        cwd=checkout,
        capture_output=True,
        text=True,
        check=True,
    )
    found: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    if not found["closed"]:
        raise RuntimeError(f"{checkout}: the mixer did not close after the pause")
    return found


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(prog="python -m crescent.bench first-tap")
    parser.add_argument("--checkout", action="append", type=Path, default=None)
    parser.add_argument("--runs", type=int, default=12)
    parser.add_argument("--open-ms", type=float, action="append", default=None)
    parser.add_argument("--child", type=float, default=None, help=argparse.SUPPRESS)
    opts = parser.parse_args(args)
    if opts.child is not None:
        child(opts.child)
        return 0
    from benchmarks import results

    checkouts = [c.resolve() for c in opts.checkout or [Path(__file__).resolve().parents[1]]]
    opens = opts.open_ms or [0.0, 150.0]
    done: dict[tuple[str, float], list[dict[str, Any]]] = {}
    for _ in range(opts.runs):
        for open_ms in opens:
            for checkout in checkouts:
                done.setdefault((str(checkout), open_ms), []).append(one_run(checkout, open_ms))
    figures = _medians(done, checkouts, opens)
    print(json.dumps(figures, indent=1))
    results.record("first-tap", args, figures)
    return 0


def _medians(
    done: dict[tuple[str, float], list[dict[str, Any]]], checkouts: list[Path], opens: list[float]
) -> dict[str, Any]:
    """Per ``--open-ms`` and checkout, each figure's median (ms) and its ratio to the
    first checkout's."""
    figures: dict[str, Any] = {}
    for open_ms in opens:
        base = done[(str(checkouts[0]), open_ms)]
        for checkout in checkouts:
            runs = done[(str(checkout), open_ms)]
            row: dict[str, Any] = {"runs": len(runs)}
            for name in FIGURES:
                median = statistics.median(r[name] for r in runs)
                first = statistics.median(r[name] for r in base)
                row[name] = round(median, 2)
                row[f"{name}_ratio"] = round(median / first, 3) if first else None
            figures[f"open_{open_ms:g}ms {checkout.name}"] = row
    return figures


if __name__ == "__main__":
    sys.exit(main())
