"""The platform's voice: speakers that say a sentence without ever holding up a frame.

Which voice (:func:`find_backend`):

* Linux and the BSDs: ``espeak-ng`` (then ``spd-say`` of speech-dispatcher, then the
  older ``espeak``), one short process per sentence, in the game's language;
* macOS: ``say``, the system voice (the one chosen in System Settings, Spoken Content);
* Windows: SAPI, through one PowerShell process that reads sentences on its standard
  input and speaks them with ``System.Speech`` (started once: PowerShell takes about a
  second to start, far too slow for each sentence).

:class:`ProcessSpeaker` does the work in a thread of its own: ``say`` hands the sentence
over and returns at once; the thread starts the process once the frame that showed the
change is on the screen (``frame_shown``: starting a process takes a few milliseconds of
a core, which the frame answering a key or a click should not share), and waits for it
(reaping it).
A new sentence interrupts the one being said: ``say`` ends its process (a signal, it
does not wait) or, for the PowerShell reader, asks it to cancel. The thread sleeps on a
condition between sentences: speech idles at no CPU. No backend found: speech is silent
and says so in the log. :class:`FakeSpeaker` records sentences for the tests.

Loaded only when speech is on (``App.change_setting``); the standard library only, and no
pygame.
"""

from __future__ import annotations

import contextlib
import logging
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Final, NamedTuple, Protocol

from crescent import logs


def _log() -> logging.Logger:
    return logs.get(__name__)


ESPEAK_VOICES: Final = {"en": "en", "fr": "fr", "ca": "ca", "nl": "nl", "ja": "ja"}
"""espeak-ng's voice for each language of the game (older espeak-ng lack ``ja``: the
first sentence's process fails and :class:`ProcessSpeaker` falls back to ``en``)."""
WINDOWS_CULTURES: Final = {
    "en": "en-US",
    "fr": "fr-FR",
    "ca": "ca-ES",
    "nl": "nl-NL",
    "ja": "ja-JP",
}
"""The SAPI voice asked for each language (the default voice when none is installed)."""

_SAPI_SCRIPT: Final = (
    "Add-Type -AssemblyName System.Speech;"
    "$s=New-Object System.Speech.Synthesis.SpeechSynthesizer;"
    "try{$s.SelectVoiceByHints('NotSet','NotSet',0,"
    "[Globalization.CultureInfo]::GetCultureInfo('{culture}'))}catch{};"
    "[Console]::InputEncoding=[Text.Encoding]::UTF8;"
    "while($null -ne ($l=[Console]::In.ReadLine())){"
    "if($l.StartsWith('!')){$s.SpeakAsyncCancelAll()};"
    "[void]$s.SpeakAsync($l.Substring(1))}"
)
"""PowerShell: one line in, one sentence out; a line starting with "!" interrupts."""


class Speaker(Protocol):
    """Says sentences; a new one with ``interrupt`` stops the one being said."""

    def say(self, text: str, interrupt: bool = True) -> None: ...

    def frame_shown(self) -> None:
        """A frame is on the screen: what was said before it may start."""
        ...

    def close(self) -> None: ...


class FakeSpeaker:
    """A speaker that only remembers: what was said, and how often it was interrupted."""

    def __init__(self) -> None:
        self.spoken: list[str] = []
        self.interrupted = 0
        self.closed = False

    def say(self, text: str, interrupt: bool = True) -> None:
        if interrupt and self.spoken:
            self.interrupted += 1
        self.spoken.append(text)

    def frame_shown(self) -> None:
        """Nothing to start: the sentences are only remembered."""

    def close(self) -> None:
        self.closed = True


class Backend(NamedTuple):
    """How one platform speaks."""

    name: str
    command: tuple[str, ...]
    """The command that says one sentence, given as its last argument (for a ``reader``:
    the command to start, sentences go to its standard input)."""
    reader: bool = False
    """One long-lived process reading sentences on its standard input (Windows)."""
    cancel: tuple[str, ...] = ()
    """A command that stops what is being said (speech-dispatcher: its daemon speaks)."""
    fallback: tuple[str, ...] = ()
    """The command to use instead when the first one fails (espeak-ng without the voice)."""

    def argv(self, text: str) -> list[str]:
        """The command line that says ``text`` (never read as an option)."""
        return list(self.command) if self.reader else [*self.command, text.lstrip("-")]


def espeak_argv(program: str, voice: str, text: str, wav: Path | None = None) -> list[str]:
    """espeak-ng (or espeak) saying ``text`` with ``voice``; into ``wav`` when given."""
    out = ("-w", str(wav)) if wav is not None else ()
    return Backend("espeak-ng", (program, "-v", voice, *out)).argv(text)


def find_backend(
    lang: str,
    platform: str = sys.platform,
    which: Callable[[str], str | None] = shutil.which,
) -> Backend | None:
    """The way this platform speaks ``lang``; None when it has no voice."""
    if platform == "win32":
        shell = which("powershell") or which("pwsh")
        if shell is None:
            return None
        script = _SAPI_SCRIPT.replace("{culture}", WINDOWS_CULTURES.get(lang, "en-US"))
        command = (shell, "-NoProfile", "-NonInteractive", "-Command", script)
        return Backend("sapi", command, reader=True)
    if platform == "darwin":
        say = which("say")
        return Backend("say", (say,)) if say else None
    for program in ("espeak-ng", "spd-say", "espeak"):
        path = which(program)
        if path is None:
            continue
        if program == "spd-say":
            return Backend(program, (path, "-w", "-l", lang), cancel=(path, "-C"))
        voice = ESPEAK_VOICES.get(lang, "en")
        return Backend(program, (path, "-v", voice), fallback=(path, "-v", "en"))
    return None


FRAME_WAIT_S: Final = 0.1
"""The longest a sentence waits for the frame being drawn (:meth:`ProcessSpeaker.say`)."""


class ProcessSpeaker:
    """Says each sentence through ``backend``'s processes, from a thread of its own."""

    def __init__(self, backend: Backend) -> None:
        self.backend = backend
        self._cond = threading.Condition()
        self._queue: list[str] = []
        self._proc: subprocess.Popen[bytes] | None = None
        self._closed = False
        self._busy = False
        """The thread has a sentence in hand (taken from the queue, not yet said)."""
        self._frames = 0
        """Frames shown so far (:meth:`frame_shown`)."""
        self._asked = 0
        """The frame count when the last sentence was handed over."""
        self.said = 0
        """Sentences handed to a process so far."""
        self._thread = threading.Thread(target=self._run, name="speech", daemon=True)
        self._thread.start()

    def say(self, text: str, interrupt: bool = True) -> None:
        """Hand ``text`` over; returns at once. ``interrupt``: what is being said (and
        what waits to be said) is dropped."""
        text = " ".join(text.split())
        if not text:
            return
        with self._cond:
            if self._closed:
                return
            if interrupt:
                self._queue.clear()
            self._queue.append(("!" if interrupt else ">") + text)
            self._asked = self._frames
            proc = self._proc if interrupt and not self.backend.reader else None
            self._cond.notify()
        if proc is not None:
            _end(proc)

    def frame_shown(self) -> None:
        """A frame is on the screen: the sentences said while it was made may start."""
        with self._cond:
            self._frames += 1
            self._cond.notify_all()

    def close(self) -> None:
        """Stop speaking and end the thread (the app is closing)."""
        with self._cond:
            self._closed = True
            self._queue.clear()
            proc = self._proc
            self._cond.notify()
        if proc is not None:
            if self.backend.reader and proc.stdin is not None:
                with contextlib.suppress(OSError):
                    proc.stdin.close()
            _end(proc)
        self._thread.join(2.0)

    def wait_idle(self, timeout: float) -> bool:
        """Wait until everything handed over was said (tests); False on time out."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._queue and not self._busy, timeout)

    # -- the thread ----------------------------------------------------------------

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._queue or self._closed)
                if self._closed:
                    return
                # Wait for the frame being drawn (at most FRAME_WAIT_S: with no app
                # drawing frames, a sentence starts all the same).
                self._cond.wait_for(self._frame_passed(self._asked), FRAME_WAIT_S)
                if self._closed:
                    return
                if not self._queue:
                    continue  # close() or an interrupting say() emptied it meanwhile
                line = self._queue.pop(0)
                self._busy = True
            try:
                if self.backend.reader:
                    self._write(line)
                else:
                    self._speak(line[1:], interrupting=line[0] == "!")
            except (OSError, ValueError):
                _log().warning("speech: %s failed", self.backend.name, exc_info=True)
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()

    def _frame_passed(self, asked: int) -> Callable[[], bool]:
        """Whether a frame was shown since frame ``asked`` (or the speaker closed)."""
        return lambda: self._frames != asked or self._closed

    def _speak(self, text: str, *, interrupting: bool) -> None:
        """One sentence, one process, waited for here (so it is reaped)."""
        if interrupting and self.backend.cancel:
            _popen(self.backend.cancel).wait()
        argv = self.backend.argv(text)
        proc = self._start(argv)
        if proc is None:
            return
        code = proc.wait()
        with self._cond:
            self._proc = None
            self.said += 1
            interrupted = bool(self._queue) and self._queue[0][0] == "!"
            self._cond.notify_all()
        if code > 0 and not interrupted and self.backend.fallback:
            _log().info("speech: %s failed (%d); its English voice instead", argv[0], code)
            self.backend = self.backend._replace(command=self.backend.fallback, fallback=())

    def _start(self, argv: list[str]) -> subprocess.Popen[bytes] | None:
        """Start a sentence's process. Started outside the lock: :meth:`say`, called in
        a frame, never waits for a process to start (a few milliseconds, more on a busy
        machine)."""
        with self._cond:
            if self._closed:
                return None
        proc = _popen(argv)
        with self._cond:
            self._proc = proc
            stale = self._closed or bool(self._queue and self._queue[0][0] == "!")
        if stale:
            _end(proc)  # closed, or a newer sentence came while this one was starting
        return proc

    def _write(self, line: str) -> None:
        """The reader's way: one line on its standard input (started the first time)."""
        with self._cond:
            proc = self._proc
        if proc is None or proc.poll() is not None:
            proc = subprocess.Popen(
                self.backend.argv(""),
                stdin=subprocess.PIPE,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                creationflags=_NO_WINDOW,
            )
            with self._cond:
                self._proc = proc
        assert proc.stdin is not None
        proc.stdin.write(line.encode("utf-8") + b"\n")
        proc.stdin.flush()
        with self._cond:
            self.said += 1
            self._cond.notify_all()


_NO_WINDOW: Final[int] = getattr(subprocess, "CREATE_NO_WINDOW", 0)
"""On Windows no console opens for a speech process (0 elsewhere)."""


def _popen(argv: list[str] | tuple[str, ...]) -> subprocess.Popen[bytes]:
    """A speech process: it reads nothing and its output goes nowhere."""
    return subprocess.Popen(
        argv,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        creationflags=_NO_WINDOW,
    )


def _end(proc: subprocess.Popen[bytes]) -> None:
    """Stop a sentence's process now (its thread reaps it)."""
    with contextlib.suppress(OSError):  # it had already ended
        proc.terminate()


def platform_speaker(lang: str) -> Speaker:
    """This platform's speaker for ``lang``; a silent one (and a line in the log) when
    it has no voice."""
    backend = find_backend(lang)
    if backend is None:
        _log().warning("speech: no voice found (espeak-ng, spd-say, say or PowerShell)")
        return FakeSpeaker()
    _log().info("speech: through %s", backend.name)
    return ProcessSpeaker(backend)


def write_wav(
    text: str, lang: str, wav: Path, which: Callable[[str], str | None] = shutil.which
) -> bool:
    """Say ``text`` into the WAV file ``wav`` with espeak-ng (the tests' real run, through
    the backend's own command); False when espeak-ng is not installed."""
    program = which("espeak-ng")
    if program is None:
        return False
    argv = espeak_argv(program, ESPEAK_VOICES.get(lang, "en"), text, wav)
    proc = _popen(argv)
    try:
        code = proc.wait(30)
    finally:
        _end(proc)
    if code != 0:
        raise OSError(f"{argv[0]} exited with {code}")
    return True
