"""Auto-finish: offered only when the rest goes straight to the foundations."""

from __future__ import annotations

from crescent.rules.cards import RANKS
from crescent.rules.engine import Game, Move
from crescent.solver.autofinish import finish_line


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
