"""The player's settings: one small value, saved in the database's ``settings`` table.

Pure module (no pygame, nothing at import time). Each field of :class:`Settings` is
declared once, with :func:`setting`: its default, the catalog key of its label, where its
row is on the settings screen, what changing it does (:class:`Effect`), how a saved value
is checked (:class:`Check`) and whether a kiosk config may fix it (:class:`KioskKey`).
The settings screen's rows, saving and loading, and the kiosk config's keys, example and
documented table are read from these declarations (:data:`DECLARED`), so a new setting
is one field here plus its catalog strings.

:meth:`Settings.from_dict` takes what :meth:`Settings.to_dict` wrote; it ignores keys it
does not know (so a file from a later minor change still loads), fills missing keys with
the defaults, and raises ValueError on a value of the wrong type or range.
"""

from __future__ import annotations

import dataclasses
import enum
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from crescent.languages import LANGUAGES
from crescent.play.levels import LEVEL_MINUTES, MINUTES_MAX, check_level_minutes
from crescent.rules import modes
from crescent.rules.modes import Mode
from crescent.themes import BACKS, DEFAULT_BACK, DEFAULT_THEME, THEMES

__all__ = [
    "ANIMATIONS",
    "DECLARED",
    "FORMAT",
    "LANGUAGES",
    "LEVEL_PRESETS",
    "NO_EXAMPLE",
    "WINDOW_MAX",
    "WINDOW_MIN",
    "Check",
    "Declared",
    "Effect",
    "KioskKey",
    "Page",
    "Settings",
    "choice",
    "flag",
    "number",
    "setting",
]

FORMAT: Final = 1
WINDOW_MIN: Final = 320
WINDOW_MAX: Final = 16384
LEVEL_PRESETS: Final[tuple[tuple[int, ...], ...]] = (
    LEVEL_MINUTES,
    (20, 16, 13, 10),
    (10, 8, 6, 5),
)
"""The levels game's countdowns the settings screen cycles through (minutes per level)."""
ANIMATIONS: Final = ("normal", "fast", "none")
"""The animation speeds (:data:`crescent.control.anim.PACES` says what each is)."""
NO_EXAMPLE: Final = object()
"""A kiosk key the documented example leaves out."""


class Effect(enum.Enum):
    """What the app does when a setting changes (``App.change_setting``), besides saving it."""

    NOTHING = "nothing"
    """Read when next needed (the next game, the next move, the next frame's marks)."""
    RELAYOUT = "relayout"
    """The table is laid out again (the HUD's cells, the piles' fans)."""
    REPAINT = "repaint"
    """The table is drawn again with other colours or card pictures."""
    VOICE = "voice"
    """Speech starts or stops at once."""
    SOUND = "sound"
    """Sound playing stops when it is turned off."""
    LANGUAGE = "language"
    """Another translator, its fonts, its voice; every scene laid out again."""
    WINDOW = "window"
    """The window goes full screen or back."""


class Page(enum.Enum):
    """The page of the settings screen a setting's row is on."""

    GAME = 0
    DISPLAY = 1
    """Display and access: how the game looks or is played with."""


@dataclass(frozen=True, slots=True)
class Check:
    """How a value read from a file is checked: ``accept`` returns it (in the field's
    type) or raises ValueError; ``what`` says in words what it must be."""

    what: str
    accept: Callable[[object], object]


def _flag(v: object) -> bool:
    if not isinstance(v, bool):
        raise ValueError
    return v


def flag() -> Check:
    return Check("true or false", _flag)


def choice(options: tuple[str, ...]) -> Check:
    def accept(v: object) -> str:
        if not isinstance(v, str) or v not in options:
            raise ValueError
        return v

    return Check("one of " + ", ".join(options), accept)


def number(lo: float, hi: float, *, whole: bool = False) -> Check:
    """A number from ``lo`` to ``hi`` (``whole``: an int; else returned as a float)."""

    def accept(v: object) -> float:
        if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v):
            raise ValueError
        if (whole and not isinstance(v, int)) or not lo <= v <= hi:
            raise ValueError
        return v if whole else float(v)

    if whole:
        return Check(f"a whole number from {lo:g} to {hi:g}", accept)
    return Check(f"a number from {lo:g} to {hi:g}", accept)


def _window_size(raw: object) -> tuple[int, int]:
    if (
        not isinstance(raw, list | tuple)
        or len(raw) != 2
        or not all(type(x) is int and WINDOW_MIN <= x <= WINDOW_MAX for x in raw)
    ):
        raise ValueError
    return (raw[0], raw[1])


_LEVEL_MINUTES: Final = Check(
    f"{modes.LEVELS.levels} whole numbers of minutes 1..{MINUTES_MAX}", check_level_minutes
)


@dataclass(frozen=True, slots=True)
class KioskKey:
    """A kiosk config may fix this setting (the operator screen then shows it locked):
    ``doc`` is its line in docs/KIOSK.md's table, ``example`` its value in the example."""

    doc: str
    example: object = NO_EXAMPLE


@dataclass(frozen=True, slots=True)
class Declared:
    """One setting's declaration (see :func:`setting`)."""

    name: str
    default: object
    check: Check
    effect: Effect = Effect.NOTHING
    label: str | None = None
    """The name of the :mod:`crescent.i18n.text` message labelling its row; None: no row."""
    page: Page = Page.GAME
    choices: tuple[object, ...] = ()
    """What its row cycles through (none: a flag, which its row turns on and off)."""
    names: tuple[str, ...] = ()
    """The names of the :mod:`crescent.i18n.text` messages its row shows for its
    ``choices`` (none: the row says them otherwise)."""
    desktop_only: bool = False
    """Its row is left out in the kiosk."""
    lenient: bool = False
    """A saved value this version does not know (a later version's) loads as the default."""
    kiosk: KioskKey | None = None


def setting(
    default: object,
    check: Check,
    effect: Effect = Effect.NOTHING,
    label: str | None = None,
    page: Page = Page.GAME,
    choices: tuple[object, ...] = (),
    *,
    names: tuple[str, ...] = (),
    desktop_only: bool = False,
    lenient: bool = False,
    kiosk: KioskKey | None = None,
) -> Any:
    """A field of :class:`Settings`, declared in one place (the name is the field's)."""
    spec = Declared(
        "", default, check, effect, label, page, choices, names, desktop_only, lenient, kiosk
    )
    return dataclasses.field(default=default, metadata={"setting": spec})


@dataclass(slots=True)
class Settings:
    """What the player chose: a mutable value, equal field by field (so unhashable).

    The rows of the settings screen are its fields with a label, in this order.
    ``language`` None means: take it from the system locale. ``variant`` is the code
    letter of the mode of new games (saved as such); :attr:`mode` is that mode.
    """

    language: str | None = setting(
        None,
        choice(tuple(LANGUAGES)),
        Effect.LANGUAGE,
        "LANGUAGE",
        choices=tuple(LANGUAGES),
        kiosk=KioskKey(
            "the visitors' language, from the first game on; the table returns to it when idle",
            "en",
        ),
    )
    interactive_rules: bool = setting(True, flag(), label="INTERACTIVE_RULES")
    variant: str = setting(
        modes.DEFAULT.letter,
        choice(modes.LETTERS),
        label="VARIANT_FOR_NEW",
        choices=modes.LETTERS,
        kiosk=KioskKey(
            "variant of every game, from the first one: `N`, `F` or `D`, or `L` for the "
            "levels game",
            modes.DEFAULT.letter,
        ),
    )
    level_minutes: tuple[int, ...] = setting(
        LEVEL_MINUTES,
        _LEVEL_MINUTES,
        label="LEVEL_TIMES",
        choices=LEVEL_PRESETS,
        kiosk=KioskKey("the levels game's countdown of levels 1 to 4", list(LEVEL_MINUTES)),
    )
    """The levels game's countdown of each level, in minutes."""
    sound: bool = setting(
        True,
        flag(),
        Effect.SOUND,
        "SOUND",
        kiosk=KioskKey(
            "sound on or off, from the first game on (visitors can still mute it)", True
        ),
    )
    speech: bool = setting(False, flag(), Effect.VOICE, "SPEECH_SETTING")
    """Speech: the game says aloud what changes on the table (older files: off)."""
    show_piles: bool = setting(False, flag(), Effect.RELAYOUT, "SHOW_PILES")
    """Fan every pile so each card's corner shows."""
    show_playable: bool = setting(False, flag(), label="SHOW_PLAYABLE")
    """Mark every top card that has a legal move."""
    watch_winnable: bool = setting(True, flag(), label="WATCH_SETTING")
    """"Still winnable?": the table says after each move whether the deal can still be
    won (the standard game; the levels game rations its hints)."""
    safe_moves: bool = setting(False, flag(), label="SAFE_MOVES_SETTING")
    """"Safe moves home": after each move the cards that can never cost a win
    (:mod:`crescent.rules.safe`) go home by themselves (not in the levels game)."""
    winnable_only: bool = setting(
        False,
        flag(),
        label="WINNABLE_ONLY",
        kiosk=KioskKey("deal only games known to be winnable, from the first one", True),
    )
    fullscreen: bool = setting(False, flag(), Effect.WINDOW, "FULL_SCREEN", desktop_only=True)
    theme: str = setting(
        DEFAULT_THEME,
        choice(tuple(THEMES)),
        Effect.REPAINT,
        "THEME",
        Page.DISPLAY,
        tuple(THEMES),
        lenient=True,
        kiosk=KioskKey(
            "the table's theme: `felt` (green baize), `ocean`, `claret` or `contrast` (high "
            "contrast: black table, white text at 7:1 or more, thick outlines). `--theme` "
            "wins for one run"
        ),
    )
    """The table's colours (a name of :data:`crescent.themes.THEMES`)."""
    card_back: str = setting(
        DEFAULT_BACK,
        choice(tuple(BACKS)),
        Effect.REPAINT,
        "CARD_BACK",
        Page.DISPLAY,
        tuple(BACKS),
        lenient=True,
    )
    """The back face-down cards show (a name of :data:`crescent.themes.BACKS`)."""
    four_colour: bool = setting(False, flag(), Effect.REPAINT, "FOUR_COLOUR", Page.DISPLAY)
    relaxed: bool = setting(False, flag(), Effect.RELAYOUT, "RELAXED", Page.DISPLAY)
    """Relaxed: the HUD shows neither the clock nor the moves (both still count for
    the statistics; the levels game keeps its countdown, which is its game)."""
    left_handed: bool = setting(False, flag(), Effect.RELAYOUT, "LEFT_HANDED", Page.DISPLAY)
    """The HUD's most used controls under the left thumb: a HUD column on the left,
    or the bottom bar's rows mirrored (:func:`crescent.control.layout.compute_layout`)."""
    animation: str = setting(
        "normal",
        choice(ANIMATIONS),
        label="ANIMATION",
        page=Page.DISPLAY,
        choices=ANIMATIONS,
        names=("ANIMATION_NORMAL", "ANIMATION_FAST", "ANIMATION_NONE"),
        lenient=True,
        kiosk=KioskKey(
            "how cards move: `normal`, `fast` or `none` (each card's destination lights up "
            "a moment instead); moves, redeals, Finish and the win's cascade follow it",
            "normal",
        ),
    )
    """How fast cards fly (moves, redeals, Finish, the win's cascade); "none": not at all,
    the place a card went to marked a moment."""
    window_size: tuple[int, int] | None = setting(
        None, Check(f"two whole numbers {WINDOW_MIN}..{WINDOW_MAX}", _window_size)
    )
    tip_seen: bool = setting(False, flag())
    """The first-run tip was shown (it is shown once)."""
    levels_intro_seen: bool = setting(False, flag())
    """The levels game's one-screen intro was shown (the first levels game shows it;
    "?" shows it again). Missing from older settings files: False."""

    @property
    def mode(self) -> Mode:
        """The mode of new games."""
        return modes.by_letter(self.variant)

    @mode.setter
    def mode(self, mode: Mode) -> None:
        self.variant = mode.letter

    def change(self, name: str, value: object) -> Effect:
        """Set the setting ``name`` to ``value``; what the app must do about it (saving aside).
        ValueError (one sentence) for a name or a value the declarations refuse."""
        spec = DECLARED.get(name)
        if spec is None:
            raise ValueError(f"settings: there is no setting {name!r}")
        setattr(self, name, _read(spec, value, lenient=False))
        return spec.effect

    def to_dict(self) -> dict[str, Any]:
        """The settings as JSON values (tuples as lists), with the format."""
        out: dict[str, Any] = {"format": FORMAT}
        for spec in DECLARED.values():
            value = getattr(self, spec.name)
            out[spec.name] = list(value) if isinstance(value, tuple) else value
        return out

    @staticmethod
    def from_dict(d: object) -> Settings:
        """The settings ``d`` describes; ValueError saying which value is wrong."""
        if not isinstance(d, dict):
            raise ValueError(f"settings must be an object, not {type(d).__name__}")
        fmt = d.get("format")
        if type(fmt) is not int or fmt != FORMAT:
            raise ValueError(f"unknown settings format {fmt!r} (this version reads {FORMAT})")
        s = Settings()
        for spec in DECLARED.values():
            if spec.name in d:
                setattr(s, spec.name, _read(spec, d[spec.name], lenient=spec.lenient))
        return s


def _read(spec: Declared, value: object, *, lenient: bool) -> object:
    """A value of ``spec``'s setting, checked (None only where that is the default);
    ``lenient``: a value this version does not know is the default."""
    if value is None and spec.default is None:
        return None
    try:
        return spec.check.accept(value)
    except ValueError:
        if lenient:
            return spec.default  # a later version's theme or back: the settings still load
        null = " or null" if spec.default is None else ""
        raise ValueError(
            f"settings: {spec.name} must be {spec.check.what}{null}, got {value!r}"
        ) from None


DECLARED: Final[dict[str, Declared]] = {
    f.name: dataclasses.replace(f.metadata["setting"], name=f.name)
    for f in dataclasses.fields(Settings)
}
"""Each setting's declaration, by name, in field order."""
