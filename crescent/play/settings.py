"""The player's settings: one small value, saved as ``settings.json``.

Pure module (no pygame, nothing at import time). :meth:`Settings.from_dict`
takes what :meth:`Settings.to_dict` wrote; it ignores keys it does not know
(so a file from a later minor change still loads), fills missing keys with
the defaults, and raises ValueError on a value of the wrong type or range.
"""

from __future__ import annotations

from typing import Any, Final

from crescent.languages import LANGUAGES
from crescent.play.levels import LEVEL_MINUTES, check_level_minutes
from crescent.rules import modes
from crescent.rules.modes import Mode
from crescent.themes import BACKS, DEFAULT_BACK, DEFAULT_THEME, THEMES

__all__ = [
    "FORMAT",
    "LANGUAGES",
    "WINDOW_MAX",
    "WINDOW_MIN",
    "Settings",
]

FORMAT: Final = 1
WINDOW_MIN: Final = 320
WINDOW_MAX: Final = 16384

_FLAGS: Final = (
    "interactive_rules",
    "four_colour",
    "winnable_only",
    "fullscreen",
    "sound",
    "show_piles",
    "show_playable",
    "watch_winnable",
    "safe_moves",
    "left_handed",
    "relaxed",
    "speech",
    "tip_seen",
    "levels_intro_seen",
)


class Settings:
    """What the player chose. ``language`` None means: take it from the system locale.

    ``variant`` is the code letter of the mode of new games (saved as such);
    :attr:`mode` is that mode. Every field is an instance attribute (no
    ``__slots__``): the session copies one with ``Settings(**vars(s))``.
    """

    def __init__(
        self,
        language: str | None = None,
        interactive_rules: bool = True,
        variant: str = modes.DEFAULT.letter,
        four_colour: bool = False,
        winnable_only: bool = False,
        fullscreen: bool = False,
        window_size: tuple[int, int] | None = None,
        level_minutes: tuple[int, ...] = LEVEL_MINUTES,
        sound: bool = True,
        show_piles: bool = False,
        show_playable: bool = False,
        tip_seen: bool = False,
        watch_winnable: bool = True,
        levels_intro_seen: bool = False,
        safe_moves: bool = False,
        left_handed: bool = False,
        theme: str = DEFAULT_THEME,
        card_back: str = DEFAULT_BACK,
        relaxed: bool = False,
        speech: bool = False,
    ) -> None:
        self.language = language
        self.interactive_rules = interactive_rules
        self.variant = variant
        self.four_colour = four_colour
        self.winnable_only = winnable_only
        self.fullscreen = fullscreen
        self.window_size = window_size
        self.level_minutes = level_minutes
        """The levels game's countdown of each level, in minutes."""
        self.sound = sound
        self.show_piles = show_piles
        """Fan every pile so each card's corner shows."""
        self.show_playable = show_playable
        """Mark every top card that has a legal move."""
        self.tip_seen = tip_seen
        """The first-run tip was shown (it is shown once)."""
        self.watch_winnable = watch_winnable
        """"Still winnable?": the table says after each move whether the deal can still be
        won (the standard game; the levels game rations its hints)."""
        self.levels_intro_seen = levels_intro_seen
        """The levels game's one-screen intro was shown (the first levels game shows it;
        "?" shows it again). Missing from older settings files: False."""
        self.safe_moves = safe_moves
        """"Safe moves home": after each move the cards that can never cost a win
        (:mod:`crescent.rules.safe`) go home by themselves (not in the levels game)."""
        self.left_handed = left_handed
        """The HUD's most used controls under the left thumb: a HUD column on the left,
        or the bottom bar's rows mirrored (:func:`crescent.control.layout.compute_layout`)."""
        self.theme = theme
        """The table's colours (a name of :data:`crescent.themes.THEMES`)."""
        self.card_back = card_back
        """The back face-down cards show (a name of :data:`crescent.themes.BACKS`)."""
        self.relaxed = relaxed
        """Relaxed: the HUD shows neither the clock nor the moves (both still count for
        the statistics; the levels game keeps its countdown, which is its game)."""
        self.speech = speech
        """Speech: the game says aloud what changes on the table (older files: off)."""

    # Equal field by field, and (with __eq__ defined) unhashable: a mutable value.
    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return vars(self) == vars(other)

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={value!r}" for name, value in vars(self).items())
        return f"{type(self).__qualname__}({fields})"

    @property
    def mode(self) -> Mode:
        """The mode of new games."""
        return modes.by_letter(self.variant)

    @mode.setter
    def mode(self, mode: Mode) -> None:
        self.variant = mode.letter

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "language": self.language,
            "interactive_rules": self.interactive_rules,
            "variant": self.variant,
            "four_colour": self.four_colour,
            "winnable_only": self.winnable_only,
            "fullscreen": self.fullscreen,
            "window_size": list(self.window_size) if self.window_size is not None else None,
            "level_minutes": list(self.level_minutes),
            "sound": self.sound,
            "show_piles": self.show_piles,
            "show_playable": self.show_playable,
            "tip_seen": self.tip_seen,
            "watch_winnable": self.watch_winnable,
            "levels_intro_seen": self.levels_intro_seen,
            "safe_moves": self.safe_moves,
            "left_handed": self.left_handed,
            "theme": self.theme,
            "card_back": self.card_back,
            "relaxed": self.relaxed,
            "speech": self.speech,
        }

    @staticmethod
    def from_dict(d: object) -> Settings:
        """The settings ``d`` describes; ValueError saying which value is wrong."""
        if not isinstance(d, dict):
            raise ValueError(f"settings must be an object, not {type(d).__name__}")
        fmt = d.get("format")
        if type(fmt) is not int or fmt != FORMAT:
            raise ValueError(f"unknown settings format {fmt!r} (this version reads {FORMAT})")
        s = Settings()
        language = d.get("language", s.language)
        if language is not None and language not in LANGUAGES:
            raise ValueError(f"settings: language must be one of {tuple(LANGUAGES)} or null")
        s.language = language
        for name in _FLAGS:
            value = d.get(name, getattr(s, name))
            if not isinstance(value, bool):
                raise ValueError(f"settings: {name} must be true or false, got {value!r}")
            setattr(s, name, value)
        variant = d.get("variant", s.variant)
        if variant not in modes.LETTERS:
            raise ValueError(f"settings: variant must be one of {modes.LETTERS}, got {variant!r}")
        s.variant = variant
        # A theme or back this version does not know (a later version's, or a hand-edited
        # file) is the default: the settings still load.
        theme = d.get("theme", s.theme)
        s.theme = theme if isinstance(theme, str) and theme in THEMES else DEFAULT_THEME
        back = d.get("card_back", s.card_back)
        s.card_back = back if isinstance(back, str) and back in BACKS else DEFAULT_BACK
        s.window_size = _window_size(d.get("window_size"))
        s.level_minutes = check_level_minutes(
            d.get("level_minutes", s.level_minutes), "settings: level_minutes"
        )
        return s


def _window_size(raw: object) -> tuple[int, int] | None:
    if raw is None:
        return None
    if (
        not isinstance(raw, list | tuple)
        or len(raw) != 2
        or not all(type(x) is int and WINDOW_MIN <= x <= WINDOW_MAX for x in raw)
    ):
        raise ValueError(
            f"settings: window_size must be null or two whole numbers "
            f"{WINDOW_MIN}..{WINDOW_MAX}, got {raw!r}"
        )
    return (raw[0], raw[1])
