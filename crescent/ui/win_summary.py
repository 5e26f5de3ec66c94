"""The summary after a win: time, moves, hints, and the statistics that moved.

Esc or a tap anywhere but its buttons closes it (the won table stays);
New game deals the next one.
"""

from __future__ import annotations

from crescent.control.input import GameEvent, PointerDown, PointerUp
from crescent.i18n import text as T
from crescent.play.summary import Figure
from crescent.ui import render
from crescent.ui.dialogs import ButtonSpec, Dialog, Row, RowKind
from crescent.ui.hud import format_time
from crescent.ui.scene import Host

FIGURE_NAMES = {
    Figure.WON_PLAYED: T.WON_OF_PLAYED,
    Figure.WIN_RATE: T.WIN_RATE,
    Figure.STREAK: T.CURRENT_STREAK,
    Figure.DAILY_STREAK: T.DAILY_STREAK,
}


class WinSummaryDialog(Dialog):
    def __init__(self, host: Host) -> None:
        super().__init__(host)
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
        tr = self.host.kit.tr
        session = self.host.session
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
                buttons=(
                    ButtonSpec(tr(T.CLOSE), self.close),
                    ButtonSpec(tr(T.NEW_GAME), self.host.new_game, True),
                ),
            )
        )
        return rows
