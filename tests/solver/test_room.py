"""Room to think: the CLI and the survey take memory up to the machine's, and with room the
portfolio takes more best-first searches (``MORE``), which win unknown deals of the first
survey the ten miss; the game's 64 and 32 MB portfolio is as it was."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from crescent.rules.engine import Game
from crescent.solver import budget, cli, core, portfolio
from crescent.solver.budget import MAX_BYTES, Meter
from crescent.solver.portfolio import MORE, PORTFOLIO, WIDE_BYTES, Result, solve
from crescent.solver.position import Memo


def _searches(max_bytes: int, game: Game | None = None) -> int:
    meter = Meter(1e9, None, lambda: False, max_bytes, time.thread_time, Memo())
    running = portfolio._portfolio(game or Game.deal(1501), meter)
    for _, turns in running:
        turns.close()
    return len(running)


def test_with_room_the_portfolio_takes_more_searches_and_the_game_keeps_its_ten() -> None:
    assert _searches(MAX_BYTES) == _searches(32 * 2**20) == len(PORTFOLIO) + 1
    assert _searches(WIDE_BYTES) == len(PORTFOLIO) + len(MORE) + 1
    assert not set(MORE) & set(PORTFOLIO)


def test_with_no_redeal_left_searches_that_differ_only_in_the_redeal_weight_are_one() -> None:
    """The redeal weight scores redeals in hand: with none, such searches are the same."""
    rules = Game.deal(1).rules.replace(redeals=0)
    no_redeal = Game.deal(1501, "N", rules)
    for max_bytes, weights in ((MAX_BYTES, PORTFOLIO), (WIDE_BYTES, PORTFOLIO + MORE)):
        kinds = {w[1:] for w in weights}
        assert len(kinds) < len(weights)
        assert _searches(max_bytes, no_redeal) == len(kinds) + 1
        assert _searches(max_bytes) == len(weights) + 1
    assert portfolio._distinct(PORTFOLIO, 0) == (
        (80, 1, False),
        (80, 1, True),
        (100, 2, True),
        (100, 2, False),
    )


def test_a_no_redeal_deal_is_won_in_fewer_positions_without_the_searches_done_twice() -> None:
    if core.CORE is None:
        pytest.skip("the search core is not built (pure, 100,000 positions take seconds)")
    game = Game.deal(17, "N", Game.deal(17).rules.replace(redeals=0))
    # With the ten searches it took 135,801 positions (64 MB, turns in positions).
    won = solve(game, budget_s=1e9, max_nodes=100_000, node_turns=True)
    assert won.outcome == "won"
    assert won.nodes == 75_352


def _solve(deal: int, max_bytes: int) -> Result:
    game = Game.deal(deal)
    return solve(game, budget_s=1e9, max_nodes=80_000, max_bytes=max_bytes, node_turns=True)


@pytest.mark.parametrize("deal", [335, 1501])
def test_deals_unknown_in_the_first_survey_are_won_with_room(deal: int) -> None:
    if core.CORE is None:
        pytest.skip("the search core is not built (pure, 80,000 positions take seconds)")
    assert _solve(deal, MAX_BYTES).outcome == "unknown"
    won = _solve(deal, WIDE_BYTES)
    assert won.outcome == "won"
    assert won.nodes < 40_000


def test_the_memory_budget_may_be_the_machines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    have = budget.machine_mb()
    assert cli.main(["CR1-N-AAAAAAF", "--max-mb", f"{have * 0.9:.0f}", "--max-nodes", "500"]) == 0
    assert capsys.readouterr().out.startswith("won")
    out = tmp_path / "s.jsonl"
    for argv in (
        ["CR1-N-AAAAAAF", "--max-mb", f"{have * 1.1:.0f}"],
        [
            "survey",
            "--deals",
            "5",
            "--max-mb",
            f"{have * 0.6:.0f}",
            "--jobs",
            "2",
            "--out",
            str(out),
        ],
    ):
        with pytest.raises(SystemExit) as stop:
            cli.main(argv)
        assert stop.value.code == 2
        assert "the machine's" in capsys.readouterr().err
    assert not out.exists()
