"""Safe moves home (crescent/rules/safe.py): the rule on hand-made positions, and the
exhaustive check that it never turns a position that can be won into one that cannot.

The exhaustive check (tests/helpers_reduced.py) solves every position reachable from
every deal of a few spades and hearts into up to 3 piles (4 in the slow test), with
0 to 3 redeals left, and plays each move the rule calls safe from each of them. The
same check finds the positions where looser rules lose a won game: the rule's
conditions are needed, not decoration.
"""

from __future__ import annotations

import pytest

from crescent.rules.engine import PILES, Game, Move, parse_place
from crescent.rules.safe import is_safe, safe_move, safe_moves
from tests.helpers_positions import position
from tests.helpers_reduced import (
    Fnd,
    Graph,
    checked,
    children,
    counterexamples,
    engine_children,
    to_game,
    universe,
)

# Spades: the descending foundation complete, the ascending one up to the rank given;
# hearts anywhere (crossed, meeting, or still needing both copies of a rank).
FAST: list[Fnd] = [(11, 1, 11, 3), (12, 1, 12, 2), (10, 1, 12, 1)]
SLOW: list[Fnd] = [(11, 1, 11, 3), (10, 1, 11, 2), (12, 1, 10, 3)]


@pytest.fixture(scope="module")
def fast_graph() -> Graph:
    return Graph(universe(FAST, max_piles=3, redeals=range(4)))


def test_the_reduced_games_move_as_the_engine_moves(fast_graph: Graph) -> None:
    states = list(fast_graph.edges)
    assert len(states) > 10_000
    for state in states[::7]:
        assert children(state) == engine_children(state), state


def test_no_safe_move_loses_a_won_game_in_every_small_position(fast_graph: Graph) -> None:
    assert counterexamples(fast_graph, safe_moves) == []
    # What the check covered: positions, how many of them can be won, safe moves tried.
    assert len(fast_graph.edges) > 20_000
    assert len(fast_graph.winnable) > 15_000
    assert checked(fast_graph, safe_moves) > 4_000


@pytest.mark.slow
def test_no_safe_move_loses_a_won_game_in_four_piles_of_six_cards() -> None:
    graph = Graph(universe(SLOW, max_piles=4, redeals=range(4)))
    assert len(graph.edges) > 60_000
    assert counterexamples(graph, safe_moves) == []
    assert checked(graph, safe_moves) > 10_000


def _crossed(max_redeals: int, *, wrap_guard: bool) -> object:
    """A looser rule: any card home to a suit whose foundations have crossed (each card
    left has one foundation), with at most ``max_redeals`` left; ``wrap_guard`` leaves
    out a King going up while the Ace is still needed (and an Ace going down while the
    King is), as the solver's shortcut does."""

    def rule(game: Game) -> list[Move]:
        out = []
        for m in game.legal_moves():
            if m.src >= PILES or m.dst < PILES or game.redeals_left > max_redeals:
                continue
            suit = (m.dst - PILES) % 4
            up, down = len(game.foundations[suit]), 14 - len(game.foundations[4 + suit])
            rank = game.top(m.src) % 13 + 1  # type: ignore[operator]
            if down > up:
                continue
            if wrap_guard and ((rank == 13 and down > 1) or (rank == 1 and up < 13)):
                continue
            out.append(m)
        return out

    return rule


def test_a_card_home_while_its_other_foundation_still_needs_cards_can_lose(
    fast_graph: Graph,
) -> None:
    # No redeal left, crossed suit: an Ace going down while its King still has to go up
    # was the only place the King could wait on.
    lost = counterexamples(fast_graph, _crossed(0, wrap_guard=False))  # type: ignore[arg-type]
    assert lost
    state, move = lost[0]
    assert to_game(state).top(move.src) % 13 + 1 in (1, 13)  # type: ignore[operator]


def test_crossed_suits_with_a_redeal_left_can_lose_even_with_the_wrap_guarded(
    fast_graph: Graph,
) -> None:
    lost = counterexamples(fast_graph, _crossed(1, wrap_guard=True))  # type: ignore[arg-type]
    assert lost
    assert all(state[2] >= 1 for state, _ in lost)


# -- hand-made positions -------------------------------------------------------------


def test_the_last_spades_go_home_once_the_spades_down_foundation_is_full() -> None:
    game = position(
        {"P1": ["QS"], "P2": ["7H", "JS"], "P3": ["KS"]}, {"F1": "10S", "F2": "6H"}, redeals_left=1
    )
    assert [str(m) for m in safe_moves(game)] == ["P2-F1"]
    line = []
    while (move := safe_move(game)) is not None:
        game.play(move)
        line.append(str(move))
    assert line == ["P2-F1", "P1-F1", "P2-F2", "P3-F1"]  # 7H too, hearts down being full
    assert len(game.foundations[0]) == 13


def test_no_safe_move_while_the_other_foundation_of_the_suit_needs_cards() -> None:
    game = position({"P1": ["JS"], "P2": ["AS"]}, {"F1": "10S", "F5": "2S"}, redeals_left=0)
    assert Move.parse("P1-F1") in game.legal_moves()
    assert not is_safe(game, Move.parse("P1-F1"))
    assert safe_moves(game) == []


@pytest.mark.parametrize(("redeals", "safe"), [(0, True), (1, True), (2, False), (3, False)])
def test_safe_moves_wait_until_at_most_one_redeal_is_left(redeals: int, safe: bool) -> None:
    game = position({"P1": ["7H", "QS"]}, {"F1": "JS", "F2": "5H"}, redeals_left=redeals)
    assert is_safe(game, Move.parse("P1-F1")) is safe


def test_descending_foundations_take_safe_cards_too() -> None:
    game = position({"P1": ["9D", "3H"]}, {"F6": "4H", "F3": "8D"}, redeals_left=0)
    assert [str(m) for m in safe_moves(game)] == ["P1-F6"]


def test_a_move_that_is_not_a_pile_to_foundation_play_is_never_safe() -> None:
    game = position({"P1": ["QS"], "P2": ["KS"]}, {"F1": "JS"}, redeals_left=0)
    assert not is_safe(game, Move.parse("P2-P1"))  # legal (K onto Q), but not home
    assert not is_safe(game, Move.parse("P2-F1"))  # home, but F1 takes the Queen
    assert is_safe(game, Move.parse("P1-F1"))


def test_the_levels_game_shuffles_so_only_with_no_shuffle_left() -> None:
    spots = {"F1": "JS", "F2": "5H"}
    game = position({"P1": ["7H", "QS"]}, spots, redeals_left=1, level=2)
    assert game.rules.redeal == "shuffle"
    assert safe_moves(game) == []
    none_left = position({"P1": ["7H", "QS"]}, spots, redeals_left=0, level=2)
    assert safe_moves(none_left) == [Move(parse_place("P1"), parse_place("F1"))]


def test_a_won_or_blocked_game_has_no_safe_move() -> None:
    game = position({"P1": ["KS"]}, {"F1": "QS"}, redeals_left=0)
    assert safe_move(game) == Move(0, parse_place("F1"))
    game.play(Move(0, parse_place("F1")))
    assert game.is_won
    assert safe_move(game) is None
