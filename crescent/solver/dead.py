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
OPEN: Final = (1 << 15) - 1
"""Every rank's way up open (see :func:`_ways`)."""


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
    live = 0
    for s in suits:
        if fnd[2 * s]:
            live |= 1 << s
    if not live:
        return False
    counts = [0] * 52  # per card, its copies beneath (one pile at a time)
    for p in piles:
        n = len(p)
        if n <= r + 1:
            continue
        for h in range(r, n):
            c = p[h]
            if not live >> (c // 13) & 1:
                continue
            if h > r and stuck(c, counts, c - c % 13, fnd):
                return True
            counts[c] += 1
        for h in range(r, n):
            counts[p[h]] = 0
    return False


def buried(pile: bytes, fnd: bytes, r: int) -> bool:
    """Whether the top card of ``pile`` can never leave it (see :func:`dead`)."""
    h = len(pile) - 1
    if h <= r:
        return False
    xc = pile[h]
    if not fnd[2 * (xc // 13)]:
        return False
    lo = xc - xc % 13
    counts = [0] * 13  # per rank of its suit, the copies beneath
    for k in range(r, h):
        c = pile[k] - lo
        if 0 <= c < 13:
            counts[c] += 1
    return stuck(xc, counts, 0, fnd)


def stuck(xc: int, counts: list[int], ace: int, fnd: bytes) -> bool:
    """Whether card ``xc`` can never leave its pile nor reach a foundation, ``counts``
    counting the cards of its suit under it (its Ace's at index ``ace``)."""
    s2 = 2 * (xc // 13)
    a = fnd[s2]
    if a == 0:
        return False
    d = fnd[s2 + 1]
    x = xc % 13 + 1
    up = x + 1 if x != 13 else 1
    down = x - 1 if x != 1 else 13
    if not (_trapped(counts, ace, up, a, d) and _trapped(counts, ace, down, a, d)):
        return False
    if d <= a:  # crossed: one way only
        if x > a:
            return _some_trapped(counts, ace, a, d, a + 1, x - 1, 0)
        return _some_trapped(counts, ace, a, d, x + 1, d - 1, 0)
    # Apart: up the ascending one, down the descending one, or after they meet.
    if not _some_trapped(counts, ace, a, d, a + 1, d - 1, x):
        return False
    up_open = a < x < d and not _some_trapped(counts, ace, a, d, a + 1, x - 1, 0)
    down_open = a < x < d and not _some_trapped(counts, ace, a, d, x + 1, d - 1, 0)
    return not (up_open or down_open)


def _trapped(counts: list[int], ace: int, q: int, a: int, d: int) -> bool:
    """Whether every remaining copy of rank ``q`` (the suit of foundations ``a``, ``d``)
    lies beneath."""
    remaining = 2
    if q <= a:
        remaining -= 1
    if q >= d:
        remaining -= 1
    return counts[ace + q - 1] >= remaining


def _some_trapped(counts: list[int], ace: int, a: int, d: int, lo: int, hi: int, skip: int) -> bool:
    """Whether some rank lo..hi (inclusive) other than ``skip`` is trapped."""
    return any(q != skip and _trapped(counts, ace, q, a, d) for q in range(lo, hi + 1))


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
    avail = [0] * 52  # per card, 1 when some copy is available
    cut: list[int] = []
    for p in piles:
        n = len(p)
        for c in p[:r]:
            avail[c] = 1
        if n > r:
            avail[p[-1]] = 1
        cut.append(n)
    while True:
        ways = _ways(fnd, avail)
        if not _leave(piles, r, cut, avail, ways):
            break
    return any(n > r for n in cut) or _closed(ways, avail)


def _leave(piles: Piles, r: int, cut: list[int], avail: list[int], ways: list[int]) -> bool:
    """One pass of :func:`blocked`: the cards that can leave their places, gone (the
    piles cut down to ``cut``). Whether a card became available that was not: if none
    did, what every pile waits for is as it was, and another pass would change nothing."""
    up = UP
    down = DOWN
    fresh = False
    for i, p in enumerate(piles):
        n = cut[i]
        while n > r:
            x = p[n - 1]
            if not (avail[up[x]] or avail[down[x]] or ways[x // 13] >> (x % 13 + 1) & 1):
                break
            n -= 1
            if n > r and not avail[p[n - 1]]:
                avail[p[n - 1]] = 1
                fresh = True
        cut[i] = n
    return fresh


def _ways(fnd: bytes, avail: list[int]) -> list[int]:
    """Per suit, the ranks whose way up is open, given the cards ``avail`` counts as
    available: bit ``q`` for rank ``q``.

    With the foundations at (a, d), climbing from ``a`` up to ``k`` and from ``d`` down
    to ``m`` while each rank has an available copy, ranks a < q <= k + 1 go up and
    m - 1 <= q < d go down. Every rank's way is open when the foundations meet or can
    meet. In a suit whose foundations are apart, a card whose twin is already up (rank
    outside ``a..d``) needs the foundations to meet first, i.e. every rank between them
    available.
    """
    ways = [OPEN] * 4
    for s in range(4):
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
        ways[s] = (1 << (k + 2)) - (1 << (a + 1)) | (1 << d) - (1 << (m - 1))
    return ways


def _closed(ways: list[int], avail: list[int]) -> bool:
    """Whether some available card has no open way up."""
    for s in range(4):
        w = ways[s]
        if w == OPEN:
            continue
        for c in range(13 * s, 13 * s + 13):
            if avail[c] and not w >> (c % 13 + 1) & 1:
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
