"""Move generation on the compact position: every position one move away, scored and keyed.

:class:`Moves` knows one game's rules. What it does to be fast enough in Python:

* order-free keys (rotate redeals): piles are interchangeable under every rule,
  so a position's key adds up one hash per pile (``bytes`` cache their hash),
  updated for the two piles a move changes. A child already seen is dropped
  before it is scored;
* safe plays (:meth:`Moves.autoplay`): once a suit's foundations have crossed
  (``d <= a``) each of its remaining cards has one destination and is played at
  once. With no redeal left and empty piles dead that is exact (docs/SOLVER.md, "Why
  the pruning is exact"); while redeals remain it is not (a card kept on the tableau
  shifts how a pile rotates: a brute force finds won positions it loses), and where
  empty piles take cards it is not proven, so a search that used it there sets
  ``inexact``, and is re-run with ``loose`` off before a loss is claimed;
* with no redeal left (and empty piles dead), moving a pile's only card onto
  another pile never helps, so it is not generated; a card moved onto a pile
  where it can never leave (:func:`~crescent.solver.dead.buried`) neither.

Levels mode (``Rules.redeal == "shuffle"``) is supported by asking the engine for the
shuffle (it is seeded, so deterministic); there pile order matters and fewer shortcuts
are sound.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from crescent.rules.engine import PILE_LIMIT, Game, Rules
from crescent.solver.dead import DOWN, UP, blocked, buried, dead
from crescent.solver.position import (
    ALL_SUITS,
    FOUNDATION,
    KEY_SHIFT,
    PILE_STEPS,
    REDEAL_MOVE,
    W_FOUND,
    Child,
    Key,
    Memo,
    Piles,
    Step,
    convert,
)


class Seen(Protocol):
    """The positions a search has already met (a set, a dict or a byte table of keys)."""

    def __contains__(self, key: Key, /) -> bool: ...


class Moves:
    """The moves of one game's rules, on the compact position (see
    :mod:`crescent.solver.position`), with the facts ``memo`` remembers."""

    def __init__(self, game: Game, memo: Memo, w_depth: int = 1) -> None:
        self.rules: Rules = game.rules
        self.number = game.number
        self.variant = game.variant
        self.level = game.level
        self.rotate = game.rules.redeal == "rotate"
        self.accept = game.rules.empty_piles_accept
        self.memo = memo
        self.w_depth = w_depth
        self.inexact = False
        """A shortcut that is not proven exact was taken (see the module doc)."""
        self.loose = True
        """Take those shortcuts (safe plays while redeals remain or where empty piles take
        cards, one empty pile)."""
        self.root = convert(game)

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
        unproven = r > 0 or self.accept
        if unproven and not self.loose:
            return piles, fnd
        memo = self.memo
        safe = memo.safe_cards(fnd)
        if not safe:
            return piles, fnd
        lst: list[bytes] | None = None
        again = True
        while again:
            again = False
            for i in range(len(piles)):
                p = piles[i] if lst is None else lst[i]
                if not (p and safe and safe[p[-1]]):
                    continue
                if unproven:
                    self.inexact = True
                if lst is None:
                    lst = list(piles)
                while p and safe and safe[p[-1]]:
                    fnd = memo.play_found(fnd, p[-1])
                    p = p[:-1]
                    steps.append((i, FOUNDATION))
                    safe = memo.safe_cards(fnd)
                lst[i] = p
                again = True
        return (piles if lst is None else tuple(lst)), fnd

    def start(self, use_autoplay: bool) -> tuple[Piles, bytes, int, list[Step]]:
        """The root position, safe plays made (when ``use_autoplay``), and their steps."""
        piles, fnd, r = self.root
        steps: list[Step] = []
        if use_autoplay:
            piles, fnd = self.autoplay(piles, fnd, r, steps)
        return piles, fnd, r, steps

    def children(
        self, piles: Piles, fnd: bytes, r: int, phash: int, seen: Seen, use_autoplay: bool
    ) -> list[Child]:
        """Every position one move (plus safe plays) away and not in ``seen``, with its
        score (foundation cards, less how deep the cards they need next lie) and key."""
        out: list[Child] = []
        by_top, empties = _tops(piles)
        lone_useless = r == 0 and not self.accept
        accepted = self.memo.accepted(fnd)
        onto = Onto(self, piles, fnd, r, phash, seen)
        for i in range(len(piles)):
            p = piles[i]
            if not p:
                continue
            c = p[-1]
            if accepted[c]:
                self._to_foundation(out, piles, i, fnd, r, phash, seen, use_autoplay)
            if lone_useless and len(p) == 1:
                continue
            dests = by_top.get(UP[c])
            down = by_top.get(DOWN[c])
            if down is not None:
                dests = down if dests is None else dests + down
            if self.accept and empties:
                extra = self._empty_dests(empties, p[:-1], r)
                if extra:
                    dests = list(extra) if dests is None else dests + list(extra)
            if dests is not None:
                onto.add(out, i, dests)
        if r > 0:
            self._redeal(out, piles, fnd, r, seen, use_autoplay)
        return out

    def _to_foundation(
        self,
        out: list[Child],
        piles: Piles,
        i: int,
        fnd: bytes,
        r: int,
        phash: int,
        seen: Seen,
        use_autoplay: bool,
    ) -> None:
        """The child where pile ``i``'s top card goes up (the foundations take it)."""
        lst = list(piles)
        p = lst[i]
        lst[i] = p[:-1]
        nf = self.memo.play_found(fnd, p[-1])
        steps: list[Step] = [(i, FOUNDATION)]
        np_: Piles = tuple(lst)
        if use_autoplay:
            np_, nf = self.autoplay(np_, nf, r, steps)
        ph: int | None = None
        if self.rotate:  # the order-free hash, updated for each pile the steps changed
            ph = phash
            done = 0
            for k, _ in steps:
                if not done >> k & 1:
                    done |= 1 << k
                    ph += hash(np_[k]) - hash(piles[k])
        kid = self.child(np_, nf, r, tuple(steps), seen, ph)
        if kid is not None:
            out.append(kid)

    def _empty_dests(self, empties: list[int], rest: bytes, r: int) -> tuple[int, ...]:
        """The empty piles a card may go to (rules where empty piles take cards).

        Empty piles are all alike when redeals rotate or no shuffle is left. A shuffle
        gathers the piles in order, so there which empty pile a card goes to changes
        what it deals: trying the first only is a shortcut (fast, not exact) that a
        loss is re-checked without.
        """
        rotate = self.rotate
        if rotate or r == 0 or self.loose:
            if not rotate and r > 0 and (len(empties) > 1 or not rest):
                self.inexact = True
            return (empties[0],) if rest else ()
        return tuple(empties)

    def _redeal(
        self, out: list[Child], piles: Piles, fnd: bytes, r: int, seen: Seen, use_autoplay: bool
    ) -> None:
        """The child after a redeal (``r`` > 0 left)."""
        np_ = self.redealt(piles, r)
        steps: list[Step] = [(0, REDEAL_MOVE)]
        nf = fnd
        if use_autoplay:
            np_, nf = self.autoplay(np_, nf, r - 1, steps)
        kid = self.child(np_, nf, r - 1, tuple(steps), seen)
        if kid is not None:
            out.append(kid)

    def child(
        self,
        piles: Piles,
        fnd: bytes,
        r: int,
        steps: tuple[Step, ...],
        seen: Seen,
        ph: int | None = None,
    ) -> Child | None:
        """The child ``steps`` lead to, scored and keyed (``ph``: its piles' hash when
        known); None when ``seen`` has it."""
        if ph is None:
            ph = self.phash(piles)
        memo = self.memo
        ck = memo.key(ph, fnd, r)
        if ck in seen:
            return None
        score = W_FOUND * memo.found_count(fnd) - self.w_depth * memo.depth_penalty(piles, fnd)
        return (score, piles, fnd, r, steps, ck, ph)

    def is_dead(self, piles: Piles, fnd: bytes, r: int, suits: Sequence[int] = ALL_SUITS) -> bool:
        """The dead-position tests, where they are sound (see :mod:`crescent.solver.dead`)."""
        if self.accept or not (self.rotate or r == 0):
            return False
        return dead(piles, fnd, r, suits) or blocked(piles, fnd, r)

    def thorough_dead(self, piles: Piles, fnd: bytes, r: int) -> bool:
        """The fixpoint test alone, where it is sound."""
        return not self.accept and (self.rotate or r == 0) and blocked(piles, fnd, r)


def _tops(piles: Piles) -> tuple[dict[int, list[int]], list[int]]:
    """The piles by top card (those that take one more card), and the empty piles."""
    by_top: dict[int, list[int]] = {}
    empties: list[int] = []
    for i in range(len(piles)):
        p = piles[i]
        n = len(p)
        if not n:
            empties.append(i)
        elif n < PILE_LIMIT:
            same = by_top.get(p[n - 1])
            if same is None:
                by_top[p[n - 1]] = [i]
            else:
                same.append(i)
    return by_top, empties


class Onto:
    """The pile-to-pile children of one position (see :meth:`Moves.children`)."""

    __slots__ = (
        "base",
        "check_buried",
        "fnd",
        "memo",
        "phash",
        "piles",
        "r",
        "rotate",
        "same",
        "seen",
        "w_depth",
    )

    def __init__(
        self, moves: Moves, piles: Piles, fnd: bytes, r: int, phash: int, seen: Seen
    ) -> None:
        self.memo = memo = moves.memo
        self.rotate = moves.rotate
        self.w_depth = moves.w_depth
        self.piles = piles
        self.fnd = fnd
        self.r = r
        self.phash = phash
        self.seen = seen
        self.check_buried = not moves.accept and (moves.rotate or r == 0)
        self.base = W_FOUND * memo.found_count(fnd)
        self.same = memo.fid(fnd) + r

    def add(self, out: list[Child], i: int, dests: list[int]) -> None:
        """The children where pile ``i``'s top card goes onto one of ``dests``."""
        piles = self.piles
        fnd = self.fnd
        r = self.r
        seen = self.seen
        same = self.same
        rotate = self.rotate
        p = piles[i]
        rest = p[:-1]
        top = p[-1:]
        dh = self.phash - hash(p) + hash(rest)
        for j in dests:
            if j == i:
                continue
            pj = piles[j]
            new_j = pj + top
            if rotate:
                ch = dh - hash(pj) + hash(new_j)
                ck = ch * KEY_SHIFT + same
                if ck in seen:
                    continue  # dropped before its piles are put together
                lst = list(piles)
                lst[i] = rest
                lst[j] = new_j
                cp = tuple(lst)
            else:
                lst = list(piles)
                lst[i] = rest
                lst[j] = new_j
                cp = tuple(lst)
                ch = hash(cp)
                ck = ch * KEY_SHIFT + same
                if ck in seen:
                    continue
            if self.check_buried and buried(new_j, fnd, r):
                continue
            score = self.base - self.w_depth * self.memo.depth_penalty(cp, fnd)
            out.append((score, cp, fnd, r, PILE_STEPS[i][j], ck, ch))
