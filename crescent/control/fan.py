"""The table with whole piles shown ("Show whole piles"): each pile fans toward the centre.

Pure (no pygame). :func:`compute_fanned_layout` gives a
:class:`crescent.control.layout.TableLayout` (its pile slots are the piles'
*anchors*: where the bottom card lies) and a :class:`Fan`: per pile, the step
from one card to the next and the area the whole pile may cover. A pile of
``n`` cards lies at ``anchor + k * step(n)`` for k = 0..n-1, the top card
last and nearest the centre; ``step(n)`` is the full step until the pile
would overflow its area, then shrinks so the pile fits.

Two arrangements, the one with the larger cards wins:

* **wide** (landscape): the side columns span the whole height and fan
  sideways toward the centre; the top row sits between them and fans down
  above the foundations.
* **tall** (portrait): the top row spans the width and fans down; the side
  piles sit below it, each fanning into its own band (today's empty bands
  between the side piles): the upper two down, the lower two up, toward the
  foundations between the two columns.

Labels ("P10 · 6") sit above piles that fan down and under the others, so a
pile never covers its own count.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Protocol

from crescent.control.input import LayoutView
from crescent.control.layout import (
    INDEX_BOX,
    PILE_COUNT,
    Places,
    Rect,
    TableLayout,
    _card_metrics,
    _CardMetrics,
    _check_args,
    _hud,
    _largest,
    assemble,
    default_touch_px,
)

__all__ = ["DESIGN_CARDS", "Fan", "FanView", "compute_fanned_layout"]

DESIGN_CARDS: Final = 9
"""A pile of up to this many cards fans at the full step; longer piles squeeze."""
STEP_X: Final = 0.19
"""Full sideways step, in card widths: the index column (rank over suit) shows."""
STEP_Y: Final = 0.22
"""Full downward step, in card heights: the rank and the suit under it show."""
_Arrange = Callable[[int, float, int, int, int, int, int], "_Plan | None"]


@dataclass(frozen=True, slots=True)
class Fan:
    """Per pile (0..15): its anchor (bottom card), full step and area."""

    anchors: tuple[Rect, ...]
    steps: tuple[tuple[int, int], ...]
    areas: tuple[Rect, ...]

    def step(self, pile: int, n: int) -> tuple[float, float]:
        """The step between two cards of a pile of ``n`` cards (squeezed to fit the area)."""
        dx, dy = self.steps[pile]
        if n <= 1:
            return (float(dx), float(dy))
        anchor, area = self.anchors[pile], self.areas[pile]
        room_x = area.w - anchor.w
        room_y = area.h - anchor.h
        sx = min(abs(dx), room_x / (n - 1)) if dx else 0.0
        sy = min(abs(dy), room_y / (n - 1)) if dy else 0.0
        return (sx if dx > 0 else -sx, sy if dy > 0 else -sy)

    def card_origin(self, pile: int, k: int, n: int) -> tuple[float, float]:
        """Top-left of card ``k`` (0 = bottom) of a pile of ``n`` cards."""
        a = self.anchors[pile]
        sx, sy = self.step(pile, n)
        return (a.x + k * sx, a.y + k * sy)

    def top_rect(self, pile: int, n: int) -> Rect:
        """Where the top card of a pile of ``n`` cards lies (the anchor when empty)."""
        a = self.anchors[pile]
        x, y = self.card_origin(pile, max(n - 1, 0), n)
        return Rect(round(x), round(y), a.w, a.h)

    def pile_at(self, x: float, y: float) -> int | None:
        """The pile whose area holds the point."""
        for pile, area in enumerate(self.areas):
            if area.contains(x, y):
                return pile
        return None

    def shifted(self, dx: int, dy: int) -> Fan:
        """The fans ``dx`` to the right and ``dy`` down (see :meth:`TableLayout.shifted`)."""
        return Fan(
            tuple(a.moved(dx, dy) for a in self.anchors),
            self.steps,
            tuple(a.moved(dx, dy) for a in self.areas),
        )


@dataclass(frozen=True, slots=True)
class _Plan:
    cw: int
    m: _CardMetrics
    fan: Fan
    pile_labels: tuple[Rect, ...]
    foundations: tuple[Rect, ...]
    centre: Rect
    """The free middle where the foundations and the message go."""


def _steps(m: _CardMetrics) -> tuple[int, int]:
    return max(2, round(m.card_w * STEP_X)), max(2, round(m.card_h * STEP_Y))


def up_step(card_h: int) -> int:
    """The full step of a pile fanning up: each buried card shows its bottom strip, where
    the card art puts its upright index as far from the edge as the top one is
    (:func:`crescent.ui.cards.index_everywhere`), so the strip holds the whole index box."""
    return max(round(card_h * STEP_Y), math.ceil(card_h * INDEX_BOX[3]) + 1)


def _wide(cw: int, ratio: float, x0: int, y0: int, w: int, h: int, msg_h: int) -> _Plan | None:
    """Side columns over the whole height fanning sideways; the top row between them."""
    m = _card_metrics(cw, ratio)
    sx, sy = _steps(m)
    g = m.gap
    side_w = cw + (DESIGN_CARDS - 1) * sx
    top_h = m.card_h + (DESIGN_CARDS - 1) * sy
    row_h = m.card_h + m.label_gap + m.label_h
    if 2 * side_w + 2 * g + 8 * cw + 7 * g > w:
        return None
    if 4 * row_h + 3 * g > h:
        return None
    right = x0 + w
    row_gap = (h - 4 * row_h) / 3
    rows = [y0 + round(j * (row_h + row_gap)) for j in range(4)]  # top to bottom
    anchors: list[Rect] = []
    steps: list[tuple[int, int]] = []
    areas: list[Rect] = []
    labels: list[Rect] = []
    for k in range(4):  # P1-P4: the left column, bottom to top, fanning right
        y = rows[3 - k]
        anchors.append(Rect(x0, y, cw, m.card_h))
        steps.append((sx, 0))
        areas.append(Rect(x0, y, side_w, m.card_h))
        labels.append(Rect(x0, y + m.card_h + m.label_gap, cw, m.label_h))
    inner_left = x0 + side_w + g
    inner_right = right - side_w - g
    pitch_x = (inner_right - inner_left - cw) / 7
    top_y = y0 + m.label_h + m.label_gap
    for i in range(8):  # P5-P12: the top row, fanning down
        x = inner_left + round(i * pitch_x)
        anchors.append(Rect(x, top_y, cw, m.card_h))
        steps.append((0, sy))
        areas.append(Rect(x, top_y, cw, top_h))
        labels.append(Rect(x, y0, cw, m.label_h))
    for k in range(4):  # P13-P16: the right column, top to bottom, fanning left
        y = rows[k]
        anchors.append(Rect(right - cw, y, cw, m.card_h))
        steps.append((-sx, 0))
        areas.append(Rect(right - side_w, y, side_w, m.card_h))
        labels.append(Rect(right - cw, y + m.card_h + m.label_gap, cw, m.label_h))
    centre = Rect(inner_left, top_y + top_h + g, inner_right - inner_left, 0)
    centre = Rect(centre.x, centre.y, centre.w, y0 + h - centre.y)
    return _finish(cw, m, anchors, steps, areas, labels, centre, msg_h)


def _tall(cw: int, ratio: float, x0: int, y0: int, w: int, h: int, msg_h: int) -> _Plan | None:
    """The top row over the width; the side piles under it, each fanning down in its band
    (the lower two bands up, a little taller: see :func:`up_step`)."""
    m = _card_metrics(cw, ratio)
    _, sy = _steps(m)
    sy_up = up_step(m.card_h)
    g = m.gap
    fan_h = m.card_h + (DESIGN_CARDS - 1) * sy
    up_h = m.card_h + (DESIGN_CARDS - 1) * sy_up
    band = m.label_h + m.label_gap + fan_h
    heights = [band] * 3 + [band - fan_h + up_h] * 2  # 0: the top row
    if 8 * cw + 7 * g > w or sum(heights) + 4 * g > h:
        return None
    pitch_x = (w - cw) / 7
    cols = [x0 + round(i * pitch_x) for i in range(8)]
    band_gap = (h - sum(heights)) / 4
    bands = [y0 + round(sum(heights[:j]) + j * band_gap) for j in range(5)]
    anchors: list[Rect] = []
    steps: list[tuple[int, int]] = []
    areas: list[Rect] = []
    labels: list[Rect] = []

    def pile(x: int, top: int, up: bool = False) -> None:
        """A pile in the band starting at ``top``: fanning down under its label, or
        (``up``, the lower bands) fanning up over its label, toward the centre."""
        if up:
            y = top + up_h - m.card_h
            anchors.append(Rect(x, y, cw, m.card_h))
            steps.append((0, -sy_up))
            areas.append(Rect(x, top, cw, up_h))
            labels.append(Rect(x, top + up_h + m.label_gap, cw, m.label_h))
            return
        y = top + m.label_h + m.label_gap
        anchors.append(Rect(x, y, cw, m.card_h))
        steps.append((0, sy))
        areas.append(Rect(x, y, cw, fan_h))
        labels.append(Rect(x, top, cw, m.label_h))

    for k in range(4):  # P1-P4: the left column, bottom to top
        pile(cols[0], bands[4 - k], up=4 - k >= 3)
    for i in range(8):  # P5-P12
        pile(cols[i], bands[0])
    for k in range(4):  # P13-P16: the right column, top to bottom
        pile(cols[7], bands[1 + k], up=1 + k >= 3)
    left = cols[1]
    centre_top = bands[1]
    centre = Rect(left, centre_top, cols[7] - g - left, y0 + h - centre_top)
    return _finish(cw, m, anchors, steps, areas, labels, centre, msg_h, 0.5)


def _finish(
    cw: int,
    m: _CardMetrics,
    anchors: list[Rect],
    steps: list[tuple[int, int]],
    areas: list[Rect],
    labels: list[Rect],
    centre: Rect,
    msg_h: int,
    height_share: float = 1 / 3,
) -> _Plan | None:
    """Place the foundations (Aces over Kings) in the centre, ``height_share`` of the
    spare height above them (a little above the middle by default)."""
    g = m.gap
    block_w = 4 * cw + 3 * g
    block_h = 2 * m.pitch + g
    need_h = block_h + m.label_gap + m.label_h + g + msg_h
    if block_w > centre.w or need_h > centre.h:
        return None
    fx = centre.x + (centre.w - block_w) // 2
    fy = centre.y + round((centre.h - need_h) * height_share)
    foundations = tuple(
        Rect(fx + i * (cw + g), fy + row * (m.pitch + g), cw, m.card_h)
        for row in range(2)
        for i in range(4)
    )
    fan = Fan(tuple(anchors), tuple(steps), tuple(areas))
    return _Plan(cw, m, fan, tuple(labels), foundations, centre)


def compute_fanned_layout(
    width: int,
    height: int,
    *,
    hud_items: int,
    touch_px: int = 0,
    card_ratio: float = 1.4,
    left_handed: bool = False,
) -> tuple[TableLayout, Fan]:
    """The table for a ``width`` x ``height`` window with whole piles shown.

    The same arguments and errors as :func:`crescent.control.layout.compute_layout` (the
    HUD always a bottom bar, mirrored for a left-handed player).
    """
    _check_args(width, height, hud_items, touch_px, card_ratio)
    touch = touch_px or default_touch_px(width, height)
    margin = max(6, round(min(width, height) * 0.015))
    hud = _hud(width, height, hud_items, touch, margin, mirror=left_handed)
    message_h = round(hud.text_px * 2.6)
    best = _best_plan(card_ratio, margin, width - 2 * margin, hud.rect.y - 2 * margin, message_h)
    if best is None:
        raise ValueError(f"window {width}x{height} is too small for the table")
    m = best.m
    founds = best.foundations
    top = min(r.y for r in founds)
    bottom = max(r.bottom for r in founds) + m.label_gap + m.label_h
    fx, right = founds[0].x, founds[3].right
    # The drop zone's margin: generous, but clear of the fans around the centre.
    centre = best.centre
    margin_f = max(0, min(max(m.gap, round(best.cw * 0.3)), top - centre.y, fx - centre.x))
    foundation_area = Rect(
        fx - margin_f, top - margin_f, right - fx + 2 * margin_f, bottom - top + 2 * margin_f
    )
    message = Rect(centre.x, foundation_area.bottom + m.gap, centre.w, message_h)
    labels = (
        *best.pile_labels,
        *(Rect(s.x, s.bottom + m.label_gap, s.w, m.label_h) for s in founds),
    )
    places = Places((*best.fan.anchors, *founds), labels, foundation_area, message)
    layout = assemble((width, height), m, touch, hud, places, tags_from=centre.x)
    return layout, best.fan


def _best_plan(ratio: float, margin: int, w: int, h: int, message_h: int) -> _Plan | None:
    """The arrangement with the larger cards in the ``w`` x ``h`` space ``margin`` from
    the window's top-left corner (the wide one on a tie); None if neither fits."""
    best: _Plan | None = None
    for arrange in (_wide, _tall):

        def fits(c: int, arrange: _Arrange = arrange) -> bool:
            return arrange(c, ratio, margin, margin, w, h, message_h) is not None

        cw = _largest(fits, w // 8)
        if cw is None:
            continue
        plan = arrange(cw, ratio, margin, margin, w, h, message_h)
        if plan is not None and (best is None or plan.cw > best.cw):
            best = plan
    return best


class _Piles(Protocol):
    piles: list[list[int]]


class FanView(LayoutView):
    """The controller's view of a fanned table: a tap anywhere on a pile's fan is a tap
    on the pile (its top card), and cards fly to and from the top of each fan."""

    def __init__(self, layout: TableLayout, fan: Fan, game: Callable[[], _Piles]) -> None:
        super().__init__(layout)
        self.fan = fan
        self.game = game

    def place_at(self, x: float, y: float) -> int | None:
        pile = self.fan.pile_at(x, y)
        return pile if pile is not None else self.layout.place_at(x, y)

    def _rect(self, place: int) -> Rect:
        if place < PILE_COUNT:
            return self.fan.top_rect(place, len(self.game().piles[place]))
        return self.layout.slots[place]

    def slot_center(self, place: int) -> tuple[float, float]:
        r = self._rect(place)
        return (r.x + r.w / 2, r.y + r.h / 2)

    def slot_origin(self, place: int) -> tuple[float, float]:
        r = self._rect(place)
        return (float(r.x), float(r.y))
