"""The table scene: the horseshoe of piles, the foundations, the HUD.

It carries out the input controller's intents through the session (and so
the engine), animates what happened, asks for hints and auto-finish. Its
picture is drawn by :class:`crescent.ui.table_view.TableView` (only what
changed) and the HUD by :mod:`crescent.ui.hud`.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from crescent.control.anim import (
    MOVE_S,
    REDEAL_S,
    REDEAL_STAGGER_S,
    SLIDE_BACK_S,
    Animations,
    Flight,
    redeal_flights,
)
from crescent.control.confirm import RedealGuard
from crescent.control.explain import undo_cleared_by_redeal
from crescent.control.input import (
    PLACES,
    Cmd,
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
from crescent.i18n import text as T
from crescent.rules.cards import card_symbol
from crescent.rules.engine import PILES, Game, IllegalMove, Move, Reason, Redeal
from crescent.rules.modes import End, HudItem
from crescent.rules.safe import safe_move
from crescent.solver.autofinish import finish_line
from crescent.solver.outcome import HintKind
from crescent.ui import hud
from crescent.ui.hud import HUD_ITEMS, HudLook, format_time
from crescent.ui.scene import Host, Scene, Screen
from crescent.ui.sound import Cue
from crescent.ui.table_view import SlotLook, TableView

if TYPE_CHECKING:
    from crescent.i18n.speech import Announcer

    # The solver's hints load with the first hint (see TableScene.hints).
    from crescent.solver.hints import HintAnswer, HintWorker
    from crescent.solver.watch import Watch, Watcher

# The HUD and the view moved out of this module; these names are kept here for callers.
__all__ = ["HUD_ITEMS", "MESSAGE_S", "HudLook", "SlotLook", "TableScene", "format_time"]

ALIASES = {Cmd.SHUFFLE: Cmd.REDEAL, Cmd.HINTS: Cmd.HINT}
"""HUD cells that do what another cell does (the levels game's Shuffle and Hint)."""

_FOCUS_KEYS = frozenset({"tab", "left", "right", "up", "down"})
"""Keys that move the focus: what it is on is said after each, moved or not."""
CLOCK_LATE_S = 1 / 60
"""The idle loop wakes this long after the clock's next whole second (one update step),
so the step that crosses it has been taken when it draws."""
MESSAGE_S = 3.5
SAFE_S = 0.14
"""How long a safe move home flies (a little quicker than the player's own)."""


class TableScene(Scene):
    """The table: input to intents to the session, animations, hints, auto-finish. Its
    picture is its :attr:`view`'s."""

    opaque = True

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.controller = Controller(hud_items=self.hud_items, pausable=self.pausable)
        self.anims = Animations()
        self._hints: HintWorker | None = None
        self.solver_bytes: int | None = None
        """The hints' memory budget (None: the solver's default; a kiosk sets its own)."""
        self.hint: HintAnswer | None = None
        self.hint_pending = False
        self.message: tuple[str, float] | None = None
        self.message_age = 0.0
        self._notice = False
        """The message shown is a notice about the saves (kept when the table changes)."""
        self.point_redeal = False
        self.finish: list[Move] | None = None
        self.finishing: list[Move] = []
        self.safe_running = False
        """"Safe moves home" is sending cards home after the player's move, one a landing."""
        self._finish_for = -1
        self._after_landing: list[End] = []
        self.geometry = self._make_geometry()
        """Where the places are: hit-testing and card origins."""
        self._outcome_shown: object = None
        self._watcher: Watcher | None = None
        self.watch: Watch | None = None
        """"Still winnable?": the verdict on the table as it is (None: none yet)."""
        self._watched = -1
        """The session's change count the watcher was last shown."""
        self._said_at = 0
        """The announcer's count at the last key or press: what it says first interrupts
        what was being said, what follows waits its turn (see :meth:`speak`)."""
        self._verdict_said: str | None = None
        """The "Still winnable?" line last said (it is said when it changes)."""
        self.paused_by: Scene | None = None
        """The pause screen last opened (open while the host shows it)."""
        self.controller.set_dpi(host.options.dpi)
        self.redeal_guard = RedealGuard()
        self.view = self._make_view()
        self._commands: dict[Cmd, Callable[[], None]] = {
            Cmd.UNDO: self._undo,
            Cmd.REDO: self._redo,
            Cmd.RESTART: self._restart_pressed,
            Cmd.PAUSE: self.pause,
            Cmd.REDEAL: self._redeal_pressed,
            Cmd.NEW: self._new_pressed,
            Cmd.HINT: self._hint_pressed,
            Cmd.SETTINGS: lambda: self.host.open(Screen.SETTINGS),
            Cmd.CODE: lambda: self.host.open(Screen.CODE),
            Cmd.LANG: self.host.cycle_language,
            Cmd.SOUND: self.host.toggle_sound,
            Cmd.RULES: lambda: self.host.open(Screen.RULES),
            Cmd.FULLSCREEN: self.host.toggle_fullscreen,
            Cmd.STATUS: self._status,
            Cmd.TIME: _nothing,  # an info cell: not a button
            Cmd.MOVES: _nothing,
            Cmd.COUNTDOWN: _nothing,
        }

    # -- state helpers -----------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.host.session.game

    @property
    def hud_items(self) -> tuple[HudItem, ...]:
        """The HUD cells shown, in order (the mode of the game declares them)."""
        return self.host.hud_items

    @property
    def pausable(self) -> bool:
        """The game pauses: everywhere but in the kiosk (its idle timer covers it)."""
        return not self.host.options.kiosk

    def _make_view(self) -> TableView:
        return TableView(self.host, self)

    def relayout(self) -> None:
        self.geometry = self._make_geometry()
        self.controller.hud_items = self.hud_items
        self.controller.pausable = self.pausable
        self.repaint()

    def repaint(self) -> None:
        """Draw the whole table anew at the next frame (its layout, its card art or its
        theme changed)."""
        self.view.forget()

    def _make_geometry(self) -> LayoutView:
        """Hit-testing and card origins: the fans' when "Show whole piles" is on."""
        fan = self.host.fan
        if fan is None:
            return LayoutView(self.host.layout)
        # Only with "Show whole piles": a start does not load it (docs/PERFORMANCE.md).
        from crescent.control.fan import FanView

        return FanView(self.host.layout, fan, lambda: self.game)

    @property
    def hints(self) -> HintWorker:
        """The hint worker, made on first use: the solver's search is not loaded before
        a hint (tens of milliseconds of a start: docs/PERFORMANCE.md)."""
        if self._hints is None:
            from crescent.solver.hints import HintWorker  # the docstring says why

            self._hints = HintWorker(self.solver_bytes)
        return self._hints

    # -- drawing (the view's) ------------------------------------------------------

    def draw(self, surface: pygame.Surface, full: bool) -> list[pygame.Rect] | None:
        return self.view.draw(surface, full, self.host.on_top(self))

    def shown(self) -> None:
        self.view.shown()

    def pointer_lost(self) -> None:
        """A pointer's release will never come (focus lost, window left)."""
        for intent in self.controller.cancel_pointer():
            self.execute(intent)

    def say(self, message: str, *, notice: bool = False, spoken: str | None = None) -> None:
        """Show ``message`` for a while, and say it (``spoken`` instead, when given) if
        speech is on; a ``notice`` (about the saves, not the table) outlives changes of
        the table."""
        self.message = (message, MESSAGE_S)
        self.message_age = 0.0
        self._notice = notice
        self.speak(message if spoken is None else spoken)

    # -- speech ------------------------------------------------------------------

    @property
    def announcer(self) -> Announcer | None:
        """What speech says, when it is on."""
        return self.host.announcer

    def speak(self, sentence: str, *, interrupt: bool | None = None) -> None:
        """Say ``sentence`` (speech on). By default the first sentence after a key or a
        press interrupts what was being said, and the ones that follow it wait their turn."""
        a = self.host.announcer
        if a is None or not sentence:
            return
        a.say(sentence, interrupt=not self.said_since_press if interrupt is None else interrupt)

    @property
    def said_since_press(self) -> bool:
        """Something was said since the last key or press (here or by a dialog it opened)."""
        a = self.host.announcer
        return a is not None and a.count != self._said_at

    def _speak_key(self, key: KeyPress, before: tuple[int | None, bool, int | None]) -> None:
        """After a key: what changed that nothing said yet, the selection or the focus; a
        button pressed that said nothing (Sound, the language) says its new state."""
        a = self.host.announcer
        c = self.controller
        if a is None or self.said_since_press:
            return
        focus, visible, selected = before
        pressed = key.key in ("return", "space", "enter", "kp_enter") and c.focus == focus
        if c.selected != selected and c.selected is not None:
            dests = c.destinations(self.game, c.selected)
            self.speak(a.selected(self.game, c.selected, dests))
        elif c.selected != selected:
            self.speak(self.host.tr(T.SPOKEN_DESELECTED))
        elif c.focus is None or not self.host.on_top(self):
            return
        elif c.focus != focus or c.focus_visible != visible or key.key in _FOCUS_KEYS:
            self.speak(self.focus_words(c.focus))  # an arrow that goes nowhere: said again
        elif pressed and c.focus >= PLACES:
            self.speak(self.focus_words(c.focus))

    def speak_back(self) -> None:
        """A dialog closed over the table: say so, and what the focus is on."""
        a = self.host.announcer
        c = self.controller
        if a is not None:
            shown = c.focus is not None and c.focus_visible
            a.say(a.back(self.focus_words(c.focus) if shown and c.focus is not None else ""))

    def speak_table(self, heading: str) -> None:
        """A new table (the next level): ``heading``, then the whole table."""
        a = self.host.announcer
        if a is not None:
            a.say(a.table(self.game, heading))

    def focus_words(self, focus: int) -> str:
        """What the focus is on, as said: a place and its top card, or a HUD button."""
        a = self.host.announcer
        if a is None:
            return ""
        if focus < PLACES:
            return a.place(self.game, focus)
        cell = hud.look(self, self.host, self.hud_items[focus - PLACES])
        label = cell.title if cell.title != "?" else cell.sub
        return a.button(label, cell.sub, enabled=cell.enabled)

    def _status(self) -> None:
        """T: the clock (a level's time left), the moves, what is left; shown and said."""
        session = self.host.session
        levels = session.levels
        a = self.host.announcer
        tr = self.host.tr
        if levels is not None and levels.counts_down:
            clock, level = format_time(levels.time_left), levels.level
        else:
            clock, level = format_time(session.elapsed), None
        hints = levels.hints_left if levels is not None else None
        if a is not None:
            self.say(a.status(self.game, clock, level=level, hints_left=hints))
        else:
            from crescent.i18n.speech import Announcer  # the words, shown only

            self.say(
                Announcer(lambda: tr, _silent).status(
                    self.game, clock, level=level, hints_left=hints
                )
            )

    def reset_interaction(self) -> None:
        """Forget the selection, a drag, animations in flight, auto-finish and the message
        (a new game, the kiosk going idle or asking its PIN)."""
        self.controller.reset()
        self.anims.finish()
        self.finishing = []
        self.safe_running = False
        self.message = None
        self._verdict_said = None

    def _reset_hint(self) -> None:
        if self._hints is not None:
            self._hints.cancel()
        self.hint = None
        self.hint_pending = False

    def after_change(self) -> None:
        """The game changed: clear stale hints and sentences (what they said was about the
        table before), check the end, offer Finish."""
        self._reset_hint()
        if not self._notice:
            self.message = None
        self.point_redeal = False
        game = self.game
        session = self.host.session
        self.controller.hud_items = self.hud_items
        outcome = session.outcome
        if session.levels is not None and outcome is not None:
            # The levels game ends, or moves on a level, through the session's outcome
            # (see _show_outcome); a finish line never runs into the next level.
            self.finishing = []
        elif outcome is not None:
            self._after_landing.append(outcome.status)
        elif game.status == "playing" and not game.has_move() and game.redeals_left > 0:
            self.point_redeal = True
            self.say(self.host.tr(T.POINT_SHUFFLE if self._shuffles else T.POINT_REDEAL))
        self._update_finish()

    @property
    def _shuffles(self) -> bool:
        return self.game.rules.redeal == "shuffle"

    def _show_outcome(self) -> None:
        """Levels game: open the end screen of a level or of the game, once each."""
        session = self.host.session
        out = session.outcome
        if session.levels is None or out is None or out is self._outcome_shown:
            return
        if self.anims.busy:
            return
        self._outcome_shown = out
        self.host.open(Screen.LEVELS_END)

    def _update_finish(self) -> None:
        changes = self.host.session.changes
        if self._finish_for != changes:
            self._finish_for = changes
            offered = bool(self.finish)
            if self.finishing:
                self.finish = None
            else:
                self.finish = finish_line(self.game)
            if self.finish and not offered:
                self.speak(self.host.tr(T.SPOKEN_FINISH_READY), interrupt=False)

    # -- input -------------------------------------------------------------------

    def handle(self, event: GameEvent) -> None:
        if isinstance(event, WindowEvent):
            return
        if self._tap_marker(event):
            return
        if isinstance(event, (PointerDown, PointerMove, PointerUp, KeyPress)):
            if isinstance(event, (PointerDown, KeyPress)) and self.anims.busy:
                self._land(self.anims.finish())
                self.finishing = []  # a touch stops auto-finish
                self.safe_running = False  # and the safe moves
            if isinstance(event, (PointerDown, KeyPress)):
                self.host.session.idle_abandoned = False
                a = self.host.announcer
                self._said_at = a.count if a is not None else 0
            holding = self.controller.holding()
            c = self.controller
            before = (c.focus, c.focus_visible, c.selected)
            intents = self.controller.handle(event, self.host.now, self.geometry, self.game)
            for intent in intents:
                self.execute(intent)
            if isinstance(event, KeyPress):
                self._speak_key(event, before)
            if not holding and self.controller.holding():
                self.host.sound.play(Cue.PICKUP)

    def execute(self, intent: Intent) -> None:
        if isinstance(intent, PlayMove):
            if self.play(intent.move, intent.from_pos):
                self._start_safe()
        elif isinstance(intent, Refuse):
            self.refuse(intent.reason, intent.place, intent.from_pos)
        elif isinstance(intent, DragBack):
            self._slide_back(intent.place, intent.from_pos)
        elif isinstance(intent, Nowhere):
            card = self.game.top(intent.place)
            if card is not None:
                tr = self.host.tr
                self.say(
                    tr(T.NO_PLACE_TAKES, card=card_symbol(card)),
                    spoken=tr(T.NO_PLACE_TAKES, card=tr.card(card)),
                )
        elif isinstance(intent, Command):
            self.command(intent.name)

    @property
    def game_over(self) -> bool:
        """The levels game is over (time up, stuck, won) and its end screen was closed: the
        final table is there to look at, nothing more is played on it."""
        out = self.host.session.outcome
        return self.host.session.levels is not None and out is not None and out.final

    def play(self, move: Move, from_pos: tuple[float, float] | None = None) -> bool:
        """Play ``move`` with its flight; False (and the refusal shown) if refused."""
        if self.game_over:
            if from_pos is not None:
                self._slide_back(move.src, from_pos)
            self.say(self.host.tr(T.GAME_OVER))
            return False
        game = self.game  # the level's game, even when the move ends it (the next one is dealt)
        card = game.top(move.src)
        try:
            self.host.session.play(move)
        except IllegalMove as e:
            self.refuse(e.reason, move.src, from_pos)
            return False
        assert card is not None
        start = from_pos if from_pos is not None else self.geometry.slot_origin(move.src)
        self.anims.add(Flight(card, start, self.geometry.slot_origin(move.dst), move.dst, MOVE_S))
        self.controller.selected = None
        self.host.sound.play(Cue.PLACE)
        a = self.host.announcer
        if a is not None:
            self.speak(a.move(game, move, card))
        self.after_change()
        return True

    def refuse(self, reason: Reason, place: int, from_pos: tuple[float, float] | None) -> None:
        if from_pos is None:
            # A refused tap: the card still nudges and slides back, sentence or not.
            x, y = self.geometry.slot_origin(place)
            from_pos = (x + self.host.layout.card_w * 0.18, y)
        self._slide_back(place, from_pos)
        self.host.sound.play(Cue.REFUSE)
        if self.host.session.settings.interactive_rules:
            self.say(self.host.tr.reason(reason))
        else:
            self.speak(self.host.tr.reason(reason))  # said even when not shown

    def _slide_back(self, place: int, from_pos: tuple[float, float]) -> None:
        card = self.game.top(place)
        if card is None:
            return
        # The card never left the engine's pile: fly it home over its own slot.
        self.anims.add(
            Flight(card, from_pos, self.geometry.slot_origin(place), place, SLIDE_BACK_S)
        )

    def command(self, name: Cmd) -> None:
        """What a HUD cell or a shortcut asks for."""
        self._commands[ALIASES.get(name, name)]()

    def _redeal_pressed(self) -> None:
        session = self.host.session
        tr = self.host.tr
        if session.outcome is not None and session.levels is not None:
            return  # between levels or after the end: nothing to shuffle
        if session.game.redeals_left <= 0:
            reason = Reason.NO_SHUFFLES_LEFT if self._shuffles else Reason.NO_REDEALS_LEFT
            if session.settings.interactive_rules:
                self.say(tr.reason(reason))
            else:
                self.speak(tr.reason(reason))
            return
        if self._shuffles and session.game.has_move():
            self.host.open(Screen.SHUFFLE)
            return
        if self._shuffles or self.redeal_guard.press(self.host.now, self.game.has_move()):
            self.redeal()
        else:
            self.say(tr(T.REDEAL_ARMED))

    def _new_pressed(self) -> None:
        if self.host.session.leaving_counts and self.host.session.outcome is None:
            self.host.open(Screen.ABANDON)
        else:
            self.host.new_game()

    def _hint_pressed(self) -> None:
        if self.finish:
            self.start_finish()
        else:
            self.ask_hint()

    def redeal(self) -> None:
        """Redeal (or shuffle) now, with its animation."""
        self.redeal_guard.disarm()
        self.controller.reset()
        before = self._looks()
        self.host.session.redeal()
        self.host.sound.play(Cue.REDEAL)
        self._animate_redeal()
        a = self.host.announcer
        if a is not None:
            after = self._looks()
            changed = [p for p in range(PILES) if after[p] != before[p]]
            self.speak(a.redealt(self.game, changed))
        self.after_change()

    def _looks(self) -> list[tuple[int | None, int]]:
        """What each pile shows: its top card and its count."""
        return [(self.game.top(p), self.game.count(p)) for p in range(PILES)]

    def _redo(self) -> None:
        """Play again the last move undone, flying like a move."""
        game = self.game
        move = game.redo_moves[0] if game.can_redo and not self.game_over else None
        card = game.top(move.src) if move is not None else None
        if move is None or card is None or not self.host.session.redo():
            return
        self.controller.reset()
        start, end = self.geometry.slot_origin(move.src), self.geometry.slot_origin(move.dst)
        self.anims.add(Flight(card, start, end, move.dst, MOVE_S))
        self.host.sound.play(Cue.PLACE)
        a = self.host.announcer
        if a is not None:
            self.speak(a.undone(self.game, move, card, redo=True))
        self.after_change()

    def _restart_pressed(self) -> None:
        """Restart this deal: asked first when it would count as played ("Restart this
        deal?", No by default); the same code dealt again, from level 1. Not in the kiosk."""
        if self.host.options.kiosk:
            return
        if self.host.session.leaving_counts:
            self.host.open(Screen.RESTART)
        else:
            self.restart()

    def restart(self) -> None:
        """The same code dealt again: its redeals back, the clock at zero."""
        self.host.new_game(self.game.code)

    def pause(self) -> None:
        """Cover the table and stop the clock (not in the kiosk); the cards in flight land
        and auto-finish stops, as at a touch."""
        if self.pausable:
            self.finishing = []
            self.safe_running = False
            self._land(self.anims.finish())
            self.host.open(Screen.PAUSE)

    def _undo(self) -> None:
        game = self.game
        last = game.history[-1] if game.can_undo else None
        if last is None or not self.host.session.undo():
            if undo_cleared_by_redeal(game.can_undo, game.rules.redeals - game.redeals_left):
                self.say(self.host.tr(T.UNDO_AFTER_REDEAL))
            return
        self.controller.reset()
        card = game.top(last.src)
        a = self.host.announcer
        if a is not None and card is not None:
            self.speak(a.undone(game, last, card))
        if card is not None:
            self.anims.add(
                Flight(
                    card,
                    self.geometry.slot_origin(last.dst),
                    self.geometry.slot_origin(last.src),
                    last.src,
                    MOVE_S,
                )
            )
        self.after_change()

    def _animate_redeal(self) -> None:
        """The redeal dealt out again: each pile's new top card flies from the middle of
        the table (where the tableau was gathered) to its pile, round the piles."""
        lay = self.host.layout
        c = lay.foundation_area.center
        for k, (card, p) in enumerate(redeal_flights(self.game.piles)):
            end = self.geometry.slot_origin(p)
            start = (c[0] - lay.card_w / 2, c[1] - lay.card_h / 2)
            self.anims.add(Flight(card, start, end, p, REDEAL_S, delay=REDEAL_STAGGER_S * k))

    # -- hints -------------------------------------------------------------------

    def ask_hint(self) -> None:
        session = self.host.session
        if self.game_over:
            return
        if self.hint is not None and self.hint.changes == session.changes and self.hint.step:
            step = self.hint.step
            self._reset_hint()
            if isinstance(step, Redeal):
                self.redeal()  # the player asked for the hint's redeal: no second press
            else:
                if self.play(step):
                    self._start_safe()
            return
        if self.game.status != "playing":
            return
        if session.hints_left == 0:
            self.say(self.host.tr(T.NO_HINTS_LEFT))
            return
        self.hints.ask(self.game, session.changes)
        self.hint_pending = True
        self.say(self.host.tr(T.HINT_THINKING))

    def _hint_ready(self, answer: HintAnswer) -> None:
        tr = self.host.tr
        self.hint_pending = False
        if answer.changes != self.host.session.changes:
            return
        if answer.kind is HintKind.REWIND:
            if answer.undos:
                self._rewind(answer.undos)
            elif answer.undos == 0:
                self.ask_hint()
            else:
                self.say(tr(T.HINT_NO_WAY_BACK))
            return
        self.hint = answer
        self.host.sound.play(Cue.HINT)
        if answer.kind is HintKind.WON:
            self.host.session.proven_winnable()
        if answer.kind is HintKind.LOST:
            self.message = None  # the dialog says it, once
            self.host.open(Screen.LOST)
            return
        step = answer.step
        if step is None:
            self.say(tr(T.POINT_SHUFFLE if self._shuffles else T.POINT_REDEAL))
            return
        self.host.session.hint_used()  # a hint that shows something; one found no move is free
        # Spending a level's hint counts as a change: the hint still answers this table.
        self.hint = replace(answer, changes=self.host.session.changes)
        if isinstance(step, Redeal):
            self.say(tr(T.HINT_SHUFFLE if self._shuffles else T.HINT_REDEAL))
        elif answer.kind is HintKind.WON:
            self.say(tr(T.HINT_MOVE, move=self._move_words(step)))
        else:
            self.say(tr(T.HINT_UNSURE, move=self._move_words(step)))

    def _rewind(self, undos: int) -> None:
        """Back to the last winnable position: ``undos`` moves taken back, each said."""
        game = self.game
        a = self.host.announcer
        for _ in range(undos):
            last = game.history[-1] if game.can_undo else None
            if last is None or not self.host.session.undo():
                break
            card = game.top(last.src)
            if a is not None and card is not None:
                self.speak(a.undone(game, last, card))
        self.controller.reset()
        self.after_change()

    def rewind_to_winnable(self) -> None:
        self.hints.ask(self.game, self.host.session.changes, rewind=True)
        self.hint_pending = True
        self.say(self.host.tr(T.HINT_SEARCHING_BACK))

    def _move_words(self, move: Move) -> str:
        card = self.game.top(move.src)
        return self.host.tr.move(card, move.src, move.dst) if card is not None else str(move)

    # -- still winnable? ----------------------------------------------------------

    def _watching(self) -> bool:
        """The setting is on, the game is the standard one (the levels game rations its
        hints), not in a kiosk (which runs for months in a tight memory budget, its spare
        CPU for the attract loop's searches) and still being played."""
        session = self.host.session
        return (
            session.settings.watch_winnable
            and session.levels is None
            and not self.host.options.kiosk  # its months-long memory budget
            and self.game.status == "playing"
        )

    def _update_watch(self) -> None:
        """After a change, ask the watcher (a bounded search in its own thread); take its
        verdict when it is about the table as it is now."""
        changes = self.host.session.changes
        if not self._watching():
            self.watch = None
            self._watched = -1
            return
        if self._watched != changes:
            self._watched = changes
            self.watch = None
            if self._watcher is None:
                from crescent.solver.watch import Watcher  # the solver, once it is wanted

                self._watcher = Watcher(max_bytes=self.solver_bytes, on_answer=_wake_loop)
            self._watcher.look(self.game, changes)
        found = self._watcher.poll() if self._watcher is not None else None
        if found is not None and found.changes == changes:
            self.watch = found
            self._say_verdict()

    def _say_verdict(self) -> None:
        """Say the "Still winnable?" line when it says something new (not after every
        move: the same verdict again is no news)."""
        marker = self.marker
        if marker is not None and marker[0] != self._verdict_said:
            self._verdict_said = marker[0]
            self.speak(marker[0], interrupt=False)

    def stop_watching(self) -> None:
        """End the watcher's search (the app is closing)."""
        if self._watcher is not None:
            self._watcher.close()

    @property
    def marker(self) -> tuple[str, tuple[int, int, int]] | None:
        """The "Still winnable?" line under the foundations, and its colour."""
        watch = self.watch
        if watch is None or watch.changes != self.host.session.changes or not self._watching():
            return None  # none yet, or about the table before its last change
        tr = self.host.tr
        verdict = watch.verdict.value
        if verdict == "winnable":
            return tr(T.WATCH_WINNABLE), self.host.theme.dest
        if verdict == "lost":
            return tr(T.WATCH_LOST), self.host.theme.refuse
        return tr(T.WATCH_UNKNOWN), self.host.theme.ink_dim

    def _tap_marker(self, event: GameEvent) -> bool:
        """A press on "Cannot be won from here": the dialog that offers to go back."""
        if not isinstance(event, PointerDown) or self.message is not None:
            return False
        if self.watch is None or self.watch.verdict.value != "lost" or self.marker is None:
            return False
        m = self.host.layout.message
        if not (m.x <= event.x < m.x + m.w and m.y <= event.y < m.y + m.h):
            return False
        self.host.open(Screen.LOST)
        return True

    # -- finish ------------------------------------------------------------------

    def start_finish(self) -> None:
        if self.finish:
            self.finishing = list(self.finish)
            self.finish = None
            self.controller.reset()
            self.speak(self.host.tr(T.FINISH))  # then each of its moves, in turn

    # -- safe moves home ---------------------------------------------------------

    def _safe_on(self) -> bool:
        """ "Safe moves home" is on and this game has it (not the levels game)."""
        session = self.host.session
        return session.settings.safe_moves and session.levels is None

    def _start_safe(self) -> None:
        """After a move of the player's: the safe moves follow, one after another."""
        if self._safe_on() and not self.finishing:
            self.safe_running = True

    def _play_safe(self) -> None:
        """The next safe move, once the cards in flight have landed; none left: done."""
        move = safe_move(self.game) if self._safe_on() else None
        if move is None:
            self.safe_running = False
            return
        self.play(move)
        self.anims.flights[-1].duration = SAFE_S

    # -- update --------------------------------------------------------------------

    def clock_passed(self, seconds: float) -> None:
        """``seconds`` of real time passed: the game's clock counts them while it runs (not
        paused, not under a dialog)."""
        if self.host.clock_runs():
            self.host.session.tick(seconds)

    def update(self, dt: float) -> None:
        self.clock_passed(dt)
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
        elif self.safe_running and not self.anims.busy:
            self._play_safe()
        if self.message is not None and not self.hint_pending:
            # While the solver searches, its "Looking for..." stays: progress, not silence.
            self.message_age += dt
            if self.message_age >= self.message[1]:
                self.message = None
        answer = self._hints.poll() if self._hints is not None else None
        if answer is not None:
            self._hint_ready(answer)
        self._update_watch()
        self._update_finish()
        self._show_outcome()

    def wake_at(self, now: float) -> float | None:
        drag = self.controller.drag
        if (
            self.anims.busy
            or self.finishing
            or self.safe_running
            or self._after_landing
            or self.message is not None
            or self.hint_pending
            or (drag is not None and drag.active)
        ):
            return None
        session = self.host.session
        if not self.host.clock_runs() or not session.started or self.game.status != "playing":
            return math.inf
        # The clock on screen shows whole seconds: it changes at the next one.
        return now + math.floor(session.elapsed) + 1 - session.elapsed + CLOCK_LATE_S

    def _land(self, landed: list[Flight]) -> None:
        if not self.anims.busy and self._after_landing:
            for what in self._after_landing:
                if what is End.WON:
                    self.host.open(Screen.WON)
                elif what is End.BLOCKED:
                    self.host.open(Screen.BLOCKED)
            self._after_landing.clear()


def _wake_loop() -> None:
    """From the watcher's thread: an event, so that a sleeping loop draws its verdict."""
    with contextlib.suppress(pygame.error):  # the window already closed
        pygame.event.post(pygame.event.Event(pygame.USEREVENT, {"watch": True}))


def _nothing() -> None:
    """An info cell's command: it is no button."""


def _silent(_sentence: str, _interrupt: bool) -> None:
    """The speaker of words that are shown only (speech off)."""
