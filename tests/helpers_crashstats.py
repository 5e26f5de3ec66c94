"""Kill-test helper: end one game (a win or an abandon) as the game does, on a slow disk.

Run as ``python tests/helpers_crashstats.py ROOT SCENARIO``. ``win`` resumes the
saved game and plays its winning move ``P1-F4``; ``abandon`` leaves the saved
game for the deal ``CR1-N-AAAAAAC``. Both go through the real session with its
background writer, then close it (waiting for the disk). Every file write and
the removal of the saved game are slowed down by :data:`WRITE_DELAY` before and
after, so a kill often lands between two steps of one job. Prints ``ready``
once imports are done and the session is open, ``step`` after each of those
disk steps, and ``done`` at the end.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

WRITE_DELAY = 0.008
ABANDON_FOR = "CR1-N-AAAAAAC"


def main(argv: list[str]) -> int:
    from crescent.play import storage
    from crescent.play.session import Session

    real_write = storage.write_json_atomic
    real_clear = storage.Store.clear_game

    def step_done() -> None:
        sys.stdout.write("step\n")
        sys.stdout.flush()

    def slow_write(path: Path, obj: object, **kw: Any) -> None:
        time.sleep(WRITE_DELAY)
        real_write(path, obj, **kw)
        step_done()
        time.sleep(WRITE_DELAY)

    def slow_clear(store: storage.Store) -> bool:
        time.sleep(WRITE_DELAY)
        cleared = real_clear(store)
        step_done()
        time.sleep(WRITE_DELAY)
        return cleared

    storage.write_json_atomic = slow_write
    storage.Store.clear_game = slow_clear  # type: ignore[method-assign,assignment]
    root, scenario = Path(argv[1]), argv[2]
    session = Session(storage.Store(root))
    sys.stdout.write("ready\n")
    sys.stdout.flush()
    if scenario == "win":
        session.start()
        session.play_text("P1-F4")
    else:
        session.start(code=ABANDON_FOR)
    session.close()
    sys.stdout.write("done\n")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
