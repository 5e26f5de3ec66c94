"""At 800x600, in every language, the HUD's and the Settings' texts fit their boxes
(issue 29 item 16): no bare "(3)" under Redeal, no title on two lines, no rows touching."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from crescent.i18n import text as T
from crescent.i18n.translator import load_translator
from crescent.languages import LANGUAGES
from crescent.rules.modes import HudItem
from crescent.ui import render
from crescent.ui.dialogs import RowKind
from crescent.ui.screens import SettingsScreen
from tests.helpers_ui import Client, close_client, make_client

SIZE = (800, 600)
WORD = re.compile(r"[^\W\d_]")  # a letter of any script


@pytest.fixture(params=LANGUAGES)
def client(request: pytest.FixtureRequest) -> Iterator[Client]:
    c = make_client(size=SIZE, lang=request.param)
    yield c
    close_client(c)


def _ink(font: Any, text: str, r: pygame.Rect) -> pygame.Rect:
    """Where the glyphs of ``text`` drawn at ``r`` are inked (a CJK font's line is taller
    than its digits)."""
    boxes = [m for m in font.metrics(text) if m is not None]
    if not boxes:
        return r
    top = r.y + font.get_ascent() - max(m[3] for m in boxes)
    bottom = r.y + font.get_ascent() - min(m[2] for m in boxes)
    return pygame.Rect(r.x, top, r.w, bottom - top)


def _drawn(c: Client, monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, str, pygame.Rect]]:
    """(cell, text, rectangle drawn) for every text of every HUD cell."""
    out: list[tuple[int, str, pygame.Rect]] = []
    real = render.text_centered
    cell = [0]

    def spy(surface: Any, font: Any, text: str, center: Any, color: Any) -> Any:
        r = real(surface, font, text, center, color)
        out.append((cell[0], text, _ink(font, text, r)))
        return r

    monkeypatch.setattr(render, "text_centered", spy)
    view = c.app.table.view
    for i in range(len(c.app.layout.hud_cells)):
        cell[0] = i
        view._draw_hud_cell(c.app.screen, i, view._hud_key(i))
    monkeypatch.setattr(render, "text_centered", real)
    return out


def _check_hud(c: Client, monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, str, pygame.Rect]]:
    drawn = _drawn(c, monkeypatch)
    cells = c.app.layout.hud_cells
    for i, text, r in drawn:
        inner = pygame.Rect(*cells[i]).inflate(-6, -6)
        assert inner.contains(r), (text, r, inner)
    return drawn


def test_the_hud_fits_at_800x600(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    c = client
    items = c.app.table.hud_items
    redeal = items.index(HudItem.REDEAL)
    for redeals in range(3, -1, -1):
        while c.game.redeals_left > redeals:
            c.game.redeal()
        c.app.table.after_change()
        drawn = _check_hud(c, monkeypatch)
        lines = [t for i, t, _ in drawn if i == redeal]
        # One title over one second line that says something (not a bare "(3)").
        assert len(lines) == 2, lines
        assert lines[0] == c.app.tr(T.REDEAL)
        assert WORD.search(lines[1]), lines


def test_the_levels_hud_fits_at_800x600(monkeypatch: pytest.MonkeyPatch) -> None:
    for lang in LANGUAGES:
        c = make_client(code="CR1-L-AAAAAAB", size=SIZE, lang=lang)
        try:
            _check_hud(c, monkeypatch)
        finally:
            close_client(c)


@pytest.mark.parametrize("page", [0, 1])
def test_settings_rows_fit_and_never_touch(client: Client, page: int) -> None:
    c = client
    settings = SettingsScreen(c.app)
    c.app.push(settings)
    settings.run(settings.show_display_page if page else settings.show_game_page)
    lay = settings.layout()
    assert lay.px >= 16 or page == 0, lay.px  # Display and access has room for more
    fonts = c.app.fonts
    areas = [area for _, area in lay.rows]
    for above, below in itertools.pairwise(areas):
        assert above.bottom < below.y, (above, below)
    for row, area in lay.rows:
        if row.kind != RowKind.SETTING:
            continue
        font, lines = fonts.wrap(row.text, area.w * 55 // 100 - 8, lay.px, 2)
        assert font.get_linesize() * len(lines) <= area.h, (row.text, area)
        assert all(font.size(ln)[0] <= area.w * 55 // 100 - 8 for ln in lines), row.text
    for button in lay.buttons:
        font = fonts.fit(button.label, button.rect.w - 12, lay.px)
        assert font.size(button.label)[0] <= button.rect.w - 12, button.label


def test_dutch_says_winnable_games_not_deals() -> None:
    # "Alleen winbare deals" kept an English word.
    nl = load_translator("nl")
    assert "deal" not in nl(T.WINNABLE_ONLY).lower()
