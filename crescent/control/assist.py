"""Assists for the table: which top cards can be played ("Show playable cards").

Pure (no pygame). The seed's levels text mentions the assist: "une assistance
est disponible, indiquant quelle carte peut être jouée".
"""

from __future__ import annotations

from typing import Protocol

from crescent.rules.engine import Move

__all__ = ["PlayableCache", "playable_places"]


class _Position(Protocol):
    moves: int
    redeals_left: int

    def legal_moves(self) -> list[Move]: ...


def playable_places(game: _Position) -> frozenset[int]:
    """Every place (pile or foundation) whose top card has at least one legal move."""
    return frozenset(m.src for m in game.legal_moves())


class PlayableCache:
    """:func:`playable_places` computed once per position, not once per slot and frame."""

    __slots__ = ("_key", "_value")

    def __init__(self) -> None:
        self._key: tuple[int, ...] | None = None
        self._value: frozenset[int] = frozenset()

    def get(self, game: _Position, changes: int, on: bool) -> frozenset[int]:
        """The playable places, or none when the option is off.

        ``changes`` is the session's change counter; the game's identity, move
        count and redeals are in the key too, so a demo game (kiosk attract
        loop) that changes without the session is followed as well.
        """
        if not on:
            return frozenset()
        key = (id(game), changes, game.moves, game.redeals_left)
        if key != self._key:
            self._key = key
            self._value = playable_places(game)
        return self._value
