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
from collections.abc import Callable  # noqa: E402
from typing import Any  # noqa: E402

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def main(argv: list[str]) -> int:
    data_dir, size, code = argv
    drawn: list[float] = []
    cpu: list[float] = []

    def timed(app_module: Any) -> None:
        # The first frame is on the screen when the display is first updated (the end
        # of App.draw: what a scene starts after that, the frame did not wait for).
        display = app_module.pygame.display
        for name in ("flip", "update"):
            real = getattr(display, name)

            def shown(*args: Any, _real: Callable[..., Any] = real) -> Any:
                result = _real(*args)
                if not drawn:
                    drawn.append(time.perf_counter())
                    drawn.append(time.time())
                    cpu.append(time.process_time())
                return result

            setattr(display, name, shown)

    # The client is imported where the game imports it (inside main, after parsing), not
    # here: only its drawing is timed on the way.
    sys.meta_path.insert(0, _AfterImport("crescent.ui.app", timed))
    from crescent import __main__ as cli

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


class _AfterImport:
    """A finder that runs ``then(module)`` once the module ``name`` has been executed."""

    def __init__(self, name: str, then: Callable[[Any], None]) -> None:
        self.name = name
        self.then = then

    def find_spec(self, name: str, path: object = None, target: object = None) -> Any:
        if name != self.name:
            return None
        sys.meta_path.remove(self)
        import importlib.util

        spec = importlib.util.find_spec(name)
        loader = spec.loader if spec is not None else None
        if loader is None:
            return spec
        run = loader.exec_module
        then = self.then

        def exec_module(module: Any) -> None:
            run(module)
            then(module)

        loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
