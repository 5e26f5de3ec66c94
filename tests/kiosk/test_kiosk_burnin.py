"""Burn-in care in the client: the table drawn and hit where the slow pixel shift puts it,
and an idle kiosk whose picture never stays still for long (simulated hours at the real
60 Hz update step, the screen compared once a simulated second)."""

from __future__ import annotations

import hashlib
import itertools
import os
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from crescent.kiosk.burnin import SHIFT_STEP_S
from crescent.kiosk.config import KioskConfig
from crescent.kiosk.core import AttractPlanner, Kiosk
from crescent.rules.modes import HudItem
from crescent.ui.app import STEP
from crescent.ui.kiosk_scenes import AttractScene, PinPad
from tests.helpers_ui import Client
from tests.kiosk.test_kiosk import PIN, hold_corner, make_kiosk, tap, top

STILL_MAX_S = 5
"""The attract loop's promise (docs/KIOSK.md, "Burn-in"): its picture changes at least
every second, and the table outside the pulsing caption at least every 5 s."""
HOURS = float(os.environ.get("CRESCENT_BURNIN_HOURS", "2"))


@pytest.fixture
def kiosk(tmp_path: Path) -> Iterator[tuple[Client, Kiosk]]:
    c, k = make_kiosk(tmp_path, kc=KioskConfig(pin=PIN, idle_s=3600))
    yield c, k
    k.planner.close()


def shifted_by_steps(c: Client, steps: int) -> None:
    """Let the kiosk run untouched until the shift has taken ``steps`` steps."""
    c.clock.advance(steps * SHIFT_STEP_S + 1)
    c.frames(62)  # the kiosk looks once a second


def test_the_table_moves_with_the_kiosk_s_shift(kiosk: tuple[Client, Kiosk]) -> None:
    c, k = kiosk
    before = c.app.layout
    shifted_by_steps(c, 3)
    assert k.shift == (-3, 0)
    assert c.app.layout == before.shifted(-3, 0)


def test_a_tap_on_a_shifted_hud_button_hits_it(kiosk: tuple[Client, Kiosk]) -> None:
    c, _ = kiosk
    shifted_by_steps(c, 3)  # 3 pixels to the left
    cell = c.app.layout.hud_cells[c.app.hud_items.index(HudItem.SOUND)]
    true_place = c.app.layout.shifted(3, 0)
    edge = (cell.x + 1, cell.centery)  # on the button as drawn, left of where it was
    assert true_place.hud_item_at(*edge) != c.app.hud_items.index(HudItem.SOUND)
    sound = c.app.session.settings.sound
    tap(c, edge)
    assert c.app.session.settings.sound != sound


def test_cards_are_drawn_where_the_shifted_layout_says(kiosk: tuple[Client, Kiosk]) -> None:
    c, _ = kiosk
    c.app.full_redraw = True
    c.app.draw()
    slot = c.app.layout.slots[8]
    inner = pygame.Rect(slot.x, slot.y, slot.w, slot.h).inflate(-slot.w // 4, -slot.h // 4)
    card = pygame.image.tobytes(c.app.screen.subsurface(inner), "RGB")
    shifted_by_steps(c, 3)
    c.app.full_redraw = True
    c.app.draw()
    moved = inner.move(-3, 0)
    assert pygame.image.tobytes(c.app.screen.subsurface(moved), "RGB") == card
    assert pygame.image.tobytes(c.app.screen.subsurface(inner), "RGB") != card


# -- a picture that never stays still ------------------------------------------------------


def idle_frames(c: Client, seconds: float) -> Iterator[tuple[bytes, bytes]]:
    """Run ``seconds`` of simulated time at the loop's fixed step, drawing once each
    simulated second (as a slow machine would); for each drawing in the attract loop, a
    digest of the screen's pixels, whole and with the caption blanked out."""
    app = c.app
    t = app.now
    for _ in range(round(seconds)):
        for _ in range(round(1 / STEP)):
            t += STEP
            app.now = t
            app.update(STEP)
        app.draw()
        scene = app.scenes[-1]
        if not isinstance(scene, AttractScene):
            continue
        screen = app.screen.copy()
        screen.fill((0, 0, 0), scene.caption.rect())
        yield digest(app.screen), digest(screen)


def digest(surface: pygame.Surface) -> bytes:
    return hashlib.blake2b(surface.get_buffer().raw, digest_size=16).digest()


def longest_still_s(pictures: list[bytes]) -> int:
    """The longest run of pictures the same as the one before, in samples (seconds)."""
    longest = run = 0
    for before, after in itertools.pairwise(pictures):
        run = run + 1 if after == before else 0
        longest = max(longest, run)
    return longest


def still_times(c: Client, seconds: float) -> tuple[int, int]:
    """The longest the attract loop's picture stayed the same, whole and outside its
    caption, over ``seconds`` of simulated time."""
    wholes: list[bytes] = []
    tables: list[bytes] = []
    for whole, table in idle_frames(c, seconds):
        wholes.append(whole)
        tables.append(table)
    assert len(wholes) > seconds / 2  # most of the time in the attract loop
    return longest_still_s(wholes), longest_still_s(tables)


def test_the_attract_loop_never_stays_still_for_a_few_loops(tmp_path: Path) -> None:
    c, k = make_kiosk(tmp_path)
    try:
        whole, table = still_times(c, 6 * 60)
    finally:
        k.planner.close()
    assert whole < 1
    assert table < STILL_MAX_S


@pytest.mark.slow
def test_an_idle_kiosk_never_stays_still_for_hours(tmp_path: Path) -> None:
    """``CRESCENT_BURNIN_HOURS`` (2) simulated hours: attract loops, the shift's steps and
    relayouts, the planner's own deals."""
    c, k = make_kiosk(tmp_path)
    k.planner = AttractPlanner(budget_s=1.0)  # deals solved in the background
    try:
        whole, table = still_times(c, HOURS * 3600)
    finally:
        k.planner.close()
    assert whole < 1
    assert table < STILL_MAX_S


def test_a_pin_pad_left_over_the_attract_loop_gives_way_to_it(tmp_path: Path) -> None:
    c, k = make_kiosk(tmp_path)
    try:
        c.clock.advance(k.config.idle_s + 1)
        c.frames(2)
        hold_corner(c, k.config.exit_hold_s + 0.1)
        assert isinstance(top(c), PinPad)
        c.clock.advance(k.config.idle_s + 1)
        c.frames(62)
        assert isinstance(top(c), AttractScene)
    finally:
        k.planner.close()
