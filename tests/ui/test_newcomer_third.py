"""A newcomer's third look (issue 46): what the table shows, seen as a player sees it."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from crescent import themes
from crescent.i18n.translator import load_translator
from crescent.play.session import Session
from crescent.play.settings import Settings
from crescent.ui import render
from crescent.ui.app import App, Options
from crescent.ui.cards import corner_radius
from crescent.ui.clock import SteppedClock
from crescent.ui.window import init_pygame
from tests.helpers_ui import Client, close_client

TENS_ON_TOP = "CR1-N-AAAAAAD"
"""P5 (place 4) shows the 10 of hearts."""


def client(size: tuple[int, int], theme: str | None = None, **settings: object) -> Client:
    init_pygame()
    session = Session(None, Settings(language="en", tip_seen=True, **settings))  # type: ignore[arg-type]
    session.start(code=TENS_ON_TOP)
    app = App(session, Options(size=size, theme=theme), load_translator("en"))
    c = Client(app, SteppedClock())
    c.frames(2)
    return c


@pytest.fixture
def contrast() -> Iterator[None]:
    yield
    render.use_theme(themes.FELT)


@pytest.mark.usefixtures("contrast")
@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (3840, 2160)])
def test_high_contrast_keeps_the_white_between_the_outline_and_the_10(
    size: tuple[int, int],
) -> None:
    """Item 6: the thick outline covered the card's inner edge up to its "1"; now only the
    card's own edge line is under it, and the face's corner shows as drawn."""
    c = client(size, "contrast")
    try:
        assert c.game.top(4) == 9 + 13  # the 10 of hearts
        slot = c.app.layout.slots[4]
        rect = pygame.Rect(slot.x, slot.y, slot.w, slot.h)
        face = c.app.art.face(9 + 13, rect.size)
        shown = c.app.screen.subsurface(rect)
        edge = 1  # the card's own edge line
        top = corner_radius(rect.w) + 1
        for y in range(top, rect.h // 3):
            for x in range(edge, rect.w // 6):
                assert shown.get_at((x, y))[:3] == face.get_at((x, y))[:3], (x, y)
    finally:
        close_client(c)
