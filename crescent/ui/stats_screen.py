"""The statistics screen: the figures of each game, the daily deal's, and a confirmed reset."""

from __future__ import annotations

from functools import partial

from crescent.i18n import text as T
from crescent.rules import modes
from crescent.rules.modes import Mode
from crescent.ui.dialogs import ButtonSpec, Dialog, Row, RowKind
from crescent.ui.hud import format_time
from crescent.ui.scene import Host, Screen


class StatsScreen(Dialog):
    """Statistics per mode (a tab each), with a confirmed reset."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.mode = host.session.mode
        self._tabs = {m: partial(self.show, m) for m in modes.MODES}

    def show(self, mode: Mode) -> None:
        self.mode = mode

    def confirm_reset(self) -> None:
        self.host.open(Screen.RESET_STATS)

    def _figures(self) -> list[tuple[str, str]]:
        """(label, value) of the mode shown, then of the daily deal."""
        st = self.host.session.stats.get(self.mode.stats_key)
        best = format_time(st.best_time) if st.best_time is not None else "—"
        avg = st.average_time
        pairs = [
            (T.GAMES_PLAYED, str(st.played)),
            (T.GAMES_WON, str(st.won)),
            (T.WIN_RATE, f"{round(st.win_rate * 100)}%"),
            (T.CURRENT_STREAK, str(st.current_streak)),
            (T.BEST_STREAK, str(st.best_streak)),
            (T.BEST_TIME, best),
            (T.FEWEST_MOVES, str(st.fewest_moves) if st.fewest_moves is not None else "—"),
            (T.AVERAGE_TIME, format_time(avg) if avg is not None else "—"),
        ]
        if self.mode.levels > 1:
            left = st.best_time_left
            pairs[3:] = [
                (T.BEST_LEVEL, str(st.best_level) if st.best_level else "—"),
                (T.BEST_TIME_LEFT, format_time(left) if left is not None else "—"),
                (T.BEST_TIME, best),
            ]
        daily = self.host.session.stats.daily
        today = self.host.session.today()
        pairs += [
            (T.DAILY_WON, str(daily.won)),
            (T.DAILY_STREAK, str(daily.streak(today))),
            (T.DAILY_BEST, str(daily.best)),
        ]
        return pairs

    def rows(self) -> list[Row]:
        tr = self.host.tr
        tabs = tuple(
            ButtonSpec(tr(T.MODE_NAMES[m.key]), self._tabs[m], m == self.mode) for m in modes.MODES
        )
        return [
            Row(RowKind.TITLE, tr(T.STATS_TITLE)),
            Row(RowKind.BUTTONS, buttons=tabs),
            *(Row(RowKind.PAIR, tr(label), value=value) for label, value in self._figures()),
            Row(
                RowKind.BUTTONS,
                buttons=(
                    ButtonSpec(tr(T.RESET_STATS), self.confirm_reset),
                    ButtonSpec(tr(T.CLOSE), self.close, True),
                ),
            ),
        ]
