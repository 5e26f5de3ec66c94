"""Modes: everything that makes one game differ from another, and their one registry.

A :class:`Mode` is data plus a few small hooks: the rules of each level (a
one-level game has one), the clock of each level (a countdown in seconds, or
None: the clock counts up), the redeal (or shuffle) budget and whether it spans
the levels, the hint budget per level, the HUD items shown, the ways a game
ends, the letter of its game codes, its statistics key and its pool of
winnable deals.

:data:`MODES` is the registry: the only place that spells a mode's code letter.
Everything else asks it (:func:`by_letter`, :func:`by_key`, :data:`LETTERS`), so
adding a game is one new :class:`Mode` here plus its texts (its player-facing
name lives in :mod:`crescent.i18n.text`, under the mode's ``key``: this package
never imports the translations).

The letters of the registered modes are part of the game codes, which are
forever: a registered letter is never reused nor removed.
"""

from __future__ import annotations

import dataclasses
import enum
import itertools
from typing import Any, Final, Self

from crescent.rules.ruleset import Rules

__all__ = [
    "CRESCENT_FOUR",
    "DEFAULT",
    "FACE_DOWN",
    "HUD_PAIRS",
    "LETTERS",
    "LEVELS",
    "MODES",
    "POOLS",
    "STANDARD",
    "End",
    "HudItem",
    "Mode",
    "by_key",
    "by_letter",
    "describe_letters",
    "hud_halves",
]


class HudItem(enum.StrEnum):
    """One cell of the HUD. The value is the cell's command name."""

    TIME = "time"
    MOVES = "moves"
    REDEAL = "redeal"
    UNDO = "undo"
    REDO = "redo"
    """Redo, beside Undo (on a one-row HUD the right half of Undo's slot: :data:`HUD_PAIRS`)."""
    HINT = "hint"
    NEW = "new"
    CODE = "code"
    SETTINGS = "settings"
    RULES = "rules"
    """The "?" that opens How to play."""
    SOUND = "sound"
    """Sound on or off."""
    LANG = "lang"
    COUNTDOWN = "countdown"
    """The level and its time left, large; in the warning colour in the last minute."""
    SHUFFLE = "shuffle"
    """Shuffle (the levels game's redeal) with the shuffles left in the game."""
    HINTS = "hints"
    """Hint with the hints left at this level."""


class End(enum.Enum):
    """A way a game can end (its value is the session outcome's status)."""

    WON = "won"
    """Every foundation full at the last level."""
    BLOCKED = "blocked"
    """No move possible and no redeal (shuffle) left."""
    TIME_UP = "time_up"
    """The countdown of the level reached zero."""
    LEVEL = "level"
    """A level of the levels game complete, not the last: the game goes on."""


STANDARD_HUD: Final = (
    HudItem.TIME,
    HudItem.MOVES,
    HudItem.REDEAL,
    HudItem.UNDO,
    HudItem.REDO,
    HudItem.HINT,
    HudItem.NEW,
    HudItem.CODE,
    HudItem.SETTINGS,
    HudItem.RULES,
    HudItem.SOUND,
    HudItem.LANG,
)


HUD_PAIRS: Final = frozenset({(HudItem.UNDO, HudItem.REDO)})
"""Cells that may share one slot of the HUD, its left and right halves (each still a full
touch target): the client joins them where that saves the HUD a row (a wide window's
one-row HUD), so Redo costs no card size there."""


def hud_halves(hud: tuple[HudItem, ...]) -> frozenset[int]:
    """The indexes in ``hud`` of the cells that are the left half of a shared slot."""
    return frozenset(i for i, pair in enumerate(itertools.pairwise(hud)) if pair in HUD_PAIRS)


STANDARD_ENDS: Final = frozenset({End.WON, End.BLOCKED})


@dataclasses.dataclass(frozen=True, slots=True)
class Mode:
    """One game the app offers (see the module docstring).

    ``key`` names the mode in settings-free places (texts, logs); ``letter`` is
    its letter in game codes (``CR1-<letter>-...``) and in saved settings;
    ``stats_key`` is its entry in ``stats.json``; ``pool`` names its pool of
    winnable deals (``assets/pools/winnable-<pool>.txt``, and the same key in
    the local pool), None when it has none; ``fair`` names its list of fair deals
    (``assets/pools/fair-<fair>.txt``, :func:`crescent.solver.pools.load_fair`): when it
    has one, every new game is dealt from it. ``summary`` is a short English
    description for the command line's help and developer messages (the
    player-facing name is translated, in :mod:`crescent.i18n.text`).
    """

    key: str
    letter: str
    summary: str
    level_rules: tuple[Rules, ...] = (Rules(),)
    """The rules of each level's deal, level 1 first; one entry for a one-deal game."""
    time_limits: tuple[float | None, ...] = (None,)
    """Per level: the countdown in seconds, or None (the clock counts up)."""
    redeals_span_levels: bool = False
    """The redeal budget is for the whole game (levels together), not per level."""
    hints_per_level: int | None = None
    """How many hints a level allows; None: as many as asked."""
    hud: tuple[HudItem, ...] = STANDARD_HUD
    ends: frozenset[End] = STANDARD_ENDS
    stats_key: str = ""
    """Defaults to the code letter."""
    pool: str | None = None
    fair: str | None = None

    def __post_init__(self) -> None:
        if len(self.letter) != 1 or not "A" <= self.letter <= "Z":
            raise ValueError(f"a mode's code letter is one letter A-Z, got {self.letter!r}")
        if not self.key or not self.level_rules:
            raise ValueError("a mode needs a key and at least one level")
        if len(self.time_limits) != len(self.level_rules):
            raise ValueError(f"mode {self.key}: one time limit per level")
        if self.redeals_span_levels and len({r.redeals for r in self.level_rules}) != 1:
            raise ValueError(f"mode {self.key}: a game-wide redeal budget is the same each level")
        if not self.stats_key:
            # The one field with a computed default: set once, as the dataclass is made.
            object.__setattr__(self, "stats_key", self.letter)

    def replace(self, **changes: Any) -> Self:
        """A copy with the fields named in ``changes`` set to their values (checked as a
        new mode is)."""
        return dataclasses.replace(self, **changes)

    @property
    def levels(self) -> int:
        return len(self.level_rules)

    @property
    def redeals(self) -> int:
        """The redeal (shuffle) budget of level 1, or of the game when it spans levels."""
        return self.level_rules[0].redeals

    def rules_for_level(self, level: int = 1) -> Rules:
        """The rules of level ``level`` (1 = the first)."""
        return self.level_rules[self._index(level)]

    def time_limit(self, level: int = 1) -> float | None:
        """The countdown of ``level`` in seconds; None when the clock counts up."""
        return self.time_limits[self._index(level)]

    def counts_down(self, level: int = 1) -> bool:
        return self.time_limit(level) is not None

    def with_time_limits(self, limits: tuple[float | None, ...]) -> Mode:
        """This mode with other countdowns (configured in settings or a kiosk config)."""
        return self.replace(time_limits=limits)

    def shows(self, item: HudItem) -> bool:
        return item in self.hud

    def _index(self, level: int) -> int:
        if not 1 <= level <= len(self.level_rules):
            raise ValueError(f"mode {self.key} has levels 1..{len(self.level_rules)}, not {level}")
        return level - 1


# -- the registry -------------------------------------------------------------------

STANDARD: Final = Mode(key="standard", letter="N", summary="standard", pool="N")
CRESCENT_FOUR: Final = Mode(
    key="four",
    letter="F",
    summary="Crescent Four",
    level_rules=(Rules(redeals=4),),
    pool="F",
)
FACE_DOWN: Final = Mode(
    key="face_down",
    letter="D",
    summary="face-down deal",
    level_rules=(Rules(face_down=True),),
    pool="N",  # the same cards as the standard deal of the same number
)

SHUFFLES: Final = 5
"""Shuffles in a whole levels game, all levels together."""
LEVELS: Final = Mode(
    key="levels",
    letter="L",
    summary="levels (timed)",
    level_rules=(
        *[Rules(redeals=SHUFFLES, redeal="shuffle", empty_piles_accept=True)] * 3,
        Rules(redeals=SHUFFLES, redeal="shuffle", empty_piles_accept=False),
    ),
    time_limits=(15 * 60.0, 12 * 60.0, 10 * 60.0, 8 * 60.0),
    redeals_span_levels=True,
    hints_per_level=3,
    hud=(
        HudItem.COUNTDOWN,
        HudItem.MOVES,
        HudItem.SHUFFLE,
        HudItem.UNDO,
        HudItem.REDO,
        HudItem.HINTS,
        HudItem.NEW,
        HudItem.CODE,
        HudItem.SETTINGS,
        HudItem.RULES,
        HudItem.SOUND,
        HudItem.LANG,
    ),
    ends=frozenset({End.WON, End.BLOCKED, End.TIME_UP}),
    fair="L",
)
"""The levels game (RULES.md section 7): four deals against the clock, five shuffles
a game (levels together), three hints a level; empty piles take cards at levels 1-3.
New games come from its fair deals (docs/SOLVER.md, "Fair levels games")."""

MODES: Final[tuple[Mode, ...]] = (STANDARD, CRESCENT_FOUR, FACE_DOWN, LEVELS)
"""Every mode, in the order the player is offered them."""
DEFAULT: Final = STANDARD
LETTERS: Final = tuple(m.letter for m in MODES)
POOLS: Final = tuple(dict.fromkeys(m.pool for m in MODES if m.pool is not None))
"""The names of the pools of winnable deals, each once."""
FAIRS: Final = tuple(m.fair for m in MODES if m.fair is not None)
"""The names of the lists of fair deals."""

_BY_LETTER: Final = {m.letter: m for m in MODES}
_BY_KEY: Final = {m.key: m for m in MODES}


def describe_letters() -> str:
    """``"N (standard), F (Crescent Four) or D (face-down deal)"``."""
    parts = [f"{m.letter} ({m.summary})" for m in MODES]
    return ", ".join(parts[:-1]) + " or " + parts[-1] if len(parts) > 1 else parts[0]


def by_letter(letter: str) -> Mode:
    """The mode of a code letter; ValueError naming the letters otherwise."""
    mode = _BY_LETTER.get(letter) if isinstance(letter, str) else None
    if mode is None:
        raise ValueError(f"unknown variant {letter!r}: use {describe_letters()}")
    return mode


def by_key(key: str) -> Mode:
    """The mode of a key (``"standard"``...); ValueError otherwise."""
    mode = _BY_KEY.get(key) if isinstance(key, str) else None
    if mode is None:
        raise ValueError(f"unknown mode {key!r}: use one of {', '.join(_BY_KEY)}")
    return mode
