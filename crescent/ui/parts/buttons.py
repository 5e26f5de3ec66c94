"""The HUD's buttons and their shortcuts: what each command does at the table, and the
questions asked first when a press would throw progress away."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from crescent.control.input import Cmd
from crescent.languages import next_language
from crescent.rules.engine import Reason
from crescent.ui.parts.base import Table, shuffles
from crescent.ui.parts.finish import Finish
from crescent.ui.parts.hints import Hints
from crescent.ui.parts.pause import Pause
from crescent.ui.parts.voice import Voice
from crescent.ui.scene import Host, Screen

ALIASES = {Cmd.SHUFFLE: Cmd.REDEAL, Cmd.HINTS: Cmd.HINT}
"""HUD cells that do what another cell does (the levels game's Shuffle and Hint)."""


class ButtonsTable(Table, Protocol):
    """What the buttons use of the table besides a part's."""

    @property
    def hints(self) -> Hints: ...

    @property
    def finish(self) -> Finish: ...

    def tell(self, reason: Reason) -> None: ...

    def undo(self) -> None: ...

    def redo(self) -> None: ...

    @property
    def pauser(self) -> Pause: ...

    @property
    def voice(self) -> Voice: ...


class Buttons:
    """What a HUD cell or a shortcut asks for (:meth:`press`)."""

    def __init__(self, host: Host, table: ButtonsTable) -> None:
        self.host = host
        self.table = table
        self._commands: dict[Cmd, Callable[[], None]] = {
            Cmd.UNDO: table.undo,
            Cmd.REDO: table.redo,
            Cmd.RESTART: self.restart_pressed,
            Cmd.PAUSE: table.pauser.pause,
            Cmd.REDEAL: self.redeal_pressed,
            Cmd.NEW: self.new_pressed,
            Cmd.HINT: self.hint_pressed,
            Cmd.SETTINGS: lambda: host.open(Screen.SETTINGS),
            Cmd.CODE: lambda: host.open(Screen.CODE),
            Cmd.LANG: lambda: host.change_setting("language", next_language(host.kit.tr.lang)),
            Cmd.SOUND: lambda: self.toggle("sound"),
            Cmd.RULES: lambda: host.open(Screen.RULES),
            Cmd.FULLSCREEN: lambda: self.toggle("fullscreen"),
            Cmd.STATUS: lambda: table.say(table.voice.status()),
            Cmd.SAY_MOVES: table.voice.say_moves,
            Cmd.SAY_PILES: table.voice.say_piles,
            Cmd.TIME: _nothing,  # an info cell: not a button
            Cmd.MOVES: _nothing,
            Cmd.COUNTDOWN: _nothing,
        }

    def toggle(self, setting: str) -> None:
        """An on/off setting the other way round."""
        self.host.change_setting(setting, not getattr(self.host.session.settings, setting))

    def press(self, name: Cmd) -> None:
        self._commands[ALIASES.get(name, name)]()

    def redeal_pressed(self) -> None:
        session = self.host.session
        game = self.table.game
        if session.outcome is not None and session.levels is not None:
            return  # between levels or after the end: nothing to shuffle
        if game.redeals_left <= 0:
            self.table.tell(Reason.NO_SHUFFLES_LEFT if shuffles(game) else Reason.NO_REDEALS_LEFT)
            return
        if game.has_move():
            self.host.open(Screen.REDEAL)  # asked first: it cannot be undone
        else:
            self.table.redeal()  # no move left: the rules point there

    def new_pressed(self) -> None:
        if self.host.session.leaving_counts and self.host.session.outcome is None:
            self.host.open(Screen.ABANDON)
        else:
            self.host.new_game()

    def hint_pressed(self) -> None:
        if self.table.finish.line:
            self.table.finish.start()
        else:
            self.table.hints.ask()

    def restart_pressed(self) -> None:
        """Restart this deal: asked first when it would count as played ("Restart this
        deal?", No by default); the same code dealt again, from level 1. Not in the kiosk."""
        if self.host.kit.options.kiosk:
            return
        if self.host.session.leaving_counts:
            self.host.open(Screen.RESTART)
        else:
            self.host.new_game(self.table.game.code)


def _nothing() -> None:
    """An info cell's command: it is no button."""
