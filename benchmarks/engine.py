"""How fast the rules engine is: ``python -m crescent.bench engine``.

Builds random mid-game positions (random deals, then 20-60 random legal moves,
redeals included when a game runs out of moves), then times two things over
them: ``Game.legal_moves()`` calls per second and checked ``play()`` +
``undo()`` pairs per second. Each figure is the median of several
repetitions. Targets: 50,000 legal_moves() calls/s and 100,000 play+undo
pairs/s. A benchmark, not a test: the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from benchmarks import results
from crescent.rules import modes
from crescent.rules.deal import DEAL_COUNT
from crescent.rules.engine import Game, Move

LEGAL_MOVES_TARGET = 50_000
PLAY_UNDO_TARGET = 100_000


def mid_game_positions(count: int, seed: int) -> list[Game]:
    """``count`` positions reached by 20-60 random legal moves from random deals."""
    rng = random.Random(seed)
    out: list[Game] = []
    while len(out) < count:
        game = Game.deal(rng.randrange(DEAL_COUNT), rng.choice(modes.LETTERS))
        for _ in range(rng.randint(20, 60)):
            moves = game.legal_moves()
            if moves:
                game.play(rng.choice(moves))
            elif game.redeals_left:
                game.redeal()
            else:
                break
        if game.legal_moves():
            out.append(game)
    return out


def _median_rate(work: Callable[[], int], repeats: int) -> float:
    """Median over ``repeats`` runs of operations per second; ``work`` returns its count."""
    rates = []
    for _ in range(repeats):
        start = time.perf_counter()
        done = work()
        rates.append(done / (time.perf_counter() - start))
    return statistics.median(rates)


def measure(positions: list[Game], repeats: int, rounds: int, seed: int) -> tuple[float, float]:
    """(legal_moves() calls/s, play+undo pairs/s), medians over ``repeats``."""
    rng = random.Random(seed)
    pairs: list[tuple[Game, Move]] = [(g, rng.choice(g.legal_moves())) for g in positions]

    def legal_moves_work() -> int:
        for _ in range(rounds):
            for g in positions:
                g.legal_moves()
        return rounds * len(positions)

    def play_undo_work() -> int:
        for _ in range(rounds):
            for g, m in pairs:
                g.play(m)
                g.undo()
        return rounds * len(pairs)

    return _median_rate(legal_moves_work, repeats), _median_rate(play_undo_work, repeats)


def main(argv: list[str]) -> int:
    """Print the figures; exit status 0 when both targets are met, 1 otherwise."""
    parser = argparse.ArgumentParser(
        prog="crescent.bench engine", description="Time the Crescent rules engine."
    )
    parser.add_argument("--positions", type=int, default=200, help="mid-game positions (200)")
    parser.add_argument("--repeats", type=int, default=5, help="repetitions, median kept (5)")
    parser.add_argument("--rounds", type=int, default=20, help="passes over the positions (20)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (1)")
    args = parser.parse_args(argv)
    if args.positions < 1 or args.repeats < 1 or args.rounds < 1:
        parser.error("--positions, --repeats and --rounds must be at least 1")
    positions = mid_game_positions(args.positions, args.seed)
    legal, play_undo = measure(positions, args.repeats, args.rounds, args.seed)
    ok_legal = legal >= LEGAL_MOVES_TARGET
    ok_play = play_undo >= PLAY_UNDO_TARGET
    print(f"positions: {len(positions)}, repetitions: {args.repeats}, rounds: {args.rounds}")
    print(
        f"legal_moves(): {legal:,.0f} calls/s "
        f"(target {LEGAL_MOVES_TARGET:,}: {'ok' if ok_legal else 'MISSED'})"
    )
    print(
        f"play+undo:     {play_undo:,.0f} pairs/s "
        f"(target {PLAY_UNDO_TARGET:,}: {'ok' if ok_play else 'MISSED'})"
    )
    figures = {"legal_moves_per_s": legal, "play_undo_per_s": play_undo}
    results.record("engine", argv, {**figures, "met": ok_legal and ok_play})
    return 0 if ok_legal and ok_play else 1


if __name__ == "__main__":
    import sys

    raise SystemExit(main(sys.argv[1:]))
