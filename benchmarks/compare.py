"""One benchmark, this checkout against another, interleaved: ``python -m crescent.bench
compare OTHER [--rounds N] [--figures A,B] BENCHMARK [its options]``.

``OTHER`` is another checkout of the game with its own venv (``OTHER/.venv``, as its
``make .venv/.test-stamp`` makes it), for instance a worktree of the commit before a
change (``git worktree add --detach ../base COMMIT``). Each round runs
``python -m crescent.bench BENCHMARK --json [options]`` here, then in ``OTHER``, each in
a process of its own with its own Python, so both see the machine's load of that minute
(a shared machine's pace drifts between minutes, hardly within one). The benchmark must
print its figures with ``--json`` (``frames``, ``watch``, ``speech``, ``switch``); the
runs write no result files of their own.

The figures: every number in the JSON (nested ones named ``window.idle_cpu_pct``), the
median of each side, the ratio of the medians (this / other) and the median of the
rounds' own ratios. ``--figures`` keeps the named ones. A ratio over 1 means this
checkout takes more (time, CPU, memory) than the other.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from benchmarks import results

ROOT = Path(__file__).resolve().parent.parent
JSON_START = re.compile(r"^\{", re.MULTILINE)


def numbers(figures: Mapping[str, Any], prefix: str = "") -> dict[str, float]:
    """Every number in ``figures``, nested names joined by dots (booleans are not)."""
    found: dict[str, float] = {}
    for name, value in figures.items():
        if isinstance(value, Mapping):
            found.update(numbers(value, f"{prefix}{name}."))
        elif isinstance(value, int | float) and not isinstance(value, bool):
            found[prefix + name] = float(value)
    return found


def last_json(stdout: str) -> dict[str, Any]:
    """The JSON object a benchmark printed last (it starts a line with ``{``)."""
    starts = [m.start() for m in JSON_START.finditer(stdout)]
    if not starts:
        raise ValueError("the benchmark printed no JSON (does it take --json?)")
    figures: dict[str, Any] = json.loads(stdout[starts[-1] :])
    return figures


def run_once(
    checkout: Path, python: str, benchmark: str, options: Sequence[str]
) -> dict[str, float]:
    """One run of the benchmark in ``checkout``: its figures."""
    command = [python, "-m", "crescent.bench", benchmark, "--json", *options]
    env = dict(os.environ, **{results.ENV: "-"})
    done = subprocess.run(command, cwd=checkout, env=env, capture_output=True, text=True)
    if done.returncode not in (0, 1):  # 1: a target missed, with --strict
        raise RuntimeError(f"{' '.join(command)} in {checkout} failed:\n{done.stderr[-2000:]}")
    return numbers(last_json(done.stdout))


def _ratio(a: float, b: float) -> float | None:
    return a / b if b else None


def summary(
    ours: Sequence[Mapping[str, float]], theirs: Sequence[Mapping[str, float]]
) -> dict[str, dict[str, float | None]]:
    """Per figure both rounds have: the medians, their ratio, the median round ratio."""
    names = [n for n in ours[0] if all(n in r for r in [*ours, *theirs])]
    table: dict[str, dict[str, float | None]] = {}
    for name in names:
        a = statistics.median(r[name] for r in ours)
        b = statistics.median(r[name] for r in theirs)
        per_round = [_ratio(x[name], y[name]) for x, y in zip(ours, theirs, strict=True)]
        known = [r for r in per_round if r is not None]
        table[name] = {
            "this": a,
            "other": b,
            "ratio_of_medians": _ratio(a, b),
            "median_round_ratio": statistics.median(known) if known else None,
        }
    return table


def _text(value: float | None, digits: int) -> str:
    return "n/a" if value is None else f"{value:.{digits}f}"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m crescent.bench compare",
        description="A benchmark here and in another checkout, interleaved round by round.",
    )
    parser.add_argument("other", type=Path, help="the other checkout (with its own .venv)")
    parser.add_argument("--rounds", type=int, default=6, help="runs of each side (default 6)")
    parser.add_argument("--figures", default="", help="comma-separated figures to keep")
    parser.add_argument("benchmark", help="frames, watch, speech or switch")
    parser.add_argument("options", nargs=argparse.REMAINDER, help="the benchmark's options")
    args = parser.parse_args(argv)
    other_python = args.other / ".venv" / "bin" / "python"
    if not other_python.is_file():
        parser.error(f"{other_python} does not exist: make the other checkout's venv first")
    if args.rounds < 1:
        parser.error("--rounds must be >= 1")
    ours: list[dict[str, float]] = []
    theirs: list[dict[str, float]] = []
    for k in range(args.rounds):
        ours.append(run_once(ROOT, sys.executable, args.benchmark, args.options))
        theirs.append(
            run_once(args.other.resolve(), str(other_python), args.benchmark, args.options)
        )
        print(f"round {k + 1} of {args.rounds} done", file=sys.stderr, flush=True)
    table = summary(ours, theirs)
    keep = [n for n in args.figures.split(",") if n]
    if keep:
        table = {n: table[n] for n in keep if n in table}
    print(f"{args.benchmark} here / in {args.other}, medians of {args.rounds} interleaved rounds")
    print(f"{'figure':44} {'here':>10} {'other':>10} {'ratio':>7} {'rounds':>7}")
    for name, row in table.items():
        print(
            f"{name:44} {_text(row['this'], 4):>10} {_text(row['other'], 4):>10} "
            f"{_text(row['ratio_of_medians'], 3):>7} {_text(row['median_round_ratio'], 3):>7}"
        )
    figures = {"other": str(args.other), "rounds": args.rounds, "figures": table}
    figures["raw"] = {"this": ours, "other": theirs}
    results.record("compare", argv, figures)
    return 0
