"""Write the pools of deals from the surveys: assets/pools/winnable-N.txt and winnable-F.txt
(and lost-N.txt, lost-F.txt, the daily pools and the levels game's fair deals, fair-L.txt).

Each pool lists deal numbers (one per line, after a '#' comment line saying
how it was made) that crescent.solver won and whose line replayed to a won game in
the engine. Face-down deals (D) have the same cards as standard deals, so the N pool
serves D too.

Grow the pools from the surveys (every file of data/survey/ whose lines were played under
the pool's own rules, found by the settings each line records: a new file is taken as soon
as it is there). Each win's line is replayed again before its deal goes in, each loss proven
again before it goes into assets/pools/lost-N.txt or lost-F.txt; a deal never leaves a pool
(the new pool is the old one and the surveys' deals, sorted). After adding survey files,
one command (`make pools`) runs this and then tools/doc_tables.py, which writes the pools'
tables in docs/SOLVER.md:

    .venv/bin/python tools/make_pools.py --from-survey       # both pools

To prove more deals, run a survey (docs/SOLVER.md gives the commands): its file keeps each
line and the settings it was found with, and the pools follow it.

A daily pool (assets/pools/daily-NAME.txt, crescent/play/daily.py's DAILY_POOLS) is
written once from the surveys' wins and never again (refused when it exists):

    .venv/bin/python tools/make_pools.py --from-survey --variant N --daily N3

The levels game's fair deals (assets/pools/fair-L.txt, every new levels game is one):
the codes the survey of whole games won with a line of at most
crescent.solver.pools.FAIR_SHUFFLES shuffles, each line replayed again level after level
(docs/SOLVER.md, "Fair levels games"):

    .venv/bin/python tools/make_pools.py --fair
    .venv/bin/python tools/make_pools.py --fair --verify

Verify every winnable, daily and lost pool (a deal with a survey line: its line replayed;
any other: solved again and its line replayed; a loss: proven again; exit 1 on a failure):

    .venv/bin/python tools/make_pools.py --verify                  # both pools
    .venv/bin/python tools/make_pools.py --verify --variant N --budget-s 10
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from datetime import date, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from crescent.play.daily import DAILY_POOLS  # noqa: E402
from crescent.rules import modes  # noqa: E402
from crescent.rules.engine import Game  # noqa: E402
from crescent.solver.budget import MAX_BYTES  # noqa: E402
from crescent.solver.pools import FAIR_SHUFFLES  # noqa: E402
from crescent.solver.portfolio import solve  # noqa: E402
from crescent.solver.survey import Job, read_rows, replays, replays_whole, run  # noqa: E402
from crescent.solver.whole import shuffles_in  # noqa: E402

Row = dict[str, Any]
POOLS = ROOT / "assets" / "pools"
SURVEY = ROOT / "data" / "survey"
"""The published surveys; each pool takes the lines of every file played under its rules."""
FAIR_SURVEY = SURVEY / "levels-whole-10k.jsonl"
"""The survey of whole levels games the fair deals come from."""
FAIR_POOL = POOLS / "fair-L.txt"


def pool_path(variant: str) -> Path:
    return POOLS / f"winnable-{variant}.txt"


def lost_path(variant: str) -> Path:
    return POOLS / f"lost-{variant}.txt"


def daily_paths(variant: str) -> list[Path]:
    """The daily pools of ``variant``'s deals (daily-N1.txt, daily-N2.txt, ...)."""
    return sorted(POOLS.glob(f"daily-{variant}*.txt"))


def proven(number: int, variant: str, budget_s: float) -> bool:
    """Whether the solver wins deal ``number`` and its line replays to a won game."""
    game = Game.deal(number, variant)
    result = solve(game, budget_s=budget_s)
    return result.outcome == "won" and replays(game, result.line)


def survey_files(variant: str, folder: Path | None = None) -> dict[Path, list[Row]]:
    """The survey files of ``folder`` (SURVEY by default) with lines played under
    ``variant``'s own rules (its redeals, no level, not a whole levels game), each with those
    lines, by file name. Found by the settings every line records, not by a list: a new
    file counts once it is there. Read only: a torn last line (a survey still writing) is
    left out."""
    rules = (variant, Game.deal(1, variant).rules.redeals, None, False)
    found: dict[Path, list[Row]] = {}
    for path in sorted((folder or SURVEY).glob("*.jsonl")):
        if _first_rules(path) not in (rules, None):
            continue  # a survey's lines share its settings: the first says them all
        rows = [row for row in read_rows(str(path), mend=False) if _rules(row) == rules]
        if rows:
            found[path] = rows
    return found


def _rules(row: Row) -> tuple[object, ...]:
    return (row["variant"], row["redeals"], row["level"], bool(row.get("whole")))


def _first_rules(path: Path) -> tuple[object, ...] | None:
    """The rules the first line of ``path`` records, or None if it is not a survey line."""
    with path.open("rb") as f:
        first = f.readline()
    try:
        return _rules(json.loads(first))
    except (ValueError, KeyError, TypeError):
        return None


def survey_wins(files: Mapping[Path, Sequence[Row]]) -> dict[int, list[str]]:
    """The deals ``files`` won and marked verified, each with the first file's line."""
    wins: dict[int, list[str]] = {}
    for rows in files.values():
        for row in rows:
            if row["result"] == "won" and row.get("verified") is True:
                wins.setdefault(row["deal"], row["line"])
    return wins


def survey_losses(files: Mapping[Path, Sequence[Row]]) -> dict[int, Row]:
    """The deals ``files`` proved lost, each with the first file's line."""
    losses: dict[int, Row] = {}
    for rows in files.values():
        for row in rows:
            if row["result"] == "lost":
                losses.setdefault(row["deal"], row)
    return losses


def replayed(variant: str, wins: Mapping[int, Sequence[str]]) -> list[int]:
    """The deals of ``wins`` whose line replays to a won game in the engine."""
    return sorted(n for n, line in wins.items() if replays(Game.deal(n, variant), line))


def lost_again(row: Row) -> bool:
    """Whether the solver proves the deal of the survey line ``row`` lost again, under the
    line's own settings and budget (a loss is exact or not claimed)."""
    mb = row.get("max_mb")
    job = Job(
        row["deal"],
        row["variant"],
        row["redeals"],
        row["level"],
        row["budget_s"],
        max_bytes=MAX_BYTES if mb is None else int(mb * 2**20),
        max_nodes=row.get("max_nodes"),
    )
    return bool(run(job)["result"] == "lost")


def write_pool(path: Path, header: str, numbers: Sequence[int]) -> None:
    tmp = path.with_suffix(".tmp")
    tmp.write_text(header + "\n" + "".join(f"{n}\n" for n in numbers), encoding="utf-8")
    tmp.replace(path)
    print(f"wrote {path}: {len(numbers)} deals", file=sys.stderr)


def names(files: Mapping[Path, object]) -> str:
    """The files' paths (in the repository, if they are), for a pool's header."""
    shown = (p.relative_to(ROOT).as_posix() if p.is_relative_to(ROOT) else str(p) for p in files)
    return ", ".join(shown) or "no survey file"


def checked_wins(variant: str, files: Mapping[Path, Sequence[Row]]) -> tuple[list[int], list[str]]:
    """The deals ``files`` won whose line replays again to a won game, and a sentence for
    each win whose line no longer does."""
    wins = survey_wins(files)
    won = replayed(variant, wins)
    return won, [f"deal {n}: its survey line no longer wins it" for n in set(wins) - set(won)]


def refused(variant: str, failures: Sequence[str]) -> int:
    for failure in sorted(failures):
        print(f"{variant}: {failure}; nothing written", file=sys.stderr)
    return 1


def from_survey(variant: str) -> int:
    """Grow ``variant``'s winnable and lost pools with the surveys' wins and losses under
    its rules. Nothing is written if a survey's win no longer replays, a loss is not proven
    again, or a deal would be both won and lost."""
    files = survey_files(variant)
    won, failures = checked_wins(variant, files)
    claimed = survey_losses(files)
    lost = [n for n, row in claimed.items() if lost_again(row)]
    failures += [
        f"deal {n}: its survey loss was not proven again" for n in set(claimed) - set(lost)
    ]
    numbers = sorted(set(read_pool(pool_path(variant))) | set(won))
    losses = sorted(set(read_pool(lost_path(variant))) | set(lost))
    failures += [f"deal {n}: both won and proven lost" for n in set(numbers) & set(losses)]
    if failures:
        return refused(variant, failures)
    header = (
        f"# Crescent {variant} deals proven winnable: the wins of {names(files)} under the "
        f"variant's own rules, each line replayed again to a won game, with the pool before "
        f"them: {len(numbers)} deals. Made by tools/make_pools.py (see it to regenerate/verify)."
    )
    write_pool(pool_path(variant), header, numbers)
    header = (
        f"# Crescent {variant} deals proven lost under the variant's own rules: the losses of "
        f"{names(files)}, each proven again, with the list before them: {len(losses)} deals; "
        '"winnable deals only" never deals them. Made by tools/make_pools.py --from-survey.'
    )
    write_pool(lost_path(variant), header, losses)
    return 0


def write_daily(variant: str, name: str) -> int:
    """The daily pool ``name``: the surveys' wins under ``variant``'s rules, each line
    replayed again. Written once: refused if it exists."""
    path = POOLS / f"daily-{name}.txt"
    if path.exists():
        return refused(variant, [f"{path.name} exists: a daily pool never changes once made"])
    files = survey_files(variant)
    won, failures = checked_wins(variant, files)
    if failures:
        return refused(variant, failures)
    header = (
        f"# Daily pool {name}: the Crescent {variant} deals won in {names(files)} (each line "
        f"replayed to a won game), {len(won)} deals. Never changed: the daily deals of "
        "its days stand forever. Made by tools/make_pools.py --from-survey --daily."
    )
    write_pool(path, header, won)
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
    (a survey line replayed, or solved again within ``budget_s``); and its lost pool: each
    deal a survey's loss, proven again."""
    files = survey_files(variant)
    wins = survey_wins(files)
    status = 0
    for path in [pool_path(variant), *daily_paths(variant), lost_path(variant)]:
        numbers = read_pool(path)
        if len(set(numbers)) != len(numbers):
            print(f"{path}: duplicate deal numbers", file=sys.stderr)
            status = 1
        if path == lost_path(variant):
            losses = survey_losses(files)
            failures = [n for n in numbers if n not in losses or not lost_again(losses[n])]
        else:
            failures = [n for n in numbers if not _won(n, variant, wins.get(n), budget_s)]
        for n in failures:
            print(f"{path}: deal {n} not proven", file=sys.stderr)
        print(f"{path}: {len(numbers) - len(failures)} of {len(numbers)} verified")
        status |= 1 if failures else 0
    return status


def _won(number: int, variant: str, line: Sequence[str] | None, budget_s: float) -> bool:
    if line is not None and replays(Game.deal(number, variant), line):
        return True
    return proven(number, variant, budget_s)


def pools_table() -> str:
    """docs/SOLVER.md's table of the winnable and lost pools: what each holds and the survey
    files of its rules it comes from (tools/doc_tables.py writes it)."""
    rows = [
        "| pool | games | winnable deals | proven lost | from the surveys of its rules |",
        "|---|---|---|---|---|",
    ]
    for pool in modes.POOLS:
        games = ", ".join(m.summary for m in modes.MODES if m.pool == pool)
        redeals = Game.deal(1, pool).rules.redeals
        files = [
            f"`{path.name}`: {len(survey_wins({path: rows})):,} won, "
            f"{len(survey_losses({path: rows})):,} lost"
            for path, rows in survey_files(pool).items()
        ]
        won, lost = len(read_pool(pool_path(pool))), len(read_pool(lost_path(pool)))
        rows.append(
            f"| `winnable-{pool}.txt`, `lost-{pool}.txt` | {games} ({redeals} redeals) "
            f"| {won:,} | {lost:,} | {'; '.join(files)} |"
        )
    return "\n".join(rows)


def daily_table() -> str:
    """docs/SOLVER.md's table of the daily pools: each one's days and deals, from
    crescent/play/daily.py's DAILY_POOLS (tools/doc_tables.py writes it)."""
    rows = ["| pool | days | deals |", "|---|---|---|"]
    for pool, after in zip(DAILY_POOLS, [*DAILY_POOLS[1:], None], strict=True):
        last = None if after is None else after.first_day - timedelta(days=1)
        if pool.first_day == date.min:
            days = f"until {_day(last)}" if last else "every day"
        else:
            days = (
                f"{_day(pool.first_day)} to {_day(last)}"
                if last
                else f"from {_day(pool.first_day)}"
            )
        count = len(read_pool(POOLS / f"daily-{pool.name}.txt"))
        rows.append(f"| `daily-{pool.name}.txt` | {days} | {count:,} |")
    return "\n".join(rows)


def _day(day: date) -> str:
    return f"{day.day} {day:%B %Y}"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", choices=("N", "F", "all"), default="all")
    parser.add_argument(
        "--budget-s", type=float, default=2.0, help="--verify: seconds to solve a deal again"
    )
    parser.add_argument("--verify", action="store_true", help="re-check the pool files")
    parser.add_argument(
        "--from-survey",
        action="store_true",
        help="add the wins and losses of every survey of the pool's rules",
    )
    parser.add_argument("--daily", help="with --from-survey: write the daily pool of this name")
    parser.add_argument("--fair", action="store_true", help="the levels game's fair deals")
    args = parser.parse_args(argv)
    if args.fair:
        return verify_fair() if args.verify else write_fair()
    variants = ["N", "F"] if args.variant == "all" else [args.variant]
    if args.daily is not None and (not args.from_survey or len(variants) != 1):
        parser.error("--daily goes with --from-survey and one --variant")
    if not (args.verify or args.from_survey):
        parser.error("say what to do: --from-survey, --verify or --fair")
    status = 0
    for variant in variants:
        if args.verify:
            status |= verify(variant, args.budget_s)
        elif args.daily is not None:
            status |= write_daily(variant, args.daily)
        else:
            status |= from_survey(variant)
    return status


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
