"""The kiosk soak (tests/helpers_soak.py): hours of idle / attract / play cycles on a
simulated clock, in a process of its own so that its memory figures are the kiosk's.
``CRESCENT_SOAK_HOURS`` sets the length (default 8)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

SOAK = Path(__file__).resolve().parents[1] / "helpers_soak.py"


@pytest.mark.slow
def test_kiosk_soak_hours_of_idle_attract_and_play(tmp_path: Path) -> None:
    """Run in a fresh process, so that its resident size is the kiosk's own (not the
    test runner's, nor what earlier tests left)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    r = subprocess.run(
        [sys.executable, str(SOAK), str(tmp_path)],
        cwd=Path(__file__).resolve().parents[2],
        env=env,
        capture_output=True,
        text=True,
        timeout=3600,
    )
    print(r.stdout)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-4000:]
