"""The fewest shuffles: a level of the levels game won with as few shuffles as can be
found, and a whole levels game (its levels in a row, five shuffles in all) level by level.

A shuffle deals from a seed of the code, the level and which shuffle of the game it is
(:func:`crescent.rules.deal.shuffle_seed`), so what a level's shuffles deal depends on the
shuffles spent before it. :func:`capped` lets a search use at most ``k`` of the shuffles
left while each still deals what it deals in the game: a win found with ``k`` allowed is a
win of the game that uses at most ``k``, and a loss proven with ``k`` allowed proves that
no line of the level wins with ``k`` or fewer. :func:`fewest` asks ``solve`` with 0, 1, 2...
allowed, in turn, and stops at the first win.

:func:`solve_whole` plays the levels in a row, each with the fewest shuffles found and
the next level dealt with what is left. Its total is an upper bound; its lower bound adds,
for level 1 (always reached with all five), the shuffles proven needed, and for each later
level 1 when a win without shuffle is proven impossible (that holds however the level is
reached: with no shuffle, the level plays the same whatever is left). The total is exact
when the two meet.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from crescent.rules import modes
from crescent.rules.engine import REDEAL, SHUFFLE, Game
from crescent.solver.portfolio import Outcome, solve

__all__ = ["Fewest", "LevelFewest", "Whole", "capped", "fewest", "shuffles_in", "solve_whole"]

Cancel = threading.Event | Callable[[], bool] | None


def capped(game: Game, k: int) -> Game:
    """A copy of ``game`` that may use at most ``k`` of its shuffles (redeals) left, each
    dealing as it does in ``game`` (the index of a shuffle counts from the rules' budget)."""
    k = min(k, game.redeals_left)
    g = game.copy()
    g.rules = game.rules.replace(redeals=game.rules.redeals - game.redeals_left + k)
    g.redeals_left = k
    return g


def shuffles_in(line: list[str]) -> int:
    """The shuffles (redeals) a line of engine tokens plays."""
    return sum(1 for token in line if token in (SHUFFLE, REDEAL))


@dataclass(frozen=True)
class Fewest:
    """What :func:`fewest` found. ``outcome`` "won": ``line`` wins with ``shuffles``
    shuffles, and no line wins with fewer than ``at_least``; "lost": no line wins with the
    shuffles left (``at_least`` is one more than those); "unknown": no win found."""

    outcome: Outcome
    at_least: int
    shuffles: int | None = None
    line: list[str] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0

    @property
    def exact(self) -> bool:
        """The shuffles of the line are the fewest any line needs."""
        return self.outcome is Outcome.WON and self.at_least == self.shuffles


def fewest(
    game: Game,
    *,
    budget_s: float = 10.0,
    max_nodes: int | None = None,
    try_nodes: int | None = None,
    tries_nodes: int | None = None,
    clock: Callable[[], float] = time.monotonic,
    cancel: Cancel = None,
    max_bytes: int | None = None,
    node_turns: bool = False,
) -> Fewest:
    """Win ``game`` (not changed) with as few shuffles as can be found: ``solve`` with 0,
    1, ... of its shuffles allowed, each within ``budget_s`` / ``max_nodes``; the searches
    allowed fewer than all shuffles left (a hint's quick tries) stop at ``try_nodes`` each
    and ``tries_nodes`` together, then the one with all of them has its turn. The first
    win ends it."""
    lost = 0  # 0..lost-1 shuffles allowed: proven lost, in a row from none
    nodes = 0
    seconds = 0.0
    r = game.redeals_left
    for k in range(r + 1):
        if k < r and tries_nodes is not None and nodes >= tries_nodes:
            continue  # the tries had their share: straight to all the shuffles left
        limit = max_nodes if k == r or try_nodes is None else min(try_nodes, max_nodes or try_nodes)
        result = solve(
            capped(game, k),
            budget_s=budget_s,
            max_nodes=limit,
            clock=clock,
            cancel=cancel,
            max_bytes=max_bytes,
            node_turns=node_turns,
        )
        nodes += result.nodes
        seconds += result.seconds
        if result.outcome is Outcome.WON:
            used = shuffles_in(result.line)
            return Fewest(Outcome.WON, min(lost, used), used, result.line, nodes, seconds)
        if result.outcome is Outcome.LOST and lost == k:
            lost = k + 1
        if _stopped(cancel):
            break
    return Fewest(Outcome.LOST if lost > r else Outcome.UNKNOWN, lost, None, [], nodes, seconds)


def _stopped(cancel: Cancel) -> bool:
    if isinstance(cancel, threading.Event):
        return cancel.is_set()
    return cancel is not None and cancel()


@dataclass(frozen=True)
class LevelFewest:
    """One level of a whole game: reached with ``left`` shuffles, and what it took."""

    level: int
    left: int
    found: Fewest


@dataclass(frozen=True)
class Whole:
    """A whole levels game: ``levels`` in the order played (up to the first that was not
    won); ``outcome`` "won" when every level was won within the game's ``shuffles``;
    ``used`` the shuffles of that line (None otherwise), and no line of the game wins
    with fewer than ``at_least``."""

    code: str
    shuffles: int
    levels: tuple[LevelFewest, ...]
    outcome: Outcome
    used: int | None
    at_least: int

    @property
    def exact(self) -> bool:
        return self.outcome is Outcome.WON and self.used == self.at_least

    @property
    def nodes(self) -> int:
        return sum(lv.found.nodes for lv in self.levels)

    @property
    def seconds(self) -> float:
        return sum(lv.found.seconds for lv in self.levels)


def solve_whole(
    number: int,
    *,
    budget_s: float = 10.0,
    max_nodes: int | None = None,
    clock: Callable[[], float] = time.monotonic,
    max_bytes: int | None = None,
    node_turns: bool = False,
) -> Whole:
    """Levels game ``number`` played level by level, each with the fewest shuffles
    :func:`fewest` finds (each search within ``budget_s`` / ``max_nodes``; ``node_turns``
    as in :func:`~crescent.solver.portfolio.solve`)."""
    mode = modes.LEVELS
    game = Game.deal(number, mode.letter, level=1)
    done: list[LevelFewest] = []
    at_least = 0
    while True:
        found = fewest(
            game,
            budget_s=budget_s,
            max_nodes=max_nodes,
            clock=clock,
            max_bytes=max_bytes,
            node_turns=node_turns,
        )
        done.append(LevelFewest(game.level, game.redeals_left, found))
        # Level 1 is always reached with all the shuffles; a later level's bound holds
        # for every way of reaching it only when it says "not without a shuffle".
        at_least += found.at_least if game.level == 1 else min(found.at_least, 1)
        if found.outcome is not Outcome.WON:
            break
        for token in found.line:
            game.apply(token)
        if game.last_level:
            break
        game = game.next_level()
    outcome = done[-1].found.outcome if done[-1].level == 1 else Outcome.UNKNOWN
    if done[-1].found.outcome is Outcome.WON and done[-1].level == mode.levels:
        outcome = Outcome.WON
    elif at_least > mode.redeals:
        outcome = Outcome.LOST
    used = mode.redeals - game.redeals_left if outcome is Outcome.WON else None
    return Whole(game.code, mode.redeals, tuple(done), outcome, used, at_least)
