"""A search's memory seen from outside: one hard deal solved in a fresh process, its
resident size before, at the peak and after (the pure build here, or a compiled copy of
the package through ``PYTHONPATH``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

PROBE = r"""
import json, sys, threading
from crescent.rules.engine import Game
from crescent.solver.portfolio import solve
from crescent.solver.build import compiled

def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096 / 2**20

solve(Game.deal(3, "N"), budget_s=1e6, max_nodes=5_000)  # the code paths warm
before = rss()
result = {}
deal, nodes, mb = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
# As the game does: in a background thread.
t = threading.Thread(target=lambda: result.update(r=solve(Game.deal(deal, "N"),
                     budget_s=1e6, max_nodes=nodes, max_bytes=mb * 2**20).outcome))
t.start(); t.join()
# The high-water mark of this process (ru_maxrss would count the parent's before exec).
with open("/proc/self/status") as f:
    peak = next(int(ln.split()[1]) for ln in f if ln.startswith("VmHWM:")) / 1024
print(json.dumps({"before": before, "after": rss(), "peak": peak, "outcome": result["r"],
                  "compiled": compiled()}))
"""


def search_memory(
    deal: int, nodes: int, mb: int, *, cwd: Path, path: Path | None = None
) -> dict[str, object]:
    """The figures of one search of ``deal`` for ``nodes`` positions within ``mb`` MB, in
    MB. Counted in positions, not seconds: the same work on a quiet or a busy machine."""
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = str(path)
    argv = [sys.executable, "-c", PROBE, str(deal), str(nodes), str(mb)]
    r = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    figures: dict[str, object] = json.loads(r.stdout.strip().splitlines()[-1])
    return figures
