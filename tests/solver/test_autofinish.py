"""Auto-finish: offered only when the rest goes straight to the foundations."""

from __future__ import annotations

import pytest

from crescent.rules.cards import RANKS
from crescent.rules.engine import Game, Move
from crescent.solver.autofinish import MAX_NODES, finish_line


def _spades_position(asc_top: int, desc_top: int, piles: list[list[str]]) -> Game:
    """Hearts, diamonds, clubs complete; spades as given (ranks 1..13)."""
    suits = "SHDC"
    asc = [[RANKS[r] + s for r in range(13)] for s in suits]
    desc = [[RANKS[r] + s for r in range(12, -1, -1)] for s in suits]
    asc[0] = asc[0][:asc_top]
    desc[0] = desc[0][: 14 - desc_top]
    tableau = piles + [[] for _ in range(16 - len(piles))]
    return Game.from_dict(
        {
            "format": 1,
            "code": "CR1-N-AAAAAAB",
            "piles": tableau,
            "foundations": asc + desc,
            "redeals_left": 0,
            "moves": 50,
        }
    )


def _replays_to_a_win(game: Game, line: list[Move]) -> bool:
    g = game.copy()
    for move in line:
        g.play(move)
    return g.is_won


def test_direct_plays_finish_the_game() -> None:
    game = _spades_position(11, 2, [["KS", "QS"], ["AS"]])
    line = finish_line(game)
    assert line is not None
    assert len(line) == 3
    assert _replays_to_a_win(game, line)


def test_no_finish_when_a_pile_to_pile_move_is_needed() -> None:
    # K over Q: the King cannot go up before the Queen, and nothing else takes it.
    game = _spades_position(11, 2, [["QS", "KS"], ["AS"]])
    assert finish_line(game) is None


def test_met_foundations_slide_to_take_any_card_of_their_suit() -> None:
    # Met spades (ascending at 5, descending at 6): 9S goes up only after three slides.
    game = _spades_position(
        5, 6, [["AS", "2S", "3S", "4S", "5S"], ["6S", "7S", "8S", "KS", "QS", "JS", "10S", "9S"]]
    )
    line = finish_line(game)
    assert line is not None
    assert [str(m) for m in line].count("F5-F1") >= 3
    assert _replays_to_a_win(game, line)


def test_finish_leaves_the_game_untouched() -> None:
    game = _spades_position(11, 2, [["KS", "QS"], ["AS"]])
    before = game.to_dict()
    finish_line(game)
    assert game.to_dict() == before


DEEP_CODE = "CR1-N-AAAAAAS"
DEEP_PLAY = (
    "P13-F6 P14-F4 P1-F4 P7-F4 P2-F4 P4-F7 P4-F8 P15-F8 P16-F4 P2-F8 P7-F2 P4-P13 P4-F3 "
    "P6-F3 P4-P6 P4-F1 P15-F1 P15-F6 P15-F7 P15-P12 P15-F2 P14-P12 P14-F3 P14-F5 P5-F5 "
    "P1-P10 P2-P1 R P8-F5 P2-F2 P7-F6 P14-F8 P5-F3 P11-F5 P9-F8 P9-F5 P8-F6 P12-P3 "
    "P12-F2 P12-F2 P12-F2 P12-F3 P1-F3 R"
)
"""A position of a real game (the survey's winning line of deal 18, after its second
redeal) where the slides between foundations once led the search 1,700 moves deep:
past Python's recursion limit, the game ended with a RecursionError."""


def deep_position() -> Game:
    game = Game.from_code(DEEP_CODE)
    for token in DEEP_PLAY.split():
        game.apply(token)
    return game


def test_a_search_through_long_slide_chains_never_passes_the_recursion_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = deep_position()
    visited = 0
    legal_moves = Game.legal_moves

    def counted(self: Game) -> list[Move]:
        nonlocal visited
        visited += 1
        return legal_moves(self)

    monkeypatch.setattr(Game, "legal_moves", counted)
    assert finish_line(game) is None  # no pile-to-pile move: nothing to finish
    assert visited <= MAX_NODES  # and a bounded search: a frame's worth at most
    assert game.to_dict() == deep_position().to_dict()  # the table left as it was
