"""The first-run tip: "Tap a card: it goes where it can", with a small picture; and the
levels game's one-screen intro.

The tip is shown once (``Settings.tip_seen``) over the table, on the desktop only (a
kiosk's visitors each get the "?" button instead). It never blocks a move:
a tap outside the tip closes it and still reaches the table; a tap on the tip
or any key closes it.

The intro (:class:`LevelsIntro`, issue 29 item 7) says what the levels game adds: four
levels, the minutes of each (from Settings), the shuffles of the whole game, that every
new game can be won with at most ``FAIR_SHUFFLES`` of them (issue 47), the hints
of each level, level 4's empty piles. It opens instead of the tip the first time a
levels game is on the table (``Settings.levels_intro_seen``; desktop only), and again
from the "?" screen's "In brief" (everywhere).
"""

from __future__ import annotations

import math

import pygame

from crescent.control.input import GameEvent, KeyPress, PointerDown, PointerUp
from crescent.i18n import text as T
from crescent.i18n.translator import Translator
from crescent.rules import modes
from crescent.rules.cards import HEARTS, card
from crescent.solver.pools import FAIR_SHUFFLES
from crescent.ui import render
from crescent.ui.dialogs import ButtonSpec, MessageDialog
from crescent.ui.scene import Host, Scene

_PASS_KEYS = frozenset({"escape", "return", "space"})
"""Keys that only close the tip; any other key also reaches the table."""


def show_first_run_tip(host: Host) -> bool:
    """Open the tip if it was never shown; whether it opened."""
    if host.session.settings.tip_seen:
        return False
    host.push(TipOverlay(host))
    return True


def show_levels_intro(host: Host) -> bool:
    """Open the levels game's intro if a levels game is on the table and the intro was
    never shown, on the desktop; whether it opened."""
    session = host.session
    if session.levels is None or session.settings.levels_intro_seen or host.kit.options.kiosk:
        return False
    host.push(LevelsIntro(host, at_start=True))
    return True


def intro_lines(host: Host) -> list[str]:
    """The intro's sentences, in the player's language, with the Settings' minutes."""
    tr = host.kit.tr
    mode = modes.LEVELS
    minutes = " · ".join(map(str, host.session.settings.level_minutes))
    return [
        tr(T.INTRO_LEVELS),
        tr(T.INTRO_TIMES, times=minutes),
        tr.plural(T.INTRO_SHUFFLES, mode.redeals),
        tr.plural(T.INTRO_FAIR, FAIR_SHUFFLES),
        tr.plural(T.INTRO_HINTS, mode.hints_per_level or 0),
        tr(T.INTRO_LEVEL4),
        tr(T.INTRO_AGAIN),
    ]


def say_the_table_again(host: Host) -> None:
    """What was said over the table at the start is closed: "Back to the table", what is
    left and the moves that can be played (the summary the tip or the intro followed)."""
    a = host.announcer
    if a is not None:
        a.say(a.back(a.moves_now(host.session.game)))


class LevelsIntro(MessageDialog):
    """The levels game in one screen; "Got it", Esc or Enter close it (and it is seen).
    ``at_start``: opened by itself over a new table (not from the "?" screen): said after
    the table's summary, which is said again when it closes."""

    def __init__(self, host: Host, *, at_start: bool = False) -> None:
        self.at_start = at_start
        tr = host.kit.tr
        super().__init__(
            host,
            tr(T.RULES_LEVELS),
            intro_lines(host),
            [ButtonSpec(tr(T.GOT_IT), self.close, True)],
        )

    def relayout(self) -> None:
        """The language changed: its sentences too."""
        tr = self.host.kit.tr
        self.title, self.lines = tr(T.RULES_LEVELS), intro_lines(self.host)
        self.button_specs = (ButtonSpec(tr(T.GOT_IT), self.close, True),)
        self._dirty = True

    def enter(self) -> None:
        a = self.host.announcer
        if a is not None and self.at_start:
            a.say(a.join(self.spoken()), interrupt=False)
        else:
            super().enter()

    def close(self) -> None:
        settings = self.host.session.settings
        if not settings.levels_intro_seen:
            settings.levels_intro_seen = True
            self.host.session.save_settings()
        super().close()
        if self.at_start:
            say_the_table_again(self.host)


def tip_texts(tr: Translator) -> list[tuple[str, bool]]:
    """The tip's sentences in the player's language, and which is bold: tap, choose,
    where the cards under the top ones are shown (Settings → Show whole piles), the "?"."""
    piles = tr(T.TIP_PILES, settings=tr(T.SETTINGS), setting=tr(T.SHOW_PILES))
    return [
        (tr(T.TIP_TAP), True),
        (tr(T.TIP_CHOOSE), False),
        (piles, False),
        (tr(T.TIP_RULES), False),
    ]


class TipOverlay(Scene):
    opaque = False

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self._dirty = True
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._pressed_inside = False

    def relayout(self) -> None:
        self._dirty = True

    def enter(self) -> None:
        """Opened: with speech on, its sentences, the keys that read the table and its
        button are said after the table's summary (never cutting it: issue 46 item 2)."""
        a = self.host.announcer
        if a is not None:
            tr = self.host.kit.tr
            said = [*(said for said, _ in tip_texts(tr)), tr(T.SPOKEN_KEYS), tr(T.GOT_IT)]
            a.say(a.join(said), interrupt=False)

    @property
    def changed(self) -> bool:
        """Drawn again only when it changed: an idle tip costs no frame (the table under
        it is still; its clock stops while the tip covers it)."""
        return self._dirty

    def dismiss(self) -> None:
        settings = self.host.session.settings
        if not settings.tip_seen:
            settings.tip_seen = True
            self.host.session.save_settings()
        self.host.pop(self)
        say_the_table_again(self.host)

    def handle(self, event: GameEvent) -> None:
        if isinstance(event, PointerDown):
            self._pressed_inside = self.panel.collidepoint(event.x, event.y)
            if not self._pressed_inside:
                self.dismiss()
                self.host.scenes[0].handle(event)  # the tap still plays
        elif isinstance(event, PointerUp):
            if self._pressed_inside:
                self.dismiss()
        elif isinstance(event, KeyPress):
            self.dismiss()
            if event.key not in _PASS_KEYS:
                self.host.scenes[0].handle(event)

    # -- drawing -----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, full: bool) -> list[pygame.Rect] | None:
        if not (full or self._dirty):
            return []
        self._dirty = False
        lay = self.host.kit.layout
        w, h = self.host.kit.size
        px = max(15, min(30, lay.hud_px + 2))
        pad = px
        pw = min(w - 24, px * 24)
        inner = pw - 2 * pad
        tr = self.host.kit.tr
        fonts = self.host.kit.fonts
        texts = []
        for message, bold in tip_texts(tr):
            size = round(px * 1.15) if bold else px
            texts.append(fonts.wrap(message, inner, size, 3, bold=bold))
        text_h = sum(f.get_linesize() * len(lines) + px // 3 for f, lines in texts)
        bh = max(lay.touch_px, px * 2)
        ph = pad + px * 5 + px // 2 + text_h + px // 2 + bh + pad
        panel = pygame.Rect(0, 0, pw, ph)
        area = lay.foundation_area
        panel.center = (w // 2, min(max(area.centery, ph // 2 + 8), h - ph // 2 - 8))
        self.panel = panel
        render.rounded(surface, panel.move(3, 5), (6, 30, 18), 18)
        render.rounded(surface, panel, render.PANEL_BG, 18)
        render.rounded(surface, panel, render.GOLD, 18, 3)
        picture = pygame.Rect(panel.x + pad, panel.y + pad, inner, px * 5)
        self._draw_picture(surface, picture)
        y = picture.bottom + px // 2
        for font, lines in texts:
            for ln in lines:
                img = font.render(ln, True, render.PANEL_INK)
                surface.blit(img, img.get_rect(midtop=(panel.centerx, y)))
                y += font.get_linesize()
            y += px // 3
        button = pygame.Rect(0, 0, max(px * 7, bh * 2), bh)
        button.midbottom = (panel.centerx, panel.bottom - pad)
        render.Button(button, tr(T.GOT_IT), self.dismiss, True, True).draw(surface, fonts, px)
        return None

    def _draw_picture(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """A seven of hearts tapped, flying onto the eight of hearts."""
        ch = area.h
        cw = round(ch / 1.4)
        art = self.host.kit.art
        gap = cw * 2
        left = pygame.Rect(area.centerx - gap // 2 - cw, area.y, cw, ch)
        right = pygame.Rect(area.centerx + gap // 2, area.y, cw, ch)
        for rect, shown in ((left, card(7, HEARTS)), (right, card(8, HEARTS))):
            surface.blit(art.shadow(rect.size, max(4, cw // 14)), rect.move(2, 3))
            surface.blit(art.face(shown, rect.size), rect)
        # The tap: rings where the finger lands.
        tap = (left.centerx, left.centery + ch // 8)
        for k, alpha in ((1, 230), (2, 140)):
            pygame.draw.circle(surface, (*render.HINT, alpha), tap, cw // 5 * k, 3)
        pygame.draw.circle(surface, render.HINT, tap, max(4, cw // 10))
        # The flight: an arc from one card to the other, with its arrow head.
        x0, x1 = left.right + 6, right.x - 10
        top = area.y + ch // 6
        points = [
            (x0 + (x1 - x0) * t, area.centery - math.sin(math.pi * t) * (area.centery - top))
            for t in (i / 16 for i in range(17))
        ]
        pygame.draw.lines(surface, render.PANEL_BUTTON, False, points, 4)
        ex, ey = points[-1]
        head = max(8, cw // 6)
        pygame.draw.polygon(
            surface,
            render.PANEL_BUTTON,
            [(ex + 6, ey), (ex - head, ey - head * 0.6), (ex - head * 0.5, ey + head * 0.6)],
        )
