"""The children the frames benchmark times (``python -m crescent.bench frames``): the
game's first frame and a bare pygame window's, each in a fresh process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENV = dict(
    os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1"
)


def _child(*args: str) -> dict[str, object]:
    start = time.time()
    r = subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, env=ENV, capture_output=True, text=True
    )
    assert r.returncode == 0, r.stderr
    report: dict[str, object] = json.loads(r.stdout.strip().splitlines()[-1])
    wall = report["wall"]
    assert isinstance(wall, float) and start < wall < time.time()
    return report


def test_the_game_s_first_frame_is_timed_at_the_first_display_update(tmp_path: Path) -> None:
    report = _child("benchmarks.first_frame", str(tmp_path / "data"), "640x480", "CR1-N-AAAAAAB")
    assert 0 < float(report["from_main"]) < float(report["wall"])  # type: ignore[arg-type]
    modules = report["modules"]
    assert isinstance(modules, list) and "crescent.ui.app" in modules
    assert "crescent.solver.search" not in modules


def test_a_bare_pygame_window_is_timed_the_same_way() -> None:
    report = _child("benchmarks.bare_window", "320x200")
    assert float(report["cpu"]) > 0  # type: ignore[arg-type]
