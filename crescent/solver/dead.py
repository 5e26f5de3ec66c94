"""Dead-position tests: sound proofs that a position is lost, without searching.

Both hold with rotate redeals and empty piles dead (the only rules they are used under):

* :func:`dead`: a card that can never leave its pile (every remaining copy of both
  neighbouring ranks lies beneath it, deeper than the redeals left can bring up) and
  whose every way to a foundation needs a rank whose remaining copies lie there too.
  Whether a card is stuck depends on its own suit alone, so after a foundation move
  only the suits whose foundations changed are looked at, and after a pile-to-pile
  move only the card moved (:func:`buried`);
* :func:`blocked`: a greedy fixpoint over "this card leaves its pile" / "this card goes
  up" events; it catches deadlocks spanning piles and suits.

:func:`proven_lost` runs both on a game: a hint answers "lost" at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from crescent.rules.engine import Game
from crescent.solver.position import ALL_SUITS, Piles, convert

UP: Final = bytes(c + 1 if c % 13 != 12 else c - 12 for c in range(52))
"""Per card, the card of its suit one rank up (King: the Ace)."""
DOWN: Final = bytes(c - 1 if c % 13 != 0 else c + 12 for c in range(52))
"""Per card, the card of its suit one rank down (Ace: the King)."""

Ways = tuple[int, int, int, int] | None
"""A suit's open ways up (see :func:`_ways`)."""


def dead(piles: Piles, fnd: bytes, r: int, suits: Sequence[int] = ALL_SUITS) -> bool:
    """A sound test that the position is lost (rotate redeals, empty piles dead).

    A card X at height h of a pile is stuck when the cards at heights r..h-1
    beneath it (no redeal can bring them up while X is there) hold every
    remaining copy of both its pile neighbours and, for every way X could
    reach a foundation, every remaining copy of some rank that way needs.

    Only cards of ``suits`` are looked at (the others are known not stuck:
    whether a card is stuck depends only on its own suit's cards beneath it
    and its suit's foundations). Suits whose foundations meet are skipped.
    """
    live = [s for s in suits if fnd[2 * s]]
    if not live:
        return False
    for p in piles:
        n = len(p)
        if n <= r + 1:
            continue
        counts: dict[int, int] = {}
        first = True
        for c in p[r:]:
            if c // 13 not in live:
                first = False
                continue
            if not first and stuck(c, counts, fnd):
                return True
            first = False
            counts[c] = counts.get(c, 0) + 1
    return False


def buried(pile: bytes, fnd: bytes, r: int) -> bool:
    """Whether the top card of ``pile`` can never leave it (see :func:`dead`)."""
    h = len(pile) - 1
    if h <= r:
        return False
    xc = pile[h]
    if not fnd[2 * (xc // 13)]:
        return False
    beneath = pile[r:h]
    counts: dict[int, int] = {}
    lo = xc - xc % 13
    for c in beneath:
        if lo <= c < lo + 13:
            counts[c] = counts.get(c, 0) + 1
    return stuck(xc, counts, fnd)


def stuck(xc: int, beneath: dict[int, int], fnd: bytes) -> bool:
    """Whether card ``xc`` can never leave its pile nor reach a foundation, ``beneath``
    counting the cards of its suit under it."""
    s2 = 2 * (xc // 13)
    a = fnd[s2]
    if a == 0:
        return False
    d = fnd[s2 + 1]
    base = xc - xc % 13
    x = xc % 13 + 1
    get = beneath.get

    def trapped(q: int) -> bool:
        """Whether every remaining copy of rank ``q`` (this suit) lies beneath."""
        return get(base + q - 1, 0) >= 2 - (q <= a) - (q >= d)

    up = x + 1 if x != 13 else 1
    down = x - 1 if x != 1 else 13
    if not (trapped(up) and trapped(down)):
        return False

    def blocked(lo: int, hi: int, skip: int = 0) -> bool:
        """Whether some rank lo..hi (inclusive) other than ``skip`` is trapped."""
        return any(q != skip and trapped(q) for q in range(lo, hi + 1))

    if d <= a:  # crossed: one way only
        if x > a:
            return blocked(a + 1, x - 1)
        return blocked(x + 1, d - 1)
    # Apart: up the ascending one, down the descending one, or after they meet.
    if not blocked(a + 1, d - 1, skip=x):
        return False
    up_open = a < x < d and not blocked(a + 1, x - 1)
    down_open = a < x < d and not blocked(x + 1, d - 1)
    return not (up_open or down_open)


def blocked(piles: Piles, fnd: bytes, r: int) -> bool:
    """A stronger sound test that the position is lost: no order of events exists in
    which every card leaves its pile and reaches a foundation (rotate redeals, empty
    piles dead).

    A relaxation of the game, solved greedily (its conditions only ever grow
    truer, so the largest set of events that can happen is reached in any order):

    * a card at height ``h >= r`` leaves its place only after every card above it
      has left (a redeal takes a pile's bottom card, and ``r`` redeals reach only
      heights below ``r``; those cards are counted as free from the start);
    * it leaves onto a pile when some copy of a pile neighbour (same suit, rank
      one up or down) is *available*: at height below ``r``, or with everything
      above it gone. That copy being covered again or on a foundation by then is
      not looked at (a relaxation);
    * it goes up when its foundation way is open (see :func:`_ways`).

    The position is lost when, once nothing more can happen, some card never
    leaves its place or some card still on the table has no open way up. This
    subsumes :func:`dead` (one card trapped by what lies beneath it) and catches
    deadlocks spanning piles and suits (a card waiting for a card under a card
    waiting for it). Sound with any number of redeals left; exact answers are
    checked against a plain exhaustive search in the tests.
    """
    avail = [0] * 52
    cut: list[int] = []
    for p in piles:
        n = len(p)
        for c in p[: min(r, n)]:
            avail[c] += 1
        if n > r:
            avail[p[-1]] += 1
        cut.append(n)
    up = UP
    down = DOWN
    while True:
        ways = _ways(fnd, avail)
        progress = False
        for i, p in enumerate(piles):
            n = cut[i]
            while n > r:
                x = p[n - 1]
                if not (avail[up[x]] or avail[down[x]]):
                    w = ways[x // 13]
                    if w is not None:
                        q = x % 13 + 1
                        if not (w[0] < q <= w[1] + 1 or w[2] - 1 <= q < w[3]):
                            break
                n -= 1
                if n > r:
                    avail[p[n - 1]] += 1
                progress = True
            cut[i] = n
        if not progress:
            break
    return any(n > r for n in cut) or _closed(ways, avail)


def _ways(fnd: bytes, avail: list[int]) -> list[Ways]:
    """Per suit, its open ways up, given the cards ``avail`` counts as available.

    (a, k, m, d): ranks a < q <= k + 1 go up, m - 1 <= q < d go down (climbing from
    ``a`` up and from ``d`` down while each rank has an available copy); None when the
    way is open to every rank (the foundations meet or can meet). In a suit whose
    foundations are apart, a card whose twin is already up (rank outside ``a..d``)
    needs the foundations to meet first, i.e. every rank between them available.
    """
    ways: list[Ways] = [None] * 4
    for s in ALL_SUITS:
        a = fnd[2 * s]
        if a == 0:
            continue
        d = fnd[2 * s + 1]
        b = 13 * s - 1  # the card of rank q is b + q
        k = a
        m = d
        if d <= a:  # crossed: one copy of each rank left, one way each
            while k < 13 and avail[b + k + 1]:
                k += 1
            while m > 1 and avail[b + m - 1]:
                m -= 1
        else:
            while k + 1 < d and avail[b + k + 1]:
                k += 1
            while m - 1 > k and avail[b + m - 1]:
                m -= 1
            if k + 1 >= m:
                continue
        ways[s] = (a, k, m, d)
    return ways


def _closed(ways: list[Ways], avail: list[int]) -> bool:
    """Whether some available card has no open way up."""
    for s, w in enumerate(ways):
        if w is None:
            continue
        a, k, m, d = w
        for q in range(1, 14):
            if avail[13 * s + q - 1] and not (a < q <= k + 1 or m - 1 <= q < d):
                return True
    return False


def proven_lost(game: Game) -> bool:
    """Whether the quick dead-position tests prove ``game`` lost (no search: well under
    a millisecond). False means only "not proven this way"; ``solve()`` searches."""
    if game.is_won or game.rules.empty_piles_accept:
        return False
    piles, fnd, r = convert(game)
    if not (game.rules.redeal == "rotate" or r == 0):
        return False
    return dead(piles, fnd, r) or blocked(piles, fnd, r)
