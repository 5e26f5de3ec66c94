"""The rules of one deal: what the engine needs to know that differs between games.

A :class:`Rules` value belongs to a deal (it is saved with the game); which rules
a game uses is the business of its :class:`crescent.rules.modes.Mode`.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Literal, Self

__all__ = ["Rules"]


@dataclasses.dataclass(frozen=True, slots=True)
class Rules:
    """What differs between the deals built on Crescent's rules.

    ``redeals``: how many redeals (or shuffles) the deal starts with.
    ``redeal`` is ``"rotate"`` (each pile of two or more cards: bottom card to
    the top) or ``"shuffle"`` (levels mode: gather the tableau, shuffle, deal
    again). ``empty_piles_accept``: an empty pile takes any card (levels 1-3);
    otherwise it stays empty, through shuffles too (standard, level 4).
    """

    redeals: int = 3
    face_down: bool = False
    redeal: Literal["rotate", "shuffle"] = "rotate"
    empty_piles_accept: bool = False

    def replace(self, **changes: Any) -> Self:
        """A copy with the fields named in ``changes`` set to their values."""
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @staticmethod
    def from_dict(d: object) -> Rules:
        if not isinstance(d, dict):
            raise ValueError("rules must be an object")
        redeals = d.get("redeals")
        face_down = d.get("face_down")
        redeal = d.get("redeal")
        accept = d.get("empty_piles_accept")
        if not isinstance(redeals, int) or isinstance(redeals, bool) or not 0 <= redeals <= 99:
            raise ValueError(f"rules: redeals must be a whole number 0..99, got {redeals!r}")
        if not isinstance(face_down, bool) or not isinstance(accept, bool):
            raise ValueError("rules: face_down and empty_piles_accept must be true or false")
        if redeal not in ("rotate", "shuffle"):
            raise ValueError(f"rules: redeal must be 'rotate' or 'shuffle', got {redeal!r}")
        return Rules(redeals, face_down, redeal, accept)
