"""The public name of the rules engine: ``from crescent.engine import Game, Move, ...``.

The engine lives in :mod:`crescent.rules.engine`; this package only re-exports it,
so that code and checks written against ``crescent.engine`` keep working.
"""

from crescent.rules.engine import (
    FOUNDATIONS,
    PILE_LIMIT,
    PILES,
    REDEAL,
    UNDO_LIMIT,
    Game,
    IllegalMove,
    InvalidCode,
    Move,
    Reason,
    Rules,
    parse_place,
    place_name,
)

__all__ = [
    "FOUNDATIONS",
    "PILES",
    "PILE_LIMIT",
    "REDEAL",
    "UNDO_LIMIT",
    "Game",
    "IllegalMove",
    "InvalidCode",
    "Move",
    "Reason",
    "Rules",
    "parse_place",
    "place_name",
]
