"""The exact re-check of a loss: no loss is claimed from a hash.

The searches of the portfolio key positions by sums of 64-bit hashes and keep
fingerprints of them (:mod:`crescent.solver.table`): fast, and two positions sharing a
key would make a search skip one of them, so their "no win anywhere" is only a
candidate. :func:`certify` settles it with a depth-first search whose table holds each
position's exact key (every pile's cards, the foundations, the redeals left: equal keys
are equal positions), so what it calls lost is lost. It stays within the solve's time
and memory (:meth:`~crescent.solver.budget.Meter.seen` bytes, :data:`EXACT_BYTES` a
position); over either, the answer is "unknown", never "lost".
"""

from __future__ import annotations

from typing import Final

from crescent.rules.engine import Game
from crescent.solver.budget import Meter
from crescent.solver.depth_first import DepthFirst
from crescent.solver.moves import Moves
from crescent.solver.outcome import Outcome
from crescent.solver.position import WON, Piles, Step

EXACT_BYTES: Final = 260
"""Memory one position costs in the exact table (its key, ~150 B, the set's slot, and the
stack of untried children; measured about 230 B)."""
NOTHING: Final[frozenset[int]] = frozenset()
"""An empty "seen": the exact search filters children by its own keys."""

ExactChild = tuple[int, Piles, bytes, int, tuple[Step, ...], bytes, int]
Verdict = tuple[Outcome, list[Step], str, int]
"""(outcome, the winning steps, how a loss was proven ("dead" or "exhaustive"), positions)."""


def exact_key(piles: Piles, fnd: bytes, r: int, ordered: bool) -> bytes:
    """A position's exact key: the piles (sorted when their order is free) joined by a
    byte no card takes, then the 8 foundation bytes and the redeals left."""
    joined = b"\xff".join(piles if ordered else sorted(piles))
    return joined + b"\xfe" + fnd + bytes((r,))


class ExactSearch:
    """Exhaustive depth-first search keyed exactly (see the module doc)."""

    def __init__(self, moves: Moves, meter: Meter, max_positions: int) -> None:
        self.moves = moves
        self.meter = meter
        self.max_positions = max_positions
        self.dfs = DepthFirst(moves, meter)
        self.ordered = not moves.rotate
        self.positions = 0
        self.dead_root = False

    def _frame(self, piles: Piles, fnd: bytes, r: int, seen: set[bytes]) -> list[ExactChild]:
        ordered = self.ordered
        out = []
        for s, p, f, cr, st, _, h in self.dfs.frame(piles, fnd, r, 0, NOTHING, True):
            k = exact_key(p, f, cr, ordered)
            if k not in seen:
                out.append((s, p, f, cr, st, k, h))
        return out

    def run(self) -> list[Step] | bool | None:
        """The winning steps, False when no position reachable wins (lost: exact), None
        when the exact table would outgrow its share of memory."""
        moves = self.moves
        found_count = moves.memo.found_count
        piles, fnd, r, steps0 = moves.start(True)
        if found_count(fnd) == WON:
            return steps0
        if moves.is_dead(piles, fnd, r):
            self.dead_root = True
            return False
        seen = {exact_key(piles, fnd, r, self.ordered)}
        stack = [self._frame(piles, fnd, r, seen)]
        path: list[tuple[Step, ...]] = [tuple(steps0)]
        parents: list[tuple[bytes, int]] = [(fnd, r)]
        tick = self.meter.tick
        while stack:
            top = stack[-1]
            if not top:
                stack.pop()
                parents.pop()
                path.pop()
                continue
            _, cp, cf, cr, steps, ck, _ = top.pop()
            if ck in seen:
                continue
            seen.add(ck)
            self.positions = len(seen)
            if self.positions > self.max_positions:
                return None
            tick()  # Stop at the deadline; the end of a turn means nothing here
            if found_count(cf) == WON:
                return [s for chunk in (*path, steps) for s in chunk]
            if self.dfs.pruned(cp, cf, cr, parents[-1], not moves.accept):
                continue
            path.append(steps)
            parents.append((cf, cr))
            stack.append(self._frame(cp, cf, cr, seen))
        return False


def certify(game: Game, meter: Meter) -> Verdict:
    """Settle a loss a hashed search found: "lost" only when the exact search exhausts
    every reachable position or the dead-position tests prove its root lost, in both
    cases again without the shortcuts not proven exact when it took one (safe plays
    while redeals remain: docs/SOLVER.md, "Why the pruning is exact"); "won" when it
    finds a win after all; "unknown" over time or memory."""
    meter.over = False
    meter.endless_turn()
    limit = max(1, meter.seen() // EXACT_BYTES)
    moves = Moves(game, meter.memo)
    total = 0
    while True:
        search = ExactSearch(moves, meter, limit)
        found = search.run()
        total += search.positions
        if isinstance(found, list):
            return (Outcome.WON, found, "", total)
        if found is None:
            return (Outcome.UNKNOWN, [], "", total)
        if moves.inexact and moves.loose:  # a shortcut not proven exact was taken
            moves.loose = False
            continue
        if search.dead_root:
            return (Outcome.LOST, [], "dead", 0)
        return (Outcome.LOST, [], "exhaustive", search.positions)
