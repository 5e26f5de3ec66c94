"""Redo: what undo took back plays again, within the undo window; a new move or a
redeal clears it; the move counter follows; saves keep it, checked on load."""

from __future__ import annotations

import pytest

from crescent.engine import Game, IllegalMove, Move
from crescent.rules.engine import UNDO_LIMIT

CODE = "CR1-N-AAAAAAB"
LINE = ["P1-P11", "P2-F7", "P3-P7", "P15-F6"]


def played(*moves: str) -> Game:
    game = Game.from_code(CODE)
    for m in moves:
        game.play_text(m)
    return game


def back_and_forth() -> tuple[Game, Move, Move]:
    """A deal with a move whose reverse is legal right after it (a card moved between
    two piles and back), to play as many moves as needed."""
    for number in range(1, 50):
        game = Game.deal(number)
        for move in game.legal_moves():
            back = Move(move.dst, move.src)
            probe = game.copy()
            probe.play(move)
            if probe.check(back) is None:
                return game, move, back
    raise AssertionError("no deal with a reversible move")


def test_redo_plays_again_what_undo_took_back_and_the_counter_follows() -> None:
    game = played(*LINE)
    after = game.to_dict()
    assert game.undo()
    assert game.undo()
    assert game.moves == 2
    assert game.redo_moves == [Move.parse("P3-P7"), Move.parse("P15-F6")]
    assert game.redo() == Move.parse("P3-P7")
    assert game.redo() == Move.parse("P15-F6")
    assert game.redo() is None
    assert game.moves == 4
    assert game.to_dict() == after


def test_a_new_move_clears_redo() -> None:
    game = played(*LINE)
    game.undo()
    assert game.can_redo
    game.play_text("P15-F6")
    assert not game.can_redo


def test_a_refused_move_keeps_redo() -> None:
    game = played(*LINE)
    game.undo()
    with pytest.raises(IllegalMove):
        game.play_text("F1-P1")
    assert game.can_redo


def test_a_redeal_clears_undo_and_redo() -> None:
    game = played(*LINE)
    game.undo()
    game.redeal()
    assert not game.can_undo
    assert not game.can_redo


def test_redo_stays_within_the_undo_window() -> None:
    game, a, b = back_and_forth()
    for i in range(UNDO_LIMIT + 20):
        game.play(a if i % 2 == 0 else b)
    undone = 0
    while game.undo():
        undone += 1
    assert undone == UNDO_LIMIT
    assert len(game.redo_moves) == UNDO_LIMIT
    while game.redo() is not None:
        pass
    assert game.moves == UNDO_LIMIT + 20


def test_redo_survives_a_save_and_a_copy() -> None:
    game = played(*LINE)
    game.undo()
    game.undo()
    for again in (Game.from_dict(game.to_dict()), game.copy()):
        assert again.redo_moves == game.redo_moves
        again.redo()
        again.redo()
        assert again.to_dict() == played(*LINE).to_dict()


def test_a_save_without_redo_loads_as_before() -> None:
    d = played(*LINE).to_dict()
    assert "redo" not in d
    assert not Game.from_dict(d).can_redo


@pytest.mark.parametrize(
    ("redo", "message"),
    [
        ("P1-P2", "redo must be a list"),
        ([3], "redo must be a list of moves"),
        (["P9-P9x"], "not a place"),
        (["P15-F6", "P15-F6"], "not legal"),
        (["P1-P2"] * (UNDO_LIMIT + 1), "at most"),
    ],
)
def test_a_hand_edited_redo_is_refused(redo: object, message: str) -> None:
    game = played(*LINE)
    game.undo()
    d = game.to_dict()
    d["redo"] = redo
    with pytest.raises(ValueError, match=message):
        Game.from_dict(d)
