"""The replay of a finished game: its table step by step, with the player's controls.

Opened from a game of the statistics' last games. The table is drawn by the game's own
picture (:class:`~crescent.ui.table_view.TableView`) from a
:class:`~crescent.play.replay.Replay`, an engine game of its own: nothing here touches the
game in progress or the history. The controls are cells like the HUD's, where the HUD
would be: Close, Back, Play/Pause, Next, the speed, and the step shown ("12 of 95");
under them the step's words ("Ace of spades: Pile 10 → Pile 14") over a scrub bar that a
tap or a drag (finger or mouse) moves to any step. Keys: Space (or Enter) plays and
pauses, Left and Right step, Home and End go to the deal and the last step, Up and Down
change the speed, Esc closes. With speech on, each step shown is said (its words and
"12 of 95"), and so are Play, Pause and the speed.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, NamedTuple

import pygame

from crescent.control.anim import MOVE_S, Animations, Flight
from crescent.control.fan import Fan, compute_fanned_layout
from crescent.control.input import (
    Controller,
    GameEvent,
    KeyPress,
    PointerDown,
    PointerMove,
    PointerUp,
    mm_to_px,
)
from crescent.control.layout import TableLayout, compute_layout
from crescent.i18n import text as T
from crescent.i18n.translator import Translator
from crescent.play.replay import Playback, Replay, Step, StepKind, step_at
from crescent.rules.engine import Game
from crescent.rules.modes import HudItem
from crescent.themes import Theme
from crescent.ui import hud, render
from crescent.ui.cards import CardArt
from crescent.ui.hud import Aids, CellKind, HudLook
from crescent.ui.scene import Host, Scene
from crescent.ui.table_view import TableView
from crescent.ui.window import Options, showing_cards


class Control(enum.Enum):
    """The replay's cells, in order."""

    CLOSE = enum.auto()
    BACK = enum.auto()
    PLAY = enum.auto()
    NEXT = enum.auto()
    SPEED = enum.auto()
    STEP = enum.auto()
    """The step shown, of how many (not a button)."""


CONTROLS = tuple(Control)
SPEED_TEXT = {0.5: "½×", 1.0: "1×", 2.0: "2×", 4.0: "4×"}


class ReplayLayout(NamedTuple):
    """The replay in a window: the table and its cells, then the strip under them (the
    step's words over the scrub bar)."""

    table: TableLayout
    fan: Fan | None
    strip: pygame.Rect
    """The band under the cells: the words and the bar."""
    words: pygame.Rect
    bar: pygame.Rect
    """Where a tap or a drag scrubs (the touch size high)."""
    track: pygame.Rect
    """The bar's drawn line, from the deal (left end) to the last step."""


def lay_out(size: tuple[int, int], touch: int, fanned: bool) -> ReplayLayout:
    """The replay laid out for a window of ``size`` with controls ``touch`` pixels at least."""
    w, h = max(size[0], 320), max(size[1], 320)
    words_h = max(render.MIN_PX + 8, round(min(w, h) * 0.03))
    strip_h = words_h + touch + max(6, touch // 5)
    table: TableLayout | None = None
    fan: Fan | None = None
    if fanned:
        try:
            table, fan = compute_fanned_layout(
                w, h - strip_h, hud_items=len(CONTROLS), touch_px=touch
            )
        except ValueError:
            table = None
    if table is None:
        table = compute_layout(w, h - strip_h, hud_items=len(CONTROLS), touch_px=touch)
    margin = max(8, touch // 3)
    top = h - strip_h
    words = pygame.Rect(margin, top, w - 2 * margin, words_h)
    bar = pygame.Rect(margin, words.bottom, w - 2 * margin, touch)
    knob = max(8, touch // 3)
    track = pygame.Rect(bar.x + knob, bar.centery - 2, bar.w - 2 * knob, 4)
    strip = pygame.Rect(0, top, w, h - top)
    return ReplayLayout(table, fan, strip, words, bar, track)


@dataclass(frozen=True, slots=True)
class ReplayKit:
    """What the replay's table draws with: the host's words, fonts and art, in the
    replay's own layout, with no HUD of the game (the cells are the replay's)."""

    tr: Translator
    fonts: render.Fonts
    theme: Theme
    art: CardArt
    options: Options
    layout: TableLayout
    fan: Fan | None
    size: tuple[int, int]
    hud_items: tuple[HudItem, ...] = ()


class ReplayScene(Scene):
    """A finished game played back (read only: the replay's own engine game)."""

    opaque = True
    holds_clock = True

    def __init__(self, host: Host, replay: Replay, back: Callable[[], None] | None = None) -> None:
        super().__init__(host)
        self.replay = replay
        self.back = back
        """Called once closed (the dialog under it says itself again)."""
        self.playback = Playback(len(replay))
        self.game: Game = replay.position(0)
        self.changes = 0
        """Bumped whenever the table shown changes (the picture's signature)."""
        # What the table's picture reads of a table scene: nothing selected, no hint.
        self.controller = Controller()
        self.anims = Animations()
        self.aids = Aids()
        """No hint, no sentence, no verdict: the replay shows none of the table's aids."""
        self.pausable = False
        self._pressed: tuple[int, Control | None] | None = None
        """(pointer, the cell under it, or None: the scrub bar) of the press in progress."""
        self.lay = self._lay_out()
        self.view = self._view()
        self._drawn: dict[Control, HudLook] = {}
        self._strip: tuple[object, ...] | None = None

    def _view(self) -> TableView:
        """The table's picture of the replay's game, laid out in the replay's window."""
        kit = self.host.kit
        lay = self.lay
        own = ReplayKit(
            kit.tr, kit.fonts, kit.theme, kit.art, kit.options, lay.table, lay.fan, kit.size
        )
        return TableView(self.host, self, own)

    def _lay_out(self) -> ReplayLayout:
        host = self.host
        fanned = host.session.settings.show_piles
        # A finger's size (9 mm) at least, at the screen's density (96 dpi unknown).
        finger = math.ceil(mm_to_px(host.kit.options.touch_mm, host.kit.options.dpi))
        return lay_out(host.kit.size, max(host.kit.layout.touch_px, finger), fanned)

    # -- lifecycle -----------------------------------------------------------------

    def enter(self) -> None:
        table = self.lay.table
        self.host.kit.art.prefetch(showing_cards(self.game), (table.card_w, table.card_h))
        self._say(self.host.kit.tr(T.WATCH_REPLAY), self.step_said())

    def exit(self) -> None:
        self.anims.finish()
        self.view = self._view()  # its surfaces let go

    def relayout(self) -> None:
        self.lay = self._lay_out()
        self.view = self._view()
        self.anims.finish()
        self._drawn = {}
        self._strip = None

    def close(self) -> None:
        self.host.pop(self)
        if self.back is not None:
            self.back()

    # -- speech --------------------------------------------------------------------

    def _say(self, *parts: str) -> None:
        a = self.host.announcer
        if a is not None:
            a.say(a.join(parts))

    def step_said(self) -> str:
        """The step shown as speech says it: its words, then "12 of 95"."""
        tr = self.host.kit.tr
        shown = tr(T.REPLAY_STEP_OF, n=self.playback.at, total=len(self.replay))
        return f"{self.words()}, {shown}"

    def _say_speed(self) -> None:
        speed = self.playback.speed
        shown = SPEED_TEXT.get(speed, f"{speed:g}×")
        self._say(self.host.kit.tr(T.SPOKEN_SPEEDS[speed]) if speed in T.SPOKEN_SPEEDS else shown)

    # -- the position shown ---------------------------------------------------------

    def _show(self, before: int) -> None:
        """The playback moved from step ``before``: the table after ``playback.at`` steps,
        a single step forward flown (a move, or an undo taking its card back)."""
        at = self.playback.at
        if at == before:
            return
        self.anims.finish()
        self.game = self.replay.position(at)
        self.changes += 1
        if at == before + 1:
            self._fly(self.replay.steps[at - 1])
        self._say(self.step_said())

    def _fly(self, step: Step) -> None:
        move, card = step.move, step.card
        if move is None or card is None:
            return
        src, dst = (move.src, move.dst) if step.kind is StepKind.MOVE else (move.dst, move.src)
        slots = self.lay.table.slots
        duration = min(MOVE_S * 1.5, self.playback.interval * 0.6)
        start, end = slots[src], slots[dst]
        self.anims.add(Flight(card, (start.x, start.y), (end.x, end.y), dst, duration))

    def act(self, control: Control) -> None:
        """What a tap on a cell does."""
        pb, before = self.playback, self.playback.at
        if control is Control.CLOSE:
            self.close()
            return
        if control is Control.BACK:
            pb.back()
        elif control is Control.PLAY:
            pb.toggle()
            self._say(self.host.kit.tr(T.REPLAY_PLAY if pb.playing else T.REPLAY_PAUSE))
        elif control is Control.NEXT:
            pb.forward()
        elif control is Control.SPEED:
            pb.cycle_speed()
            self._say_speed()
        self._show(before)

    def jump(self, i: int) -> None:
        before = self.playback.at
        self.playback.jump(i)
        self._show(before)

    # -- input ---------------------------------------------------------------------

    _KEYS: ClassVar[dict[str, Control]] = {
        "space": Control.PLAY,
        "return": Control.PLAY,
        "left": Control.BACK,
        "right": Control.NEXT,
        "escape": Control.CLOSE,
    }

    def handle(self, event: GameEvent) -> None:
        if isinstance(event, KeyPress):
            self._key(event)
        elif isinstance(event, PointerDown):
            if self._pressed is not None:
                return  # one pointer at a time
            control = self._cell_at(event.x, event.y)
            if control is not None:
                self._pressed = (event.pointer, control)
            elif self.lay.bar.collidepoint(event.x, event.y):
                self._pressed = (event.pointer, None)
                self._scrub(event.x)
        elif isinstance(event, PointerMove | PointerUp):
            self._pointer(event)

    def _key(self, ev: KeyPress) -> None:
        if ev.ctrl or ev.alt:
            return
        control = self._KEYS.get(ev.key)
        if control is not None:
            self.act(control)
        elif ev.key == "home":
            self.jump(0)
        elif ev.key == "end":
            self.jump(len(self.replay))
        elif ev.key in ("up", "down"):
            pb = self.playback
            pb.faster() if ev.key == "up" else pb.slower()
            self.changes += 1
            self._say_speed()

    def _pointer(self, ev: PointerMove | PointerUp) -> None:
        pressed = self._pressed
        if pressed is None or pressed[0] != ev.pointer:
            return
        if pressed[1] is None:
            self._scrub(ev.x)
        if isinstance(ev, PointerUp):
            self._pressed = None
            if pressed[1] is not None and self._cell_at(ev.x, ev.y) is pressed[1]:
                self.act(pressed[1])

    def _scrub(self, x: float) -> None:
        track = self.lay.track
        self.jump(step_at(x, track.x, track.w, len(self.replay)))

    def _cell_at(self, x: float, y: float) -> Control | None:
        i = self.lay.table.hud_item_at(x, y)
        if i is None or CONTROLS[i] is Control.STEP:
            return None
        return CONTROLS[i]

    # -- time ----------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.anims.update(dt)
        before = self.playback.at
        if self.playback.update(dt):
            self._show(before)

    def wake_at(self, now: float) -> float | None:
        if self.anims.busy:
            return None
        due = self.playback.due_in()
        return math.inf if due is None else now + due

    # -- drawing -------------------------------------------------------------------

    def look(self, control: Control) -> HudLook:
        """What the cell of ``control`` shows."""
        tr, pb = self.host.kit.tr, self.playback
        steps = len(self.replay)
        if control is Control.STEP:
            shown = tr(T.REPLAY_STEP_OF, n=pb.at, total=steps)
            return HudLook(CellKind.INFO, tr(T.REPLAY_STEP), shown, True, False)
        if control is Control.PLAY:
            title = tr(T.REPLAY_PAUSE if pb.playing else T.REPLAY_PLAY)
            return HudLook(CellKind.BUTTON, title, "", steps > 0, pb.playing)
        if control is Control.SPEED:
            speed = SPEED_TEXT.get(pb.speed, f"{pb.speed:g}×")
            return HudLook(CellKind.BUTTON, tr(T.REPLAY_SPEED), speed, True, False)
        enabled = {
            Control.CLOSE: True,
            Control.BACK: pb.at > 0,
            Control.NEXT: pb.at < steps,
        }[control]
        names = {Control.CLOSE: T.CLOSE, Control.BACK: T.REPLAY_BACK, Control.NEXT: T.REPLAY_NEXT}
        return HudLook(CellKind.BUTTON, tr(names[control]), "", enabled, False)

    def words(self) -> str:
        """The step shown, for the player: the deal, a move, a redeal, an undo, a level."""
        tr, at = self.host.kit.tr, self.playback.at
        if at == 0:
            return tr(T.REPLAY_DEAL)
        step = self.replay.steps[at - 1]
        if step.kind is StepKind.LEVEL:
            return tr(T.LEVEL_N, n=step.level)
        if step.kind is StepKind.REDEAL:
            return tr(T.SHUFFLE if step.token == "S" else T.REDEAL)
        assert step.move is not None
        assert step.card is not None
        move = tr.move(step.card, step.move.src, step.move.dst)
        return tr(T.REPLAY_UNDO, move=move) if step.kind is StepKind.UNDO else move

    def draw(self, surface: pygame.Surface, full: bool) -> list[pygame.Rect] | None:
        rects = self.view.draw(surface, full, False)
        whole = rects is None
        changed = self._draw_cells(surface, whole, rects or [])
        strip = self.lay.strip
        key = (self.playback.at, len(self.replay), self.host.kit.tr.lang, self.lay)
        if whole or key != self._strip or strip.collidelist(rects or []) >= 0:
            self._strip = key
            self._draw_strip(surface)
            changed.append(strip)
        return None if rects is None else rects + changed

    def _draw_cells(
        self, surface: pygame.Surface, whole: bool, dirty: list[pygame.Rect]
    ) -> list[pygame.Rect]:
        """Draw the cells that changed (or that the table's frame drew over)."""
        table, base = self.lay.table, self.view.base
        assert base is not None
        out: list[pygame.Rect] = []
        for control, cell in zip(CONTROLS, table.hud_cells, strict=True):
            rect = pygame.Rect(cell.x, cell.y, cell.w, cell.h)
            look = self.look(control)
            if not whole and self._drawn.get(control) == look and rect.collidelist(dirty) < 0:
                continue
            self._drawn[control] = look
            sizes = (table.hud_px, table.hud_sub_px)
            hud.draw_cell(
                surface, rect, look, self.host.kit.fonts, sizes, (base, (0, 0)), self.host.kit.theme
            )
            out.append(rect)
        return out

    def _draw_strip(self, surface: pygame.Surface) -> None:
        lay, fonts = self.lay, self.host.kit.fonts
        base = self.view.base
        assert base is not None
        surface.blit(base, lay.strip, lay.strip)
        render.alpha_rounded(surface, lay.strip, render.HUD_BG, 0)
        text = self.words()
        px = max(render.MIN_PX, lay.table.hud_sub_px)
        font = fonts.fit(text, lay.words.w, px, min_px=render.MIN_PX)
        render.text_centered(surface, font, text, lay.words.center, render.INK)
        track, steps = lay.track, len(self.replay)
        render.alpha_rounded(surface, track.inflate(0, 2), (0, 0, 0, 110), 3)
        x = track.x + (track.w * self.playback.at // steps if steps else 0)
        done = pygame.Rect(track.x, track.y, x - track.x, track.h)
        if done.w > 0:
            render.rounded(surface, done, render.GOLD, 2)
        knob = max(8, lay.bar.h // 3)
        pygame.draw.circle(surface, render.GOLD, (x, track.centery), knob)
        pygame.draw.circle(surface, render.FELT_EDGE, (x, track.centery), knob, 2)
