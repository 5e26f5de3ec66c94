"""The words of a search's answer: its outcome, and the kind of a hint built on it.

Pure and tiny (no import of the search): the table names a hint's kind without loading
the solver, which starts with the first hint.
"""

from __future__ import annotations

import enum

__all__ = ["HintKind", "Outcome"]


class Outcome(enum.StrEnum):
    """What a search found about a position."""

    WON = "won"
    """A winning line (the engine replays it to a won game)."""
    LOST = "lost"
    """Proven: the whole reachable space was searched (or a dead pattern shown)."""
    UNKNOWN = "unknown"
    """Neither, within the budget."""


class HintKind(enum.StrEnum):
    """What a hint answers; in a search's words (:class:`Outcome`) where it has one."""

    WON = Outcome.WON.value
    """``step`` is the next step of a winning line (the search's outcome: won)."""
    GUESS = "guess"
    """No win found: ``step`` is the best heuristic step, maybe None."""
    LOST = Outcome.LOST.value
    """Proven lost."""
    REWIND = "rewind"
    """``undos`` back to a winnable position, None if none."""
