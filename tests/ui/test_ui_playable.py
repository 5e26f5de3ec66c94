"""Show playable cards: drawn on the table, off by default, updated after every move."""

from __future__ import annotations

import pygame

from crescent.control.assist import playable_places
from crescent.rules.engine import PILES, Move
from crescent.ui.marks import PLAYABLE, playable_badge
from crescent.ui.screens import SettingsScreen
from tests.helpers_ui import Client, close_client, make_client


def marked(c: Client) -> set[int]:
    return {p for p, look in enumerate(c.app.table.view._slot_keys) if look and look.playable}


def badge_colour(c: Client, place: int) -> tuple[int, int, int]:
    slot = c.app.layout.slots[place]
    (x, y), r = playable_badge(pygame.Rect(slot.x, slot.y, slot.w, slot.h))
    colour = c.app.screen.get_at((x, y + r // 2 + 1))
    return (colour.r, colour.g, colour.b)


def test_off_by_default() -> None:
    c = make_client()
    try:
        assert not c.app.session.settings.show_playable
        assert marked(c) == set()
    finally:
        close_client(c)


def test_every_playable_top_card_is_marked_and_follows_the_moves() -> None:
    c = make_client()
    try:
        settings = SettingsScreen(c.app)
        c.app.push(settings)
        settings.run(settings.steps["show_playable"])
        c.app.pop()
        c.frames(1)
        assert c.app.session.settings.show_playable
        assert marked(c) == set(playable_places(c.game))
        some = min(marked(c))
        assert badge_colour(c, some) == PLAYABLE
        for move in ("P1-P11", "P2-F7"):
            c.app.table.play(Move.parse(move))
            c.settle()
            assert marked(c) == set(playable_places(c.game)), move
        stuck = [p for p in range(PILES) if c.game.piles[p] and p not in marked(c)]
        for p in stuck:
            assert badge_colour(c, p) != PLAYABLE
    finally:
        close_client(c)
