"""The first-tap benchmark's child (``python -m crescent.bench first-tap``): one game
process that pauses, taps and times it, with the mixer closed by the pause."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks import first_tap

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_a_run_closes_the_mixer_in_the_pause_and_times_every_figure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    run = first_tap.one_run(ROOT, 0.0)  # (raises if the mixer did not close)
    assert run["closed"] is True
    for name in first_tap.FIGURES:
        assert run[name] > 0, name
