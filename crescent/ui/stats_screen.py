"""The statistics screen: per mode (a tab each) its figures, its last games and charts.

The figures are the mode's statistics (the daily deal's on the tab of the mode daily
deals are dealt in), with a confirmed reset; the last games list the result, time and
moves of the ten newest, and a tap (or Enter) on one shows its code, to copy or to play
again (after "Abandon this game?" when a game is in progress), and its replay to watch
(:mod:`crescent.ui.replay_screen`) or to copy as a command line; the charts show the win
rate of the last 100 games, the best and median times and, in the levels game, the
levels reached. Everything is read from the history through the session, with the
queries ``--stats`` uses (:mod:`crescent.play.queries`), shaped by
:mod:`crescent.play.chart_data`.
"""

from __future__ import annotations

import enum
from datetime import datetime
from functools import partial
from typing import NamedTuple

import pygame
import pygame.scrap

from crescent.i18n import text as T
from crescent.play import history, queries
from crescent.play.chart_data import LAST, levels_chart, times_chart, win_rate_chart
from crescent.play.daily import DAILY_VARIANT
from crescent.play.queries import GameRow, Times
from crescent.play.replay import Replay, ReplayError
from crescent.play.stats import Stats
from crescent.rules import modes
from crescent.rules.modes import Mode
from crescent.ui import charts
from crescent.ui.dialogs import ButtonSpec, Dialog, MessageDialog, Row, RowKind, deal_code
from crescent.ui.hud import format_time
from crescent.ui.render import Action
from crescent.ui.replay_screen import ReplayScene
from crescent.ui.scene import Host, Screen

SHOWN_GAMES = 10
"""The last games listed, newest first."""


class View(enum.Enum):
    """What a mode's tab shows."""

    FIGURES = T.STATS_FIGURES
    GAMES = T.LAST_GAMES
    CHARTS = T.CHARTS


class _History(NamedTuple):
    """What the games and charts views show of a mode, read once per change of the history."""

    games: list[GameRow]
    """The last :data:`~crescent.play.chart_data.LAST` games, newest first."""
    rate: float | None
    times: Times
    levels: dict[int, int]
    imported: int
    """Games counted from an earlier version's totals, without a row behind them."""


class StatsScreen(Dialog):
    """Statistics per mode (a tab each) in three views, with a confirmed reset."""

    width_em = 30

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.mode = host.session.mode
        self.view = View.FIGURES
        self._tabs = {m: partial(self.show, m) for m in modes.MODES}
        self._views = {v: partial(self.show_view, v) for v in View}
        self._read: tuple[str, Stats, _History] | None = None
        self._open: dict[str, Action] = {}
        """The action of each game's entry (the same one at every layout)."""

    def show(self, mode: Mode) -> None:
        self.mode = mode

    def show_view(self, view: View) -> None:
        self.view = view

    def variants(self) -> list[list[Row]]:
        """The rows of every tab and view (the dialog keeps the largest's size)."""
        shown = self.mode, self.view
        out = []
        for mode in modes.MODES:
            for view in View:
                self.mode, self.view = mode, view
                out.append(self.rows())
        self.mode, self.view = shown
        return out

    def confirm_reset(self) -> None:
        self.host.open(Screen.RESET_STATS)

    def history(self) -> _History:
        """The mode's last games and chart figures, read again after any game ends (or a
        reset): the session's statistics are then a new value."""
        session, key = self.host.session, self.mode.stats_key
        stats = session.stats
        if self._read is None or self._read[0] != key or self._read[1] is not stats:
            imported = session.read(history.imported).get(key)
            found = _History(
                session.read(queries.last_games, LAST, key),
                session.read(queries.win_rate, key, LAST),
                session.read(queries.times, key),
                session.read(queries.levels_reached, key),
                imported.played if imported is not None else 0,
            )
            self._read = (key, stats, found)
        return self._read[2]

    def _figures(self) -> list[tuple[str, str]]:
        """(label, value) of the mode shown, then of the daily deal on its mode's tab."""
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
        if self.mode.letter == DAILY_VARIANT:
            # Daily deals are dealt in one mode only: their figures are on its tab alone.
            daily = self.host.session.stats.daily
            today = self.host.session.today()
            pairs += [
                (T.DAILY_WON, str(daily.won)),
                (T.DAILY_STREAK, str(daily.streak(today))),
                (T.DAILY_BEST, str(daily.best)),
            ]
        return pairs

    def rows(self) -> list[Row]:
        tr = self.host.kit.tr
        tabs = tuple(
            ButtonSpec(tr(T.MODE_NAMES[m.key]), self._tabs[m], m == self.mode) for m in modes.MODES
        )
        views = tuple(ButtonSpec(tr(v.value), self._views[v], v == self.view) for v in View)
        # The same foot in every view: Close stays where it is, as the tabs do.
        bottom = (
            ButtonSpec(tr(T.RESET_STATS), self.confirm_reset),
            ButtonSpec(tr(T.CLOSE), self.close, True),
        )
        return [
            Row(RowKind.TITLE, tr(T.STATS_TITLE)),
            Row(RowKind.BUTTONS, buttons=tabs, tabs=True),
            Row(RowKind.BUTTONS, buttons=views, tabs=True),
            *self._content(),
            Row(RowKind.BUTTONS, buttons=bottom),
        ]

    def _content(self) -> list[Row]:
        tr = self.host.kit.tr
        if self.view is View.GAMES:
            return self._games()
        if self.view is View.CHARTS:
            return self._charts()
        out = [Row(RowKind.PAIR, tr(label), value=value) for label, value in self._figures()]
        imported = self.history().imported
        if imported:
            out.append(Row(RowKind.TEXT, tr.plural(T.IMPORTED_GAMES, imported)))
        return out

    # -- the last games ------------------------------------------------------------------

    def _games(self) -> list[Row]:
        tr = self.host.kit.tr
        games = self.history().games[:SHOWN_GAMES]
        if not games:
            return [Row(RowKind.TEXT, tr(T.NO_GAMES_YET))]
        entries = tuple(ButtonSpec(self.result_text(g), self._opener(g)) for g in games)
        values = tuple(self.figures_text(g) for g in games)
        return [
            Row(RowKind.TEXT, tr(T.TAP_FOR_CODE)),
            Row(RowKind.LIST, buttons=entries, values=values),
        ]

    def result_text(self, game: GameRow) -> str:
        """The entry's label: how the game ended (and the level it reached)."""
        tr = self.host.kit.tr
        result = tr(T.RESULTS[game.result.value])
        if game.level:
            return f"{result} · {tr(T.LEVEL_N, n=game.level)}"
        return result

    def figures_text(self, game: GameRow) -> str:
        """The entry's value: its time, its moves and the day it ended."""
        day = datetime.fromtimestamp(game.ended).date().isoformat()
        moves = self.host.kit.tr.plural(T.WON_MOVES, game.moves)
        return f"{format_time(game.seconds)} · {moves} · {day}"

    def _opener(self, game: GameRow) -> Action:
        action = self._open.get(game.id)
        if action is None:
            action = self._open[game.id] = partial(self.open_game, game)
        return action

    def open_game(self, game: GameRow) -> None:
        """The game's code, to copy or to deal again."""
        self.host.push(GameDialog(self.host, game, self.result_text(game), self.figures_text(game)))

    # -- the charts ----------------------------------------------------------------------

    def _charts(self) -> list[Row]:
        tr, fonts = self.host.kit.tr, self.host.kit.fonts
        found = self.history()
        rate = win_rate_chart(found.games)
        games = tr.plural(T.LAST_N_GAMES, len(found.games))
        shown = f"{round(found.rate * 100)}%" if found.rate is not None else "—"
        caption = tr(T.WIN_RATE_CHART, games=games, rate=shown)

        def win_rate(surface: pygame.Surface, area: pygame.Rect, px: int) -> None:
            def tick(t: float) -> str:
                return f"{round(t * 100)}%"

            empty = tr(T.NO_GAMES_YET)
            charts.draw_columns(surface, area, fonts, px, rate, caption, tick, empty)

        times = times_chart(found.times)
        best, median = found.times.best, found.times.median
        time_rows = [
            (tr(T.BEST_SHORT), format_time(best) if best is not None else "—"),
            (tr(T.MEDIAN_SHORT), format_time(median) if median is not None else "—"),
        ]

        def winning_times(surface: pygame.Surface, area: pygame.Rect, px: int) -> None:
            title, empty = tr(T.TIMES_CHART), tr(T.NO_WINS_YET)
            charts.draw_bars(surface, area, fonts, px, times, title, time_rows, empty)

        out = [
            Row(RowKind.CHART, draw=win_rate, lines=charts.columns_lines()),
            Row(RowKind.CHART, draw=winning_times, lines=charts.bars_lines(2)),
        ]
        if self.mode.levels > 1:
            out.append(self._levels_row(found.levels))
        return out

    def _levels_row(self, reached: dict[int, int]) -> Row:
        tr, fonts, n = self.host.kit.tr, self.host.kit.fonts, self.mode.levels
        chart = levels_chart(reached, n)
        rows = [(tr(T.LEVEL_N, n=level), str(reached.get(level, 0))) for level in range(1, n + 1)]

        def levels(surface: pygame.Surface, area: pygame.Rect, px: int) -> None:
            title, empty = tr(T.LEVELS_CHART), tr(T.NO_GAMES_YET)
            charts.draw_bars(surface, area, fonts, px, chart, title, rows, empty)

        return Row(RowKind.CHART, draw=levels, lines=charts.bars_lines(n))


class GameDialog(MessageDialog):
    """A game of the last games: how it ended, its code; copy it, or play the deal again;
    watch its replay, or copy it as a command line (not in the kiosk, whose operator
    alone sees the statistics)."""

    def __init__(self, host: Host, game: GameRow, title: str, figures: str) -> None:
        tr = host.kit.tr
        self.game = game
        self.replay = None if host.kit.options.kiosk else replay_of(host, game)
        buttons = [ButtonSpec(tr(T.CLOSE), self.close, True)]
        if self.replay is not None:
            buttons[:0] = [
                ButtonSpec(tr(T.WATCH_REPLAY), self.watch),
                ButtonSpec(tr(T.COPY_REPLAY), self.copy_replay),
            ]
        if game.code:
            buttons[:0] = [
                ButtonSpec(tr(T.COPY_CODE), self.copy),
                ButtonSpec(tr(T.PLAY_AGAIN), self.play_again),
            ]
        lines = [figures, tr(T.GAME_CODE_LINE, code=game.code or "—")]
        if self.replay is None and not host.kit.options.kiosk:
            lines.append(tr(T.NO_REPLAY))
        self._fixed = len(lines)
        super().__init__(host, title, lines, buttons)

    def _put(self, text: str, said: str) -> None:
        """Put ``text`` on the clipboard, and say ``said`` (nothing without a clipboard)."""
        try:
            pygame.scrap.put_text(text)
        except pygame.error:  # no clipboard (no video, a headless display)
            return
        self.lines = [*self.lines[: self._fixed], said]
        a = self.host.announcer
        if a is not None:
            a.say(said)

    def copy(self) -> None:
        """Put the code on the clipboard, and say so."""
        self._put(self.game.code, self.host.kit.tr(T.CODE_COPIED, code=self.game.code))

    def watch(self) -> None:
        """The game played back, over this dialog (Close comes back here)."""
        assert self.replay is not None
        self.host.push(ReplayScene(self.host, self.replay, back=self.enter))

    def copy_replay(self) -> None:
        """Put the replay on the clipboard as one line for ``--code … --play …``."""
        replay = self.replay
        assert replay is not None
        said = self.host.kit.tr.plural(T.REPLAY_COPIED, replay.net_moves)
        self._put(replay.share_line(), said)

    def play_again(self) -> None:
        """Deal the game's code ("Abandon this game?" first when one is in progress)."""
        deal_code(self.host, self.game.code)


def replay_of(host: Host, game: GameRow) -> Replay | None:
    """The replay of ``game``, or None when its steps were not kept (a game set up from
    outside, an earlier version's, one of more steps than are logged: the history keeps
    none of them): they must play back from its code, to a win if and only if it was won."""
    played = host.session.read(queries.game_log, game.id)
    if not game.code or not played:
        return None
    try:
        replay = Replay.from_log(game.code, played)
    except ReplayError:
        return None
    won = game.result is history.Result.WON
    return replay if won == (replay.final.is_won and replay.final.last_level) else None
