"""Benchmarks (not timed tests): ``python -m crescent.bench engine|solver|frames [options]``.

* ``engine``: legal-move generations and play+undo pairs per second.
* ``solver``: wins / losses / unknowns over a range of deals, times, winnability.
* ``frames``: first frame, idle CPU, frame-time percentiles, peak memory, resize, and in a
  real X window (Xvfb) idle CPU and click latency.
* ``watch``: frame times with "Still winnable?" searching in the background, off and on.
* ``feel``: what the player feels beside busy processes: hint latency over standard deals,
  the first "Still winnable?" verdict after the first frame, frames and verdicts during
  its searches (issue 45's targets).
* ``speech``: frame times and CPU with speech saying every move, off and on, and idle.
* ``switch``: frame times while a hint searches in its thread, the interpreter handed
  over every 1 ms (the client's setting) and every 5 ms (Python's default), interleaved.
* ``builds``: the exhaustive search's positions a CPU second, a commit's pure build against
  this tree's pure and compiled builds, interleaved.
* ``compare``: one of the benchmarks above that prints ``--json``, this checkout against
  another checkout (its own venv), interleaved round by round: medians and ratios.
* ``xwindow``: start -> cards, memory after 25 moves, click -> first change and idle CPU
  in a real X window (Xvfb), of this checkout or of several (``--checkout``), interleaved.
* ``first-tap``: the first tap after a pause (the mixer opens) against a later tap, and
  the frames that close the mixer, of this checkout or of several (``--checkout``),
  interleaved.
* ``kiosk-memory``: a kiosk's peak memory in a real X window (Xvfb) after 10,000 clicks of
  play and an hour of attract loops.
* ``kiosk-storm``: a kiosk's memory (or a bare pygame program's) in a storm of XTEST input.

Each one records its figures, with the command that made them, as JSON under
``benchmarks/results/`` (:mod:`benchmarks.results`); docs/PERFORMANCE.md quotes them.
"""

from __future__ import annotations

import importlib
import sys

USAGE = (
    "usage: python -m crescent.bench "
    "engine|solver|frames|watch|feel|speech|switch|builds|compare|kiosk-memory|kiosk-storm|"
    "xwindow|first-tap [options]"
)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] in ("-h", "--help"):
        print(USAGE)
        return 0 if args else 2
    what, rest = args[0], args[1:]
    modules = {
        "engine": "benchmarks.engine",
        "solver": "benchmarks.solver",
        "frames": "benchmarks.frames",
        "watch": "benchmarks.watch_frames",
        "feel": "benchmarks.feel",
        "speech": "benchmarks.speech_frames",
        "switch": "benchmarks.switch_interval",
        "builds": "benchmarks.solver_builds",
        "compare": "benchmarks.compare",
        "kiosk-memory": "benchmarks.kiosk_memory",
        "kiosk-storm": "benchmarks.kiosk_storm",
        "xwindow": "benchmarks.xwindow",
        "first-tap": "benchmarks.first_tap",
    }
    if what not in modules:
        print(f"crescent.bench: unknown benchmark {what!r}; {USAGE}", file=sys.stderr)
        return 2
    module = importlib.import_module(modules[what])
    result: int = module.main(rest)
    return result


if __name__ == "__main__":
    sys.exit(main())
