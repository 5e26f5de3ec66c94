"""The Finish button: offered when the rest plays itself, and it plays it, animated."""

from __future__ import annotations

from crescent.control.table_mode import TableMode
from crescent.i18n import text as T
from crescent.ui.table import HUD_ITEMS
from tests.helpers_ui import close_client, make_client, shown_matches_engine
from tests.solver.test_autofinish import _spades_position, deep_position


def test_finish_button_plays_the_rest_with_animation() -> None:
    game = _spades_position(
        5, 6, [["AS", "2S", "3S", "4S", "5S"], ["6S", "7S", "8S", "KS", "QS", "JS", "10S", "9S"]]
    )
    c = make_client(game)
    try:
        table = c.app.table
        assert table.finish.line, "a finish line is offered"
        look = table.view._hud_key(HUD_ITEMS.index("hint"))
        assert look.title == c.app.tr(T.FINISH)
        assert look.enabled
        c.click(c.hud("hint"))
        c.frames(3)
        assert table.mode is TableMode.FINISHING or table.anims.busy
        saw_flight = False
        for _ in range(400):
            saw_flight = saw_flight or table.anims.busy
            shown_matches_engine(c)
            if c.game.is_won and not table.anims.busy:
                break
            c.frames(2)
        assert saw_flight
        assert c.game.is_won
        c.frames(3)
        assert c.app.scenes[-1] is not table  # the won overlay
    finally:
        close_client(c)


def test_no_finish_offered_while_pile_moves_are_needed() -> None:
    c = make_client()
    try:
        assert not c.app.table.finish.line
        look = c.app.table.view._hud_key(HUD_ITEMS.index("hint"))
        assert look.title == c.app.tr(T.HINT)
    finally:
        close_client(c)


def test_a_table_whose_finish_search_ran_deep_is_played_on() -> None:
    """The position that once ended the game with a RecursionError (the kiosk benchmark
    found it): the table is shown, no Finish offered, and the next move is played."""
    c = make_client(deep_position())
    try:
        c.frames(3)
        assert not c.app.table.finish.line
        move = c.game.legal_moves()[0]
        c.app.table.play(move)
        c.frames(30)
        shown_matches_engine(c)
    finally:
        close_client(c)
