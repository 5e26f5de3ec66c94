"""The kiosk has no pause (issue 30 item 3): its idle timer covers a visitor who walks
away. No key, no HUD cell and no window event opens the pause screen there."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from crescent.control.input import Cmd
from crescent.rules.modes import HudItem
from crescent.ui.dialogs import PauseScreen
from tests.helpers_ui import Client
from tests.kiosk.test_kiosk import make_kiosk


@pytest.fixture
def levels_kiosk(tmp_path: Path) -> Iterator[Client]:
    c, k = make_kiosk(tmp_path, code="CR1-L-AAAAAAB")
    yield c
    k.planner.close()
    pygame.event.clear()
    pygame.quit()


def _paused(c: Client) -> bool:
    return any(isinstance(s, PauseScreen) for s in c.app.scenes)


def test_the_kiosk_never_pauses(levels_kiosk: Client) -> None:
    c = levels_kiosk
    session = c.app.session
    session.play(c.game.legal_moves()[0])
    c.app.table.after_change()
    c.frames(2)
    assert session.levels is not None
    assert session.levels.running
    clock = c.app.hud_items.index(HudItem.COUNTDOWN)
    assert not c.app.table.view._hud_key(clock).pause  # no pause sign on the clock
    for key in (pygame.K_p, pygame.K_SPACE):
        c.key(key)
        c.frames(2)
        assert not _paused(c)
    c.click(c.hud(HudItem.COUNTDOWN))
    c.frames(2)
    assert not _paused(c)
    for kind in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN):
        pygame.event.post(pygame.event.Event(kind))
        c.frames(2)
        assert not _paused(c)
        pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
        c.frames(2)
    c.app.table.command(Cmd.PAUSE)  # even asked for directly
    c.frames(2)
    assert not _paused(c)
