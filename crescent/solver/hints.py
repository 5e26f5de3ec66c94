"""Hints in a background thread, so the table never stalls while the solver thinks.

Pure (no pygame). The UI starts a request and polls for its answer in
``update``; starting another request or cancelling stops the old one.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Literal

from crescent.rules.engine import Game
from crescent.solver import search as solver

HINT_BUDGET_S = 3.0
REWIND_BUDGET_S = 8.0


@dataclass(frozen=True)
class HintAnswer:
    """``kind``: "win" (``token`` is the next step of a winning line), "guess"
    (no win found: ``token`` is the best heuristic step, maybe None), "lost"
    (proven), or "rewind" (``undos`` back to a winnable position, None if none)."""

    kind: Literal["win", "guess", "lost", "rewind"]
    token: str | None = None
    line: tuple[str, ...] = ()
    undos: int | None = None
    changes: int = 0


class HintWorker:
    def __init__(self) -> None:
        self._cancel = threading.Event()
        self._thread: threading.Thread | None = None
        self._answer: HintAnswer | None = None
        self._lock = threading.Lock()

    @property
    def busy(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def cancel(self) -> None:
        self._cancel.set()
        self._cancel = threading.Event()
        with self._lock:
            self._answer = None

    def ask(self, game: Game, changes: int, *, rewind: bool = False) -> None:
        """Start looking for a hint (or, ``rewind``, the last winnable position)."""
        self.cancel()
        cancel = self._cancel
        snapshot = game.copy()

        def work() -> None:
            answer = (
                self._rewind(snapshot, cancel, changes)
                if rewind
                else self._hint(snapshot, cancel, changes)
            )
            if not cancel.is_set():
                with self._lock:
                    self._answer = answer

        self._thread = threading.Thread(target=work, name="crescent-hint", daemon=True)
        self._thread.start()

    @staticmethod
    def _hint(game: Game, cancel: threading.Event, changes: int) -> HintAnswer:
        result = solver.solve(game, budget_s=HINT_BUDGET_S, cancel=cancel)
        if result.outcome == "won" and result.line:
            return HintAnswer("win", result.line[0], tuple(result.line), changes=changes)
        if result.outcome == "lost":
            return HintAnswer("lost", changes=changes)
        return HintAnswer("guess", solver.best_guess(game), changes=changes)

    @staticmethod
    def _rewind(game: Game, cancel: threading.Event, changes: int) -> HintAnswer:
        undos = solver.last_winnable(game, budget_s=REWIND_BUDGET_S)
        return HintAnswer("rewind", undos=undos, changes=changes)

    def poll(self) -> HintAnswer | None:
        """The answer once it is ready (given once)."""
        with self._lock:
            answer, self._answer = self._answer, None
        return answer
