"""Doubled and ghost touches through the real client: one tap plays one move."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from tests.helpers_positions import position
from tests.helpers_ui import Client, close_client, make_client


@pytest.fixture
def client() -> Iterator[Client]:
    # 6S goes home on F1 (5S); tapped twice it would be a double tap, or two moves.
    c = make_client(position({"P1": ["7S", "6S"], "P2": ["10S"], "P3": ["QS"]}, {"F1": "5S"}))
    yield c
    close_client(c)


def test_a_finger_tap_the_driver_doubles_plays_once(client: Client) -> None:
    c = client
    pos = c.centre(0)
    c.finger(pygame.FINGERDOWN, pos, finger_id=0)
    c.finger(pygame.FINGERUP, pos, finger_id=0)
    c.click(pos)  # the same tap again, as a mouse event not marked as a touch
    c.finger(pygame.FINGERDOWN, pos, finger_id=1)  # and once more, as a ghost finger
    c.finger(pygame.FINGERUP, pos, finger_id=1)
    c.frames(1)
    assert [str(m) for m in c.game.history] == ["P1-F1"]
    assert c.app.ghosts.ghosts == 2


def test_two_taps_of_a_player_play_twice(client: Client) -> None:
    c = client
    pos = c.centre(0)
    c.finger(pygame.FINGERDOWN, pos, finger_id=0)
    c.finger(pygame.FINGERUP, pos, finger_id=0)
    c.frames(1)
    c.settle()
    c.pause()
    c.finger(pygame.FINGERDOWN, pos, finger_id=1)
    c.finger(pygame.FINGERUP, pos, finger_id=1)
    c.frames(1)
    assert [str(m) for m in c.game.history] == ["P1-F1", "P1-F1"]
    assert c.app.ghosts.ghosts == 0


def test_night_dimming_darkens_each_frame_once_and_goes_away(client: Client) -> None:
    c = client
    spot = (c.app.layout.message.x + 5, c.app.layout.message.y + 5)  # felt
    c.frames(2)
    bright = c.app.screen.get_at(spot)
    c.app.set_dim(0.6)
    c.frames(2)
    dim = c.app.screen.get_at(spot)
    assert abs(dim.g - bright.g * 0.4) <= 2
    pos = c.centre(0)
    c.finger(pygame.FINGERDOWN, pos, finger_id=0)
    c.finger(pygame.FINGERUP, pos, finger_id=0)
    c.frames(3)
    c.settle()  # a card flew to F1: its regions redrawn, each darkened once
    f1 = c.centre(16)
    assert abs(c.app.screen.get_at(spot).g - dim.g) <= 1
    landed_dim = c.app.screen.get_at(f1)
    c.app.set_dim(0.0)
    c.frames(2)
    assert c.app.screen.get_at(spot) == bright
    landed = c.app.screen.get_at(f1)
    assert abs(landed_dim.r - landed.r * 0.4) <= 2
