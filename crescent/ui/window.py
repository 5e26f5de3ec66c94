"""The window before the client: its options, its size, the table's layout in it, and
the card pictures the first frame shows.

This is what the start-up needs before the rest of :mod:`crescent.ui` is loaded:
``game_main`` starts the first frame's cards (:func:`start_card_art`) right after
pygame, so they are read from the disk cache or rasterised in the background while the
client's modules load and the window opens. :class:`crescent.ui.app.App` lays the table
out with the same functions, so both agree on the size of a card.
"""

from __future__ import annotations

import contextlib
import math
import os
import sys
import warnings
from dataclasses import dataclass
from pathlib import Path

import pygame

from crescent.control.fan import Fan, compute_fanned_layout
from crescent.control.ghosts import GHOST_TAP_MS
from crescent.control.layout import TableLayout, canvas_size, compute_layout, split_hud
from crescent.play.session import Session
from crescent.play.settings import Settings
from crescent.rules import modes
from crescent.rules.engine import Game
from crescent.rules.modes import HudItem
from crescent.ui import render
from crescent.ui.cards import CardArt, DiskCache

MIN_SIZE = (800, 600)
"""The window's minimum size (a hint to the window manager), and the least size the game
lays out at: a smaller window shows the picture of that size scaled down
(:func:`crescent.control.layout.canvas_size`). Every screen's text is checked to fit at
it, in five languages."""
DEFAULT_SIZE = (1280, 800)
HEADLESS_DRIVERS = ("dummy", "offscreen")
SWITCH_INTERVAL_S = 0.001


@dataclass(slots=True)
class Options:
    """How the window is opened; parsed once in ``__main__``."""

    size: tuple[int, int] | None = None
    fullscreen: bool = False
    kiosk: bool = False
    touch_mm: float = 9.0
    dpi: float | None = None
    exit_corner: str | None = None
    """Kiosk mode: the exit corner, kept clear of every control (``App.set_exit_corner``)."""
    exit_corner_px: int = 0
    """Its side at the touch size :data:`crescent.kiosk.BASE_TOUCH_PX` (scaled with it)."""
    ghost_tap_ms: float = GHOST_TAP_MS
    """A press this soon after the last one, at its spot, is a ghost (see
    :mod:`crescent.control.ghosts`); the kiosk's config may set it, 0 keeps every one."""
    theme: str | None = None
    """``--theme``: the theme of this run, over the saved one (not saved; a theme chosen
    in Settings replaces it)."""
    art_cache: Path | None = None
    """Where card pictures are kept between runs (the platform's cache folder, see
    ``crescent.game_main.art_cache_dir``); None: not kept."""


def _hand_over_often() -> None:
    # The one interpreter-wide setting the client makes, and why: a hint searches in a
    # thread of this process, and the frame waits for the interpreter while it holds it.
    # Handed over every millisecond instead of Python's 5, frames drawn during a hint
    # had a lower p95 in each interleaved run of `python -m crescent.bench switch`
    # (benchmarks/results/switch_runs_8.json: 1.23x; the share of late frames and the
    # first frame, whose card art threads it was also meant for, gained nothing).
    sys.setswitchinterval(SWITCH_INTERVAL_S)


def init_pygame() -> None:
    _hand_over_often()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # The X11 window class, so window managers and xdotool --class find "crescent".
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "crescent")
    # HiDPI: draw at the screen's real pixels on Windows (no blurry upscaling);
    # the layout is computed from the window's pixel size, so text and cards stay crisp.
    os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
    pygame.display.init()
    if pygame.display.get_driver() == "x11":
        # We send only changed regions; X11's own shared-memory framebuffer copies just
        # those, while SDL's default GL-texture framebuffer re-uploads the whole window
        # every update (a large window's frame costs hundreds of times more that way).
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
    pygame.font.init()


def message_box(title: str, text: str) -> bool:
    """A small window saying ``text`` with an OK button (pygame-ce's native message box),
    for a player who started the game from a desktop menu and sees no terminal. False
    when none can be shown: a headless driver, or no display."""
    if os.environ.get("SDL_VIDEODRIVER") in HEADLESS_DRIVERS:
        return False
    try:
        pygame.display.message_box(title, text, message_type="error")
    except pygame.error:
        return False
    return True


def _full_screen(options: Options, settings: Settings) -> bool:
    return options.fullscreen or options.kiosk or settings.fullscreen


def _headless_size(options: Options) -> tuple[int, int] | None:
    """Headless (screenshots, tests), the size asked: "full screen" would be the
    driver's 1024x768."""
    if options.size is not None and pygame.display.get_driver() in HEADLESS_DRIVERS:
        return options.size
    return None


def planned_size(options: Options, settings: Settings) -> tuple[int, int]:
    """The size :func:`open_window` asks for (full screen: the desktop's). A window
    manager may give another; the app then lays the table out again. Needs the display
    started only when :func:`size_needs_display`."""
    if options.size is not None:
        return options.size  # a window, a full screen or a headless surface of that size
    if _full_screen(options, settings):
        desktops = pygame.display.get_desktop_sizes()
        return desktops[0] if desktops else DEFAULT_SIZE
    return settings.window_size or DEFAULT_SIZE


def size_needs_display(options: Options, settings: Settings) -> bool:
    """Whether the table's size waits for the display to start: a full screen of the
    desktop's size, or a kiosk (its touch size comes from the screen's)."""
    return options.kiosk or (options.size is None and _full_screen(options, settings))


def open_window(options: Options, settings: Settings) -> pygame.Surface:
    pygame.display.set_caption("Crescent")
    pygame.display.set_icon(render.window_icon())
    headless = _headless_size(options)
    if headless is not None:
        return pygame.display.set_mode(headless)
    fullscreen = _full_screen(options, settings)
    if fullscreen and options.size is None:
        return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    size = options.size or settings.window_size or DEFAULT_SIZE
    flags = pygame.FULLSCREEN if fullscreen else pygame.RESIZABLE
    surface = pygame.display.set_mode(size, flags)
    if not fullscreen:
        keep_minimum_size()
    return surface


def display_window() -> pygame.Window:
    """The display module's window, as a :class:`pygame.Window`."""
    with warnings.catch_warnings():  # pygame-ce frowns on it; it is the display's
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


def keep_minimum_size() -> None:
    """Ask the window manager not to make the window smaller than :data:`MIN_SIZE` (a
    hint: one that makes it smaller still gets the table, scaled down)."""
    with contextlib.suppress(pygame.error, AttributeError):  # no window: nothing to ask
        display_window().minimum_size = MIN_SIZE


def touch_px(options: Options) -> int:
    """The smallest side of a control, in pixels (0: the layout's own minimum)."""
    if options.dpi:
        return max(24, math.ceil(options.touch_mm / 25.4 * options.dpi))
    if options.kiosk:
        # Unknown DPI on a kiosk: assume a typical 22-24" full-HD panel (~96 dpi).
        return max(34, math.ceil(options.touch_mm / 25.4 * 96))
    return 0


def hud_items(session: Session, options: Options) -> tuple[HudItem, ...]:
    """The HUD cells of the game being played: its mode declares them, less the clock and
    the moves when the player chose Relaxed. In kiosk mode
    neither Code nor Settings (nothing there for visitors: the operator's screen is
    behind the exit corner's PIN)."""
    hud = session.mode.hud
    if session.settings.relaxed:
        # Relaxed: no clock, no moves (the levels game keeps its countdown: it is the game).
        hud = tuple(i for i in hud if i not in (HudItem.TIME, HudItem.MOVES))
    if options.kiosk:
        return tuple(i for i in hud if i not in (HudItem.CODE, HudItem.SETTINGS))
    return hud


def table_layout(
    size: tuple[int, int], session: Session, options: Options
) -> tuple[TableLayout, Fan | None]:
    """The table laid out in a window of ``size``, and the fans of "Show whole piles"
    when it is on (and the window holds them).

    Undo and Redo share one slot of the HUD (its halves) only where that saves the HUD
    a row (a wide window whose HUD is one row with a slot fewer) and each half is at
    least :data:`HALF_MIN_W` wide; elsewhere each has a cell of its own."""
    hud = hud_items(session, options)
    layout, fan = _table_layout(size, len(hud), session, options)
    halves = modes.hud_halves(hud)
    if not halves or hud_rows(layout) == 1 or layout.hud_side != "bottom":
        return layout, fan
    joined, joined_fan = _table_layout(size, len(hud) - len(halves), session, options)
    split = split_hud(joined, halves)
    narrowest = min(split.hud_cells[i].w for i in halves)
    if hud_rows(joined) < hud_rows(layout) and narrowest >= max(HALF_MIN_W, split.touch_px):
        return split, joined_fan
    return layout, fan


HALF_MIN_W = 70
"""The narrowest half of a shared HUD slot: Undo's longest word ("Ongedaan", 62 px bold
at the smallest text size) fits its half."""


def hud_rows(layout: TableLayout) -> int:
    """How many rows the HUD's cells make."""
    return len({cell.y for cell in layout.hud_cells})


def _table_layout(
    size: tuple[int, int], items: int, session: Session, options: Options
) -> tuple[TableLayout, Fan | None]:
    """The table for ``items`` HUD slots (a shared pair of cells is one slot)."""
    w, h = max(size[0], 320), max(size[1], 320)
    touch = touch_px(options)
    corner = options.exit_corner
    left_handed = session.settings.left_handed
    if session.settings.show_piles and corner is None:
        try:
            return compute_fanned_layout(
                w, h, hud_items=items, touch_px=touch, left_handed=left_handed
            )
        except ValueError:
            pass  # too small to fan: the usual table
    side = 0
    if corner is not None:
        from crescent.kiosk.core import corner_side  # kiosk only (a large import)

        side = corner_side(options.exit_corner_px, touch or 34)
    try:
        layout = compute_layout(
            w,
            h,
            hud_items=items,
            touch_px=touch,
            corner=corner,
            corner_px=side,
            left_handed=left_handed,
        )
    except ValueError:
        layout = compute_layout(max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1]), hud_items=items)
    return layout, None


def showing_cards(game: Game) -> list[int | None]:
    """The card showing on each place (None: a face-down card), empty places left out:
    the art a full frame of the table needs."""
    out: list[int | None] = []
    for p, pile in enumerate(game.piles):
        if pile:
            out.append(None if len(pile) - 1 < game.down[p] else pile[-1])
    out += [found[-1] for found in game.foundations if found]
    return out


def card_art(session: Session, options: Options) -> CardArt:
    """The card art, kept between runs where the options say."""
    disk = DiskCache(options.art_cache) if options.art_cache is not None else None
    settings = session.settings
    return CardArt(four_colour=settings.four_colour, disk=disk, back=settings.card_back)


def start_card_art(session: Session, options: Options) -> CardArt:
    """The card art, the pictures of the first frame already being made in the background
    (at the size a card will have in the window :func:`open_window` is to open). Before
    :func:`init_pygame` unless :func:`size_needs_display`."""
    _hand_over_often()
    art = card_art(session, options)
    size = canvas_size(planned_size(options, session.settings), MIN_SIZE)
    layout, _ = table_layout(size, session, options)
    art.prefetch(showing_cards(session.game), (layout.card_w, layout.card_h))
    return art
