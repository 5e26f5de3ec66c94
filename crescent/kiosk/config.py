"""The kiosk configuration file: a JSON object with a ``kiosk`` section.

Pure module (no pygame, nothing at import time). The file is read once, at
start; anything wrong with it (missing, not JSON, a wrong type, an unknown
key, no PIN) is a :class:`KioskConfigError` whose message is one line, so the
kiosk never starts unlocked by mistake. Messages never repeat the PIN.

Every key is declared once: a :class:`KioskConfig` field with its :func:`option`, or a
player's setting declared with a kiosk key in :mod:`crescent.play.settings`. The
parser, :data:`EXAMPLE` (deploy/kiosk.json) and docs/KIOSK.md's table
(``tools/doc_tables.py``) are read from those declarations.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Final

from crescent.control.layout import CORNERS
from crescent.play import settings
from crescent.play.safejson import BadJson, NotRegular, read_json_object, shown
from crescent.play.settings import DECLARED, Check, Settings, choice, number
from crescent.rules import modes

__all__ = [
    "CORNERS",
    "EXAMPLE",
    "MODES",
    "KioskConfig",
    "KioskConfigError",
    "Option",
    "apply_to_settings",
    "declared_keys",
    "load_kiosk_config",
    "parse_kiosk_config",
]

MODES: Final = {"standard": None, "levels": modes.LEVELS}
"""``mode``: the standard game (its variant from ``variant``) or the levels game."""
PIN_DIGITS: Final = (4, 12)
"""The PIN is a string of 4 to 12 digits (the on-screen pad has digits only)."""

NO_EXAMPLE: Final = settings.NO_EXAMPLE


@dataclass(frozen=True, slots=True)
class Option:
    """One key of the ``kiosk`` section, declared on its :class:`KioskConfig` field:
    its name in the file, its check, its line in docs/KIOSK.md's table, its value in
    :data:`EXAMPLE` (:data:`NO_EXAMPLE`: left out of it)."""

    key: str
    check: Check
    doc: str
    example: object = NO_EXAMPLE


def option(key: str, default: object, check: Check, doc: str, example: object = NO_EXAMPLE) -> Any:
    """A field of :class:`KioskConfig` read from the file's ``key`` (the default once, here)."""
    return field(default=default, metadata={"kiosk": Option(key, check, doc, example)})


def _text(longest: int) -> Check:
    def accept(v: object) -> str:
        if not isinstance(v, str) or not v or len(v) > longest or "\0" in v:
            raise ValueError
        return v

    return Check(f"a non-empty string of at most {longest} characters", accept)


def _dim_hours(v: object) -> tuple[int, int]:
    if (
        not isinstance(v, list)
        or len(v) != 2
        or not all(type(h) is int and 0 <= h <= 23 for h in v)
        or v[0] == v[1]
    ):
        raise ValueError
    return (v[0], v[1])


def _pin(v: object) -> str:
    lo, hi = PIN_DIGITS
    if not (isinstance(v, str) and v.isascii() and v.isdigit() and lo <= len(v) <= hi):
        raise ValueError
    return v


class KioskConfigError(Exception):
    """The configuration cannot be used; the message is one line for the operator."""


@dataclass(frozen=True)
class KioskConfig:
    """The kiosk's settings, each key of the file declared once, on its field
    (:func:`option`). ``pin`` is kept out of ``repr`` (and so out of logs). ``settings``
    holds the player's settings the file fixes: those a :class:`Settings` field declares
    with a :class:`~crescent.play.settings.KioskKey`, by name.

    With no ``pin`` (``--kiosk`` without ``--config``) the kiosk is fully locked:
    no exit gesture and no operator settings; only its supervisor can stop it.
    """

    pin: str | None = field(
        default=None,
        repr=False,
        metadata={
            "kiosk": Option(
                "pin",
                Check(f'a string of {PIN_DIGITS[0]} to {PIN_DIGITS[1]} digits, like "2468"', _pin),
                'the operator PIN, a **string** (`"0042"`, not `42`)',
                "2468",
            )
        },
    )
    idle_s: float = option(
        "idle_seconds",
        90.0,
        number(10, 86400),
        "seconds without a touch before the attract loop; left out, the operator screen "
        "can change it",
        90,
    )
    """Seconds without a touch before the table turns into the attract loop."""
    operator_idle_s: float = option(
        "operator_idle_seconds",
        300.0,
        number(30, 86400),
        "seconds without a touch before the operator screen closes back to the table",
        300,
    )
    """Seconds without a touch before an operator screen closes back to the table (the
    attract loop never starts while one is open)."""
    exit_corner: str = option(
        "exit_corner", "top-left", choice(CORNERS), "the corner of the exit gesture", "top-left"
    )
    exit_corner_px: int = option(
        "exit_corner_px",
        80,
        number(40, 400, whole=True),
        "side of the exit corner at 9 mm touch targets on a 96 dpi screen; scaled with "
        "the touch size",
        80,
    )
    exit_hold_s: float = option(
        "exit_hold_seconds", 5.0, number(1, 60), "how long the corner must be pressed", 5
    )
    pin_tries: int = option(
        "pin_tries",
        3,
        number(1, 20, whole=True),
        "wrong PINs in a row before a wait",
        3,
    )
    pin_lockout_s: float = option(
        "pin_lockout_seconds",
        30.0,
        number(1, 3600),
        "the first wait; it doubles with each further wrong PIN",
        30,
    )
    dpi: float | None = option(
        "dpi",
        None,
        number(30, 1000),
        "the screen's real DPI, for physical touch sizes; `--dpi` wins",
        96,
    )
    touch_mm: float = option(
        "touch_mm", 9.0, number(5, 30), "smallest touch target in millimetres", 9
    )
    memory_restart_mb: float = option(
        "memory_restart_mb",
        60.0,
        number(0, 4096),
        "MB the resident size may grow over its size at the start before the kiosk "
        "restarts itself (exit code 4), only ever on entering the attract loop (0: never). "
        "Input far faster than a person's leaves memory in SDL's and Xlib's event queues "
        "that only a new process gives back",
        60,
    )
    """Growth of the resident size since the start, in MB, past which the kiosk restarts
    itself on entering the attract loop (0: never; see ``Kiosk.go_idle``)."""
    ghost_tap_ms: float = option(
        "ghost_tap_ms",
        60.0,
        number(0, 500),
        "a finger's press this many milliseconds or less after the last press or release, "
        "at the same spot, is a ghost or doubled touch and is dropped (0 keeps every "
        "press). The mouse events SDL makes from touches are always dropped",
        60,
    )
    """A finger's press this soon after the last press or release at its spot is a ghost
    touch, dropped (0: none dropped; see ``crescent.control.ghosts``)."""
    mode: str | None = option(
        "mode",
        None,
        choice(tuple(MODES)),
        "`standard` (the variant below) or `levels` (the timed four-level game), from the "
        "first game on",
        "standard",
    )
    """The game of new games; the variant it implies is in ``settings["variant"]``."""
    settings: Mapping[str, object] = field(default_factory=dict)
    """The player's settings the file fixes, by name (put in the settings at start)."""
    export_dir: str | None = option(
        "export_dir",
        None,
        _text(4096),
        "a folder offered first for the CSV export",
        "/media/usb",
    )
    """A folder the operator screen offers for the venue statistics' CSV."""
    dim_hours: tuple[int, int] | None = option(
        "dim_hours",
        None,
        Check("two different hours from 0 to 23, like [22, 7]", _dim_hours),
        "night dimming, e.g. `[22, 7]`: from 22:00 to 07:00 (local time) the attract loop "
        "is drawn 60 % darker (a dark venue, and less burn-in); a visitor's touch gives the "
        "game full brightness. Left out: never dimmed",
    )
    """Night dimming: from the first hour to the second (local time, 0-23; ``[22, 7]``
    runs past midnight) the attract loop is shown dimmed; a visitor's touch brings the
    full brightness back for the game. None: never dimmed."""
    metrics_dir: str | None = option(
        "metrics_dir",
        None,
        _text(4096),
        "where `crescent.prom` (Prometheus text format, for node_exporter's textfile "
        'collector) is written every minute; left out: no metrics (see "Metrics for the '
        'fleet")',
        "/var/lib/prometheus/node-exporter",
    )
    """Where ``crescent.prom`` is written every minute for node_exporter's textfile
    collector (see ``crescent.kiosk.metrics``); None: no metrics."""
    fixed: frozenset[str] = frozenset()
    """The keys the file sets: the operator screen shows those values as locked."""

    def fixes(self, key: str) -> bool:
        """Whether the file sets ``key`` (a value the operator screen cannot change)."""
        return key in self.fixed or (key == "variant" and "mode" in self.fixed)

    def setting(self, name: str) -> Any:
        """The value the file fixes for the setting ``name`` (None: it leaves it)."""
        return self.settings.get(name)


def declared_keys() -> list[tuple[str, Option, object]]:
    """Every key of the ``kiosk`` section, in the order of the documents: (key, its
    declaration, its default: None for the settings', which leave the saved value)."""
    out: list[tuple[str, Option, object]] = []
    for f in fields(KioskConfig):
        if f.name == "settings":
            for spec in DECLARED.values():
                if spec.kiosk is not None:
                    declared = Option(spec.name, spec.check, spec.kiosk.doc, spec.kiosk.example)
                    out.append((spec.name, declared, None))
        elif "kiosk" in f.metadata:
            out.append((f.metadata["kiosk"].key, f.metadata["kiosk"], f.default))
    return out


def _example() -> str:
    lines = [
        f'    "{key}": {json.dumps(spec.example)}'
        for key, spec, _ in declared_keys()
        if spec.example is not NO_EXAMPLE
    ]
    return '{\n  "kiosk": {\n' + ",\n".join(lines) + "\n  }\n}\n"


EXAMPLE: Final = _example()
"""The documented example (deploy/kiosk.json): every key but ``pin`` is optional."""


def apply_to_settings(kc: KioskConfig, settings: Settings, *, lang_option: str | None) -> bool:
    """Put the settings the config fixes into ``settings`` (its ``language`` only if
    ``--lang`` was not given), before the first game is dealt; True if anything changed."""
    before = settings.to_dict()
    for name, value in kc.settings.items():
        if name != "language" or lang_option is None:
            setattr(settings, name, value)
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


def parse_kiosk_config(obj: object, where: str = "config file") -> KioskConfig:
    """The configuration in the decoded JSON ``obj``; KioskConfigError if anything is wrong.

    Other top-level sections are ignored; inside ``kiosk`` an unknown key is an
    error (a misspelt key would otherwise be silently left at its default).
    """
    declared = {key: (spec, default) for key, spec, default in declared_keys()}
    section = _kiosk_section(obj, where, tuple(declared))
    if "pin" not in section:
        raise KioskConfigError(f"{where}: kiosk.pin is missing (the operator PIN is required)")
    values: dict[str, Any] = {}
    for key, (spec, default) in declared.items():
        raw = section.get(key)
        values[key] = default if raw is None else _checked(key, spec.check, raw, where)
    own = {
        f.name: values.pop(f.metadata["kiosk"].key)
        for f in fields(KioskConfig)
        if "kiosk" in f.metadata
    }
    values["variant"] = _variant(values["variant"], own["mode"], where)
    fixed = {name: value for name, value in values.items() if value is not None}
    return KioskConfig(**own, settings=fixed, fixed=frozenset(str(k) for k in section))


def _checked(key: str, check: Check, raw: object, where: str) -> object:
    try:
        return check.accept(raw)
    except ValueError:
        # The kind of value only, never the value: the message may reach a log or a
        # screen, and the value may be the real PIN, mistyped.
        raise KioskConfigError(
            f"{where}: kiosk.{key} must be {check.what} (got {_kind(raw)})"
        ) from None


def _kiosk_section(obj: object, where: str, known: tuple[str, ...]) -> dict[str, Any]:
    """The ``kiosk`` object of the file, with known keys only."""
    if not isinstance(obj, dict):
        raise KioskConfigError(f'{where} must hold a JSON object with a "kiosk" section')
    section = obj.get("kiosk")
    if section is None:
        raise KioskConfigError(f'{where} has no "kiosk" section')
    if not isinstance(section, dict):
        raise KioskConfigError(f'{where}: "kiosk" must be an object')
    unknown = sorted(str(k) for k in section if k not in known)
    if unknown:
        # A key is named only when it looks like one (never digits: it could be the PIN).
        name = next((k for k in unknown if _KEY_LIKE.fullmatch(k)), None)
        which = f"key kiosk.{name}" if name is not None else "key in kiosk"
        raise KioskConfigError(f"{where}: unknown {which} (known: {', '.join(known)})")
    return section


def _variant(variant: object, mode_name: str | None, where: str) -> str | None:
    """The variant of new games: ``variant``, or the game ``mode`` picks."""
    if mode_name is None:
        return variant if isinstance(variant, str) else None
    # ``mode`` picks the game; ``variant`` then picks among the one-deal games.
    game = MODES[mode_name]
    chosen = modes.by_letter(variant) if isinstance(variant, str) else None
    if game is not None and chosen not in (None, game):
        raise KioskConfigError(f"{where}: kiosk.mode {mode_name} plays no variant {variant}")
    if game is None and chosen is not None and chosen.levels > 1:
        raise KioskConfigError(f"{where}: kiosk.mode {mode_name} cannot play variant {variant}")
    return game.letter if game is not None else chosen.letter if chosen else None


def in_hours(hour: int, hours: tuple[int, int]) -> bool:
    """Whether ``hour`` is in ``[start, end)`` of ``hours``, across midnight too."""
    start, end = hours
    return start <= hour < end if start < end else hour >= start or hour < end


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
