"""Small marks drawn on cards: the "playable" badge of "Show playable cards"."""

from __future__ import annotations

import pygame

from crescent.themes import Theme

PLAYABLE = (90, 215, 130)
PLAYABLE_EDGE = (10, 60, 34)


def playable_badge(rect: pygame.Rect) -> tuple[tuple[int, int], int]:
    """Centre and radius of the badge: on the card's top-right corner, clear of its index."""
    r = max(5, rect.w // 9)
    return (rect.right - r // 2, rect.y + r // 2), r


def draw_playable_mark(surf: pygame.Surface, rect: pygame.Rect, theme: Theme) -> None:
    """A green badge with a white arrow head: this card has a legal move."""
    (cx, cy), r = playable_badge(rect)
    pygame.draw.circle(surf, PLAYABLE_EDGE, (cx, cy), r + max(1, r // 5))
    pygame.draw.circle(surf, PLAYABLE, (cx, cy), r)
    a = r * 0.5
    pygame.draw.polygon(
        surf, theme.ink, [(cx - a * 0.6, cy - a), (cx + a, cy), (cx - a * 0.6, cy + a)]
    )
