"""The solver's memory: a byte budget checked while it searches, all given back after."""

from __future__ import annotations

import gc
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from crescent.rules.engine import Game
from crescent.solver.budget import CHECK_EVERY, MAX_BYTES, STATE_BYTES, Meter
from crescent.solver.hints import HintWorker
from crescent.solver.outcome import HintKind
from crescent.solver.portfolio import solve
from crescent.solver.position import Memo
from tests.helpers_memory import search_memory

REPO = Path(__file__).resolve().parents[2]
HARD = 1
"""Deal 1: the solver neither wins nor proves it lost within seconds (its tables grow)."""


def test_the_tables_stay_within_the_byte_budget_while_searching(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    budget = 4 * 2**20
    most = [0, 0]
    tick = Meter.tick

    class Watched(Meter):
        __slots__ = ()

        def tick(self) -> bool:
            most[0] = max(most[0], sum(map(len, self.tables)))
            most[1] = self.states()
            return tick(self)

    monkeypatch.setattr("crescent.solver.portfolio.Meter", Watched)
    result = solve(Game.deal(HARD, "N"), max_nodes=30_000, budget_s=1e6, max_bytes=budget)
    assert result.outcome in ("unknown", "won")
    assert most[1] * STATE_BYTES <= budget
    # Checked every few nodes: over by at most the children of those nodes.
    assert 0 < most[0] <= most[1] + CHECK_EVERY * 40
    # Nothing of the search is left once it returns.
    assert not [o for o in gc.get_objects() if isinstance(o, Memo | Meter)]


@pytest.mark.usefixtures("searches_in_positions")
def test_a_memory_budget_given_to_one_search_changes_no_other(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # No process-wide budget: each solve() has the one it is given, else the default;
    # a hint worker passes its own (a kiosk's) to every search it starts.
    given: list[int] = []

    class Recorded(Meter):
        __slots__ = ()

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            given.append(self.max_bytes)

    monkeypatch.setattr("crescent.solver.portfolio.Meter", Recorded)
    game = Game.deal(HARD, "N")
    solve(game, max_nodes=100, max_bytes=2**20)
    solve(game, max_nodes=100)
    worker = HintWorker(max_bytes=3 * 2**20)
    worker.ask(Game.deal(6, "N"), 0)  # won in a few hundred nodes
    assert worker._thread is not None
    worker._thread.join(30)
    answer = worker.poll()
    assert answer is not None
    assert answer.kind is HintKind.WON
    assert given[:2] == [2**20, MAX_BYTES]
    assert given[2:] == [3 * 2**20]


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("mb", [64, 32])  # the default budget, and a kiosk's
def test_a_hard_search_stays_within_its_budget_and_gives_its_memory_back(mb: int) -> None:
    # As many positions as a 5 s search on a quiet machine (~25,000 a second): the tables
    # reach the budget, and the search goes on long after they are given back.
    m = search_memory(HARD, 120_000, mb, cwd=REPO)
    peak, before, after = (float(str(m[k])) for k in ("peak", "before", "after"))
    assert peak - before < mb + 8  # the budget, and the interpreter's slack
    assert after - before < 10  # back to where it was, within a few MB


def test_the_command_line_takes_a_memory_budget() -> None:
    args = [sys.executable, "-m", "crescent.solver", "CR1-N-AAAAAAB", "--budget-s", "5"]
    ok = subprocess.run([*args, "--max-mb", "16", "--json"], capture_output=True, text=True)
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["outcome"] in ("won", "lost", "unknown")
    bad = subprocess.run([*args, "--max-mb", "0"], capture_output=True, text=True)
    assert bad.returncode == 2
    assert len(bad.stderr.strip().splitlines()) == 1
