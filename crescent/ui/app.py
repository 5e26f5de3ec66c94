"""The pygame application: the window, the scene stack and the fixed-step loop."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, assert_never, runtime_checkable

import pygame

from crescent import files, themes
from crescent.control.ghosts import GhostFilter
from crescent.control.input import (
    DOUBLE_TAP_MM,
    KeyPress,
    PointerDown,
    PointerMove,
    PointerUp,
    WindowKind,
    mm_to_px,
)
from crescent.control.layout import TableLayout, canvas_size
from crescent.i18n import text as T
from crescent.i18n.translator import Translator, load_translator
from crescent.languages import next_language
from crescent.play.session import Session
from crescent.play.settings import WINDOW_MIN, Effect
from crescent.play.storage import Notice
from crescent.rules.modes import HudItem
from crescent.ui import render, window
from crescent.ui.cards import CardArt
from crescent.ui.clock import Clock, RealClock
from crescent.ui.events import Fingers, GameEvent, PygameEvents, WindowEvent
from crescent.ui.scene import Scene, Screen
from crescent.ui.sound import SoundBoard
from crescent.ui.table import TableScene
from crescent.ui.window import Options, init_pygame

if TYPE_CHECKING:
    # Imported when the fans are on (window.table_layout): a start does not need it.
    from crescent.control.fan import Fan

    # Imported when speech is on (App.change_setting): a start without it does not load them.
    from crescent.i18n.speech import Announcer
    from crescent.ui.speech import Speaker

__all__ = ["STEP", "App", "LoopStats", "Options", "init_pygame", "run_app", "run_loop"]

STEP = 1 / 60
"""The fixed update step."""
MAX_FRAME_S = 0.25
"""Time clamp after a stall (a dragged window, a slow disk): never more than this per frame."""
FPS = 60
MAX_SLEEP_S = 1.0
"""The longest idle sleep: with nothing scheduled the loop still looks round once a second
(saves failing in the background are reported then)."""


class EventSource(Protocol):
    def poll(self, window_size: tuple[int, int]) -> list[GameEvent]: ...


@runtime_checkable
class SleepingEventSource(EventSource, Protocol):
    """An event source the loop can sleep on while the table is still."""

    def wait(self, window_size: tuple[int, int], timeout_s: float) -> list[GameEvent]:
        """Block until an event arrives or ``timeout_s`` passes; then the events there are."""
        ...


class AppHook(Protocol):
    """Sees every event before the scenes (True consumes it) and every update step."""

    def handle(self, event: GameEvent) -> bool: ...

    def update(self, dt: float) -> None: ...

    def wake_at(self, now: float) -> float | None:
        """Like :meth:`Scene.wake_at`: when this hook next needs an update."""
        ...


@dataclass(slots=True)
class LoopStats:
    """What the loop did: frames drawn, their times, idle sleeps."""

    frames: int = 0
    frame_ms: list[float] = field(default_factory=list)
    sleeps: int = 0
    """Iterations that ended asleep on the event queue instead of waiting for the next frame."""


def run_loop(
    app: App, clock: Clock, events: EventSource, max_frames: int | None = None
) -> LoopStats:
    """Fix Your Timestep: real time accumulates and is consumed in fixed steps;
    drawing happens once per frame; a stall is clamped to MAX_FRAME_S.

    The time a stall cuts off the steps still counts on the game's clock
    (:meth:`App.stalled`): a timed game follows the monotonic clock, not the steps.

    Idle: when no scene or hook animates (:meth:`App.next_wake`), the clock
    allows it (``Clock.sleeps``: the real one does) and the event source can
    block (:class:`SleepingEventSource`), the loop sleeps on the event
    queue until the next scheduled change (the clock's next second, the kiosk's
    idle timer...) or the first event, instead of waking 60 times a second. On
    waking, the whole steps slept through are taken in one update (nothing moved
    meanwhile; a sleep overrun by a suspend or a stall is clamped like a stall),
    then the events that woke it are handled in the same frame.
    """
    stats = LoopStats()
    sleeper = events if clock.sleeps and isinstance(events, SleepingEventSource) else None
    previous = clock.now()
    lag = 0.0
    planned: float | None = None  # how long the loop is going to sleep (None: it is not)
    while app.running:
        if planned is not None and sleeper is not None:
            batch = sleeper.wait(app.size, planned)
            now = app.now = clock.now()
            kept = min(now - previous, planned + MAX_FRAME_S)
            lag = _slept(app, lag + kept)
            planned = None
        else:
            now = app.now = clock.now()
            kept = min(now - previous, MAX_FRAME_S)
            lag += kept
            batch = events.poll(app.size)
        if now - previous > kept:
            app.stalled(now - previous - kept)
        previous = now
        for event in batch:
            app.handle(event)
        # The tolerance: a frame of exactly 1/60 s, measured as a difference of
        # two float times, can come out a hair short and would skip its step.
        while lag >= STEP - 1e-9:
            app.update(STEP)
            lag -= STEP
        app.follow_screen()
        app.draw()
        app.frame_shown()
        stats.frames += 1
        if max_frames is not None and stats.frames >= max_frames:
            break
        # A run of ``max_frames`` frames (``--frames``: smoke tests) never sleeps: each
        # frame is one 60 Hz frame, so it ends in max_frames / 60 seconds.
        if sleeper is not None and app.running and max_frames is None:
            planned = _idle_sleep(app, clock)
        if planned is not None:
            stats.sleeps += 1
            continue
        clock.wait(FPS)
    return stats


def _slept(app: App, lag: float) -> float:
    """Woken from an idle sleep: the whole steps slept through, in one update; the lag left."""
    whole = int((lag + 1e-9) / STEP)
    if whole > 0:
        app.update(whole * STEP)
        lag = max(0.0, lag - whole * STEP)
    return lag


def _idle_sleep(app: App, clock: Clock) -> float | None:
    """How long the loop may sleep now (None: it draws the next frame on time)."""
    wake = app.next_wake()
    if wake is None:
        return None
    sleep = min(wake, app.now + MAX_SLEEP_S) - clock.now()
    return sleep if sleep > STEP else None


class App:
    """The window and the stack of scenes; the table is always at the bottom."""

    def __init__(
        self, session: Session, options: Options, tr: Translator, art: CardArt | None = None
    ) -> None:
        """``art``: the card art, from :func:`window.start_card_art` when the start-up
        began drawing the first frame's cards before the window opened."""
        self.session = session
        self.options = options
        self.tr = tr
        self.running = True
        self.exit_code = 0
        self.now = 0.0
        self.paused = False
        self.dim = 0.0
        """Night dimming (see :meth:`set_dim`)."""
        self.full_redraw = True
        self.theme = themes.by_name(options.theme or session.settings.theme)
        """The table's colours: every scene draws with it (``Kit.theme``)."""
        self.ghosts = GhostFilter(options.ghost_tap_ms / 1000, mm_to_px(DOUBLE_TAP_MM, options.dpi))
        """Drops the presses glass or a driver sends twice (see :mod:`crescent.control.ghosts`)."""
        self.display = self._open_window()
        """The window's surface."""
        self.screen = self.display
        """What the scenes draw on: the window's surface, or in a window smaller than
        :data:`window.MIN_SIZE` a canvas shown scaled down to it (see :meth:`_use_display`)."""
        self.window_size = self.size = self.display.get_size()
        """The window's size, and :attr:`size` the table's (the canvas's)."""
        self._use_display(self.display)
        self.shift = (0, 0)
        """The whole table's offset in pixels (the kiosk's burn-in care, see :meth:`set_shift`)."""
        self.fan: Fan | None = None
        """The fans of "Show whole piles", when it is on (and the window holds them)."""
        self.layout = self._compute_layout(self.size)
        self.art = art if art is not None else window.card_art(session, options)
        self.sound = SoundBoard(lambda: self.session.settings.sound, lambda: self.now)
        self.scenes: list[Scene] = []
        self._first_shown = False
        self.after_first_frame: list[Callable[[], None]] = []
        """Done once the first frame is on screen (what it need not wait for)."""
        self.fingers = Fingers()
        """Which fingers are down, kept across loops (see :class:`Fingers`)."""
        self.table = TableScene(self)
        self._prefetch_cards()  # in the background while the rest is set up
        self.fonts = render.Fonts(tr.font_asset(), tr.font_asset(bold=True))
        self.push(self.table)
        self._notice_clock = 0.0
        self.on_quit: Callable[[], bool] | None = None
        """Asked before quitting; returning False refuses (kiosk mode)."""
        self.hooks: list[AppHook] = []
        """Watchers of events and update steps (kiosk mode: idle time, exit gesture)."""
        self.settings_gate: Callable[[], None] | None = None
        """Opens instead of the settings screen when set (kiosk mode: the PIN pad)."""
        self.speaker: Speaker | None = None
        """The voice, while speech is on (see :meth:`change_setting`)."""
        self.announcer: Announcer | None = None
        """What speech says, while it is on."""
        self._own_speaker = False
        if session.settings.speech:
            self._voice(True)
            self.say_game()
        self.show_notices()

    # -- window ------------------------------------------------------------------

    @property
    def hud_items(self) -> tuple[HudItem, ...]:
        """The HUD cells of the game being played (see :func:`window.hud_items`)."""
        return window.hud_items(self.session, self.options)

    def _compute_layout(self, size: tuple[int, int]) -> TableLayout:
        layout, fan = window.table_layout(size, self.session, self.options)
        dx, dy = self.shift
        self.fan = fan.shifted(dx, dy) if fan is not None else None
        return layout.shifted(dx, dy)

    def set_shift(self, shift: tuple[int, int]) -> None:
        """Move the whole table, HUD included, by ``shift`` pixels from its place (a kiosk's
        slow pixel shift): drawing and hit tests follow the new layout."""
        if shift != self.shift:
            self.shift = shift
            self.relayout()

    def set_exit_corner(self, corner: str | None, px: int) -> None:
        """Kiosk mode: keep this corner clear of controls (the layout makes room)."""
        self.options.exit_corner, self.options.exit_corner_px = corner, px
        self.relayout()

    def relayout(self) -> None:
        """Lay the table out again for the same window (the HUD's cells or the kiosk's
        exit corner changed); cards are rasterised again if their size changed."""
        old = (self.layout.card_w, self.layout.card_h)
        self.layout = self._compute_layout(self.size)
        if (self.layout.card_w, self.layout.card_h) != old:
            self.art.clear()
            self._prefetch_cards()
        for scene in self.scenes:
            scene.relayout()
        self.full_redraw = True

    def _open_window(self) -> pygame.Surface:
        return window.open_window(self.options, self.session.settings)

    def _prefetch_cards(self) -> None:
        """Start rasterising the cards the next full frame shows (the visible ones first)."""
        size = (self.layout.card_w, self.layout.card_h)
        self.art.prefetch(window.showing_cards(self.table.game), size)

    def _window_size(self) -> tuple[int, int]:
        surface = pygame.display.get_surface()
        return surface.get_size() if surface is not None else self.window_size

    def _use_display(self, display: pygame.Surface) -> None:
        """Draw for ``display``, the window's surface: straight on it, or, when the window
        is smaller than :data:`window.MIN_SIZE` (a window manager that ignored the minimum
        size), on a canvas of :func:`canvas_size` that each frame shows scaled down to the
        window (:meth:`_present`), the pointer's positions scaled up (:meth:`_on_canvas`)."""
        self.display = display
        self.window_size = display.get_size()
        self.size = canvas_size(self.window_size, window.MIN_SIZE)
        if self.size == self.window_size:
            self.screen = display
        elif self.screen is display or self.screen.get_size() != self.size:
            self.screen = pygame.Surface(self.size, 0, display)

    def resize(self, size: tuple[int, int]) -> None:
        if size == self.window_size or size[0] <= 0 or size[1] <= 0:
            return
        self._use_display(pygame.display.get_surface() or self.display)
        self.relayout()
        if not (self.options.kiosk or pygame.display.is_fullscreen()):
            w, h = self.window_size
            self.session.settings.window_size = (max(w, WINDOW_MIN), max(h, WINDOW_MIN))
            self.session.save_settings()

    def change_setting(self, name: str, value: object) -> None:
        """Set the setting ``name`` to ``value``, save it, and do what changing it does
        (its declared :class:`Effect`: a new layout, a repaint, the voice...).
        ValueError for a name or value the declarations refuse."""
        settings = self.session.settings
        before = getattr(settings, name, None)
        effect = settings.change(name, value)
        if name == "theme":
            self.options.theme = None  # the player's choice replaces a --theme for this run
        if getattr(settings, name) != before:
            self.session.save_settings()
        match effect:
            case Effect.NOTHING:
                pass
            case Effect.RELAYOUT:
                self.relayout()
            case Effect.REPAINT:
                self._repaint()
            case Effect.VOICE:
                self._voice(settings.speech)
            case Effect.SOUND:
                if not settings.sound:
                    self.sound.stop()
            case Effect.LANGUAGE:
                self._use_language(settings.language or self.tr.lang)
            case Effect.WINDOW:
                if settings.fullscreen != bool(pygame.display.is_fullscreen()):
                    self.toggle_fullscreen()
            case _:
                assert_never(effect)

    def _repaint(self) -> None:
        """Draw the table again in the settings' colours and card pictures."""
        settings = self.session.settings
        self.art.set_four_colour(settings.four_colour)
        self.art.set_back(settings.card_back)
        self.theme = themes.by_name(self.options.theme or settings.theme)
        self.table.repaint()
        self.full_redraw = True

    def speak_with(self, speaker: Speaker) -> None:
        """Speech on, with ``speaker`` for a voice (the tests' fake), and saved."""
        self.change_setting("speech", True)
        self._voice(True, speaker)

    def _voice(self, on: bool, speaker: Speaker | None = None) -> None:
        """Start (or stop) the voice, at once. ``speaker``: the voice to use; else the
        platform's. Its modules load only when speech is first turned on."""
        if not on:
            self.stop_speech()
            return
        if self.speaker is None or speaker is not None:
            from crescent.i18n.speech import Announcer  # speech only (the docstring says why)
            from crescent.ui.speech import platform_speaker

            self._close_speaker()
            self._own_speaker = speaker is None
            self.speaker = speaker if speaker is not None else platform_speaker(self.tr.lang)
            if self.announcer is None:
                self.announcer = Announcer(lambda: self.tr, self._speak)

    def _speak(self, text: str, interrupt: bool) -> None:
        if self.speaker is not None:
            self.speaker.say(text, interrupt)

    def say_game(self) -> None:
        """Say the game on the table in short: its kind, what is left, the moves that can
        be played, and Finish when it is offered (speech on at the start: what a sighted
        player sees when the window opens; the piles are the L key's)."""
        a = self.announcer
        if a is not None:
            game = self.session.game
            a.say(a.summary(game, self.tr(T.MODE_NAMES[game.mode.key])))
            if self.table.finish.line:
                a.say(self.tr(T.SPOKEN_FINISH_READY), interrupt=False)

    def stop_speech(self) -> None:
        """Silence the voice and end its thread (speech turned off, or the app closing)."""
        self._close_speaker()
        self.announcer = None

    def _close_speaker(self) -> None:
        if self.speaker is not None:
            self.speaker.close()
        self.speaker = None

    def toggle_fullscreen(self) -> None:
        if self.options.kiosk:
            return
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error:
            # Some video drivers cannot toggle a window in place: open it again.
            if pygame.display.is_fullscreen():
                size = self.session.settings.window_size or (1280, 800)
                pygame.display.set_mode(size, pygame.RESIZABLE)
            else:
                pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        self.session.settings.fullscreen = bool(pygame.display.is_fullscreen())
        self.session.save_settings()
        self.resize(self._window_size())
        self.full_redraw = True

    # -- scenes ------------------------------------------------------------------

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        scene.enter()
        self.full_redraw = True

    def pop(self, scene: Scene | None = None) -> None:
        if len(self.scenes) <= 1:
            return
        if scene is not None and scene is not self.scenes[-1]:
            if scene in self.scenes:
                self.scenes.remove(scene)
                scene.exit()
            self.full_redraw = True
            return
        self.scenes.pop().exit()
        self.full_redraw = True

    def on_top(self, scene: Scene) -> bool:
        return bool(self.scenes) and self.scenes[-1] is scene

    def showing(self, scene: Scene) -> bool:
        return scene in self.scenes

    def close_dialogs(self) -> None:
        while len(self.scenes) > 1:
            self.pop()

    # -- events ------------------------------------------------------------------

    def handle(self, event: GameEvent) -> None:
        event = self._on_canvas(event)
        if not self.ghosts.keep(event, self.now):
            return
        for hook in self.hooks:
            if hook.handle(event):
                return
        if isinstance(event, WindowEvent):
            self._window_event(event)
            return
        if _is_quit_key(event) and not self.options.kiosk:
            # Ctrl+Q on the desktop, over any screen: the window's close, the game saved on
            # the way out (issue 29 item 11). A kiosk's visitors never quit: it passes on.
            self.quit()
            return
        top = self.scenes[-1]
        a = self.announcer
        said = a.count if a is not None else 0
        top.handle(event)
        if a is not None and a.count == said and top is not self.table and self.on_top(self.table):
            self.table.voice.back()  # a dialog closed, and nothing else was said

    def _on_canvas(self, event: GameEvent) -> GameEvent:
        """The mouse's ``event`` in the table's pixels: its window's, scaled up where the
        canvas is shown scaled down (a finger's position is a fraction of the window, which
        :class:`PygameEvents` already turns into the table's pixels)."""
        if self.screen is self.display or not isinstance(
            event, PointerDown | PointerMove | PointerUp
        ):
            return event
        if event.pointer != 0:
            return event
        (cw, ch), (ww, wh) = self.size, self.window_size
        return event._replace(x=event.x * cw / ww, y=event.y * ch / wh)

    def _window_event(self, event: WindowEvent) -> None:
        kind = event.kind
        if kind == WindowKind.QUIT:
            self.quit()
        elif kind == WindowKind.RESIZE:
            self.resize(self._window_size())
        elif kind in (WindowKind.FOCUS_LOST, WindowKind.MINIMISED):
            self.paused = True
            self.table.pointer_lost()
            self._pause_timed_game()
        elif kind == WindowKind.HIDDEN:
            self._pause_timed_game()
        elif kind == WindowKind.LEFT:
            self.table.pointer_lost()
        elif kind in (WindowKind.FOCUS_GAINED, WindowKind.RESTORED):
            self.paused = False
            self.full_redraw = True
        elif kind == WindowKind.EXPOSED:
            self.full_redraw = True

    def _pause_timed_game(self) -> None:
        """The window went away from the player: a timed game (a countdown running, not
        in the kiosk) shows the pause screen, which stays until Resume."""
        session = self.session
        levels = session.levels
        if (
            self.table.pausable
            and levels is not None
            and levels.counts_down
            and session.started
            and session.outcome is None
            and session.game.status == "playing"
        ):
            self.table.pauser.pause()

    def clock_runs(self) -> bool:
        """Whether the game's clock runs: not while paused, nor under a dialog (the
        player is reading, not playing), nor under a scene that holds it (the kiosk's
        PIN pad and operator screen, over the attract loop too)."""
        if self.paused or not self.scenes or any(s.holds_clock for s in self.scenes):
            return False
        return self.scenes[-1] is self.table

    def quit(self) -> None:
        if self.on_quit is not None and not self.on_quit():
            return
        self.running = False

    # -- actions used by scenes ----------------------------------------------------

    def new_game(self, code: str | None = None) -> None:
        self.table.reset_interaction()
        from_levels = self.session.levels is not None
        self.session.new_game(code=code)
        if len(self.layout.hud_cells) != len(self.hud_items):
            self.relayout()  # a mode with other HUD cells
        self.close_dialogs()
        self.table.after_change()
        self.full_redraw = True
        if self.announcer is not None:
            self.announcer.say(self.announcer.new_game(self.session.game))
        if not from_levels:
            # A levels game dealt after another game: the first one says what the levels
            # add (a levels game on the table at the start showed it then, see game_main).
            from crescent.ui.tip import show_levels_intro  # with its dialogs: not at start

            show_levels_intro(self)

    def set_language(self, lang: str) -> None:
        """Play in ``lang`` (saved): the kiosk's return to its visitors' language."""
        self.change_setting("language", lang)

    def _use_language(self, lang: str) -> None:
        """The translator, fonts and voice of ``lang``; every scene laid out again."""
        self.tr = load_translator(lang)
        if self._own_speaker:
            self._close_speaker()
            self._voice(True)  # the voice of the new language
        self.fonts = render.Fonts(self.tr.font_asset(), self.tr.font_asset(bold=True))
        for scene in self.scenes:
            scene.relayout()
        self.full_redraw = True

    def cycle_language(self) -> None:
        self.change_setting("language", next_language(self.tr.lang))

    @property
    def kit(self) -> App:
        """What a scene draws with (``Host.kit``): the app's own fonts, art and layout."""
        return self

    def toggle_sound(self) -> None:
        self.change_setting("sound", not self.session.settings.sound)

    def open(self, screen: Screen) -> None:
        """Open ``screen`` (see :mod:`crescent.ui.navigation`); in kiosk mode the settings
        gate opens instead of Settings."""
        if screen is Screen.SETTINGS and self.settings_gate is not None:
            self.settings_gate()
            return
        # The screens' modules load when the first one opens, not before the first frame
        # (tens of milliseconds of a start: docs/PERFORMANCE.md lists what is deferred).
        from crescent.ui import navigation

        navigation.open_screen(self, screen)

    def show_notices(self) -> None:
        texts = {
            Notice.CORRUPT: T.NOTICE_CORRUPT,
            Notice.CORRUPT_FILE: T.NOTICE_CORRUPT_FILE,
            Notice.CORRUPT_GAME: T.NOTICE_CORRUPT_GAME,
            Notice.CORRUPT_SETTINGS: T.NOTICE_CORRUPT_SETTINGS,
            Notice.REPAIRED: T.NOTICE_REPAIRED,
            Notice.UNPROVEN_GAME: T.NOTICE_UNPROVEN_GAME,
            Notice.NEWER: T.NOTICE_NEWER,
            Notice.CANNOT_SAVE: T.NOTICE_CANNOT_SAVE,
        }
        notes = [self.tr(texts[n]) for n in self.session.notices()]
        if notes:
            self.table.say(" ".join(notes), notice=True)

    # -- frame ---------------------------------------------------------------------

    def next_wake(self) -> float | None:
        """When the loop must next update (``App.now`` seconds): None while anything
        animates or waits on a background job; else the earliest scheduled change
        of the scenes and hooks (``math.inf``: none)."""
        now = self.now
        wake = self.sound.wake_at(now)
        watchers: list[AppHook | Scene] = [*self.hooks, *self.scenes]
        for watcher in watchers:
            at = watcher.wake_at(now)
            if at is None:
                return None
            wake = min(wake, at)
        return wake

    def stalled(self, seconds: float) -> None:
        """The loop fell ``seconds`` behind real time (a slow frame, a late wake): the
        animations skip them, the game's clock does not (issue 29 item 10)."""
        self.table.clock.passed(seconds)

    def update(self, dt: float) -> None:
        self.sound.tick(self.now)
        for hook in self.hooks:
            hook.update(dt)
        for scene in list(self.scenes):
            scene.update(dt)
        self._notice_clock += dt
        if self._notice_clock >= 1.0:
            # Saves happen in the background: a disk that fails later is reported here.
            self._notice_clock = 0.0
            self.show_notices()

    def draw(self) -> None:
        """Draw the visible scenes; send only changed regions to the display. Changes
        nothing else: what follows a frame is :meth:`frame_shown`'s, and the display's
        surface is followed before it (:meth:`follow_screen`)."""
        self._draw_scenes()

    def frame_shown(self) -> None:
        """A frame is on the screen (the loop calls this after each :meth:`draw`): what
        it said starts now; after the first one, the work it did not wait for."""
        self.sound.frame_shown()
        self.table.winnable.frame_shown()
        if self.speaker is not None:
            self.speaker.frame_shown()
        if self._first_shown:
            return
        self._first_shown = True
        # The first frame loads no pool: is the daily deal on the table?
        self.session.daily_day()
        for then in self.after_first_frame:
            then()
        self.after_first_frame.clear()

    def follow_screen(self) -> None:
        """Draw on the display's surface of now. SDL makes the window a new one when it is
        mapped again (another X client unmapped it, the kiosk showed it again) even at
        the same size, and pygame then gives a new object: drawing on the one kept from
        before wrote into freed memory (a segfault, 9 kiosk restores in 10, issue 43)."""
        surface = pygame.display.get_surface()
        if surface is None or surface is self.display:
            return
        if surface.get_size() != self.window_size:
            self.resize(surface.get_size())
        self._use_display(surface)
        self.full_redraw = True

    def set_dim(self, darkness: float) -> None:
        """Draw every frame ``darkness`` (0..1) darker: the kiosk's night dimming."""
        if darkness != self.dim:
            self.dim = darkness
            self.full_redraw = True

    def _draw_scenes(self) -> None:
        full = self.full_redraw
        self.full_redraw = False
        top = len(self.scenes) - 1
        first = top
        while first > 0 and not self.scenes[first].opaque:
            first -= 1
        if first < top:
            # Overlays redraw the whole screen when one changed; the table under them is
            # static. Each scene is drawn once.
            if full or any(s.changed for s in self.scenes[first + 1 :]):
                for i in range(first, top + 1):
                    self.scenes[i].draw(self.screen, True)
                for i in range(first, top + 1):
                    self.scenes[i].shown()
                self._darken(None)
                self._present(None)
            return
        scene = self.scenes[top]
        rects = scene.draw(self.screen, full)
        scene.shown()  # before the dimming: a scene may keep what it drew (the table does)
        self._darken(rects)
        self._present(rects)

    def _present(self, rects: list[pygame.Rect] | None) -> None:
        """Show what was drawn: ``rects`` (None: the whole screen); a canvas is shown
        scaled down to the window, whole."""
        if self.screen is not self.display:
            if rects == []:
                return
            scale_into(self.screen, self.display)
            rects = None
        if rects is None:
            pygame.display.flip()
        elif rects:
            pygame.display.update(rects)

    def _darken(self, rects: list[pygame.Rect] | None) -> None:
        """Night dimming over what was just drawn (``None``: the whole screen)."""
        if self.dim <= 0:
            return
        alpha = round(255 * min(self.dim, 1.0))
        for r in _disjoint(rects) if rects is not None else [self.screen.get_rect()]:
            render.dim(self.screen, alpha, r)

    def save_art_cache(self) -> None:
        """Keep the card pictures drawn at the current size for the next start."""
        self.art.save_cache((self.layout.card_w, self.layout.card_h))

    def screenshot(self, path: Path) -> None:
        """The frame as a PNG picture at ``path``, whole or not at all (OSError)."""
        self.full_redraw = True
        self.follow_screen()
        self.draw()
        picture = io.BytesIO()
        pygame.image.save(self.display, picture, "screenshot.png")
        path.parent.mkdir(parents=True, exist_ok=True)
        files.write_atomic(path, picture.getvalue(), durable=False, mode=0o644)


def scale_into(canvas: pygame.Surface, display: pygame.Surface) -> None:
    """``canvas`` drawn over the whole of ``display``, smoothly scaled (plainly where the
    surfaces' depth does not allow it)."""
    try:
        pygame.transform.smoothscale(canvas, display.get_size(), display)
    except ValueError:
        pygame.transform.scale(canvas, display.get_size(), display)


def _disjoint(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """The area of ``rects`` as rectangles that do not overlap (each pixel once)."""
    out: list[pygame.Rect] = []
    for rect in rects:
        pieces = [pygame.Rect(rect)]
        for done in out:
            pieces = [part for p in pieces for part in _minus(p, done)]
        out += pieces
    return out


def _minus(a: pygame.Rect, b: pygame.Rect) -> list[pygame.Rect]:
    """``a`` without ``b``: up to four rectangles."""
    cut = a.clip(b)
    if cut.w == 0 or cut.h == 0:
        return [a]
    parts = [
        pygame.Rect(a.x, a.y, a.w, cut.y - a.y),  # above
        pygame.Rect(a.x, cut.bottom, a.w, a.bottom - cut.bottom),  # below
        pygame.Rect(a.x, cut.y, cut.x - a.x, cut.h),  # left
        pygame.Rect(cut.right, cut.y, a.right - cut.right, cut.h),  # right
    ]
    return [p for p in parts if p.w > 0 and p.h > 0]


def _is_quit_key(event: GameEvent) -> bool:
    return isinstance(event, KeyPress) and event.key == "q" and event.ctrl and not event.alt


def run_app(
    app: App,
    *,
    clock: Clock | None = None,
    events: EventSource | None = None,
    max_frames: int | None = None,
) -> LoopStats:
    return run_loop(app, clock or RealClock(), events or PygameEvents(app.fingers), max_frames)
