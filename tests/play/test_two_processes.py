"""Two processes of the game on one data folder: the second refuses to start (one line,
exit code 2, nothing written) or runs after the first; no game is ever lost."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from crescent.play.storage import Store

ROOT = Path(__file__).resolve().parents[2]
RACES = 50
CODE = "CR1-N-AAAAAAB"


def _start(folder: Path) -> subprocess.Popen[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    args = ["--data-dir", str(folder), "--code", CODE, "--play", "P1-P11", "--frames", "1"]
    return subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.slow
def test_two_processes_racing_on_one_folder_never_lose_a_game(tmp_path: Path) -> None:
    """Each run that starts leaves the game before it (one move played) for its own deal:
    after ``n`` runs that started, ``n - 1`` games are counted and one is in progress."""
    folder = tmp_path / "data"
    ran = refused = 0
    for _ in range(RACES):
        pair = [_start(folder), _start(folder)]
        for child in pair:
            _, err = child.communicate(timeout=120)
            if child.returncode == 2:
                refused += 1
                assert err.count("\n") == 1, err
                assert "another Crescent is using the data folder" in err
            else:
                assert child.returncode == 0, err
                ran += 1
        store = Store(folder)
        played = store.load_stats().get("N").played
        saved = store.load_game()
        store.close()
        assert played == ran - 1
        assert saved is not None
        assert (saved.game.code, saved.game.moves) == (CODE, 1)
    print(f"races: {RACES}, runs: {ran}, refused: {refused}")
    assert refused > 0  # the race was real: some second starts met the first
