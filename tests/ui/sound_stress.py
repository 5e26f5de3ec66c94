"""The sound thread under stress, in a process of its own (tests/ui/test_sound_stress.py).

``python tests/ui/sound_stress.py CYCLES SEED [MODULE]``: CYCLES times, pygame's display
starts, two apps' sound boards (the tests make many apps in one process) ask for short
sounds, stops and closes at random instants while frames are shown, and the main thread
quits pygame with sounds playing; the next cycle starts pygame again. Last, the
process exits with a sound playing. It prints "ok" at the end (and exits with 0); a
crash kills the process instead. MODULE, a file, replaces
``crescent.ui.sound`` (to show that an earlier design crashes); ``no-stop`` or
``no-hook`` take the stop before each close, or the quit function, out of this one.
"""

from __future__ import annotations

import importlib.util
import os
import random
import sys
import time
from pathlib import Path
from types import ModuleType

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pygame


def load_sound(module: str | None) -> ModuleType:
    if module is None:
        from crescent.ui import sound

        return sound
    spec = importlib.util.spec_from_file_location("crescent.ui.sound", module)
    assert spec is not None
    assert spec.loader is not None
    loaded = importlib.util.module_from_spec(spec)
    sys.modules["crescent.ui.sound"] = loaded
    spec.loader.exec_module(loaded)
    return loaded


def without_stop(sound: ModuleType) -> None:
    """The design less its stop before each close (to show what the stop is for)."""

    def shut(sounds: dict[object, object]) -> None:
        if pygame.mixer.get_init() is not None:
            sounds.clear()
            pygame.mixer.quit()

    setattr(sound, "_shut", shut)  # noqa: B010 (any module's)


def main(cycles: int, seed: int, module: str | None) -> None:
    sound = load_sound(None if module in ("no-stop", "no-hook") else module)
    if module == "no-stop":
        without_stop(sound)
    if module == "no-hook":  # the design less its quit function: pygame.quit() races it
        pygame.register_quit = lambda f: None
    rng = random.Random(seed)
    now = [0.0]
    short = [sound.Cue.PICKUP, sound.Cue.PLACE]
    for cycle in range(cycles):
        print(cycle, file=sys.stderr, flush=True)
        pygame.display.init()
        boards = [sound.SoundBoard(lambda: True, lambda: now[0]) for _ in range(2)]
        for _ in range(rng.randint(1, 12)):
            board = rng.choice(boards)
            r = rng.random()
            if r < 0.6:
                board.play(rng.choice(short))
            elif r < 0.7:
                board.stop()
            elif r < 0.9:
                now[0] += sound.CLOSE_AFTER_S
                board.tick(now[0])
            board.frame_shown()
            time.sleep(rng.random() * 0.03)
        pygame.quit()
    # Last, the interpreter's exit with a sound playing and pygame not quit (pygame
    # quits at exit, and calls the sound's quit function first).
    pygame.display.init()
    board = sound.SoundBoard(lambda: True)
    board.play(sound.Cue.WIN)
    board.frame_shown()
    if hasattr(sound, "settle"):
        sound.settle(30)
    print("ok")


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3] if len(sys.argv) > 3 else None)
