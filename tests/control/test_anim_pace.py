"""The animations' pace (issue 46 item 13), on a simulated clock: each speed's flight
lasts its share of the flight's time; with none, it lands at the next step and its place
is marked for MARK_S seconds."""

from __future__ import annotations

import pytest

from crescent.control.anim import MARK_S, MOVE_S, PACES, Animations, Flight

STEP = 1 / 60


def flight(delay: float = 0.0) -> Flight:
    return Flight(7, (0.0, 0.0), (100.0, 0.0), dst=10, duration=MOVE_S, delay=delay)


@pytest.mark.parametrize("speed", list(PACES))
def test_a_flight_lasts_its_share_of_its_time(speed: str) -> None:
    anims = Animations(lambda: PACES[speed])
    anims.add(flight(delay=0.05))
    took = 0.0
    while anims.busy:
        anims.update(STEP)
        took += STEP
    want = (0.05 + MOVE_S) * PACES[speed]
    assert want - 1e-9 <= took <= want + STEP + 1e-9
    assert (anims.marked == {10}) is (speed == "none")


def test_with_none_the_place_stays_marked_for_mark_s() -> None:
    anims = Animations(lambda: 0.0)
    anims.add(flight())
    assert anims.marked == {10}
    assert anims.update(STEP)  # landed at the first step
    left = MARK_S - STEP
    while left > STEP:
        assert anims.marked == {10}
        anims.update(STEP)
        left -= STEP
    anims.update(STEP)
    assert anims.marked == frozenset()
