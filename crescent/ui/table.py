"""The table scene: the horseshoe of piles, the foundations, the HUD.

It carries out the input controller's intents through the session (and so the
engine) and animates what happened. Its aids (hints, "Still winnable?", Finish,
"Safe moves home", speech, the redeal pointer, the end dialogs, the pause) are parts
of their own (:mod:`crescent.ui.parts`), told of each change. Its picture is drawn by
:class:`crescent.ui.table_view.TableView` (only what changed) and the HUD by
:mod:`crescent.ui.hud`.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from crescent.control.anim import (
    MOVE_S,
    PACES,
    REDEAL_S,
    REDEAL_STAGGER_S,
    SLIDE_BACK_S,
    Animations,
    Flight,
    redeal_flights,
)
from crescent.control.explain import foundation_takes, undo_cleared_by_redeal
from crescent.control.input import (
    Command,
    Controller,
    DragBack,
    GameEvent,
    Intent,
    KeyPress,
    LayoutView,
    Nowhere,
    PlayMove,
    PointerDown,
    PointerMove,
    PointerUp,
    Refuse,
    WindowEvent,
)
from crescent.control.layout import TableLayout
from crescent.control.table_mode import TableMode
from crescent.i18n import text as T
from crescent.rules.cards import card_symbol
from crescent.rules.engine import PILES, Game, IllegalMove, Move, Reason
from crescent.rules.modes import HudItem
from crescent.ui.hud import HUD_ITEMS, Aids, HudLook, format_time
from crescent.ui.parts.banner import MESSAGE_S, Banner
from crescent.ui.parts.base import Part, game_over
from crescent.ui.parts.buttons import Buttons
from crescent.ui.parts.clock import GameClock
from crescent.ui.parts.ends import Ends
from crescent.ui.parts.finish import Finish
from crescent.ui.parts.hints import Hints
from crescent.ui.parts.pause import Pause
from crescent.ui.parts.pointer import RedealPointer
from crescent.ui.parts.safe import SafeMoves
from crescent.ui.parts.voice import Voice, pile_look
from crescent.ui.parts.winnable import StillWinnable
from crescent.ui.scene import Host, Scene
from crescent.ui.sound import Cue
from crescent.ui.table_view import SlotLook, TableView

# The HUD and the view moved out of this module; these names are kept here for callers.
__all__ = ["HUD_ITEMS", "MESSAGE_S", "HudLook", "SlotLook", "TableScene", "format_time"]


class TableScene(Scene):
    """The table: input to intents to the session, and the cards' animations; its aids
    are its parts, its picture its :attr:`view`'s."""

    opaque = True

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.controller = Controller(hud_items=self.hud_items, pausable=self.pausable)
        self.controller.set_dpi(host.kit.options.dpi)
        self.anims = Animations(lambda: PACES[host.session.settings.animation])
        self.mode = TableMode.PLAYING
        self.geometry = make_geometry(self.host, lambda: self.game)
        """Where the places are: hit-testing and card origins."""
        self.banner = Banner(lambda: self.mode is TableMode.ASKING)
        self.voice = Voice(host, self)
        self.hints = Hints(host, self, self.banner)
        self.winnable = StillWinnable(host, self, lambda: self.hints.solver_bytes)
        self.finish = Finish(host, self)
        self.safe = SafeMoves(self, host.session)
        self.pointer = RedealPointer(host, self, self.say)
        self.ends = Ends(host.session, host.open, lambda: self.anims.busy)
        self.pauser = Pause(host, self._stop_autoplay)
        self.clock = GameClock(host)
        # Told of each change, updated each step, in this order (the sentence of the
        # table before is cleared before the pointer says where to go).
        self.parts: tuple[Part, ...] = (
            *(self.hints, self.banner, self.pointer, self.ends),
            *(self.winnable, self.finish, self.safe),
        )
        self.view = TableView(host, self)
        self.buttons = Buttons(host, self)

    # -- what the view and the parts read -----------------------------------------

    @property
    def game(self) -> Game:
        return self.host.session.game

    @property
    def hud_items(self) -> tuple[HudItem, ...]:
        """The HUD cells shown, in order (the mode of the game declares them)."""
        return self.host.kit.hud_items

    @property
    def pausable(self) -> bool:
        """The game pauses: everywhere but in the kiosk (its idle timer covers it)."""
        return not self.host.kit.options.kiosk

    @property
    def aids(self) -> Aids:
        """What the parts show now (the view and the HUD draw it)."""
        return Aids(
            self.mode,
            self.hints.answer,
            self.banner.text,
            self.winnable.marker,
            self.pointer.point,
            bool(self.finish.line),
            self.host.session.settings.show_playable,
        )

    @property
    def changes(self) -> int:
        return self.host.session.changes

    def relayout(self) -> None:
        self.geometry = make_geometry(self.host, lambda: self.game)
        self.controller.hud_items = self.hud_items
        self.controller.pausable = self.pausable
        self.repaint()

    def repaint(self) -> None:
        """Draw the whole table anew at the next frame (its layout, its card art or its
        theme changed)."""
        self.view.forget()

    def draw(self, surface: pygame.Surface, full: bool) -> list[pygame.Rect] | None:
        return self.view.draw(surface, full, self.host.scenes[-1] is self)

    def shown(self) -> None:
        self.view.shown()
        self.winnable.shown()  # the first frame is up: "Still winnable?" may search

    # -- sentences -----------------------------------------------------------------

    def say(self, message: str, *, notice: bool = False, spoken: str | None = None) -> None:
        """Show ``message`` for a while, and say it (``spoken`` instead, when given) if
        speech is on; a ``notice`` (about the saves, not the table) outlives changes of
        the table."""
        self.banner.show(message, notice=notice)
        self.voice.speak(message if spoken is None else spoken)

    def tell(self, reason: Reason, dst: int | None = None) -> None:
        """A rule's refusal: shown and said with "Explain the rules", else said only;
        ``dst``: the place that refused the card (a foundation names the card it takes
        next, as ``--play`` does)."""
        takes = foundation_takes(self.game, dst) if dst is not None else None
        words = self.host.kit.tr.reason(reason, takes)
        if self.host.session.settings.interactive_rules:
            self.say(words)
        else:
            self.voice.speak(words)

    # -- changes ---------------------------------------------------------------------

    def reset_interaction(self) -> None:
        """Forget the selection, a drag, animations in flight, auto-finish and the message
        (a new game, the kiosk going idle or asking its PIN)."""
        self.controller.reset()
        self.anims.finish()
        self.finish.stop()
        self.mode = TableMode.PLAYING
        self.banner.clear()
        self.winnable.forget_said()

    def after_change(self) -> None:
        """The game changed: each part is told (stale hints and sentences go, the end is
        checked, Finish offered)."""
        self.controller.hud_items = self.hud_items
        for part in self.parts:
            part.changed()

    def _stop_autoplay(self) -> None:
        """A touch, or the pause: the cards in flight land, Finish and the safe moves stop."""
        self.finish.stop()
        if self.mode is TableMode.SAFE:
            self.mode = TableMode.PLAYING
        self.anims.finish()
        self.ends.landed()

    # -- input -------------------------------------------------------------------

    def pointer_lost(self) -> None:
        """A pointer's release will never come (focus lost, window left)."""
        for intent in self.controller.cancel_pointer():
            self.execute(intent)

    def handle(self, event: GameEvent) -> None:
        if isinstance(event, WindowEvent):
            return
        if self.winnable.tap(event, covered=self.banner.text is not None):
            return
        if not isinstance(event, (PointerDown, PointerMove, PointerUp, KeyPress)):
            return
        if isinstance(event, (PointerDown, KeyPress)):
            if self.anims.busy:
                self._stop_autoplay()  # a touch stops auto-finish and the safe moves
            self.host.session.idle_abandoned = False
            self.voice.pressed()
        c = self.controller
        holding = c.holding()
        before = (c.focus, c.focus_visible, c.selected)
        for intent in c.handle(event, self.host.now, self.geometry, self.game):
            self.execute(intent)
        if isinstance(event, KeyPress):
            self.voice.after_key(event, before)
        if not holding and c.holding():
            self.host.sound.play(Cue.PICKUP)

    def execute(self, intent: Intent) -> None:
        if isinstance(intent, PlayMove):
            self.player_move(intent.move, intent.from_pos)
        elif isinstance(intent, Refuse):
            self.refuse(intent.reason, intent.place, intent.from_pos, intent.dst)
        elif isinstance(intent, DragBack):
            self._slide_back(intent.place, intent.from_pos)
        elif isinstance(intent, Nowhere):
            card = self.game.top(intent.place)
            if card is not None:
                tr = self.host.kit.tr
                self.say(
                    tr(T.NO_PLACE_TAKES, card=card_symbol(card)),
                    spoken=tr(T.NO_PLACE_TAKES, card=tr.card(card)),
                )
        elif isinstance(intent, Command):
            self.buttons.press(intent.name)

    # -- moves and their flights ---------------------------------------------------

    def player_move(self, move: Move, from_pos: tuple[float, float] | None = None) -> None:
        """The player's move: played, then the safe moves home follow it."""
        if self.play(move, from_pos):
            self.safe.start()

    def play(
        self, move: Move, from_pos: tuple[float, float] | None = None, duration: float = MOVE_S
    ) -> bool:
        """Play ``move`` with its flight; False (and the refusal shown) if refused."""
        if game_over(self.host.session):
            if from_pos is not None:
                self._slide_back(move.src, from_pos)
            self.say(self.host.kit.tr(T.GAME_OVER))
            return False
        game = self.game  # the level's game, even when the move ends it (the next one is dealt)
        card = game.top(move.src)
        try:
            self.host.session.play(move)
        except IllegalMove as e:
            self.refuse(e.reason, move.src, from_pos, move.dst)
            return False
        assert card is not None
        start = from_pos if from_pos is not None else self.geometry.slot_origin(move.src)
        self.anims.add(Flight(card, start, self.geometry.slot_origin(move.dst), move.dst, duration))
        self.controller.selected = None
        self.host.sound.play(Cue.PLACE)
        a = self.host.announcer
        if a is not None:
            self.voice.speak(a.move(game, move, card))
        self.after_change()
        return True

    def refuse(
        self,
        reason: Reason,
        place: int,
        from_pos: tuple[float, float] | None,
        dst: int | None = None,
    ) -> None:
        if from_pos is None:
            # A refused tap: the card still nudges and slides back, sentence or not.
            x, y = self.geometry.slot_origin(place)
            from_pos = (x + self.host.kit.layout.card_w * 0.18, y)
        self._slide_back(place, from_pos)
        self.host.sound.play(Cue.REFUSE)
        self.tell(reason, dst)

    def _slide_back(self, place: int, from_pos: tuple[float, float]) -> None:
        card = self.game.top(place)
        if card is not None:
            # The card never left the engine's pile: fly it home over its own slot.
            end = self.geometry.slot_origin(place)
            self.anims.add(Flight(card, from_pos, end, place, SLIDE_BACK_S))

    def _fly_back(self, move: Move, redo: bool) -> None:
        """An undone move's card flies back, a redone one forward, and is said."""
        src, dst = (move.src, move.dst) if redo else (move.dst, move.src)
        card = self.game.top(dst)
        if card is None:
            return
        a = self.host.announcer
        if a is not None:
            self.voice.speak(a.undone(self.game, move, card, redo=redo))
        end = self.geometry.slot_origin(dst)
        self.anims.add(Flight(card, self.geometry.slot_origin(src), end, dst, MOVE_S))

    def undo(self) -> None:
        game = self.game
        last = game.history[-1] if game.can_undo else None
        if last is None or not self.host.session.undo():
            if undo_cleared_by_redeal(game.can_undo, game.rules.redeals - game.redeals_left):
                self.say(self.host.kit.tr(T.UNDO_AFTER_REDEAL))
            return
        self.controller.reset()
        self._fly_back(last, redo=False)
        self.after_change()

    def redo(self) -> None:
        """Play again the last move undone, flying like a move."""
        game = self.game
        move = game.redo_moves[0] if game.can_redo and not game_over(self.host.session) else None
        if move is None or game.top(move.src) is None or not self.host.session.redo():
            return
        self.controller.reset()
        self._fly_back(move, redo=True)
        self.host.sound.play(Cue.PLACE)
        self.after_change()

    def redeal(self) -> None:
        """Redeal (or shuffle) now, with its animation."""
        self.controller.reset()
        before = [pile_look(self.game, p) for p in range(PILES)]
        self.host.session.redeal()
        self.host.sound.play(Cue.REDEAL)
        animate_redeal(self.anims, self.host.kit.layout, self.geometry, self.game)
        self.voice.redealt(before)
        self.after_change()

    # -- update --------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.clock.update(dt)
        if self.anims.update(dt):
            self.ends.landed()
        for part in self.parts:
            part.update(dt)

    def wake_at(self, now: float) -> float | None:
        drag = self.controller.drag
        if self.anims.busy or self.anims.marks or (drag is not None and drag.active):
            return None
        wakes = [part.wake_at(now) for part in (self.clock, *self.parts)]
        if None in wakes:
            return None
        return min(w for w in wakes if w is not None)


def animate_redeal(anims: Animations, lay: TableLayout, geometry: LayoutView, game: Game) -> None:
    """The redeal dealt out again: each pile's new top card flies from the middle of the
    table (where the tableau was gathered) to its pile, round the piles."""
    cx, cy = lay.foundation_area.center
    start = (cx - lay.card_w / 2, cy - lay.card_h / 2)
    for k, (card, p) in enumerate(redeal_flights(game.piles)):
        end = geometry.slot_origin(p)
        anims.add(Flight(card, start, end, p, REDEAL_S, delay=REDEAL_STAGGER_S * k))


def make_geometry(host: Host, game: Callable[[], Game]) -> LayoutView:
    """Hit-testing and card origins: the fans' when "Show whole piles" is on."""
    fan = host.kit.fan
    if fan is None:
        return LayoutView(host.kit.layout)
    # Only with "Show whole piles": a start does not load it (docs/PERFORMANCE.md).
    from crescent.control.fan import FanView

    return FanView(host.kit.layout, fan, game)
