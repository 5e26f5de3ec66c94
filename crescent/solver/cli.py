"""The command line: ``python -m crescent.solver CODE [--budget-s S] [--redeals K]
[--level N] [--max-mb N] [--json]`` solves one deal and prints "won N" and the line, or
"lost" / "unknown" (``--json``: one JSON object). Outside checks use it: its options and
output stay as they are.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import NoReturn

from crescent.rules.engine import Game, InvalidCode
from crescent.solver.budget import MAX_BYTES
from crescent.solver.portfolio import Outcome, solve


class _ArgumentParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: {message}", file=sys.stderr)
        raise SystemExit(2)


def _parser() -> argparse.ArgumentParser:
    """The command line's options (one place to add more)."""
    parser = _ArgumentParser(
        prog="python -m crescent.solver", description="Solve a Crescent deal given by its code."
    )
    parser.add_argument("code", help="a game code such as CR1-N-AAAAAAD")
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
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["survey"]:
        # Here, not at the top: solving one deal loads no process pool.
        from crescent.solver import survey

        return survey.main(argv[1:])
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
        head = f"won {len(result.line)}" if result.outcome is Outcome.WON else result.outcome
        print(head)
        print(" ".join(result.line))
    return 0
