"""Every test runs headless: no window, no sound device."""

import os
from collections.abc import Iterator

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Kiosk mode refuses SDL's dummy driver (a real kiosk needs a display); the tests ask for it.
os.environ["CRESCENT_KIOSK_HEADLESS"] = "1"


@pytest.fixture(autouse=True)
def _solver_memory_budget() -> Iterator[None]:
    """A kiosk test lowers the solver's process-wide memory budget: put it back after."""
    from crescent.solver import search

    budget = search.memory_budget
    yield
    search.memory_budget = budget
