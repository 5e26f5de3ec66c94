"""How to play: the rule texts, full screen, scrolled by wheel, keys or finger.

A bar across the top holds the title, one tab per game (standard, levels)
and Close; the text fills the rest in one readable column. Lines are wrapped
once per size, language and text, and only the visible ones are rendered.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import NamedTuple

import pygame

from crescent.control.explain import place_labels
from crescent.control.input import GameEvent, KeyPress, PointerDown, PointerMove, PointerUp, Wheel
from crescent.control.layout import SHAPES
from crescent.control.scroll import Scroll
from crescent.i18n import text as T
from crescent.i18n.rules_text import Block, BlockKind, Diagram, Doc, load_diagram, load_rules
from crescent.ui import render
from crescent.ui.lru import Lru
from crescent.ui.scene import Host, Scene, Screen

TABS = ((Doc.STANDARD, T.RULES_STANDARD), (Doc.LEVELS, T.RULES_LEVELS))
_LINE_CACHE = 96
"""Rendered lines kept (a page or two): a long text never sits in memory as one picture."""


@dataclass(frozen=True, slots=True)
class Line:
    """One wrapped line of the text: where it sits in the column, and how it looks."""

    y: int
    x: int
    text: str
    px: int
    bold: bool
    bullet: bool = False
    h: int = 0
    """A picture's height (a diagram: ``text`` names it); 0 for a line of text."""
    button: bool = False
    """A button ``h`` high labelled ``text``: the levels text's "In brief" (issue 29 item 7)."""


class RulesScreen(Scene):
    opaque = True

    def __init__(self, host: Host, doc: Doc = Doc.STANDARD) -> None:
        super().__init__(host)
        self.doc = doc
        self._tab_actions = {d: partial(self.show, d) for d, _ in TABS}
        self.scroll = Scroll()
        self.lines: list[Line] = []
        self.buttons: list[render.Button] = []
        self.text_buttons: list[render.Button] = []
        """The buttons in the text (hit where they are drawn, under the bar's)."""
        self._dirty = True
        self._pressed: render.Button | None = None
        self._key: tuple[object, ...] = ()
        self._rendered: Lru[int, pygame.Surface] = Lru(_LINE_CACHE)
        self.relayout()

    # -- geometry ----------------------------------------------------------------------

    def _metrics(self) -> tuple[int, int, pygame.Rect, pygame.Rect]:
        """(text px, bar height, bar, text column) for the current window."""
        w, h = self.host.kit.size
        touch = self.host.kit.layout.touch_px
        px = max(15, min(34, round(min(w, h) / 32)))
        bar_h = max(touch, round(px * 2.4))
        margin = max(10, px)
        bar = pygame.Rect(0, 0, w, bar_h + margin)
        col_w = min(w - 2 * margin, px * 36)
        column = pygame.Rect((w - col_w) // 2, bar.bottom, col_w, h - bar.bottom)
        return px, bar_h, bar, column

    def relayout(self) -> None:
        px, _, _, column = self._metrics()
        key = (self.host.kit.size, self.host.kit.tr.lang, self.doc, self.host.kit.layout.touch_px)
        if key != self._key:
            self._key = key
            self.lines = self._wrap(px, column.w)
            self._rendered.clear()
            content_h = (self.lines[-1].y + 2 * px) if self.lines else 0
            self.scroll.resize(content_h, column.h, round(px * 1.5))
        self._dirty = True

    def _wrap(self, px: int, width: int) -> list[Line]:
        fonts = self.host.kit.fonts
        out: list[Line] = []
        y = px // 2
        if self.doc is Doc.LEVELS:
            # The levels game in one screen, above its full text.
            h = max(self.host.kit.layout.touch_px, px * 2)
            out.append(Line(y, 0, self.host.kit.tr(T.IN_BRIEF), px, True, h=h, button=True))
            y += h + round(px * 0.8)
        for block in self.blocks():
            kind = block.kind
            size = {BlockKind.TITLE: round(px * 1.5), BlockKind.HEADING: round(px * 1.2)}.get(
                kind, px
            )
            bold = kind in (BlockKind.TITLE, BlockKind.HEADING)
            indent = round(px * 1.4) if kind is BlockKind.ITEM else 0
            if kind is BlockKind.DIAGRAM:
                caption = T.DIAGRAM_CAPTIONS.get(block.text)
                if caption is not None:
                    font, wrapped = fonts.wrap(self.host.kit.tr(caption), width, px, 3, bold=True)
                    for text in wrapped:
                        out.append(Line(y, 0, text, font.point_size, True))
                        y += font.get_linesize()
                h = diagram_size(width)[1]
                out.append(Line(y, 0, block.text, px, False, h=h))
                y += h + round(px * 0.8)
                continue
            if kind is BlockKind.HEADING:
                y += round(px * 0.6)
            font, wrapped = fonts.wrap(block.text, width - indent, size, 10_000, bold=bold)
            for i, text in enumerate(wrapped):
                out.append(Line(y, indent, text, font.point_size, bold, i == 0 and indent > 0))
                y += font.get_linesize()
            y += round(px * 0.45)
        return out

    def blocks(self) -> list[Block]:
        """The text shown: the game's rules, and after the standard game's its keys (the
        app's own words, not the seeds': issue 46 item 2)."""
        tr = self.host.kit.tr
        blocks = load_rules(self.doc, tr.lang)
        if self.doc is not Doc.STANDARD:
            return blocks
        keys = [(BlockKind.HEADING, T.KEYS_HEADING), (BlockKind.ITEM, T.KEYS_PLAY)]
        keys.append((BlockKind.ITEM, T.KEYS_SPEECH))
        return [*blocks, *(Block(kind, tr(msgid)) for kind, msgid in keys)]

    # -- input -------------------------------------------------------------------------

    @property
    def _all_buttons(self) -> list[render.Button]:
        """The bar's buttons first (the bar covers the text scrolled under it)."""
        return [*self.buttons, *self.text_buttons]

    def close(self) -> None:
        self.host.pop(self)

    def open_intro(self) -> None:
        self.host.open(Screen.LEVELS_INTRO)

    def open_credits(self) -> None:
        self.host.open(Screen.CREDITS)

    def show(self, doc: Doc) -> None:
        if doc is not self.doc:
            self.doc = doc
            self.scroll.offset = 0.0
            self.relayout()
            self.enter()

    def enter(self) -> None:
        """Opened (or another tab shown): with speech on, its text is read out, a picture
        by its caption."""
        a = self.host.announcer
        if a is None:
            return
        tr = self.host.kit.tr
        parts = []
        for block in self.blocks():
            if block.kind is not BlockKind.DIAGRAM:
                parts.append(block.text)
            elif block.text in T.DIAGRAM_CAPTIONS:
                parts.append(tr(T.DIAGRAM_CAPTIONS[block.text]))
        a.say(a.join(parts))

    def handle(self, event: GameEvent) -> None:
        moved = False
        if isinstance(event, Wheel):
            moved = self.scroll.wheel(event.notches)
        elif isinstance(event, KeyPress):
            if event.key == "escape" or (event.key == "backspace"):
                self.close()
                return
            if event.key in ("left", "right", "tab"):
                docs = [d for d, _ in TABS]
                step = -1 if event.key == "left" or event.shift else 1
                self.show(docs[(docs.index(self.doc) + step) % len(docs)])
                return
            if event.key in ("return", "enter", "kp_enter") and self.doc is Doc.LEVELS:
                self.open_intro()  # the text's one button, "In brief"
                return
            moved = self.scroll.key(event.key, event.shift)
        elif isinstance(event, PointerDown):
            self._pressed = render.hit(self._all_buttons, (event.x, event.y))
            if self._pressed is None:
                self.scroll.press(event.pointer, event.y)
        elif isinstance(event, PointerMove):
            moved = self.scroll.move(event.pointer, event.y)
        elif isinstance(event, PointerUp):
            self.scroll.release(event.pointer)
            b = render.hit(self._all_buttons, (event.x, event.y))
            pressed, self._pressed = self._pressed, None
            if b is not None and b is pressed:
                b.action()
        self._dirty = self._dirty or moved

    # -- drawing -----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, full: bool) -> list[pygame.Rect] | None:
        if not (full or self._dirty):
            return []
        self._dirty = False
        if self._key[0] != self.host.kit.size:
            self.relayout()
        px, bar_h, bar, column = self._metrics()
        surface.fill(render.PANEL_BG)
        self._draw_text(surface, column)
        self._draw_bar(surface, px, bar_h, bar)
        self._draw_scrollbar(surface, column)
        return None

    def _line_surface(self, i: int) -> pygame.Surface:
        img = self._rendered.hit(i)
        if img is None:
            line = self.lines[i]
            if line.h:
                img = draw_diagram(self.host, load_diagram(line.text), self._metrics()[3].w)
            else:
                font = self.host.kit.fonts.get(line.px, bold=line.bold)
                img = font.render(line.text, True, render.PANEL_INK)
            self._rendered.keep(i, img)
        return img

    def _draw_text(self, surface: pygame.Surface, column: pygame.Rect) -> None:
        top = column.y - round(self.scroll.offset)
        surface.set_clip(column)
        self.text_buttons = []
        for i, line in enumerate(self.lines):
            y = top + line.y
            if y + max(line.h, line.px * 2) < column.y:
                continue
            if y > column.bottom:
                break
            if line.button:
                self._draw_text_button(surface, line, pygame.Rect(column.x, y, 0, line.h), column)
                continue
            if line.bullet:
                r = max(2, line.px // 7)
                pygame.draw.circle(
                    surface,
                    render.PANEL_INK,
                    (column.x + line.x - line.px // 2, y + line.px // 2 + 1),
                    r,
                )
            surface.blit(self._line_surface(i), (column.x + line.x, y))
        surface.set_clip(None)

    def _draw_text_button(
        self, surface: pygame.Surface, line: Line, rect: pygame.Rect, column: pygame.Rect
    ) -> None:
        font = self.host.kit.fonts.get(line.px, bold=True)
        rect.w = min(column.w, max(rect.h * 3, font.size(line.text)[0] + 2 * line.px))
        button = render.Button(rect, line.text, self.open_intro, True, True)
        button.draw(surface, self.host.kit.fonts, line.px)
        shown = rect.clip(column)  # tapped only where it shows (not under the bar)
        if shown.h > 0:
            self.text_buttons.append(render.Button(shown, line.text, self.open_intro))

    def _draw_bar(self, surface: pygame.Surface, px: int, bar_h: int, bar: pygame.Rect) -> None:
        tr = self.host.kit.tr
        fonts = self.host.kit.fonts
        margin = bar.h - bar_h
        pygame.draw.rect(surface, self.host.kit.theme.hud_bg[:3], bar)
        row = pygame.Rect(margin // 2, margin // 2, bar.w - margin, bar_h)
        close_w = max(bar_h * 2, round(px * 5))
        tab_w = min(round(px * 10), (row.w - 2 * close_w - margin) * 2 // 5)
        self.buttons = []
        x = row.right - close_w
        close = render.Button(pygame.Rect(x, row.y, close_w, bar_h), tr(T.CLOSE), self.close)
        x -= close_w + margin // 2
        credits = render.Button(
            pygame.Rect(x, row.y, close_w, bar_h), tr(T.CREDITS), self.open_credits
        )
        tabs: list[render.Button] = []
        for doc, label in reversed(TABS):
            x -= tab_w + margin // 2
            rect = pygame.Rect(x, row.y, tab_w, bar_h)
            tab = render.TabButton(rect, tr(label), self._tab_actions[doc], primary=doc is self.doc)
            tabs.insert(0, tab)
        for b in (*tabs, credits, close):
            # The tabs as everywhere (render.TabButton); Credits and Close are dark, on the bar.
            b.draw(surface, fonts, px, self.host.kit.theme)
            self.buttons.append(b)
        title_w = x - row.x - margin // 2
        if title_w > px * 3:
            font, lines = fonts.wrap(tr(T.RULES_TITLE), title_w, round(px * 1.2), 2, bold=True)
            lh = font.get_linesize()
            y = row.centery - lh * len(lines) // 2
            for ln in lines:
                surface.blit(font.render(ln, True, self.host.kit.theme.ink), (row.x, y))
                y += lh

    def _draw_scrollbar(self, surface: pygame.Surface, column: pygame.Rect) -> None:
        s = self.scroll
        if s.max_offset <= 0:
            return
        w = surface.get_width()
        track = pygame.Rect(w - 10, column.y + 4, 6, column.h - 8)
        knob_h = max(24, track.h * s.view_h // max(1, s.content_h))
        knob_y = track.y + round((track.h - knob_h) * s.offset / s.max_offset)
        render.rounded(surface, track, (215, 220, 212), 3)
        render.rounded(surface, pygame.Rect(track.x, knob_y, track.w, knob_h), (120, 140, 125), 3)


class _DiagramGeometry(NamedTuple):
    card: tuple[int, int]
    label_px: int
    label_h: int
    gap: int
    pad: int


_COLUMNS, _ROWS = SHAPES[0]  # RULES.md's horseshoe: 8 across, 4 down each side


def _diagram_geometry(width: int) -> _DiagramGeometry:
    """The sizes of a diagram ``width`` pixels wide: the table's horseshoe, its labels
    never under 11 px."""
    cw = max(8, int((width - 2 * max(4, width // 60)) / (_COLUMNS + (_COLUMNS - 1) * 0.15)))
    gap = max(2, round(cw * 0.15))
    pad = (width - _COLUMNS * cw - (_COLUMNS - 1) * gap) // 2
    label_px = max(render.MIN_PX, round(cw * 0.2))
    return _DiagramGeometry((cw, round(cw * 1.4)), label_px, label_px + 6, gap, pad)


def diagram_size(width: int) -> tuple[int, int]:
    """The size of a diagram's picture in a column ``width`` pixels wide."""
    g = _diagram_geometry(width)
    return width, _ROWS * (g.card[1] + g.label_h) + (_ROWS - 1) * g.gap + 2 * g.pad


def diagram_slots(width: int) -> list[pygame.Rect]:
    """Where the diagram puts each place (P1-P16, then F1-F8), as on the table: P1-P4
    up the left side, P5-P12 along the top, P13-P16 down the right side, the Aces' row
    of foundations above the Kings' in the middle."""
    g = _diagram_geometry(width)
    (cw, ch), pitch = g.card, g.card[1] + g.label_h + g.gap
    col = [g.pad + i * (cw + g.gap) for i in range(_COLUMNS)]
    row = [g.pad + j * pitch for j in range(_ROWS)]
    side = _ROWS - 1
    slots = [pygame.Rect(col[0], row[side - k], cw, ch) for k in range(side)]
    slots += [pygame.Rect(col[i], row[0], cw, ch) for i in range(_COLUMNS)]
    slots += [pygame.Rect(col[-1], row[k + 1], cw, ch) for k in range(side)]
    block_w = 4 * cw + 3 * g.gap
    x0 = (width - block_w) // 2
    y0 = row[1] + (side * pitch - 2 * pitch) // 2
    slots += [
        pygame.Rect(x0 + i * (cw + g.gap), y0 + r * pitch, cw, ch)
        for r in range(2)
        for i in range(4)
    ]
    return slots


def draw_diagram(host: Host, diagram: Diagram, width: int) -> pygame.Surface:
    """A small picture of the table: each place's top card (the game's own art) and its
    label, as the table writes it ("P10 · 6", "F1 ↑ · 2")."""
    g = _diagram_geometry(width)
    picture = render.felt(diagram_size(width), host.kit.theme)
    tops = [top for _, top in diagram.piles] + [top for top, _ in diagram.foundations]
    counts = [n for n, _ in diagram.piles] + [n for _, n in diagram.foundations]
    radius = max(3, g.card[0] // 14)
    for place, slot in enumerate(diagram_slots(width)):
        top = tops[place]
        if top is None:
            render.rounded(picture, slot, (12, 52, 34), radius, 2)
        else:
            picture.blit(host.kit.art.face(top, g.card), slot)
        area = pygame.Rect(slot.x - g.gap // 2, slot.bottom + 2, slot.w + g.gap, g.label_h - 2)
        text = place_labels(place, counts[place], host.kit.tr.place_tag(place))
        render.place_label(picture, host.kit.fonts, area, g.label_px, text, host.kit.theme)
    return picture
