"""Drawing helpers: fonts that fit text, the felt, buttons and panels."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from functools import cache

import pygame

from crescent import resources, themes
from crescent.themes import Theme
from crescent.ui.lru import Lru

Color = tuple[int, int, int] | tuple[int, int, int, int]
Action = Callable[[], None]
"""What a button does when pressed."""

_DEFAULT = themes.THEMES[themes.DEFAULT_THEME]
# The default theme's colours by their old names (what tests and tools compare with);
# drawing takes the theme it is given (the app's: ``Kit.theme``).
FELT_CENTRE = _DEFAULT.felt_centre
FELT_EDGE = _DEFAULT.felt_edge
INK = _DEFAULT.ink
INK_DIM = _DEFAULT.ink_dim
INK_DISABLED = _DEFAULT.ink_disabled
HUD_BG = _DEFAULT.hud_bg
BUTTON_BG = _DEFAULT.button_bg
BUTTON_HOT = _DEFAULT.button_hot
BUTTON_DISABLED = _DEFAULT.button_disabled
BUTTON_EDGE = _DEFAULT.button_edge
GOLD = _DEFAULT.gold
DEST = _DEFAULT.dest
HINT = _DEFAULT.hint
FOCUS = _DEFAULT.focus
WARNING = _DEFAULT.warning
"""The time left in the last minute of a level."""
REFUSE = _DEFAULT.refuse
LABEL_BG = _DEFAULT.label_bg
"""Behind a place's label: its text stays above 4.5:1 contrast on any felt or band."""
ROW_UP = _DEFAULT.row_up
"""Behind the climbing foundations (A→K): a light band."""
ROW_DOWN = _DEFAULT.row_down
"""Behind the falling foundations (K→A): a dark band."""
PANEL_BG = (248, 246, 238)
PANEL_INK = (30, 40, 34)
PANEL_ERROR = (176, 32, 24)
"""What went wrong (a bad game code), apart from the instructions: 6.3:1 on the panel."""
PANEL_BUTTON = (30, 96, 64)
PANEL_BUTTON_INK = (250, 250, 245)


MIN_PX = 11
"""The smallest text size anything shrinks to."""


class Fonts:
    """Fonts by pixel size for one font file, cached, with fitting helpers."""

    def __init__(self, asset: str | None, bold_asset: str | None = None) -> None:
        self.asset = asset
        self.bold_asset = bold_asset
        self._cache: Lru[tuple[int, bool], pygame.font.Font] = Lru(48)

    def get(self, px: int, bold: bool = False) -> pygame.font.Font:
        px = max(6, int(px))
        key = (px, bold)
        font = self._cache.hit(key)
        if font is None:
            name = self.bold_asset if bold and self.bold_asset else self.asset
            path = str(resources.path(name)) if name else None
            font = pygame.font.Font(path, px)
            if bold and not self.bold_asset:
                font.bold = True
            self._cache.keep(key, font)
        return font

    def fit(
        self, text: str, max_w: int, px: int, bold: bool = False, min_px: int = MIN_PX
    ) -> pygame.font.Font:
        """The largest font of at most ``px`` in which ``text`` fits ``max_w``."""
        size = px
        while size > min_px:
            font = self.get(size, bold)
            if font.size(text)[0] <= max_w:
                return font
            size -= max(1, size // 12)
        return self.get(min_px, bold)

    def wrap(
        self,
        text: str,
        max_w: int,
        px: int,
        max_lines: int,
        bold: bool = False,
        max_h: int | None = None,
    ) -> tuple[pygame.font.Font, list[str]]:
        """Wrap ``text`` into at most ``max_lines`` lines of ``max_w`` (and, given
        ``max_h``, no taller than that), shrinking the font as needed."""
        size = px
        while True:
            font = self.get(size, bold)
            lines = _wrap(font, text, max_w)
            fits = len(lines) <= max_lines and all(font.size(ln)[0] <= max_w for ln in lines)
            if fits and max_h is not None:
                fits = font.get_linesize() * len(lines) <= max_h
            if fits or size <= MIN_PX:
                return font, lines
            size -= max(1, size // 12)


def _wrap(font: pygame.font.Font, text: str, max_w: int) -> list[str]:
    """Lines of at most ``max_w``, balanced: as even as the same number of lines
    allows, so no line is left with one short word ("This position cannot be" /
    "won.")."""
    lines = _greedy_wrap(font, text, max_w)
    if len(lines) < 2 or "\n" in text:
        return lines
    lo, hi = 1, max_w
    while lo < hi:  # the narrowest width that needs no more lines
        mid = (lo + hi) // 2
        if len(_greedy_wrap(font, text, mid)) <= len(lines):
            hi = mid
        else:
            lo = mid + 1
    return _greedy_wrap(font, text, lo)


def _tokens(para: str) -> tuple[list[str], str]:
    """The unbreakable pieces of a paragraph and what joins them.

    Japanese has no spaces: it may break between any two characters, but a run
    of Latin letters, digits and dashes (a game code, "CR1-N-AAAAAAB") stays whole.
    Other scripts break only at spaces (a long word shrinks instead). A number never
    starts a line: it stays with the word before it ("Pile 8", "山8", "Level 1:").
    """
    if not any(ord(ch) >= 0x3000 for ch in para):
        return _numbers_kept(para.split(" "), " "), " "
    pieces: list[str] = []
    for ch in para:
        if pieces and ch.isascii() and (ch.isalnum() or ch in "-_.") and _latin(pieces[-1]):
            pieces[-1] += ch
        else:
            pieces.append(ch)
    return _numbers_kept(pieces, ""), ""


def _numbers_kept(pieces: list[str], joiner: str) -> list[str]:
    """``pieces`` with each one that starts with a digit joined to the one before."""
    kept: list[str] = []
    for piece in pieces:
        if kept and piece[:1].isdigit():
            kept[-1] = f"{kept[-1]}{joiner}{piece}"
        else:
            kept.append(piece)
    return kept


def _latin(piece: str) -> bool:
    return piece[-1].isascii() and (piece[-1].isalnum() or piece[-1] in "-_.")


def _greedy_wrap(font: pygame.font.Font, text: str, max_w: int) -> list[str]:
    lines: list[str] = []
    for para in text.split("\n"):
        words, joiner = _tokens(para)
        line = ""
        for w in words:
            trial = f"{line}{joiner}{w}" if line else w
            if font.size(trial)[0] <= max_w or not line:
                line = trial
            else:
                lines.append(line)
                line = w
        lines.append(line)
    return lines


class FeltMaker:
    """A felt of ``size`` made by a thread (mostly pygame scaling, partly with the
    interpreter let go, and a fresh 8 MB to map at 1920x1080) while the caller goes on.
    :meth:`take` waits for it. The thread only scales: nothing it does needs the display,
    which may close before it is done."""

    def __init__(self, size: tuple[int, int], theme: Theme) -> None:
        self.size = size
        self._made: pygame.Surface | pygame.error | MemoryError | ValueError | None = None
        self._thread = threading.Thread(
            target=self._make, args=(_felt_source(theme), size), name="crescent-felt", daemon=True
        )
        self._thread.start()

    def _make(self, small: pygame.Surface, size: tuple[int, int]) -> None:
        try:
            self._made = _scaled(small, size)
        except (pygame.error, MemoryError, ValueError) as e:  # raised again by take()
            self._made = e

    def done(self) -> bool:
        return not self._thread.is_alive()

    def take(self) -> pygame.Surface:
        self._thread.join()
        made = self._made
        if isinstance(made, pygame.error | MemoryError | ValueError):
            raise made
        assert made is not None
        return made


def felt(size: tuple[int, int], theme: Theme) -> pygame.Surface:
    """The ``theme``'s felt: a soft radial gradient, with a faint grain."""
    return _scaled(_felt_source(theme), size)


def felt_into(surface: pygame.Surface, theme: Theme) -> None:
    """Cover ``surface`` with the felt (the same pixels as :func:`felt` of its size),
    scaled straight into it when it has the display's format: no full-window surface to
    make."""
    small = _felt_source(theme)
    if small.get_bitsize() == surface.get_bitsize() and small.get_masks() == surface.get_masks():
        pygame.transform.smoothscale(small, surface.get_size(), surface)
    else:
        surface.blit(felt(surface.get_size(), theme), (0, 0))


def _felt_source(theme: Theme) -> pygame.Surface:
    """The felt's gradient, small; in the display's format when there is one: scaled in
    that format, the same picture comes three times faster."""
    t = theme
    small = pygame.image.frombytes(_felt_pixels(t.felt_centre, t.felt_edge), (48, 48), "RGB")
    return small.convert() if pygame.display.get_surface() is not None else small


def _scaled(small: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    return pygame.transform.smoothscale(small, (max(1, size[0]), max(1, size[1])))


def window_icon(size: int = 64) -> pygame.Surface:
    """The window's icon: a card on the felt with a red crescent (the title bar, the task
    bar, Alt+Tab). Drawn, not loaded: set before the window opens, it also spares SDL
    loading pygame's own icon through ``importlib.resources``."""
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    icon.fill((0, 0, 0, 0))
    pygame.draw.rect(icon, FELT_CENTRE, icon.get_rect(), border_radius=size // 6)
    card = pygame.Rect(0, 0, size * 9 // 16, size * 3 // 4)
    card.center = (size // 2, size // 2)
    pygame.draw.rect(icon, (252, 250, 244), card, border_radius=max(2, size // 14))
    # A crescent: a red disc with a white one bitten out of its upper right.
    r = size * 7 // 32
    cx, cy = card.centerx - size // 32, card.centery
    pygame.draw.circle(icon, (200, 30, 40), (cx, cy), r)
    pygame.draw.circle(icon, (252, 250, 244), (cx + r * 9 // 20, cy - r * 5 // 20), r * 17 // 20)
    return icon


@cache
def _felt_pixels(centre: tuple[int, int, int], edge: tuple[int, int, int]) -> bytes:
    """The felt's 48x48 gradient from ``centre`` to ``edge``, RGB. Rows are symmetric
    about the centre column, and about row 21.5: rows y and 43 - y are alike, each
    computed once."""
    (r0, g0, b0), (r1, g1, b1) = centre, edge
    rows: dict[int, bytes] = {}
    for y in range(48):
        mirror = 43 - y
        if 0 <= mirror < y:
            rows[y] = rows[mirror]
            continue
        dy = (y - 21.5) / 26
        dy2 = dy * dy
        left: list[bytes] = []
        for x in range(24):
            dx = (x - 23.5) / 24
            t = min(1.0, (dx * dx + dy2) ** 0.5 / 1.25)
            t = t * t * (3 - 2 * t)
            left.append(
                bytes((int(r0 + (r1 - r0) * t), int(g0 + (g1 - g0) * t), int(b0 + (b1 - b0) * t)))
            )
        rows[y] = b"".join(left) + b"".join(reversed(left))
    return b"".join(rows[y] for y in range(48))


def dim(surface: pygame.Surface, alpha: int, area: pygame.Rect | None = None) -> None:
    """Darken ``surface`` (``area`` of it; all of it by default) as black laid over it at
    ``alpha`` (0..255) would: the table under a dialog, the kiosk's fades and night. In
    place, by multiplying: no full-screen layer to make (8 MB at 1920x1080, each frame)."""
    keep = 255 - min(max(alpha, 0), 255)
    if keep < 255:
        surface.fill((keep, keep, keep), area, special_flags=pygame.BLEND_RGB_MULT)


def rounded(
    surface: pygame.Surface, rect: pygame.Rect, color: Color, radius: int, width: int = 0
) -> None:
    pygame.draw.rect(surface, color, rect, width, border_radius=max(0, radius))


def alpha_rounded(
    surface: pygame.Surface, rect: pygame.Rect, color: Color, radius: int, width: int = 0
) -> None:
    """A rounded rectangle with a translucent colour."""
    surface.blit(_translucent(rect.size, tuple(color), max(0, radius), width), rect.topleft)


_LAYERS_KEPT = 16
_LAYER_MAX_PIXELS = 100_000
"""Layers kept: at most this many pixels each (a card's at 4K), 6 MB in all at most."""
_layers: Lru[tuple[tuple[int, int], tuple[int, ...], int, int], pygame.Surface] = Lru(_LAYERS_KEPT)


def _translucent(
    size: tuple[int, int], color: tuple[int, ...], radius: int, width: int
) -> pygame.Surface:
    """The layer :func:`alpha_rounded` blits. Small ones are made once and kept: a frame
    draws a few sizes many times over (24 labels on the same few pills, the slots'
    backgrounds); a large one (a band, a dialog's box, perhaps pulsing) is made each time."""
    key = (size, color, radius, width)
    layer = _layers.hit(key)
    if layer is None:
        layer = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(layer, color, layer.get_rect(), width, border_radius=radius)
        if size[0] * size[1] <= _LAYER_MAX_PIXELS:
            _layers.keep(key, layer)
    return layer


def outline_card(surface: pygame.Surface, rect: pygame.Rect, radius: int, theme: Theme) -> None:
    """The ``theme``'s thick outline round a card at ``rect`` (rounded by ``radius``): outside
    the card but for one pixel over its own edge line, so the corner index, two or three
    per cent of a width in, keeps the white between them (drawn all inside, the outline
    ran into the "1" of a "10"). Nothing in a theme without one."""
    t = theme
    if t.outline:
        width = max(2, round(rect.w * t.outline / 100))
        out = width - 1
        pygame.draw.rect(
            surface, t.outline_colour, rect.inflate(2 * out, 2 * out), width, radius + out
        )


def text_centered(
    surface: pygame.Surface,
    font: pygame.font.Font,
    text: str,
    center: tuple[int, int],
    color: Color,
) -> pygame.Rect:
    img = font.render(text, True, color)
    r = img.get_rect(center=center)
    surface.blit(img, r)
    return r


class Button:
    """A tappable rectangle with a label; ``action`` is what pressing it does."""

    __slots__ = ("action", "enabled", "label", "primary", "rect")

    def __init__(
        self,
        rect: pygame.Rect,
        label: str,
        action: Action,
        enabled: bool = True,
        primary: bool = False,
    ) -> None:
        self.rect = rect
        self.label = label
        self.action = action
        self.enabled = enabled
        self.primary = primary

    def draw(
        self, surface: pygame.Surface, fonts: Fonts, px: int, felt: Theme | None = None
    ) -> None:
        """Draw the button on a light panel, or (``felt``: the theme of the table under
        it) in that theme's colours."""
        radius = max(6, self.rect.h // 5)
        if felt is None:
            bg: Color = PANEL_BUTTON if self.primary else (226, 232, 224)
            ink: Color = PANEL_BUTTON_INK if self.primary else PANEL_INK
            if not self.enabled:
                bg, ink = (224, 224, 220), (150, 150, 150)
        else:
            t = felt
            bg = t.button_bg if self.enabled else t.button_disabled
            ink = t.ink if self.enabled else t.ink_disabled
        rounded(surface, self.rect, bg, radius)
        if felt is not None:
            t = felt
            edge = t.button_edge if self.enabled else t.button_edge_disabled
            rounded(surface, self.rect, edge, radius, max(1, round(t.ring_scale)))
        font, lines = fonts.wrap(self.label, self.rect.w - 12, px, 2, max_h=self.rect.h - 4)
        lh = font.get_linesize()
        y = self.rect.centery - lh * len(lines) // 2 + lh // 2
        for ln in lines:
            text_centered(surface, font, ln, (self.rect.centerx, y), ink)
            y += lh


class TabButton(Button):
    """A tab: the open one (``primary``) dark with a gold edge, the others light; drawn the
    same on a dialog's panel and on the rules' dark bar (one tab style everywhere)."""

    __slots__ = ()

    def draw(
        self, surface: pygame.Surface, fonts: Fonts, px: int, felt: Theme | None = None
    ) -> None:
        super().draw(surface, fonts, px)  # the panel's colours, whatever is under it
        if self.primary:
            rounded(surface, self.rect, GOLD, max(6, self.rect.h // 5), 2)


def hit(buttons: list[Button], pos: tuple[float, float]) -> Button | None:
    for b in buttons:
        if b.enabled and b.rect.collidepoint(pos):
            return b
    return None


def place_label(
    surface: pygame.Surface,
    fonts: Fonts,
    area: pygame.Rect,
    px: int,
    texts: Sequence[str],
    theme: Theme,
    colour: tuple[int, int, int] | None = None,
) -> pygame.Rect | None:
    """A place's label ("F1 ↑ · 5") centred in ``area`` on its dark pill (AA contrast
    on any felt or band), shrunk to fit but never under :data:`MIN_PX`: the first of
    ``texts`` (its forms, longest first) that fits ``area``'s width; none if none does.
    Where it was drawn (None: nowhere)."""
    for text in texts:
        font = fonts.fit(text, area.w, px, bold=True, min_px=MIN_PX)
        tw, th = font.size(text)
        if tw <= area.w:
            break
    else:
        return None
    pill = pygame.Rect(0, 0, min(area.w, tw + 8), min(area.h, th))
    pill.center = area.center
    t = theme
    alpha_rounded(surface, pill, t.label_bg, pill.h // 2)
    text_centered(surface, font, text, pill.center, t.ink if colour is None else colour)
    return pill
