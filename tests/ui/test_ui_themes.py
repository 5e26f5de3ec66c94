"""Themes, card backs and Relaxed on the real client (issue 31 items 2, 4 and 5): the
face-down deal's hidden cards in the chosen back, a theme chosen in Settings drawn by the
next frame, ``--theme`` for one run only, and Relaxed's HUD without clock or moves while
the statistics still count both."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from crescent import themes
from crescent.i18n import text as T
from crescent.i18n.translator import load_translator
from crescent.play.queries import last_games
from crescent.play.session import Session
from crescent.play.settings import Settings
from crescent.play.storage import Store
from crescent.rules.modes import HudItem
from crescent.ui import render
from crescent.ui.app import App, Options
from crescent.ui.clock import SteppedClock
from crescent.ui.screens import SettingsScreen
from tests.helpers_ui import Client, close_client, make_client

FACE_DOWN = "CR1-D-AAAAAAB"


@pytest.fixture
def face_down() -> Iterator[Client]:
    c = make_client(code=FACE_DOWN)
    yield c
    close_client(c)


def _bands(c: Client, place: int = 0) -> pygame.Surface:
    """A copy of the screen where the face-down cards under ``place``'s card show."""
    s = c.app.layout.slots[place]
    step = c.app.table.view._edge_step()
    area = pygame.Rect(s.x, s.y - 3 * step, s.w, 3 * step)
    return c.app.screen.subsurface(area).copy()


def _mean(picture: pygame.Surface) -> tuple[float, float, float]:
    data = pygame.image.tobytes(picture, "RGB")
    n = len(data) // 3
    return (sum(data[0::3]) / n, sum(data[1::3]) / n, sum(data[2::3]) / n)


def test_the_face_down_deal_shows_its_hidden_cards_in_the_chosen_back(face_down: Client) -> None:
    c = face_down
    assert c.game.down[0] > 0  # cards lie face down under the first pile's top card
    blue = _bands(c)
    r, g, b = _mean(blue)
    assert b > r + 20, (r, g, b)  # the lattice's navy
    c.app.change_setting("card_back", "red")
    c.frames(1)
    red = _bands(c)
    assert pygame.image.tobytes(red, "RGB") != pygame.image.tobytes(blue, "RGB")
    r, g, b = _mean(red)
    assert r > b + 20, (r, g, b)
    assert c.app.art.back_name == "red"
    assert c.app.session.settings.card_back == "red"


def test_each_back_is_a_picture_of_its_own(face_down: Client) -> None:
    art = face_down.app.art
    size = (face_down.app.layout.card_w, face_down.app.layout.card_h)
    seen = set()
    for name in themes.BACKS:
        art.set_back(name)
        seen.add(pygame.image.tobytes(art.back(size), "RGBA"))
    assert len(seen) == len(themes.BACKS)
    art.set_back("no such back")
    assert art.back_name == themes.DEFAULT_BACK


def _corner(c: Client) -> tuple[int, int, int]:
    colour = c.app.screen.get_at((2, 2))
    return (colour.r, colour.g, colour.b)


def test_a_theme_chosen_in_settings_draws_the_next_frame(face_down: Client) -> None:
    c = face_down
    r, g, b = _corner(c)
    assert g > r
    assert g > b
    screen = SettingsScreen(c.app)
    c.app.push(screen)
    screen.run(screen.show_display_page)
    screen.run(screen.steps["theme"])  # felt -> ocean
    assert c.app.session.settings.theme == "ocean"
    c.app.pop()
    c.frames(1)
    r, g, b = _corner(c)
    assert b > max(r, g), (r, g, b)  # the blue table
    assert c.app.theme is themes.OCEAN
    c.app.push(screen)
    screen.run(screen.steps["theme"])  # ocean -> claret
    screen.run(screen.steps["theme"])  # claret -> high contrast
    c.app.pop()
    c.frames(1)
    assert _corner(c) == (0, 0, 0)
    rows = [r.text for r in screen.rows()]
    assert c.app.tr(T.THEME) in rows
    assert c.app.tr(T.RELAXED) in rows


def test_the_settings_value_names_the_theme_in_the_players_language() -> None:
    c = make_client(lang="fr")
    try:
        screen = SettingsScreen(c.app)
        screen.show_display_page()
        values = {r.text: r.buttons[0].label for r in screen.rows() if r.kind == "setting"}
        assert values["Thème"] == "Tapis vert"
        assert values["Dos des cartes"] == "Bleu"
    finally:
        close_client(c)


def test_theme_option_is_for_this_run_and_not_saved(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.save_settings(Settings(language="en", theme="ocean", tip_seen=True))
    session = Session(store, store.load_settings(), background_saves=False)
    session.start(code=FACE_DOWN)
    app = App(session, Options(size=(800, 600), theme="contrast"), load_translator("en"))
    c = Client(app, SteppedClock())
    try:
        c.frames(2)
        assert app.theme is themes.CONTRAST
        assert _corner(c) == (0, 0, 0)
        session.save_settings()
        assert Store(tmp_path).load_settings().theme == "ocean"
        screen = SettingsScreen(app)
        screen.show_display_page()
        assert c.app.tr(T.THEME_CONTRAST) in [b.label for r in screen.rows() for b in r.buttons]
    finally:
        close_client(c)


def _hud_texts(c: Client, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    drawn: list[str] = []
    real = render.text_centered

    def spy(surface: Any, font: Any, text: str, center: Any, color: Any) -> Any:
        drawn.append(text)
        return real(surface, font, text, center, color)

    monkeypatch.setattr(render, "text_centered", spy)
    view = c.app.table.view
    for i in range(len(c.app.layout.hud_cells)):
        view._draw_hud_cell(c.app.screen, i, view._hud_key(i))
    monkeypatch.setattr(render, "text_centered", real)
    return drawn


def test_relaxed_hides_the_clock_and_the_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    c = make_client()
    try:
        before = _hud_texts(c, monkeypatch)
        assert "Time" in before
        assert "Moves" in before
        screen = SettingsScreen(c.app)
        c.app.push(screen)
        screen.run(screen.show_display_page)
        screen.run(screen.steps["relaxed"])
        c.app.pop()
        c.frames(1)
        assert c.app.session.settings.relaxed
        items = c.app.table.hud_items
        assert HudItem.TIME not in items
        assert HudItem.MOVES not in items
        assert len(c.app.layout.hud_cells) == len(items)
        after = _hud_texts(c, monkeypatch)
        assert "Time" not in after
        assert "Moves" not in after
        assert "New game" in after
        c.app.change_setting("relaxed", False)
        assert HudItem.TIME in c.app.table.hud_items
    finally:
        close_client(c)


def test_relaxed_keeps_the_levels_countdown() -> None:
    c = make_client(code="CR1-L-AAAAAAB")
    try:
        c.app.change_setting("relaxed", True)
        items = c.app.table.hud_items
        assert HudItem.COUNTDOWN in items
        assert HudItem.MOVES not in items
    finally:
        close_client(c)


def test_relaxed_games_still_count_their_time_and_moves(tmp_path: Path) -> None:
    store = Store(tmp_path)
    c = make_client(store=store)
    try:
        c.app.change_setting("relaxed", True)
        move = c.game.legal_moves()[0]
        c.app.table.play(move)
        c.settle()
        c.frames(181)  # three seconds of fixed steps: the hidden clock runs
        played = c.game.moves
        seconds = c.app.session.elapsed
        assert played >= 1
        assert seconds >= 3
        c.app.session.new_game()  # leaves the game with moves played: counted
    finally:
        close_client(c)
    [row] = Store(tmp_path).read(last_games, 1)
    assert row.moves == played
    assert row.seconds >= 3
