"""Run a command with the CPU loaded: ``python tools/under_load.py [--times N] -- CMD...``.

Starts twice as many busy processes as there are cores (``--per-core``), runs ``CMD``
``--times`` times in a row (stopping at the first failure), then stops the busy
processes by their pids. Exits with the command's code. ``make test-load`` runs the fast
suite so, twice: a suite that passes only on a quiet machine fails here first.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

BUSY = "while True: pass"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="under_load", description="Run a command with the CPU loaded.")
    p.add_argument("--times", type=int, default=1, help="runs of the command in a row")
    p.add_argument("--per-core", type=int, default=2, help="busy processes per core")
    p.add_argument("command", nargs=argparse.REMAINDER, help="-- then the command")
    args = p.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command or args.times < 1 or args.per_core < 0:
        p.error("give --times >= 1, --per-core >= 0 and a command after --")
    workers = args.per_core * (os.cpu_count() or 1)
    busy = [subprocess.Popen([sys.executable, "-c", BUSY]) for _ in range(workers)]
    print(f"under_load: {workers} busy processes: {' '.join(str(b.pid) for b in busy)}")
    code = 0
    try:
        for run in range(1, args.times + 1):
            began = time.monotonic()
            code = subprocess.call(command)
            took = time.monotonic() - began
            print(f"under_load: run {run} of {args.times}: exit {code} in {took:.0f} s")
            if code != 0:
                break
    finally:
        for b in busy:
            b.kill()
        for b in busy:
            b.wait()
    return code


if __name__ == "__main__":
    sys.exit(main())
