"""The levels game in the client: its HUD, Shuffle, hints left, and its end screens."""

from __future__ import annotations

import time

import pygame
import pytest

from crescent.control.table_mode import TableMode
from crescent.i18n import text as T
from crescent.play.history import Result, past_game
from crescent.rules.engine import Game, Move
from crescent.rules.modes import HudItem
from crescent.ui.cascade import CascadeScene
from crescent.ui.hud import HudLook
from crescent.ui.scene import Screen
from crescent.ui.screens import CodeScreen
from crescent.ui.stats_screen import StatsScreen
from crescent.ui.table import HUD_ITEMS
from tests.helpers_positions import position
from tests.helpers_ui import Client, dialog, make_client, press_button

pytestmark = pytest.mark.usefixtures("searches_in_positions")
"""Hint searches count positions, not seconds (tests/helpers_clock.py): the hints a
quiet machine gives, on a busy one too."""


def levels_client(game: Game | None = None, lang: str = "en") -> Client:
    """A client playing ``game`` (a level of the levels game), the earlier levels done."""
    c = make_client(game, code="CR1-L-AAAAAAB", lang=lang)
    levels = c.app.session.levels
    assert levels is not None
    if game is not None:
        for _ in range(game.level - 1):
            levels.complete_level(0)
    c.app.table.after_change()
    c.frames(1)
    return c


def look(c: Client, item: str) -> HudLook:
    return c.app.table.view._hud_key(HUD_ITEMS.index(HudItem(item)))


def skip_cascade(c: Client, *, level: int) -> None:
    """A level won: its foundations cascade (full, every card home) until a key skips."""
    cascade = c.app.scenes[-1]
    assert isinstance(cascade, CascadeScene)
    assert cascade.won is not None
    assert cascade.won.level == level
    assert cascade.cascade.total == 104
    assert c.app.next_wake() is None  # the idle loop keeps drawing
    c.frames(20)
    assert c.app.scenes[-1] is cascade
    assert cascade.cascade.launched > 0
    c.key(pygame.K_SPACE)
    c.frames(1)


def last_card(level: int, *, shuffles_left: int = 5) -> Game:
    """One move (P1-F1) completes the level."""
    return position({"P1": ["KS"]}, {"F1": "QS"}, redeals_left=shuffles_left, level=level)


def stuck(level: int, shuffles_left: int) -> Game:
    """No move: 9S and KS fit nowhere (8S, 10S, QS lie beneath)."""
    piles: dict[str, list[str]] = {"P1": ["9S"], "P3": ["KS"]}
    return position(piles, {"F1": "7S", "F5": "JS"}, redeals_left=shuffles_left, level=level)


def deal_typed(c: Client, code: str) -> None:
    """Type ``code`` in the Code dialog and press Deal."""
    c.app.open(Screen.CODE)
    screen = c.app.scenes[-1]
    assert isinstance(screen, CodeScreen)
    screen.typed = ""
    screen.text_input(code)
    screen.deal()
    c.frames(2)


def test_hud_shows_the_level_time_left_hints_and_shuffles(clients: list[Client]) -> None:
    c = levels_client()
    clients.append(c)
    tr = c.app.tr
    time_look = look(c, "time")
    assert time_look == look(c, "time")
    assert time_look.title == tr(T.LEVEL_N, n=1)
    assert time_look.sub == "15:00"
    assert time_look.big
    assert not time_look.warn
    shuffle = look(c, "redeal")
    assert shuffle.title == tr(T.SHUFFLE)
    assert shuffle.sub == tr.plural(T.SHUFFLES_LEFT, 5)
    assert look(c, "hint").sub == tr.plural(T.HINTS_LEFT, 3)
    levels = c.app.session.levels
    assert levels is not None
    levels.running = True
    c.app.session.tick(15 * 60 - 59.5)
    assert look(c, "time").sub == "01:00"
    assert look(c, "time").warn


def test_shuffle_asks_first_while_moves_remain(clients: list[Client]) -> None:
    c = levels_client()
    clients.append(c)
    before = [list(p) for p in c.game.piles]
    assert c.game.has_move()
    c.click(c.hud("shuffle"))
    c.frames(1)
    assert dialog(c).title == c.app.tr(T.SHUFFLE_CONFIRM_TITLE)
    press_button(c, c.app.tr(T.CANCEL))
    assert c.game.piles == before
    assert c.game.redeals_left == 5
    c.click(c.hud("shuffle"))
    c.frames(1)
    press_button(c, c.app.tr(T.SHUFFLE))
    assert c.app.scenes == [c.app.table]
    assert c.game.redeals_left == 4
    assert c.game.piles != before


def test_the_shuffle_question_defaults_to_the_safe_cancel(clients: list[Client]) -> None:
    c = levels_client()
    clients.append(c)
    before = [list(p) for p in c.game.piles]
    c.click(c.hud("shuffle"))
    c.frames(1)
    specs = {b.label: b.primary for b in dialog(c).button_specs}
    assert specs == {c.app.tr(T.SHUFFLE): False, c.app.tr(T.CANCEL): True}
    c.key(pygame.K_RETURN)
    c.frames(1)
    assert c.app.scenes == [c.app.table]
    assert c.game.piles == before
    assert c.game.redeals_left == 5


def test_stuck_with_shuffles_left_lights_shuffle_and_shuffles_at_once(
    clients: list[Client],
) -> None:
    c = levels_client(stuck(4, shuffles_left=2))
    clients.append(c)
    assert c.app.table.pointer.point
    assert look(c, "redeal").glow
    assert c.app.table.banner.text is not None
    assert c.app.table.banner.text == c.app.tr(T.POINT_SHUFFLE)
    c.click(c.hud("shuffle"))
    c.frames(1)
    assert c.app.scenes == [c.app.table]  # no question: nothing else could be played
    assert c.game.redeals_left == 1


def test_stuck_with_no_shuffle_left_is_game_over(clients: list[Client]) -> None:
    # AH goes home; then 9S and KS fit nowhere, P4 stays empty (level 4), no shuffle left.
    piles: dict[str, list[str]] = {"P1": ["9S"], "P3": ["KS"], "P4": ["AH"]}
    tops = {"F1": "7S", "F5": "JS", "F6": "2H"}
    game = position(piles, tops, redeals_left=0, level=4, bury=("P1", "P3"))
    c = levels_client(game)
    clients.append(c)
    c.click(c.centre(3))
    c.frames(1)
    c.settle()
    c.frames(2)
    assert c.game.status == "blocked"
    d = dialog(c)
    assert d.title == c.app.tr(T.GAME_OVER)
    assert d.lines[0] == c.app.tr(T.STUCK_NO_SHUFFLE)
    assert d.lines[1] == c.app.tr.plural(T.LEVELS_COMPLETED, 3)
    assert c.app.session.stats.get("L").played == 1


def test_level_complete_screen_then_the_next_level(clients: list[Client]) -> None:
    c = levels_client(last_card(2, shuffles_left=3))
    clients.append(c)
    session = c.app.session
    assert session.levels is not None
    session.levels.running = True
    session.tick(100)
    c.app.table.play(Move.parse("P1-F1"))  # a tap would select: the empty piles take it too
    c.frames(1)
    c.settle()
    c.frames(2)
    skip_cascade(c, level=2)
    d = dialog(c)
    tr = c.app.tr
    assert d.title == tr(T.LEVEL_COMPLETE, n=2)
    assert d.lines == [
        tr(T.LEVEL_TIME_LEFT, time="10:20"),
        tr.plural(T.HINTS_USED, 0),
        tr(T.NEXT_LEVEL_INFO, n=3, time="10:00"),
    ]
    assert c.game.level == 3
    assert c.game.redeals_left == 3
    press_button(c, tr(T.NEXT_LEVEL))
    assert c.app.scenes == [c.app.table]
    assert session.outcome is None
    assert look(c, "time").title == tr(T.LEVEL_N, n=3)


def test_time_out_shows_game_over(clients: list[Client]) -> None:
    c = levels_client()
    clients.append(c)
    session = c.app.session
    assert session.levels is not None
    session.levels.running = True
    session.levels.time_left = 0.05
    c.frames(10)
    d = dialog(c)
    assert d.title == c.app.tr(T.GAME_OVER)
    assert d.lines[0] == c.app.tr(T.TIME_UP)
    assert not look(c, "redeal").enabled
    assert not look(c, "hint").enabled


def test_winning_level_four_shows_the_win_with_time_left_per_level(
    clients: list[Client],
) -> None:
    c = levels_client(last_card(4), lang="fr")
    clients.append(c)
    c.click(c.centre(0))  # level 4: the empty piles take nothing, F1 is the one place
    c.frames(1)
    c.settle()
    c.frames(2)
    skip_cascade(c, level=4)
    d = dialog(c)
    assert d.title == c.app.tr(T.WON_LEVELS_TITLE)
    assert d.lines[3] == c.app.tr(T.LEVEL_TIME_LINE, n=4, time="08:00")
    assert c.app.session.stats.get("L").won == 1
    # Not a dead end: Statistics, and Close (or Esc) to look at the finished table.
    tr = c.app.tr
    assert [b.label for b in d.buttons] == [tr(T.NEW_GAME), tr(T.STATISTICS), tr(T.CLOSE)]
    c.key(pygame.K_ESCAPE)
    c.frames(1)
    assert c.app.scenes[-1] is c.app.table
    assert c.app.session.stats.get("L").won == 1  # counted once


def test_a_hint_uses_one_of_three_and_none_are_left_after(clients: list[Client]) -> None:
    c = levels_client(last_card(1))
    clients.append(c)
    session = c.app.session
    c.app.table.hints.ask()
    end = time.monotonic() + 20
    while c.app.table.mode is TableMode.ASKING and time.monotonic() < end:
        c.frames(2)
        time.sleep(0.02)
    assert c.app.table.hints.answer is not None
    assert str(c.app.table.hints.answer.step) == "P1-F1"
    assert session.hints_left == 2
    assert session.levels is not None
    session.levels.hints_left = 0
    c.app.table.hints.changed()
    c.app.table.hints.ask()
    assert c.app.table.mode is not TableMode.ASKING
    assert c.app.table.banner.text is not None
    assert c.app.table.banner.text == c.app.tr(T.NO_HINTS_LEFT)


def test_a_levels_code_typed_in_the_code_dialog_starts_the_levels_game(
    clients: list[Client],
) -> None:
    c = make_client()  # a standard game
    clients.append(c)
    assert c.app.session.levels is None
    deal_typed(c, "cr1-l-levelsa")
    assert c.game.code == "CR1-L-LEVELSA"
    assert c.game.level == 1
    assert c.app.session.levels is not None
    assert look(c, "time").title == c.app.tr(T.LEVEL_N, n=1)
    assert look(c, "redeal").title == c.app.tr(T.SHUFFLE)


def test_statistics_of_the_levels_game_show_level_and_time_left(clients: list[Client]) -> None:
    c = levels_client()
    clients.append(c)
    c.app.session.add_past_game(past_game("L", Result.WON, 1500.0, 400, level=4, time_left=812.0))
    screen = StatsScreen(c.app)
    rows = {r.text: r.value for r in screen.rows() if r.kind == "pair"}
    tr = c.app.tr
    assert rows[tr(T.BEST_LEVEL)] == "4"
    assert rows[tr(T.BEST_TIME_LEFT)] == "13:32"


def test_the_second_hint_press_plays_the_hinted_move_for_free(clients: list[Client]) -> None:
    c = levels_client(position({"P1": ["AS", "KS"]}, {"F1": "QS", "F5": "2S"}, level=1))
    clients.append(c)
    session = c.app.session
    c.app.table.hints.ask()
    end = time.monotonic() + 20
    while c.app.table.mode is TableMode.ASKING and time.monotonic() < end:
        c.frames(2)
        time.sleep(0.02)
    assert c.app.table.hints.answer is not None
    assert session.hints_left == 2
    c.app.table.hints.ask()
    c.frames(1)
    c.settle()
    assert c.app.table.game.moves == 1
    assert session.hints_left == 2


def test_a_level_just_dealt_is_not_thrown_away_without_asking(clients: list[Client]) -> None:
    """Level 1 won and level 2 on the table, nothing played on it yet: New game and a
    code dealt still ask "Abandon this game?" (leaving counts the game as played)."""
    c = levels_client(last_card(1))
    clients.append(c)
    session = c.app.session
    assert session.levels is not None
    session.levels.running = True
    c.app.table.play(Move.parse("P1-F1"))
    c.frames(1)
    c.settle()
    c.frames(2)
    skip_cascade(c, level=1)
    tr = c.app.tr
    press_button(c, tr(T.NEXT_LEVEL))
    assert (c.game.level, c.game.moves) == (2, 0)
    code = c.game.code
    c.key(pygame.K_n)
    c.frames(2)
    assert dialog(c).title == tr(T.ABANDON_TITLE)
    press_button(c, tr(T.NO))
    c.frames(2)
    deal_typed(c, "CR1-N-AAAAAAD")
    assert dialog(c).title == tr(T.ABANDON_TITLE)
    assert c.game.code == code
    assert session.stats.get("L").played == 0
