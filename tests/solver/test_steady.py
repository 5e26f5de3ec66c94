"""Deterministic budgets: with a node budget the searches take turns counted in positions,
so a solve, the command line and a survey give the same answer on any machine, however
fast or busy (its clock is only read for the time taken)."""

from __future__ import annotations

import argparse
import itertools
import json
import re
import time
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from pathlib import Path

import pytest

from crescent.rules.engine import Game
from crescent.solver import cli, core, survey
from crescent.solver.portfolio import Result, solve

DATA = Path(__file__).parent / "data"
SECONDS = re.compile(rb'"seconds":[0-9.]+,')
"""The time a line took: the one field of a line a machine may change."""


def _frozen() -> Callable[[], float]:
    """A machine infinitely fast: no time passes."""
    return lambda: 0.0


def _slow() -> Callable[[], float]:
    """A machine so slow (or busy) that each look at the clock finds 0.2 s gone: a turn in
    seconds ends at every look."""
    looks = itertools.count()
    return lambda: next(looks) * 0.2


def _solve(deal: int, clock: Callable[[], float], node_turns: bool) -> Result:
    game = Game.deal(deal, "N")
    return solve(game, budget_s=1e9, max_nodes=100_000, clock=clock, node_turns=node_turns)


def _same(a: Result, b: Result) -> bool:
    return (a.outcome, a.line, a.nodes) == (b.outcome, b.line, b.nodes)


needs_core = pytest.mark.skipif(core.CORE is None, reason="pure, these solves take a minute")


@needs_core
def test_turns_in_positions_give_the_same_answer_whatever_the_clock() -> None:
    differ = 0
    for deal in (2, 8, 12):
        runs = [_solve(deal, clock, True) for clock in (_frozen(), _slow(), time.thread_time)]
        assert runs[0].outcome == "won"
        assert _same(runs[0], runs[1])
        assert _same(runs[0], runs[2])
        # Turns in seconds: the same deal, budget and memory, another line on another
        # machine (which is what the turns in positions mend).
        differ += not _same(_solve(deal, _frozen(), False), _solve(deal, _slow(), False))
    assert differ >= 2


@needs_core
def test_the_core_and_the_pure_search_agree_with_turns_in_positions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    found = [_solve(deal, time.thread_time, True) for deal in (3, 8)]
    monkeypatch.setattr(core, "CORE", None)
    pure = [_solve(deal, _slow(), True) for deal in (3, 8)]
    for a, b in zip(found, pure, strict=True):
        assert a.outcome == "won"
        assert _same(a, b)


def _threads(args: argparse.Namespace) -> tuple[Executor, int]:
    return ThreadPoolExecutor(max_workers=2), 2


def _lines(path: Path) -> list[bytes]:
    """The file's lines without their time, in deal order (``--jobs`` above 1 writes them
    as they finish)."""
    lines = [SECONDS.sub(b"", line) for line in path.read_bytes().splitlines()]
    return sorted(lines, key=lambda line: json.loads(line)["deal"])


def test_two_surveys_with_a_node_budget_write_the_same_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--deals", "1,2,8,12", "--max-nodes", "60000"]
    assert survey.main([*argv, "--out", str(tmp_path / "a.jsonl")], _threads) == 0
    # Again on a "machine" whose every look at the clock finds 0.2 s gone.
    monkeypatch.setattr(time, "thread_time", _slow())  # the clock survey.run reads
    assert survey.main([*argv, "--out", str(tmp_path / "b.jsonl")], _threads) == 0
    a, b = _lines(tmp_path / "a.jsonl"), _lines(tmp_path / "b.jsonl")
    assert a == b
    rows = [json.loads(line) for line in a]
    assert [r["result"] for r in rows] == ["unknown", "won", "won", "won"]
    assert all(r["budget_s"] is None and r["max_nodes"] == 60000 for r in rows)
    assert all(r["max_mb"] == 64 for r in rows)  # the memory: the lines depend on it too
    assert "| 4 listed (4) | 60,000 positions, 64 MB | 3 | 0 | 1 |" in capsys.readouterr().out
    with pytest.raises(SystemExit):  # resumed with other memory: refused
        survey.main([*argv, "--max-mb", "128", "--out", str(tmp_path / "a.jsonl")], _threads)


def test_the_command_line_with_a_node_budget_answers_the_same(
    capsys: pytest.CaptureFixture[str],
) -> None:
    outs = []
    for _ in range(2):
        assert cli.main(["CR1-N-AAAAAAC", "--max-nodes", "30000", "--json"]) == 0
        outs.append(json.loads(capsys.readouterr().out))
    for out in outs:
        del out["seconds"]
    assert outs[0] == outs[1]
    assert outs[0]["outcome"] == "won"
    with pytest.raises(SystemExit) as stop:
        cli.main(["CR1-N-AAAAAAC", "--max-nodes", "0"])
    assert stop.value.code == 2
    assert "--max-nodes must be" in capsys.readouterr().err


@pytest.mark.slow
def test_a_re_run_of_100_deals_reproduces_their_lines_byte_for_byte(tmp_path: Path) -> None:
    """``tests/solver/data/steady-1-100.jsonl``: deals 1-100 at 100,000 positions, written
    by ``python -m crescent.solver survey --deals 1-100 --max-nodes 100000 --jobs 2``."""
    if core.CORE is None:
        pytest.skip("the search core is not built (pure, this takes minutes)")
    out = tmp_path / "again.jsonl"
    argv = ["--deals", "1-100", "--max-nodes", "100000", "--out", str(out)]
    assert survey.main(argv, _threads) == 0
    assert _lines(out) == _lines(DATA / "steady-1-100.jsonl")
