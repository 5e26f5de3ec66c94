"""What the table is doing, as one state (pure: no pygame).

The table scene keeps one :class:`TableMode`; its parts (crescent/ui/parts/) move it:
a hint asked waits on the solver, auto-finish plays its line, "Safe moves home" sends
cards home after the player's move. Only one of these happens at a time.
"""

from __future__ import annotations

import enum


class TableMode(enum.Enum):
    """Who moves the cards now."""

    PLAYING = enum.auto()
    """The player: nothing plays by itself."""
    ASKING = enum.auto()
    """A hint (or the way back to a winnable table) is being searched."""
    FINISHING = enum.auto()
    """Auto-finish plays its line, one move a landing."""
    SAFE = enum.auto()
    """"Safe moves home" sends cards home after the player's move, one a landing."""
