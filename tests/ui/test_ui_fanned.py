"""Show whole piles in the real loop: fans drawn, taps and drags on the top card, counts kept."""

from __future__ import annotations

import pygame
import pytest

from crescent.ui.screens import SettingsScreen
from tests.helpers_ui import Client, close_client, make_client, post_mouse, shown_matches_engine


def fanned(code: str = "CR1-N-AAAAAAB", size: tuple[int, int] = (1280, 800)) -> Client:
    c = make_client(code=code, size=size)
    settings = SettingsScreen(c.app)
    c.app.push(settings)
    settings.run(settings.steps["show_piles"])
    c.app.pop()
    c.frames(1)
    return c


def test_off_by_default() -> None:
    c = make_client()
    try:
        assert not c.app.session.settings.show_piles
        assert c.app.fan is None
        assert all(look is not None and look.under == () for look in c.app.table.view._slot_keys)
    finally:
        close_client(c)


def test_setting_fans_every_pile_with_its_cards_under_the_top() -> None:
    c = fanned()
    try:
        assert c.app.session.settings.show_piles
        assert c.app.fan is not None
        for p in range(16):
            look = c.app.table.view._slot_keys[p]
            assert look is not None
            assert look.under == tuple(c.game.piles[p][:-1])
            assert look.size == len(c.game.piles[p])  # the count stays
        shown_matches_engine(c)
        # The bottom card's corner is drawn (not felt): the fan is on screen.
        fan = c.app.fan
        a = fan.anchors[4]
        colour = c.app.screen.get_at((a.x + a.w // 2, a.y + 3))
        assert colour.g > 200
        assert colour.r > 200
    finally:
        close_client(c)


def test_a_tap_on_a_card_under_the_top_plays_the_top_card() -> None:
    c = fanned()
    try:
        fan = c.app.fan
        assert fan is not None
        a = fan.anchors[0]  # P1's bottom card; its top card 5H goes to P11 only
        c.click((a.x + 3, a.y + a.h // 2))
        c.frames(1)
        c.settle()
        assert len(c.game.piles[10]) == 7
        assert len(c.game.piles[0]) == 5
        assert c.game.moves == 1
        shown_matches_engine(c)
        assert c.app.table.view._slot_keys[10] is not None
        assert c.app.table.view._slot_keys[10].under == tuple(c.game.piles[10][:-1])
    finally:
        close_client(c)


def test_a_drag_from_the_fan_to_the_foundations() -> None:
    c = fanned()
    try:
        fan = c.app.fan
        assert fan is not None
        top = fan.top_rect(1, len(c.game.piles[1]))
        x, y = top.center
        fx, fy = c.app.layout.foundation_area.center
        post_mouse(pygame.MOUSEBUTTONDOWN, (x, y))
        c.frames(1)
        for k in range(1, 6):
            post_mouse(pygame.MOUSEMOTION, (x + (fx - x) * k // 5, y + (fy - y) * k // 5))
            c.frames(1)
        post_mouse(pygame.MOUSEBUTTONUP, (fx, fy))
        c.frames(1)
        c.settle()
        assert c.game.foundations[6][-1] == 11 + 13 * 2  # QD on the falling diamonds
        shown_matches_engine(c)
    finally:
        close_client(c)


def test_face_down_deal_shows_backs_under_the_top() -> None:
    c = fanned(code="CR1-D-AAAAAAB")
    try:
        for p in range(16):
            look = c.app.table.view._slot_keys[p]
            assert look is not None
            assert look.under_down == c.game.down[p] == len(look.under)
    finally:
        close_client(c)


@pytest.mark.parametrize("size", [(800, 600), (1080, 1920), (3840, 2160)])
def test_every_size_draws_the_fans(size: tuple[int, int]) -> None:
    c = fanned(size=size)
    try:
        assert c.app.fan is not None
        shown_matches_engine(c)
    finally:
        close_client(c)


def test_switching_off_restores_the_usual_table() -> None:
    c = fanned()
    try:
        c.app.change_setting("show_piles", False)
        c.frames(1)
        assert c.app.fan is None
        assert all(look is not None and look.under == () for look in c.app.table.view._slot_keys)
    finally:
        close_client(c)
