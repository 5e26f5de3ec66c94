"""The settings screen and the game-code dialog."""

from __future__ import annotations

from functools import partial

import pygame
import pygame.scrap

from crescent import themes
from crescent.control.input import KeyPress
from crescent.i18n import text as T
from crescent.languages import LANGUAGES, next_language
from crescent.play.levels import LEVEL_MINUTES
from crescent.play.settings import Settings
from crescent.rules import modes
from crescent.rules.deal import InvalidCode, parse_code
from crescent.ui.dialogs import ButtonSpec, Dialog, Row, RowKind, deal_code
from crescent.ui.render import Action
from crescent.ui.scene import Host, Screen

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
    """Two pages: the game's settings (language, interactive rules, variant for new games,
    and more) and Display and access (the theme, the card back, the four-colour deck,
    Relaxed, Left-handed); on the desktop, Quit. A page holds as many rows as fit at
    800x600 in every language (``tests/ui/test_text_fits_800.py``): a new setting of how
    the game looks or is played with goes on the second."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.page = 0
        """The page shown: 0 the game's settings, 1 Display and access."""
        self.times_later = False
        """The level times were changed with a levels game in progress: they count from
        the next game (and the screen says so)."""

    def _on_off(self, on: bool) -> str:
        return self.host.kit.tr(T.ON if on else T.OFF)

    # -- what the buttons do (bound methods: the same action at every layout) ------------

    def cycle_language(self) -> None:
        self.host.change_setting("language", next_language(self.host.kit.tr.lang))

    def toggle_rules(self) -> None:
        s = self.host.session.settings
        s.interactive_rules = not s.interactive_rules
        self.host.session.save_settings()

    def cycle_variant(self) -> None:
        s = self.host.session.settings
        order = modes.MODES
        s.mode = order[(order.index(s.mode) + 1) % len(order)]
        self.host.session.save_settings()

    def cycle_level_times(self) -> None:
        s = self.host.session.settings
        presets = list(LEVEL_PRESETS)
        i = presets.index(s.level_minutes) if s.level_minutes in presets else -1
        s.level_minutes = presets[(i + 1) % len(presets)]
        session = self.host.session
        session.save_settings()
        # An untouched levels game takes them at once; one in progress keeps its own.
        self.times_later = not session.apply_level_times() and session.levels is not None

    def show_game_page(self) -> None:
        self.page = 0
        self.focus = -1

    def show_display_page(self) -> None:
        self.page = 1
        self.focus = -1

    def _theme(self) -> str:
        """The theme the table is drawn in (``--theme``'s for this run, else the saved one)."""
        return themes.by_name(self.host.kit.options.theme or self.host.session.settings.theme).name

    def cycle_theme(self) -> None:
        names = list(themes.THEMES)
        self.host.change_setting("theme", names[(names.index(self._theme()) + 1) % len(names)])

    def cycle_card_back(self) -> None:
        names = list(themes.BACKS)
        back = self.host.session.settings.card_back
        i = names.index(back) if back in names else -1
        self.host.change_setting("card_back", names[(i + 1) % len(names)])

    def toggle_relaxed(self) -> None:
        self.host.change_setting("relaxed", not self.host.session.settings.relaxed)

    def toggle_four_colour(self) -> None:
        self.host.change_setting("four_colour", not self.host.session.settings.four_colour)

    def toggle_sound(self) -> None:
        self.host.change_setting("sound", not self.host.session.settings.sound)

    def toggle_speech(self) -> None:
        # At once, and saved.
        self.host.change_setting("speech", not self.host.session.settings.speech)

    def toggle_piles(self) -> None:
        self.host.change_setting("show_piles", not self.host.session.settings.show_piles)

    def toggle_playable(self) -> None:
        s = self.host.session.settings
        s.show_playable = not s.show_playable
        self.host.session.save_settings()

    def toggle_watch(self) -> None:
        s = self.host.session.settings
        s.watch_winnable = not s.watch_winnable
        self.host.session.save_settings()  # the table looks (or stops) at its next update

    def toggle_safe_moves(self) -> None:
        s = self.host.session.settings
        s.safe_moves = not s.safe_moves
        self.host.session.save_settings()  # from the next move on

    def toggle_left_handed(self) -> None:
        self.host.change_setting("left_handed", not self.host.session.settings.left_handed)

    def toggle_winnable(self) -> None:
        s = self.host.session.settings
        s.winnable_only = not s.winnable_only
        self.host.session.save_settings()

    def toggle_fullscreen(self) -> None:
        self.host.change_setting("fullscreen", not self.host.session.settings.fullscreen)

    def open_stats(self) -> None:
        self.host.open(Screen.STATS)

    def open_rules(self) -> None:
        self.host.open(Screen.RULES)

    def open_credits(self) -> None:
        self.host.open(Screen.CREDITS)

    def quit(self) -> None:
        self.host.open(Screen.QUIT)

    # -- rows ------------------------------------------------------------------------------

    def _settings(self, s: Settings) -> list[tuple[str, str, Action]]:
        """(label, value, action) of each setting, in order."""
        tr = self.host.kit.tr
        on_off = self._on_off
        out = [
            (T.LANGUAGE, LANGUAGES.get(tr.lang, tr.lang), self.cycle_language),
            (T.INTERACTIVE_RULES, on_off(s.interactive_rules), self.toggle_rules),
            (T.VARIANT_FOR_NEW, tr(T.MODE_NAMES[s.mode.key]), self.cycle_variant),
            (T.LEVEL_TIMES, " · ".join(map(str, s.level_minutes)), self.cycle_level_times),
            (T.SOUND, on_off(s.sound), self.toggle_sound),
            (T.SPEECH_SETTING, on_off(s.speech), self.toggle_speech),
            (T.SHOW_PILES, on_off(s.show_piles), self.toggle_piles),
            (T.SHOW_PLAYABLE, on_off(s.show_playable), self.toggle_playable),
            (T.WATCH_SETTING, on_off(s.watch_winnable), self.toggle_watch),
            (T.SAFE_MOVES_SETTING, on_off(s.safe_moves), self.toggle_safe_moves),
            (T.WINNABLE_ONLY, on_off(s.winnable_only), self.toggle_winnable),
        ]
        if not self.host.kit.options.kiosk:
            out.append((T.FULL_SCREEN, on_off(s.fullscreen), self.toggle_fullscreen))
        return [(tr(label), value, action) for label, value, action in out]

    def _display_settings(self, s: Settings) -> list[tuple[str, str, Action]]:
        """(label, value, action) of each setting of Display and access, in order."""
        tr = self.host.kit.tr
        out = [
            (T.THEME, tr(T.THEME_NAMES[self._theme()]), self.cycle_theme),
            (T.CARD_BACK, tr(T.BACK_NAMES.get(s.card_back, T.BACK_BLUE)), self.cycle_card_back),
            (T.FOUR_COLOUR, self._on_off(s.four_colour), self.toggle_four_colour),
            (T.RELAXED, self._on_off(s.relaxed), self.toggle_relaxed),
            (T.LEFT_HANDED, self._on_off(s.left_handed), self.toggle_left_handed),
        ]
        return [(tr(label), value, action) for label, value, action in out]

    def _page_switch(self) -> Row:
        """The button to the other page."""
        tr = self.host.kit.tr
        if self.page == 0:
            button = ButtonSpec(f"{tr(T.DISPLAY_AND_ACCESS)} →", self.show_display_page)
        else:
            button = ButtonSpec(f"← {tr(T.GAME_SETTINGS)}", self.show_game_page)
        return Row(RowKind.BUTTONS, buttons=(button,))

    def rows(self) -> list[Row]:
        tr = self.host.kit.tr
        s = self.host.session.settings
        if self.page == 0:
            title, settings = tr(T.SETTINGS), self._settings(s)
        else:
            title, settings = tr(T.DISPLAY_AND_ACCESS), self._display_settings(s)
        rows = [Row(RowKind.TITLE, title), self._page_switch()]
        for label, value, action in settings:
            rows.append(Row(RowKind.SETTING, label, (ButtonSpec(value, action),)))
            if action == self.cycle_level_times and self.times_later:
                rows.append(Row(RowKind.TEXT, tr(T.LEVEL_TIMES_NEXT)))
        if self.page == 1:  # the shorter page: room for one more row at 800x600
            rows.append(
                Row(RowKind.BUTTONS, buttons=(ButtonSpec(tr(T.CREDITS), self.open_credits),))
            )
        # Quit on the desktop only: a kiosk's visitors never leave the game.
        leave = () if self.host.kit.options.kiosk else (ButtonSpec(tr(T.QUIT), self.quit),)
        buttons = (
            ButtonSpec(tr(T.STATISTICS), self.open_stats),
            ButtonSpec(tr(T.RULES_TITLE), self.open_rules),
            *leave,
            ButtonSpec(tr(T.CLOSE), self.close, True),
        )
        rows.append(Row(RowKind.BUTTONS, buttons=buttons))
        return rows


class CodeScreen(Dialog):
    """Shows (and copies) the current code; deals a typed code, with a clear message if bad."""

    KEYS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ1-"

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self._keys = tuple(ButtonSpec(ch, partial(self.type_key, ch)) for ch in self.KEYS)
        self.typed = "CR1-"
        self.error = ""
        self.copied = False
        self._has_daily = host.session.daily_code() is not None
        self._copy()

    def _copy(self) -> None:
        code = self.host.session.game.code
        try:
            # pygame-ce >= 2.2 sets the clipboard up itself (init() is deprecated).
            pygame.scrap.put_text(code)
            self.copied = True
        except pygame.error:  # no clipboard (no video, a headless display)
            self.copied = False

    def type_key(self, ch: str) -> None:
        """A key of the code typed (or tapped)."""
        if len(self.typed) < 20:
            self.typed += ch
        self.error = ""

    def backspace(self) -> None:
        self.typed = self.typed[:-1]
        self.error = ""

    def deal(self) -> None:
        """Deal the typed code, or say what is wrong with it."""
        try:
            parse_code(self.typed)
        except InvalidCode as e:
            self.error = self.host.kit.tr(CODE_FAULTS.get(e.fault, T.CODE_SHAPE))
            return
        self._replace_game(self.typed)

    def daily(self) -> None:
        code = self.host.session.daily_code()
        if code is not None:
            self._replace_game(code)

    def _replace_game(self, code: str) -> None:
        deal_code(self.host, code)

    def text_input(self, text: str) -> None:
        for ch in text.upper():
            if ch.isalnum() or ch == "-":
                self.type_key(ch)
        self._dirty = True

    def key(self, ev: KeyPress) -> None:
        if ev.key == "backspace":
            self.backspace()
            self._dirty = True
        elif ev.key == "return":
            self.deal()
            self._dirty = True
        elif len(ev.key) == 1 and not ev.ctrl:
            return  # letters arrive as TextInput
        else:
            super().key(ev)

    def rows(self) -> list[Row]:
        tr = self.host.kit.tr
        code = self.host.session.game.code
        info = tr(T.CODE_COPIED, code=code) if self.copied else f"{tr(T.CODE)}: {code}"
        keys = (*self._keys, ButtonSpec("←", self.backspace))
        daily = (ButtonSpec(tr(T.DAILY_DEAL), self.daily),) if self._has_daily else ()
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
                    ButtonSpec(tr(T.CANCEL), self.close),
                    *daily,
                    ButtonSpec(tr(T.DEAL), self.deal, True),
                ),
            ),
        ]
