"""The platform's voices (crescent/ui/speech.py): which one each platform uses, a sentence
said off the frame and interrupted by the next one, espeak-ng's real voice into a WAV file
in each language of the game; speech off loads none of it."""

from __future__ import annotations

import math
import os
import subprocess
import sys
import threading
import time
import wave
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from crescent.i18n.speech import Announcer
from crescent.i18n.translator import load_translator
from crescent.languages import LANGUAGES
from crescent.rules.engine import Game
from crescent.ui import speech
from crescent.ui.speech import Backend, FakeSpeaker, ProcessSpeaker, find_backend, write_wav
from tests.helpers_ui import MakeClient

ROOT = Path(__file__).resolve().parents[2]

VOICE = """\
import pathlib, sys, time
with pathlib.Path(sys.argv[1]).open("a", encoding="utf-8") as log:
    log.write(sys.argv[3] + "\\n")
time.sleep(float(sys.argv[2]))
"""
"""A stand-in voice: writes the sentence it was given to a log, then "speaks" (sleeps)."""


def which_of(*programs: str) -> Callable[[str], str | None]:
    return lambda name: f"/usr/bin/{name}" if name in programs else None


Voices = Callable[[float], tuple[ProcessSpeaker, Path]]


@pytest.fixture
def stand_in(tmp_path: Path) -> Iterator[Voices]:
    """Makes speakers whose voice is :data:`VOICE` speaking for the seconds given (and
    a log of what they were given); each is closed after the test."""
    script = tmp_path / "voice.py"
    script.write_text(VOICE, encoding="utf-8")
    made: list[ProcessSpeaker] = []

    def make(speaking_s: float) -> tuple[ProcessSpeaker, Path]:
        log = tmp_path / f"said{len(made)}.txt"
        command = (sys.executable, str(script), str(log), str(speaking_s))
        made.append(ProcessSpeaker(Backend("stand-in", command)))
        return made[-1], log

    yield make
    for voice in made:
        voice.close()


def lines_when(log: Path, n: int, timeout_s: float = 30.0) -> list[str]:
    """The log's lines once it has ``n`` (the timeout only stops a hung test)."""
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        lines = log.read_text(encoding="utf-8").splitlines() if log.exists() else []
        if len(lines) >= n:
            return lines
        time.sleep(0.01)
    raise AssertionError(f"{log} never had {n} lines")


# -- which voice -----------------------------------------------------------------------


def test_linux_prefers_espeak_ng_in_the_games_language() -> None:
    backend = find_backend("fr", "linux", which_of("espeak-ng", "spd-say", "espeak"))
    assert backend is not None
    assert backend.argv("Pile 10") == ["/usr/bin/espeak-ng", "-v", "fr", "Pile 10"]


def test_linux_without_espeak_ng_uses_speech_dispatcher_then_espeak() -> None:
    spd = find_backend("nl", "linux", which_of("spd-say", "espeak"))
    assert spd is not None
    assert spd.argv("Stapel 1") == ["/usr/bin/spd-say", "-w", "-l", "nl", "Stapel 1"]
    assert spd.cancel == ("/usr/bin/spd-say", "-C")
    old = find_backend("ca", "linux", which_of("espeak"))
    assert old is not None
    assert old.argv("Pila 1") == ["/usr/bin/espeak", "-v", "ca", "Pila 1"]


def test_macos_uses_say_the_system_voice() -> None:
    backend = find_backend("en", "darwin", which_of("say"))
    assert backend is not None
    assert backend.argv("Pile 10") == ["/usr/bin/say", "Pile 10"]


def test_windows_uses_sapi_through_one_powershell_reader() -> None:
    backend = find_backend("ja", "win32", which_of("powershell"))
    assert backend is not None
    assert backend.reader
    assert backend.command[0] == "/usr/bin/powershell"
    assert "System.Speech" in backend.command[-1]
    assert "'ja-JP'" in backend.command[-1]


def test_no_voice_found_is_silence_not_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(speech, "find_backend", lambda _lang: None)
    assert isinstance(speech.platform_speaker("en"), FakeSpeaker)


def test_a_sentence_is_never_read_as_an_option() -> None:
    backend = find_backend("en", "linux", which_of("espeak-ng"))
    assert backend is not None
    assert backend.argv("-5 cards")[-1] == "5 cards"


# -- said off the frame, interrupted by the next -------------------------------------------


def test_say_returns_while_the_voice_still_speaks(stand_in: Voices) -> None:
    voice, log = stand_in(60)
    voice.say("Pile 10, Ace of spades, 6 cards")
    assert lines_when(log, 1) == ["Pile 10, Ace of spades, 6 cards"]
    assert not voice.wait_idle(0)  # still speaking, and say() has long returned


def test_the_next_sentence_interrupts_the_one_being_said(stand_in: Voices) -> None:
    voice, log = stand_in(60)
    voice.say("first")
    lines_when(log, 1)
    first = voice._proc
    voice.say("second")
    assert lines_when(log, 2) == ["first", "second"]  # long before 60 s
    assert first is not None
    assert first.wait(30) != 0  # ended by a signal, not finished


def test_a_sentence_that_does_not_interrupt_waits_its_turn(stand_in: Voices) -> None:
    voice, log = stand_in(0)
    voice.say("first")
    voice.say("second", interrupt=False)
    assert voice.wait_idle(30)
    assert lines_when(log, 2) == ["first", "second"]
    assert voice.said == 2


def test_say_never_waits_for_a_voice_being_started(
    stand_in: Voices, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A process slow to start (a busy machine) holds no lock that say() needs: say()
    returns while the start is still held up."""
    entered, release = threading.Event(), threading.Event()
    held_up: list[bool] = []
    real = speech._popen

    def slow_popen(argv: list[str] | tuple[str, ...]) -> subprocess.Popen[bytes]:
        entered.set()
        held_up.append(not release.wait(30))  # True: nobody released it in 30 s
        return real(argv)

    monkeypatch.setattr(speech, "_popen", slow_popen)
    voice, log = stand_in(60)
    voice.say("first")
    assert entered.wait(30)
    voice.say("second")  # returns at once, the first still starting
    assert held_up == []
    release.set()
    assert lines_when(log, 1)[-1] == "second"
    assert held_up == [False, False]


def test_the_voice_starts_once_the_frame_is_shown(
    stand_in: Voices, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The frame answering a key is not shared with a voice starting: the app says when
    it is on the screen (a speaker with no app waits FRAME_WAIT_S at most)."""
    monkeypatch.setattr(speech, "FRAME_WAIT_S", 60.0)
    started = threading.Event()
    real = speech._popen

    def popen(argv: list[str] | tuple[str, ...]) -> subprocess.Popen[bytes]:
        started.set()
        return real(argv)

    monkeypatch.setattr(speech, "_popen", popen)
    voice, log = stand_in(0)
    voice.say("Pile 1, Queen of clubs, 6 cards")
    assert not started.wait(0.3)  # held for the frame, not for the minute
    voice.frame_shown()
    assert lines_when(log, 1) == ["Pile 1, Queen of clubs, 6 cards"]


def test_close_ends_the_voice_and_its_thread(stand_in: Voices) -> None:
    voice, log = stand_in(60)
    voice.say("first")
    lines_when(log, 1)
    proc = voice._proc
    voice.close()
    assert not voice._thread.is_alive()
    assert proc is not None
    assert proc.wait(30) != 0


# -- the client ------------------------------------------------------------------------


def test_speech_is_not_loaded_while_it_is_off(tmp_path: Path) -> None:
    code = (
        "import sys, runpy; sys.argv = ['main.py', '--frames', '2', '--data-dir', "
        f"{str(tmp_path)!r}, '--code', 'CR1-N-AAAAAAD']\n"
        "try:\n    runpy.run_path('main.py', run_name='__main__')\n"
        "except SystemExit:\n    pass\n"
        "print('speech' if any(m.endswith('.speech') for m in sys.modules) else 'silent')"
    )
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip().splitlines()[-1] == "silent"


def test_turning_speech_off_closes_the_voice(client_for: MakeClient) -> None:
    c = client_for(code="CR1-N-AAAAAAD")
    speaker = FakeSpeaker()
    c.app.speak_with(speaker)
    c.app.change_setting("speech", False)
    assert speaker.closed
    assert c.app.announcer is None
    assert not c.app.session.settings.speech


# -- the real voice ----------------------------------------------------------------------


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_espeak_ng_says_a_focus_sentence_into_a_wav_that_is_not_silent(
    tmp_path: Path, lang: str
) -> None:
    tr = load_translator(lang)
    sentence = Announcer(lambda: tr, lambda _t, _i: None).place(Game.from_code("CR1-N-AAAAAAD"), 9)
    wav = tmp_path / "said.wav"
    if not write_wav(sentence, lang, wav):
        pytest.skip("espeak-ng is not installed (apt-get install espeak-ng; .ci/run does)")
    with wave.open(str(wav)) as w:
        assert w.getsampwidth() == 2
        assert w.getnframes() > w.getframerate() // 2  # over half a second of speech
        frames = w.readframes(w.getnframes())
    samples = memoryview(frames).cast("h")
    rms = math.sqrt(sum(s * s for s in samples) / len(samples))
    assert rms > 300  # a voice, not silence (digital silence is 0)
