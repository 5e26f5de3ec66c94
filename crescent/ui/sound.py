"""Short sounds for the table: pick-up, place, refusal, redeal, hint, win.

The sounds are WAV files in ``assets/sounds/`` made by ``tools/make_sounds.py``.
The mixer starts on the first sound asked for (never before the first frame,
and never when sound is off); a machine with no audio device, or
``SDL_AUDIODRIVER=dummy``, gives silence: any failure to start the mixer or to
load a file switches sound off for the session, quietly.
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from crescent import resources

if TYPE_CHECKING:
    import pygame

log = logging.getLogger(__name__)


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

    def __init__(self, enabled: Callable[[], bool]) -> None:
        self.enabled = enabled
        self.state = MixerState.IDLE
        self.cued: list[Cue] = []
        """Every cue asked for while sound was on (tests read it; it is short-lived)."""
        self._sounds: dict[Cue, pygame.mixer.Sound] = {}

    def play(self, cue: Cue) -> None:
        if not self.enabled():
            return
        self.cued.append(cue)
        del self.cued[:-32]
        if self.state is MixerState.IDLE:
            self._start()
        sound = self._sounds.get(cue)
        if sound is not None:
            try:
                sound.play()
            except Exception:  # a device that vanished: stay silent
                log.info("sound: playing %s failed", cue.value, exc_info=True)

    def _start(self) -> None:
        try:
            import pygame

            if pygame.mixer.get_init() is None:
                pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
            self._sounds = {
                cue: pygame.mixer.Sound(file=str(resources.path(f"sounds/{cue.value}.wav")))
                for cue in Cue
            }
            self.state = MixerState.READY
        except Exception as e:  # no audio device, no mixer, an unreadable file
            log.info("sound off: %s", e)
            self._sounds = {}
            self.state = MixerState.OFF

    def stop(self) -> None:
        """Silence whatever plays (sound switched off)."""
        if self.state is MixerState.READY:
            try:
                import pygame

                pygame.mixer.stop()
            except Exception:
                log.info("sound: stop failed", exc_info=True)
