"""What stands in the way of a deal a survey left unknown:
``python -m benchmarks.solver_unknowns closest|space --deals @FILE|704,1190 [--variant F]``.

* ``closest``: best-first searches of the portfolio (``--weights``, default the first
  three of :data:`~crescent.solver.portfolio.PORTFOLIO`), each alone for ``--max-nodes``
  positions in the pure search (the same positions in the same order as the core's): the
  most cards on the foundations of any position they generated (104 is won) and the
  positions entered when it was first reached. A search that gets near 104 and stays
  there is near a win it cannot finish; one that stalls far below it has not found the
  way.
* ``space``: the portfolio's exhaustive depth-first search (the core's: thorough dead
  tests, safe plays, redeal layers) alone, its table of fingerprints ``--max-mb`` large:
  the distinct positions it has entered (each is entered once) and the CPU seconds, every
  ``--every`` positions, until it exhausts the space (a candidate loss, for the exact
  search to settle), its table is full or it has entered ``--until`` positions. The
  fingerprints can only merge positions, so the count is at least the space's: the exact
  search (:mod:`crescent.solver.exact`, keyed by the cards, no shortcut of proven losses)
  would enter at least as many.

``@FILE``: the deals unknown in a survey file. A JSON line a deal (``space``: a line at
each ``--every`` too). The figures are in docs/SOLVER.md ("Crescent Four 1–10,000").
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Sequence

from crescent.rules import modes
from crescent.rules.engine import Game
from crescent.solver import core
from crescent.solver.best_first import BestFirst
from crescent.solver.budget import Meter, Stop
from crescent.solver.moves import Moves, Seen
from crescent.solver.portfolio import MORE, PORTFOLIO
from crescent.solver.position import Child, Memo, Piles
from crescent.solver.survey import deal_numbers

Weights = tuple[int, int, bool]
"""(redeal weight, depth weight, newest first): a best-first search of the portfolio."""


class Closest(Moves):
    """The moves, remembering the most foundation cards of any child generated and how
    many positions the search had entered when it first got there."""

    def __init__(self, game: Game, memo: Memo, w_depth: int, meter: Meter) -> None:
        super().__init__(game, memo, w_depth)
        self.meter = meter
        self.best = 0
        self.at = 0

    def children(
        self, piles: Piles, fnd: bytes, r: int, phash: int, seen: Seen, use_autoplay: bool
    ) -> list[Child]:
        out = super().children(piles, fnd, r, phash, seen, use_autoplay)
        count = self.memo.found_count
        for kid in out:
            n = count(kid[2])
            if n > self.best:
                self.best, self.at = n, self.meter.nodes
        return out


def _deals(text: str) -> list[int]:
    if not text.startswith("@"):
        return deal_numbers(text)
    with open(text[1:], encoding="utf-8") as f:
        return [row["deal"] for row in map(json.loads, f) if row["result"] == "unknown"]


def _meter(max_nodes: int | None, max_mb: int) -> Meter:
    clock = time.process_time
    meter = Meter(math.inf, max_nodes, lambda: False, max_mb * 2**20, clock)
    meter.endless_turn()
    return meter


def closest(game: Game, weights: Weights, max_nodes: int, max_mb: int) -> dict[str, object]:
    """One best-first search alone for ``max_nodes`` positions: how near it got."""
    w_redeal, w_depth, newest_first = weights
    meter = _meter(max_nodes, max_mb)
    moves = Closest(game, meter.memo, w_depth, meter)
    search = BestFirst(moves, meter, w_redeal, newest_first).run(meter.states(), True)
    start = time.process_time()
    try:
        while True:
            next(search)
    except StopIteration as end:
        found = end.value
        outcome = "won" if isinstance(found, list) else "exhausted" if found is False else "cap"
    except Stop:
        outcome = "unknown"
    return {
        "weights": list(weights),
        "outcome": outcome,
        "nodes": meter.nodes,
        "best": moves.best,
        "best_at": moves.at,
        "cpu_s": round(time.process_time() - start, 1),
    }


def space(deal: int, game: Game, every: int, max_mb: int, until: int = 2**62) -> str:
    """The depth-first search alone until it ends or has entered ``until`` positions; a
    JSON line each ``every`` positions. What it ended with: "won", "exhausted", "full" or
    "stopped"."""
    assert core.CORE is not None, "space needs the search core (python -m crescent.solver.build)"
    moves = Moves(game, Memo())
    piles, fnd, r, _ = moves.start(True)
    room = max_mb * 2**20
    lost0 = core.CORE.Table(room // 8) if r > 0 else None
    search = core.CORE.DepthFirst(piles, fnd, r, 100, True, room - room // 4, lost0, True)
    start = time.process_time()
    entered = 0
    names = {core.WON_FOUND: "won", core.EXHAUSTED: "exhausted", core.FULL: "full"}
    while True:
        status, n = search.run(every)
        entered += n
        row = {"deal": deal, "positions": entered, "table": len(search)}
        row |= {"cpu_s": round(time.process_time() - start, 1), "mb": search.nbytes() >> 20}
        ended = names.get(status, str(status)) if status != core.PAUSED else None
        if ended is None and entered >= until:
            ended = "stopped"
        print(json.dumps(row if ended is None else row | {"ended": ended}), flush=True)
        if ended is not None:
            return ended


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.solver_unknowns")
    parser.add_argument("what", choices=("closest", "space"))
    parser.add_argument("--deals", required=True, help="5,17,30-32, or @FILE: its unknowns")
    parser.add_argument("--variant", choices=modes.LETTERS, default=modes.CRESCENT_FOUR.letter)
    parser.add_argument("--max-nodes", type=int, default=1_000_000, help="closest: each search's")
    parser.add_argument("--max-mb", type=int, default=2048)
    parser.add_argument("--weights", default="0-2", help="closest: searches of PORTFOLIO+MORE")
    parser.add_argument("--every", type=int, default=20_000_000, help="space: a line each")
    parser.add_argument("--until", type=int, default=2**62, help="space: stop there")
    args = parser.parse_args(argv)
    everyone = PORTFOLIO + MORE
    picked = [everyone[i] for i in deal_numbers(args.weights)]
    for deal in _deals(args.deals):
        game = Game.deal(deal, args.variant)
        if args.what == "space":
            space(deal, game, args.every, args.max_mb, args.until)
            continue
        runs = [closest(game, w, args.max_nodes, args.max_mb) for w in picked]
        print(json.dumps({"deal": deal, "searches": runs}), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
