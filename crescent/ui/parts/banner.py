"""The sentence shown over the table for a while: a hint, a refusal, a notice."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from crescent.control.layout import TableLayout
from crescent.themes import Theme
from crescent.ui import render

MESSAGE_S = 3.5
"""How long a sentence stays."""


class Banner:
    """The sentence over the table (None: none), aged out after :data:`MESSAGE_S`;
    ``held()``: while True it stays (the solver's "Looking for..." is progress, not
    silence)."""

    def __init__(self, held: Callable[[], bool]) -> None:
        self.text: str | None = None
        self.age = 0.0
        self.notice = False
        """The sentence is a notice about the saves (kept when the table changes)."""
        self._held = held

    def show(self, text: str, *, notice: bool = False) -> None:
        self.text, self.age, self.notice = text, 0.0, notice

    def clear(self) -> None:
        self.text = None

    def changed(self) -> None:
        """What it said was about the table before (a notice stays)."""
        if not self.notice:
            self.text = None

    def update(self, dt: float) -> None:
        if self.text is not None and not self._held():
            self.age += dt
            if self.age >= MESSAGE_S:
                self.text = None

    def wake_at(self, now: float) -> float | None:
        return None if self.text is not None else math.inf


def draw_banner(
    surface: pygame.Surface, fonts: render.Fonts, layout: TableLayout, text: str, theme: Theme
) -> None:
    """The sentence in a rounded box in the middle of the message area."""
    msg = layout.message
    rect = pygame.Rect(msg.x, msg.y, msg.w, msg.h)
    font, lines = fonts.wrap(text, rect.w - 32, layout.hud_px, 2, bold=True)
    lh = font.get_linesize()
    w = min(rect.w, max(font.size(ln)[0] for ln in lines) + 40)
    h = min(rect.h, lh * len(lines) + 20)
    box = pygame.Rect(0, 0, w, h)
    box.center = rect.center
    # Opaque: nothing under it (the "Still winnable?" pill) reads through the sentence.
    render.rounded(surface, box, theme.message_bg[:3], h // 4)
    y = box.centery - lh * len(lines) // 2 + lh // 2
    for ln in lines:
        render.text_centered(surface, font, ln, (box.centerx, y), theme.ink)
        y += lh
