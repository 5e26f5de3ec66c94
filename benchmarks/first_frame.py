"""The first-frame child of ``python -m crescent.bench frames``: the real game, one frame.

Kept apart from :mod:`benchmarks.frames` so that the benchmark's own imports
(subprocess, statistics...) are not counted in the game's start-up.
Usage: ``python -m benchmarks.first_frame DATA_DIR WxH CODE``; prints JSON.
"""

from __future__ import annotations

import time

T_MAIN = time.perf_counter()

import json  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def main(argv: list[str]) -> int:
    data_dir, size, code = argv
    from crescent import __main__ as cli
    from crescent.ui import app as app_module

    drawn: list[float] = []
    cpu: list[float] = []
    draw = app_module.App.draw

    def timed_draw(self: app_module.App) -> None:
        draw(self)
        if not drawn:
            drawn.append(time.perf_counter())
            drawn.append(time.time())
            cpu.append(time.process_time())

    app_module.App.draw = timed_draw  # type: ignore[method-assign]
    result = cli.main(
        ["--code", code, "--frames", "1", "--size", size, "--data-dir", data_dir, "--lang", "en"]
    )
    if result != 0 or not drawn:
        return result or 1
    modules = sorted(m for m in sys.modules if m.startswith("crescent"))
    report = {
        "from_main": drawn[0] - T_MAIN,
        "wall": drawn[1],
        "cpu": cpu[0],
        "modules": modules,
    }
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
