"""Hints in a background thread, so the table never stalls while the solver thinks.

Pure (no pygame). The UI starts a request and polls for its answer in
``update``; starting another request or cancelling stops the old one. A hint is
the next step of a line :func:`~crescent.solver.portfolio.solve` found, "lost"
when proven, else :func:`best_guess`; a rewind asks :func:`last_winnable`.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

from crescent.rules.engine import PILES, Game, Move, Redeal, parse_step
from crescent.solver.dead import proven_lost
from crescent.solver.outcome import HintKind, Outcome
from crescent.solver.portfolio import solve
from crescent.solver.position import Memo, convert

HINT_BUDGET_S = 3.0
REWIND_BUDGET_S = 8.0


@dataclass(frozen=True)
class HintAnswer:
    """A hint's answer: its kind says which of the other fields tell what."""

    kind: HintKind
    step: Move | Redeal | None = None
    line: tuple[str, ...] = ()
    undos: int | None = None
    changes: int = 0


class HintWorker:
    """Asks the solver in a thread; ``max_bytes`` is its memory budget (None: the solver's
    default; a kiosk gives its own)."""

    def __init__(self, max_bytes: int | None = None) -> None:
        self.max_bytes = max_bytes
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

    def _hint(self, game: Game, cancel: threading.Event, changes: int) -> HintAnswer:
        if proven_lost(game):  # a proof without searching: say so at once
            return HintAnswer(HintKind.LOST, changes=changes)
        result = solve(game, budget_s=HINT_BUDGET_S, cancel=cancel, max_bytes=self.max_bytes)
        if result.outcome is Outcome.WON and result.line:
            first = parse_step(result.line[0])
            return HintAnswer(HintKind.WON, first, tuple(result.line), changes=changes)
        if result.outcome is Outcome.LOST:
            return HintAnswer(HintKind.LOST, changes=changes)
        guess = best_guess(game)
        step = parse_step(guess) if guess is not None else None
        return HintAnswer(HintKind.GUESS, step, changes=changes)

    def _rewind(self, game: Game, cancel: threading.Event, changes: int) -> HintAnswer:
        undos = last_winnable(game, budget_s=REWIND_BUDGET_S, max_bytes=self.max_bytes)
        return HintAnswer(HintKind.REWIND, undos=undos, changes=changes)

    def poll(self) -> HintAnswer | None:
        """The answer once it is ready (given once)."""
        with self._lock:
            answer, self._answer = self._answer, None
        return answer


def _score_game(game: Game) -> int:
    piles, fnd, _ = convert(game)
    return Memo().score(piles, fnd)


def best_guess(game: Game) -> str | None:
    """A good next token by a quick look ahead of one move (or "R"); None if nothing is legal.

    Prefer :func:`solve` when it finds a win: this is the fallback hint.
    Foundation-to-foundation slides and the move that undoes the last one are
    suggested only when nothing else is legal.
    """
    moves = game.legal_moves()
    last = game.history[-1] if game.history else None
    useful = [
        m
        for m in moves
        if not (m.src >= PILES and m.dst >= PILES)
        and not (last is not None and m.src == last.dst and m.dst == last.src)
    ]
    if not useful:
        if game.redeals_left > 0:
            return game.redeal_token
        return str(moves[0]) if moves else None
    best: tuple[int, int] | None = None
    choice = useful[0]
    for n, m in enumerate(useful):
        g = game.copy()
        g.play(m)
        score = (_score_game(g), -n)
        if best is None or score > best:
            best, choice = score, m
    return str(choice)


def last_winnable(game: Game, *, budget_s: float, max_bytes: int | None = None) -> int | None:
    """How many undos back the most recent position with a found win is (0..len(history)).

    None when no win was found within ``budget_s``. ``game`` is not changed.
    Winnability only grows going back (the undone moves can be played again),
    so this is a binary search over the undo history.
    """
    start = time.monotonic()
    history = game.history
    n = len(history)
    lo, hi = 0, n  # the answer, if any, is in lo..hi
    found: int | None = None
    tries = max(1, (n + 1).bit_length() + 1)
    while lo <= hi:
        left = budget_s - (time.monotonic() - start)
        if left <= 0:
            break
        mid = (lo + hi) // 2
        g = game.copy()
        for _ in range(mid):
            g.undo()
        if proven_lost(g):  # a proof at once: the budget is kept for the other positions
            lo = mid + 1
            continue
        result = solve(g, budget_s=max(left / tries, min(left, 0.05)), max_bytes=max_bytes)
        tries = max(1, tries - 1)
        if result.outcome is Outcome.WON:
            found = mid
            # The line may begin by replaying the undone moves: then nearer
            # positions are winnable too.
            replayed = 0
            for token, move in zip(result.line, history[n - mid :], strict=False):
                if token != str(move):
                    break
                replayed += 1
            found = mid - replayed
            hi = found - 1
        else:
            lo = mid + 1
    return found
