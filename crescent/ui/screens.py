"""The concrete overlays: settings, statistics, the game code, end-of-game dialogs."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from crescent.control.input import Cmd, KeyPress
from crescent.i18n import text as T
from crescent.languages import LANGUAGES
from crescent.play.levels import LEVEL_MINUTES
from crescent.play.session import LEVEL_COMPLETE, TIME_UP
from crescent.rules import modes
from crescent.rules.deal import InvalidCode, parse_code
from crescent.rules.modes import End, Mode
from crescent.ui.dialogs import Dialog, MessageDialog, Row, RowKind
from crescent.ui.hud import format_time

if TYPE_CHECKING:
    from crescent.ui.app import App

LEVEL_PRESETS: tuple[tuple[int, ...], ...] = (LEVEL_MINUTES, (20, 16, 13, 10), (10, 8, 6, 5))
"""The levels game's countdowns Settings cycles through (minutes per level)."""
CODE_FAULTS = {
    "empty": T.CODE_EMPTY,
    "too_long": T.CODE_TOO_LONG,
    "shape": T.CODE_SHAPE,
    "version": T.CODE_VERSION,
    "variant": T.CODE_VARIANT,
    "length": T.CODE_LENGTH,
    "letters": T.CODE_LETTERS,
    "number": T.CODE_SHAPE,
}


class SettingsScreen(Dialog):
    """Language, interactive rules, variant for new games, deck colours, and more."""

    def __init__(self, app: App) -> None:
        super().__init__(
            app,
            {
                "lang": app.cycle_language,
                "rules": lambda: self._toggle("interactive_rules"),
                "variant": self._cycle_variant,
                "colour": lambda: app.set_four_colour(not app.session.settings.four_colour),
                "winnable": lambda: self._toggle("winnable_only"),
                "times": self._cycle_level_times,
                "fullscreen": app.toggle_fullscreen,
                "sound": app.toggle_sound,
                "playable": lambda: self._toggle("show_playable"),
                "piles": lambda: app.set_show_piles(not app.session.settings.show_piles),
                "stats": app.open_stats,
                "how": app.open_rules,
            },
        )

    def _on_off(self, on: bool) -> str:
        return self.app.tr(T.ON if on else T.OFF)

    def _toggle(self, flag: str) -> None:
        s = self.app.session.settings
        setattr(s, flag, not getattr(s, flag))
        self.app.session.save_settings()

    def _cycle_variant(self) -> None:
        s = self.app.session.settings
        order = modes.MODES
        s.mode = order[(order.index(s.mode) + 1) % len(order)]
        self.app.session.save_settings()

    def _cycle_level_times(self) -> None:
        s = self.app.session.settings
        presets = list(LEVEL_PRESETS)
        i = presets.index(s.level_minutes) if s.level_minutes in presets else -1
        s.level_minutes = presets[(i + 1) % len(presets)]
        self.app.session.save_settings()

    def rows(self) -> list[Row]:
        tr = self.app.tr
        s = self.app.session.settings
        rows = [
            Row(RowKind.TITLE, tr(T.SETTINGS)),
            Row(
                RowKind.SETTING, tr(T.LANGUAGE), ((LANGUAGES.get(tr.lang, tr.lang), "lang", False),)
            ),
            Row(
                RowKind.SETTING,
                tr(T.INTERACTIVE_RULES),
                ((self._on_off(s.interactive_rules), "rules", False),),
            ),
            Row(
                RowKind.SETTING,
                tr(T.VARIANT_FOR_NEW),
                ((tr(T.MODE_NAMES[s.mode.key]), "variant", False),),
            ),
            Row(
                RowKind.SETTING,
                tr(T.LEVEL_TIMES),
                ((" · ".join(map(str, s.level_minutes)), "times", False),),
            ),
            Row(
                RowKind.SETTING,
                tr(T.FOUR_COLOUR),
                ((self._on_off(s.four_colour), "colour", False),),
            ),
            Row(RowKind.SETTING, tr(T.SOUND), ((self._on_off(s.sound), "sound", False),)),
            Row(
                RowKind.SETTING,
                tr(T.SHOW_PILES),
                ((self._on_off(s.show_piles), "piles", False),),
            ),
            Row(
                RowKind.SETTING,
                tr(T.SHOW_PLAYABLE),
                ((self._on_off(s.show_playable), "playable", False),),
            ),
            Row(
                RowKind.SETTING,
                tr(T.WINNABLE_ONLY),
                ((self._on_off(s.winnable_only), "winnable", False),),
            ),
        ]
        if not self.app.options.kiosk:
            rows.append(
                Row(
                    RowKind.SETTING,
                    tr(T.FULL_SCREEN),
                    ((self._on_off(s.fullscreen), "fullscreen", False),),
                )
            )
        rows.append(
            Row(
                RowKind.BUTTONS,
                buttons=(
                    (tr(T.STATISTICS), "stats", False),
                    (tr(T.RULES_TITLE), "how", False),
                    (tr(T.CLOSE), "close", True),
                ),
            )
        )
        return rows


class StatsScreen(Dialog):
    """Statistics per mode, with a confirmed reset."""

    def __init__(self, app: App) -> None:
        self.mode = app.session.mode
        actions: dict[str, Callable[[], None]] = {
            f"mode:{m.key}": partial(self._show, m) for m in modes.MODES
        }
        actions["reset"] = self._confirm_reset
        super().__init__(app, actions)

    def _show(self, mode: Mode) -> None:
        self.mode = mode

    def _confirm_reset(self) -> None:
        tr = self.app.tr

        def reset() -> None:
            self.app.session.reset_stats()
            self.app.pop()

        self.app.push(confirm_dialog(self.app, tr(T.RESET_STATS), tr(T.RESET_CONFIRM), reset))

    def rows(self) -> list[Row]:
        tr = self.app.tr
        st = self.app.session.stats.get(self.mode.stats_key)
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
        tabs = tuple(
            (tr(T.MODE_NAMES[m.key]), f"mode:{m.key}", m == self.mode) for m in modes.MODES
        )
        daily = self.app.session.stats.daily
        today = self.app.session.today()
        pairs += [
            (T.DAILY_WON, str(daily.won)),
            (T.DAILY_STREAK, str(daily.streak(today))),
            (T.DAILY_BEST, str(daily.best)),
        ]
        return [
            Row(RowKind.TITLE, tr(T.STATS_TITLE)),
            Row(RowKind.BUTTONS, buttons=tabs),
            *(Row(RowKind.PAIR, tr(label), value=value) for label, value in pairs),
            Row(
                RowKind.BUTTONS,
                buttons=((tr(T.RESET_STATS), "reset", False), (tr(T.CLOSE), "close", True)),
            ),
        ]


class CodeScreen(Dialog):
    """Shows (and copies) the current code; deals a typed code, with a clear message if bad."""

    KEYS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ1-"

    def __init__(self, app: App) -> None:
        actions: dict[str, Callable[[], None]] = {
            f"k{ch}": partial(self._type, ch) for ch in self.KEYS
        }
        actions.update(
            {"back": self._backspace, "deal": self._deal, "copy": self._copy, "daily": self._daily}
        )
        super().__init__(app, actions)
        self.typed = "CR1-"
        self.error = ""
        self.copied = False
        self._has_daily = app.session.daily_code() is not None
        self._copy()

    def _copy(self) -> None:
        code = self.app.session.game.code
        try:
            import pygame.scrap

            # pygame-ce >= 2.2 sets the clipboard up itself (init() is deprecated).
            pygame.scrap.put_text(code)
            self.copied = True
        except Exception:
            self.copied = False

    def _type(self, ch: str) -> None:
        if len(self.typed) < 20:
            self.typed += ch
        self.error = ""

    def _backspace(self) -> None:
        self.typed = self.typed[:-1]
        self.error = ""

    def _deal(self) -> None:
        try:
            parse_code(self.typed)
        except InvalidCode as e:
            self.error = self.app.tr(CODE_FAULTS.get(e.fault, T.CODE_SHAPE))
            return
        self.app.new_game(code=self.typed)

    def _daily(self) -> None:
        code = self.app.session.daily_code()
        if code is not None:
            self.app.new_game(code=code)

    def text_input(self, text: str) -> None:
        for ch in text.upper():
            if ch.isalnum() or ch == "-":
                self._type(ch)
        self._dirty = True

    def key(self, ev: KeyPress) -> None:
        if ev.key == "backspace":
            self._backspace()
            self._dirty = True
        elif ev.key == "return":
            self._deal()
            self._dirty = True
        elif len(ev.key) == 1 and not ev.ctrl:
            return  # letters arrive as TextInput
        else:
            super().key(ev)

    def rows(self) -> list[Row]:
        tr = self.app.tr
        code = self.app.session.game.code
        info = tr(T.CODE_COPIED, code=code) if self.copied else f"{tr(T.CODE)}: {code}"
        keys = (*((ch, f"k{ch}", False) for ch in self.KEYS), ("←", "back", False))
        return [
            Row(RowKind.TITLE, tr(T.ENTER_CODE)),
            Row(RowKind.TEXT, info),
            Row(RowKind.ERROR, self.error)
            if self.error
            else Row(RowKind.TEXT, tr(T.ENTER_CODE_PROMPT)),
            Row(RowKind.FIELD, self.typed),
            Row(RowKind.KEYS, buttons=keys, columns=10),
            Row(
                RowKind.BUTTONS,
                buttons=(
                    (tr(T.CANCEL), "close", False),
                    *(((tr(T.DAILY_DEAL), "daily", False),) if self._has_daily else ()),
                    (tr(T.DEAL), "deal", True),
                ),
            ),
        ]


def confirm_dialog(app: App, title: str, text: str, yes: Callable[[], None]) -> MessageDialog:
    """A question whose default (Enter, Esc) is No."""
    tr = app.tr
    return MessageDialog(app, title, [text], [(tr(T.YES), yes, False), (tr(T.NO), app.pop, True)])


def abandon_dialog(app: App) -> MessageDialog:
    """New game with moves played: Yes abandons (a loss), No (the default) keeps playing."""
    tr = app.tr
    return confirm_dialog(app, tr(T.ABANDON_TITLE), tr(T.ABANDON_TEXT), app.new_game)


def blocked_dialog(app: App) -> MessageDialog:
    tr = app.tr

    def undo() -> None:
        app.pop()
        app.table.command(Cmd.UNDO)

    buttons: list[tuple[str, Callable[[], None], bool]] = [(tr(T.NEW_GAME), app.new_game, True)]
    if app.session.game.can_undo:
        buttons.insert(0, (tr(T.UNDO_LAST), undo, False))
    return MessageDialog(app, tr(T.BLOCKED_TITLE), [tr(T.BLOCKED_TEXT)], buttons, escape=None)


def lost_dialog(app: App) -> MessageDialog:
    """The position cannot be won: go back (only when the undo history holds an
    earlier position), a new game, or close."""
    tr = app.tr

    def go_back() -> None:
        app.pop()
        app.table.rewind_to_winnable()

    buttons: list[tuple[str, Callable[[], None], bool]] = [
        (tr(T.NEW_GAME), app.new_game, False),
        (tr(T.CLOSE), app.pop, False),
    ]
    if app.session.game.can_undo:
        buttons.insert(0, (tr(T.HINT_GO_BACK), go_back, True))
    return MessageDialog(app, tr(T.HINT_LOST), [], buttons)


def levels_end_dialog(app: App) -> MessageDialog:
    """Levels game: level complete (time left, hints used, next level), game over
    (why, levels completed, time left per level), or all four levels won."""
    tr = app.tr
    session = app.session
    out = session.outcome
    levels = session.levels
    assert out is not None
    assert levels is not None
    per_level = [
        tr(T.LEVEL_TIME_LINE, n=i + 1, time=format_time(r.time_left))
        for i, r in enumerate(levels.done)
    ]
    if out.status is LEVEL_COMPLETE:
        done = levels.done[-1]

        def go_on() -> None:
            app.pop()
            session.go_on()
            app.table.after_change()

        lines = [
            tr(T.LEVEL_TIME_LEFT, time=format_time(done.time_left)),
            tr.plural(T.HINTS_USED, done.hints_used),
            tr(T.NEXT_LEVEL_INFO, n=levels.level, time=format_time(levels.time_left)),
        ]
        title = tr(T.LEVEL_COMPLETE, n=len(levels.done))
        return MessageDialog(app, title, lines, [(tr(T.NEXT_LEVEL), go_on, True)], escape=None)
    new = [(tr(T.NEW_GAME), app.new_game, True)]
    if out.status is End.WON:
        lines = [*per_level, tr(T.WON_TIME, time=format_time(out.seconds))]
        return MessageDialog(app, tr(T.WON_LEVELS_TITLE), lines, new, escape=None)
    why = tr(T.TIME_UP if out.status is TIME_UP else T.STUCK_NO_SHUFFLE)
    lines = [why, tr.plural(T.LEVELS_COMPLETED, len(levels.done)), *per_level]
    return MessageDialog(app, tr(T.GAME_OVER), lines, new, escape=None)


def shuffle_dialog(app: App) -> MessageDialog:
    """Levels game: moves remain; a shuffle spends one of the game's five for good."""
    tr = app.tr

    def shuffle() -> None:
        app.pop()
        app.table.redeal()

    return MessageDialog(
        app,
        tr(T.SHUFFLE_CONFIRM_TITLE),
        [tr(T.SHUFFLE_CONFIRM)],
        [(tr(T.SHUFFLE), shuffle, True), (tr(T.CANCEL), app.pop, False)],
    )
