"""The solver's compact position, its keys, and the facts derived from it.

The search works on its own position, never on the :class:`~crescent.rules.engine.Game`
it is given (that game is only copied):

* piles: a tuple of 16 ``bytes`` (cards bottom to top);
* foundations: 8 bytes, per suit the ascending top rank ``a`` and the
  descending top rank ``d``. When ``d == a + 1`` the two foundations *meet*:
  foundation-to-foundation slides can put the meeting point anywhere, so all
  those splits are one state, written ``a = d = 0``. The slides are never
  searched; they are put back only when the line of play is written out
  (:mod:`crescent.solver.line`), so the line replays in the engine;
* redeals left.

A position's key is one int: the piles' hash (a sum of per-pile hashes when pile order
is free, see :meth:`crescent.solver.moves.Moves.phash`), the foundations' number and the
redeals left. :class:`Memo` remembers the facts derived from foundations and piles for
one solve(): each solve makes its own, so nothing outlives it and no two share one.
"""

from __future__ import annotations

from typing import Final

from crescent.rules.engine import PILES, Game

FOUNDATION: Final = 16
"""Internal destination: the foundation of the card's suit (resolved when written out)."""
REDEAL_MOVE: Final = 17
"""Internal move destination for a redeal."""
WON: Final = 104
"""Cards on the foundations of a won game."""

Piles = tuple[bytes, ...]
Fnd = bytes
"""The foundations: per suit (a, d), 8 bytes (see the module doc)."""
Step = tuple[int, int]
"""An internal move: (source pile, destination pile / FOUNDATION / REDEAL_MOVE)."""
PILE_STEPS: Final = tuple(tuple(((i, j),) for j in range(PILES)) for i in range(PILES))
"""The steps of each pile-to-pile move, shared (one tuple per move, not per position)."""

Key = int
"""A position's key: the piles' hash (a sum of per-pile hashes when order is free),
the foundations' number (see :meth:`Memo.fid`) and the redeals left, in one int."""
Child = tuple[int, Piles, bytes, int, tuple[Step, ...], Key, int]
"""(score before the redeal bonus, piles, foundations, redeals left, steps, key, piles' hash)."""
Parents = dict[Key, tuple[Key, tuple[Step, ...]]]
"""A best-first search's table: each position's parent and the steps from it."""

KEY_SHIFT: Final = 1 << 72
NO_DEPTH: Final = 99
"""The depth of a card a pile does not hold (deeper than any pile)."""
W_FOUND: Final = 10
"""Score of a card on the foundations (see :meth:`Memo.depth_penalty` for the rest)."""
ALL_SUITS: Final = (0, 1, 2, 3)
SUIT_SETS: Final = tuple(tuple(s for s in range(4) if m >> s & 1) for m in range(16))


def suit_state(asc_top: int, desc_top: int) -> tuple[int, int]:
    """Ranks (a, d) of a suit's foundation tops, meeting written (0, 0)."""
    a = asc_top % 13 + 1
    d = desc_top % 13 + 1
    return (0, 0) if d == a + 1 else (a, d)


def convert(game: Game) -> tuple[Piles, bytes, int]:
    """The compact position of ``game``: piles, foundations, redeals left."""
    piles = tuple(bytes(p) for p in game.piles)
    fnd = bytearray()
    for s in range(4):
        fnd.extend(suit_state(game.foundations[s][-1], game.foundations[4 + s][-1]))
    return piles, bytes(fnd), game.redeals_left


def play_found_now(fnd: bytes, c: int) -> bytes:
    """Foundations after card ``c`` goes up (the caller knows it is accepted)."""
    s2 = 2 * (c // 13)
    x = c % 13 + 1
    a = fnd[s2]
    d = fnd[s2 + 1]
    if a == 0:
        a = d = x
    elif x == a + 1:
        a = x
    else:
        d = x
    if d == a + 1:
        a = d = 0
    return fnd[:s2] + bytes((a, d)) + fnd[s2 + 2 :]


def accepts(fnd: bytes, c: int) -> bool:
    s2 = 2 * (c // 13)
    a = fnd[s2]
    x = c % 13 + 1
    return a == 0 or x == a + 1 or x == fnd[s2 + 1] - 1


def safe(fnd: bytes, c: int) -> bool:
    """Whether playing ``c`` (accepted) to its foundation can be done without searching.

    Only in a crossed suit (``d <= a``), where ``c`` has one destination. A King
    going up while the suit still needs its Ace (or an Ace going down while it
    still needs its King) is left to the search: the other could park on it.
    """
    s2 = 2 * (c // 13)
    a = fnd[s2]
    d = fnd[s2 + 1]
    if a == 0 or d > a:
        return False
    x = c % 13 + 1
    return not ((x == 13 and d > 1) or (x == 1 and a < 13))


def changed_suits(old: bytes, new: bytes) -> tuple[int, ...]:
    """The suits whose foundations differ between ``old`` and ``new`` (shared tuples)."""
    mask = 0
    for s in range(4):
        if old[2 * s] != new[2 * s] or old[2 * s + 1] != new[2 * s + 1]:
            mask |= 1 << s
    return SUIT_SETS[mask]


class Memo:
    """The facts one solve() derives again and again from foundations and piles,
    remembered (they only speed the search up: dropping them changes no result).

    ``entries()`` is what they hold, for the budget's check (see
    :meth:`crescent.solver.budget.Meter.tick`).
    """

    __slots__ = ("_accepted", "_counts", "_depths", "_fids", "_needs", "_played", "_safe")

    def __init__(self) -> None:
        self._fids: dict[bytes, int] = {}
        self._counts: dict[bytes, int] = {}
        self._played: dict[bytes, dict[int, bytes]] = {}
        self._accepted: dict[bytes, bytes] = {}
        self._safe: dict[bytes, bytes] = {}
        self._needs: dict[bytes, tuple[int, ...]] = {}
        self._depths: dict[tuple[int, ...], dict[bytes, bytes]] = {}

    def clear(self) -> None:
        for cache in (
            self._counts,
            self._needs,
            self._depths,
            self._accepted,
            self._safe,
            self._fids,
            self._played,
        ):
            cache.clear()

    def entries(self) -> int:
        """About how many entries the caches hold (those that grow)."""
        entries = len(self._counts) + len(self._played) + 2 * len(self._accepted)
        return entries + sum(len(cache) for cache in list(self._depths.values()))

    def fid(self, fnd: bytes) -> int:
        """The foundations' part of a key: the 8 bytes as a number, shifted to make
        room for the redeals left (0..99)."""
        n = self._fids.get(fnd)
        if n is None:
            n = self._fids[fnd] = int.from_bytes(fnd, "big") << 7
        return n

    def key(self, phash: int, fnd: bytes, r: int) -> Key:
        n = self._fids.get(fnd)
        if n is None:
            n = self.fid(fnd)
        return phash * KEY_SHIFT + n + r

    def found_count(self, fnd: bytes) -> int:
        """Cards on the foundations (104 when won)."""
        total = self._counts.get(fnd)
        if total is not None:
            return total
        total = 0
        for s in range(4):
            a = fnd[2 * s]
            total += 13 if a == 0 else a + 14 - fnd[2 * s + 1]
        self._counts[fnd] = total
        return total

    def play_found(self, fnd: bytes, c: int) -> bytes:
        """Foundations after card ``c`` goes up (the caller knows it is accepted)."""
        row = self._played.get(fnd)
        if row is None:
            row = self._played[fnd] = {}
        out = row.get(c)
        if out is None:
            out = row[c] = play_found_now(fnd, c)
        return out

    def accepted(self, fnd: bytes) -> bytes:
        """The cards the foundations take now: per card, 1 when taken (52 bytes, read
        by index where a set would be hashed)."""
        cards = self._accepted.get(fnd)
        if cards is None:
            cards = self._accepted[fnd] = bytes(accepts(fnd, c) for c in range(52))
        return cards

    def safe_cards(self, fnd: bytes) -> bytes:
        """The cards the foundations take now that are played without searching: like
        :meth:`accepted`, or empty (false) when there is none."""
        cards = self._safe.get(fnd)
        if cards is None:
            taken = self.accepted(fnd)
            flags = bytes(taken[c] and safe(fnd, c) for c in range(52))
            cards = self._safe[fnd] = flags if any(flags) else b""
        return cards

    def needs(self, fnd: bytes) -> tuple[int, ...]:
        """The cards the foundations take next (suits that meet take any card: left out)."""
        need = self._needs.get(fnd)
        if need is None:
            out = []
            for s in range(4):
                a = fnd[2 * s]
                d = fnd[2 * s + 1]
                if a == 0:
                    continue
                if a < 13:
                    out.append(13 * s + a)
                if d > 1:
                    out.append(13 * s + d - 2)
            need = self._needs[fnd] = tuple(out)
        return need

    def depth_vectors(self, piles: Piles, need: tuple[int, ...]) -> list[bytes]:
        """Per pile, how many cards lie above the topmost copy of each card of ``need``
        (:data:`NO_DEPTH` where the pile has none). Cached per pile: piles are shared between
        positions."""
        depths = self._depths
        cache = depths.get(need)
        if cache is None:
            if len(depths) > 4096:
                depths.clear()
            cache = depths[need] = {}
        elif len(cache) > 200_000:
            cache.clear()
        vecs: list[bytes] = []
        for p in piles:
            vec = cache.get(p)
            if vec is None:
                n = len(p) - 1
                vec = cache[p] = bytes(n - k if k >= 0 else NO_DEPTH for k in map(p.rfind, need))
            vecs.append(vec)
        return vecs

    def depth_penalty(self, piles: Piles, fnd: bytes) -> int:
        """How deep the cards the foundations need next lie (cards above the shallowest copy).

        Every needed card has a copy on the piles (the other may be on a foundation),
        so each minimum is a real depth.
        """
        need = self._needs.get(fnd)
        if need is None:
            need = self.needs(fnd)
        if not need:
            return 0
        vecs = self.depth_vectors(piles, need)
        total = 0
        for k in range(len(need)):
            least = NO_DEPTH
            for vec in vecs:
                if vec[k] < least:
                    least = vec[k]
            total += least
        return total

    def score(self, piles: Piles, fnd: bytes, w_depth: int = 1) -> int:
        """A position's score: foundation cards, less how deep the cards the foundations
        need next lie."""
        return W_FOUND * self.found_count(fnd) - w_depth * self.depth_penalty(piles, fnd)
