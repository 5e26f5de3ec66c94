"""Benchmark of the solver: how many deals it wins, how fast, and how fast its hints are.

Run as ``python -m crescent.bench solver --first 1 --count 200 --budget-s 10``
(or ``python -m benchmarks.solver ...``). Options: ``--variant N|F|D``,
``--redeals K`` (override the variant's redeals), ``--numbers 5,17,...`` (these
deals instead of ``--first``/``--count``), ``--jobs J`` (deals solved in
parallel, default one per core), ``--hints H`` (positions sampled for the hint
figure, default one per won deal), ``--seed`` (for the hint sample), ``-v`` (one
line per deal on stderr, in deal order).

Deals are solved in parallel but reported and counted in deal order, and the
hint sample depends only on ``--seed``, so a run is reproducible up to the time
budget itself (a deal near its budget may fall either side on a busy machine).

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
import os
import random
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import NoReturn

from benchmarks import results
from crescent.rules import modes
from crescent.rules.engine import Game, IllegalMove, Rules
from crescent.solver.build import compiled
from crescent.solver.portfolio import solve
from crescent.solver.survey import wilson

__all__ = ["main", "percentile", "wilson"]


def percentile(values: Sequence[float], p: float) -> float:
    """Nearest-rank percentile (``p`` in 0..100) of ``values``; nan when empty."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, math.ceil(p / 100 * len(ordered)))
    return ordered[rank - 1]


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


@dataclasses.dataclass(frozen=True)
class _Job:
    """One solve of the benchmark: a deal (``prefix`` tokens of ``line`` played) within a budget."""

    number: int
    variant: str
    rules: Rules
    budget_s: float
    line: tuple[str, ...] = ()
    prefix: int = 0
    cpu: bool = False
    level: int | None = None


@dataclasses.dataclass(frozen=True)
class _Done:
    number: int
    code: str
    outcome: str
    line: tuple[str, ...]
    nodes: int
    seconds: float


def _run(job: _Job) -> _Done:
    """Solve one job (in a worker process); a won line is replayed before it counts."""
    game = Game.deal(job.number, job.variant, job.rules, level=job.level)
    for token in job.line[: job.prefix]:
        game.apply(token)
    clock = time.process_time if job.cpu else time.monotonic
    result = solve(game, budget_s=job.budget_s, clock=clock)
    outcome: str = result.outcome
    if outcome == "won" and not _replays(game, result.line):
        outcome = "BAD LINE"
    return _Done(job.number, game.code, outcome, tuple(result.line), result.nodes, result.seconds)


def _map(jobs: Sequence[_Job], workers: int) -> Iterator[_Done]:
    """The jobs' results in the jobs' order, solved by ``workers`` processes."""
    if workers <= 1 or len(jobs) <= 1:
        yield from map(_run, jobs)
        return
    with ProcessPoolExecutor(max_workers=min(workers, len(jobs))) as pool:
        yield from pool.map(_run, jobs, chunksize=1)


def _numbers(text: str) -> list[int]:
    """Deal numbers from ``5,17,30-32`` or ``@file`` (numbers separated by spaces, commas
    or lines; ``#`` starts a comment)."""
    if text.startswith("@"):
        with open(text[1:], encoding="utf-8") as f:
            text = " ".join(line.split("#")[0] for line in f)
    out: list[int] = []
    for part in text.replace(",", " ").split():
        lo, _, hi = part.partition("-")
        out.extend(range(int(lo), int(hi or lo) + 1))
    return out


def _deal_numbers(parser: argparse.ArgumentParser, args: argparse.Namespace) -> list[int]:
    """The deals the options name: ``--numbers``, else ``--count`` from ``--first``."""
    if args.numbers is None:
        return list(range(args.first, args.first + args.count))
    try:
        numbers = _numbers(args.numbers)
    except (OSError, ValueError) as e:
        parser.error(f"--numbers: {e}")
    if not numbers or min(numbers) < 0:
        parser.error("--numbers must name at least one deal, none negative")
    return numbers


def main(argv: Sequence[str]) -> int:
    parser = _ArgumentParser(prog="python -m crescent.bench solver", description=__doc__)
    parser.add_argument("--first", type=int, default=1, help="first deal number")
    parser.add_argument("--count", type=int, default=100, help="how many deals")
    parser.add_argument("--numbers", default=None, help="deals such as 5,17,30-32 or @file")
    parser.add_argument("--budget-s", type=float, default=10.0, help="seconds per deal")
    parser.add_argument("--variant", choices=modes.LETTERS, default=modes.DEFAULT.letter)
    parser.add_argument("--redeals", type=int, default=None, help="redeals per game")
    parser.add_argument(
        "--cpu-time", action="store_true", help="budgets and times in CPU seconds, not wall"
    )
    parser.add_argument("--jobs", type=int, default=None, help="parallel solves (default: cores)")
    parser.add_argument(
        "--level", type=int, default=None, help="levels game: deals of level 1-4 (CR1-L codes)"
    )
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
    jobs = (os.cpu_count() or 1) if args.jobs is None else args.jobs
    if jobs < 1:
        parser.error("--jobs must be at least 1")
    numbers = _deal_numbers(parser, args)
    # --level: deals of that level of the levels game.
    mode = modes.LEVELS if args.level is not None else modes.by_letter(args.variant)
    if args.level is not None and not 1 <= args.level <= mode.levels:
        parser.error(f"--level must be 1..{mode.levels}")
    variant = mode.letter
    rules = mode.rules_for_level(args.level or 1)
    if args.redeals is not None:
        rules = rules.replace(redeals=args.redeals)

    won: list[float] = []
    overall: list[float] = []
    lost: list[int] = []
    unknown: list[int] = []
    bad = 0
    lines: list[_Done] = []
    deals = [
        _Job(n, variant, rules, args.budget_s, cpu=args.cpu_time, level=args.level) for n in numbers
    ]
    for done in _map(deals, jobs):
        overall.append(done.seconds)
        if done.outcome == "won":
            won.append(done.seconds)
            lines.append(done)
        elif done.outcome == "lost":
            lost.append(done.number)
        elif done.outcome == "unknown":
            unknown.append(done.number)
        else:
            bad += 1
        if args.verbose:
            print(
                f"{done.code} {done.outcome} {len(done.line)} tokens {done.nodes} nodes "
                f"{done.seconds:.3f} s",
                file=sys.stderr,
                flush=True,
            )

    rng = random.Random(args.seed)
    want = len(lines) if args.hints is None else args.hints
    positions = []
    for k in range(want if lines else 0):
        done = lines[k % len(lines)]
        prefix = rng.randrange(len(done.line)) if done.line else 0
        positions.append(
            _Job(
                done.number,
                variant,
                rules,
                args.budget_s,
                done.line,
                prefix,
                args.cpu_time,
                args.level,
            )
        )
    hint_times = [done.seconds for done in _map(positions, jobs)]

    n = len(numbers)
    lo, hi = wilson(len(won), n)
    where = (
        f"deals {numbers[0]}..{numbers[-1]}"
        if numbers == list(range(numbers[0], numbers[0] + n))
        else f"{n} listed deals"
    )
    at_level = f" level {args.level}" if args.level else ""
    build = "compiled" if compiled() else "pure"
    print(
        f"solver bench ({build}): variant {variant}{at_level}, redeals {rules.redeals}, "
        f"{where}, budget {args.budget_s:g} {'CPU ' if args.cpu_time else ''}s, {jobs} jobs"
    )
    print(
        f"won {len(won)} (replayed and verified), lost {len(lost)}, unknown {len(unknown)}, "
        f"bad lines {bad}"
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
    print(f"proven lost: {' '.join(map(str, lost)) or 'none'}")
    print(f"unknown: {' '.join(map(str, unknown)) or 'none'}")
    times = {"win_s_p50": percentile(won, 50), "hint_s_p95": percentile(hint_times, 95)}
    figures = dict(
        build=build, deals=n, won=len(won), lost=lost, unknown=unknown, bad_lines=bad, **times
    )
    results.record("solver", argv, figures)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
