"""crescent.control.fan: whole piles fanned toward the centre, at every size, hit as a pile."""

from __future__ import annotations

import itertools

import pytest

from crescent.control.fan import DESIGN_CARDS, FanView, compute_fanned_layout
from crescent.control.layout import Rect, compute_layout
from crescent.rules.engine import Game

SIZES = [(800, 600), (1280, 800), (1920, 1080), (1080, 1920), (3840, 2160), (2160, 3840)]
HUD = 11


@pytest.mark.parametrize("size", SIZES)
def test_every_pile_area_lies_in_the_table_and_clear_of_everything_else(
    size: tuple[int, int],
) -> None:
    lay, fan = compute_fanned_layout(*size, hud_items=HUD)
    table = Rect(0, 0, size[0], lay.hud.y)
    for area, label in zip(fan.areas, lay.labels[:16], strict=True):
        assert table.contains_rect(area)
        assert table.contains_rect(label)
        assert not area.intersects(lay.foundation_area)
        assert not area.intersects(lay.message)
    for a, b in itertools.combinations(fan.areas + lay.labels[:16], 2):
        assert not a.intersects(b)
    for slot in lay.slots[16:]:
        assert lay.foundation_area.contains_rect(slot)
    assert table.contains_rect(lay.message)


@pytest.mark.parametrize("size", SIZES)
def test_piles_fan_toward_the_centre(size: tuple[int, int]) -> None:
    lay, fan = compute_fanned_layout(*size, hud_items=HUD)
    cx, cy = lay.foundation_area.center
    for pile, (anchor, (dx, dy)) in enumerate(zip(fan.anchors, fan.steps, strict=True)):
        far = fan.top_rect(pile, DESIGN_CARDS)
        before = abs(anchor.centerx - cx) + abs(anchor.centery - cy)
        after = abs(far.centerx - cx) + abs(far.centery - cy)
        assert after < before, pile
        assert (dx == 0) != (dy == 0)


def test_landscape_fans_sideways_and_portrait_vertically_in_the_side_bands() -> None:
    _, wide = compute_fanned_layout(1920, 1080, hud_items=HUD)
    assert wide.steps[0][0] > 0
    assert wide.steps[15][0] < 0
    _, tall = compute_fanned_layout(1080, 1920, hud_items=HUD)
    assert all(dx == 0 for dx, dy in tall.steps)
    assert [dy > 0 for _, dy in tall.steps[4:12]] == [True] * 8  # the top row fans down
    assert tall.steps[0][1] < 0 < tall.steps[3][1]  # P1 (lowest) up, P4 (highest) down


@pytest.mark.parametrize("size", SIZES)
def test_corners_show_and_long_piles_squeeze_into_their_area(size: tuple[int, int]) -> None:
    lay, fan = compute_fanned_layout(*size, hud_items=HUD)
    for pile in range(16):
        sx, sy = fan.step(pile, DESIGN_CARDS)
        assert abs(sx) >= 0.18 * lay.card_w or abs(sy) >= 0.2 * lay.card_h  # the index shows
        for n in (1, 6, 13):
            for k in range(n):
                x, y = fan.card_origin(pile, k, n)
                card = Rect(round(x), round(y), lay.card_w, lay.card_h)
                assert fan.areas[pile].inflate(1, 1).contains_rect(card), (pile, n, k)


def test_cards_stay_large_enough() -> None:
    from crescent.control.layout import compute_layout

    for size in SIZES:
        fanned, _ = compute_fanned_layout(*size, hud_items=HUD)
        plain = compute_layout(*size, hud_items=HUD)
        # A tall window's plain table takes the tall horseshoe (bigger cards than eight
        # across): the fans keep at least half of that.
        least = 0.65 if size[0] >= size[1] else 0.5
        assert fanned.card_w >= least * plain.card_w, size


def test_a_tap_anywhere_on_a_fan_is_its_pile_and_cards_fly_to_its_top() -> None:
    lay, fan = compute_fanned_layout(1280, 800, hud_items=HUD)
    game = Game.from_code("CR1-N-AAAAAAB")
    view = FanView(lay, fan, lambda: game)
    for pile in range(16):
        bottom = fan.anchors[pile]
        assert view.place_at(bottom.x + 2, bottom.y + 2) == pile  # the bottom card's corner
        top = fan.top_rect(pile, len(game.piles[pile]))
        assert view.slot_origin(pile) == (top.x, top.y)
    assert view.place_at(*lay.slots[16].center) == 16
    game.play_text("P1-P11")
    assert view.slot_origin(10) == (
        fan.top_rect(10, 7).x,
        fan.top_rect(10, 7).y,
    )


def test_too_small_is_refused() -> None:
    with pytest.raises(ValueError, match="too small"):
        compute_fanned_layout(100, 80, hud_items=HUD)


@pytest.mark.parametrize("size", SIZES)
def test_the_fanned_table_keeps_the_foundation_bands_their_tags_and_the_hud_text(
    size: tuple[int, int],
) -> None:
    lay, fan = compute_fanned_layout(*size, hud_items=HUD)
    assert lay.corner is None  # the kiosk's exit corner never fans
    assert lay.hud_sub_px == compute_layout(*size, hud_items=HUD).hud_sub_px
    assert len(lay.foundation_rows) == len(lay.row_tags) == 2
    for row, (band, tag) in enumerate(zip(lay.foundation_rows, lay.row_tags, strict=True)):
        for slot in lay.slots[16 + 4 * row : 20 + 4 * row]:
            assert band.contains_rect(slot)
            assert band.contains_rect(lay.labels[lay.slots.index(slot)])
        assert tag.right <= band.x
        assert tag.w > 0
        for area in fan.areas:
            assert not tag.intersects(area)
            assert not band.intersects(area)


def test_shifted_fans_move_with_the_table() -> None:
    _, fan = compute_fanned_layout(1280, 800, hud_items=10)
    moved = fan.shifted(-3, 2)
    assert moved.anchors == tuple(a.moved(-3, 2) for a in fan.anchors)
    assert moved.areas == tuple(a.moved(-3, 2) for a in fan.areas)
    assert moved.pile_at(*fan.areas[5].moved(-3, 2).center) == 5
