"""The table redraws only what changed: the picture is the same as a table drawn afresh.

A frame after a move redraws the changed places on the clean felt (the felt with the
HUD's background and the foundation rows), which a thread makes after the first frame
(issue #16: the first frame does not wait for it). These tests play moves, select,
undo and redeal, and after each compare the screen with the one a table drawn from
scratch gives.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pygame
import pytest

from crescent.control.input import Cmd
from crescent.themes import FELT
from crescent.ui import render
from tests.helpers_ui import Client, close_client, make_client


@pytest.fixture(params=[(1280, 800), (1080, 1920)], ids=lambda s: f"{s[0]}x{s[1]}")
def client(request: pytest.FixtureRequest) -> Iterator[Client]:
    c = make_client(size=request.param)
    yield c
    close_client(c)


def screen_bytes(c: Client) -> bytes:
    return pygame.image.tobytes(c.app.screen, "RGB")


def drawn_afresh(c: Client) -> bytes:
    """The screen of the same position drawn on a new base (every place drawn once)."""
    c.app.table.view.base = None
    c.app.full_redraw = True
    c.frames(1)
    return screen_bytes(c)


def test_the_first_frame_leaves_the_clean_felt_to_a_thread(client: Client) -> None:
    table = client.app.table
    assert table.view._felt is None  # not made before the first frame was shown
    assert isinstance(table.view._clean, render.FeltMaker)
    assert table.view._clean.size == client.app.size


def test_redrawn_places_look_as_a_table_drawn_afresh(client: Client) -> None:
    rng = random.Random(7)
    table = client.app.table
    steps = 0
    for step in range(14):
        moves = client.game.legal_moves()
        if step % 5 == 4:
            table.buttons.press(Cmd.UNDO)
        elif not moves:
            table.buttons.press(Cmd.REDEAL)
        elif step % 3 == 2:
            # Selected: the card and its legal destinations are highlighted.
            client.click(client.centre(rng.choice(moves).src))
        else:
            table.play(rng.choice(moves))
        client.settle()
        client.pause()
        client.frames(1)
        incremental = screen_bytes(client)
        assert table.view._felt is not None  # the changed places were drawn on the clean felt
        assert incremental == drawn_afresh(client), f"step {step}"
        # The next step redraws on the new base's clean felt again.
        client.frames(1)
        steps += 1
    assert steps == 14


def test_a_change_before_the_thread_is_done_still_draws_right(client: Client) -> None:
    """A clean felt asked for at once (no thread yet, or one for another size) is made
    there and then, with the same pixels."""
    table = client.app.table
    table.view.base = None
    client.app.full_redraw = True
    table.view._clean = None
    client.frames(1)
    table.view._clean = render.FeltMaker(
        (64, 64), client.app.theme
    )  # a thread for a size since left
    table.play(client.game.legal_moves()[0])
    client.settle()
    client.frames(1)
    incremental = screen_bytes(client)
    assert incremental == drawn_afresh(client)


def test_a_new_base_is_drawn_straight_on_the_screen_then_kept(client: Client) -> None:
    """The first frame (and one after a resize) draws the table on the screen itself,
    with the same pixels as on a base of its own; after the frame the base is a copy."""
    app = client.app
    table = app.table
    assert table.view.base is not None
    assert table.view.base is not app.screen
    on_screen = screen_bytes(client)
    # The same frame on a base of its own (a dialog-less table with a card flying is
    # drawn that way): the same picture.
    table.view.base = table.view._rebuild_base(app.size)
    assert table.view.base is not app.screen
    table.view._slot_keys = [None] * 24
    table.view._hud_keys = [None] * len(table.hud_items)
    app.screen.fill((255, 0, 255))
    table.draw(app.screen, True)
    assert screen_bytes(client) == on_screen
    assert pygame.image.tobytes(table.view.base, "RGB") == on_screen


def test_the_felt_drawn_into_a_surface_is_the_felt() -> None:
    size = (333, 217)
    display = pygame.display.get_surface()
    assert display is not None
    target = pygame.Surface(size).convert(display)
    render.felt_into(target, FELT)
    assert pygame.image.tobytes(target, "RGB") == pygame.image.tobytes(
        render.felt(size, FELT), "RGB"
    )
    other = pygame.Surface(size, pygame.SRCALPHA)  # another format: blitted, same picture
    render.felt_into(other, FELT)
    assert pygame.image.tobytes(other, "RGB") == pygame.image.tobytes(
        render.felt(size, FELT), "RGB"
    )


def test_a_translucent_rounded_rectangle_is_the_same_drawn_from_a_kept_layer() -> None:
    """alpha_rounded keeps its small layers (a frame draws the same pills 24 times): each
    colour, size and radius still draws its own, and a large one is not kept."""
    pygame.init()
    try:

        def drawn(colour: render.Color, size: tuple[int, int], radius: int) -> bytes:
            surface = pygame.Surface((300, 300))
            surface.fill((20, 90, 50))
            render.alpha_rounded(surface, pygame.Rect(5, 7, *size), colour, radius)
            return pygame.image.tobytes(surface, "RGB")

        cases = [((8, 30, 20, 170), (55, 18), 9), ((200, 0, 0, 90), (55, 18), 9)]
        cases += [((8, 30, 20, 170), (65, 18), 9), ((8, 30, 20, 170), (55, 18), 3)]
        first = [drawn(*case) for case in cases]
        assert len(set(first)) == len(cases)  # each draws its own
        assert [drawn(*case) for case in cases] == first  # and the same from the kept layer
        render._layers.clear()
        assert [drawn(*case) for case in reversed(cases)] == first[::-1]
        before = len(render._layers)
        big = (400, 300)  # 120 000 pixels: more than a kept layer may have
        drawn((8, 30, 20, 170), big, 9)
        assert len(render._layers) == before
    finally:
        render._layers.clear()
        pygame.quit()
