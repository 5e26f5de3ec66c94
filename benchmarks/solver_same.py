"""The solver's results on a fixed set of positions, deterministic, against a recording:
``python -m benchmarks.solver_same [--write FILE | --check FILE] [--quick]``.

Each case is solved with a node budget and a simulated clock (every look at the clock
moves it on by ``TICK_S``), so the portfolio's time slices, and with them which search
runs when, fall on the same nodes on any machine and under any load: the outcome, the
line and the node count are the same every run. ``--write`` records them (the
recording under ``tests/solver/data/`` was made by the build before the solver was
split into modules); ``--check`` compares a run with a recording and prints each case
that differs. ``tests/solver/test_same_results.py`` checks the quick cases.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from crescent.rules import modes
from crescent.rules.cards import parse_card
from crescent.rules.engine import PILES, Game, Rules
from crescent.solver.dead import proven_lost
from crescent.solver.hints import best_guess
from crescent.solver.portfolio import solve

TICK_S = 0.002
"""Simulated seconds each look at the clock takes (the first slice, 0.05 s, is 25 looks:
about 1,600 nodes)."""

RECORDING = Path(__file__).resolve().parent.parent / "tests" / "solver" / "data" / "same.json"

_NAMES = ["A", *map(str, range(2, 11)), "J", "Q", "K"]


def spades_left(asc: int, desc: int, piles: Sequence[str], redeals: int = 0) -> Game:
    """Hearts, diamonds and clubs done; spades up to ``asc`` and down to ``desc``; ``piles``
    are space-separated cards bottom to top (as in tests/solver/test_solver.py)."""
    rules = Rules(redeals=redeals)
    found = [[parse_card(f"{_NAMES[r]}S") for r in range(asc)]]
    found += [[s * 13 + r for r in range(13)] for s in (1, 2, 3)]
    found += [[parse_card(f"{_NAMES[r - 1]}S") for r in range(13, desc - 1, -1)]]
    found += [[s * 13 + r for r in range(12, -1, -1)] for s in (1, 2, 3)]
    cards = [[parse_card(c) for c in p.split()] for p in piles]
    cards += [[] for _ in range(PILES - len(cards))]
    return Game(cards, rules=rules, foundations=found, redeals_left=redeals)


@dataclass(frozen=True)
class Case:
    """One position and the budget it is solved within."""

    name: str
    make: Callable[[], Game]
    max_nodes: int
    max_mb: float = 64
    quick: bool = False


def _deal(
    number: int, variant: str = modes.STANDARD.letter, redeals: int | None = None
) -> Callable[[], Game]:
    def make() -> Game:
        game = Game.deal(number, variant)
        if redeals is not None:
            game = Game.deal(number, variant, game.rules.replace(redeals=redeals))
        return game

    return make


def _level(number: int, level: int) -> Callable[[], Game]:
    return lambda: Game.deal(number, modes.LEVELS.letter, level=level)


def _spades(asc: int, desc: int, piles: Sequence[str], redeals: int) -> Callable[[], Game]:
    return lambda: spades_left(asc, desc, piles, redeals)


def cases() -> list[Case]:
    """Wins, proven losses and unknowns of every kind of game, some at a small memory
    budget (the portfolio drops its largest search, or all outgrow it)."""
    out = [Case(f"N{n}", _deal(n), 6_000, quick=n in (5, 6, 7, 10)) for n in range(1, 13)]
    out += [Case(f"N{n}-r0", _deal(n, redeals=0), 6_000, quick=n in (4, 5)) for n in (2, 4, 5, 6)]
    out += [Case(f"N{n}", _deal(n), 15_000) for n in range(13, 41)]
    out += [Case(f"N{n}-r0", _deal(n, redeals=0), 15_000) for n in range(7, 25)]
    out += [
        Case(f"F{n}", _deal(n, modes.CRESCENT_FOUR.letter), 6_000, quick=n == 7) for n in (3, 7, 9)
    ]
    out += [Case(f"D{n}", _deal(n, modes.FACE_DOWN.letter), 6_000, quick=n == 10) for n in (2, 10)]
    out += [Case(f"L6-{k}", _level(6, k), 6_000, quick=k in (1, 4)) for k in (1, 2, 3, 4)]
    out += [
        Case("N1-2MB", _deal(1), 40_000, max_mb=2, quick=True),
        Case("N3-1MB", _deal(3), 30_000, max_mb=1),
        Case("N8-r0-1MB", _deal(8, redeals=0), 30_000, max_mb=1),
    ]
    hand = [
        (8, 5, ["9S QS 10S JS", "KS", "4S", "3S", "2S", "AS"], 0),
        (8, 5, ["9S 3S 2S", "4S AS 10S", "JS QS KS"], 1),
        (8, 5, ["9S 3S 2S", "4S AS 10S", "QS JS KS"], 1),
        (9, 10, ["KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS"], 0),
        (10, 4, ["QS 2S", "3S KS AS JS"], 2),
        (5, 10, ["6S 8S KS 4S 9S QS 9S", "JS 10S 2S AS 6S 7S 3S", "8S 7S 5S"], 1),
    ]
    out += [
        Case(f"spades{i}", _spades(a, d, piles, r), 20_000, quick=True)
        for i, (a, d, piles, r) in enumerate(hand)
    ]
    return out


def run(case: Case) -> dict[str, object]:
    """What the solver answers for ``case`` (a simulated clock: deterministic)."""
    game = case.make()
    ticks = itertools.count()
    result = solve(
        game,
        budget_s=1e6,
        max_nodes=case.max_nodes,
        clock=lambda: next(ticks) * TICK_S,
        max_bytes=int(case.max_mb * 2**20),
    )
    return {
        "code": game.code,
        "outcome": result.outcome,
        "nodes": result.nodes,
        "line": " ".join(result.line),
        "proven_lost": proven_lost(game),
        "best_guess": best_guess(game),
    }


def results(quick: bool = False) -> dict[str, dict[str, object]]:
    return {c.name: run(c) for c in cases() if c.quick or not quick}


def differences(got: dict[str, dict[str, object]], want: dict[str, dict[str, object]]) -> list[str]:
    """One line per case whose answer differs from the recording's."""
    out = []
    for name, answer in got.items():
        expected = want.get(name)
        if expected != answer:
            out.append(f"{name}: got {answer}, recorded {expected}")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.solver_same")
    parser.add_argument("--write", type=Path, help="record the results in this JSON file")
    parser.add_argument("--check", type=Path, help="compare with this recording")
    parser.add_argument("--quick", action="store_true", help="only the quick cases")
    args = parser.parse_args(argv)
    got = results(args.quick)
    for name, answer in got.items():
        line = str(answer["line"])
        print(f"{name}: {answer['outcome']} {answer['nodes']} nodes, {len(line.split())} tokens")
    if args.write:
        args.write.write_text(json.dumps(got, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    if args.check:
        diff = differences(got, json.loads(args.check.read_text(encoding="utf-8")))
        print("\n".join(diff) or f"all {len(got)} cases as recorded")
        return 1 if diff else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
