"""Short sounds for the table: pick-up, place, refusal, redeal, hint, win.

The sounds are WAV files in ``assets/sounds/`` made by ``tools/make_sounds.py``.
The mixer starts on the first sound asked for (never before the first frame,
and never when sound is off); a machine with no audio device, or
``SDL_AUDIODRIVER=dummy``, gives silence: any failure to start the mixer or to
load a file switches that board's sound off, quietly. An open audio device
costs its thread's wake-ups (about 0.4 % of a core, sound or not): after
:data:`CLOSE_AFTER_S` of silence the mixer is closed again, and the next sound
opens it.

**One thread owns the mixer** (``crescent-sound``): it opens, plays, stops and closes
it; the frame (each app's :class:`SoundBoard`) only queues cues. Opening an audio
device takes 0.1-0.27 s on a machine with audio, which the first tap after every pause
paid when the game loop opened it. pygame's ``mixer.init`` holds the interpreter lock
while it opens, so the thread first waits for a frame shown after the cue was asked
(:meth:`SoundBoard.frame_shown`): the tap's change is on the screen before the open
can hold the loop back; closing (``Mix_CloseAudio``) runs without the lock.

pygame-ce's mixer is one per process and not safe to use from two threads: a
``Sound.play`` in one thread while another quits the mixer writes through the freed
channel table (the ``segfault at 8`` in ``mixer.so`` that lost a test worker;
``tests/ui/sound_stress.py`` crashes the earlier designs within a few cycles). So there
is one owner per process (:data:`_owner`), shared by every board, whatever the number
of apps a process makes (the tests make hundreds), and nothing else touches the mixer:

* every close stops every channel first (``pygame.mixer.stop()``): no sound then ends
  in SDL's audio thread, whose callback into pygame waits for the interpreter lock,
  while ``mixer.quit`` holds that lock and waits for SDL's audio lock;
* ``pygame.quit()`` calls the functions given to ``pygame.register_quit`` before it
  quits its own modules, but forgets them as it calls them: the frame registers
  :func:`_pygame_quits` again whenever it asks for a sound and none is registered, on
  the thread that quits pygame, so it is registered while the sound thread lives; it
  ends that thread (stop, close, join) before pygame's own quit of the mixer. The
  game's every way out passes there: the normal quit and an ending signal
  (``game_main`` quits pygame), an error unwinding the start, the interpreter's exit
  (pygame quits at exit); a kiosk that lost its display leaves with ``os._exit`` and
  quits nothing;
* a thread that does not end within :data:`CLOSE_WAIT_S` (an audio driver that hangs)
  is logged and left behind, and no second owner is started beside it: sound stays off
  while it lives.
"""

from __future__ import annotations

import enum
import logging
import math
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from crescent import logs, resources


def _log() -> logging.Logger:
    return logs.get(__name__)


CLOSE_AFTER_S = 8.0
"""Seconds of silence after which the mixer (and the audio device) is closed."""
CLOSE_WAIT_S = 10.0
"""The longest ``pygame.quit()`` waits for the sound thread to close the mixer and end
(it takes milliseconds; only a hung audio driver reaches this)."""
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
    """Could not start (no device, no mixer module, a missing file): silent for this
    board's session."""


class Ask(enum.Enum):
    """What a board asks the sound thread."""

    PLAY = "play"
    STOP = "stop"
    CLOSE = "close"
    """Close the mixer once the sound playing ends (a silence)."""


@dataclass(frozen=True)
class Request:
    what: Ask
    board: SoundBoard
    cue: Cue | None
    asked: float
    """When (``time.monotonic``)."""
    frames: int
    """The frames shown by then."""


Sounds = dict[Cue, pygame.mixer.Sound]


class SoundBoard:
    """One app's sounds: plays cues when ``enabled()`` says sound is on and remembers
    what it was asked. It only asks; the sound thread does (see the module doc)."""

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

    def play(self, cue: Cue) -> None:
        if not self.enabled():
            return
        self.cued.append(cue)
        del self.cued[:-32]
        self._last = self.clock()
        if self.state is MixerState.OFF:
            return
        self.state = MixerState.READY
        _owner.ask(Ask.PLAY, self, cue)

    def wake_at(self, now: float) -> float:
        """When the mixer may close (the app's loop sleeps until then at most)."""
        return self._last + CLOSE_AFTER_S if self.state is MixerState.READY else math.inf

    def tick(self, now: float) -> None:
        """Close the mixer after :data:`CLOSE_AFTER_S` of silence (the thread waits for
        a sound still playing)."""
        if self.state is MixerState.READY and now >= self._last + CLOSE_AFTER_S:
            self.state = MixerState.IDLE
            _owner.ask(Ask.CLOSE, self)

    def stop(self) -> None:
        """Silence whatever plays (sound switched off)."""
        if self.state is MixerState.READY:
            _owner.ask(Ask.STOP, self)

    def frame_shown(self) -> None:
        """A frame is on the screen: the mixer may open now (the module doc says why)."""
        _owner.frame_shown()


def close() -> bool:
    """Stop every sound, close the mixer and end the sound thread, waiting at most
    :data:`CLOSE_WAIT_S`; False, logged, when it did not end. A later sound starts them
    again."""
    return _owner.end(CLOSE_WAIT_S)


def _pygame_quits() -> None:
    """Given to ``pygame.register_quit``: pygame calls it before it quits its modules,
    and forgets it."""
    _owner.unhooked()
    close()


def settle(timeout_s: float) -> bool:
    """Wait until the sound thread has done all it was asked (tests); False on time out."""
    return _owner.settle(timeout_s)


class _Owner:
    """The one sound thread of the process and what it was asked (the module doc)."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._requests: deque[Request] = deque()
        self._busy = False
        """The thread has a request in hand (taken from the queue, not yet done)."""
        self._frames = 0
        self._thread: threading.Thread | None = None
        self._ending = False
        """:func:`close` asked the thread to end and it has not yet."""
        self._hooked = False
        """:func:`_pygame_quits` is in pygame's list of quit functions."""

    # -- the frame's side (the main thread) ----------------------------------------

    def ask(self, what: Ask, board: SoundBoard, cue: Cue | None = None) -> None:
        with self._cond:
            if self._ending or (self._thread is None and what is not Ask.PLAY):
                return  # (ending: see end; no thread: nothing open to stop or close)
            self._requests.append(Request(what, board, cue, time.monotonic(), self._frames))
            self._cond.notify_all()
            if not self._hooked:
                # Before pygame.quit() quits the mixer, the thread ends (the module doc).
                pygame.register_quit(_pygame_quits)
                self._hooked = True
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._serve, name="crescent-sound", daemon=True
                )
                self._thread.start()

    def frame_shown(self) -> None:
        with self._cond:
            self._frames += 1
            self._cond.notify_all()

    def unhooked(self) -> None:
        with self._cond:
            self._hooked = False

    def end(self, timeout_s: float) -> bool:
        with self._cond:
            thread = self._thread
            if thread is None:
                return True
            self._ending = True
            self._cond.notify_all()
        thread.join(timeout_s)
        if thread.is_alive():
            # Left behind, still the owner: no other thread starts while it lives.
            _log().warning("sound: the sound thread did not stop within %g s", timeout_s)
            return False
        return True

    def settle(self, timeout_s: float) -> bool:
        with self._cond:
            return self._cond.wait_for(lambda: not self._requests and not self._busy, timeout_s)

    # -- the sound thread ----------------------------------------------------------

    def _serve(self) -> None:
        """Do what the boards ask, in order, until :meth:`end`; then close the mixer."""
        sounds: Sounds = {}
        try:
            while (request := self._next()) is not None:
                self._do(sounds, request)
        finally:
            _shut(sounds)
            with self._cond:
                self._requests.clear()
                self._busy = False
                self._ending = False
                self._thread = None
                self._cond.notify_all()

    def _next(self) -> Request | None:
        """The next request, waited for; None when the thread is to end."""
        with self._cond:
            self._busy = False
            self._cond.notify_all()
            self._cond.wait_for(lambda: bool(self._requests) or self._ending)
            if self._ending:
                return None
            self._busy = True
            return self._requests.popleft()

    def _do(self, sounds: Sounds, request: Request) -> None:
        """One request; ``sounds`` holds the loaded sounds while the mixer is open."""
        board = request.board
        try:
            if request.what is Ask.CLOSE:
                if sounds and self._silent():
                    _shut(sounds)
            elif request.what is Ask.STOP:
                if sounds:
                    pygame.mixer.stop()
            elif board.state is not MixerState.OFF and request.cue is not None:
                if not sounds and self._frame_after(request.frames):
                    _open(sounds)
                late = time.monotonic() - request.asked > LATE_S
                if sounds and not late and not self._ending:
                    sounds[request.cue].play()
        except (pygame.error, NotImplementedError, OSError) as e:
            # No audio device, no mixer module (NotImplementedError), a missing or
            # unreadable file (resources.MissingAsset is an OSError), a device gone.
            _log().info("sound off: %s", str(e))
            board.state = MixerState.OFF
            _shut(sounds)

    def _frame_after(self, frames: int) -> bool:
        """Wait until a frame was shown after the one the cue was asked in (at most
        :data:`FRAME_WAIT_S`); False when the thread is to end instead."""
        with self._cond:
            self._cond.wait_for(lambda: self._frames != frames or self._ending, FRAME_WAIT_S)
            return not self._ending

    def _silent(self) -> bool:
        """Wait until no sound plays; False when a request came (or the end) meanwhile."""
        while pygame.mixer.get_busy():
            with self._cond:
                if self._cond.wait_for(lambda: bool(self._requests) or self._ending, 0.1):
                    return False
        return True


def _open(sounds: Sounds) -> None:
    """Start the mixer (if it is not started) and load every cue's sound into ``sounds``."""
    if pygame.mixer.get_init() is None:
        pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
    for cue in Cue:
        sounds[cue] = pygame.mixer.Sound(file=str(resources.path(f"sounds/{cue.value}.wav")))


def _shut(sounds: Sounds) -> None:
    """Stop every channel, forget the sounds, close the mixer (if it is open); pygame's
    errors logged, not raised. Stopping first: no sound can end (the audio thread's
    callback into pygame) while ``mixer.quit`` frees the channels' table."""
    try:
        if pygame.mixer.get_init() is not None:
            pygame.mixer.stop()
            sounds.clear()
            pygame.mixer.quit()
    except (pygame.error, NotImplementedError):
        _log().info("sound: closing the mixer failed", exc_info=True)
    sounds.clear()


_owner = _Owner()
"""The process's one owner of pygame's (process-wide) mixer."""
