"""The desktop game in a real X window under Xvfb, driven with xdotool like a player.

Skipped when Xvfb, xdotool, xprop or ImageMagick's ``import`` are missing
(``apt-get install -y xvfb xdotool x11-utils imagemagick``); ``CRESCENT_SHOTS=DIR``
keeps the screenshots for a person to look at.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from benchmarks.xwindow import start_xvfb
from crescent.control.layout import canvas_size, compute_layout
from crescent.play.database import DB_FILE
from crescent.play.storage import Store
from crescent.rules.engine import Game
from crescent.rules.modes import HudItem
from crescent.ui.table import HUD_ITEMS
from crescent.ui.window import MIN_SIZE
from tests.helpers_crashsave import saved_dict

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ("Xvfb", "xdotool", "import", "xprop")
MISSING = [t for t in TOOLS if shutil.which(t) is None]
W, H = 1280, 800
CODE = "CR1-N-AAAAAAB"

pytestmark = pytest.mark.skipif(
    bool(MISSING),
    reason=f"needs {', '.join(MISSING)}: apt-get install -y xvfb xdotool x11-utils imagemagick",
)


class Desktop:
    def __init__(self, tmp_path: Path) -> None:
        self.data = tmp_path / "data"
        self.tmp = tmp_path
        self.xvfb_log = tmp_path / "xvfb.log"
        self.xvfb, self.display = start_xvfb((W, H), self.xvfb_log)
        self.env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
        self.env.update(DISPLAY=self.display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy")
        self.game: subprocess.Popen[str] | None = None
        self.window = ""

    def start(self, *args: str) -> None:
        command = [sys.executable, str(ROOT / "main.py"), "--size", f"{W}x{H}"]
        command += ["--data-dir", str(self.data), "--lang", "en"]
        self.game = subprocess.Popen(
            [*command, *args],
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert self.xdo("search", "--sync", "--onlyvisible", "--class", "crescent")
        # Playing: its game is saved (a loaded machine may take seconds to get there). What
        # is clicked before the first frame waits in the X queue, in order.
        self.wait_for_moves(0)
        self.window = self.xdo("search", "--onlyvisible", "--class", "crescent").split()[0]

    def xdo(self, *args: str) -> str:
        out = subprocess.run(
            ["xdotool", *args], env=self.env, capture_output=True, text=True, timeout=30
        )
        return out.stdout.strip()

    def xprop(self, name: str) -> str:
        """The window's X property ``name``, as xprop prints it."""
        out = subprocess.run(
            ["xprop", "-display", self.display, "-id", self.window, name],
            capture_output=True,
            text=True,
            timeout=30,
        )
        return out.stdout

    def click(self, x: int, y: int) -> None:
        self.xdo("mousemove", "--window", self.window, str(x), str(y), "click", "1")

    def wait_for_moves(self, moves: int, timeout_s: float = 60.0) -> None:
        """Until the saved game has ``moves`` moves (the game saves each move it takes):
        what was clicked or typed before has been handled. The timeout only stops a hung
        test."""
        end = time.monotonic() + timeout_s
        while time.monotonic() < end:
            store = Store(self.data, read_only=True)
            try:
                saved = store.load_game() if (self.data / DB_FILE).exists() else None
            finally:
                store.close()
            if saved is not None and saved.game.code == CODE and saved.game.moves == moves:
                return
            time.sleep(0.1)
        raise AssertionError(f"the game never showed {moves} moves; {self.what_went()}")

    def shot(self, name: str) -> Path:
        path = self.tmp / name
        grab = subprocess.run(
            ["import", "-display", self.display, "-window", "root", str(path)],
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert grab.returncode == 0, f"{grab.stderr.strip()}; {self.what_went()}"
        keep = os.environ.get("CRESCENT_SHOTS")
        if keep:
            Path(keep).mkdir(parents=True, exist_ok=True)
            shutil.copy(path, Path(keep) / name)
        return path

    def what_went(self) -> str:
        """The X server's and the game's state, for a failure's message."""
        server = self.xvfb.poll()
        said = self.xvfb_log.read_text(errors="replace")[-1500:]
        game = None if self.game is None else self.game.poll()
        log = self.data / "crescent.log"
        tail = log.read_text(errors="replace")[-1500:] if log.exists() else ""
        return f"Xvfb exit {server} said {said!r}; game exit {game}, its log: {tail!r}"

    def stop(self) -> int:
        assert self.game is not None
        self.game.terminate()  # SIGTERM: the game saves, then exits 143
        code = self.game.wait(timeout=30)
        self.game = None
        return code

    def saved(self) -> dict[str, object]:
        position = saved_dict(self.data)["game"]
        assert isinstance(position, dict)
        return position

    def close(self) -> None:
        if self.game is not None:
            self.game.kill()
            self.game.wait()
        # SIGTERM: Xvfb removes its lock file and socket (killed, it leaves them and the
        # display number stays taken for every later run).
        self.xvfb.terminate()
        self.xvfb.wait()


@pytest.fixture
def desktop(tmp_path: Path) -> Iterator[Desktop]:
    d = Desktop(tmp_path)
    yield d
    d.close()


@pytest.mark.slow
def test_clicks_drags_and_keys_in_a_real_window(desktop: Desktop) -> None:
    layout = compute_layout(W, H, hud_items=len(HUD_ITEMS))
    expected = Game.from_code(CODE)
    desktop.start("--code", CODE)
    desktop.shot("desktop-start.png")
    # A click on P1: its 5H has exactly one destination (P11), so it goes there.
    desktop.click(*layout.slots[0].center)
    desktop.wait_for_moves(1)
    expected.play_text("P1-P11")
    # A drag of P2's QD anywhere into the foundation area: onto the descending diamonds.
    x, y = layout.slots[1].center
    fx, fy = layout.foundation_area.center
    desktop.xdo("mousemove", "--window", desktop.window, str(x), str(y), "mousedown", "1")
    for step in range(1, 6):
        px = x + (fx - x) * step // 5
        py = y + (fy - y) * step // 5
        desktop.xdo("mousemove", "--window", desktop.window, str(px), str(py))
        time.sleep(0.05)
    desktop.xdo("mouseup", "1")
    desktop.wait_for_moves(2)
    expected.play_text("P2-F7")
    desktop.shot("desktop-after-moves.png")
    # The keyboard: U undoes the drag's move.
    desktop.xdo("key", "--window", desktop.window, "u")
    desktop.wait_for_moves(1)
    expected.undo()
    assert desktop.stop() == 143  # SIGTERM: saved, then the conventional 143
    saved = desktop.saved()
    want = expected.to_dict()
    assert saved["piles"] == want["piles"]
    assert saved["foundations"] == want["foundations"]
    assert saved["moves"] == 1


@pytest.mark.slow
def test_escape_and_closing_in_a_real_window(desktop: Desktop) -> None:
    desktop.start("--code", CODE)
    desktop.xdo("key", "--window", desktop.window, "Escape")
    # A click after it: once its move is saved, the Escape before it was handled too.
    layout = compute_layout(W, H, hud_items=len(HUD_ITEMS))
    desktop.click(*layout.slots[0].center)
    desktop.wait_for_moves(1)
    assert desktop.game is not None
    assert desktop.game.poll() is None
    assert desktop.stop() == 143  # SIGTERM: saved, then the conventional 143


@pytest.mark.slow
def test_a_window_made_smaller_than_its_minimum_keeps_every_control(desktop: Desktop) -> None:
    """Issue 46 item 3: the window asks for a minimum size; a window manager that makes it
    smaller anyway (xdotool here: Xvfb has none) gets the table scaled down to it, and a
    click where a card shows plays it, one where Undo shows undoes it."""
    desktop.start("--code", CODE)
    hints = desktop.xprop("WM_NORMAL_HINTS")
    assert f"minimum size: {MIN_SIZE[0]} by {MIN_SIZE[1]}" in hints, hints
    small = (500, 350)
    desktop.xdo("windowsize", "--sync", desktop.window, *map(str, small))
    canvas = canvas_size(small, MIN_SIZE)
    layout = compute_layout(*canvas, hud_items=len(HUD_ITEMS))

    def seen(x: int, y: int) -> tuple[int, int]:
        return (x * small[0] // canvas[0], y * small[1] // canvas[1])

    # P1's 5H has exactly one destination (P11): a click where it shows plays it.
    desktop.click(*seen(*layout.slots[0].center))
    desktop.wait_for_moves(1)
    desktop.shot("desktop-500x350.png")
    desktop.click(*seen(*layout.hud_cells[HUD_ITEMS.index(HudItem.UNDO)].center))
    desktop.wait_for_moves(0)
