"""The kiosk's keep-alives: READY after the first frame, WATCHDOG from the loop, the
heartbeat file of the restart loop, and none of them once the loop is stopped."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from crescent.kiosk.watchdog import HEARTBEAT_S, Watchdog

ROOT = Path(__file__).resolve().parents[2]
LOOP = ROOT / "deploy" / "crescent-kiosk-loop"


@pytest.fixture
def notify_socket(tmp_path: Path) -> Iterator[tuple[socket.socket, str]]:
    path = str(tmp_path / "notify")
    s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    s.bind(path)
    s.settimeout(0.05)
    yield s, path
    s.close()


def received(s: socket.socket) -> list[str]:
    out: list[str] = []
    while True:
        try:
            out.append(s.recv(4096).decode())
        except TimeoutError:
            return out


def test_ready_then_a_keep_alive_each_half_interval(
    notify_socket: tuple[socket.socket, str], tmp_path: Path
) -> None:
    s, path = notify_socket
    beat = tmp_path / "beat"
    dog = Watchdog.from_env(
        {"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "2000000", "CRESCENT_HEARTBEAT": str(beat)}
    )
    assert dog.every_s == 1.0
    dog.ready(10.0)
    assert received(s) == ["READY=1"]
    assert beat.exists()
    for t in (10.2, 10.5, 10.99, 11.0, 11.5, 12.1):
        dog.alive(t)
    assert received(s) == ["WATCHDOG=1", "WATCHDOG=1"]  # at 11.0 and 12.1
    assert dog.due() == pytest.approx(13.1)


def test_an_abstract_socket_and_no_supervisor(tmp_path: Path) -> None:
    s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    name = f"crescent-test-{os.getpid()}"
    s.bind("\0" + name)
    s.settimeout(0.05)
    try:
        Watchdog.from_env({"NOTIFY_SOCKET": "@" + name}).ready(0.0)
        assert received(s) == ["READY=1"]
    finally:
        s.close()
    quiet = Watchdog.from_env({})
    assert not quiet.active
    assert quiet.due() is None
    quiet.ready(0.0)  # nothing to tell, nothing raised
    assert quiet.every_s == HEARTBEAT_S


def test_a_supervisor_gone_is_logged_once_and_never_raises(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    dog = Watchdog.from_env({"NOTIFY_SOCKET": str(tmp_path / "none")})
    dog.ready(0.0)
    for t in range(1, 60):
        dog.alive(float(t))
    assert [r.levelname for r in caplog.records] == ["WARNING"]
    assert "cannot tell the supervisor" in caplog.text


def _kiosk(tmp_path: Path, env: dict[str, str]) -> subprocess.Popen[bytes]:
    cfg = tmp_path / "kiosk.json"
    cfg.write_text('{"kiosk": {"pin": "2468"}}')
    full = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        CRESCENT_KIOSK_HEADLESS="1",
        **env,
    )
    data = str(tmp_path / "data")
    return subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "--config", str(cfg), "--data-dir", data],
        env=full,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def _listen(s: socket.socket, seconds: float) -> list[str]:
    end = time.monotonic() + seconds
    out: list[str] = []
    while time.monotonic() < end:
        out += received(s)
    return out


@pytest.mark.slow
def test_a_running_kiosk_says_ready_and_keeps_alive_until_it_is_stopped(
    notify_socket: tuple[socket.socket, str], tmp_path: Path
) -> None:
    s, path = notify_socket
    game = _kiosk(tmp_path, {"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "400000"})
    try:
        first: list[str] = []
        end = time.monotonic() + 60
        while not first and time.monotonic() < end:
            first = received(s)
        assert first[:1] == ["READY=1"]
        assert _listen(s, 2.0).count("WATCHDOG=1") >= 4  # one each 0.2 s
        game.send_signal(signal.SIGSTOP)  # a frozen loop
        _wait_stopped(game.pid)
        received(s)  # what it sent before it stopped
        assert _listen(s, 1.5) == []
        game.send_signal(signal.SIGCONT)
        assert "WATCHDOG=1" in _listen(s, 2.0)
        game.send_signal(signal.SIGTERM)
        assert game.wait(timeout=30) == 143
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()


def _fake_game(tmp_path: Path, runs: list[str]) -> Path:
    """A stand-in for the game: each run does the next line of ``runs`` (shell)."""
    plan = tmp_path / "plan"
    plan.write_text("".join(f"{r}\n" for r in runs))
    fake = tmp_path / "crescent"
    fake.write_text(
        "#!/bin/sh\n"
        f'step=$(head -n 1 "{plan}"); sed -i 1d "{plan}"\n'
        f'echo run >> "{tmp_path}/runs"\n'
        'eval "$step"\n'
    )
    fake.chmod(0o755)
    return fake


def _loop_env(fake: Path, beat: Path) -> dict[str, str]:
    """The restart loop's environment: ``fake`` for the game, a heartbeat of 2 s."""
    return dict(
        os.environ,
        CRESCENT_BIN=str(fake),
        CRESCENT_RESTART_S="0",
        CRESCENT_HEARTBEAT=str(beat),
        CRESCENT_HEARTBEAT_S="2",
    )


@pytest.mark.slow
def test_the_restart_loop_kills_a_kiosk_whose_heartbeat_stops(tmp_path: Path) -> None:
    beat = tmp_path / "beat"
    fake = _fake_game(
        tmp_path,
        [
            f'touch "{beat}"; exec sleep 600',  # starts, then freezes: killed, restarted
            f'for i in 1 2 3 4 5 6; do touch "{beat}"; sleep 1; done; exit 0',  # alive
        ],
    )
    env = _loop_env(fake, beat)
    out = subprocess.run(["sh", str(LOOP)], env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "runs").read_text().count("run") == 2
    assert out.stderr.count("the kiosk is frozen; killing it") == 1, out.stderr
    assert "ended with code 137" in out.stderr


def _wait_stopped(pid: int, timeout_s: float = 30.0) -> None:
    """Until the kernel shows ``pid`` stopped (state T): it sends nothing more."""
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        with open(f"/proc/{pid}/stat") as f:
            if f.read().rsplit(")", 1)[1].split()[0] == "T":
                return
        time.sleep(0.01)
    raise AssertionError(f"{pid} never stopped")


def _ended(pid: int) -> bool:
    """Gone, or a zombie nobody reaped (an orphan's end in a container without init)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


@pytest.mark.slow
def test_the_restart_loop_kills_the_frozen_kiosk_s_whole_process_group(tmp_path: Path) -> None:
    """The one-file build is a launcher and the game (and its search worker): a kill of
    the launcher's pid alone left the game running, holding the folder's lock, so every
    restart after a watchdog kill was refused (issue 43)."""
    beat, child = tmp_path / "beat", tmp_path / "child"
    fake = _fake_game(
        tmp_path,
        [
            # The launcher starts "the game", which freezes: both are killed.
            f'sleep 600 & echo $! > "{child}"; touch "{beat}"; wait',
            "exit 0",
        ],
    )
    env = _loop_env(fake, beat)
    said = tmp_path / "said"
    with said.open("w") as to:  # not a pipe: an orphan holding it would hang the test
        code = subprocess.run(["sh", str(LOOP)], env=env, stderr=to, timeout=120).returncode
    pid = int(child.read_text())
    try:
        assert code == 0, said.read_text()
        assert "the kiosk is frozen; killing it" in said.read_text()
        assert _ended(pid)
    finally:
        if not _ended(pid):
            os.kill(pid, signal.SIGKILL)


def test_a_supervisor_that_stops_reading_never_blocks_the_loop(
    notify_socket: tuple[socket.socket, str], caplog: pytest.LogCaptureFixture
) -> None:
    """Its socket's queue full, a send waited for room: the game's loop stood still."""
    s, path = notify_socket
    dog = Watchdog(path, 0.001, None)
    sent = threading.Event()

    def beat() -> None:
        dog.ready(0.0)
        for i in range(1, 2000):  # far more than a socket's queue holds
            dog.alive(i * 0.01)
        sent.set()

    thread = threading.Thread(target=beat, daemon=True)
    thread.start()
    done = sent.wait(timeout=60)
    s.close()  # a blocked send ends here (the receiver gone), not the test
    thread.join(timeout=60)
    assert done
    assert "cannot tell the supervisor" in caplog.text
