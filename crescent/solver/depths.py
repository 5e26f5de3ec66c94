"""The depth penalty of a position's pile-to-pile children, from the parent's piles.

A child's score counts how deep the cards the foundations need next lie
(:meth:`~crescent.solver.position.Memo.depth_penalty`: per needed card, the fewest
cards above one of its copies). A pile-to-pile move changes two piles and not the
foundations, so :class:`Depths` works each child's penalty out from its parent's
per-pile depths and the two piles the move changes, instead of looking at the
child's sixteen piles again: the same number, a few integer operations a needed card.
"""

from __future__ import annotations

from crescent.solver.position import NO_DEPTH, Memo, Piles


class Depths:
    """Per needed card of one position, its three shallowest depths over the piles and
    the piles of the first two: the shallowest depth outside any two piles is one of
    them."""

    __slots__ = ("best", "need", "vecs")

    def __init__(self, memo: Memo, piles: Piles, fnd: bytes) -> None:
        self.need = need = memo.needs(fnd)
        self.vecs = vecs = memo.depth_vectors(piles, need) if need else []
        """Per pile, the depth of each needed card (none when nothing is needed)."""
        best: list[int] = []
        for k in range(len(need)):
            d1 = d2 = d3 = NO_DEPTH
            p1 = p2 = -1
            for i, vec in enumerate(vecs):
                d = vec[k]
                if d < d1:
                    d3, d2, p2, d1, p1 = d2, d1, p1, d, i
                elif d < d2:
                    d3, d2, p2 = d2, d, i
                elif d < d3:
                    d3 = d
            best += (d1, p1, d2, p2, d3)
        self.best = best

    def moved(self, i: int, j: int, c: int) -> int:
        """The penalty once card ``c``, pile ``i``'s top, has gone onto pile ``j``."""
        need = self.need
        if not need:
            return 0
        best = self.best
        vi = self.vecs[i]
        vj = self.vecs[j]
        total = 0
        for k in range(len(need)):
            if need[k] == c:
                continue  # on top of pile j: depth 0
            b = 5 * k
            if best[b + 1] != i and best[b + 1] != j:
                m = best[b]
            elif best[b + 3] != i and best[b + 3] != j:
                m = best[b + 2]
            else:
                m = best[b + 4]
            d = vi[k]
            if d != NO_DEPTH and d - 1 < m:
                m = d - 1  # pile i lost the card above it
            d = vj[k] + 1  # pile j has one card more on top (NO_DEPTH + 1 is never the least)
            if d < m:
                m = d
            total += m
        return total
