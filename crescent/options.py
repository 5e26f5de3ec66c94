"""The launch options: what the command line asked for, as one plain value.

:mod:`crescent.__main__` parses argv into a :class:`Config`; :mod:`crescent.game_main`
starts the game from it. Pure (no pygame, nothing at import time).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from crescent.kiosk.config import KioskConfig

__all__ = ["Config"]


class Config:
    """Every launch option, parsed and checked (None: not given)."""

    __slots__ = (
        "code",
        "config",
        "data_dir",
        "dpi",
        "frames",
        "fullscreen",
        "kiosk",
        "kiosk_config",
        "lang",
        "new",
        "play",
        "screenshot",
        "self_check",
        "size",
        "stats",
        "variant",
    )

    def __init__(
        self,
        code: str | None = None,
        variant: str | None = None,
        lang: str | None = None,
        size: tuple[int, int] | None = None,
        fullscreen: bool = False,
        data_dir: Path | None = None,
        new: bool = False,
        play: list[str] | None = None,
        screenshot: Path | None = None,
        frames: int | None = None,
        kiosk: bool = False,
        config: Path | None = None,
        dpi: float | None = None,
        self_check: bool = False,
        kiosk_config: KioskConfig | None = None,
        stats: bool = False,
    ) -> None:
        self.code = code
        self.variant = variant
        self.lang = lang
        self.size = size
        self.fullscreen = fullscreen
        self.data_dir = data_dir
        self.new = new
        self.play = play
        self.screenshot = screenshot
        self.frames = frames
        self.kiosk = kiosk
        self.config = config
        self.dpi = dpi
        self.self_check = self_check
        self.kiosk_config = kiosk_config
        """The ``kiosk`` section of ``--config`` (always set in kiosk mode: it holds the PIN)."""
        self.stats = stats
        """``--stats``: print the statistics as JSON and exit, changing nothing."""
