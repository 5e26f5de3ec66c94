"""A pile-to-pile child's depth penalty worked out from its parent (``Depths.moved``) is
the one its own piles give (``Memo.depth_penalty``)."""

from __future__ import annotations

import random

from crescent.rules.engine import Game, Rules
from crescent.solver.depths import Depths
from crescent.solver.moves import Moves
from crescent.solver.position import Memo, Piles


def _walk(deal: int, steps: int, seed: int) -> list[tuple[Piles, bytes]]:
    """The positions of a random walk through the moves of a no-redeal deal."""
    rng = random.Random(seed)
    moves = Moves(Game.deal(deal, rules=Rules(redeals=0)), Memo())
    piles, fnd, r, _ = moves.start(True)
    seen: list[tuple[Piles, bytes]] = []
    for _ in range(steps):
        seen.append((piles, fnd))
        kids = moves.children(piles, fnd, r, moves.phash(piles), set(), True)
        if not kids:
            break
        _, piles, fnd, r, _, _, _ = rng.choice(kids)
    return seen


def _shallow(count: int, seed: int) -> list[tuple[Piles, bytes]]:
    """Random positions of short piles (both copies of a needed card often near the tops
    of two piles), with random foundations (meeting, apart or crossed)."""
    rng = random.Random(seed)
    out: list[tuple[Piles, bytes]] = []
    for _ in range(count):
        deck = [c for c in range(52) for _ in range(2)]
        rng.shuffle(deck)
        piles = tuple(bytes(deck.pop() for _ in range(rng.randint(0, 4))) for _ in range(16))
        fnd = bytes(x for _ in range(4) for x in _suit(rng))
        out.append((piles, fnd))
    return out


def _suit(rng: random.Random) -> tuple[int, int]:
    """A suit's foundations: meeting (0, 0), or random tops (apart or crossed)."""
    return (0, 0) if rng.random() < 0.2 else (rng.randint(1, 13), rng.randint(1, 13))


def test_a_moved_cards_penalty_is_the_childs_own() -> None:
    positions = [p for n, seed in ((1, 1), (2, 2), (7, 3), (12, 4)) for p in _walk(n, 60, seed)]
    compared = 0
    for piles, fnd in positions + _shallow(300, 5):
        memo = Memo()
        depths = Depths(memo, piles, fnd)
        for i, j in ((i, j) for i in range(16) for j in range(16) if piles[i] and j != i):
            child = list(piles)
            child[i] = piles[i][:-1]
            child[j] = piles[j] + piles[i][-1:]
            want = memo.depth_penalty(tuple(child), fnd)
            assert depths.moved(i, j, piles[i][-1]) == want, (piles, fnd, i, j)
            compared += 1
    assert compared > 50_000
