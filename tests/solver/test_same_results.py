"""The solver gives the answers recorded before it was split into modules: the same
outcome, node count and line on fixed positions (node budgets, a simulated clock)."""

from __future__ import annotations

import json

from benchmarks import solver_same


def test_the_quick_cases_give_the_recorded_answers() -> None:
    recorded = json.loads(solver_same.RECORDING.read_text(encoding="utf-8"))
    got = solver_same.results(quick=True)
    assert len(got) >= 15
    assert solver_same.differences(got, recorded) == []
