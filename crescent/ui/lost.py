"""The "This position cannot be won." dialog: a new game, close, and the way back.

The way back ("Undo to the last winnable position") is offered only once the search
back through the undo history found a winnable position (issue 46 item 4): the search
starts when the dialog opens, the dialog says it is looking, then either how far back
the win is, with the button, or that no earlier position can be won, without it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from crescent.i18n import text as T
from crescent.ui.dialogs import ButtonSpec, MessageDialog
from crescent.ui.scene import Host

if TYPE_CHECKING:
    from crescent.solver.hints import HintAnswer, HintWorker


class LostDialog(MessageDialog):
    """The position is lost; ``rewind(n)`` takes ``n`` moves back (the table's hints),
    ``max_bytes`` is the search's memory budget."""

    def __init__(
        self, host: Host, rewind: Callable[[int], None], max_bytes: int | None = None
    ) -> None:
        tr = host.kit.tr
        buttons = [ButtonSpec(tr(T.NEW_GAME), host.new_game), ButtonSpec(tr(T.CLOSE), host.pop)]
        super().__init__(host, tr(T.HINT_LOST), [], buttons)
        self._rewind = rewind
        self.found: HintAnswer | None = None
        """What the search back found (None: still looking, or nothing to look at)."""
        self._search: HintWorker | None = None
        session = host.session
        if session.game.can_undo:
            from crescent.solver.hints import HintWorker  # the solver, once it is wanted

            self._search = HintWorker(max_bytes)
            self._search.ask(session.game, session.changes, rewind=True)
            self.lines = [tr(T.HINT_SEARCHING_BACK)]

    @property
    def searching(self) -> bool:
        return self._search is not None

    def update(self, dt: float) -> None:
        answer = self._search.poll() if self._search is not None else None
        if answer is None:
            return
        self._search = None
        self.found = answer
        tr = self.host.kit.tr
        if answer.undos and answer.changes == self.host.session.changes:
            self.lines = [tr.plural(T.WINNABLE_BACK, answer.undos)]
            back = ButtonSpec(tr(T.HINT_GO_BACK), self.go_back, True)
            self.button_specs = (back, *self.button_specs)
        else:
            self.lines = [tr(T.HINT_NO_WAY_BACK)] if answer.undos is None else []
        self.focus = -1
        self._dirty = True
        a = self.host.announcer
        if a is not None:  # after what the dialog said when it opened
            buttons = ", ".join(b.label for b in self.button_specs)
            a.say(a.join([*self.lines, buttons]), interrupt=False)

    def wake_at(self, now: float) -> float | None:
        """While the search looks: a glance at it every tenth of a second."""
        return now + 0.1 if self.searching else math.inf

    def go_back(self) -> None:
        """Back to the position the search found winnable, each move undone said."""
        found = self.found
        self.host.pop(self)
        if found is not None and found.undos and found.changes == self.host.session.changes:
            self._rewind(found.undos)

    def exit(self) -> None:
        """Closed: a search still looking is of no use any more."""
        if self._search is not None:
            self._search.cancel()
            self._search = None
        super().exit()
