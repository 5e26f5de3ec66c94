"""The table's picture, drawn only where it changed (dirty rectangles).

Each slot (a pile or a foundation) and each HUD cell has an appearance key
(:class:`SlotLook`, :class:`crescent.ui.hud.HudLook`); a frame redraws, on a
base picture kept between frames, only the slots and cells whose key changed,
then the moving cards and the message over it, and sends only those regions to
the display. Drawing reads the game and the scene's state and changes neither.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import NamedTuple, Protocol

import pygame

from crescent.control.anim import Animations
from crescent.control.assist import PlayableCache
from crescent.control.explain import ROW_TAGS, complete, place_labels
from crescent.control.input import PLACES, Controller
from crescent.control.layout import MAX_EDGES, edge_step
from crescent.rules.engine import PILES, Game, Move
from crescent.rules.modes import HudItem
from crescent.ui import hud, render
from crescent.ui.cards import corner_radius, draw_back_bands
from crescent.ui.fan_view import draw_fan
from crescent.ui.hud import Aids, HudLook, HudSource
from crescent.ui.marks import draw_playable_mark
from crescent.ui.parts.banner import draw_banner
from crescent.ui.parts.winnable import draw_marker
from crescent.ui.scene import Host, Kit


class SlotLook(NamedTuple):
    """Everything a slot's picture depends on: redraw it when this changes."""

    card: int | None
    down: bool
    size: int
    selected: bool
    dest: bool
    hinted: bool
    focused: bool
    closed: bool = True
    """An empty pile here takes no card (drawn crossed); levels 1-3 of the levels game open it."""
    edges: int = 0
    """Face-down cards under the shown one (face-down deal): drawn as back edges above it
    (not in the whole-piles view, which shows each card)."""
    playable: bool = False
    """Marked by "Show playable cards"."""
    under: tuple[int, ...] = ()
    """"Show whole piles": the cards under the top card, bottom first."""
    under_down: int = 0
    """...of which this many, at the bottom, lie face down."""
    marked: bool = False
    """A card just went here, and cards do not fly (Settings, Animation: None)."""


class TableState(HudSource, Protocol):
    """What the table's picture shows, kept by the table scene (or the attract loop's demo,
    or a replay)."""

    @property
    def changes(self) -> int:
        """A count that goes up whenever the table shown changes."""
        ...

    @property
    def controller(self) -> Controller:
        """The selection, the drag, the keyboard's focus."""
        ...

    @property
    def anims(self) -> Animations: ...


class Over(Protocol):
    """Something drawn over the table's cards every frame (the attract loop's caption)."""

    def rect(self) -> pygame.Rect:
        """Where it is drawn (that region is drawn again each frame)."""
        ...

    def draw(self, surface: pygame.Surface) -> None: ...


class TableView:
    """The table's picture (what :class:`crescent.ui.table.TableScene` draws): reads the
    ``state`` and the ``host``, changes neither."""

    def __init__(
        self,
        host: Host,
        state: TableState,
        kit: Kit | None = None,
        cells: Callable[[HudItem], HudLook] | None = None,
        over: Sequence[Over] = (),
    ) -> None:
        """``kit``: what it draws with (the host's, unless the table is laid out in a
        window of its own); ``cells``: what each HUD cell shows (the HUD's looks of the
        ``state``, unless given); ``over``: what is drawn over the cards, every frame."""
        self.host = host
        self.state = state
        self.kit = kit if kit is not None else host.kit
        self.cells = cells if cells is not None else self._cell
        self.over = over
        self.aids = Aids()
        """What the aids showed when this frame began (see :meth:`draw`)."""
        self.base: pygame.Surface | None = None
        self._slot_keys: list[SlotLook | None] = [None] * PLACES
        self._hud_keys: list[HudLook | None] = []
        self._transient: list[pygame.Rect] = []
        self._last_signature: tuple[object, ...] = ()
        self._playable = PlayableCache()
        self._felt: pygame.Surface | None = None
        """The clean felt (see :meth:`_clean_felt`), once made."""
        self._marker: tuple[str, tuple[int, int, int]] | None = None
        """The "Still winnable?" line drawn on the base (see _redraw_marker)."""
        self._clean: render.FeltMaker | None = None
        """The clean felt being made by a thread (perhaps for a size since left)."""
        self._base_on_screen = False
        """The base was drawn straight on the screen (``base`` is the screen) this frame."""

    @property
    def game(self) -> Game:
        return self.state.game

    def forget(self) -> None:
        """Drop the pictures kept (the base, the clean felt, one being made): the next
        frame draws the whole table anew, in the theme and card art of that moment."""
        self.base = None
        self._felt = None
        self._clean = None

    @property
    def hud_items(self) -> tuple[HudItem, ...]:
        """The HUD cells shown, in order (the mode of the game declares them)."""
        return self.kit.hud_items

    def _hidden(self, place: int) -> int:
        n = self.state.anims.landing_on(place)
        d = self.state.controller.drag
        if d is not None and d.active and d.src == place:
            n += 1
        return n

    def _highlights(self) -> tuple[int | None, set[int], set[int]]:
        sel = self.state.controller.selected
        dests: set[int] = set()
        if sel is not None:
            dests = set(self.state.controller.destinations(self.game, sel))
        hint: set[int] = set()
        shown = self.aids.hint
        step = shown.step if shown is not None else None
        if isinstance(step, Move):
            hint = {step.src, step.dst}
        d = self.state.controller.drag
        if d is not None and d.active:
            dests = set(self.state.controller.destinations(self.game, d.src))
        return sel, dests, hint

    def _slot_key(
        self,
        place: int,
        game: Game,
        highlights: tuple[int | None, set[int], set[int]],
        playable: frozenset[int],
    ) -> SlotLook:
        """The look of ``place`` this frame (``highlights`` and ``playable``: the frame's,
        read once for all the places)."""
        sel, dests, hint = highlights
        hidden = self._hidden(place)
        under: tuple[int, ...] = ()
        if place < PILES:
            pile = game.piles[place]
            idx = len(pile) - 1 - hidden
            top = pile[idx] if idx >= 0 else None
            down = idx >= 0 and idx < game.down[place]
            edges = min(game.down[place], max(idx, 0))
            count = len(pile)
            if self.kit.fan is not None and idx > 0:
                under = tuple(pile[:idx])
                edges = 0
        else:
            found = game.foundations[place - PILES]
            idx = len(found) - 1 - hidden
            top = found[max(idx, 0)]
            down = False
            edges = 0
            count = len(found)
        return SlotLook(
            top,
            down,
            count,
            place == sel,
            place in dests,
            place in hint,
            place == self.state.controller.focus and self.state.controller.focus_visible,
            not game.rules.empty_piles_accept,
            edges,
            place in playable and hidden == 0,
            under,
            min(game.down[place], len(under)) if under else 0,
            place in self.state.anims.marks,
        )

    def _playable_places(self) -> frozenset[int]:
        """The places "Show playable cards" marks (none when it is off)."""
        return self._playable.get(self.game, self.state.changes, self.aids.playable)

    def _shadow_margin(self) -> int:
        """How far a lifted card's shadow reaches beyond the card (see _draw_card)."""
        w = self.kit.layout.card_w
        return max(4, w // 14) + 2 * max(3, w // 16) + 4

    def _region(self, place: int) -> pygame.Rect:
        lay = self.kit.layout
        fan = self.kit.fan
        s = fan.areas[place] if fan is not None and place < PILES else lay.slots[place]
        lab = lay.labels[place]
        m = max(6, lay.card_w // 8)
        r = pygame.Rect(s.x - m, s.y - m, s.w + 2 * m, s.h + 2 * m)
        if place < PILES:
            r.union_ip(pygame.Rect(s.x, s.y, s.w, s.h).move(0, -MAX_EDGES * self._edge_step()))
        r.union_ip(self._focus_ring(place).inflate(2, 2))
        return r.union(pygame.Rect(lab.x, lab.y, lab.w, lab.h))

    def _focus_ring(self, place: int) -> pygame.Rect:
        lay = self.kit.layout
        s, lab = lay.slots[place], lay.labels[place]
        m = max(3, min(lay.card_w // 10, 8))
        r = pygame.Rect(s.x, s.y, s.w, s.h).union(pygame.Rect(lab.x, lab.y, lab.w, lab.h))
        return r.inflate(2 * m, 2 * m)

    def _edge_step(self) -> int:
        """How far apart the back edges of face-down cards show above a pile."""
        return edge_step(self.kit.layout.card_w)

    def _bands_fit(self, place: int, step: int) -> int:
        """How many bands of card backs fit above ``place`` without covering the label of
        the place above it (rows are close in a small window; the label keeps the count)."""
        lay = self.kit.layout
        if self.kit.fan is not None:
            return MAX_EDGES
        s = lay.slots[place]
        floor = 0
        for q, lab in enumerate(lay.labels):
            if q != place and lab.x < s.x + s.w and s.x < lab.x + lab.w and lab.y + lab.h <= s.y:
                floor = max(floor, lab.y + lab.h)
        return max(0, (s.y - floor - 1) // step)

    def _draw_slot(self, surf: pygame.Surface, place: int, key: SlotLook) -> None:
        kit = self.kit
        lay = kit.layout
        s = lay.slots[place]
        rect = pygame.Rect(s.x, s.y, s.w, s.h)
        top, down, count, closed = key.card, key.down, key.size, key.closed
        edges, playable, under, under_down = key[8:12]
        if under and kit.fan is not None:
            rect = draw_fan(surf, kit.art, kit.fan, place, under, under_down, kit.theme)
        radius = max(4, lay.card_w // 14)
        step = self._edge_step()
        if edges:
            bands = min(edges, MAX_EDGES, self._bands_fit(place, step))
            draw_back_bands(surf, kit.art.back(rect.size), rect, bands, step)
        if top is None:
            self._draw_empty(surf, rect, radius, count == 0 and closed)
        else:
            shadow = kit.art.shadow(rect.size, radius)
            off = max(2, lay.card_w // 30)
            surf.blit(shadow, shadow.get_rect(center=(rect.centerx + off // 2, rect.centery + off)))
            img = kit.art.back(rect.size) if down else kit.art.face(top, rect.size)
            surf.blit(img, rect)
            render.outline_card(surf, rect, corner_radius(rect.w), self.kit.theme)
        if playable and top is not None:
            draw_playable_mark(surf, rect, kit.theme)
        self._draw_rings(surf, place, rect, key)
        lab = lay.labels[place]
        area = pygame.Rect(lab.x, lab.y, lab.w, lab.h)
        t = self.kit.theme
        colour = t.gold if complete(place, count) else t.ink
        text = place_labels(place, count, kit.tr.place_tag(place))
        render.place_label(surf, kit.fonts, area, lay.label_px, text, kit.theme, colour)

    def _draw_rings(
        self, surf: pygame.Surface, place: int, rect: pygame.Rect, key: SlotLook
    ) -> None:
        """The highlights round a place: where the selected card may go, the hint, the
        selection, a finished foundation, the keyboard's focus (thicker in a theme with
        a :attr:`~crescent.themes.Theme.ring_scale`)."""
        t = self.kit.theme
        card_w = self.kit.layout.card_w
        radius = max(4, card_w // 14)
        width = max(3, round(card_w // 22 * t.ring_scale))
        pad = width + 1
        ring = rect.inflate(2 * pad, 2 * pad)
        if key.dest or key.marked:
            render.alpha_rounded(surf, rect, (*t.dest, 60), radius)
            render.rounded(surf, ring, t.dest, radius + pad, width)
        if key.hinted:
            render.rounded(surf, ring, t.hint, radius + pad, width)
        if key.selected or complete(place, key.size):
            # The selection; a finished foundation: a gold frame (and its label in gold).
            render.rounded(surf, ring, t.gold, radius + pad, width + 1)
        if key.focused:
            # Around the card and its label: the ring never crosses the label's text.
            focus = self._focus_ring(place)
            render.rounded(surf, focus, t.focus, radius + pad, max(2, round(2 * t.ring_scale)))

    def _draw_empty(
        self, surf: pygame.Surface, rect: pygame.Rect, radius: int, closed: bool
    ) -> None:
        t = self.kit.theme
        render.alpha_rounded(surf, rect, (0, 0, 0, 70), radius)
        render.rounded(surf, rect, t.slot_edge, radius, max(2, round(2 * t.ring_scale)))
        if closed:
            # A closed slot: a crossed frame says nothing can go here.
            inner = rect.inflate(-rect.w // 3, -rect.w // 3)
            c = t.slot_cross
            w = max(2, rect.w // 28)
            pygame.draw.line(surf, c, inner.topleft, inner.bottomright, w)
            pygame.draw.line(surf, c, inner.topright, inner.bottomleft, w)

    def _rebuild_base(
        self, size: tuple[int, int], onto: pygame.Surface | None = None
    ) -> pygame.Surface:
        """A new base (the felt, the HUD's background, the rows; the places are drawn by
        ``draw``): drawn straight ``onto`` the screen when given, else a surface of its own."""
        lay = self.kit.layout
        if onto is not None:
            render.felt_into(onto, self.kit.theme)
            base = onto
        else:
            base = render.felt(size, self.kit.theme)
        hud = pygame.Rect(lay.hud.x, lay.hud.y, lay.hud.w, lay.hud.h)
        self._hud_bg = pygame.Surface(hud.size)
        self._hud_bg.blit(base, (0, 0), hud)
        render.alpha_rounded(self._hud_bg, self._hud_bg.get_rect(), self.kit.theme.hud_bg, 0)
        base.blit(self._hud_bg, hud)
        self._draw_foundation_rows(base)
        # The clean felt a changed place is redrawn on is not needed by this frame, which
        # draws every place once on the new base: it is made after the frame (see shown).
        self._felt = None
        self._marker = None
        self._slot_keys = [None] * PLACES
        self._hud_keys = [None] * len(self.hud_items)
        return base

    def _clean_felt(self) -> pygame.Surface:
        """The base without cards: the felt with the HUD's background and the rows."""
        if self._felt is None:
            assert self.base is not None
            size = self.base.get_size()
            clean, self._clean = self._clean, None
            felt = (
                clean.take()
                if clean is not None and clean.size == size
                else render.felt(size, self.kit.theme)
            )
            lay = self.kit.layout
            felt.blit(self._hud_bg, (lay.hud.x, lay.hud.y))
            self._draw_foundation_rows(felt)
            self._felt = felt
        return self._felt

    def _draw_foundation_rows(self, surf: pygame.Surface) -> pygame.Rect | None:
        """Two bands, a lighter one behind the climbing row and a darker one behind
        the falling row, each tagged with its direction; the area drawn on."""
        lay = self.kit.layout
        colours = (self.kit.theme.row_up, self.kit.theme.row_down)
        drawn: pygame.Rect | None = None
        for band, tag, colour, words in zip(
            lay.foundation_rows, lay.row_tags, colours, ROW_TAGS, strict=False
        ):
            r = pygame.Rect(band.x, band.y, band.w, band.h)
            render.alpha_rounded(surf, r, colour, max(6, lay.card_w // 10))
            drawn = r if drawn is None else drawn.union(r)
            font = self.kit.fonts.get(max(render.MIN_PX, lay.label_px + 2), bold=True)
            w = font.size(words)[0]
            if tag.w >= w:
                # Beside its band, against it; in a strip above or below it, centred.
                x = tag.right - w // 2 if tag.h >= band.h // 2 else tag.x + tag.w // 2
                text = render.text_centered(
                    surf, font, words, (x, tag.y + tag.h // 2), self.kit.theme.ink
                )
                drawn = drawn.union(text)
        return drawn

    def _signature(self) -> tuple[object, ...]:
        """What the picture depends on, cheaply: an idle table skips drawing entirely."""
        session = self.host.session
        c = self.state.controller
        return (
            self.state.changes,
            self.state.anims.marked,
            c.selected,
            c.focus,
            c.focus_visible,
            int(session.elapsed),
            self.aids,
            math.ceil(session.levels.time_left) if session.levels is not None else 0,
            self.kit.tr.lang,
            self.kit.layout,
            session.settings.sound,
            session.settings.show_playable,
            session.daily_day(load=False),
        )

    def draw(self, surface: pygame.Surface, full: bool, on_top: bool) -> list[pygame.Rect] | None:
        """Draw the table (see :meth:`crescent.ui.scene.Scene.draw`); ``on_top``: no scene
        is above it."""
        size = surface.get_size()
        self.aids = self.state.aids  # once a frame: what the aids show, read throughout
        if self._base_on_screen:  # drawn on the screen, and not taken from it (see shown)
            self._base_on_screen = False
            self.base = None
        drag = self.state.controller.drag
        moving = (
            self.state.anims.busy
            or (drag is not None and drag.active)
            or self.aids.message is not None
        )
        if self.base is None or self.base.get_size() != size:
            # With nothing moving and no scene above, a new base is drawn straight on the
            # screen (no base of its own to make, nor to copy there before the frame: the
            # first frame comes sooner); shown() then keeps a copy of it.
            on_screen = not moving and on_top
            self.base = self._rebuild_base(size, surface if on_screen else None)
            self._base_on_screen = on_screen
            full = True
        signature = self._signature()
        if not (full or moving or self._transient) and signature == self._last_signature:
            return []
        self._last_signature = signature
        base = self.base
        dirty = self._redraw_places(base) + self._redraw_hud(base) + self._redraw_marker(base)
        # Transients: flying and dragged cards, and the message, over the base.
        transient = self._transient_rects()
        if full:
            if base is not surface:
                surface.blit(base, (0, 0))
        else:
            for r in dirty + self._transient + transient:
                surface.blit(base, r, r)
        self._draw_transients(surface)
        out = None if full else dirty + self._transient + transient
        self._transient = transient
        return out

    def _redraw_places(self, base: pygame.Surface) -> list[pygame.Rect]:
        """Draw on ``base`` the places whose look changed; the regions drawn."""
        dirty: list[pygame.Rect] = []
        game, highlights, playable = self.game, self._highlights(), self._playable_places()
        fresh = all(k is None for k in self._slot_keys)  # a base just made: a clean felt
        changed: list[tuple[int, SlotLook]] = []
        for p in range(PLACES):
            key = self._slot_key(p, game, highlights, playable)
            if key != self._slot_keys[p]:
                self._slot_keys[p] = key
                changed.append((p, key))
        for p, slot in changed:
            region = self._region(p)
            dirty.append(region)
            if fresh:
                # Each place drawn once, in order: what the region by region redraws
                # come to on a clean felt, without drawing each place up to three times.
                self._draw_slot(base, p, slot)
                continue
            base.blit(self._clean_felt(), region, region)
            for q in range(PLACES):
                if q == p or self._region(q).colliderect(region):
                    base.set_clip(region)
                    slot_look = self._slot_keys[q]
                    if slot_look is not None:
                        self._draw_slot(base, q, slot_look)
                    base.set_clip(None)
        return dirty

    def _redraw_hud(self, base: pygame.Surface) -> list[pygame.Rect]:
        """Draw on ``base`` the HUD cells whose look changed; the cells drawn."""
        dirty: list[pygame.Rect] = []
        for i in range(len(self.hud_items)):
            look = self._hud_key(i)
            if look != self._hud_keys[i]:
                self._hud_keys[i] = look
                self._draw_hud_cell(base, i, look)
                c = self.kit.layout.hud_cells[i]
                dirty.append(pygame.Rect(c.x, c.y, c.w, c.h))
        return dirty

    def shown(self) -> None:
        if self._base_on_screen:
            # The frame drawn straight on the screen is the base (nothing moved over it,
            # no scene above): kept by copy for the frames to come.
            self._base_on_screen = False
            if self.base is not None:
                self.base = self.base.copy()
        base, clean = self.base, self._clean
        if base is None or self._felt is not None:
            return
        size = base.get_size()
        if clean is None or (clean.size != size and clean.done()):
            # A thread makes the clean felt once the new base is on the screen: ready long
            # before the first change needs it, and no cost to that frame. (One thread at
            # a time: a window being resized does not start one a frame.)
            self._clean = render.FeltMaker(size, self.kit.theme)

    def _transient_rects(self) -> list[pygame.Rect]:
        lay = self.kit.layout
        rects = []
        m = self._shadow_margin()
        for f in self.state.anims.flights:
            x, y = f.position()
            rects.append(
                pygame.Rect(int(x) - m, int(y) - m, lay.card_w + 2 * m, lay.card_h + 2 * m)
            )
        d = self.state.controller.drag
        if d is not None and d.active:
            x, y = d.card_origin
            rects.append(
                pygame.Rect(int(x) - m, int(y) - m, lay.card_w + 2 * m, lay.card_h + 2 * m)
            )
        if self.aids.message is not None:
            msg = lay.message
            rects.append(pygame.Rect(msg.x, msg.y, msg.w, msg.h))
        rects.extend(over.rect() for over in self.over)
        return rects

    def _draw_transients(self, surface: pygame.Surface) -> None:
        kit = self.kit
        lay = kit.layout
        size = (lay.card_w, lay.card_h)
        radius = max(4, lay.card_w // 14)
        message = self.aids.message
        if message is not None:
            draw_banner(surface, kit.fonts, lay, message, kit.theme)
        for f in self.state.anims.flights:
            if f.elapsed < f.delay:
                continue
            x, y = f.position()
            self._draw_card(surface, f.card, (int(x), int(y)), size, radius, lift=1)
        d = self.state.controller.drag
        if d is not None and d.active:
            card = self.game.top(d.src)
            if card is not None:
                x, y = d.card_origin
                self._draw_card(surface, card, (int(x), int(y)), size, radius, lift=2)
        for over in self.over:
            over.draw(surface)

    def _draw_card(
        self,
        surface: pygame.Surface,
        card: int,
        pos: tuple[int, int],
        size: tuple[int, int],
        radius: int,
        lift: int,
    ) -> None:
        art = self.kit.art
        shadow = art.shadow(size, radius)
        off = max(3, size[0] // 16) * lift
        surface.blit(
            shadow,
            shadow.get_rect(center=(pos[0] + size[0] // 2 + off // 2, pos[1] + size[1] // 2 + off)),
        )
        surface.blit(art.face(card, size), pos)
        render.outline_card(surface, pygame.Rect(pos, size), corner_radius(size[0]), self.kit.theme)

    def _redraw_marker(self, base: pygame.Surface) -> list[pygame.Rect]:
        """ "Still winnable?" in the message area, on the base (it stays: no frame redraws
        it until it changes); a sentence, when one shows, is drawn over it."""
        marker = self.aids.marker
        if marker == self._marker:
            return []
        self._marker = marker
        msg = self.kit.layout.message
        area = pygame.Rect(msg.x, msg.y, msg.w, msg.h)
        base.blit(self._clean_felt(), area, area)
        if marker is not None:
            draw_marker(base, self.kit.fonts, self.kit.layout, marker, self.kit.theme)
        return [area]

    def _hud_key(self, i: int) -> HudLook:
        c = self.state.controller
        focused = c.focus_visible and c.focus == PLACES + i
        return self.cells(self.hud_items[i])._replace(focused=focused)

    def _cell(self, item: HudItem) -> HudLook:
        return hud.look(self.state, self.host, item)

    def _draw_hud_cell(self, surf: pygame.Surface, i: int, key: HudLook) -> None:
        lay = self.kit.layout
        c = lay.hud_cells[i]
        rect = pygame.Rect(c.x, c.y, c.w, c.h)
        hud.draw_cell(
            surf,
            rect,
            key,
            self.kit.fonts,
            (lay.hud_px, lay.hud_sub_px),
            (self._hud_bg, (lay.hud.x, lay.hud.y)),
            self.kit.theme,
        )
