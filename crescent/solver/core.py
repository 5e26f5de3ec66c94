"""The search core: the best-first and depth-first searches in C, beside the pure ones.

``_core.c`` (built by ``pip install`` where a C compiler is, see setup.py) runs the
searches of :mod:`~crescent.solver.best_first` and :mod:`~crescent.solver.depth_first`
step for step: the same children in the same order, the same scores and tie-breaks, the
same dead-position tests, so it enters the same positions in the same order and finds the
same line, about ten times as fast, and without the interpreter lock while it searches
(a search in a thread leaves the game's loop its lock). The pure modules stay the
reference and the fallback: without the extension, or for rules it does not know (the
levels game: its redeals shuffle and its empty piles take cards), the pure searches run.

A core search is driven from here as the pure one is by its loop: ``run(n)`` searches up
to the ``n``-th node and stops there, and this module does what
:meth:`~crescent.solver.budget.Meter.tick` does at that node (the clock, the cancel flag,
the memory, the end of a turn), so node budgets, a simulated clock and the portfolio's
turns fall on the same nodes (:meth:`~crescent.solver.budget.Meter.chunk`).

Keys are sums of 64-bit hashes as in the pure searches (not the same hashes): a loss
they find is a candidate, settled by the exact search (:mod:`~crescent.solver.exact`).
"""

from __future__ import annotations

from collections.abc import Generator
from types import ModuleType
from typing import Final

from crescent.rules.engine import PILE_LIMIT, Game
from crescent.solver.best_first import BestFirst, Found
from crescent.solver.budget import Meter, Stop
from crescent.solver.depth_first import DepthFirst
from crescent.solver.moves import Moves
from crescent.solver.position import WON, Piles, Step

Start = tuple[Piles, bytes, int, list[Step]]
"""A search's root: piles, foundations, redeals left, the safe plays to it."""

try:
    from crescent.solver import _core
except ImportError:  # not built (no C compiler at install): the pure searches run
    _core = None  # type: ignore[assignment]

CORE: ModuleType | None = _core
"""The extension, or None (the tests set None to run the pure searches)."""

PAUSED: Final = 0
WON_FOUND: Final = 1
EXHAUSTED: Final = 2
AT_CAP: Final = 3
FULL: Final = 4
NO_MEMORY: Final = 5
"""What a core search's ``run(n)`` ends with (``_core.c``)."""


def name() -> str:
    """Which search runs: "core" (the C extension) or "pure"."""
    return "core" if CORE is not None else "pure"


def supports(game: Game) -> bool:
    """Whether the core searches ``game``: built, its rules rotate redeals and keep empty
    piles dead (the dead-position tests and order-free keys hold), and no pile holds more
    than a pile may take (hand-made positions may)."""
    rules = game.rules
    return (
        CORE is not None
        and rules.redeal == "rotate"
        and not rules.empty_piles_accept
        and all(len(p) <= PILE_LIMIT for p in game.piles)
    )


def searches(game: Game) -> tuple[type[BestFirst], type[DepthFirst]]:
    """The searches for ``game``: in the core when it is built and knows the rules, else
    the pure ones."""
    if supports(game):
        return CoreBestFirst, CoreDepthFirst
    return BestFirst, DepthFirst


def _drive(search: _core.BestFirst | _core.DepthFirst, meter: Meter) -> Generator[None, None, int]:
    """Run ``search`` to its end, the meter's tick done at each node the pure search
    would do it at; yield when the turn is over. What it ended with."""
    while True:
        status, nodes = search.run(meter.chunk())
        if status != PAUSED:
            meter.nodes += nodes
            if status == NO_MEMORY:
                raise Stop
            return status
        meter.nodes += nodes - 1
        if meter.tick():
            yield


def _root(moves: Moves, use_autoplay: bool) -> tuple[Start, Found]:
    """The root (safe plays made when ``use_autoplay``) and what a search of it ends with
    before searching: its steps when it is won, False when the dead-position tests prove
    it lost, None otherwise."""
    start = moves.start(use_autoplay)
    piles, fnd, r, steps0 = start
    if moves.memo.found_count(fnd) == WON:
        return start, steps0
    return start, False if moves.is_dead(piles, fnd, r) else None


class CoreBestFirst(BestFirst):
    """:class:`~crescent.solver.best_first.BestFirst`, searching in the core."""

    def run(self, max_states: int, use_autoplay: bool) -> Generator[None, None, Found]:
        moves = self.moves
        (piles, fnd, r, steps0), ended = _root(moves, use_autoplay)
        if ended is not None:
            return ended
        assert CORE is not None, "supports() was asked first"
        search: _core.BestFirst = CORE.BestFirst(
            piles, fnd, r, moves.w_depth, self.w_redeal, self.newest_first, max_states, use_autoplay
        )
        self.table = search
        self.meter.tables.append(search)
        try:
            status = yield from _drive(search, self.meter)
        finally:
            self.meter.tables.remove(search)
            self.table = {}
        if status == WON_FOUND:
            return steps0 + search.line()
        return False if status == EXHAUSTED else None


class CoreDepthFirst(DepthFirst):
    """:class:`~crescent.solver.depth_first.DepthFirst`, searching in the core (its
    table of positions: fingerprints from the first, within the same bytes)."""

    def turns(
        self,
        use_autoplay: bool,
        thorough: bool = False,
        max_bytes: int | None = None,
        max_set: int | None = None,
    ) -> Generator[None, None, Found]:
        moves = self.moves
        meter = self.meter
        (piles, fnd, r, steps0), ended = _root(moves, use_autoplay)
        if ended is not None:
            return ended
        assert CORE is not None, "supports() was asked first"
        room = meter.seen() if max_bytes is None else max_bytes
        if meter.lost0 is None and r > 0:
            meter.lost0 = CORE.Table(room // 8)
        search: _core.DepthFirst = CORE.DepthFirst(
            piles, fnd, r, self.w_redeal, thorough, room - room // 4, meter.lost0, use_autoplay
        )
        status = yield from _drive(search, meter)
        if status == FULL:
            if max_bytes is not None:
                return None  # over its share: the portfolio's other searches go on
            raise Stop  # out of memory budget: unknown
        if status == WON_FOUND:
            return steps0 + search.line()
        return False
