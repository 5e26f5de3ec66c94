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
display; the scenes it pushes live in :mod:`crescent.ui.kiosk_scenes`.
"""

from __future__ import annotations

import hmac
import logging
import math
import random
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Literal

from crescent.control.input import KeyPress, PointerDown, PointerMove, PointerUp
from crescent.kiosk.config import KioskConfig
from crescent.rules import modes
from crescent.rules.engine import Game
from crescent.solver import search as solver

if TYPE_CHECKING:
    from crescent.options import Config
    from crescent.ui.app import App
    from crescent.ui.events import GameEvent
    from crescent.ui.kiosk_scenes import AttractScene

__all__ = [
    "RECORDED_LINE",
    "AttractPlanner",
    "DemoLine",
    "Kiosk",
    "PinGuard",
    "guess_dpi",
    "install_kiosk",
    "kiosk_touch",
]

_log = logging.getLogger("crescent.kiosk.core")

BASE_TOUCH_PX: Final = 34
"""9 mm at 96 dpi: the touch size at which the exit corner is ``exit_corner_px`` wide."""
MAX_LOCKOUT_S: Final = 3600.0
"""The doubling wait after wrong PINs never grows beyond an hour."""
FUNCTION_KEYS: Final = frozenset(f"f{i}" for i in range(1, 25))


# -- the PIN ------------------------------------------------------------------------

PinResult = Literal["ok", "wrong", "locked"]


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

SolveFn = Callable[..., solver.Result]


class AttractPlanner:
    """Winning lines for the attract loop, found by the solver in a background thread.

    :meth:`next_line` never waits: it returns a line already found (in turn),
    or the recorded one, and starts the search for more. Deals come from
    ``pool`` (the winnable deals) when it has any, else at random; a deal the
    solver does not win within ``budget_s`` is skipped. Up to ``keep`` lines
    are kept and then shown in turn, so after a while no more CPU is spent;
    ``max_attempts`` bounds the solving in all.
    """

    def __init__(
        self,
        pool: Callable[[str], Sequence[int]] | None = None,
        *,
        variant: str = modes.DEFAULT.letter,
        rng: random.Random | None = None,
        budget_s: float = 3.0,
        keep: int = 6,
        max_attempts: int = 40,
        solve: SolveFn = solver.solve,
    ) -> None:
        self.pool = pool
        self.variant = variant
        self.rng = rng or random.Random()
        self.budget_s = budget_s
        self.keep = keep
        self.max_attempts = max_attempts
        self._solve = solve
        self.attempts = 0
        self.lines: list[DemoLine] = []
        self._turn = 0
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._bad: set[str] = set()

    @property
    def busy(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def next_line(self) -> DemoLine:
        """The next line to show (never waits); starts a search if more are wanted."""
        self._start()
        with self._lock:
            if not self.lines:
                return RECORDED
            line = self.lines[self._turn % len(self.lines)]
            self._turn += 1
            return line

    def discard(self, line: DemoLine) -> None:
        """A line the engine refused (it should not happen): never show it again."""
        with self._lock:
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

    def _wanted(self) -> bool:
        with self._lock:
            return (
                len(self.lines) < self.keep
                and self.attempts < self.max_attempts
                and not self._stop.is_set()
            )

    def _start(self) -> None:
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
        except Exception:  # no pool shipped, or unreadable: random deals will do
            return ()

    def _run(self) -> None:
        numbers = self._numbers()
        while self._wanted():
            with self._lock:
                self.attempts += 1
            try:
                game = (
                    Game.deal(self.rng.choice(numbers), self.variant)
                    if numbers
                    else Game.new(self.variant, self.rng)
                )
                with self._lock:
                    known = game.code in self._bad or any(ln.code == game.code for ln in self.lines)
                if known:
                    continue
                result = self._solve(game, budget_s=self.budget_s, cancel=self._stop)
            except Exception:
                _log.exception("attract: the solver failed")
                continue
            if result.outcome == "won" and result.line:
                with self._lock:
                    self.lines.append(DemoLine(game.code, tuple(result.line)))


# -- the display ------------------------------------------------------------------------


def guess_dpi(desktop: tuple[int, int] | None) -> float:
    """A display's DPI when nobody said: assume a 23" panel (typical for kiosks),
    never less than 96 dpi (the desktop convention) nor more than 300."""
    if desktop is None or desktop[0] <= 0 or desktop[1] <= 0:
        return 96.0
    return min(300.0, max(96.0, math.hypot(*desktop) / 23.0))


def kiosk_touch(config: Config) -> tuple[float, float]:
    """(dpi, touch_mm) for the kiosk window: ``--dpi``, else the config file's dpi,
    else :func:`guess_dpi` from the desktop size SDL reports (display initialised)."""
    kc = config.kiosk_config
    touch_mm = kc.touch_mm if kc is not None else 9.0
    dpi = config.dpi or (kc.dpi if kc is not None else None)
    if dpi is None:
        from crescent.ui.kiosk_scenes import desktop_size

        dpi = guess_dpi(desktop_size())
    return dpi, touch_mm


# -- the mode ----------------------------------------------------------------------------

Purpose = Literal["exit", "settings"]


class Kiosk:
    """Watches every event and update step of the app (an ``App.hooks`` entry).

    It times the idle delay and the exit gesture, swallows the shortcuts that
    could leave the game, and opens the attract loop and the PIN pad.
    """

    def __init__(
        self, app: App, config: KioskConfig, planner: AttractPlanner | None = None
    ) -> None:
        self.app = app
        self.config = config
        self.guard = (
            PinGuard(config.pin, config.pin_tries, config.pin_lockout_s)
            if config.pin is not None
            else None
        )
        self.planner = planner or AttractPlanner(app.session.pool)
        self.last_input: float | None = None
        """``App.now`` of the last touch or key; None until the first update."""
        self.hold: tuple[int, float] | None = None
        """(pointer, start) of a press in the exit corner."""
        self._attract: AttractScene | None = None

    # -- state --------------------------------------------------------------------

    @property
    def attract(self) -> AttractScene:
        """The attract scene (one for the kiosk's life, re-entered each time)."""
        if self._attract is None:
            from crescent.ui.kiosk_scenes import AttractScene

            self._attract = AttractScene(self.app, self)
        return self._attract

    @property
    def in_attract(self) -> bool:
        return self._attract is not None and self._attract in self.app.scenes

    def corner(self) -> tuple[int, int, int, int]:
        """The exit corner (x, y, w, h): ``exit_corner_px`` scaled to the touch size."""
        touch = self.app.layout.touch_px
        side = max(touch, round(self.config.exit_corner_px * touch / BASE_TOUCH_PX))
        w, h = self.app.size
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
        from crescent.ui.events import TextInput, WindowEvent

        if isinstance(event, WindowEvent):
            # Closing the window (the close button, Alt+F4 from a window manager) is refused.
            return event.kind == "quit"
        if isinstance(event, PointerDown | PointerMove | PointerUp | KeyPress | TextInput):
            self.last_input = self.app.now
        if isinstance(event, KeyPress):
            # Nothing with Alt, Ctrl (but Ctrl+Z, undo) or a function key: no shortcut
            # quits, goes windowed or leaves the game.
            return event.alt or (event.ctrl and event.key != "z") or event.key in FUNCTION_KEYS
        if isinstance(event, PointerDown):
            if self.hold is None and self._in_corner(event.x, event.y):
                self.hold = (event.pointer, self.app.now)
        elif isinstance(event, PointerMove | PointerUp):
            held = self.hold is not None and self.hold[0] == event.pointer
            if held and (isinstance(event, PointerUp) or not self._in_corner(event.x, event.y)):
                self.hold = None  # released, or slid out of the corner
        return False

    def update(self, dt: float) -> None:
        now = self.app.now
        if self.last_input is None:
            self.last_input = now
        if self.hold is not None and now - self.hold[1] >= self.config.exit_hold_s:
            self.hold = None
            self.ask_pin("exit")
        if not self.in_attract and now - self.last_input >= self.config.idle_s:
            self.go_idle()

    # -- idle and the attract loop --------------------------------------------------------

    def go_idle(self) -> None:
        """Set the visitor's game aside and start the attract loop."""
        app = self.app
        app.close_dialogs()
        table = app.table
        table.controller.reset()
        table.anims.finish()
        table.finishing = []
        table.message = None
        session = app.session
        if not session.recorded:
            # Playing or blocked, it is no loss of the next visitor: never recorded, and
            # not resumed on a restart.
            session.idle_abandoned = True
            session.save()
        lang = self.config.language
        if lang is not None and app.tr.lang != lang:
            app.set_language(lang)
        self.hold = None
        app.push(self.attract)
        _log.info("idle: attract loop")

    def end_attract(self) -> None:
        """A visitor touched the attract loop: a fresh game, in the language shown."""
        app = self.app
        if self._attract is not None:
            app.pop(self._attract)
        self.last_input = app.now
        app.new_game()

    # -- the PIN ---------------------------------------------------------------------

    def ask_pin(self, purpose: Purpose) -> None:
        from crescent.ui.kiosk_scenes import PinPad

        app = self.app
        if self.guard is None:
            _log.info("no operator PIN configured: %s is locked", purpose)
            return
        if any(isinstance(s, PinPad) for s in app.scenes):
            return
        app.table.controller.reset()
        if self._attract is not None:
            self._attract.controller.reset()
        app.push(PinPad(app, self, purpose))

    def open_settings(self) -> None:
        """The Settings button: the operator's settings, behind the PIN."""
        self.ask_pin("settings")

    def try_pin(self, attempt: str, purpose: Purpose) -> PinResult:
        """Check a PIN typed on the pad; on success do what it was asked for."""
        if self.guard is None:
            return "wrong"
        result = self.guard.check(attempt, self.app.now)
        if result == "ok":
            _log.info("operator PIN accepted (%s)", purpose)
            if purpose == "exit":
                self.app.exit_code = 0
                self.app.running = False
            else:
                from crescent.ui.screens import SettingsScreen

                self.app.close_dialogs()
                self.app.push(SettingsScreen(self.app))
        elif result == "wrong":
            wait = self.guard.wait_left(self.app.now)
            if wait > 0:
                _log.warning(
                    "wrong operator PIN (%d in a row): next try in %d s",
                    self.guard.failures,
                    math.ceil(wait),
                )
            else:
                _log.warning("wrong operator PIN (%d in a row)", self.guard.failures)
        return result


def install_kiosk(app: App, config: Config) -> Kiosk:
    """Lock the app down for a kiosk (``config.kiosk_config`` holds the PIN)."""
    # No configuration: a kiosk with no operator PIN, fully locked (never an open one).
    kc = config.kiosk_config or KioskConfig()
    from crescent.ui.kiosk_scenes import lock_display

    settings = app.session.settings
    changed = False
    if kc.variant is not None and settings.variant != kc.variant:
        settings.variant = kc.variant
        changed = True
    if kc.winnable_only is not None and settings.winnable_only != kc.winnable_only:
        settings.winnable_only = kc.winnable_only
        changed = True
    if kc.sound is not None and settings.sound != kc.sound:
        settings.sound = kc.sound
        changed = True
    if changed:
        app.session.save_settings()
    if kc.language is not None and config.lang is None and app.tr.lang != kc.language:
        app.set_language(kc.language)
    kiosk = Kiosk(app, kc)
    app.on_quit = lambda: False
    app.hooks.append(kiosk)
    app.settings_gate = kiosk.open_settings
    lock_display()
    _log.info("kiosk mode started")
    return kiosk
