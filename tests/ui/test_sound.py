"""Sound: cues from the table, mute remembered, a missing device is silence, files reproducible."""

from __future__ import annotations

import math
import subprocess
import sys
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


def test_the_mixer_starts_only_with_the_first_sound() -> None:
    c = make_client()
    try:
        assert c.app.sound.state is MixerState.IDLE  # the first frame is drawn, no mixer yet
        c.app.sound.play(Cue.PLACE)
        assert c.app.sound.state in (MixerState.READY, MixerState.OFF)
    finally:
        close_client(c)


def test_the_mixer_closes_after_a_silence_and_opens_again_for_the_next_sound() -> None:
    """An open audio device wakes its thread ~40 times a second (0.4 % of a core, sound
    or not): an idle table must not keep it open."""
    now = [100.0]
    board = SoundBoard(lambda: True, lambda: now[0])
    pygame.mixer.quit()
    board.play(Cue.PLACE)
    if board.state is MixerState.OFF:
        pytest.skip("no audio driver at all here")
    assert board.state is MixerState.READY
    assert pygame.mixer.get_init() is not None
    assert board.wake_at(now[0]) == 100.0 + CLOSE_AFTER_S  # the idle loop wakes for it
    pygame.mixer.stop()  # the cue's end
    now[0] += CLOSE_AFTER_S - 0.5
    board.tick(now[0])
    assert board.state is MixerState.READY
    now[0] += 0.5
    board.tick(now[0])
    assert mixer_state(board) is MixerState.IDLE
    assert pygame.mixer.get_init() is None
    assert board.wake_at(now[0]) == math.inf
    board.play(Cue.HINT)  # the next sound opens it again
    assert board.state is MixerState.READY
    assert pygame.mixer.get_init() is not None
    pygame.mixer.quit()


def test_no_audio_device_is_silence_not_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    board = SoundBoard(lambda: True)
    board.play(Cue.WIN)
    board.play(Cue.PLACE)
    assert board.state is MixerState.OFF
    assert board.cued == [Cue.WIN, Cue.PLACE]


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
