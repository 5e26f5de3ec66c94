"""The kiosk's slow pixel shift (burn-in care): a pure function of the time it has run."""

from __future__ import annotations

import itertools

import pytest

from crescent.kiosk.burnin import SHIFT_PX, SHIFT_STEP_S, shift_at, shift_path, shift_period_s

PERIOD = shift_period_s()
SAMPLES = [i * SHIFT_STEP_S / 4 for i in range(round(2 * PERIOD / SHIFT_STEP_S) * 4)]
"""Four times a step, over two periods."""


def test_the_shift_never_goes_further_than_its_reach() -> None:
    offsets = {shift_at(t) for t in SAMPLES}
    assert max(max(abs(dx), abs(dy)) for dx, dy in offsets) == SHIFT_PX


@pytest.mark.parametrize("reach", [1, 2, 3, 5])
def test_the_path_goes_through_every_offset_within_its_reach(reach: int) -> None:
    side = range(-reach, reach + 1)
    assert set(shift_path(reach)) == set(itertools.product(side, side))


@pytest.mark.parametrize("reach", [1, 2, 3, 5])
def test_every_step_moves_one_pixel_the_last_back_to_the_first(reach: int) -> None:
    path = shift_path(reach)
    steps = itertools.pairwise((*path, path[0]))
    assert {abs(a[0] - b[0]) + abs(a[1] - b[1]) for a, b in steps} == {1}


def test_each_offset_is_held_evenly_over_a_period() -> None:
    """Twice a period each, the two corners where the path turns once: no edge lights one
    pixel much longer than its neighbours."""
    path = shift_path()
    counts = {offset: path.count(offset) for offset in path}
    assert sorted(counts.values()) == [1, 1] + [2] * ((2 * SHIFT_PX + 1) ** 2 - 2)


def test_the_shift_holds_for_a_step_then_moves() -> None:
    held = {shift_at(t) for t in (0.0, 1.0, SHIFT_STEP_S - 0.001)}
    assert held == {(0, 0)}
    assert shift_at(SHIFT_STEP_S) != (0, 0)


def test_the_shift_starts_at_the_true_place_and_comes_back_each_period() -> None:
    assert shift_at(0.0) == (0, 0)
    assert [shift_at(t + PERIOD) for t in SAMPLES] == [shift_at(t) for t in SAMPLES]


def test_the_period_is_hours() -> None:
    assert 2 * 3600 <= PERIOD <= 6 * 3600


def test_the_same_time_gives_the_same_shift_whatever_was_asked_before() -> None:
    forwards = [shift_at(t) for t in SAMPLES]
    backwards = [shift_at(t) for t in reversed(SAMPLES)]
    assert forwards == backwards[::-1]


@pytest.mark.parametrize(
    ("elapsed", "reach", "step"), [(-1.0, 3, 150.0), (600.0, 0, 150.0), (600.0, 3, 0.0)]
)
def test_no_shift_for_a_negative_time_or_a_zero_reach_or_step(
    elapsed: float, reach: int, step: float
) -> None:
    assert shift_at(elapsed, reach, step) == (0, 0)
