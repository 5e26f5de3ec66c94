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
    assert isinstance(wall, float)
    assert start < wall < time.time()
    return report


def test_the_game_s_first_frame_is_timed_at_the_first_display_update(tmp_path: Path) -> None:
    report = _child("benchmarks.first_frame", str(tmp_path / "data"), "640x480", "CR1-N-AAAAAAB")
    assert 0 < float(report["from_main"]) < float(report["wall"])  # type: ignore[arg-type]
    modules = report["modules"]
    assert isinstance(modules, list)
    assert "crescent.ui.app" in modules


def test_a_bare_pygame_window_is_timed_the_same_way() -> None:
    report = _child("benchmarks.bare_window", "320x200")
    assert float(report["cpu"]) > 0  # type: ignore[arg-type]


def test_the_idle_cpu_of_a_game_process_is_read_to_the_nanosecond() -> None:
    """The real-window benchmark's idle figure: another process's CPU time, from its
    CPU-time clock, not in the kernel's 10 ms ticks (one tick in a 30 s window is 0.03 %)."""
    from benchmarks.xwindow import _cpu_s

    burn = "import time\nend = time.process_time() + 0.05\nwhile time.process_time() < end: pass\n"
    said = "import sys; print('burnt', flush=True); sys.stdin.read()"
    child = subprocess.Popen(
        [sys.executable, "-c", burn + said],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline() == "burnt\n"  # its 0.05 s of CPU are spent
        used = _cpu_s(child.pid)
        with open(f"/proc/{child.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        ticks = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        assert 0.05 <= used < 5
        assert abs(used - ticks) <= 0.021  # the same time, finer (two fields, each cut to a tick)
        assert used * 1000 % 10 != 0  # not a whole number of ticks
    finally:
        child.communicate("")
