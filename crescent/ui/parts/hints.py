"""Hints: the solver's next move asked in the background, shown, said and played on the
second press; the way back to a winnable table (found by :mod:`crescent.ui.lost`)."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING

from crescent.control.table_mode import TableMode
from crescent.i18n import text as T
from crescent.rules.engine import Move, Redeal
from crescent.solver.outcome import HintKind
from crescent.ui.parts.banner import Banner
from crescent.ui.parts.base import Table, game_over, shuffles
from crescent.ui.scene import Host, Screen
from crescent.ui.sound import Cue

if TYPE_CHECKING:
    # The solver's hints load with the first hint (see Hints.worker).
    from crescent.solver.hints import HintAnswer, HintWorker


class Hints:
    """The hint on the table (:attr:`answer`) and the worker that searches it; the
    table's mode is ASKING while it searches."""

    def __init__(
        self, host: Host, table: Table, banner: Banner, solver_bytes: int | None = None
    ) -> None:
        self.host = host
        self.table = table
        self.banner = banner
        self.solver_bytes = solver_bytes
        """The memory budget (None: the solver's default; a kiosk sets its own)."""
        self.answer: HintAnswer | None = None
        self._worker: HintWorker | None = None

    @property
    def worker(self) -> HintWorker:
        """Made on first use: the solver's search is not loaded before a hint (tens of
        milliseconds of a start: docs/PERFORMANCE.md)."""
        if self._worker is None:
            from crescent.solver.hints import HintWorker  # the docstring says why

            self._worker = HintWorker(self.solver_bytes)
        return self._worker

    @property
    def asking(self) -> bool:
        return self.table.mode is TableMode.ASKING

    def changed(self) -> None:
        """A hint is about the table it was asked for: dropped, and its search ended."""
        if self._worker is not None:
            self._worker.cancel()
        self.answer = None
        if self.asking:
            self.table.mode = TableMode.PLAYING

    def update(self, dt: float) -> None:
        answer = self._worker.poll() if self._worker is not None else None
        if answer is not None:
            self.ready(answer)

    def wake_at(self, now: float) -> float | None:
        return None if self.asking else math.inf

    def ask(self) -> None:
        """The Hint button: the hint shown is played; else one is asked for."""
        session = self.host.session
        game = self.table.game
        if game_over(session):
            return
        answer = self.answer
        if answer is not None and answer.changes == session.changes and answer.step:
            step = answer.step
            self.changed()
            if isinstance(step, Redeal):
                self.table.redeal()  # the player asked for the hint's redeal: no second press
            else:
                self.table.player_move(step)
            return
        if game.status != "playing":
            return
        if session.hints_left == 0:
            self.table.say(self.host.kit.tr(T.NO_HINTS_LEFT))
            return
        self.worker.ask(game, session.changes)
        self.table.mode = TableMode.ASKING
        self.table.say(self.host.kit.tr(T.HINT_THINKING))

    def ready(self, answer: HintAnswer) -> None:
        """The worker's answer: shown and said when it is about the table as it is."""
        tr = self.host.kit.tr
        session = self.host.session
        if self.asking:
            self.table.mode = TableMode.PLAYING
        if answer.changes != session.changes:
            return
        self.answer = answer
        self.host.sound.play(Cue.HINT)
        if answer.kind is HintKind.WON:
            session.proven_winnable()
        if answer.kind is HintKind.LOST:
            self.banner.clear()  # the dialog says it, once
            self.host.open(Screen.LOST)
            return
        step = answer.step
        if step is None:
            self.table.say(tr(T.POINT_SHUFFLE if shuffles(self.table.game) else T.POINT_REDEAL))
            return
        session.hint_used()  # a hint that shows something; one found no move is free
        # Spending a level's hint counts as a change: the hint still answers this table.
        self.answer = replace(answer, changes=session.changes)
        if isinstance(step, Redeal):
            self.table.say(tr(T.HINT_SHUFFLE if shuffles(self.table.game) else T.HINT_REDEAL))
        elif answer.kind is HintKind.WON:
            self.table.say(tr(T.HINT_MOVE, move=self._words(step)))
        else:
            self.table.say(tr(T.HINT_UNSURE, move=self._words(step)))

    def rewind(self, undos: int) -> None:
        """Back to the last winnable position (the one the "Cannot be won" dialog's search
        found): ``undos`` moves taken back, each said."""
        game = self.table.game
        a = self.host.announcer
        for _ in range(undos):
            last = game.history[-1] if game.can_undo else None
            if last is None or not self.host.session.undo():
                break
            card = game.top(last.src)
            if a is not None and card is not None:
                self.table.voice.speak(a.undone(game, last, card))
        self.table.controller.reset()
        self.table.after_change()

    def _words(self, move: Move) -> str:
        card = self.table.game.top(move.src)
        return self.host.kit.tr.move(card, move.src, move.dst) if card is not None else str(move)
