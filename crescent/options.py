"""The launch options: what the command line asked for, as one plain value.

:mod:`crescent.__main__` parses argv into a :class:`Config`; :mod:`crescent.game_main`
starts the game from it. Pure (no pygame, nothing at import time).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from crescent.kiosk.config import KioskConfig  # loaded for a kiosk only (__main__)

__all__ = ["Config"]


@dataclass(frozen=True, slots=True)
class Config:
    """Every launch option, parsed and checked (None: not given)."""

    code: str | None = None
    variant: str | None = None
    lang: str | None = None
    size: tuple[int, int] | None = None
    fullscreen: bool = False
    data_dir: Path | None = None
    new: bool = False
    play: list[str] | None = None
    screenshot: Path | None = None
    frames: int | None = None
    kiosk: bool = False
    config: Path | None = None
    dpi: float | None = None
    self_check: bool = False
    kiosk_config: KioskConfig | None = None
    """The ``kiosk`` section of ``--config`` (always set in kiosk mode: it holds the PIN)."""
    stats: bool = False
    """``--stats``: print the statistics as JSON and exit, changing nothing."""
    theme: str | None = None
    """``--theme``: the table's theme for this run, over the saved one (not saved)."""
    speech: bool = False
    """``--speech``: turn speech on (and keep it on, as the setting does)."""
