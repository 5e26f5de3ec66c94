"""A newcomer's third look (issue 46), what the table shows and says: a foundation's refusal
names the card it takes, the Code dialog copies only when asked, "Undo to the last winnable
position" is offered only when the search found one, and a first start with speech on says
a short summary, the tip after it, and the summary again when the tip closes."""

from __future__ import annotations

import pygame
import pytest

from crescent.i18n import text as T
from crescent.ui.screens import CodeScreen
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


# -- item 9: the code copied when asked ---------------------------------------------------


def test_the_code_dialog_copies_the_code_only_when_asked(
    client_for: MakeClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Opening the Code dialog left the clipboard alone and said nothing of it; its Copy
    button (then Ctrl+C) puts the code there and says so, shown and said."""
    copied: list[str] = []
    monkeypatch.setattr(pygame.scrap, "put_text", copied.append)
    c = client_for(code="CR1-N-AAAAAAD")
    speaker = FakeSpeaker()
    c.app.speak_with(speaker)
    tr = c.app.tr
    c.click(c.hud("code"))
    c.frames(2)
    screen = c.app.scenes[-1]
    assert isinstance(screen, CodeScreen)
    said_copied = tr(T.CODE_COPIED, code="CR1-N-AAAAAAD")
    assert copied == []
    assert not any(said_copied in s for s in speaker.spoken)
    assert f"{tr(T.CODE)}: CR1-N-AAAAAAD" in speaker.spoken[-1]  # the code, said
    assert f"{tr(T.CODE)}: CR1-N-AAAAAAD" in [row.text for row in screen.rows()]
    [copy] = [b for b in screen.buttons if b.label == tr(T.COPY_CODE)]
    c.click(copy.rect.center)
    c.frames(2)
    assert copied == ["CR1-N-AAAAAAD"]
    assert speaker.spoken[-1] == said_copied
    assert said_copied in [row.text for row in screen.rows()]
    c.key(pygame.K_c, pygame.KMOD_CTRL)
    c.frames(2)
    assert copied == ["CR1-N-AAAAAAD"] * 2
    assert c.app.scenes[-1] is screen
