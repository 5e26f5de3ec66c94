"""The Credits screen: the card artist's credit word for word, the fonts and the libraries,
in the player's language, from Settings and from the rules screen; Close goes back."""

from __future__ import annotations

import pytest

from crescent.i18n import text as T
from crescent.i18n.translator import LANGUAGES
from crescent.ui import render
from crescent.ui.navigation import CARD_ARTIST_CREDIT
from crescent.ui.rules_screen import RulesScreen
from crescent.ui.scene import Scene, Screen
from crescent.ui.screens import SettingsScreen
from tests.helpers_ui import Client, close_client, dialog, make_client, press_button


def _credits_from(c: Client, scene: Scene, buttons: list[render.Button]) -> None:
    """Press Credits on ``scene``: the credits show; Close goes back to ``scene``."""
    [button] = [b for b in buttons if b.label == c.app.tr(T.CREDITS)]
    c.click(button.rect.center)
    c.frames(1)
    shown = dialog(c)
    assert shown.title == c.app.tr(T.CREDITS)
    assert any(CARD_ARTIST_CREDIT in line for line in shown.lines)
    assert any("pygame-ce" in line and "SDL" in line for line in shown.lines)
    press_button(c, c.app.tr(T.CLOSE))
    assert c.app.scenes[-1] is scene


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_settings_open_the_credits_in_the_players_language(lang: str) -> None:
    c = make_client(lang=lang, size=(800, 600))
    try:
        c.app.open(Screen.SETTINGS)
        settings = c.app.scenes[-1]
        assert isinstance(settings, SettingsScreen)
        settings.run(settings.show_display_page)
        c.frames(1)
        _credits_from(c, settings, settings.buttons)
        if lang != "en":
            assert c.app.tr(T.CREDITS_CARDS) != T.CREDITS_CARDS  # translated
    finally:
        close_client(c)


def test_the_rules_screen_opens_the_credits() -> None:
    c = make_client(size=(800, 600))
    try:
        c.app.open(Screen.RULES)
        rules = c.app.scenes[-1]
        assert isinstance(rules, RulesScreen)
        c.frames(1)
        _credits_from(c, rules, rules.buttons)
    finally:
        close_client(c)
