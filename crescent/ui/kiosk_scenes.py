"""The kiosk's scenes: the attract loop and the operator's PIN pad.

:class:`AttractScene` is a table that plays a winnable deal by itself, on its
own :class:`~crescent.rules.engine.Game` (never the session's: the visitor's saved
game and statistics are not touched), under a "Touch to play" caption. It
fades in from the visitor's table. A touch starts a fresh game; a touch on
the HUD's language button changes the language and stays in the loop.

:class:`PinPad` is a digit pad for the operator PIN: the digits typed show
as dots, wrong PINs are refused and the pad says how long to wait.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

import pygame

from crescent.control.anim import MOVE_S, Flight
from crescent.control.input import KeyPress, PointerDown, PointerUp
from crescent.i18n import text as T
from crescent.kiosk.config import PIN_DIGITS
from crescent.rules.engine import FIRST_FOUNDATION, REDEAL, Game, IllegalMove, InvalidCode, Move
from crescent.ui import render
from crescent.ui.events import GameEvent, TextInput, WindowEvent
from crescent.ui.scene import Overlay
from crescent.ui.table import HUD_ITEMS, HudLook, TableScene, format_time

if TYPE_CHECKING:
    from crescent.kiosk.core import DemoLine, Kiosk, Purpose
    from crescent.ui.app import App

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


def lock_display() -> None:
    """Kiosk display: no mouse cursor; a fullscreen window that does not minimise
    when something else takes the focus (SDL reads the hint at that moment)."""
    os.environ["SDL_VIDEO_MINIMIZE_ON_FOCUS_LOSS"] = "0"
    pygame.mouse.set_visible(False)


def desktop_size() -> tuple[int, int] | None:
    """The first display's desktop size (the display must be initialised), or None."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return tuple(sizes[0]) if sizes else None  # type: ignore[return-value]


class _Dimmer:
    """A black full-screen surface for fades, kept per size."""

    def __init__(self) -> None:
        self._surface: pygame.Surface | None = None

    def draw(self, surface: pygame.Surface, darkness: float) -> None:
        a = round(255 * min(max(darkness, 0.0), 1.0))
        if a <= 0:
            return
        size = surface.get_size()
        if self._surface is None or self._surface.get_size() != size:
            self._surface = pygame.Surface(size)
            self._surface.fill((0, 0, 0))
        self._surface.set_alpha(a)
        surface.blit(self._surface, (0, 0))


class AttractScene(TableScene):
    """The table playing a winnable deal by itself, with a "Touch to play" caption."""

    opaque = True

    def __init__(self, app: App, kiosk: Kiosk) -> None:
        super().__init__(app)
        self.kiosk = kiosk
        self.demo = Game.new()
        self.line: DemoLine | None = None
        self.pos = 0
        self.wait = 0.0
        self.demo_time = 0.0
        self.age = 0.0
        """Seconds since the scene was entered (drives the fades)."""
        self.on_step: Callable[[str], None] | None = None
        """Told every token played (tests check them against the engine)."""
        self._pressed: tuple[int, bool] | None = None
        """(pointer, on the language button) of the press in progress."""
        self._snapshot: pygame.Surface | None = None
        self._dimmer = _Dimmer()
        self._faded = False
        self._caption_cache: tuple[tuple[str, int], pygame.Surface] | None = None

    @property
    def game(self) -> Game:
        return self.demo

    # -- lifecycle -----------------------------------------------------------------

    def enter(self) -> None:
        self._snapshot = self.app.screen.copy()
        self.age = 0.0
        self._faded = False
        self._pressed = None
        self.controller.reset()
        self.anims.finish()
        self.next_deal()

    def exit(self) -> None:
        self._snapshot = None
        self.anims.finish()
        self._pressed = None

    def next_deal(self) -> None:
        """Deal the next winnable deal of the loop."""
        line = self.kiosk.planner.next_line()
        try:
            demo = Game.from_code(line.code)
        except (InvalidCode, ValueError):
            self.kiosk.planner.discard(line)
            from crescent.kiosk.core import RECORDED

            line = RECORDED
            demo = Game.from_code(line.code)
        self.line = line
        self.demo = demo
        self.pos = 0
        self.wait = START_S
        self.demo_time = 0.0
        self.anims.finish()

    # -- input ---------------------------------------------------------------------

    def _on_language(self, x: float, y: float) -> bool:
        i = self.app.layout.hud_item_at(x, y)
        return i is not None and HUD_ITEMS[i] == "lang"

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
                self.app.cycle_language()  # one tap, and the loop goes on in that language
            else:
                self.kiosk.end_attract()
        elif isinstance(event, KeyPress | TextInput):
            self.kiosk.end_attract()

    # -- playing -------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.age += dt
        self.anims.update(dt)
        if self.age < FADE_S:
            return  # the visitor's table is still fading out
        line = self.line
        if line is None:
            self.next_deal()
            return
        if self.demo.status == "playing":
            self.demo_time += dt
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
        if self.pos >= len(line.tokens):
            self.wait = WON_S
        elif token == REDEAL:
            self.wait = REDEAL_STEP_S
        elif Move.parse(token).src >= FIRST_FOUNDATION:
            self.wait = SLIDE_STEP_S
        else:
            self.wait = STEP_S

    def _play(self, token: str) -> None:
        demo = self.demo
        if token == REDEAL:
            demo.redeal()
            self._animate_redeal()
            return
        move = Move.parse(token)
        card = demo.top(move.src)
        demo.play(move)  # the engine checks it: IllegalMove if the line is wrong
        assert card is not None
        view = self._view
        self.anims.add(
            Flight(card, view.slot_origin(move.src), view.slot_origin(move.dst), move.dst, FLIGHT_S)
        )

    # -- drawing -------------------------------------------------------------------

    def _hud_key(self, i: int) -> HudLook:
        item = HUD_ITEMS[i]
        tr = self.app.tr
        if item == "time":
            return HudLook("info", tr(T.TIME), format_time(self.demo_time), True, False)
        look = super()._hud_key(i)
        if item in ("moves", "lang"):
            return look
        return look._replace(enabled=False, glow=False)  # only the language is live

    def _caption(self) -> tuple[pygame.Surface, pygame.Rect]:
        lay = self.app.layout
        text = self.app.tr(T.TOUCH_TO_PLAY)
        w, h = self.app.size
        px = max(lay.hud_px * 2, round(lay.touch_px * 1.3))
        px = min(px, max(16, h // 12))
        key = (text, px)
        cached = self._caption_cache
        if cached is None or cached[0] != key:
            font = self.app.fonts.fit(text, int(w * 0.8), px, bold=True)
            img = font.render(text, True, render.INK)
            cached = (key, img)
            self._caption_cache = cached
        img = cached[1]
        pad_x, pad_y = img.get_height(), img.get_height() // 3
        box = pygame.Rect(0, 0, img.get_width() + 2 * pad_x, img.get_height() + 2 * pad_y)
        msg = lay.message
        box.center = (w // 2, msg.y + msg.h // 2)
        return img, box

    def _transient_rects(self) -> list[pygame.Rect]:
        rects = super()._transient_rects()
        _, box = self._caption()
        rects.append(box.inflate(8, 8))
        return rects

    def _draw_transients(self, surface: pygame.Surface) -> None:
        super()._draw_transients(surface)
        img, box = self._caption()
        pulse = 0.5 + 0.5 * math.sin(self.age * 2 * math.pi / PULSE_S)
        radius = box.h // 2
        render.alpha_rounded(surface, box, (8, 30, 20, 200 + round(40 * pulse)), radius)
        r, g, b = (
            round(dim + (gold - dim) * pulse) for dim, gold in ((120, 255), (100, 200), (40, 60))
        )
        render.rounded(surface, box, (r, g, b), radius, max(2, box.h // 24))
        surface.blit(img, img.get_rect(center=box.center))

    def draw(self, surface: pygame.Surface, full: bool) -> list[pygame.Rect] | None:
        if self.age < FADE_S and self._snapshot is not None:
            surface.blit(self._snapshot, (0, 0))
            self._dimmer.draw(surface, self.age / FADE_S)
            return None
        if self.age < 2 * FADE_S:
            self._snapshot = None
            super().draw(surface, True)
            self._dimmer.draw(surface, 1.0 - (self.age - FADE_S) / FADE_S)
            return None
        if not self._faded:
            self._faded = True
            full = True
        return super().draw(surface, full)


class PinPad(Overlay):
    dim_alpha = 150

    """The operator's PIN pad: digits, delete, OK, cancel; the PIN shows as dots."""

    KEYS: Final = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "back", "0", "ok")

    def __init__(self, app: App, kiosk: Kiosk, purpose: Purpose) -> None:
        super().__init__(app)
        self.kiosk = kiosk
        self.purpose: Purpose = purpose
        self.typed = ""
        self.wrong = False
        self.buttons: list[render.Button] = []
        self._pressed: render.Button | None = None
        self._shown_wait = -1

    def __repr__(self) -> str:
        return f"PinPad({self.purpose!r}, {len(self.typed)} digits)"  # never the digits

    # -- state ---------------------------------------------------------------------

    def wait_left(self) -> int:
        guard = self.kiosk.guard
        return math.ceil(guard.wait_left(self.app.now)) if guard is not None else 0

    def press(self, action: str) -> None:
        self._dirty = True
        if action == "cancel":
            self.typed = ""
            self.app.pop(self)
            return
        if self.wait_left() > 0:
            return
        if action == "back":
            self.typed = self.typed[:-1]
        elif action == "ok":
            self.submit()
        elif action.isdigit() and len(self.typed) < PIN_DIGITS[1]:
            self.typed += action
            self.wrong = False

    def submit(self) -> None:
        attempt, self.typed = self.typed, ""
        if not attempt:
            return
        result = self.kiosk.try_pin(attempt, self.purpose)
        self.wrong = result == "wrong"
        if result == "ok" and self in self.app.scenes and self.purpose == "exit":
            self.app.pop(self)

    # -- input ---------------------------------------------------------------------

    def handle(self, event: GameEvent) -> None:
        if isinstance(event, PointerDown):
            self._pressed = render.hit(self.buttons, (event.x, event.y))
        elif isinstance(event, PointerUp):
            b = render.hit(self.buttons, (event.x, event.y))
            if b is not None and b is self._pressed:
                self.press(b.action)
            self._pressed = None
        elif isinstance(event, TextInput):
            for ch in event.text:
                if ch.isascii() and ch.isdigit():
                    self.press(ch)
        elif isinstance(event, KeyPress):
            if event.key == "backspace":
                self.press("back")
            elif event.key in ("return", "enter", "kp_enter"):
                self.press("ok")
            elif event.key == "escape":
                self.press("cancel")

    def update(self, dt: float) -> None:
        wait = self.wait_left()
        if wait != self._shown_wait:
            self._shown_wait = wait
            self._dirty = True

    # -- drawing -------------------------------------------------------------------

    def draw_panel(self, surface: pygame.Surface) -> None:
        app = self.app
        tr = app.tr
        fonts = app.fonts
        w, h = surface.get_size()
        touch = app.layout.touch_px
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
        render.rounded(surface, panel, render.PANEL_BG, max(12, gap * 2))
        x, y = panel.x + pad, panel.y + pad
        # Title.
        font, lines = fonts.wrap(tr(T.ENTER_PIN), inner, int(px * 1.2), 1, bold=True)
        render.text_centered(
            surface, font, lines[0], (panel.centerx, y + heights[0] // 2), render.PANEL_INK
        )
        y += heights[0] + gap
        # The digits typed, as dots.
        field = pygame.Rect(x, y, inner, heights[1])
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
        y += heights[1] + gap
        # Status: wrong PIN, or the wait.
        wait = self.wait_left()
        status = ""
        if wait > 0:
            status = tr.plural(T.PIN_WAIT, wait)
        elif self.wrong:
            status = tr(T.WRONG_PIN)
        if status:
            font, lines = fonts.wrap(status, inner, status_px, 2, bold=True)
            lh = font.get_linesize()
            cy = y + heights[2] // 2 - lh * (len(lines) - 1) // 2
            for i, ln in enumerate(lines):
                render.text_centered(surface, font, ln, (panel.centerx, cy + i * lh), (176, 36, 24))
        y += heights[2] + gap
        # The keys.
        self.buttons = []
        locked = wait > 0
        labels = {"back": "←", "ok": tr(T.OK)}
        for i, k in enumerate(self.KEYS):
            row, col = divmod(i, 3)
            rect = pygame.Rect(x + col * (key + gap), y + row * (key + gap), key, key)
            enabled = not locked and (k != "ok" or n > 0) and (k != "back" or n > 0)
            b = render.Button(rect, labels.get(k, k), k, enabled, k == "ok")
            b.draw(surface, fonts, int(px * 1.2) if k.isdigit() else px)
            self.buttons.append(b)
        y += 4 * (key + gap)
        b = render.Button(pygame.Rect(x, y, inner, heights[-1]), tr(T.CANCEL), "cancel")
        b.draw(surface, fonts, px)
        self.buttons.append(b)
