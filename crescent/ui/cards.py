"""Card faces, the back and card shadows, drawn from the SVG art at the exact size asked.

The art is ``assets/cards/<CARD>.svg`` (``"AS"``, ``"10H"``...) and ``assets/cards/back.svg``,
read through :mod:`crescent.resources`. SDL_image rasterises each file at the pixel size the
layout asks for, so a card is crisp at every size: no bitmap is ever scaled. Cards have
rounded corners, transparent outside the rounding.

The four-colour deck rewrites the fill of the shapes marked ``class="pip"`` (indices and pips;
see ``tools/fetch_cards.py``) before rasterising: diamonds blue, clubs green. Court figures
keep their colours.

Surfaces are cached per (card, size, colour scheme) in a small LRU: two sizes of the whole
deck. A resize just asks for the new size; the old surfaces fall out (``clear()`` drops them
at once). Rasterising is lazy: only the cards asked for are drawn.
"""

from __future__ import annotations

import io
import re
from collections import OrderedDict

import pygame

from crescent import resources
from crescent.rules.cards import CLUBS, DIAMONDS, card_text, suit_of

ART_WIDTH = 224.22508
ART_HEIGHT = 312.80777
ART_ASPECT = ART_WIDTH / ART_HEIGHT
"""Width over height of the art: a layout that keeps it gets undistorted cards."""
CORNER = 10.63 / ART_WIDTH
"""Corner radius of the art as a fraction of the card's width."""

FOUR_COLOUR: dict[int, str] = {DIAMONDS: "#1565c0", CLUBS: "#2e7d32"}
"""Pip and index colour by suit in the four-colour deck (spades and hearts keep theirs)."""

CACHE_LIMIT = 2 * 53
"""Card surfaces kept: two sizes of the 52 faces and the back."""
SHADOW_LIMIT = 8
SHADOW_ALPHA = 110

BACK = "back"

_ROOT = re.compile(r"<svg\b[^>]*>")
_SIZE_ATTR = re.compile(r'\s(?:width|height)="[^"]*"')
_PIP_FILL = re.compile(r'(<path class="pip" fill=")#[0-9a-fA-F]{6}(")')


def corner_radius(width: int) -> int:
    """The rounding of a card ``width`` pixels wide, in whole pixels."""
    return max(1, round(width * CORNER))


def sized_svg(svg: str, size: tuple[int, int]) -> bytes:
    """``svg`` with its root ``width``/``height`` set to ``size``.

    The shipped art has a ``viewBox`` and ``preserveAspectRatio="none"``, so the drawing then
    fills exactly ``size`` pixels (SDL_image otherwise keeps the file's own aspect ratio and
    may return a smaller surface than asked).
    """
    m = _ROOT.search(svg)
    if m is None:
        raise ValueError("not an SVG document: no <svg> element")
    tag = _SIZE_ATTR.sub("", m.group(0))
    tag = tag[:4] + f' width="{size[0]}" height="{size[1]}"' + tag[4:]
    return (svg[: m.start()] + tag + svg[m.end() :]).encode("utf-8")


def recoloured(svg: str, colour: str) -> str:
    """``svg`` with every pip and index filled with ``colour`` (``"#rrggbb"``)."""
    return _PIP_FILL.sub(lambda m: m.group(1) + colour + m.group(2), svg)


def _check_size(size: tuple[int, int]) -> tuple[int, int]:
    w, h = int(size[0]), int(size[1])
    if w < 1 or h < 1:
        raise ValueError(f"a card must be at least 1x1 pixels, not {size[0]}x{size[1]}")
    return w, h


def _for_display(surface: pygame.Surface) -> pygame.Surface:
    """The fastest surface to blit: converted when a display exists, as is otherwise."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


def rasterise(svg: str, size: tuple[int, int]) -> pygame.Surface:
    """The SVG document ``svg`` drawn at exactly ``size`` pixels, with alpha."""
    w, h = _check_size(size)
    surface = pygame.image.load_sized_svg(io.BytesIO(sized_svg(svg, (w, h))), (w, h))
    if surface.get_size() != (w, h):  # never seen; kept exact without scaling if it happens
        exact = pygame.Surface((w, h), pygame.SRCALPHA)
        exact.blit(surface, (0, 0))
        surface = exact
    return surface


class CardArt:
    """The deck's pictures: ``face(card, size)``, ``back(size)``, ``shadow(size, radius)``."""

    def __init__(self, four_colour: bool = False) -> None:
        self._four_colour = four_colour
        self._svg: dict[str, str] = {}
        self._cache: OrderedDict[tuple[str, int, int, str], pygame.Surface] = OrderedDict()
        self._shadows: OrderedDict[tuple[int, int, int], pygame.Surface] = OrderedDict()

    @property
    def four_colour(self) -> bool:
        return self._four_colour

    def set_four_colour(self, on: bool) -> None:
        """Diamonds blue and clubs green (on), or the usual red and black (off)."""
        self._four_colour = bool(on)

    def face(self, card: int, size: tuple[int, int]) -> pygame.Surface:
        """The face of ``card`` (0..51, as in :mod:`crescent.rules.cards`) at exactly ``size``."""
        if not 0 <= card < 52:
            raise ValueError(f"{card!r} is not a card: cards are 0..51")
        colour = FOUR_COLOUR.get(suit_of(card), "") if self._four_colour else ""
        return self._get(card_text(card), size, colour)

    def back(self, size: tuple[int, int]) -> pygame.Surface:
        """The back of a card, for face-down cards, at exactly ``size``."""
        return self._get(BACK, size, "")

    def shadow(self, size: tuple[int, int], radius: int) -> pygame.Surface:
        """A soft shadow for a card of ``size``, blurred over ``radius`` pixels.

        The surface is ``radius`` pixels larger than the card on every side: blit it at the
        card's top-left minus ``(radius, radius)``, plus any offset (a few pixels down looks
        like light from above), before the card itself.
        """
        w, h = _check_size(size)
        r = max(0, int(radius))
        key = (w, h, r)
        surface = self._shadows.get(key)
        if surface is None:
            surface = pygame.Surface((w + 2 * r, h + 2 * r), pygame.SRCALPHA)
            surface.fill((0, 0, 0, 0))
            pygame.draw.rect(
                surface,
                (0, 0, 0, SHADOW_ALPHA),
                pygame.Rect(r, r, w, h),
                border_radius=corner_radius(w),
            )
            # Three box blurs of a third of the radius each: close to a gaussian, and the
            # spread (at most ``r``) stays inside the margin, so no edge is cut off.
            step = r // 3
            for _ in range(3 if step else 0):
                surface = pygame.transform.box_blur(surface, step, repeat_edge_pixels=False)
            surface = _for_display(surface)
            self._shadows[key] = surface
            while len(self._shadows) > SHADOW_LIMIT:
                self._shadows.popitem(last=False)
        else:
            self._shadows.move_to_end(key)
        return surface

    def clear(self) -> None:
        """Drop every cached surface (the SVG text stays: it does not depend on size)."""
        self._cache.clear()
        self._shadows.clear()

    def cached(self) -> int:
        """How many card surfaces are cached (for tests and diagnostics)."""
        return len(self._cache) + len(self._shadows)

    def _get(self, name: str, size: tuple[int, int], colour: str) -> pygame.Surface:
        w, h = _check_size(size)
        key = (name, w, h, colour)
        surface = self._cache.get(key)
        if surface is not None:
            self._cache.move_to_end(key)
            return surface
        svg = self._svg.get(name)
        if svg is None:
            svg = resources.read_text(f"cards/{name}.svg")
            self._svg[name] = svg
        if colour:
            svg = recoloured(svg, colour)
        surface = _for_display(rasterise(svg, (w, h)))
        self._cache[key] = surface
        while len(self._cache) > CACHE_LIMIT:
            self._cache.popitem(last=False)
        return surface
