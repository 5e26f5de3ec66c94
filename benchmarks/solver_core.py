"""Positions a CPU second, the search core against the pure searches, on whole solves:
``python -m benchmarks.solver_core [--deals 1-40] [--budget-s 2] [--redeals N]``.

Each deal is solved twice in turn, pure then in the core (one interleaved run: a load
that comes and goes falls on both), each within ``--budget-s`` CPU seconds of this
process (``time.process_time``). Printed: per deal each build's outcome, positions and
CPU seconds, and at the end the positions a CPU second of each over all deals and their
ratio.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from crescent.rules import modes
from crescent.rules.engine import Game
from crescent.solver import core
from crescent.solver.portfolio import Result, solve


def _solve(game: Game, budget_s: float, in_core: bool) -> Result:
    kept = core.CORE
    core.CORE = kept if in_core else None
    try:
        return solve(game, budget_s=budget_s, clock=time.process_time)
    finally:
        core.CORE = kept


def _deals(text: str) -> list[int]:
    first, _, last = text.partition("-")
    return list(range(int(first), int(last or first) + 1))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.solver_core")
    parser.add_argument("--deals", default="1-40", help="a range of standard deals")
    parser.add_argument("--budget-s", type=float, default=2.0)
    parser.add_argument("--redeals", type=int, default=None)
    args = parser.parse_args(argv)
    if core.CORE is None:
        parser.error("the search core is not built (pip install -e . with a C compiler)")
    totals = {False: [0, 0.0], True: [0, 0.0]}
    for deal in _deals(args.deals):
        game = Game.deal(deal, modes.STANDARD.letter)
        if args.redeals is not None:
            game = Game.deal(deal, modes.STANDARD.letter, game.rules.replace(redeals=args.redeals))
        line = [f"deal {deal}:"]
        for in_core in (False, True):
            result = _solve(game, args.budget_s, in_core)
            totals[in_core][0] += result.nodes
            totals[in_core][1] += result.seconds
            name = "core" if in_core else "pure"
            line.append(f"{name} {result.outcome} {result.nodes} in {result.seconds:.3f} s")
        print(" ".join(line), flush=True)
    rates = {k: n / max(s, 1e-9) for k, (n, s) in totals.items()}
    print(f"pure: {rates[False]:,.0f} positions a CPU second; core: {rates[True]:,.0f}")
    print(f"core / pure: {rates[True] / max(rates[False], 1e-9):.1f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
