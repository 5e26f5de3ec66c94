"""The search core (``crescent/solver/_core.c``) gives the pure searches' results: the same
outcome, node count and line on the recorded cases and on generated positions (a node
budget and a simulated clock, so both look at the clock on the same nodes); it searches
without the interpreter lock; without it (not built, no compiler) the pure searches run.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks import solver_same
from benchmarks.solver_same import spades_left
from crescent.rules.engine import Game
from crescent.solver import build, core, portfolio
from crescent.solver.budget import Meter
from crescent.solver.exact import Verdict
from crescent.solver.moves import Moves
from crescent.solver.outcome import Outcome
from crescent.solver.portfolio import Result, solve
from tests.solver.test_proofs import small_positions

ROOT = Path(__file__).resolve().parents[2]

needs_core = pytest.mark.skipif(core.CORE is None, reason="the search core is not built")


def _solve(game: Game, nodes: int, mb: float = 64) -> Result:
    ticks = itertools.count()
    return solve(
        game,
        budget_s=1e6,
        max_nodes=nodes,
        clock=lambda: next(ticks) * solver_same.TICK_S,
        max_bytes=int(mb * 2**20),
    )


def _both(game: Game, nodes: int, mb: float = 64) -> tuple[Result, Result]:
    """The core's result and the pure searches' on ``game``."""
    fast = _solve(game, nodes, mb)
    kept = core.CORE
    core.CORE = None
    try:
        slow = _solve(game, nodes, mb)
    finally:
        core.CORE = kept
    return fast, slow


def _same(fast: Result, slow: Result) -> None:
    assert (fast.outcome, fast.nodes, fast.line) == (slow.outcome, slow.nodes, slow.line)
    assert (fast.proof, fast.proof_positions) == (slow.proof, slow.proof_positions)


@needs_core
@pytest.mark.parametrize("search", ["core", "pure"])
def test_the_quick_recorded_cases_give_their_answers_in_both_searches(
    search: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if search == "pure":
        monkeypatch.setattr(core, "CORE", None)
    recorded = json.loads(solver_same.RECORDING.read_text(encoding="utf-8"))
    got = solver_same.results(quick=True)
    assert solver_same.differences(got, recorded) == []


@needs_core
@pytest.mark.slow
def test_every_recorded_case_gives_its_answer_in_the_core() -> None:
    recorded = json.loads(solver_same.RECORDING.read_text(encoding="utf-8"))
    got = solver_same.results()
    assert len(got) == 80
    assert solver_same.differences(got, recorded) == []


@st.composite
def played_deals(draw: st.DrawFn) -> Game:
    """A deal of the standard game, Crescent Four or face down, with 0-3 redeals, after
    up to 40 random legal moves."""
    variant = draw(st.sampled_from("NFD"))
    game = Game.deal(draw(st.integers(1, 10**6)), variant)
    game = Game.deal(game.number, variant, game.rules.replace(redeals=draw(st.integers(0, 3))))
    rng = random.Random(draw(st.integers(0, 2**32)))
    for _ in range(draw(st.integers(0, 40))):
        moves = game.legal_moves()
        if not moves or game.is_won:
            break
        game.play(rng.choice(moves))
    return game


@needs_core
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_deals(), st.sampled_from([1, 64]))
def test_the_core_and_the_pure_search_agree_on_played_deals(game: Game, mb: int) -> None:
    _same(*_both(game, 3_000, mb))


@needs_core
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions())
def test_the_core_and_the_pure_search_agree_on_generated_positions(game: Game) -> None:
    """Small positions are searched to their end: wins, losses proven exactly."""
    _same(*_both(game, 20_000))


@needs_core
def test_a_loss_the_core_finds_is_claimed_only_by_the_exact_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A lost position (known by brute force): the core's searches exhaust it, and the
    loss is the exact re-check's word; when that cannot settle it, it stays unknown."""
    game = spades_left(8, 5, ["9S 3S 2S", "4S AS 10S", "QS JS KS"], redeals=1)
    assert core.supports(game)
    assert _solve(game, 20_000).outcome == "lost"
    asked: list[Game] = []

    def unsettled(game: Game, meter: Meter) -> Verdict:
        asked.append(game)
        return (Outcome.UNKNOWN, [], "", 0)

    monkeypatch.setattr(portfolio, "certify", unsettled)
    assert _solve(game, 20_000).outcome == "unknown"
    assert len(asked) == 1


@needs_core
@pytest.mark.slow
def test_the_core_searches_without_the_interpreter_lock() -> None:
    """With thread switches as rare as they go, the main thread runs while a core search
    is under way only because the search let go of the lock."""
    assert core.CORE is not None
    meter = Meter(1e18, None, lambda: False)
    game = Game.deal(2, "N")
    game = Game.deal(2, "N", game.rules.replace(redeals=0))  # millions of positions, no win
    moves = Moves(game, meter.memo)
    piles, fnd, r, _ = moves.start(True)
    search = core.CORE.DepthFirst(piles, fnd, r, 100, True, 2**26, None, True)
    started = threading.Event()

    def work() -> None:
        started.set()
        search.run(3_000_000)

    worker = threading.Thread(target=work)
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1000.0)
    try:
        worker.start()
        started.wait(60)
        running = worker.is_alive()  # the lock is ours while the search goes on
    finally:
        sys.setswitchinterval(interval)
        worker.join(120)
    assert running


def test_without_the_core_the_pure_search_runs(tmp_path: Path) -> None:
    """The built module hidden (as if no compiler was there): the solver says "pure" and
    still wins a deal."""
    code = (
        "import sys; sys.modules['crescent.solver._core'] = None\n"
        "from crescent.rules.engine import Game\n"
        "from crescent.solver import build, core\n"
        "from crescent.solver.portfolio import solve\n"
        "r = solve(Game.from_code('CR1-N-AAAAAAD'), budget_s=60, max_nodes=20_000)\n"
        "print(core.name(), build.compiled(), r.outcome)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["pure", "False", "won"]


@pytest.mark.skipif(shutil.which("gcc") is None, reason="no C compiler to hide")
def test_the_build_without_a_compiler_says_so_and_leaves_the_pure_search(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "crescent", tmp_path / "crescent", ignore=_no_builds)
    env = {**os.environ, "CC": "/bin/false", "PYTHONPATH": str(ROOT)}
    argv = [sys.executable, "-m", "crescent.solver.build", str(tmp_path)]
    done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        "the search core was not built (no C compiler?): pure Python"
    ]
    assert build.extensions(tmp_path) == []
    del env["CC"]
    done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert [p.name.split(".")[0] for p in build.extensions(tmp_path)] == ["_core"]


def _no_builds(folder: str, names: list[str]) -> set[str]:
    return {n for n in names if n == "__pycache__" or n.endswith((".so", ".pyd"))}
