"""Hints in a background thread, so the table never stalls while the solver thinks.

Pure (no pygame). The UI starts a request and polls for its answer in
``update``; starting another request or cancelling stops the old one. A hint is
the next step of a line :func:`~crescent.solver.portfolio.solve` found, "lost"
when proven, else :func:`best_guess`; a rewind asks :func:`last_winnable`.

In the levels game the line wins the level with the fewest shuffles found
(:func:`hint_line`: without a shuffle first, then with one...), so following the
hints never spends a shuffle a later level could need when the level can be won
without it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from crescent.rules.engine import PILES, Game, Move, Redeal, parse_step
from crescent.solver.dead import proven_lost
from crescent.solver.outcome import HintKind, Outcome
from crescent.solver.portfolio import Result, solve
from crescent.solver.position import Memo, convert
from crescent.solver.whole import fewest

HINT_BUDGET_S = 3.0
REWIND_BUDGET_S = 8.0
TRY_NODES = 800
"""Positions a levels hint's search with fewer than all the shuffles left may enter
(0.04 s pure without a shuffle, 0.13 s with: a shuffle's children cost more)."""
TRIES_NODES = 2 * TRY_NODES
"""Positions those searches may enter together: the tries without a shuffle and with one
(at level 4 more tries were mostly unknown and took the hint's p95 over 0.5 s)."""


@dataclass(frozen=True)
class HintAnswer:
    """A hint's answer: its kind says which of the other fields tell what."""

    kind: HintKind
    step: Move | Redeal | None = None
    line: tuple[str, ...] = ()
    undos: int | None = None
    changes: int = 0


Place = tuple[object, ...]
"""A position as the plan compares it (see :func:`_place`)."""


def _place(game: Game) -> Place:
    """What makes ``game``'s position: its deal, piles, foundations, shuffles left."""
    return (
        game.code,
        game.level,
        tuple(map(tuple, game.piles)),
        tuple(map(tuple, game.foundations)),
        tuple(game.down),
        game.redeals_left,
    )


class HintWorker:
    """Asks the solver in a thread; ``max_bytes`` is its memory budget (None: the solver's
    default; a kiosk gives its own), ``clock`` counts its budget's seconds (a test's
    simulated one).

    It keeps the last winning line it found (the plan): asked again from a position the
    plan passes through (the player followed it, or came back to it), it answers with the
    rest of the plan at once, the same line and no more shuffles than it."""

    def __init__(
        self, max_bytes: int | None = None, *, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.max_bytes = max_bytes
        self.clock = clock
        self._plan: dict[Place, tuple[str, ...]] = {}
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
                else self.hint(snapshot, changes, cancel)
            )
            if not cancel.is_set():
                with self._lock:
                    self._answer = answer

        self._thread = threading.Thread(target=work, name="crescent-hint", daemon=True)
        self._thread.start()

    def hint(self, game: Game, changes: int, cancel: threading.Event | None = None) -> HintAnswer:
        """The hint for ``game`` (not changed), here and now (:meth:`ask` runs it in a
        thread)."""
        with self._lock:
            rest = self._plan.get(_place(game))
        if rest:
            return HintAnswer(HintKind.WON, parse_step(rest[0]), rest, changes=changes)
        if proven_lost(game):  # a proof without searching: say so at once
            return HintAnswer(HintKind.LOST, changes=changes)
        result = hint_line(
            game, budget_s=HINT_BUDGET_S, clock=self.clock, cancel=cancel, max_bytes=self.max_bytes
        )
        if result.outcome is Outcome.WON and result.line:
            plan = _plan_of(game, result.line)
            with self._lock:
                self._plan = plan
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


def _plan_of(game: Game, line: list[str]) -> dict[Place, tuple[str, ...]]:
    """Each position ``line`` passes through from ``game``, with the rest of the line."""
    g = game.copy()
    plan: dict[Place, tuple[str, ...]] = {}
    for k, token in enumerate(line):
        plan.setdefault(_place(g), tuple(line[k:]))
        g.apply(token)
    return plan


def hint_line(
    game: Game,
    *,
    budget_s: float = HINT_BUDGET_S,
    clock: Callable[[], float] = time.monotonic,
    cancel: threading.Event | None = None,
    max_bytes: int | None = None,
) -> Result:
    """The line a hint takes its step from: :func:`~crescent.solver.portfolio.solve`'s, or
    in the levels game (shuffles) the line with the fewest shuffles found
    (:func:`~crescent.solver.whole.fewest`: the searches allowed fewer than all the
    shuffles left stop at :data:`TRY_NODES` each and :data:`TRIES_NODES` together, the
    last one has the whole budget)."""
    if game.rules.redeal != "shuffle":
        return solve(game, budget_s=budget_s, clock=clock, cancel=cancel, max_bytes=max_bytes)
    found = fewest(
        game,
        budget_s=budget_s,
        try_nodes=TRY_NODES,
        tries_nodes=TRIES_NODES,
        clock=clock,
        cancel=cancel,
        max_bytes=max_bytes,
    )
    return Result(found.outcome, found.line, found.nodes, found.seconds)


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
