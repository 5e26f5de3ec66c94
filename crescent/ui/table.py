"""The table scene: the horseshoe of piles, the foundations, the HUD.

It carries out the input controller's intents through the session (and so
the engine), animates what happened, and draws only what changed: each slot
and HUD cell has an appearance key, and only slots whose key changed are
redrawn and sent to the display.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import pygame

from crescent.control.anim import MOVE_S, REDEAL_S, SLIDE_BACK_S, Animations, Flight
from crescent.control.assist import PlayableCache
from crescent.control.fan import FanView
from crescent.control.input import (
    Command,
    Controller,
    DragBack,
    Intent,
    KeyPress,
    LayoutView,
    PlayMove,
    PointerDown,
    PointerMove,
    PointerUp,
    Refuse,
)
from crescent.i18n import text as T
from crescent.rules import modes
from crescent.rules.engine import PILES, Game, IllegalMove, Move, Reason
from crescent.solver.autofinish import finish_line
from crescent.solver.hints import HintAnswer, HintWorker
from crescent.ui import render
from crescent.ui.events import GameEvent, WindowEvent
from crescent.ui.fan_view import draw_fan
from crescent.ui.marks import draw_playable_mark
from crescent.ui.scene import Scene
from crescent.ui.sound import Cue

if TYPE_CHECKING:
    from crescent.ui.app import App


class SlotLook(NamedTuple):
    """Everything a slot's picture depends on: redraw it when this changes."""

    card: int | None
    down: bool
    size: int
    selected: bool
    dest: bool
    hinted: bool
    focused: bool
    playable: bool = False
    """Marked by "Show playable cards"."""
    under: tuple[int, ...] = ()
    """"Show whole piles": the cards under the top card, bottom first."""
    under_down: int = 0
    """...of which this many, at the bottom, lie face down."""


class HudLook(NamedTuple):
    kind: str
    title: str
    sub: str
    enabled: bool
    glow: bool
    short: str = ""
    """Said instead of ``sub`` when ``sub`` cannot fit the cell (narrow windows)."""


HUD_ITEMS = tuple(item.value for item in modes.DEFAULT.hud)
MESSAGE_S = 3.5


def format_time(seconds: float) -> str:
    s = int(seconds)
    h, rem = divmod(s, 3600)
    m, sec = divmod(rem, 60)
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m:02d}:{sec:02d}"


class TableScene(Scene):
    opaque = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.controller = Controller(hud_items=HUD_ITEMS)
        self.anims = Animations()
        self.hints = HintWorker()
        self.hint: HintAnswer | None = None
        self.hint_pending = False
        self.message: tuple[str, float] | None = None
        self.message_age = 0.0
        self.point_redeal = False
        self.finish: list[Move] | None = None
        self.finishing: list[Move] = []
        self._finish_for = -1
        self._after_landing: list[str] = []
        self.base: pygame.Surface | None = None
        self._slot_keys: list[SlotLook | None] = [None] * 24
        self._hud_keys: list[HudLook | None] = [None] * len(HUD_ITEMS)
        self._transient: list[pygame.Rect] = []
        self._last_signature: tuple[object, ...] = ()
        self._view = self._make_view()
        self._playable = PlayableCache()

    # -- state helpers -----------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.app.session.game

    def relayout(self) -> None:
        self._view = self._make_view()
        self.base = None

    def _make_view(self) -> LayoutView:
        fan = self.app.fan
        if fan is None:
            return LayoutView(self.app.layout)
        return FanView(self.app.layout, fan, lambda: self.game)

    def say(self, message: str) -> None:
        self.message = (message, MESSAGE_S)
        self.message_age = 0.0

    def _reset_hint(self) -> None:
        self.hints.cancel()
        self.hint = None
        self.hint_pending = False

    def after_change(self) -> None:
        """The game changed: clear stale hints, check the end, offer Finish."""
        self._reset_hint()
        self.point_redeal = False
        game = self.game
        status = game.status
        if status == "won":
            self._after_landing.append("won")
        elif status == "blocked":
            self._after_landing.append("blocked")
        elif not game.has_move() and game.redeals_left > 0:
            self.point_redeal = True
            self.say(self.app.tr(T.POINT_REDEAL))
        self._update_finish()

    def _update_finish(self) -> None:
        changes = self.app.session.changes
        if self._finish_for != changes:
            self._finish_for = changes
            self.finish = finish_line(self.game) if not self.finishing else None

    # -- input -------------------------------------------------------------------

    def handle(self, event: GameEvent) -> None:
        if isinstance(event, WindowEvent):
            return
        if isinstance(event, (PointerDown, PointerMove, PointerUp, KeyPress)):
            if isinstance(event, (PointerDown, KeyPress)) and self.anims.busy:
                self._land(self.anims.finish())
                if self.finishing:
                    self.finishing = []  # a touch stops auto-finish
            if isinstance(event, (PointerDown, KeyPress)):
                self.app.session.idle_abandoned = False
            holding = self.controller.holding()
            intents = self.controller.handle(event, self.app.now, self._view, self.game)
            for intent in intents:
                self.execute(intent)
            if not holding and self.controller.holding():
                self.app.sound.play(Cue.PICKUP)

    def execute(self, intent: Intent) -> None:
        if isinstance(intent, PlayMove):
            self.play(intent.move, intent.from_pos)
        elif isinstance(intent, Refuse):
            self.refuse(intent.reason, intent.place, intent.from_pos)
        elif isinstance(intent, DragBack):
            self._slide_back(intent.place, intent.from_pos)
        elif isinstance(intent, Command):
            self.command(intent.name)

    def play(self, move: Move, from_pos: tuple[float, float] | None = None) -> None:
        card = self.game.top(move.src)
        try:
            self.app.session.play(move)
        except IllegalMove as e:
            self.refuse(e.reason, move.src, from_pos)
            return
        assert card is not None
        start = from_pos if from_pos is not None else self._view.slot_origin(move.src)
        self.anims.add(Flight(card, start, self._view.slot_origin(move.dst), move.dst, MOVE_S))
        self.controller.selected = None
        self.app.sound.play(Cue.PLACE)
        self.after_change()

    def refuse(self, reason: Reason, place: int, from_pos: tuple[float, float] | None) -> None:
        if from_pos is not None:
            self._slide_back(place, from_pos)
        self.app.sound.play(Cue.REFUSE)
        if self.app.session.settings.interactive_rules:
            self.say(self.app.tr.reason(reason))

    def _slide_back(self, place: int, from_pos: tuple[float, float]) -> None:
        card = self.game.top(place)
        if card is None:
            return
        # The card never left the engine's pile: fly it home over its own slot.
        self.anims.add(Flight(card, from_pos, self._view.slot_origin(place), place, SLIDE_BACK_S))

    def command(self, name: str) -> None:
        session = self.app.session
        tr = self.app.tr
        if name == "undo":
            self._undo()
        elif name == "redeal":
            if session.game.redeals_left <= 0:
                if session.settings.interactive_rules:
                    self.say(tr.reason(Reason.NO_REDEALS_LEFT))
                return
            self.controller.reset()
            session.redeal()
            self.app.sound.play(Cue.REDEAL)
            self._animate_redeal()
            self.after_change()
        elif name == "new":
            self.app.new_game()
        elif name == "hint":
            if self.finish:
                self.start_finish()
            else:
                self.ask_hint()
        elif name == "settings":
            self.app.open_settings()
        elif name == "code":
            self.app.open_code()
        elif name == "lang":
            self.app.cycle_language()
        elif name == "sound":
            self.app.toggle_sound()
        elif name == "rules":
            self.app.open_rules()

        elif name == "fullscreen":
            self.app.toggle_fullscreen()
        elif name == "escape":
            self.app.escape()

    def _undo(self) -> None:
        game = self.game
        last = game.history[-1] if game.can_undo else None
        if last is None or not self.app.session.undo():
            return
        self.controller.reset()
        card = game.top(last.src)
        if card is not None:
            self.anims.add(
                Flight(
                    card,
                    self._view.slot_origin(last.dst),
                    self._view.slot_origin(last.src),
                    last.src,
                    MOVE_S,
                )
            )
        self.after_change()

    def _animate_redeal(self) -> None:
        game = self.game
        lift = self.app.layout.card_h * 0.45
        k = 0
        for p in range(PILES):
            pile = game.piles[p]
            if len(pile) >= 2:
                x, y = self._view.slot_origin(p)
                self.anims.add(
                    Flight(pile[-1], (x, y + lift), (x, y), p, REDEAL_S, delay=0.012 * k)
                )
                k += 1

    # -- hints -------------------------------------------------------------------

    def ask_hint(self) -> None:
        session = self.app.session
        if self.hint is not None and self.hint.changes == session.changes and self.hint.token:
            token = self.hint.token
            self._reset_hint()
            if token == "R":
                self.command("redeal")
            else:
                self.play(Move.parse(token))
            return
        if self.game.status != "playing":
            return
        self.hints.ask(self.game, session.changes)
        self.hint_pending = True
        self.say(self.app.tr(T.HINT_THINKING))

    def _hint_ready(self, answer: HintAnswer) -> None:
        tr = self.app.tr
        self.hint_pending = False
        if answer.changes != self.app.session.changes:
            return
        if answer.kind == "rewind":
            if answer.undos:
                for _ in range(answer.undos):
                    self.app.session.undo()
                self.controller.reset()
                self.after_change()
            elif answer.undos == 0:
                self.ask_hint()
            else:
                self.say(tr(T.HINT_NO_WAY_BACK))
            return
        self.hint = answer
        self.app.sound.play(Cue.HINT)
        self.app.session.hints_used += 1
        if answer.kind == "win":
            self.app.session.proven_winnable()
        if answer.kind == "lost":
            self.say(tr(T.HINT_LOST))
            if self.game.can_undo:
                self.app.open_lost_dialog()
            return
        token = answer.token
        if token is None:
            self.say(tr(T.POINT_REDEAL))
            return
        if token == "R":
            self.say(tr(T.HINT_REDEAL))
        elif answer.kind == "win":
            self.say(tr(T.HINT_MOVE, move=self._move_words(token)))
        else:
            self.say(tr(T.HINT_UNSURE, move=self._move_words(token)))

    def rewind_to_winnable(self) -> None:
        self.hints.ask(self.game, self.app.session.changes, rewind=True)
        self.hint_pending = True
        self.say(self.app.tr(T.HINT_THINKING))

    def _move_words(self, token: str) -> str:
        tr = self.app.tr
        move = Move.parse(token)
        card = self.game.top(move.src)

        def place(p: int) -> str:
            return tr(T.PILE_N, n=p + 1) if p < PILES else tr(T.FOUNDATION_N, n=p - PILES + 1)

        return tr(
            T.MOVE_TEXT,
            card=tr.card(card) if card is not None else "",
            src=place(move.src),
            dst=place(move.dst),
        )

    # -- finish ------------------------------------------------------------------

    def start_finish(self) -> None:
        if self.finish:
            self.finishing = list(self.finish)
            self.finish = None
            self.controller.reset()

    # -- update --------------------------------------------------------------------

    def update(self, dt: float) -> None:
        session = self.app.session
        if not self.app.paused:
            session.tick(dt)
        landed = self.anims.update(dt)
        if landed:
            self._land(landed)
        if self.finishing and not self.anims.busy:
            move = self.finishing.pop(0)
            if self.game.check(move) is None:
                self.play(move)
                self.anims.flights[-1].duration = 0.12
            else:
                self.finishing = []
        if self.message is not None:
            self.message_age += dt
            if self.message_age >= self.message[1]:
                self.message = None
        answer = self.hints.poll()
        if answer is not None:
            self._hint_ready(answer)
        self._update_finish()

    def _land(self, landed: list[Flight]) -> None:
        if not self.anims.busy and self._after_landing:
            for what in self._after_landing:
                if what == "won":
                    self.app.open_won()
                elif what == "blocked":
                    self.app.open_blocked()
            self._after_landing.clear()

    # -- drawing -------------------------------------------------------------------

    def _hidden(self, place: int) -> int:
        n = self.anims.landing_on(place)
        d = self.controller.drag
        if d is not None and d.active and d.src == place:
            n += 1
        return n

    def _highlights(self) -> tuple[int | None, set[int], set[int]]:
        sel = self.controller.selected
        dests: set[int] = set()
        if sel is not None:
            dests = set(self.controller.destinations(self.game, sel))
        hint: set[int] = set()
        if self.hint is not None and self.hint.token and self.hint.token != "R":
            m = Move.parse(self.hint.token)
            hint = {m.src, m.dst}
        d = self.controller.drag
        if d is not None and d.active:
            dests = set(self.controller.destinations(self.game, d.src))
        return sel, dests, hint

    def _slot_key(self, place: int, sel: int | None, dests: set[int], hint: set[int]) -> SlotLook:
        game = self.game
        hidden = self._hidden(place)
        under: tuple[int, ...] = ()
        if place < PILES:
            pile = game.piles[place]
            idx = len(pile) - 1 - hidden
            top = pile[idx] if idx >= 0 else None
            down = idx >= 0 and idx < game.down[place]
            count = len(pile)
            if self.app.fan is not None and idx > 0:
                under = tuple(pile[:idx])
        else:
            found = game.foundations[place - PILES]
            idx = len(found) - 1 - hidden
            top = found[max(idx, 0)]
            down = False
            count = len(found)
        playable = self._playable.get(
            game, self.app.session.changes, self.app.session.settings.show_playable
        )
        return SlotLook(
            top,
            down,
            count,
            place == sel,
            place in dests,
            place in hint,
            place == self.controller.focus,
            place in playable and hidden == 0,
            under,
            min(game.down[place], len(under)) if under else 0,
        )

    def _shadow_margin(self) -> int:
        """How far a lifted card's shadow reaches beyond the card (see _draw_card)."""
        w = self.app.layout.card_w
        return max(4, w // 14) + 2 * max(3, w // 16) + 4

    def _region(self, place: int) -> pygame.Rect:
        lay = self.app.layout
        fan = self.app.fan
        s = fan.areas[place] if fan is not None and place < PILES else lay.slots[place]
        lab = lay.labels[place]
        m = max(6, lay.card_w // 8)
        r = pygame.Rect(s.x - m, s.y - m, s.w + 2 * m, s.h + 2 * m)
        return r.union(pygame.Rect(lab.x, lab.y, lab.w, lab.h))

    def _draw_slot(self, surf: pygame.Surface, place: int, key: SlotLook) -> None:
        app = self.app
        lay = app.layout
        s = lay.slots[place]
        rect = pygame.Rect(s.x, s.y, s.w, s.h)
        top, down, count, selected, dest, hinted, focused, playable, under, under_down = key
        if under and app.fan is not None:
            rect = draw_fan(surf, app.art, app.fan, place, under, under_down)
        radius = max(4, lay.card_w // 14)
        if top is None:
            self._draw_empty(surf, rect, radius, count == 0)
        else:
            shadow = app.art.shadow(rect.size, radius)
            off = max(2, lay.card_w // 30)
            surf.blit(shadow, shadow.get_rect(center=(rect.centerx + off // 2, rect.centery + off)))
            img = app.art.back(rect.size) if down else app.art.face(top, rect.size)
            surf.blit(img, rect)
        width = max(3, lay.card_w // 22)
        pad = width + 1
        if playable and top is not None:
            draw_playable_mark(surf, rect)
        if dest:
            render.alpha_rounded(surf, rect, (*render.DEST, 60), radius)
            render.rounded(surf, rect.inflate(2 * pad, 2 * pad), render.DEST, radius + pad, width)
        if hinted:
            render.rounded(surf, rect.inflate(2 * pad, 2 * pad), render.HINT, radius + pad, width)
        if selected:
            render.rounded(
                surf, rect.inflate(2 * pad, 2 * pad), render.GOLD, radius + pad, width + 1
            )
        if focused:
            render.rounded(surf, rect.inflate(4 * pad, 4 * pad), render.FOCUS, radius + 2 * pad, 2)
        lab = lay.labels[place]
        font = app.fonts.get(lay.label_px, bold=True)
        name = f"P{place + 1}" if place < PILES else f"F{place - PILES + 1}"
        render.text_centered(
            surf,
            font,
            f"{name} · {count}",
            (lab.x + lab.w // 2, lab.y + lab.h // 2),
            render.INK_DIM,
        )

    @staticmethod
    def _draw_empty(surf: pygame.Surface, rect: pygame.Rect, radius: int, closed: bool) -> None:
        render.alpha_rounded(surf, rect, (0, 0, 0, 70), radius)
        render.rounded(surf, rect, (12, 52, 34), radius, 2)
        if closed:
            # A closed slot: a crossed frame says nothing can go here.
            inner = rect.inflate(-rect.w // 3, -rect.w // 3)
            c = (60, 110, 80)
            w = max(2, rect.w // 28)
            pygame.draw.line(surf, c, inner.topleft, inner.bottomright, w)
            pygame.draw.line(surf, c, inner.topright, inner.bottomleft, w)

    def _hud_key(self, i: int) -> HudLook:
        item = HUD_ITEMS[i]
        game = self.game
        session = self.app.session
        tr = self.app.tr
        if item == "time":
            return HudLook("info", tr(T.TIME), format_time(session.elapsed), True, False)
        if item == "moves":
            return HudLook("info", tr(T.MOVES), str(game.moves), True, False)
        if item == "redeal":
            n = game.redeals_left
            if n <= 0:
                return HudLook("button", tr(T.NO_REDEALS), "", False, False)
            sub = tr.plural(T.REDEALS_LEFT, n)
            return HudLook("button", tr(T.REDEAL), sub, True, self.point_redeal, f"({n})")
        if item == "undo":
            return HudLook(
                "button", tr(T.UNDO), "", game.can_undo and session.outcome is None, False
            )
        if item == "hint":
            if self.finish:
                return HudLook("button", tr(T.FINISH), "", True, True)
            return HudLook(
                "button",
                tr(T.HINT),
                "",
                game.status == "playing" and not self.finishing,
                self.hint_pending,
            )
        if item == "new":
            return HudLook("button", tr(T.NEW_GAME), "", True, False)
        if item == "code":
            daily = session.daily_day() is not None
            return HudLook("button", tr(T.DAILY_DEAL if daily else T.CODE), game.code, True, False)
        if item == "settings":
            return HudLook("button", tr(T.SETTINGS), "", True, False)
        if item == "rules":
            return HudLook("button", "?", tr(T.RULES_SHORT), True, False)
        if item == "sound":
            on = session.settings.sound
            return HudLook("button", tr(T.SOUND), tr(T.ON if on else T.OFF), True, False)
        from crescent.languages import LANGUAGES

        return HudLook(
            "button",
            "🌐" if False else LANGUAGES.get(tr.lang, tr.lang),
            tr(T.LANGUAGE),
            True,
            False,
        )

    def _draw_hud_cell(self, surf: pygame.Surface, i: int, key: HudLook) -> None:
        lay = self.app.layout
        c = lay.hud_cells[i]
        rect = pygame.Rect(c.x, c.y, c.w, c.h)
        surf.blit(self._hud_bg, rect, rect.move(-lay.hud.x, -lay.hud.y))
        kind, title, sub, enabled, glow, _ = key
        fonts = self.app.fonts
        px = lay.hud_px
        inner = rect.inflate(-6, -6)
        if kind == "button":
            color = render.BUTTON_HOT if glow else render.BUTTON_BG
            if not enabled:
                color = (20, 58, 38)
            r = max(6, inner.h // 5)
            render.rounded(surf, inner, color, r)
            render.rounded(
                surf, inner, render.GOLD if glow else render.BUTTON_EDGE, r, 2 if glow else 1
            )
        ink = render.INK if enabled else render.INK_DISABLED
        if sub:
            f1 = fonts.fit(title, inner.w - 8, px, bold=True)
            f2 = fonts.fit(sub, inner.w - 8, int(px * 0.78))
            if key.short and f2.size(sub)[0] > inner.w - 8:
                sub = key.short
                f2 = fonts.fit(sub, inner.w - 8, int(px * 0.78))
            h = f1.get_linesize() + f2.get_linesize()
            y0 = inner.centery - h // 2
            if kind == "info":
                f1, f2 = (
                    fonts.fit(title, inner.w - 8, int(px * 0.78)),
                    fonts.fit(sub, inner.w - 8, px, bold=True),
                )
                h = f1.get_linesize() + f2.get_linesize()
                y0 = inner.centery - h // 2
                render.text_centered(
                    surf, f1, title, (inner.centerx, y0 + f1.get_linesize() // 2), render.INK_DIM
                )
                render.text_centered(
                    surf,
                    f2,
                    sub,
                    (inner.centerx, y0 + f1.get_linesize() + f2.get_linesize() // 2),
                    ink,
                )
            else:
                render.text_centered(
                    surf, f1, title, (inner.centerx, y0 + f1.get_linesize() // 2), ink
                )
                render.text_centered(
                    surf,
                    f2,
                    sub,
                    (inner.centerx, y0 + f1.get_linesize() + f2.get_linesize() // 2),
                    render.INK_DIM if enabled else render.INK_DISABLED,
                )
        else:
            font, lines = fonts.wrap(title, inner.w - 8, px, 3, bold=True, max_h=inner.h)
            lh = font.get_linesize()
            y = inner.centery - lh * len(lines) // 2 + lh // 2
            for ln in lines:
                render.text_centered(surf, font, ln, (inner.centerx, y), ink)
                y += lh

    def _rebuild_base(self, size: tuple[int, int]) -> pygame.Surface:
        lay = self.app.layout
        base = render.felt(size)
        self._felt = base.copy()
        hud = pygame.Rect(lay.hud.x, lay.hud.y, lay.hud.w, lay.hud.h)
        self._hud_bg = pygame.Surface(hud.size)
        self._hud_bg.blit(base, (0, 0), hud)
        render.alpha_rounded(self._hud_bg, self._hud_bg.get_rect(), render.HUD_BG, 0)
        base.blit(self._hud_bg, hud)
        self._slot_keys = [None] * 24
        self._hud_keys = [None] * len(HUD_ITEMS)
        return base

    def _signature(self) -> tuple[object, ...]:
        """What the picture depends on, cheaply: an idle table skips drawing entirely."""
        session = self.app.session
        c = self.controller
        return (
            session.changes,
            c.selected,
            c.focus,
            int(session.elapsed),
            self.hint,
            self.hint_pending,
            self.point_redeal,
            bool(self.finish),
            bool(self.finishing),
            self.app.tr.lang,
            self.app.layout,
        )

    def draw(self, surface: pygame.Surface, full: bool) -> list[pygame.Rect] | None:
        size = surface.get_size()
        if self.base is None or self.base.get_size() != size:
            self.base = self._rebuild_base(size)
            full = True
        drag = self.controller.drag
        moving = self.anims.busy or (drag is not None and drag.active) or self.message is not None
        signature = self._signature()
        if not (full or moving or self._transient) and signature == self._last_signature:
            return []
        self._last_signature = signature
        base = self.base
        dirty: list[pygame.Rect] = []
        sel, dests, hint = self._highlights()
        changed = []
        for p in range(24):
            key = self._slot_key(p, sel, dests, hint)
            if key != self._slot_keys[p]:
                self._slot_keys[p] = key
                changed.append(p)
        for p in changed:
            region = self._region(p)
            base.blit(self._felt, region, region)
            for q in range(24):
                if q == p or self._region(q).colliderect(region):
                    base.set_clip(region)
                    slot_look = self._slot_keys[q]
                    if slot_look is not None:
                        self._draw_slot(base, q, slot_look)
                    base.set_clip(None)
            dirty.append(region)
        for i in range(len(HUD_ITEMS)):
            look = self._hud_key(i)
            if look != self._hud_keys[i]:
                self._hud_keys[i] = look
                self._draw_hud_cell(base, i, look)
                c = self.app.layout.hud_cells[i]
                dirty.append(pygame.Rect(c.x, c.y, c.w, c.h))
        # Transients: flying and dragged cards, and the message, over the base.
        transient = self._transient_rects()
        if full:
            surface.blit(base, (0, 0))
        else:
            for r in dirty + self._transient + transient:
                surface.blit(base, r, r)
        self._draw_transients(surface)
        out = None if full else dirty + self._transient + transient
        self._transient = transient
        return out

    def _transient_rects(self) -> list[pygame.Rect]:
        lay = self.app.layout
        rects = []
        m = self._shadow_margin()
        for f in self.anims.flights:
            x, y = f.position()
            rects.append(
                pygame.Rect(int(x) - m, int(y) - m, lay.card_w + 2 * m, lay.card_h + 2 * m)
            )
        d = self.controller.drag
        if d is not None and d.active:
            x, y = d.card_origin
            rects.append(
                pygame.Rect(int(x) - m, int(y) - m, lay.card_w + 2 * m, lay.card_h + 2 * m)
            )
        if self.message is not None:
            msg = lay.message
            rects.append(pygame.Rect(msg.x, msg.y, msg.w, msg.h))
        return rects

    def _draw_transients(self, surface: pygame.Surface) -> None:
        app = self.app
        lay = app.layout
        size = (lay.card_w, lay.card_h)
        radius = max(4, lay.card_w // 14)
        if self.message is not None:
            self._draw_message(surface)
        for f in self.anims.flights:
            if f.elapsed < f.delay:
                continue
            x, y = f.position()
            self._draw_card(surface, f.card, (int(x), int(y)), size, radius, lift=1)
        d = self.controller.drag
        if d is not None and d.active:
            card = self.game.top(d.src)
            if card is not None:
                x, y = d.card_origin
                self._draw_card(surface, card, (int(x), int(y)), size, radius, lift=2)

    def _draw_card(
        self,
        surface: pygame.Surface,
        card: int,
        pos: tuple[int, int],
        size: tuple[int, int],
        radius: int,
        lift: int,
    ) -> None:
        art = self.app.art
        shadow = art.shadow(size, radius)
        off = max(3, size[0] // 16) * lift
        surface.blit(
            shadow,
            shadow.get_rect(center=(pos[0] + size[0] // 2 + off // 2, pos[1] + size[1] // 2 + off)),
        )
        surface.blit(art.face(card, size), pos)

    def _draw_message(self, surface: pygame.Surface) -> None:
        assert self.message is not None
        lay = self.app.layout
        msg = lay.message
        rect = pygame.Rect(msg.x, msg.y, msg.w, msg.h)
        text, _ = self.message
        font, lines = self.app.fonts.wrap(text, rect.w - 32, lay.hud_px, 2, bold=True)
        lh = font.get_linesize()
        w = min(rect.w, max(font.size(ln)[0] for ln in lines) + 40)
        h = min(rect.h, lh * len(lines) + 20)
        box = pygame.Rect(0, 0, w, h)
        box.center = rect.center
        render.alpha_rounded(surface, box, (8, 30, 20, 215), h // 4)
        y = box.centery - lh * len(lines) // 2 + lh // 2
        for ln in lines:
            render.text_centered(surface, font, ln, (box.centerx, y), render.INK)
            y += lh
