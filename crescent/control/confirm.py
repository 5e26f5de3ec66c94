"""When a tap would throw progress away, ask first: pure rules, no pygame.

* New game, or a code dealt, while leaving would count the game as played asks
  "Abandon this game?" (default No): when is ``Session.leaving_counts`` (moves or
  levels played, the game not over).
* Redeal while a legal move remains arms the button: a second press within
  :data:`REDEAL_CONFIRM_S` redeals (the button says so meanwhile). When no move
  is possible the redeal happens at once, as the rules point the player there.
"""

from __future__ import annotations

from dataclasses import dataclass

REDEAL_CONFIRM_S = 4.0
"""How long an armed Redeal button waits for the confirming second press."""


@dataclass(slots=True, eq=False)
class RedealGuard:
    """The two-press Redeal: armed by a first press while moves remain."""

    armed_until: float | None = None

    def press(self, now: float, moves_remain: bool) -> bool:
        """A press of Redeal at ``now``: True when the redeal should happen."""
        if not moves_remain or self.armed(now):
            self.armed_until = None
            return True
        self.armed_until = now + REDEAL_CONFIRM_S
        return False

    def armed(self, now: float) -> bool:
        return self.armed_until is not None and now <= self.armed_until

    def disarm(self) -> None:
        self.armed_until = None
