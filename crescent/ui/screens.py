"""The settings screen and the game-code dialog."""

from __future__ import annotations

from functools import partial

import pygame
import pygame.scrap

from crescent import themes
from crescent.control.input import KeyPress
from crescent.i18n import text as T
from crescent.languages import LANGUAGES
from crescent.play.settings import DECLARED, Page
from crescent.rules.deal import InvalidCode, parse_code
from crescent.ui.dialogs import ButtonSpec, Dialog, Row, RowKind, deal_code
from crescent.ui.render import Action
from crescent.ui.scene import Host, Screen

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
    Relaxed, Left-handed, Animation); on the desktop, Quit. The rows are the settings
    declared with a label (:data:`crescent.play.settings.DECLARED`), in their order: a flag
    turns over, a setting with choices moves to the next (its row says the catalog names
    it declares), through ``host.change_setting``. A page holds
    as many rows as fit at 800x600 in every language (``tests/ui/test_text_fits_800.py``):
    a new setting of how the game looks or is played with goes on the second."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.page = Page.GAME
        """The page shown."""
        self.times_later = False
        """The level times were changed with a levels game in progress: they count from
        the next game (and the screen says so)."""
        self.steps: dict[str, Action] = {
            name: partial(self.step, name) for name, spec in DECLARED.items() if spec.label
        }
        """Each row's action (the same object at every layout: tests find its button)."""

    def _on_off(self, on: bool) -> str:
        return self.host.kit.tr(T.ON if on else T.OFF)

    # -- what the buttons do -----------------------------------------------------------

    def step(self, name: str) -> None:
        """The row of the setting ``name`` tapped: a flag turns over, a setting with
        choices takes the next one (after the last, the first)."""
        spec = DECLARED[name]
        current = self._current(name)
        if spec.choices:
            i = spec.choices.index(current) if current in spec.choices else -1
            self.host.change_setting(name, spec.choices[(i + 1) % len(spec.choices)])
        else:
            self.host.change_setting(name, not current)
        if name == "level_minutes":
            session = self.host.session
            # An untouched levels game takes them at once; one in progress keeps its own.
            self.times_later = not session.apply_level_times() and session.levels is not None

    def show_game_page(self) -> None:
        self.page = Page.GAME
        self.focus = -1

    def show_display_page(self) -> None:
        self.page = Page.DISPLAY
        self.focus = -1

    def open_stats(self) -> None:
        self.host.open(Screen.STATS)

    def open_rules(self) -> None:
        self.host.open(Screen.RULES)

    def open_credits(self) -> None:
        self.host.open(Screen.CREDITS)

    def quit(self) -> None:
        self.host.open(Screen.QUIT)

    # -- rows ------------------------------------------------------------------------------

    def _current(self, name: str) -> object:
        """The value the player sees now: the language and theme in use (``--lang`` and
        ``--theme`` of this run included), else the saved setting."""
        if name == "language":
            return self.host.kit.tr.lang
        if name == "theme":
            chosen = self.host.kit.options.theme or self.host.session.settings.theme
            return themes.by_name(chosen).name
        return getattr(self.host.session.settings, name)

    def value_text(self, name: str) -> str:
        """The value of the setting ``name`` in words, as its row shows it."""
        tr = self.host.kit.tr
        value = self._current(name)
        if isinstance(value, bool):
            return self._on_off(value)
        spec = DECLARED[name]
        if spec.names and value in spec.choices:
            return tr(getattr(T, spec.names[spec.choices.index(value)]))
        match name:
            case "language":
                return LANGUAGES.get(str(value), str(value))
            case "variant":
                return tr(T.MODE_NAMES[self.host.session.settings.mode.key])
            case "level_minutes" if isinstance(value, tuple):
                return " · ".join(map(str, value))
            case "theme":
                return tr(T.THEME_NAMES[str(value)])
            case "card_back":
                return tr(T.BACK_NAMES.get(str(value), T.BACK_BLUE))
        return str(value)

    def row(self, name: str) -> tuple[str, str, Action]:
        """(label, value, action) of the setting ``name``'s row."""
        label = DECLARED[name].label
        assert label is not None
        return self.host.kit.tr(getattr(T, label)), self.value_text(name), self.steps[name]

    def _page_rows(self) -> list[tuple[str, str, Action]]:
        """(label, value, action) of each setting of the page shown, in order."""
        kiosk = self.host.kit.options.kiosk
        return [
            self.row(name)
            for name, spec in DECLARED.items()
            if spec.label and spec.page is self.page and not (spec.desktop_only and kiosk)
        ]

    def _page_switch(self) -> Row:
        """The button to the other page."""
        tr = self.host.kit.tr
        if self.page is Page.GAME:
            button = ButtonSpec(f"{tr(T.DISPLAY_AND_ACCESS)} →", self.show_display_page)
        else:
            button = ButtonSpec(f"← {tr(T.GAME_SETTINGS)}", self.show_game_page)
        return Row(RowKind.BUTTONS, buttons=(button,))

    def rows(self) -> list[Row]:
        tr = self.host.kit.tr
        title = tr(T.SETTINGS if self.page is Page.GAME else T.DISPLAY_AND_ACCESS)
        rows = [Row(RowKind.TITLE, title), self._page_switch()]
        for label, value, action in self._page_rows():
            rows.append(Row(RowKind.SETTING, label, (ButtonSpec(value, action),)))
            if action == self.steps["level_minutes"] and self.times_later:
                rows.append(Row(RowKind.TEXT, tr(T.LEVEL_TIMES_NEXT)))
        if self.page is Page.DISPLAY:  # the shorter page: room for one more row at 800x600
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
    """Shows the current code, copied when the player asks (its Copy button, Ctrl+C:
    opening the dialog leaves the clipboard alone); deals a typed code, with a clear
    message if bad."""

    KEYS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ1-"

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self._keys = tuple(ButtonSpec(ch, partial(self.type_key, ch)) for ch in self.KEYS)
        self.typed = "CR1-"
        self.error = ""
        self.copied = False
        self._has_daily = host.session.daily_code() is not None

    def copy(self) -> None:
        """Put the code on the clipboard and say so (nothing without a clipboard)."""
        code = self.host.session.game.code
        try:
            # pygame-ce >= 2.2 sets the clipboard up itself (init() is deprecated).
            pygame.scrap.put_text(code)
        except pygame.error:  # no clipboard (no video, a headless display)
            return
        self.copied = True
        self._dirty = True
        a = self.host.announcer
        if a is not None:
            a.say(self.host.kit.tr(T.CODE_COPIED, code=code))

    def spoken(self) -> list[str]:
        """Its title, the code, the prompt and its buttons (Copy's row is said too)."""
        title, *rest = super().spoken()
        return [title, self._info(), self.host.kit.tr(T.COPY_CODE), *rest]

    def _info(self) -> str:
        tr = self.host.kit.tr
        code = self.host.session.game.code
        return tr(T.CODE_COPIED, code=code) if self.copied else f"{tr(T.CODE)}: {code}"

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
        elif ev.key == "c" and ev.ctrl and not ev.alt:
            self.copy()
        elif len(ev.key) == 1 and not ev.ctrl:
            return  # letters arrive as TextInput
        else:
            super().key(ev)

    def rows(self) -> list[Row]:
        tr = self.host.kit.tr
        keys = (*self._keys, ButtonSpec("←", self.backspace))
        daily = (ButtonSpec(tr(T.DAILY_DEAL), self.daily),) if self._has_daily else ()
        return [
            Row(RowKind.TITLE, tr(T.ENTER_CODE)),
            Row(RowKind.SETTING, self._info(), (ButtonSpec(tr(T.COPY_CODE), self.copy),)),
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
