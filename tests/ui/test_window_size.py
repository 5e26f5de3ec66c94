"""Any window size (issue 46 item 3): a window smaller than the minimum shows the table
scaled down, every control in it and reachable; labels never run into each other."""

from __future__ import annotations

import itertools

import pygame
import pytest

from crescent.control.explain import place_labels
from crescent.control.layout import Rect, canvas_size
from crescent.languages import LANGUAGES
from crescent.rules.engine import PILES
from crescent.rules.modes import HudItem
from crescent.ui import render
from crescent.ui.screens import SettingsScreen
from crescent.ui.window import MIN_SIZE
from tests.helpers_ui import Client, MakeClient

SIZES = [(500, 350), (1900, 500), (640, 480), (320, 240), (799, 900), (800, 600), (1080, 1920)]


def on_window(c: Client, r: Rect) -> Rect:
    """``r`` (the table's pixels) where the player sees it, in the window's pixels."""
    (cw, ch), (ww, wh) = c.app.size, c.app.window_size
    x0, y0 = r.x * ww / cw, r.y * wh / ch
    x1, y1 = r.right * ww / cw, r.bottom * wh / ch
    return Rect(int(x0), int(y0), max(1, int(x1) - int(x0)), max(1, int(y1) - int(y0)))


def test_a_small_window_draws_at_the_least_size_of_its_shape() -> None:
    assert canvas_size((1280, 800), MIN_SIZE) == (1280, 800)
    assert canvas_size((800, 600), MIN_SIZE) == (800, 600)
    assert canvas_size((500, 350), MIN_SIZE) == (857, 600)
    assert canvas_size((1900, 500), MIN_SIZE) == (2280, 600)
    assert canvas_size((600, 1000), MIN_SIZE) == (800, 1333)


@pytest.mark.parametrize("size", SIZES)
def test_every_control_is_in_the_window(client_for: MakeClient, size: tuple[int, int]) -> None:
    """At 500x350 the table kept the 800x600 layout: Undo and Settings lay off the window."""
    c = client_for(size=size)
    assert c.app.window_size == size
    window = Rect(0, 0, *size)
    lay = c.app.layout
    for r in (*lay.slots, *lay.labels, *lay.hud_cells, lay.message):
        assert window.contains_rect(on_window(c, r)), r
    for a, b in itertools.combinations(lay.labels, 2):
        assert not a.intersects(b), (a, b)
    for a, b in itertools.combinations(lay.hud_cells, 2):
        assert not a.intersects(b), (a, b)


@pytest.mark.parametrize("size", [(500, 350), (1900, 500)])
def test_a_click_where_the_player_sees_settings_opens_them(
    client_for: MakeClient, size: tuple[int, int]
) -> None:
    c = client_for(size=size)
    cell = c.app.layout.hud_cells[c.app.hud_items.index(HudItem.SETTINGS)]
    c.click(on_window(c, cell).center)
    c.frames(2)
    assert isinstance(c.app.scenes[-1], SettingsScreen)


def test_a_click_where_the_player_sees_a_card_plays_it(client_for: MakeClient) -> None:
    """P1's 5 of hearts has one place to go (P11): a tap on it, as the window shows it."""
    c = client_for(size=(500, 350))
    c.click(on_window(c, c.app.layout.slots[0]).center)
    c.settle()
    assert c.game.moves == 1
    c.click(on_window(c, c.app.layout.hud_cells[c.app.hud_items.index(HudItem.UNDO)]).center)
    c.settle()
    assert c.game.moves == 0


def test_the_window_shows_the_table_scaled_down(client_for: MakeClient) -> None:
    c = client_for(size=(500, 350))
    c.frames(2)
    assert c.app.display.get_size() == (500, 350)
    assert c.app.screen.get_size() == (857, 600)
    # The window's picture is the table's, scaled: the Settings cell's colours are there.
    cell = c.app.layout.hud_cells[c.app.hud_items.index(HudItem.SETTINGS)]
    seen = on_window(c, cell)
    small = pygame.transform.smoothscale(c.app.screen, (500, 350))
    for x, y in ((seen.centerx, seen.centery), (seen.x + 2, seen.y + 2)):
        assert c.app.display.get_at((x, y)) == small.get_at((x, y))


def labels_drawn(
    c: Client, monkeypatch: pytest.MonkeyPatch
) -> list[tuple[pygame.Rect, pygame.Rect | None]]:
    """Each label drawn in a full frame: its area and where its pill went."""
    drawn: list[tuple[pygame.Rect, pygame.Rect | None]] = []
    real = render.place_label

    def spy(surface: pygame.Surface, fonts: render.Fonts, area: pygame.Rect, *a: object) -> object:
        pill = real(surface, fonts, area, *a)  # type: ignore[arg-type]
        drawn.append((pygame.Rect(area), pill))
        return pill

    monkeypatch.setattr(render, "place_label", spy)
    c.app.full_redraw = True
    c.app.table.repaint()
    c.frames(1)
    return drawn


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", [(1900, 500), (500, 350), (1900, 620)])
def test_labels_never_run_into_each_other(
    client_for: MakeClient, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], lang: str
) -> None:
    """At 1900x500 the foundations' labels ran together ("F1 ↑ · 1F2 ↑ · 1...")."""
    c = client_for(size=size, lang=lang)
    drawn = labels_drawn(c, monkeypatch)
    assert len(drawn) == 24
    for area, pill in drawn:
        assert pill is not None, area  # at these sizes each label has room for a form
        assert area.contains(pill), (area, pill)


def test_a_narrow_label_says_less_and_none_at_all_without_room(client_for: MakeClient) -> None:
    c = client_for(size=(800, 600))
    fonts, theme = c.app.fonts, c.app.theme
    surface = pygame.Surface((200, 40))
    forms = place_labels(PILES, 13, "F1")
    assert forms == ("F1 ↑ · 13", "F1 · 13", "13")
    full = render.place_label(surface, fonts, pygame.Rect(0, 0, 190, 20), 14, forms, theme)
    assert full is not None
    assert full.w > fonts.get(render.MIN_PX, bold=True).size("F1 · 13")[0]
    narrow = pygame.Rect(0, 0, fonts.get(render.MIN_PX, bold=True).size("13")[0] + 2, 20)
    pill = render.place_label(surface, fonts, narrow, 14, forms, theme)
    assert pill is not None
    assert narrow.contains(pill)
    assert render.place_label(surface, fonts, pygame.Rect(0, 0, 6, 20), 14, forms, theme) is None
