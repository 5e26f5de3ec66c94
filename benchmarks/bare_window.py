"""The floor under the first frame: a bare pygame program's first frame, in a fresh process.

Python starts, imports pygame, opens a window of the size asked, fills it and updates the
display: what any pygame game pays before it draws anything of its own. ``python -m
crescent.bench frames`` runs it interleaved with the game's own starts, so the game's
figures can be read against this machine's pace at that moment.
Usage: ``python -m benchmarks.bare_window WxH``; prints JSON (``wall``: time.time() after
the update).
"""

from __future__ import annotations

import json
import os
import sys
import time


def main(argv: list[str]) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    w, h = (int(v) for v in argv[0].split("x"))
    import pygame

    pygame.display.init()
    screen = pygame.display.set_mode((w, h))
    screen.fill((24, 90, 56))
    pygame.display.flip()
    print(json.dumps({"wall": time.time(), "cpu": time.process_time()}))
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
