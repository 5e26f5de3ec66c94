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
import re
import stat
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from typing import IO, Any, NoReturn

from crescent.rules import modes
from crescent.rules.deal import DEAL_COUNT
from crescent.rules.engine import Game, IllegalMove
from crescent.solver.budget import MAX_BYTES, max_mb_error
from crescent.solver.build import compiled
from crescent.solver.portfolio import Outcome, solve
from crescent.solver.whole import solve_whole

Row = dict[str, Any]
SETTINGS = ("variant", "redeals", "level", "budget_s", "max_nodes", "max_mb")
"""The fields every line of one survey file shares (a resumed run must match them);
``max_nodes`` and ``max_mb`` only in a survey in positions (:meth:`Job.settings`)."""
RESULTS = tuple(map(str, Outcome))
"""What a line's result may say (a search's :class:`Outcome`)."""
MAX_DEALS = 1_000_000
"""The most deals one run takes (a million deals is 115 CPU days at 10 s each): a range of
20 digits was listed whole and grew to 20 GB before the kernel killed it (issue 43)."""
MAX_JOBS = 1024
MAX_NODES = 10**12
"""The most positions a deal's search may be given (``--max-nodes``)."""
DEFAULT_BUDGET_S = 10.0
"""CPU seconds a deal when neither ``--budget-s`` nor ``--max-nodes`` is given."""
CLUSTER_TIMEOUT_S = 30.0


class OutFileError(Exception):
    """``--out`` cannot be the survey's file: one sentence."""


@dataclasses.dataclass(frozen=True)
class Job:
    """One deal of a survey."""

    number: int
    variant: str
    redeals: int
    level: int | None
    budget_s: float | None
    """CPU seconds a search may take; None: no time limit (``max_nodes`` is the budget)."""
    max_bytes: int = MAX_BYTES
    whole: bool = False
    """A whole levels game (:func:`~crescent.solver.whole.solve_whole`), ``budget_s`` for
    each of its searches."""
    max_nodes: int | None = None
    """Positions a search may enter; given, the portfolio's turns are counted in
    positions too, so the line is the same on any machine (``solve(node_turns=True)``)."""

    def limits(self) -> dict[str, Any]:
        """The budget as :func:`~crescent.solver.portfolio.solve` takes it."""
        return {
            "budget_s": math.inf if self.budget_s is None else self.budget_s,
            "max_nodes": self.max_nodes,
            "node_turns": self.max_nodes is not None,
            "max_bytes": self.max_bytes,
        }

    def settings(self) -> Row:
        """The fields every line of its survey shares. ``max_nodes`` and ``max_mb`` (the
        memory, on which a line in positions depends too) only in a survey in positions:
        the lines of a survey in seconds stay as they were."""
        row: Row = {k: getattr(self, k) for k in SETTINGS[:4]}
        if self.max_nodes is not None:
            mb = self.max_bytes / 2**20
            row |= {"max_nodes": self.max_nodes, "max_mb": int(mb) if mb.is_integer() else mb}
        return row

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
    if job.whole:
        return run_whole(job)
    game = job.game()
    result = solve(game, clock=time.thread_time, **job.limits())
    row: Row = {
        "deal": job.number,
        "code": game.code,
        **job.settings(),
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


def run_whole(job: Job) -> Row:
    """A whole levels game: what each level took, and the game (its lines replayed)."""
    found = solve_whole(job.number, clock=time.thread_time, **job.limits())
    lines = [lv.found.line for lv in found.levels]
    result = found.outcome
    verified = result is not Outcome.WON or replays_whole(job.number, lines)
    row: Row = {
        "deal": job.number,
        "code": found.code,
        **job.settings(),
        "whole": True,
        "result": result if verified else Outcome.UNKNOWN,
        "used": found.used if verified else None,
        "at_least": found.at_least,
        "exact": found.exact and verified,
        "levels": [
            {
                "level": lv.level,
                "left": lv.left,
                "result": lv.found.outcome,
                "shuffles": lv.found.shuffles,
                "at_least": lv.found.at_least,
            }
            for lv in found.levels
        ],
        "seconds": round(found.seconds, 3),
        "positions": found.nodes,
        "build": "compiled" if compiled() else "pure",
        "lines": lines,
    }
    if result is Outcome.WON:
        row["verified"] = verified
    return row


def replays_whole(number: int, lines: list[list[str]]) -> bool:
    """Whether ``lines`` win the levels of game ``number`` one after another."""
    game = Game.deal(number, modes.LEVELS.letter, level=1)
    for k, line in enumerate(lines):
        if k:
            game = game.next_level()
        if not replays(game, line):
            return False
        for token in line:
            game.apply(token)
    return game.last_level


def whole_table(rows: Sequence[Row]) -> str:
    """The whole levels games of a survey: the share won within the game's shuffles
    (Wilson 95 %), and how many shuffles each level and the game took."""
    n = len(rows)
    won = sum(r["result"] == Outcome.WON for r in rows)
    lost = sum(r["result"] == Outcome.LOST for r in rows)
    lo, hi = wilson(won, n)
    lo2, hi2 = wilson(n - lost, n)
    deals = sorted(r["deal"] for r in rows)
    span = f"{deals[0]}–{deals[-1]}" if deals[-1] - deals[0] + 1 == n else f"{n} listed"
    out = [
        "| game | codes | budget (CPU, a search) | won | proven lost | unknown "
        "| winnable: at least (95 %) | at most (95 %) |",
        "|---|---|---|---|---|---|---|---|",
        f"| levels game, whole | {span} ({n}) | {budget_text(rows[0])} | {won} | {lost} "
        f"| {n - won - lost} | {100 * won / n:.1f} % ({100 * lo:.1f}–{100 * hi:.1f}) "
        f"| {100 * (n - lost) / n:.1f} % ({100 * lo2:.1f}–{100 * hi2:.1f}) |",
        "",
        "| shuffles of the line found | 0 | 1 | 2 | 3 | 4 | 5 | none found | exact |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for level in range(1, modes.LEVELS.levels + 1):
        got = [lv for r in rows for lv in r["levels"] if lv["level"] == level]
        out.append(_shuffles_row(f"level {level}", got))
    game = [{"shuffles": r["used"], "at_least": r["at_least"]} for r in rows]
    out.append(_shuffles_row("whole game", game))
    return "\n".join(out)


def _shuffles_row(name: str, got: Sequence[Row]) -> str:
    counts = [sum(g["shuffles"] == k for g in got) for k in range(modes.LEVELS.redeals + 1)]
    none = sum(g["shuffles"] is None for g in got)
    exact = sum(g["shuffles"] is not None and g["shuffles"] == g["at_least"] for g in got)
    return f"| {name} | {' | '.join(map(str, counts))} | {none} | {exact} of {len(got)} |"


def read_rows(path: str, *, mend: bool = True) -> list[Row]:
    """The survey lines of the file at ``path`` (none if there is no file). A bad line
    (not a survey line: a torn write, a block of NULs) is skipped and reported on stderr,
    never the lines after it; a torn last line (a killed run: no newline) is cut off
    (from the file too, with ``mend``). :class:`OutFileError` if ``path`` is not a
    regular file."""
    with _OutFile(path, write=False) as f:
        if f is None:
            return []
        data = f.read()
    rows, bad = _parse_rows(data)
    if bad:
        shown = ", ".join(map(str, bad[:10])) + (" …" if len(bad) > 10 else "")
        print(
            f"survey: {path}: skipped {len(bad)} bad line(s) (line {shown}); kept as they are",
            file=sys.stderr,
        )
    torn = data.rfind(b"\n") + 1
    if mend and torn < len(data):
        with _OutFile(path, write=True) as f:
            assert f is not None
            f.truncate(torn)
            os.fsync(f.fileno())
    return rows


def _parse_rows(data: bytes) -> tuple[list[Row], list[int]]:
    """The survey lines of ``data`` (the complete lines), and the numbers of the bad ones."""
    rows: list[Row] = []
    bad: list[int] = []
    for number, raw in enumerate(data.splitlines(keepends=True), 1):
        if not raw.endswith(b"\n"):
            break  # torn: the run was killed while writing it
        try:
            row = json.loads(raw)
        except ValueError:
            row = None
        if _is_row(row):
            rows.append(row)
        else:
            bad.append(number)
    return rows, bad


def _is_row(row: object) -> bool:
    """A survey line: what the table and the resume read, of the right types."""
    if not isinstance(row, dict):
        return False
    deal, result, budget = row.get("deal"), row.get("result"), row.get("budget_s")
    nodes = row.get("max_nodes")
    return (
        type(deal) is int
        and result in RESULTS
        and isinstance(row.get("code"), str)
        and isinstance(row.get("variant"), str)
        and type(row.get("redeals")) is int
        and (row.get("level") is None or type(row.get("level")) is int)
        and (nodes is None or type(nodes) is int)
        and isinstance(row.get("max_mb", 0), int | float)
        and (isinstance(budget, int | float) or (budget is None and nodes is not None))
        and isinstance(row.get("seconds"), int | float)
        and type(row.get("positions")) is int
    )


class _OutFile:
    """The survey file opened without blocking (a FIFO would hang the open) and only if it
    is a regular file (``/dev/full`` read forever, a folder cannot be one)."""

    def __init__(self, path: str, *, write: bool) -> None:
        self.path = path
        self.write = write
        self.file: IO[bytes] | None = None

    def __enter__(self) -> IO[bytes] | None:
        flags = os.O_RDWR | os.O_APPEND | os.O_CREAT if self.write else os.O_RDONLY
        flags |= getattr(os, "O_NONBLOCK", 0)
        try:
            fd = os.open(self.path, flags, 0o644)
        except FileNotFoundError:
            if not self.write and os.path.isdir(os.path.dirname(self.path) or "."):
                return None  # a new survey
            raise OutFileError(f"--out {_shown(self.path)}: its folder does not exist") from None
        except OSError as e:
            raise OutFileError(f"--out {_shown(self.path)}: {e.strerror}") from None
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            raise OutFileError(f"--out {_shown(self.path)} is not a regular file")
        self.file = os.fdopen(fd, "r+b" if self.write else "rb")
        return self.file

    def __exit__(self, *exc: object) -> None:
        if self.file is not None:
            self.file.close()


def _shown(text: str, limit: int = 60) -> str:
    """``text`` for a one-line message: quoted, at most ``limit`` characters of it."""
    return repr(text if len(text) <= limit else text[:limit] + "…")


def append_row(out: IO[bytes], row: Row) -> None:
    """One line, on disk before the next deal is written (an OSError if it cannot be)."""
    out.write(json.dumps(row, separators=(",", ":")).encode() + b"\n")
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


def budget_text(row: Row) -> str:
    """A line's budget for the table: "10 s", "2,000,000 positions, 2048 MB", or both."""
    parts = [] if row["budget_s"] is None else [f"{row['budget_s']:g} s"]
    if row.get("max_nodes") is not None:
        mb = row.get("max_mb")  # none in the lines of 07bad48's survey (the default 64)
        parts.append(f"{row['max_nodes']:,} positions, {64 if mb is None else mb:g} MB")
    return ", ".join(parts)


def game_name(row: Row) -> str:
    if row.get("level"):
        return f"levels game, level {row['level']}"
    return f"{modes.by_letter(row['variant']).summary} ({row['redeals']} redeals)"


def table(rows: Iterable[Row]) -> str:
    """The Markdown table of survey rows, per game: the share winnable is at least the
    found wins, at most all but the proven losses (Wilson 95 % intervals)."""
    groups: dict[tuple[Any, ...], list[Row]] = {}
    for row in rows:
        groups.setdefault(tuple(row.get(k) for k in SETTINGS), []).append(row)
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
            f"| {game_name(group[0])} | {span} ({n}) | {budget_text(group[0])} | {won} "
            f"| {lost} | {n - won - lost} | {100 * won / n:.1f} % "
            f"({100 * lo:.1f}–{100 * hi:.1f}) | {100 * (n - lost) / n:.1f} % "
            f"({100 * lo2:.1f}–{100 * hi2:.1f}) |"
        )
    return "\n".join(out)


_DEALS_PART = re.compile(r"([0-9]+)(?:-([0-9]+))?", re.ASCII)


def deal_numbers(text: str) -> list[int]:
    """Deal numbers from ``1-10000`` or ``5,17,30-32`` (in that order, no repeats), each
    a deal of the game (0..DEAL_COUNT-1), at most :data:`MAX_DEALS` of them."""
    spans: list[tuple[int, int]] = []
    total = 0
    for part in text.replace(",", " ").split():
        m = _DEALS_PART.fullmatch(part)
        if m is None:
            raise ValueError(
                f"{_shown(part, 30)} is not a deal or a range of deals (like 1-1000 or 5,17,30-32)"
            )
        for number in m.groups():
            if number is not None and (len(number) > 10 or int(number) >= DEAL_COUNT):
                why = f"deals are 0..{DEAL_COUNT - 1}"
                raise ValueError(f"there is no deal {_shown(number, 30)[1:-1]}: {why}")
        lo, hi = int(m[1]), int(m[2] or m[1])
        if lo > hi:
            raise ValueError(f"{part} is an empty range: write the smaller number first")
        total += hi - lo + 1
        if total > MAX_DEALS:
            raise ValueError(f"more than {MAX_DEALS:,} deals in one run: split the survey")
        spans.append((lo, hi))
    if not spans:
        raise ValueError(f"no deal numbers in {_shown(text, 30)}")
    out: dict[int, None] = {}
    for lo, hi in spans:
        out.update(dict.fromkeys(range(lo, hi + 1)))
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
    parser.add_argument(
        "--budget-s",
        type=float,
        default=None,
        help="CPU seconds a deal (default 10; none with --max-nodes alone)",
    )
    parser.add_argument(
        "--max-nodes",
        type=int,
        default=None,
        help="positions a deal (a search of --whole): the same file on any machine",
    )
    parser.add_argument("--redeals", type=int, default=None, help="instead of the variant's")
    parser.add_argument("--level", type=int, default=None, help="levels game: this level (1-4)")
    parser.add_argument(
        "--max-mb",
        type=float,
        default=MAX_BYTES / 2**20,
        help="memory of each deal's search, MB (up to the machine's, shared by --jobs)",
    )
    parser.add_argument("--out", required=True, help="the JSON-lines file (resumed if there)")
    parser.add_argument("--jobs", type=int, default=None, help="deals at once (default: cores)")
    parser.add_argument("--cluster", default=None, help="a Dask scheduler, tcp://host:8786")
    parser.add_argument(
        "--cluster-timeout-s",
        type=float,
        default=CLUSTER_TIMEOUT_S,
        help="how long the scheduler has to answer",
    )
    parser.add_argument("--report", action="store_true", help="print the file's table only")
    parser.add_argument(
        "--whole",
        action="store_true",
        help="whole levels games (codes CR1-L-...), the fewest shuffles level by level; "
        "--budget-s is each search's",
    )
    return parser


def _jobs(parser: argparse.ArgumentParser, args: argparse.Namespace) -> list[Job]:
    """The survey's deals, from the options."""
    try:
        numbers = deal_numbers(args.deals)
    except ValueError as e:
        parser.error(f"--deals: {e}")
    if args.budget_s is None and args.max_nodes is None:
        args.budget_s = DEFAULT_BUDGET_S
    if args.budget_s is not None and not 0 < args.budget_s <= 1e6:
        parser.error(f"--budget-s must be a positive number of seconds, got {args.budget_s}")
    if args.max_nodes is not None and not 1 <= args.max_nodes <= MAX_NODES:
        parser.error(f"--max-nodes must be a whole number 1..{MAX_NODES:,}, got {args.max_nodes}")
    if args.redeals is not None and not 0 <= args.redeals <= 99:
        parser.error(f"--redeals must be a whole number 0..99, got {args.redeals}")
    if args.jobs is not None and not 1 <= args.jobs <= MAX_JOBS:
        parser.error(f"--jobs must be a whole number 1..{MAX_JOBS}, got {args.jobs}")
    local = 1 if args.cluster is not None else args.jobs or os.cpu_count() or 1
    if (why := max_mb_error(args.max_mb, local)) is not None:
        parser.error(why)
    if not 0 < args.cluster_timeout_s <= 3600:
        parser.error(f"--cluster-timeout-s must be 0..3600 seconds, got {args.cluster_timeout_s}")
    if args.whole and (args.level is not None or args.redeals is not None):
        parser.error("--whole plays every level with the game's shuffles: drop --level/--redeals")
    whole = args.whole
    mode = modes.LEVELS if args.level is not None or whole else modes.by_letter(args.variant)
    if args.level is not None and not 1 <= args.level <= mode.levels:
        parser.error(f"--level must be 1..{mode.levels}, got {args.level}")
    rules = mode.rules_for_level(args.level or 1)
    redeals = rules.redeals if args.redeals is None else args.redeals
    max_bytes = int(args.max_mb * 2**20)
    return [
        Job(n, mode.letter, redeals, args.level, args.budget_s, max_bytes, whole, args.max_nodes)
        for n in numbers
    ]


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
    try:
        client = distributed.Client(args.cluster, timeout=args.cluster_timeout_s)
        threads = sum(client.nthreads().values())
    # Whatever the address leads to (nothing, a refused port, another protocol, a bad
    # address): one sentence, not Dask's traceback.
    except Exception as e:  # noqa: BLE001
        why = str(e).splitlines()[0][:160] if str(e) else type(e).__name__
        print(
            f"survey: --cluster {_shown(args.cluster)}: no Dask scheduler answered ({why})",
            file=sys.stderr,
        )
        raise SystemExit(2) from None
    jobs = args.jobs or max(1, threads)
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
    try:
        rows = read_rows(args.out, mend=not args.report)
    except OutFileError as e:
        parser.error(str(e))
    report = whole_table if args.whole else table
    if args.report:  # the file's table as it is, whatever settings made it
        print(report(rows) if rows else "no deals yet")
        return 0
    settings = jobs[0].settings()
    want = {k: settings.get(k) for k in SETTINGS} | {"whole": args.whole}
    for row in rows:
        got = {k: row.get(k) for k in SETTINGS} | {"whole": row.get("whole", False)}
        if got != want:
            parser.error(f"{args.out} holds a survey of other settings: {got}, not {want}")
    have = {row["deal"] for row in rows}
    todo = [job for job in jobs if job.number not in have]
    print(f"survey: {len(have)} deals in {args.out}, {len(todo)} to go", file=sys.stderr)
    executor, at_once = executor_of(args)  # before the file is made: a cluster may not answer
    try:
        with executor, _OutFile(args.out, write=True) as f:
            assert f is not None
            _solve(f, executor, todo, at_once, rows)
    except OutFileError as e:
        parser.error(str(e))
    except OSError as e:
        # A disk that is full or fails: the lines written so far stay, the run stops.
        print(f"survey: cannot write {args.out}: {e.strerror or e}; stopped", file=sys.stderr)
        return 1
    print(report(rows) if rows else "no deals")
    return 0


def _solve(
    out: IO[bytes], executor: Executor, todo: Sequence[Job], at_once: int, rows: list[Row]
) -> None:
    """Solve ``todo``, each row appended to ``out`` (and to ``rows``) as it comes."""
    counts = dict.fromkeys(RESULTS, 0)
    for done, row in enumerate(results(executor, todo, at_once), 1):
        append_row(out, row)
        rows.append(row)
        counts[row["result"]] += 1
        _progress(done, len(todo), row, counts)
