"""The kiosk has no pause (issue 30 item 3): its idle timer covers a visitor who walks
away. No key, no HUD cell and no window event opens the pause screen there; nor does it
restart a deal (item 2), while redo works as on the desktop (item 1)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from crescent.control.input import Cmd
from crescent.i18n import text as T
from crescent.rules.modes import HudItem
from crescent.ui.dialogs import MessageDialog, PauseScreen
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
    c.app.table.buttons.press(Cmd.PAUSE)  # even asked for directly
    c.frames(2)
    assert not _paused(c)


def test_the_kiosk_redoes_by_ctrl_y_but_never_restarts(levels_kiosk: Client) -> None:
    c = levels_kiosk
    session = c.app.session
    session.play(c.game.legal_moves()[0])
    session.undo()
    c.app.table.after_change()
    c.frames(2)
    c.key(pygame.K_y, pygame.KMOD_LCTRL)
    c.frames(2)
    assert c.game.moves == 1  # redone
    game_id = session.game_id
    c.key(pygame.K_r, pygame.KMOD_LCTRL)
    c.frames(2)
    c.app.table.buttons.press(Cmd.RESTART)
    c.frames(2)
    assert session.game_id == game_id  # no restart, no question
    assert c.app.scenes[-1] is c.app.table
    assert session.levels is not None
    session.levels.time_left = 0.05  # time up: the game-over screen offers no restart
    c.frames(10)
    over = c.app.scenes[-1]
    assert isinstance(over, MessageDialog)
    assert c.app.tr(T.RESTART) not in [b.label for b in over.button_specs]
