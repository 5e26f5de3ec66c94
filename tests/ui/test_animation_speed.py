"""Animation speed (issue 46 item 13): normal, fast or none, chosen in Settings; moves,
redeals, Finish and the win's cascade follow it, and with none the place a card went
lights up a moment. Time is the stepped clock's: one frame, 1/60 s."""

from __future__ import annotations

import pygame
import pytest

from crescent.control.anim import MARK_S, MOVE_S, PACES
from crescent.i18n import text as T
from crescent.play.settings import DECLARED, Page
from crescent.rules.modes import HudItem
from crescent.ui.cascade import CascadeScene
from crescent.ui.screens import SettingsScreen
from crescent.ui.win_summary import WinSummaryDialog
from tests.helpers_positions import position
from tests.helpers_ui import Client, MakeClient, press_button, settings_button
from tests.solver.test_autofinish import _spades_position

P1, P11 = 0, 10
"""In CR1-N-AAAAAAB, P1's 5 of hearts has one place to go: P11."""
NAMES = {"normal": T.ANIMATION_NORMAL, "fast": T.ANIMATION_FAST, "none": T.ANIMATION_NONE}


def choose(c: Client, speed: str) -> None:
    """Settings → Display and access → Animation, tapped until it says ``speed``."""
    c.click(c.hud(HudItem.SETTINGS))
    c.frames(2)
    screen = c.app.scenes[-1]
    assert isinstance(screen, SettingsScreen)
    screen.show_display_page()
    label = c.app.tr(T.ANIMATION)
    for _ in range(len(PACES)):
        c.frames(1)
        if screen.value_text("animation") == c.app.tr(NAMES[speed]):
            break
        c.click(settings_button(screen, label))
    assert screen.value_text("animation") == c.app.tr(NAMES[speed])
    assert c.app.session.settings.animation == speed
    c.key(pygame.K_ESCAPE)
    c.frames(2)
    assert c.app.scenes[-1] is c.app.table
    c.pause()


def step(c: Client) -> None:
    """One update step of 1/60 s, and its frame (a loop of two frames takes one step)."""
    c.frames(2)


def frames_until_still(c: Client, limit: int = 600) -> int:
    """Steps taken until no card flies."""
    for n in range(1, limit):
        step(c)
        if not c.app.table.anims.busy:
            return n
    raise AssertionError("the cards never landed")


def test_the_setting_is_declared_once_on_the_display_page() -> None:
    spec = DECLARED["animation"]
    assert spec.choices == tuple(PACES)
    assert spec.page is Page.DISPLAY
    assert spec.default == "normal"
    assert spec.kiosk is not None


@pytest.mark.parametrize(("speed", "most"), [("normal", 13), ("fast", 6), ("none", 2)])
def test_a_move_flies_for_the_speed_chosen(client_for: MakeClient, speed: str, most: int) -> None:
    c = client_for(size=(800, 600))
    choose(c, speed)
    c.click(c.centre(P1))
    frames = frames_until_still(c)
    assert c.game.moves == 1
    # A flight of MOVE_S * pace seconds lands within that many frames and one more.
    assert frames <= most
    assert frames >= int(MOVE_S * PACES[speed] * 60) - 1


def test_with_none_the_place_a_card_went_lights_up_a_moment(client_for: MakeClient) -> None:
    c = client_for(size=(800, 600))
    choose(c, "none")
    c.click(c.centre(P1))
    step(c)
    view = c.app.table.view
    look = view._slot_keys[P11]
    assert look is not None
    assert look.marked
    assert not any(k is not None and k.marked for p, k in enumerate(view._slot_keys) if p != P11)
    # Its ring is drawn round the card, in the colour of a place that takes a card.
    slot = c.app.layout.slots[P11]
    assert c.app.screen.get_at((slot.centerx, slot.y - 2))[:3] == c.app.theme.dest
    # It goes after MARK_S seconds, and the table is drawn without it.
    for _ in range(round(MARK_S * 60) + 1):
        step(c)
    look = view._slot_keys[P11]
    assert look is not None
    assert not look.marked
    assert c.app.screen.get_at((slot.centerx, slot.y - 2))[:3] != c.app.theme.dest


def test_no_mark_when_cards_fly(client_for: MakeClient) -> None:
    c = client_for(size=(800, 600))
    c.click(c.centre(P1))
    frames_until_still(c)
    assert not any(k is not None and k.marked for k in c.app.table.view._slot_keys)


@pytest.mark.parametrize(("speed", "most"), [("normal", 45), ("fast", 19), ("none", 2)])
def test_a_redeal_deals_for_the_speed_chosen(client_for: MakeClient, speed: str, most: int) -> None:
    c = client_for(size=(800, 600))
    choose(c, speed)
    c.click(c.hud(HudItem.REDEAL))
    c.frames(1)
    press_button(c, c.app.tr(T.REDEAL))  # asked first: a redeal cannot be undone
    frames = frames_until_still(c)
    assert c.game.redeals_left == 2
    assert frames <= most
    assert frames > most // 2 or speed == "none"
    if speed == "none":
        marked = [p for p, k in enumerate(c.app.table.view._slot_keys) if k and k.marked]
        assert marked == [p for p in range(16) if len(c.game.piles[p]) >= 2]


def finish_frames(c: Client) -> int:
    """Frames from pressing Finish until the game is won and still."""
    assert c.app.table.finish.line
    c.click(c.hud(HudItem.HINT))
    for n in range(1, 2000):
        step(c)
        if c.game.is_won and not c.app.table.anims.busy:
            return n
    raise AssertionError("Finish never ended")


def finishing() -> object:
    return _spades_position(
        5, 6, [["AS", "2S", "3S", "4S", "5S"], ["6S", "7S", "8S", "KS", "QS", "JS", "10S", "9S"]]
    )


def test_finish_follows_the_speed(client_for: MakeClient) -> None:
    frames = {}
    for speed in PACES:
        c = client_for(finishing(), size=(800, 600))
        choose(c, speed)
        frames[speed] = finish_frames(c)
    # 13 moves: some 7 frames each at normal, a frame or two each with none.
    assert frames["none"] <= 13 * 2 + 2 < frames["fast"] < frames["normal"]


def cascade_frames(c: Client) -> int | None:
    """Frames from the winning tap until the summary shows; None: no cascade was seen."""
    c.click(c.centre(0))
    seen = False
    for n in range(1, 60 * 30):
        step(c)
        seen = seen or isinstance(c.app.scenes[-1], CascadeScene)
        if isinstance(c.app.scenes[-1], WinSummaryDialog):
            return n if seen else None
    raise AssertionError("no summary")


def test_the_win_cascade_follows_the_speed(client_for: MakeClient) -> None:
    won = {}
    for speed in PACES:
        c = client_for(position({"P1": ["KS"]}, {"F1": "QS"}), size=(800, 600))
        choose(c, speed)
        won[speed] = cascade_frames(c)
    assert won["none"] is None  # straight to the summary
    assert won["fast"] is not None
    assert won["normal"] is not None
    assert won["fast"] < won["normal"] * 0.6
