"""The win: the cascade of foundation cards, then the summary.

The cascade draws like the classic: each card in flight is drawn where it is,
over the trail it leaves, so a frame sends only the rectangles of the cards
that moved and of the foundations that just lost a card. A tap or a key skips
to the summary.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from crescent.control.anim import PACES
from crescent.control.cascade import LAUNCH_S, Bouncer, Cascade
from crescent.control.explain import place_labels
from crescent.control.input import GameEvent, KeyPress, PointerDown
from crescent.rules.engine import FOUNDATIONS, PILES, Game
from crescent.ui import render
from crescent.ui.scene import Host, Scene

Then = Callable[[], Scene]
"""What makes the scene that follows the cascade."""


class CascadeScene(Scene):
    """The won game's foundation cards bouncing off the table; then the scene ``then``
    makes (the summary; in the levels game the level's or the game's end)."""

    opaque = True

    def __init__(self, host: Host, game: Game | None, then: Then) -> None:
        super().__init__(host)
        self.won = game
        """The game whose foundations cascade (None: the session's game; the levels game:
        the level just won, while the table already holds the next one)."""
        self.then = then
        self.cascade = self._make()
        self._felt: pygame.Surface | None = None
        self._launched: list[Bouncer] = []
        self._ended = False

    def _make(self) -> Cascade:
        host = self.host
        lay = host.kit.layout
        game = self._game()
        stacks = []
        for i in range(FOUNDATIONS):
            slot = lay.slots[PILES + i]
            stacks.append((PILES + i, list(game.foundations[i]), (float(slot.x), float(slot.y))))
        return Cascade(
            stacks,
            width=float(host.kit.size[0]),
            floor=float(lay.floor),
            card_w=float(lay.card_w),
            card_h=float(lay.card_h),
            seed=game.number,
        )

    def _game(self) -> Game:
        return self.won if self.won is not None else self.host.session.game

    def relayout(self) -> None:
        # A new window size: the cards left start again from the new foundations.
        self._felt = None
        left = self.cascade.total - self.cascade.launched
        self.cascade = self._make()
        skip = self.cascade.total - left
        self.cascade.launched = skip
        self.cascade.clock = skip * LAUNCH_S
        self._launched = []

    # -- flow --------------------------------------------------------------------------

    def handle(self, event: GameEvent) -> None:
        if isinstance(event, PointerDown | KeyPress):
            self.skip()

    def skip(self) -> None:
        self.cascade.finish()
        self._end()

    def _end(self) -> None:
        if self._ended:
            return
        self._ended = True
        self.host.pop(self)
        self.host.push(self.then())

    def wake_at(self, now: float) -> float | None:
        return None  # cards in flight: every frame until the summary

    def update(self, dt: float) -> None:
        if self._ended:
            return
        pace = PACES[self.host.session.settings.animation]
        self._launched += self.cascade.update(dt / pace if pace > 0 else dt)
        if self.cascade.done:
            self._end()

    # -- drawing -----------------------------------------------------------------------

    def _card_size(self) -> tuple[int, int]:
        lay = self.host.kit.layout
        return (lay.card_w, lay.card_h)

    def _foundation_region(self, place: int) -> pygame.Rect:
        lay = self.host.kit.layout
        s, lab = lay.slots[place], lay.labels[place]
        m = max(6, lay.card_w // 8)
        region = pygame.Rect(s.x - m, s.y - m, s.w + 2 * m, s.h + 2 * m)
        return region.union(pygame.Rect(lab.x, lab.y, lab.w, lab.h))

    def _draw_foundation(self, surface: pygame.Surface, place: int) -> pygame.Rect:
        """The foundation as it is now: the card under the ones gone, or an empty slot."""
        host = self.host
        lay = host.kit.layout
        if self._felt is None or self._felt.get_size() != surface.get_size():
            self._felt = render.felt(surface.get_size(), self.host.kit.theme)
        region = self._foundation_region(place)
        surface.blit(self._felt, region, region)
        s = lay.slots[place]
        rect = pygame.Rect(s.x, s.y, s.w, s.h)
        left = self.cascade.left_on(place)
        stack = self._game().foundations[place - PILES]
        radius = max(4, lay.card_w // 14)
        if left > 0:
            surface.blit(host.kit.art.face(stack[left - 1], rect.size), rect)
        else:
            render.rounded(surface, rect, (12, 52, 34), radius, 2)
        # The label as the table draws it: name, direction, count, on its pill.
        lab = lay.labels[place]
        area = pygame.Rect(lab.x, lab.y, lab.w, lab.h)
        text = place_labels(place, left, host.kit.tr.place_tag(place))
        render.place_label(surface, host.kit.fonts, area, lay.label_px, text, host.kit.theme)
        return region

    def draw(self, surface: pygame.Surface, full: bool) -> list[pygame.Rect] | None:
        rects: list[pygame.Rect] = []
        if full:
            if self.won is None or self.won is self.host.session.game:
                self.host.scenes[0].draw(surface, True)
            else:  # the table holds the next level: the won level's piles were empty
                if self._felt is None or self._felt.get_size() != surface.get_size():
                    self._felt = render.felt(surface.get_size(), self.host.kit.theme)
                surface.blit(self._felt, (0, 0))
            for place in range(PILES, PILES + FOUNDATIONS):
                self._draw_foundation(surface, place)
        else:
            places = dict.fromkeys(b.place for b in self._launched)
            rects.extend(self._draw_foundation(surface, place) for place in places)
        self._launched = []
        size = self._card_size()
        art = self.host.kit.art
        for b in self.cascade.flying:
            pos = (round(b.x), round(b.y))
            surface.blit(art.face(b.card, size), pos)
            rects.append(pygame.Rect(pos, size))
        return None if full else rects
