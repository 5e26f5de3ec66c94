"""Overlays above the table: dialogs, settings, statistics, the code dialog.

A dialog is a list of rows (title, text, label + value button, button rows,
key grids, lists of tappable entries, charts) laid out top to bottom in a
centred panel that fits the window; text wraps or shrinks to fit in every
language. Buttons are at least the touch size.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import NamedTuple

import pygame

from crescent.control.input import GameEvent, KeyPress, PointerDown, PointerUp, TextInput
from crescent.i18n import text as T
from crescent.themes import Theme
from crescent.ui import render
from crescent.ui.render import Action
from crescent.ui.scene import Host, Overlay


class RowKind(enum.StrEnum):
    TITLE = "title"
    TEXT = "text"
    ERROR = "error"
    """Text in the error colour (a bad game code), apart from the instructions."""
    SETTING = "setting"
    """A label and its value's button."""
    BUTTONS = "buttons"
    KEYS = "keys"
    """A grid of key buttons (``columns`` wide)."""
    FIELD = "field"
    """Typed text."""
    PAIR = "pair"
    """A label and its value."""
    LIST = "list"
    """Entries one under the other, each a button across the row: its label on the left,
    its ``values`` item on the right (the statistics' last games)."""
    CHART = "chart"
    """A picture ``lines`` lines of text high, drawn by ``draw``."""


Art = Callable[[pygame.Surface, pygame.Rect, int], None]
"""Draws a chart row: (surface, the row's area, the dialog's text size)."""


class ButtonSpec(NamedTuple):
    """A button of a row: what it says and what it does (the same callable every time the
    dialog lays out its rows: a press and its release are matched by it)."""

    label: str
    action: Action
    primary: bool = False


@dataclass
class Row:
    kind: RowKind
    text: str = ""
    buttons: tuple[ButtonSpec, ...] = ()
    columns: int = 0
    value: str = ""
    """For "pair" rows: the value shown right of the label."""
    locked: bool = False
    """For "setting" rows: the value cannot be changed here (its button is disabled)."""
    values: tuple[str, ...] = ()
    """For "list" rows: the right-hand text of each entry (one per button)."""
    draw: Art | None = None
    """For "chart" rows: what draws it."""
    lines: float = 0.0
    """For "chart" rows: its height, in lines of text."""
    tabs: bool = False
    """For "buttons" rows: the buttons are tabs (the open one ``primary``)."""


class ListButton(render.Button):
    """An entry of a "list" row: a flat button, its label left (bold) and its value right."""

    __slots__ = ("value",)

    def __init__(self, rect: pygame.Rect, label: str, value: str, action: Action) -> None:
        super().__init__(rect, label, action)
        self.value = value

    def draw(
        self, surface: pygame.Surface, fonts: render.Fonts, px: int, felt: Theme | None = None
    ) -> None:
        r = self.rect
        render.rounded(surface, r, (226, 232, 224), max(6, r.h // 5))
        pad = max(6, r.h // 4)
        vfont = fonts.fit(self.value, r.w * 60 // 100, px)
        value = vfont.render(self.value, True, render.PANEL_INK)
        surface.blit(value, value.get_rect(midright=(r.right - pad, r.centery)))
        lfont = fonts.fit(self.label, r.w - value.get_width() - 3 * pad, px, bold=True)
        label = lfont.render(self.label, True, render.PANEL_INK)
        surface.blit(label, label.get_rect(midleft=(r.x + pad, r.centery)))


@dataclass
class PanelLayout:
    """A dialog placed in the window: its panel, text size, rows and buttons."""

    panel: pygame.Rect
    px: int
    rows: list[tuple[Row, pygame.Rect]]
    buttons: list[render.Button]


class Dialog(Overlay):
    """A centred panel of rows over the dimmed table."""

    width_em = 24
    """The panel's width in text sizes (narrower windows: the window's width)."""

    def __init__(self, host: Host, *, escape: bool = True) -> None:
        """``escape``: Esc closes the dialog (else it does nothing: the dialog asks)."""
        super().__init__(host)
        self.escapes = escape
        self.focus = -1
        self._pressed: Action | None = None
        """The action of the button under the press in progress."""
        self._fitted: tuple[object, tuple[int, int, int, int]] | None = None
        """A tabbed dialog's size for a window and a language (see _fixed_fit)."""

    def rows(self) -> list[Row]:
        return []

    def enter(self) -> None:
        """Opened: with speech on, its text is said (title, text, figures, buttons)."""
        a = self.host.announcer
        if a is not None:
            a.say(a.join(self.spoken()))

    def spoken(self) -> list[str]:
        """What speech says when the dialog opens: its rows' words, the settings' aside."""
        out: list[str] = []
        for row in self.rows():
            if row.kind in (RowKind.TITLE, RowKind.TEXT, RowKind.ERROR):
                out.append(row.text)
            elif row.kind is RowKind.PAIR:
                out.append(f"{row.text}, {row.value}")
            elif row.kind is RowKind.BUTTONS:
                out.append(", ".join(b.label for b in row.buttons))
        return out

    def speak_focus(self) -> None:
        """Say the button with the focus: its label (a setting's: its name and value)."""
        a = self.host.announcer
        lay = self.layout()
        enabled = [b for b in lay.buttons if b.enabled]
        if a is None or not 0 <= self.focus < len(enabled):
            return
        b = enabled[self.focus]
        label = b.label
        for row, area in lay.rows:
            if row.kind is RowKind.SETTING and area.collidepoint(b.rect.center):
                label = f"{row.text}, {b.label}"
        a.say(a.button(label))

    def close(self) -> None:
        self.host.pop(self)

    def run(self, action: Action) -> None:
        """Do what a button does, and draw the dialog again."""
        action()
        self._dirty = True

    def handle(self, event: GameEvent) -> None:
        if isinstance(event, PointerDown):
            pressed = render.hit(self.buttons, (event.x, event.y))
            self._pressed = pressed.action if pressed is not None else None
        elif isinstance(event, PointerUp):
            b = render.hit(self.buttons, (event.x, event.y))
            if b is not None and b.action == self._pressed:
                self.run(b.action)
            self._pressed = None
        elif isinstance(event, KeyPress):
            self.key(event)
        elif isinstance(event, TextInput):
            self.text_input(event.text)

    def key(self, ev: KeyPress) -> None:
        enabled = [b for b in self.buttons if b.enabled]
        if ev.key == "escape":
            if self.escapes:
                self.run(self.close)
        elif ev.key in ("tab", "down", "right", "up", "left") and enabled:
            step = -1 if ev.shift or ev.key in ("up", "left") else 1
            self.focus = (self.focus + step) % len(enabled)
            self._dirty = True
            self.speak_focus()
        elif ev.key in ("return", "space") and enabled:
            if 0 <= self.focus < len(enabled):
                self.run(enabled[self.focus].action)
                if self.host.scenes[-1] is self:
                    self.speak_focus()  # its new value (a setting), or the same button
            else:
                primary = [b for b in enabled if b.primary]
                if primary:
                    self.run(primary[0].action)

    def text_input(self, text: str) -> None:
        """Typed text (the code dialog uses it)."""

    @property
    def buttons(self) -> list[render.Button]:
        """The buttons where they are now: from the layout, never from the last frame."""
        return self.layout().buttons

    def layout(self) -> PanelLayout:
        """Where the panel, each row and each button go in the window (measures, draws nothing)."""
        host = self.host
        w, h = host.kit.size
        touch = host.kit.layout.touch_px
        px = max(16, min(34, host.kit.layout.hud_px + 2))
        pw = min(w - 24, max(360, int(px * self.width_em)))
        inner = pw - 2 * (max(14, px))
        rows = self.rows()
        px, touch, pad, total = self._fixed_fit(inner, px, touch) or self._fit(
            rows, inner, px, touch
        )
        heights = [self._row_height(r, inner, px, touch) for r in rows]
        panel = pygame.Rect(0, 0, pw, min(total, h - 8))
        panel.center = (w // 2, h // 2)
        placed: list[tuple[Row, pygame.Rect]] = []
        buttons: list[render.Button] = []
        y = panel.y + pad
        spare = total - (sum(heights) + pad * (len(rows) + 1))
        for i, (row, rh) in enumerate(zip(rows, heights, strict=True)):
            if i == len(rows) - 1:
                y += max(0, spare)  # a tabbed dialog's last row stays at its foot
            area = pygame.Rect(panel.x + pad, y, inner, rh)
            placed.append((row, area))
            buttons += self._row_buttons(row, area, px, touch)
            y += rh + pad
        return PanelLayout(panel, px, placed, buttons)

    def _fit(self, rows: list[Row], inner: int, px: int, touch: int) -> tuple[int, int, int, int]:
        """The text size, touch size, padding and height that fit ``rows`` in the window:
        shrunk, text and buttons, until the panel fits."""
        h = self.host.kit.size[1]
        pad = max(14, px)
        heights = [self._row_height(row, inner, px, touch) for row in rows]
        total = sum(heights) + pad * (len(rows) + 1)
        if total <= h - 24:
            return px, touch, pad, total
        px2 = px
        while total > h - 24 and px2 > 11:
            px2 -= 1
            touch2 = max(28, int(touch * px2 / px))
            heights = [self._row_height(r, inner, px2, touch2) for r in rows]
            total = sum(heights) + max(8, px2 // 2) * (len(rows) + 1)
        return px2, max(28, int(touch * px2 / px)), max(8, px2 // 2), total

    def variants(self) -> list[list[Row]]:
        """A tabbed dialog: the rows of each of its tabs (none: not tabbed)."""
        return []

    def _fixed_fit(self, inner: int, px: int, touch: int) -> tuple[int, int, int, int] | None:
        """A tabbed dialog keeps one size across its tabs, so that its tabs never move: the
        smallest text size and the largest height any tab needs (worked out once for a
        window size and a language)."""
        key = (self.host.kit.size, self.host.kit.tr.lang, inner, px, touch)
        if self._fitted is not None and self._fitted[0] == key:
            return self._fitted[1]
        variants = self.variants()
        if not variants:
            return None
        fits = [self._fit(rows, inner, px, touch) for rows in variants]
        small = min(fits)
        total = max(
            sum(self._row_height(r, inner, small[0], small[1]) for r in rows)
            + small[2] * (len(rows) + 1)
            for rows in variants
        )
        fixed = (small[0], small[1], small[2], total)
        self._fitted = (key, fixed)
        return fixed

    def draw_panel(self, surface: pygame.Surface) -> None:
        lay = self.layout()
        panel, px, fonts = lay.panel, lay.px, self.host.kit.fonts
        shadow = pygame.Surface((panel.w + 24, panel.h + 24), pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 90), shadow.get_rect(), border_radius=24)
        surface.blit(shadow, (panel.x - 12, panel.y - 6))
        render.rounded(surface, panel, render.PANEL_BG, 18)
        for row, area in lay.rows:
            self._draw_row(surface, row, area, px, fonts)
        for b in lay.buttons:
            b.draw(surface, fonts, px)
        enabled = [b for b in lay.buttons if b.enabled]
        if 0 <= self.focus < len(enabled):
            b = enabled[self.focus]
            render.rounded(surface, b.rect.inflate(8, 8), (40, 120, 220), 10, 3)

    def _row_height(self, row: Row, inner: int, px: int, touch: int) -> int:
        fonts = self.host.kit.fonts
        if row.kind == RowKind.TITLE:
            font, lines = fonts.wrap(row.text, inner, int(px * 1.4), 2, bold=True)
            return font.get_linesize() * len(lines)
        if row.kind in (RowKind.TEXT, RowKind.ERROR):
            font, lines = fonts.wrap(row.text, inner, px, 6, bold=row.kind == RowKind.ERROR)
            return font.get_linesize() * len(lines)
        if row.kind == RowKind.SETTING:
            # A label on two lines (Dutch at 800x600) gets the height it needs.
            font, lines = fonts.wrap(row.text, inner * 55 // 100 - 8, px, 2)
            return max(touch, px * 2, font.get_linesize() * len(lines) + 6)
        if row.kind == RowKind.PAIR:
            return fonts.get(px).get_linesize()
        if row.kind == RowKind.CHART:
            return int(fonts.get(px).get_linesize() * row.lines)
        if row.kind == RowKind.LIST:
            n = len(row.buttons)
            return n * _entry_height(px, touch) + (n - 1) * LIST_GAP
        if row.kind == RowKind.FIELD:
            return max(touch, int(px * 2.2))
        if row.kind == RowKind.KEYS:
            n = len(row.buttons)
            cols = row.columns or 10
            key_rows = (n + cols - 1) // cols
            key_h = max(int(touch * 0.8), px * 2)
            return key_rows * key_h + (key_rows - 1) * 6
        # buttons
        n = max(1, len(row.buttons))
        per_row = self._buttons_per_row(row, inner, px, touch)
        button_rows = (n + per_row - 1) // per_row
        return button_rows * max(touch, px * 2) + (button_rows - 1) * 10

    def _buttons_per_row(self, row: Row, width: int, px: int, touch: int) -> int:
        """As many buttons side by side as keep every label on one line at ``px``
        (a long label, "Undo to the last winnable position", gets a row of its own),
        spread evenly over the lines they take."""
        n = max(1, len(row.buttons))
        font = self.host.kit.fonts.get(px)
        widest = max((font.size(label)[0] for label, _, _ in row.buttons), default=0)
        for per_row in range(n, 1, -1):
            bw = (width - (per_row - 1) * 10) // per_row
            if bw >= max(touch * 2, 120) and widest <= bw - 12:
                # As many on each line: four tabs go two and two, not three and one.
                lines = -(-n // per_row)
                return -(-n // lines)
        return 1

    def _draw_row(
        self, surface: pygame.Surface, row: Row, area: pygame.Rect, px: int, fonts: render.Fonts
    ) -> None:
        """What a row shows besides its buttons."""
        if row.kind in (RowKind.TITLE, RowKind.TEXT, RowKind.ERROR):
            big = row.kind == RowKind.TITLE
            font, lines = fonts.wrap(
                row.text,
                area.w,
                int(px * 1.4) if big else px,
                2 if big else 6,
                bold=row.kind != RowKind.TEXT,
            )
            ink = render.PANEL_ERROR if row.kind == RowKind.ERROR else render.PANEL_INK
            y = area.y
            for ln in lines:
                img = font.render(ln, True, ink)
                surface.blit(img, img.get_rect(midtop=(area.centerx, y)))
                y += font.get_linesize()
        elif row.kind == RowKind.SETTING:
            label_w = area.w * 55 // 100
            font, lines = fonts.wrap(row.text, label_w - 8, px, 2)
            lh = font.get_linesize()
            y = area.centery - lh * len(lines) // 2
            for ln in lines:
                surface.blit(font.render(ln, True, render.PANEL_INK), (area.x, y))
                y += lh
        elif row.kind == RowKind.PAIR:
            font = fonts.fit(row.text, area.w * 3 // 4, px)
            surface.blit(font.render(row.text, True, render.PANEL_INK), (area.x, area.y))
            img = fonts.get(px, bold=True).render(row.value, True, render.PANEL_INK)
            surface.blit(img, img.get_rect(topright=(area.right, area.y)))
        elif row.kind == RowKind.CHART and row.draw is not None:
            row.draw(surface, area, px)
        elif row.kind == RowKind.FIELD:
            render.rounded(surface, area, (255, 255, 255), 10)
            render.rounded(surface, area, (90, 120, 100), 10, 2)
            font = fonts.fit(row.text + "M", area.w - 20, int(px * 1.3), bold=True)
            drawn = render.text_centered(surface, font, row.text, area.center, render.PANEL_INK)
            caret_x = drawn.right + 3 if row.text else area.centerx
            h = font.get_height()
            pygame.draw.line(
                surface,
                render.PANEL_INK,
                (caret_x, area.centery - h // 2),
                (caret_x, area.centery + h // 2),
                2,
            )

    def _row_buttons(self, row: Row, area: pygame.Rect, px: int, touch: int) -> list[render.Button]:
        """The buttons of a row, placed in its area."""
        if row.kind == RowKind.SETTING:
            label_w = area.w * 55 // 100
            label, action, primary = row.buttons[0]
            rect = pygame.Rect(area.x + label_w, area.y, area.w - label_w, area.h)
            return [render.Button(rect, label, action, not row.locked, primary)]
        if row.kind == RowKind.KEYS:
            cols = row.columns or 10
            key_h = max(int(touch * 0.8), px * 2)
            key_w = (area.w - (cols - 1) * 6) // cols
            out = []
            for i, (label, action, primary) in enumerate(row.buttons):
                line, col = divmod(i, cols)
                rect = pygame.Rect(
                    area.x + col * (key_w + 6), area.y + line * (key_h + 6), key_w, key_h
                )
                out.append(render.Button(rect, label, action, True, primary))
            return out
        if row.kind == RowKind.LIST:
            eh = _entry_height(px, touch)
            return [
                ListButton(
                    pygame.Rect(area.x, area.y + i * (eh + LIST_GAP), area.w, eh),
                    label,
                    value,
                    action,
                )
                for i, ((label, action, _), value) in enumerate(
                    zip(row.buttons, row.values, strict=True)
                )
            ]
        if row.kind != RowKind.BUTTONS:
            return []
        per_row = self._buttons_per_row(row, area.w, px, touch)
        bh = max(touch, px * 2)
        bw = (area.w - (per_row - 1) * 10) // per_row
        out = []
        kind = render.TabButton if row.tabs else render.Button
        for i, (label, action, primary) in enumerate(row.buttons):
            line, col = divmod(i, per_row)
            rect = pygame.Rect(area.x + col * (bw + 10), area.y + line * (bh + 10), bw, bh)
            out.append(kind(rect, label, action, True, primary))
        return out


LIST_GAP = 4
"""Pixels between the entries of a "list" row."""


def _entry_height(px: int, touch: int) -> int:
    """An entry of a "list" row: as high as a key of the code dialog's keyboard."""
    return max(int(touch * 0.8), int(px * 1.8))


class MessageDialog(Dialog):
    """A title, some text and a row of buttons."""

    def __init__(
        self,
        host: Host,
        title: str,
        lines: list[str],
        buttons: Sequence[ButtonSpec],
        *,
        escape: bool = True,
    ) -> None:
        super().__init__(host, escape=escape)
        self.title = title
        self.lines = lines
        self.button_specs = tuple(buttons)

    def rows(self) -> list[Row]:
        out = [Row(RowKind.TITLE, self.title)]
        out += [Row(RowKind.TEXT, ln) for ln in self.lines]
        out.append(Row(RowKind.BUTTONS, buttons=self.button_specs))
        return out


def confirm_dialog(host: Host, title: str, text: str, yes: Action) -> MessageDialog:
    """A question whose default (Enter, Esc) is No."""
    tr = host.kit.tr
    no = ButtonSpec(tr(T.NO), host.pop, True)
    return MessageDialog(host, title, [text], [ButtonSpec(tr(T.YES), yes), no])


class PauseScreen(MessageDialog):
    """The game paused: the table covered (no card shows while the clock is stopped),
    "Paused" and its buttons, Resume first. Esc, Enter, Space and P resume."""

    opaque = True
    holds_clock = True

    def draw(self, surface: pygame.Surface, full: bool) -> list[pygame.Rect] | None:
        if not (full or self._dirty):
            return []
        self._dirty = False
        render.felt_into(
            surface, self.host.kit.theme
        )  # the felt alone: the cards are not drawn under it
        render.dim(surface, self.dim_alpha)
        self.draw_panel(surface)
        return None

    def key(self, ev: KeyPress) -> None:
        if ev.key == "p" and not (ev.ctrl or ev.alt):
            self.run(self.close)
        else:
            super().key(ev)


def deal_code(host: Host, code: str) -> None:
    """Deal ``code``; a game in progress is abandoned only after "Abandon this game?"
    (No by default, back to the dialog that asked), as New game asks."""
    if not host.session.leaving_counts or host.session.outcome is not None:
        host.new_game(code=code)
        return
    tr = host.kit.tr
    yes = partial(host.new_game, code=code)
    host.push(confirm_dialog(host, tr(T.ABANDON_TITLE), tr(T.ABANDON_TEXT), yes))
