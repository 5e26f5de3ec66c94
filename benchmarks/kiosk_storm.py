"""A kiosk's memory in a storm of input: ``python -m crescent.bench kiosk-storm [options]``.

The kiosk (as ``kiosk-memory`` starts it: full screen on a fresh Xvfb, a fresh data folder
and card cache) gets ``--ops`` operations (150,000) through XTEST as fast as the X server
takes them, with no pause: 55 % taps on cards, 20 % drags from a card to another place,
15 % HUD buttons (hints, undo, redeal, the language...), 7 % clicks at random spots,
3 % keys. Its resident size (``VmRSS``) and high-water mark (``VmHWM``) are read once a
second, and ``--after-seconds`` (30) after the storm. ``--bare`` storms a bare pygame
program instead (full screen, reading its queue every 16 ms, nothing else): what SDL
and Xlib keep of a storm whatever the game does (docs/PERFORMANCE.md, "Beyond a
person's pace"). Linux only (``/proc``, X11); needs Xvfb and libXtst.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks import kiosk_memory, results, xwindow

KEYS = (0x68, 0x75, 0xFF1B, 0x20, 0x72, 0x6E, 0xFF09)
"""The keysyms pressed: h, u, Escape, space, r, n, Tab."""
BARE = """
import time, pygame
pygame.display.init()
pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
print("ready", flush=True)
while True:
    pygame.event.get()
    time.sleep(0.016)
"""
"""The bare program: a full-screen window that reads its queue every 16 ms."""


def start(display: str, folder: Path, bare: bool) -> subprocess.Popen[bytes]:
    """The kiosk (once it has saved a game), or the bare program (once its window is up)."""
    if not bare:
        proc = kiosk_memory.start_kiosk(display, folder)
        if kiosk_memory.Saved(folder / "data").wait(lambda i, g: True, 60.0) is None:
            raise RuntimeError("the kiosk saved no game in 60 s")
        time.sleep(5.0)  # the first frame's card pictures, the planner's first deals
        return proc
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    env.update(DISPLAY=display, SDL_VIDEODRIVER="x11", PYGAME_HIDE_SUPPORT_PROMPT="1")
    proc = subprocess.Popen(
        [sys.executable, "-c", BARE], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert proc.stdout is not None
    if proc.stdout.readline().strip() != b"ready":
        raise RuntimeError("the bare program did not start")
    time.sleep(1.0)
    return proc


def storm(x: xwindow.X11, screen: kiosk_memory.Screen, ops: int, seed: int) -> None:
    """``ops`` operations through XTEST, back to back."""
    rng = random.Random(seed)
    places, hud = list(screen.places), list(screen.hud.values())
    w, h = screen.size
    for _ in range(ops):
        roll = rng.random()
        if roll < 0.55:
            px, py = rng.choice(places)
            x.click(px + rng.randint(-10, 10), py + rng.randint(-10, 10))
        elif roll < 0.75:
            drag(x, rng.choice(places), rng.choice(places))
        elif roll < 0.90:
            x.click(*rng.choice(hud))
        elif roll < 0.97:
            x.click(rng.randrange(w), rng.randrange(h))
        else:
            x.key(rng.choice(KEYS))


def drag(x: xwindow.X11, a: tuple[int, int], b: tuple[int, int]) -> None:
    """Press at ``a``, four moves to ``b``, release."""
    x.xtst.XTestFakeMotionEvent(x.dpy, -1, a[0], a[1], 0)
    x.xtst.XTestFakeButtonEvent(x.dpy, 1, 1, 0)
    for k in range(1, 5):
        at = (a[0] + (b[0] - a[0]) * k // 4, a[1] + (b[1] - a[1]) * k // 4)
        x.xtst.XTestFakeMotionEvent(x.dpy, -1, at[0], at[1], 0)
    x.xtst.XTestFakeButtonEvent(x.dpy, 1, 0, 0)
    x.x11.XFlush(x.dpy)


def run(ops: int, size: tuple[int, int], seed: int, after_s: float, bare: bool) -> dict[str, Any]:
    with (
        tempfile.TemporaryDirectory(prefix="crescent-kiosk-storm-") as tmp,
        xwindow.xvfb(None, size) as display,
    ):
        folder = Path(tmp)
        proc = start(display, folder, bare)
        sampler = kiosk_memory.Sampler(proc.pid)
        sampler.start()
        x = xwindow.X11(display)
        try:
            before = sampler.read()
            sampler.phase = "storm"
            began = time.monotonic()
            storm(x, kiosk_memory.kiosk_screen(size), ops, seed)
            storm_s = time.monotonic() - began
            end = sampler.read()
            sampler.phase = "after"
            time.sleep(after_s)
            after = sampler.read()
            if proc.poll() is not None or before is None or end is None or after is None:
                raise RuntimeError(f"the program ended during the storm ({proc.returncode})")
            peak = max([s.hwm_mb for s in sampler.samples] + [after.hwm_mb])
            return {
                "program": "bare pygame" if bare else "kiosk",
                "ops": ops,
                "storm_s": storm_s,
                "rss_before_mb": before.rss_mb,
                "rss_end_mb": end.rss_mb,
                "rss_after_mb": after.rss_mb,
                "peak_mb": peak,
            }
        finally:
            sampler.stop()
            x.close()
            kiosk_memory._stop(proc, folder / "data" / "crescent.log")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m crescent.bench kiosk-storm",
        description="A kiosk's memory (or a bare pygame program's) in a storm of XTEST input.",
    )
    parser.add_argument("--ops", type=int, default=150_000, help="operations, back to back")
    parser.add_argument("--after-seconds", type=float, default=30.0, help="wait after it")
    parser.add_argument("--size", type=kiosk_memory._size, default=(1920, 1080), help="WxH")
    parser.add_argument("--seed", type=int, default=1, help="the operations' choices")
    parser.add_argument("--bare", action="store_true", help="a bare pygame program instead")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    why = xwindow.available()
    if why is not None:
        print(f"crescent.bench kiosk-storm: {why}", file=sys.stderr)
        return 2
    # A kill ends the program and Xvfb too (through the cleanup).
    signal.signal(signal.SIGTERM, kiosk_memory._terminated)
    found = run(args.ops, args.size, args.seed, args.after_seconds, args.bare)
    results.record("kiosk-storm", argv, found)
    if args.json:
        print(json.dumps(found, indent=2))
    else:
        for name, value in found.items():
            print(f"{name:>14}: {round(value, 1) if isinstance(value, float) else value}")
    return 0
