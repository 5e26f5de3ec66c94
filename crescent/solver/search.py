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
* with no redeal left (and empty piles dead), moving a pile's only card onto
  another pile never helps, so it is not searched.

Levels mode (``Rules.redeal == "shuffle"``) is supported by asking the engine
for the shuffle (it is seeded, so deterministic); there pile order matters and
fewer shortcuts are sound, so the search is plainer.
"""

from __future__ import annotations

import argparse
import heapq
import json
import sys
import threading
import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from typing import Final, Literal, NoReturn

from crescent.rules import modes
from crescent.rules.engine import (
    PILE_LIMIT,
    PILES,
    REDEAL,
    Game,
    IllegalMove,
    InvalidCode,
    Move,
    Rules,
)

__all__ = ["Result", "best_guess", "last_winnable", "load_pool", "main", "solve"]

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

_MAX_STATES: Final = 1_500_000
"""Positions one best-first search keeps at most (memory) before going depth-first."""

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

    __slots__ = ("deadline", "max_nodes", "nodes", "slice_end", "stop")

    def __init__(self, deadline: float, max_nodes: int | None, stop: Callable[[], bool]) -> None:
        self.deadline = deadline
        self.slice_end = deadline
        self.max_nodes = max_nodes
        self.stop = stop
        self.nodes = 0

    def tick(self) -> bool:
        """Count one node: True when the current search's turn is over; _Stop at the end."""
        self.nodes += 1
        if self.nodes % _CHECK_EVERY:
            return False
        now = time.monotonic()
        if (
            now > self.deadline
            or self.stop()
            or (self.max_nodes is not None and self.nodes >= self.max_nodes)
        ):
            raise _Stop
        return now > self.slice_end


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
        self.rotate = game.rules.redeal == "rotate"
        self.accept = game.rules.empty_piles_accept
        self.budget = budget
        self.w_redeal = w_redeal
        self.w_depth = w_depth
        self.newest_first = newest_first
        self.inexact = False
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
        )
        g.redeal()
        return tuple(bytes(p) for p in g.piles)

    def autoplay(self, piles: Piles, fnd: bytes, r: int, steps: list[Step]) -> tuple[Piles, bytes]:
        """Play every safe foundation move (crossed suits), appending them to ``steps``."""
        if r > 0 and not (self.rotate and self.loose):
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
        seen: set[Key] | dict[Key, tuple[Key, tuple[Step, ...]]],
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
            if self.accept and empties:
                # Empty piles are all alike when redeals rotate; a shuffle
                # deals round the piles in order, so there each one counts.
                extra = tuple(empties) if not rotate else (empties[0],) if rest else ()
            else:
                extra = ()
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
        seen: set[Key] | dict[Key, tuple[Key, tuple[Step, ...]]],
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
        return _dead(piles, fnd, r, suits)

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
        """A winning list of steps, or None when the whole reachable space holds no win.

        Plain graph search: every position entered is remembered and never
        entered again, which visits everything reachable from the root.
        """
        piles, fnd, r = self.root
        steps0: list[Step] = []
        if use_autoplay:
            piles, fnd = self.autoplay(piles, fnd, r, steps0)
        if _found_count(fnd) == 104:
            return steps0
        if self.is_dead(piles, fnd, r):
            return None
        root_hash = self.phash(piles)
        root_key = _make_key(root_hash, fnd, r)
        seen: set[Key] = {root_key}
        path: list[tuple[Step, ...]] = [tuple(steps0)]

        def frame(piles: Piles, fnd: bytes, r: int, ph: int) -> list[Child]:
            """The children still to try, best last (redeals tried last of all)."""
            kids = self.children(piles, fnd, r, ph, seen, use_autoplay)
            kids.reverse()  # among equal scores keep the generation order
            kids.sort(key=lambda t: t[0] + self.w_redeal * t[3])
            return kids

        stack: list[list[Child]] = [frame(piles, fnd, r, root_hash)]
        parent_state: list[tuple[bytes, int]] = [(fnd, r)]
        while stack:
            top = stack[-1]
            if not top:
                stack.pop()
                parent_state.pop()
                path.pop()
                continue
            _, cp, cf, cr, steps, ck, ch = top.pop()
            if ck in seen:
                continue
            seen.add(ck)
            self.budget.tick()
            if _found_count(cf) == 104:
                path.append(steps)
                return [s for chunk in path for s in chunk]
            pf, pr = parent_state[-1]
            if cr != pr:
                if self.is_dead(cp, cf, cr):
                    continue
            elif cf is not pf and self.is_dead(cp, cf, cr, _changed_suits(pf, cf)):
                continue
            path.append(steps)
            parent_state.append((cf, cr))
            stack.append(frame(cp, cf, cr, ch))
        return None


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
            play(REDEAL)
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
) -> Result:
    """Search ``game`` (never changed) for a win within ``budget_s`` seconds / ``max_nodes``.

    "won" comes with a line of engine tokens that replays to a won game; "lost"
    only when the whole reachable space was searched; "unknown" otherwise
    (budget spent or cancelled).
    """
    start = time.monotonic()
    if isinstance(cancel, threading.Event):
        stop: Callable[[], bool] = cancel.is_set
    elif cancel is None:

        def stop() -> bool:
            return False
    else:
        stop = cancel
    budget = _Budget(start + budget_s, max_nodes, stop)

    def done(outcome: Outcome, line: list[str] | None = None) -> Result:
        return Result(outcome, line or [], budget.nodes, time.monotonic() - start)

    def written(steps: list[Step]) -> Result:
        try:
            return done("won", _write_line(game, steps))
        except (IllegalMove, AssertionError):  # a bug: never hand out a bad line
            return done("unknown")

    if len(_COUNTS) > 200_000:  # the caches only speed things up: keep them small
        for cache in (_COUNTS, _NEEDS, _DEPTHS, _ACCEPTED, _SAFE, _FIDS, _PLAYED):
            cache.clear()
    if game.is_won:
        return done("won")
    if stop():
        return done("unknown")
    try:
        return _run_portfolio(game, budget, written, done)
    except _Stop:
        return done("unknown")


def _run_portfolio(
    game: Game,
    budget: _Budget,
    written: Callable[[list[Step]], Result],
    done: Callable[[Outcome], Result],
) -> Result:
    """The searches of the portfolio take turns, each resumed where it stopped
    with a doubled slice; any search that runs out of positions proves the loss."""
    searches = [_Search(game, budget, *weights) for weights in _PORTFOLIO]
    cap = max(1, _MAX_STATES // len(searches))
    running = [(s, s.best_first(max_states=cap, use_autoplay=True)) for s in searches]
    turn = _FIRST_SLICE
    while running:
        for entry in list(running):
            search, gen = entry
            budget.slice_end = time.monotonic() + turn
            try:
                next(gen)
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
            return REDEAL
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


def load_pool(pool: str) -> list[int]:
    """The deal numbers proven winnable in the shipped pool ``pool`` (a :attr:`Mode.pool`)."""
    from crescent import resources

    if pool not in modes.POOLS:
        raise ValueError(f"unknown pool {pool!r}: the pools are {', '.join(modes.POOLS)}")
    text = resources.read_text(f"pools/winnable-{pool}.txt")
    return [int(line) for line in text.splitlines() if line.strip() and not line.startswith("#")]


# -- command line -----------------------------------------------------------------


class _ArgumentParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: {message}", file=sys.stderr)
        raise SystemExit(2)


def main(argv: Sequence[str] | None = None) -> int:
    parser = _ArgumentParser(
        prog="python -m crescent.solver", description="Solve a Crescent deal given by its code."
    )
    parser.add_argument("code", help="a game code such as CR1-N-AAAAAAB")
    parser.add_argument("--budget-s", type=float, default=10.0, help="seconds to search")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if not args.budget_s > 0 or args.budget_s > 1e6:
        parser.error(f"--budget-s must be a positive number of seconds, got {args.budget_s}")
    try:
        game = Game.from_code(args.code)
    except InvalidCode as e:
        parser.error(f"bad code: {e}")
    result = solve(game, budget_s=args.budget_s)
    if args.json:
        print(
            json.dumps(
                {
                    "code": game.code,
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
