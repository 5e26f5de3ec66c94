"""The first-verdict child of ``python -m crescent.bench feel``: a fresh process.

``python -m benchmarks.first_verdict DEAL`` deals standard deal ``DEAL`` in a new game
(dummy driver, 1920x1080), runs paced frames and prints JSON: the seconds from the end
of the first frame to the end of the frame that shows the first "Still winnable?"
verdict, and the verdict. The solver is imported and its thread started in this
process, as at a real start.
"""

from __future__ import annotations

import json
import os
import sys
import time


def main(argv: list[str]) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from benchmarks.feel import Paced, run_until
    from benchmarks.frames import BENCH_SIZE, _make_app
    from crescent.rules import modes
    from crescent.rules.deal import make_code

    app = _make_app(BENCH_SIZE, make_code(modes.STANDARD.letter, int(argv[0])))
    winnable = app.table.winnable
    paced = Paced(lambda: winnable.watch is not None, [], 1)
    first: list[float] = []
    shown = app.frame_shown

    def timed() -> None:
        shown()
        if not first:
            first.append(time.perf_counter())

    app.frame_shown = timed  # type: ignore[method-assign]
    seen = run_until(app, paced)
    watch = winnable.watch
    report = {
        "seconds": paced.ended - first[0] if seen and first else None,
        "verdict": watch.verdict.value if watch is not None else "none",
    }
    winnable.close()
    app.session.close()
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
