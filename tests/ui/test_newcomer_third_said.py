"""A newcomer's third look (issue 46), what the table shows and says: a foundation's refusal
names the card it takes, the Code dialog copies only when asked, "Undo to the last winnable
position" is offered only when the search found one, and a first start with speech on says
a short summary, the tip after it, and the summary again when the tip closes."""

from __future__ import annotations

import pygame
import pytest

from crescent.i18n import text as T
from crescent.ui.speech import FakeSpeaker
from tests.helpers_positions import position
from tests.helpers_ui import MakeClient

LANGS = ["en", "fr", "ca", "nl", "ja"]


# -- item 12: the card a foundation takes ------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_a_foundation_that_refuses_a_card_names_the_card_it_takes(
    client_for: MakeClient, lang: str
) -> None:
    """6S picked up (two piles take it), then Foundation 1 (at 3S) tapped: the banner and
    the voice say Foundation 1 takes the 4 of spades, as ``--play`` does."""
    game = position({"P1": ["6S"], "P2": ["7S"], "P3": ["5S"]}, {"F1": "3S"})
    c = client_for(game, lang=lang, size=(800, 600))
    speaker = FakeSpeaker()
    c.app.speak_with(speaker)
    tr = c.app.tr
    c.click(c.centre(0))
    c.frames(2)
    assert c.app.table.controller.selected == 0
    c.pause()
    c.click(c.centre(16))
    c.frames(2)
    wanted = tr(T.FOUNDATION_TAKES, card=tr.card(3))  # the 4 of spades
    assert c.app.table.banner.text == wanted
    assert speaker.spoken[-1] == wanted
    assert c.game.count(16) == 3  # nothing moved
