"""The table's themes and the card backs: their names and colours, once (standard library
only, nothing at import time).

The names are what the settings save, what ``--theme`` and the kiosk config's ``theme``
key accept (and ``--help`` lists); the colours are what :mod:`crescent.ui.render` draws
the felt, the HUD, the labels and the highlights with. The dialogs' light panels are the
same in every theme (dark ink on near-white, over 12:1).

A theme's text colours meet WCAG 2 AA (4.5:1) on every background they are drawn on;
the high-contrast theme meets AAA (7:1) and draws thick outlines (``tests/test_themes.py``
computes each pair).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

__all__ = ["BACKS", "DEFAULT_BACK", "DEFAULT_THEME", "THEMES", "Back", "Theme", "by_name"]

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Theme:
    """The colours of the table (RGB, or RGBA where drawn over the felt) and how thick
    its outlines are."""

    name: str
    felt_centre: RGB
    felt_edge: RGB
    ink: RGB
    """Text on the felt, the HUD and the labels."""
    ink_dim: RGB
    """A HUD cell's title (over its value)."""
    ink_disabled: RGB
    hud_bg: RGBA
    button_bg: RGB
    button_hot: RGB
    button_disabled: RGB
    button_edge: RGB
    button_edge_disabled: RGB
    gold: RGB
    """The selected card, a finished foundation and its label."""
    dest: RGB
    """Where the selected card may go."""
    hint: RGB
    focus: RGB
    """The keyboard's focus ring."""
    warning: RGB
    """The time left in the last minute of a level."""
    refuse: RGB
    label_bg: RGBA
    """Behind a place's label."""
    row_up: RGBA
    """Behind the climbing foundations (A→K)."""
    row_down: RGBA
    """Behind the falling foundations (K→A)."""
    slot_edge: RGB
    """An empty place's frame, and the cross of a closed one."""
    slot_cross: RGB
    message_bg: RGBA
    """Behind a sentence shown over the table."""
    outline: int = 0
    """Cards' outline in 1/100 of a card's width (0: the art's own thin line)."""
    outline_colour: RGB = (0, 0, 0)
    ring_scale: float = 1.0
    """How much thicker than usual the highlight and focus rings are."""


FELT: Final = Theme(
    name="felt",
    felt_centre=(34, 112, 74),
    felt_edge=(14, 66, 42),
    ink=(244, 241, 230),
    ink_dim=(196, 214, 200),
    ink_disabled=(150, 172, 156),
    hud_bg=(10, 42, 27, 235),
    button_bg=(32, 84, 58),
    button_hot=(36, 92, 62),
    button_disabled=(20, 58, 38),
    button_edge=(86, 150, 112),
    button_edge_disabled=(40, 80, 58),
    gold=(255, 200, 60),
    dest=(120, 230, 160),
    hint=(110, 190, 255),
    focus=(255, 255, 255),
    warning=(255, 96, 72),
    refuse=(255, 120, 100),
    label_bg=(8, 30, 20, 170),
    row_up=(170, 230, 200, 46),
    row_down=(0, 10, 30, 90),
    slot_edge=(12, 52, 34),
    slot_cross=(60, 110, 80),
    message_bg=(8, 30, 20, 215),
)
"""The green baize: the game's own look (the default)."""

OCEAN: Final = Theme(
    name="ocean",
    felt_centre=(30, 84, 128),
    felt_edge=(10, 40, 72),
    ink=(244, 244, 240),
    ink_dim=(198, 212, 230),
    ink_disabled=(150, 168, 190),
    hud_bg=(6, 24, 46, 235),
    button_bg=(28, 64, 104),
    button_hot=(34, 74, 116),
    button_disabled=(16, 40, 66),
    button_edge=(96, 146, 200),
    button_edge_disabled=(40, 64, 96),
    gold=(255, 200, 60),
    dest=(120, 230, 160),
    hint=(130, 210, 255),
    focus=(255, 255, 255),
    warning=(255, 110, 90),
    refuse=(255, 130, 110),
    label_bg=(4, 18, 36, 175),
    row_up=(170, 210, 245, 46),
    row_down=(0, 6, 30, 90),
    slot_edge=(10, 40, 70),
    slot_cross=(70, 110, 150),
    message_bg=(4, 18, 36, 215),
)
"""A deep blue table."""

CLARET: Final = Theme(
    name="claret",
    felt_centre=(120, 34, 50),
    felt_edge=(62, 14, 26),
    ink=(248, 242, 236),
    ink_dim=(232, 206, 208),
    ink_disabled=(186, 150, 156),
    hud_bg=(40, 8, 16, 235),
    button_bg=(92, 30, 44),
    button_hot=(106, 36, 52),
    button_disabled=(60, 20, 30),
    button_edge=(190, 110, 124),
    button_edge_disabled=(96, 48, 58),
    gold=(255, 208, 80),
    dest=(140, 240, 170),
    hint=(140, 210, 255),
    focus=(255, 255, 255),
    warning=(255, 150, 120),
    refuse=(255, 150, 130),
    label_bg=(30, 4, 10, 185),
    row_up=(255, 200, 210, 40),
    row_down=(20, 0, 6, 90),
    slot_edge=(60, 12, 24),
    slot_cross=(150, 80, 96),
    message_bg=(30, 4, 10, 215),
)
"""A wine-red table."""

CONTRAST: Final = Theme(
    name="contrast",
    felt_centre=(0, 0, 0),
    felt_edge=(0, 0, 0),
    ink=(255, 255, 255),
    ink_dim=(235, 235, 235),
    ink_disabled=(176, 176, 176),
    hud_bg=(0, 0, 0, 255),
    button_bg=(0, 0, 0),
    button_hot=(28, 28, 28),
    button_disabled=(0, 0, 0),
    button_edge=(255, 255, 255),
    button_edge_disabled=(128, 128, 128),
    gold=(255, 230, 0),
    dest=(0, 255, 120),
    hint=(0, 220, 255),
    focus=(255, 255, 255),
    warning=(255, 150, 150),
    refuse=(255, 150, 150),
    label_bg=(0, 0, 0, 255),
    row_up=(255, 255, 255, 48),
    row_down=(0, 0, 0, 0),
    slot_edge=(255, 255, 255),
    slot_cross=(200, 200, 200),
    message_bg=(0, 0, 0, 255),
    outline=3,
    outline_colour=(0, 0, 0),
    ring_scale=1.8,
)
"""High contrast: black felt, white text (AAA, 7:1 and more), thick outlines and rings."""

THEMES: Final[dict[str, Theme]] = {t.name: t for t in (FELT, OCEAN, CLARET, CONTRAST)}
"""Every theme by name, in the order Settings offers them."""
DEFAULT_THEME: Final = FELT.name
HIGH_CONTRAST: Final = CONTRAST.name


def by_name(name: str) -> Theme:
    """The theme called ``name``; the default for a name this version does not know."""
    return THEMES.get(name, FELT)


@dataclass(frozen=True, slots=True)
class Back:
    """A card back: the shipped lattice (``assets/cards/back.svg``) in other colours."""

    name: str
    colours: tuple[tuple[str, str], ...] = ()
    """(colour in the art, colour drawn) pairs, ``#rrggbb``; none: the art as it is."""


_ART_NAVY, _ART_LINE, _ART_MID, _ART_PALE = "#1c3166", "#2a4585", "#6f8cc7", "#c3d0ec"


def _lattice(navy: str, line: str, mid: str, pale: str) -> tuple[tuple[str, str], ...]:
    return ((_ART_NAVY, navy), (_ART_LINE, line), (_ART_MID, mid), (_ART_PALE, pale))


BACKS: Final[dict[str, Back]] = {
    b.name: b
    for b in (
        Back("blue"),
        Back("red", _lattice("#7a1424", "#962436", "#d27886", "#f0c8ce")),
        Back("green", _lattice("#17472c", "#22603c", "#6fb48a", "#c6e6d0")),
        Back("black", _lattice("#000000", "#3a3a3a", "#8a8a8a", "#ffffff")),
    )
}
"""Every card back by name, in the order Settings offers them."""
DEFAULT_BACK: Final = "blue"
