"""Safe moves home: the foundation plays that can never cost a win.

A move is *safe* when, from any position that can still be won, the position after
it can still be won. The rule (docs/RULES.md, "Safe moves home", has the proof):
the top card ``c`` of a pile may go to a foundation ``F`` of its suit safely when

1. ``F`` takes ``c`` (the next rank of ``F``);
2. the suit's other foundation is complete (13 cards), so each rank the suit
   still needs is left once, and only ``F`` can ever take it;
3. at most one redeal is left (none, in a game that shuffles instead).

Condition 2 is what the wrap between piles asks for (an Ace can wait on a King of
its suit, so a card of a suit whose other foundation still needs cards may be
the only place another can wait on); condition 3 is what redeals ask for (a card
kept on a pile shifts how that pile turns at the second redeal after it).
Without either, positions exist where the move loses a won game: the exhaustive
check in tests/rules/test_safe.py finds them, and finds none under the rule.

Pure: the standard library and :mod:`crescent.rules` only.
"""

from __future__ import annotations

from typing import Final

from crescent.rules.engine import FOUNDATIONS, PILES, Game, Move

__all__ = ["MAX_REDEALS_LEFT", "is_safe", "safe_move", "safe_moves"]

MAX_REDEALS_LEFT: Final = 1
"""The rule holds with at most this many redeals left (rotating redeals)."""


def _redeals_allow(game: Game) -> bool:
    if game.redeals_left == 0:
        return True
    return game.rules.redeal == "rotate" and game.redeals_left <= MAX_REDEALS_LEFT


def is_safe(game: Game, move: Move) -> bool:
    """Whether ``move`` is a legal pile-to-foundation move that the rule calls safe."""
    if move.src >= PILES or move.dst < PILES or game.check(move) is not None:
        return False
    if not _redeals_allow(game):
        return False
    f = move.dst - PILES
    other = f + FOUNDATIONS // 2 if f < FOUNDATIONS // 2 else f - FOUNDATIONS // 2
    return len(game.foundations[other]) == 13


def safe_moves(game: Game) -> list[Move]:
    """Every safe move of ``game``, in :meth:`Game.legal_moves` order."""
    if not _redeals_allow(game):
        return []
    return [m for m in game.legal_moves() if is_safe(game, m)]


def safe_move(game: Game) -> Move | None:
    """The first safe move (piles P1..P16), or None. Playing it and asking again
    until None plays every card the rule sends home."""
    if game.status != "playing" or not _redeals_allow(game):
        return None
    for m in game.legal_moves():
        if is_safe(game, m):
            return m
    return None
