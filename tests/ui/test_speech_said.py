"""Speech (issue 31 item 1): each thing the issue lists is said, in the screen's words,
through a fake speaker: the focus with its top card and count, moves, refusals and their
reasons, redeals left, hints, the clock on T, the end of a game and of a level, dialogs
and their buttons; and the table again when a dialog closes."""

from __future__ import annotations

import time

import pygame
import pytest

from crescent.i18n import text as T
from crescent.i18n.rules_text import BlockKind, Doc, load_rules
from crescent.play.session import Session
from crescent.play.settings import Settings
from crescent.rules.engine import Game, Move
from crescent.ui import speech
from crescent.ui.app import App, Options
from crescent.ui.clock import SteppedClock
from crescent.ui.scene import Screen
from crescent.ui.speech import FakeSpeaker
from crescent.ui.tip import show_first_run_tip
from tests.helpers_positions import position
from tests.helpers_speech import BlindPlayer
from tests.helpers_ui import Client, MakeClient, close_client
from tests.solver.test_autofinish import _spades_position
from tests.ui.test_ui_levels import last_card, levels_client

pytestmark = pytest.mark.usefixtures("searches_in_positions")
"""Hint searches count positions, not seconds (tests/helpers_clock.py): the hints a
quiet machine gives, on a busy one too."""

Heard = tuple[Client, FakeSpeaker]


def spoken(c: Client) -> FakeSpeaker:
    speaker = FakeSpeaker()
    c.app.speak_with(speaker)
    return speaker


def heard(client_for: MakeClient, game: Game | None = None, **kw: object) -> Heard:
    c = client_for(game, **kw)
    return c, spoken(c)


def after(c: Client, speaker: FakeSpeaker, *keys: int, mod: int = 0) -> list[str]:
    """What the keys made the game say."""
    before = len(speaker.spoken)
    for key in keys:
        c.key(key, mod)
        c.frames(2)
    return speaker.spoken[before:]


def until_said(c: Client, speaker: FakeSpeaker, start: int, timeout_s: float = 30.0) -> str:
    """Frames until something new is said (a background search, a cascade); the timeout
    only stops a hung test."""
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        c.frames(5)
        if len(speaker.spoken) > start:
            return speaker.spoken[start]
        time.sleep(0.005)
    raise AssertionError(f"nothing said after {speaker.spoken[start - 1 :]}")


def one_move_to_win() -> Game:
    """KS on P1, F1 at QS: P1-F1 wins (its one place)."""
    return position({"P1": ["KS"]}, {"F1": "QS"})


def a_move_home() -> Game:
    """6S on P1 over KS, F1 at 5S: P1-F1 is its one place; Pile 2 is empty."""
    return position({"P1": ["KS", "6S"]}, {"F1": "5S", "F5": "2S"})


# -- the table ---------------------------------------------------------------------------


def test_the_focus_says_the_place_its_top_card_and_its_count(client_for: MakeClient) -> None:
    c, speaker = heard(client_for, code="CR1-N-AAAAAAD")
    assert after(c, speaker, pygame.K_TAB) == ["Pile 1, Queen of clubs, 6 cards"]


def test_an_empty_pile_is_said_empty(client_for: MakeClient) -> None:
    c, speaker = heard(client_for, a_move_home())
    assert after(c, speaker, pygame.K_TAB, pygame.K_TAB)[-1] == "Pile 2, empty"


def test_an_arrow_that_goes_nowhere_says_the_focus_again(client_for: MakeClient) -> None:
    c, speaker = heard(client_for, code="CR1-N-AAAAAAD")
    after(c, speaker, pygame.K_TAB)  # Pile 1, in the left column
    assert after(c, speaker, pygame.K_LEFT) == ["Pile 1, Queen of clubs, 6 cards"]


def test_a_move_says_the_card_its_way_and_what_it_left(client_for: MakeClient) -> None:
    c, speaker = heard(client_for, a_move_home())
    said = after(c, speaker, pygame.K_TAB, pygame.K_RETURN)
    assert said[1] == "6 of spades: Pile 1 to Foundation 1. Pile 1, King of spades, 8 cards"


def test_a_card_with_several_places_says_them(client_for: MakeClient) -> None:
    c, speaker = heard(client_for, code="CR1-N-AAAAAAD")
    said = after(c, speaker, *[pygame.K_TAB] * 13, pygame.K_RETURN)
    assert said[-1] == "Selected: 2 of diamonds. It can go to: Pile 14, Foundation 3"
    assert after(c, speaker, pygame.K_ESCAPE) == ["Selection cleared"]


def test_a_refusal_says_its_reason_even_with_interactive_rules_off(
    client_for: MakeClient,
) -> None:
    c, speaker = heard(client_for, code="CR1-N-AAAAAAD")
    c.app.session.settings.interactive_rules = False
    c.app.table.controller.focus = 16  # Foundation 1: its base alone
    said = after(c, speaker, pygame.K_RETURN, pygame.K_RETURN)  # the ring, then the press
    assert said[-1] == "The foundation base is locked"
    assert c.app.table.banner.text is None  # said, not shown


def test_a_redeal_says_what_is_left_and_every_pile_that_changed(client_for: MakeClient) -> None:
    c, speaker = heard(client_for, code="CR1-N-AAAAAAD")
    assert after(c, speaker, pygame.K_r) == [
        "Redeal now? Moves are still possible. A redeal cannot be undone. Redeal, Cancel"
    ]
    after(c, speaker, pygame.K_TAB)  # to Redeal (Cancel is the default)
    [said] = after(c, speaker, pygame.K_RETURN)
    assert said.startswith("Redeal. 2 redeals left. Pile 1, ")
    tr, game = c.app.tr, c.game
    for p in range(16):
        top = game.top(p)
        assert top is not None
        assert f"Pile {p + 1}, {tr.card(top)}, 6 cards" in said


def test_no_redeal_left_is_said(client_for: MakeClient) -> None:
    c, speaker = heard(client_for, position({"P1": ["KS", "6S"]}, {"F1": "5S"}, redeals_left=0))
    assert after(c, speaker, pygame.K_r) == ["No redeals left"]


def test_a_hint_is_said_and_h_again_plays_it(client_for: MakeClient) -> None:
    c, speaker = heard(client_for, code="CR1-N-AAAAAAD")
    assert after(c, speaker, pygame.K_h) == ["Looking for a winning line"]
    said = until_said(c, speaker, 1)
    assert said.startswith("Hint: ")
    assert said.endswith(". Tap Hint again to play it.")
    move = said.removeprefix("Hint: ").removesuffix(". Tap Hint again to play it.")
    assert after(c, speaker, pygame.K_h)[0].startswith(f"{move}. ")  # played, as hinted


def test_t_says_the_time_the_moves_and_the_redeals_left(client_for: MakeClient) -> None:
    c, speaker = heard(client_for, code="CR1-N-AAAAAAD")
    c.app.session.apply("P13-F3")
    c.app.session.tick(65)
    assert after(c, speaker, pygame.K_t) == ["Time: 1 minute 5 seconds. 1 move. 3 redeals left"]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Time: 1 minute 6 seconds."),
        ("fr", "Temps : 1 minute 6 secondes."),
        ("ca", "Temps: 1 minut 6 segons."),
        ("nl", "Tijd: 1 minuut 6 seconden."),
        ("ja", "時間:1分6秒。"),
    ],
)
def test_t_says_the_time_as_a_duration_in_each_language(
    client_for: MakeClient, lang: str, said: str
) -> None:
    """Issue 46 item 1: "01:06" read aloud is "one hour six" to a voice; it is said as
    minutes and seconds, in the language's words."""
    c, speaker = heard(client_for, code="CR1-N-AAAAAAD", lang=lang)
    c.app.session.apply("P13-F3")
    c.app.session.tick(66)
    (sentence,) = after(c, speaker, pygame.K_t)
    assert sentence.startswith(said)
    assert "01:06" not in sentence


def test_t_in_the_levels_game_says_the_level_its_time_and_the_hints_left(
    clients: list[Client],
) -> None:
    c = levels_client()
    clients.append(c)
    speaker = spoken(c)
    assert after(c, speaker, pygame.K_t) == [
        "Level 1: 15 minutes left. 0 moves. 5 shuffles left. 3 hints left"
    ]


def test_finish_offered_is_said_then_each_card_it_sends_home(client_for: MakeClient) -> None:
    game = _spades_position(
        5, 6, [["AS", "2S", "3S", "4S", "5S"], ["6S", "7S", "8S", "KS", "QS", "JS", "10S", "9S"]]
    )
    c, speaker = heard(client_for, game)
    c.app.say_game()  # as at a start with speech on
    assert speaker.spoken[1:] == ["The rest plays itself: press Finish, or H"]
    line = c.app.table.finish.line
    assert line
    after(c, speaker, pygame.K_h)
    assert until_said(c, speaker, 3 + len(line)).startswith("You won!")
    assert speaker.spoken[2] == "Finish"
    moves = speaker.spoken[3 : 3 + len(line)]  # one sentence a card sent home
    assert all(" to Foundation " in s for s in moves), moves


def test_going_back_to_a_winnable_position_says_each_move_undone(
    client_for: MakeClient,
) -> None:
    c, speaker = heard(client_for, code="CR1-N-AAAAAAD")
    for step in ("P13-F3", "P14-F3"):
        c.app.session.apply(step)
    c.app.table.hints.rewind(2)  # what the "Cannot be won" dialog's way back does
    assert [s.split(".")[0] for s in speaker.spoken] == ["Undo", "Undo"]
    assert speaker.spoken[0].startswith("Undo. 3 of diamonds: Foundation 3 to Pile 14.")


def test_a_still_winnable_verdict_is_said_once_until_it_changes(client_for: MakeClient) -> None:
    from tests.ui.test_still_winnable import nearly_won

    c, speaker = heard(client_for, nearly_won(), watch=True)
    said = until_said(c, speaker, 0)
    assert said == "Still winnable"
    c.app.session.apply("P1-F1")
    c.app.table.after_change()
    end = time.monotonic() + 30
    while c.app.table.winnable.marker is None and time.monotonic() < end:
        c.frames(2)
        time.sleep(0.01)
    assert speaker.spoken.count("Still winnable") == 1


# -- ends, dialogs and screens -------------------------------------------------------------


def test_the_win_is_said_with_its_summary(client_for: MakeClient) -> None:
    c, speaker = heard(client_for, one_move_to_win())
    assert after(c, speaker, pygame.K_TAB, pygame.K_RETURN)[1].startswith("King of spades")
    said = until_said(c, speaker, 2)
    assert said.startswith("You won! Time, 0 seconds. Moves, 1. Hints used, 0.")
    assert said.endswith("Close, New game")


def test_blocked_is_said_with_its_buttons(client_for: MakeClient) -> None:
    game = position({"P1": ["9S"], "P3": ["KS"]}, {"F1": "7S", "F5": "JS"}, redeals_left=0)
    c, speaker = heard(client_for, game)
    c.app.open(Screen.BLOCKED)
    assert speaker.spoken == [
        "Blocked. No move is possible and no redeal is left. New game, Restart this deal, Close"
    ]
    c.key(pygame.K_ESCAPE)  # closable, as every end dialog: the table is there to look at
    c.frames(2)
    assert c.app.scenes == [c.app.table]


def test_a_dialog_says_its_text_and_buttons_then_the_button_with_the_focus(
    client_for: MakeClient,
) -> None:
    c, speaker = heard(client_for, code="CR1-N-AAAAAAD")
    c.app.session.apply("P13-F3")
    said = after(c, speaker, pygame.K_n, pygame.K_TAB, pygame.K_TAB)
    assert said == ["Abandon this game? It counts as played, not won. Yes, No", "Yes", "No"]


def test_closing_a_dialog_says_the_table_and_the_focus(client_for: MakeClient) -> None:
    c, speaker = heard(client_for, code="CR1-N-AAAAAAD")
    after(c, speaker, pygame.K_TAB)
    assert after(c, speaker, pygame.K_p, pygame.K_ESCAPE) == [
        "Paused. The clock is stopped. Resume, Restart this deal",
        "Back to the table. Pile 1, Queen of clubs, 6 cards",
    ]


def test_a_setting_pressed_says_its_new_value(client_for: MakeClient) -> None:
    c, speaker = heard(client_for, code="CR1-N-AAAAAAD")
    c.app.open(Screen.SETTINGS)
    for _ in range(20):
        said = after(c, speaker, pygame.K_TAB)
        if said == ["Sound, On"]:
            break
    assert after(c, speaker, pygame.K_RETURN) == ["Sound, Off"]


def test_a_hud_button_pressed_says_its_new_state(client_for: MakeClient) -> None:
    c, speaker = heard(client_for, code="CR1-N-AAAAAAD")
    for _ in range(40):
        if after(c, speaker, pygame.K_TAB) == ["English, Language"]:
            break
    assert after(c, speaker, pygame.K_RETURN) == ["Français, Langue"]


def test_a_new_game_says_its_kind_what_is_left_and_what_can_move(
    client_for: MakeClient,
) -> None:
    c, speaker = heard(client_for, code="CR1-N-AAAAAAD")
    [said] = after(c, speaker, pygame.K_n)
    moves = c.game.legal_moves()
    assert said.startswith(f"New game. Standard. 3 redeals left. {len(moves)} possible moves. ")
    assert ", 6 cards" not in said  # the piles are L's


def test_speech_on_at_the_start_says_the_game_in_short(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    speaker = FakeSpeaker()
    monkeypatch.setattr(speech, "platform_speaker", lambda _lang: speaker)
    session = Session(None, Settings(language="en", speech=True, watch_winnable=False))
    session.start(code="CR1-N-AAAAAAD")
    session.apply("P13-F3")
    from crescent.i18n.translator import load_translator

    app = App(session, Options(size=(1280, 800)), load_translator("en"))
    c = Client(app, SteppedClock())
    try:
        said = speaker.spoken[0]
        assert said.startswith("Standard. 1 move. 3 redeals left. ")
        assert f"{len(session.game.legal_moves())} possible moves. " in said
    finally:
        close_client(c)


def test_the_first_run_tip_is_said(client_for: MakeClient) -> None:
    c, speaker = heard(client_for, code="CR1-N-AAAAAAD")
    show_first_run_tip(c.app)
    tr = c.app.tr
    piles = tr(T.TIP_PILES, settings=tr(T.SETTINGS), setting=tr(T.SHOW_PILES))
    assert c.app.announcer is not None
    spoken_piles = c.app.announcer.spoken(piles)  # its "→" said "to"
    keys = tr(T.SPOKEN_KEYS)
    assert speaker.spoken == [
        f"{tr(T.TIP_TAP)} {tr(T.TIP_CHOOSE)} {spoken_piles} {tr(T.TIP_RULES)} {keys} Got it"
    ]
    assert "Each pile shows only its top card; Settings to Show whole piles" in speaker.spoken[0]


def test_the_rules_screen_is_read_out_and_its_other_tab_too(client_for: MakeClient) -> None:
    c, speaker = heard(client_for, code="CR1-N-AAAAAAD")
    c.app.open(Screen.RULES)
    standard = [b.text for b in load_rules(Doc.STANDARD, "en") if b.kind is not BlockKind.DIAGRAM]
    assert speaker.spoken[-1].startswith(standard[0])
    assert c.app.announcer is not None
    assert c.app.announcer.spoken(standard[-1]) in speaker.spoken[-1]  # "→": "to"
    assert speaker.spoken[-1].endswith(c.app.tr(T.KEYS_SPEECH))  # then the keys
    assert after(c, speaker, pygame.K_TAB)[-1].startswith(load_rules(Doc.LEVELS, "en")[0].text)


# -- the levels game -----------------------------------------------------------------------


def test_a_level_complete_is_said_then_the_next_levels_table(clients: list[Client]) -> None:
    """By ear, judged after every key: the level's last card, "Level 1 complete!", Enter
    (Next level), and the new deal said whole."""
    c = levels_client(last_card(1))
    clients.append(c)
    player = BlindPlayer(c, spoken(c))
    player.hear_the_start()
    player.look_round()
    player.play("P1-F1")
    player.wait(lambda _heard: player.belief.dialog is not None)
    assert player.belief.dialog == "Level 1 complete!"
    said = player.press(pygame.K_RETURN)
    assert said[0].startswith("Level 2. 5 shuffles left. ")
    assert "possible move" in said[0]
    assert player.belief.dialog is None
    assert player.look()[0].startswith("Pile 1, ")


def test_time_up_in_the_levels_game_is_said(clients: list[Client]) -> None:
    c = levels_client()
    clients.append(c)
    speaker = spoken(c)
    levels = c.app.session.levels
    assert levels is not None
    levels.running = True
    levels.time_left = 0.05
    c.frames(10)
    assert speaker.spoken[-1].startswith("Game over. Time is up. 0 levels completed.")


def test_all_four_levels_complete_is_said(clients: list[Client]) -> None:
    c = levels_client(last_card(4))
    clients.append(c)
    speaker = spoken(c)
    c.app.table.play(Move.parse("P1-F1"))
    said = until_said(c, speaker, 1)
    assert said.startswith("All four levels complete! Level 1: 15 minutes left.")
