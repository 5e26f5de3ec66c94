"""The statistics screen's small charts, drawn with the game's own renderer.

What a chart shows (its bars, their heights, the scale) is decided in
:mod:`crescent.play.chart_data`; this module only draws a
:class:`~crescent.play.chart_data.Chart` into a dialog row's area: a caption,
then columns (:func:`draw_columns`, the win rate by blocks of games) or
labelled horizontal bars (:func:`draw_bars`, times and levels). Text is the
dialog's size or smaller, never under 11 px.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from crescent.play.chart_data import Chart
from crescent.ui import render

__all__ = ["BAR", "bars_lines", "columns_lines", "draw_bars", "draw_columns"]

BAR = (46, 110, 78)
"""The bars' colour (the panel's green)."""
GRID = (200, 206, 198)
LIGHT_INK = (90, 96, 92)


def columns_lines() -> float:
    """The height of :func:`draw_columns`, in lines of text."""
    return 6.0


def bars_lines(n: int) -> float:
    """The height of :func:`draw_bars` of ``n`` bars, in lines of text."""
    return 1.3 + 1.3 * n


def _caption(
    surface: pygame.Surface, area: pygame.Rect, fonts: render.Fonts, px: int, text: str
) -> int:
    """Draw ``text`` at the top of ``area`` (bold, shrunk to fit); the y under it."""
    font = fonts.fit(text, area.w, px, bold=True)
    img = font.render(text, True, render.PANEL_INK)
    surface.blit(img, img.get_rect(midtop=(area.centerx, area.y)))
    return area.y + font.get_linesize()


def _empty(
    surface: pygame.Surface, area: pygame.Rect, fonts: render.Fonts, px: int, text: str
) -> None:
    font = fonts.fit(text, area.w, px)
    render.text_centered(surface, font, text, area.center, LIGHT_INK)


def draw_columns(
    surface: pygame.Surface,
    area: pygame.Rect,
    fonts: render.Fonts,
    px: int,
    chart: Chart,
    caption: str,
    tick: Callable[[float], str],
    empty: str,
) -> None:
    """``chart``'s bars as columns, left to right, with a grid line and its ``tick`` text
    at each of its ticks; ``empty`` in place of the columns when no game is behind them."""
    top = _caption(surface, area, fonts, px, caption) + px // 3
    plot = pygame.Rect(area.x, top, area.w, area.bottom - top - px // 3)
    if chart.empty:
        _empty(surface, plot, fonts, px, empty)
        return
    small = fonts.get(max(render.MIN_PX, px * 4 // 5))
    gutter = max(small.size(tick(t))[0] for t in chart.ticks) + 6
    inner = pygame.Rect(plot.x + gutter, plot.y + small.get_height() // 2, plot.w - gutter, 0)
    inner.h = plot.bottom - inner.y - small.get_height() // 2
    for t in chart.ticks:
        y = inner.bottom - round(inner.h * (t / chart.top if chart.top else 0.0))
        pygame.draw.line(surface, GRID, (inner.x, y), (inner.right, y), 1)
        img = small.render(tick(t), True, LIGHT_INK)
        surface.blit(img, img.get_rect(midright=(inner.x - 4, y)))
    n = len(chart.bars)
    slot = inner.w / max(n, 1)
    width = max(2, int(slot * 0.7))
    for i, bar in enumerate(chart.bars):
        h = max(2, round(inner.h * bar.height))
        x = inner.x + int(i * slot + (slot - width) / 2)
        pygame.draw.rect(surface, BAR, (x, inner.bottom - h, width, h))


def draw_bars(
    surface: pygame.Surface,
    area: pygame.Rect,
    fonts: render.Fonts,
    px: int,
    chart: Chart,
    caption: str,
    rows: Sequence[tuple[str, str]],
    empty: str,
) -> None:
    """``chart``'s bars across, one under the other, each with its ``rows`` item (label on
    the left, value on the right); ``empty`` in their place when no game is behind them."""
    y = _caption(surface, area, fonts, px, caption)
    if chart.empty:
        _empty(surface, pygame.Rect(area.x, y, area.w, area.bottom - y), fonts, px, empty)
        return
    line = (area.bottom - y) / max(len(chart.bars), 1)
    label_w = max(fonts.get(px).size(label)[0] for label, _ in rows)
    label_w = min(label_w, area.w * 35 // 100)
    value_w = min(max(fonts.get(px, bold=True).size(v)[0] for _, v in rows), area.w * 25 // 100)
    track = pygame.Rect(area.x + label_w + 8, 0, area.w - label_w - value_w - 16, 0)
    for i, (bar, (label, value)) in enumerate(zip(chart.bars, rows, strict=True)):
        mid = round(y + line * (i + 0.5))
        font = fonts.fit(label, label_w, px)
        img = font.render(label, True, render.PANEL_INK)
        surface.blit(img, img.get_rect(midleft=(area.x, mid)))
        bold = fonts.fit(value, value_w, px, bold=True)
        img = bold.render(value, True, render.PANEL_INK)
        surface.blit(img, img.get_rect(midright=(area.right, mid)))
        h = max(4, int(line * 0.6))
        pygame.draw.rect(surface, GRID, (track.x, mid - h // 2, track.w, h))
        if bar.games:
            w = max(3, round(track.w * bar.height))
            pygame.draw.rect(surface, BAR, (track.x, mid - h // 2, w, h))
