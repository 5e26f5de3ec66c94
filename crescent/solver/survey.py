"""``python -m crescent.solver survey --variant N --deals 1-10000 --budget-s 60 --out FILE``:
solve each deal within ``--budget-s`` CPU seconds (the solving thread's) and write one
JSON line per deal (docs/SOLVER.md gives the fields: wins replayed through the engine,
losses with their exact proof, the build that solved it). Each line is flushed and
fsynced as its deal ends; run again, the survey skips the deals the file holds (a torn
last line is cut off). Progress on stderr; at the end (``--report``: only) the file's
table with Wilson 95 % intervals. Local processes (``--jobs``) or a Dask cluster
(``--cluster tcp://host:8786``, the ``cluster`` extra).
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
import math
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from typing import IO, Any, NoReturn

from crescent.rules import modes
from crescent.rules.engine import Game, IllegalMove
from crescent.solver.budget import MAX_BYTES
from crescent.solver.build import compiled
from crescent.solver.portfolio import Outcome, solve

Row = dict[str, Any]
SETTINGS = ("variant", "redeals", "level", "budget_s")
"""The fields every line of one survey file shares (a resumed run must match them)."""


@dataclasses.dataclass(frozen=True)
class Job:
    """One deal of a survey."""

    number: int
    variant: str
    redeals: int
    level: int | None
    budget_s: float
    max_bytes: int = MAX_BYTES

    def game(self) -> Game:
        game = Game.deal(self.number, self.variant, level=self.level)
        if game.rules.redeals != self.redeals:
            rules = game.rules.replace(redeals=self.redeals)
            game = Game.deal(self.number, self.variant, rules, level=self.level)
        return game


def replays(game: Game, line: Sequence[str]) -> bool:
    """Whether ``line`` wins ``game`` (a copy) when played through the engine."""
    g = game.copy()
    try:
        for token in line:
            g.apply(token)
    except (IllegalMove, ValueError):
        return False
    return g.is_won


def run(job: Job) -> Row:
    """Solve one deal (in a worker) and say what came of it, as one line of the file."""
    game = job.game()
    result = solve(game, budget_s=job.budget_s, clock=time.thread_time, max_bytes=job.max_bytes)
    row: Row = {
        "deal": job.number,
        "code": game.code,
        "variant": job.variant,
        "redeals": job.redeals,
        "level": job.level,
        "budget_s": job.budget_s,
        "result": result.outcome,
        "seconds": round(result.seconds, 3),
        "positions": result.nodes,
        "build": "compiled" if compiled() else "pure",
    }
    if result.outcome is Outcome.WON:
        row["verified"] = replays(game, result.line)
        if not row["verified"]:
            row["result"] = Outcome.UNKNOWN  # never count a line the engine refuses
        row["line"] = result.line
    elif result.outcome is Outcome.LOST:
        row["proof"] = result.proof
        row["proof_positions"] = result.proof_positions
    return row


def read_rows(path: str, *, mend: bool = True) -> list[Row]:
    """The complete lines of a survey file; a torn last line (a killed run) is cut off
    (from the file too, with ``mend``)."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        return []
    rows: list[Row] = []
    good = 0
    for raw in data.splitlines(keepends=True):
        try:
            row = json.loads(raw)
        except ValueError:
            break
        if not raw.endswith(b"\n") or not isinstance(row, dict):
            break
        rows.append(row)
        good += len(raw)
    if mend and good < len(data):
        with open(path, "r+b") as f:
            f.truncate(good)
            os.fsync(f.fileno())
    return rows


def append_row(out: IO[str], row: Row) -> None:
    """One line, on disk before the next deal is written."""
    out.write(json.dumps(row, separators=(",", ":")) + "\n")
    out.flush()
    os.fsync(out.fileno())


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a proportion (95 % by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def game_name(row: Row) -> str:
    if row.get("level"):
        return f"levels game, level {row['level']}"
    return f"{modes.by_letter(row['variant']).summary} ({row['redeals']} redeals)"


def table(rows: Iterable[Row]) -> str:
    """The Markdown table of survey rows, per game: the share winnable is at least the
    found wins, at most all but the proven losses (Wilson 95 % intervals)."""
    groups: dict[tuple[Any, ...], list[Row]] = {}
    for row in rows:
        groups.setdefault(tuple(row[k] for k in SETTINGS), []).append(row)
    out = [
        "| game | deals | budget (CPU) | won | proven lost | unknown "
        "| winnable: at least (95 %) | at most (95 %) |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for group in groups.values():
        n = len(group)
        won = sum(r["result"] == Outcome.WON for r in group)
        lost = sum(r["result"] == Outcome.LOST for r in group)
        deals = sorted(r["deal"] for r in group)
        span = f"{deals[0]}–{deals[-1]}" if deals[-1] - deals[0] + 1 == n else f"{n} listed"
        lo, hi = wilson(won, n)
        lo2, hi2 = wilson(n - lost, n)
        out.append(
            f"| {game_name(group[0])} | {span} ({n}) | {group[0]['budget_s']:g} s | {won} "
            f"| {lost} | {n - won - lost} | {100 * won / n:.1f} % "
            f"({100 * lo:.1f}–{100 * hi:.1f}) | {100 * (n - lost) / n:.1f} % "
            f"({100 * lo2:.1f}–{100 * hi2:.1f}) |"
        )
    return "\n".join(out)


def deal_numbers(text: str) -> list[int]:
    """Deal numbers from ``1-10000`` or ``5,17,30-32`` (in that order, no repeats)."""
    out: dict[int, None] = {}
    for part in text.replace(",", " ").split():
        lo, _, hi = part.partition("-")
        out.update(dict.fromkeys(range(int(lo), int(hi or lo) + 1)))
    if not out or min(out) < 0:
        raise ValueError(f"no deal numbers in {text!r}")
    return list(out)


class _ArgumentParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: {message}", file=sys.stderr)
        raise SystemExit(2)


def _parser() -> argparse.ArgumentParser:
    parser = _ArgumentParser(
        prog="python -m crescent.solver survey", description="Solve a range of deals."
    )
    parser.add_argument("--variant", choices=modes.LETTERS, default=modes.DEFAULT.letter)
    parser.add_argument("--deals", default="1-1000", help="deals such as 1-10000 or 5,17,30-32")
    parser.add_argument("--budget-s", type=float, default=10.0, help="CPU seconds a deal")
    parser.add_argument("--redeals", type=int, default=None, help="instead of the variant's")
    parser.add_argument("--level", type=int, default=None, help="levels game: this level (1-4)")
    parser.add_argument("--max-mb", type=float, default=MAX_BYTES / 2**20, help="memory, MB")
    parser.add_argument("--out", required=True, help="the JSON-lines file (resumed if there)")
    parser.add_argument("--jobs", type=int, default=None, help="deals at once (default: cores)")
    parser.add_argument("--cluster", default=None, help="a Dask scheduler, tcp://host:8786")
    parser.add_argument("--report", action="store_true", help="print the file's table only")
    return parser


def _jobs(parser: argparse.ArgumentParser, args: argparse.Namespace) -> list[Job]:
    """The survey's deals, from the options."""
    try:
        numbers = deal_numbers(args.deals)
    except ValueError as e:
        parser.error(f"--deals: {e}")
    if not 0 < args.budget_s <= 1e6:
        parser.error(f"--budget-s must be a positive number of seconds, got {args.budget_s}")
    if args.redeals is not None and not 0 <= args.redeals <= 99:
        parser.error(f"--redeals must be a whole number 0..99, got {args.redeals}")
    if not 1 <= args.max_mb <= 1e6:
        parser.error(f"--max-mb must be a number of megabytes from 1, got {args.max_mb}")
    mode = modes.LEVELS if args.level is not None else modes.by_letter(args.variant)
    if args.level is not None and not 1 <= args.level <= mode.levels:
        parser.error(f"--level must be 1..{mode.levels}, got {args.level}")
    rules = mode.rules_for_level(args.level or 1)
    redeals = rules.redeals if args.redeals is None else args.redeals
    max_bytes = int(args.max_mb * 2**20)
    return [Job(n, mode.letter, redeals, args.level, args.budget_s, max_bytes) for n in numbers]


def _executor(args: argparse.Namespace) -> tuple[Executor, int]:
    """Where the deals run, and how many run at once."""
    if args.cluster is None:
        jobs = args.jobs or os.cpu_count() or 1
        return ProcessPoolExecutor(max_workers=jobs), jobs
    try:
        distributed = importlib.import_module("distributed")
    except ImportError:
        print("survey: --cluster needs Dask: pip install 'crescent[cluster]'", file=sys.stderr)
        raise SystemExit(2) from None
    client = distributed.Client(args.cluster)
    jobs = args.jobs or max(1, sum(client.nthreads().values()))
    return _Cluster(client), jobs


class _Cluster(Executor):
    """A Dask client as an executor; shutting it down closes the client."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.inner: Executor = client.get_executor(pure=False)

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        return self.inner.submit(fn, *args, **kwargs)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.inner.shutdown(wait=wait)
        self.client.close()


def results(executor: Executor, jobs: Sequence[Job], at_once: int) -> Iterator[Row]:
    """The jobs' rows as they finish, at most ``at_once`` in flight (all a kill loses)."""
    todo = iter(jobs)
    pending: set[Future[Row]] = set()
    while True:
        for job in todo:
            pending.add(executor.submit(run, job))
            if len(pending) >= at_once:
                break
        if not pending:
            return
        done, pending = wait(pending, return_when=FIRST_COMPLETED)
        for future in done:
            yield future.result()


def _progress(done: int, total: int, row: Row, counts: dict[str, int]) -> None:
    so_far = ", ".join(f"{k} {v}" for k, v in counts.items())
    head = f"survey {done}/{total}: {row['code']} {row['result']} {row['seconds']:.2f} s"
    print(f"{head} {row['positions']} positions ({so_far})", file=sys.stderr, flush=True)


def main(argv: Sequence[str], executor_of: Callable[..., tuple[Executor, int]] = _executor) -> int:
    parser = _parser()
    args = parser.parse_args(list(argv))
    jobs = _jobs(parser, args)
    rows = read_rows(args.out, mend=not args.report)
    want = {k: getattr(jobs[0], k) for k in SETTINGS}
    for row in rows:
        if {k: row.get(k) for k in SETTINGS} != want:
            got = {k: row.get(k) for k in SETTINGS}
            parser.error(f"{args.out} holds a survey of other settings: {got}, not {want}")
    if args.report:
        print(table(rows) if rows else "no deals yet")
        return 0
    have = {row["deal"] for row in rows}
    todo = [job for job in jobs if job.number not in have]
    counts = dict.fromkeys(map(str, Outcome), 0)
    print(f"survey: {len(have)} deals in {args.out}, {len(todo)} to go", file=sys.stderr)
    executor, at_once = executor_of(args)
    with executor, open(args.out, "a", encoding="utf-8") as out:
        for done, row in enumerate(results(executor, todo, at_once), 1):
            append_row(out, row)
            rows.append(row)
            counts[row["result"]] += 1
            _progress(done, len(todo), row, counts)
    print(table(rows) if rows else "no deals")
    return 0
