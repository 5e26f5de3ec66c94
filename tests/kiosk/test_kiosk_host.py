"""The kiosk logic runs on any host: no client code, no display (a fake host here)."""

from __future__ import annotations

from crescent.control.input import PointerDown, PointerMove, PointerUp, WindowEvent, WindowKind
from crescent.kiosk.burnin import SHIFT_STEP_S
from crescent.kiosk.config import KioskConfig
from crescent.kiosk.core import CALM_S, AttractPlanner, Kiosk, Purpose
from crescent.play.session import Session


class FakeHost:
    def __init__(self) -> None:
        self.now = 0.0
        self.size = (1024, 768)
        self.touch_px = 34
        self.session = Session(None, background_saves=False)
        self.language = "en"
        self.log: list[str] = []
        self.exit_corner: tuple[int, int, int, int] | None = None
        self.attract_shown = False
        self.pin_pad_shown = False
        self.operator_shown = False
        self.hidden = False
        self.misplaced = False

    def set_language(self, lang: str) -> None:
        self.language = lang

    def set_sound(self, on: bool) -> None:
        self.session.settings.sound = on

    def close_dialogs(self) -> None:
        self.log.append("close")

    def reset_interaction(self) -> None:
        self.log.append("reset")

    def new_game(self) -> None:
        self.log.append("new")

    def leave(self, code: int) -> None:
        self.log.append(f"leave {code}")

    def show_attract(self, kiosk: Kiosk) -> None:
        self.attract_shown = True

    def hide_attract(self) -> None:
        self.attract_shown = False

    def show_pin_pad(self, kiosk: Kiosk, purpose: Purpose) -> None:
        self.pin_pad_shown = True
        self.log.append(f"pin {purpose}")

    def hide_pin_pad(self) -> None:
        self.pin_pad_shown = False
        self.log.append("pin closed")

    def show_operator(self, kiosk: Kiosk) -> None:
        self.operator_shown = True
        self.log.append("operator")

    def redraw(self) -> None:
        self.log.append("redraw")

    def window_hidden(self) -> bool:
        return self.hidden

    def window_misplaced(self) -> bool:
        return self.misplaced

    def set_dim(self, darkness: float) -> None:
        self.log.append(f"dim {darkness}")

    def set_shift(self, shift: tuple[int, int]) -> None:
        self.log.append(f"shift {shift[0]} {shift[1]}")

    def restore_window(self) -> None:
        self.hidden = False
        self.misplaced = False
        self.log.append("restore")


def test_idle_gesture_and_pin_through_a_host_without_a_client() -> None:
    host = FakeHost()
    host.session.start(new=True)
    config = KioskConfig(pin="2468", idle_s=90, settings={"language": "fr"})
    kiosk = Kiosk(host, config, AttractPlanner(max_attempts=0))
    assert kiosk.handle(WindowEvent(WindowKind.QUIT))  # closing the window is refused
    kiosk.update(0.0)
    host.now = 91.0
    kiosk.update(1.0)
    assert host.attract_shown
    assert host.language == "fr"
    assert host.log[:2] == ["close", "reset"]
    assert host.session.idle_abandoned
    kiosk.end_attract()
    assert not host.attract_shown
    assert host.log[-1] == "new"
    kiosk.handle(PointerDown(2, 2, 1))  # the exit corner, held
    host.now += config.exit_hold_s + 0.1
    kiosk.update(0.1)
    assert host.log[-1] == "pin operator"
    assert kiosk.try_pin("0000") == "wrong"
    assert kiosk.try_pin("2468") == "ok"
    assert host.log[-1] == "operator"
    assert host.operator_shown
    kiosk.quit()  # the operator screen's Quit
    assert host.log[-1] == "leave 0"
    host.operator_shown = False
    host.hidden = True  # a window manager hid the window: brought back within a second
    host.now += 1.0
    kiosk.update(1.0)
    assert host.log[-2:] == ["restore", "redraw"]
    assert not host.hidden
    host.misplaced = True  # another X client moved or resized it: put back the same way
    host.now += 1.0
    kiosk.update(1.0)
    assert host.log[-2:] == ["restore", "redraw"]
    assert not host.misplaced


def test_the_attract_loop_is_dimmed_in_the_night_hours_only() -> None:
    from crescent.kiosk.config import in_hours, parse_kiosk_config

    assert [h for h in range(24) if in_hours(h, (22, 7))] == [0, 1, 2, 3, 4, 5, 6, 22, 23]
    assert [h for h in range(24) if in_hours(h, (1, 3))] == [1, 2]
    parsed = parse_kiosk_config({"kiosk": {"pin": "2468", "dim_hours": [22, 7]}})
    assert parsed.dim_hours == (22, 7)
    host = FakeHost()
    host.session.start(new=True)
    kiosk = Kiosk(host, KioskConfig(pin="2468", idle_s=90, dim_hours=(22, 7)), AttractPlanner())
    hour = [21]
    kiosk.hour = lambda: hour[0]

    def second() -> list[str]:
        host.now += 1.0
        kiosk.update(1.0)
        return [e for e in host.log if e.startswith("dim")]

    kiosk.update(0.0)
    host.now = 91.0
    kiosk.update(1.0)
    assert host.attract_shown
    assert second() == []  # 21:00, idle: not yet
    hour[0] = 22
    assert second() == ["dim 0.6"]
    assert second() == ["dim 0.6"]  # once
    kiosk.end_attract()  # a visitor: the game at full brightness
    assert second() == ["dim 0.6", "dim 0.0"]
    kiosk.planner.close()


def _seconds(kiosk: Kiosk, host: FakeHost, n: int) -> None:
    for _ in range(n):
        host.now += 1.0
        kiosk.update(1.0)


def _shifts(host: FakeHost) -> list[str]:
    return [e for e in host.log if e.startswith("shift")]


def test_the_table_shifts_a_pixel_each_step_while_nobody_touches_it() -> None:
    host = FakeHost()
    host.session.start(new=True)
    kiosk = Kiosk(host, KioskConfig(pin="2468", idle_s=90), AttractPlanner(max_attempts=0))
    kiosk.update(0.0)
    _seconds(kiosk, host, round(3 * SHIFT_STEP_S))
    assert _shifts(host) == ["shift -1 0", "shift -2 0", "shift -3 0"]


def test_the_shift_waits_until_nobody_has_touched_the_glass_for_a_while() -> None:
    host = FakeHost()
    host.session.start(new=True)
    kiosk = Kiosk(host, KioskConfig(pin="2468", idle_s=3600), AttractPlanner(max_attempts=0))
    kiosk.update(0.0)
    for _ in range(round(SHIFT_STEP_S) + 10):  # a finger on the glass all along
        host.now += 1.0
        kiosk.handle(PointerMove(500, 400, 1))
        kiosk.update(1.0)
    assert _shifts(host) == []
    _seconds(kiosk, host, round(CALM_S))
    assert _shifts(host) == ["shift -1 0"]


def test_a_pin_pad_left_over_the_attract_loop_closes_after_the_idle_time() -> None:
    host = FakeHost()
    host.session.start(new=True)
    kiosk = Kiosk(host, KioskConfig(pin="2468", idle_s=90), AttractPlanner(max_attempts=0))
    kiosk.update(0.0)
    _seconds(kiosk, host, 91)
    assert host.attract_shown
    kiosk.handle(PointerDown(2, 2, 1))  # the exit corner, held over the attract loop
    _seconds(kiosk, host, round(kiosk.config.exit_hold_s) + 1)
    kiosk.handle(PointerUp(2, 2, 1))
    assert host.pin_pad_shown
    _seconds(kiosk, host, 91)
    assert not host.pin_pad_shown
    assert host.attract_shown
