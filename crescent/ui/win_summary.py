"""The summary after a win: time, moves, hints, and the statistics that moved.

Esc or a tap anywhere but its buttons closes it (the won table stays);
New game deals the next one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from crescent.control.input import PointerDown, PointerUp
from crescent.i18n import text as T
from crescent.play.summary import Figure
from crescent.ui import render
from crescent.ui.dialogs import Dialog, Row, RowKind
from crescent.ui.events import GameEvent
from crescent.ui.hud import format_time

if TYPE_CHECKING:
    from crescent.ui.app import App

FIGURE_NAMES = {
    Figure.WON_PLAYED: T.WON_OF_PLAYED,
    Figure.WIN_RATE: T.WIN_RATE,
    Figure.STREAK: T.CURRENT_STREAK,
    Figure.DAILY_STREAK: T.DAILY_STREAK,
}


class WinSummaryDialog(Dialog):
    def __init__(self, app: App) -> None:
        super().__init__(app, {"new": app.new_game})
        self._down_on_button = False

    def handle(self, event: GameEvent) -> None:
        if isinstance(event, PointerDown):
            self._down_on_button = render.hit(self.buttons, (event.x, event.y)) is not None
        elif (
            isinstance(event, PointerUp)
            and not self._down_on_button
            and render.hit(self.buttons, (event.x, event.y)) is None
        ):
            self.close()  # a tap beside the buttons
            return
        super().handle(event)

    def rows(self) -> list[Row]:
        tr = self.app.tr
        session = self.app.session
        summary = session.win_summary
        out = session.outcome
        seconds = summary.seconds if summary else (out.seconds if out else session.elapsed)
        moves = summary.moves if summary else (out.moves if out else session.game.moves)
        rows = [
            Row(RowKind.TITLE, tr(T.WON_TITLE)),
            Row(RowKind.PAIR, tr(T.TIME), value=format_time(seconds)),
            Row(RowKind.PAIR, tr(T.MOVES), value=str(moves)),
        ]
        if summary is not None:
            rows.append(Row(RowKind.PAIR, tr(T.HINTS_USED_LABEL), value=str(summary.hints)))
            records = [
                tr(message)
                for message, beaten in (
                    (T.NEW_BEST_TIME, summary.new_best_time),
                    (T.NEW_FEWEST_MOVES, summary.fewest_moves),
                )
                if beaten
            ]
            if records:
                rows.append(Row(RowKind.TEXT, "  ·  ".join(records)))
            for figure, before, after in summary.figures():
                value = after if before == after else f"{before} → {after}"
                rows.append(Row(RowKind.PAIR, tr(FIGURE_NAMES[figure]), value=value))
        rows.append(
            Row(
                RowKind.BUTTONS,
                buttons=((tr(T.CLOSE), "close", False), (tr(T.NEW_GAME), "new", True)),
            )
        )
        return rows
