"""A newcomer's third look (issue 46), what the table shows and says: a foundation's refusal
names the card it takes, the Code dialog copies only when asked, "Undo to the last winnable
position" is offered only when the search found one, and a first start with speech on says
a short summary, the tip after it, and the summary again when the tip closes."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pygame
import pytest

from crescent.control.input import PLACES
from crescent.i18n import text as T
from crescent.i18n.translator import load_translator
from crescent.play.session import Session
from crescent.play.settings import Settings
from crescent.rules.engine import Game
from crescent.ui import speech
from crescent.ui.app import App, Options
from crescent.ui.clock import SteppedClock
from crescent.ui.lost import LostDialog
from crescent.ui.rules_screen import RulesScreen
from crescent.ui.screens import CodeScreen
from crescent.ui.speech import Backend, FakeSpeaker, ProcessSpeaker
from crescent.ui.tip import TipOverlay, show_first_run_tip, show_levels_intro
from crescent.ui.window import init_pygame
from tests.helpers_positions import position
from tests.helpers_ui import Client, MakeClient, close_client
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


# -- item 2: the first start with speech on --------------------------------------------------


def _tip(app: App) -> None:
    """The first-run tip after the first frame, as ``game_main`` opens it."""
    show_first_run_tip(app)


def _first_start(lang: str, monkeypatch: pytest.MonkeyPatch) -> tuple[Client, FakeSpeaker]:
    """A first start with speech on (the tip never seen), its first frame shown, and the
    tip opened after it, as ``game_main`` does."""
    speaker = FakeSpeaker()
    monkeypatch.setattr(speech, "platform_speaker", lambda _lang: speaker)
    init_pygame()
    session = Session(None, Settings(language=lang, speech=True, watch_winnable=False))
    session.start(code="CR1-N-AAAAAAD")
    app = App(session, Options(size=(1280, 800)), load_translator(lang))
    app.after_first_frame.append(lambda: _tip(app))
    c = Client(app, SteppedClock())
    c.frames(2)
    return c, speaker


@pytest.mark.parametrize("lang", LANGS)
def test_a_first_start_says_the_table_in_short_then_the_tip_then_the_table_again(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The summary (the game's kind, the redeals left, what can move) is not cut by the tip,
    which waits its turn; the tip closed, the summary again."""
    c, speaker = _first_start(lang, monkeypatch)
    try:
        tr, a = c.app.tr, c.app.announcer
        assert a is not None
        assert isinstance(c.app.scenes[-1], TipOverlay)
        n = len(c.game.legal_moves())
        moves_now = a.spoken(a.join([tr.plural(T.REDEALS_LEFT, 3), tr.plural(T.SPOKEN_MOVABLE, n)]))
        start = a.spoken(a.join([tr(T.MODE_NAMES["standard"]), moves_now]))
        assert speaker.spoken[0].startswith(start), speaker.spoken[0]
        assert tr.card(c.game.top(12) or 0) in speaker.spoken[0]  # a card that can move
        assert tr(T.TIP_TAP) in speaker.spoken[1]
        assert tr(T.SPOKEN_KEYS) in speaker.spoken[1]
        assert len(speaker.spoken) == 2
        assert speaker.interrupted == 0  # the tip waited for the summary
        c.key(pygame.K_ESCAPE)
        c.frames(2)
        assert list(c.app.scenes)[-1] is c.app.table  # a new look: narrowed above
        assert speaker.spoken[-1].startswith(a.spoken(a.back(moves_now)))
        assert len(speaker.spoken) == 3
    finally:
        close_client(c)


def test_the_summary_is_far_shorter_than_every_pile(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the start says before the tip: a few moves, not 24 places (the old sentence)."""
    c, speaker = _first_start("en", monkeypatch)
    try:
        a = c.app.announcer
        assert a is not None
        every_pile = a.spoken(a.piles(c.game))
        assert len(speaker.spoken[0]) * 2 < len(every_pile), speaker.spoken[0]
    finally:
        close_client(c)


@pytest.mark.parametrize("lang", LANGS)
def test_l_reads_every_place_and_m_what_can_move_leaving_the_selection(
    client_for: MakeClient, lang: str
) -> None:
    c = client_for(code="CR1-N-AAAAAAD", lang=lang)
    speaker = FakeSpeaker()
    c.app.speak_with(speaker)
    tr, a = c.app.tr, c.app.announcer
    assert a is not None
    c.app.table.controller.selected = 12  # P13 picked up: 2 of diamonds, two places
    c.key(pygame.K_l)
    c.frames(2)
    said = speaker.spoken[-1]
    places = [a.spoken(a.place(c.game, p)) for p in range(PLACES)]
    assert said == a.spoken(a.join(places))
    assert said.startswith(a.spoken(a.place(c.game, 0)))
    c.key(pygame.K_m)
    c.frames(2)
    n = len(c.game.legal_moves())
    assert speaker.spoken[-1].startswith(
        a.spoken(a.join([tr.plural(T.REDEALS_LEFT, 3), tr.plural(T.SPOKEN_MOVABLE, n)]))
    )
    home_first = f"{tr.place(16 + 2)}, {tr.place(13)}"  # Foundation 3, then Pile 14
    two = tr(T.MOVE_TEXT, card=tr.card(c.game.top(12) or 0), src=tr.place(12), dst=home_first)
    assert a.spoken(two) in speaker.spoken[-1]
    assert c.app.table.controller.selected == 12  # reading the table drops nothing


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_screen_ends_with_the_keys_speech_keys_included(
    client_for: MakeClient, lang: str
) -> None:
    """The "?" screen of the standard game lists the keys, M and L with them."""
    c = client_for(lang=lang, size=(800, 600))
    tr = c.app.tr
    c.click(c.hud("rules"))
    c.frames(2)
    screen = c.app.scenes[-1]
    assert isinstance(screen, RulesScreen)
    shown = "".join(line.text for line in screen.lines).replace(" ", "")  # wrapped anywhere
    for msgid in (T.KEYS_HEADING, T.KEYS_PLAY, T.KEYS_SPEECH):
        assert tr(msgid).replace(" ", "") in shown
    assert shown.endswith(tr(T.KEYS_SPEECH).replace(" ", ""))


VOICE = """\
import pathlib, sys, time
log = pathlib.Path(sys.argv[1])
with log.open("a", encoding="utf-8") as f:
    f.write(sys.argv[2] + "\\n")
time.sleep(0.3)
with log.open("a", encoding="utf-8") as f:
    f.write("(said whole)\\n")
"""
"""An espeak-ng stand-in: logs the sentence it is given, "speaks" (sleeps), then logs
that it finished (a sentence cut off never logs its end)."""


def test_a_first_start_through_a_voice_process_says_the_summary_whole_then_the_tip(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    script, log = tmp_path / "voice.py", tmp_path / "said.txt"
    script.write_text(VOICE, encoding="utf-8")
    voice = ProcessSpeaker(Backend("stand-in", (sys.executable, str(script), str(log))))
    monkeypatch.setattr(speech, "platform_speaker", lambda _lang: voice)
    init_pygame()
    session = Session(None, Settings(language="en", speech=True, watch_winnable=False))
    session.start(code="CR1-N-AAAAAAD")
    app = App(session, Options(size=(1280, 800)), load_translator("en"))
    app.after_first_frame.append(lambda: _tip(app))
    c = Client(app, SteppedClock())
    try:
        c.frames(2)
        assert isinstance(app.scenes[-1], TipOverlay)
        assert voice.wait_idle(60)  # only stops a hung test
        said = log.read_text(encoding="utf-8").splitlines()
        assert said[0].startswith("Standard. 3 redeals left. 14 possible moves. ")
        assert said[1] == "(said whole)"  # the tip did not cut it
        assert said[2].startswith(app.tr(T.TIP_TAP))
        assert said[3:] == ["(said whole)"]
    finally:
        close_client(c)
        voice.close()


def test_the_levels_intro_at_the_start_waits_for_the_summary_and_the_table_is_said_again(
    client_for: MakeClient,
) -> None:
    """A levels game's first start shows its intro instead of the tip: the same order."""
    c = client_for(code="CR1-L-AAAAAAB")
    speaker = FakeSpeaker()
    c.app.speak_with(speaker)
    a = c.app.announcer
    assert a is not None
    c.app.say_game()
    assert show_levels_intro(c.app)
    assert speaker.spoken[1].startswith(a.spoken(c.app.tr(T.RULES_LEVELS)))
    assert speaker.interrupted == 0
    c.key(pygame.K_RETURN)  # Got it
    c.frames(2)
    assert list(c.app.scenes)[-1] is c.app.table
    assert speaker.spoken[-1].startswith(a.spoken(a.back(a.moves_now(c.game))))
