"""Write the pools of deals proven winnable: assets/pools/winnable-N.txt and winnable-F.txt
(and the levels game's fair deals, fair-L.txt).

Each pool lists deal numbers (one per line, after a '#' comment line saying
how it was made) that crescent.solver won and whose line replayed to a won game in
the engine. Face-down deals (D) have the same cards as standard deals, so the N pool
serves D too.

Grow the pools from the survey's wins (data/survey/, the variant's own rules; each
line is replayed again before its deal goes in), or scan deals by solving them (one
process, about 10-20 minutes per pool at 2 s per deal):

    .venv/bin/python tools/make_pools.py --from-survey       # both pools
    .venv/bin/python tools/make_pools.py --variant F --target 1000 --budget-s 2

A daily pool (assets/pools/daily-NAME.txt, crescent/play/daily.py's DAILY_POOLS) is
written once from the survey's wins and never again (refused when it exists):

    .venv/bin/python tools/make_pools.py --from-survey --variant N --daily N2

The levels game's fair deals (assets/pools/fair-L.txt, every new levels game is one):
the codes the survey of whole games won with a line of at most
crescent.solver.pools.FAIR_SHUFFLES shuffles, each line replayed again level after level
(docs/SOLVER.md, "Fair levels games"):

    .venv/bin/python tools/make_pools.py --fair
    .venv/bin/python tools/make_pools.py --fair --verify

Verify every winnable and daily pool (a deal with a survey line: its line replayed; any
other: solved again and its line replayed; exit 1 on a failure):

    .venv/bin/python tools/make_pools.py --verify                  # both pools
    .venv/bin/python tools/make_pools.py --verify --variant N --budget-s 10
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from crescent.rules.engine import Game  # noqa: E402
from crescent.solver.pools import FAIR_SHUFFLES  # noqa: E402
from crescent.solver.portfolio import solve  # noqa: E402
from crescent.solver.survey import replays, replays_whole  # noqa: E402
from crescent.solver.whole import shuffles_in  # noqa: E402

POOLS = ROOT / "assets" / "pools"
SURVEYS = {
    "N": ROOT / "data" / "survey" / "standard-r3-10s.jsonl",
    "F": ROOT / "data" / "survey" / "four-r4-10s.jsonl",
}
"""The survey of each pool's variant under its own rules (docs/SOLVER.md)."""
FAIR_SURVEY = ROOT / "data" / "survey" / "levels-whole-10k.jsonl"
"""The survey of whole levels games the fair deals come from."""
FAIR_POOL = POOLS / "fair-L.txt"


def pool_path(variant: str) -> Path:
    return POOLS / f"winnable-{variant}.txt"


def daily_paths(variant: str) -> list[Path]:
    """The daily pools of ``variant``'s deals (daily-N1.txt, daily-N2.txt, ...)."""
    return sorted(POOLS.glob(f"daily-{variant}*.txt"))


def proven(number: int, variant: str, budget_s: float) -> bool:
    """Whether the solver wins deal ``number`` and its line replays to a won game."""
    game = Game.deal(number, variant)
    result = solve(game, budget_s=budget_s)
    return result.outcome == "won" and replays(game, result.line)


def survey_wins(variant: str, path: Path) -> dict[int, list[str]]:
    """The deals ``path`` won (and marked verified) under ``variant``'s own rules, with
    their lines. Read only: a torn last line (a survey still writing) is left out."""
    redeals = Game.deal(1, variant).rules.redeals
    wins: dict[int, list[str]] = {}
    for raw in path.read_text(encoding="utf-8").splitlines():
        try:
            row = json.loads(raw)
        except ValueError:
            continue
        ours = (row["variant"], row["redeals"], row["level"]) == (variant, redeals, None)
        if ours and row["result"] == "won" and row.get("verified") is True:
            wins[row["deal"]] = row["line"]
    return wins


def replayed(variant: str, wins: Mapping[int, Sequence[str]]) -> list[int]:
    """The deals of ``wins`` whose line replays to a won game in the engine."""
    return sorted(n for n, line in wins.items() if replays(Game.deal(n, variant), line))


def write_pool(path: Path, header: str, numbers: Sequence[int]) -> None:
    tmp = path.with_suffix(".tmp")
    tmp.write_text(header + "\n" + "".join(f"{n}\n" for n in numbers), encoding="utf-8")
    tmp.replace(path)
    print(f"wrote {path}: {len(numbers)} deals", file=sys.stderr)


def from_survey(variant: str, daily: str | None) -> int:
    """Grow ``variant``'s pool with the survey's wins, or write the daily pool ``daily``."""
    survey = SURVEYS[variant]
    won = replayed(variant, survey_wins(variant, survey))
    where = survey.relative_to(ROOT).as_posix()
    if daily is not None:
        path = POOLS / f"daily-{daily}.txt"
        if path.exists():
            print(f"{path} exists: a daily pool never changes once made", file=sys.stderr)
            return 1
        header = (
            f"# Daily pool {daily}: the Crescent {variant} deals won in {where} (each line "
            f"replayed to a won game), {len(won)} deals. Never changed: the daily deals of "
            "its days stand forever. Made by tools/make_pools.py --from-survey --daily."
        )
        write_pool(path, header, won)
        return 0
    numbers = sorted(set(read_pool(pool_path(variant))) | set(won))
    header = (
        f"# Crescent {variant} deals proven winnable: crescent.solver won each and its line "
        f"replayed to a won game ({len(won)} from {where}, with the pool before it), "
        f"{len(numbers)} deals. Made by tools/make_pools.py (see it to regenerate/verify)."
    )
    write_pool(pool_path(variant), header, numbers)
    return 0


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
    write_pool(pool_path(variant), header, found)
    return 0


def fair_lines(path: Path) -> dict[int, list[list[str]]]:
    """The codes ``path`` (a survey of whole levels games) won, verified, with a line of
    at most FAIR_SHUFFLES shuffles: each code's lines, a level each. Read only: a torn
    last line (a survey still writing) is left out."""
    fair: dict[int, list[list[str]]] = {}
    for raw in path.read_text(encoding="utf-8").splitlines():
        try:
            row = json.loads(raw)
        except ValueError:
            continue
        won = row.get("whole") is True and row["result"] == "won" and row.get("verified") is True
        if won and sum(map(shuffles_in, row["lines"])) <= FAIR_SHUFFLES:
            fair[row["deal"]] = row["lines"]
    return fair


def write_fair() -> int:
    """fair-L.txt from the survey of whole games, every line replayed again first."""
    fair = fair_lines(FAIR_SURVEY)
    numbers = sorted(n for n, lines in fair.items() if replays_whole(n, lines))
    surveyed = sum(1 for line in FAIR_SURVEY.read_text(encoding="utf-8").splitlines() if line)
    header = (
        f"# Fair levels games: the codes {FAIR_SURVEY.relative_to(ROOT).as_posix()} won whole "
        f"(four levels in a row) with a line of at most {FAIR_SHUFFLES} of the five "
        f"shuffles, each line replayed to a won game: {len(numbers)} of {surveyed} codes. "
        "Made by tools/make_pools.py --fair (see it to regenerate/verify)."
    )
    write_pool(FAIR_POOL, header, numbers)
    return 0


def verify_fair() -> int:
    """Check fair-L.txt: every code once, each a fair win of the survey, replayed again."""
    numbers = read_pool(FAIR_POOL)
    fair = fair_lines(FAIR_SURVEY)
    failures = [n for n in numbers if n not in fair or not replays_whole(n, fair[n])]
    for n in failures:
        print(f"{FAIR_POOL}: code {n} is not a fair win of {FAIR_SURVEY}", file=sys.stderr)
    duplicates = len(set(numbers)) != len(numbers)
    if duplicates:
        print(f"{FAIR_POOL}: duplicate deal numbers", file=sys.stderr)
    print(f"{FAIR_POOL}: {len(numbers) - len(failures)} of {len(numbers)} verified")
    return 1 if failures or duplicates else 0


def read_pool(path: Path) -> list[int]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [int(x) for x in lines if x.strip() and not x.startswith("#")]


def verify(variant: str, budget_s: float) -> int:
    """Check ``variant``'s winnable pool and its daily pools: every deal once, each won
    (its survey line replayed, or solved again within ``budget_s``)."""
    wins = survey_wins(variant, SURVEYS[variant]) if SURVEYS[variant].exists() else {}
    status = 0
    for path in [pool_path(variant), *daily_paths(variant)]:
        numbers = read_pool(path)
        if len(set(numbers)) != len(numbers):
            print(f"{path}: duplicate deal numbers", file=sys.stderr)
            status = 1
        failures = [n for n in numbers if not _won(n, variant, wins.get(n), budget_s)]
        for n in failures:
            print(f"{path}: deal {n} not proven winnable", file=sys.stderr)
        print(f"{path}: {len(numbers) - len(failures)} of {len(numbers)} verified")
        status |= 1 if failures else 0
    return status


def _won(number: int, variant: str, line: Sequence[str] | None, budget_s: float) -> bool:
    if line is not None and replays(Game.deal(number, variant), line):
        return True
    return proven(number, variant, budget_s)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", choices=("N", "F", "all"), default="all")
    parser.add_argument("--target", type=int, default=1000, help="deals per pool")
    parser.add_argument("--budget-s", type=float, default=2.0, help="seconds per deal")
    parser.add_argument("--first", type=int, default=1, help="first deal number to scan")
    parser.add_argument("--verify", action="store_true", help="re-check the pool files")
    parser.add_argument("--from-survey", action="store_true", help="add the survey's wins")
    parser.add_argument("--daily", help="with --from-survey: write the daily pool of this name")
    parser.add_argument("--fair", action="store_true", help="the levels game's fair deals")
    args = parser.parse_args(argv)
    if args.fair:
        return verify_fair() if args.verify else write_fair()
    variants = ["N", "F"] if args.variant == "all" else [args.variant]
    if args.daily is not None and (not args.from_survey or len(variants) != 1):
        parser.error("--daily goes with --from-survey and one --variant")
    status = 0
    for variant in variants:
        if args.verify:
            status |= verify(variant, args.budget_s)
        elif args.from_survey:
            status |= from_survey(variant, args.daily)
        else:
            status |= make(variant, args.target, args.budget_s, args.first)
    return status


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
