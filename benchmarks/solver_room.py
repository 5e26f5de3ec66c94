"""Room to think: the portfolio before and with its :data:`~crescent.solver.portfolio.MORE`
searches, at the game's memory and at more, on the same deals and node budget:
``python -m benchmarks.solver_room --deals @FILE|5,17,30-32 [--max-nodes 2000000]
[--max-mb 2048]``.

Each deal is solved three times in turn (one interleaved run: a load that comes and goes
falls on all three), with turns in positions (``node_turns``), so the outcomes are the
same on any machine and only the CPU seconds (this thread's) vary: the portfolio before
(``MORE`` kept out) at 64 MB and at ``--max-mb``, then with ``MORE`` at ``--max-mb``. Printed:
a JSON line a deal, and at the end each arm's wins, CPU seconds and median positions to a
win. ``@FILE``: the deals unknown in a survey file (``data/survey/standard-r3-10s.jsonl``).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections.abc import Sequence
from unittest import mock

from crescent.rules.engine import Game
from crescent.solver import portfolio
from crescent.solver.survey import deal_numbers

ARMS = (("before, 64 MB", False, 64), ("before", False, 0), ("with MORE", True, 0))
"""(name, MORE in, memory in MB: 0 is ``--max-mb``)."""


def _deals(text: str) -> list[int]:
    if not text.startswith("@"):
        return deal_numbers(text)
    with open(text[1:], encoding="utf-8") as f:
        return [row["deal"] for row in map(json.loads, f) if row["result"] == "unknown"]


def _solve(game: Game, max_nodes: int, mb: int, more: bool) -> portfolio.Result:
    wide = portfolio.WIDE_BYTES if more else math.inf
    with mock.patch.object(portfolio, "WIDE_BYTES", wide):
        return portfolio.solve(
            game,
            budget_s=math.inf,
            max_nodes=max_nodes,
            clock=time.thread_time,
            max_bytes=mb * 2**20,
            node_turns=True,
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.solver_room")
    parser.add_argument("--deals", required=True, help="5,17,30-32, or @FILE: its unknowns")
    parser.add_argument("--every", type=int, default=1, help="every N-th of those deals")
    parser.add_argument("--start", type=int, default=0, help="from the N-th (from 0)")
    parser.add_argument("--max-nodes", type=int, default=2_000_000)
    parser.add_argument("--max-mb", type=int, default=2048)
    args = parser.parse_args(argv)
    deals = _deals(args.deals)[args.start :: args.every]
    got: dict[str, list[tuple[str, int, float]]] = {name: [] for name, _, _ in ARMS}
    for deal in deals:
        game = Game.deal(deal)
        row: dict[str, object] = {"deal": deal}
        for name, more, mb in ARMS:
            result = _solve(game, args.max_nodes, mb or args.max_mb, more)
            got[name].append((result.outcome, result.nodes, result.seconds))
            row[name] = [result.outcome, result.nodes, round(result.seconds, 2)]
        print(json.dumps(row), flush=True)
    for name, runs in got.items():
        wins = [nodes for outcome, nodes, _ in runs if outcome == "won"]
        median = f"{statistics.median(wins):,.0f}" if wins else "-"
        cpu = sum(s for _, _, s in runs)
        print(f"{name}: won {len(wins)} of {len(runs)}, {cpu:.1f} CPU s, median {median} to a win")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
