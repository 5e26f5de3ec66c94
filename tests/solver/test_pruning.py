"""Every pruning rule of the certifying search against a brute force on reduced games of
two suits (tests/helpers_pruning.py; the proofs are in docs/SOLVER.md, "Why the pruning
is exact"): every reachable position of each deal, every rule asked through the
solver's own code, no position where a rule's verdict differs from the brute force's.
The checks find the rules' failures where there are some: safe plays while redeals
remain (which the certifying search does not use), and safe plays without the guard
against the King-Ace wrap."""

from __future__ import annotations

import time

import pytest

from crescent.rules.engine import Game
from crescent.solver import exact
from crescent.solver import position as position_module
from crescent.solver.budget import Meter
from crescent.solver.outcome import Outcome
from tests import helpers_pruning
from tests.helpers_pruning import (
    RULE_NAMES,
    Tallies,
    check_autoplay,
    check_dead_tests,
    check_deals,
    labelled_children,
    moves_for,
    reduced_graphs,
    report,
    solver_position,
    tallies,
)
from tests.helpers_reduced import Graph, State, children, engine_children, to_game, universe

CERTIFIED = [name for name in (*RULE_NAMES, "search", "solve") if name != "autoplay-redeals"]
"""What the certifying search relies on (safe plays while redeals remain are the loose
search's: a loss it finds is searched again without them)."""


def _all_agree(out: Tallies, least: int) -> None:
    """No certified rule disagrees with the brute force, and each acted ``least`` times
    or more (so the check asked it something; ``solve`` proved some deal lost)."""
    for name in CERTIFIED:
        tally = out[name]
        assert tally.counterexamples == [], report(out)
        assert tally.agreed == tally.checked
        assert tally.fired >= (1 if name == "solve" else least), report(out)


def test_the_reduced_games_move_as_the_engine_moves() -> None:
    # Crossed, apart and meeting suits: the labelled moves are the brute force's and the
    # engine's (slides between the foundations of a suit that meets included).
    states = [s for _, graph in reduced_graphs(seed=11, count=6, limit=3000) for s in graph.edges]
    assert len(states) > 2000
    assert any(s[1][1] == s[1][0] + 1 for s in states)  # some foundations meet
    for state in states[::9]:
        kids = {kid for _, kid in labelled_children(state)}
        assert kids == children(state) == engine_children(state), state


def test_every_pruning_rule_agrees_with_the_brute_force_on_small_deals() -> None:
    out, positions = check_deals(seed=1, count=12, limit=5000)
    assert positions > 5000
    _all_agree(out, least=5)


@pytest.mark.slow
def test_every_pruning_rule_agrees_with_the_brute_force_on_many_deals() -> None:
    # About 100,000 positions of 60 deals (about 25 s of CPU).
    out, positions = check_deals(seed=2, count=60, limit=30_000)
    assert positions > 60_000
    _all_agree(out, least=100)


@pytest.mark.slow
def test_every_pruning_rule_agrees_in_every_deal_of_a_few_crossed_suits() -> None:
    # Every arrangement of the cards left into up to 4 piles, 0 or 1 redeal: the King-Ace
    # wrap in both suits (a Queen, King, Ace and Two of a suit left, and more).
    fnds = [(10, 3, 13, 1), (10, 4, 13, 2), (11, 3, 12, 2), (9, 2, 12, 1), (11, 4, 13, 2)]
    graph = Graph(universe(fnds, max_piles=4, redeals=range(2)))
    assert len(graph.edges) > 100_000
    out = tallies()
    check_dead_tests(graph, out)
    check_autoplay(graph, out, "autoplay", with_redeals=False)
    for name in ("dead", "blocked", "autoplay"):
        assert out[name].counterexamples == [], report(out)
        assert out[name].fired > 10_000


def test_safe_plays_while_redeals_remain_lose_won_positions() -> None:
    # 3 2 A K of hearts on a pile, the Queen alone, one redeal: the King and the Ace wait
    # on the Queen until the redeal brings the Three and the Queen up; the Queen played
    # at once loses.
    out = tallies()
    for _, graph in reduced_graphs(seed=1, count=12, limit=5000):
        check_autoplay(graph, out, "autoplay-redeals", with_redeals=True)
    first = out["autoplay-redeals"].counterexamples[0]
    assert first == (((15, 14, 13, 25), (24,)), (13, 1, 11, 4), 1)
    assert first[2] > 0
    # ... so the certifying search plays none while redeals remain.
    moves = moves_for(first)
    piles, fnd, r = solver_position(first)
    assert moves.autoplay(piles, fnd, r, []) == (piles, fnd)


def test_safe_plays_without_the_wrap_guard_lose_won_positions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A crossed suit's King going up while its Ace is still on the table (or the Ace down
    # while the King is): the other could have waited on it.
    def unguarded(fnd: bytes, c: int) -> bool:
        a, d = fnd[2 * (c // 13)], fnd[2 * (c // 13) + 1]
        return a != 0 and d <= a

    monkeypatch.setattr(position_module, "safe", unguarded)
    fnds = [(11, 3, 13, 1), (12, 2, 13, 1)]
    graph = Graph(universe(fnds, max_piles=3, redeals=range(1)))
    out = tallies()
    check_autoplay(graph, out, "autoplay", with_redeals=False)
    assert out["autoplay"].counterexamples


def test_a_dead_position_test_that_calls_a_won_position_lost_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(helpers_pruning, "blocked", lambda piles, fnd, r: len(piles[0]) > 2)
    out = tallies()
    for _, graph in reduced_graphs(seed=1, count=4, limit=5000):
        check_dead_tests(graph, out)
    assert out["blocked"].counterexamples
    assert out["dead"].counterexamples == []


def test_a_dead_root_reached_by_safe_plays_with_redeals_left_is_checked_without_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The King of hearts goes up at once (one redeal left); the Jack, Queen and King of
    # spades are lost either way. The loss must not rest on that play.
    state: State = (((10, 11, 12), (25,)), (10, 1, 12, 1), 1)
    loose: list[bool] = []
    run = exact.ExactSearch.run

    def spy(self: exact.ExactSearch) -> list[tuple[int, int]] | bool | None:
        loose.append(self.moves.loose)
        return run(self)

    monkeypatch.setattr(exact.ExactSearch, "run", spy)
    game: Game = to_game(state)
    verdict = exact.certify(game, Meter(time.monotonic() + 60, None, lambda: False))
    assert verdict[0] is Outcome.LOST
    assert loose == [True, False]
