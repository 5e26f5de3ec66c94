"""Kill-test helper: end one game as the game does, on a slow disk.

Run as ``python tests/helpers_crashstats.py ROOT SCENARIO``:

- ``win``: resume the saved game and play its winning move ``P1-F4``;
- ``abandon``: leave the saved game for the deal ``CR1-N-AAAAAAC``;
- ``level``: resume a levels game at the end of its last level and complete it;
- ``timeout``: resume a levels game and let its countdown run out;
- ``kiosk``: as ``win``, in a kiosk's session (its games count in the venue's days).

All go through the real session with its background writer, then close it
(waiting for the disk). Every write of the store (a save of the game in
progress, the end of a game) is slowed down by :data:`WRITE_DELAY` before and
after, so a kill often lands right before, in or after a transaction. Prints
``ready`` once imports are done and the session is open, ``step`` after each
write, and ``done`` at the end.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

WRITE_DELAY = 0.006
ABANDON_FOR = "CR1-N-AAAAAAC"


def _slowed(write: Callable[..., bool]) -> Callable[..., bool]:
    def slow(*args: Any) -> bool:
        time.sleep(WRITE_DELAY)
        done = write(*args)
        sys.stdout.write("step\n")
        sys.stdout.flush()
        time.sleep(WRITE_DELAY)
        return done

    return slow


def main(argv: list[str]) -> int:
    from crescent.play import storage
    from crescent.play.session import Session

    storage.Store.save_game = _slowed(storage.Store.save_game)  # type: ignore[method-assign]
    storage.Store.end_game = _slowed(storage.Store.end_game)  # type: ignore[method-assign]
    root, scenario = Path(argv[1]), argv[2]
    session = Session(storage.Store(root))
    session.venue = scenario == "kiosk"
    sys.stdout.write("ready\n")
    sys.stdout.flush()
    if scenario in ("win", "kiosk", "level"):
        session.start()
        session.play_text("P1-F4")
    elif scenario == "timeout":
        session.start()
        session.tick(10_000.0)
    else:
        session.start(code=ABANDON_FOR)
    session.close()
    sys.stdout.write("done\n")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
