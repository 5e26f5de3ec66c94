"""The pygame client end to end, headless: real pygame events into the real loop.

Each test posts real events (``pygame.event.post``) that the real event
source reads inside ``run_app``, steps frames with a ``SteppedClock`` and
checks the engine's state, the scene stack and what the table shows.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from crescent.i18n import text as T
from crescent.play.session import Session
from crescent.rules.cards import parse_card
from crescent.rules.engine import Game
from crescent.rules.modes import STANDARD, HudItem
from crescent.ui.cascade import CascadeScene
from crescent.ui.screens import SettingsScreen
from crescent.ui.table import SlotLook
from crescent.ui.win_summary import WinSummaryDialog
from tests.helpers_positions import moves_text, position, tableau_intact
from tests.helpers_ui import (
    Client,
    MakeClient,
    dialog,
    post_mouse,
    press_button,
    shown_matches_engine,
)

ROOT = Path(__file__).resolve().parents[2]
SIZES = [(800, 600), (1280, 800), (1080, 1920), (1920, 1080), (3440, 1440), (3840, 2160)]
EMPTY_TABLE = (300, 400)  # felt between the left column and the foundations at 1280x800


def one_destination(redeals_left: int = 3) -> Game:
    """6S on P1 (alone) can only go to F1 (ascending spades at 5); then, with
    no redeal left, the game is blocked."""
    g = position(
        {"P1": ["6S"], "P2": ["10S"], "P3": ["QS"]},
        {"F1": "5S"},
        redeals_left=redeals_left,
        bury=("P2", "P3"),
    )
    assert moves_text(g) == ["P1-F1"]
    return g


def two_piles() -> Game:
    """6S on P1 goes on 7S (P2) or 5S (P3)."""
    g = position({"P1": ["6S"], "P2": ["7S"], "P3": ["5S"], "P4": ["QS"]}, {"F1": "4S"})
    assert moves_text(g) == ["P1-P2", "P1-P3", "P2-P1", "P3-P1", "P3-F1"]
    return g


SIX_S = parse_card("6S")


def shown(c: Client, place: int) -> SlotLook:
    """How the table last drew ``place``."""
    look = c.app.table.view._slot_keys[place]
    assert look is not None
    return look


def status(c: Client) -> str:
    return c.game.status


# -- pointer ---------------------------------------------------------------------------


def test_a_mouse_tap_moves_the_card(client_for: MakeClient) -> None:
    c = client_for(one_destination())
    c.click(c.centre(0))
    c.frames(1)
    assert c.game.moves == 1
    assert c.game.foundations[0][-1] == SIX_S
    shown_matches_engine(c)
    c.settle()
    shown_matches_engine(c)
    assert shown(c, 16).card == SIX_S


def test_a_finger_drag_to_a_pile_moves_the_card(client_for: MakeClient) -> None:
    c = client_for(two_piles())
    (x0, y0), (x1, y1) = c.centre(0), c.centre(1)
    c.finger(pygame.FINGERDOWN, (x0, y0), finger_id=7)
    for k in range(1, 9):
        c.finger(pygame.FINGERMOTION, (x0 + (x1 - x0) * k / 8, y0 + (y1 - y0) * k / 8), 7)
    c.frames(1)
    assert c.app.table.controller.drag is not None
    assert c.app.table.controller.drag.active
    c.frames(2)  # the dragged card is drawn where the finger is; the pile shows what is under
    assert shown(c, 0).card != SIX_S
    c.finger(pygame.FINGERUP, (x1, y1), finger_id=7)
    c.frames(1)
    assert str(c.game.history[-1]) == "P1-P2"
    assert c.game.piles[1][-1] == SIX_S
    [flight] = c.app.table.anims.flights
    assert flight.card == SIX_S
    assert flight.dst == 1
    # It slides from where it was dropped, not from its old pile.
    assert abs(flight.start[0] - c.app.layout.slots[1].x) <= 1
    assert abs(flight.start[1] - c.app.layout.slots[1].y) <= 1
    c.settle()
    shown_matches_engine(c)


def test_a_mouse_drag_onto_a_pile_moves_the_card(client_for: MakeClient) -> None:
    c = client_for(two_piles())
    (x0, y0), (x1, y1) = c.centre(0), c.centre(2)
    post_mouse(pygame.MOUSEBUTTONDOWN, (x0, y0))
    post_mouse(pygame.MOUSEMOTION, ((x0 + x1) // 2, (y0 + y1) // 2))
    post_mouse(pygame.MOUSEMOTION, (x1, y1))
    post_mouse(pygame.MOUSEBUTTONUP, (x1, y1))
    c.frames(1)
    assert [str(m) for m in c.game.history] == ["P1-P3"]


def test_mouse_events_synthesised_from_touch_are_ignored(client_for: MakeClient) -> None:
    c = client_for(one_destination())
    c.click(c.centre(0), touch=True)
    post_mouse(pygame.MOUSEMOTION, (5, 5), touch=True)
    c.frames(2)
    assert c.game.moves == 0
    assert c.app.table.controller.drag is None
    # The finger events that SDL synthesised them from do the work.
    c.finger(pygame.FINGERDOWN, c.centre(0), finger_id=0)
    c.finger(pygame.FINGERUP, c.centre(0), finger_id=0)
    c.frames(1)
    assert c.game.moves == 1


def test_a_second_finger_does_not_disturb_a_drag(client_for: MakeClient) -> None:
    c = client_for(two_piles())
    (x0, y0), (x1, y1) = c.centre(0), c.centre(1)
    c.finger(pygame.FINGERDOWN, (x0, y0), finger_id=1)
    c.finger(pygame.FINGERMOTION, (x0 + 60, y0 - 60), finger_id=1)
    c.finger(pygame.FINGERDOWN, c.centre(3), finger_id=2)
    c.finger(pygame.FINGERUP, c.centre(3), finger_id=2)
    c.finger(pygame.FINGERMOTION, (x1, y1), finger_id=1)
    c.finger(pygame.FINGERUP, (x1, y1), finger_id=1)
    c.frames(1)
    assert [str(m) for m in c.game.history] == ["P1-P2"]


def test_an_invalid_drop_slides_back_and_says_why(client_for: MakeClient) -> None:
    c = client_for(two_piles())
    (x0, y0), (x1, y1) = c.centre(0), c.centre(3)  # QS
    post_mouse(pygame.MOUSEBUTTONDOWN, (x0, y0))
    post_mouse(pygame.MOUSEMOTION, (x1, y1))
    post_mouse(pygame.MOUSEBUTTONUP, (x1, y1))
    c.frames(1)
    assert c.game.moves == 0
    [flight] = c.app.table.anims.flights
    assert flight.card == SIX_S
    assert flight.dst == 0
    assert c.app.table.banner.text is not None
    assert c.app.table.banner.text == c.app.tr("Must be one rank higher or lower")
    c.settle()
    shown_matches_engine(c)


# -- keyboard --------------------------------------------------------------------------


def test_keyboard_play_tab_then_enter(client_for: MakeClient) -> None:
    c = client_for(one_destination())
    c.key(pygame.K_TAB)
    c.frames(1)
    assert c.app.table.controller.focus == 0
    c.key(pygame.K_RETURN)
    c.frames(1)
    assert [str(m) for m in c.game.history] == ["P1-F1"]


def test_keyboard_select_then_move_with_arrows(client_for: MakeClient) -> None:
    c = client_for(two_piles())
    c.key(pygame.K_TAB)  # P1
    c.key(pygame.K_SPACE)  # selected: two piles accept 6S
    c.key(pygame.K_UP)  # P2
    c.key(pygame.K_RETURN)
    c.frames(1)
    assert [str(m) for m in c.game.history] == ["P1-P2"]


# -- animations never hide the engine's state ---------------------------------------------


def test_a_press_during_an_animation_finishes_it_first(client_for: MakeClient) -> None:
    c = client_for(one_destination())
    c.click(c.centre(0))
    c.frames(2)
    assert c.app.table.anims.busy  # mid-flight
    shown_matches_engine(c)
    post_mouse(pygame.MOUSEBUTTONDOWN, EMPTY_TABLE)
    c.frames(1)
    assert not c.app.table.anims.busy
    shown_matches_engine(c)
    assert shown(c, 16).card == SIX_S


def test_undo_during_an_animation_lands_the_move_then_takes_it_back(client_for: MakeClient) -> None:
    c = client_for(one_destination())
    c.click(c.centre(0))
    c.frames(2)
    c.key(pygame.K_u)
    c.frames(1)
    assert c.game.moves == 0
    assert c.game.piles[0][-1] == SIX_S
    [flight] = c.app.table.anims.flights  # only the card going home
    assert flight.dst == 0
    assert flight.card == SIX_S
    shown_matches_engine(c)
    c.settle()
    shown_matches_engine(c)


# -- commands ------------------------------------------------------------------------------


def test_undo_by_key_by_ctrl_z_and_by_the_hud_button(client_for: MakeClient) -> None:
    c = client_for(two_piles())
    for undo in ("u", "ctrl+z", "hud"):
        c.click(c.centre(0))  # selects P1
        c.pause()
        c.click(c.centre(1))  # onto P2
        c.frames(1)
        assert c.game.moves == 1, undo
        c.pause()
        if undo == "u":
            c.key(pygame.K_u)
        elif undo == "ctrl+z":
            c.key(pygame.K_z, pygame.KMOD_LCTRL)
        else:
            c.click(c.hud("undo"))
        c.frames(1)
        assert c.game.moves == 0, undo
        assert c.game.piles[0][-1] == SIX_S
        c.settle()
        shown_matches_engine(c)
        c.pause()


def test_redeal_by_the_hud_button_and_by_key(client_for: MakeClient) -> None:
    c = client_for()
    expected = Game.from_code("CR1-N-AAAAAAB")
    c.click(c.hud("redeal"))  # moves remain: asked first ("Redeal now?")
    c.frames(1)
    assert c.game.redeals_left == 3
    c.key(pygame.K_TAB)  # to Redeal (Cancel is the default)
    c.key(pygame.K_RETURN)
    c.frames(1)
    expected.redeal()
    assert c.game.piles == expected.piles
    assert c.game.redeals_left == 2
    c.settle()
    shown_matches_engine(c)
    c.key(pygame.K_r)
    c.key(pygame.K_TAB)
    c.key(pygame.K_RETURN)
    c.frames(1)
    expected.redeal()
    assert c.game.piles == expected.piles
    assert c.game.redeals_left == 1


def test_new_game_by_key(client_for: MakeClient) -> None:
    c = client_for()
    c.key(pygame.K_n)
    c.frames(1)
    assert c.game.code != "CR1-N-AAAAAAB"
    assert c.game.moves == 0
    assert tableau_intact(c.game)
    shown_matches_engine(c)


def test_escape_clears_a_selection(client_for: MakeClient) -> None:
    c = client_for(two_piles())
    c.click(c.centre(0))
    c.frames(1)
    assert c.app.table.controller.selected == 0
    assert shown(c, 1).dest  # a destination is highlighted
    c.key(pygame.K_ESCAPE)
    c.frames(1)
    assert c.app.table.controller.selected is None
    assert not shown(c, 1).dest
    assert c.app.running


def test_a_window_resize_relays_the_table_out_and_taps_follow(client_for: MakeClient) -> None:
    c = client_for(one_destination())
    old = c.app.layout
    pygame.display.set_mode((800, 600), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=800, y=600))
    c.frames(1)
    assert c.app.size == (800, 600)
    assert c.app.layout is not old
    assert c.app.layout.width == 800
    assert c.app.screen.get_size() == (800, 600)
    shown_matches_engine(c)
    c.click(c.centre(0))
    c.frames(1)
    assert [str(m) for m in c.game.history] == ["P1-F1"]


def test_face_down_deal_turns_the_new_top_face_up(client_for: MakeClient) -> None:
    c = client_for(code="CR1-D-AAAAAAB")
    assert c.game.down[0] == 5
    assert shown(c, 0).down is False
    c.click(c.centre(0))  # P1-P11 is its only move
    c.frames(1)
    assert [str(m) for m in c.game.history] == ["P1-P11"]
    c.settle()
    assert shown(c, 0).card == c.game.piles[0][-1]
    assert shown(c, 0).down is False
    shown_matches_engine(c)


# -- end of game ----------------------------------------------------------------------------


def test_blocked_dialog_appears_and_undo_last_move_works(client_for: MakeClient) -> None:
    c = client_for(one_destination(redeals_left=0))
    c.click(c.centre(0))
    c.frames(1)
    assert status(c) == "blocked"
    c.settle()
    d = dialog(c)
    assert d.title == c.app.tr(T.BLOCKED_TITLE)
    press_button(c, c.app.tr(T.UNDO_LAST))
    assert c.app.scenes == [c.app.table]
    assert c.game.moves == 0
    assert status(c) == "playing"
    assert c.game.piles[0][-1] == SIX_S
    c.settle()
    shown_matches_engine(c)


def test_blocked_dialog_new_game(client_for: MakeClient) -> None:
    c = client_for(one_destination(redeals_left=0))
    c.click(c.centre(0))
    c.frames(1)
    c.settle()
    press_button(c, c.app.tr(T.NEW_GAME))
    assert c.app.scenes == [c.app.table]
    assert c.game.moves == 0
    assert status(c) == "playing"
    assert c.game.code != "CR1-N-AAAAAAB"


def test_won_cascade_then_summary_on_a_won_game(client_for: MakeClient) -> None:
    g = position({"P1": ["KS"]}, {"F1": "QS"})  # one card from the end
    assert moves_text(g) == ["P1-F1"]
    c = client_for(g)
    c.click(c.centre(0))
    c.frames(1)
    assert status(c) == "won"
    assert c.app.scenes == [c.app.table]  # not before the last card lands
    c.settle()
    assert isinstance(c.app.scenes[-1], CascadeScene)
    assert c.app.session.stats.get("N").won == 1
    c.key(pygame.K_SPACE)  # skips the cascade
    c.frames(1)
    d = c.app.scenes[-1]
    assert isinstance(d, WinSummaryDialog)
    c.frames(1)
    [new] = [b for b in d.buttons if b.label == c.app.tr(T.NEW_GAME)]
    c.click(new.rect.center)
    c.frames(1)
    assert c.app.scenes == [c.app.table]
    assert status(c) == "playing"
    assert c.game.moves == 0


# -- screenshots and sizes --------------------------------------------------------------------


def test_screenshot_option_writes_a_png_of_the_window_size(tmp_path: Path) -> None:
    out = tmp_path / "shot.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    r = subprocess.run(
        [
            sys.executable,
            str(ROOT / "main.py"),
            "--code",
            "CR1-N-AAAAAAB",
            "--size",
            "1280x800",
            "--screenshot",
            str(out),
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert pygame.image.load(str(out)).get_size() == (1280, 800)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_table_draws_and_plays_at_every_size(
    client_for: MakeClient,
    size: tuple[int, int],
    tmp_path: Path,
) -> None:
    c = client_for(one_destination(), size=size)
    c.frames(3)
    shot = tmp_path / f"table-{size[0]}x{size[1]}.png"
    c.app.screenshot(shot)
    img = pygame.image.load(str(shot))
    assert img.get_size() == size
    # Not a blank window: the felt, a card face and the HUD differ in colour.
    lay = c.app.layout
    felt = img.get_at((lay.width // 2, lay.slots[4].bottom + 2))[:3]
    face = img.get_at(lay.slots[0].center)[:3]
    assert felt != face
    # The hit tests match what is drawn at this size.
    c.click(c.centre(0))
    c.frames(1)
    assert [str(m) for m in c.game.history] == ["P1-F1"]
    c.settle()
    shown_matches_engine(c)


def test_the_clock_starts_with_the_first_move_and_pauses_without_focus(
    client_for: MakeClient,
) -> None:
    c = client_for()
    c.frames(61)
    assert c.app.session.elapsed == 0.0  # no move yet
    c.click(c.centre(0))  # P1's only destination: it moves
    c.frames(61)
    running = c.app.session.elapsed
    assert running > 0.9
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST, window=None))
    c.frames(121)
    assert c.app.session.elapsed == pytest.approx(running, abs=0.02)
    pygame.event.post(pygame.event.Event(pygame.WINDOWMINIMIZED, window=None))
    pygame.event.post(pygame.event.Event(pygame.WINDOWRESTORED, window=None))
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSGAINED, window=None))
    c.frames(61)
    assert c.app.session.elapsed > running + 0.9


def test_a_dialog_is_tappable_before_it_is_drawn_and_drawn_once_a_frame(
    client_for: MakeClient,
) -> None:
    """Hit targets come from the layout, not from the last frame; drawing changes nothing."""
    c = client_for(one_destination())
    c.frames(1)
    screen = SettingsScreen(c.app)
    draws: list[int] = []
    real = screen.draw_panel

    def counted(surface: pygame.Surface) -> None:
        draws.append(1)
        real(surface)

    screen.draw_panel = counted  # type: ignore[method-assign]
    c.app.push(screen)
    before = [(b.action, tuple(b.rect)) for b in screen.buttons]
    rules = c.app.session.settings.interactive_rules
    [button] = [b for b in screen.buttons if b.action == screen.steps["interactive_rules"]]
    c.click(button.rect.center)
    c.frames(1)  # handles the tap (before the dialog was ever drawn), then draws once
    assert c.app.session.settings.interactive_rules is not rules
    assert draws == [1]
    assert [(b.action, tuple(b.rect)) for b in screen.buttons] == before
    c.frames(3)
    assert draws == [1]  # nothing changed: not drawn again


def test_the_hud_shows_the_cells_its_mode_declares(
    client_for: MakeClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A mode's HUD items are all the client needs to lay out, draw and tap its HUD."""
    c = client_for(one_destination())
    c.frames(1)
    assert len(c.app.layout.hud_cells) == len(STANDARD.hud)
    short = STANDARD.replace(hud=(HudItem.TIME, HudItem.UNDO, HudItem.NEW, HudItem.SETTINGS))
    monkeypatch.setattr(Session, "mode", property(lambda self: short))
    c.app.new_game()
    c.frames(1)
    assert len(c.app.layout.hud_cells) == 4
    assert len(c.app.table.view._hud_keys) == 4
    cell = c.app.layout.hud_cells[3]
    c.click((cell.x + cell.w // 2, cell.y + cell.h // 2))
    c.frames(2)
    assert type(c.app.scenes[-1]).__name__ == "SettingsScreen"
