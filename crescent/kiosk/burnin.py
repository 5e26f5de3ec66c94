"""Burn-in care: the kiosk's slow pixel shift (pure: no pygame, no clock of its own).

A screen that shows the same picture for months keeps a ghost of it (an LCD's image
retention, an OLED's or a plasma's burn-in): the HUD's band and titles, the places'
labels, the frames of empty places. The kiosk moves its whole table, HUD included, by a
few pixels: one pixel at a time, every :data:`SHIFT_STEP_S`, over every offset within
:data:`SHIFT_PX` of the true place, so that over a period each edge is spread evenly over
a band 7 pixels wide instead of always lighting the same pixels.

:func:`shift_at` is a pure function of the time the kiosk has run: the same time gives
the same offset, on any kiosk. It starts at the true place (0, 0).
"""

from __future__ import annotations

from typing import Final

__all__ = ["SHIFT_PX", "SHIFT_STEP_S", "shift_at", "shift_path", "shift_period_s"]

SHIFT_PX: Final = 3
"""The table is never more than this many pixels from its place, either way, on either
axis (the layout keeps at least this much between every control and the window's edge)."""
SHIFT_STEP_S: Final = 150.0
"""Each offset is held this long; the next is one pixel away."""


def shift_path(reach: int = SHIFT_PX) -> tuple[tuple[int, int], ...]:
    """The offsets of one period, in order: there row by row (a snake from the top left to
    the bottom right), back column by column (a snake from the bottom right to the top
    left). Every step moves one pixel, the last one back to the first offset included;
    each offset comes twice a period, the two corners where the path turns once."""
    side = range(-reach, reach + 1)
    there = [
        (x, y) for row, y in enumerate(side) for x in (side if row % 2 == 0 else reversed(side))
    ]
    back = [
        (x, y)
        for column, x in enumerate(reversed(side))
        for y in (reversed(side) if column % 2 == 0 else side)
    ]
    # ``back`` starts where ``there`` ends and ends where it starts (an odd number of rows
    # and of columns): each is left out once.
    return (*there, *back[1:-1])


def shift_period_s(reach: int = SHIFT_PX, step_s: float = SHIFT_STEP_S) -> float:
    """How long the shift takes to come back to where it started."""
    return len(shift_path(reach)) * step_s


def shift_at(
    elapsed_s: float, reach: int = SHIFT_PX, step_s: float = SHIFT_STEP_S
) -> tuple[int, int]:
    """The table's offset (dx, dy) in pixels after ``elapsed_s`` seconds of the kiosk's
    run: within ``reach`` of (0, 0) either way, one pixel from the offset before it, held
    ``step_s`` seconds; (0, 0) at the start, and for a negative time or a reach of 0."""
    if reach <= 0 or elapsed_s < 0 or step_s <= 0:
        return (0, 0)
    path = shift_path(reach)
    start = path.index((0, 0))  # a kiosk starts at the true place
    return path[(int(elapsed_s // step_s) + start) % len(path)]
