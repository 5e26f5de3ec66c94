"""Where everything sits on the table: card slots, labels, foundation drop zone, HUD.

A pure module (no pygame): :func:`compute_layout` turns a window size into a
:class:`TableLayout` of integer rectangles, and the layout answers hit tests.
Places are the engine's: 0..15 are piles P1..P16, 16..23 foundations F1..F8.

The arrangement is RULES.md section 1 and ``layout-wireframe.png``: a
horseshoe of piles (P1-P4 up the left column, P5-P12 along the top row,
P13-P16 down the right column; the top row spans the full width, so P5 sits
above P4 and P12 above P13; a portrait window gets a taller horseshoe, see
:data:`SHAPES`), the Aces row F1-F4 above the Kings row F5-F8 in
the centre, a message area under the foundations and the HUD: a bar along the
bottom (in more than one row when one row would make its cells too narrow), or, in
a landscape window where that gives larger cards, a column down one side (the
right; the left for a left-handed player, whose bottom bar is mirrored instead).

Cards are as large as fit; the spare space then widens the gaps, up to a
cap so that very wide or very tall windows keep a compact table, and what
is left centres the table in the space above the HUD.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from typing import Final, NamedTuple

__all__ = [
    "CORNERS",
    "FOUNDATION_COUNT",
    "HUD_MIN_PX",
    "INDEX_BOX",
    "MAX_EDGES",
    "PILE_COUNT",
    "PLACE_COUNT",
    "Rect",
    "TableLayout",
    "canvas_size",
    "compute_layout",
    "default_touch_px",
    "edge_step",
    "split_hud",
]

PILE_COUNT: Final = 16
FOUNDATION_COUNT: Final = 8
PLACE_COUNT: Final = PILE_COUNT + FOUNDATION_COUNT

SHAPES: Final = ((8, 5), (6, 6))
"""The horseshoe's (columns, rows): ``columns`` piles in the top row (its corners
included) and ``rows - 1`` piles down each side, 16 in all. The wide one (8 x 5) is
RULES.md's, 4, 8 and 4 (its numbering is decided there, so no wider shape is offered);
the tall one (6 x 6) lets a portrait window use its height for bigger cards.
:func:`compute_layout` takes whichever gives the larger cards (the first on a tie)."""
_MIN_CARD_W: Final = 8  # below this there is no table worth drawing
INDEX_BOX: Final = (0.02, 0.028, 0.137, 0.262)
"""Where a face's upright corner index (rank over suit) lies: left, top, right, bottom in
fractions of its width and height, round every index of the 52 shipped faces (measured
at 448x625: 0.025-0.040 to 0.118-0.136 across, 0.030-0.048 to 0.232-0.253 down). The
fans of whole piles leave room for it (:mod:`crescent.control.fan`), the card art copies
it where they show (:func:`crescent.ui.cards.index_everywhere`)."""


class Rect(NamedTuple):
    """An integer rectangle; ``right`` and ``bottom`` are exclusive, as in pygame."""

    x: int
    y: int
    w: int
    h: int

    @property
    def right(self) -> int:
        return self.x + self.w

    @property
    def bottom(self) -> int:
        return self.y + self.h

    @property
    def centerx(self) -> int:
        return self.x + self.w // 2

    @property
    def centery(self) -> int:
        return self.y + self.h // 2

    @property
    def center(self) -> tuple[int, int]:
        return (self.centerx, self.centery)

    def contains(self, px: float, py: float) -> bool:
        """Whether the point lies inside (left/top edges in, right/bottom out)."""
        return self.x <= px < self.right and self.y <= py < self.bottom

    def contains_rect(self, other: Rect) -> bool:
        """Whether ``other`` lies wholly inside this rectangle."""
        return (
            self.x <= other.x
            and self.y <= other.y
            and other.right <= self.right
            and other.bottom <= self.bottom
        )

    def intersects(self, other: Rect) -> bool:
        """Whether the two share some area (touching edges do not count)."""
        return (
            self.x < other.right
            and other.x < self.right
            and self.y < other.bottom
            and other.y < self.bottom
        )

    def inflate(self, dx: int, dy: int) -> Rect:
        """Grown by ``dx`` on the left and right and ``dy`` on the top and bottom."""
        return Rect(self.x - dx, self.y - dy, self.w + 2 * dx, self.h + 2 * dy)

    def distance_to(self, px: float, py: float) -> float:
        """Euclidean distance from the point to the rectangle; 0 inside."""
        dx = max(self.x - px, 0.0, px - self.right)
        dy = max(self.y - py, 0.0, py - self.bottom)
        return math.hypot(dx, dy)

    def moved(self, dx: int, dy: int) -> Rect:
        """The same rectangle ``dx`` to the right and ``dy`` down."""
        return Rect(self.x + dx, self.y + dy, self.w, self.h)


class TableLayout(NamedTuple):
    """Every rectangle of the table for one window size.

    ``slots[place]`` is the card rectangle of a place, ``labels[place]`` the
    rectangle under it for its text ("P10 · 6"). ``touch_px`` is the touch
    target size the layout was computed with (the default filled in).
    """

    width: int
    height: int
    card_w: int
    card_h: int
    slots: tuple[Rect, ...]
    labels: tuple[Rect, ...]
    label_px: int
    foundation_area: Rect
    hud: Rect
    hud_cells: tuple[Rect, ...]
    hud_px: int
    message: Rect
    touch_px: int
    corner: Rect | None = None
    """The kiosk's exit corner, clear of every control (None outside kiosk mode)."""
    foundation_rows: tuple[Rect, ...] = ()
    """The band behind each foundation row (the Aces row F1-F4, then the Kings row)."""
    row_tags: tuple[Rect, ...] = ()
    """Left of each band: room for the row's direction ("A→K", "K→A")."""
    hud_sub_px: int = 11
    """The size of a HUD cell's second line (at least HUD_MIN_PX)."""
    hud_side: str = "bottom"
    """Where the HUD is: "bottom" (a bar), "right" or "left" (a column)."""

    @property
    def floor(self) -> int:
        """The bottom of the table above the HUD: where falling cards land."""
        return self.hud.y if self.hud_side == "bottom" else self.height

    def controls(self) -> tuple[Rect, ...]:
        """Every rectangle a touch acts on: slots (with the reach of :meth:`place_at`),
        labels, the foundation drop zone and the HUD cells."""
        reach = math.ceil(self.touch_px / 2)
        return (
            *(s.inflate(reach, reach) for s in self.slots),
            *self.labels,
            self.foundation_area,
            *self.hud_cells,
        )

    def place_at(self, x: float, y: float) -> int | None:
        """The place under the point, for taps, clicks and drops.

        A point on a slot or on its label hits that place. Otherwise the
        nearest slot wins if the point is within ``touch_px / 2`` of its
        card edge (a finger that lands just beside a card); else None.
        """
        for place, (slot, label) in enumerate(zip(self.slots, self.labels, strict=True)):
            if slot.contains(x, y) or label.contains(x, y):
                return place
        reach = self.touch_px / 2
        best: int | None = None
        best_distance = math.inf
        for place, slot in enumerate(self.slots):
            distance = slot.distance_to(x, y)
            if distance <= reach and distance < best_distance:
                best, best_distance = place, distance
        return best

    def hud_item_at(self, x: float, y: float) -> int | None:
        """The index of the HUD cell under the point, or None."""
        for index, cell in enumerate(self.hud_cells):
            if cell.contains(x, y):
                return index
        return None

    def shifted(self, dx: int, dy: int) -> TableLayout:
        """Everything drawn ``dx`` to the right and ``dy`` down (the kiosk's burn-in care:
        :mod:`crescent.kiosk.burnin`), hit tests with it; the exit corner stays in its
        corner, and the HUD's band still reaches the window's edges it touched. The layout
        keeps its controls at least 3 pixels from the window's edges and the corner."""
        if dx == 0 and dy == 0:
            return self

        def moved(rects: tuple[Rect, ...]) -> tuple[Rect, ...]:
            return tuple(r.moved(dx, dy) for r in rects)

        return self._replace(
            slots=moved(self.slots),
            labels=moved(self.labels),
            foundation_area=self.foundation_area.moved(dx, dy),
            hud=_band_moved(self.hud, dx, dy, (self.width, self.height)),
            hud_cells=moved(self.hud_cells),
            message=self.message.moved(dx, dy),
            foundation_rows=moved(self.foundation_rows),
            row_tags=moved(self.row_tags),
        )


def _band_moved(band: Rect, dx: int, dy: int, size: tuple[int, int]) -> Rect:
    """``band`` moved, but still reaching each edge of the window it reached (a HUD bar
    moved up stays down to the bottom, one moved left still starts at the left)."""
    moved = band.moved(dx, dy)
    left = 0 if band.x <= 0 else moved.x
    top = 0 if band.y <= 0 else moved.y
    right = size[0] if band.right >= size[0] else moved.right
    bottom = size[1] if band.bottom >= size[1] else moved.bottom
    return Rect(left, top, right - left, bottom - top)


class _CardMetrics(NamedTuple):
    """The sizes that follow from one card width."""

    card_w: int
    card_h: int
    label_px: int
    label_gap: int  # between a card and its label
    label_h: int
    gap: int  # the smallest gap between two cells (card + label)

    @property
    def pitch(self) -> int:
        """Height of a card with its label under it."""
        return self.card_h + self.label_gap + self.label_h


def _card_metrics(card_w: int, card_ratio: float) -> _CardMetrics:
    label_px = max(11, round(card_w * 0.14))
    return _CardMetrics(
        card_w=card_w,
        card_h=max(1, round(card_w * card_ratio)),
        label_px=label_px,
        label_gap=max(1, round(label_px * 0.2)),
        label_h=label_px + max(2, round(label_px * 0.35)),
        gap=max(6, round(card_w * 0.14)),
    )


MAX_EDGES: Final = 5
"""At most this many back edges show the face-down cards under a pile's top card."""


def edge_step(card_w: int) -> int:
    """How far apart the backs of face-down cards show above a pile's top card: a band
    wide enough to show the back's lattice, not only its white rim."""
    return max(3, round(card_w * 0.045))


def _edges(card_w: int) -> int:
    """The room above the top row for its piles' back edges (the face-down deal)."""
    return MAX_EDGES * edge_step(card_w)


def _fits(m: _CardMetrics, avail_w: int, avail_h: int, shape: tuple[int, int]) -> bool:
    """Whether the table fits with the smallest gaps."""
    columns, rows = shape
    return (
        columns * m.card_w + (columns - 1) * m.gap <= avail_w
        and _edges(m.card_w) + rows * m.pitch + (rows - 1) * m.gap <= avail_h
    )


def _check_args(width: int, height: int, hud_items: int, touch_px: int, ratio: float) -> None:
    """Refuse arguments out of range (ValueError), for every table layout."""
    if width <= 0 or height <= 0:
        raise ValueError(f"window size must be positive, got {width}x{height}")
    if hud_items < 1:
        raise ValueError(f"hud_items must be at least 1, got {hud_items}")
    if touch_px < 0:
        raise ValueError(f"touch_px must not be negative, got {touch_px}")
    if not ratio > 0:
        raise ValueError(f"card_ratio must be positive, got {ratio}")


def _largest(fits: Callable[[int], bool], most: int) -> int | None:
    """The largest card width up to ``most`` for which ``fits`` (every size grows with
    the width, so bisect); None when even the smallest does not fit."""
    lo, hi = _MIN_CARD_W, max(_MIN_CARD_W, most) + 1
    if not fits(lo):
        return None
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if fits(mid):
            lo = mid
        else:
            hi = mid
    return lo


def canvas_size(window: tuple[int, int], least: tuple[int, int]) -> tuple[int, int]:
    """The size the game lays out and draws at in a window of ``window`` pixels: the
    window's own, or, when the window is narrower or shorter than ``least`` (a window
    manager that ignores the window's minimum size), the smallest size of the window's
    shape that holds ``least``; the picture is then scaled down to the window, so every
    control stays in it and every text keeps the room it was laid out with."""
    w, h = max(1, window[0]), max(1, window[1])
    scale = max(1.0, least[0] / w, least[1] / h)
    if scale == 1.0:
        return (w, h)
    return (max(least[0], round(w * scale)), max(least[1], round(h * scale)))


def default_touch_px(width: int, height: int) -> int:
    """The touch target used when none is given: 44 px at 800 px, scaled."""
    return max(24, round(44 * min(width, height) / 800))


class _Hud(NamedTuple):
    """The HUD bar, its cells and their text size."""

    rect: Rect
    cells: tuple[Rect, ...]
    text_px: int
    sub_px: int
    side: str = "bottom"


HUD_MIN_PX: Final = 11
"""No HUD text is smaller than this, in any language, at any supported size."""
_TITLE_EM: Final = 8.4
"""The widest one-word HUD title ("Redistribuer", "Instellingen") in ems of its bold font."""
_CELL_PAD: Final = 14  # a cell's border and the text's side margins


def _hud(
    width: int,
    height: int,
    items: int,
    touch: int,
    margin: int,
    skip: tuple[int, int] = (0, 0),
    mirror: bool = False,
) -> _Hud:
    """The HUD bar: as few rows as keep every title on one line at a readable size.

    The bar re-flows into more rows rather than shrinking text: the cells must
    hold the widest title at ``least_px`` (at least 13 px); the second line of
    a cell (the redeals left, the code) is ``HUD_MIN_PX`` or more and says
    less when it cannot fit (see the table's HUD). ``skip``: pixels left free of
    cells at the left and right ends (the kiosk's exit corner). ``mirror``: each row's
    cells right to left (a left-handed player's: Hint and Undo under the left thumb).
    """
    text_px, least_px, sub_px = _hud_text(width, height)
    inner_w = max(1, width - 2 * margin - skip[0] - skip[1])
    need_w = max(touch, math.ceil(_TITLE_EM * least_px) + _CELL_PAD)
    per_row = 1
    for rows in range(1, items + 1):
        per_row = math.ceil(items / rows)
        if inner_w // per_row >= need_w:
            break
    rows = math.ceil(items / per_row)
    per_row = math.ceil(items / rows)  # balance the rows: 6 + 5, not 10 + 1
    cell_w = inner_w // per_row
    cell_h = max(touch, _cell_least_h(text_px, sub_px))
    pad = max(2, margin // 2)
    bar_h = rows * cell_h + 2 * pad
    bar = Rect(0, height - bar_h, width, bar_h)
    cells: list[Rect] = []
    for row in range(rows):
        count = min(per_row, items - row * per_row)
        x0 = margin + skip[0] + (inner_w - count * cell_w) // 2
        y = bar.y + pad + row * cell_h
        order = range(count - 1, -1, -1) if mirror else range(count)
        cells.extend(Rect(x0 + i * cell_w, y, cell_w, cell_h) for i in order)
    return _Hud(bar, tuple(cells), text_px, sub_px)


def _hud_text(width: int, height: int) -> tuple[int, int, int]:
    """The HUD's title size, the least a longer title shrinks to, and its second line's."""
    text_px = max(14, round(min(width, height) * 0.022))
    least_px = max(HUD_MIN_PX + 2, round(text_px * 0.75))
    return text_px, least_px, max(HUD_MIN_PX, round(text_px * 0.75))


def _cell_least_h(text_px: int, sub_px: int) -> int:
    """Room for a title and a second line in the tallest script (CJK lines are ~1.45 em)."""
    return math.ceil(1.45 * (text_px + sub_px)) + 8


def _side_hud(width: int, height: int, items: int, touch: int, margin: int, left: bool) -> _Hud:
    """The HUD as a column down the right side (``left``: the left), one cell per item,
    the cells a little taller than they must be where the height allows. Raises
    ValueError when the window is too short for the column."""
    text_px, _, sub_px = _hud_text(width, height)
    pad = max(2, margin // 2)
    least_h = max(touch, _cell_least_h(text_px, sub_px))
    cell_h = min((height - 2 * pad) // items, least_h * 5 // 4)
    if cell_h < least_h:
        raise ValueError(f"window {width}x{height} is too short for a HUD column")
    cell_w = max(touch, math.ceil(_TITLE_EM * text_px) + _CELL_PAD)
    bar_w = cell_w + 2 * pad
    bar = Rect(0 if left else width - bar_w, 0, bar_w, height)
    y0 = (height - items * cell_h) // 2
    cells = tuple(Rect(bar.x + pad, y0 + i * cell_h, cell_w, cell_h) for i in range(items))
    return _Hud(bar, cells, text_px, sub_px, "left" if left else "right")


def split_hud(layout: TableLayout, halves: frozenset[int]) -> TableLayout:
    """``layout`` laid out for one HUD slot fewer per shared pair, its cells split so: the
    cell of item ``i`` in ``halves`` and of item ``i + 1`` are the left and right halves of
    one slot (Undo and Redo). Each half is at least the touch size wherever the slot is
    twice that (a slot is never narrower than the widest title, some 124 px at 800x600)."""
    if not halves:
        return layout
    cells: list[Rect] = []
    slots = iter(layout.hud_cells)
    i = 0
    while i < len(layout.hud_cells) + len(halves):
        slot = next(slots)
        if i in halves:
            left = slot.w // 2
            cells += [
                Rect(slot.x, slot.y, left, slot.h),
                Rect(slot.x + left, slot.y, slot.w - left, slot.h),
            ]
            i += 2
        else:
            cells.append(slot)
            i += 1
    return layout._replace(hud_cells=tuple(cells))


CORNERS: Final = ("top-left", "top-right", "bottom-left", "bottom-right")


def compute_layout(
    width: int,
    height: int,
    *,
    hud_items: int,
    touch_px: int = 0,
    card_ratio: float = 1.4,
    corner: str | None = None,
    corner_px: int = 0,
    left_handed: bool = False,
) -> TableLayout:
    """The table layout for a ``width`` x ``height`` window.

    ``hud_items`` is the number of HUD cells, laid out in that order;
    ``touch_px`` the smallest touch target in pixels (0: a default scaled to
    the window, see :func:`default_touch_px`); ``card_ratio`` card height over
    width. ``corner`` (one of :data:`CORNERS`) with ``corner_px``: the kiosk's
    exit corner, a square kept clear of every control (:attr:`TableLayout.corner`);
    the table gives up a band along one side for it (whichever leaves the larger
    cards), and the square shrinks, never below the touch size, only if the
    table would not fit otherwise. ``left_handed``: the HUD column on the left, or the
    bottom bar's rows mirrored (:func:`_hud`). Raises ValueError for arguments out of
    range or a window too small to hold the table.
    """
    if corner is None:
        return _best(width, height, hud_items, touch_px, card_ratio, left_handed)
    if corner not in CORNERS:
        raise ValueError(f"corner must be one of {CORNERS}, got {corner!r}")
    touch = touch_px or default_touch_px(max(width, 1), max(height, 1))
    side = max(touch, min(corner_px, width // 3, height // 3))
    while True:
        found: list[TableLayout] = []
        for band in ("column", "row"):
            for shape in SHAPES:
                try:
                    lay = _compute_layout(
                        width,
                        height,
                        hud_items,
                        touch_px,
                        card_ratio,
                        _Where(shape, "bottom", left_handed),
                        (corner, side, band),
                    )
                except ValueError:
                    continue
                c = lay.corner
                if c is not None and not any(c.intersects(r) for r in lay.controls()):
                    found.append(lay)
        if found:
            return max(found, key=lambda lay: lay.card_w)
        if side <= touch:
            raise ValueError(f"window {width}x{height} has no room for the exit corner")
        side = max(touch, side * 4 // 5)


class _Where(NamedTuple):
    """Which horseshoe, where its HUD goes ("bottom" or "side"), and for which hand."""

    shape: tuple[int, int] = SHAPES[0]
    hud: str = "bottom"
    left_handed: bool = False


@lru_cache(maxsize=8)
def _best(
    width: int, height: int, hud_items: int, touch_px: int, ratio: float, left_handed: bool
) -> TableLayout:
    """The layout with the larger cards among the shapes and, in a landscape window, the
    HUD along the bottom or down a side (the first on a tie: the wide shape, the bottom
    bar). Kept for the last few sizes (a layout is immutable): a start lays the table out
    for its first cards before the window opens and again in it, and a window being
    resized goes back and forth."""
    best: TableLayout | None = None
    error: ValueError | None = None
    huds = ("bottom", "side") if width > height else ("bottom",)
    for where in (_Where(shape, hud, left_handed) for hud in huds for shape in SHAPES):
        try:
            lay = _compute_layout(width, height, hud_items, touch_px, ratio, where)
        except ValueError as e:
            error = error or e
            continue
        if best is None or lay.card_w > best.card_w:
            best = lay
    if best is None:
        assert error is not None
        raise error
    return best


class _Room(NamedTuple):
    """What the kiosk's exit corner takes from the window: its square, the HUD's ends
    kept free of cells, and the band the table gives up on each side."""

    corner: Rect | None = None
    hud_skip: tuple[int, int] = (0, 0)
    left: int = 0
    right: int = 0
    top: int = 0
    bottom: int = 0


def _corner_room(
    width: int, height: int, corner: str | None, side: int, band: str, touch: int
) -> _Room:
    """The exit corner's band: a column (full height) or a row (the corner's own edge)."""
    if corner is None:
        return _Room()
    on_left, on_top = corner.endswith("left"), corner.startswith("top")
    square = Rect(0 if on_left else width - side, 0 if on_top else height - side, side, side)
    hud_skip = (0, 0)
    if band == "column" or not on_top:
        hud_skip = (side, 0) if on_left else (0, side)
    clear = side + math.ceil(touch / 2)  # a tap beside a card still hits it
    if band == "column":
        return _Room(square, hud_skip, *((clear, 0) if on_left else (0, clear)))
    if on_top:
        return _Room(square, hud_skip, top=clear)
    return _Room(square, hud_skip, bottom=clear)


class _Grid(NamedTuple):
    """The horseshoe's columns and rows, and the gaps between them."""

    col_x: list[int]
    row_y: list[int]
    gap_x: int
    gap_y: int


def _grid(
    m: _CardMetrics, x: int, y: int, avail_w: int, avail_h: int, shape: tuple[int, int]
) -> _Grid:
    """Spread the spare space into the gaps, capped so the table stays compact, and centre
    the table in the ``avail_w`` x ``avail_h`` space at (``x``, ``y``)."""
    columns, rows = shape
    cw, ch, pitch = m.card_w, m.card_h, m.pitch
    spare_w = avail_w - columns * cw - (columns - 1) * m.gap
    edges = _edges(cw)
    spare_h = avail_h - edges - rows * pitch - (rows - 1) * m.gap
    gap_x = min(max(m.gap, cw), m.gap + spare_w // (columns - 1))
    gap_y = min(max(m.gap, ch), m.gap + spare_h // (rows - 1))
    table_w = columns * cw + (columns - 1) * gap_x
    table_h = rows * pitch + (rows - 1) * gap_y
    x0 = x + (avail_w - table_w) // 2
    y0 = y + edges + (avail_h - edges - table_h) // 2
    col_x = [x0 + i * (cw + gap_x) for i in range(columns)]
    row_y = [y0 + j * (pitch + gap_y) for j in range(rows)]
    return _Grid(col_x, row_y, gap_x, gap_y)


def _compute_layout(
    width: int,
    height: int,
    hud_items: int,
    touch_px: int,
    card_ratio: float,
    where: _Where,
    exit_corner: tuple[str | None, int, str] = (None, 0, "column"),
) -> TableLayout:
    """The table with ``where``'s shape and HUD; ``exit_corner``: the kiosk's corner, the
    side of its square and the band the table gives up for it (:func:`_corner_room`)."""
    _check_args(width, height, hud_items, touch_px, card_ratio)
    touch = touch_px or default_touch_px(width, height)
    margin = max(6, round(min(width, height) * 0.015))
    corner, side, band = exit_corner
    room = _corner_room(width, height, corner, side, band, touch)
    if where.hud == "side":
        hud = _side_hud(width, height, hud_items, touch, margin, where.left_handed)
        room = room._replace(
            left=room.left + (hud.rect.w if where.left_handed else 0),
            right=room.right + (0 if where.left_handed else hud.rect.w),
        )
        hud_top = height
    else:
        hud = _hud(width, height, hud_items, touch, margin, room.hud_skip, where.left_handed)
        hud_top = hud.rect.y
    avail_w = width - 2 * margin - room.left - room.right
    avail_h = min(hud_top, height - room.bottom) - 2 * margin - room.top

    # The largest card width that fits; every size grows with it, so bisect.
    columns, rows = where.shape
    shape = where.shape
    cw = _largest(
        lambda w: _fits(_card_metrics(w, card_ratio), avail_w, avail_h, shape),
        avail_w // columns,
    )
    if cw is None:
        raise ValueError(f"window {width}x{height} is too small for the table")
    m = _card_metrics(cw, card_ratio)
    grid = _grid(m, margin + room.left, margin + room.top, avail_w, avail_h, shape)
    col_x, row_y = grid.col_x, grid.row_y
    side_piles = rows - 1
    slots: list[Rect] = []
    # Up the left side (P1-P4 when wide), along the top, down the right side.
    slots.extend(Rect(col_x[0], row_y[rows - k], cw, m.card_h) for k in range(1, side_piles + 1))
    slots.extend(Rect(col_x[i], row_y[0], cw, m.card_h) for i in range(columns))
    slots.extend(Rect(col_x[-1], row_y[k], cw, m.card_h) for k in range(1, side_piles + 1))
    centre = _centre(m, grid, hud.text_px)
    slots.extend(centre.foundations)
    labels = tuple(Rect(s.x, s.bottom + m.label_gap, cw, m.label_h) for s in slots)
    return assemble(
        (width, height),
        m,
        touch,
        hud,
        Places(tuple(slots), labels, centre.foundation_area, centre.message),
        tags_from=col_x[0] + cw,
        strips=centre.strips,
        corner=room.corner,
    )


class _Centre(NamedTuple):
    """The foundations, their drop zone and the message area between the side columns."""

    foundations: list[Rect]
    foundation_area: Rect
    message: Rect
    strips: bool
    """The rows' direction tags go in strips above and below the foundations."""


def _centre(m: _CardMetrics, grid: _Grid, hud_px: int) -> _Centre:
    """The centre: between the side columns, under the top row's labels."""
    cw, pitch = m.card_w, m.pitch
    inner_left = grid.col_x[0] + cw
    inner_right = grid.col_x[-1]
    top_labels_bottom = grid.row_y[0] + pitch
    band_top = grid.row_y[1]
    band_bottom = grid.row_y[-1] + pitch
    block_w = 4 * cw + 3 * m.gap
    band_pad = max(2, m.gap // 3)
    # Each foundation row's direction ("A→K", "K→A") is tagged left of its band, or,
    # when the side columns leave no room there (the tall horseshoe), in a strip
    # above the Aces and one below the Kings.
    tag_need = round(3.6 * (m.label_px + 2)) + m.gap
    strips = (inner_right - inner_left - block_w) // 2 - band_pad < tag_need
    strip_h = m.label_h + 2 * band_pad if strips else 0
    block_h = 2 * pitch + m.gap + 2 * strip_h
    message_gap = m.gap
    # The centre is four side rows high: two foundation rows leave room for the
    # message, which only runs short on tables too small to be played.
    message_h = min(round(hud_px * 2.6), 2 * pitch + 3 * grid.gap_y - 2 * message_gap)
    stack_h = block_h + message_gap + message_h
    # The drop zone's margin: generous, but clear of the piles and their labels.
    margin_f = min(
        max(m.gap, round(cw * 0.3)),
        (inner_right - inner_left - block_w) // 2,
        (band_bottom - top_labels_bottom - stack_h) // 2,
    )
    margin_f = max(0, margin_f)
    free = band_bottom - band_top - stack_h - 2 * margin_f
    area_y = max(top_labels_bottom, band_top + free // 3)  # a little above centre
    fx = (inner_left + inner_right - block_w) // 2
    fy = area_y + margin_f + strip_h
    foundations = [  # the Aces F1-F4, then the Kings F5-F8
        Rect(fx + i * (cw + m.gap), fy + row * (pitch + m.gap), cw, m.card_h)
        for row in range(2)
        for i in range(4)
    ]
    area = Rect(fx - margin_f, area_y, block_w + 2 * margin_f, block_h + 2 * margin_f)
    message_x = inner_left + grid.gap_x
    message = Rect(
        message_x, area.bottom + message_gap, inner_right - grid.gap_x - message_x, message_h
    )
    return _Centre(foundations, area, message, strips)


class Places(NamedTuple):
    """Where the places sit: a table layout's slots (piles, then foundations), their
    labels, the foundations' drop zone and the message area."""

    slots: tuple[Rect, ...]
    labels: tuple[Rect, ...]
    foundation_area: Rect
    message: Rect


def assemble(
    size: tuple[int, int],
    m: _CardMetrics,
    touch: int,
    hud: _Hud,
    places: Places,
    *,
    tags_from: int,
    strips: bool = False,
    corner: Rect | None = None,
) -> TableLayout:
    """The one way a :class:`TableLayout` is made (the usual table and the fanned one):
    ``places`` with ``m``'s sizes, the HUD, the band behind each foundation row and
    room for its direction, left of the band from ``tags_from`` on or (``strips``) in a
    strip above the Aces and one below the Kings."""
    founds = places.slots[PILE_COUNT:]
    assert len(places.slots) == PLACE_COUNT
    assert len(places.labels) == PLACE_COUNT
    band_pad = max(2, m.gap // 3)
    fx = founds[0].x
    block_w = founds[3].right - fx
    bands = tuple(
        Rect(fx, founds[4 * row].y, block_w, m.pitch).inflate(band_pad, band_pad)
        for row in range(2)
    )
    tags: tuple[Rect, ...]
    if strips:
        h = m.label_h + band_pad
        tags = (Rect(fx, bands[0].y - h, block_w, h), Rect(fx, bands[1].bottom, block_w, h))
    else:
        tag_x = tags_from + m.gap // 2
        tags = tuple(Rect(tag_x, r.y, max(0, r.x - m.gap // 2 - tag_x), r.h) for r in bands)
    return TableLayout(
        width=size[0],
        height=size[1],
        card_w=m.card_w,
        card_h=m.card_h,
        slots=places.slots,
        labels=places.labels,
        label_px=m.label_px,
        foundation_area=places.foundation_area,
        hud=hud.rect,
        hud_cells=hud.cells,
        hud_px=hud.text_px,
        message=places.message,
        touch_px=touch,
        corner=corner,
        foundation_rows=bands,
        row_tags=tags,
        hud_sub_px=hud.sub_px,
        hud_side=hud.side,
    )
