"""Benchmark of the solver: how many deals it wins, how fast, and how fast its hints are.

Run as ``python -m crescent.bench solver --first 1 --count 200 --budget-s 10``
(or ``python -m benchmarks.solver ...``). Options: ``--variant N|F|D``,
``--redeals K`` (override the variant's redeals), ``--hints H`` (positions
sampled for the hint figure, default one per won deal), ``--seed`` (for the
hint sample), ``-v`` (one line per deal on stderr).

Every win is replayed through the engine and counted only if it wins there.
The winnability estimate counts found wins only, so it is a lower bound; its
95% interval is Wilson's. The hint figure is the time solve() takes from
positions of real games: a found winning line played for a random number of
tokens.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import random
import sys
from collections.abc import Sequence
from typing import NoReturn

from crescent.rules import modes
from crescent.rules.engine import Game, IllegalMove
from crescent.solver.search import solve

__all__ = ["main", "percentile", "wilson"]


def percentile(values: Sequence[float], p: float) -> float:
    """Nearest-rank percentile (``p`` in 0..100) of ``values``; nan when empty."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, math.ceil(p / 100 * len(ordered)))
    return ordered[rank - 1]


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a proportion (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def _replays(game: Game, line: Sequence[str]) -> bool:
    g = game.copy()
    try:
        for token in line:
            g.apply(token)
    except (IllegalMove, ValueError):
        return False
    return g.is_won


class _ArgumentParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: {message}", file=sys.stderr)
        raise SystemExit(2)


def _seconds(values: Sequence[float]) -> str:
    if not values:
        return "none"
    return ", ".join(f"p{p} {percentile(values, p):.3f} s" for p in (50, 90, 95))


def main(argv: Sequence[str]) -> int:
    parser = _ArgumentParser(prog="python -m crescent.bench solver", description=__doc__)
    parser.add_argument("--first", type=int, default=1, help="first deal number")
    parser.add_argument("--count", type=int, default=100, help="how many deals")
    parser.add_argument("--budget-s", type=float, default=10.0, help="seconds per deal")
    parser.add_argument("--variant", choices=modes.LETTERS, default=modes.DEFAULT.letter)
    parser.add_argument("--redeals", type=int, default=None, help="redeals per game")
    parser.add_argument("--hints", type=int, default=None, help="positions for the hint figure")
    parser.add_argument("--seed", type=int, default=1, help="seed of the hint sample")
    parser.add_argument("-v", "--verbose", action="store_true", help="one line per deal")
    try:
        args = parser.parse_args(list(argv))
    except SystemExit as e:
        return int(e.code or 0)
    if args.count < 1 or args.first < 0 or not args.budget_s > 0:
        parser.error("--count must be at least 1, --first at least 0, --budget-s positive")
    if args.redeals is not None and not 0 <= args.redeals <= 99:
        parser.error("--redeals must be 0..99")
    rules = modes.by_letter(args.variant).rules_for_level(1)
    if args.redeals is not None:
        rules = dataclasses.replace(rules, redeals=args.redeals)

    won: list[float] = []
    overall: list[float] = []
    lost = unknown = bad = 0
    lines: list[tuple[Game, list[str]]] = []
    for number in range(args.first, args.first + args.count):
        game = Game.deal(number, args.variant, rules)
        result = solve(game, budget_s=args.budget_s)
        overall.append(result.seconds)
        outcome: str = result.outcome
        if outcome == "won":
            if _replays(game, result.line):
                won.append(result.seconds)
                lines.append((game, result.line))
            else:
                bad += 1
                outcome = "BAD LINE"
        elif outcome == "lost":
            lost += 1
        else:
            unknown += 1
        if args.verbose:
            print(
                f"{game.code} {outcome} {len(result.line)} tokens {result.nodes} nodes "
                f"{result.seconds:.3f} s",
                file=sys.stderr,
                flush=True,
            )

    rng = random.Random(args.seed)
    hint_times: list[float] = []
    want = len(lines) if args.hints is None else args.hints
    for k in range(want if lines else 0):
        game, line = lines[k % len(lines)]
        g = game.copy()
        for token in line[: rng.randrange(len(line))]:
            g.apply(token)
        hint_times.append(solve(g, budget_s=args.budget_s).seconds)

    n = args.count
    lo, hi = wilson(len(won), n)
    redeals = rules.redeals
    last = args.first + n - 1
    print(
        f"solver bench: variant {args.variant}, redeals {redeals}, deals {args.first}..{last}, "
        f"budget {args.budget_s:g} s"
    )
    print(
        f"won {len(won)} (replayed and verified), lost {lost}, unknown {unknown}, bad lines {bad}"
    )
    print(f"time to a found win: {_seconds(won)}")
    print(f"time overall: {_seconds(overall)}")
    print(
        f"winnable (found wins): {100 * len(won) / n:.1f}% "
        f"(95% Wilson interval {100 * lo:.1f}%..{100 * hi:.1f}%)"
    )
    print(
        f"hint: p95 {percentile(hint_times, 95):.3f} s over {len(hint_times)} positions "
        f"({_seconds(hint_times)})"
    )
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
