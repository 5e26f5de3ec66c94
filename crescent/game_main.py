"""Start the game from the parsed command line (:class:`crescent.options.Config`)."""

from __future__ import annotations

import gc
import os
import random
import shutil
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import platformdirs
import pygame

from crescent import ending, logs
from crescent.control.explain import foundation_takes
from crescent.control.input import GameEvent
from crescent.i18n.translator import Translator, load_translator, system_language
from crescent.options import Config
from crescent.play.safejson import clip, shown
from crescent.play.session import Session
from crescent.play.settings import Settings
from crescent.play.storage import FolderBusy, Store, default_data_dir
from crescent.rules.engine import IllegalMove, InvalidCode
from crescent.solver.pools import load_daily, load_fair, load_lost, load_pool
from crescent.ui.clock import SteppedClock
from crescent.ui.window import (
    Options,
    init_pygame,
    message_box,
    size_needs_display,
    start_card_art,
)

if TYPE_CHECKING:
    from crescent.ui.app import App

EXIT_USAGE = 2
EXIT_FATAL = 1
EXIT_NO_DISPLAY = 3
"""Kiosk mode without a real display (SDL fell back to offscreen/dummy), or the display
was lost while running: logged, and the supervisor restarts the kiosk."""
EXIT_SIGTERM = 143
"""Ended by SIGTERM (128 + 15, the shell's convention): saved first, distinct from the
operator's exit (0) so a supervisor restarts a kiosk that was merely killed. Every
ending signal exits so (crescent/ending.py)."""
HEADLESS_KIOSK_ENV = "CRESCENT_KIOSK_HEADLESS"
"""For tests only: ``CRESCENT_KIOSK_HEADLESS=1`` lets kiosk mode run under SDL's offscreen
or dummy video driver (a real kiosk refuses them: nobody would see it)."""
HEADLESS_DRIVERS = frozenset({"offscreen", "dummy"})
SETTLE_FRAMES = 600
CACHE_ENV = "CRESCENT_CACHE_DIR"
"""Names the folder card pictures are kept in between runs (tests point it at their own
folder); without it, the platform's cache folder (``platformdirs.user_cache_dir``)."""
OLD_ART_CACHE = Path("cache", "cards")
"""Where earlier versions kept card pictures, in the data folder: removed at start."""


def _pool(pool: str) -> list[int]:
    try:
        return list(load_pool(pool))
    except OSError:
        return []


def _lost(pool: str) -> list[int]:
    try:
        return list(load_lost(pool))
    except OSError:
        return []


def _fair(name: str) -> list[int]:
    try:
        return load_fair(name)
    except OSError:
        return []


def _daily(name: str) -> list[int]:
    try:
        return load_daily(name)
    except OSError:
        return []


def run(config: Config) -> int:
    data_dir = config.data_dir or default_data_dir()
    # A screenshot never touches the player's own files unless a folder is named.
    store = Store(data_dir) if (config.screenshot is None or config.data_dir is not None) else None
    if store is not None:
        logs.setup(data_dir)
        if not store.read_only:
            _remove_old_art_cache(store.root)
    try:
        return _run(config, store)
    except SystemExit:
        raise
    except Exception as e:  # noqa: BLE001 -- the process's last handler: logged, one line, exit 1
        if store is not None:
            logs.get().exception("fatal error")
        print(f"crescent: fatal error: {type(e).__name__}: {e}", file=sys.stderr)
        return EXIT_FATAL
    finally:
        if store is not None:
            store.close()  # the folder unlocked, the database checkpointed


def art_cache_dir() -> Path:
    """The folder card pictures are kept in between runs: :data:`CACHE_ENV`'s, or the
    platform's cache folder for Crescent (never the data folder: it is not players' data)."""
    named = os.environ.get(CACHE_ENV)
    root = Path(named) if named else Path(platformdirs.user_cache_dir("Crescent", appauthor=False))
    return root / "cards"


def _remove_old_art_cache(data_dir: Path) -> None:
    """The card pictures older versions kept in the data folder: our cache, not the
    player's data, so removed (and ``cache/`` with it when nothing else is there)."""
    old = data_dir / OLD_ART_CACHE
    try:
        if old.is_symlink() or old.is_file():
            old.unlink()
        elif old.is_dir():
            shutil.rmtree(old)
        old.parent.rmdir()
    except OSError:
        pass  # not there, or something else is in cache/: left as it is


def _run(config: Config, store: Store | None) -> int:
    rng = random.Random()
    if config.play:
        # The whole line is tried first on a copy that changes nothing on disk: a refused
        # --play leaves the data folder exactly as it was.
        probe_store = Store(store.root, read_only=True) if store is not None else None
        refused = _try_play(config, probe_store, _same_rng(rng))
        if refused is not None:
            print(f"crescent: {refused}", file=sys.stderr)
            return EXIT_USAGE
    if store is not None:
        try:
            store.open()  # the folder is locked: a second instance stops here, unwritten
        except FolderBusy as e:
            print(f"crescent: {e}", file=sys.stderr)
            if _started_from_a_desktop(config):
                message_box("Crescent", f"{e}: this one closes. Play on in its window.")
            return EXIT_USAGE
    session, tr = _session(config, store, rng)
    refused = _start_and_play(config, session)
    if refused is not None:  # only if the files changed under us since the check
        print(f"crescent: {refused}", file=sys.stderr)
        session.close()
        return EXIT_USAGE
    if (config.play or config.new) and store is not None and not session.saved_all():
        print(f"crescent: cannot save in {store.root}: this game would be lost", file=sys.stderr)
        return EXIT_USAGE
    # A crash in C code (SDL, a driver) leaves its traceback beside the log (issue 43).
    crashes = store.root if store is not None and not store.read_only else None
    with logs.crash_file(crashes if config.screenshot is None else None):
        return _said_unstored(session, _run_window(config, session, tr))


def _said_unstored(session: Session, code: int) -> int:
    """A game whose end the disk never took (full, refusing) is not left behind quietly:
    one line on stderr and in the log, and exit code 1 instead of 0 (issue 43 item 3)."""
    store = session.store
    if store is None or store.read_only:
        return code
    left = session.unstored()
    if not left:
        return code
    message = (
        f"the end of {left} game{'s' if left > 1 else ''} could not be stored in {store.root}"
        " (the disk refused): not counted"
    )
    logs.get().error("%s", message)
    print(f"crescent: {message}", file=sys.stderr)
    return EXIT_FATAL if code == 0 else code


def _started_from_a_desktop(config: Config) -> bool:
    """Started by a desktop menu or a file manager, whose player sees no terminal (nor
    stderr): a window, not a kiosk (its supervisor reads the log), no terminal on stderr."""
    if config.kiosk or config.screenshot is not None or config.frames is not None:
        return False
    return sys.stderr is None or not sys.stderr.isatty()


def _same_rng(rng: random.Random) -> random.Random:
    twin = random.Random()
    twin.setstate(rng.getstate())
    return twin


def _session(config: Config, store: Store | None, rng: random.Random) -> tuple[Session, Translator]:
    """The session the options ask for (not started) and the translator."""
    settings = store.load_settings() if store is not None else Settings()
    kc = config.kiosk_config
    # The kiosk config is the truth from the very first game on a fresh data folder (the
    # command line's --lang and --variant still win).
    if config.kiosk and kc is not None:
        from crescent.kiosk.config import apply_to_settings  # as in __main__: a kiosk's

        changed = apply_to_settings(kc, settings, lang_option=config.lang)
        if changed and store is not None:
            store.save_settings(settings)
    if config.lang:
        settings.language = config.lang
    elif settings.language is None:
        settings.language = system_language()
    if config.variant:
        settings.variant = config.variant
    if config.fullscreen:
        settings.fullscreen = True
    if config.speech:
        settings.speech = True
    tr = load_translator(settings.language)
    background = config.screenshot is None and (store is None or not store.read_only)
    session = Session(
        store,
        settings,
        rng=rng,
        pool=_pool,
        lost=_lost,
        daily=_daily,
        fair=_fair,
        background_saves=background,
    )
    return session, tr


def _try_play(config: Config, probe_store: Store | None, rng: random.Random) -> str | None:
    session, _ = _session(config, probe_store, rng)
    return _start_and_play(config, session)


def _start_and_play(config: Config, session: Session) -> str | None:
    """Deal or resume as asked and play ``--play``; the one-line reason if refused."""
    try:
        session.start(code=config.code, new=config.new or config.variant is not None)
    except InvalidCode as e:
        return f"bad --code: {e}"
    for i, token in enumerate(config.play or [], start=1):
        try:
            session.apply(token)
        except IllegalMove as e:
            # The table's sentence, in the player's language (not the Reason's name).
            tr = load_translator(session.settings.language)
            takes = foundation_takes(session.game, e.move.dst) if e.move is not None else None
            return f"--play step {i} ({shown(token, 20)}) refused: {tr.reason(e.reason, takes)}"
        except ValueError as e:
            return f"--play step {i}: {clip(str(e), 120)}"
    return None


def _run_window(config: Config, session: Session, tr: Translator) -> int:
    store = session.store
    options = Options(
        size=config.size,
        fullscreen=config.fullscreen,
        kiosk=config.kiosk,
        dpi=config.dpi,
        theme=config.theme,
        art_cache=art_cache_dir() if store is not None and not store.read_only else None,
    )
    try:
        # The first frame's cards are read or rasterised in the background from now on,
        # while the display starts, the client's modules load and the window opens.
        early = not size_needs_display(options, session.settings)
        art = start_card_art(session, options) if early else None
        init_pygame()
        if config.kiosk and config.screenshot is None and not _display_usable():
            return EXIT_NO_DISPLAY
        if config.kiosk:
            # The kiosk's modules (a large import) only in kiosk mode.
            from crescent.kiosk.core import kiosk_touch
            from crescent.kiosk.heap import fix_mmap_threshold
            from crescent.ui.kiosk_scenes import desktop_size

            # Before the window's full-screen surfaces: a kiosk runs for months, and
            # freed surfaces and search tables must go back to the system.
            fix_mmap_threshold()

            options.dpi, options.touch_mm = kiosk_touch(config, desktop_size)
            if config.kiosk_config is not None:
                options.ghost_tap_ms = config.kiosk_config.ghost_tap_ms
        if art is None:
            art = start_card_art(session, options)
        # The client is imported once its cards are being drawn: its import and their
        # rasterising share the cores (the first frame sooner: docs/PERFORMANCE.md).
        from crescent.ui.app import App

        app = App(session, options, tr, art)
        if config.kiosk:
            from crescent.ui.kiosk_scenes import install_kiosk

            install_kiosk(app, config)
        _collect_from_now_on()
        if config.screenshot is not None:
            return _screenshot(app, config.screenshot, SteppedClock())
        return _play(app, config)
    finally:
        session.close()
        pygame.quit()


def _play(app: App, config: Config) -> int:
    """Run the game in its window until it ends; the exit code."""
    from crescent.ui.app import run_app  # the client, loaded by now (see _run_window)

    if config.kiosk:
        from crescent.ui.x11_watch import watch_display  # kiosk only

        watch_display(app.session.close)
    else:
        # The first-run tip comes just after the first frame: the table is on screen
        # at once, and the tip's own card pictures are drawn after it. A levels game
        # shows its own intro instead, the first time (issue 29 item 7).
        def tip() -> None:
            # Imported here, with the dialogs it shows: after the first frame, not before.
            from crescent.ui.tip import show_first_run_tip, show_levels_intro

            if not show_levels_intro(app):
                show_first_run_tip(app)

        app.after_first_frame.append(tip)
    _stop_on_signals(app)
    run_app(app, max_frames=config.frames)
    app.stop_speech()
    app.save_art_cache()
    if ending.current().signum is not None:
        app.session.close()  # saved now: main says so and exits 128 + its number
    return app.exit_code


def _collect_from_now_on() -> None:
    """The garbage collector back on (``__main__.main`` turned it off for the start-up),
    leaving alone for good what the start-up made: it lives as long as the game. Frozen,
    the 30 000 objects cost no collection anything (the first would otherwise scan them
    all during the first frame, and every full one later)."""
    gc.freeze()
    gc.enable()


def _stop_on_signals(app: App) -> None:
    """From the loop's start, an ending signal (crescent/ending.py) ends the loop after its
    frame instead of unwinding the start: the game is saved on the way out."""

    def stop() -> None:
        app.running = False

    ending.current().when_running(stop)


def _display_usable() -> bool:
    """Kiosk mode needs a display somebody sees: SDL's offscreen and dummy drivers (its
    fallbacks when X is gone or ``DISPLAY`` is wrong) are refused, one line logged, unless
    :data:`HEADLESS_KIOSK_ENV` is set (tests)."""
    driver = pygame.display.get_driver()
    if driver not in HEADLESS_DRIVERS or os.environ.get(HEADLESS_KIOSK_ENV) == "1":
        return True
    message = (
        f"kiosk mode needs a real display, but SDL's video driver is {driver!r} "
        f"(DISPLAY={os.environ.get('DISPLAY', '')!r}): exit code {EXIT_NO_DISPLAY}"
    )
    logs.get().error("%s", message)
    print(f"crescent: {message}", file=sys.stderr)
    return False


class _NoEvents:
    """A screenshot's event source: nothing happens."""

    def poll(self, window_size: tuple[int, int]) -> list[GameEvent]:
        return []


def _screenshot(app: App, path: Path, clock: SteppedClock) -> int:
    from crescent.ui.app import run_app  # as in _play

    run_app(app, clock=clock, events=_NoEvents(), max_frames=2)
    frames = 0
    while app.table.anims.busy and frames < SETTLE_FRAMES:
        # A fresh loop owes no time on its first frame: two frames make one update step.
        run_app(app, clock=clock, events=_NoEvents(), max_frames=2)
        frames += 1
    app.screenshot(path)
    return 0
