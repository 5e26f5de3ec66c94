"""The sound thread against pygame's quit, in processes of their own: a crash in pygame's
mixer (a use from two threads, a sound ending while the mixer closes) fails the test
instead of killing the worker that runs it (tests/ui/sound_stress.py does the cycles).

The design before (one sound thread per app, two of them closing and playing the one
mixer at once) aborted within 4-10 cycles of this script, every seed tried; this one
less its quit function (``no-hook``: pygame.quit() closes the mixer while the thread
plays) crashed in its second cycle. Less its stop before each close (``no-stop``) it
passed 900 cycles: the sound that ends while the mixer closes is a window of
microseconds (pygame waits for SDL's audio lock with the interpreter's held), the stop
closes it all the same."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().with_name("sound_stress.py")


def stress(cycles: int, seed: int) -> None:
    env = {**os.environ, "SDL_AUDIODRIVER": "dummy", "SDL_VIDEODRIVER": "dummy"}
    r = subprocess.run(
        [sys.executable, str(SCRIPT), str(cycles), str(seed)],
        env=env,
        capture_output=True,
        text=True,
        timeout=900,  # only a hang (a deadlock in the mixer) reaches it
    )
    last = r.stderr.strip().splitlines()[-3:]
    assert r.returncode == 0, f"exit {r.returncode} after cycle {last}"
    assert r.stdout.strip() == "ok"


def test_sounds_stops_closes_and_quits_at_random_instants_do_not_crash() -> None:
    stress(20, 1)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [2, 3])
def test_hundreds_of_cycles_of_sounds_stops_closes_and_quits_do_not_crash(seed: int) -> None:
    stress(300, seed)
