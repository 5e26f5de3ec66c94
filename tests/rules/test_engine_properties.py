"""Properties of long random games in every variant and rule set (hypothesis).

A game is a deal number, a rule set and a list of choices; :func:`step` turns
each choice into one action: a legal move, an undo, a redeal, or a refused
move. Each test walks such games and checks one property after every action.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crescent.rules.cards import card
from crescent.rules.deal import DEAL_COUNT
from crescent.rules.engine import PILE_LIMIT, UNDO_LIMIT, Game, IllegalMove, Move, Rules
from tests.helpers_positions import position

ALL_MOVES = [Move(s, d) for s in range(24) for d in range(24) if s != d]

RULE_SETS: dict[str, tuple[str, Rules | None]] = {
    "standard": ("N", None),
    "crescent-four": ("F", None),
    "face-down": ("D", None),
    "levels-1-3": ("N", Rules(redeal="shuffle", redeals=5, empty_piles_accept=True)),
    "level-4": ("N", Rules(redeal="shuffle", redeals=5, empty_piles_accept=False)),
    "open-piles-rotate": ("N", Rules(empty_piles_accept=True)),
}

FEW = settings(max_examples=50, deadline=None)

rule_sets = st.sampled_from(sorted(RULE_SETS))
numbers = st.integers(0, DEAL_COUNT - 1)
choices = st.lists(st.integers(0, 2**20), min_size=30, max_size=400)


def new_game(rule_set: str, number: int) -> Game:
    variant, rules = RULE_SETS[rule_set]
    return Game.deal(number, variant, rules)


def step(game: Game, choice: int) -> str:
    """Do one action chosen by ``choice``; returns what was done:
    ``"move"``, ``"undo"``, ``"redeal"``, ``"refused"`` or ``"stuck"``."""
    kind, pick = choice % 10, choice // 10
    moves = game.legal_moves()
    if kind == 6 and game.can_undo:
        game.undo()
        return "undo"
    if kind == 7 and game.redeals_left and pick % 4 == 0:  # keep some redeals for later
        game.redeal()
        return "redeal"
    if kind == 8:
        bad = [m for m in ALL_MOVES if game.check(m) is not None]
        move = bad[pick % len(bad)]
        try:
            game.play(move)
        except IllegalMove:
            return "refused"
        raise AssertionError(f"{move} was played though check() refused it")
    if kind < 3:  # lean towards the foundations so that games get far
        moves = [m for m in moves if m.dst >= 16] or moves
    if moves:
        game.play(moves[pick % len(moves)])
        return "move"
    if game.redeals_left:
        game.redeal()
        return "redeal"
    return "stuck"


def walk(game: Game, picks: list[int]) -> Iterator[str]:
    for choice in picks:
        done = step(game, choice)
        if done == "stuck":
            return
        yield done


def tableau_and_foundations(game: Game) -> list[int]:
    return [c for p in game.piles for c in p] + [c for f in game.foundations for c in f]


@FEW
@given(rule_sets, numbers, choices)
def test_every_card_stays_there_exactly_twice(rule_set: str, number: int, picks: list[int]) -> None:
    game = new_game(rule_set, number)
    for _ in walk(game, picks):
        every = tableau_and_foundations(game)
        assert len(every) == 104
        assert Counter(every) == Counter({c: 2 for c in range(52)})


@FEW
@given(rule_sets, numbers, choices)
def test_no_pile_ever_holds_more_than_13(rule_set: str, number: int, picks: list[int]) -> None:
    game = new_game(rule_set, number)
    for _ in walk(game, picks):
        assert max(len(p) for p in game.piles) <= PILE_LIMIT


@FEW
@given(rule_sets, numbers, choices)
def test_foundations_stay_in_order(rule_set: str, number: int, picks: list[int]) -> None:
    game = new_game(rule_set, number)
    for _ in walk(game, picks):
        for s in range(4):
            up, down = game.foundations[s], game.foundations[4 + s]
            assert up == [card(r, s) for r in range(1, len(up) + 1)]
            assert down == [card(r, s) for r in range(13, 13 - len(down), -1)]


@FEW
@given(st.sampled_from(["standard", "crescent-four", "face-down", "level-4"]), numbers, choices)
def test_an_emptied_pile_never_refills(rule_set: str, number: int, picks: list[int]) -> None:
    game = new_game(rule_set, number)
    empty = {i for i, p in enumerate(game.piles) if not p}
    for done in walk(game, picks):
        now = {i for i, p in enumerate(game.piles) if not p}
        if done != "undo":  # undo may take back the move that emptied a pile
            assert now >= empty
        empty = now


@FEW
@given(rule_sets, numbers, choices)
def test_undo_restores_the_exact_previous_position(
    rule_set: str, number: int, picks: list[int]
) -> None:
    game = new_game(rule_set, number)
    before_each_move: list[dict[str, Any]] = []
    before = game.to_dict()
    for done in walk(game, picks):
        if done == "move":
            before_each_move = [*before_each_move, before][-UNDO_LIMIT:]
        elif done == "undo":
            now, then = game.to_dict(), before_each_move.pop()
            # The undo history is bounded: each move made with it full (UNDO_LIMIT
            # entries) dropped its oldest entry, which no undo brings back, so after
            # undos in a row it is the end of what it was (its length is checked below,
            # against the moves still undoable). All else is as it was.
            kept = len(now["history"])
            assert now["history"] == then["history"][len(then["history"]) - kept :]
            # What undo took back, redo can play again (the redo list is all that grew).
            assert {**now, "history": None, "redo": None} == {**then, "history": None, "redo": None}
            assert game.can_redo
        elif done == "redeal":
            before_each_move = []
            assert not game.can_undo
        assert len(game.history) == len(before_each_move)
        before = game.to_dict()


@FEW
@given(rule_sets, numbers, choices)
def test_move_counter_counts_moves_minus_undos_only(
    rule_set: str, number: int, picks: list[int]
) -> None:
    game = new_game(rule_set, number)
    expected = 0
    for done in walk(game, picks):
        expected += {"move": 1, "undo": -1}.get(done, 0)
        assert game.moves == expected


@FEW
@given(rule_sets, numbers, choices)
def test_saving_and_loading_round_trips(rule_set: str, number: int, picks: list[int]) -> None:
    game = new_game(rule_set, number)
    for i, _ in enumerate(walk(game, picks)):
        saved = game.to_dict()
        loaded = Game.from_dict(saved)
        assert loaded.to_dict() == saved
        if i % 5 == 0:  # play on from the loaded game: it must behave the same
            game = loaded
    while game.can_undo:
        copy = Game.from_dict(game.to_dict())
        game.undo()
        copy.undo()
        assert copy.to_dict() == game.to_dict()


@FEW
@given(rule_sets, numbers, choices, st.integers(0, 10**6))
def test_refused_move_changes_nothing_and_gives_the_check_reason(
    rule_set: str, number: int, picks: list[int], pick: int
) -> None:
    game = new_game(rule_set, number)
    for k, _ in enumerate(walk(game, picks)):
        bad = [(m, r) for m in ALL_MOVES if (r := game.check(m)) is not None]
        move, reason = bad[(pick + k) % len(bad)]
        before = game.to_dict()
        with pytest.raises(IllegalMove) as err:
            game.play(move)
        assert err.value.reason is reason
        assert err.value.move == move
        assert game.to_dict() == before


@FEW
@given(rule_sets, numbers, choices)
def test_legal_moves_are_exactly_the_moves_check_allows(
    rule_set: str, number: int, picks: list[int]
) -> None:
    game = new_game(rule_set, number)
    for _ in walk(game, picks):
        assert game.legal_moves() == [m for m in ALL_MOVES if game.check(m) is None]


@FEW
@given(st.sampled_from(["face-down", "standard"]), numbers, choices)
def test_tops_are_face_up_and_no_card_turns_back_down_but_by_undo(
    rule_set: str, number: int, picks: list[int]
) -> None:
    game = new_game(rule_set, number)
    down = list(game.down)
    for done in walk(game, picks):
        for i, p in enumerate(game.piles):
            assert game.down[i] <= max(len(p) - 1, 0)
            if p:
                assert game.face_up(i, len(p) - 1)
        if done != "undo":
            assert all(now <= was for now, was in zip(game.down, down, strict=True))
        down = list(game.down)


@FEW
@given(rule_sets, numbers, choices)
def test_status_follows_the_position(rule_set: str, number: int, picks: list[int]) -> None:
    game = new_game(rule_set, number)
    for _ in walk(game, picks):
        won = all(len(f) == 13 for f in game.foundations)
        blocked = not won and not game.legal_moves() and game.redeals_left == 0
        assert game.status == ("won" if won else "blocked" if blocked else "playing")
        assert 0 <= game.redeals_left <= game.rules.redeals


@FEW
@given(st.sampled_from(["levels-1-3", "level-4"]), numbers, choices)
def test_shuffle_keeps_the_cards_and_deals_where_the_rules_allow(
    rule_set: str, number: int, picks: list[int]
) -> None:
    game = new_game(rule_set, number)
    for _ in walk(game, picks):
        if not game.redeals_left or all(game.piles):
            continue
        tableau = sorted(c for p in game.piles for c in p)
        empty = {i for i, p in enumerate(game.piles) if not p}
        game.redeal()
        assert sorted(c for p in game.piles for c in p) == tableau
        now = {i for i, p in enumerate(game.piles) if not p}
        if game.rules.empty_piles_accept:
            assert len(now) == max(16 - len(tableau), 0)
        else:
            assert now == empty
        assert max(len(p) for p in game.piles) <= PILE_LIMIT


def test_undos_in_a_row_after_a_full_history_keep_its_end() -> None:
    """Two moves made with the history full each dropped its oldest entry: two undos
    leave 98 entries, the end of the 100 there were (hypothesis found this case)."""
    piles = {"P1": ["7S", "6S"], "P2": ["7S", "5S"], "P3": ["2S"], "P4": ["2S"]}
    game = position(piles, {"F1": "AS", "F5": "KS"}, bury=("P3", "P4"))
    there, back = Move.parse("P1-P2"), Move.parse("P2-P1")  # the 6S, to and fro
    while len(game.history) < UNDO_LIMIT:
        game.play(there if len(game.history) % 2 == 0 else back)
    full = game.to_dict()["history"]
    game.play(there)
    game.play(back)
    game.undo()
    game.undo()
    assert game.to_dict()["history"] == full[2:]
