"""solve(): the portfolio of searches taking turns within one budget.

How large the redeal bonus of a best-first search should be varies a lot from deal to
deal, and so does which of two equally scored positions to take first (oldest or
newest), so :func:`solve` runs a portfolio of searches in turn. Each is a generator that
pauses when its time slice is over and resumes where it stopped in the next round, with
a doubled slice (nothing is searched twice). One exhaustive depth-first search takes its
turn too. Each search is exhaustive, so one that runs out of positions proves a loss
(re-run without the shortcuts not proven exact when it took one); when they all would
outgrow memory a depth-first search, exhaustive too, takes over.

Everything one solve() keeps (its searches, its memo, its meter) is its own and let go
on return; its limits are its arguments.
"""

from __future__ import annotations

import contextlib
import gc
import sys
import threading
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import Final

from crescent.rules.engine import Game, IllegalMove
from crescent.solver import core
from crescent.solver.best_first import BestFirst, Found
from crescent.solver.budget import MAX_BYTES, Meter, Stop
from crescent.solver.dead import proven_lost
from crescent.solver.depth_first import DepthFirst
from crescent.solver.exact import certify
from crescent.solver.line import write_line
from crescent.solver.moves import Moves
from crescent.solver.outcome import Outcome
from crescent.solver.position import Memo, Step

__all__ = ["MAX_BYTES", "Outcome", "Result", "proven_lost", "solve"]

PORTFOLIO: Final = (
    (80, 1, False),
    (80, 1, True),
    (40, 1, False),
    (120, 1, True),
    (160, 1, False),
    (100, 2, True),
    (100, 2, False),
    (40, 1, True),
    (120, 1, False),
    (160, 1, True),
)
"""(redeal weight, depth weight, newest first) of each best-first search solve() takes
turns with. Among positions of equal score a search takes the oldest first or the newest
first; the two orders win very different deals, so both are in the portfolio."""
MORE: Final = (
    (200, 1, False),
    (200, 1, True),
    (60, 2, False),
    (60, 2, True),
    (120, 3, False),
    (120, 3, True),
    (200, 2, False),
    (200, 2, True),
    (40, 2, False),
    (80, 3, True),
    (200, 3, False),
)
"""Best-first searches that join :data:`PORTFOLIO` when there is room for them
(:data:`WIDE_BYTES`): heavier weights on redeals in hand and on how deep the next cards
lie. Each alone wins unknown deals of the first survey the ten above miss (see
docs/SOLVER.md, "Room")."""
WIDE_BYTES: Final = 512 * 2**20
"""The memory budget from which :data:`MORE` join the portfolio: below it (the game's 64 and
32 MB) the searches of :data:`PORTFOLIO` already outgrow it and are let go one by one."""
FIRST_SLICE: Final = 0.05
"""Seconds each search of the portfolio gets in the first round (doubling each round)."""
FIRST_TURN_NODES: Final = 2048
"""Positions each search gets in the first round when turns are counted in positions
(``solve(node_turns=True)``; doubling each round)."""
REAL_CLOCKS: Final = (time.monotonic, time.perf_counter, time.process_time, time.thread_time)
"""Clocks a search core may look at less often than every :data:`CHECK_EVERY` nodes
(another clock may be a simulated one, counting the looks)."""
GIVE_BACK_NODES: Final = 20_000
"""A search this big (a second or more) hands its memory back on return; a small one has
little to give and returns at once (a cancelled hint answers at its next look at the
cancel flag, :data:`~crescent.solver.budget.CHECK_EVERY` nodes)."""

Search = BestFirst | DepthFirst
Turns = tuple[Search, Generator[None, None, Found]]
"""A search of the portfolio and its generator (see :func:`_portfolio`)."""


@dataclass(frozen=True)
class Result:
    """What :func:`solve` found: ``line`` is the winning line when ``outcome`` is "won"."""

    outcome: Outcome
    line: list[str] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0
    proof: str = ""
    """How a loss was proven: "dead" (the dead-position tests) or "exhaustive" (every
    reachable position searched, keyed exactly: :mod:`crescent.solver.exact`)."""
    proof_positions: int = 0
    """The positions the exact proof of a loss searched."""


def solve(
    game: Game,
    *,
    budget_s: float = 10.0,
    max_nodes: int | None = None,
    cancel: threading.Event | Callable[[], bool] | None = None,
    clock: Callable[[], float] = time.monotonic,
    max_bytes: int | None = None,
    node_turns: bool = False,
) -> Result:
    """Search ``game`` (never changed) for a win within ``budget_s`` seconds / ``max_nodes``.

    "won" comes with a line of engine tokens that replays to a won game; "lost"
    only when the whole reachable space was searched; "unknown" otherwise
    (budget spent, memory budget ``max_bytes`` reached, or cancelled). Seconds are
    counted by ``clock``: wall time by default; the benchmark can count the process's
    CPU time (``time.process_time``), so its figures hold on a busy machine. The
    search's tables stay within ``max_bytes`` (default :data:`MAX_BYTES`; checked as they
    grow) and are all let go on return.

    ``node_turns``: the searches take turns of :data:`FIRST_TURN_NODES` positions
    (doubling each round), not of seconds, and the search core stops where the pure search
    looks (not paced by the clock): within ``max_nodes`` (and a ``budget_s`` that does
    not run out first) the result, its line and its node count are the same on any
    machine, however fast or busy, in the core and pure.
    """
    start = clock()
    stop = _stop_flag(cancel)
    memo = Memo()
    paced = core.supports(game) and clock in REAL_CLOCKS and not node_turns
    meter = Meter(start + budget_s, max_nodes, stop, max_bytes or MAX_BYTES, clock, memo, paced)

    def done(outcome: Outcome, line: list[str] | None = None) -> Result:
        if outcome is Outcome.LOST:  # a hashed search's candidate: settled exactly, or unknown
            verdict, steps, proof, positions = certify(game, meter)
            if verdict is Outcome.LOST:
                return Result(Outcome.LOST, [], meter.nodes, clock() - start, proof, positions)
            line = _line(game, steps) if verdict is Outcome.WON else None
            outcome = Outcome.UNKNOWN if line is None else Outcome.WON
        return Result(outcome, line or [], meter.nodes, clock() - start)

    def written(steps: list[Step]) -> Result:
        line = _line(game, steps)
        return done(Outcome.UNKNOWN) if line is None else done(Outcome.WON, line)

    if game.is_won:
        return done(Outcome.WON)
    if stop():
        return done(Outcome.UNKNOWN)
    try:
        return _settled(game, meter, _portfolio(game, meter), written, done, node_turns)
    except Stop:
        return done(Outcome.UNKNOWN)
    finally:
        memo.clear()
        if meter.nodes >= GIVE_BACK_NODES:
            # The core's tables go back as they are freed; its search leaves the
            # interpreter's heap as it was, and a collection would hold the lock.
            _give_back_memory(collect=not core.supports(game))


def _line(game: Game, steps: list[Step]) -> list[str] | None:
    """The steps as engine tokens; None when they do not replay (a bug: never hand out
    a bad line)."""
    try:
        return write_line(game, steps)
    except (IllegalMove, AssertionError):
        return None


def _stop_flag(cancel: threading.Event | Callable[[], bool] | None) -> Callable[[], bool]:
    if isinstance(cancel, threading.Event):
        return cancel.is_set
    if cancel is None:
        return _never
    return cancel


def _never() -> bool:
    return False


def _give_back_memory(collect: bool = True) -> None:
    """Hand what the search freed back to the system (else the process stays tens of MB
    above its size before the search). A full collection (``collect``) empties the
    interpreter's free lists, whose few recently freed tuples would each pin a whole arena
    of the search's memory; on Linux, glibc's malloc_trim returns the heap that large
    tables freed."""
    if collect:
        gc.collect()
    if sys.platform.startswith("linux"):
        # Here, not at the top: importing ctypes opens a library (dlopen), and importing
        # the solver does nothing (tests/test_pure_imports.py).
        import ctypes

        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL("libc.so.6").malloc_trim(0)


def _portfolio(game: Game, meter: Meter) -> list[Turns]:
    """The searches of the portfolio, ready to take turns: the best-first ones, and one
    exhaustive depth-first search (it wins deals the best-first searches miss and proves
    most losses) within its share of the budget (:meth:`Meter.beside`); with room
    (:data:`WIDE_BYTES`), :data:`MORE` best-first searches too."""
    cap = meter.states()
    running: list[Turns] = []
    best_first, depth_first = core.searches(game)
    weights = PORTFOLIO + (MORE if meter.max_bytes >= WIDE_BYTES else ())
    for w_redeal, w_depth, newest_first in _distinct(weights, game.redeals_left):
        search = best_first(Moves(game, meter.memo, w_depth), meter, w_redeal, newest_first)
        running.append((search, search.run(max_states=cap, use_autoplay=True)))
    dfs = depth_first(Moves(game, meter.memo), meter)
    turns = dfs.turns(use_autoplay=True, thorough=True, max_bytes=meter.beside())
    running.append((dfs, turns))
    return running


def _distinct(
    weights: tuple[tuple[int, int, bool], ...], redeals: int
) -> tuple[tuple[int, int, bool], ...]:
    """The searches of ``weights`` that differ with ``redeals`` left: the redeal weight
    scores redeals in hand, so with none left every position scores the same whatever it
    is, and searches that differ only in it enter the same positions in the same order
    (the first of each kind wins first: the others are work done twice)."""
    if redeals:
        return weights
    kinds: dict[tuple[int, bool], tuple[int, int, bool]] = {}
    for w in weights:
        kinds.setdefault(w[1:], w)
    return tuple(kinds.values())


def _settled(
    game: Game,
    meter: Meter,
    running: list[Turns],
    written: Callable[[list[Step]], Result],
    done: Callable[[Outcome], Result],
    node_turns: bool,
) -> Result:
    """The searches take turns, each resumed where it stopped with a doubled slice (in
    seconds, or in positions with ``node_turns``); any search that runs out of positions
    proves the loss."""
    turn = FIRST_SLICE
    nodes = FIRST_TURN_NODES
    while running:
        for entry in list(running):
            if entry not in running:
                continue
            if node_turns:
                meter.slice_nodes = meter.nodes + nodes
            else:
                meter.slice_end = meter.clock() + turn
            found = _turn(entry, running, meter)
            if found is None:
                continue
            if isinstance(found, list):
                return written(found)
            return _lost(entry[0], running, meter, written, done)
        turn *= 2
        nodes *= 2
    # Every search outgrew memory: settle it depth-first (exhaustive), in the memory the
    # others gave back.
    _give_back_memory()
    meter.endless_turn()
    return _last_word(core.searches(game)[1](Moves(game, meter.memo), meter), written, done)


def _turn(entry: Turns, running: list[Turns], meter: Meter) -> list[Step] | bool | None:
    """One turn of ``entry``'s search: what it ended with, None while it goes on (or
    when it was let go: too big to keep in memory, the others go on)."""
    try:
        next(entry[1])
    except StopIteration as end:
        found: Found = end.value
        if found is None:
            running.remove(entry)
        return found
    if meter.over:
        # Over the memory budget: the largest search goes, the others go on (a
        # search's memory is its table of positions).
        meter.over = False
        largest = max(running, key=lambda e: len(e[0].table))
        largest[1].close()
        running.remove(largest)
    return None


def _lost(
    search: Search,
    running: list[Turns],
    meter: Meter,
    written: Callable[[list[Step]], Result],
    done: Callable[[Outcome], Result],
) -> Result:
    """``search`` exhausted its space: a candidate loss, settled by the exact search
    (:func:`crescent.solver.exact.certify`, in ``done``) once the others are let go."""
    for _, other in running:
        other.close()  # their memory goes to the exact search
    return done(Outcome.LOST)


def _last_word(
    search: DepthFirst,
    written: Callable[[list[Step]], Result],
    done: Callable[[Outcome], Result],
) -> Result:
    """The depth-first search alone, to its end; no win found is a candidate loss,
    settled exactly (in ``done``)."""
    steps = search.run(use_autoplay=True)
    return done(Outcome.LOST) if steps is None else written(steps)
