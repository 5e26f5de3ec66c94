"""The one-file build's game ends with its launcher (issue 43: a launcher killed with
``kill -9`` left the game running as an orphan, holding the data folder's lock).

Nothing is built: a launcher is simulated by a process that starts the game and is
then killed; this test's helper makes itself the orphans' reaper
(``PR_SET_CHILD_SUBREAPER``) so it can wait for the game."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from crescent import lifeline

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux only")

# The game as the one-file build runs it: frozen, unpacked in a temporary folder.
_FROZEN_GAME = (
    "import os, sys; sys.frozen = True; sys._MEIPASS = os.environ['FAKE_MEIPASS'];"
    "from crescent.__main__ import main; sys.exit(main())"
)

# The helper: reaps orphans, starts a launcher that starts the game (a kiosk, which tells
# NOTIFY_SOCKET once its first frame is drawn), kills the launcher with SIGKILL, then
# waits for the game and prints how it ended.
_HELPER = r"""
import ctypes, os, signal, socket, subprocess, sys
from pathlib import Path
ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
game, data = sys.argv[1], Path(sys.argv[2])
ready = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
ready.bind(str(data.parent / "notify"))
os.environ["NOTIFY_SOCKET"] = str(data.parent / "notify")
starts = "import subprocess, sys; p = subprocess.Popen(sys.argv[1:]); print(p.pid); p.wait()"
launcher = subprocess.Popen(
    [sys.executable, "-u", "-c", starts,
     sys.executable, "-c", game, "--data-dir", str(data), "--size", "800x600", "--kiosk"],
    stdout=subprocess.PIPE, text=True)
pid = int(launcher.stdout.readline())
ready.settimeout(60)
assert ready.recv(4096).startswith(b"READY=1")  # the first frame: the loop runs
launcher.kill(); launcher.wait()
def still_running(*_):  # the game did not end with its launcher: ended here
    print("still running", flush=True)
    os.kill(pid, signal.SIGKILL)

signal.signal(signal.SIGALRM, still_running)
signal.alarm(60)
_, status = os.waitpid(pid, 0)
print("exit", os.waitstatus_to_exitcode(status), flush=True)
"""


@pytest.mark.slow
def test_the_one_file_game_ends_saved_when_its_launcher_is_killed(tmp_path: Path) -> None:
    data = tmp_path / "data"
    unpacked = tmp_path / "_MEIabc123"  # where the launcher unpacked the game
    (unpacked / "crescent").mkdir(parents=True)
    (unpacked / "crescent" / "assets.bin").write_bytes(b"\0" * 1000)
    env = {
        "FAKE_MEIPASS": str(unpacked),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "CRESCENT_KIOSK_HEADLESS": "1",
        "PATH": "/usr/bin:/bin",
    }
    out = subprocess.run(
        [sys.executable, "-c", _HELPER, _FROZEN_GAME, str(data)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "exit 143" in out.stdout, (out.stdout, out.stderr)  # SIGTERM: saved, then out
    assert "SIGTERM: the game is saved" in (data / "crescent.log").read_text()
    assert not unpacked.exists()  # what the killed launcher could not remove


def test_only_the_one_file_build_is_told(monkeypatch: pytest.MonkeyPatch) -> None:
    assert not lifeline.one_file_build()  # from the sources
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", "/tmp/_MEIabc123", raising=False)
    assert lifeline.one_file_build()
    # The one-folder build keeps its files beside the executable (in _internal/).
    monkeypatch.setattr(sys, "executable", "/opt/crescent/crescent")
    monkeypatch.setattr(sys, "_MEIPASS", "/opt/crescent/_internal")
    assert not lifeline.one_file_build()
    monkeypatch.setattr(sys, "_MEIPASS", "/opt/crescent")
    assert not lifeline.one_file_build()


def test_the_unpacked_folder_is_removed_only_when_the_launcher_is_gone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    unpacked, other = tmp_path / "_MEIxyz", tmp_path / "mine"
    unpacked.mkdir()
    other.mkdir()
    monkeypatch.setattr(sys, "_MEIPASS", str(unpacked), raising=False)
    lifeline._remove_unpacked_if_orphaned(os.getppid())  # the launcher is there: its job
    assert unpacked.exists()
    monkeypatch.setattr(sys, "_MEIPASS", str(other))
    lifeline._remove_unpacked_if_orphaned(-1)  # not PyInstaller's folder: never removed
    assert other.exists()
    monkeypatch.setattr(sys, "_MEIPASS", str(unpacked))
    lifeline._remove_unpacked_if_orphaned(-1)
    assert not unpacked.exists()
