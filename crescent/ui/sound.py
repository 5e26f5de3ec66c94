"""Short sounds for the table: pick-up, place, refusal, redeal, hint, win.

The sounds are WAV files in ``assets/sounds/`` made by ``tools/make_sounds.py``.
The mixer starts on the first sound asked for (never before the first frame,
and never when sound is off); a machine with no audio device, or
``SDL_AUDIODRIVER=dummy``, gives silence: any failure to start the mixer or to
load a file switches sound off for the session, quietly. An open audio device
costs its thread's wake-ups (about 0.4 % of a core, sound or not): after
:data:`CLOSE_AFTER_S` of silence the mixer is closed again, and the next sound
opens it.
"""

from __future__ import annotations

import enum
import logging
import math
from collections.abc import Callable

import pygame

from crescent import logs, resources


def _log() -> logging.Logger:
    return logs.get(__name__)


CLOSE_AFTER_S = 8.0
"""Seconds of silence after which the mixer (and the audio device) is closed."""


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
    """Not started yet: the first cue starts it."""
    READY = "ready"
    OFF = "off"
    """Could not start (no device, no mixer module): silent for this session."""


class SoundBoard:
    """Plays cues when ``enabled()`` says sound is on; remembers what it was asked."""

    def __init__(
        self, enabled: Callable[[], bool], clock: Callable[[], float] | None = None
    ) -> None:
        self.enabled = enabled
        self.clock = clock or (lambda: 0.0)
        """The app's clock (``App.now``): when the last sound was asked for."""
        self._last = -math.inf
        self.state = MixerState.IDLE
        self.cued: list[Cue] = []
        """Every cue asked for while sound was on (tests read it; it is short-lived)."""
        self._sounds: dict[Cue, pygame.mixer.Sound] = {}

    def play(self, cue: Cue) -> None:
        if not self.enabled():
            return
        self.cued.append(cue)
        del self.cued[:-32]
        self._last = self.clock()
        if self.state is MixerState.IDLE:
            self._start()
        sound = self._sounds.get(cue)
        if sound is not None:
            try:
                sound.play()
            except pygame.error:  # a device that vanished: stay silent
                _log().info("sound: playing %s failed", cue.value, exc_info=True)

    def _start(self) -> None:
        try:
            if pygame.mixer.get_init() is None:
                pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
            self._sounds = {
                cue: pygame.mixer.Sound(file=str(resources.path(f"sounds/{cue.value}.wav")))
                for cue in Cue
            }
            self.state = MixerState.READY
        except (pygame.error, NotImplementedError, OSError) as e:
            # No audio device, no mixer module (NotImplementedError), a missing or
            # unreadable file (resources.MissingAsset is an OSError).
            _log().info("sound off: %s", e)
            self._sounds = {}
            self.state = MixerState.OFF

    def wake_at(self, now: float) -> float:
        """When the mixer may close (the app's loop sleeps until then at most)."""
        return self._last + CLOSE_AFTER_S if self.state is MixerState.READY else math.inf

    def tick(self, now: float) -> None:
        """Close the mixer after :data:`CLOSE_AFTER_S` of silence (a sound still
        playing keeps it open)."""
        if self.state is not MixerState.READY or now < self._last + CLOSE_AFTER_S:
            return
        try:
            if pygame.mixer.get_init() is not None and pygame.mixer.get_busy():
                self._last = now - CLOSE_AFTER_S + 1.0  # look again in a second
                return
            self._sounds = {}
            pygame.mixer.quit()
        except (pygame.error, NotImplementedError):
            _log().info("sound: closing the mixer failed", exc_info=True)
        self.state = MixerState.IDLE

    def stop(self) -> None:
        """Silence whatever plays (sound switched off)."""
        if self.state is MixerState.READY:
            try:
                pygame.mixer.stop()
            except (pygame.error, NotImplementedError):
                _log().info("sound: stop failed", exc_info=True)
