"""Drive the real pygame client headless: an App, real pygame events, stepped frames.

Events are posted into pygame's own queue (``pygame.event.post``) and read by
the real :class:`crescent.ui.events.PygameEvents` inside the real loop
(:func:`crescent.ui.app.run_app`), with a :class:`SteppedClock` so time moves
exactly one frame per loop iteration.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from crescent.control.input import PLACES
from crescent.i18n.translator import load_translator
from crescent.play.session import Session
from crescent.play.settings import Settings
from crescent.play.storage import Store
from crescent.rules.engine import PILES, Game
from crescent.ui.app import App, LoopStats, Options, init_pygame, run_app
from crescent.ui.clock import SteppedClock
from crescent.ui.dialogs import MessageDialog, RowKind
from crescent.ui.screens import SettingsScreen


@dataclass
class Client:
    app: App
    clock: SteppedClock

    @property
    def game(self) -> Game:
        return self.app.session.game

    def frames(self, n: int = 1) -> LoopStats:
        """Run the real loop for ``n`` frames; events posted so far are read in the first.

        A fresh loop starts with no time owed, so ``n`` frames make ``n - 1``
        fixed update steps of 1/60 s.
        """
        return run_app(self.app, clock=self.clock, max_frames=n)

    def settle(self, limit: int = 120) -> None:
        """Run frames until no card is flying."""
        for _ in range(limit):
            if not self.app.table.anims.busy:
                self.frames(1)
                return
            self.frames(2)
        raise AssertionError("animations never settled")

    def pause(self, seconds: float = 1.0) -> None:
        """Let time pass with no frame (so the next tap is not a double tap)."""
        self.clock.advance(seconds)

    def centre(self, place: int) -> tuple[int, int]:
        return self.app.layout.slots[place].center

    def hud(self, item: str) -> tuple[int, int]:
        return self.app.layout.hud_cells[self.app.hud_items.index(item)].center

    # -- posting real pygame events --------------------------------------------------

    def click(self, pos: tuple[int, int], *, touch: bool = False) -> None:
        post_mouse(pygame.MOUSEBUTTONDOWN, pos, touch=touch)
        post_mouse(pygame.MOUSEBUTTONUP, pos, touch=touch)

    def finger(self, kind: int, pos: tuple[float, float], finger_id: int = 0) -> None:
        w, h = self.app.size
        pygame.event.post(
            pygame.event.Event(
                kind,
                x=pos[0] / w,
                y=pos[1] / h,
                dx=0.0,
                dy=0.0,
                finger_id=finger_id,
                touch_id=1,
                pressure=1.0,
            )
        )

    def key(self, key: int, mod: int = 0) -> None:
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
        )
        pygame.event.post(
            pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)
        )


MakeClient = Callable[..., Client]
"""What the ``client_for`` fixture gives (tests/ui/conftest.py): :func:`make_client`."""


def dialog(c: Client) -> MessageDialog:
    """The message dialog on top of the table (AssertionError if there is none)."""
    top = c.app.scenes[-1]
    assert isinstance(top, MessageDialog), f"no dialog on top: {c.app.scenes}"
    return top


def press_button(c: Client, label: str) -> None:
    """Click the button labelled ``label`` of the dialog on top."""
    d = dialog(c)
    c.frames(1)  # the dialog lays its buttons out when it draws
    [button] = [b for b in d.buttons if b.label == label]
    c.click(button.rect.center)
    c.frames(1)


def settings_button(screen: SettingsScreen, label: str) -> tuple[int, int]:
    """The centre of the value button of the setting labelled ``label``."""
    lay = screen.layout()
    for row, area in lay.rows:
        if row.kind is RowKind.SETTING and row.text == label:
            [b] = [b for b in lay.buttons if area.contains(b.rect)]
            return b.rect.center
    raise AssertionError(f"no setting {label!r}")


def post_mouse(kind: int, pos: tuple[int, int], *, touch: bool = False) -> None:
    if kind == pygame.MOUSEMOTION:
        ev = pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0), touch=touch)
    else:
        ev = pygame.event.Event(kind, pos=pos, button=1, touch=touch)
    pygame.event.post(ev)


def make_client(
    game: Game | None = None,
    *,
    code: str = "CR1-N-AAAAAAB",
    size: tuple[int, int] = (1280, 800),
    lang: str = "en",
    store: Store | None = None,
    seed: int | None = None,
    watch: bool = False,
) -> Client:
    """A client showing ``game`` or ``code``; with no ``store`` nothing is written
    to disk. ``seed`` seeds the new deals. ``watch``: "Still winnable?" on (the game's
    default; off here, so that each test does not search in the background)."""
    init_pygame()
    settings = Settings(language=lang, watch_winnable=watch)
    rng = random.Random(seed) if seed is not None else None
    session = Session(store, settings, rng=rng, background_saves=store is not None)
    session.start(code=code)
    if game is not None:
        session.game = game
        session.changes += 1
    app = App(session, Options(size=size), load_translator(lang))
    app.table.after_change()
    pygame.event.clear()
    client = Client(app, SteppedClock())
    client.frames(1)
    return client


def close_client(client: Client, *, hint_wait_s: float = 0.0) -> None:
    """Save and forget the client; wait up to ``hint_wait_s`` for a hint thread."""
    client.app.table.winnable.close()
    hints = client.app.table.hints._worker
    if hints is not None:
        hints.cancel()
    thread = hints._thread if hints is not None else None
    if thread is not None and hint_wait_s > 0:
        thread.join(hint_wait_s)
    client.app.session.close()
    pygame.event.clear()


def shown_matches_engine(c: Client) -> None:
    """What the table last drew is the engine's position, moving cards aside.

    A place with ``n`` cards flying to it (or being dragged off it) shows the
    card ``n`` below its top, and the flying cards are the top of that place
    in the engine. Call it after a frame, with the table on top.
    """
    table = c.app.table
    game = c.game
    drag = table.controller.drag
    for place in range(PLACES):
        look = table.view._slot_keys[place]
        assert look is not None, f"place {place} never drawn"
        flying = sorted(f.card for f in table.anims.flights if f.dst == place)
        stack = game.piles[place] if place < PILES else game.foundations[place - PILES]
        n = len(flying)
        assert sorted(stack[len(stack) - n :]) == flying, f"place {place}: {flying} not on top"
        if drag is not None and drag.active and drag.src == place:
            n += 1
        below = stack[: max(len(stack) - n, 0)]
        if place < PILES:
            shown = below[-1] if below else None
        else:
            shown = below[-1] if below else stack[0]
        assert look.card == shown, f"place {place} shows {look.card}, engine has {shown}"
        assert look.size == len(stack), f"place {place} count"
