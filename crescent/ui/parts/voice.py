"""Speech at the table: what a key or a press changed, the focus, the table anew.

The first sentence after a key or a press interrupts what was being said; the ones
that follow wait their turn (see :meth:`Voice.speak`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from crescent.control.input import PLACES, Controller, KeyPress
from crescent.i18n import text as T
from crescent.rules.engine import Game
from crescent.ui import hud
from crescent.ui.hud import HudSource, format_time
from crescent.ui.scene import Host

if TYPE_CHECKING:
    from crescent.i18n.speech import Announcer

FOCUS_KEYS = frozenset({"tab", "left", "right", "up", "down"})
"""Keys that move the focus: what it is on is said after each, moved or not."""
_PRESS_KEYS = frozenset({"return", "space", "enter", "kp_enter"})


def pile_look(game: Game, pile: int) -> tuple[int | None, int]:
    """What a pile shows: its top card and its count."""
    return game.top(pile), game.count(pile)


class VoiceTable(HudSource, Protocol):
    """What speech reads of the table: its game, its HUD's looks and its focus."""

    @property
    def controller(self) -> Controller: ...


class Voice:
    """The table's speech (silent while speech is off)."""

    def __init__(self, host: Host, table: VoiceTable) -> None:
        self.host = host
        self.table = table
        self._said_at = 0
        """The announcer's count at the last key or press."""

    @property
    def announcer(self) -> Announcer | None:
        return self.host.announcer

    def pressed(self) -> None:
        """A key or a press: what is said next interrupts."""
        a = self.announcer
        self._said_at = a.count if a is not None else 0

    @property
    def said_since_press(self) -> bool:
        """Something was said since the last key or press (here or by a dialog it opened)."""
        a = self.announcer
        return a is not None and a.count != self._said_at

    def speak(self, sentence: str, *, interrupt: bool | None = None) -> None:
        """Say ``sentence``. By default the first sentence after a key or a press interrupts
        what was being said, and the ones that follow it wait their turn."""
        a = self.announcer
        if a is None or not sentence:
            return
        a.say(sentence, interrupt=not self.said_since_press if interrupt is None else interrupt)

    def after_key(self, key: KeyPress, before: tuple[int | None, bool, int | None]) -> None:
        """After a key: what changed that nothing said yet, the selection or the focus; a
        button pressed that said nothing (Sound, the language) says its new state."""
        a = self.announcer
        c = self.table.controller
        if a is None or self.said_since_press:
            return
        focus, visible, selected = before
        game = self.table.game
        pressed = key.key in _PRESS_KEYS and c.focus == focus
        if c.selected != selected and c.selected is not None:
            self.speak(a.selected(game, c.selected, c.destinations(game, c.selected)))
        elif c.selected != selected:
            self.speak(self.host.kit.tr(T.SPOKEN_DESELECTED))
        elif c.focus is None or self.host.scenes[-1] is not self.host.scenes[0]:
            return
        elif c.focus != focus or c.focus_visible != visible or key.key in FOCUS_KEYS:
            self.speak(self.focus_words(c.focus))  # an arrow that goes nowhere: said again
        elif pressed and c.focus >= PLACES:
            self.speak(self.focus_words(c.focus))

    def back(self) -> None:
        """A dialog closed over the table: say so, and what the focus is on."""
        a = self.announcer
        c = self.table.controller
        if a is not None:
            shown = c.focus is not None and c.focus_visible
            a.say(a.back(self.focus_words(c.focus) if shown and c.focus is not None else ""))

    def say_deal(self, heading: str) -> None:
        """A new deal (the next level): ``heading``, then the table in short."""
        a = self.announcer
        if a is not None:
            a.say(a.summary(self.table.game, heading))

    def say_moves(self) -> None:
        """M: what is left and the moves that can be played now (silent with speech off)."""
        a = self.announcer
        if a is not None:
            self.speak(a.moves_now(self.table.game))

    def say_piles(self) -> None:
        """L: every pile and foundation, its top card and count (silent with speech off)."""
        a = self.announcer
        if a is not None:
            self.speak(a.piles(self.table.game))

    def focus_words(self, focus: int) -> str:
        """What the focus is on, as said: a place and its top card, or a HUD button."""
        a = self.announcer
        if a is None:
            return ""
        if focus < PLACES:
            return a.place(self.table.game, focus)
        cell = hud.look(self.table, self.host, self.host.kit.hud_items[focus - PLACES])
        label = cell.title if cell.title != "?" else cell.sub
        return a.button(label, cell.sub, enabled=cell.enabled)

    def redealt(self, before: list[tuple[int | None, int]]) -> None:
        """After a redeal: which piles changed (``before``: each pile's top and count)."""
        a = self.announcer
        game = self.table.game
        if a is not None:
            changed = [p for p, was in enumerate(before) if was != pile_look(game, p)]
            self.speak(a.redealt(game, changed))

    def status(self) -> str:
        """T: the clock (a level's time left), the moves, what is left, in words."""
        session = self.host.session
        levels = session.levels
        if levels is not None and levels.counts_down:
            clock, level = format_time(levels.time_left), levels.level
        else:
            clock, level = format_time(session.elapsed), None
        hints = levels.hints_left if levels is not None else None
        a = self.announcer
        if a is None:
            from crescent.i18n.speech import Announcer  # the words, shown only

            tr = self.host.kit.tr
            a = Announcer(lambda: tr, _silent)
        return a.status(self.table.game, clock, level=level, hints_left=hints)


def _silent(_sentence: str, _interrupt: bool) -> None:
    """The speaker of words that are shown only (speech off)."""
