"""Touch hygiene: doubled and ghost presses are dropped, a player's taps are not."""

from __future__ import annotations

from crescent.control.ghosts import GHOST_TAP_MS, GhostFilter
from crescent.control.input import (
    GameEvent,
    PointerDown,
    PointerMove,
    PointerUp,
    WindowEvent,
    WindowKind,
)

WINDOW_S = GHOST_TAP_MS / 1000


def kept(events: list[tuple[float, GameEvent]], window_s: float = WINDOW_S) -> list[GameEvent]:
    f = GhostFilter(window_s, reach_px=40)
    return [e for t, e in events if f.keep(e, t)]


def tap(t: float, x: float, pointer: int) -> list[tuple[float, GameEvent]]:
    return [(t, PointerDown(x, 100, pointer, first=True)), (t + 0.001, PointerUp(x, 100, pointer))]


def test_a_finger_tap_sent_twice_counts_once() -> None:
    events = [*tap(1.0, 100, 1), *tap(1.002, 102, 2)]
    assert kept(events) == [e for _, e in events[:2]]


def test_a_finger_and_the_mouse_event_made_of_it_count_once() -> None:
    # pygame-ce #1514: a Windows build gets the finger and an unmarked mouse event.
    events = [*tap(1.0, 100, 1), *tap(1.001, 100, 0)]
    assert kept(events) == [e for _, e in events[:2]]


def test_a_ghost_press_goes_with_its_moves_and_release() -> None:
    events: list[tuple[float, GameEvent]] = [
        (1.0, PointerDown(100, 100, 1, first=True)),
        (1.01, PointerDown(101, 100, 2)),  # a ghost finger beside a real one
        (1.02, PointerMove(140, 100, 2)),
        (1.03, PointerUp(140, 100, 2)),
        (1.04, PointerUp(100, 100, 1)),
    ]
    assert kept(events) == [events[0][1], events[4][1]]


def test_a_players_double_tap_and_taps_elsewhere_are_kept() -> None:
    double = [*tap(1.0, 100, 1), *tap(1.15, 100, 2)]  # a quick player: 150 ms
    assert kept(double) == [e for _, e in double]
    beside = [*tap(1.0, 100, 1), *tap(1.01, 300, 2)]  # another place
    assert kept(beside) == [e for _, e in beside]
    clicks = [*tap(1.0, 100, 0), *tap(1.01, 100, 0)]  # a mouse is never doubled
    assert kept(clicks) == [e for _, e in clicks]


def test_a_lost_release_leaves_no_spot_and_zero_keeps_all() -> None:
    events: list[tuple[float, GameEvent]] = [
        (1.0, PointerDown(100, 100, 1, first=True)),
        (1.01, WindowEvent(WindowKind.FOCUS_LOST)),
        *tap(1.02, 100, 2),
    ]
    assert kept(events) == [e for _, e in events]
    doubled = [*tap(1.0, 100, 1), *tap(1.002, 100, 2)]
    assert kept(doubled, window_s=0) == [e for _, e in doubled]
