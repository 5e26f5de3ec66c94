"""The command line: ``python -m crescent.solver CODE [--budget-s S] [--redeals K]
[--level N] [--max-mb N] [--max-nodes N] [--json]`` solves one deal and prints "won N" and
the line, or "lost" / "unknown" (``--json``: one JSON object). Outside checks use it: its
options and output stay as they are. ``--max-nodes`` alone is the whole budget, in
positions, with the searches' turns in positions too: the same answer on any machine
(``--budget-s`` beside it still stops the search at that time).

``CR1-L-... --whole`` solves a whole levels game for the fewest shuffles, level by level
(:mod:`crescent.solver.whole`): a line a level, then one for the game.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from crescent.rules.engine import Game, InvalidCode
from crescent.solver.budget import MAX_BYTES, max_mb_error
from crescent.solver.portfolio import Outcome, solve
from crescent.solver.whole import LevelFewest, Whole, solve_whole

DEFAULT_BUDGET_S = 10.0
"""Seconds a search when neither ``--budget-s`` nor ``--max-nodes`` is given."""


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
    parser.add_argument(
        "--budget-s",
        type=float,
        default=None,
        help="seconds to search (default 10; no time limit with --max-nodes alone)",
    )
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
        help="memory budget of the search's tables, in MB (default %(default)g; up to the "
        "machine's memory)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--level",
        type=int,
        metavar="LEVEL",
        help="levels game (CR1-L-...): solve this level (1-4) under its rules, with 5 shuffles",
    )
    parser.add_argument(
        "--max-nodes",
        type=int,
        default=None,
        help="positions each search may enter (beside --budget-s); the searches take turns "
        "in positions: the same answer on any machine",
    )
    parser.add_argument(
        "--whole",
        action="store_true",
        help="levels game (CR1-L-...): every level in a row for the fewest shuffles "
        "(--budget-s and --max-nodes are each search's)",
    )
    return parser


def _game(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Game:
    """The position the options name (the deal, with its rules changed as asked)."""
    if (why := max_mb_error(args.max_mb)) is not None:
        parser.error(why)
    if args.budget_s is None:
        args.budget_s = math.inf if args.max_nodes is not None else DEFAULT_BUDGET_S
    elif not args.budget_s > 0 or args.budget_s > 1e6:
        parser.error(f"--budget-s must be a positive number of seconds, got {args.budget_s}")
    if args.redeals is not None and not 0 <= args.redeals <= 99:
        parser.error(f"--redeals must be a whole number 0..99, got {args.redeals}")
    if args.max_nodes is not None and args.max_nodes < 1:
        parser.error(f"--max-nodes must be a whole number from 1, got {args.max_nodes}")
    try:
        game = Game.from_code(args.code)
    except InvalidCode as e:
        parser.error(f"bad code: {e}")
    if args.whole and game.mode.levels == 1:
        parser.error(f"--whole needs the code of a game of levels (CR1-L-...), not {game.code}")
    if args.whole and (args.level is not None or args.redeals is not None):
        parser.error("--whole plays every level with the game's shuffles: drop --level/--redeals")
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


def _limits(args: argparse.Namespace) -> dict[str, Any]:
    """The options' budget as :func:`solve` takes it."""
    return {
        "budget_s": args.budget_s,
        "max_nodes": args.max_nodes,
        "max_bytes": int(args.max_mb * 2**20),
        "node_turns": args.max_nodes is not None,
    }


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["survey"]:
        # Here, not at the top: solving one deal loads no process pool.
        from crescent.solver import survey

        return survey.main(argv[1:])
    parser = _parser()
    args = parser.parse_args(argv)
    game = _game(parser, args)
    if args.whole:
        return _whole(game, args)
    result = solve(game, **_limits(args))
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


def _whole(game: Game, args: argparse.Namespace) -> int:
    """``--whole``: the levels of ``game``'s code in a row, each with the fewest shuffles."""
    whole = solve_whole(game.number, **_limits(args))
    if args.json:
        print(json.dumps(_whole_json(whole)))
        return 0
    for lv in whole.levels:
        print(f"level {lv.level}: {_level_text(lv)}")
        print("  " + " ".join(lv.found.line))
    print(f"game: {_game_text(whole)}")
    return 0


def _whole_json(whole: Whole) -> dict[str, object]:
    return {
        "code": whole.code,
        "shuffles": whole.shuffles,
        "outcome": whole.outcome,
        "used": whole.used,
        "at_least": whole.at_least,
        "exact": whole.exact,
        "levels": [
            {
                "level": lv.level,
                "left": lv.left,
                "outcome": lv.found.outcome,
                "shuffles": lv.found.shuffles,
                "at_least": lv.found.at_least,
                "exact": lv.found.exact,
                "line": lv.found.line,
                "nodes": lv.found.nodes,
                "seconds": round(lv.found.seconds, 3),
            }
            for lv in whole.levels
        ],
        "nodes": whole.nodes,
        "seconds": round(whole.seconds, 3),
    }


def _shuffles(n: int) -> str:
    return f"{n} shuffle" if n == 1 else f"{n} shuffles"


def _verdict(outcome: str, used: int | None, at_least: int, exact: bool, budget: str) -> str:
    """What a level or the game took: "won with 0 shuffles (the fewest; 5 shuffles left)",
    "won with at most 2 shuffles (at least 1; ...)", or no win with its ``budget``."""
    if outcome == Outcome.WON and used is not None:
        if exact:
            return f"won with {_shuffles(used)} (the fewest; {budget})"
        return f"won with at most {_shuffles(used)} (at least {at_least}; {budget})"
    if outcome == Outcome.LOST:
        return f"lost: no line wins with {budget} (proven)"
    return f"unknown: no win found with {budget} (at least {at_least})"


def _level_text(lv: LevelFewest) -> str:
    found = lv.found
    return _verdict(
        found.outcome, found.shuffles, found.at_least, found.exact, f"{_shuffles(lv.left)} left"
    )


def _game_text(whole: Whole) -> str:
    budget = f"{_shuffles(whole.shuffles)} in all"
    return _verdict(whole.outcome, whole.used, whole.at_least, whole.exact, budget)
