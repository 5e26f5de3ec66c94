"""Kiosk mode: the game cannot be left by visitors (see the kiosk issue)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from crescent.__main__ import Config
    from crescent.ui.app import App


def install_kiosk(app: App, config: Config) -> None:
    """Lock the window: closing and quitting shortcuts do nothing."""
    app.on_quit = lambda: False
    pygame.mouse.set_visible(False)
