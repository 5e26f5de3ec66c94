"""A newcomer's third look (issue 46), what the table shows and says: a foundation's refusal
names the card it takes, the Code dialog copies only when asked, "Undo to the last winnable
position" is offered only when the search found one, and a first start with speech on says
a short summary, the tip after it, and the summary again when the tip closes."""

from __future__ import annotations

import time

import pygame
import pytest

from crescent.i18n import text as T
from crescent.rules.engine import Game
from crescent.ui.lost import LostDialog
from crescent.ui.screens import CodeScreen
from crescent.ui.speech import FakeSpeaker
from tests.helpers_positions import position
from tests.helpers_ui import Client, MakeClient
from tests.ui.test_still_winnable import one_move_from_lost

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


# -- item 4: the way back offered only when the search found it ----------------------------


def _lost_twice() -> Game:
    """10S on the 9S it must not bury (lost), then AS onto KS: two moves, both lost;
    before them the position is won by P2-F1..."""
    g = one_move_from_lost()
    g.play_text("P2-P1")
    g.play_text("P8-P4")
    return g


def _lost_from_the_start() -> Game:
    """The same lost table dealt with no history, then AS onto KS: an undo history
    whose every position is lost."""
    g = one_move_from_lost()
    g.play_text("P2-P1")
    d = g.to_dict()
    d.pop("history", None)
    lost = Game.from_dict(d)
    lost.play_text("P8-P4")
    return lost


def _lost_dialog_after_h(
    client_for: MakeClient, game: Game, lang: str
) -> tuple[Client, FakeSpeaker, LostDialog]:
    """``game`` at 800x600 with speech; H: the hint's search proves the table lost and
    opens the dialog."""
    c = client_for(game, lang=lang, size=(800, 600))
    speaker = FakeSpeaker()
    c.app.speak_with(speaker)
    c.key(pygame.K_h)
    end = time.monotonic() + 60  # only stops a hung test
    while not isinstance(c.app.scenes[-1], LostDialog) and time.monotonic() < end:
        c.frames(2)
        time.sleep(0.005)
    d = c.app.scenes[-1]
    assert isinstance(d, LostDialog)
    return c, speaker, d


def _labels_while_searching(c: Client, d: LostDialog) -> list[list[str]]:
    """The dialog's buttons at each frame until its search answered."""
    seen = []
    end = time.monotonic() + 60
    while d.searching and time.monotonic() < end:
        seen.append([b.label for b in d.buttons])
        c.frames(2)
        time.sleep(0.005)
    assert not d.searching
    return seen


@pytest.mark.usefixtures("searches_in_positions")
@pytest.mark.parametrize("lang", LANGS)
def test_the_way_back_is_never_offered_when_no_earlier_position_can_be_won(
    client_for: MakeClient, lang: str
) -> None:
    c, speaker, d = _lost_dialog_after_h(client_for, _lost_from_the_start(), lang)
    tr = c.app.tr
    assert d.lines == [tr(T.HINT_SEARCHING_BACK)]
    seen = _labels_while_searching(c, d)
    c.frames(2)
    assert seen
    assert all(tr(T.HINT_GO_BACK) not in labels for labels in seen)
    assert tr(T.HINT_GO_BACK) not in [b.label for b in d.buttons]
    assert d.lines == [tr(T.HINT_NO_WAY_BACK)]
    assert c.app.announcer is not None
    assert speaker.spoken[-1].startswith(c.app.announcer.spoken(tr(T.HINT_NO_WAY_BACK)))
    assert c.game.can_undo  # it had an undo history, and nothing was taken back
    assert str(c.game.history[-1]) == "P8-P4"


@pytest.mark.usefixtures("searches_in_positions")
@pytest.mark.parametrize("lang", LANGS)
def test_the_way_back_is_offered_once_found_and_takes_the_moves_back(
    client_for: MakeClient, lang: str
) -> None:
    c, speaker, d = _lost_dialog_after_h(client_for, _lost_twice(), lang)
    tr = c.app.tr
    assert tr(T.HINT_GO_BACK) not in [b.label for b in d.buttons]  # not before it is found
    _labels_while_searching(c, d)
    c.frames(2)
    found = tr.plural(T.WINNABLE_BACK, 2)
    assert d.lines == [found]
    assert c.app.announcer is not None
    assert speaker.spoken[-1].startswith(c.app.announcer.spoken(found))
    [back] = [b for b in d.buttons if b.label == tr(T.HINT_GO_BACK)]
    font = c.app.fonts.get(d.layout().px)
    assert font.size(back.label)[0] <= back.rect.w - 12  # on one line at 800x600
    c.click(back.rect.center)
    c.settle()
    assert c.app.scenes[-1] is c.app.table
    assert c.game.moves == 0
    assert not c.game.can_undo
