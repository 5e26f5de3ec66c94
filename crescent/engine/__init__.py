"""The public name of the rules engine: ``from crescent.engine import Game, Move, ...``.

The engine lives in :mod:`crescent.rules.engine`; this package only re-exports it,
so that code and checks written against ``crescent.engine`` keep working.
"""

from crescent.rules.engine import (
    FOUNDATIONS,
    PILE_LIMIT,
    PILES,
    REDEAL,
    SHUFFLE,
    UNDO_LIMIT,
    Game,
    IllegalMove,
    InvalidCode,
    Move,
    Reason,
    Redeal,
    Rules,
    parse_place,
    parse_step,
    place_name,
)

__all__ = [
    "FOUNDATIONS",
    "PILES",
    "PILE_LIMIT",
    "REDEAL",
    "SHUFFLE",
    "UNDO_LIMIT",
    "Game",
    "IllegalMove",
    "InvalidCode",
    "Move",
    "Reason",
    "Redeal",
    "Rules",
    "parse_place",
    "parse_step",
    "place_name",
]
