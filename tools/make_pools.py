"""Write the pools of deals proven winnable: assets/pools/winnable-N.txt and winnable-F.txt.

Each pool lists deal numbers (one per line, after a '#' comment line saying
how it was made) that crescent.solver won within the budget and whose line
replayed to a won game in the engine. Face-down deals (D) have the same cards
as standard deals, so the N pool serves D too.

Regenerate (one process, about 10-20 minutes per pool at 2 s per deal):

    .venv/bin/python tools/make_pools.py                 # both pools
    .venv/bin/python tools/make_pools.py --variant F --target 1000 --budget-s 2

Verify (re-solves every listed deal and replays the line; exit 1 on a failure):

    .venv/bin/python tools/make_pools.py --verify                  # both pools
    .venv/bin/python tools/make_pools.py --verify --variant N --budget-s 10
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from crescent.rules.engine import Game  # noqa: E402
from crescent.solver.portfolio import solve  # noqa: E402

POOLS = ROOT / "assets" / "pools"


def pool_path(variant: str) -> Path:
    return POOLS / f"winnable-{variant}.txt"


def proven(number: int, variant: str, budget_s: float) -> bool:
    """Whether the solver wins deal ``number`` and its line replays to a won game."""
    game = Game.deal(number, variant)
    result = solve(game, budget_s=budget_s)
    if result.outcome != "won":
        return False
    g = game.copy()
    for token in result.line:
        g.apply(token)
    return g.is_won


def make(variant: str, target: int, budget_s: float, first: int) -> int:
    found: list[int] = []
    number = first
    start = time.monotonic()
    while len(found) < target:
        if proven(number, variant, budget_s):
            found.append(number)
        number += 1
        if number % 100 == 0:
            print(
                f"{variant}: {len(found)} winnable of {number - first} deals, "
                f"{time.monotonic() - start:.0f} s",
                file=sys.stderr,
                flush=True,
            )
    POOLS.mkdir(parents=True, exist_ok=True)
    header = (
        f"# Crescent {variant} deals proven winnable: crescent.solver won each within "
        f"{budget_s:g} s and its line replayed to a won game; deals {first}..{number - 1} "
        f"scanned, {len(found)} kept. Made by tools/make_pools.py (see it to regenerate/verify)."
    )
    tmp = pool_path(variant).with_suffix(".tmp")
    tmp.write_text(header + "\n" + "".join(f"{n}\n" for n in found), encoding="utf-8")
    tmp.replace(pool_path(variant))
    print(f"wrote {pool_path(variant)}: {len(found)} deals", file=sys.stderr)
    return 0


def read_pool(path: Path) -> list[int]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [int(x) for x in lines if x.strip() and not x.startswith("#")]


def verify(variant: str, budget_s: float) -> int:
    path = pool_path(variant)
    numbers = read_pool(path)
    failures = [n for n in numbers if not proven(n, variant, budget_s)]
    if len(set(numbers)) != len(numbers):
        print(f"{path}: duplicate deal numbers", file=sys.stderr)
        return 1
    for n in failures:
        print(f"{path}: deal {n} not proven winnable within {budget_s:g} s", file=sys.stderr)
    print(f"{path}: {len(numbers) - len(failures)} of {len(numbers)} verified")
    return 1 if failures else 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", choices=("N", "F", "all"), default="all")
    parser.add_argument("--target", type=int, default=1000, help="deals per pool")
    parser.add_argument("--budget-s", type=float, default=2.0, help="seconds per deal")
    parser.add_argument("--first", type=int, default=1, help="first deal number to scan")
    parser.add_argument("--verify", action="store_true", help="re-check the pool files")
    args = parser.parse_args(argv)
    variants = ["N", "F"] if args.variant == "all" else [args.variant]
    status = 0
    for variant in variants:
        if args.verify:
            status |= verify(variant, args.budget_s)
        else:
            status |= make(variant, args.target, args.budget_s, args.first)
    return status


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
