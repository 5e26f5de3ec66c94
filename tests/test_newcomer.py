"""A newcomer never loses a game by accident and always understands the table (issue 13)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest

from crescent import text as T
from crescent.confirm import REDEAL_CONFIRM_S, RedealGuard, new_game_needs_confirm
from crescent.engine import Game
from crescent.ui.dialogs import MessageDialog
from tests.helpers_ui import Client, close_client, make_client

MakeClient = Callable[..., Client]


@pytest.fixture
def client_for() -> Iterator[MakeClient]:
    made: list[Client] = []

    def make(game: Game | None = None, **kw: Any) -> Client:
        c = make_client(game, **kw)
        made.append(c)
        return c

    yield make
    for c in made:
        close_client(c)


def top_dialog(c: Client) -> MessageDialog:
    top = c.app.scenes[-1]
    assert isinstance(top, MessageDialog), c.app.scenes
    return top


def message(c: Client) -> str:
    assert c.app.table.message is not None, "nothing said"
    return c.app.table.message[0]


def play_first_move(c: Client) -> None:
    c.click(c.centre(0))  # P1 of CR1-N-AAAAAAB has one destination
    c.frames(1)
    assert c.game.moves == 1
    c.settle()
    c.pause()


# -- progress is never thrown away by one tap --------------------------------------


def test_new_game_needs_confirm_only_with_moves_played_and_game_on() -> None:
    g = Game.from_code("CR1-N-AAAAAAB")
    assert not new_game_needs_confirm(g)
    g.play(g.legal_moves()[0])
    assert new_game_needs_confirm(g)


def test_new_game_with_moves_played_asks_and_no_is_the_default(client_for: MakeClient) -> None:
    c = client_for()
    play_first_move(c)
    code = c.game.code
    for ask in (lambda: c.key(pygame.K_n), lambda: c.click(c.hud("new"))):
        ask()
        c.frames(2)
        d = top_dialog(c)
        assert d.title == c.app.tr(T.ABANDON_TITLE)
        c.key(pygame.K_RETURN)  # the default answer: No
        c.frames(2)
        assert c.app.scenes[-1] is c.app.table
        assert c.game.code == code and c.game.moves == 1
    assert c.app.session.stats.get("N").played == 0
    c.key(pygame.K_n)
    c.frames(2)
    [yes] = [b for b in top_dialog(c).buttons if b.label == c.app.tr(T.YES)]
    c.click(yes.rect.center)
    c.frames(2)
    assert c.game.moves == 0 and c.app.scenes[-1] is c.app.table
    assert c.app.session.stats.get("N").played == 1


def test_new_game_with_nothing_played_asks_nothing(client_for: MakeClient) -> None:
    c = client_for()
    code = c.game.code
    c.key(pygame.K_n)
    c.frames(2)
    assert c.app.scenes[-1] is c.app.table and c.game.code != code


def test_redeal_guard_needs_a_second_press_within_the_time() -> None:
    g = RedealGuard()
    assert g.press(10.0, moves_remain=False)
    assert not g.press(10.0, moves_remain=True)
    assert g.armed(10.0 + REDEAL_CONFIRM_S)
    assert g.press(11.0, moves_remain=True)
    assert not g.armed(11.0)
    assert not g.press(20.0, moves_remain=True)
    assert not g.press(20.0 + REDEAL_CONFIRM_S + 0.1, moves_remain=True)  # too late: re-armed


def test_redeal_with_moves_left_needs_a_second_tap_and_the_button_says_so(
    client_for: MakeClient,
) -> None:
    c = client_for()
    assert c.game.has_move()
    c.click(c.hud("redeal"))
    c.frames(2)
    assert c.game.redeals_left == 3  # not yet
    look = c.app.table._hud_keys[2]
    assert look is not None and look.title == c.app.tr(T.REDEAL_AGAIN)
    assert message(c) == c.app.tr(T.REDEAL_ARMED)
    c.click(c.hud("redeal"))
    c.frames(2)
    assert c.game.redeals_left == 2
    c.settle()
    c.key(pygame.K_r)
    c.frames(2)
    c.clock.advance(REDEAL_CONFIRM_S + 1)
    c.frames(2)
    look = c.app.table._hud_keys[2]
    assert look is not None and look.title == c.app.tr(T.REDEAL)  # disarmed by time
    c.key(pygame.K_r)
    c.frames(2)
    assert c.game.redeals_left == 2
    c.key(pygame.K_r)
    c.frames(2)
    assert c.game.redeals_left == 1
