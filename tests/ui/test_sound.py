"""Sound: cues from the table, mute remembered, a missing device is silence, files reproducible."""

from __future__ import annotations

import logging
import math
import subprocess
import sys
import threading
import wave
from collections.abc import Callable, Iterator
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
    """pygame.mixer as the sound thread sees it, with no audio device. It records which
    thread did what (only the owner may touch an open mixer) and ``init`` can block until
    released (an audio driver that takes its time, or hangs)."""

    def __init__(self, block: bool = False) -> None:
        self.entered = threading.Event()
        """``init`` was called."""
        self.release = threading.Event()
        if not block:
            self.release.set()
        self.open = False
        self.calls: list[tuple[str, str]] = []
        """(what, the calling thread's name), each call on an open mixer and each init."""
        self.played: list[str] = []
        self.busy = False

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        for name in ("init", "get_init", "quit", "stop", "get_busy", "Sound"):
            monkeypatch.setattr(pygame.mixer, name, getattr(self, name))

    def note(self, what: str) -> None:
        self.calls.append((what, threading.current_thread().name))

    def ops(self) -> list[str]:
        return [what for what, _ in self.calls]

    def threads(self) -> set[str]:
        return {thread for _, thread in self.calls}

    def init(self, **kwargs: object) -> None:
        self.note("init")
        self.entered.set()
        assert self.release.wait(60), "never released"
        self.open = True

    def get_init(self) -> tuple[int, int, int] | None:
        return (22050, -16, 2) if self.open else None

    def quit(self) -> None:
        if self.open:  # (pygame.quit() quits a closed mixer too: nothing happens)
            self.note("quit")
            self.open = False

    def stop(self) -> None:
        self.note("stop")
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
        self.mixer.note("play")
        self.mixer.played.append(self.name)


@pytest.fixture
def fake_mixer(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeMixer]:
    """A FakeMixer in place of pygame's; the sound thread ended before and after (it is
    one per process: it must not keep the real or the fake mixer's sounds)."""
    assert sound.close()
    mixer = FakeMixer()
    mixer.install(monkeypatch)
    yield mixer
    mixer.release.set()
    assert sound.close()


def test_the_mixer_starts_only_with_the_first_sound() -> None:
    c = make_client()
    try:
        assert c.app.sound.state is MixerState.IDLE  # the first frame is drawn, no mixer yet
        c.app.sound.play(Cue.PLACE)
        c.frames(1)
        assert sound.settle(30)
        assert c.app.sound.state in (MixerState.READY, MixerState.OFF)
    finally:
        close_client(c)


def test_the_first_tap_is_drawn_while_the_mixer_opens_in_its_own_thread(
    fake_mixer: FakeMixer,
) -> None:
    """The frame only asks: a mixer that takes its time opening holds back no frame (the
    fake waits without the interpreter lock; pygame's init holds it, hence the next test)."""
    fake_mixer.release.clear()
    c = make_client()
    try:
        pile = next(m.src for m in c.game.legal_moves() if m.src < 16)
        before = len(c.game.piles[pile])
        c.click(c.centre(pile))
        c.frames(1)  # the tap's frame, drawn with the mixer still opening
        assert len(c.game.piles[pile]) == before - 1
        assert c.app.sound.cued[-1] in (Cue.PLACE, Cue.PICKUP)
        assert fake_mixer.entered.wait(30)
        c.settle()  # the card's flight, frame after frame, the mixer still opening
        assert fake_mixer.calls == [("init", "crescent-sound")]
        assert not fake_mixer.open
        fake_mixer.release.set()
        assert sound.settle(30)
        assert fake_mixer.open
        assert fake_mixer.played
    finally:
        close_client(c)


def test_the_mixer_opens_only_after_the_frame_the_cue_was_asked_in(
    monkeypatch: pytest.MonkeyPatch, fake_mixer: FakeMixer
) -> None:
    """pygame's mixer.init holds the interpreter lock: the tap's frame is shown first."""
    monkeypatch.setattr(sound, "FRAME_WAIT_S", 60.0)
    board = SoundBoard(lambda: True)
    board.play(Cue.PLACE)
    assert not fake_mixer.entered.wait(0.3)  # no frame yet: the thread waits for one
    board.frame_shown()
    assert sound.settle(30)
    assert fake_mixer.ops() == ["init", "play"]
    assert fake_mixer.played == ["place"]


def test_only_the_sound_thread_touches_the_mixer_and_every_close_stops_first(
    fake_mixer: FakeMixer,
) -> None:
    """Two apps in one process (the tests make hundreds) share the one owner: the mixer
    is opened once, by it, and every close is preceded by a stop (the module doc)."""
    now = [100.0]
    first = SoundBoard(lambda: True, lambda: now[0])
    second = SoundBoard(lambda: True, lambda: now[0])
    first.play(Cue.PLACE)
    second.play(Cue.HINT)
    first.frame_shown()
    assert sound.settle(30)
    now[0] += CLOSE_AFTER_S
    first.tick(now[0])  # the first app's silence closes the mixer...
    assert sound.settle(30)
    second.play(Cue.WIN)  # ...and the second's next sound opens it again
    second.frame_shown()
    second.stop()
    assert sound.settle(30)
    init_pygame()
    pygame.quit()  # the hook closes it, then pygame's own quit finds it closed
    first_open = ["init", "play", "play", "stop", "quit"]
    assert fake_mixer.ops() == [*first_open, "init", "play", "stop", "stop", "quit"]
    assert fake_mixer.threads() == {"crescent-sound"}
    assert fake_mixer.played == ["place", "hint", "win"]


def test_pygame_quit_ends_the_sound_thread_before_the_mixer_quits_every_time() -> None:
    """pygame calls the functions given to register_quit before its modules quit, and
    forgets them: the board registers its close again each time it opens the mixer."""
    board = SoundBoard(lambda: True)
    seen: list[object] = []
    for _ in range(2):
        seen.clear()
        init_pygame()
        board.play(Cue.PLACE)
        board.frame_shown()
        assert sound.settle(30)
        if board.state is MixerState.OFF:
            pytest.skip("no audio driver at all here")
        assert pygame.mixer.get_init() is not None
        assert sound._owner._thread is not None
        pygame.register_quit(lambda: seen.append(pygame.mixer.get_init()))
        pygame.quit()  # (functions registered last are called first: the board's after)
        assert seen[0] is not None  # the mixer still open when pygame's functions run
        assert pygame.mixer.get_init() is None
        assert sound._owner._thread is None  # closed by the board's function, and ended


def test_the_quit_function_is_registered_once_while_it_is_not_called(
    monkeypatch: pytest.MonkeyPatch, fake_mixer: FakeMixer
) -> None:
    registered: list[object] = []
    real = pygame.register_quit

    def register_quit(f: Callable[[], object]) -> None:
        registered.append(f)
        real(f)

    monkeypatch.setattr(pygame, "register_quit", register_quit)
    board = SoundBoard(lambda: True)
    for cue in (Cue.PLACE, Cue.HINT, Cue.WIN):
        board.play(cue)
        board.frame_shown()
    assert sound.settle(30)
    assert registered == [sound._pygame_quits]
    init_pygame()
    pygame.quit()
    board.play(Cue.PLACE)
    assert registered == [sound._pygame_quits] * 2


def test_quit_with_a_mixer_that_hangs_finishes_says_so_and_starts_no_second_owner(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, fake_mixer: FakeMixer
) -> None:
    """A mixer that hangs while opening does not hang the quit: pygame.quit() asks the
    sound thread to end, waits a bounded time, logs it, and goes on; while that thread
    lives no other touches the mixer."""
    monkeypatch.setattr(sound, "CLOSE_WAIT_S", 0.05)
    fake_mixer.release.clear()
    board = SoundBoard(lambda: True)
    board.play(Cue.PLACE)
    board.frame_shown()
    assert fake_mixer.entered.wait(30)
    with caplog.at_level(logging.WARNING, logger="crescent"):
        init_pygame()
        pygame.quit()  # the game's own quit path (game_main._run_window's finally)
    assert "did not stop" in caplog.text
    board.play(Cue.HINT)  # not asked: the old thread still owns the mixer
    thread = sound._owner._thread
    assert thread is not None
    fake_mixer.release.set()
    thread.join(30)
    assert not thread.is_alive()
    assert fake_mixer.ops() == ["init", "stop", "quit"]  # nothing played; closed
    board.play(Cue.WIN)  # the next sound starts a new owner
    board.frame_shown()
    assert sound.settle(30)
    assert fake_mixer.ops()[3:] == ["init", "play"]
    assert fake_mixer.threads() == {"crescent-sound"}


def test_the_mixer_closes_after_a_silence_and_opens_again_for_the_next_sound(
    fake_mixer: FakeMixer,
) -> None:
    """An open audio device wakes its thread ~40 times a second (0.4 % of a core, sound
    or not): an idle table must not keep it open."""
    now = [100.0]
    board = SoundBoard(lambda: True, lambda: now[0])
    board.play(Cue.PLACE)
    board.frame_shown()
    assert sound.settle(30)
    assert board.state is MixerState.READY
    assert fake_mixer.open
    assert board.wake_at(now[0]) == 100.0 + CLOSE_AFTER_S  # the idle loop wakes for it
    now[0] += CLOSE_AFTER_S - 0.5
    board.tick(now[0])
    assert sound.settle(30)
    assert fake_mixer.open
    fake_mixer.busy = True  # a sound still playing: the close waits for its end
    now[0] += 0.5
    board.tick(now[0])
    assert mixer_state(board) is MixerState.IDLE
    assert board.wake_at(now[0]) == math.inf
    assert not sound.settle(0.3)
    assert fake_mixer.open
    fake_mixer.busy = False
    assert sound.settle(30)
    assert not fake_mixer.open
    board.play(Cue.HINT)  # the next sound opens it again
    board.frame_shown()
    assert sound.settle(30)
    assert board.state is MixerState.READY
    assert fake_mixer.open
    assert fake_mixer.played == ["place", "hint"]
    assert fake_mixer.ops() == ["init", "play", "stop", "quit", "init", "play"]


def test_no_audio_device_is_silence_not_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    assert sound.close()
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    board = SoundBoard(lambda: True)
    board.play(Cue.WIN)
    board.frame_shown()
    assert sound.settle(30)
    board.play(Cue.PLACE)
    assert board.state is MixerState.OFF
    assert board.cued == [Cue.WIN, Cue.PLACE]
    assert sound.close()


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
