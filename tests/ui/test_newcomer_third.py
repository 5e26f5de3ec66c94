"""A newcomer's third look (issue 46): what the table shows, seen as a player sees it."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from crescent.control.layout import INDEX_BOX
from crescent.i18n import text as T
from crescent.i18n.rules_text import Doc, load_rules
from crescent.i18n.translator import load_translator
from crescent.play.session import Session
from crescent.play.settings import Settings
from crescent.ui.app import App, Options
from crescent.ui.cards import corner_radius
from crescent.ui.clock import SteppedClock
from crescent.ui.rules_screen import RulesScreen
from crescent.ui.scene import Screen
from crescent.ui.tip import TipOverlay, show_first_run_tip, tip_texts
from crescent.ui.window import init_pygame
from tests.helpers_ui import Client, MakeClient, close_client

TENS_ON_TOP = "CR1-N-AAAAAAD"
"""P5 (place 4) shows the 10 of hearts."""


def client(size: tuple[int, int], theme: str | None = None, **settings: object) -> Client:
    init_pygame()
    session = Session(None, Settings(language="en", tip_seen=True, **settings))  # type: ignore[arg-type]
    session.start(code=TENS_ON_TOP)
    app = App(session, Options(size=size, theme=theme), load_translator("en"))
    c = Client(app, SteppedClock())
    c.frames(2)
    return c


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (3840, 2160)])
def test_high_contrast_keeps_the_white_between_the_outline_and_the_10(
    size: tuple[int, int],
) -> None:
    """Item 6: the thick outline covered the card's inner edge up to its "1"; now only the
    card's own edge line is under it, and the face's corner shows as drawn."""
    c = client(size, "contrast")
    try:
        assert c.game.top(4) == 9 + 13  # the 10 of hearts
        slot = c.app.layout.slots[4]
        rect = pygame.Rect(slot.x, slot.y, slot.w, slot.h)
        face = c.app.art.face(9 + 13, rect.size)
        shown = c.app.screen.subsurface(rect)
        edge = 1  # the card's own edge line
        top = corner_radius(rect.w) + 1
        for y in range(top, rect.h // 3):
            for x in range(edge, rect.w // 6):
                assert shown.get_at((x, y))[:3] == face.get_at((x, y))[:3], (x, y)
    finally:
        close_client(c)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
@pytest.mark.parametrize(
    ("lang", "card", "src", "dst"),
    [
        ("en", 0, 0, 9),  # broke "…Pile 1 → Pile / 10. Tap Hint…" at 800x600
        ("fr", 0, 9, 16),  # "…Pile 10 → Fondation / 1. Touchez…"
        ("ca", 10, 9, 16),
        ("nl", 0, 0, 16),
        ("ja", 0, 9, 16),
    ],
)
def test_a_hint_keeps_each_place_name_on_one_line(
    client_for: MakeClient, size: tuple[int, int], lang: str, card: int, src: int, dst: int
) -> None:
    """Item 11: the message a hint shows wraps between words, never inside "Pile 8"."""
    c = client_for(size=size, lang=lang)
    tr = c.app.tr
    wrapped: list[list[str]] = []
    wrap = c.app.fonts.wrap

    def seen(text: str, *args: Any, **kw: Any) -> tuple[pygame.font.Font, list[str]]:
        font, lines = wrap(text, *args, **kw)
        wrapped.append(lines)
        return font, lines

    c.app.fonts.wrap = seen  # type: ignore[method-assign]
    hint = tr(T.HINT_MOVE, move=tr.move(card, src, dst))
    c.app.table.say(hint)
    c.frames(2)
    shown = [ln for ln in wrapped if "".join(ln).replace(" ", "") == hint.replace(" ", "")]
    lines = shown[-1]  # the last frame's
    assert len(lines) <= 2
    for line in lines[1:]:
        assert not line[:1].isdigit(), lines
    for place in (src, dst):
        assert any(tr.place(place) in line for line in lines), lines


SAME_THING = {
    "en": "comes to the same thing",
    "fr": "revient au même",
    "ca": "ve a ser el mateix",
    "nl": "op hetzelfde neerkomt",
    "ja": "同じことです",
}
"""What the standard rules said of the hidden cards (item 8): they made no difference."""


@pytest.mark.parametrize("lang", sorted(SAME_THING))
def test_the_rules_and_the_first_tip_say_where_the_hidden_cards_show(
    client_for: MakeClient, lang: str
) -> None:
    """Item 8: the rules screen's text says the screen shows each pile's top card and
    names the setting that shows the rest; so does the first-run tip."""
    c = client_for(size=(800, 600), lang=lang)
    tr = c.app.tr
    where = f"{tr(T.SETTINGS)} → {tr(T.SHOW_PILES)}"
    c.app.open(Screen.RULES)
    c.frames(2)
    rules = c.app.scenes[-1]
    assert isinstance(rules, RulesScreen)
    text = " ".join(block.text for block in load_rules(Doc.STANDARD, lang))
    assert SAME_THING[lang] not in text
    assert text.count(where) == 2
    c.key(pygame.K_ESCAPE)
    c.frames(2)
    show_first_run_tip(c.app)
    c.frames(2)
    tip = c.app.scenes[-1]
    assert isinstance(tip, TipOverlay)
    assert any(where in said for said, _ in tip_texts(tr))


@pytest.mark.parametrize("size", [(1080, 1920), (900, 1600), (2160, 3840)])
def test_buried_cards_of_piles_fanning_up_show_their_whole_index(size: tuple[int, int]) -> None:
    """Item 7 on tall windows: P1, P2, P15 and P16 fan upward and each buried card shows
    its bottom strip, which held only the lower part of its upright index (the top of the
    rank was under the next card); the strip now holds the whole index, pixel for pixel
    the one at the card's top left."""
    c = client(size, show_piles=True)
    try:
        fan = c.app.fan
        assert fan is not None
        for pile in (0, 1, 14, 15):
            cards = c.game.piles[pile]
            n = len(cards)
            assert fan.step(pile, n)[1] < 0  # fans upward: the bottom strips show
            w, h = fan.anchors[pile].w, fan.anchors[pile].h
            left, top, right, bottom = (
                round(f * v) for f, v in zip(INDEX_BOX, (w, h, w, h), strict=True)
            )
            for k in range(n - 2):  # (the top card's shadow falls on the last one)
                x, y = (round(v) for v in fan.card_origin(pile, k, n))
                index = c.app.art.face(cards[k], (w, h)).subsurface(
                    (left, top, right - left, bottom - top)
                )
                shown = c.app.screen.subsurface(
                    (x + left, y + h - bottom, right - left, bottom - top)
                )
                assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(index, "RGB"), (
                    pile,
                    k,
                )
    finally:
        close_client(c)


def test_a_long_pile_fanning_up_still_shows_each_rank_whole() -> None:
    """Item 7 on tall windows, a pile of 13 squeezed into its band: each buried card's
    bottom strip is shorter than the index, and shows its top, the rank, as a pile
    fanning down does (the index's lower part was there, the rank cut off)."""
    c = client((1080, 1920), show_piles=True)
    try:
        piles = c.game.piles
        for source in range(4, 11):  # P5-P11's top cards onto P1: 13 cards
            piles[0].append(piles[source].pop())
        c.app.session.changes += 1
        c.app.table.repaint()
        c.frames(2)
        fan = c.app.fan
        assert fan is not None
        n = len(piles[0])
        assert n == 13
        w, h = fan.anchors[0].w, fan.anchors[0].h
        left, top, right, bottom = (
            round(f * v) for f, v in zip(INDEX_BOX, (w, h, w, h), strict=True)
        )
        strip = round(-fan.step(0, n)[1])
        assert top < strip < bottom  # squeezed: the whole index cannot show
        rows = strip - top - 1  # the index's top rows in the strip (1 px for rounding)
        assert rows >= (bottom - top) // 2  # the rank: the upper half of the index
        for k in range(n - 2):  # (the top card's shadow falls on the last one)
            x, y = (round(v) for v in fan.card_origin(0, k, n))
            index = c.app.art.face(piles[0][k], (w, h)).subsurface((left, top, right - left, rows))
            shown = c.app.screen.subsurface((x + left, y + h - strip + top, right - left, rows))
            assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(index, "RGB"), k
    finally:
        close_client(c)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_buried_cards_of_the_right_piles_show_an_upright_index(size: tuple[int, int]) -> None:
    """Item 7: with whole piles shown, P13-P16 fan leftward and each buried card shows
    its right-hand strip, which held only the upside-down index; the card's upright index
    is now at its top right, pixel for pixel the one at its top left."""
    c = client(size, show_piles=True)
    try:
        fan = c.app.fan
        assert fan is not None
        for pile in range(12, 16):
            cards = c.game.piles[pile]
            n = len(cards)
            assert fan.step(pile, n)[0] < 0  # fans leftward: the right strips show
            for k in range(n - 2):  # (the top card's shadow falls on the last one)
                x, y = (round(v) for v in fan.card_origin(pile, k, n))
                w, h = fan.anchors[pile].w, fan.anchors[pile].h
                left, top, right, bottom = (
                    round(f * v) for f, v in zip(INDEX_BOX, (w, h, w, h), strict=True)
                )
                index = c.app.art.face(cards[k], (w, h)).subsurface(
                    (left, top, right - left, bottom - top)
                )
                shown = c.app.screen.subsurface(
                    (x + w - right, y + top, right - left, bottom - top)
                )
                assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(index, "RGB"), (
                    pile,
                    k,
                )
    finally:
        close_client(c)
