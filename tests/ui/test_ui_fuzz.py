"""Fuzz the whole client: thousands of random real pygame events into the real loop.

Taps, double taps, drags, several fingers at once (with releases sometimes
lost), touch-synthesised mouse events, keys, typed text, window events and
window resizes are posted in small batches with a fixed seed; after each
batch a few frames run. Nothing may raise, and after every batch the engine
still holds its 104 cards (every card exactly twice), its position and undo
history survive a save/load round trip, and the table shows the engine's
position whenever it is on top.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from crescent.play.storage import Store
from crescent.rules.engine import Game
from tests.helpers_positions import tableau_intact
from tests.helpers_ui import Client, close_client, make_client, post_mouse, shown_matches_engine

SEED = 20_240_601
EVENTS = 4_000
KEYS = [
    pygame.K_u,
    pygame.K_r,
    pygame.K_n,
    pygame.K_h,
    pygame.K_ESCAPE,
    pygame.K_TAB,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_z,
    pygame.K_BACKSPACE,
    pygame.K_F11,
    pygame.K_a,
]
KEY_WEIGHTS = [3, 2, 1, 1, 3, 3, 2, 2, 2, 2, 3, 2, 1, 1, 1, 1]
SIZES = [(1280, 800), (800, 600), (1080, 1920), (1920, 1080), (1024, 700), (500, 400)]
WINDOW_EVENTS = [
    pygame.WINDOWFOCUSLOST,
    pygame.WINDOWFOCUSGAINED,
    pygame.WINDOWMINIMIZED,
    pygame.WINDOWRESTORED,
    pygame.WINDOWEXPOSED,
]


class Fuzzer:
    def __init__(self, client: Client, rng: random.Random) -> None:
        self.c = client
        self.rng = rng
        self.posted = 0
        self.fingers_down: set[int] = set()

    # -- where ----------------------------------------------------------------------

    def point(self) -> tuple[int, int]:
        """Mostly on cards and buttons, sometimes anywhere."""
        rng = self.rng
        lay = self.c.app.layout
        w, h = self.c.app.size
        r = rng.random()
        if r < 0.5:
            s = rng.choice(lay.slots)
            return (s.x + rng.randrange(max(1, s.w)), s.y + rng.randrange(max(1, s.h)))
        if r < 0.62:
            cell = rng.choice(lay.hud_cells)
            return cell.center
        if r < 0.72:
            a = lay.foundation_area
            return (a.x + rng.randrange(max(1, a.w)), a.y + rng.randrange(max(1, a.h)))
        if r < 0.85 and len(self.c.app.scenes) > 1:
            # A dialog is up: aim at its buttons (laid out when it was drawn).
            buttons = getattr(self.c.app.scenes[-1], "buttons", [])
            if buttons:
                x, y = rng.choice(buttons).rect.center
                return (x, y)
        return (rng.randrange(-20, w + 20), rng.randrange(-20, h + 20))

    # -- what -------------------------------------------------------------------------

    def mouse(self, kind: int, pos: tuple[int, int], touch: bool = False) -> None:
        post_mouse(kind, pos, touch=touch)
        self.posted += 1

    def finger(self, kind: int, pos: tuple[float, float], fid: int) -> None:
        self.c.finger(kind, pos, fid)
        self.posted += 1
        if kind == pygame.FINGERDOWN:
            self.fingers_down.add(fid)
        elif kind == pygame.FINGERUP:
            self.fingers_down.discard(fid)

    def tap(self) -> None:
        p = self.point()
        self.mouse(pygame.MOUSEBUTTONDOWN, p)
        self.mouse(pygame.MOUSEBUTTONUP, p)

    def double_tap(self) -> None:
        p = self.point()
        for _ in range(2):
            self.mouse(pygame.MOUSEBUTTONDOWN, p)
            self.mouse(pygame.MOUSEBUTTONUP, p)

    def drag(self) -> None:
        a, b = self.point(), self.point()
        self.mouse(pygame.MOUSEBUTTONDOWN, a)
        steps = self.rng.randint(1, 6)
        for k in range(1, steps + 1):
            self.mouse(
                pygame.MOUSEMOTION,
                (a[0] + (b[0] - a[0]) * k // steps, a[1] + (b[1] - a[1]) * k // steps),
            )
        if self.rng.random() < 0.95:
            self.mouse(pygame.MOUSEBUTTONUP, b)

    def finger_gesture(self) -> None:
        """One to three fingers pressing, moving and lifting in a random order."""
        rng = self.rng
        fids = rng.sample(range(6), rng.randint(1, 3))
        where = {f: self.point() for f in fids}
        for f in fids:
            self.finger(pygame.FINGERDOWN, where[f], f)
            if rng.random() < 0.5:
                self.c.frames(1)  # some fingers land in a later frame
        for _ in range(rng.randint(0, 6)):
            f = rng.choice(fids)
            x, y = where[f]
            where[f] = (x + rng.randint(-80, 80), y + rng.randint(-80, 80))
            self.finger(pygame.FINGERMOTION, where[f], f)
        rng.shuffle(fids)
        for f in fids:
            if rng.random() < 0.93:  # now and then a release is lost
                self.finger(pygame.FINGERUP, where[f], f)

    def synthesised_mouse(self) -> None:
        p = self.point()
        self.mouse(pygame.MOUSEBUTTONDOWN, p, touch=True)
        self.mouse(pygame.MOUSEMOTION, self.point(), touch=True)
        self.mouse(pygame.MOUSEBUTTONUP, p, touch=True)

    def key(self) -> None:
        key = self.rng.choices(KEYS, KEY_WEIGHTS)[0]
        mod = pygame.KMOD_LCTRL if key == pygame.K_z else 0
        if self.rng.random() < 0.1:
            mod |= pygame.KMOD_LSHIFT
        self.c.key(key, mod)
        self.posted += 1

    def text(self) -> None:
        text = "".join(self.rng.choice("CR1-NFDAZx9é") for _ in range(self.rng.randint(1, 4)))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
        self.posted += 1

    def window_event(self) -> None:
        pygame.event.post(pygame.event.Event(self.rng.choice(WINDOW_EVENTS)))
        self.posted += 1

    def resize(self) -> None:
        w, h = self.rng.choice(SIZES)
        pygame.display.set_mode((w, h), pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=w, y=h))
        self.posted += 1

    def batch(self) -> None:
        actions: list[tuple[Callable[[], None], int]] = [
            (self.tap, 30),
            (self.double_tap, 8),
            (self.drag, 18),
            (self.finger_gesture, 12),
            (self.synthesised_mouse, 3),
            (self.key, 22),
            (self.text, 2),
            (self.window_event, 2),
            (self.resize, 1),
        ]
        funcs, weights = zip(*actions, strict=True)
        for _ in range(self.rng.randint(1, 3)):
            self.rng.choices(funcs, weights)[0]()
        if self.rng.random() < 0.3:
            self.c.pause(self.rng.uniform(0.0, 0.6))
        self.c.frames(self.rng.choice([1, 1, 2, 3, 8]))


def check(c: Client, batch: int) -> None:
    game = c.game
    assert tableau_intact(game), f"batch {batch}: cards lost or duplicated"
    assert all(len(p) <= 13 for p in game.piles), f"batch {batch}: a pile over 13"
    again = Game.from_dict(game.to_dict())  # foundations in order, history legal
    assert again.piles == game.piles, f"batch {batch}"
    assert again.history == game.history, f"batch {batch}"
    if not c.app.running:  # random taps found Quit (Settings) or Ctrl+Q: a way out, no harm
        c.app.running = True
    if c.app.scenes == [c.app.table] and c.app.size == c.app.screen.get_size():
        shown_matches_engine(c)


@pytest.mark.slow
def test_random_input_never_breaks_the_game(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    c = make_client(store=Store(tmp_path), seed=SEED)
    fuzz = Fuzzer(c, rng)
    batches = 0
    try:
        while fuzz.posted < EVENTS:
            fuzz.batch()
            batches += 1
            check(c, batches)
        # The fuzz reached the corners it is meant to: moves, dialogs, resizes.
        # (New game and Redeal with moves left now ask first: fewer of them land.)
        assert c.app.session.changes > 30
    finally:
        close_client(c, hint_wait_s=10.0)
    assert not c.app.table.hints.worker.busy
