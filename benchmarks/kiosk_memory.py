"""A kiosk's memory in a real X window: ``python -m crescent.bench kiosk-memory [options]``.

The kiosk (``main.py --kiosk --config FILE``) runs full screen on a fresh Xvfb display
(1920x1080 unless ``--size``), on a fresh data folder and card cache. This process
plays it like visitors, through the X server (XTEST clicks, see
:mod:`benchmarks.xwindow`): ``--touches`` clicks (10,000) on cards and HUD buttons,
every move one the engine allows in the position the kiosk saved, most of them on a
winning line the solver finds for the deal (so games are won: the cascade and the
summary), with undo and redo, redeals, hints, the sound and the language buttons among
them; a finished game, or one played long enough, is left to the idle timer, and a
click on the attract loop deals the next. Then nobody touches it for
``--attract-minutes`` (60): attract loops, their deals solved in the background.

Each move is checked: the kiosk's saved game (read from its database, read-only) must
show it within a few seconds, else the figures say so (``unconfirmed``) and play goes
on from the position saved. The game's resident size (``VmRSS``) and its high-water
mark (``VmHWM``, the kernel's peak: nothing between two samples escapes it) are read
from ``/proc/PID/status`` once a second.

Figures: the peak (target: at most 120 MB), the size after start-up, after the touches,
and at the start and the end of the attract loops (medians of a few minutes' samples:
the growth over the idle hour), the moves confirmed, games won and clicks sent, and
the kiosk's last metrics file (``metrics_dir`` is set, as on a fleet's kiosk).
Linux only (``/proc``, X11); needs Xvfb and libXtst.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks import results, xwindow
from crescent.control.input import Controller
from crescent.engine import REDEAL, Game, Move
from crescent.play.database import DB_FILE, connect_read_only
from crescent.rules import modes
from crescent.solver.portfolio import solve

ROOT = Path(__file__).resolve().parent.parent
TARGET_MB = 120.0
IDLE_S = 10
"""The kiosk's idle time here (the config's least): a finished game makes way for the
next within seconds."""
TAP_GAP_S = 0.12
"""Between two clicks: more than the ghost-touch filter's 60 ms."""
SAME_PLACE_GAP_S = 0.5
"""Between two clicks on one place, from the moment the kiosk had the first (its move
saved): more than a double tap's 0.35 s, however late the kiosk read the clicks."""
CONFIRM_S = 4.0
MAX_TOUCHES_A_GAME = 400
"""A game not won after this many clicks is left to the idle timer."""
MAX_MISSES = 3
"""Moves in a row the kiosk did not take (a dialog is up: a hint found the game lost):
the visitor walks away."""
SETTLED_WINDOW_S = 300.0
"""The attract loops' size at their start and end: medians over this long (or a quarter
of the loops' time, if shorter)."""


# -- the kiosk's process -------------------------------------------------------------------


@dataclass
class Sample:
    t: float
    rss_mb: float
    hwm_mb: float
    phase: str


@dataclass
class Sampler:
    """Reads the game's ``VmRSS`` and ``VmHWM`` once a second, in a thread."""

    pid: int
    phase: str = "start"
    samples: list[Sample] = field(default_factory=list)
    _stop: threading.Event = field(default_factory=threading.Event)

    def start(self) -> None:
        threading.Thread(target=self._run, name="rss", daemon=True).start()

    def stop(self) -> None:
        self._stop.set()

    def read(self) -> Sample | None:
        try:
            with open(f"/proc/{self.pid}/status") as f:
                fields = dict(line.split(":", 1) for line in f if ":" in line)
        except OSError:
            return None
        kb = {k: int(v.split()[0]) for k, v in fields.items() if k in ("VmRSS", "VmHWM")}
        if len(kb) < 2:  # the game has ended (a zombie has no memory lines)
            return None
        return Sample(time.monotonic(), kb["VmRSS"] / 1024, kb["VmHWM"] / 1024, self.phase)

    def _run(self) -> None:
        while not self._stop.wait(1.0):
            sample = self.read()
            if sample is not None:
                self.samples.append(sample)


def kiosk_config(folder: Path) -> Path:
    """The kiosk's config: a PIN (so the exit corner is laid out as on a real kiosk), the
    shortest idle time, 96 dpi, English, the standard game of winnable deals."""
    path = folder / "kiosk.json"
    (folder / "metrics").mkdir()  # node_exporter's folder: the kiosk does not make it
    section = {
        "pin": "2468",
        "idle_seconds": IDLE_S,
        "dpi": 96,
        "language": "en",
        "variant": modes.STANDARD.letter,
        "winnable_only": True,
        "metrics_dir": str(folder / "metrics"),  # the fleet's metrics, as on a real kiosk
    }
    path.write_text(json.dumps({"kiosk": section}), encoding="utf-8")
    return path


def start_kiosk(display: str, folder: Path) -> subprocess.Popen[bytes]:
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    env.update(DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy")
    env["CRESCENT_CACHE_DIR"] = str(folder / "cache")  # no card pictures from elsewhere
    command = [sys.executable, str(ROOT / "main.py"), "--kiosk", "--config"]
    command += [str(kiosk_config(folder)), "--data-dir", str(folder / "data")]
    return subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


# -- where things are ----------------------------------------------------------------------


@dataclass(frozen=True)
class Screen:
    """The kiosk's table as the game lays it out (its burn-in shift is a few pixels at
    most: a click at a card's or a cell's centre still lands on it)."""

    places: tuple[tuple[int, int], ...]
    hud: dict[str, tuple[int, int]]
    size: tuple[int, int]


def kiosk_screen(size: tuple[int, int]) -> Screen:
    """The layout ``App`` computes for this kiosk (see :func:`kiosk_config`)."""
    from crescent.play.session import Session
    from crescent.play.settings import Settings
    from crescent.ui import window

    session = Session(None, Settings(language="en"), background_saves=False)
    options = window.Options(kiosk=True, dpi=96, exit_corner="top-left", exit_corner_px=80)
    layout, _ = window.table_layout(size, session, options)
    items = window.hud_items(session, options)
    hud = {str(item): cell.center for item, cell in zip(items, layout.hud_cells, strict=True)}
    return Screen(tuple(slot.center for slot in layout.slots), hud, size)


class Saved:
    """The kiosk's game in progress, read from its database (read-only)."""

    def __init__(self, data: Path) -> None:
        self.path = data / DB_FILE
        self._conn: sqlite3.Connection | None = None

    def read(self) -> tuple[str, Game] | None:
        """(the game's id, the game), or None while there is none to read."""
        if self._conn is None:
            self._conn = connect_read_only(self.path) if self.path.exists() else None
            if self._conn is None:
                return None
        try:
            row = self._conn.execute("SELECT id, game FROM current WHERE slot = 1").fetchone()
        except sqlite3.Error:
            return None
        if row is None:
            return None
        return str(row[0]), Game.from_dict(json.loads(row[1]))

    def wait(self, want: Callable[[str, Game], bool], seconds: float) -> tuple[str, Game] | None:
        """The saved game once ``want`` holds for it (None: not within ``seconds``)."""
        seen: list[tuple[str, Game]] = []

        def wanted(saved: tuple[str, Game] | None) -> bool:
            if saved is None or not want(*saved):
                return False
            seen.append(saved)
            return True

        return seen[0] if self.wait_for(wanted, seconds) else None

    def wait_for(self, want: Callable[[tuple[str, Game] | None], bool], seconds: float) -> bool:
        """Whether what :meth:`read` gives (None included: no game in progress) comes to
        satisfy ``want`` within ``seconds``."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if want(self.read()):
                return True
            time.sleep(0.02)
        return False


def position(game: Game) -> tuple[object, ...]:
    d = game.to_dict()
    return (d["piles"], d["face_down"], d["foundations"], d["redeals_left"])


# -- the visitors ---------------------------------------------------------------------------


@dataclass
class Counts:
    touches: int = 0
    moves: int = 0
    unconfirmed: int = 0
    games: int = 0
    won: int = 0
    hints: int = 0
    undos: int = 0
    languages: int = 0
    attract_misses: int = 0
    """Clicks on the screen after the idle time that dealt no new game."""


class Visitors:
    """Clicks through XTEST, paced like a quick finger."""

    def __init__(self, x: xwindow.X11, screen: Screen, saved: Saved, seed: int) -> None:
        self.x = x
        self.screen = screen
        self.saved = saved
        self.rng = random.Random(seed)
        self.counts = Counts()
        self.controller = Controller()
        """Which card a tap sends where (the kiosk's own rule: one place to go, it goes)."""
        self._last = 0.0
        """When the last click was sent."""
        self._at: tuple[int, int] | None = None
        """Where it went."""
        self._clicked: dict[tuple[int, int], float] = {}
        """When each place was last clicked (a second click there must not be a double tap)."""

    def click(self, at: tuple[int, int]) -> None:
        due = max(self._last + TAP_GAP_S, self._clicked.get(at, 0.0) + SAME_PLACE_GAP_S)
        time.sleep(max(0.0, due - time.monotonic()))
        self.x.click(*at)
        self._last = self._clicked[at] = time.monotonic()
        self._at = at
        self.counts.touches += 1

    def hud(self, item: str) -> None:
        self.click(self.screen.hud[item])

    def play(self, game: Game, token: str) -> Game:
        """Click ``token`` (a move, or ``R``) in ``game``; the position expected after it."""
        after = game.copy()
        if token == REDEAL:
            self.hud("redeal")
            if game.has_move():  # the two-press redeal while moves remain
                self.hud("redeal")
            after.redeal()
            return after
        move = Move.parse(token)
        self.click(self.screen.places[move.src])
        if self.controller.destinations(game, move.src) != [move.dst]:
            self.click(self.screen.places[move.dst])
        after.play(move)
        return after

    def confirm(self, game_id: str, expected: Game) -> Game | None:
        """The saved game once it shows ``expected`` (a game that ``expected`` ends is no
        longer in progress: ``expected`` then); None (counted) if it never does."""
        want = position(expected)
        over = expected.status != "playing"

        def shows(saved: tuple[str, Game] | None) -> bool:
            if saved is None or saved[0] != game_id:
                return over
            return position(saved[1]) == want

        if not self.saved.wait_for(shows, CONFIRM_S):
            self.counts.unconfirmed += 1
            return None
        if self._at is not None:  # the kiosk has had the last click by now
            self._clicked[self._at] = time.monotonic()
        return expected

    def undo_redo(self, game_id: str, game: Game) -> None:
        """Undo, then redo: the game is where it was (two clicks on the HUD)."""
        before = game.copy()
        undone = game.copy()
        undone.undo()
        self.hud("undo")
        if self.confirm(game_id, undone) is not None:
            self.hud("redo")
            self.confirm(game_id, before)
        self.counts.undos += 1

    def button(self, game_id: str, game: Game) -> bool:
        """Now and then a HUD button that plays no card: True if one was clicked."""
        roll = self.rng.random()
        if roll < 0.005:
            self.hud("lang")  # the next language, fonts and all
            self.counts.languages += 1
        elif roll < 0.01:
            self.hud("sound")
        elif roll < 0.03:
            self.hud("hint")  # a search at the kiosk's memory budget, in the background
            self.counts.hints += 1
        elif roll < 0.07 and game.can_undo:
            self.undo_redo(game_id, game)
        else:
            return False
        return True

    def next_token(self, game: Game, line: list[str]) -> str | None:
        """The winning line's next step while the game follows it, else a legal move (one
        to a foundation if there is one), a redeal, or None (nothing to play)."""
        if line:
            return line.pop(0)
        moves = game.legal_moves()
        home = [m for m in moves if m.dst >= 16 > m.src]
        if home or moves:
            return str(self.rng.choice(home or moves))
        return REDEAL if game.redeals_left else None

    def one_game(self, touches: int) -> None:
        """Play the game on the table until it ends, ``MAX_TOUCHES_A_GAME`` clicks are
        spent, the kiosk stops taking moves (a dialog) or ``touches`` are reached; then
        leave it to the idle timer and click the attract loop for the next."""
        found = self.saved.wait(lambda i, g: True, 30.0)
        if found is None:
            raise RuntimeError("the kiosk saved no game in 30 s")
        game_id, game = found
        line = solved_line(game)
        start = self.counts.touches
        self.counts.games += 1
        misses = 0
        while game.status == "playing" and misses < MAX_MISSES:
            if self.counts.touches >= min(touches, start + MAX_TOUCHES_A_GAME):
                break
            if self.button(game_id, game):
                continue
            token = self.next_token(game, line)
            if token is None:
                break
            confirmed = self.confirm(game_id, self.play(game, token))
            self.counts.moves += confirmed is not None
            misses = 0 if confirmed is not None else misses + 1
            if confirmed is None:  # play on from what the kiosk saved
                line = []
                found = self.saved.read()
                if found is None or found[0] != game_id:
                    break
                confirmed = found[1]
            game = confirmed
        self.counts.won += game.status == "won"
        self.next_game(game_id)

    def next_game(self, game_id: str) -> None:
        """Leave the table to the idle timer, then click the attract loop: a new game.
        A click that deals none (the kiosk was not idle yet) is tried again, later."""
        w, h = self.screen.size
        for _ in range(5):
            time.sleep(IDLE_S + 3.0)
            self.click((w // 2, h // 2))
            if self.saved.wait(lambda i, g: i != game_id, 10.0) is not None:
                return
            self.counts.attract_misses += 1
            print(f"no new game after a click on the attract loop ({game_id})", file=sys.stderr)
        raise RuntimeError("no new game after five clicks on the attract loop")


def solved_line(game: Game) -> list[str]:
    """A winning line for ``game`` from the solver (2 s at most), or none."""
    result = solve(game, budget_s=2.0)
    return list(result.line) if result.outcome == "won" else []


# -- the run --------------------------------------------------------------------------------


@dataclass
class Run:
    samples: list[Sample]
    counts: Counts
    touch_s: float
    attract_s: float
    metrics: str
    """The kiosk's last ``crescent.prom`` (the fleet's metrics file) before it stopped."""


def run(touches: int, attract_s: float, size: tuple[int, int], seed: int) -> Run:
    """The kiosk on a fresh Xvfb: start-up, the touches, then the attract loops."""
    with (
        tempfile.TemporaryDirectory(prefix="crescent-kiosk-memory-") as tmp,
        xwindow.xvfb(None, size) as display,
    ):
        folder = Path(tmp)
        proc = start_kiosk(display, folder)
        sampler = Sampler(proc.pid)
        sampler.start()
        x = xwindow.X11(display)
        try:
            saved = Saved(folder / "data")
            if saved.wait(lambda i, g: True, 60.0) is None:
                raise RuntimeError("the kiosk saved no game in 60 s")
            time.sleep(5.0)  # the first frame's card pictures, the planner's first deals
            sampler.phase = "touches"
            visitors = Visitors(x, kiosk_screen(size), saved, seed)
            began = time.monotonic()
            while visitors.counts.touches < touches:
                visitors.one_game(touches)
            touch_s = time.monotonic() - began
            sampler.phase = "attract"
            time.sleep(attract_s)
            if proc.poll() is not None:
                raise RuntimeError(f"the kiosk ended with code {proc.returncode}")
            metrics = _metrics_after(folder / "metrics" / "crescent.prom", touch_s, proc)
            return Run(list(sampler.samples), visitors.counts, touch_s, attract_s, metrics)
        finally:
            sampler.stop()
            x.close()
            _stop(proc, folder / "data" / "crescent.log")


METRICS_WAIT_S = 150.0
"""How long to wait for a metrics file written after the touches (one a minute): only
stops a hung run."""


def _metrics_after(path: Path, touch_s: float, proc: subprocess.Popen[bytes]) -> str:
    """The kiosk's first metrics file written after the touches (its uptime says when),
    so its counters hold them all: a counter that never counts shows as 0."""
    end = time.monotonic() + METRICS_WAIT_S
    while time.monotonic() < end and proc.poll() is None:
        try:
            text = path.read_text(encoding="utf-8")
        except OSError:
            text = ""
        found = re.search(r"^crescent_uptime_seconds (\S+)$", text, re.MULTILINE)
        if found is not None and float(found[1]) > touch_s:
            return text
        time.sleep(0.5)  # the file is rewritten once a minute
    raise RuntimeError(f"no metrics file written after the touches within {METRICS_WAIT_S} s")


def _stop(proc: subprocess.Popen[bytes], log: Path) -> None:
    xwindow.stop(proc, 15.0)  # SIGTERM: the kiosk saves its game and leaves
    err = proc.stderr.read().decode(errors="replace").strip() if proc.stderr else ""
    if proc.returncode not in (0, 143, -15) and err:
        print(f"kiosk stderr: {err}", file=sys.stderr)
        if log.exists():  # its traceback, before the folder goes
            tail = log.read_text(encoding="utf-8", errors="replace").splitlines()[-80:]
            print("the kiosk's log, last lines:", *tail, sep="\n", file=sys.stderr)


def figures(done: Run) -> dict[str, Any]:
    samples = done.samples
    attract = [s.rss_mb for s in samples if s.phase == "attract"]
    window = max(1, min(round(SETTLED_WINDOW_S), len(attract) // 4))
    started = [s.rss_mb for s in samples if s.phase == "start"]
    touched = [s for s in samples if s.phase == "touches"]
    start_mb = statistics.median(attract[:window]) if attract else None
    end_mb = statistics.median(attract[-window:]) if attract else None
    return {
        "peak_mb": max(s.hwm_mb for s in samples),
        "peak_during_touches_mb": max((s.hwm_mb for s in touched), default=None),
        "rss_after_start_mb": started[-1] if started else None,
        "rss_after_touches_mb": touched[-1].rss_mb if touched else None,
        "attract_start_mb": start_mb,
        "attract_end_mb": end_mb,
        "attract_growth_mb": None if end_mb is None or start_mb is None else end_mb - start_mb,
        "rss_max_mb": max(s.rss_mb for s in samples),
        "settled_window_s": window,
        "touch_phase_s": done.touch_s,
        "attract_s": done.attract_s,
        "target_mb": TARGET_MB,
        **vars(done.counts),
        "metrics": done.metrics,
    }


def _terminated(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


def _size(text: str) -> tuple[int, int]:
    w, _, h = text.partition("x")
    return int(w), int(h)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m crescent.bench kiosk-memory",
        description="A kiosk's peak memory in a real X window (Xvfb), played then left idle.",
    )
    parser.add_argument("--touches", type=int, default=10_000, help="clicks on cards and HUD")
    parser.add_argument(
        "--attract-minutes", type=float, default=60.0, help="idle time after the touches"
    )
    parser.add_argument("--size", type=_size, default=(1920, 1080), help="screen, WxH")
    parser.add_argument("--seed", type=int, default=1, help="the visitors' choices")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--strict", action="store_true", help="exit 1 over the target")
    args = parser.parse_args(argv)
    why = xwindow.available()
    if why is not None:
        print(f"crescent.bench kiosk-memory: {why}", file=sys.stderr)
        return 2
    signal.signal(signal.SIGTERM, _terminated)  # a kill ends the kiosk and Xvfb too
    done = run(args.touches, args.attract_minutes * 60, args.size, args.seed)
    found = figures(done)
    results.record("kiosk-memory", argv, found)
    if args.json:
        print(json.dumps(found, indent=2))
    else:
        for name, value in found.items():
            if name == "metrics":
                print(f"\nthe kiosk's metrics file at the end:\n{value}")
                continue
            print(f"{name:>26}: {round(value, 1) if isinstance(value, float) else value}")
    return 1 if args.strict and found["peak_mb"] > TARGET_MB else 0
