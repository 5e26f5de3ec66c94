"""The command line, run as the player runs it: ``python main.py [options]``.

Bad options or values print exactly one line on stderr and exit with code 2,
never a traceback; good ones run the game (headless here) and exit 0.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from crescent.__main__ import EXIT_USAGE, parse_args
from crescent.play.storage import Store

ROOT = Path(__file__).resolve().parent.parent


def run(
    args: list[str], data_dir: Path, *, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args, "--data-dir", str(data_dir)],
        cwd=data_dir,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


BAD = [
    (["--size", "12"], "--size"),
    (["--size", "100x100"], "--size"),
    (["--size", "1280x"], "--size"),
    (["--size"], "--size"),
    (["--frames", "0"], "--frames"),
    (["--frames", "x"], "--frames"),
    (["--frames", "-3"], "--frames"),
    (["--variant", "X"], "--variant"),
    (["--lang", "xx"], "--lang"),
    (["--code", "CR2-N-AAAAAAB"], "CR2"),
    (["--code", "CR1-N-AAAAAA"], "--code"),
    (["--code", "CR1-N-AAAAAAB", "--variant", "N"], "--variant"),
    (["--dpi", "nan"], "--dpi"),
    (["--bogus"], "--bogus"),
    (["extra"], "extra"),
]


@pytest.mark.parametrize(("args", "mentions"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_a_bad_option_prints_one_line_and_exits_2(
    args: list[str], mentions: str, tmp_path: Path
) -> None:
    r = run(args, tmp_path)
    assert r.returncode == EXIT_USAGE
    lines = r.stderr.splitlines()
    assert len(lines) == 1, r.stderr
    assert lines[0].startswith("crescent: ")
    assert mentions in lines[0]
    assert "Traceback" not in r.stderr + r.stdout
    assert not (tmp_path / "game.json").exists()  # nothing was started


def test_play_with_an_illegal_move_stops_with_the_reason(tmp_path: Path) -> None:
    # P1-P11 is legal in this deal; P1-P2 then is not (2H onto a club).
    r = run(["--code", "CR1-N-AAAAAAB", "--play", "P1-P11 P1-P2", "--frames", "2"], tmp_path)
    assert r.returncode == EXIT_USAGE
    [line] = r.stderr.splitlines()
    assert "step 2" in line and "P1-P2" in line and "WRONG_SUIT" in line


def test_play_with_a_redeal_too_many_says_no_redeals_left(tmp_path: Path) -> None:
    r = run(["--code", "CR1-N-AAAAAAB", "--play", "R R R R", "--frames", "2"], tmp_path)
    assert r.returncode == EXIT_USAGE
    [line] = r.stderr.splitlines()
    assert "step 4" in line and "NO_REDEALS_LEFT" in line


def test_play_with_text_that_is_not_a_move_says_what_is_wrong(tmp_path: Path) -> None:
    r = run(["--code", "CR1-N-AAAAAAB", "--play", "P1-P11 P99-F1", "--frames", "2"], tmp_path)
    assert r.returncode == EXIT_USAGE
    [line] = r.stderr.splitlines()
    assert "step 2" in line and "P99" in line
    assert "Traceback" not in r.stderr


def test_frames_runs_the_window_and_exits_0(tmp_path: Path) -> None:
    r = run(["--code", "CR1-N-AAAAAAB", "--frames", "30"], tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    saved = Store(tmp_path).load_game()
    assert saved is not None and saved.game.code == "CR1-N-AAAAAAB"


def test_play_then_frames_saves_the_position_played(tmp_path: Path) -> None:
    r = run(
        ["--code", "cr1-n-aaaaaab ", "--play", "P1-P11 R", "--frames", "2", "--lang", "fr"],
        tmp_path,
    )
    assert r.returncode == 0, r.stderr
    saved = Store(tmp_path).load_game()
    assert saved is not None
    assert saved.game.code == "CR1-N-AAAAAAB"
    assert saved.game.moves == 1 and saved.game.redeals_left == 2


def test_help_exits_0_and_lists_the_options(tmp_path: Path) -> None:
    r = run(["--help"], tmp_path)
    assert r.returncode == 0
    assert r.stderr == ""
    for option in ("--code", "--size", "--play", "--screenshot", "--frames", "--data-dir"):
        assert option in r.stdout


def test_parse_args_builds_one_config() -> None:
    config = parse_args(["--size", "1024X768", "--frames", "5", "--play", "P1-P11  R", "--new"])
    assert config.size == (1024, 768)
    assert config.frames == 5
    assert config.play == ["P1-P11", "R"]
    assert config.new and config.code is None
