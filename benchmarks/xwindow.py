"""What a player feels, measured on the real game in a real X window (under Xvfb).

``python -m crescent.bench frames`` runs this part when Xvfb is installed
(``apt-get install -y xvfb``; libX11 and libXtst come with it). For each run a
fresh game process (``main.py``) opens a 1280x800 window on its own Xvfb
display, and this process drives it like a player through the X server:

* **click -> first change / -> settled**: a left click sent through XTEST
  (``XTestFakeButtonEvent``) on a pile whose card has one place to go, then
  screen grabs (``XGetImage`` of the box around the pile and its destination)
  as fast as they come: the first grab that differs from before the click
  (first change), and the last grab that differs from the one before it, once
  nothing has changed for ``QUIET_S`` (settled). Each click is followed by an
  undo (the ``U`` key), timed the same way, so every click starts from the same
  position. Times are from just before the click is flushed to the X server to
  the end of the grab that saw the change (so they include up to one grab,
  about a millisecond).
* **idle CPU**: after the clicks (a move stays played, so the clock on screen
  runs), once settled, the game's own CPU time (its CPU-time clock) over
  ``--idle-seconds`` of wall time; meanwhile the clock's cell is grabbed twice a
  second to check that it still ticks once a second.

Runs are interleaved: every run measures clicks, undos and idle in turn; the
figures are the medians over all runs. Linux only (``/proc``, X11).

Every run starts as a player's first start after installing does: a fresh data folder
and card cache, the Python modules' bytecode already compiled (``pip install`` compiles
it, and a start from source writes it the first time). The bytecode of each checkout
goes to a folder of the benchmark's own (``PYTHONPYCACHEPREFIX``), written by one start
that is not measured, so a checkout's tree is left as it was; an environment with
``PYTHONDONTWRITEBYTECODE`` would otherwise time Python compiling every module's source
at every start, and a build with more source would look slower than a player sees it.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZE = (1280, 800)
CODE = "CR1-N-AAAAAAB"
QUIET_S = 0.4
"""No change on screen for this long: the move has settled."""
TIMEOUT_S = 3.0


# -- X11 through ctypes (no Python package needed) ------------------------------------------


class _Funcs(ctypes.Structure):
    _fields_ = [
        (name, ctypes.c_void_p) for name in ("create", "destroy", "get", "put", "sub", "add")
    ]


class _XImage(ctypes.Structure):
    _fields_ = [
        ("width", ctypes.c_int),
        ("height", ctypes.c_int),
        ("xoffset", ctypes.c_int),
        ("format", ctypes.c_int),
        ("data", ctypes.c_void_p),
        ("byte_order", ctypes.c_int),
        ("bitmap_unit", ctypes.c_int),
        ("bitmap_bit_order", ctypes.c_int),
        ("bitmap_pad", ctypes.c_int),
        ("depth", ctypes.c_int),
        ("bytes_per_line", ctypes.c_int),
        ("bits_per_pixel", ctypes.c_int),
        ("red_mask", ctypes.c_ulong),
        ("green_mask", ctypes.c_ulong),
        ("blue_mask", ctypes.c_ulong),
        ("obdata", ctypes.c_void_p),
        ("f", _Funcs),
    ]


_DESTROY = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(_XImage))
_ZPIXMAP = 2
_ALL_PLANES = ctypes.c_ulong(0xFFFFFFFF)


def _lib(name: str) -> ctypes.CDLL | None:
    path = ctypes.util.find_library(name)
    for candidate in (path, f"lib{name}.so.6"):
        if candidate:
            try:
                return ctypes.CDLL(candidate)
            except OSError:
                continue
    return None


class X11:
    """One connection to an X display: XTEST input and screen grabs."""

    def __init__(self, display: str) -> None:
        x11, xtst = _lib("X11"), _lib("Xtst")
        if x11 is None or xtst is None:
            raise RuntimeError("libX11 / libXtst not found")
        self.x11, self.xtst = x11, xtst
        x11.XOpenDisplay.restype = ctypes.c_void_p
        x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x11.XDefaultRootWindow.restype = ctypes.c_ulong
        x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        x11.XGetImage.restype = ctypes.POINTER(_XImage)
        x11.XGetImage.argtypes = [
            ctypes.c_void_p,
            ctypes.c_ulong,
            ctypes.c_int,
            ctypes.c_int,
            ctypes.c_uint,
            ctypes.c_uint,
            ctypes.c_ulong,
            ctypes.c_int,
        ]
        x11.XFlush.argtypes = [ctypes.c_void_p]
        x11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
        x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
        x11.XKeysymToKeycode.restype = ctypes.c_ubyte
        x11.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
        xtst.XTestFakeMotionEvent.argtypes = [
            ctypes.c_void_p,
            ctypes.c_int,
            ctypes.c_int,
            ctypes.c_int,
            ctypes.c_ulong,
        ]
        xtst.XTestFakeButtonEvent.argtypes = [
            ctypes.c_void_p,
            ctypes.c_uint,
            ctypes.c_int,
            ctypes.c_ulong,
        ]
        xtst.XTestFakeKeyEvent.argtypes = [
            ctypes.c_void_p,
            ctypes.c_uint,
            ctypes.c_int,
            ctypes.c_ulong,
        ]
        self.dpy = x11.XOpenDisplay(display.encode())
        if not self.dpy:
            raise RuntimeError(f"cannot open X display {display}")
        self.root = x11.XDefaultRootWindow(self.dpy)

    def close(self) -> None:
        self.x11.XCloseDisplay(self.dpy)

    def move(self, x: int, y: int) -> None:
        self.xtst.XTestFakeMotionEvent(self.dpy, -1, x, y, 0)
        self.x11.XSync(self.dpy, 0)

    def click(self, x: int, y: int) -> float:
        """Press and release the left button at (x, y); the time the click was sent."""
        self.xtst.XTestFakeMotionEvent(self.dpy, -1, x, y, 0)
        self.x11.XSync(self.dpy, 0)
        self.xtst.XTestFakeButtonEvent(self.dpy, 1, 1, 0)
        self.xtst.XTestFakeButtonEvent(self.dpy, 1, 0, 0)
        sent = time.perf_counter()
        self.x11.XFlush(self.dpy)
        return sent

    def key(self, keysym: int) -> float:
        code = self.x11.XKeysymToKeycode(self.dpy, keysym)
        self.xtst.XTestFakeKeyEvent(self.dpy, code, 1, 0)
        self.xtst.XTestFakeKeyEvent(self.dpy, code, 0, 0)
        sent = time.perf_counter()
        self.x11.XFlush(self.dpy)
        return sent

    def grab(self, box: tuple[int, int, int, int]) -> bytes:
        x, y, w, h = box
        img = self.x11.XGetImage(self.dpy, self.root, x, y, w, h, _ALL_PLANES, _ZPIXMAP)
        if not img:
            raise RuntimeError("XGetImage failed")
        c = img.contents
        data = ctypes.string_at(c.data, c.bytes_per_line * c.height)
        _DESTROY(c.f.destroy)(img)
        return data


# -- one game in one Xvfb ---------------------------------------------------------------------


def available() -> str | None:
    """Why the real-window figures cannot be measured here, or None when they can."""
    if not sys.platform.startswith("linux"):
        return "Linux only"
    missing = [t for t in ("Xvfb",) if shutil.which(t) is None]
    if missing:
        return "needs Xvfb (apt-get install -y xvfb)"
    if _lib("X11") is None or _lib("Xtst") is None:
        return "needs libX11 and libXtst"
    return None


def start_xvfb(
    size: tuple[int, int] = SIZE, log: Path | None = None
) -> tuple[subprocess.Popen[bytes], str]:
    """A fresh Xvfb of ``size`` and its display, once it is ready: the server picks a free
    number itself (``-displayfd``: two started together never share one, and no lock or
    socket file is polled). ``-noreset``: it stays as it is when its last client leaves.
    Its messages go to ``log`` (when given), for a test to show if it ends early."""
    read, write = os.pipe()
    screen = ["-screen", "0", f"{size[0]}x{size[1]}x24"]
    with open(log or os.devnull, "wb") as errors:
        proc = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), *screen, "-nolisten", "tcp", "-noreset"],
            stdout=subprocess.DEVNULL,
            stderr=errors,
            pass_fds=(write,),
        )
    os.close(write)
    with os.fdopen(read) as told:
        number = told.readline().strip()  # empty: Xvfb ended without a display
    if not number.isdigit():
        stop(proc)
        said = log.read_text(errors="replace")[-2000:] if log else ""
        raise RuntimeError(f"Xvfb did not start (exit {proc.returncode}) {said}")
    return proc, f":{number}"


@contextmanager
def xvfb(display: str | None, size: tuple[int, int] = SIZE) -> Iterator[str]:
    """A display: the one given (already running), else a fresh Xvfb of ``size``
    (:func:`start_xvfb`), stopped at the end."""
    if display is not None:
        yield display
        return
    proc, fresh = start_xvfb(size)
    try:
        yield fresh
    finally:
        stop(proc)


def stop(proc: subprocess.Popen[bytes], seconds: float = 10.0) -> None:
    """End a process this benchmark started: SIGTERM, then SIGKILL after ``seconds``."""
    proc.terminate()
    try:
        proc.wait(seconds)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


@dataclass
class Run:
    first_ms: list[float] = field(default_factory=list)
    settled_ms: list[float] = field(default_factory=list)
    undo_first_ms: list[float] = field(default_factory=list)
    undo_settled_ms: list[float] = field(default_factory=list)
    idle_pct: float = 0.0
    clock_ticks: int = 0
    idle_s: float = 0.0
    start_ms: float = 0.0
    """From starting the process to the first cards on the screen."""
    hwm_kib: int = 0
    """The peak resident memory (VmHWM) of the game's processes, summed, after the clicks."""


def _cpu_s(pid: int) -> float:
    """The CPU time process ``pid`` has used, all its threads (those ended too), in
    seconds: read from its CPU-time clock, to the nanosecond (Linux gives every process
    one: ``clock_getcpuclockid``'s id, which Python does not wrap, is computed here);
    else from ``/proc/PID/stat``, in the kernel's ticks (10 ms: 5 ticks in a 30 s idle
    window are 0.17 %, the next step down 0.13 %)."""
    try:
        return time.clock_gettime_ns(_cpu_clock_id(pid)) / 1e9
    except OSError:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _cpu_clock_id(pid: int) -> int:
    """Linux's clock id for the CPU time of process ``pid`` (``CPUCLOCK_SCHED`` of the
    whole process: ``clock_getcpuclockid`` in glibc)."""
    return ((~pid) << 3) | 2


def _watch(
    x: X11, box: tuple[int, int, int, int], before: bytes, sent: float
) -> tuple[float, float]:
    """(first change, settled) in ms after ``sent``: grabs until quiet for QUIET_S."""
    first: float | None = None
    last_change: float | None = None
    previous = before
    while True:
        shot = x.grab(box)
        now = time.perf_counter()
        if shot != previous:
            if first is None:
                first = now
            last_change = now
            previous = shot
        if last_change is not None and now - last_change >= QUIET_S:
            break
        if now - sent > TIMEOUT_S:
            raise RuntimeError("the screen did not change after the click")
    assert first is not None
    assert last_change is not None
    return (first - sent) * 1000.0, (last_change - sent) * 1000.0


def _quiet(x: X11, box: tuple[int, int, int, int], seconds: float = QUIET_S) -> bytes:
    """Wait until the box has not changed for ``seconds``; its picture then."""
    shot = x.grab(box)
    still = time.perf_counter()
    while time.perf_counter() - still < seconds:
        time.sleep(0.01)
        now = x.grab(box)
        if now != shot:
            shot, still = now, time.perf_counter()
    return shot


_GEOMETRY = """
import json, sys
from crescent.control.input import Controller
from crescent.control.layout import compute_layout
from crescent.rules.engine import Game
from crescent.ui.table import HUD_ITEMS
w, h, code = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
game = Game.from_code(code)
controller = Controller(hud_items=HUD_ITEMS)
moves = [m for m in game.legal_moves()
         if m.src < 16 and controller.destinations(game, m.src) == [m.dst]]
layout = compute_layout(w, h, hud_items=len(HUD_ITEMS))
src, dst = (layout.slots[p] for p in (moves[0].src, moves[0].dst))
cell = layout.hud_cells[HUD_ITEMS.index("time")]
print(json.dumps([tuple(r) for r in (src, dst, cell)]))
"""
"""Where the checkout measured puts the clicked pile, its card's place and the clock (its
own layout: another build's may differ), printed by that checkout's Python."""


@dataclass(frozen=True)
class Checkout:
    """A source checkout whose ``main.py`` is measured, with its own Python (its
    ``.venv`` when it has one)."""

    root: Path

    @property
    def python(self) -> str:
        venv = self.root / ".venv" / "bin" / "python"
        return str(venv) if venv.exists() else sys.executable

    def geometry(self) -> tuple[Box, Box, Box]:
        """(the pile clicked, its card's one destination, the clock's cell)."""
        env = dict(os.environ, PYTHONPATH=str(self.root), SDL_VIDEODRIVER="dummy")
        out = subprocess.run(
            [self.python, "-c", _GEOMETRY, str(SIZE[0]), str(SIZE[1]), CODE],
            cwd=self.root,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        src, dst, clock = json.loads(out.strip().splitlines()[-1])
        return tuple(src), tuple(dst), tuple(clock)


HERE = Checkout(ROOT)
Box = tuple[int, int, int, int]


def _tree(pid: int) -> list[int]:
    """Process ``pid`` and all its descendants (Linux's ``/proc/PID/task/*/children``)."""
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        found.append(p)
        for task in Path(f"/proc/{p}/task").glob("*/children"):
            try:
                todo.extend(int(c) for c in task.read_text().split())
            except OSError:
                continue
    return found


def hwm_kib(pid: int) -> int:
    """VmHWM (peak resident memory) of ``pid`` and its descendants, summed, in KiB."""
    total = 0
    for p in _tree(pid):
        try:
            status = Path(f"/proc/{p}/status").read_text()
        except OSError:
            continue
        for line in status.splitlines():
            if line.startswith("VmHWM:"):
                total += int(line.split()[1])
    return total


def _command(checkout: Checkout, data: str, extra: tuple[str, ...] = ()) -> list[str]:
    """The game's command line: the deal :data:`CODE` in a window of :data:`SIZE`."""
    main = str(checkout.root / "main.py")
    size, options = f"{SIZE[0]}x{SIZE[1]}", ("--lang", "en", "--new", *extra)
    return [checkout.python, main, "--size", size, "--code", CODE, "--data-dir", data, *options]


def _game_env(pycache: str, **more: str) -> dict[str, str]:
    """The game's environment: bytecode written to and read from ``pycache``, a card cache
    of its own (``more``), sound to SDL's dummy driver."""
    drop = ("SDL_VIDEODRIVER", "PYTHONDONTWRITEBYTECODE")
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env.update(PYTHONPYCACHEPREFIX=pycache, SDL_AUDIODRIVER="dummy", **more)
    return env


@contextmanager
def compiled(checkout: Checkout) -> Iterator[str]:
    """A folder holding ``checkout``'s bytecode, written by one start of the game (on SDL's
    dummy video driver, two frames, not measured), removed at the end."""
    with (
        tempfile.TemporaryDirectory(prefix="crescent-xbench-pyc-") as pycache,
        tempfile.TemporaryDirectory(prefix="crescent-xbench-") as data,
    ):
        env = _game_env(pycache, SDL_VIDEODRIVER="dummy", CRESCENT_CACHE_DIR=data)
        subprocess.run(
            [*_command(checkout, data), "--frames", "2"],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=120,
            check=True,
        )
        yield pycache


def one_run(
    display: str,
    clicks: int,
    idle_seconds: float,
    extra: tuple[str, ...] = (),
    checkout: Checkout = HERE,
    pycache: str | None = None,
) -> Run:
    """One game process of ``checkout`` in ``display``: its start, clicks, undos, memory
    and idle CPU; ``extra``: more of its command line (``--speech``); ``pycache``: its
    bytecode (:func:`compiled`; None: compiled for this run alone, before it)."""
    if pycache is None:
        with compiled(checkout) as fresh:
            return one_run(display, clicks, idle_seconds, extra, checkout, fresh)
    (sx0, sy0, sw, sh), (dx0, dy0, dw, dh), clock_box = checkout.geometry()
    left, top = min(sx0, dx0), min(sy0, dy0)
    right, bottom = max(sx0 + sw, dx0 + dw), max(sy0 + sh, dy0 + dh)
    box = (left, top, right - left, bottom - top)
    run = Run()
    with (
        tempfile.TemporaryDirectory(prefix="crescent-xbench-") as data,
        tempfile.TemporaryDirectory(prefix="crescent-xbench-cards-") as cards,
    ):
        env = _game_env(pycache, DISPLAY=display, SDL_VIDEODRIVER="x11", CRESCENT_CACHE_DIR=cards)
        command = _command(checkout, data, extra)
        x = X11(display)
        x.move(SIZE[0] - 2, SIZE[1] // 2)  # off the cards, not over a button
        blank = x.grab(box)
        started = time.perf_counter()
        proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            deadline = time.monotonic() + 30
            while x.grab(box) == blank and time.monotonic() < deadline:
                time.sleep(0.002)
            run.start_ms = (time.perf_counter() - started) * 1000.0
            before = _quiet(x, box, 1.0)
            sx, sy = sx0 + sw // 2, sy0 + sh // 2
            for _ in range(clicks):
                sent = x.click(sx, sy)
                first, settled = _watch(x, box, before, sent)
                run.first_ms.append(first)
                run.settled_ms.append(settled)
                x.move(SIZE[0] - 2, SIZE[1] // 2)
                after = _quiet(x, box)
                sent = x.key(ord("u"))
                first, settled = _watch(x, box, after, sent)
                run.undo_first_ms.append(first)
                run.undo_settled_ms.append(settled)
                before = _quiet(x, box)
            run.hwm_kib = hwm_kib(proc.pid)
            x.click(sx, sy)  # one move stays played: the clock runs
            x.move(SIZE[0] - 2, SIZE[1] // 2)
            _quiet(x, box, 1.0)
            time.sleep(4.0)  # the "move played" messages fade, the table goes still
            shot = x.grab(clock_box)
            cpu0, wall0 = _cpu_s(proc.pid), time.perf_counter()
            end = wall0 + idle_seconds
            while time.perf_counter() < end:
                time.sleep(0.5)
                now = x.grab(clock_box)
                if now != shot:
                    run.clock_ticks += 1
                    shot = now
            cpu, wall = _cpu_s(proc.pid) - cpu0, time.perf_counter() - wall0
            run.idle_pct = 100.0 * cpu / wall
            run.idle_s = wall
        finally:
            x.close()
            stop(proc)
        if proc.returncode not in (0, -15) and proc.stderr is not None:
            err = proc.stderr.read().decode(errors="replace").strip()
            if err:
                print(f"game stderr: {err}", file=sys.stderr)
    return run


@dataclass
class RealWindow:
    runs: int
    clicks: int
    idle_cpu_pct: float
    idle_s: float
    clock_ticks_per_s: float
    click_first_ms: float
    click_settled_ms: float
    undo_first_ms: float
    undo_settled_ms: float


def measure(
    runs: int,
    clicks: int,
    idle_seconds: float,
    display: str | None = None,
    extra: tuple[str, ...] = (),
) -> RealWindow:
    done: list[Run] = []
    with compiled(HERE) as pycache:
        for _ in range(runs):
            with xvfb(display) as d:
                done.append(one_run(d, clicks, idle_seconds, extra, HERE, pycache))

    def med(values: list[float]) -> float:
        return statistics.median(values)

    return RealWindow(
        runs,
        clicks,
        med([r.idle_pct for r in done]),
        med([r.idle_s for r in done]),
        med([r.clock_ticks / r.idle_s for r in done]),
        med([v for r in done for v in r.first_ms]),
        med([v for r in done for v in r.settled_ms]),
        med([v for r in done for v in r.undo_first_ms]),
        med([v for r in done for v in r.undo_settled_ms]),
    )


def _figures(done: list[Run]) -> dict[str, float]:
    """The medians of ``done``'s runs (each click's and undo's times pooled)."""
    med = statistics.median
    return {
        "start_to_cards_ms": med([r.start_ms for r in done]),
        "hwm_mib": med([r.hwm_kib for r in done]) / 1024,
        "click_first_ms": med([v for r in done for v in r.first_ms]),
        "click_settled_ms": med([v for r in done for v in r.settled_ms]),
        "undo_first_ms": med([v for r in done for v in r.undo_first_ms]),
        "idle_cpu_pct": med([r.idle_pct for r in done]),
    }


def compare(
    checkouts: list[Checkout], runs: int, clicks: int, idle_seconds: float
) -> dict[str, dict[str, float]]:
    """Each checkout's figures, its runs interleaved with the others' (A, B, A, B...) so
    that all see the same machine; a fresh Xvfb a run."""
    done: dict[Path, list[Run]] = {c.root: [] for c in checkouts}
    with ExitStack() as stack:
        pycache = {c.root: stack.enter_context(compiled(c)) for c in checkouts}
        for i in range(runs):
            for checkout in checkouts if i % 2 == 0 else checkouts[::-1]:
                with xvfb(None) as d:
                    run = one_run(d, clicks, idle_seconds, (), checkout, pycache[checkout.root])
                done[checkout.root].append(run)
    return {str(root): _figures(rs) for root, rs in done.items()}


def main(argv: list[str]) -> int:
    """``python -m crescent.bench xwindow [--checkout PATH]...``: start -> cards, the
    memory of the game's processes after the clicks, click -> first change and idle CPU
    of each checkout's ``main.py`` in a real X window, interleaved; with two, the ratios
    of the first to the second."""
    import argparse

    from benchmarks import results

    parser = argparse.ArgumentParser(prog="python -m crescent.bench xwindow")
    parser.add_argument(
        "--checkout",
        action="append",
        type=Path,
        help="a source checkout to measure (its .venv's Python if it has one); "
        "repeat it to compare; default: this one",
    )
    parser.add_argument("--runs", type=int, default=6, help="runs of each checkout")
    parser.add_argument("--clicks", type=int, default=25, help="moves (each undone) a run")
    parser.add_argument("--idle-seconds", type=float, default=10.0)
    args = parser.parse_args(argv)
    missing = available()
    if missing:
        parser.error(missing)
    checkouts = [Checkout(p.resolve()) for p in args.checkout or [ROOT]]
    for c in checkouts:
        if not (c.root / "main.py").exists():
            parser.error(f"--checkout {c.root}: no main.py there")
    found = compare(checkouts, args.runs, args.clicks, args.idle_seconds)
    report: dict[str, object] = {"load_average": os.getloadavg(), "checkouts": found}
    if len(checkouts) == 2:
        a, b = (found[str(c.root)] for c in checkouts)
        report["ratios_first_to_second"] = {k: a[k] / b[k] for k in a if b[k]}
    print(json.dumps(report, indent=2))
    results.record("xwindow", argv, report)
    return 0
