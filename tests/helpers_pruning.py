"""The pruning rules of the certifying search, checked against a brute force on reduced
games of two suits (docs/SOLVER.md, "Why the pruning is exact").

A reduced game has spades and hearts in play (diamonds and clubs are home), fewer ranks
of each left on the table (the rest on the foundations), 0-3 redeals. The brute force is
:class:`tests.helpers_reduced.Graph`: every position reachable from a deal, each entered
once (piles, foundations, redeals left; pile order is free, as every rule treats piles
alike), every legal move, slide and redeal, nothing pruned; a position is winnable when
some line of play from it reaches a won one.

Each rule of the certifying search (:mod:`crescent.solver.exact`) is asked about every
position of the graph, through the solver's own code:

* ``dead``, ``blocked`` (:mod:`crescent.solver.dead`): a position they call lost is not
  winnable;
* ``buried``: a pile-to-pile move the search drops (the card can never leave the pile it
  lands on) leads to a position that is not winnable;
* ``lone`` (no redeal left: a pile's only card is never moved onto another pile) and
  ``autoplay`` (crossed suits' cards played at once, :meth:`Moves.autoplay`; the
  certifying search plays them with no redeal left, ``autoplay-redeals`` is the loose
  search's use while redeals remain): every position's verdict in the graph so pruned
  equals the brute force's, and for autoplay each card it plays from a winnable position
  leaves a winnable one;
* ``merged`` (meeting foundations as one state, :mod:`crescent.solver.position`): every
  split of the meeting point has one verdict;
* ``search``: the certifying search's own graph (:meth:`Moves.children` with
  ``loose`` off, the dead-position tests as :meth:`DepthFirst.pruned` applies them) gives
  every position it reaches the brute force's verdict.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterable, Iterator

from crescent.rules.engine import PILE_LIMIT, PILES
from crescent.solver.dead import blocked, buried, dead
from crescent.solver.moves import Moves
from crescent.solver.outcome import Outcome
from crescent.solver.portfolio import solve
from crescent.solver.position import WON, Memo, Piles
from tests.helpers_reduced import (
    SUITS,
    Fnd,
    Graph,
    State,
    _adjacent,
    _home,
    _norm,
    _slides,
    left_over,
    to_game,
)

MEET: tuple[int, int] = (6, 7)
"""The split a merged (meeting) suit is written back as."""
RULE_NAMES = ("autoplay", "autoplay-redeals", "lone", "buried", "dead", "blocked", "merged")
Label = tuple[str, int, int]
"""How a child is reached: ("found" | "pile" | "slide" | "redeal", source, destination)."""


@dataclasses.dataclass
class Tally:
    """What one rule's check saw: positions (or moves) asked about, where the rule acted,
    where its verdict agreed with the brute force's, and the positions where not."""

    checked: int = 0
    fired: int = 0
    agreed: int = 0
    counterexamples: list[State] = dataclasses.field(default_factory=list)

    def add(self, state: State, fired: bool, agrees: bool) -> None:
        self.checked += 1
        self.fired += fired
        self.agreed += agrees
        if not agrees and len(self.counterexamples) < 5:
            self.counterexamples.append(state)


Tallies = dict[str, Tally]


def tallies() -> Tallies:
    return {name: Tally() for name in (*RULE_NAMES, "search", "solve")}


# -- reduced deals -------------------------------------------------------------------


def _crossed(rng: random.Random, most: int) -> tuple[int, int]:
    """A crossed suit (each rank left once) with at most ``most`` cards left."""
    while True:
        up = rng.randint(13 - most, 13)
        down = rng.randint(1, min(up, most + 1))
        if 12 - up + down <= most:
            return up, down


def reduced_fnd(rng: random.Random, kind: str) -> Fnd:
    """Foundations of a reduced game: ``"crossed"``, both suits crossed (3-8 cards left),
    or ``"open"``, one suit apart by one rank or meeting (13-14 left) and the other
    crossed (0-3 left)."""
    if kind == "crossed":
        while True:
            fnd = (*_crossed(rng, 6), *_crossed(rng, 6))
            if 3 <= len(left_over(fnd)) <= 8:
                return fnd
    up = rng.randint(1, 11)
    open_suit = (up, up + rng.choice((1, 2)))
    other = _crossed(rng, 3)
    return (*open_suit, *other) if rng.random() < 0.5 else (*other, *open_suit)


def reduced_deal(rng: random.Random, kind: str) -> State:
    """The cards :func:`reduced_fnd` leaves dealt into 1-5 piles of at most 13, 0-3
    redeals."""
    fnd = reduced_fnd(rng, kind)
    cards = left_over(fnd)
    rng.shuffle(cards)
    while True:
        k = rng.randint(1, min(5, len(cards)))
        cuts = sorted(rng.sample(range(1, len(cards)), k - 1))
        bounds = [0, *cuts, len(cards)]
        piles = [tuple(cards[bounds[i] : bounds[i + 1]]) for i in range(k)]
        if all(len(p) <= PILE_LIMIT for p in piles):
            return (_norm(piles), fnd, rng.randint(0, 3))


def reduced_graphs(seed: int, count: int, limit: int) -> Iterator[tuple[State, Graph]]:
    """``count`` deals (both kinds in turn) and the brute force's graph of each; a deal
    whose graph would pass ``limit`` positions is replaced by the next."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        deal = reduced_deal(rng, ("crossed", "open")[made % 2])
        graph = bounded_graph(deal, limit)
        if graph is not None:
            made += 1
            yield deal, graph


def bounded_graph(start: State, limit: int) -> Graph | None:
    """The brute force's graph from ``start``, or None past ``limit`` positions."""
    todo = [start]
    seen = {start}
    while todo:
        for kid in labelled_children(todo.pop()):
            if kid[1] not in seen:
                seen.add(kid[1])
                todo.append(kid[1])
                if len(seen) > limit:
                    return None
    return Graph([start])


# -- the brute force's moves, labelled -----------------------------------------------


def labelled_children(state: State) -> Iterator[tuple[Label, State]]:
    """Every position one move away, with how (the same set as
    :func:`tests.helpers_reduced.children`)."""
    piles, fnd, r = state
    for i, p in enumerate(piles):
        c = p[-1]
        rest = [*piles[:i], p[:-1], *piles[i + 1 :]]
        for f, nf in _home(fnd, c):
            yield ("found", i, f), (_norm(rest), nf, r)
        for j, q in enumerate(piles):
            if j != i and len(q) < PILE_LIMIT and _adjacent(c, q[-1]):
                moved = list(rest)
                moved[j] = (*q, c)
                yield ("pile", i, j), (_norm(moved), fnd, r)
    for k, nf in enumerate(_slides(fnd)):
        yield ("slide", k, k), (piles, nf, r)
    if r > 0:
        turned = [p[1:] + p[:1] if len(p) >= 2 else p for p in piles]
        yield ("redeal", 0, 0), (_norm(turned), fnd, r - 1)


def pruned_verdicts(graph: Graph, kids: Callable[[State], Iterable[State]]) -> set[State]:
    """The winnable positions of ``graph`` when each position's children are ``kids``
    (a subset of the reachable positions)."""
    edges = {s: list(kids(s)) for s in graph.edges}
    assert all(k in graph.edges for ks in edges.values() for k in ks)
    return winnable_in(edges)


def winnable_in(edges: dict[State, list[State]]) -> set[State]:
    """The positions of a graph from which a won one can be reached: backwards from
    the won ones."""
    parents: dict[State, list[State]] = {}
    for s, kids in edges.items():
        for k in kids:
            parents.setdefault(k, []).append(s)
    won = {s for s in edges if s[1] == (13, 1, 13, 1)}
    todo = list(won)
    while todo:
        for p in parents.get(todo.pop(), ()):
            if p not in won:
                won.add(p)
                todo.append(p)
    return won


# -- between the brute force's positions and the solver's -----------------------------


def solver_position(state: State) -> tuple[Piles, bytes, int]:
    """The solver's compact position of ``state`` (16 piles, meeting suits merged)."""
    piles, fnd, r = state
    out = bytearray()
    for k in range(len(SUITS)):
        up, down = fnd[2 * k], fnd[2 * k + 1]
        out += bytes((0, 0)) if down == up + 1 else bytes((up, down))
    out += bytes((13, 1)) * (4 - len(SUITS))
    full = tuple(bytes(p) for p in piles) + (b"",) * (PILES - len(piles))
    return full, bytes(out), r


def brute_state(piles: Piles, fnd: bytes, r: int, like: Fnd | None = None) -> State:
    """The brute force's position of a solver position; a merged suit is written as it
    is in ``like`` when that meets too, else as :data:`MEET`."""
    ranks: list[int] = []
    for k in range(len(SUITS)):
        up, down = fnd[2 * k], fnd[2 * k + 1]
        if up == 0:
            met = like is not None and like[2 * k + 1] == like[2 * k] + 1
            up, down = (like[2 * k], like[2 * k + 1]) if like is not None and met else MEET
        ranks += (up, down)
    assert fnd[2 * len(SUITS) :] == bytes((13, 1)) * (4 - len(SUITS)), fnd
    return (_norm([tuple(p) for p in piles]), (ranks[0], ranks[1], ranks[2], ranks[3]), r)


def moves_for(state: State) -> Moves:
    """The solver's move generator for a reduced game (standard rules, ``loose`` off: as
    the certifying search settles a loss)."""
    moves = Moves(to_game(state), Memo())
    moves.loose = False
    return moves


# -- the checks ----------------------------------------------------------------------


def check_graph(graph: Graph, root: State, out: Tallies) -> None:
    """Ask every rule about every position of ``graph`` (see the module doc)."""
    check_dead_tests(graph, out)
    check_buried(graph, out)
    check_lone(graph, out)
    check_autoplay(graph, out, "autoplay", with_redeals=False)
    check_autoplay(graph, out, "autoplay-redeals", with_redeals=True)
    check_merged(graph, out)
    check_search(graph, root, out)
    check_solve(graph, root, out)


def check_dead_tests(graph: Graph, out: Tallies) -> None:
    """A position ``dead`` or ``blocked`` calls lost is not winnable."""
    for s in graph.edges:
        piles, fnd, r = solver_position(s)
        winnable = s in graph.winnable
        for name, test in (("dead", dead), ("blocked", blocked)):
            lost = test(piles, fnd, r)
            out[name].add(s, lost, not (lost and winnable))


def check_buried(graph: Graph, out: Tallies) -> None:
    """Every pile-to-pile move (one a check) the search drops leads to a lost position."""
    for s in graph.edges:
        piles, _, r = s
        fnd = solver_position(s)[1]
        for (kind, i, j), kid in labelled_children(s):
            if kind == "pile":
                drop = buried(bytes((*piles[j], piles[i][-1])), fnd, r)
                out["buried"].add(s, drop, not (drop and kid in graph.winnable))


def check_lone(graph: Graph, out: Tallies) -> None:
    """With no redeal left a pile's only card never goes onto another pile: the graph
    without those moves gives every position the brute force's verdict."""

    def lone(state: State, label: Label) -> bool:
        kind, i, _ = label
        return state[2] == 0 and kind == "pile" and len(state[0][i]) == 1

    def kids(state: State) -> list[State]:
        return [k for label, k in labelled_children(state) if not lone(state, label)]

    won = pruned_verdicts(graph, kids)
    for s in graph.edges:
        fired = any(lone(s, label) for label, _ in labelled_children(s))
        out["lone"].add(s, fired, (s in won) == (s in graph.winnable))


def check_autoplay(graph: Graph, out: Tallies, name: str, with_redeals: bool) -> None:
    """The crossed suits' safe cards played at once after every move (with no redeal
    left, or with redeals too): every position keeps its verdict, and no card played
    from a winnable position leaves one that is not."""
    if not graph.edges:
        return
    moves = moves_for(next(iter(graph.edges)))
    moves.loose = with_redeals

    def close(state: State) -> State:
        piles, fnd, r = solver_position(state)
        piles, fnd = moves.autoplay(piles, fnd, r, [])
        return brute_state(piles, fnd, r, state[1])

    won = pruned_verdicts(graph, lambda s: {close(k) for k in graph.edges[s]})
    for s in graph.edges:
        _, fnd, r = solver_position(s)
        cards = moves.memo.safe_cards(fnd) if r == 0 or with_redeals else b""
        played = [
            kid
            for (kind, i, _), kid in labelled_children(s)
            if kind == "found" and cards and cards[s[0][i][-1]]
        ]
        step_ok = s not in graph.winnable or all(k in graph.winnable for k in played)
        same = (s in won) == (s in graph.winnable)
        out[name].add(s, bool(played), same and step_ok)


def check_merged(graph: Graph, out: Tallies) -> None:
    """Every split of a meeting point (one solver position) has one verdict."""
    groups: dict[tuple[Piles, bytes, int], set[bool]] = {}
    met = [s for s in graph.edges if solver_position(s)[1][: 2 * len(SUITS)].count(0)]
    for s in met:
        groups.setdefault(solver_position(s), set()).add(s in graph.winnable)
    for s in met:
        out["merged"].add(s, True, len(groups[solver_position(s)]) == 1)


def search_graph(root: State) -> tuple[dict[State, list[State]], State]:
    """The certifying search's graph from ``root``: its children (:meth:`Moves.children`,
    safe plays with no redeal left, ``loose`` off), none below a position the
    dead-position tests call lost (all suits: more than :meth:`DepthFirst.pruned`
    looks at, so the check is stricter); and its root, after its safe plays."""
    moves = moves_for(root)
    piles, fnd, r, _ = moves.start(True)
    start = brute_state(piles, fnd, r)
    edges: dict[State, list[State]] = {}
    todo = [(piles, fnd, r)]
    while todo:
        piles, fnd, r = todo.pop()
        s = brute_state(piles, fnd, r)
        if s in edges:
            continue
        edges[s] = []
        if moves.memo.found_count(fnd) == WON or moves.is_dead(piles, fnd, r):
            continue
        for _, cp, cf, cr, _, _, _ in moves.children(
            piles, fnd, r, moves.phash(piles), frozenset(), True
        ):
            edges[s].append(brute_state(cp, cf, cr))
            todo.append((cp, cf, cr))
    return edges, start


def check_search(graph: Graph, root: State, out: Tallies) -> None:
    """Every position the certifying search reaches has the brute force's verdict in
    the search's own graph."""
    edges, _ = search_graph(root)
    won = winnable_in(edges)
    for s in edges:
        assert s in graph.edges, s
        out["search"].add(s, not edges[s], (s in won) == (s in graph.winnable))


def check_solve(graph: Graph, root: State, out: Tallies) -> None:
    """``solve`` (the search core where it is built, every loss settled by the certifying
    search) gives the deal the brute force's verdict."""
    result = solve(to_game(root), budget_s=1e6, max_nodes=10**6)
    winnable = root in graph.winnable
    agrees = result.outcome == (Outcome.WON if winnable else Outcome.LOST)
    out["solve"].add(root, result.outcome is Outcome.LOST, agrees)


def check_deals(seed: int, count: int, limit: int) -> tuple[Tallies, int]:
    """Every rule on every position of ``count`` reduced deals; and how many positions
    the brute force solved."""
    out = tallies()
    positions = 0
    for root, graph in reduced_graphs(seed, count, limit):
        check_graph(graph, root, out)
        positions += len(graph.edges)
    return out, positions


def report(out: Tallies) -> str:
    """One line a rule: checked, acted, agreed, the first counterexample."""
    lines = []
    for name, t in out.items():
        first = t.counterexamples[0] if t.counterexamples else "-"
        lines.append(f"{name}: checked {t.checked}, acted {t.fired}, agreed {t.agreed}, {first}")
    return "\n".join(lines)
