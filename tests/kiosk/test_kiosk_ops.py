"""A kiosk left for months: exit codes through the command line, the config as the
truth from the first game, the exit corner clear of every control, the operator
screen (its timeout, locked values, idle time, venue statistics and CSV), the PIN
wait across restarts, the clock held under the pad, and the window brought back.
"""

from __future__ import annotations

import gc
import itertools
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pygame
import pytest

from crescent.__main__ import main
from crescent.control.ghosts import GhostFilter
from crescent.control.layout import CORNERS, compute_layout
from crescent.i18n import text as T
from crescent.i18n.translator import load_translator
from crescent.kiosk.burnin import shift_path
from crescent.kiosk.config import KioskConfig, apply_to_settings, parse_kiosk_config
from crescent.kiosk.core import RECORDED, Kiosk, corner_side, export_csv
from crescent.kiosk.state import KioskState, VenueStats
from crescent.options import Config
from crescent.play.database import DB_FILE
from crescent.play.history import GameEnd, Result
from crescent.play.legacy import parse_venue
from crescent.play.session import SaveWriter, Session
from crescent.play.settings import Settings
from crescent.play.storage import Store
from crescent.rules.modes import DEFAULT, HudItem
from crescent.solver.pools import load_pool
from crescent.ui.app import App, Options, init_pygame
from crescent.ui.clock import SteppedClock
from crescent.ui.dialogs import Dialog
from crescent.ui.kiosk_scenes import (
    AppKioskHost,
    ExportDialog,
    OperatorScreen,
    PinPad,
    install_kiosk,
)
from crescent.ui.render import Action
from tests.helpers_crashsave import saved_dict
from tests.helpers_ui import Client, post_mouse
from tests.kiosk.test_kiosk import (
    PIN,
    enter_pin,
    hold_corner,
    make_kiosk,
    recorded_only,
    tap,
    top,
    write_config,
)

ROOT = Path(__file__).resolve().parents[2]

KIOSK_HUD_ITEMS = tuple(i for i in DEFAULT.hud if i not in (HudItem.CODE, HudItem.SETTINGS))
"""A kiosk's HUD: no Code, no Settings."""


@pytest.fixture(autouse=True)
def _quit_pygame() -> Iterator[None]:
    yield
    pygame.quit()


def button(c: Client, action: Action) -> pygame.Rect:
    scene = top(c)
    assert isinstance(scene, Dialog | PinPad)
    c.app.draw()
    for b in scene.buttons:
        if b.action == action:
            return b.rect
    raise AssertionError(f"no {action!r} button on {scene!r}")


def to_operator(c: Client) -> OperatorScreen:
    hold_corner(c, 5.1)
    enter_pin(c, PIN)
    screen = top(c)
    assert isinstance(screen, OperatorScreen)
    return screen


def game_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "CRESCENT_KIOSK_HEADLESS"}
    env.update(SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1", **extra)
    return env


# -- exit codes through the command line -------------------------------------------------------


@pytest.mark.parametrize("driver", ["dummy", "offscreen"])
def test_kiosk_refuses_a_display_nobody_sees_with_one_logged_line(
    tmp_path: Path, driver: str
) -> None:
    data = tmp_path / "data"
    cmd = [sys.executable, str(ROOT / "main.py"), "--kiosk", "--data-dir", str(data)]
    out = subprocess.run(
        [*cmd, "--frames", "3"],
        env=game_env(SDL_VIDEODRIVER=driver),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 3
    lines = [ln for ln in out.stderr.splitlines() if ln.startswith("crescent:")]
    assert len(lines) == 1
    assert f"'{driver}'" in lines[0]
    log = (data / "crescent.log").read_text()
    assert f"video driver is '{driver}'" in log
    assert "kiosk mode started" not in log
    # The flag for tests lets it run.
    ok = subprocess.run(
        [*cmd, "--frames", "3"],
        env=game_env(SDL_VIDEODRIVER=driver, CRESCENT_KIOSK_HEADLESS="1"),
        capture_output=True,
        timeout=60,
    )
    assert ok.returncode == 0


def _wait_for(path: Path, text: str, timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if path.exists() and text in path.read_text():
            return
        time.sleep(0.1)
    raise AssertionError(f"{text!r} never appeared in {path}")


def _wait_for_game(data: Path, code: str, timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        store = Store(data, read_only=True)
        saved = store.load_game() if (data / DB_FILE).exists() else None
        store.close()
        if saved is not None and saved.game.code == code:
            return
        time.sleep(0.1)
    raise AssertionError(f"{code} was never saved in {data}")


ENDINGS = [
    *(pytest.param(kiosk, "SIGTERM", 143) for kiosk in (True, False)),
    *(
        pytest.param(kiosk, name, code, marks=pytest.mark.slow)
        for kiosk in (True, False)
        for name, code in (
            ("SIGINT", 130),
            ("SIGHUP", 129),
            ("SIGQUIT", 131),
            ("SIGUSR1", 138),
            ("SIGUSR2", 140),
        )
    ),
]


@pytest.mark.parametrize(("kiosk", "name", "code"), ENDINGS)
def test_an_ending_signal_saves_then_exits_128_plus_its_number_and_says_so(
    tmp_path: Path, kiosk: bool, name: str, code: int
) -> None:
    data = tmp_path / "data"
    cfg = write_config(tmp_path, {"pin": PIN})
    args = ["--config", str(cfg)] if kiosk else ["--size", "1280x800"]
    game = subprocess.Popen(
        [
            sys.executable,
            str(ROOT / "main.py"),
            *args,
            "--data-dir",
            str(data),
            "--code",
            "CR1-N-AAAAAAB",
            "--play",
            "P1-P11 P2-F7",
        ],
        env=game_env(SDL_VIDEODRIVER="dummy", CRESCENT_KIOSK_HEADLESS="1"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        if kiosk:
            _wait_for(data / "crescent.log", "kiosk mode started")
        else:
            _wait_for_game(data, "CR1-N-AAAAAAB")
        # No wait for "the handler is installed": main's first line installs it, and a
        # signal at any later instant ends the game the same way (tests/test_signals.py).
        game.send_signal(getattr(signal, name))
        assert game.wait(timeout=30) == code
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()
    said = [
        line
        for line in (data / "crescent.log").read_text().splitlines()
        if f" {name}: " in line and line.endswith(f"; exit code {code}")
    ]
    assert len(said) == 1
    saved = saved_dict(data)
    assert saved["game"]["code"] == "CR1-N-AAAAAAB"


# -- the config is the truth from the first game -----------------------------------------------


def test_config_variant_winnable_and_language_apply_to_the_first_game(tmp_path: Path) -> None:
    cfg = write_config(
        tmp_path, {"pin": PIN, "variant": "F", "winnable_only": True, "language": "fr"}
    )
    data = tmp_path / "fresh"
    assert main(["--config", str(cfg), "--data-dir", str(data), "--frames", "2"]) == 0
    code = saved_dict(data)["game"]["code"]
    assert code.startswith("CR1-F-")
    from crescent.rules.deal import parse_code

    assert parse_code(code)[1] in set(load_pool("F"))
    settings = Store(data).load_settings()
    assert (settings.language, settings.variant, settings.winnable_only) == (
        "fr",
        "F",
        True,
    )
    # The command line still wins over the file.
    other = tmp_path / "other"
    argv = ["--config", str(cfg), "--data-dir", str(other), "--frames", "2", "--variant", "D"]
    assert main([*argv, "--lang", "nl"]) == 0
    assert saved_dict(other)["game"]["code"].startswith("CR1-D-")
    assert Store(other).load_settings().language == "nl"


def test_the_config_fixes_the_animation_speed(tmp_path: Path) -> None:
    """Issue 46 item 13: a kiosk may fix how cards move (a slow panel: none)."""
    cfg = write_config(tmp_path, {"pin": PIN, "animation": "none"})
    data = tmp_path / "fresh"
    assert main(["--config", str(cfg), "--data-dir", str(data), "--frames", "2"]) == 0
    assert Store(data).load_settings().animation == "none"


def test_the_configs_ghost_window_reaches_the_touch_filter(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    windows: list[float] = []

    class Recording(GhostFilter):
        def __init__(self, window_s: float, reach_px: float) -> None:
            windows.append(window_s)
            super().__init__(window_s, reach_px)

    monkeypatch.setattr("crescent.ui.app.GhostFilter", Recording)
    cfg = write_config(tmp_path, {"pin": PIN, "ghost_tap_ms": 250})
    assert main(["--config", str(cfg), "--data-dir", str(tmp_path / "d"), "--frames", "2"]) == 0
    assert windows == [0.25]


def test_config_precedence_at_session_level(tmp_path: Path) -> None:
    store = Store(tmp_path / "data")
    saved = Settings(language="en", variant="N", winnable_only=False)
    store.save_settings(saved)
    kc = parse_kiosk_config({"kiosk": {"pin": PIN, "variant": "F", "winnable_only": True}})
    settings = store.load_settings()
    assert apply_to_settings(kc, settings, lang_option=None)
    session = Session(store, settings, pool=lambda v: list(load_pool(v)), background_saves=False)
    session.start()
    assert session.game.variant == "F"
    assert session.game.number in set(load_pool("F"))
    assert not apply_to_settings(kc, settings, lang_option=None)  # already the truth
    kc_lang = parse_kiosk_config({"kiosk": {"pin": PIN, "language": "ja"}})
    assert apply_to_settings(kc_lang, settings, lang_option="ca") is False  # --lang wins
    assert apply_to_settings(kc_lang, settings, lang_option=None)
    assert settings.language == "ja"


# -- the exit corner never covers a control ----------------------------------------------------


SIZES = [(800, 600), (1024, 768), (1280, 800), (1366, 768), (1920, 1080), (1080, 1920)]


@pytest.mark.parametrize("corner", CORNERS)
def test_the_exit_corner_never_overlaps_a_control(corner: str) -> None:
    for (w, h), touch, px in itertools.product(
        [*SIZES, (768, 1024), (3840, 2160), (2160, 3840)], (34, 43, 60, 90), (40, 80, 200, 400)
    ):
        side = corner_side(px, touch)
        lay = compute_layout(
            w, h, hud_items=len(KIOSK_HUD_ITEMS), touch_px=touch, corner=corner, corner_px=side
        )
        c = lay.corner
        assert c is not None
        assert c.w == c.h >= touch
        assert c.x in (0, w - c.w)
        assert c.y in (0, h - c.h)
        assert (c.x == 0) == corner.endswith("left")
        assert (c.y == 0) == corner.startswith("top")
        hits = [r for r in lay.controls() if r.intersects(c)]
        assert not hits, f"{corner} {w}x{h} touch {touch} px {px}: {hits}"
        assert lay.touch_px == touch
        assert len(lay.hud_cells) == len(KIOSK_HUD_ITEMS)


@pytest.mark.parametrize("corner", CORNERS)
def test_the_burn_in_shift_never_moves_a_control_into_the_exit_corner(corner: str) -> None:
    for (w, h), touch, px in itertools.product(SIZES, (34, 60), (40, 80, 200)):
        side = corner_side(px, touch)
        lay = compute_layout(
            w, h, hud_items=len(KIOSK_HUD_ITEMS), touch_px=touch, corner=corner, corner_px=side
        )
        for dx, dy in set(shift_path()):
            moved = lay.shifted(dx, dy)
            assert moved.corner == lay.corner
            hits = [r for r in moved.controls() if moved.corner and r.intersects(moved.corner)]
            assert not hits, f"{corner} {w}x{h} touch {touch} px {px} shift {dx},{dy}: {hits}"


@pytest.mark.parametrize("corner", CORNERS)
def test_the_kiosk_s_corner_is_clear_and_opens_the_pad(tmp_path: Path, corner: str) -> None:
    c, k = make_kiosk(tmp_path, kc=KioskConfig(pin=PIN, exit_corner=corner, exit_corner_px=200))
    try:
        x, y, w, h = k.corner()
        rect = pygame.Rect(x, y, w, h)
        assert w >= 80  # 200 px asked at 9 mm / 96 dpi, on a 1024x768 screen
        lay = c.app.layout
        for r in lay.controls():
            assert not rect.colliderect(pygame.Rect(r.x, r.y, r.w, r.h))
        # Every tap in it reaches no control: the table stays as it was.
        post_mouse(pygame.MOUSEBUTTONDOWN, rect.center)
        c.frames(5 * 60 + 3)
        assert isinstance(top(c), PinPad)
    finally:
        k.planner.close()


# -- the operator screen -----------------------------------------------------------------------


def test_operator_screen_shows_config_values_locked(tmp_path: Path) -> None:
    kc = parse_kiosk_config({"kiosk": {"pin": PIN, "variant": "F", "idle_seconds": 60}})
    c, k = make_kiosk(tmp_path, kc=kc)
    try:
        screen = to_operator(c)
        rows = {r.buttons[0][1]: r for r in screen.rows() if r.kind == "setting"}
        note = c.app.tr(T.SET_BY_CONFIG)
        assert rows[screen.steps["variant"]].locked
        assert note in rows[screen.steps["variant"]].buttons[0][0]
        assert rows[screen.cycle_idle].locked
        assert note in rows[screen.cycle_idle].buttons[0][0]
        assert not rows[screen.steps["winnable_only"]].locked
        assert not rows[screen.steps["language"]].locked
        tap(c, button(c, screen.steps["variant"]).center)  # a disabled button: nothing changes
        assert c.app.session.settings.variant == "F"
        assert not any(b.enabled for b in screen.buttons if b.action == screen.steps["variant"])
        winnable = c.app.session.settings.winnable_only
        tap(c, button(c, screen.steps["winnable_only"]).center)
        assert c.app.session.settings.winnable_only is not winnable
        assert __import__("crescent").__version__ in screen.rows()[0].text
    finally:
        k.planner.close()


def test_operator_screen_switches_sound_unless_the_config_fixes_it(tmp_path: Path) -> None:
    c, k = make_kiosk(tmp_path)
    try:
        screen = to_operator(c)
        rows = {r.buttons[0][1]: r for r in screen.rows() if r.kind == "setting"}
        assert not rows[screen.steps["sound"]].locked
        assert rows[screen.steps["sound"]].text == c.app.tr(T.SOUND)
        assert c.app.session.settings.sound
        tap(c, button(c, screen.steps["sound"]).center)
        assert not c.app.session.settings.sound
        assert top(c) is screen
        on_off = {r.buttons[0][1]: r.buttons[0][0] for r in screen.rows() if r.kind == "setting"}
        assert on_off[screen.steps["sound"]] == c.app.tr(T.OFF)
        tap(c, button(c, screen.steps["sound"]).center)
        assert c.app.session.settings.sound
        tap(c, button(c, screen.steps["sound"]).center)
        assert not c.app.session.settings.sound
        assert not k.sound
        k.go_idle()
        assert not c.app.session.settings.sound  # kept for the next visitors
    finally:
        k.planner.close()
    pygame.quit()
    kc = parse_kiosk_config({"kiosk": {"pin": PIN, "sound": False}})
    c2, k2 = make_kiosk(tmp_path / "fixed", kc=kc)
    try:
        screen = to_operator(c2)
        rows = {r.buttons[0][1]: r for r in screen.rows() if r.kind == "setting"}
        assert rows[screen.steps["sound"]].locked
        assert c2.app.tr(T.SET_BY_CONFIG) in rows[screen.steps["sound"]].buttons[0][0]
        assert not c2.app.session.settings.sound  # the config's value, from the start
        tap(c2, button(c2, screen.steps["sound"]).center)  # a disabled button: nothing changes
        assert not c2.app.session.settings.sound
    finally:
        k2.planner.close()


def test_operator_idle_time_is_kept_and_used(tmp_path: Path) -> None:
    c, k = make_kiosk(tmp_path)
    try:
        screen = to_operator(c)
        assert k.idle_s == 90
        tap(c, button(c, screen.cycle_idle).center)
        assert k.idle_s == 120
        c.app.session.writer is None or c.app.session.writer.flush()
    finally:
        k.planner.close()
    pygame.quit()
    c2, k2 = make_kiosk(tmp_path, code=None)
    try:
        assert k2.idle_s == 120
        c2.clock.advance(100)
        c2.frames(2)
        assert not k2.in_attract
        c2.clock.advance(25)
        c2.frames(2)
        assert k2.in_attract
    finally:
        k2.planner.close()


def test_operator_quit_ends_with_code_0(tmp_path: Path) -> None:
    c, k = make_kiosk(tmp_path)
    try:
        screen = to_operator(c)
        tap(c, button(c, screen.quit).center)
        assert not c.app.running
        assert c.app.exit_code == 0
    finally:
        k.planner.close()


@pytest.mark.parametrize(
    ("grown_mb", "limit_mb", "restarts"), [(61, 60, True), (59, 60, False), (500, 0, False)]
)
def test_a_kiosk_grown_past_its_memory_limit_restarts_on_entering_the_attract_loop(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, grown_mb: int, limit_mb: int, restarts: bool
) -> None:
    """A storm of input leaves memory in SDL's and Xlib's queues that only a new process
    gives back (issue 43): the kiosk restarts itself when nobody plays, with the visitor's
    game set aside and counted once, never in the middle of a game."""
    day = date(2026, 12, 1)
    kc = KioskConfig(pin=PIN, memory_restart_mb=limit_mb)
    c, k = make_kiosk(tmp_path, kc=kc)
    k.today = lambda: day
    try:
        assert k.resident_at_start is not None  # read at the first update
        base = 80 * 2**20
        k.resident_at_start = base
        k.resident = lambda: base + grown_mb * 2**20
        session = c.app.session
        session.apply(str(session.game.legal_moves()[0]))
        c.frames(3)
        assert c.app.running  # a game in play is never cut short
        k.go_idle()
        c.frames(1)
        assert c.app.running is not restarts
        assert c.app.exit_code == (4 if restarts else 0)
        assert k.venue.days[day.isoformat()].idle == 1
        said = [
            r.getMessage() for r in caplog.records if "restarting to give it back" in r.getMessage()
        ]
        assert len(said) == (1 if restarts else 0)
    finally:
        k.planner.close()


# -- the venue's statistics --------------------------------------------------------------------


def test_venue_counts_started_won_and_idle_once_each(tmp_path: Path) -> None:
    day = date(2026, 12, 1)
    c, k = make_kiosk(tmp_path, code=RECORDED.code)
    k.today = lambda: day
    session = c.app.session
    try:
        c.frames(2)
        assert k.venue.totals().started == 0  # dealt, not yet played
        for token in RECORDED.tokens:
            session.apply(token)
            c.frames(1)
        assert session.game.is_won
        c.frames(3)
        counts = k.venue.days[day.isoformat()]
        assert (counts.started, counts.won, counts.idle) == (1, 1, 0)
        c.app.new_game()
        session.apply(str(session.game.legal_moves()[0]))
        c.frames(3)
        k.go_idle()
        c.frames(3)
        counts = k.venue.days[day.isoformat()]
        assert (counts.started, counts.won, counts.idle) == (2, 1, 1)
        k.end_attract()
        session.apply(str(session.game.legal_moves()[0]))
        c.frames(3)
        assert k.venue.days[day.isoformat()].started == 3
    finally:
        k.planner.close()
    pygame.quit()
    # A restart resumes the game being played: it is not counted again.
    c2, k2 = make_kiosk(tmp_path, code=None)
    k2.today = lambda: day
    try:
        c2.frames(3)
        assert c2.app.session.game.moves == 1
        again = k2.venue.days[day.isoformat()]
        assert (again.started, again.won, again.idle) == (3, 1, 1)
    finally:
        k2.planner.close()


def _venue_game(game_id: str, start: date, end: date, result: Result) -> GameEnd:
    return GameEnd(
        id=game_id,
        code="CR1-N-AAAAAAB",
        mode="N",
        variant="N",
        result=result,
        moves=10,
        seconds=60.0,
        ended=0.0,
        end_day=end.isoformat(),
        start_day=start.isoformat(),
        venue=True,
    )


def test_venue_csv_export_to_a_chosen_folder(tmp_path: Path) -> None:
    usb = tmp_path / "usb"
    usb.mkdir()
    c, k = make_kiosk(tmp_path, kc=KioskConfig(pin=PIN, export_dir=str(usb)))
    day = date(2026, 12, 1)
    k.today = lambda: day
    store = c.app.session.store
    assert store is not None
    assert store.end_game(_venue_game("a", day, day, Result.WON))
    assert store.end_game(_venue_game("b", date(2026, 12, 2), date(2026, 12, 2), Result.ABANDONED))
    try:
        screen = to_operator(c)
        tap(c, button(c, screen.export).center)
        dialog = top(c)
        assert isinstance(dialog, ExportDialog)
        folders = [b for b in dialog.button_specs if b[0] == str(usb)]
        assert folders, dialog.button_specs
        tap(c, button(c, folders[0][1]).center)
        written = usb / "crescent-venue-2026-12-01.csv"
        assert written.read_text().splitlines() == [
            "date,games_started,games_won,abandoned_to_idle",
            "2026-12-01,1,1,0",
            "2026-12-02,1,0,0",
        ]
        assert str(written) in " ".join(dialog.lines)
    finally:
        k.planner.close()
    with pytest.raises(FileNotFoundError):
        export_csv(VenueStats(), tmp_path / "missing" / "folder", day)
    assert not list((tmp_path / "usb").glob("*.tmp"))


def test_an_export_that_fails_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError, match="No space"):
        export_csv(VenueStats(), tmp_path, date(2026, 12, 1))
    assert list(tmp_path.iterdir()) == []


def test_an_earlier_versions_venue_file_is_checked_on_import() -> None:
    good = {"format": 1, "days": {"2026-01-02": [1, 0, 0]}, "current": "CR1-N-AAAAAAB"}
    assert parse_venue(good).days == {"2026-01-02": (1, 0, 0)}
    for bad in (
        {"format": 1, "days": {"yesterday": [1, 0, 0]}},
        {"format": 1, "days": {"2026-01-02": [1, -1, 0]}},
        {"format": 1, "days": {"2026-01-02": [10**12, 0, 0]}},
        {"format": 1, "days": []},
        {"format": 2, "days": {}},
    ):
        with pytest.raises(ValueError, match="venue statistics"):
            parse_venue(bad)


# -- the PIN wait survives a restart -----------------------------------------------------------


def test_the_pin_wait_survives_a_restart(tmp_path: Path) -> None:
    wall = [1_000_000.0]
    c, k = make_kiosk(tmp_path, wall=lambda: wall[0])
    try:
        hold_corner(c, 5.1)
        for _ in range(3):
            enter_pin(c, "1111")
        pad = top(c)
        assert isinstance(pad, PinPad)
        assert pad.wait_left() == 30
    finally:
        k.planner.close()
    pygame.quit()
    saved = KioskState.of(Store(tmp_path / "data").load_operator())
    assert saved.failures == 3
    assert saved.wait_until == pytest.approx(wall[0] + 30, abs=1)
    wall[0] += 10  # killed 10 s into the wait, restarted at once
    c2, k2 = make_kiosk(tmp_path, code=None, wall=lambda: wall[0])
    try:
        hold_corner(c2, 5.1)
        pad2 = top(c2)
        assert isinstance(pad2, PinPad)
        # 20 s were left at the restart, 5 s went on the gesture: the wait goes on.
        assert 14 <= pad2.wait_left() <= 15
        assert k2.try_pin(PIN) == "locked"
        c2.clock.advance(16)
        c2.frames(2)
        enter_pin(c2, "2222")  # the fourth in a row: the wait doubles
        assert k2.guard is not None
        assert k2.guard.failures == 4
        assert pad2.wait_left() == 60
    finally:
        k2.planner.close()


def _three_wrong_pins(tmp_path: Path) -> KioskState:
    """A kiosk whose operator typed three wrong PINs: the wait kept on disk."""
    c, k = make_kiosk(tmp_path)
    try:
        hold_corner(c, 5.1)
        for _ in range(3):
            enter_pin(c, "1111")
    finally:
        k.planner.close()
    pygame.quit()
    saved = KioskState.of(Store(tmp_path / "data").load_operator())
    assert saved.failures == 3
    return saved


def _touched_at_once() -> None:
    """What may wait for the first frame: SDL's motion as the window maps under the
    pointer, a finger resting on the glass, a key."""
    post_mouse(pygame.MOUSEMOTION, (640, 400))
    finger: dict[str, Any] = {"touch_id": 1, "finger_id": 1, "x": 0.5, "y": 0.5, "pressure": 1.0}
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, finger, dx=0.0, dy=0.0))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a"))


def _assert_still_locked(tmp_path: Path) -> None:
    c, k = make_kiosk(tmp_path, code=None, first_events=_touched_at_once)
    try:
        assert k.guard is not None
        assert k.guard.failures == 3  # no fresh tries
        assert k.guard.wait_left(c.app.now) > 0
        assert k.try_pin(PIN) == "locked"  # the right PIN too, during the wait
    finally:
        k.planner.close()
    pygame.quit()


class _HeldWriter(SaveWriter):
    """A background writer whose writes reach the disk only when flushed: the instant
    between a write asked for and done, held open (a kill -9 there loses the write)."""

    def __init__(self) -> None:
        super().__init__()
        self.held: list[Callable[[], object]] = []

    def submit(self, key: str, write: Callable[[], object]) -> None:
        self.held.append(write)

    def flush(self, timeout: float = 5.0) -> bool:
        while self.held:
            self.held.pop(0)()
        return True


def test_the_third_wrong_pin_is_on_the_disk_before_its_answer_shows(tmp_path: Path) -> None:
    # Issue 43: a kill -9 within 5 ms of the third wrong PIN lost the lock-out.
    c, k = make_kiosk(tmp_path)
    c.app.session.writer = _HeldWriter()
    try:
        hold_corner(c, 5.1)
        for _ in range(3):
            enter_pin(c, "1111")
        # Killed now: what the next start reads.
        saved = KioskState.of(Store(tmp_path / "data").load_operator())
        assert saved.failures == 3
        assert saved.wait_until is not None
    finally:
        k.planner.close()


def test_a_touch_in_the_first_frame_keeps_the_pin_wait(tmp_path: Path) -> None:
    # Issue 32: the saved wait was restored only if no event came before the first update.
    _three_wrong_pins(tmp_path)
    _assert_still_locked(tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM])
def test_the_pin_wait_survives_a_killed_kiosk(tmp_path: Path, how: signal.Signals) -> None:
    saved = _three_wrong_pins(tmp_path)
    data = tmp_path / "data"
    cfg = write_config(tmp_path, {"pin": PIN})
    for _ in range(2):  # killed twice in a row while the wait runs
        game = subprocess.Popen(
            [sys.executable, str(ROOT / "main.py"), "--config", str(cfg), "--data-dir", str(data)],
            env=game_env(SDL_VIDEODRIVER="dummy", CRESCENT_KIOSK_HEADLESS="1"),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            _wait_for(data / "crescent.log", "still locked after the restart")
            game.send_signal(how)
            game.wait(timeout=30)
        finally:
            if game.poll() is None:
                game.kill()
                game.wait()
        (data / "crescent.log").unlink()
    after = KioskState.of(Store(data).load_operator())
    assert (after.failures, after.wait_until) == (saved.failures, saved.wait_until)
    _assert_still_locked(tmp_path)


# -- the clock and the window ------------------------------------------------------------------


def test_the_game_clock_stops_while_the_pin_pad_is_open(tmp_path: Path) -> None:
    c, k = make_kiosk(tmp_path)
    session = c.app.session
    try:
        session.apply(str(session.game.legal_moves()[0]))
        c.frames(61)
        running = session.elapsed
        assert running > 0.5
        hold_corner(c, 5.1)
        pad = top(c)
        assert isinstance(pad, PinPad)
        before = session.elapsed
        c.frames(600)
        assert session.elapsed == before
        tap(c, button(c, pad.cancel).center)
        c.frames(61)
        assert session.elapsed > before + 0.5
    finally:
        k.planner.close()


def test_a_minimised_or_hidden_window_is_restored(tmp_path: Path) -> None:
    c, k = make_kiosk(tmp_path)
    restored: list[int] = []
    hidden = [False]
    k.host.restore_window = lambda: restored.append(1)  # type: ignore[method-assign]
    k.host.window_hidden = lambda: hidden[0]  # type: ignore[method-assign]
    try:
        pygame.event.post(pygame.event.Event(pygame.WINDOWMINIMIZED))
        c.frames(3)
        assert restored == [1]
        assert c.app.running
        assert not c.app.paused
        pygame.event.post(pygame.event.Event(pygame.WINDOWHIDDEN))
        c.frames(3)
        assert restored == [1, 1]
        hidden[0] = True  # hidden without an event: noticed within a second
        c.frames(70)
        assert len(restored) >= 3
    finally:
        k.planner.close()


def test_kiosk_s_install_sets_the_window_helpers(tmp_path: Path) -> None:
    init_pygame()
    session = Session(
        Store(tmp_path / "d"), Settings(language="en", watch_winnable=False), background_saves=False
    )
    session.start()
    app = App(session, Options(kiosk=True, dpi=96), load_translator("en"))
    k: Kiosk = install_kiosk(app, Config(kiosk=True, kiosk_config=KioskConfig(pin=PIN)))
    k.planner = recorded_only()
    assert isinstance(k.host, AppKioskHost)
    k.host.restore_window()  # harmless under the dummy driver
    assert k.host.window_hidden() is False
    Client(app, SteppedClock()).frames(3)


# -- memory: what the attract loop holds between its deals --------------------------------------


def _rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="needs Linux /proc")
def test_attract_searches_leave_no_solver_tables_behind() -> None:
    from crescent.kiosk.core import AttractPlanner
    from crescent.solver.position import Memo

    for other in threading.enumerate():  # earlier tests' solver threads in this process
        if other.name in ("crescent-watch", "crescent-hint", "crescent-attract"):
            other.join(30)
    deals = load_pool("N")[:40]
    planner = AttractPlanner(lambda v: deals, rng=random.Random(7), keep=1, budget_s=5)
    planner.next_line()
    assert planner.wait_idle(60)
    base = _rss_mb()
    codes = []
    for _ in range(10):  # ten loops, each with another deal solved in the background
        codes.append(planner.next_line().code)
        assert planner.wait_idle(60)
        # Between searches no memo of the solver's is left: nothing is held.
        assert not [o for o in gc.get_objects() if isinstance(o, Memo)]
    assert all(a != b for a, b in itertools.pairwise(codes))
    assert len(set(codes)) >= 5
    assert _rss_mb() - base < 15
