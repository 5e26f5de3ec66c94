"""The kiosk's scenes: the attract loop, the operator's PIN pad and operator screen.

:class:`AttractScene` is a table that plays a winnable deal by itself, on its
own :class:`~crescent.rules.engine.Game` (never the session's: the visitor's saved
game and statistics are not touched), another deal each loop, under a banner:
the game's name, its goal in one line and "Touch to play", in the current
language. It fades in from the visitor's table. A touch starts a fresh game; a
touch on the HUD's language button changes the language and stays in the loop.

:class:`PinPad` is a digit pad for the operator PIN: the digits typed show
as dots, wrong PINs are refused and the pad says how long to wait. It opens
only from the hidden exit gesture (never from a button visitors see).

:class:`OperatorScreen` is what the operator gets behind the PIN: the version,
the settings (values the config file fixes are shown locked), the idle time,
the venue's statistics with a CSV export, the players' statistics, and Quit.
The game's clock stops while the pad or the operator screen is open.
"""

from __future__ import annotations

import getpass
import logging
import math
import os
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Final, NamedTuple

import pygame

from crescent import __version__, logs
from crescent.control.anim import MOVE_S, Animations, Flight
from crescent.control.input import (
    Controller,
    GameEvent,
    KeyPress,
    LayoutView,
    PointerDown,
    PointerUp,
    TextInput,
    WindowEvent,
)
from crescent.control.layout import TableLayout
from crescent.i18n import text as T
from crescent.kiosk.config import PIN_DIGITS, KioskConfig
from crescent.kiosk.core import (
    KIOSK_SOLVER_BYTES,
    RECORDED,
    DemoLine,
    Kiosk,
    Purpose,
    apply_kiosk_config,
    export_csv,
    export_folders,
)
from crescent.languages import next_language
from crescent.options import Config
from crescent.play.session import Session
from crescent.rules.engine import FIRST_FOUNDATION, REDEAL, Game, IllegalMove, InvalidCode, Move
from crescent.rules.modes import HudItem
from crescent.ui import hud, render
from crescent.ui.app import App
from crescent.ui.dialogs import ButtonSpec, MessageDialog, Row, RowKind
from crescent.ui.hud import Aids, CellKind, HudLook, format_time
from crescent.ui.render import Action
from crescent.ui.scene import Host, Overlay, Scene
from crescent.ui.screens import SettingsScreen
from crescent.ui.table import animate_redeal, make_geometry
from crescent.ui.table_view import TableView
from crescent.ui.window import display_window
from crescent.ui.x11_watch import WindowProbe

FADE_S: Final = 0.6
"""The visitor's table fades to dark, then the attract loop fades in: each this long."""
START_S: Final = 1.5
"""The new deal is shown this long before its first move."""
STEP_S: Final = 0.55
"""Between two moves of the attract loop."""
SLIDE_STEP_S: Final = 0.25
"""Between foundation-to-foundation slides (they come in runs)."""
REDEAL_STEP_S: Final = 1.2
WON_S: Final = 4.0
"""The won deal stays on screen this long before the next one."""
FLIGHT_S: Final = MOVE_S * 2
"""The attract loop's cards move slower than a player's: it is a show."""
PULSE_S: Final = 2.4
"""The caption's slow pulse."""


def _log() -> logging.Logger:
    return logs.get("crescent.kiosk.core")


def lock_display() -> None:
    """Kiosk display: no mouse cursor; a fullscreen window that does not minimise
    when something else takes the focus (SDL reads the hint at that moment)."""
    os.environ["SDL_VIDEO_MINIMIZE_ON_FOCUS_LOSS"] = "0"
    pygame.mouse.set_visible(False)


class WindowKeeper:
    """Keeps the kiosk's window on screen: tells whether it is minimised or hidden (SDL's
    flags, and under X the server's word: a window manager may iconify or unmap it without
    SDL knowing) and brings it back (out of another client's window it was put in,
    restored, raised, activated; if that did not help, hidden and shown again, which maps
    it anew)."""

    def __init__(self) -> None:
        self._probe = WindowProbe()
        self._tries = 0
        self._home: int | None = None
        """The window's X parent when last seen in place (see WindowProbe.take_back)."""

    def hidden(self) -> bool:
        try:
            gone = not pygame.display.get_active() or self._probe.hidden()
        except pygame.error:
            return False
        if not gone:
            self._tries = 0
        return gone

    def misplaced(self) -> bool:
        """Moved off the screen's corner, or not the screen's size (another X client:
        the X server's word, SDL keeps a full-screen window's position at 0, 0)."""
        want = desktop_size()
        if want is None:
            return False
        geometry = self._probe.geometry()
        if geometry is None:
            try:
                window = display_window()
            except (pygame.error, AttributeError):
                return False
            geometry = (*window.position, *window.size)
        if geometry != (0, 0, *want):
            return True
        self._home = self._probe.parent()
        return False

    def restore(self) -> None:
        if self._probe.take_back(self._home):
            _log().warning("the window was put inside another window: taken back")
        try:
            window = display_window()
            if self._tries > 0:
                window.hide()  # SDL thinks it is shown: make it map the window again
            window.show()
            window.restore()
            want = desktop_size()
            if want is not None and self.misplaced():
                # Full screen again from windowed, at the corner and the screen's size: a
                # full-screen window that was moved or resized does not move back by itself.
                window.set_windowed()
                window.position = (0, 0)
                window.size = want
                window.set_fullscreen()
            window.focus()  # raises it and asks the window manager to activate it
        except (pygame.error, AttributeError):
            pass
        self._tries += 1


def desktop_size() -> tuple[int, int] | None:
    """The first display's desktop size (the display must be initialised), or None."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    if not sizes:
        return None
    w, h = sizes[0]
    return (w, h)


class Demo:
    """The attract loop's part that plays: a winnable deal on its own
    :class:`~crescent.rules.engine.Game` (never the session's), the solver's line one
    move at a time with its flights, then the next deal."""

    def __init__(
        self, kiosk: Kiosk, geometry: Callable[[], LayoutView], lay: Callable[[], TableLayout]
    ) -> None:
        self.kiosk = kiosk
        self._geometry = geometry
        self._lay = lay
        self.game = Game.new()
        self.anims = Animations()
        self.line: DemoLine | None = None
        self.pos = 0
        """How many of the line's tokens were played (the picture's change count)."""
        self.wait = 0.0
        self.time = 0.0
        """The demo's own clock, shown in the HUD."""
        self.on_step: Callable[[str], None] | None = None
        """Told every token played (tests check them against the engine)."""

    def next_deal(self) -> None:
        """Deal the next winnable deal of the loop."""
        line = self.kiosk.planner.next_line()
        try:
            game = Game.from_code(line.code)
        except (InvalidCode, ValueError):
            self.kiosk.planner.discard(line)
            line = RECORDED
            game = Game.from_code(line.code)
        self.line = line
        self.game = game
        self.pos = 0
        self.wait = START_S
        self.time = 0.0
        self.anims.finish()

    def update(self, dt: float) -> None:
        """One step: the clock, the flights, and the next token once the wait is over."""
        line = self.line
        if line is None:
            self.next_deal()
            return
        if self.game.status == "playing":
            self.time += dt
        self.wait -= dt
        if self.wait > 0 or self.anims.busy:
            return
        if self.pos >= len(line.tokens):
            self.next_deal()  # won (or the line ran out): the next deal
            return
        token = line.tokens[self.pos]
        self.pos += 1
        try:
            self._play(token)
        except (IllegalMove, ValueError):
            # The engine refused the solver's line: never show it again.
            self.kiosk.planner.discard(line)
            self.next_deal()
            return
        if self.on_step is not None:
            self.on_step(token)
        self.wait = self._wait_after(token, last=self.pos >= len(line.tokens))

    @staticmethod
    def _wait_after(token: str, *, last: bool) -> float:
        if last:
            return WON_S
        if token == REDEAL:
            return REDEAL_STEP_S
        return SLIDE_STEP_S if Move.parse(token).src >= FIRST_FOUNDATION else STEP_S

    def _play(self, token: str) -> None:
        game = self.game
        geometry = self._geometry()
        if token == REDEAL:
            game.redeal()
            animate_redeal(self.anims, self._lay(), geometry, game)
            return
        move = Move.parse(token)
        card = game.top(move.src)
        game.play(move)  # the engine checks it: IllegalMove if the line is wrong
        assert card is not None
        start, end = geometry.slot_origin(move.src), geometry.slot_origin(move.dst)
        self.anims.add(Flight(card, start, end, move.dst, FLIGHT_S))


class AttractScene(Scene):
    """The attract loop: the table's picture of the :class:`Demo` part's game, under a
    "Touch to play" caption, its own clock in the HUD and only the language live."""

    opaque = True

    def __init__(self, app: App, kiosk: Kiosk) -> None:
        super().__init__(app)
        self.app = app
        self.kiosk = kiosk
        self.geometry = make_geometry(app, lambda: self.demo.game)
        self.demo = Demo(kiosk, lambda: self.geometry, lambda: self.host.kit.layout)
        self.controller = Controller()
        """Never moves: the picture reads its (empty) selection, drag and focus."""
        self.pausable = False
        self.caption = Caption(app, lambda: self.age)
        self.view = self._view()
        self.age = 0.0
        """Seconds since the scene was entered (drives the fades)."""
        self._pressed: tuple[int, bool] | None = None
        """(pointer, on the language button) of the press in progress."""
        self._snapshot: pygame.Surface | None = None
        self._faded = False

    # -- what the picture reads ------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.demo.game

    @property
    def anims(self) -> Animations:
        return self.demo.anims

    @property
    def changes(self) -> int:
        return self.demo.pos

    @property
    def aids(self) -> Aids:
        return Aids(playable=self.host.session.settings.show_playable)

    def _view(self) -> TableView:
        return TableView(self.host, self, cells=self._cell, over=(self.caption,))

    def _cell(self, item: HudItem) -> HudLook:
        """The table's HUD cell, with the demo's clock; only the language is live."""
        if item is HudItem.TIME:
            seconds = format_time(self.demo.time)
            return HudLook(CellKind.INFO, self.host.kit.tr(T.TIME), seconds, True, False)
        look = hud.look(self, self.host, item)
        if item in (HudItem.MOVES, HudItem.LANG):
            return look
        return look._replace(enabled=False, glow=False)

    # -- lifecycle -----------------------------------------------------------------

    def enter(self) -> None:
        self._snapshot = self.app.screen.copy()
        # The visitor's table is hidden until the loop ends: its pictures (two full-screen
        # surfaces) are let go now and drawn anew then.
        self.app.table.repaint()
        self.age = 0.0
        self._faded = False
        self._pressed = None
        self.demo.next_deal()

    def exit(self) -> None:
        self._snapshot = None
        self.demo.anims.finish()
        self._pressed = None
        # Between two idle spells the loop holds no picture: its full-screen surfaces
        # (the table drawn under it and its clean felt) are made again when it comes back.
        self.view = self._view()

    def relayout(self) -> None:
        self.geometry = make_geometry(self.app, lambda: self.demo.game)
        self.view.forget()

    # -- input ---------------------------------------------------------------------

    def _on_language(self, x: float, y: float) -> bool:
        i = self.host.kit.layout.hud_item_at(x, y)
        return i is not None and self.host.kit.hud_items[i] == HudItem.LANG

    def handle(self, event: GameEvent) -> None:
        if isinstance(event, WindowEvent):
            return
        if isinstance(event, PointerDown):
            self._pressed = (event.pointer, self._on_language(event.x, event.y))
        elif isinstance(event, PointerUp):
            pressed, self._pressed = self._pressed, None
            if pressed is None or pressed[0] != event.pointer:
                return
            if pressed[1] and self._on_language(event.x, event.y):
                # One tap, and the loop goes on in that language.
                self.host.change_setting("language", next_language(self.host.kit.tr.lang))
            else:
                self.kiosk.end_attract()
        elif isinstance(event, KeyPress | TextInput):
            self.kiosk.end_attract()

    # -- playing and drawing -------------------------------------------------------

    def update(self, dt: float) -> None:
        self.age += dt
        if self.age < FADE_S:
            self.demo.anims.update(dt)
            return  # the visitor's table is still fading out
        self.demo.anims.update(dt)
        self.demo.update(dt)

    def wake_at(self, now: float) -> float | None:
        return None  # the loop plays and the caption pulses: every frame

    def draw(self, surface: pygame.Surface, full: bool) -> list[pygame.Rect] | None:
        if self.age < FADE_S and self._snapshot is not None:
            surface.blit(self._snapshot, (0, 0))
            render.dim(surface, round(255 * self.age / FADE_S))
            return None
        if self.age < 2 * FADE_S:
            # Fading in: the picture is drawn whole, then dimmed; never straight on the
            # screen as the view's own base (the dim would stay in it: bright places
            # redrawn on a dark table afterwards).
            self._snapshot = None
            self.view.draw(surface, True, on_top=False)
            render.dim(surface, round(255 * (1.0 - (self.age - FADE_S) / FADE_S)))
            return None
        if not self._faded:
            self._faded = True
            full = True
        return self.view.draw(surface, full, self.host.scenes[-1] is self)

    def shown(self) -> None:
        self.view.shown()


class Caption:
    """The attract loop's caption (the game's name, its goal, "Touch to play"), under the
    foundations and inside the horseshoe, its frame pulsing slowly."""

    def __init__(self, host: Host, age: Callable[[], float]) -> None:
        self.host = host
        self._age = age
        self._cache: tuple[tuple[tuple[str, ...], int, int], tuple[pygame.Surface, ...]] | None
        self._cache = None

    def _banner(self) -> tuple[tuple[pygame.Surface, ...], pygame.Rect]:
        """The banner's lines (the name, the goal on one or two lines, "Touch to play")
        and its box, under the foundations and inside the horseshoe."""
        lay = self.host.kit.layout
        tr = self.host.kit.tr
        texts = ("Crescent", tr(T.GOAL), tr(T.TOUCH_TO_PLAY))
        h = self.host.kit.size[1]
        px = max(lay.hud_px * 2, round(lay.touch_px * 1.3))
        px = min(px, max(16, h // 14))
        pad = max(6, px // 2)
        inner_w = lay.message.w - 4 * pad
        key = (texts, px, inner_w)
        cached = self._cache
        if cached is None or cached[0] != key:
            fonts = self.host.kit.fonts
            title = fonts.fit(texts[0], inner_w, round(px * 1.5), bold=True)
            goal_font, goal_lines = fonts.wrap(texts[1], inner_w, max(14, round(px * 0.6)), 2)
            touch = fonts.fit(texts[2], inner_w, px, bold=True)
            imgs = (
                title.render(texts[0], True, (255, 214, 90)),
                *(goal_font.render(ln, True, self.host.kit.theme.ink) for ln in goal_lines),
                touch.render(texts[2], True, self.host.kit.theme.ink),
            )
            cached = (key, imgs)
            self._cache = cached
        imgs = cached[1]
        box = pygame.Rect(
            0,
            0,
            min(lay.message.w, max(img.get_width() for img in imgs) + 4 * pad),
            sum(img.get_height() for img in imgs) + 2 * pad,
        )
        box.centerx = lay.message.centerx
        # Under the foundations when there is room, else as low as the table allows.
        box.top = lay.foundation_area.bottom
        box.bottom = min(box.bottom, lay.floor - pad)
        return imgs, box

    def rect(self) -> pygame.Rect:
        """Where the caption goes, its pulsing frame included: it changes every frame."""
        return self._banner()[1].inflate(8, 8)

    def draw(self, surface: pygame.Surface) -> None:
        imgs, box = self._banner()
        pulse = 0.5 + 0.5 * math.sin(self._age() * 2 * math.pi / PULSE_S)
        radius = min(box.h // 4, imgs[-1].get_height())
        render.rounded(surface, box, (8, 30, 20), radius)  # opaque, as every banner
        r, g, b = (
            round(dim + (gold - dim) * pulse) for dim, gold in ((120, 255), (100, 200), (40, 60))
        )
        render.rounded(surface, box, (r, g, b), radius, max(2, imgs[-1].get_height() // 12))
        y = box.y + (box.h - sum(img.get_height() for img in imgs)) // 2
        for img in imgs:
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += img.get_height()


class PinPad(Overlay):
    """The operator's PIN pad: digits, delete, OK, cancel; the PIN shows as dots."""

    dim_alpha = 150
    holds_clock = True

    KEYS: Final = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "back", "0", "ok")
    """The pad's keys, row by row (the digits, delete and OK; Cancel is below them)."""

    def __init__(self, host: Host, kiosk: Kiosk, purpose: Purpose) -> None:
        super().__init__(host)
        self.kiosk = kiosk
        self.purpose: Purpose = purpose
        self.typed = ""
        self.wrong = False
        self.key_actions: dict[str, Action] = {
            **{k: partial(self.type_digit, k) for k in self.KEYS if k.isdigit()},
            "back": self.backspace,
            "ok": self.ok,
            "cancel": self.cancel,
        }
        """What each key does (its button carries it)."""
        self._pressed: Action | None = None
        """The action of the key under the press in progress."""
        self._shown_wait = -1

    def __repr__(self) -> str:
        return f"PinPad({self.purpose!r}, {len(self.typed)} digits)"  # never the digits

    # -- state ---------------------------------------------------------------------

    def wait_left(self) -> int:
        guard = self.kiosk.guard
        return math.ceil(guard.wait_left(self.host.now)) if guard is not None else 0

    def type_digit(self, digit: str) -> None:
        self._dirty = True
        if self.wait_left() <= 0 and len(self.typed) < PIN_DIGITS[1]:
            self.typed += digit
            self.wrong = False

    def backspace(self) -> None:
        self._dirty = True
        if self.wait_left() <= 0:
            self.typed = self.typed[:-1]

    def ok(self) -> None:
        self._dirty = True
        if self.wait_left() <= 0:
            self.submit()

    def cancel(self) -> None:
        self._dirty = True
        self.typed = ""
        self.host.pop(self)

    def submit(self) -> None:
        attempt, self.typed = self.typed, ""
        if not attempt:
            return
        result = self.kiosk.try_pin(attempt, self.purpose)
        self.wrong = result == "wrong"
        if result == "ok" and self in self.host.scenes:
            self.host.pop(self)

    # -- input ---------------------------------------------------------------------

    def handle(self, event: GameEvent) -> None:
        if isinstance(event, PointerDown):
            pressed = render.hit(self.buttons, (event.x, event.y))
            self._pressed = pressed.action if pressed is not None else None
        elif isinstance(event, PointerUp):
            b = render.hit(self.buttons, (event.x, event.y))
            if b is not None and b.action == self._pressed:
                b.action()
            self._pressed = None
        elif isinstance(event, TextInput):
            for ch in event.text:
                if ch.isascii() and ch.isdigit():
                    self.type_digit(ch)
        elif isinstance(event, KeyPress):
            if event.key == "backspace":
                self.backspace()
            elif event.key in ("return", "enter", "kp_enter"):
                self.ok()
            elif event.key == "escape":
                self.cancel()

    def wake_at(self, now: float) -> float | None:
        guard = self.kiosk.guard
        left = guard.wait_left(now) if guard is not None else 0.0
        if left <= 0:
            return math.inf
        # The countdown shows whole seconds: it changes when the wait left crosses one.
        return now + (left - math.floor(left) or 1.0)

    def update(self, dt: float) -> None:
        wait = self.wait_left()
        if wait != self._shown_wait:
            self._shown_wait = wait
            self._dirty = True

    # -- drawing -------------------------------------------------------------------

    @property
    def buttons(self) -> list[render.Button]:
        """The keys where they are now: from the layout, never from the last frame."""
        return self._geometry().buttons

    def _geometry(self) -> _PadGeometry:
        """Where the pad and its keys go in the window (measures, draws nothing)."""
        host = self.host
        fonts = host.kit.fonts
        w, h = host.kit.size
        touch = host.kit.layout.touch_px
        gap = max(8, touch // 4)
        # Keys a good deal larger than the touch minimum, as far as the window allows:
        # title, dots, status, four rows of keys and the cancel row.
        key = round(touch * 1.7)
        key = min(key, (h - 12 * gap) * 10 // 75, (w - 6 * gap) // 3)
        key = max(key, touch)
        px = max(14, key * 2 // 5)
        pad = gap * 2
        inner = 3 * key + 2 * gap
        status_px = max(12, px * 4 // 5)
        status_h = 2 * fonts.get(status_px, bold=True).get_linesize()  # two lines, always
        heights = [key, int(key * 0.8), status_h] + [key] * 4 + [key]
        panel = pygame.Rect(0, 0, inner + 2 * pad, sum(heights) + gap * 8 + 2 * pad)
        panel.center = (w // 2, h // 2)
        x, y = panel.x + pad, panel.y + pad
        title = pygame.Rect(x, y, inner, heights[0])
        y += heights[0] + gap
        field = pygame.Rect(x, y, inner, heights[1])
        y += heights[1] + gap
        status = pygame.Rect(x, y, inner, heights[2])
        y += heights[2] + gap
        n = len(self.typed)
        locked = self.wait_left() > 0
        labels = {"back": "←", "ok": host.kit.tr(T.OK)}
        buttons = []
        for i, k in enumerate(self.KEYS):
            row, col = divmod(i, 3)
            rect = pygame.Rect(x + col * (key + gap), y + row * (key + gap), key, key)
            enabled = not locked and (k != "ok" or n > 0) and (k != "back" or n > 0)
            action = self.key_actions[k]
            buttons.append(render.Button(rect, labels.get(k, k), action, enabled, k == "ok"))
        y += 4 * (key + gap)
        cancel = pygame.Rect(x, y, inner, heights[-1])
        buttons.append(render.Button(cancel, host.kit.tr(T.CANCEL), self.cancel))
        return _PadGeometry(panel, title, field, status, buttons, px, status_px, gap)

    def draw_panel(self, surface: pygame.Surface) -> None:
        tr = self.host.kit.tr
        fonts = self.host.kit.fonts
        g = self._geometry()
        px = g.px
        render.rounded(surface, g.panel, render.PANEL_BG, max(12, g.gap * 2))
        # Title.
        font, lines = fonts.wrap(tr(T.ENTER_PIN), g.title.w, int(px * 1.2), 1, bold=True)
        render.text_centered(surface, font, lines[0], g.title.center, render.PANEL_INK)
        # The digits typed, as dots.
        field = g.field
        render.rounded(surface, field, (255, 255, 255), 10)
        render.rounded(surface, field, (90, 120, 100), 10, 2)
        n = len(self.typed)
        if n:
            r = max(4, field.h // 7)
            step = min(r * 3, (field.w - 4 * r) // max(1, n))
            x0 = field.centerx - step * (n - 1) / 2
            for i in range(n):
                pygame.draw.circle(
                    surface, render.PANEL_INK, (round(x0 + i * step), field.centery), r
                )
        # Status: wrong PIN, or the wait.
        wait = self.wait_left()
        status = ""
        if wait > 0:
            status = tr.plural(T.PIN_WAIT, wait)
        elif self.wrong:
            status = tr(T.WRONG_PIN)
        if status:
            font, lines = fonts.wrap(status, g.status.w, g.status_px, 2, bold=True)
            lh = font.get_linesize()
            cy = g.status.centery - lh * (len(lines) - 1) // 2
            for i, ln in enumerate(lines):
                render.text_centered(
                    surface, font, ln, (g.panel.centerx, cy + i * lh), (176, 36, 24)
                )
        # The keys.
        for b in g.buttons:
            b.draw(surface, fonts, int(px * 1.2) if b.label.isdigit() else px)


class _PadGeometry(NamedTuple):
    panel: pygame.Rect
    title: pygame.Rect
    field: pygame.Rect
    status: pygame.Rect
    buttons: list[render.Button]
    px: int
    status_px: int
    gap: int


# -- the kiosk's hold on the app -----------------------------------------------------------


class AppKioskHost:
    """The app as the kiosk logic sees it (:class:`crescent.kiosk.core.KioskHost`)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.attract: AttractScene | None = None
        """One attract scene for the kiosk's life, re-entered each time."""
        self.operator: OperatorScreen | None = None
        """The operator screen, while it is open."""
        self.keeper = WindowKeeper()

    @property
    def now(self) -> float:
        return self.app.now

    @property
    def size(self) -> tuple[int, int]:
        return self.app.size

    @property
    def touch_px(self) -> int:
        return self.app.layout.touch_px

    @property
    def exit_corner(self) -> tuple[int, int, int, int] | None:
        c = self.app.layout.corner
        return None if c is None else (c.x, c.y, c.w, c.h)

    @property
    def session(self) -> Session:
        return self.app.session

    @property
    def language(self) -> str:
        return self.app.tr.lang

    def set_language(self, lang: str) -> None:
        self.app.set_language(lang)

    def set_sound(self, on: bool) -> None:
        self.app.change_setting("sound", on)

    def close_dialogs(self) -> None:
        self.app.close_dialogs()

    def reset_interaction(self) -> None:
        self.app.table.reset_interaction()
        if self.attract is not None:
            self.attract.controller.reset()

    def new_game(self) -> None:
        self.app.new_game()

    def leave(self, code: int) -> None:
        self.app.exit_code = code
        self.app.running = False

    def redraw(self) -> None:
        self.app.full_redraw = True

    def window_hidden(self) -> bool:
        return self.keeper.hidden()

    def window_misplaced(self) -> bool:
        return self.keeper.misplaced()

    def set_dim(self, darkness: float) -> None:
        self.app.set_dim(darkness)

    def set_shift(self, shift: tuple[int, int]) -> None:
        self.app.set_shift(shift)

    def restore_window(self) -> None:
        self.keeper.restore()

    def show_attract(self, kiosk: Kiosk) -> None:
        if self.attract is None:
            self.attract = AttractScene(self.app, kiosk)
        self.app.push(self.attract)

    def hide_attract(self) -> None:
        if self.attract is not None:
            self.app.pop(self.attract)

    @property
    def attract_shown(self) -> bool:
        return self.attract is not None and self.attract in self.app.scenes

    def show_pin_pad(self, kiosk: Kiosk, purpose: Purpose) -> None:
        self.app.push(PinPad(self.app, kiosk, purpose))

    def hide_pin_pad(self) -> None:
        for scene in [s for s in self.app.scenes if isinstance(s, PinPad)]:
            self.app.pop(scene)

    @property
    def pin_pad_shown(self) -> bool:
        return any(isinstance(s, PinPad) for s in self.app.scenes)

    def show_operator(self, kiosk: Kiosk) -> None:
        self.operator = OperatorScreen(self.app, kiosk)
        self.app.push(self.operator)

    @property
    def operator_shown(self) -> bool:
        return self.operator is not None and self.operator in self.app.scenes


def install_kiosk(app: App, config: Config) -> Kiosk:
    """Lock the app down for a kiosk (``config.kiosk_config`` holds the PIN)."""
    app.table.hints.solver_bytes = KIOSK_SOLVER_BYTES  # hints at the kiosk's memory budget
    # No configuration: a kiosk with no operator PIN, fully locked (never an open one).
    kc = config.kiosk_config or KioskConfig()
    host = AppKioskHost(app)
    apply_kiosk_config(host, kc, lang_given=config.lang is not None)
    if app.tr.lang != app.session.settings.language and app.session.settings.language:
        app.set_language(app.session.settings.language)
    kiosk = Kiosk(host, kc)
    if kc.pin is not None:
        app.set_exit_corner(kc.exit_corner, kc.exit_corner_px)
    app.on_quit = lambda: False
    app.hooks.append(kiosk)
    app.after_first_frame.append(lambda: kiosk.watchdog.ready(app.now))
    app.settings_gate = kiosk.open_settings
    lock_display()
    _log().info("kiosk mode started")
    return kiosk


IDLE_CHOICES: Final = (30, 60, 90, 120, 180, 300, 600)
"""The idle times the operator screen offers (seconds), when the config leaves it open."""


class OperatorScreen(SettingsScreen):
    """Behind the PIN: the version, the settings (sound among them; locked where the
    config file fixes them), the idle time, the venue's statistics and their CSV export,
    the players' statistics, and Quit. No attract loop while it is open: after the config's
    ``operator_idle_seconds`` without a touch it closes back to the table."""

    holds_clock = True

    def __init__(self, host: Host, kiosk: Kiosk) -> None:
        self.kiosk = kiosk
        super().__init__(host)

    def step(self, name: str) -> None:
        super().step(name)
        if name == "sound":
            # The operator's choice: every new visitor starts with it.
            self.kiosk.sound = self.host.session.settings.sound

    def quit(self) -> None:
        self.kiosk.quit()

    def cycle_idle(self) -> None:
        now = round(self.kiosk.idle_s)
        later = [c for c in IDLE_CHOICES if c > now]
        self.kiosk.set_idle(float(later[0] if later else IDLE_CHOICES[0]))

    def export(self) -> None:
        store = self.host.session.store
        try:
            user: str | None = getpass.getuser()
        except (OSError, KeyError):
            user = None
        folders = export_folders(self.kiosk.config, store.root if store else None, user)
        self.host.push(ExportDialog(self.host, self.kiosk, folders))

    def _setting(self, key: str, label: str, value: str, action: Action) -> Row:
        """A setting's row, locked when the config file fixes ``key``."""
        if self.kiosk.config.fixes(key):
            note = self.host.kit.tr(T.SET_BY_CONFIG)
            button = ButtonSpec(f"{value}\n{note}", action)
            return Row(RowKind.SETTING, label, (button,), locked=True)
        return Row(RowKind.SETTING, label, (ButtonSpec(value, action),))

    def rows(self) -> list[Row]:
        tr = self.host.kit.tr
        venue = self.kiosk.venue
        today = venue.days.get(self.kiosk.today().isoformat())
        total = venue.totals()

        def both(n_today: int, n_all: int) -> str:
            return f"{n_today} / {n_all}"

        return [
            Row(RowKind.TITLE, f"{tr(T.OPERATOR)} · Crescent {__version__}"),
            *(
                self._setting(name, *self.row(name))
                for name in ("language", "variant", "winnable_only", "sound")
            ),
            self._setting(
                "idle_seconds",
                tr(T.IDLE_TIME),
                tr(T.SECONDS, n=round(self.kiosk.idle_s)),
                self.cycle_idle,
            ),
            Row(RowKind.TEXT, tr(T.VENUE_GAMES)),
            Row(
                RowKind.PAIR,
                tr(T.GAMES_STARTED),
                value=both(today.started if today else 0, total.started),
            ),
            Row(RowKind.PAIR, tr(T.GAMES_WON), value=both(today.won if today else 0, total.won)),
            Row(RowKind.PAIR, tr(T.LEFT_IDLE), value=both(today.idle if today else 0, total.idle)),
            Row(
                RowKind.BUTTONS,
                buttons=(
                    ButtonSpec(tr(T.EXPORT_CSV), self.export),
                    ButtonSpec(tr(T.STATISTICS), self.open_stats),
                ),
            ),
            Row(
                RowKind.BUTTONS,
                buttons=(
                    ButtonSpec(tr(T.QUIT_KIOSK), self.quit),
                    ButtonSpec(tr(T.CLOSE), self.close, True),
                ),
            ),
        ]


class ExportDialog(MessageDialog):
    """Choose a folder for the venue statistics' CSV; then says where it went."""

    holds_clock = True

    def __init__(self, host: Host, kiosk: Kiosk, folders: list[Path]) -> None:
        tr = host.kit.tr
        self.kiosk = kiosk
        buttons = [ButtonSpec(str(folder), partial(self._write, folder)) for folder in folders]
        buttons.append(ButtonSpec(tr(T.CANCEL), self.close, True))
        lines = [tr(T.EXPORT_TO) if folders else tr(T.NO_EXPORT_FOLDER)]
        super().__init__(host, tr(T.EXPORT_CSV), lines, buttons)

    def _write(self, folder: Path) -> None:
        tr = self.host.kit.tr
        try:
            path = export_csv(self.kiosk.venue, folder, self.kiosk.today())
        except OSError as e:
            _log().warning("venue statistics: cannot write to %s: %s", folder, e.strerror or e)
            self.lines = [tr(T.EXPORT_FAILED, path=str(folder))]
        else:
            _log().info("venue statistics exported to %s", path)
            self.lines = [tr(T.EXPORTED, path=str(path))]
        self.button_specs = (ButtonSpec(tr(T.CLOSE), self.close, True),)
        self._dirty = True
