"""Command line: ``python main.py [options]`` or ``python -m crescent [options]``.

Everything is parsed here into one :class:`Config`; nothing else reads argv.
Bad options or values print one line and exit with code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from crescent import __version__, ending, logs
from crescent.languages import LANGUAGES
from crescent.lifeline import die_with_parent, one_file_build
from crescent.options import Config
from crescent.play.safejson import clip, shown
from crescent.rules import modes
from crescent.rules.deal import InvalidCode, parse_code
from crescent.themes import THEMES

if TYPE_CHECKING:
    from crescent.kiosk.config import KioskConfig

EXIT_USAGE = 2


class UsageError(Exception):
    """A bad option or value: one line, exit code 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(_shorten_values(message))


_SIZE = re.compile(r"\s*([0-9]+)\s*[xX]\s*([0-9]+)\s*")
_WHOLE = re.compile(r"\s*([0-9]+)\s*")
_NUMBER = re.compile(r"\s*[0-9]+(\.[0-9]*)?\s*|\s*\.[0-9]+\s*")
_LONG_QUOTED = re.compile(r"'([^']{39})[^']+'")
_NEGATIVE = re.compile(r"-[0-9.]")
_DIGITS_MAX = 9
"""Longer numbers than this are out of every range here (and are never echoed whole)."""
_VALUE_OPTIONS = ("--size", "--frames", "--dpi")
"""Options whose value may look like a negative number (``--size -5x3``)."""


def _size(text: str) -> tuple[int, int]:
    m = _SIZE.fullmatch(text)
    if m is None:
        if text.strip().startswith("-"):
            why = "negative: a size is WIDTHxHEIGHT in digits 0-9, like 1280x800"
        else:
            why = "not a size: write WIDTHxHEIGHT in digits 0-9, like 1280x800"
        raise argparse.ArgumentTypeError(f"{shown(text)} is {why}")
    out_of_range = f"size {shown(text.strip())} is out of range (320..16384 each side)"
    if any(len(g) > _DIGITS_MAX for g in m.groups()):
        raise argparse.ArgumentTypeError(out_of_range)
    w, h = int(m[1]), int(m[2])
    if not (320 <= w <= 16384 and 320 <= h <= 16384):
        raise argparse.ArgumentTypeError(out_of_range)
    return w, h


def _positive(text: str) -> int:
    m = _WHOLE.fullmatch(text)
    if m is None or len(m[1]) > _DIGITS_MAX or int(m[1]) < 1:
        raise argparse.ArgumentTypeError(
            f"{shown(text)} is not a whole number from 1 to {10**_DIGITS_MAX - 1}"
        )
    return int(m[1])


def _dpi(text: str) -> float:
    if _NUMBER.fullmatch(text) is None or len(text.strip()) > 12:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a number from 30 to 1000")
    v = float(text)
    if not 30 <= v <= 1000:
        raise argparse.ArgumentTypeError(f"dpi {shown(text.strip())} is out of range (30..1000)")
    return v


def _shorten_values(message: str) -> str:
    """argparse repeats a bad value in quotes: keep each to 40 characters, one line."""
    message = " ".join(message.split())
    return _LONG_QUOTED.sub(lambda m: f"'{m[1]}…'", message)


def _join_negative_values(argv: list[str]) -> list[str]:
    """``--size -5x3`` as ``--size=-5x3``: argparse would take ``-5x3`` for an option and
    say "expected one argument" instead of what is wrong with the value."""
    out: list[str] = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg in _VALUE_OPTIONS and i + 1 < len(argv) and _NEGATIVE.match(argv[i + 1]) is not None:
            out.append(f"{arg}={argv[i + 1]}")
            i += 2
            continue
        out.append(arg)
        i += 1
    return out


def _path_option(option: str, text: str, wanted: str) -> tuple[Path, str]:
    """The path given to ``option`` and how messages show it; UsageError if it is empty."""
    if not text.strip():
        raise UsageError(f"{option} is empty: name {wanted}")
    return Path(text), f"{option} {shown(text, 120)}"


def _data_dir(text: str) -> Path:
    """A usable data folder: not empty, not a file, not under a file, not a device."""
    path, said = _path_option("--data-dir", text, "a folder")
    try:
        if path.exists() or path.is_symlink():
            if not path.is_dir():
                raise UsageError(f"{said} is not a folder")
            return path
        for parent in path.parents:
            if parent.exists():
                if not parent.is_dir():
                    raise UsageError(f"{said} is under a file, not a folder")
                break
    except OSError as e:  # a name too long for the system, a loop of links...
        raise UsageError(f"{said} cannot be a folder: {e.strerror or e}") from None
    return path


def _screenshot(text: str) -> Path:
    """A PNG file to write: its name ends in .png, it is a regular file or is not there
    yet, in a folder that exists (a FIFO hung the game, ``/dev/full`` failed once the
    data folder was changed, ``x.txt`` got a Targa picture: issue 43)."""
    path, said = _path_option("--screenshot", text, "a PNG file")
    try:
        if path.is_dir() or text.endswith(("/", os.sep)):
            raise UsageError(f"{said} is a folder: name a PNG file")
        if path.suffix.lower() != ".png":
            raise UsageError(f"{said} is not a .png name: the picture is a PNG file")
        if not path.parent.is_dir():
            raise UsageError(f"{said}: its folder does not exist")
        if (path.exists() or path.is_symlink()) and not path.is_file():
            raise UsageError(f"{said} is not a regular file: name a PNG file")
    except OSError as e:  # a name too long for the system, a loop of links...
        raise UsageError(f"{said} cannot be written: {e.strerror or e}") from None
    return path


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="crescent", description="Crescent, a two-deck patience game.")
    deal = p.add_mutually_exclusive_group()
    deal.add_argument(
        "--code", help="deal this game code (e.g. CR1-N-AAAAAAD, or CR1-L-... for levels)"
    )
    deal.add_argument(
        "--variant",
        choices=modes.LETTERS,
        help="variant of a new game: " + ", ".join(f"{m.letter} {m.summary}" for m in modes.MODES),
    )
    p.add_argument("--lang", choices=list(LANGUAGES), help="language: " + ", ".join(LANGUAGES))
    p.add_argument(
        "--theme",
        choices=list(THEMES),
        help="the table's theme for this run (not saved; Settings keeps the player's): "
        + ", ".join(THEMES),
    )
    p.add_argument("--size", type=_size, help="window size, WIDTHxHEIGHT")
    p.add_argument("--fullscreen", action="store_true", help="start full screen")
    p.add_argument("--data-dir", help="folder for the saved game, statistics and settings")
    p.add_argument("--new", action="store_true", help="start a new game instead of resuming")
    p.add_argument(
        "--play",
        metavar="MOVES",
        help='moves to play after dealing, e.g. "P10-P14 R P3-F2" (R = redeal, S = shuffle)',
    )
    p.add_argument("--screenshot", metavar="PATH", help="save one settled frame as PNG and exit")
    p.add_argument(
        "--frames", type=_positive, metavar="COUNT", help="run the loop N frames and exit"
    )
    p.add_argument("--kiosk", action="store_true", help="locked-down full-screen touch kiosk")
    p.add_argument("--config", metavar="FILE", help="kiosk configuration file (JSON)")
    p.add_argument("--dpi", type=_dpi, help="display DPI, for touch target sizes")
    p.add_argument(
        "--self-check", action="store_true", help="check the bundled files load, then exit"
    )
    p.add_argument(
        "--stats", action="store_true", help="print the statistics as JSON and exit (reads only)"
    )
    p.add_argument(
        "--speech", action="store_true", help="say aloud what changes on the table (kept on)"
    )
    p.add_argument("--version", action="version", version=f"crescent {__version__}")
    return p


def parse_args(argv: list[str]) -> Config:
    ns = build_parser().parse_args(_join_negative_values(argv))
    if ns.config is not None and not ns.config.strip():
        raise UsageError("--config is empty: name the kiosk configuration file")
    config_path = Path(ns.config) if ns.config is not None else None
    if ns.code is not None:
        try:
            parse_code(ns.code)
        except InvalidCode as e:
            raise UsageError(f"bad --code: {e}") from None
    play = ns.play.split() if ns.play is not None else None
    kiosk = ns.kiosk or config_path is not None  # a kiosk config file means kiosk mode
    return Config(
        code=ns.code,
        variant=ns.variant,
        lang=ns.lang,
        theme=ns.theme,
        size=ns.size,
        fullscreen=ns.fullscreen,
        data_dir=_data_dir(ns.data_dir) if ns.data_dir is not None else None,
        new=ns.new,
        play=play,
        screenshot=_screenshot(ns.screenshot) if ns.screenshot is not None else None,
        frames=ns.frames,
        kiosk=kiosk,
        config=config_path,
        dpi=ns.dpi,
        self_check=ns.self_check,
        kiosk_config=_kiosk_config(config_path) if kiosk else None,
        stats=ns.stats,
        speech=ns.speech,
    )


def _kiosk_config(path: Path | None) -> KioskConfig:
    """The kiosk configuration. Without ``--config`` the kiosk has no operator PIN:
    it is fully locked (no exit gesture, no operator settings). Loaded for a kiosk only
    (and imported then: a desktop start has no use for it)."""
    from crescent.kiosk.config import KioskConfig, KioskConfigError, load_kiosk_config

    if path is None:
        return KioskConfig()
    try:
        return load_kiosk_config(path)
    except KioskConfigError as e:
        raise UsageError(f"kiosk {e}") from None


def main(argv: list[str] | None = None) -> int:
    # The first thing: an ending signal from here on saves and exits 128 + its number,
    # never SDL's quit (crescent/ending.py).
    signals = ending.install()
    # Start-up makes some 30 000 objects that live as long as the game (modules, classes,
    # functions): the garbage collector's passes over them are wasted work, about a tenth
    # of a start. It is off until the window is ready (game_main freezes what exists by
    # then and turns it back on) and as it was when main returns.
    collecting = gc.isenabled()
    gc.disable()
    try:
        code = _main(argv)
    except ending.Ended:
        code = _ended(signals, running=False)
    else:
        if signals.signum is not None:
            code = _ended(signals, running=True)
    finally:
        ending.restore(signals)
        gc.unfreeze()
        if collecting:
            gc.enable()
        else:
            gc.disable()
    return code


def _ended(signals: ending.Ending, *, running: bool) -> int:
    """The one line an ending signal leaves (in the game's log once it has one, else on
    stderr), and its exit code."""
    code = signals.exit_code
    assert code is not None
    said = "the game is saved" if running else "during the start (what existed is saved)"
    if logs.folder() is not None:
        logs.get().info("%s: %s; exit code %d", signals.name, said, code)
        logs.flush()
    else:
        print(f"crescent: {signals.name} {said}; exit code {code}", file=sys.stderr)
    return code


def _main(argv: list[str] | None) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # Before pygame is imported: its import sets the X11 window class to argv[0] otherwise.
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "crescent")
    try:
        config = parse_args(sys.argv[1:] if argv is None else argv)
    except UsageError as e:
        print(f"crescent: {clip(str(e), 400)}", file=sys.stderr)
        return EXIT_USAGE
    if one_file_build():
        die_with_parent()  # a launcher killed with kill -9 leaves no orphan game behind
    # Imported once the environment above is set: pygame reads it when it is imported.
    if config.self_check:
        from crescent.self_check import self_check

        return self_check()
    from crescent.game_main import run

    if config.stats:
        from crescent.play.report import print_stats

        return print_stats(config.data_dir)
    return run(config)


if __name__ == "__main__":
    sys.exit(main())
