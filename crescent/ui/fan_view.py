"""Drawing the whole piles of "Show whole piles": the cards under each top card."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from crescent.themes import Theme
from crescent.ui import render
from crescent.ui.cards import CardArt, corner_radius

if TYPE_CHECKING:
    # Imported when the fans are on (window.table_layout): a start does not need it.
    from crescent.control.fan import Fan


def draw_fan(
    surf: pygame.Surface,
    art: CardArt,
    fan: Fan,
    pile: int,
    under: tuple[int, ...],
    down: int,
    theme: Theme,
) -> pygame.Rect:
    """Draw the cards ``under`` the top card (bottom first; the first ``down`` face down,
    the others with an index in each corner, so the side that shows has one the right
    way up); return where the top card goes."""
    n = len(under) + 1
    a = fan.anchors[pile]
    size = (a.w, a.h)
    dy = fan.step(pile, n)[1]
    strip = round(-dy) if dy < 0 else 0  # fanning up: each card's bottom strip shows
    for k, card in enumerate(under):
        x, y = fan.card_origin(pile, k, n)
        img = art.back(size) if k < down else art.buried_face(card, size, strip)
        surf.blit(img, (round(x), round(y)))
        render.outline_card(
            surf, pygame.Rect((round(x), round(y)), size), corner_radius(size[0]), theme
        )
    r = fan.top_rect(pile, n)
    return pygame.Rect(r.x, r.y, r.w, r.h)
