"""The exhaustive depth-first search: it wins deals the best-first searches miss and
proves most losses.

Plain graph search: every position entered is remembered and never entered again, which
visits everything reachable from the root. It remembers the positions in a set while
they are few (its look-ups run in C), then as fingerprints in a byte-bounded
:class:`~crescent.solver.table.Table`. ``thorough``: every position entered gets the
full dead-position test, not only those after a foundation move or a redeal.

Redeal layers: a position entered by a redeal that leaves none starts a sub-search that
can reach only positions with no redeal left, none of them on the stack below it. When
it is done (no win) everything entered in it is lost: those positions go to the solve's
table of proven losses (``Meter.lost0``), which a later depth-first search of the solve
(the re-run without safe plays that settles a loss, the last one when all outgrew
memory) skips. The best-first searches looking there too found almost nothing for a
cost on every child.
"""

from __future__ import annotations

from array import array
from collections.abc import Generator
from typing import NamedTuple

from crescent.solver.best_first import Found
from crescent.solver.budget import SET_BYTES, Meter, Stop
from crescent.solver.moves import Moves, Seen
from crescent.solver.position import WON, Child, Key, Piles, Step, changed_suits
from crescent.solver.table import Table

Root = tuple[Piles, bytes, int, int, Key, tuple[Step, ...]]
"""The root: piles, foundations, redeals left, piles' hash, key, the safe plays to it."""


class Limits(NamedTuple):
    """Where a depth-first search keeps its positions, and what it does when full."""

    set_size: int
    """Positions kept in a set before they move to the byte table."""
    table_bytes: int
    """The byte table's size."""
    shared: bool
    """Its share of a portfolio's memory (when full, it ends: the others go on), not
    the whole budget (when full, the solve ends: unknown)."""


class Layers:
    """The redeal layers open on the stack, and where their proven losses go."""

    __slots__ = ("log", "lost0", "marks")

    def __init__(self, lost0: Table | None) -> None:
        self.lost0 = lost0
        self.log = array("q")
        """Fingerprints entered in open layers with no redeal left."""
        self.marks: list[int] = [-1]
        """Per frame: where its layer starts in ``log``, or -1."""

    def enter(self, key: Key, r: int, parent_r: int) -> None:
        """A position with ``r`` redeals left entered from one with ``parent_r``."""
        mark = -1
        if r == 0 and self.lost0 is not None:
            if parent_r > 0:
                mark = len(self.log)
            self.log.append(hash(key) or 1)
        self.marks.append(mark)

    def leave(self) -> None:
        """The last position entered has no child left: a layer it opened is lost."""
        mark = self.marks.pop()
        if mark >= 0 and self.lost0 is not None:
            log = self.log
            for f in log[mark:]:
                if self.lost0.put(f) is None:
                    break  # full: fewer shortcuts, nothing unsound
            del log[mark:]


class DepthFirst:
    """The portfolio's exhaustive search (:meth:`turns`), or the last word when the
    others outgrew memory (:meth:`run`)."""

    def __init__(self, moves: Moves, meter: Meter, w_redeal: int = 100) -> None:
        self.moves = moves
        self.meter = meter
        self.w_redeal = w_redeal
        self.table: dict[Key, object] = {}
        """Nothing: its memory has a bound of its own (for the portfolio's comparison)."""

    def run(self, use_autoplay: bool) -> list[Step] | None:
        """A winning list of steps, or None when the whole reachable space holds no win
        (:meth:`turns` run to its end in one turn)."""
        search = self.turns(use_autoplay)
        while True:
            try:
                next(search)
            except StopIteration as end:
                result: Found = end.value
                return result if isinstance(result, list) else None

    def frame(
        self, piles: Piles, fnd: bytes, r: int, ph: int, seen: Seen, auto: bool
    ) -> list[Child]:
        """The children still to try, best last (redeals tried last of all)."""
        kids = self.moves.children(piles, fnd, r, ph, seen, auto)
        kids.reverse()  # among equal scores keep the generation order
        w_redeal = self.w_redeal
        kids.sort(key=lambda t: t[0] + w_redeal * t[3])
        return kids

    def pruned(
        self, piles: Piles, fnd: bytes, r: int, parent: tuple[bytes, int], thorough: bool
    ) -> bool:
        """Whether the dead-position tests prove a position entered lost: the full tests
        after a redeal, those of the suits changed after a foundation move, the fixpoint
        otherwise when ``thorough``."""
        pf, pr = parent
        moves = self.moves
        if r != pr:
            return moves.is_dead(piles, fnd, r)
        if fnd is not pf:
            return moves.is_dead(piles, fnd, r, changed_suits(pf, fnd))
        return thorough and moves.thorough_dead(piles, fnd, r)

    def turns(
        self,
        use_autoplay: bool,
        thorough: bool = False,
        max_bytes: int | None = None,
        max_set: int | None = None,
    ) -> Generator[None, None, Found]:
        """A winning list of steps, False when the whole reachable space holds no win,
        None when its table of positions would outgrow ``max_bytes``. The positions
        entered are kept in a set up to ``max_set`` of them (default: what a quarter of
        the memory holds), then in the byte table. A generator that yields when its turn
        is over, like :meth:`crescent.solver.best_first.BestFirst.run`.
        """
        moves = self.moves
        piles, fnd, r, steps0 = moves.start(use_autoplay)
        if moves.memo.found_count(fnd) == WON:
            return steps0
        if moves.is_dead(piles, fnd, r):
            return False
        room = self.meter.seen() if max_bytes is None else max_bytes
        if self.meter.lost0 is None and r > 0:
            self.meter.lost0 = Table(room // 8)
        set_limit = room // 4 // SET_BYTES if max_set is None else max_set
        root_hash = moves.phash(piles)
        root = (piles, fnd, r, root_hash, moves.memo.key(root_hash, fnd, r), tuple(steps0))
        limits = Limits(set_limit, room - room // 4, max_bytes is not None)
        return (yield from self._search(root, use_autoplay, thorough, limits))

    def _search(
        self, root: Root, use_autoplay: bool, thorough: bool, limits: Limits
    ) -> Generator[None, None, Found]:
        piles, fnd, r, root_hash, root_key, steps0 = root
        # Positions entered: a set of keys while it is small (its look-ups run in C, a
        # tenth of the search's time saved), then the byte table (a fifth of the memory).
        keys: set[Key] = {root_key}
        seen: set[Key] | Table = keys
        table: Table | None = None
        path: list[tuple[Step, ...]] = [steps0]
        thorough = thorough and not self.moves.accept
        lost0 = self.meter.lost0
        assert lost0 is None or isinstance(lost0, Table), "a solve's searches are all pure"
        layers = Layers(lost0)
        stack: list[list[Child]] = [self.frame(piles, fnd, r, root_hash, seen, use_autoplay)]
        parent_state: list[tuple[bytes, int]] = [(fnd, r)]
        tick = self.meter.tick
        found_count = self.moves.memo.found_count
        while stack:
            top = stack[-1]
            if not top:
                stack.pop()
                parent_state.pop()
                path.pop()
                layers.leave()
                continue
            _, cp, cf, cr, steps, ck, ch = top.pop()
            if table is None:
                if ck in keys:
                    continue
                keys.add(ck)
                if len(keys) > limits.set_size:
                    seen = table = Table.of(keys, limits.table_bytes)
                    keys.clear()
            else:
                added = table.add(ck)
                if not added:
                    if added is False:
                        continue
                    if limits.shared:
                        return None  # over its share: the portfolio's other searches go on
                    raise Stop  # out of memory budget: unknown
            if tick():
                yield
            if found_count(cf) == WON:
                path.append(steps)
                return [s for chunk in path for s in chunk]
            if cr == 0 and lost0 is not None and lost0.size and ck in lost0:
                continue
            if self.pruned(cp, cf, cr, parent_state[-1], thorough):
                continue
            layers.enter(ck, cr, parent_state[-1][1])
            path.append(steps)
            parent_state.append((cf, cr))
            stack.append(self.frame(cp, cf, cr, ch, seen, use_autoplay))
        return False
