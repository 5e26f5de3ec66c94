"""No loss is claimed from a hash: the exact re-check of a candidate loss
(:mod:`crescent.solver.exact`) against the brute force, and what solve() does with a
wrong candidate or too little memory to settle one."""

from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, given, settings

from crescent.rules.engine import Game, Rules
from crescent.solver import portfolio
from crescent.solver.budget import Meter
from crescent.solver.exact import EXACT_BYTES, certify, exact_key
from crescent.solver.outcome import Outcome
from crescent.solver.portfolio import solve
from tests.solver.test_proofs import HAND_MADE, brute_or_skip, small_positions
from tests.solver.test_solver import replay, spades_left


def _meter(max_bytes: int = 64 * 2**20) -> Meter:
    return Meter(time.monotonic() + 30, None, lambda: False, max_bytes)


def test_the_exact_key_tells_apart_what_a_sum_of_hashes_may_merge() -> None:
    a = exact_key((b"\x01\x02", b"\x03"), b"\x00" * 8, 1, ordered=False)
    assert a == exact_key((b"\x03", b"\x01\x02"), b"\x00" * 8, 1, ordered=False)
    assert a != exact_key((b"\x01", b"\x02\x03"), b"\x00" * 8, 1, ordered=False)
    assert a != exact_key((b"\x01\x02\x03", b""), b"\x00" * 8, 1, ordered=False)
    assert a != exact_key((b"\x01\x02", b"\x03"), b"\x00" * 8, 0, ordered=False)
    assert exact_key((b"\x03", b"\x01"), b"\x00" * 8, 1, ordered=True) != exact_key(
        (b"\x01", b"\x03"), b"\x00" * 8, 1, ordered=True
    )


@pytest.mark.parametrize(("asc", "desc", "piles", "redeals", "winnable"), HAND_MADE)
def test_the_exact_search_gives_the_known_verdicts(
    asc: int, desc: int, piles: list[str], redeals: int, winnable: bool
) -> None:
    verdict, _, proof, _ = certify(spades_left(asc, desc, piles, redeals=redeals), _meter())
    assert verdict == ("won" if winnable else "lost")
    assert proof in (("",) if winnable else ("dead", "exhaustive"))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions())
def test_the_exact_search_agrees_with_the_brute_force_on_generated_positions(
    game: Game,
) -> None:
    winnable = brute_or_skip(game)
    if winnable is None:
        return
    verdict, _, _, _ = certify(game, _meter())
    assert verdict == ("won" if winnable else "lost")
    result = solve(game, budget_s=20)
    assert result.outcome == verdict
    if winnable:
        assert replay(game, result.line).is_won
    else:
        assert result.proof in ("dead", "exhaustive")


def test_a_wrong_candidate_loss_from_a_hashed_search_is_never_claimed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # As if a key collision had hidden the win from every hashed search.
    def all_lost(*args: object) -> object:
        done = args[4]  # _settled(game, meter, running, written, done, node_turns)
        return done(Outcome.LOST)  # type: ignore[operator]

    monkeypatch.setattr(portfolio, "_settled", all_lost)
    game = Game.deal(4)
    result = solve(game, budget_s=20)
    assert result.outcome == "won"
    assert replay(game, result.line).is_won


def test_a_loss_the_exact_table_cannot_hold_is_unknown_not_lost() -> None:
    game = Game.deal(20, rules=Rules(redeals=0))  # lost, ~1,700 positions
    verdict, _, proof, positions = certify(game, _meter())
    assert (verdict, proof) == ("lost", "exhaustive")
    small = int(positions * EXACT_BYTES / 2)  # room for about two thirds of them
    assert certify(game, _meter(small))[0] == "unknown"
    assert solve(game, budget_s=30).proof_positions == positions
