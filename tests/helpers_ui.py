"""Drive the real pygame client headless: an App, real pygame events, stepped frames.

Events are posted into pygame's own queue (``pygame.event.post``) and read by
the real :class:`crescent.ui.events.PygameEvents` inside the real loop
(:func:`crescent.ui.app.run_app`), with a :class:`SteppedClock` so time moves
exactly one frame per loop iteration.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from crescent.engine import Game
from crescent.i18n import load_translator
from crescent.session import Session
from crescent.settings import Settings
from crescent.ui.app import App, LoopStats, Options, init_pygame, run_app
from crescent.ui.clock import SteppedClock
from crescent.ui.table import HUD_ITEMS


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
        return self.app.layout.hud_cells[HUD_ITEMS.index(item)].center

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
) -> Client:
    """A client with no store (nothing written to disk) showing ``game`` or ``code``."""
    init_pygame()
    settings = Settings(language=lang)
    session = Session(None, settings, background_saves=False)
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


def close_client(client: Client) -> None:
    client.app.table.hints.cancel()
    client.app.session.close()
    pygame.event.clear()
