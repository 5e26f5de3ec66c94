"""Small reduced games of Crescent, solved exhaustively: the check behind the safe-move rule.

A reduced position has two suits in play (spades and hearts; diamonds and clubs are
done), a few cards left in the piles and 0-3 redeals. :func:`universe` deals every
arrangement of the cards left over into up to ``max_piles`` piles for a list of
foundation states; :class:`Graph` walks every position reachable from them (its
own move generator, compared with the engine's in tests/rules/test_safe.py), and
marks the winnable ones backwards from the won positions: a position is winnable
exactly when some line of play from it reaches a won one. Nothing is pruned.

A state is ``(piles, fnd, r)``: ``piles`` a sorted tuple of non-empty piles (bottom
to top, cards as :mod:`crescent.rules.cards` ints; empty piles never take a card in
the standard game and the redeal treats every pile alike, so neither their number
nor the order of the piles matters); ``fnd`` = (spades up, spades down, hearts up,
hearts down), the rank on top of each foundation; ``r`` the redeals left.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator

from crescent.rules.cards import card, rank_of, suit_of
from crescent.rules.engine import PILE_LIMIT, PILES, Game, Move, Rules

Pile = tuple[int, ...]
Fnd = tuple[int, int, int, int]
State = tuple[tuple[Pile, ...], Fnd, int]
SUITS = (0, 1)  # spades, hearts
WON: Fnd = (13, 1, 13, 1)


def left_over(fnd: Fnd) -> list[int]:
    """The cards of spades and hearts not on the foundations ``fnd``."""
    out = []
    for k, suit in enumerate(SUITS):
        up, down = fnd[2 * k], fnd[2 * k + 1]
        for rank in range(1, 14):
            out += [card(rank, suit)] * (2 - (rank <= up) - (rank >= down))
    return out


def _norm(piles: list[Pile] | tuple[Pile, ...]) -> tuple[Pile, ...]:
    return tuple(sorted(p for p in piles if p))


def _adjacent(a: int, b: int) -> bool:
    if suit_of(a) != suit_of(b):
        return False
    d = abs(rank_of(a) - rank_of(b))
    return d in (1, 12)


def _home(fnd: Fnd, c: int) -> list[tuple[int, Fnd]]:
    """The foundations (0 up, 1 down, in suit order: 2k, 2k+1) taking ``c``, each with
    the foundations after it."""
    k = SUITS.index(suit_of(c))
    up, down = fnd[2 * k], fnd[2 * k + 1]
    x = rank_of(c)
    out = []
    if up < 13 and x == up + 1:
        out.append((2 * k, _set(fnd, 2 * k, x)))
    if down > 1 and x == down - 1:
        out.append((2 * k + 1, _set(fnd, 2 * k + 1, x)))
    return out


def _set(fnd: Fnd, i: int, value: int) -> Fnd:
    f = list(fnd)
    f[i] = value
    return (f[0], f[1], f[2], f[3])


def _slides(fnd: Fnd) -> Iterator[Fnd]:
    """Foundation to foundation, in each suit."""
    for k in range(len(SUITS)):
        up, down = fnd[2 * k], fnd[2 * k + 1]
        if up > 1 and down > 1 and down == up + 1:  # the up top onto the down one
            yield _set(_set(fnd, 2 * k, up - 1), 2 * k + 1, up)
        if down < 13 and up < 13 and up == down - 1:  # the down top onto the up one
            yield _set(_set(fnd, 2 * k + 1, down + 1), 2 * k, down)


def children(state: State) -> set[State]:
    """Every position one move or one redeal away."""
    piles, fnd, r = state
    out: set[State] = set()
    for i, p in enumerate(piles):
        c = p[-1]
        rest = [*piles[:i], p[:-1], *piles[i + 1 :]]
        for _, nf in _home(fnd, c):
            out.add((_norm(rest), nf, r))
        for j, q in enumerate(piles):
            if j != i and len(q) < PILE_LIMIT and _adjacent(c, q[-1]):
                moved = list(rest)
                moved[j] = (*q, c)
                out.add((_norm(moved), fnd, r))
    for nf in _slides(fnd):
        out.add((piles, nf, r))
    if r > 0:
        out.add((_norm([p[1:] + p[:1] if len(p) >= 2 else p for p in piles]), fnd, r - 1))
    return out


def to_game(state: State) -> Game:
    """The engine's game of a reduced state (piles P1.., diamonds and clubs done)."""
    piles, fnd, r = state
    found = []
    for k in range(4):
        up, down = (fnd[2 * k], fnd[2 * k + 1]) if k < len(SUITS) else (13, 1)
        found.append([card(x, k) for x in range(1, up + 1)])
    for k in range(4):
        up, down = (fnd[2 * k], fnd[2 * k + 1]) if k < len(SUITS) else (13, 1)
        found.append([card(x, k) for x in range(13, down - 1, -1)])
    stacks = [list(p) for p in piles] + [[] for _ in range(PILES - len(piles))]
    return Game(stacks, rules=Rules(redeals=3), foundations=found, redeals_left=r)


def from_game(game: Game) -> State:
    f = game.foundations
    fnd: Fnd = (len(f[0]), 14 - len(f[4]), len(f[1]), 14 - len(f[5]))
    return (_norm([tuple(p) for p in game.piles]), fnd, game.redeals_left)


def engine_children(state: State) -> set[State]:
    """Every position one move or one redeal away, through the engine."""
    game = to_game(state)
    out = set()
    for move in game.legal_moves():
        g = game.copy()
        g.play(move)
        out.add(from_game(g))
    if game.redeals_left:
        g = game.copy()
        g.redeal()
        out.add(from_game(g))
    return out


def after(state: State, move: Move) -> State:
    """The state after ``move`` (a move of :func:`to_game`'s game), through the engine."""
    game = to_game(state)
    game.play(move)
    return from_game(game)


def deals(fnd: Fnd, max_piles: int) -> Iterator[tuple[Pile, ...]]:
    """Every arrangement of :func:`left_over` cards into 1..``max_piles`` piles."""
    cards = left_over(fnd)
    n = len(cards)
    seen: set[tuple[Pile, ...]] = set()
    for perm in set(itertools.permutations(cards)):
        for k in range(1, min(max_piles, n) + 1):
            for cuts in itertools.combinations(range(1, n), k - 1):
                bounds = (0, *cuts, n)
                piles = _norm([perm[bounds[i] : bounds[i + 1]] for i in range(k)])
                if piles not in seen:
                    seen.add(piles)
                    yield piles


def universe(fnds: list[Fnd], max_piles: int, redeals: range) -> list[State]:
    return [(piles, fnd, r) for fnd in fnds for piles in deals(fnd, max_piles) for r in redeals]


class Graph:
    """Every position reachable from some starts, and which of them can be won."""

    def __init__(self, starts: list[State]) -> None:
        self.edges: dict[State, set[State]] = {}
        todo = list(starts)
        while todo:
            s = todo.pop()
            if s in self.edges:
                continue
            kids = children(s)
            self.edges[s] = kids
            todo.extend(k for k in kids if k not in self.edges)
        parents: dict[State, list[State]] = {}
        for s, kids in self.edges.items():
            for k in kids:
                parents.setdefault(k, []).append(s)
        self.winnable = {s for s in self.edges if s[1] == WON}
        todo = list(self.winnable)
        while todo:
            for p in parents.get(todo.pop(), ()):
                if p not in self.winnable:
                    self.winnable.add(p)
                    todo.append(p)


Rule = Callable[[Game], list[Move]]


def counterexamples(graph: Graph, rule: Rule, limit: int = 5) -> list[tuple[State, Move]]:
    """Positions of ``graph`` that can be won where a move ``rule`` gives leads to one
    that cannot (up to ``limit`` of them)."""
    found = []
    for s in graph.edges:
        if s not in graph.winnable or not s[0]:
            continue
        for m in rule(to_game(s)):
            if after(s, m) not in graph.winnable:
                found.append((s, m))
                if len(found) >= limit:
                    return found
    return found


def checked(graph: Graph, rule: Rule) -> int:
    """How many (position, safe move) pairs ``rule`` gives in ``graph``."""
    return sum(len(rule(to_game(s))) for s in graph.edges if s[0])
