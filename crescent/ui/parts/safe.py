""" "Safe moves home": after a move of the player's, the cards no one could want send
themselves home, one a landing (a touch stops them)."""

from __future__ import annotations

import math

from crescent.control.table_mode import TableMode
from crescent.play.session import Session
from crescent.rules.safe import safe_move
from crescent.ui.parts.base import Table

SAFE_S = 0.14
"""How long a safe move home flies (a little quicker than the player's own)."""


class SafeMoves:
    """The safe moves after the player's: the table's mode is SAFE while they run."""

    def __init__(self, table: Table, session: Session) -> None:
        self.table = table
        self.session = session

    def on(self) -> bool:
        """The setting is on and this game has it (not the levels game)."""
        return self.session.settings.safe_moves and self.session.levels is None

    def start(self) -> None:
        """After a move of the player's: the safe moves follow, one after another."""
        if self.on() and self.table.mode is not TableMode.FINISHING:
            self.table.mode = TableMode.SAFE

    def changed(self) -> None:
        """Each move is looked at when the cards in flight have landed."""

    def update(self, dt: float) -> None:
        """The next safe move, once the cards in flight have landed; none left: done."""
        if self.table.mode is not TableMode.SAFE or self.table.anims.busy:
            return
        move = safe_move(self.table.game) if self.on() else None
        if move is None:
            self.table.mode = TableMode.PLAYING
        else:
            self.table.play(move, duration=SAFE_S)

    def wake_at(self, now: float) -> float | None:
        return None if self.table.mode is TableMode.SAFE else math.inf
