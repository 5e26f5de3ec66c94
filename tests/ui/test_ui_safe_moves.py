"""Safe moves home from the player's side: a move, then the safe cards fly home one
after another, each a move that undo takes back; nothing with the setting off, nor in
the levels game."""

from __future__ import annotations

from crescent.control.table_mode import TableMode
from crescent.i18n import text as T
from crescent.rules.engine import parse_place
from crescent.ui.screens import SettingsScreen
from tests.helpers_positions import position
from tests.helpers_ui import close_client, make_client, shown_matches_engine


def _play_jack_home(on: bool) -> tuple[int, int, bool]:
    game = position({"P1": ["QS"], "P2": ["7H", "JS"]}, {"F1": "10S", "F2": "6H"}, redeals_left=1)
    c = make_client(game)
    try:
        c.app.session.settings.safe_moves = on
        table = c.app.table
        c.click(c.centre(parse_place("P2")))
        c.click(c.centre(parse_place("F1")))
        saw_flight = False
        for _ in range(300):
            c.frames(2)
            saw_flight = saw_flight or table.anims.busy
            shown_matches_engine(c)
            if c.game.moves and not table.anims.busy and table.mode is not TableMode.SAFE:
                break
        c.frames(3)
        moves = c.game.moves
        undone = c.app.session.undo()
        return moves, c.game.moves, saw_flight and undone
    finally:
        close_client(c)


def test_with_the_setting_on_the_safe_cards_follow_the_move_animated_and_undoable() -> None:
    moves, after_undo, ok = _play_jack_home(True)
    assert moves >= 3  # JS, then QS and 7H at least
    assert after_undo == moves - 1  # one safe move taken back, not the lot
    assert ok


def test_with_the_setting_off_only_the_players_move_is_played() -> None:
    moves, _, _ = _play_jack_home(False)
    assert moves == 1


def test_the_levels_game_plays_no_safe_move() -> None:
    c = make_client(code="CR1-L-LEVELSA")
    try:
        c.app.session.settings.safe_moves = True
        assert c.app.session.levels is not None
        assert not c.app.table.safe.on()
    finally:
        close_client(c)


def test_the_setting_is_off_at_first_and_a_settings_row_turns_it_on() -> None:
    c = make_client()
    try:
        tr = c.app.tr
        screen = SettingsScreen(c.app)
        c.app.push(screen)
        [row] = [r for r in screen.rows() if r.text == tr(T.SAFE_MOVES_SETTING)]
        [button] = row.buttons
        assert button.label == tr(T.OFF)
        screen.run(button.action)
        assert c.app.session.settings.safe_moves
        [row] = [r for r in screen.rows() if r.text == tr(T.SAFE_MOVES_SETTING)]
        assert row.buttons[0].label == tr(T.ON)
    finally:
        close_client(c)
