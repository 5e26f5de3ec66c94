"""Ending signals at any instant (crescent/ending.py): from the first line of ``main`` to
the last, SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2 (and the resource limits'
signals) save what exists and exit 128 + the signal's number with one line; never 0, the
operator's exit, which a kiosk's supervisor does not restart.

The instants of the start are reached two ways: in this process, by raising the signal
inside each step of the start (deterministic: the same instant every run); and in real
processes, sent from outside after chosen delays with the CPU loaded (slow)."""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from crescent import __main__ as cli
from crescent import ending, game_main
from crescent.play.session import Session
from crescent.play.storage import Store
from tests.helpers_crashsave import saved_dict
from tests.kiosk.test_kiosk import PIN, write_config

ROOT = Path(__file__).resolve().parents[1]
CODE = "CR1-N-AAAAAAB"
MOVES = "P1-P11 P2-F7"


def _names() -> list[str]:
    return [name for name in ending.ENDING_SIGNALS if hasattr(signal, name)]


# -- the handler's two phases ------------------------------------------------------------------


def test_a_signal_during_the_start_unwinds_it_and_one_while_running_only_stops_the_loop() -> None:
    e = ending.Ending()
    with pytest.raises(ending.Ended) as raised:
        e.handle(signal.SIGTERM)
    assert raised.value.signum == signal.SIGTERM
    assert (e.exit_code, e.name) == (143, "SIGTERM")
    e.handle(signal.SIGHUP)  # a second signal changes nothing, and raises nothing
    assert e.exit_code == 143

    stops: list[str] = []
    running = ending.Ending()
    running.when_running(lambda: stops.append("stop"))
    running.handle(signal.SIGUSR2)
    running.handle(signal.SIGTERM)
    assert (stops, running.exit_code) == (["stop"], 140)


def test_a_signal_that_came_before_the_loop_stops_it_as_soon_as_it_runs() -> None:
    e = ending.Ending()
    with pytest.raises(ending.Ended):
        e.handle(signal.SIGINT)
    stops: list[str] = []
    e.when_running(lambda: stops.append("stop"))
    assert stops == ["stop"]


def test_sdl_and_pygame_leave_every_ending_signal_to_the_game() -> None:
    # In a process of its own: the display's start is what used to take SIGTERM and
    # SIGINT (SDL: a quit event, exit code 0) and SIGQUIT (pygame's parachute: abort).
    script = (
        "import signal\n"
        "from crescent import ending\n"
        "e = ending.install()\n"
        "import pygame\n"
        "pygame.init(); pygame.display.set_mode((320, 320))\n"
        "mine = [getattr(signal, n) for n in ending.ENDING_SIGNALS if hasattr(signal, n)]\n"
        "print(sorted(signal.Signals(s).name for s in mine if signal.getsignal(s) != e.handle))\n"
    )
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env.pop(ending.SDL_NO_SIGNALS, None)
    out = subprocess.run(
        [sys.executable, "-c", script], env=env, cwd=ROOT, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "[]"


def test_main_gives_the_callers_handlers_back() -> None:
    before = signal.getsignal(signal.SIGINT)
    assert cli.main(["--size", "320x200"]) == 2  # refused: out of range
    assert signal.getsignal(signal.SIGINT) == before


# -- every instant of the start, in this process -----------------------------------------------


@contextmanager
def _signal_in(
    monkeypatch: pytest.MonkeyPatch, owner: Any, name: str, signum: int, *, before: bool = False
) -> Iterator[None]:
    """``owner.name`` raises ``signum`` (once) just after it ran, or just before."""
    real: Callable[..., Any] = getattr(owner, name)
    fired: list[int] = []

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if before and not fired:
            fired.append(1)
            signal.raise_signal(signum)
        result = real(*args, **kwargs)
        if not fired:
            fired.append(1)
            signal.raise_signal(signum)
        return result

    monkeypatch.setattr(owner, name, wrapper)
    yield
    assert fired, f"the start never reached {name}"


INSTANTS: dict[str, tuple[Any, str, bool, bool]] = {
    # name: (owner, attribute, before, the game is dealt by then)
    "folder locked": (Store, "open", False, False),
    "game dealt and played": (Session, "start", False, False),
    "display started": (game_main, "init_pygame", False, True),
    "client built": (game_main, "_collect_from_now_on", True, True),
    "first frame": (game_main, "_stop_on_signals", False, True),
}


def _argv(tmp_path: Path, kiosk: bool) -> list[str]:
    mode = ["--config", str(write_config(tmp_path, {"pin": PIN}))] if kiosk else []
    data = ["--data-dir", str(tmp_path / "data"), "--code", CODE, "--play", MOVES]
    return [*mode, *data, "--frames", "600"]


@pytest.mark.parametrize("kiosk", [False, True], ids=["desktop", "kiosk"])
@pytest.mark.parametrize("instant", list(INSTANTS))
def test_sigterm_at_each_instant_of_the_start_saves_and_exits_143_with_one_line(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    instant: str,
    kiosk: bool,
) -> None:
    _ends_at(tmp_path, monkeypatch, caplog, instant, kiosk, "SIGTERM")


@pytest.mark.slow
@pytest.mark.parametrize("kiosk", [False, True], ids=["desktop", "kiosk"])
@pytest.mark.parametrize("instant", list(INSTANTS))
@pytest.mark.parametrize("name", [n for n in _names() if n != "SIGTERM"])
def test_every_ending_signal_at_each_instant_of_the_start(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    instant: str,
    kiosk: bool,
    name: str,
) -> None:
    _ends_at(tmp_path, monkeypatch, caplog, instant, kiosk, name)


def _ends_at(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    instant: str,
    kiosk: bool,
    name: str,
) -> None:
    if kiosk:
        monkeypatch.setenv("CRESCENT_KIOSK_HEADLESS", "1")
    signum = getattr(signal, name)
    owner, attribute, before, dealt = INSTANTS[instant]
    with (
        caplog.at_level(logging.INFO, logger="crescent"),
        _signal_in(monkeypatch, owner, attribute, signum, before=before),
    ):
        code = cli.main(_argv(tmp_path, kiosk))
    assert code == 128 + signum
    lines = [r.getMessage() for r in caplog.records if r.getMessage().startswith(f"{name}:")]
    assert lines == [lines[0]]
    assert lines[0].endswith(f"exit code {128 + signum}")
    if dealt:  # the deal and its moves were saved on the way out
        saved = saved_dict(tmp_path / "data")
        assert saved["game"]["code"] == CODE
        assert saved["game"]["moves"] == len(MOVES.split())
    # The folder is left unlocked and whole: the next start opens it.
    assert cli.main(["--data-dir", str(tmp_path / "data"), "--frames", "2"]) == 0


# -- real processes, signals sent from outside at many instants, the CPU loaded -----------------


@contextmanager
def _cpu_load(workers: int) -> Iterator[None]:
    """``workers`` busy processes for as long as the block runs (stopped by pid after)."""
    busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(workers)]
    try:
        yield
    finally:
        for p in busy:
            p.kill()
            p.wait()


DELAYS = (0.0, 0.15, 0.3, 0.5, 0.8, 1.2, 1.8, 2.6)
"""Seconds between the start of the process and the signal: from the interpreter's own
start, through the imports, the folder, the deal, the display and the first frames."""


@pytest.mark.slow
@pytest.mark.parametrize("kiosk", [False, True], ids=["desktop", "kiosk"])
def test_no_ending_signal_at_any_instant_of_a_loaded_start_exits_0(
    tmp_path: Path, kiosk: bool
) -> None:
    seen: dict[str, int] = {}
    with _cpu_load(2 * (os.cpu_count() or 1)):
        for n, name in enumerate(_names()):
            # Three instants a signal, a different three for the next: every instant is
            # met by three signals.
            for i in range(3):
                delay = DELAYS[(n * 3 + i) % len(DELAYS)]
                folder = tmp_path / f"{name}-{i}"
                folder.mkdir()
                code = _start_and_signal(folder, kiosk, getattr(signal, name), delay)
                seen[f"{name}@{delay}"] = code
    assert 0 not in seen.values(), seen
    handled = [k for k, code in seen.items() if code > 128]
    # Only a signal before main's first line may find the default action (-N); most land
    # after it.
    assert len(handled) >= len(seen) // 2, seen


def _start_and_signal(folder: Path, kiosk: bool, signum: int, delay: float) -> int:
    """One start, ``signum`` sent ``delay`` s in; its exit code, checked for its line and
    for a data folder left whole."""
    import time  # here only: the delay picks an instant, it does not wait for an event

    data = folder / "data"
    args = ["--config", str(write_config(folder, {"pin": PIN}))] if kiosk else []
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "CRESCENT_KIOSK_HEADLESS": "1",
    }
    game = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), *args, "--data-dir", str(data), "--code", CODE],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(delay)
    game.send_signal(signum)
    try:
        _, err = game.communicate(timeout=120)
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()
    code = game.returncode
    name = signal.Signals(signum).name
    if code == -signum:
        # The default action: only before main's first line, when nothing was written.
        assert not data.exists(), f"{name} after {delay} s killed a started game"
        return code
    assert code == 128 + signum, f"{name} after {delay} s: exit {code}: {err}"
    log = data / "crescent.log"
    said = (log.read_text() if log.exists() else "") + err
    assert f"exit code {code}" in said, said
    assert name in said, said
    if data.exists():
        store = Store(data)
        store.open()  # whole and unlocked
        store.close()
    return code
