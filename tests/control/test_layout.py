"""The table layout: horseshoe order, sizes, no overlaps, hit tests."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from crescent.control.layout import (
    HUD_MIN_PX,
    MAX_EDGES,
    SHAPES,
    Rect,
    TableLayout,
    _compute_layout,
    _Where,
    compute_layout,
    default_touch_px,
    edge_step,
)

SIZES = [(800, 600), (1280, 800), (1080, 1920), (1920, 1080), (3440, 1440), (3840, 2160)]
HUD_ITEMS = [8, 9, 10, 11]
TOUCHES = [0, 90]
CASES = [
    pytest.param(w, h, items, touch, id=f"{w}x{h}-hud{items}-touch{touch}")
    for (w, h), items, touch in itertools.product(SIZES, HUD_ITEMS, TOUCHES)
]

P = list(range(16))  # P1..P16 are places 0..15
F = list(range(16, 24))  # F1..F8 are places 16..23


def window(layout: TableLayout) -> Rect:
    return Rect(0, 0, layout.width, layout.height)


def overlapping_pairs(rects: list[tuple[str, Rect]]) -> list[tuple[str, str]]:
    return [
        (name_a, name_b)
        for (name_a, a), (name_b, b) in itertools.combinations(rects, 2)
        if a.intersects(b)
    ]


def all_named_rects(layout: TableLayout) -> list[tuple[str, Rect]]:
    named = [(f"slot{i}", r) for i, r in enumerate(layout.slots)]
    named += [(f"label{i}", r) for i, r in enumerate(layout.labels)]
    named += [(f"hud{i}", r) for i, r in enumerate(layout.hud_cells)]
    named.append(("message", layout.message))
    return named


def check_invariants(layout: TableLayout, hud_items: int) -> None:
    """What every layout promises, whatever the window."""
    win = window(layout)
    assert len(layout.slots) == 24
    assert len(layout.labels) == 24
    assert len(layout.hud_cells) == hud_items
    for rect in (*layout.slots, *layout.labels, *layout.hud_cells, layout.message, layout.hud):
        assert rect.w > 0, rect
        assert rect.h > 0, rect
        assert win.contains_rect(rect), rect
    assert overlapping_pairs(all_named_rects(layout)) == []
    for slot in layout.slots:
        assert (slot.w, slot.h) == (layout.card_w, layout.card_h)
        assert not slot.intersects(layout.hud)
    for slot, label in zip(layout.slots, layout.labels, strict=True):
        assert slot.bottom <= label.y <= slot.bottom + layout.label_px  # directly under
        assert label.centerx == slot.centerx
    for label in layout.labels:
        assert not label.intersects(layout.hud)
    assert not layout.message.intersects(layout.hud)
    for cell in layout.hud_cells:
        assert layout.hud.contains_rect(cell)
        assert cell.w >= layout.touch_px
        assert cell.h >= layout.touch_px
    area = layout.foundation_area
    for place in F:
        assert area.contains_rect(layout.slots[place])
    for place in P:
        assert not area.intersects(layout.slots[place])
        assert not area.intersects(layout.labels[place])
    assert not area.intersects(layout.message)
    assert not area.intersects(layout.hud)


@pytest.mark.parametrize(("width", "height", "hud_items", "touch"), CASES)
def test_layout_fits_the_window_without_overlaps(
    width: int, height: int, hud_items: int, touch: int
) -> None:
    layout = compute_layout(width, height, hud_items=hud_items, touch_px=touch)
    check_invariants(layout, hud_items)


@pytest.mark.parametrize(("width", "height", "hud_items", "touch"), CASES)
def test_piles_form_the_horseshoe_in_rules_order(
    width: int, height: int, hud_items: int, touch: int
) -> None:
    s = compute_layout(width, height, hud_items=hud_items, touch_px=touch).slots
    columns, side = _shape(s)
    left, top, right = P[0:side], P[side : side + columns], P[side + columns : 16]
    # P1.. go up the left column, ..P16 down the right one (4 each when wide).
    assert len({s[p].x for p in left}) == 1
    assert [s[p].y for p in left] == sorted((s[p].y for p in left), reverse=True)
    assert len({s[p].y for p in left}) == side
    assert len({s[p].x for p in right}) == 1
    assert [s[p].y for p in right] == sorted(s[p].y for p in right)
    assert len({s[p].y for p in right}) == side
    # The rest run left to right along one top row spanning both columns.
    assert len({s[p].y for p in top}) == 1
    xs = [s[p].x for p in top]
    assert xs == sorted(xs)
    assert len(set(xs)) == columns
    assert s[top[0]].x == s[left[-1]].x
    assert s[top[-1]].x == s[right[0]].x
    assert s[top[0]].bottom < s[left[-1]].y
    assert s[top[-1]].bottom < s[right[0]].y
    # Consistent gaps: evenly spaced columns and side rows.
    assert len({b - a for a, b in itertools.pairwise(xs)}) == 1
    assert len({s[a].y - s[b].y for a, b in itertools.pairwise(left)}) == 1


@pytest.mark.parametrize(("width", "height", "hud_items", "touch"), CASES)
def test_foundations_sit_in_the_centre_aces_above_kings(
    width: int, height: int, hud_items: int, touch: int
) -> None:
    layout = compute_layout(width, height, hud_items=hud_items, touch_px=touch)
    s = layout.slots
    aces, kings = F[:4], F[4:]
    assert len({s[f].y for f in aces}) == 1
    assert len({s[f].y for f in kings}) == 1
    assert layout.labels[aces[0]].bottom <= s[kings[0]].y
    for row in (aces, kings):
        xs = [s[f].x for f in row]
        assert xs == sorted(xs)
        assert len(set(xs)) == 4
    assert [s[f].x for f in aces] == [s[f].x for f in kings]
    # Between the side columns and below the top row.
    _, side = _shape(s)
    assert s[0].right < s[16].x
    assert s[19].right < s[15].x
    assert layout.labels[side].bottom <= layout.foundation_area.y
    # Centred between the side columns (to a pixel of rounding).
    assert abs((s[16].x - s[0].right) - (s[15].x - s[19].right)) <= 1


@pytest.mark.parametrize(("width", "height", "hud_items", "touch"), CASES)
def test_message_lies_under_the_foundations_and_holds_a_sentence(
    width: int, height: int, hud_items: int, touch: int
) -> None:
    layout = compute_layout(width, height, hud_items=hud_items, touch_px=touch)
    msg = layout.message
    assert msg.y >= layout.foundation_area.bottom
    assert msg.bottom <= layout.labels[0].bottom  # within the tableau, above P1's label
    assert msg.x >= layout.slots[0].right
    assert msg.right <= layout.slots[15].x
    assert msg.w >= 4 * layout.card_w
    assert msg.h >= layout.hud_px * 2


@pytest.mark.parametrize(("width", "height", "hud_items", "touch"), CASES)
def test_table_is_centred_above_the_hud(
    width: int, height: int, hud_items: int, touch: int
) -> None:
    layout = compute_layout(width, height, hud_items=hud_items, touch_px=touch)
    s = layout.slots
    columns, side = _shape(s)
    hud = layout.hud
    left = hud.right if layout.hud_side == "left" else 0
    right = hud.x if layout.hud_side == "right" else layout.width
    assert abs((s[side].x - left) - (right - s[side + columns - 1].right)) <= 1
    # Above the top row: the room for face-down cards' edges, then the same space as below.
    top_space = s[side].y - MAX_EDGES * edge_step(layout.card_w)
    bottom_space = layout.floor - layout.labels[0].bottom
    assert abs(top_space - bottom_space) <= 1


@pytest.mark.parametrize(("width", "height", "hud_items", "touch"), CASES)
def test_hud_is_a_bottom_bar_or_a_side_column_in_item_order(
    width: int, height: int, hud_items: int, touch: int
) -> None:
    layout = compute_layout(width, height, hud_items=hud_items, touch_px=touch)
    hud = layout.hud
    cells = layout.hud_cells
    if layout.hud_side == "bottom":
        assert (hud.x, hud.w, hud.bottom) == (0, layout.width, layout.height)
        keys = [(c.y, c.x) for c in cells]  # reading order: row by row, left to right
    else:
        assert layout.hud_side == "right"
        assert width > height
        assert (hud.y, hud.h, hud.right) == (0, layout.height, layout.width)
        assert len({c.x for c in cells}) == 1
        keys = [(c.y, 0) for c in cells]  # top to bottom
        assert all(not hud.intersects(slot) for slot in layout.slots)
    assert keys == sorted(keys)
    assert all(hud.contains_rect(c) for c in cells)
    assert layout.hud_px >= 12
    assert all(c.w >= 7 * layout.hud_px for c in cells)  # room for "CR1-N-AAAAAAB"
    assert all(c.h >= layout.touch_px for c in cells)


def test_hud_is_a_column_on_a_wide_window_and_rows_in_portrait() -> None:
    landscape = compute_layout(1920, 1080, hud_items=11)
    assert landscape.hud_side == "right"
    assert len({c.x for c in landscape.hud_cells}) == 1
    portrait = compute_layout(1080, 1920, hud_items=11)
    assert portrait.hud_side == "bottom"
    assert len({c.y for c in portrait.hud_cells}) >= 2


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (800, 600), (1920, 1080)])
def test_a_landscape_window_gives_the_cards_the_room_of_a_bottom_bar(
    width: int, height: int
) -> None:
    """Issue 29 item 22: at 1280x800 the cards were 72 px wide under a two-row bar; the
    HUD down the side leaves them the window's height."""
    side = compute_layout(width, height, hud_items=12)
    bar = _compute_layout(width, height, 12, 0, 1.4, _Where(SHAPES[0], "bottom"))
    assert side.hud_side == "right"
    assert side.card_w >= bar.card_w * 1.15
    assert side.label_px >= 11
    assert side.hud_sub_px >= HUD_MIN_PX


def test_a_window_too_short_for_the_column_keeps_the_bar() -> None:
    layout = compute_layout(1600, 400, hud_items=12, touch_px=60)
    assert layout.hud_side == "bottom"


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_left_handed_puts_the_hud_under_the_left_thumb(width: int, height: int) -> None:
    right = compute_layout(width, height, hud_items=11)
    left = compute_layout(width, height, hud_items=11, left_handed=True)
    assert left.card_w == right.card_w
    if right.hud_side == "right":
        assert left.hud_side == "left"
        assert left.hud.x == 0
        assert [c.y for c in left.hud_cells] == [c.y for c in right.hud_cells]
        assert all(c.right <= min(s.x for s in left.slots) for c in left.hud_cells)
    else:
        assert left.hud_side == "bottom"
        # Each row mirrored: what was at the right end of a row is at its left end.
        for a, b in zip(right.hud_cells, left.hud_cells, strict=True):
            assert b.y == a.y
            assert b.w == a.w
        rows = sorted({c.y for c in right.hud_cells})
        for y in rows:
            xs = [c.x for c in right.hud_cells if c.y == y]
            assert [c.x for c in left.hud_cells if c.y == y] == xs[::-1]


def test_big_touch_targets_make_the_hud_wrap() -> None:
    layout = compute_layout(800, 600, hud_items=11, touch_px=90)
    assert len({c.y for c in layout.hud_cells}) >= 2
    assert all(c.w >= 90 and c.h >= 90 for c in layout.hud_cells)


def test_cards_are_readable_at_the_smallest_window() -> None:
    for items in HUD_ITEMS:
        layout = compute_layout(800, 600, hud_items=items)
        assert layout.card_w >= 50
        assert layout.label_px >= 10


def _shape(slots: tuple[Rect, ...]) -> tuple[int, int]:
    """(piles in the top row, piles down each side) of a layout's horseshoe."""
    top = min(slots[p].y for p in P)
    columns = sum(1 for p in P if slots[p].y == top)
    return columns, (16 - columns) // 2


def test_portrait_cards_stay_big() -> None:
    layout = compute_layout(1080, 1920, hud_items=11)
    assert layout.card_w >= 110  # a ninth of the width, the most eight in a row allow


def test_portrait_uses_the_height_for_bigger_cards() -> None:
    # 1080x1920: eight piles across would allow about 115 px; six across and five
    # down each side use the height.
    for w, h, least in ((1080, 1920, 150), (2160, 3840, 300)):
        layout = compute_layout(w, h, hud_items=11)
        assert _shape(layout.slots) == (6, 5)
        assert layout.card_w >= least
    assert compute_layout(768, 1024, hud_items=11).card_w >= 80
    # Landscape keeps RULES.md's horseshoe: eight across, four down each side.
    for w, h in ((800, 600), (1280, 800), (1920, 1080), (3840, 2160)):
        assert _shape(compute_layout(w, h, hud_items=9).slots) == (8, 4)


def test_the_top_row_leaves_room_for_face_down_edges() -> None:
    for (w, h), items in itertools.product(SIZES, HUD_ITEMS):
        layout = compute_layout(w, h, hud_items=items)
        assert min(s.y for s in layout.slots) >= MAX_EDGES * edge_step(layout.card_w)


def test_card_height_follows_the_ratio() -> None:
    for ratio in (1.4, 1.5, 1.3):
        layout = compute_layout(1280, 800, hud_items=8, card_ratio=ratio)
        assert layout.card_h == round(layout.card_w * ratio)


def test_bigger_windows_give_bigger_cards() -> None:
    sizes = [(800, 600), (1280, 800), (1920, 1080), (3840, 2160)]
    widths = [compute_layout(w, h, hud_items=8).card_w for w, h in sizes]
    assert widths == sorted(widths)
    assert len(set(widths)) == len(widths)
    assert compute_layout(3440, 1440, hud_items=8).card_w > widths[1]


def test_cards_are_as_large_as_fit() -> None:
    # In the limiting direction the table spans the window, margins aside.
    for (w, h), items in itertools.product(SIZES, HUD_ITEMS):
        layout = compute_layout(w, h, hud_items=items)
        s = layout.slots
        columns, side = _shape(s)
        span_w = s[side + columns - 1].right - s[side].x
        span_h = layout.labels[0].bottom - s[side].y
        assert span_w >= 0.9 * w or span_h >= 0.9 * layout.hud.y


def test_cards_meet_the_touch_size_when_there_is_room() -> None:
    layout = compute_layout(1920, 1080, hud_items=8, touch_px=90)
    assert layout.card_w >= 90


def test_default_touch_size_scales_with_the_window() -> None:
    assert default_touch_px(1280, 800) == 44
    assert default_touch_px(800, 600) < 44 < default_touch_px(3840, 2160)
    assert compute_layout(1280, 800, hud_items=8).touch_px == 44
    assert compute_layout(1280, 800, hud_items=8, touch_px=70).touch_px == 70


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_place_at_hits_every_slot_centre(width: int, height: int) -> None:
    layout = compute_layout(width, height, hud_items=8)
    for place, slot in enumerate(layout.slots):
        assert layout.place_at(*slot.center) == place
        assert layout.place_at(slot.x, slot.y) == place
        assert layout.place_at(slot.right - 1, slot.bottom - 1) == place


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_place_at_counts_the_label_as_its_pile(width: int, height: int) -> None:
    layout = compute_layout(width, height, hud_items=8)
    for place, label in enumerate(layout.labels):
        assert layout.place_at(*label.center) == place


@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize("touch", TOUCHES)
def test_place_at_reaches_half_a_touch_target_beyond_the_edge(
    width: int, height: int, touch: int
) -> None:
    layout = compute_layout(width, height, hud_items=8, touch_px=touch)
    reach = layout.touch_px / 2
    for slot in layout.slots:
        # Just outside the card, within the reach: the nearest card wins (or
        # the pile whose label is there, when the gap is narrower than the reach).
        for px, py in (
            (slot.x - reach + 1, slot.centery),
            (slot.right + reach - 1, slot.centery),
            (slot.centerx, slot.y - reach + 1),
        ):
            on_label = [p for p, lb in enumerate(layout.labels) if lb.contains(px, py)]
            nearest = min(range(24), key=lambda p: layout.slots[p].distance_to(px, py))
            expected = on_label[0] if on_label else nearest
            assert layout.place_at(px, py) == expected
            # A label hits its own place however far below its card it reaches.
            assert on_label or layout.slots[expected].distance_to(px, py) <= reach


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_place_at_picks_the_nearer_card_in_a_gap(width: int, height: int) -> None:
    layout = compute_layout(width, height, hud_items=8, touch_px=120)
    _, first = _shape(layout.slots)  # the top row's first two piles
    p5, p6 = layout.slots[first], layout.slots[first + 1]
    gap = p6.x - p5.right
    assert layout.place_at(p5.right + gap * 0.25, p5.centery) == first
    assert layout.place_at(p5.right + gap * 0.75, p5.centery) == first + 1


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_place_at_is_none_far_from_every_slot(width: int, height: int) -> None:
    layout = compute_layout(width, height, hud_items=8)
    reach = layout.touch_px / 2
    s = layout.slots
    # Beside the foundations, halfway to the left column (below them, in the middle,
    # when the tall horseshoe leaves no room beside them): open table.
    far_x = (s[0].right + layout.foundation_area.x) / 2
    far_y: float = s[16].centery
    if _shape(s)[0] == 6:
        far_x = layout.foundation_area.centerx
        far_y = (layout.foundation_area.bottom + layout.labels[0].bottom) / 2
    assert min(r.distance_to(far_x, far_y) for r in s) > reach
    assert layout.place_at(far_x, far_y) is None
    # On the HUD and outside the window.
    assert layout.place_at(layout.hud.centerx, layout.hud.bottom - 1) is None
    assert layout.place_at(-500, -500) is None
    assert layout.place_at(layout.width + 500, layout.height / 2) is None
    # Just beyond the reach of a card with nothing else near.
    p1 = s[0]
    assert layout.place_at(p1.right + reach + 2, p1.centery) is None


def test_hud_item_at_finds_each_cell() -> None:
    layout = compute_layout(1080, 1920, hud_items=11)
    for index, cell in enumerate(layout.hud_cells):
        assert layout.hud_item_at(*cell.center) == index
    assert layout.hud_item_at(*layout.slots[0].center) is None
    assert layout.hud_item_at(-1, -1) is None


def test_rect_geometry() -> None:
    r = Rect(10, 20, 30, 40)
    assert (r.right, r.bottom, r.centerx, r.centery, r.center) == (40, 60, 25, 40, (25, 40))
    assert r.contains(10, 20)
    assert r.contains(39.9, 59.9)
    assert not r.contains(40, 30)
    assert not r.contains(20, 60)
    assert not r.contains(9.9, 30)
    assert r.inflate(5, 2) == Rect(5, 18, 40, 44)
    assert r.intersects(Rect(39, 59, 5, 5))
    assert not r.intersects(Rect(40, 20, 5, 5))  # touching edges do not overlap
    assert not r.intersects(Rect(0, 0, 10, 100))
    assert r.distance_to(25, 40) == 0.0
    assert r.distance_to(0, 40) == 10.0
    assert r.distance_to(43, 64) == 5.0
    assert r.contains_rect(Rect(10, 20, 30, 40))
    assert not r.contains_rect(Rect(10, 20, 31, 40))


def test_layout_is_deterministic() -> None:
    a = compute_layout(1366, 768, hud_items=9, touch_px=50)
    b = compute_layout(1366, 768, hud_items=9, touch_px=50)
    assert a == b


@pytest.mark.parametrize(
    "kwargs",
    [
        {"width": 0, "height": 600, "hud_items": 8},
        {"width": 800, "height": -1, "hud_items": 8},
        {"width": 800, "height": 600, "hud_items": 0},
        {"width": 800, "height": 600, "hud_items": 8, "touch_px": -5},
        {"width": 800, "height": 600, "hud_items": 8, "card_ratio": 0.0},
        {"width": 60, "height": 40, "hud_items": 8},
    ],
)
def test_bad_arguments_are_refused(kwargs: dict[str, int | float]) -> None:
    with pytest.raises(ValueError, match=r"must|too small"):
        compute_layout(**kwargs)  # type: ignore[arg-type]


@settings(max_examples=300, deadline=None)
@given(
    width=st.integers(600, 3840),
    height=st.integers(600, 3840),
    hud_items=st.integers(1, 12),
    touch=st.sampled_from([0, 0, 40, 60, 90]),
)
def test_any_window_in_range_gives_a_sound_layout(
    width: int, height: int, hud_items: int, touch: int
) -> None:
    assume(9 / 16 <= width / height <= 21 / 9)
    layout = compute_layout(width, height, hud_items=hud_items, touch_px=touch)
    check_invariants(layout, hud_items)
    s = layout.slots
    columns, side = _shape(s)
    corner_l, corner_r = side, side + columns - 1
    assert s[corner_l].x == s[side - 1].x
    assert s[corner_r].x == s[corner_r + 1].x
    assert s[side - 1].y > s[corner_l].y
    assert s[0].y > s[side - 1].y
    assert s[15].y > s[corner_r + 1].y


def test_the_same_window_is_laid_out_once_and_a_too_small_one_always_refused() -> None:
    """A start lays the table out for its first cards and again in the window: the second
    is the first's (a layout cannot change), and the last few sizes are kept."""
    first = compute_layout(1913, 1061, hud_items=9)
    assert compute_layout(1913, 1061, hud_items=9) is first
    assert compute_layout(1913, 1061, hud_items=8) is not first
    assert compute_layout(1913, 1061, hud_items=9, touch_px=60) != first
    for _ in range(2):
        with pytest.raises(ValueError, match="too small"):
            compute_layout(100, 100, hud_items=9)


# -- the kiosk's burn-in shift ------------------------------------------------------------

SHIFTS = [(dx, dy) for dx in (-3, 0, 3) for dy in (-3, 0, 3)]


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_shifted_layout_moves_every_place_cell_and_band_by_the_shift(
    width: int, height: int
) -> None:
    layout = compute_layout(width, height, hud_items=10)
    moved = layout.shifted(2, -3)
    before = (*layout.slots, *layout.labels, *layout.hud_cells, *layout.foundation_rows)
    after = (*moved.slots, *moved.labels, *moved.hud_cells, *moved.foundation_rows)
    assert after == tuple(r.moved(2, -3) for r in before)
    assert moved.message == layout.message.moved(2, -3)
    assert moved.foundation_area == layout.foundation_area.moved(2, -3)


@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize("left_handed", [False, True])
def test_a_shifted_table_stays_sound_in_its_window(
    width: int, height: int, left_handed: bool
) -> None:
    """Within 3 pixels either way every control stays in the window and clear of the
    others, and the HUD's band still covers the window's edges."""
    layout = compute_layout(width, height, hud_items=10, left_handed=left_handed)
    for dx, dy in SHIFTS:
        moved = layout.shifted(dx, dy)
        check_invariants(moved, 10)
        assert window_edges(moved.hud, moved) == window_edges(layout.hud, layout)


def window_edges(rect: Rect, layout: TableLayout) -> set[str]:
    """The window's edges ``rect`` reaches."""
    reached = {"left": rect.x == 0, "top": rect.y == 0}
    reached |= {"right": rect.right == layout.width, "bottom": rect.bottom == layout.height}
    return {edge for edge, touches in reached.items() if touches}


def test_a_shifted_layout_hits_what_it_draws() -> None:
    layout = compute_layout(1280, 800, hud_items=10)
    moved = layout.shifted(3, 3)
    slot, cell = layout.slots[9], layout.hud_cells[4]
    assert moved.place_at(slot.right + 1, slot.bottom + 1) == 9
    assert moved.hud_item_at(cell.right + 1, cell.bottom + 1) == 4
    assert layout.hud_item_at(cell.right + 1, cell.bottom + 1) != 4
