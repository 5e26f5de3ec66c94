"""The kiosk on a real X server (Xvfb): what an X session can do to it.

Minimised by the window manager, it comes back by itself; its window closed or
killed from outside, or the X server killed, it writes why to ``crescent.log``
and exits 3 (the supervisor restarts it). Skipped without Xvfb and xdotool;
the minimise test also needs matchbox-window-manager.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from benchmarks.xwindow import X11, start_xvfb
from tests.kiosk.test_kiosk import PIN, ROOT, write_config

pytestmark = pytest.mark.skipif(
    shutil.which("Xvfb") is None or shutil.which("xdotool") is None,
    reason="needs Xvfb and xdotool (apt-get install -y xvfb xdotool)",
)


@dataclass
class Screen:
    display: str
    xvfb: subprocess.Popen[bytes]
    env: dict[str, str]
    data: Path
    game: subprocess.Popen[str] | None = None

    def xdo(self, *args: str) -> str:
        out = subprocess.run(
            ["xdotool", *args], env=self.env, capture_output=True, text=True, timeout=30
        )
        return out.stdout.strip()

    def start(self, config: Path) -> str:
        self.game = subprocess.Popen(
            [
                sys.executable,
                str(ROOT / "main.py"),
                "--config",
                str(config),
                "--data-dir",
                str(self.data),
                "--lang",
                "en",
            ],
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert self.xdo("search", "--sync", "--onlyvisible", "--class", "crescent")
        time.sleep(1.5)  # SDL may replace its first window when it goes full screen
        windows = self.xdo("search", "--onlyvisible", "--class", "crescent").split()
        assert len(windows) == 1, windows
        return windows[0]

    def log(self) -> str:
        path = self.data / "crescent.log"
        return path.read_text() if path.exists() else ""

    def map_state(self, window: str) -> str:
        out = subprocess.run(
            ["xwininfo", "-id", window], env=self.env, capture_output=True, text=True, timeout=30
        ).stdout
        return next((ln.split(":")[1].strip() for ln in out.splitlines() if "Map State" in ln), "")


@pytest.fixture
def screen(tmp_path: Path) -> Iterator[Screen]:
    xvfb, display = start_xvfb((1280, 800), tmp_path / "xvfb.log")
    env = {k: v for k, v in os.environ.items() if k != "CRESCENT_KIOSK_HEADLESS"}
    env.update(DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy")
    s = Screen(display, xvfb, env, tmp_path / "data")
    try:
        yield s
    finally:
        if s.game is not None and s.game.poll() is None:
            s.game.kill()
            s.game.wait()
        if xvfb.poll() is None:
            xvfb.terminate()
            xvfb.wait()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("how", "logged"),
    [
        ("windowclose", "the window was closed or destroyed"),
        ("windowkill", "the X display was lost"),
        ("xserver", "the X display was lost"),
    ],
)
def test_a_lost_window_or_display_is_logged_and_exits_3(
    screen: Screen, tmp_path: Path, how: str, logged: str
) -> None:
    window = screen.start(write_config(tmp_path, {"pin": PIN}))
    assert screen.game is not None
    if how == "xserver":
        screen.xvfb.terminate()  # the X server goes (and takes its lock file with it)
        screen.xvfb.wait()
    else:
        screen.xdo(how, window)
    assert screen.game.wait(timeout=30) == 3
    log = screen.log()
    assert logged in log
    assert "exit code 3" in log
    assert PIN not in log


@pytest.mark.slow
@pytest.mark.skipif(
    shutil.which("matchbox-window-manager") is None or shutil.which("xwininfo") is None,
    reason="needs matchbox-window-manager and xwininfo",
)
def test_a_minimised_kiosk_restores_itself(screen: Screen, tmp_path: Path) -> None:
    wm = subprocess.Popen(
        ["matchbox-window-manager", "-use_titlebar", "no"],
        env=screen.env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        time.sleep(0.5)
        window = screen.start(write_config(tmp_path, {"pin": PIN}))
        assert screen.map_state(window) == "IsViewable"
        for how in ("windowminimize", "windowunmap"):
            screen.xdo(how, window)
            time.sleep(0.1)
            end = time.monotonic() + 5
            while time.monotonic() < end and screen.map_state(window) != "IsViewable":
                time.sleep(0.2)
            assert screen.map_state(window) == "IsViewable", how  # back by itself
        assert screen.game is not None
        assert screen.game.poll() is None
        assert "restoring it" in screen.log()
    finally:
        wm.terminate()
        wm.wait()


@pytest.mark.slow
def test_a_kiosk_moved_or_resized_by_another_client_puts_itself_back(
    screen: Screen, tmp_path: Path
) -> None:
    window = screen.start(write_config(tmp_path, {"pin": PIN}))
    whole = screen.xdo("getwindowgeometry", window)
    assert "Position: 0,0" in whole
    assert "Geometry: 1280x800" in whole
    for how in (("windowmove", window, "100", "100"), ("windowsize", window, "600", "400")):
        screen.xdo(*how)
        end = time.monotonic() + 10
        while time.monotonic() < end and screen.xdo("getwindowgeometry", window) != whole:
            time.sleep(0.2)
        assert screen.xdo("getwindowgeometry", window) == whole, how  # back by itself
    assert screen.game is not None
    assert screen.game.poll() is None
    assert "the window was moved or resized: restoring it" in screen.log()


def _colours(display: str) -> int:
    """How many colours a sample of the screen's pixels has: the table has a hundred and
    more; a window that is not drawn shows one or two (black, the root's pattern)."""
    x = X11(display)
    try:
        data = x.grab((0, 0, 1280, 800))
    finally:
        x.close()
    return len({data[i : i + 4] for i in range(0, len(data), 4 * 997)})


def _parent(screen: Screen, window: str) -> str:
    out = subprocess.run(
        ["xwininfo", "-id", window, "-tree"],
        env=screen.env,
        capture_output=True,
        text=True,
        timeout=30,
    ).stdout
    return next(
        (ln.split(":")[1].split()[0] for ln in out.splitlines() if "Parent window" in ln), ""
    )


def _other_window(screen: Screen) -> tuple[subprocess.Popen[bytes], str]:
    """Another client's window (xmessage's), at 50, 50."""
    other = subprocess.Popen(
        ["xmessage", "-geometry", "300x200+50+50", "another client"],
        env=screen.env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return other, screen.xdo("search", "--sync", "--onlyvisible", "--class", "xmessage").split()[0]


@pytest.mark.slow
@pytest.mark.skipif(
    shutil.which("xwininfo") is None or shutil.which("xmessage") is None,
    reason="needs xwininfo and xmessage (apt-get install -y x11-utils)",
)
def test_the_kiosk_survives_every_window_operation_and_draws_again(
    screen: Screen, tmp_path: Path
) -> None:
    """Each thing another X client can do to the window (issue 43: an unmap crashed the
    kiosk 9 times in 10, a segfault drawing on the window's surface from before): the
    kiosk puts the window back, whole, and draws it again, and keeps running."""
    window = screen.start(write_config(tmp_path, {"pin": PIN}))
    game = screen.game
    assert game is not None
    whole = screen.xdo("getwindowgeometry", window)
    root = _parent(screen, window)
    assert _colours(screen.display) > 50  # drawn
    other, other_window = _other_window(screen)
    operations = [
        ("windowunmap", window),
        ("windowmap", window),
        ("windowminimize", window),
        ("windowsize", window, "600", "400"),
        ("windowmove", window, "100", "100"),
        ("windowreparent", window, other_window),
        ("windowunmap", window),
    ]
    try:
        for op in operations:
            screen.xdo(*op)
            if op[0] == "windowunmap":
                screen.xdo("windowmap", window)  # and another client maps it again at once
            end = time.monotonic() + 20
            back = False
            while not back and time.monotonic() < end and game.poll() is None:
                back = (
                    screen.map_state(window) == "IsViewable"
                    and screen.xdo("getwindowgeometry", window) == whole
                    and _parent(screen, window) == root
                    and _colours(screen.display) > 50
                )
                time.sleep(0.2)
            assert game.poll() is None, (op, game.communicate()[1][-3000:])
            assert back, op
    finally:
        other.kill()
        other.wait()
    assert game.poll() is None  # the other client's window went: the kiosk stays
    assert _colours(screen.display) > 50
    game.terminate()
    assert game.wait(timeout=30) == 143
    assert "the window was put inside another window: taken back" in screen.log()
    assert "ended abnormally" not in screen.log()
    assert not (screen.data / "crescent-crash.log").exists()
