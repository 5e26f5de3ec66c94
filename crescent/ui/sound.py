"""Short sounds for the table: pick-up, place, refusal, redeal, hint, win.

The sounds are WAV files in ``assets/sounds/`` made by ``tools/make_sounds.py``.
The mixer starts on the first sound asked for (never before the first frame,
and never when sound is off); a machine with no audio device, or
``SDL_AUDIODRIVER=dummy``, gives silence: any failure to start the mixer or to
load a file switches sound off for the session, quietly. An open audio device
costs its thread's wake-ups (about 0.4 % of a core, sound or not): after
:data:`CLOSE_AFTER_S` of silence the mixer is closed again, and the next sound
opens it.

One thread owns the mixer (``crescent-sound``, started with the first sound): it opens,
plays, closes and fails it; the frame only hands it requests. Opening an audio device
takes 0.1-0.27 s on a machine with audio, which the first tap after every pause paid
when the loop opened it. pygame's ``mixer.init`` holds the interpreter lock while it
opens the device, so the thread first waits for the frame the tap was made in to be
shown (:meth:`SoundBoard.frame_shown`): the tap's change is on the screen before the
open can hold the loop back.

Two threads closing the mixer at once deadlock in SDL_mixer (``Mix_CloseAudio``), so
nothing but the thread touches it, and the thread is stopped and joined before
``pygame.quit()`` quits the mixer: the board registers :meth:`SoundBoard.close` with
``pygame.register_quit``, whose functions pygame calls before its own modules quit
(tests/ui/test_sound.py checks that order). Every way out of the game passes there: the
normal quit, an ending signal (crescent/ending.py: the loop ends, ``game_main`` quits
pygame), an error unwinding the start; a kiosk that lost its display leaves with
``os._exit`` and quits nothing. A thread that does not stop within
:data:`CLOSE_WAIT_S` (an audio driver that hangs) is logged and left behind (a daemon).
"""

from __future__ import annotations

import enum
import logging
import math
import threading
import time
from collections import deque
from collections.abc import Callable

import pygame

from crescent import logs, resources


def _log() -> logging.Logger:
    return logs.get(__name__)


CLOSE_AFTER_S = 8.0
"""Seconds of silence after which the mixer (and the audio device) is closed."""
CLOSE_WAIT_S = 2.0
"""The longest the quit waits for the sound thread to close the mixer and end."""
FRAME_WAIT_S = 0.1
"""The longest the thread waits for a frame before it opens the mixer (with no app
drawing frames, it opens all the same)."""
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
    """Could not start (no device, no mixer module), or the board is closed: silent."""


class Ask(enum.Enum):
    """What the frame asks the sound thread."""

    PLAY = "play"
    STOP = "stop"
    CLOSE = "close"
    """Close the mixer (a silence)."""
    END = "end"
    """Close the mixer and end the thread (pygame quits)."""


Request = tuple[Ask, Cue | None, float, int]
"""What, which cue, when (``time.monotonic``), and the frames shown by then."""

Sounds = dict[Cue, pygame.mixer.Sound]


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
        self._cond = threading.Condition()
        self._requests: deque[Request] = deque()
        self._busy = False
        """The thread has a request in hand (taken from the queue, not yet done)."""
        self._frames = 0
        self._thread: threading.Thread | None = None
        self._ended = False

    # -- the frame's side ----------------------------------------------------------

    def play(self, cue: Cue) -> None:
        if not self.enabled():
            return
        self.cued.append(cue)
        del self.cued[:-32]
        self._last = self.clock()
        if self.state is MixerState.OFF:
            return
        self.state = MixerState.READY
        self._ask(Ask.PLAY, cue)

    def wake_at(self, now: float) -> float:
        """When the mixer may close (the app's loop sleeps until then at most)."""
        return self._last + CLOSE_AFTER_S if self.state is MixerState.READY else math.inf

    def tick(self, now: float) -> None:
        """Close the mixer after :data:`CLOSE_AFTER_S` of silence (the thread waits for
        a sound still playing)."""
        if self.state is MixerState.READY and now >= self._last + CLOSE_AFTER_S:
            self.state = MixerState.IDLE
            self._ask(Ask.CLOSE)

    def stop(self) -> None:
        """Silence whatever plays (sound switched off)."""
        if self.state is MixerState.READY:
            self._ask(Ask.STOP)

    def frame_shown(self) -> None:
        """A frame is on the screen: the mixer may open now (the module doc says why)."""
        with self._cond:
            self._frames += 1
            self._cond.notify_all()

    def close(self, timeout_s: float | None = None) -> bool:
        """Close the mixer and end the thread, waiting at most ``timeout_s`` (default
        :data:`CLOSE_WAIT_S`); False, logged, when it did not end. The board is silent
        from now on."""
        with self._cond:
            self.state = MixerState.OFF
            thread = self._thread
            if thread is None:
                self._ended = True
                return True
            if not self._ended:
                self._ended = True
                self._requests.append((Ask.END, None, time.monotonic(), self._frames))
                self._cond.notify_all()
        wait = CLOSE_WAIT_S if timeout_s is None else timeout_s
        thread.join(wait)
        if thread.is_alive():
            _log().warning("sound: the sound thread did not stop within %g s; left behind", wait)
            return False
        return True

    def settle(self, timeout_s: float) -> bool:
        """Wait until the thread has done all it was asked (tests); False on time out."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._requests and not self._busy, timeout_s)

    def _ask(self, what: Ask, cue: Cue | None = None) -> None:
        with self._cond:
            if self._ended:
                return
            self._requests.append((what, cue, time.monotonic(), self._frames))
            self._cond.notify_all()
            if self._thread is not None:
                return
            self._thread = threading.Thread(target=self._serve, name="crescent-sound", daemon=True)
        # Before pygame.quit() quits the mixer, the thread ends (the module doc).
        pygame.register_quit(self.close)
        self._thread.start()

    # -- the sound thread ----------------------------------------------------------

    def _serve(self) -> None:
        """The sound thread: does what the frame asks, in order, until it is ended."""
        sounds: Sounds = {}
        while True:
            with self._cond:
                self._cond.wait_for(lambda: bool(self._requests))
                what, cue, asked, frames = self._requests.popleft()
                self._busy = True
            try:
                if what is Ask.END:
                    _quit()
                    return
                if self.state is not MixerState.OFF:
                    if not sounds and what is Ask.PLAY:
                        self._wait_for_frame(frames)
                    sounds = self._do(sounds, what, cue, asked)
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()

    def _wait_for_frame(self, frames: int) -> None:
        """Until a frame was shown after the one the cue was asked in (at most
        :data:`FRAME_WAIT_S`), or the board is closing."""
        with self._cond:
            self._cond.wait_for(lambda: self._frames != frames or self._ended, FRAME_WAIT_S)

    def _do(self, sounds: Sounds, what: Ask, cue: Cue | None, asked: float) -> Sounds:
        """One request; the sounds loaded after it (none: the mixer is closed)."""
        try:
            if what is Ask.CLOSE:
                return sounds if self._close_after_sound(sounds) else {}
            if what is Ask.STOP:
                if sounds:
                    pygame.mixer.stop()
                return sounds
            if not sounds:
                sounds = _open()
            late = time.monotonic() - asked > LATE_S
            if cue is not None and not late and self.state is not MixerState.OFF:
                sounds[cue].play()  # (not once the board closed while it opened)
        except (pygame.error, NotImplementedError, OSError) as e:
            # No audio device, no mixer module (NotImplementedError), a missing or
            # unreadable file (resources.MissingAsset is an OSError), a device gone.
            _log().info("sound off: %s", e)
            self.state = MixerState.OFF
            _quit()
            return {}
        return sounds

    def _close_after_sound(self, sounds: Sounds) -> bool:
        """Close the mixer once the sound playing ends; True when it stays open (a
        request came meanwhile)."""
        if not sounds:
            return False
        while pygame.mixer.get_busy():
            with self._cond:
                if self._cond.wait_for(lambda: bool(self._requests), 0.1):
                    return True
        _quit()
        return False


def _open() -> Sounds:
    """The mixer started (or already started), every cue's sound loaded."""
    if pygame.mixer.get_init() is None:
        pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
    return {
        cue: pygame.mixer.Sound(file=str(resources.path(f"sounds/{cue.value}.wav"))) for cue in Cue
    }


def _quit() -> None:
    """The mixer closed, if it is open (pygame's errors logged, not raised)."""
    try:
        if pygame.mixer.get_init() is not None:
            pygame.mixer.quit()
    except (pygame.error, NotImplementedError):
        _log().info("sound: closing the mixer failed", exc_info=True)
