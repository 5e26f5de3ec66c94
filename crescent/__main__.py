"""Command line: ``python main.py [options]`` or ``python -m crescent [options]``.

Everything is parsed here into one :class:`Config`; nothing else reads argv.
Bad options or values print one line and exit with code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import NoReturn

from crescent.kiosk.config import KioskConfig, KioskConfigError, load_kiosk_config
from crescent.languages import LANGUAGES
from crescent.options import Config
from crescent.rules import modes
from crescent.rules.deal import InvalidCode, parse_code

EXIT_USAGE = 2


class UsageError(Exception):
    """A bad option or value: one line, exit code 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _size(text: str) -> tuple[int, int]:
    parts = text.lower().split("x")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a size: write WIDTHxHEIGHT, like 1280x800"
        )
    w, h = int(parts[0]), int(parts[1])
    if not (320 <= w <= 16384 and 320 <= h <= 16384):
        raise argparse.ArgumentTypeError(f"size {w}x{h} is out of range (320..16384 each side)")
    return w, h


def _positive(text: str) -> int:
    if not text.strip().isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive whole number")
    return int(text)


def _dpi(text: str) -> float:
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 30 <= v <= 1000:
        raise argparse.ArgumentTypeError(f"dpi {v} is out of range (30..1000)")
    return v


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="crescent", description="Crescent, a two-deck patience game.")
    deal = p.add_mutually_exclusive_group()
    deal.add_argument("--code", help="deal this game code (e.g. CR1-N-AAAAAAB)")
    deal.add_argument(
        "--variant",
        choices=modes.LETTERS,
        help="variant of a new game: " + ", ".join(f"{m.letter} {m.summary}" for m in modes.MODES),
    )
    p.add_argument("--lang", choices=list(LANGUAGES), help="language: " + ", ".join(LANGUAGES))
    p.add_argument("--size", type=_size, help="window size, WIDTHxHEIGHT")
    p.add_argument("--fullscreen", action="store_true", help="start full screen")
    p.add_argument(
        "--data-dir", type=Path, help="folder for the saved game, statistics and settings"
    )
    p.add_argument("--new", action="store_true", help="start a new game instead of resuming")
    p.add_argument(
        "--play",
        metavar="MOVES",
        help='moves to play after dealing, e.g. "P10-P14 R P3-F2" (R = redeal)',
    )
    p.add_argument(
        "--screenshot", type=Path, metavar="PATH", help="save one settled frame as PNG and exit"
    )
    p.add_argument(
        "--frames", type=_positive, metavar="COUNT", help="run the loop N frames and exit"
    )
    p.add_argument("--kiosk", action="store_true", help="locked-down full-screen touch kiosk")
    p.add_argument("--config", type=Path, metavar="FILE", help="kiosk configuration file (JSON)")
    p.add_argument("--dpi", type=_dpi, help="display DPI, for touch target sizes")
    p.add_argument(
        "--self-check", action="store_true", help="check the bundled files load, then exit"
    )
    return p


def parse_args(argv: list[str]) -> Config:
    ns = build_parser().parse_args(argv)
    if ns.code is not None:
        try:
            parse_code(ns.code)
        except InvalidCode as e:
            raise UsageError(f"bad --code: {e}") from None
    play = ns.play.split() if ns.play is not None else None
    kiosk = ns.kiosk or ns.config is not None  # a kiosk config file means kiosk mode
    return Config(
        code=ns.code,
        variant=ns.variant,
        lang=ns.lang,
        size=ns.size,
        fullscreen=ns.fullscreen,
        data_dir=ns.data_dir,
        new=ns.new,
        play=play,
        screenshot=ns.screenshot,
        frames=ns.frames,
        kiosk=kiosk,
        config=ns.config,
        dpi=ns.dpi,
        self_check=ns.self_check,
        kiosk_config=_kiosk_config(ns.config) if kiosk else None,
    )


def _kiosk_config(path: Path | None) -> KioskConfig:
    """The kiosk configuration. Without ``--config`` the kiosk has no operator PIN:
    it is fully locked (no exit gesture, no operator settings)."""
    if path is None:
        return KioskConfig()
    try:
        return load_kiosk_config(path)
    except KioskConfigError as e:
        raise UsageError(f"kiosk {e}") from None


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # Before pygame is imported: its import sets the X11 window class to argv[0] otherwise.
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "crescent")
    try:
        config = parse_args(sys.argv[1:] if argv is None else argv)
    except UsageError as e:
        print(f"crescent: {e}", file=sys.stderr)
        return EXIT_USAGE
    from crescent.game_main import run, self_check  # after parsing: --help stays fast

    if config.self_check:
        return self_check()
    return run(config)


if __name__ == "__main__":
    sys.exit(main())
