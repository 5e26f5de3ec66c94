"""Finish: when the solver's quick line wins from here, the Hint button offers it; once
pressed, its moves are played one a landing (a touch stops them)."""

from __future__ import annotations

import math

from crescent.control.table_mode import TableMode
from crescent.i18n import text as T
from crescent.rules.engine import Move
from crescent.solver.autofinish import finish_line
from crescent.ui.parts.base import Table
from crescent.ui.scene import Host

FINISH_MOVE_S = 0.12
"""How long each of Finish's moves flies."""


class Finish:
    """The line on offer (:attr:`line`) and the moves left to play (:attr:`moves`)."""

    def __init__(self, host: Host, table: Table) -> None:
        self.host = host
        self.table = table
        self.line: list[Move] | None = None
        """The finish on offer (the Hint button says Finish)."""
        self.moves: list[Move] = []
        """What is left to play of the line started."""
        self._for = -1
        """The change count the offer was made for."""

    @property
    def running(self) -> bool:
        return self.table.mode is TableMode.FINISHING

    def start(self) -> None:
        if self.line:
            self.moves = list(self.line)
            self.line = None
            self.table.mode = TableMode.FINISHING
            self.table.controller.reset()
            self.table.voice.speak(self.host.kit.tr(T.FINISH))  # then each of its moves, in turn

    def stop(self) -> None:
        self.moves = []
        if self.running:
            self.table.mode = TableMode.PLAYING

    def changed(self) -> None:
        session = self.host.session
        if session.levels is not None and session.outcome is not None:
            # The levels game ends, or moves on a level, through the session's outcome;
            # a finish line never runs into the next level.
            self.stop()
        self._offer()

    def update(self, dt: float) -> None:
        if self.running and not self.table.anims.busy:
            move = self.moves.pop(0) if self.moves else None
            if not self.moves:
                self.table.mode = TableMode.PLAYING
            if move is not None and self.table.game.check(move) is None:
                self.table.play(move, duration=FINISH_MOVE_S)
            else:
                self.stop()
        self._offer()

    def wake_at(self, now: float) -> float | None:
        return None if self.running else math.inf

    def _offer(self) -> None:
        """A line is offered (and said) once per change, when one wins from here."""
        changes = self.host.session.changes
        if self._for == changes:
            return
        self._for = changes
        offered = bool(self.line)
        self.line = None if self.running else finish_line(self.table.game)
        if self.line and not offered:
            self.table.voice.speak(self.host.kit.tr(T.SPOKEN_FINISH_READY), interrupt=False)
