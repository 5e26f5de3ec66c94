"""The redeal pointer: no move is left but a redeal (or a shuffle), so the button glows
and a sentence says where to go."""

from __future__ import annotations

import math
from collections.abc import Callable

from crescent.i18n import text as T
from crescent.ui.parts.base import Table, shuffles
from crescent.ui.scene import Host


class RedealPointer:
    """:attr:`point`: the Redeal (Shuffle) button glows."""

    def __init__(self, host: Host, table: Table, say: Callable[[str], None]) -> None:
        self.host = host
        self.table = table
        self._say = say
        self.point = False

    def changed(self) -> None:
        game = self.table.game
        self.point = (
            self.host.session.outcome is None
            and game.status == "playing"
            and not game.has_move()
            and game.redeals_left > 0
        )
        if self.point:
            self._say(self.host.kit.tr(T.POINT_SHUFFLE if shuffles(game) else T.POINT_REDEAL))

    def update(self, dt: float) -> None:
        """Nothing moves by itself."""

    def wake_at(self, now: float) -> float | None:
        return math.inf
