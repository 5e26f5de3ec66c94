"""The HUD: what each cell shows (:func:`look`, the model) and how it is drawn (:func:`draw_cell`).

The cells a game shows are its mode's :attr:`crescent.rules.modes.Mode.hud`; the
table view draws a cell again only when its :class:`HudLook` changed.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, NamedTuple

import pygame

from crescent.i18n import text as T
from crescent.languages import LANGUAGES
from crescent.rules import modes
from crescent.rules.modes import HudItem
from crescent.ui import render

if TYPE_CHECKING:
    from crescent.ui.table_view import TableView

HUD_ITEMS = modes.DEFAULT.hud


class HudLook(NamedTuple):
    kind: str
    title: str
    sub: str
    enabled: bool
    glow: bool
    short: str = ""
    """Said instead of ``sub`` when ``sub`` cannot fit the cell (narrow windows)."""
    big: bool = False
    """An info cell whose value is drawn large (the levels game's time left)."""
    warn: bool = False
    """The value is drawn in the warning colour (the last minute of a level)."""
    focused: bool = False
    """The keyboard's focus ring is on this cell."""


def format_time(seconds: float) -> str:
    s = int(seconds)
    h, rem = divmod(s, 3600)
    m, sec = divmod(rem, 60)
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m:02d}:{sec:02d}"


def look(table: TableView, item: HudItem) -> HudLook:
    """What the HUD cell of ``item`` shows now (the model; :func:`draw_cell` draws it)."""
    game = table.game
    session = table.app.session
    tr = table.app.tr
    # The levels state belongs to the player's game (not to a kiosk's demo game).
    levels = session.levels if game is session.game else None
    if item is HudItem.COUNTDOWN and levels is not None and levels.counts_down:
        left = format_time(math.ceil(levels.time_left))
        title = tr(T.LEVEL_N, n=levels.level)
        return HudLook("info", title, left, True, False, big=True, warn=levels.warning)
    if item in (HudItem.TIME, HudItem.COUNTDOWN):
        return HudLook("info", tr(T.TIME), format_time(session.elapsed), True, False)
    if item is HudItem.MOVES:
        return HudLook("info", tr(T.MOVES), str(game.moves), True, False)
    if item in (HudItem.REDEAL, HudItem.SHUFFLE):
        n = game.redeals_left
        shuffles = item is HudItem.SHUFFLE
        if n <= 0:
            return HudLook(
                "button", tr(T.NO_SHUFFLES if shuffles else T.NO_REDEALS), "", False, False
            )
        if not shuffles and table.redeal_guard.armed(table.app.now):
            # Moves were left: a second press within a few seconds redeals.
            return HudLook("button", tr(T.REDEAL_AGAIN), "", True, True)
        sub = tr.plural(T.SHUFFLES_LEFT if shuffles else T.REDEALS_LEFT, n)
        title = tr(T.SHUFFLE if shuffles else T.REDEAL)
        # Between levels and after the end of a game of levels nothing is shuffled.
        live = levels is None or session.outcome is None
        return HudLook("button", title, sub, live, table.point_redeal and live, f"({n})")
    if item is HudItem.UNDO:
        return HudLook("button", tr(T.UNDO), "", game.can_undo and session.outcome is None, False)
    if item in (HudItem.HINT, HudItem.HINTS):
        if table.finish:
            return HudLook("button", tr(T.FINISH), "", True, True)
        hints = levels.hints_left if levels is not None and item is HudItem.HINTS else None
        return HudLook(
            "button",
            tr(T.HINT),
            tr.plural(T.HINTS_LEFT, hints) if hints is not None else "",
            game.status == "playing"
            and not table.finishing
            and hints != 0
            and (levels is None or session.outcome is None),
            table.hint_pending,
            f"({hints})" if hints is not None else "",
        )
    if item is HudItem.NEW:
        return HudLook("button", tr(T.NEW_GAME), "", True, False)
    if item is HudItem.CODE:
        daily = game is session.game and session.daily_day(load=False) is not None
        return HudLook("button", tr(T.DAILY_DEAL if daily else T.CODE), game.code, True, False)
    if item is HudItem.SETTINGS:
        return HudLook("button", tr(T.SETTINGS), "", True, False)
    if item is HudItem.RULES:
        return HudLook("button", "?", tr(T.RULES_SHORT), True, False)
    if item is HudItem.SOUND:
        on = session.settings.sound
        return HudLook("button", tr(T.SOUND), tr(T.ON if on else T.OFF), True, False)
    return HudLook(
        "button",
        LANGUAGES.get(tr.lang, tr.lang),
        tr(T.LANGUAGE),
        True,
        False,
    )


def draw_cell(
    surf: pygame.Surface,
    rect: pygame.Rect,
    key: HudLook,
    fonts: render.Fonts,
    sizes: tuple[int, int],
    background: tuple[pygame.Surface, tuple[int, int]],
) -> None:
    """Draw one HUD cell in ``rect`` over its ``background`` (the HUD's own picture and
    where it sits). ``sizes``: the text size of a title and of a second line (never
    under :data:`render.MIN_PX`: a crowded HUD re-flows into rows instead)."""
    px, small = sizes
    bg, origin = background
    surf.blit(bg, rect, rect.move(-origin[0], -origin[1]))
    kind, title, sub, enabled, glow = key[:5]
    inner = rect.inflate(-6, -6)
    if kind == "button":
        color = render.BUTTON_HOT if glow else render.BUTTON_BG
        if not enabled:
            color = render.BUTTON_DISABLED
        r = max(6, inner.h // 5)
        render.rounded(surf, inner, color, r)
        render.rounded(
            surf, inner, render.GOLD if glow else render.BUTTON_EDGE, r, 2 if glow else 1
        )
    if key.focused:
        render.rounded(surf, rect.inflate(-2, -2), render.FOCUS, max(6, inner.h // 5) + 2, 2)
    ink = render.INK if enabled else render.INK_DISABLED
    dim = render.INK_DIM if enabled else render.INK_DISABLED
    w = inner.w - 8
    if sub:
        # Two lines: a button's title over its detail, or an info cell's name over its value.
        if kind == "info":
            value_px = int(px * 1.7) if key.big else px
            value_ink = render.WARNING if key.warn else ink
            parts = [(title, small, False, render.INK_DIM), (sub, value_px, True, value_ink)]
        else:
            if fonts.get(small).size(sub)[0] > w and key.short:
                sub = key.short
            parts = [(title, px, True, ink), (sub, small, False, dim)]
        drawn = [
            (fonts.fit(t, w, size, bold=b, min_px=render.MIN_PX), t, c) for t, size, b, c in parts
        ]
        if key.big:
            # The big value shrinks (never under a title's size) until both lines fit.
            value_px = parts[1][1]
            while value_px > px and sum(f.get_linesize() for f, _, _ in drawn) > inner.h:
                value_px -= max(1, value_px // 12)
                drawn[1] = (fonts.fit(sub, w, value_px, bold=True), sub, parts[1][3])
        h = sum(f.get_linesize() for f, _, _ in drawn)
        y = inner.centery - h // 2
        for font, t, colour in drawn:
            lh = font.get_linesize()
            render.text_centered(surf, font, t, (inner.centerx, y + lh // 2), colour)
            y += lh
    else:
        font, lines = fonts.wrap(title, w, px, 3, bold=True, max_h=inner.h)
        lh = font.get_linesize()
        y = inner.centery - lh * len(lines) // 2 + lh // 2
        for ln in lines:
            render.text_centered(surf, font, ln, (inner.centerx, y), ink)
            y += lh
