"""What the proof-search ideas give, measured: ``python -m benchmarks.solver_proofs WHAT``.

* ``table``: the exhaustive depth-first search alone on one deal for a CPU budget:
  positions entered, positions a CPU second, bytes a position where it keeps them
  (``--keep table``: the byte table from the start; ``--keep set``: a set of int keys);
* ``layers``: solve() on standard deals: positions with no redeal left that redeal
  layers proved lost, and how many children the searches generated were among them;
* ``merges``: how many positions the solver's canonical keys merge: the two copies of
  a card as one (a labelled search against the same positions unlabelled), pile order
  free (empty piles alike), the same piles and foundations with another redeal count.

The figures are in the README ("Proofs of loss: what was tried, what each idea gave").
"""

from __future__ import annotations

import argparse
import sys
import time
import types
from collections.abc import Iterator, Sequence
from typing import Any

from crescent.rules.engine import PILE_LIMIT, Game, Rules
from crescent.solver import core, portfolio
from crescent.solver.budget import Meter
from crescent.solver.build import compiled
from crescent.solver.moves import Moves, Seen
from crescent.solver.position import Child, Piles
from crescent.solver.table import Table

Labelled = tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, int], ...]]


def _table(deal: int, redeals: int, budget_s: float, keep: str) -> None:
    game = Game.deal(deal, rules=Rules(redeals=redeals))
    clock = time.process_time
    meter = Meter(clock() + 1e9, None, lambda: False, 2**34, clock)
    meter.slice_end = clock() + budget_s
    dfs = core.searches(game)[1](Moves(game, meter.memo), meter)  # the core's when built
    gen = dfs.turns(use_autoplay=True, thorough=True, max_set=0 if keep == "table" else 2**40)
    start = clock()
    try:
        next(gen)  # runs until its slice is over
        outcome = "unknown"
    except StopIteration as end:
        outcome = "won" if isinstance(end.value, list) else "lost"
    spent = clock() - start
    n = meter.nodes  # the positions entered (one tick each)
    build = "compiled" if compiled() else "pure"
    # The table's bytes: from the search's frame (a pure build's generator only).
    inner = getattr(gen, "gi_yieldfrom", None)
    frame = inner.gi_frame if isinstance(inner, types.GeneratorType) else None
    if outcome != "unknown":
        print(f"deal {deal}, {redeals} redeals: {outcome} in {spent:.1f} CPU s ({build})")
        return
    size = ""
    if frame is not None and "seen" in frame.f_locals:  # the pure search's
        seen: Table | set[int] = frame.f_locals["seen"]
        if isinstance(seen, Table):
            nbytes = seen.nbytes()
        else:
            nbytes = sys.getsizeof(seen) + sum(map(sys.getsizeof, seen))
        size = f", {nbytes / n:.1f} B a position"
    print(
        f"deal {deal}, {redeals} redeals, positions in a {keep}: {n} in {spent:.1f} CPU s "
        f"({n / spent:.0f} a second, {build}){size}"
    )


def _layers(deals: Sequence[int], budget_s: float) -> None:
    """How many children with no redeal left the searches generate that the layers had
    already proved lost (what skipping them could save)."""
    meters: list[Meter] = []
    looked = [0, 0]

    class Kept(Meter):
        __slots__ = ()

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            meters.append(self)

    class Counted(Moves):
        def children(
            self, piles: Piles, fnd: bytes, r: int, ph: int, seen: Seen, auto: bool
        ) -> list[Child]:
            kids = super().children(piles, fnd, r, ph, seen, auto)
            lost0 = meters[-1].lost0
            if isinstance(lost0, Table) and lost0.size:  # the pure searches' (these are)
                for kid in kids:
                    if kid[3] == 0:
                        looked[0] += 1
                        looked[1] += kid[5] in lost0
            return kids

    patched = (
        (portfolio, "Meter", Kept),
        (portfolio, "Moves", Counted),
        (core, "CORE", None),  # what is counted is the pure searches' children
    )
    saved = [(module, name, getattr(module, name)) for module, name, _ in patched]
    for module, name, value in patched:
        setattr(module, name, value)
    try:
        for deal in deals:
            looked[:] = [0, 0]
            result = portfolio.solve(Game.deal(deal), budget_s=budget_s, clock=time.process_time)
            lost0 = meters[-1].lost0
            print(
                f"deal {deal}: {result.outcome}, {result.nodes} nodes; proven lost with no "
                f"redeal left: {len(lost0) if lost0 else 0}; children with no redeal left "
                f"generated once there were some: {looked[0]}, of them proven lost: {looked[1]}"
            )
    finally:
        for module, name, value in saved:
            setattr(module, name, value)


def _labelled_children(
    piles: tuple[tuple[int, ...], ...], fnd: tuple[tuple[int, int], ...]
) -> Iterator[Labelled]:
    """No redeal: every move (a card is ``2 * card + copy``); a lone card stays."""
    tops: dict[int, list[int]] = {}
    for i, p in enumerate(piles):
        if p and len(p) < PILE_LIMIT:
            tops.setdefault(p[-1] >> 1, []).append(i)
    for i, p in enumerate(piles):
        if not p:
            continue
        s, x = divmod(p[-1] >> 1, 13)
        x += 1
        a, d = fnd[s]
        if (x == a + 1 and a < 13) or (x == d - 1 and d > 1):
            nf = list(fnd)
            nf[s] = (x, d) if x == a + 1 and a < 13 else (a, x)
            lst = list(piles)
            lst[i] = p[:-1]
            yield tuple(lst), tuple(nf)
        if len(p) == 1:
            continue
        for card in (13 * s + x % 13, 13 * s + (x - 2) % 13):
            for j in tops.get(card, ()):
                if j != i:
                    lst = list(piles)
                    lst[i] = p[:-1]
                    lst[j] = piles[j] + p[-1:]
                    yield tuple(lst), fnd


def _merges(deals: Sequence[int], positions: int) -> None:
    for deal in deals:
        game = Game.deal(deal, rules=Rules(redeals=0))
        copies: dict[int, int] = {}
        piles = []
        for p in game.piles:
            labels = []
            for c in p:
                labels.append(2 * c + copies.get(c, 0))
                copies[c] = copies.get(c, 0) + 1
            piles.append(tuple(labels))
        fnd = tuple(
            (game.foundations[s][-1] % 13 + 1, game.foundations[4 + s][-1] % 13 + 1)
            for s in range(4)
        )
        root: Labelled = (tuple(piles), fnd)
        seen = {root}
        stack = [root]
        while stack and len(seen) < positions:
            for kid in _labelled_children(*stack.pop()):
                if kid not in seen:
                    seen.add(kid)
                    stack.append(kid)
        merged = {(tuple(tuple(c >> 1 for c in p) for p in ps), f) for ps, f in seen}
        print(
            f"deal {deal}, no redeal: {len(seen)} labelled positions are {len(merged)} with "
            f"the two copies of a card as one (x{len(seen) / len(merged):.2f})"
        )
    for deal, redeals in ((deals[0], 0), (deals[0], 3)):
        _order_and_redeals(deal, redeals, positions)


def _order_and_redeals(deal: int, redeals: int, positions: int) -> None:
    game = Game.deal(deal, rules=Rules(redeals=redeals))
    dfs = Moves(game, Meter(time.monotonic() + 1e9, None, lambda: False).memo)
    piles, fnd, r = dfs.root
    piles, fnd = dfs.autoplay(piles, fnd, r, [])
    ph = dfs.phash(piles)
    first: dict[int, int] = {dfs.memo.key(ph, fnd, r): hash(piles)}
    redeals_seen: dict[int, int] = {}
    stack = [(piles, fnd, r, ph)]
    again = by_order = by_redeals = 0
    while stack and len(first) < positions:
        piles, fnd, r, ph = stack.pop()
        for _, cp, cf, cr, _, ck, ch in dfs.children(piles, fnd, r, ph, {}, True):
            if ck in first:
                again += 1
                by_order += first[ck] != hash(cp)
                continue
            first[ck] = hash(cp)
            if redeals_seen.setdefault(ck - cr, cr) != cr:
                by_redeals += 1
            stack.append((cp, cf, cr, ch))
    print(
        f"deal {deal}, {redeals} redeals: {len(first)} positions, {again} reached again, "
        f"{by_order} of those only because pile order is free; {by_redeals} with the piles "
        f"and foundations of another with a different redeal count"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.solver_proofs")
    parser.add_argument("what", choices=("table", "layers", "merges"))
    parser.add_argument("--deals", default="1", help="deal numbers, comma-separated")
    parser.add_argument("--redeals", type=int, default=0, help="table: redeals in the game")
    parser.add_argument("--budget-s", type=float, default=10.0, help="CPU seconds")
    parser.add_argument(
        "--keep", choices=("table", "set"), default="table", help="table: where positions go"
    )
    parser.add_argument("--positions", type=int, default=200_000, help="merges: positions")
    args = parser.parse_args(argv)
    try:
        deals = [int(n) for n in args.deals.split(",")]
    except ValueError:
        parser.error(f"--deals must be numbers separated by commas, got {args.deals!r}")
    if args.what == "table":
        for deal in deals:
            _table(deal, args.redeals, args.budget_s, args.keep)
    elif args.what == "layers":
        _layers(deals, args.budget_s)
    else:
        _merges(deals, args.positions)
    return 0


if __name__ == "__main__":
    sys.exit(main())
