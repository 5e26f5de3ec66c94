"""Writing a line out: the search's internal steps as engine tokens that replay to a win.

The search keeps meeting foundations as one state and never searches the slides between
them; here they are put back where a card needs the meeting point moved, and the whole
line is replayed on a copy of the game (a line that does not win is a bug, never handed
out).
"""

from __future__ import annotations

from collections.abc import Sequence

from crescent.rules.engine import PILES, Game, Move
from crescent.solver.position import REDEAL_MOVE, Step


def write_line(game: Game, steps: Sequence[Step]) -> list[str]:
    """Engine tokens for ``steps``, replayed on a copy; foundation slides put in as needed."""
    g = game.copy()
    tokens: list[str] = []
    # Moves are played as moves (checked), not written out and read back: the watcher's
    # thread writes a line after each search, holding the interpreter lock the game's
    # loop needs, and reading the tokens back was half of it.
    for src, dst in steps:
        if dst == REDEAL_MOVE:
            tokens.append(g.redeal_token)
            g.redeal()
        elif dst < PILES:
            move = Move(src, dst)
            g.play(move)
            tokens.append(str(move))
        else:
            for move in _to_foundation(g, src):
                g.play(move)
                tokens.append(str(move))
    if not g.is_won:
        raise AssertionError("the solver's line does not win in the engine")
    return tokens


def _to_foundation(g: Game, src: int) -> list[Move]:
    """The moves that put pile ``src``'s top card on a foundation of its suit: straight
    there, or after sliding the meeting point of foundations that meet to where it fits."""
    c = g.piles[src][-1]
    s = c // 13
    x = c % 13 + 1
    asc, desc = PILES + s, PILES + 4 + s
    if g.check(Move(src, asc)) is None:
        return [Move(src, asc)]
    if g.check(Move(src, desc)) is None:
        return [Move(src, desc)]
    a = g.foundations[s][-1] % 13 + 1
    want = x - 1 if x >= 2 else 1
    slides = [Move(asc, desc)] * (a - want) + [Move(desc, asc)] * (want - a)
    return [*slides, Move(src, asc if x >= 2 else desc)]
