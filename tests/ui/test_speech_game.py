"""Issue 31 item 1, "done when": a keyboard-only game won with the screen off, from what
is spoken alone, and every change of the table said (tests/helpers_speech.py: the player
decides from the sentences, the judge checks them against the game after every key)."""

from __future__ import annotations

import pygame
import pytest

from crescent.i18n import text as T
from crescent.languages import LANGUAGES
from crescent.rules.engine import PILES, Game, Reason
from crescent.ui.speech import FakeSpeaker
from tests.helpers_speech import BlindPlayer
from tests.helpers_ui import Client, MakeClient

pytestmark = pytest.mark.usefixtures("searches_in_positions")
"""Hint searches count positions, not seconds (tests/helpers_clock.py): the hints a
quiet machine gives, on a busy one too."""

CODE = "CR1-N-AAAAAAD"
LINE_TEXT = (
    "P13-F3 P14-F3 P16-F6 P1-F8 P12-F6 P5-F6 P3-F3 P16-F8 P5-P6 P5-F6 P5-F2 P9-F2 P3-P14 "
    "P3-F4 P7-P11 P5-P11 P5-F8 P7-P13 P7-F8 P7-F3 P2-P9 P2-F3 P11-F3 P11-F3 P11-F3 P10-P2 "
    "P10-F4 P1-P11 P1-F4 P11-F4 P11-F4 P11-F6 P15-P6 P15-F4 P15-F1 P13-P6 P16-P13 P16-F3 "
    "P10-F3 P16-F2 P14-F2 P10-F5 P10-F1 P13-F1 P13-F1 P6-F1 P6-F1 P14-F2 P12-P10 P13-P16 "
    "P13-P7 P9-P13 P9-P13 P9-F3 F3-F7 F3-F7 F3-F7 F3-F7 F3-F7 P16-F3 P16-F3 P9-F1 P9-F1 "
    "P11-F1 P11-P12 P11-F2 F2-F6 F2-F6 F2-F6 P4-F2 P4-F3 R P4-F6 P8-F7 P8-F6 P8-F7 P7-F7 "
    "P14-F1 P4-F5 P4-F1 P13-F5 P6-F5 P2-F4 F8-F4 F8-F4 F8-F4 F8-F4 P13-F4 P13-F8 P13-F8 "
    "P2-F1 P1-P9 P14-P15 P14-F2 P12-F2 P1-F2 P1-F6 R P6-F7 P7-F8 P7-F8 P12-F2 P12-P4 P12-F6 "
    "P12-F5 P2-F5 P6-F5 P6-F5 P6-F7 P6-F7 P6-F3 P14-F3 P3-F3 P8-P2 P8-P3 R P2-F8 P9-F8 P9-F8 "
    "P10-F2 P10-F2 P15-F7 P3-F8 P4-F2 P4-F2 P15-F8 P3-F8 P3-F8 P8-F8 P15-P2 P15-F5 P2-F5 "
    "P2-F5 P2-F5"
)
LINE = LINE_TEXT.split()
"""A win of CODE found in advance by the solver (``python -m crescent.solver CR1-N-AAAAAAD
--json``): 134 steps, three redeals, moves between foundations."""
LATE = 84
"""Where the quick game starts: 50 steps from the win, two redeals and an F8-F4 run to go."""


def listening_client(
    client_for: MakeClient, game: Game | None = None, lang: str = "en"
) -> tuple[Client, BlindPlayer]:
    c = client_for(game, code=CODE, lang=lang)
    speaker = FakeSpeaker()
    c.app.speak_with(speaker)
    player = BlindPlayer(c, speaker)
    player.hear_the_start()
    return c, player


def hear_the_win(player: BlindPlayer) -> None:
    """The last card home: every foundation full as heard, then the win said."""
    assert player.belief.won, "every foundation full, as heard"
    player.wait(lambda heard: player.belief.dialog is not None)
    assert player.belief.dialog == player.ears.lex.said(player.ears.lex.tr(T.WON_TITLE))


# -- detours on the way: each a change the player must hear ------------------------------


def refuse_on_a_base(player: BlindPlayer) -> None:
    """Enter on a foundation that holds only its base: refused, and the reason said."""
    player.go_to(PILES)
    player.press(pygame.K_RETURN)
    assert player.belief.refused == player.ears.lex.said(
        player.ears.lex.tr.reason(Reason.BASE_LOCKED)
    )


def undo_and_redo(player: BlindPlayer) -> None:
    player.undo()
    player.redo()


def follow_a_hint_and_take_it_back(player: BlindPlayer) -> None:
    """H: the hint said; H again plays it; U takes it back (the line goes on)."""
    hint = player.ask_hint()
    moves = player.belief.moves
    player.press(pygame.K_h)
    assert player.belief.moves == (moves or 0) + 1, f"the hint {hint} was not heard played"
    player.undo()


def new_game_answered_no(player: BlindPlayer) -> None:
    """N with moves played: "Abandon this game?", No: the table again."""
    player.press(pygame.K_n)
    assert player.belief.dialog == player.ears.lex.said(player.ears.lex.tr(T.ABANDON_TITLE))
    player.choose(player.ears.lex.tr(T.NO))
    assert player.belief.dialog is None


def pause_and_resume(player: BlindPlayer) -> None:
    player.press(pygame.K_p)
    assert player.belief.dialog == player.ears.lex.said(player.ears.lex.tr(T.PAUSED))
    player.press(pygame.K_ESCAPE)
    assert player.belief.dialog is None


def sound_off_and_on(player: BlindPlayer) -> None:
    """The Sound button: its new state said at each press."""
    tr = player.ears.lex.tr
    said = player.table_button(tr(T.SOUND))
    assert said == [f"{tr(T.SOUND)}, {tr(T.OFF)}"]
    assert player.press(pygame.K_RETURN) == [f"{tr(T.SOUND)}, {tr(T.ON)}"]


def arrows(player: BlindPlayer) -> None:
    """The arrows move the focus too, each place said."""
    player.go_to(4)
    for key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_LEFT, pygame.K_UP):
        assert player.press(key)


def status(player: BlindPlayer) -> None:
    """T: the clock, the moves and the redeals left, said (and believed: the judge checks)."""
    assert player.press(pygame.K_t)


def the_table_aloud(player: BlindPlayer) -> None:
    """M: what is left and the moves that can be played; L: every place (believed)."""
    [said] = player.press(pygame.K_m)
    assert [h.kind for h in player.ears.lex.hear(said)] == ["redeals", "movable"], said
    player.look()


DETOURS = {
    0: refuse_on_a_base,
    6: undo_and_redo,
    12: follow_a_hint_and_take_it_back,
    20: new_game_answered_no,
    30: pause_and_resume,
    40: sound_off_and_on,
    50: arrows,
    60: the_table_aloud,
    75: status,
}
"""Where the whole game takes a detour (before that step of LINE)."""


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_the_end_of_a_deal_is_won_by_ear_in_each_language(
    client_for: MakeClient, lang: str
) -> None:
    """The words of every language are enough: the player's ears are made from the
    catalogs (place and card names, counts, the sentences' shapes)."""
    game = Game.from_code(CODE)
    for step in LINE[:LATE]:
        game.apply(step)
    c, player = listening_client(client_for, game, lang=lang)
    player.look_round()
    for step in LINE[LATE:]:
        player.play(step)
    hear_the_win(player)
    assert c.game.is_won


@pytest.mark.slow
def test_a_whole_deal_is_won_by_ear_every_change_said(client_for: MakeClient) -> None:
    """The issue's "done when": keys only, decisions from the sentences only, detours
    through undo, redo, a hint, dialogs, the pause, a HUD button and the arrows; after
    the win the summary closes and a new deal is said."""
    c, player = listening_client(client_for)
    player.look_round()
    for i, step in enumerate(LINE):
        if i in DETOURS:
            DETOURS[i](player)
        player.play(step)
    hear_the_win(player)
    assert c.game.is_won
    player.press(pygame.K_ESCAPE)
    assert player.belief.dialog is None
    player.press(pygame.K_n)
    assert player.belief.moves == 0
    assert player.belief.redeals_left == 3
