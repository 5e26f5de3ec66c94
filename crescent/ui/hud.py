"""The HUD: what each cell shows (:func:`look`, the model) and how it is drawn (:func:`draw_cell`).

The cells a game shows are its mode's :attr:`crescent.rules.modes.Mode.hud`; the
table view draws a cell again only when its :class:`HudLook` changed.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple, Protocol

import pygame

from crescent.control.table_mode import TableMode
from crescent.i18n import text as T
from crescent.languages import LANGUAGES
from crescent.play.levels import LevelsState
from crescent.rules import modes
from crescent.rules.engine import Game
from crescent.rules.modes import HudItem
from crescent.themes import Theme
from crescent.ui import render
from crescent.ui.scene import Host

if TYPE_CHECKING:
    # Loaded with the first hint (see crescent.ui.parts.hints), not by the start-up.
    from crescent.solver.hints import HintAnswer

HUD_ITEMS = modes.DEFAULT.hud


class CellKind(enum.StrEnum):
    INFO = "info"
    """A figure (the time, the moves): not a button."""
    BUTTON = "button"


class HudLook(NamedTuple):
    kind: CellKind
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
    pause: bool = False
    """The clock cell of a game that pauses: a tap pauses it (a pause sign shows)."""


class Aids(NamedTuple):
    """What the table's aids show now (its parts: crescent/ui/parts/): the view and the
    HUD draw it, and a frame is drawn again when it changes."""

    mode: TableMode = TableMode.PLAYING
    hint: HintAnswer | None = None
    """The hint shown (its places ringed)."""
    message: str | None = None
    """The sentence over the table."""
    marker: tuple[str, tuple[int, int, int]] | None = None
    """ "Still winnable?": its line, where the sentences go, and the colour of its dot."""
    point_redeal: bool = False
    """No move is left but a redeal: the redeal button glows."""
    finish: bool = False
    """An auto-finish is on offer (the hint button says Finish)."""
    playable: bool = False
    """ "Show playable cards" marks the cards that can move."""


class HudSource(Protocol):
    """What the HUD shows besides the session: the table's game and its aids."""

    @property
    def game(self) -> Game: ...

    @property
    def aids(self) -> Aids: ...

    @property
    def pausable(self) -> bool:
        """The game pauses (not in the kiosk): the clock cell shows the pause sign."""
        ...


def format_time(seconds: float) -> str:
    s = int(seconds)
    h, rem = divmod(s, 3600)
    m, sec = divmod(rem, 60)
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m:02d}:{sec:02d}"


class _Seen(NamedTuple):
    """What a cell's look is made of."""

    item: HudItem
    source: HudSource
    host: Host
    levels: LevelsState | None
    """The levels state of the player's game (a kiosk's demo game has none)."""


def look(source: HudSource, host: Host, item: HudItem) -> HudLook:
    """What the HUD cell of ``item`` shows now (the model; :func:`draw_cell` draws it)."""
    game = source.game
    session = host.session
    # The levels state belongs to the player's game (not to a kiosk's demo game).
    levels = session.levels if game is session.game else None
    return _LOOKS[item](_Seen(item, source, host, levels))


def _clock(seen: _Seen) -> HudLook:
    tr, levels = seen.host.kit.tr, seen.levels
    if seen.item is HudItem.COUNTDOWN and levels is not None and levels.counts_down:
        left = format_time(math.ceil(levels.time_left))
        title = tr(T.LEVEL_N, n=levels.level)
        return HudLook(
            CellKind.INFO,
            title,
            left,
            True,
            False,
            big=True,
            warn=levels.warning,
            pause=seen.source.pausable,
        )
    elapsed = format_time(seen.host.session.elapsed)
    return HudLook(CellKind.INFO, tr(T.TIME), elapsed, True, False, pause=seen.source.pausable)


def _moves(seen: _Seen) -> HudLook:
    return HudLook(
        CellKind.INFO, seen.host.kit.tr(T.MOVES), str(seen.source.game.moves), True, False
    )


def _redeal(seen: _Seen) -> HudLook:
    tr, source, host = seen.host.kit.tr, seen.source, seen.host
    n = source.game.redeals_left
    shuffles = seen.item is HudItem.SHUFFLE
    if n <= 0:
        # The button keeps its name over "0 left", on one line each (the whole "No
        # redeals left" filled the button on two lines in French).
        title = tr(T.SHUFFLE if shuffles else T.REDEAL)
        sub = tr.plural(T.SHUFFLES_LEFT if shuffles else T.REDEALS_LEFT, 0)
        return HudLook(CellKind.BUTTON, title, sub, False, False, tr.plural(T.LEFT_SHORT, 0))
    sub = tr.plural(T.SHUFFLES_LEFT if shuffles else T.REDEALS_LEFT, n)
    title = tr(T.SHUFFLE if shuffles else T.REDEAL)
    # Between levels and after the end of a game of levels nothing is shuffled.
    live = seen.levels is None or host.session.outcome is None
    short = tr.plural(T.LEFT_SHORT, n)
    return HudLook(CellKind.BUTTON, title, sub, live, source.aids.point_redeal and live, short)


def _undo(seen: _Seen) -> HudLook:
    enabled = seen.source.game.can_undo and seen.host.session.outcome is None
    return HudLook(CellKind.BUTTON, seen.host.kit.tr(T.UNDO), "", enabled, False)


def _redo(seen: _Seen) -> HudLook:
    enabled = seen.source.game.can_redo and seen.host.session.outcome is None
    return HudLook(CellKind.BUTTON, seen.host.kit.tr(T.REDO), "", enabled, False)


def _hint(seen: _Seen) -> HudLook:
    tr, source, levels = seen.host.kit.tr, seen.source, seen.levels
    aids = source.aids
    if aids.finish:
        return HudLook(CellKind.BUTTON, tr(T.FINISH), "", True, True)
    hints = levels.hints_left if levels is not None and seen.item is HudItem.HINTS else None
    return HudLook(
        CellKind.BUTTON,
        tr(T.HINT),
        tr.plural(T.HINTS_LEFT, hints) if hints is not None else "",
        source.game.status == "playing"
        and aids.mode is not TableMode.FINISHING
        and hints != 0
        and (levels is None or seen.host.session.outcome is None),
        aids.mode is TableMode.ASKING,
        tr.plural(T.LEFT_SHORT, hints) if hints is not None else "",
    )


def _new(seen: _Seen) -> HudLook:
    return HudLook(CellKind.BUTTON, seen.host.kit.tr(T.NEW_GAME), "", True, False)


def _code(seen: _Seen) -> HudLook:
    game, session = seen.source.game, seen.host.session
    daily = game is session.game and session.daily_day(load=False) is not None
    title = seen.host.kit.tr(T.DAILY_DEAL if daily else T.CODE)
    return HudLook(CellKind.BUTTON, title, game.code, True, False)


def _settings(seen: _Seen) -> HudLook:
    return HudLook(CellKind.BUTTON, seen.host.kit.tr(T.SETTINGS), "", True, False)


def _rules(seen: _Seen) -> HudLook:
    return HudLook(CellKind.BUTTON, "?", seen.host.kit.tr(T.RULES_SHORT), True, False)


def _sound(seen: _Seen) -> HudLook:
    tr = seen.host.kit.tr
    on = seen.host.session.settings.sound
    return HudLook(CellKind.BUTTON, tr(T.SOUND), tr(T.ON if on else T.OFF), True, False)


def _language(seen: _Seen) -> HudLook:
    tr = seen.host.kit.tr
    return HudLook(CellKind.BUTTON, LANGUAGES.get(tr.lang, tr.lang), tr(T.LANGUAGE), True, False)


_LOOKS: dict[HudItem, Callable[[_Seen], HudLook]] = {
    HudItem.TIME: _clock,
    HudItem.COUNTDOWN: _clock,
    HudItem.MOVES: _moves,
    HudItem.REDEAL: _redeal,
    HudItem.SHUFFLE: _redeal,
    HudItem.UNDO: _undo,
    HudItem.REDO: _redo,
    HudItem.HINT: _hint,
    HudItem.HINTS: _hint,
    HudItem.NEW: _new,
    HudItem.CODE: _code,
    HudItem.SETTINGS: _settings,
    HudItem.RULES: _rules,
    HudItem.SOUND: _sound,
    HudItem.LANG: _language,
}


def draw_cell(
    surf: pygame.Surface,
    rect: pygame.Rect,
    key: HudLook,
    fonts: render.Fonts,
    sizes: tuple[int, int],
    background: tuple[pygame.Surface, tuple[int, int]],
    theme: Theme,
) -> None:
    """Draw one HUD cell in ``rect`` over its ``background`` (the HUD's own picture and
    where it sits), in ``theme``'s colours. ``sizes``: the text size of a title and of a
    second line (never under :data:`render.MIN_PX`: a crowded HUD re-flows into rows
    instead)."""
    bg, origin = background
    surf.blit(bg, rect, rect.move(-origin[0], -origin[1]))
    inner = rect.inflate(-6, -6)
    t = theme
    thick = max(1, round(t.ring_scale))
    if key.kind == CellKind.BUTTON:
        color = t.button_hot if key.glow else t.button_bg
        if not key.enabled:
            color = t.button_disabled
        r = max(6, inner.h // 5)
        render.rounded(surf, inner, color, r)
        edge = (t.gold if key.glow else t.button_edge) if key.enabled else t.button_edge_disabled
        render.rounded(surf, inner, edge, r, (2 if key.glow else 1) * thick)
    if key.focused:
        render.rounded(surf, rect.inflate(-2, -2), t.focus, max(6, inner.h // 5) + 2, 2 * thick)
    if key.pause:
        # The texts keep clear of the sign on both sides, so they stay centred.
        inner = inner.inflate(-2 * _draw_pause_sign(surf, inner, t), 0)
    if key.sub:
        _draw_two_lines(surf, inner, key, fonts, sizes, t)
    else:
        ink = t.ink if key.enabled else t.ink_disabled
        # A half cell (Undo, Redo at 800x600) keeps narrower side margins for its word.
        room = inner.w - (8 if inner.w >= 90 else 2)
        font, lines = fonts.wrap(key.title, room, sizes[0], 3, bold=True, max_h=inner.h)
        lh = font.get_linesize()
        y = inner.centery - lh * len(lines) // 2 + lh // 2
        for ln in lines:
            render.text_centered(surf, font, ln, (inner.centerx, y), ink)
            y += lh


def _draw_pause_sign(surf: pygame.Surface, inner: pygame.Rect, theme: Theme) -> int:
    """The clock cell is a button too: its outline, and two bars at its right end. The
    width the sign takes from the cell's text (on each side)."""
    render.rounded(surf, inner, theme.button_edge, max(6, inner.h // 5), 1)
    h = max(8, inner.h // 3)
    w = max(2, h // 4)
    x = inner.right - 3 * w - 4
    y = inner.centery - h // 2
    for dx in (0, 2 * w):
        pygame.draw.rect(surf, theme.ink_dim, (x + dx, y, w, h), border_radius=1)
    return 3 * w + 8


def _draw_two_lines(
    surf: pygame.Surface,
    inner: pygame.Rect,
    key: HudLook,
    fonts: render.Fonts,
    sizes: tuple[int, int],
    th: Theme,
) -> None:
    """A button's title over its detail, or an info cell's name over its value."""
    px, small = sizes
    ink = th.ink if key.enabled else th.ink_disabled
    dim = th.ink_dim if key.enabled else th.ink_disabled
    w = inner.w - 8
    sub = key.sub
    if key.kind == CellKind.INFO:
        value_px = int(px * 1.7) if key.big else px
        value_ink = th.warning if key.warn else ink
        parts = [(key.title, small, False, th.ink_dim), (sub, value_px, True, value_ink)]
    else:
        if fonts.get(small).size(sub)[0] > w and key.short:
            sub = key.short
        parts = [(key.title, px, True, ink), (sub, small, False, dim)]
    drawn = [(fonts.fit(t, w, size, bold=b, min_px=render.MIN_PX), t, c) for t, size, b, c in parts]
    if key.big:
        # The big value shrinks (never under a title's size) until both lines fit. Its
        # digits are measured, not its font's line: a CJK font's taller line (some
        # 1.45 em) would otherwise shrink the countdown in Japanese alone.
        value_px = parts[1][1]
        while value_px > px and _lines_h(drawn, big=True) > inner.h:
            value_px -= max(1, value_px // 12)
            drawn[1] = (fonts.fit(sub, w, value_px, bold=True), sub, parts[1][3])
    heights = _heights(drawn, big=key.big)
    y = inner.centery - sum(heights) // 2
    for (font, t, colour), lh in zip(drawn, heights, strict=True):
        render.text_centered(surf, font, t, (inner.centerx, y + lh // 2), colour)
        y += lh


def _heights(
    drawn: list[tuple[pygame.font.Font, str, tuple[int, int, int]]], *, big: bool
) -> list[int]:
    """Each line's height: its font's line, or for a big value (digits and a colon) its
    glyphs' height with a fifth of it to spare."""
    out = [f.get_linesize() for f, _, _ in drawn]
    if big:
        font, text, _ = drawn[-1]
        boxes = [m for m in font.metrics(text) if m is not None]
        if boxes:
            tight = max(m[3] for m in boxes) - min(m[2] for m in boxes)
            out[-1] = min(out[-1], round(tight * 1.45))
    return out


def _lines_h(drawn: list[tuple[pygame.font.Font, str, tuple[int, int, int]]], *, big: bool) -> int:
    return sum(_heights(drawn, big=big))
