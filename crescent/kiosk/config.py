"""The kiosk configuration file: a JSON object with a ``kiosk`` section.

Pure module (no pygame, nothing at import time). The file is read once, at
start; anything wrong with it (missing, not JSON, a wrong type, an unknown
key, no PIN) is a :class:`KioskConfigError` whose message is one line, so the
kiosk never starts unlocked by mistake. Messages never repeat the PIN.

The documented example is :data:`EXAMPLE` (every key but ``pin`` is optional;
the values shown are the defaults where there is one).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from crescent.control.layout import CORNERS
from crescent.languages import LANGUAGES
from crescent.play.levels import check_level_minutes
from crescent.play.safejson import BadJson, NotRegular, read_json_object, shown
from crescent.play.settings import Settings
from crescent.rules import modes
from crescent.rules.modes import LETTERS
from crescent.themes import THEMES

__all__ = [
    "CORNERS",
    "EXAMPLE",
    "MODES",
    "KioskConfig",
    "KioskConfigError",
    "apply_to_settings",
    "load_kiosk_config",
    "parse_kiosk_config",
]

MODES: Final = {"standard": None, "levels": modes.LEVELS}
"""``mode``: the standard game (its variant from ``variant``) or the levels game."""
PIN_DIGITS: Final = (4, 12)
"""The PIN is a string of 4 to 12 digits (the on-screen pad has digits only)."""

EXAMPLE: Final = """\
{
  "kiosk": {
    "pin": "2468",
    "idle_seconds": 90,
    "operator_idle_seconds": 300,
    "exit_corner": "top-left",
    "exit_corner_px": 80,
    "exit_hold_seconds": 5,
    "pin_tries": 3,
    "pin_lockout_seconds": 30,
    "dpi": 96,
    "touch_mm": 9,
    "ghost_tap_ms": 60,
    "language": "en",
    "mode": "standard",
    "variant": "N",
    "winnable_only": true,
    "level_minutes": [15, 12, 10, 8],
    "sound": true,
    "export_dir": "/media/usb",
    "metrics_dir": "/var/lib/prometheus/node-exporter"
  }
}
"""


class KioskConfigError(Exception):
    """The configuration cannot be used; the message is one line for the operator."""


@dataclass(frozen=True)
class KioskConfig:
    """The kiosk's settings. ``pin`` is kept out of ``repr`` (and so out of logs).

    With no ``pin`` (``--kiosk`` without ``--config``) the kiosk is fully locked:
    no exit gesture and no operator settings; only its supervisor can stop it.
    """

    pin: str | None = field(default=None, repr=False)
    idle_s: float = 90.0
    """Seconds without a touch before the table turns into the attract loop."""
    exit_corner: str = "top-left"
    exit_corner_px: int = 80
    """Side of the exit corner square at 9 mm touch targets on a 96 dpi screen; scaled up
    with the touch size."""
    exit_hold_s: float = 5.0
    """How long the exit corner must be pressed before the PIN pad opens."""
    pin_tries: int = 3
    """Wrong PINs allowed before a wait is imposed."""
    pin_lockout_s: float = 30.0
    """The first wait; it doubles with every further wrong PIN."""
    dpi: float | None = None
    touch_mm: float = 9.0
    ghost_tap_ms: float = 60.0
    """A finger's press this soon after the last press or release at its spot is a ghost
    touch, dropped (0: none dropped; see ``crescent.control.ghosts``)."""
    language: str | None = None
    """The visitors' default language: restored when the table goes idle."""
    variant: str | None = None
    """Variant for new games (overrides the saved setting at start)."""
    winnable_only: bool | None = None
    """Deal only winnable games (overrides the saved setting at start)."""
    level_minutes: tuple[int, ...] | None = None
    """The levels game's countdown per level, minutes (overrides the saved setting)."""
    operator_idle_s: float = 300.0
    """Seconds without a touch before an operator screen closes back to the table (the
    attract loop never starts while one is open)."""
    export_dir: str | None = None
    """A folder the operator screen offers for the venue statistics' CSV."""
    dim_hours: tuple[int, int] | None = None
    """Night dimming: from the first hour to the second (local time, 0-23; ``[22, 7]``
    runs past midnight) the attract loop is shown dimmed; a visitor's touch brings the
    full brightness back for the game. None: never dimmed."""
    metrics_dir: str | None = None
    """Where ``crescent.prom`` is written every minute for node_exporter's textfile
    collector (see ``crescent.kiosk.metrics``); None: no metrics."""
    fixed: frozenset[str] = frozenset()
    """The keys the file sets: the operator screen shows those values as locked."""
    sound: bool | None = None
    """Sound on or off at start (the visitors may still mute it)."""
    theme: str | None = None
    """The table's theme (:data:`crescent.themes.THEMES`), put in the settings at start."""

    def fixes(self, key: str) -> bool:
        """Whether the file sets ``key`` (a value the operator screen cannot change)."""
        return key in self.fixed or (key == "variant" and "mode" in self.fixed)


def apply_to_settings(kc: KioskConfig, settings: Settings, *, lang_option: str | None) -> bool:
    """Put the config's ``variant``, ``winnable_only``, ``level_minutes``, ``sound``,
    ``theme`` and ``language`` (unless ``--lang`` was given) into ``settings``, before the
    first game is dealt; True if anything changed."""
    before = settings.to_dict()
    if kc.variant is not None:
        settings.variant = kc.variant
    if kc.winnable_only is not None:
        settings.winnable_only = kc.winnable_only
    if kc.level_minutes is not None:
        settings.level_minutes = kc.level_minutes
    if kc.sound is not None:
        settings.sound = kc.sound
    if kc.theme is not None:
        settings.theme = kc.theme
    if kc.language is not None and lang_option is None:
        settings.language = kc.language
    return settings.to_dict() != before


MAX_CONFIG_BYTES: Final = 64 * 1024
"""A config file is a few hundred bytes; a larger one is refused unread."""


def load_kiosk_config(path: Path) -> KioskConfig:
    """Read and check the configuration file; KioskConfigError (one line) if unusable.

    Only a regular file of at most :data:`MAX_CONFIG_BYTES`, nested at most 32
    deep, is read (a FIFO never blocks); no message repeats the file's content.
    """
    where = f"config file {shown(str(path), 120)}"
    try:
        obj = read_json_object(Path(path), MAX_CONFIG_BYTES, bom=True)
    except FileNotFoundError:
        raise KioskConfigError(f"{where} does not exist") from None
    except NotRegular:
        raise KioskConfigError(f"{where} is not a regular file (a folder, a FIFO...)") from None
    except BadJson as e:
        raise KioskConfigError(f"{where}: {e}") from None
    except OSError as e:
        why = e.strerror or type(e).__name__
        raise KioskConfigError(f"{where} cannot be read: {why}") from None
    return parse_kiosk_config(obj, where)


_KEY_LIKE: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,31}")

_KEYS: Final = (
    "pin",
    "idle_seconds",
    "exit_corner",
    "exit_corner_px",
    "exit_hold_seconds",
    "pin_tries",
    "pin_lockout_seconds",
    "dpi",
    "touch_mm",
    "ghost_tap_ms",
    "language",
    "variant",
    "winnable_only",
    "mode",
    "level_minutes",
    "operator_idle_seconds",
    "export_dir",
    "metrics_dir",
    "dim_hours",
    "sound",
    "theme",
)


def parse_kiosk_config(obj: object, where: str = "config file") -> KioskConfig:
    """The configuration in the decoded JSON ``obj``; KioskConfigError if anything is wrong.

    Other top-level sections are ignored; inside ``kiosk`` an unknown key is an
    error (a misspelt key would otherwise be silently left at its default).
    """
    section = _kiosk_section(obj, where)
    s = _Section(section, where)
    return KioskConfig(
        pin=_pin(section, where),
        idle_s=s.number("idle_seconds", 90.0, 10.0, 86400.0),
        exit_corner=s.choice("exit_corner", CORNERS) or "top-left",
        exit_corner_px=s.integer("exit_corner_px", 80, 40, 400),
        exit_hold_s=s.number("exit_hold_seconds", 5.0, 1.0, 60.0),
        pin_tries=s.integer("pin_tries", 3, 1, 20),
        pin_lockout_s=s.number("pin_lockout_seconds", 30.0, 1.0, 3600.0),
        dpi=s.optional_number("dpi", 30.0, 1000.0),
        touch_mm=s.number("touch_mm", 9.0, 5.0, 30.0),
        ghost_tap_ms=s.number("ghost_tap_ms", 60.0, 0.0, 500.0),
        language=s.choice("language", tuple(LANGUAGES)),
        variant=_variant(s, where),
        winnable_only=s.flag("winnable_only"),
        level_minutes=_level_minutes(section, where),
        operator_idle_s=s.number("operator_idle_seconds", 300.0, 30.0, 86400.0),
        export_dir=s.text("export_dir", 4096),
        metrics_dir=s.text("metrics_dir", 4096),
        dim_hours=_dim_hours(section, where),
        fixed=frozenset(str(k) for k in section),
        sound=s.flag("sound"),
        theme=s.choice("theme", tuple(THEMES)),
    )


def _kiosk_section(obj: object, where: str) -> dict[str, Any]:
    """The ``kiosk`` object of the file, with known keys only."""
    if not isinstance(obj, dict):
        raise KioskConfigError(f'{where} must hold a JSON object with a "kiosk" section')
    section = obj.get("kiosk")
    if section is None:
        raise KioskConfigError(f'{where} has no "kiosk" section')
    if not isinstance(section, dict):
        raise KioskConfigError(f'{where}: "kiosk" must be an object')
    unknown = sorted(str(k) for k in section if k not in _KEYS)
    if unknown:
        # A key is named only when it looks like one (never digits: it could be the PIN).
        name = next((k for k in unknown if _KEY_LIKE.fullmatch(k)), None)
        which = f"key kiosk.{name}" if name is not None else "key in kiosk"
        raise KioskConfigError(f"{where}: unknown {which} (known: {', '.join(_KEYS)})")
    return section


def _pin(section: dict[str, Any], where: str) -> str:
    if "pin" not in section:
        raise KioskConfigError(f"{where}: kiosk.pin is missing (the operator PIN is required)")
    pin = section["pin"]
    lo, hi = PIN_DIGITS
    if not (isinstance(pin, str) and pin.isascii() and pin.isdigit() and lo <= len(pin) <= hi):
        # The value is not repeated: it may be the real PIN, mistyped.
        raise KioskConfigError(
            f'{where}: kiosk.pin must be a string of {lo} to {hi} digits, like "2468"'
        )
    return pin


def _variant(s: _Section, where: str) -> str | None:
    """The variant of new games: ``variant``, or the game ``mode`` picks."""
    variant = s.choice("variant", LETTERS)
    mode_name = s.choice("mode", tuple(MODES))
    if mode_name is None:
        return variant
    # ``mode`` picks the game; ``variant`` then picks among the one-deal games.
    game = MODES[mode_name]
    chosen = modes.by_letter(variant) if variant is not None else None
    if game is not None and chosen not in (None, game):
        raise KioskConfigError(f"{where}: kiosk.mode {mode_name} plays no variant {variant}")
    if game is None and chosen is not None and chosen.levels > 1:
        raise KioskConfigError(f"{where}: kiosk.mode {mode_name} cannot play variant {variant}")
    return game.letter if game is not None else variant


def _level_minutes(section: dict[str, Any], where: str) -> tuple[int, ...] | None:
    if section.get("level_minutes") is None:
        return None
    try:
        return check_level_minutes(section["level_minutes"], "kiosk.level_minutes")
    except ValueError as e:
        raise KioskConfigError(f"{where}: {e}") from None


def _dim_hours(section: dict[str, Any], where: str) -> tuple[int, int] | None:
    v = section.get("dim_hours")
    if v is None:
        return None
    if (
        not isinstance(v, list)
        or len(v) != 2
        or not all(type(h) is int and 0 <= h <= 23 for h in v)
        or v[0] == v[1]
    ):
        raise KioskConfigError(
            f"{where}: kiosk.dim_hours must be two different hours from 0 to 23, "
            f"like [22, 7] (got {_kind(v)})"
        )
    return (v[0], v[1])


def in_hours(hour: int, hours: tuple[int, int]) -> bool:
    """Whether ``hour`` is in ``[start, end)`` of ``hours``, across midnight too."""
    start, end = hours
    return start <= hour < end if start < end else hour >= start or hour < end


class _Section:
    """Typed reads from the ``kiosk`` object, each failing with a one-line message."""

    def __init__(self, d: dict[str, Any], where: str) -> None:
        self.d = d
        self.where = where

    def _fail(self, key: str, what: str) -> KioskConfigError:
        # The kind of value only, never the value: the message may reach a log or a screen.
        return KioskConfigError(
            f"{self.where}: kiosk.{key} must be {what} (got {_kind(self.d[key])})"
        )

    def optional_number(self, key: str, lo: float, hi: float) -> float | None:
        v = self.d.get(key)
        if v is None:
            return None
        if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v):
            raise self._fail(key, f"a number from {lo:g} to {hi:g}")
        if not lo <= v <= hi:
            raise self._fail(key, f"a number from {lo:g} to {hi:g}")
        return float(v)

    def number(self, key: str, default: float, lo: float, hi: float) -> float:
        v = self.optional_number(key, lo, hi)
        return default if v is None else v

    def integer(self, key: str, default: int, lo: int, hi: int) -> int:
        v = self.d.get(key)
        if v is None:
            return default
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            raise self._fail(key, f"a whole number from {lo} to {hi}")
        return v

    def choice(self, key: str, options: tuple[str, ...]) -> str | None:
        v = self.d.get(key)
        if v is None:
            return None
        if v not in options:
            raise self._fail(key, "one of " + ", ".join(options))
        return str(v)

    def text(self, key: str, longest: int) -> str | None:
        v = self.d.get(key)
        if v is None:
            return None
        if not isinstance(v, str) or not v or len(v) > longest or "\0" in v:
            raise KioskConfigError(
                f"{self.where}: kiosk.{key} must be a non-empty string of at most "
                f"{longest} characters"
            )
        return v

    def flag(self, key: str) -> bool | None:
        v = self.d.get(key)
        if v is None:
            return None
        if not isinstance(v, bool):
            raise self._fail(key, "true or false")
        return v


def _kind(v: object) -> str:
    """What sort of value ``v`` is, in words, without the value itself."""
    if isinstance(v, bool):
        return "true/false"
    if isinstance(v, int | float):
        return "a different number"
    if isinstance(v, str):
        return "text"
    if v is None:
        return "null"
    return "a list" if isinstance(v, list) else "an object"
