"""Short sounds for the table: pick-up, place, refusal, redeal, hint, win.

The sounds are WAV files in ``assets/sounds/`` made by ``tools/make_sounds.py``.
The mixer starts on the first sound asked for (never before the first frame,
and never when sound is off); a machine with no audio device, or
``SDL_AUDIODRIVER=dummy``, gives silence: any failure to start the mixer or to
load a file switches sound off for the session, quietly. An open audio device
costs its thread's wake-ups (about 0.4 % of a core, sound or not): after
:data:`CLOSE_AFTER_S` of silence the mixer is closed again, and the next sound
opens it.

The mixer is opened, played, closed and fails in a thread of its own
(``crescent-sound``), never on the frame: opening an audio device takes 0.1-0.27 s,
which the first tap after every pause paid when the loop did it. A cue asked while it
opens plays when it is open (not when that is over :data:`LATE_S` later).
"""

from __future__ import annotations

import enum
import logging
import math
import queue
import threading
import time
from collections.abc import Callable

import pygame

from crescent import logs, resources


def _log() -> logging.Logger:
    return logs.get(__name__)


CLOSE_AFTER_S = 8.0
"""Seconds of silence after which the mixer (and the audio device) is closed."""
LATE_S = 0.5
"""A cue that waited longer than this for the mixer to open is not played."""


class Cue(enum.Enum):
    """What happened; the value names the file ``assets/sounds/<value>.wav``."""

    PICKUP = "pickup"
    PLACE = "place"
    REFUSE = "refuse"
    REDEAL = "redeal"
    HINT = "hint"
    WIN = "win"


class MixerState(enum.Enum):
    IDLE = "idle"
    """Not started yet (or closed after a silence): the next cue starts it."""
    READY = "ready"
    """Started, or asked to start (the sound thread opens it)."""
    OFF = "off"
    """Could not start (no device, no mixer module): silent for this session."""


class _Ask(enum.Enum):
    PLAY = "play"
    STOP = "stop"
    CLOSE = "close"


Request = tuple[_Ask, Cue | None, float]
"""What the frame asks the sound thread: what, which cue, when (``time.monotonic``)."""


class SoundBoard:
    """Plays cues when ``enabled()`` says sound is on; remembers what it was asked. The
    frame only asks: the sound thread does (see the module doc)."""

    def __init__(
        self, enabled: Callable[[], bool], clock: Callable[[], float] | None = None
    ) -> None:
        self.enabled = enabled
        self.clock = clock or (lambda: 0.0)
        """The app's clock (``App.now``): when the last sound was asked for."""
        self._last = -math.inf
        self.state = MixerState.IDLE
        """What the frame asked for (READY, IDLE), or OFF once the thread failed."""
        self.cued: list[Cue] = []
        """Every cue asked for while sound was on (tests read it; it is short-lived)."""
        self._requests: queue.SimpleQueue[Request] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._done = threading.Condition()
        self._asked = 0
        self._handled = 0

    def play(self, cue: Cue) -> None:
        if not self.enabled():
            return
        self.cued.append(cue)
        del self.cued[:-32]
        self._last = self.clock()
        if self.state is MixerState.OFF:
            return
        self.state = MixerState.READY
        self._ask(_Ask.PLAY, cue)

    def wake_at(self, now: float) -> float:
        """When the mixer may close (the app's loop sleeps until then at most)."""
        return self._last + CLOSE_AFTER_S if self.state is MixerState.READY else math.inf

    def tick(self, now: float) -> None:
        """Close the mixer after :data:`CLOSE_AFTER_S` of silence (the thread waits for
        a sound still playing)."""
        if self.state is MixerState.READY and now >= self._last + CLOSE_AFTER_S:
            self.state = MixerState.IDLE
            self._ask(_Ask.CLOSE)

    def stop(self) -> None:
        """Silence whatever plays (sound switched off)."""
        if self.state is MixerState.READY:
            self._ask(_Ask.STOP)

    def settle(self, timeout_s: float = 30.0) -> bool:
        """Wait until the thread has done all it was asked (tests); False on timeout."""
        with self._done:
            return self._done.wait_for(lambda: self._handled == self._asked, timeout_s)

    def _ask(self, what: _Ask, cue: Cue | None = None) -> None:
        with self._done:
            self._asked += 1
        self._requests.put((what, cue, time.monotonic()))
        if self._thread is None:
            self._thread = threading.Thread(target=self._serve, name="crescent-sound", daemon=True)
            self._thread.start()

    def _serve(self) -> None:
        """The sound thread: does what the frame asks, in order, for the session."""
        sounds: dict[Cue, pygame.mixer.Sound] = {}
        while True:
            what, cue, asked = self._requests.get()
            if self.state is not MixerState.OFF:
                sounds = self._do(sounds, what, cue, asked)
            with self._done:
                self._handled += 1
                self._done.notify_all()

    def _do(
        self, sounds: dict[Cue, pygame.mixer.Sound], what: _Ask, cue: Cue | None, asked: float
    ) -> dict[Cue, pygame.mixer.Sound]:
        """One request; the sounds loaded after it (none: the mixer is closed)."""
        try:
            if what is _Ask.CLOSE:
                return sounds if self._close(sounds) else {}
            if what is _Ask.STOP:
                if sounds:
                    pygame.mixer.stop()
                return sounds
            if not sounds:
                sounds = _open()
            if cue is not None and time.monotonic() - asked <= LATE_S:
                sounds[cue].play()
        except (pygame.error, NotImplementedError, OSError) as e:
            # No audio device, no mixer module (NotImplementedError), a missing or
            # unreadable file (resources.MissingAsset is an OSError), a device gone.
            _log().info("sound off: %s", e)
            self.state = MixerState.OFF
            return {}
        return sounds

    def _close(self, sounds: dict[Cue, pygame.mixer.Sound]) -> bool:
        """Close the mixer once the sound playing ends; True when a cue was asked for
        meanwhile (it stays open)."""
        while sounds and pygame.mixer.get_busy():
            if not self._requests.empty():
                return True
            time.sleep(0.05)
        if not self._requests.empty() and self.state is MixerState.READY:
            return True
        if pygame.mixer.get_init() is not None:
            pygame.mixer.quit()
        return False


def _open() -> dict[Cue, pygame.mixer.Sound]:
    """The mixer started (or already started), every cue's sound loaded."""
    if pygame.mixer.get_init() is None:
        pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
    return {
        cue: pygame.mixer.Sound(file=str(resources.path(f"sounds/{cue.value}.wav"))) for cue in Cue
    }
