"""The table's polish of issue 29: card backs, whole piles' bands, the win's foundations,
the redeal's animation, the countdown's size."""

from __future__ import annotations

import itertools
import math
from typing import Any

import pygame
import pytest

from crescent.control.explain import ROW_TAGS
from crescent.control.layout import MAX_EDGES, edge_step
from crescent.languages import LANGUAGES
from crescent.rules.modes import HudItem
from crescent.ui import render
from crescent.ui.cascade import CascadeScene
from crescent.ui.screens import SettingsScreen
from crescent.ui.win_summary import WinSummaryDialog
from tests.helpers_positions import position
from tests.helpers_ui import Client, MakeClient

EMPTY_FELT = (300, 400)  # between the left column and the foundations at 1280x800


def _rgb(c: Client, pos: tuple[int, int]) -> tuple[int, int, int]:
    col = c.app.screen.get_at(pos)
    return (col.r, col.g, col.b)


def _navy(rgb: tuple[int, int, int]) -> bool:
    """The back's lattice (#1c3166 and its lines): blue well above red and green."""
    r, g, b = rgb
    return b > 80 and b > r + 40 and b > g + 25


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1080, 1920), (3840, 2160)])
def test_face_down_cards_show_as_card_backs(client_for: MakeClient, size: tuple[int, int]) -> None:
    # Issue 29 item 14: each hidden card shows a band of the back's navy lattice, not
    # a thin white edge.
    c = client_for(code="CR1-D-AAAAAAB", size=size)
    lay = c.app.layout
    step = edge_step(lay.card_w)
    # All five above a pile of the top row (P7); on the side columns (P1, P16) as many
    # as fit under the label of the pile above, which they never cover.
    for place, bands in ((6, MAX_EDGES), (0, 1), (15, 1)):
        s = lay.slots[place]
        for k in range(1, bands + 1):
            band = [_rgb(c, (s.centerx, s.y - k * step + dy)) for dy in range(step)]
            assert any(_navy(p) for p in band), (place, k, band)
    for place in (*range(0, 4), *range(12, 16)):  # every label of the side columns
        lab = lay.labels[place]
        area = itertools.product(range(lab.x, lab.x + lab.w), range(lab.y, lab.y + lab.h))
        assert not any(_navy(_rgb(c, xy)) for xy in area), place


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1080, 1920), (3840, 2160)])
def test_whole_piles_keep_the_foundation_bands_and_tags(
    client_for: MakeClient, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Issue 29 item 15: with "Show whole piles" on, the two bands behind the foundation
    # rows and their direction tags (A→K, K→A) are drawn as on the usual table.
    drawn: list[str] = []
    real = render.text_centered

    def spy(surface: Any, font: Any, text: str, center: Any, color: Any) -> Any:
        drawn.append(text)
        return real(surface, font, text, center, color)

    monkeypatch.setattr(render, "text_centered", spy)
    c = client_for(size=size)
    settings = SettingsScreen(c.app)
    c.app.push(settings)
    settings.run(settings.steps["show_piles"])
    c.app.pop()
    drawn.clear()
    c.frames(2)
    assert c.app.fan is not None
    lay = c.app.layout
    assert len(lay.foundation_rows) == 2
    for band, row in zip(lay.foundation_rows, (range(16, 20), range(20, 24)), strict=True):
        for place in row:
            assert band.contains_rect(lay.slots[place])
    assert set(ROW_TAGS) <= set(drawn)  # drawn with their bands (one loop draws both)


@pytest.mark.parametrize("skip", [False, True])
def test_the_won_foundations_are_full_behind_the_summary(
    client_for: MakeClient, skip: bool
) -> None:
    # Issue 29 item 20: the cascade took the foundation cards, and the summary was drawn
    # over empty foundations. The cards the cascade threw are copies: behind "You won!"
    # every foundation shows its top card (a King or an Ace), dimmed.
    # At 1080x1920 the summary's panel leaves the foundations' edges in view.
    c = client_for(position({"P1": ["KS"]}, {"F1": "QS"}), size=(1080, 1920))
    c.click(c.centre(0))
    c.frames(1)
    c.settle()
    assert isinstance(c.app.scenes[-1], CascadeScene)
    if skip:
        c.key(pygame.K_ESCAPE)
    for _ in range(60 * 20):
        c.frames(2)
        if isinstance(c.app.scenes[-1], WinSummaryDialog):
            break
    assert isinstance(c.app.scenes[-1], WinSummaryDialog)
    c.frames(2)
    panel = c.app.scenes[-1].layout().panel
    lay = c.app.layout
    felt = _rgb(c, (lay.slots[0].right + 20, lay.slots[0].centery))
    seen = 0
    for place in range(16, 24):
        s = lay.slots[place]
        for corner in ((s.x + s.w // 10, s.y + s.h // 2), (s.x + s.w // 2, s.y + 3)):
            if panel.collidepoint(corner):
                continue
            seen += 1
            r, g, b = _rgb(c, corner)
            assert min(r, g, b) > felt[1] + 20, (place, (r, g, b), felt)
    assert seen >= 4


def _countdown_digit_px(c: Client, monkeypatch: pytest.MonkeyPatch) -> int:
    """The height in pixels of a digit of the levels countdown as the HUD draws it."""
    fonts: list[Any] = []
    real = render.text_centered
    table = c.app.table
    index = table.hud_items.index(HudItem.COUNTDOWN)

    def spy(surface: Any, font: Any, text: str, center: Any, color: Any) -> Any:
        if ":" in text:
            fonts.append(font)
        return real(surface, font, text, center, color)

    monkeypatch.setattr(render, "text_centered", spy)
    table.view._draw_hud_cell(c.app.screen, index, table.view._hud_key(index))
    monkeypatch.setattr(render, "text_centered", real)
    assert fonts
    _, _, low, high, _ = fonts[-1].metrics("0")[0]
    return int(high - low)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1080, 1920)])
def test_the_levels_countdown_is_as_large_in_every_language(
    client_for: MakeClient, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Issue 29 item 13: the countdown was drawn large in en and nl but at the normal
    # size in ja (its taller line height made the big value shrink to fit the cell).
    heights = {
        lang: _countdown_digit_px(
            client_for(code="CR1-L-AAAAAAB", size=size, lang=lang), monkeypatch
        )
        for lang in LANGUAGES
    }
    largest = max(heights.values())
    assert all(h >= 0.85 * largest for h in heights.values()), heights


def test_a_redeal_is_dealt_out_visibly(client_for: MakeClient) -> None:
    # Issue 29 item 19: the cards were in place 0.1 s after the press (each top card
    # rose from just below its pile). Now the new top cards are dealt from the middle of
    # the table, one pile after another, for some 0.3-0.5 s.
    c = client_for()
    lay = c.app.layout
    c.key(pygame.K_r)
    c.frames(1)
    c.key(pygame.K_TAB)  # moves remain: asked first, Redeal chosen
    c.key(pygame.K_RETURN)
    c.frames(1)
    flights = list(c.app.table.anims.flights)
    changed = [p for p in range(16) if len(c.game.piles[p]) >= 2]
    assert sorted(f.dst for f in flights) == changed
    centre = lay.foundation_area.center
    for f in flights:
        assert f.card == c.game.piles[f.dst][-1]
        s = lay.slots[f.dst]
        assert f.end == (s.x, s.y)
        # From the middle of the table: far from its pile.
        assert abs(f.start[0] + lay.card_w / 2 - centre[0]) <= 1
        assert abs(f.start[1] + lay.card_h / 2 - centre[1]) <= 1
        assert math.dist(f.start, f.end) > lay.card_h
    last = max(f.delay + f.duration for f in flights)
    assert 0.3 <= last <= 0.5
    assert len({f.delay for f in flights}) == len(flights)  # one pile after another
    c.frames(13)  # 0.2 s: still dealing
    assert c.app.table.anims.busy
    c.frames(30)  # 0.7 s: dealt
    assert not c.app.table.anims.busy


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_table_names_places_as_the_messages_do(
    client_for: MakeClient, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Issue 29 item 12: the Japanese hint said 山5 → 組み札4 while the table said P5, F4.
    # A place's tag under its card is the first letter (or character) of its name in
    # the messages, with its number; the move notation stays P10-P14.
    labels: list[str] = []
    real = render.place_label

    def spy(surface: Any, fonts: Any, area: Any, px: int, texts: Any, *a: Any) -> Any:
        labels.append(texts[0])  # its full form (shorter ones are for narrow labels)
        return real(surface, fonts, area, px, texts, *a)

    monkeypatch.setattr(render, "place_label", spy)
    c = client_for(lang=lang)
    c.app.table.view.base = None
    c.app.table.draw(c.app.screen, True)
    tr = c.app.tr
    for place in (4, 9, 16, 23):
        tag = tr.place_tag(place)
        assert tr.place(place).startswith(tag[0])
        assert tag.endswith(str(place + 1 if place < 16 else place - 15))
        assert any(lb.startswith(tag + " ") for lb in labels), (tag, labels[:4])
        assert tr.place(place) in tr.move(0, place, 9)
    if lang == "ja":
        assert "山5 · 6" in labels
