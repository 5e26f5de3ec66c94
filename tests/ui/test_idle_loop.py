"""The idle loop: a still table sleeps on the event queue instead of waking 60 times a second.

The real loop (:func:`crescent.ui.app.run_loop`) runs on an injected clock that
allows sleeping and a fake event source whose ``wait`` moves that clock: to the
timeout, or to the first scripted event before it. Draws are counted where they
reach the display (``pygame.display.update`` / ``flip``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from crescent.control.input import PointerDown, PointerUp
from crescent.control.table_mode import TableMode
from crescent.i18n.translator import load_translator
from crescent.kiosk.config import KioskConfig
from crescent.kiosk.core import AttractPlanner
from crescent.options import Config
from crescent.play.session import Session
from crescent.play.settings import Settings
from crescent.ui.app import STEP, App, LoopStats, Options, init_pygame, run_loop
from crescent.ui.clock import SteppedClock
from crescent.ui.events import GameEvent
from crescent.ui.kiosk_scenes import AttractScene, PinPad, install_kiosk
from crescent.ui.rules_screen import RulesScreen
from crescent.ui.scene import Screen
from crescent.ui.table import format_time
from crescent.ui.tip import TipOverlay

CODE = "CR1-N-AAAAAAB"


class FakeQueue:
    """Scripted events at given clock times; ``wait`` sleeps by moving the clock."""

    def __init__(self, app: App, clock: SteppedClock, until: float) -> None:
        self.app = app
        self.clock = clock
        self.until = until
        self.script: list[tuple[float, GameEvent]] = []
        self.wakes: list[float] = []
        """Clock time of every return to the loop (poll or wait)."""

    def at(self, t: float, *events: GameEvent) -> None:
        self.script += [(t, e) for e in events]
        self.script.sort(key=lambda te: te[0])

    def _due(self) -> list[GameEvent]:
        now = self.clock.t
        self.wakes.append(now)
        if now >= self.until:
            self.app.running = False
        out = [e for t, e in self.script if t <= now + 1e-9]
        self.script = [(t, e) for t, e in self.script if t > now + 1e-9]
        return out

    def poll(self, window_size: tuple[int, int]) -> list[GameEvent]:
        return self._due()

    def wait(self, window_size: tuple[int, int], timeout_s: float) -> list[GameEvent]:
        assert timeout_s > 0
        target = self.clock.t + timeout_s
        if self.script and self.script[0][0] < target:
            target = max(self.clock.t, self.script[0][0])
        self.clock.t = min(target, max(self.until, self.clock.t))
        return self._due()


class Display:
    """Counts what reaches the display, with the clock time of each."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, clock: SteppedClock) -> None:
        self.times: list[float] = []
        self.rects: list[list[pygame.Rect]] = []
        update, flip = pygame.display.update, pygame.display.flip

        def counted_update(rects: list[pygame.Rect]) -> None:
            self.times.append(clock.t)
            self.rects.append(list(rects))
            update(rects)

        def counted_flip() -> None:
            self.times.append(clock.t)
            self.rects.append([])
            flip()

        monkeypatch.setattr(pygame.display, "update", counted_update)
        monkeypatch.setattr(pygame.display, "flip", counted_flip)


def make_app(kiosk: KioskConfig | None = None) -> App:
    init_pygame()
    session = Session(None, Settings(language="en"), rng=random.Random(3), background_saves=False)
    session.start(code=CODE)
    options = Options(kiosk=True, dpi=96) if kiosk else Options(size=(1280, 800))
    app = App(session, options, load_translator("en"))
    if kiosk is not None:
        k = install_kiosk(app, Config(kiosk=True, kiosk_config=kiosk))
        k.planner = AttractPlanner(keep=0)  # the recorded line: no solving
    pygame.event.clear()
    return app


class UntilStill(FakeQueue):
    """Frames until nothing animates (a fresh table draws, a message fades); never sleeps."""

    def poll(self, window_size: tuple[int, int]) -> list[GameEvent]:
        if self.app.next_wake() is not None:
            self.app.running = False
        return super().poll(window_size)

    wait = None  # type: ignore[assignment]


def settle(app: App, clock: SteppedClock) -> None:
    run_loop(app, clock, UntilStill(app, clock, clock.t + 10.0))
    assert app.next_wake() is not None, "the table never went still"
    app.running = True


def run_idle(app: App, clock: SteppedClock, seconds: float) -> tuple[FakeQueue, LoopStats]:
    queue = FakeQueue(app, clock, clock.t + seconds)
    stats = run_loop(app, clock, queue)
    app.running = True
    return queue, stats


@pytest.fixture(autouse=True)
def _quit() -> Iterator[None]:
    yield
    pygame.quit()


@pytest.fixture
def clock() -> SteppedClock:
    return SteppedClock(sleeps=True)


def test_an_untouched_table_draws_nothing_and_wakes_at_most_once_a_second(
    clock: SteppedClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app()
    settle(app, clock)
    display = Display(monkeypatch, clock)
    queue, stats = run_idle(app, clock, 20.0)
    assert display.times == []  # no draw at all: the clock has not started
    assert len(queue.wakes) <= 2 * 20 + 1
    assert stats.sleeps >= 19
    assert app.session.elapsed == 0.0


def test_still_winnable_searches_once_then_the_table_sleeps(
    clock: SteppedClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The setting is on by default: after a move the position is searched once, its
    verdict drawn, and then an untouched table searches no more and sleeps, drawing
    only its clock."""
    app = make_app()
    assert app.session.settings.watch_winnable
    app.table.play(app.table.game.legal_moves()[0])
    settle(app, clock)
    watcher = app.table.winnable.watcher
    assert watcher is not None
    deadline = time.monotonic() + 30.0
    while app.table.winnable.watch is None and time.monotonic() < deadline:
        time.sleep(0.05)  # the search runs in its own thread, on real time
        run_idle(app, clock, 0.1)
    assert app.table.winnable.watch is not None
    settle(app, clock)
    display = Display(monkeypatch, clock)
    queue, stats = run_idle(app, clock, 20.0)
    # Only the clock, once a second, in its cell (the move started it).
    assert 20 <= len(display.times) <= 21
    cell = app.layout.hud_cells[0]
    assert all(rects == [pygame.Rect(cell.x, cell.y, cell.w, cell.h)] for rects in display.rects)
    assert len(queue.wakes) <= 2 * 20 + 1
    assert stats.sleeps >= 19
    assert watcher.searches == 1
    assert not watcher.busy


@pytest.mark.parametrize("overlay", ["tip", "rules", "settings"])
def test_a_still_overlay_draws_nothing_either(
    clock: SteppedClock, monkeypatch: pytest.MonkeyPatch, overlay: str
) -> None:
    """The first-run tip, the rules and a dialog over the table: nothing reaches the
    display while nobody touches them (the tip used to flip the whole window each wake)."""
    app = make_app()
    app.table.play(app.session.game.legal_moves()[0])  # a clock that would tick
    if overlay == "tip":
        app.push(TipOverlay(app))
    elif overlay == "rules":
        app.push(RulesScreen(app))
    else:
        app.open(Screen.SETTINGS)
    settle(app, clock)
    display = Display(monkeypatch, clock)
    queue, _ = run_idle(app, clock, 20.0)
    assert display.times == []
    assert len(queue.wakes) <= 2 * 20 + 1


def test_a_running_clock_is_drawn_once_a_second_and_keeps_exact_time(
    clock: SteppedClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app()
    app.table.play(app.session.game.legal_moves()[0])  # the clock starts
    settle(app, clock)
    start = app.session.elapsed
    display = Display(monkeypatch, clock)
    queue, _ = run_idle(app, clock, 30.0)
    # Once a second (30 s: 30 or 31 changes of the shown seconds), the time cell only.
    assert 30 <= len(display.times) <= 31
    cell = app.layout.hud_cells[0]
    assert all(rects == [pygame.Rect(cell.x, cell.y, cell.w, cell.h)] for rects in display.rects)
    # Each drawn within one update step of the second it shows.
    for t in display.times:
        shown = start + (t - queue.wakes[0])
        assert shown % 1.0 < 2 * STEP + 1e-6 or shown % 1.0 > 1 - 1e-6
    assert len(queue.wakes) <= 2 * 30 + 1
    # The sleeping loop lost no time: the clock advanced by the time that passed
    # (to within the step owed at the end).
    assert app.session.elapsed - start == pytest.approx(30.0, abs=2 * STEP)
    assert app.table.view._hud_keys[0] is not None
    assert app.table.view._hud_keys[0].sub == format_time(app.session.elapsed)


def test_input_during_a_sleep_is_handled_in_the_frame_it_arrives(
    clock: SteppedClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app()
    settle(app, clock)
    display = Display(monkeypatch, clock)
    game = app.session.game
    move = next(
        m for m in game.legal_moves() if len(app.table.controller.destinations(game, m.src)) == 1
    )
    x, y = app.layout.slots[move.src].center
    queue = FakeQueue(app, clock, clock.t + 3.0)
    tap_at = clock.t + 1.37
    queue.at(tap_at, PointerDown(x, y), PointerUp(x, y))
    run_loop(app, clock, queue)
    assert [str(m) for m in game.history] == [str(move)]
    # The first change reached the display at the very time of the tap: no frame late.
    assert display.times[0] == pytest.approx(tap_at)
    # The card flew at 60 frames a second, then the loop went back to sleep.
    flying = [t for t in display.times if t < tap_at + 0.5]
    assert len(flying) >= 8
    assert app.next_wake() is not None


def test_the_kiosk_idle_timer_fires_while_the_loop_sleeps(
    clock: SteppedClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(KioskConfig(pin="2468", idle_s=30.0))
    settle(app, clock)
    started = clock.t
    queue = FakeQueue(app, clock, started + 29.5)
    run_loop(app, clock, queue)
    app.running = True
    assert len(queue.wakes) <= 2 * 30
    assert not isinstance(app.scenes[-1], AttractScene)
    queue = FakeQueue(app, clock, started + 30.0 + 2 * STEP)
    run_loop(app, clock, queue)
    assert isinstance(app.scenes[-1], AttractScene)


def test_the_exit_corner_hold_opens_the_pad_on_time_while_the_loop_sleeps(
    clock: SteppedClock,
) -> None:
    kc = KioskConfig(pin="2468", idle_s=600.0)
    app = make_app(kc)
    settle(app, clock)
    press = clock.t + 0.5
    queue = FakeQueue(app, clock, press + kc.exit_hold_s - 0.1)
    queue.at(press, PointerDown(4, 4))
    run_loop(app, clock, queue)
    app.running = True
    assert not any(isinstance(s, PinPad) for s in app.scenes)
    assert len(queue.wakes) <= 2 * (kc.exit_hold_s + 1)
    queue = FakeQueue(app, clock, press + kc.exit_hold_s + 2 * STEP)
    run_loop(app, clock, queue)
    assert isinstance(app.scenes[-1], PinPad)


def test_an_animating_or_thinking_table_does_not_sleep(clock: SteppedClock) -> None:
    app = make_app()
    settle(app, clock)
    app.table.say("hello")
    assert app.next_wake() is None
    app.table.banner.clear()
    app.table.mode = TableMode.ASKING
    assert app.next_wake() is None
    app.table.mode = TableMode.PLAYING
    assert app.next_wake() is not None


def test_a_stepped_clock_never_sleeps(tmp_path: Path) -> None:
    """Tests on the plain stepped clock keep one update step per frame."""
    app = make_app()
    clock = SteppedClock()
    queue = FakeQueue(app, clock, 10.0)
    stats = run_loop(app, clock, queue, max_frames=120)
    assert stats.sleeps == 0
    assert stats.frames == 120


def test_a_run_of_n_frames_never_sleeps(clock: SteppedClock) -> None:
    """``--frames N`` (smoke tests, the frozen build's CI check) draws N frames at 60 Hz:
    an idle table would otherwise sleep up to a second per frame (120 frames: 2 minutes)."""
    app = make_app()
    settle(app, clock)
    assert app.next_wake() is not None  # idle: the loop would sleep
    queue = FakeQueue(app, clock, clock.t + 10.0)
    start = clock.t
    stats = run_loop(app, clock, queue, max_frames=120)
    assert stats.sleeps == 0
    assert stats.frames == 120
    assert clock.t - start <= 120 / 60 + 0.1
