"""Kiosk mode: a locked-down, touch-first table for visitors (see the README, "Kiosk mode").

* Nothing a visitor can do leaves the game: closing the window, Esc, Alt+F4,
  Ctrl+Q, F11 and other shortcuts do nothing. The operator leaves with the
  exit gesture (a long press in a corner) and the PIN from the config file;
  the same PIN guards the settings (variant, winnable deals, statistics).
  Wrong PINs are refused and rate-limited; the PIN is never shown or logged.
* After ``idle_seconds`` without a touch the visitor's game is set aside
  (marked idle-abandoned: not counted in the statistics, not resumed) and the
  table turns into an attract loop that plays a winnable deal by itself on its
  own :class:`~crescent.rules.engine.Game`. A touch deals a fresh game.

The logic here (PIN guard, planner, idle and gesture tracking) needs no
display and imports no client code: the client gives the kiosk a
:class:`KioskHost` (in :mod:`crescent.ui.kiosk_scenes`), which shows its screens.
"""

from __future__ import annotations

import hmac
import math
import random
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Final, Literal, Protocol

from crescent import logs
from crescent.control.input import (
    GameEvent,
    KeyPress,
    PointerDown,
    PointerMove,
    PointerUp,
    TextInput,
    WindowEvent,
    WindowKind,
)
from crescent.files import write_atomic
from crescent.kiosk import burnin
from crescent.kiosk.config import KioskConfig, apply_to_settings, in_hours
from crescent.kiosk.metrics import FleetMetrics, game_counts, rss_bytes
from crescent.kiosk.state import KioskState, PinState, VenueStats
from crescent.kiosk.watchdog import Watchdog
from crescent.play import queries
from crescent.rules import modes
from crescent.rules.engine import Game
from crescent.solver import portfolio as solver
from crescent.solver.budget import release_memory

if TYPE_CHECKING:
    import logging

    from crescent.options import Config
    from crescent.play.session import Session

__all__ = [
    "RECORDED_LINE",
    "AttractPlanner",
    "DemoLine",
    "Kiosk",
    "KioskHost",
    "PinGuard",
    "apply_kiosk_config",
    "corner_side",
    "export_csv",
    "export_folders",
    "guess_dpi",
    "kiosk_touch",
]


BASE_TOUCH_PX: Final = 34
"""9 mm at 96 dpi: the touch size at which the exit corner is ``exit_corner_px`` wide."""
MAX_LOCKOUT_S: Final = 3600.0
"""The doubling wait after wrong PINs never grows beyond an hour."""
FUNCTION_KEYS: Final = frozenset(f"f{i}" for i in range(1, 25))


# -- the PIN ------------------------------------------------------------------------

PinResult = Literal["ok", "wrong", "locked"]


def _log() -> logging.Logger:
    return logs.get("crescent.kiosk.core")


class PinGuard:
    """Checks operator PINs, with a doubling wait after too many wrong ones.

    The first ``tries - 1`` wrong PINs in a row cost nothing; the ``tries``-th
    imposes ``lockout_s``, and every further wrong PIN doubles it (capped at
    an hour). During a wait every PIN is refused unchecked. The right PIN
    resets the count. Times are the caller's clock (``App.now``).
    """

    def __init__(self, pin: str, tries: int = 3, lockout_s: float = 30.0) -> None:
        self._pin = pin.encode()
        self.tries = tries
        self.lockout_s = lockout_s
        self.failures = 0
        self.locked_until = -math.inf

    def __repr__(self) -> str:
        return f"PinGuard(failures={self.failures})"

    def wait_left(self, now: float) -> float:
        """Seconds before a PIN may be tried again (0 when one may)."""
        return max(0.0, self.locked_until - now)

    def state(self, now: float, wall: float) -> PinState:
        """What to keep on disk: the failures and the wall-clock end of the wait."""
        return PinState(self.failures, wall + self.wait_left(now))

    def restore(self, state: PinState, now: float, wall: float) -> None:
        """Take up a kept state (after a restart): the wait goes on where it was, never
        longer than the cap (the wall clock may have jumped)."""
        self.failures = state.failures
        left = min(MAX_LOCKOUT_S, max(0.0, state.wait_until - wall))
        self.locked_until = now + left if left > 0 else -math.inf

    def check(self, attempt: str, now: float) -> PinResult:
        if self.wait_left(now) > 0:
            return "locked"
        if hmac.compare_digest(attempt.encode(), self._pin):
            self.failures = 0
            self.locked_until = -math.inf
            return "ok"
        self.failures += 1
        if self.failures >= self.tries:
            wait = self.lockout_s * 2 ** min(self.failures - self.tries, 20)
            self.locked_until = now + min(wait, MAX_LOCKOUT_S)
        return "wrong"


# -- the attract loop's deals -------------------------------------------------------------

RECORDED_CODE: Final = "CR1-N-KZCYTJA"
_RECORDED_TEXT: Final = """
P9-F2 P5-F8 P15-F5 P13-F2 P10-F8 P9-P11 P9-P15 P9-P5 P9-F7 P9-F8 P12-P16 P12-F5 P15-F5
P15-F5 P15-F8 P5-F8 P15-F2 P6-F8 P14-P13 P7-P16 P7-F3 P4-P16 P4-F6 P4-P12 P4-F3 P1-F3
P1-F4 P1-P14 P1-F3 P15-P4 P15-F6 P12-P3 P12-F6 P3-F6 P3-F6 P12-F7 P5-P1 P5-P7 P3-P7 P3-F1
P3-F3 P16-F3 P11-P5 P11-P5 P11-P7 P6-P7 P5-P3 P5-P3 P5-P3 P1-P5 P1-F8 P6-F8 P6-F2 P13-F2
P13-F2 F2-F6 F2-F6 F2-F6 F2-F6 F2-F6 F2-F6 P14-F6 P14-F2 P14-F5 P14-F3 P8-F3 P8-F3 F3-F7
F3-F7 F3-F7 F3-F7 F3-F7 F3-F7 F3-F7 P2-F3 P6-F3 P16-F3 P16-F3 P16-F3 P16-F2 P8-F8 P6-F1
P7-P13 P7-F5 P7-F5 P7-F5 P7-F1 F5-F1 F5-F1 F5-F1 F5-F1 F5-F1 F5-F1 P3-F1 P3-F5 P3-F5 P3-F5
P8-P1 P8-F4 P8-F1 F8-F4 F8-F4 F8-F4 P5-F4 P5-F4 P14-F8 P14-F7 P11-F7 P10-P5 P10-F2 P10-F3
P10-F1 P10-F2 P12-P2 P12-F8 P5-P11 P7-P5 P7-F5 P13-F5 P13-F5 P3-F5 P13-F4 P13-P7 P13-F4
P2-F4 P2-F4 P2-F8 P2-F2 P2-F5 P16-P2 P16-P4 P16-F3 P5-F3 P16-F2 P2-F2 P5-F3 P2-F2 P7-F2
P7-F2 P11-F3 P11-F7 P11-F8 P4-F8 P4-F8 P4-F4 P4-F2 P11-F2 R P1-F5 P1-F5
"""
RECORDED_LINE: Final = tuple(_RECORDED_TEXT.split())
"""A winning line (found by the solver) for RECORDED_CODE: the attract loop's fallback
when no other line is ready yet. tests/kiosk/test_kiosk.py replays it in the engine."""


@dataclass(frozen=True)
class DemoLine:
    """A deal and a line of engine tokens that wins it."""

    code: str
    tokens: tuple[str, ...]


RECORDED: Final = DemoLine(RECORDED_CODE, RECORDED_LINE)

NIGHT_DARKNESS: Final = 0.6
"""How much darker the attract loop is drawn during the config's ``dim_hours``."""
CALM_S: Final = 2.0
"""The table's burn-in shift waits until nobody has touched the glass for this long: it
never moves a card from under a finger."""
KIOSK_SOLVER_BYTES: Final = 32 * 2**20
"""The solver's memory budget in a kiosk (hints and the attract loop's deals): half the
desktop's, so the kiosk stays under 120 MB resident however hard a visitor's position."""

EXIT_RESTART: Final = 4
"""The exit code of a kiosk that restarts itself to give memory back (its supervisor, the
systemd unit or the loop script, starts it again; ``docs/KIOSK.md``)."""

SolveFn = Callable[..., solver.Result]


class AttractPlanner:
    """Winning lines for the attract loop, found by the solver in a background thread.

    :meth:`next_line` never waits: it hands out a line already found (each one
    once: every loop shows another deal), or the recorded one, and starts the
    search for the next. Deals come from ``pool`` (the winnable deals) when it
    has any, else at random; a deal the solver does not win within ``budget_s``
    is skipped. At most ``keep`` lines wait their turn (a few hundred tokens
    each: the loop holds next to nothing between deals); after ``max_attempts``
    fruitless searches in a row the planner stops and the recorded line is
    shown. While a visitor plays (:meth:`pause`, until the loop's next deal) it
    searches nothing: the visitor's hints have the kiosk's memory budget to
    themselves.
    """

    def __init__(
        self,
        pool: Callable[[str], Sequence[int]] | None = None,
        *,
        variant: str = modes.DEFAULT.letter,
        rng: random.Random | None = None,
        budget_s: float = 3.0,
        keep: int = 2,
        max_attempts: int = 40,
        solve: SolveFn = solver.solve,
        max_bytes: int = KIOSK_SOLVER_BYTES,
    ) -> None:
        self.pool = pool
        self.variant = variant
        self.rng = rng or random.Random()
        self.budget_s = budget_s
        self.keep = keep
        self.max_attempts = max_attempts
        self._solve = solve
        self.max_bytes = max_bytes
        self.attempts = 0
        """Searches in a row that found nothing (reset by every line found)."""
        self.lines: list[DemoLine] = []
        self.last_code: str | None = None
        """The deal handed out last: the next one is another whenever possible."""
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._paused = False
        """A visitor is playing: no search runs (see :meth:`pause`)."""
        self._thread: threading.Thread | None = None
        """The searching thread, while it runs (set and cleared under the lock)."""
        self._bad: set[str] = set()
        self.solver_s = 0.0
        """CPU seconds its searches took, in all (the fleet's metrics)."""

    @property
    def busy(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def prefetch(self) -> None:
        """Start finding lines now (at the kiosk's start), before the first idle."""
        self._start()

    def next_line(self) -> DemoLine:
        """The next line to show (never waits): another deal than the last when one is
        ready, else the recorded line; starts a search for more (after a pause too)."""
        with self._lock:
            fresh = [ln for ln in self.lines if ln.code != self.last_code]
            if fresh:
                line = fresh[0]
                self.lines.remove(line)
            elif self.last_code != RECORDED.code or not self.lines:
                line = RECORDED
            else:
                line = self.lines.pop(0)
            self.last_code = line.code
            self._paused = False
        self._start()
        return line

    def pause(self) -> None:
        """A visitor plays: the search in flight stops at once (its tables let go) and
        none starts until :meth:`next_line`."""
        with self._lock:
            self._paused = True

    def discard(self, line: DemoLine) -> None:
        """A line the engine refused (it should not happen): never show it again."""
        with self._lock:
            if len(self._bad) < 1000:
                self._bad.add(line.code)
            self.lines = [ln for ln in self.lines if ln.code != line.code]

    def close(self) -> None:
        self._stop.set()

    def wait_idle(self, timeout: float = 30.0) -> bool:
        """For tests: wait until the background search has stopped."""
        t = self._thread
        if t is not None:
            t.join(timeout)
        return not self.busy

    def _halted(self) -> bool:
        """Paused or closed: the search in flight stops (the solver asks often)."""
        return self._paused or self._stop.is_set()

    def _wanted(self) -> bool:
        """Whether to search (the caller holds the lock)."""
        return (
            len(self.lines) < self.keep and self.attempts < self.max_attempts and not self._halted()
        )

    def _start(self) -> None:
        with self._lock:
            if self.busy or not self._wanted():
                return
            self._thread = threading.Thread(target=self._run, name="crescent-attract", daemon=True)
            self._thread.start()

    def _numbers(self) -> Sequence[int]:
        if self.pool is None:
            return ()
        try:
            pool = modes.by_letter(self.variant).pool
            return self.pool(pool) if pool is not None else ()
        except (OSError, ValueError, KeyError):  # no pool shipped, or unreadable: random deals
            return ()

    def _run(self) -> None:
        numbers = self._numbers()
        while True:
            while self._attempt(numbers):
                pass
            # The searches are over for now (each solve let its tables go): the heap they
            # freed goes back now, not at the next deal (the loop may then run for hours
            # on the lines found).
            release_memory()
            with self._lock:
                if not self._wanted():  # else resumed meanwhile: search on
                    self._thread = None
                    return

    def _attempt(self, numbers: Sequence[int]) -> bool:
        """Solve one deal (a new one); False when no search is wanted any more."""
        with self._lock:
            if not self._wanted():
                return False
            self.attempts += 1
        try:
            game = (
                Game.deal(self.rng.choice(numbers), self.variant)
                if numbers
                else Game.new(self.variant, self.rng)
            )
            if self._known(game.code):
                return True
            cpu = time.thread_time()
            result = self._solve(
                game, budget_s=self.budget_s, cancel=self._halted, max_bytes=self.max_bytes
            )
            self.solver_s += time.thread_time() - cpu
        except Exception:  # noqa: BLE001 - the planner's thread logs and goes on, never dies
            _log().exception("attract: the solver failed")
            return True
        with self._lock:
            if result.outcome is solver.Outcome.WON and result.line:
                self.lines.append(DemoLine(game.code, tuple(result.line)))
                self.attempts = 0
            elif self._halted():
                self.attempts -= 1  # cut short by a visitor: not a fruitless search
        return True

    def _known(self, code: str) -> bool:
        """A deal not to search: refused before, shown last, or waiting its turn."""
        with self._lock:
            return (
                code in self._bad
                or code == self.last_code
                or any(ln.code == code for ln in self.lines)
            )


# -- the display ------------------------------------------------------------------------


def guess_dpi(desktop: tuple[int, int] | None) -> float:
    """A display's DPI when nobody said: assume a 23" panel (typical for kiosks),
    never less than 96 dpi (the desktop convention) nor more than 300."""
    if desktop is None or desktop[0] <= 0 or desktop[1] <= 0:
        return 96.0
    return min(300.0, max(96.0, math.hypot(*desktop) / 23.0))


def kiosk_touch(
    config: Config, desktop_size: Callable[[], tuple[int, int] | None]
) -> tuple[float, float]:
    """(dpi, touch_mm) for the kiosk window: ``--dpi``, else the config file's dpi,
    else :func:`guess_dpi` from ``desktop_size()`` (asked only then)."""
    kc = config.kiosk_config
    touch_mm = kc.touch_mm if kc is not None else 9.0
    dpi = config.dpi or (kc.dpi if kc is not None else None)
    if dpi is None:
        dpi = guess_dpi(desktop_size())
    return dpi, touch_mm


# -- the mode ----------------------------------------------------------------------------

Purpose = Literal["operator"]
EXPORT_NAME: Final = "crescent-venue-{day}.csv"


def corner_side(exit_corner_px: int, touch_px: int) -> int:
    """The exit corner's side: ``exit_corner_px`` (given at 9 mm on a 96 dpi screen)
    scaled to the touch size, never smaller than a touch target."""
    return max(touch_px, round(exit_corner_px * touch_px / BASE_TOUCH_PX))


def export_folders(config: KioskConfig, data_dir: Path | None, user: str | None) -> list[Path]:
    """Where the operator screen offers to write the venue statistics: the config's
    ``export_dir``, each mounted removable drive (``/media/USER/*``, ``/run/media/USER/*``,
    ``/media/*``), then the data folder; existing folders only, each once."""
    found: list[Path] = []
    if config.export_dir:
        found.append(Path(config.export_dir))
    roots = [Path("/media"), Path("/run/media")]
    for root in roots:
        for base in ([root / user] if user else []) + [root]:
            try:
                found += sorted(p for p in base.iterdir() if p.is_dir() and p.name != user)
            except OSError:
                continue
    if data_dir is not None:
        found.append(data_dir)
    out: list[Path] = []
    for folder in found:
        if folder not in out and folder.is_dir():
            out.append(folder)
    return out[:6]


def export_csv(venue: VenueStats, folder: Path, today: date) -> Path:
    """Write the venue statistics as CSV into ``folder``, whole, fsynced (a USB stick may be
    pulled right after); the file written (OSError if not: no temporary file left)."""
    path = folder / EXPORT_NAME.format(day=today.isoformat())
    # Fsynced, folder included: a USB stick is often pulled right after the export.
    write_atomic(path, venue.to_csv().encode("utf-8"), durable=True)
    return path


class KioskHost(Protocol):
    """What the kiosk needs of the app: the client implements it and shows the screens."""

    @property
    def now(self) -> float: ...
    @property
    def size(self) -> tuple[int, int]: ...
    @property
    def touch_px(self) -> int: ...
    @property
    def exit_corner(self) -> tuple[int, int, int, int] | None:
        """The corner the layout keeps clear of controls (x, y, w, h), if any."""

    @property
    def session(self) -> Session: ...
    @property
    def language(self) -> str: ...
    def set_language(self, lang: str) -> None: ...
    def set_sound(self, on: bool) -> None:
        """Sound on or off (saved; off silences what plays)."""

    def close_dialogs(self) -> None: ...
    def reset_interaction(self) -> None:
        """Forget selections, drags and animations in progress."""

    def new_game(self) -> None: ...
    def leave(self, code: int) -> None:
        """End the game loop with exit code ``code``."""

    def redraw(self) -> None:
        """Draw the whole window again at the next frame."""

    def window_hidden(self) -> bool:
        """Whether the window is minimised or hidden now."""

    def set_dim(self, darkness: float) -> None:
        """Draw everything this much darker (0: not at all; night dimming)."""

    def set_shift(self, shift: tuple[int, int]) -> None:
        """Draw the table, HUD included, ``shift`` pixels (dx, dy) from its place, and hit
        test it there (burn-in care)."""

    def window_misplaced(self) -> bool:
        """Whether another program moved the window or changed its size (it must cover
        the screen)."""

    def restore_window(self) -> None:
        """Show, restore and raise the window."""

    def show_attract(self, kiosk: Kiosk) -> None: ...
    def hide_attract(self) -> None: ...
    @property
    def attract_shown(self) -> bool: ...
    def show_pin_pad(self, kiosk: Kiosk, purpose: Purpose) -> None: ...
    def hide_pin_pad(self) -> None: ...
    @property
    def pin_pad_shown(self) -> bool: ...
    def show_operator(self, kiosk: Kiosk) -> None: ...
    @property
    def operator_shown(self) -> bool: ...


class Kiosk:
    """Watches every event and update step of the app (an ``App.hooks`` entry).

    It times the idle delay and the exit gesture, swallows the shortcuts that
    could leave the game, opens the attract loop, the PIN pad and the
    operator screen, keeps the window up, and counts the venue's games.
    """

    def __init__(
        self, host: KioskHost, config: KioskConfig, planner: AttractPlanner | None = None
    ) -> None:
        self.host = host
        self.config = config
        self.guard = (
            PinGuard(config.pin, config.pin_tries, config.pin_lockout_s)
            if config.pin is not None
            else None
        )
        self.planner = planner or AttractPlanner(host.session.pool)
        self.wall: Callable[[], float] = time.time
        """The wall clock (for the PIN wait kept across restarts); tests replace it."""
        self.last_input: float | None = None
        """``host.now`` of the last touch or key; None until the first update."""
        self.started: float | None = None
        """``host.now`` of the first update: the burn-in shift follows the time since."""
        self.shift = (0, 0)
        """The table's burn-in shift now (see :mod:`.burnin`)."""
        self.hold: tuple[int, float] | None = None
        """(pointer, start) of a press in the exit corner."""
        self._hidden = False
        self._told_hidden = -math.inf
        self._look_s = 0.0
        store = host.session.store
        self._pin_state = KioskState.of(store.load_operator()) if store else None
        self._pin_restored = False
        self.watchdog = Watchdog.from_env()
        """Tells systemd (or the loop script) the loop is alive (see :mod:`.watchdog`)."""
        self.hour: Callable[[], int] = lambda: datetime.now().hour
        """The local hour (night dimming); tests replace it."""
        self._dim = 0.0
        self.metrics = self._start_metrics()
        """The fleet's metrics file (None: the config names no ``metrics_dir``)."""
        host.session.venue = True  # its games count in the venue's days
        self.idle_s = config.idle_s
        if not config.fixes("idle_seconds") and self._pin_state and self._pin_state.idle_s:
            self.idle_s = self._pin_state.idle_s
        self.resident: Callable[[], int | None] = rss_bytes
        """The resident size in bytes now (None: unknown); tests replace it."""
        self.resident_at_start: int | None = None
        """:attr:`resident` at the first update: the memory restart's base."""
        self.sound = host.session.settings.sound
        """Sound for each new visitor: the config's, else the operator's choice (a
        visitor's mute lasts until the table goes idle)."""

    # -- state --------------------------------------------------------------------

    @property
    def today(self) -> Callable[[], date]:
        """The local calendar day of the venue's counts (the session's; tests set it)."""
        return self.host.session.today

    @today.setter
    def today(self, today: Callable[[], date]) -> None:
        self.host.session.today = today

    @property
    def venue(self) -> VenueStats:
        """The venue's days, read from the games played here."""
        session = self.host.session
        if session.store is None:
            return VenueStats()
        session.flush()  # the games ended so far, then the figures
        return VenueStats.of(session.store.read(queries.venue_days))

    @property
    def in_attract(self) -> bool:
        return self.host.attract_shown

    @property
    def operator_open(self) -> bool:
        return self.host.operator_shown

    def corner(self) -> tuple[int, int, int, int]:
        """The exit corner (x, y, w, h): kept clear of every control by the layout."""
        c = self.host.exit_corner
        if c is not None:
            return c
        side = corner_side(self.config.exit_corner_px, self.host.touch_px)
        w, h = self.host.size
        side = min(side, w // 3, h // 3)
        x = 0 if self.config.exit_corner.endswith("left") else w - side
        y = 0 if self.config.exit_corner.startswith("top") else h - side
        return x, y, side, side

    def _in_corner(self, x: float, y: float) -> bool:
        cx, cy, cw, ch = self.corner()
        return cx <= x < cx + cw and cy <= y < cy + ch

    # -- the app hook ----------------------------------------------------------------

    def handle(self, event: GameEvent) -> bool:
        """See an event before the scenes; True consumes it."""
        self._restore_pin_state()  # whatever comes first, an event or the first update
        if isinstance(event, WindowEvent):
            if event.kind in (WindowKind.MINIMISED, WindowKind.HIDDEN):
                if not self._hidden and self.host.now - self._told_hidden > 10:
                    self._told_hidden = self.host.now
                    _log().warning("the window was %s: restoring it", event.kind.value)
                self._hidden = True  # brought back at the next update
            # Closing the window (the close button, Alt+F4 from a window manager) is
            # refused, and a kiosk never pauses.
            return event.kind in (
                WindowKind.QUIT,
                WindowKind.MINIMISED,
                WindowKind.HIDDEN,
                WindowKind.FOCUS_LOST,
            )
        if isinstance(event, PointerDown | PointerMove | PointerUp | KeyPress | TextInput):
            self.last_input = self.host.now
        if isinstance(event, PointerDown) and self.metrics is not None:
            self.metrics.counts.touches += 1
        if isinstance(event, KeyPress):
            # Nothing with Alt, Ctrl (but Ctrl+Z undo, Ctrl+Y redo) or a function key: no
            # shortcut quits, goes windowed, leaves or restarts the game.
            ctrl = event.ctrl and event.key not in ("z", "y")
            return event.alt or ctrl or event.key in FUNCTION_KEYS
        if isinstance(event, PointerDown):
            if self.hold is None and self._in_corner(event.x, event.y):
                self.hold = (event.pointer, self.host.now)
        elif isinstance(event, PointerMove | PointerUp):
            held = self.hold is not None and self.hold[0] == event.pointer
            if held and (isinstance(event, PointerUp) or not self._in_corner(event.x, event.y)):
                self.hold = None  # released, or slid out of the corner
        return False

    def update(self, dt: float) -> None:
        host = self.host
        now = host.now
        self._restore_pin_state()
        self.watchdog.alive(now)
        if self.metrics is not None and self.metrics.due(now):
            self._write_metrics(self.metrics)
        if self.last_input is None or self.started is None:
            self.last_input = self.started = now
            self.resident_at_start = self.resident()
        self._look_s += dt
        if self._look_s >= 1.0:
            self._look_s = 0.0
            self._each_second(now - self.started, now - self.last_input)
        if self._hidden:
            self._hidden = False
            host.restore_window()
            host.redraw()
        if self.hold is not None and now - self.hold[1] >= self.config.exit_hold_s:
            self.hold = None
            self.ask_pin()
        self._after_idle(now, now - self.last_input)

    def _each_second(self, running_s: float, idle_s: float) -> None:
        """Night dimming, the burn-in shift, and a look at the window (hidden, moved?)."""
        host = self.host
        self._dim_at_night()
        self._shift_table(running_s, idle_s)
        if host.window_hidden():
            why = "the window is hidden: restoring it"
        elif host.window_misplaced():
            why = "the window was moved or resized: restoring it"
        else:
            return
        if not self._hidden and host.now - self._told_hidden > 10:
            self._told_hidden = host.now
            _log().warning(why)
        self._hidden = True

    def _after_idle(self, now: float, idle: float) -> None:
        """What ``idle`` seconds without a touch close or open."""
        host = self.host
        if self.operator_open:
            # The operator is at work: no attract loop; a longer wait, back to the table.
            if idle >= self.config.operator_idle_s:
                host.close_dialogs()
                self.last_input = now
                _log().info("operator screen closed after %d s without a touch", round(idle))
        elif not self.in_attract and idle >= self.idle_s:
            self.go_idle()
        elif host.pin_pad_shown and idle >= self.idle_s:
            # The pad left open over the attract loop: the loop shows again (a frozen
            # picture under a pad nobody uses would burn in).
            host.hide_pin_pad()
            self.last_input = now
            _log().info("PIN pad closed after %d s without a touch", round(idle))

    def wake_at(self, now: float) -> float | None:
        """The exit gesture's and the idle delay's deadlines (the loop may sleep till then);
        the window is looked at once a second."""
        if self.last_input is None:
            return None  # the first update sets it
        wake = now + 1.0 - self._look_s
        due = self.watchdog.due()
        if due is not None:
            wake = min(wake, due)
        if self.hold is not None:
            wake = min(wake, self.hold[1] + self.config.exit_hold_s)
        if self.operator_open:
            wake = min(wake, self.last_input + self.config.operator_idle_s)
        elif not self.in_attract:
            wake = min(wake, self.last_input + self.idle_s)
        return wake

    # -- the operator's state on disk ----------------------------------------------------

    def _write_state(self, values: dict[str, object], *, now: bool = False) -> None:
        """Save the operator's state; ``now``: on the disk before this returns (a wrong
        PIN: a kill just after its answer must not forget it)."""
        session = self.host.session
        store = session.store
        if store is None:
            return
        writer = session.writer
        if writer is None or now:
            session.flush()  # the writes asked for before it stay before it
            store.save_operator(values)
        else:
            writer.submit("operator", lambda: store.save_operator(values))

    def _dim_at_night(self) -> None:
        """During the config's ``dim_hours`` the attract loop is dimmed (burn-in, and a
        dark venue); a visitor's game is at full brightness."""
        hours = self.config.dim_hours
        dark = hours is not None and self.in_attract and in_hours(self.hour(), hours)
        darkness = NIGHT_DARKNESS if dark else 0.0
        if darkness != self._dim:
            self._dim = darkness
            self.host.set_dim(darkness)
            _log().info("night dimming %s", "on" if dark else "off")

    def _shift_table(self, running_s: float, idle_s: float) -> None:
        """Burn-in care: the whole table a pixel further along its slow walk
        (:func:`.burnin.shift_at` of the time the kiosk has run), once nobody has touched
        the glass for :data:`CALM_S`."""
        shift = burnin.shift_at(running_s)
        if shift != self.shift and idle_s >= CALM_S:
            self.shift = shift
            self.host.set_shift(shift)

    # -- the fleet's metrics --------------------------------------------------------------

    def _start_metrics(self) -> FleetMetrics | None:
        """Metrics when the config asks for them."""
        directory = self.config.metrics_dir
        if directory is None:
            return None
        mode_of = {m.stats_key: m.key for m in modes.MODES}
        return FleetMetrics(Path(directory), mode_of)

    def _write_metrics(self, metrics: FleetMetrics) -> None:
        """Counted from the games, written by the save thread (never in a frame)."""
        session = self.host.session
        metrics.counts.solver_s = self.planner.solver_s
        store = session.store
        if store is None:
            return

        def write() -> None:
            metrics.write(store.read(game_counts))

        if session.writer is None:
            write()
        else:
            session.writer.submit("metrics", write)

    # -- idle and the attract loop --------------------------------------------------------

    def go_idle(self) -> None:
        """Set the visitor's game aside and start the attract loop."""
        host = self.host
        host.close_dialogs()
        host.reset_interaction()
        session = host.session
        # Playing or blocked, it is no loss of the next visitor: not in the player's
        # statistics, not resumed on a restart; the venue counts it as left idle.
        session.leave_to_idle()
        lang = self.config.setting("language")
        if lang is not None and host.language != lang:
            host.set_language(lang)
        if session.settings.sound != self.sound:
            host.set_sound(self.sound)
        self.hold = None
        host.show_attract(self)
        _log().info("idle: attract loop")
        self._restart_if_grown()

    def _restart_if_grown(self) -> None:
        """Nobody is playing: a kiosk grown past ``memory_restart_mb`` since its start ends
        with :data:`EXIT_RESTART` for its supervisor to start it afresh. A storm of input
        faster than any person's (a test tool's thousands of X events a second) leaves its
        memory in SDL's and Xlib's event queues, which keep it until the display closes
        (docs/PERFORMANCE.md, "A storm of input"): only a new process gives it back."""
        limit_mb = self.config.memory_restart_mb
        base, now = self.resident_at_start, self.resident()
        if not limit_mb or base is None or now is None:
            return
        grown_mb = (now - base) / 2**20
        if grown_mb <= limit_mb:
            return
        _log().warning(
            "memory: %.0f MB resident, %.0f MB more than at the start (the limit is %g): "
            "restarting to give it back (exit code %d)",
            now / 2**20,
            grown_mb,
            limit_mb,
            EXIT_RESTART,
        )
        self.host.leave(EXIT_RESTART)

    def end_attract(self) -> None:
        """A visitor touched the attract loop: a fresh game, in the language shown. The
        planner's search waits for the loop's next deal (the visitor's hints search)."""
        host = self.host
        self.planner.pause()
        host.hide_attract()
        self.last_input = host.now
        host.new_game()

    # -- the PIN and the operator -------------------------------------------------------

    def ask_pin(self, purpose: Purpose = "operator") -> None:
        """The exit gesture: the PIN pad (the only way to the operator screen)."""
        host = self.host
        if self.guard is None:
            _log().info("no operator PIN configured: the operator screen is locked")
            return
        if host.pin_pad_shown or self.operator_open:
            return
        host.reset_interaction()
        host.show_pin_pad(self, purpose)
        _log().info("PIN pad shown")

    def open_settings(self) -> None:
        """``App.settings_gate``: visitors have no Settings in kiosk mode (the operator's
        screen opens from the exit corner), so a stray call does nothing."""

    def _restore_pin_state(self) -> None:
        """Take up the PIN wait and failures kept before a restart, once, before the first
        event or update is handled (a touch in the first frame must not skip it)."""
        if self._pin_restored:
            return
        self._pin_restored = True
        state = self._pin_state
        if self.guard is not None and state is not None and state.failures:
            kept = PinState(state.failures, state.wait_until)
            self.guard.restore(kept, self.host.now, self.wall())
            if self.guard.wait_left(self.host.now) > 0:
                _log().info("the operator PIN is still locked after the restart")

    def _save_pin_state(self, *, now: bool = False) -> None:
        if self.guard is None:
            return
        pin = self.guard.state(self.host.now, self.wall())
        idle = self.idle_s if not self.config.fixes("idle_seconds") else None
        state = KioskState(pin.failures, pin.wait_until, idle)
        self._pin_state = state
        self._write_state(state.to_values(), now=now)

    def set_idle(self, seconds: float) -> None:
        """The operator chose the idle time (when the config file does not set it)."""
        if self.config.fixes("idle_seconds"):
            return
        self.idle_s = seconds
        self._save_pin_state()

    def try_pin(self, attempt: str, purpose: Purpose = "operator") -> PinResult:
        """Check a PIN typed on the pad; on success open the operator screen."""
        if self.guard is None:
            return "wrong"
        before = self.guard.failures
        result = self.guard.check(attempt, self.host.now)
        if result == "ok":
            _log().info("operator PIN accepted")
            if before:
                self._save_pin_state()
            self.open_operator()
        elif result == "wrong":
            self._save_pin_state(now=True)  # durable before the pad shows the answer
            wait = self.guard.wait_left(self.host.now)
            if wait > 0:
                _log().warning(
                    "wrong operator PIN (%d in a row): next try in %d s",
                    self.guard.failures,
                    math.ceil(wait),
                )
            else:
                _log().warning("wrong operator PIN (%d in a row)", self.guard.failures)
        return result

    def open_operator(self) -> None:
        """The operator screen (behind the PIN)."""
        self.host.close_dialogs()
        self.host.show_operator(self)
        self.last_input = self.host.now

    def quit(self) -> None:
        """The operator's exit (from the operator screen): code 0, no restart."""
        _log().info("the operator left the kiosk: exit code 0")
        self.host.leave(0)


def apply_kiosk_config(host: KioskHost, kc: KioskConfig, *, lang_given: bool) -> None:
    """The config file's choices for new games (saved) and its language, unless the
    command line named one. Normally already done before the first deal (``game_main``);
    kept for embedders."""
    settings = host.session.settings
    if apply_to_settings(kc, settings, lang_option="given" if lang_given else None):
        host.session.save_settings()
    lang = kc.setting("language")
    if lang is not None and not lang_given and host.language != lang:
        host.set_language(lang)
