"""Kiosk mode: the config file, the lock-down, the exit gesture and PIN, the idle
attract loop, and a real window under Xvfb (skipped when Xvfb/xdotool are absent).

Under the dummy driver a kiosk window is full screen at the dummy display's
size (1024x768); events go through pygame's own queue and the real loop.
"""

from __future__ import annotations

import itertools
import json
import logging
import os
import random
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from benchmarks.xwindow import start_xvfb
from crescent.__main__ import main
from crescent.i18n import text as T
from crescent.i18n.translator import load_translator
from crescent.kiosk.config import (
    EXAMPLE,
    KioskConfig,
    KioskConfigError,
    load_kiosk_config,
    parse_kiosk_config,
)
from crescent.kiosk.core import (
    RECORDED,
    RECORDED_LINE,
    AttractPlanner,
    DemoLine,
    Kiosk,
    PinGuard,
    guess_dpi,
)
from crescent.options import Config
from crescent.play.session import Session
from crescent.play.settings import Settings
from crescent.play.storage import Store
from crescent.rules.engine import Game
from crescent.solver.outcome import Outcome
from crescent.solver.portfolio import Result
from crescent.ui.app import STEP, App, Options, init_pygame
from crescent.ui.clock import SteppedClock
from crescent.ui.dialogs import Dialog
from crescent.ui.kiosk_scenes import FADE_S, AttractScene, OperatorScreen, PinPad, install_kiosk
from crescent.ui.render import Action
from crescent.ui.rules_screen import RulesScreen
from crescent.ui.scene import Screen
from crescent.ui.speech import FakeSpeaker
from tests.helpers_crashsave import saved_dict
from tests.helpers_positions import position
from tests.helpers_ui import Client, post_mouse

PIN = "2468"
ROOT = Path(__file__).resolve().parents[2]


# -- helpers ------------------------------------------------------------------------------


def recorded_only() -> AttractPlanner:
    """A planner that never solves: the attract loop shows the recorded line."""
    return AttractPlanner(keep=0)


def make_kiosk(
    tmp_path: Path,
    *,
    kc: KioskConfig | None = None,
    planner: AttractPlanner | None = None,
    code: str | None = "CR1-N-AAAAAAB",
    first_events: Callable[[], None] | None = None,
    wall: Callable[[], float] | None = None,
) -> tuple[Client, Kiosk]:
    """A kiosk on the data folder of ``tmp_path``, two frames run; ``first_events`` posts
    events the first frame finds waiting; ``wall`` stands for the wall clock."""
    init_pygame()
    store = Store(tmp_path / "data")
    session = Session(
        store,
        Settings(language="en", watch_winnable=False),
        rng=random.Random(11),
        background_saves=False,
    )
    session.start(code=code)
    app = App(session, Options(kiosk=True, dpi=96), load_translator("en"))
    config = Config(kiosk=True, kiosk_config=kc or KioskConfig(pin=PIN))
    kiosk = install_kiosk(app, config)
    kiosk.planner = planner or recorded_only()
    if wall is not None:
        kiosk.wall = wall
    pygame.event.clear()
    if first_events is not None:
        first_events()
    client = Client(app, SteppedClock())
    client.frames(2)
    return client, kiosk


@pytest.fixture
def kiosk_client(tmp_path: Path) -> Iterator[tuple[Client, Kiosk]]:
    c, k = make_kiosk(tmp_path)
    yield c, k
    k.planner.close()
    pygame.event.clear()
    pygame.quit()


@pytest.fixture(autouse=True)
def _quit_pygame() -> Iterator[None]:
    yield
    pygame.quit()


def tap(c: Client, pos: tuple[float, float]) -> None:
    p = (int(pos[0]), int(pos[1]))
    post_mouse(pygame.MOUSEBUTTONDOWN, p)
    post_mouse(pygame.MOUSEBUTTONUP, p)
    c.frames(2)


def top(c: Client) -> object:
    return c.app.scenes[-1]


def pad_button(pad: PinPad, key: str) -> tuple[int, int]:
    action = pad.key_actions[key]
    for b in pad.buttons:
        if b.action == action:
            return b.rect.center
    raise AssertionError(f"no {action!r} button on the PIN pad")


def enter_pin(c: Client, digits: str) -> None:
    """Tap the digits and OK on the pad on top."""
    for d in digits:
        pad = top(c)
        assert isinstance(pad, PinPad)
        tap(c, pad_button(pad, d))
    pad = top(c)
    assert isinstance(pad, PinPad)
    tap(c, pad_button(pad, "ok"))


def dialog_button(c: Client, action: Action) -> tuple[int, int]:
    scene = top(c)
    assert isinstance(scene, Dialog)
    c.app.draw()
    for b in scene.buttons:
        if b.action == action:
            return b.rect.center
    raise AssertionError(f"no {action!r} button on {scene!r}")


def operator_quits(c: Client) -> None:
    """On the operator screen (after the PIN): tap Quit."""
    screen = top(c)
    assert isinstance(screen, OperatorScreen)
    tap(c, dialog_button(c, screen.quit))


def hold_corner(c: Client, seconds: float) -> None:
    """Press the exit corner (top-left by default) for ``seconds`` of frames, and release."""
    post_mouse(pygame.MOUSEBUTTONDOWN, (4, 4))
    c.frames(int(seconds * 60) + 2)
    post_mouse(pygame.MOUSEBUTTONUP, (4, 4))
    c.frames(2)


def go_idle(c: Client, kiosk: Kiosk) -> AttractScene:
    c.clock.advance(kiosk.config.idle_s + 1)
    c.frames(2)
    scene = top(c)
    assert isinstance(scene, AttractScene)
    return scene


def write_config(tmp_path: Path, section: object) -> Path:
    path = tmp_path / "kiosk.json"
    path.write_text(json.dumps({"kiosk": section}), encoding="utf-8")
    return path


# -- the configuration file -------------------------------------------------------------


def test_example_config_parses_with_its_documented_values() -> None:
    kc = parse_kiosk_config(json.loads(EXAMPLE))
    assert kc.pin == "2468"
    assert kc.idle_s == 90
    assert kc.exit_corner == "top-left"
    assert kc.exit_hold_s == 5
    assert kc.dpi == 96
    assert kc.setting("winnable_only") is True


def test_docs_config_example_is_the_one_in_the_code() -> None:
    doc = (ROOT / "README.md").read_text(encoding="utf-8")
    assert EXAMPLE.strip() in doc
    deployed = ROOT / "deploy" / "kiosk.json"
    assert deployed.read_text(encoding="utf-8") == EXAMPLE
    assert load_kiosk_config(deployed) == parse_kiosk_config(json.loads(EXAMPLE))


def test_levels_mode_and_its_times_come_from_the_config() -> None:
    kc = parse_kiosk_config({"kiosk": {"pin": "1234", "mode": "levels", "level_minutes": [9] * 4}})
    assert kc.setting("variant") == "L"
    assert kc.setting("level_minutes") == (9, 9, 9, 9)
    assert (
        parse_kiosk_config({"kiosk": {"pin": "1234", "mode": "standard"}}).setting("variant")
        is None
    )


def test_minimal_config_needs_only_the_pin() -> None:
    kc = parse_kiosk_config({"kiosk": {"pin": "0042"}})
    assert kc == KioskConfig(pin="0042", fixed=frozenset({"pin"}))
    assert kc.idle_s == 90.0
    assert kc.exit_hold_s == 5.0
    assert kc.pin_tries == 3


@pytest.mark.parametrize(
    ("obj", "words"),
    [
        ([], "JSON object"),
        ({}, 'no "kiosk" section'),
        ({"kiosk": "on"}, "must be an object"),
        ({"kiosk": {}}, "kiosk.pin is missing"),
        ({"kiosk": {"pin": 2468}}, "kiosk.pin must be a string"),
        ({"kiosk": {"pin": "12a4"}}, "kiosk.pin must be a string"),
        ({"kiosk": {"pin": "123"}}, "4 to 12 digits"),
        ({"kiosk": {"pin": "1234", "idle_seconds": "90"}}, "kiosk.idle_seconds"),
        ({"kiosk": {"pin": "1234", "idle_seconds": True}}, "kiosk.idle_seconds"),
        ({"kiosk": {"pin": "1234", "idle_seconds": 1}}, "from 10"),
        ({"kiosk": {"pin": "1234", "exit_corner": "middle"}}, "kiosk.exit_corner"),
        ({"kiosk": {"pin": "1234", "pin_tries": 2.5}}, "kiosk.pin_tries"),
        ({"kiosk": {"pin": "1234", "dpi": "high"}}, "kiosk.dpi"),
        ({"kiosk": {"pin": "1234", "language": "xx"}}, "kiosk.language"),
        ({"kiosk": {"pin": "1234", "winnable_only": "yes"}}, "kiosk.winnable_only"),
        ({"kiosk": {"pin": "1234", "idle_secs": 60}}, "unknown key kiosk.idle_secs"),
        ({"kiosk": {"pin": "1234", "mode": "timed"}}, "kiosk.mode"),
        ({"kiosk": {"pin": "1234", "mode": "levels", "variant": "F"}}, "kiosk.mode"),
        ({"kiosk": {"pin": "1234", "mode": "standard", "variant": "L"}}, "kiosk.mode"),
        ({"kiosk": {"pin": "1234", "level_minutes": [15, 12, 10]}}, "kiosk.level_minutes"),
        ({"kiosk": {"pin": "1234", "level_minutes": [15, 12, 10, 0]}}, "kiosk.level_minutes"),
    ],
)
def test_bad_config_is_refused_with_a_one_line_reason(obj: object, words: str) -> None:
    with pytest.raises(KioskConfigError) as err:
        parse_kiosk_config(obj)
    message = str(err.value)
    assert words in message
    assert "\n" not in message


def test_a_wrong_pin_value_is_never_repeated_in_the_error() -> None:
    for bad in ("98765432109876543", "97x5"):
        with pytest.raises(KioskConfigError) as err:
            parse_kiosk_config({"kiosk": {"pin": bad}})
        assert bad not in str(err.value)


def test_config_never_shows_its_pin_in_repr() -> None:
    kc = KioskConfig(pin="97531")
    assert "97531" not in repr(kc)
    assert kc.pin is not None
    assert "97531" not in repr(PinGuard(kc.pin))


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (None, "does not exist"),
        (b"", "not valid JSON"),
        (b'{"kiosk": {"pin": "2468",}}', "not valid JSON"),
        (b"\xff\xfe\x00", "not UTF-8"),
        (b'{"kiosk": {"pin": "2468", "dpi": NaN}}', "not valid JSON"),
    ],
)
def test_unreadable_config_files_are_refused(
    tmp_path: Path, content: bytes | None, words: str
) -> None:
    path = tmp_path / "k.json"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(KioskConfigError, match=words):
        load_kiosk_config(path)


@pytest.mark.parametrize(
    "args",
    [
        ["--kiosk", "--config", "{missing}"],
        ["--kiosk", "--config", "{nopin}"],
        ["--config", "{notjson}"],
        ["--kiosk", "--config", "{badtype}"],
    ],
)
def test_bad_kiosk_config_exits_2_with_one_line_and_no_window(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    files = {
        "missing": tmp_path / "none.json",
        "nopin": write_config(tmp_path, {"idle_seconds": 60}),
        "notjson": tmp_path / "bad.json",
        "badtype": tmp_path / "badtype.json",
    }
    files["notjson"].write_text("{kiosk: pin=1}", encoding="utf-8")
    files["badtype"].write_text(json.dumps({"kiosk": {"pin": "2468", "touch_mm": "9"}}))
    argv = [a.format(**{k: str(v) for k, v in files.items()}) for a in args]
    argv += ["--data-dir", str(tmp_path / "data"), "--frames", "2"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("crescent: ")
    assert "2468" not in err
    assert not (tmp_path / "data").exists()  # nothing started


def test_kiosk_runs_frames_under_the_dummy_driver(tmp_path: Path) -> None:
    cfg = write_config(tmp_path, {"pin": PIN, "dpi": 120})
    data = tmp_path / "data"
    argv = ["--kiosk", "--config", str(cfg), "--data-dir", str(data), "--frames", "5"]
    assert main([*argv, "--size", "1920x1080"]) == 0
    assert saved_dict(data)["game"]["moves"] == 0
    assert main(["--config", str(cfg), "--data-dir", str(data), "--frames", "3"]) == 0


def test_kiosk_without_a_config_runs_fully_locked(tmp_path: Path) -> None:
    # --kiosk alone: no operator PIN, so no exit gesture and no operator settings.
    data = tmp_path / "data"
    assert main(["--kiosk", "--data-dir", str(data), "--frames", "5", "--size", "1280x800"]) == 0
    c, k = make_kiosk(tmp_path, kc=KioskConfig())
    try:
        assert k.guard is None
        hold_corner(c, 5.1)
        assert not isinstance(top(c), PinPad)
        c.app.open(Screen.SETTINGS)
        c.frames(2)
        assert not isinstance(top(c), PinPad)
        assert top(c) is c.app.table
        c.key(pygame.K_ESCAPE)
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        c.frames(5)
        assert c.app.running
    finally:
        k.planner.close()


# -- locked down ------------------------------------------------------------------------


def test_window_close_and_quit_shortcuts_leave_the_loop_running(
    kiosk_client: tuple[Client, Kiosk],
) -> None:
    c, _ = kiosk_client
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    pygame.event.post(pygame.event.Event(pygame.WINDOWCLOSE, window=None))
    c.key(pygame.K_ESCAPE)
    c.key(pygame.K_F4, pygame.KMOD_LALT)
    c.key(pygame.K_q, pygame.KMOD_LCTRL)
    c.key(pygame.K_w, pygame.KMOD_LCTRL)
    c.key(pygame.K_F11)
    c.key(pygame.K_RETURN, pygame.KMOD_LALT)
    stats = c.frames(10)
    assert c.app.running
    assert stats.frames == 10
    assert c.app.scenes == [c.app.table]
    assert c.app.exit_code == 0
    c.app.quit()  # what the window's close button does
    assert c.app.running


def test_same_shortcuts_do_quit_outside_kiosk_mode(tmp_path: Path) -> None:
    """The check above could fail: without kiosk mode, closing the window ends the loop."""
    init_pygame()
    session = Session(None, Settings(language="en"))
    session.start()
    app = App(session, Options(), load_translator("en"))
    c = Client(app, SteppedClock())
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    c.frames(5)
    assert not app.running


def test_mouse_cursor_is_hidden(kiosk_client: tuple[Client, Kiosk]) -> None:
    assert not pygame.mouse.get_visible()


def test_touch_targets_are_at_least_9_mm(tmp_path: Path) -> None:
    for dpi in (96.0, 120.0, 140.0):  # physically a 17" to 9" screen at 1024x768
        init_pygame()
        session = Session(None, Settings(language="en"))
        session.start()
        app = App(session, Options(kiosk=True, dpi=dpi), load_translator("en"))
        kiosk = install_kiosk(app, Config(kiosk=True, kiosk_config=KioskConfig(pin=PIN)))
        mm9 = 9 / 25.4 * dpi
        lay = app.layout
        assert lay.touch_px >= mm9 - 0.5
        for cell in lay.hud_cells:
            assert min(cell.w, cell.h) >= lay.touch_px - 1
        assert lay.card_w >= lay.touch_px
        kiosk.ask_pin()
        pad = app.scenes[-1]
        assert isinstance(pad, PinPad)
        app.draw()
        assert len(pad.buttons) == 13
        for b in pad.buttons:
            assert min(b.rect.w, b.rect.h) >= lay.touch_px
        x, y, w, h = kiosk.corner()
        assert (x, y) == (0, 0)
        assert w == h >= 80 * dpi / 96 - 1
        pygame.quit()


def test_dpi_guess_assumes_a_23_inch_panel() -> None:
    assert guess_dpi((1920, 1080)) == 96.0  # 95.8 by the diagonal: never under 96
    assert guess_dpi((3840, 2160)) == pytest.approx(191.6, abs=0.5)
    assert guess_dpi((1024, 768)) == 96.0
    assert guess_dpi(None) == 96.0


# -- the exit gesture and the PIN ----------------------------------------------------------


def test_exit_gesture_and_correct_pin_end_the_loop_with_code_0(
    kiosk_client: tuple[Client, Kiosk],
) -> None:
    c, _ = kiosk_client
    hold_corner(c, 5.1)
    pad = top(c)
    assert isinstance(pad, PinPad)
    enter_pin(c, PIN)
    assert c.app.running
    assert isinstance(top(c), OperatorScreen)
    operator_quits(c)
    assert not c.app.running
    assert c.app.exit_code == 0


def test_a_short_press_or_a_slide_out_of_the_corner_opens_nothing(
    kiosk_client: tuple[Client, Kiosk],
) -> None:
    c, _ = kiosk_client
    hold_corner(c, 4.5)
    assert c.app.scenes == [c.app.table]
    post_mouse(pygame.MOUSEBUTTONDOWN, (4, 4))
    c.frames(60)
    post_mouse(pygame.MOUSEMOTION, (300, 300))
    c.frames(300)
    post_mouse(pygame.MOUSEBUTTONUP, (300, 300))
    c.frames(2)
    assert c.app.scenes == [c.app.table]
    # A long press elsewhere opens nothing either.
    post_mouse(pygame.MOUSEBUTTONDOWN, (500, 300))
    c.frames(400)
    post_mouse(pygame.MOUSEBUTTONUP, (500, 300))
    c.frames(2)
    assert c.app.scenes == [c.app.table]
    assert c.app.running


def test_the_exit_corner_can_be_configured(tmp_path: Path) -> None:
    c, k = make_kiosk(tmp_path, kc=KioskConfig(pin=PIN, exit_corner="bottom-right"))
    w, h = c.app.size
    x, y, cw, ch = k.corner()
    assert (x + cw, y + ch) == (w, h)
    hold_corner(c, 6)  # top-left: nothing
    assert c.app.scenes == [c.app.table]
    post_mouse(pygame.MOUSEBUTTONDOWN, (w - 3, h - 3))
    c.frames(5 * 60 + 3)
    assert isinstance(top(c), PinPad)


def test_wrong_pins_are_refused_and_rate_limited(kiosk_client: tuple[Client, Kiosk]) -> None:
    c, k = kiosk_client
    hold_corner(c, 5.1)
    for _ in range(2):
        enter_pin(c, "1111")
        assert c.app.running
        assert isinstance(top(c), PinPad)
    pad = top(c)
    assert isinstance(pad, PinPad)
    assert pad.wrong
    assert pad.wait_left() == 0
    enter_pin(c, "1111")  # the third: a 30 s wait
    assert pad.wait_left() == 30
    assert all(not b.enabled for b in pad.buttons if b.action != pad.cancel)
    # During the wait even the right PIN is refused, unchecked (typed keys do nothing).
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=PIN))
    c.key(pygame.K_RETURN)
    c.frames(2)
    assert k.try_pin(PIN) == "locked"
    assert c.app.running
    c.clock.advance(31)
    c.frames(2)
    assert pad.wait_left() == 0
    enter_pin(c, "9999")  # the fourth: the wait doubles
    assert pad.wait_left() == 60
    assert c.app.running
    c.clock.advance(61)
    c.frames(2)
    enter_pin(c, PIN)
    operator_quits(c)
    assert not c.app.running
    assert c.app.exit_code == 0


def test_pin_guard_waits_double_and_reset_on_success() -> None:
    g = PinGuard("1234", tries=3, lockout_s=30)
    t = 0.0
    assert [g.check("0000", t) for _ in range(2)] == ["wrong", "wrong"]
    assert g.wait_left(t) == 0
    assert g.check("0000", t) == "wrong"
    assert g.wait_left(t) == 30
    assert g.check("1234", t + 29) == "locked"
    assert g.check("0000", t + 30) == "wrong"
    assert g.wait_left(t + 30) == 60
    assert g.check("0000", t + 90) == "wrong"
    assert g.wait_left(t + 90) == 120
    assert g.check("1234", t + 210) == "ok"
    assert g.failures == 0
    assert g.check("0000", t + 210) == "wrong"
    assert g.wait_left(t + 210) == 0
    for _ in range(40):
        t += 10_000
        g.check("0000", t)
    assert g.wait_left(t) == 3600  # capped at an hour


def test_cancel_closes_the_pad_and_keyboard_digits_work(
    kiosk_client: tuple[Client, Kiosk],
) -> None:
    c, _ = kiosk_client
    hold_corner(c, 5.1)
    pad = top(c)
    assert isinstance(pad, PinPad)
    tap(c, pad_button(pad, "cancel"))
    assert c.app.scenes == [c.app.table]
    assert c.app.running
    hold_corner(c, 5.1)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=PIN))
    c.frames(2)
    c.key(pygame.K_RETURN)
    c.frames(2)
    assert isinstance(top(c), OperatorScreen)


def test_the_pin_is_never_logged_nor_kept(
    kiosk_client: tuple[Client, Kiosk], caplog: pytest.LogCaptureFixture
) -> None:
    c, _ = kiosk_client
    caplog.set_level(logging.DEBUG)
    hold_corner(c, 5.1)
    pad = top(c)
    assert isinstance(pad, PinPad)
    enter_pin(c, "1357")
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="24"))
    c.frames(2)
    assert pad.typed == "24"
    assert "24" not in repr(pad)
    enter_pin(c, "68")
    assert isinstance(top(c), OperatorScreen)
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "wrong operator PIN" in logged
    assert "operator PIN accepted" in logged
    assert "1357" not in logged
    assert PIN not in logged
    assert pad.typed == ""


def test_visitors_get_no_code_nor_settings_and_language_is_one_tap(
    kiosk_client: tuple[Client, Kiosk],
) -> None:
    c, _ = kiosk_client
    assert "code" not in c.app.hud_items
    assert "settings" not in c.app.hud_items
    assert len(c.app.layout.hud_cells) == len(c.app.hud_items)
    lang = c.app.tr.lang
    tap(c, c.hud("lang"))
    assert c.app.tr.lang != lang
    assert c.app.scenes == [c.app.table]
    for item, cell in zip(c.app.hud_items, c.app.layout.hud_cells, strict=True):
        # No HUD button opens the PIN pad nor a code or a setting; "?" opens How to play,
        # Redeal with moves left asks first (the game's one confirmation style).
        tap(c, cell.center)
        if item == "rules":
            rules = c.app.scenes[-1]
            assert isinstance(rules, RulesScreen)
            rules.close()
        elif item == "redeal" and c.app.scenes[-1] is not c.app.table:
            asked = c.app.scenes[-1]
            assert isinstance(asked, Dialog)
            c.app.pop(asked)
        assert c.app.scenes == [c.app.table]
    c.app.open(Screen.SETTINGS)  # even called directly: nothing for visitors
    assert c.app.scenes == [c.app.table]


# -- idle: the attract loop ---------------------------------------------------------------


def test_idle_starts_the_attract_loop_and_sets_the_visitor_game_aside(
    kiosk_client: tuple[Client, Kiosk],
) -> None:
    c, k = kiosk_client
    session = c.app.session
    move = session.game.legal_moves()[0]
    c.app.table.play(move)
    c.frames(30)
    played_before = session.stats.get("N").played
    c.clock.advance(k.config.idle_s - 5)
    c.frames(2)
    assert c.app.scenes == [c.app.table]  # not yet
    scene = go_idle(c, k)
    assert scene.game is not session.game
    assert session.idle_abandoned
    saved = session.store.load_game() if session.store else None
    assert saved is not None
    assert saved.idle_abandoned
    assert saved.game.moves == 1
    assert session.stats.get("N").played == played_before


def data_files(folder: Path) -> dict[str, bytes]:
    """The data folder's files, but SQLite's shared-memory index (``-shm``: no data,
    changed by every read)."""
    return {p.name: p.read_bytes() for p in folder.iterdir() if not p.name.endswith("-shm")}


def test_attract_plays_legal_moves_only_and_never_touches_the_visitor(
    kiosk_client: tuple[Client, Kiosk],
) -> None:
    c, k = kiosk_client
    session = c.app.session
    c.app.table.play(session.game.legal_moves()[0])
    c.frames(30)
    scene = go_idle(c, k)
    visitor = session.game.to_dict()
    assert session.store is not None
    files = data_files(session.store.root)
    stats = session.stats
    assert scene.demo.line is not None
    check = Game.from_code(scene.demo.line.code)
    played: list[str] = []

    def step(token: str) -> None:
        check.apply(token)  # the engine refuses an illegal move
        played.append(token)
        assert scene.game.piles == check.piles
        assert scene.game.foundations == check.foundations

    scene.demo.on_step = step
    # The whole recorded line, to the win and into the next deal.
    for i in range(len(RECORDED_LINE) * 40 + 600):
        c.clock.wait(60)
        c.app.now = c.clock.now()
        c.app.update(STEP)
        if i % 30 == 0:
            c.app.draw()
        if played == list(RECORDED_LINE) and scene.demo.pos == 0:
            break
    assert played == list(RECORDED_LINE)
    assert check.is_won
    assert scene.demo.pos == 0
    assert scene.game.moves == 0
    assert session.game.to_dict() == visitor
    assert session.stats == stats
    assert data_files(session.store.root) == files


def test_the_attract_loop_is_evenly_dimmed_after_its_piles_changed(
    kiosk_client: tuple[Client, Kiosk],
) -> None:
    """Once faded in, a frame of the attract loop drawn place by place is the picture
    drawn whole (a fresh one): the fade's dim never stays behind the places that did not
    change while the changed ones are drawn bright (the patchwork of issue 44)."""
    c, k = kiosk_client
    scene = go_idle(c, k)
    played: list[str] = []
    scene.demo.on_step = played.append
    for _ in range(200):
        c.frames(10)
        if len(played) >= 4 and not scene.anims.busy:
            break
    assert len(played) >= 4, "the loop played"
    c.frames(2)
    drawn = c.app.screen.copy()
    scene.view.forget()  # the same table drawn whole, from nothing
    c.app.full_redraw = True
    c.app.draw()
    fresh = c.app.screen.copy()
    for surface in (drawn, fresh):
        surface.fill((0, 0, 0), scene.caption.rect())  # it pulses: a frame apart differs
    w, h = drawn.get_size()
    differ = [
        (x, y)
        for x in range(0, w, 7)
        for y in range(0, h, 7)
        if drawn.get_at((x, y)) != fresh.get_at((x, y))
    ]
    assert differ == []
    felt = fresh.get_at((2, 2))
    assert max(felt[:3]) > 12, "a table, not a dark screen"


def test_a_touch_ends_the_attract_loop_with_a_fresh_uncounted_game(
    kiosk_client: tuple[Client, Kiosk],
) -> None:
    c, k = kiosk_client
    session = c.app.session
    for _ in range(2):
        c.app.table.play(session.game.legal_moves()[0])
    c.frames(30)
    old_code = session.game.code
    played = session.stats.get("N").played
    go_idle(c, k)
    c.frames(int(3 * FADE_S * 60))
    tap(c, (c.app.size[0] // 2, c.app.size[1] // 2))
    assert c.app.scenes == [c.app.table]
    assert session.game.moves == 0
    assert session.game.code != old_code
    assert not session.idle_abandoned
    assert session.stats.get("N").played == played  # the idle game is not a loss
    # ...while a visitor who leaves a game for a new one does lose it.
    c.app.table.play(session.game.legal_moves()[0])
    c.app.new_game()
    assert session.stats.get("N").played == played + 1


def test_the_language_button_works_in_the_attract_loop(
    kiosk_client: tuple[Client, Kiosk],
) -> None:
    c, k = kiosk_client
    scene = go_idle(c, k)
    lang = c.app.tr.lang
    tap(c, c.hud("lang"))
    assert c.app.tr.lang != lang
    assert top(c) is scene  # still playing by itself, now in the new language
    banner = scene.caption._cache
    c.frames(int(3 * FADE_S * 60))
    assert scene.caption._cache is not None
    assert scene.caption._cache is not banner
    texts = ("Crescent", c.app.tr(T.GOAL), c.app.tr(T.TOUCH_TO_PLAY))
    assert scene.caption._cache[0][0] == texts
    tap(c, c.app.layout.slots[20].center)
    assert c.app.scenes == [c.app.table]
    assert c.app.tr.lang != lang


def test_idle_restores_the_configured_language(tmp_path: Path) -> None:
    c, k = make_kiosk(tmp_path, kc=KioskConfig(pin=PIN, settings={"language": "fr"}))
    assert c.app.tr.lang == "fr"
    tap(c, c.hud("lang"))
    assert c.app.tr.lang != "fr"
    go_idle(c, k)
    assert c.app.tr.lang == "fr"


def test_idle_restores_sound_a_visitor_muted(tmp_path: Path) -> None:
    c, k = make_kiosk(tmp_path)
    assert c.app.session.settings.sound
    tap(c, c.hud("sound"))
    assert not c.app.session.settings.sound  # the visitor's mute
    go_idle(c, k)
    assert c.app.session.settings.sound  # the next visitor hears the game again
    k.planner.close()
    pygame.quit()
    c2, k2 = make_kiosk(
        tmp_path / "off", kc=parse_kiosk_config({"kiosk": {"pin": PIN, "sound": False}})
    )
    tap(c2, c2.hud("sound"))
    assert c2.app.session.settings.sound
    go_idle(c2, k2)
    assert not c2.app.session.settings.sound  # the config's default
    k2.planner.close()


def test_a_levels_kiosk_deals_the_levels_game_with_its_times_after_idle(tmp_path: Path) -> None:
    kc = parse_kiosk_config(
        {"kiosk": {"pin": PIN, "mode": "levels", "level_minutes": [5, 4, 3, 2]}}
    )
    c, k = make_kiosk(tmp_path, kc=kc)
    session = c.app.session
    assert session.settings.level_minutes == (5, 4, 3, 2)
    go_idle(c, k)
    k.end_attract()  # a visitor touches the attract loop: a new game of the configured mode
    assert session.game.level == 1
    assert session.levels is not None
    assert session.levels.time_left == 5 * 60


def test_idle_closes_the_pin_pad(kiosk_client: tuple[Client, Kiosk]) -> None:
    c, k = kiosk_client
    hold_corner(c, 5.1)
    assert isinstance(top(c), PinPad)
    go_idle(c, k)
    assert [type(s) for s in c.app.scenes] == [type(c.app.table), AttractScene]


def test_no_attract_loop_while_the_operator_screen_is_open(
    kiosk_client: tuple[Client, Kiosk],
) -> None:
    c, k = kiosk_client
    hold_corner(c, 5.1)
    enter_pin(c, PIN)
    screen = top(c)
    assert isinstance(screen, OperatorScreen)
    c.clock.advance(k.config.idle_s + 1)  # the visitors' idle time: nothing happens
    c.frames(2)
    assert top(c) is screen
    assert not k.in_attract
    c.clock.advance(k.config.operator_idle_s - k.config.idle_s - 5)
    c.frames(2)
    assert top(c) is screen
    c.clock.advance(10)  # the operator's own, longer timeout: back to the table
    c.frames(2)
    assert c.app.scenes == [c.app.table]
    assert not k.in_attract
    c.clock.advance(k.config.idle_s + 1)  # then the visitors' idle time as usual
    c.frames(2)
    assert k.in_attract


def test_a_restart_after_an_idle_abandoned_game_deals_a_fresh_one(tmp_path: Path) -> None:
    c, k = make_kiosk(tmp_path)
    session = c.app.session
    session.apply(str(session.game.legal_moves()[0]))
    go_idle(c, k)
    session.close()
    again = Session(Store(tmp_path / "data"), Settings(), background_saves=False)
    again.start()
    assert again.game.moves == 0
    assert not again.idle_abandoned
    assert again.stats.get("N").played == 0
    # Without the idle mark the game would have been resumed.
    again.apply(str(again.game.legal_moves()[0]))
    again.close()
    third = Session(Store(tmp_path / "data"), Settings(), background_saves=False)
    third.start()
    assert third.game.moves == 1


def test_a_blocked_game_left_idle_is_not_counted_either(tmp_path: Path) -> None:
    c, k = make_kiosk(tmp_path)
    session = c.app.session
    session.game = position({"P1": ["QC", "KC"]}, {"F4": "JC"}, redeals_left=0, moves=5)
    session.changes += 1
    session.save()
    c.app.table.after_change()
    c.frames(30)
    assert session.game.status == "blocked"
    assert not session.recorded
    go_idle(c, k)
    session.close()  # a restart now...
    again = Session(Store(tmp_path / "data"), Settings(), background_saves=False)
    again.start()  # ...deals a fresh game and counts nothing
    assert again.game.status == "playing"
    assert again.game.moves == 0
    assert again.stats.get("N").played == 0
    tap(c, (c.app.size[0] // 2, c.app.size[1] // 2))  # or a visitor touches the loop
    assert session.game.moves == 0
    assert session.stats.get("N").played == 0


def test_attract_loop_skips_a_line_the_engine_refuses(
    kiosk_client: tuple[Client, Kiosk],
) -> None:
    c, k = kiosk_client
    bad = DemoLine("CR1-N-AAAAAAB", ("P1-P1",))
    # The planner finds no line of its own meanwhile (the search core finds one within
    # the frames below): after the refused line comes the recorded one.
    assert k.planner.wait_idle()
    k.planner.keep = 0
    k.planner.lines = [bad]
    scene = go_idle(c, k)
    assert scene.demo.line == bad
    for _ in range(int((FADE_S + 3) * 60)):
        c.clock.wait(60)
        c.app.now = c.clock.now()
        c.app.update(STEP)
    assert scene.demo.line == RECORDED
    assert k.planner.lines == []


# -- the attract loop's deals ------------------------------------------------------------


def test_the_recorded_line_wins_in_the_engine() -> None:
    game = Game.from_code(RECORDED.code)
    for token in RECORDED.tokens:
        game.apply(token)
    assert game.is_won


def test_planner_solves_pool_deals_in_the_background() -> None:
    deals = [3387541014, 2795742288, 4684576729]
    planner = AttractPlanner(lambda variant: deals, budget_s=5, keep=2)
    assert planner.next_line() == RECORDED  # never waits
    assert planner.wait_idle(60)
    assert len(planner.lines) == 2
    for line in planner.lines:
        game = Game.from_code(line.code)
        for token in line.tokens:
            game.apply(token)
        assert game.is_won
    # Every loop another deal: each line is shown once, and more are found meanwhile.
    shown = [RECORDED.code]
    for _ in range(6):
        shown.append(planner.next_line().code)
        planner.wait_idle(60)
    assert all(a != b for a, b in itertools.pairwise(shown))
    assert len(set(shown)) >= 3
    assert len(planner.lines) <= planner.keep


def test_planner_never_shows_the_same_deal_twice_in_a_row() -> None:
    planner = AttractPlanner(keep=0)
    only = DemoLine("CR1-N-AAAAAAB", ("P1-P2",))
    planner.lines = [only]
    assert planner.next_line() == only
    assert planner.next_line() == RECORDED  # nothing else ready: the recording
    planner.lines = [only]
    assert planner.next_line() == only


def test_planner_gives_up_after_its_attempts_and_falls_back() -> None:
    calls: list[str] = []

    def never(game: Game, **kw: object) -> Result:
        calls.append(game.code)
        return Result(Outcome.UNKNOWN)

    def broken_pool(variant: str) -> list[int]:
        raise OSError("no pool")

    planner = AttractPlanner(broken_pool, solve=never, max_attempts=5, rng=random.Random(3))
    assert planner.next_line() == RECORDED
    assert planner.wait_idle(10)
    assert len(calls) == 5
    assert planner.next_line() == RECORDED
    assert not planner.busy


class Stalling:
    """A solver that searches until it is cancelled (a hard deal at the kiosk's budget)."""

    def __init__(self) -> None:
        self.searching = threading.Event()
        self.calls = 0

    def __call__(self, game: Game, *, cancel: Callable[[], bool], **kw: object) -> Result:
        self.calls += 1
        self.searching.set()
        while not cancel():
            time.sleep(0.001)
        self.searching.clear()
        return Result(Outcome.UNKNOWN)


def paused_mid_search() -> tuple[AttractPlanner, Stalling]:
    """A planner paused while its search ran; waited for until its thread ended."""
    solve = Stalling()
    planner = AttractPlanner(solve=solve, max_attempts=5)
    planner.next_line()
    assert solve.searching.wait(10)
    planner.pause()
    assert planner.wait_idle(10)
    return planner, solve


def test_a_paused_planner_stops_its_search_and_starts_no_other() -> None:
    _, solve = paused_mid_search()
    assert solve.calls == 1


def test_a_search_cut_short_by_a_visitor_is_no_fruitless_attempt() -> None:
    planner, _ = paused_mid_search()
    assert planner.attempts == 0


def test_the_loop_s_next_deal_resumes_the_planner() -> None:
    solve = Stalling()
    planner = AttractPlanner(solve=solve, max_attempts=5)
    planner.pause()
    planner.next_line()
    assert solve.searching.wait(10)
    planner.close()
    assert planner.wait_idle(10)


def test_a_visitor_touching_the_attract_loop_pauses_its_planner(tmp_path: Path) -> None:
    solve = Stalling()
    c, k = make_kiosk(tmp_path, planner=AttractPlanner(solve=solve, max_attempts=5))
    try:
        go_idle(c, k)
        assert solve.searching.wait(10)
        k.end_attract()
        assert k.planner.wait_idle(10)
        assert not solve.searching.is_set()
    finally:
        k.planner.close()


# -- fatal errors -----------------------------------------------------------------------


def test_a_fatal_error_is_logged_without_the_pin_and_exits_non_zero(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    cfg = write_config(tmp_path, {"pin": "80863"})

    def boom(self: Kiosk, dt: float) -> None:
        raise RuntimeError("the kiosk failed")

    monkeypatch.setattr(Kiosk, "update", boom)
    caplog.set_level(logging.INFO)
    argv = ["--config", str(cfg), "--data-dir", str(tmp_path / "d"), "--frames", "20"]
    assert main(argv) == 1
    logged = "\n".join(r.getMessage() + (r.exc_text or "") for r in caplog.records)
    assert "fatal error" in logged
    assert "80863" not in logged


# -- a real window under Xvfb --------------------------------------------------------------

_XVFB_TOOLS = ("Xvfb", "xdotool", "import")


def _missing_tools() -> list[str]:
    return [t for t in _XVFB_TOOLS if shutil.which(t) is None]


def _wait_for_line(log: Path, text: str, timeout_s: float) -> None:
    """Until the game's log has ``text`` (the timeout only stops a hung test)."""
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        if log.exists() and text in log.read_text(encoding="utf-8", errors="replace"):
            return
        time.sleep(0.1)
    raise AssertionError(f"{text!r} never appeared in {log}")


@pytest.mark.slow
@pytest.mark.skipif(
    bool(_missing_tools()),
    reason=f"needs Xvfb, xdotool and ImageMagick's import (missing: {', '.join(_missing_tools())})"
    "; apt-get install -y xvfb xdotool imagemagick",
)
@pytest.mark.parametrize("size", [(1920, 1080), (1080, 1920)])
def test_real_kiosk_window_under_xvfb(tmp_path: Path, size: tuple[int, int]) -> None:
    """A real X window: Escape and Alt+F4 leave it running; the screen is filled at the
    screen's size; the corner gesture and the PIN typed on the pad end it with code 0.
    Screenshots go to $CRESCENT_SHOTS (if set) for a person to look at."""
    w, h = size
    xvfb, display = start_xvfb((w, h), tmp_path / "xvfb.log")
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    env.update(DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy")
    idle_s = 10
    cfg = write_config(tmp_path, {"pin": PIN, "idle_seconds": idle_s})
    game = None
    try:
        game = subprocess.Popen(
            [
                sys.executable,
                str(ROOT / "main.py"),
                "--kiosk",
                "--config",
                str(cfg),
                "--size",
                f"{w}x{h}",
                "--data-dir",
                str(tmp_path / "data"),
                "--code",
                "CR1-N-AAAAAAB",
                "--lang",
                "en",
            ],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )

        def xdo(*args: str) -> str:
            out = subprocess.run(
                ["xdotool", *args], env=env, capture_output=True, text=True, timeout=30
            )
            return out.stdout.strip()

        assert xdo("search", "--sync", "--onlyvisible", "--class", "crescent")
        # SDL may replace its first window when it goes full screen: until one window
        # fills the screen (the timeout only stops a hung test).
        end = time.monotonic() + 60
        window: list[str] = []
        geometry = ""
        while time.monotonic() < end:
            window = xdo("search", "--onlyvisible", "--class", "crescent").split()
            geometry = xdo("getwindowgeometry", "--shell", window[0]) if window else ""
            if len(window) == 1 and f"WIDTH={w}\n" in geometry and f"HEIGHT={h}\n" in geometry:
                break
            time.sleep(0.1)
        assert len(window) == 1, f"expected one game window, found {window}"
        assert f"WIDTH={w}" in geometry
        assert f"HEIGHT={h}" in geometry
        xdo("windowfocus", "--sync", window[0])
        log = tmp_path / "data" / "crescent.log"
        for keys in ("Escape", "alt+F4", "ctrl+q", "F11", "ctrl+w"):
            xdo("key", "--window", window[0], keys)
        shot = tmp_path / f"kiosk-{w}x{h}.png"
        init_pygame()

        def drawn() -> pygame.Surface:
            subprocess.run(
                ["import", "-display", display, "-window", "root", str(shot)],
                check=True,
                timeout=30,
            )
            return pygame.image.load(str(shot))

        # The window can be mapped a while before its first frame reaches it on a busy
        # machine (a black screen): until the table shows (the timeout only stops a hung
        # test).
        end = time.monotonic() + 60
        img = drawn()
        while img.get_at((w // 2, h - 5))[:3] == (0, 0, 0) and time.monotonic() < end:
            time.sleep(0.2)
            img = drawn()
        assert img.get_size() == (w, h)
        # The table fills the screen: the HUD's band at the bottom, felt at the top.
        assert img.get_at((w // 2, h - 5))[:3] != (0, 0, 0)
        assert img.get_at((w // 2, 5))[:3] != (0, 0, 0)
        shots = os.environ.get("CRESCENT_SHOTS")
        if shots:
            Path(shots).mkdir(parents=True, exist_ok=True)
            shutil.copy(shot, Path(shots) / shot.name)
        # Left alone, the table turns into the attract loop (the keys above were handled
        # before it: the kiosk is still running once it comes, so none of them ended it).
        _wait_for_line(log, "idle: attract loop", idle_s + 60)
        assert game.poll() is None, "a key ended the kiosk"
        attract = tmp_path / f"attract-{w}x{h}.png"
        grid = [(x * w // 40, y * h // 40) for x in range(40) for y in range(40)]
        end = time.monotonic() + 60
        changed = 0
        while changed <= len(grid) // 20 and time.monotonic() < end:
            subprocess.run(
                ["import", "-display", display, "-window", "root", str(attract)],
                check=True,
                timeout=30,
            )
            after = pygame.image.load(str(attract))
            changed = sum(after.get_at(p) != img.get_at(p) for p in grid)
        assert game.poll() is None
        if shots:
            shutil.copy(attract, Path(shots) / attract.name)
        assert changed > len(grid) // 20  # another deal, and the caption
        # The operator: 5 s in the top-left corner, then the PIN on the pad.
        xdo("mousemove", "--sync", "6", "6")
        xdo("mousedown", "1")
        time.sleep(5.6)  # the gesture itself: held past the config's 5 s
        xdo("mouseup", "1")
        _wait_for_line(log, "PIN pad shown", 60)
        if shots:
            subprocess.run(
                ["import", "-display", display, "-window", "root", f"{shots}/pad-{w}x{h}.png"],
                check=True,
                timeout=30,
            )
        assert game.poll() is None
        xdo("type", "--delay", "80", PIN)
        xdo("key", "Return")
        _wait_for_line(log, "operator PIN accepted", 60)
        if shots:
            subprocess.run(
                ["import", "-display", display, "-window", "root", f"{shots}/operator-{w}x{h}.png"],
                check=True,
                timeout=30,
            )
        assert game.poll() is None  # the operator screen
        # Its enabled buttons: language, variant, winnable only, sound (the idle time is
        # the config's), Export, Statistics, Quit: the seventh.
        for _ in range(7):
            xdo("key", "Tab")
        xdo("key", "Return")
        assert game.wait(timeout=15) == 0
    finally:
        if game is not None and game.poll() is None:
            game.kill()
            game.wait()
        xvfb.terminate()
        xvfb.wait()


def test_visitors_open_and_close_the_rules_from_the_table(
    kiosk_client: tuple[Client, Kiosk],
) -> None:
    from crescent.ui.rules_screen import RulesScreen

    c, _ = kiosk_client
    tap(c, c.hud("rules"))
    screen = top(c)
    assert isinstance(screen, RulesScreen)
    close = next(b for b in screen.buttons if b.action == screen.close)
    assert close.rect.h >= c.app.layout.touch_px  # a finger's size
    tap(c, close.rect.center)
    assert top(c) is c.app.table


def test_kiosk_config_sound_overrides_the_setting(tmp_path: Path) -> None:
    c, k = make_kiosk(tmp_path, kc=KioskConfig(pin=PIN, settings={"sound": False}))
    try:
        assert c.app.session.settings.sound is False
        tap(c, c.hud("sound"))  # visitors may still switch it
        assert c.app.session.settings.sound is True
    finally:
        k.planner.close()


def test_a_speaking_kiosk_is_silent_through_the_attract_loop_and_greets_the_next_visitor(
    kiosk_client: tuple[Client, Kiosk],
) -> None:
    """Speech on (the operator's choice, for an accessible kiosk): a visitor hears the
    table, the attract loop's hours say nothing to the room, the next visitor's touch
    deals a game that is said."""
    c, k = kiosk_client
    speaker = FakeSpeaker()
    c.app.speak_with(speaker)
    session = c.app.session
    c.app.table.play(session.game.legal_moves()[0])
    c.frames(30)
    assert speaker.spoken  # the visitor's move
    scene = go_idle(c, k)
    idle_from = len(speaker.spoken)
    played: list[str] = []
    scene.demo.on_step = played.append
    for i in range(len(RECORDED_LINE) * 40 + 600):  # the whole line, to the win and past
        c.clock.wait(60)
        c.app.now = c.clock.now()
        c.app.update(STEP)
        if i % 30 == 0:
            c.app.draw()
    assert len(played) >= len(RECORDED_LINE)
    assert speaker.spoken[idle_from:] == []
    tap(c, (c.app.size[0] // 2, c.app.size[1] // 2))
    assert c.app.scenes == [c.app.table]
    assert speaker.spoken[-1].startswith(c.app.tr(T.NEW_GAME))
