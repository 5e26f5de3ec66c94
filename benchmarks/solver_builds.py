"""The exhaustive search's speed, build against build: ``python -m crescent.bench builds``.

Runs ``python -m benchmarks.solver_proofs table`` (the depth-first search alone on
no-redeal deals, positions entered a CPU second) for three builds in turn, round after
round, each in a copy of its own in a temporary folder: the pure modules of ``--base``
(a commit), this tree's pure modules, and this tree compiled
(:mod:`crescent.solver.build`). The figures are ratios to the base, taken within each
round (a shared machine's pace drifts between rounds, hardly within one), and their
median. ``--builds`` leaves some out (``pure,compiled``: no base).
"""

from __future__ import annotations

import argparse
import io
import os
import re
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks import results
from crescent.solver import build

ROOT = Path(__file__).resolve().parent.parent
BUILDS = ("base", "pure", "compiled")
RATE = re.compile(r"deal (\d+), .*\((\d+) a second, (pure|compiled)\)")


def _tree(kind: str, base: str, work: Path) -> Path:
    """A folder holding ``crescent`` and ``benchmarks`` of the build ``kind``."""
    root = work / kind
    root.mkdir()
    if kind == "base":
        archive = subprocess.run(
            ["git", "archive", "--format=tar", base, "crescent", "benchmarks"],
            cwd=ROOT,
            capture_output=True,
            check=True,
        ).stdout
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(root, filter="data")
        return root
    skip = shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "results")
    for folder in ("crescent", "benchmarks"):
        shutil.copytree(ROOT / folder, root / folder, ignore=skip)
    if kind == "compiled":
        build.build(root)
    return root


def _rates(tree: Path, deals: str, budget_s: float) -> dict[int, int]:
    """Positions a CPU second per deal, one run of the build in ``tree``."""
    command = [sys.executable, "-m", "benchmarks.solver_proofs", "table", "--deals", deals]
    command += ["--redeals", "0", "--budget-s", str(budget_s), "--keep", "set"]
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True, check=True)
    found = {int(m[1]): int(m[2]) for m in RATE.finditer(done.stdout)}
    if len(found) != len(deals.split(",")):
        raise SystemExit(f"no rate for every deal in {tree.name}'s output:\n{done.stdout}")
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m crescent.bench builds")
    parser.add_argument("--base", default="e73f3cb", help="the commit whose pure build is 1.0")
    parser.add_argument("--builds", default=",".join(BUILDS), help="which, comma-separated")
    parser.add_argument("--deals", default="2,1", help="no-redeal deals, comma-separated")
    parser.add_argument("--budget-s", type=float, default=5.0, help="CPU seconds a deal")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    kinds = [k for k in BUILDS if k in args.builds.split(",")]
    runs: dict[str, list[dict[int, int]]] = {k: [] for k in kinds}
    with tempfile.TemporaryDirectory() as work:
        trees = {k: _tree(k, args.base, Path(work)) for k in kinds}
        for n in range(args.rounds):
            for kind in kinds:
                runs[kind].append(_rates(trees[kind], args.deals, args.budget_s))
                print(f"round {n + 1}, {kind}: {runs[kind][-1]}", file=sys.stderr)
    figures = _figures(runs, kinds[0])
    for line in _table(figures):
        print(line)
    results.record("builds", list(argv or sys.argv[1:]), figures)
    return 0


def _figures(runs: dict[str, list[dict[int, int]]], first: str) -> dict[str, Any]:
    """Per build and deal: the positions a CPU second of each round, and the ratios to
    ``first``'s in the same round with their median."""
    out: dict[str, Any] = {"relative_to": first}
    for kind, rounds in runs.items():
        per_deal: dict[str, dict[str, Any]] = {}
        for deal in rounds[0]:
            rates = [r[deal] for r in rounds]
            ratios = [r[deal] / b[deal] for r, b in zip(rounds, runs[first], strict=True)]
            per_deal[str(deal)] = {
                "rates": rates,
                "ratios": [round(x, 2) for x in ratios],
                "median_ratio": round(statistics.median(ratios), 2),
            }
        out[kind] = per_deal
    return out


def _table(figures: dict[str, Any]) -> list[str]:
    lines = [f"positions a CPU second (ratio to {figures['relative_to']}, median of rounds)"]
    for kind, per_deal in figures.items():
        if not isinstance(per_deal, dict):
            continue
        for deal, f in per_deal.items():
            rates = ", ".join(f"{x:,}" for x in f["rates"])
            lines.append(
                f"{kind:9} deal {deal}: {rates}; ratios {f['ratios']}, median {f['median_ratio']}"
            )
    return lines


if __name__ == "__main__":
    sys.exit(main())
