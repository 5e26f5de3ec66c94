"""A search's budget counted in positions, not seconds: the same result on a quiet or a
busy machine.

:func:`positions_clock` is a simulated clock for ``solve(..., clock=...)``: the search
looks at its clock once every :data:`~crescent.solver.budget.CHECK_EVERY` positions, and
each look moves this clock on by the time a machine searching :data:`PER_SECOND`
positions a second would have spent on them. A budget of ``budget_s`` seconds is then
``budget_s * PER_SECOND`` positions, wherever the test runs.

The fixture :func:`searches_in_positions` gives every hint search (the hint worker's
thread, the rewind search) such a clock, so tests that read a hint get the one a quiet
machine gives.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from typing import Any

import pytest

from crescent.solver import hints
from crescent.solver.budget import CHECK_EVERY

PER_SECOND = 25_000
"""Positions a second: the pure search's pace on a quiet machine (docs/SOLVER.md)."""


def positions_clock(per_second: int = PER_SECOND) -> Callable[[], float]:
    """A clock that advances ``CHECK_EVERY / per_second`` seconds at each look."""
    looks = itertools.count()
    step = CHECK_EVERY / per_second
    return lambda: next(looks) * step


@pytest.fixture
def searches_in_positions(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every search the hint module starts runs on its own :func:`positions_clock`."""
    real = hints.solve  # type: ignore[attr-defined]  # the name the hint module calls

    @functools.wraps(real)
    def counted(*args: Any, **kwargs: Any) -> Any:
        kwargs.setdefault("clock", positions_clock())
        return real(*args, **kwargs)

    monkeypatch.setattr(hints, "solve", counted)
