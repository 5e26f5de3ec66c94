"""A Crescent solver: from any position, a winning line, a proven loss, or "unknown".

Pure Python, no pygame. The search works on its own compact position, never on
the :class:`~crescent.rules.engine.Game` it is given (that game is only copied).

The position:

* piles: a tuple of 16 ``bytes`` (cards bottom to top);
* foundations: 8 bytes, per suit the ascending top rank ``a`` and the
  descending top rank ``d``. When ``d == a + 1`` the two foundations *meet*:
  foundation-to-foundation slides can put the meeting point anywhere, so all
  those splits are one state, written ``a = d = 0``. The slides are never
  searched; they are put back only when the line of play is written out, so
  the line replays in the engine;
* redeals left.

What makes it fast enough in Python:

* order-free keys (rotate redeals): piles are interchangeable under every rule,
  so a position's key adds up one hash per pile (``bytes`` cache their hash),
  updated for the two piles a move changes, and is one int with the
  foundations and redeals left. A child already seen is dropped before it is
  scored;
* best-first search that hoards redeals (a bonus per redeal in hand, so a
  phase is explored before a redeal is spent). How large that bonus should be
  varies a lot from deal to deal, and so does which of two equally scored
  positions to take first (oldest or newest), so solve() runs a portfolio of
  searches in turn. Each is a generator that pauses when its time slice is
  over and resumes where it stopped in the next round, with a doubled slice
  (nothing is searched twice). Each search is exhaustive, so one that runs out
  of positions proves a loss; when they all would outgrow memory a
  depth-first search (every position entered remembered), exhaustive too,
  takes over;
* safe plays: once a suit's foundations have crossed (``d <= a``) each of its
  remaining cards has one destination and is played at once. Whether that is
  exact while redeals remain is not proven (a card kept on the tableau shifts
  how a pile rotates), so a search that used it then is re-run without it
  before a loss is claimed;
* a sound dead-position test: a card that can never leave its pile (every
  remaining copy of both neighbouring ranks lies beneath it, deeper than the
  redeals left can bring up) and whose every way to a foundation needs a rank
  whose remaining copies lie there too means the position is lost. It runs
  only when a position is taken from the heap, and after a foundation move
  only on the suits whose foundations changed (whether a card is stuck
  depends on its own suit alone; a pile-to-pile move is checked on the card
  moved);
* a stronger sound test (:func:`_blocked`, a greedy fixpoint over "this card
  leaves its pile" / "this card goes up" events) runs with it: it catches
  deadlocks spanning piles and suits, and answers a hint at once
  (:func:`proven_lost`);
* one exhaustive depth-first search takes turns with the best-first ones,
  every position it enters given the full dead test: it wins deals the
  best-first searches miss and proves most losses. It remembers the positions
  it entered in a set while they are few, then as 64-bit fingerprints in one
  flat array bounded in bytes (:class:`_Table`, 11-21 bytes a position against
  ~85 in the set, ~10% slower), and the positions with no redeal
  left that a sub-search below a redeal exhausted are kept as proven losses
  (redeal layers) for the depth-first searches that follow in the solve;
* with no redeal left (and empty piles dead), moving a pile's only card onto
  another pile never helps, so it is not searched.

Levels mode (``Rules.redeal == "shuffle"``) is supported by asking the engine
for the shuffle (it is seeded, so deterministic); there pile order matters and
fewer shortcuts are sound, so the search is plainer.
"""

from __future__ import annotations

import argparse
import gc
import heapq
import json
import mmap
import sys
import threading
import time
from array import array
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from typing import Final, Literal, NoReturn

from crescent.rules import modes
from crescent.rules.engine import (
    PILE_LIMIT,
    PILES,
    Game,
    IllegalMove,
    InvalidCode,
    Move,
    Rules,
)

__all__ = [
    "Result",
    "best_guess",
    "clear_caches",
    "last_winnable",
    "load_lost",
    "load_pool",
    "main",
    "proven_lost",
    "solve",
]

Outcome = Literal["won", "lost", "unknown"]

FOUNDATION: Final = 16
"""Internal destination: the foundation of the card's suit (resolved when written out)."""
REDEAL_MOVE: Final = 17
"""Internal move destination for a redeal."""

_UP: Final = bytes(c + 1 if c % 13 != 12 else c - 12 for c in range(52))
_DOWN: Final = bytes(c - 1 if c % 13 != 0 else c + 12 for c in range(52))

# Score of a position: _W_FOUND per foundation card, less the depth weight per
# card lying above the cards the foundations need next, plus the redeal weight
# per redeal in hand. Which redeal weight works best varies a lot from deal to
# deal, so solve() runs a portfolio of them in growing time slices.
_W_FOUND: Final = 10
_PORTFOLIO: Final = (
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
"""(redeal weight, depth weight, newest first) of each search solve() takes turns with.

Among positions of equal score a search takes the oldest first or the newest
first; the two orders win very different deals, so both are in the portfolio."""
_FIRST_SLICE: Final = 0.05
"""Seconds each search of the portfolio gets in the first round (doubling each round)."""

MAX_BYTES: Final = 64 * 2**20
"""The default memory budget of one solve(): what its tables (positions kept, the heap,
the caches) may take. ``solve(max_bytes=...)`` and ``--max-mb`` change it."""
memory_budget = MAX_BYTES
"""The memory budget of a solve() not given one: :func:`set_memory_budget` (the kiosk
lowers it, its process staying small over days)."""


def set_memory_budget(max_bytes: int) -> None:
    """The memory budget of every later solve() not given its own ``max_bytes``."""
    global memory_budget
    if max_bytes < 2**20:
        raise ValueError(f"a memory budget of {max_bytes} bytes is less than 1 MB")
    memory_budget = max_bytes


_STATE_BYTES: Final = 600
"""Memory one kept position of a best-first search costs: ~170 B in the parents table, and
~820 B for each of the ~40% still on the heap (entry, piles tuple, new pile bytes);
measured on hard deals, rounded up for the allocator's slack."""
_SET_BYTES: Final = 85
"""Memory one position costs in a set of int keys (the key and its slot, measured)."""
_SLOT_BYTES: Final = 8
"""Memory one slot of the depth-first search's table costs (a 64-bit fingerprint, see
:class:`_Table`); the stack of untried children adds 1-3 B a position (measured)."""
_CACHE_SHARE: Final = 4
"""The caches of derived facts (see :func:`_trim_caches`) get 1/_CACHE_SHARE of the budget."""
_CACHE_ENTRY_BYTES: Final = 300
"""Memory per cache entry (~250 B measured)."""

_CHECK_EVERY: Final = 64
"""Nodes between looks at the clock and the cancel flag (well under 100 ms)."""


@dataclass(frozen=True)
class Result:
    """What :func:`solve` found: ``line`` is the winning line when ``outcome`` is "won"."""

    outcome: Outcome
    line: list[str] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0


class _Stop(Exception):
    """The budget ran out or the search was cancelled."""


class _Budget:
    """Time, nodes and cancelling, shared by the searches of one solve()."""

    __slots__ = (
        "clock",
        "deadline",
        "lost0",
        "max_bytes",
        "max_nodes",
        "nodes",
        "over",
        "slice_end",
        "stop",
        "tables",
    )

    def __init__(
        self,
        deadline: float,
        max_nodes: int | None,
        stop: Callable[[], bool],
        max_bytes: int = MAX_BYTES,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.clock = clock
        self.deadline = deadline
        self.slice_end = deadline
        self.max_nodes = max_nodes
        self.stop = stop
        self.nodes = 0
        self.max_bytes = max_bytes
        self.tables: list[dict[Key, tuple[Key, tuple[Step, ...]]]] = []
        """The parents tables of the best-first searches alive (their size is the memory)."""
        self.over = False
        """The searches together outgrew the memory budget: one must go."""
        self.lost0: _Table | None = None
        """Positions with no redeal left that a depth-first search proved lost (see
        :meth:`_Search.depth_first_turns`): a later depth-first search of the solve
        skips them."""

    def tick(self) -> bool:
        """Count one node: True when the current search's turn is over; _Stop at the end."""
        self.nodes += 1
        if self.nodes % _CHECK_EVERY:
            return False
        now = self.clock()
        if (
            now > self.deadline
            or self.stop()
            or (self.max_nodes is not None and self.nodes >= self.max_nodes)
        ):
            raise _Stop
        if self.nodes % (_CHECK_EVERY * 16) == 0:
            _trim_caches(self.max_bytes // _CACHE_SHARE)
        if self.tables and sum(map(len, self.tables)) > self.states():
            self.over = True
            return True  # the turn ends: the portfolio lets the largest search go
        return now > self.slice_end

    def states(self, share: int = 1) -> int:
        """Best-first positions one of ``share`` searches may keep (its part of the budget
        the caches leave)."""
        room = self.max_bytes - self.max_bytes // _CACHE_SHARE
        return max(1, room // _STATE_BYTES // share)

    def seen(self) -> int:
        """Bytes the depth-first search's table of positions may take."""
        return self.max_bytes - self.max_bytes // _CACHE_SHARE


class _Table:
    """The positions a depth-first search has entered, in at most ``max_bytes``: one flat
    array of 64-bit fingerprints (open addressing, linear probing), 8 bytes a slot and
    at most 3/4 full, so 11-21 bytes a position against ~80 for a set of int keys.

    A fingerprint is the key's hash (61 bits and a sign: keys are ints). Two positions
    with one fingerprint would make the search skip the second, so a "lost" rests on
    none colliding among the n positions entered: a chance under n**2 / 2**63 (2e-6 at
    4 million). The keys themselves are sums of 64-bit hashes, with the same kind of
    chance.
    """

    __slots__ = ("limit", "mask", "max_slots", "size", "slots")

    def __init__(self, max_bytes: int, first_slots: int = 1 << 12) -> None:
        self.max_slots = 1 << max(4, (max(16, max_bytes // _SLOT_BYTES)).bit_length() - 1)
        n = min(first_slots, self.max_slots)
        self.slots = self._zeros(n)
        self.mask = n - 1
        self.limit = n * 3 // 4
        self.size = 0

    @classmethod
    def of(cls, keys: set[Key], max_bytes: int) -> _Table:
        """A table holding ``keys`` (which must fit)."""
        table = cls(max_bytes, first_slots=1 << (2 * len(keys)).bit_length())
        for key in keys:
            if table.add(key) is None:
                raise ValueError(f"{len(keys)} keys do not fit in {max_bytes} bytes")
        return table

    def __len__(self) -> int:
        return self.size

    def nbytes(self) -> int:
        return len(self.slots) * _SLOT_BYTES

    def __contains__(self, key: Key) -> bool:
        # :meth:`_has`, inlined: the depth-first search's hottest look-up.
        f = hash(key) or 1
        slots = self.slots
        mask = self.mask
        i = (f >> 16) & mask
        while True:
            v = slots[i]
            if v == f:
                return True
            if not v:
                return False
            i = (i + 1) & mask

    def add(self, key: Key) -> bool | None:
        """Remember ``key``: True when it is new, False when it was there, None when the
        table is full (nothing changed)."""
        return self.put(hash(key) or 1)

    def put(self, f: int) -> bool | None:
        """:meth:`add` for a fingerprint (a key's ``hash(key) or 1``)."""
        if self.size >= self.limit and not self._grow():
            return False if self._has(f) else None
        slots = self.slots
        mask = self.mask
        i = (f >> 16) & mask
        while True:
            v = slots[i]
            if not v:
                break
            if v == f:
                return False
            i = (i + 1) & mask
        slots[i] = f
        self.size += 1
        return True

    def _has(self, f: int) -> bool:
        slots = self.slots
        mask = self.mask
        i = (f >> 16) & mask
        while True:
            v = slots[i]
            if v == f:
                return True
            if not v:
                return False
            i = (i + 1) & mask

    @staticmethod
    def _zeros(n: int) -> memoryview:
        """``n`` zero slots in memory of their own: an anonymous mapping, handed back to
        the system the moment the table goes (from the C heap, where the allocator puts
        large blocks after a few have been freed, it would stay with the process)."""
        return memoryview(mmap.mmap(-1, _SLOT_BYTES * n)).cast("q")

    def _grow(self) -> bool:
        n = len(self.slots)
        if n >= self.max_slots:
            return False
        old = self.slots
        self.slots = slots = self._zeros(2 * n)
        self.mask = mask = 2 * n - 1
        self.limit = 2 * n * 3 // 4
        for f in old:
            if f:
                i = (f >> 16) & mask
                while slots[i]:
                    i = (i + 1) & mask
                slots[i] = f
        mapping = old.obj
        old.release()
        if isinstance(mapping, mmap.mmap):
            mapping.close()
        return True


# -- the compact position -------------------------------------------------------

Piles = tuple[bytes, ...]
Step = tuple[int, int]
"""An internal move: (source pile, destination pile / FOUNDATION / REDEAL_MOVE)."""
_PILE_STEPS: Final = tuple(tuple(((i, j),) for j in range(PILES)) for i in range(PILES))
"""The steps of each pile-to-pile move, shared (one tuple per move, not per position)."""

Key = int
"""A position's key: the piles' hash (a sum of per-pile hashes when order is free),
the foundations' number (see :func:`_fid`) and the redeals left, in one int."""
Child = tuple[int, Piles, bytes, int, tuple[Step, ...], Key, int]
"""(score before the redeal bonus, piles, foundations, redeals left, steps, key, piles' hash)."""

_KEY_SHIFT: Final = 1 << 72
_FIDS: dict[bytes, int] = {}


def _fid(fnd: bytes) -> int:
    """The foundations' part of a key: the 8 bytes as a number, shifted to make
    room for the redeals left (0..99)."""
    n = _FIDS.get(fnd)
    if n is None:
        n = _FIDS[fnd] = int.from_bytes(fnd, "big") << 7
    return n


def _make_key(phash: int, fnd: bytes, r: int) -> Key:
    return phash * _KEY_SHIFT + _fid(fnd) + r


def _suit_state(asc_top: int, desc_top: int) -> tuple[int, int]:
    """Ranks (a, d) of a suit's foundation tops, meeting written (0, 0)."""
    a = asc_top % 13 + 1
    d = desc_top % 13 + 1
    return (0, 0) if d == a + 1 else (a, d)


def _convert(game: Game) -> tuple[Piles, bytes, int]:
    piles = tuple(bytes(p) for p in game.piles)
    fnd = bytearray()
    for s in range(4):
        fnd.extend(_suit_state(game.foundations[s][-1], game.foundations[4 + s][-1]))
    return piles, bytes(fnd), game.redeals_left


_COUNTS: dict[bytes, int] = {}


def _found_count(fnd: bytes) -> int:
    """Cards on the foundations (104 when won)."""
    total = _COUNTS.get(fnd)
    if total is not None:
        return total
    total = 0
    for s in range(4):
        a = fnd[2 * s]
        total += 13 if a == 0 else a + 14 - fnd[2 * s + 1]
    _COUNTS[fnd] = total
    return total


_PLAYED: dict[bytes, dict[int, bytes]] = {}


def _play_found(fnd: bytes, c: int) -> bytes:
    """Foundations after card ``c`` goes up (the caller knows it is accepted); cached."""
    row = _PLAYED.get(fnd)
    if row is None:
        row = _PLAYED[fnd] = {}
    out = row.get(c)
    if out is None:
        out = row[c] = _play_found_now(fnd, c)
    return out


def _play_found_now(fnd: bytes, c: int) -> bytes:
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


def _accepts(fnd: bytes, c: int) -> bool:
    s2 = 2 * (c // 13)
    a = fnd[s2]
    x = c % 13 + 1
    return a == 0 or x == a + 1 or x == fnd[s2 + 1] - 1


def _safe(fnd: bytes, c: int) -> bool:
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


_ACCEPTED: dict[bytes, frozenset[int]] = {}
_SAFE: dict[bytes, frozenset[int]] = {}


def _accepted(fnd: bytes) -> frozenset[int]:
    """The cards the foundations take now."""
    cards = _ACCEPTED.get(fnd)
    if cards is None:
        cards = _ACCEPTED[fnd] = frozenset(c for c in range(52) if _accepts(fnd, c))
    return cards


def _safe_cards(fnd: bytes) -> frozenset[int]:
    """The cards the foundations take now that are played without searching."""
    cards = _SAFE.get(fnd)
    if cards is None:
        cards = _SAFE[fnd] = frozenset(c for c in _accepted(fnd) if _safe(fnd, c))
    return cards


_ALL_SUITS: Final = (0, 1, 2, 3)


def _dead(piles: Piles, fnd: bytes, r: int, suits: Sequence[int] = _ALL_SUITS) -> bool:
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
            if not first and _stuck(c, counts, fnd):
                return True
            first = False
            counts[c] = counts.get(c, 0) + 1
    return False


def _buried(pile: bytes, fnd: bytes, r: int) -> bool:
    """Whether the top card of ``pile`` can never leave it (see :func:`_dead`)."""
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
    return _stuck(xc, counts, fnd)


def _stuck(xc: int, beneath: dict[int, int], fnd: bytes) -> bool:
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


def _blocked(piles: Piles, fnd: bytes, r: int) -> bool:
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
    * it goes up when its foundation way is open: every rank between the
      foundation's top and its own has an available copy (climbing from ``a`` up
      and from ``d`` down); in a suit whose foundations are apart, a card whose
      twin is already up (rank outside ``a..d``) needs the foundations to meet
      first, i.e. every rank between them available.

    The position is lost when, once nothing more can happen, some card never
    leaves its place or some card still on the table has no open way up. This
    subsumes :func:`_dead` (one card trapped by what lies beneath it) and catches
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
    up = _UP
    down = _DOWN
    ways: list[tuple[int, int, int, int] | None] = [None] * 4
    while True:
        # Per suit: (a, k, m, d): ranks a < q <= k + 1 go up, m - 1 <= q < d go down;
        # None when the way is open to every rank (the foundations meet or can meet).
        for s in range(4):
            a = fnd[2 * s]
            if a == 0:
                ways[s] = None
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
                    ways[s] = None
                    continue
            ways[s] = (a, k, m, d)
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
    if any(cut[i] > r for i in range(len(piles))):
        return True
    for s in range(4):
        w = ways[s]
        if w is None:
            continue
        a, k, m, d = w
        for q in range(1, 14):
            if avail[13 * s + q - 1] and not (a < q <= k + 1 or m - 1 <= q < d):
                return True
    return False


_SUIT_SETS: Final = tuple(tuple(s for s in range(4) if m >> s & 1) for m in range(16))


def _changed_suits(old: bytes, new: bytes) -> tuple[int, ...]:
    """The suits whose foundations differ between ``old`` and ``new`` (shared tuples)."""
    mask = 0
    for s in range(4):
        if old[2 * s] != new[2 * s] or old[2 * s + 1] != new[2 * s + 1]:
            mask |= 1 << s
    return _SUIT_SETS[mask]


_NEEDS: dict[bytes, tuple[int, ...]] = {}


def _needs(fnd: bytes) -> tuple[int, ...]:
    """The cards the foundations take next (suits that meet take any card: left out)."""
    need = _NEEDS.get(fnd)
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
        need = _NEEDS[fnd] = tuple(out)
    return need


_DEPTHS: dict[tuple[int, ...], dict[bytes, tuple[int, ...]]] = {}


def _depth_penalty(piles: Piles, fnd: bytes) -> int:
    """How deep the cards the foundations need next lie (cards above the shallowest copy).

    Per pile, the depths of the needed cards are cached (piles are shared
    between positions), and the minimum over piles is taken in C. Every
    needed card has a copy on the piles (the other may be on a foundation),
    so each minimum is a real depth.
    """
    need = _needs(fnd)
    if not need:
        return 0
    cache = _DEPTHS.get(need)
    if cache is None:
        if len(_DEPTHS) > 4096:
            _DEPTHS.clear()
        cache = _DEPTHS[need] = {}
    elif len(cache) > 200_000:
        cache.clear()
    vecs: list[tuple[int, ...]] = list(map(cache.get, piles))  # type: ignore[arg-type]
    if None in vecs:
        for i, p in enumerate(piles):
            if vecs[i] is None:
                n = len(p) - 1
                vecs[i] = cache[p] = tuple(n - k if k >= 0 else 99 for k in map(p.rfind, need))
    return sum(map(min, *vecs))


# -- the search -----------------------------------------------------------------


class _Search:
    def __init__(
        self,
        game: Game,
        budget: _Budget,
        w_redeal: int = 100,
        w_depth: int = 1,
        newest_first: bool = False,
    ) -> None:
        self.rules: Rules = game.rules
        self.number = game.number
        self.variant = game.variant
        self.level = game.level
        self.rotate = game.rules.redeal == "rotate"
        self.accept = game.rules.empty_piles_accept
        self.budget = budget
        self.w_redeal = w_redeal
        self.w_depth = w_depth
        self.newest_first = newest_first
        self.inexact = False
        self.table: dict[Key, tuple[Key, tuple[Step, ...]]] = {}
        """The best-first search's table of positions while it runs (its memory)."""
        # Safe plays while redeals remain (fast, not proven exact): see the module doc.
        self.loose = True
        self.root = _convert(game)

    # -- shared helpers ---------------------------------------------------------

    def phash(self, piles: Piles) -> int:
        """The piles' part of the key: order-free when redeals rotate."""
        if self.rotate:
            return sum(map(hash, piles))
        return hash(piles)

    def redealt(self, piles: Piles, r: int) -> Piles:
        if self.rotate:
            return tuple(p[1:] + p[:1] if len(p) >= 2 else p for p in piles)
        g = Game(
            [list(p) for p in piles],
            variant=self.variant,
            number=self.number,
            rules=self.rules,
            redeals_left=r,
            level=self.level,
        )
        g.redeal()
        return tuple(bytes(p) for p in g.piles)

    def autoplay(self, piles: Piles, fnd: bytes, r: int, steps: list[Step]) -> tuple[Piles, bytes]:
        """Play every safe foundation move (crossed suits), appending them to ``steps``."""
        if r > 0 and not self.loose:
            return piles, fnd
        safe = _safe_cards(fnd)
        if not safe:
            return piles, fnd
        lst: list[bytes] | None = None
        again = True
        while again:
            again = False
            for i, p in enumerate(lst or piles):
                if not p or p[-1] not in safe:
                    continue
                if r > 0:
                    self.inexact = True
                if lst is None:
                    lst = list(piles)
                while p and p[-1] in safe:
                    fnd = _play_found(fnd, p[-1])
                    p = p[:-1]
                    steps.append((i, FOUNDATION))
                    safe = _safe_cards(fnd)
                lst[i] = p
                again = True
        return (piles if lst is None else tuple(lst)), fnd

    def children(
        self,
        piles: Piles,
        fnd: bytes,
        r: int,
        phash: int,
        seen: set[Key] | _Table | dict[Key, tuple[Key, tuple[Step, ...]]],
        use_autoplay: bool,
    ) -> list[Child]:
        """Every position one move (plus safe plays) away and not in ``seen``,
        with its score and key.

        The score: foundation cards, less how deep the cards the foundations
        need next lie.
        """
        out: list[Child] = []
        append = out.append
        by_top: dict[int, list[int]] = {}
        empties: list[int] = []
        for i, p in enumerate(piles):
            if p:
                if len(p) < PILE_LIMIT:
                    by_top.setdefault(p[-1], []).append(i)
            else:
                empties.append(i)
        lone_useless = r == 0 and not self.accept
        w_depth = self.w_depth
        check_buried = not self.accept and (self.rotate or r == 0)
        rotate = self.rotate
        base = _W_FOUND * _found_count(fnd)
        same = _fid(fnd) + r
        get = by_top.get
        accepted = _accepted(fnd)
        for i, p in enumerate(piles):
            if not p:
                continue
            c = p[-1]
            rest = p[:-1]
            if c in accepted:
                lst = list(piles)
                lst[i] = rest
                nf = _play_found(fnd, c)
                steps: list[Step] = [(i, FOUNDATION)]
                np_: Piles = tuple(lst)
                if use_autoplay:
                    np_, nf = self.autoplay(np_, nf, r, steps)
                kid = self._full(np_, nf, r, tuple(steps), seen)
                if kid is not None:
                    append(kid)
            if lone_useless and not rest:
                continue
            dests = get(_UP[c], ())
            dests2 = get(_DOWN[c], ())
            extra: tuple[int, ...] = ()
            if self.accept and empties:
                # Empty piles are all alike when redeals rotate or no shuffle is
                # left. A shuffle gathers the piles in order, so there which empty
                # pile a card goes to changes what it deals: trying the first only
                # is a shortcut (fast, not exact) that a loss is re-checked without.
                if rotate or r == 0 or self.loose:
                    extra = (empties[0],) if rest else ()
                    if not rotate and r > 0 and (len(empties) > 1 or not rest):
                        self.inexact = True
                else:
                    extra = tuple(empties)
            if not (dests or dests2 or extra):
                continue
            top = p[-1:]
            dh = phash - hash(p) + hash(rest)
            for j in (*dests, *dests2, *extra):
                if j == i:
                    continue
                pj = piles[j]
                new_j = pj + top
                lst = list(piles)
                lst[i] = rest
                lst[j] = new_j
                if rotate:
                    ch = dh - hash(pj) + hash(new_j)
                    ck = ch * _KEY_SHIFT + same
                    if ck in seen:
                        continue
                    cp = tuple(lst)
                else:
                    cp = tuple(lst)
                    ch = hash(cp)
                    ck = ch * _KEY_SHIFT + same
                    if ck in seen:
                        continue
                if check_buried and _buried(new_j, fnd, r):
                    continue
                step = _PILE_STEPS[i][j]
                append((base - w_depth * _depth_penalty(cp, fnd), cp, fnd, r, step, ck, ch))
        if r > 0:
            np_ = self.redealt(piles, r)
            steps = [(0, REDEAL_MOVE)]
            nf = fnd
            if use_autoplay:
                np_, nf = self.autoplay(np_, nf, r - 1, steps)
            kid = self._full(np_, nf, r - 1, tuple(steps), seen)
            if kid is not None:
                append(kid)
        return out

    def _full(
        self,
        piles: Piles,
        fnd: bytes,
        r: int,
        steps: tuple[Step, ...],
        seen: set[Key] | _Table | dict[Key, tuple[Key, tuple[Step, ...]]],
    ) -> Child | None:
        ph = self.phash(piles)
        ck = _make_key(ph, fnd, r)
        if ck in seen:
            return None
        score = _W_FOUND * _found_count(fnd) - self.w_depth * _depth_penalty(piles, fnd)
        return (score, piles, fnd, r, steps, ck, ph)

    def is_dead(self, piles: Piles, fnd: bytes, r: int, suits: Sequence[int] = _ALL_SUITS) -> bool:
        if self.accept or not (self.rotate or r == 0):
            return False
        return _dead(piles, fnd, r, suits) or _blocked(piles, fnd, r)

    # -- best-first -------------------------------------------------------------

    def best_first(
        self, max_states: int, use_autoplay: bool
    ) -> Generator[None, None, list[Step] | bool | None]:
        """A winning list of steps, False when the space is exhausted, None at the state cap.

        A generator: it yields when its turn (the budget's slice) is over, and
        carries on from there when resumed.
        """
        piles, fnd, r = self.root
        steps0: list[Step] = []
        if use_autoplay:
            piles, fnd = self.autoplay(piles, fnd, r, steps0)
        root_hash = self.phash(piles)
        root_key = _make_key(root_hash, fnd, r)
        parents: dict[Key, tuple[Key, tuple[Step, ...]]] = {root_key: (root_key, tuple(steps0))}
        if _found_count(fnd) == 104:
            return steps0
        if self.is_dead(piles, fnd, r):
            return False
        self.table = parents
        self.budget.tables.append(parents)
        try:
            found = yield from self._best_first(
                parents, piles, fnd, r, root_key, root_hash, max_states, use_autoplay
            )
        finally:
            self.budget.tables.remove(parents)
            self.table = {}
        return found

    def _best_first(
        self,
        parents: dict[Key, tuple[Key, tuple[Step, ...]]],
        piles: Piles,
        fnd: bytes,
        r: int,
        root_key: Key,
        root_hash: int,
        max_states: int,
        use_autoplay: bool,
    ) -> Generator[None, None, list[Step] | bool | None]:
        # The dead-position test runs when a position is taken from the heap
        # (most never are): ``check`` holds the suits it looks at.
        heap: list[tuple[int, int, Piles, bytes, int, Key, int, Sequence[int]]] = [
            (0, 0, piles, fnd, r, root_key, root_hash, ())
        ]
        seq = 0
        seq_step = -1 if self.newest_first else 1
        push = heapq.heappush
        pop = heapq.heappop
        w_redeal = self.w_redeal
        tick = self.budget.tick
        while heap:
            _, _, piles, fnd, r, key, ph, check = pop(heap)
            if tick():
                yield
            if check and self.is_dead(piles, fnd, r, check):
                continue
            for score, cp, cf, cr, steps, ck, ch in self.children(
                piles, fnd, r, ph, parents, use_autoplay
            ):
                if ck in parents:
                    continue
                parents[ck] = (key, steps)
                check = ()
                if cf is not fnd:
                    if _found_count(cf) == 104:
                        return self._line(parents, ck, root_key)
                    check = _changed_suits(fnd, cf)
                if cr != r:
                    check = _ALL_SUITS
                seq += seq_step
                push(heap, (-score - w_redeal * cr, seq, cp, cf, cr, ck, ch, check))
            if len(parents) > max_states:
                return None
        return False

    @staticmethod
    def _line(
        parents: dict[Key, tuple[Key, tuple[Step, ...]]], key: Key, root_key: Key
    ) -> list[Step]:
        chunks: list[tuple[Step, ...]] = []
        while True:
            parent, steps = parents[key]
            chunks.append(steps)
            if key == root_key:
                break
            key = parent
        return [s for chunk in reversed(chunks) for s in chunk]

    # -- depth-first ------------------------------------------------------------

    def depth_first(self, use_autoplay: bool) -> list[Step] | None:
        """A winning list of steps, or None when the whole reachable space holds no win
        (:meth:`depth_first_turns` run to its end in one turn)."""
        search = self.depth_first_turns(use_autoplay)
        while True:
            try:
                next(search)
            except StopIteration as end:
                result: list[Step] | bool | None = end.value
                return result if isinstance(result, list) else None

    def depth_first_turns(
        self,
        use_autoplay: bool,
        thorough: bool = False,
        max_bytes: int | None = None,
        max_set: int | None = None,
    ) -> Generator[None, None, list[Step] | bool | None]:
        """A winning list of steps, False when the whole reachable space holds no win,
        None when its table of positions would outgrow ``max_bytes``. The positions
        entered are kept in a set up to ``max_set`` of them (default: what a quarter of
        the memory holds), then in the byte table.

        Plain graph search: every position entered is remembered and never
        entered again, which visits everything reachable from the root. A
        generator that yields when its turn is over, like :meth:`best_first`.
        ``thorough``: every position entered gets the full dead-position test
        (:func:`_blocked`), not only those after a foundation move or a redeal.
        """
        piles, fnd, r = self.root
        steps0: list[Step] = []
        if use_autoplay:
            piles, fnd = self.autoplay(piles, fnd, r, steps0)
        if _found_count(fnd) == 104:
            return steps0
        if self.is_dead(piles, fnd, r):
            return False
        root_hash = self.phash(piles)
        root_key = _make_key(root_hash, fnd, r)
        room = self.budget.seen() if max_bytes is None else max_bytes
        # Positions entered: a set of keys while it is small (its look-ups run in C, a
        # tenth of the search's time saved), then the byte table (a fifth of the memory).
        keys: set[Key] = {root_key}
        seen: set[Key] | _Table = keys
        set_limit = room // 4 // _SET_BYTES if max_set is None else max_set
        table: _Table | None = None
        path: list[tuple[Step, ...]] = [tuple(steps0)]
        thorough = thorough and not self.accept
        # Redeal layers: a position entered by a redeal that leaves none starts a
        # sub-search that can reach only positions with no redeal left, none of them
        # on the stack below it. When it is done (no win) everything entered in it is
        # lost: those positions go to the solve's table of proven losses, which a later
        # depth-first search (the re-run without safe plays that settles a loss, the
        # last one when all outgrew memory) skips. The best-first searches looking
        # there too found almost nothing (see the README) for a cost on every child.
        lost0 = self.budget.lost0
        if lost0 is None and r > 0:
            lost0 = self.budget.lost0 = _Table(room // 8)
        log = array("q")  # fingerprints entered in open layers with no redeal left
        marks: list[int] = [-1]  # per frame: where its layer starts in ``log``, or -1

        def frame(piles: Piles, fnd: bytes, r: int, ph: int) -> list[Child]:
            """The children still to try, best last (redeals tried last of all)."""
            kids = self.children(piles, fnd, r, ph, seen, use_autoplay)
            kids.reverse()  # among equal scores keep the generation order
            kids.sort(key=lambda t: t[0] + self.w_redeal * t[3])
            return kids

        stack: list[list[Child]] = [frame(piles, fnd, r, root_hash)]
        parent_state: list[tuple[bytes, int]] = [(fnd, r)]
        tick = self.budget.tick
        while stack:
            top = stack[-1]
            if not top:
                stack.pop()
                parent_state.pop()
                path.pop()
                mark = marks.pop()
                if mark >= 0 and lost0 is not None:
                    for f in log[mark:]:
                        if lost0.put(f) is None:
                            break  # full: fewer shortcuts, nothing unsound
                    del log[mark:]
                continue
            _, cp, cf, cr, steps, ck, ch = top.pop()
            if table is None:
                if ck in keys:
                    continue
                keys.add(ck)
                if len(keys) > set_limit:
                    seen = table = _Table.of(keys, room - room // 4)
                    keys.clear()
            else:
                added = table.add(ck)
                if not added:
                    if added is False:
                        continue
                    if max_bytes is not None:
                        return None  # over its share: the portfolio's other searches go on
                    raise _Stop  # out of memory budget: unknown
            if tick():
                yield
            if _found_count(cf) == 104:
                path.append(steps)
                return [s for chunk in path for s in chunk]
            pf, pr = parent_state[-1]
            if cr == 0 and lost0 is not None and lost0.size and ck in lost0:
                continue
            if cr != pr:
                if self.is_dead(cp, cf, cr):
                    continue
            elif cf is not pf:
                if self.is_dead(cp, cf, cr, _changed_suits(pf, cf)):
                    continue
            elif thorough and (self.rotate or cr == 0) and _blocked(cp, cf, cr):
                continue
            mark = -1
            if cr == 0 and lost0 is not None:
                if pr > 0:
                    mark = len(log)
                log.append(hash(ck) or 1)
            path.append(steps)
            parent_state.append((cf, cr))
            marks.append(mark)
            stack.append(frame(cp, cf, cr, ch))
        return False


# -- writing the line out ---------------------------------------------------------


def _write_line(game: Game, steps: Sequence[Step]) -> list[str]:
    """Engine tokens for ``steps``, replayed on a copy; foundation slides put in as needed."""
    g = game.copy()
    tokens: list[str] = []

    def play(token: str) -> None:
        g.apply(token)
        tokens.append(token)

    for src, dst in steps:
        if dst == REDEAL_MOVE:
            play(g.redeal_token)
            continue
        if dst < PILES:
            play(str(Move(src, dst)))
            continue
        c = g.piles[src][-1]
        s = c // 13
        x = c % 13 + 1
        asc, desc = PILES + s, PILES + 4 + s
        if g.check(Move(src, asc)) is None:
            play(str(Move(src, asc)))
            continue
        if g.check(Move(src, desc)) is None:
            play(str(Move(src, desc)))
            continue
        # The foundations meet: slide the meeting point to where c fits.
        a = g.foundations[s][-1] % 13 + 1
        want = x - 1 if x >= 2 else 1
        while a > want:
            play(str(Move(asc, desc)))
            a -= 1
        while a < want:
            play(str(Move(desc, asc)))
            a += 1
        play(str(Move(src, asc if x >= 2 else desc)))
    if not g.is_won:
        raise AssertionError("the solver's line does not win in the engine")
    return tokens


# -- public API -------------------------------------------------------------------


def solve(
    game: Game,
    *,
    budget_s: float = 10.0,
    max_nodes: int | None = None,
    cancel: threading.Event | Callable[[], bool] | None = None,
    clock: Callable[[], float] = time.monotonic,
    max_bytes: int | None = None,
) -> Result:
    """Search ``game`` (never changed) for a win within ``budget_s`` seconds / ``max_nodes``.

    "won" comes with a line of engine tokens that replays to a won game; "lost"
    only when the whole reachable space was searched; "unknown" otherwise
    (budget spent, memory budget ``max_bytes`` reached, or cancelled). Seconds are
    counted by ``clock``: wall time by default; the benchmark can count the process's
    CPU time (``time.process_time``), so its figures hold on a busy machine. The
    search's tables stay within ``max_bytes`` (checked as they grow) and are all let
    go on return, caches included once no other solve() runs.
    """
    start = clock()
    if isinstance(cancel, threading.Event):
        stop: Callable[[], bool] = cancel.is_set
    elif cancel is None:

        def stop() -> bool:
            return False
    else:
        stop = cancel
    budget = _Budget(start + budget_s, max_nodes, stop, max_bytes or memory_budget, clock)

    def done(outcome: Outcome, line: list[str] | None = None) -> Result:
        return Result(outcome, line or [], budget.nodes, clock() - start)

    def written(steps: list[Step]) -> Result:
        try:
            return done("won", _write_line(game, steps))
        except (IllegalMove, AssertionError):  # a bug: never hand out a bad line
            return done("unknown")

    if game.is_won:
        return done("won")
    if stop():
        return done("unknown")
    global _running
    with _running_lock:
        _running += 1
    try:
        return _run_portfolio(game, budget, written, done)
    except _Stop:
        return done("unknown")
    finally:
        with _running_lock:
            _running -= 1
            if _running == 0:
                _clear_caches()
                if budget.nodes >= _GIVE_BACK_NODES:
                    _give_back_memory()


_GIVE_BACK_NODES: Final = 20_000
"""A search this big (a second or more) hands its memory back on return; a small one has
little to give and returns at once (a cancelled hint answers within 100 ms)."""

_running = 0
"""solve() calls in progress (threads): the caches are dropped when the last one ends."""
_running_lock = threading.Lock()


def _clear_caches() -> None:
    for cache in (_COUNTS, _NEEDS, _DEPTHS, _ACCEPTED, _SAFE, _FIDS, _PLAYED):
        cache.clear()


_malloc_trim: Callable[[int], int] | bool | None = False
"""glibc's malloc_trim, looked up on first use (None: not there)."""


def _give_back_memory() -> None:
    """Hand what the search freed back to the system (else the process stays tens of MB
    above its size before the search). A full collection empties the interpreter's free
    lists, whose few recently freed tuples would each pin a whole arena of the search's
    memory; on Linux, glibc's malloc_trim returns the heap that large tables freed."""
    gc.collect()
    global _malloc_trim
    if _malloc_trim is False:
        _malloc_trim = None
        if sys.platform.startswith("linux"):
            try:
                import ctypes

                _malloc_trim = ctypes.CDLL("libc.so.6").malloc_trim
            except (OSError, AttributeError):
                pass
    if callable(_malloc_trim):
        _malloc_trim(0)


def _trim_caches(max_bytes: int) -> None:
    """Drop the caches when they outgrow ``max_bytes`` (they only speed things up)."""
    entries = len(_COUNTS) + len(_PLAYED) + 2 * len(_ACCEPTED)
    entries += sum(len(cache) for cache in list(_DEPTHS.values()))
    if entries * _CACHE_ENTRY_BYTES > max_bytes:
        _clear_caches()


def _run_portfolio(
    game: Game,
    budget: _Budget,
    written: Callable[[list[Step]], Result],
    done: Callable[[Outcome], Result],
) -> Result:
    """The searches of the portfolio take turns, each resumed where it stopped
    with a doubled slice; any search that runs out of positions proves the loss."""
    searches = [_Search(game, budget, *weights) for weights in _PORTFOLIO]
    cap = budget.states()
    running: list[tuple[_Search, Generator[None, None, list[Step] | bool | None]]] = [
        (s, s.best_first(max_states=cap, use_autoplay=True)) for s in searches
    ]
    # One exhaustive depth-first search takes its turn too: it wins deals the
    # best-first searches miss, and it is the one that proves most losses. It
    # remembers at most half of what the budget allows a depth-first search.
    dfs = _Search(game, budget)
    running.append(
        (
            dfs,
            dfs.depth_first_turns(use_autoplay=True, thorough=True, max_bytes=budget.seen() // 2),
        )
    )
    turn = _FIRST_SLICE
    while running:
        for entry in list(running):
            if entry not in running:
                continue
            search, gen = entry
            budget.slice_end = budget.clock() + turn
            try:
                next(gen)
                if budget.over:
                    # Over the memory budget: the largest search goes, the others go on
                    # (a search's memory is its table of positions).
                    budget.over = False
                    largest = max(running, key=lambda e: len(e[0].table))
                    largest[1].close()
                    running.remove(largest)
                continue
            except StopIteration as end:
                found: list[Step] | bool | None = end.value
            if isinstance(found, list):
                return written(found)
            if found is None:  # too big to keep in memory: let the others go on
                running.remove(entry)
                continue
            # Exhausted: the loss is proven, unless it leaned on safe plays
            # while redeals remained; then settle it without them.
            budget.slice_end = budget.deadline
            if search.inexact:
                for _, other in running:
                    other.close()  # their memory goes to the depth-first search
                search.loose = False
                steps = search.depth_first(use_autoplay=True)
                if steps is not None:
                    return written(steps)
            return done("lost")
        turn *= 2
    # Every search outgrew memory: settle it depth-first (exhaustive).
    budget.slice_end = budget.deadline
    search = _Search(game, budget)
    steps = search.depth_first(use_autoplay=True)
    if steps is not None:
        return written(steps)
    if search.inexact:
        search.loose = False
        steps = search.depth_first(use_autoplay=True)
        if steps is not None:
            return written(steps)
    return done("lost")


def proven_lost(game: Game) -> bool:
    """Whether the quick dead-position tests prove ``game`` lost (no search: well under
    a millisecond). False means only "not proven this way"; :func:`solve` searches."""
    if game.is_won or game.rules.empty_piles_accept:
        return False
    piles, fnd, r = _convert(game)
    if not (game.rules.redeal == "rotate" or r == 0):
        return False
    return _dead(piles, fnd, r) or _blocked(piles, fnd, r)


def _score_game(game: Game) -> int:
    piles, fnd, _ = _convert(game)
    return _W_FOUND * _found_count(fnd) - _depth_penalty(piles, fnd)


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


def last_winnable(game: Game, *, budget_s: float) -> int | None:
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
        result = solve(g, budget_s=max(left / tries, min(left, 0.05)))
        tries = max(1, tries - 1)
        if result.outcome == "won":
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


def clear_caches() -> None:
    """Empty the solver's memo tables (they only speed searches up): a long-running caller
    (the kiosk's attract loop, between its searches) gives their memory back. solve()
    already drops them when the last search ends; this is for callers that want it now."""
    _clear_caches()


def _load_numbers(kind: str, pool: str) -> list[int]:
    from crescent import resources

    if pool not in modes.POOLS:
        raise ValueError(f"unknown pool {pool!r}: the pools are {', '.join(modes.POOLS)}")
    text = resources.read_text(f"pools/{kind}-{pool}.txt")
    return [int(line) for line in text.splitlines() if line.strip() and not line.startswith("#")]


def load_lost(pool: str) -> list[int]:
    """The deal numbers proven lost in the shipped list of ``pool`` (a :attr:`Mode.pool`):
    never dealt by "winnable deals only"."""
    return _load_numbers("lost", pool)


def load_pool(pool: str) -> list[int]:
    """The deal numbers proven winnable in the shipped pool ``pool`` (a :attr:`Mode.pool`)."""
    return _load_numbers("winnable", pool)


# -- command line -----------------------------------------------------------------


class _ArgumentParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: {message}", file=sys.stderr)
        raise SystemExit(2)


def _parser() -> argparse.ArgumentParser:
    """The command line's options (one place to add more)."""
    parser = _ArgumentParser(
        prog="python -m crescent.solver", description="Solve a Crescent deal given by its code."
    )
    parser.add_argument("code", help="a game code such as CR1-N-AAAAAAB")
    parser.add_argument("--budget-s", type=float, default=10.0, help="seconds to search")
    parser.add_argument(
        "--redeals",
        type=int,
        default=None,
        help="redeals in the game instead of the variant's (0: the no-redeal game)",
    )
    parser.add_argument(
        "--max-mb",
        type=float,
        default=MAX_BYTES / 2**20,
        help="memory budget of the search's tables, in MB (default %(default)g)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--level",
        type=int,
        metavar="LEVEL",
        help="levels game (CR1-L-...): solve this level (1-4) under its rules, with 5 shuffles",
    )
    return parser


def _game(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Game:
    """The position the options name (the deal, with its rules changed as asked)."""
    if not 1 <= args.max_mb <= 1e6:
        parser.error(f"--max-mb must be a number of megabytes from 1, got {args.max_mb}")
    if not args.budget_s > 0 or args.budget_s > 1e6:
        parser.error(f"--budget-s must be a positive number of seconds, got {args.budget_s}")
    if args.redeals is not None and not 0 <= args.redeals <= 99:
        parser.error(f"--redeals must be a whole number 0..99, got {args.redeals}")
    try:
        game = Game.from_code(args.code)
    except InvalidCode as e:
        parser.error(f"bad code: {e}")
    if args.level is not None:
        levels = game.mode.levels
        if levels == 1:
            parser.error(f"--level needs the code of a game of levels (CR1-L-...), not {game.code}")
        if not 1 <= args.level <= levels:
            parser.error(f"--level must be 1..{levels}, got {args.level}")
        game = Game.deal(game.number, game.variant, level=args.level)
    if args.redeals is not None:
        rules = game.rules.replace(redeals=args.redeals)
        game = Game.deal(game.number, game.variant, rules, level=args.level)
    return game


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    game = _game(parser, args)
    result = solve(game, budget_s=args.budget_s, max_bytes=int(args.max_mb * 2**20))
    if args.json:
        print(
            json.dumps(
                {
                    "code": game.code,
                    "redeals": game.rules.redeals,
                    **({"level": game.level} if game.level else {}),
                    "outcome": result.outcome,
                    "line": result.line,
                    "nodes": result.nodes,
                    "seconds": round(result.seconds, 3),
                }
            )
        )
    else:
        head = f"won {len(result.line)}" if result.outcome == "won" else result.outcome
        print(head)
        print(" ".join(result.line))
    return 0
