"""Best-first search that hoards redeals: the portfolio's fast way to a win.

A position's priority is its score (foundation cards, less how deep the cards they need
next lie, times ``w_depth``) plus ``w_redeal`` per redeal in hand, so a phase is explored
before a redeal is spent. Among positions of equal priority it takes the oldest or the
newest first (``newest_first``). Every position met is kept (its parent and the steps
from it), so the search is exhaustive: one that runs out of positions proves a loss.

The dead-position tests run when a position is taken from the heap (most never are),
and after a foundation move only on the suits whose foundations changed.
"""

from __future__ import annotations

import heapq
from collections.abc import Generator, Sequence, Sized

from crescent.solver.budget import Meter
from crescent.solver.moves import Moves
from crescent.solver.position import (
    ALL_SUITS,
    WON,
    Key,
    Parents,
    Piles,
    Step,
    changed_suits,
)

Found = list[Step] | bool | None
"""What a search ends with: a winning list of steps, False when the space is exhausted
(no win), None when it would outgrow its memory."""
Entry = tuple[int, int, Piles, bytes, int, Key, int, Sequence[int]]
"""A heap entry: (priority, order, piles, foundations, redeals left, key, piles' hash,
the suits the dead test looks at)."""


class BestFirst:
    """One best-first search of the portfolio: :meth:`run` is a generator that yields
    when its turn (the meter's slice) is over and carries on from there when resumed."""

    def __init__(
        self, moves: Moves, meter: Meter, w_redeal: int = 100, newest_first: bool = False
    ) -> None:
        self.moves = moves
        self.meter = meter
        self.w_redeal = w_redeal
        self.newest_first = newest_first
        self.table: Sized = {}
        """The table of positions while it runs (its size is its memory)."""

    def run(self, max_states: int, use_autoplay: bool) -> Generator[None, None, Found]:
        """A winning list of steps, False when the space is exhausted, None at the state cap."""
        moves = self.moves
        piles, fnd, r, steps0 = moves.start(use_autoplay)
        root_hash = moves.phash(piles)
        root_key = moves.memo.key(root_hash, fnd, r)
        parents: Parents = {root_key: (root_key, tuple(steps0))}
        if moves.memo.found_count(fnd) == WON:
            return steps0
        if moves.is_dead(piles, fnd, r):
            return False
        self.table = parents
        self.meter.tables.append(parents)
        try:
            root: Entry = (0, 0, piles, fnd, r, root_key, root_hash, ())
            found = yield from self._search(parents, root, max_states, use_autoplay)
        finally:
            self.meter.tables.remove(parents)
            self.table = {}
        return found

    def _search(
        self, parents: Parents, root: Entry, max_states: int, use_autoplay: bool
    ) -> Generator[None, None, Found]:
        # ``check`` holds the suits the dead-position test looks at when an entry is
        # taken from the heap.
        heap = [root]
        root_key = root[5]
        seq = 0
        seq_step = -1 if self.newest_first else 1
        push = heapq.heappush
        pop = heapq.heappop
        w_redeal = self.w_redeal
        tick = self.meter.tick
        moves = self.moves
        children = moves.children
        is_dead = moves.is_dead
        found_count = moves.memo.found_count
        while heap:
            _, _, piles, fnd, r, key, ph, check = pop(heap)
            if tick():
                yield
            if check and is_dead(piles, fnd, r, check):
                continue
            for score, cp, cf, cr, steps, ck, ch in children(
                piles, fnd, r, ph, parents, use_autoplay
            ):
                if ck in parents:
                    continue
                parents[ck] = (key, steps)
                check = ()
                if cf is not fnd:
                    if found_count(cf) == WON:
                        return line(parents, ck, root_key)
                    check = changed_suits(fnd, cf)
                if cr != r:
                    check = ALL_SUITS
                seq += seq_step
                push(heap, (-score - w_redeal * cr, seq, cp, cf, cr, ck, ch, check))
            if len(parents) > max_states:
                return None
        return False


def line(parents: Parents, key: Key, root_key: Key) -> list[Step]:
    """The steps from the root to ``key``, read back through ``parents``."""
    chunks: list[tuple[Step, ...]] = []
    while True:
        parent, steps = parents[key]
        chunks.append(steps)
        if key == root_key:
            break
        key = parent
    return [s for chunk in reversed(chunks) for s in chunk]
