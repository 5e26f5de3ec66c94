"""Sound: cues from the table, mute remembered, a missing device is silence, files reproducible."""

from __future__ import annotations

import logging
import math
import subprocess
import sys
import threading
import wave
from pathlib import Path

import pygame
import pytest

from crescent import resources
from crescent.control.input import PointerDown, PointerMove, PointerUp
from crescent.kiosk.config import parse_kiosk_config
from crescent.play.settings import Settings
from crescent.play.storage import Store
from crescent.rules.engine import Move
from crescent.ui import sound
from crescent.ui.app import init_pygame
from crescent.ui.screens import SettingsScreen
from crescent.ui.sound import CLOSE_AFTER_S, Cue, MixerState, SoundBoard
from tests.helpers_ui import close_client, make_client

ROOT = Path(__file__).resolve().parents[2]


def mixer_state(board: SoundBoard) -> MixerState:
    """The board's state, read anew (mypy keeps the one an earlier assert narrowed)."""
    return board.state


def last_cue(cued: list[Cue]) -> Cue:
    return cued[-1]


def test_committed_sounds_are_what_the_tool_makes() -> None:
    r = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "make_sounds.py"), "--check"],
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0, r.stdout


@pytest.mark.parametrize("cue", list(Cue))
def test_every_cue_is_a_short_wav(cue: Cue) -> None:
    with wave.open(str(resources.path(f"sounds/{cue.value}.wav"))) as w:
        seconds = w.getnframes() / w.getframerate()
    assert 0.03 < seconds <= 1.5


class FakeMixer:
    """pygame.mixer as the board sees it, with no audio device: ``init`` can block until
    released (an audio driver that takes its time, or hangs)."""

    def __init__(self, block: bool = False) -> None:
        self.entered = threading.Event()
        """``init`` was called."""
        self.release = threading.Event()
        if not block:
            self.release.set()
        self.open = False
        self.init_threads: list[str] = []
        self.played: list[str] = []
        self.quits = 0
        self.busy = False

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        for name in ("init", "get_init", "quit", "stop", "get_busy", "Sound"):
            monkeypatch.setattr(pygame.mixer, name, getattr(self, name))

    def init(self, **kwargs: object) -> None:
        self.init_threads.append(threading.current_thread().name)
        self.entered.set()
        assert self.release.wait(60), "never released"
        self.open = True

    def get_init(self) -> tuple[int, int, int] | None:
        return (22050, -16, 2) if self.open else None

    def quit(self) -> None:
        self.open = False
        self.quits += 1

    def stop(self) -> None:
        self.busy = False

    def get_busy(self) -> bool:
        return self.busy

    def Sound(self, file: str) -> FakeSound:
        return FakeSound(self, Path(file).stem)


class FakeSound:
    def __init__(self, mixer: FakeMixer, name: str) -> None:
        self.mixer = mixer
        self.name = name

    def play(self) -> None:
        self.mixer.played.append(self.name)


def test_the_mixer_starts_only_with_the_first_sound() -> None:
    c = make_client()
    try:
        assert c.app.sound.state is MixerState.IDLE  # the first frame is drawn, no mixer yet
        c.app.sound.play(Cue.PLACE)
        assert c.app.sound.settle(30)
        assert c.app.sound.state in (MixerState.READY, MixerState.OFF)
    finally:
        close_client(c)


def test_the_first_tap_is_drawn_while_the_mixer_opens_in_its_own_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The frame only asks: a mixer that takes its time opening holds back no frame."""
    mixer = FakeMixer(block=True)
    mixer.install(monkeypatch)
    c = make_client()
    try:
        pile = next(m.src for m in c.game.legal_moves() if m.src < 16)
        before = len(c.game.piles[pile])
        c.click(c.centre(pile))
        c.frames(1)  # the tap's frame, drawn with the mixer still opening
        assert len(c.game.piles[pile]) == before - 1
        assert c.app.sound.cued[-1] in (Cue.PLACE, Cue.PICKUP)
        assert mixer.entered.wait(30)
        c.settle()  # the card's flight, frame after frame, the mixer still opening
        assert mixer.init_threads == ["crescent-sound"]
        assert not mixer.open
        mixer.release.set()
        assert c.app.sound.settle(30)
        assert mixer.open
    finally:
        mixer.release.set()
        close_client(c)
        c.app.sound.close()


def test_the_mixer_opens_after_the_frame_the_cue_was_asked_in(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """pygame's mixer.init holds the interpreter lock: the tap's frame is shown first."""
    monkeypatch.setattr(sound, "FRAME_WAIT_S", 60.0)
    mixer = FakeMixer()
    mixer.install(monkeypatch)
    board = SoundBoard(lambda: True)
    frames_at_init: list[int] = []
    real_init = mixer.init

    def init(**kwargs: object) -> None:
        frames_at_init.append(board._frames)
        real_init(**kwargs)

    monkeypatch.setattr(pygame.mixer, "init", init)
    board.play(Cue.PLACE)
    board.frame_shown()
    assert board.settle(30)
    assert frames_at_init == [1]
    assert mixer.played == ["place"]
    assert board.close()


def test_quit_with_a_sound_pending_finishes_and_says_so(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A mixer that hangs while opening does not hang the quit: pygame.quit() stops the
    sound thread first, waits a bounded time, logs it, and goes on."""
    monkeypatch.setattr(sound, "CLOSE_WAIT_S", 0.05)
    mixer = FakeMixer(block=True)
    mixer.install(monkeypatch)
    c = make_client()
    board = c.app.sound
    try:
        board.play(Cue.PLACE)
        assert mixer.entered.wait(30)
        with caplog.at_level(logging.WARNING, logger="crescent"):
            close_client(c)
            pygame.quit()  # the game's own quit path (game_main._run_window's finally)
        assert "did not stop" in caplog.text
        assert board.state is MixerState.OFF
        board.play(Cue.HINT)  # closed: asks nothing more
    finally:
        mixer.release.set()
    thread = board._thread
    assert thread is not None
    thread.join(30)
    assert not thread.is_alive()
    assert mixer.played == []  # the cue was dropped, the thread ended, the mixer closed
    assert not mixer.open


def test_pygame_quit_ends_the_sound_thread_before_the_mixer_quits(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """pygame calls the functions given to register_quit before its modules quit: the
    board's close runs while the mixer is still open (else two threads close it)."""
    init_pygame()
    seen: list[object] = []
    pygame.mixer.init()
    try:
        pygame.register_quit(lambda: seen.append(pygame.mixer.get_init()))
        pygame.quit()
        assert seen
        assert seen[0] is not None
    finally:
        pygame.mixer.quit()
    mixer = FakeMixer()
    mixer.install(monkeypatch)
    init_pygame()
    board = SoundBoard(lambda: True)
    board.play(Cue.PLACE)
    board.frame_shown()
    assert board.settle(30)
    assert mixer.open
    pygame.quit()
    assert not mixer.open
    assert board._thread is not None
    assert not board._thread.is_alive()


def test_the_mixer_closes_after_a_silence_and_opens_again_for_the_next_sound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An open audio device wakes its thread ~40 times a second (0.4 % of a core, sound
    or not): an idle table must not keep it open."""
    mixer = FakeMixer()
    mixer.install(monkeypatch)
    now = [100.0]
    board = SoundBoard(lambda: True, lambda: now[0])
    board.play(Cue.PLACE)
    board.frame_shown()
    assert board.settle(30)
    assert board.state is MixerState.READY
    assert mixer.open
    assert mixer.played == ["place"]
    assert board.wake_at(now[0]) == 100.0 + CLOSE_AFTER_S  # the idle loop wakes for it
    now[0] += CLOSE_AFTER_S - 0.5
    board.tick(now[0])
    assert board.settle(30)
    assert mixer.open
    now[0] += 0.5
    board.tick(now[0])
    assert board.settle(30)
    assert mixer_state(board) is MixerState.IDLE
    assert not mixer.open
    assert mixer.quits == 1
    assert board.wake_at(now[0]) == math.inf
    board.play(Cue.HINT)  # the next sound opens it again
    board.frame_shown()
    assert board.settle(30)
    assert board.state is MixerState.READY
    assert mixer.open
    assert mixer.played == ["place", "hint"]
    assert mixer.init_threads == ["crescent-sound", "crescent-sound"]
    assert board.close()
    assert not mixer.open


def test_no_audio_device_is_silence_not_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    board = SoundBoard(lambda: True)
    board.play(Cue.WIN)
    board.frame_shown()
    assert board.settle(30)
    board.play(Cue.PLACE)
    assert board.state is MixerState.OFF
    assert board.cued == [Cue.WIN, Cue.PLACE]
    assert board.close()


def test_muted_board_never_starts_the_mixer() -> None:
    board = SoundBoard(lambda: False)
    board.play(Cue.WIN)
    assert board.state is MixerState.IDLE
    assert board.cued == []


def test_table_cues_place_pickup_refuse_redeal() -> None:
    c = make_client()
    try:
        cued = c.app.sound.cued
        game = c.game
        table = c.app.table
        table.play(next(m for m in game.legal_moves() if m.src < 16))
        assert cued[-1] is Cue.PLACE
        c.settle()
        table.redeal()  # (a press with moves left asks first, in a dialog)
        assert last_cue(cued) is Cue.REDEAL
        c.settle()
        # A press on a pile, dragged past the threshold, picks the card up.
        x, y = c.centre(next(p for p in range(16) if game.piles[p]))
        table.handle(PointerDown(x, y))
        table.handle(PointerMove(x + 60, y + 60))
        assert last_cue(cued) is Cue.PICKUP
        table.handle(PointerUp(x + 60, y + 60))
        c.settle()
        illegal = next(
            Move(a, b)
            for a in range(16)
            for b in range(16)
            if a != b and game.piles[a] and game.check(Move(a, b)) is not None
        )
        table.play(illegal)
        assert last_cue(cued) is Cue.REFUSE
    finally:
        close_client(c)


def test_mute_button_on_the_table_is_remembered(tmp_path: Path) -> None:
    store = Store(tmp_path)
    c = make_client(store=store)
    try:
        assert c.app.session.settings.sound
        c.click(c.hud("sound"))
        c.frames(2)
        assert not c.app.session.settings.sound
        c.app.table.play(next(m for m in c.game.legal_moves() if m.src < 16))
        assert c.app.sound.cued == []
    finally:
        close_client(c)
    assert store.load_settings().sound is False


def test_settings_screen_toggles_sound() -> None:
    c = make_client()
    try:
        screen = SettingsScreen(c.app)
        c.app.push(screen)
        screen.run(screen.steps["sound"])
        assert not c.app.session.settings.sound
        screen.run(screen.steps["sound"])
        assert c.app.session.settings.sound
    finally:
        close_client(c)


def test_kiosk_config_sound_key_decides_the_default() -> None:
    kc = parse_kiosk_config({"kiosk": {"pin": "2468", "sound": False}})
    assert kc.setting("sound") is False
    assert parse_kiosk_config({"kiosk": {"pin": "2468"}}).setting("sound") is None
    with pytest.raises(Exception, match="sound"):
        parse_kiosk_config({"kiosk": {"pin": "2468", "sound": "yes"}})


def test_sound_setting_round_trips() -> None:
    s = Settings(sound=False)
    assert Settings.from_dict(s.to_dict()).sound is False
    assert Settings.from_dict({"format": 1}).sound is True
