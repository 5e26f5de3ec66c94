"""A newcomer never loses a game by accident and always understands the table (issue 13)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from crescent.control.explain import ROW_TAGS, contrast_ratio, over, place_label
from crescent.control.input import PLACES
from crescent.control.layout import compute_layout
from crescent.control.table_mode import TableMode
from crescent.engine import Game, Move, Reason
from crescent.i18n import text as T
from crescent.i18n.translator import load_translator
from crescent.rules import modes
from crescent.rules.modes import HudItem
from crescent.solver.hints import HintAnswer
from crescent.solver.outcome import HintKind
from crescent.solver.pools import load_daily
from crescent.ui import render
from crescent.ui.dialogs import MessageDialog, RowKind
from crescent.ui.scene import Screen
from crescent.ui.screens import CodeScreen
from crescent.ui.stats_screen import StatsScreen
from crescent.ui.table import HUD_ITEMS
from tests.helpers_positions import position
from tests.helpers_ui import Client, MakeClient
from tests.ui.test_ui_hint import _clubs_position

pytestmark = pytest.mark.usefixtures("searches_in_positions")
"""Hint searches count positions, not seconds (tests/helpers_clock.py): the hints a
quiet machine gives, on a busy one too."""

HUD_BUTTONS = [n for n in HUD_ITEMS if n not in (HudItem.TIME, HudItem.MOVES)]
EMPTY_FELT = (300, 400)  # between the left column and the foundations at 1280x800


def top_dialog(c: Client) -> MessageDialog:
    top = c.app.scenes[-1]
    assert isinstance(top, MessageDialog), c.app.scenes
    return top


def message(c: Client) -> str:
    assert c.app.table.banner.text is not None, "nothing said"
    return c.app.table.banner.text


def play_first_move(c: Client) -> None:
    c.click(c.centre(0))  # P1 of CR1-N-AAAAAAB has one destination
    c.frames(1)
    assert c.game.moves == 1
    c.settle()
    c.pause()


# -- progress is never thrown away by one tap --------------------------------------


def test_leaving_counts_only_with_moves_played_and_the_game_on(client_for: MakeClient) -> None:
    session = client_for().app.session
    assert not session.leaving_counts
    session.play(session.game.legal_moves()[0])
    assert session.leaving_counts


def test_new_game_with_moves_played_asks_and_no_is_the_default(client_for: MakeClient) -> None:
    c = client_for()
    play_first_move(c)
    code = c.game.code
    asks: list[Callable[[], None]] = [lambda: c.key(pygame.K_n), lambda: c.click(c.hud("new"))]
    for ask in asks:
        ask()
        c.frames(2)
        d = top_dialog(c)
        assert d.title == c.app.tr(T.ABANDON_TITLE)
        c.key(pygame.K_RETURN)  # the default answer: No
        c.frames(2)
        assert c.app.scenes[-1] is c.app.table
        assert c.game.code == code
        assert c.game.moves == 1
    assert c.app.session.stats.get("N").played == 0
    c.key(pygame.K_n)
    c.frames(2)
    [yes] = [b for b in top_dialog(c).buttons if b.label == c.app.tr(T.YES)]
    c.click(yes.rect.center)
    c.frames(2)
    assert c.game.moves == 0
    assert c.app.scenes[-1] is c.app.table
    assert c.app.session.stats.get("N").played == 1


@pytest.mark.parametrize("button", ["deal", "daily"])
def test_the_code_dialog_asks_before_it_replaces_a_game_in_progress(
    client_for: MakeClient, button: str
) -> None:
    c = client_for()
    c.app.session.daily = load_daily
    play_first_move(c)
    code = c.game.code
    c.click(c.hud("code"))
    c.frames(2)
    screen = c.app.scenes[-1]
    assert isinstance(screen, CodeScreen)
    screen.typed = "CR1-N-AAAAAAD"
    label = c.app.tr(T.DEAL if button == "deal" else T.DAILY_DEAL)
    [press] = [b for b in screen.buttons if b.label == label]
    c.click(press.rect.center)
    c.frames(2)
    d = top_dialog(c)
    assert d.title == c.app.tr(T.ABANDON_TITLE)
    c.key(pygame.K_RETURN)  # the default answer: No
    c.frames(2)
    assert c.app.scenes[-1] is screen
    assert (c.game.code, c.game.moves) == (code, 1)
    assert c.app.session.stats.get("N").played == 0
    c.click(press.rect.center)
    c.frames(2)
    [yes] = [b for b in top_dialog(c).buttons if b.label == c.app.tr(T.YES)]
    c.click(yes.rect.center)
    c.frames(2)
    assert list(c.app.scenes)[-1] is c.app.table  # a new look: the assert above narrowed
    assert c.game.moves == 0
    assert c.game.code != code


def test_the_code_dialog_deals_at_once_when_nothing_is_played(client_for: MakeClient) -> None:
    c = client_for()
    c.click(c.hud("code"))
    c.frames(2)
    screen = c.app.scenes[-1]
    assert isinstance(screen, CodeScreen)
    screen.typed = "CR1-N-AAAAAAD"
    screen.run(screen.deal)
    c.frames(2)
    assert c.app.scenes[-1] is c.app.table
    assert c.game.code == "CR1-N-AAAAAAD"


def test_new_game_with_nothing_played_asks_nothing(client_for: MakeClient) -> None:
    c = client_for()
    code = c.game.code
    c.key(pygame.K_n)
    c.frames(2)
    assert c.app.scenes[-1] is c.app.table
    assert c.game.code != code


def test_redeal_with_moves_left_asks_first_in_a_dialog_cancel_by_default(
    client_for: MakeClient,
) -> None:
    """The one confirmation style (docs/PLAYING.md): a dialog that says what is lost, as
    "Abandon this game?" and the levels game's Shuffle ask; Enter cancels."""
    c = client_for()
    assert c.game.has_move()
    c.click(c.hud("redeal"))
    c.frames(2)
    assert c.game.redeals_left == 3  # not yet
    dialog = c.app.scenes[-1]
    assert isinstance(dialog, MessageDialog)
    assert dialog.title == c.app.tr(T.REDEAL_CONFIRM_TITLE)
    assert dialog.lines == [c.app.tr(T.REDEAL_CONFIRM)]
    c.key(pygame.K_RETURN)  # Cancel, the default
    c.frames(2)
    assert c.app.scenes == [c.app.table]
    assert c.game.redeals_left == 3
    c.key(pygame.K_r)
    c.frames(2)
    dialog = c.app.scenes[-1]
    assert isinstance(dialog, MessageDialog)
    [redeal] = [b for b in dialog.buttons if b.label == c.app.tr(T.REDEAL)]
    c.click(redeal.rect.center)
    c.frames(2)
    assert c.app.scenes == [c.app.table]
    assert c.game.redeals_left == 2


def test_redeal_with_no_move_left_redeals_at_once(client_for: MakeClient) -> None:
    c = client_for(position({"P1": ["9S"], "P3": ["KS"]}, {"F1": "7S", "F5": "JS"}, redeals_left=2))
    assert not c.game.has_move()
    c.key(pygame.K_r)
    c.frames(2)
    assert c.app.scenes == [c.app.table]
    assert c.game.redeals_left == 1


# -- the table explains itself -------------------------------------------------------


def test_foundation_labels_show_their_direction_and_rows_have_tags() -> None:
    assert place_label(9, 6) == "P10 · 6"
    assert place_label(16, 1) == "F1 ↑ · 1"  # climbs A→K, even on the bare base
    assert place_label(20, 3) == "F5 ↓ · 3"  # falls K→A
    assert ROW_TAGS == ("A→K", "K→A")
    for size in ((800, 600), (1280, 800), (1080, 1920)):
        lay = compute_layout(*size, hud_items=9)
        up, down = lay.foundation_rows
        assert all(up.contains_rect(lay.slots[p]) for p in range(16, 20))
        assert all(down.contains_rect(lay.slots[p]) for p in range(20, 24))
        assert not up.intersects(down)
        for tag, band in zip(lay.row_tags, (up, down), strict=True):
            # Left of its band, or in a strip just above (Aces) or below (Kings) the rows.
            assert tag.w > 0
            assert not tag.intersects(up)
            assert not tag.intersects(down)
            assert tag.right <= band.x or tag.bottom <= up.y or tag.y >= down.bottom
            assert lay.foundation_area.contains_rect(tag) or tag.right <= band.x


def _pixel(c: Client, pos: tuple[int, int]) -> tuple[int, int, int]:
    col = c.app.screen.get_at(pos)
    return (col.r, col.g, col.b)


def test_the_two_foundation_rows_look_different(client_for: MakeClient) -> None:
    c = client_for()
    lay = c.app.layout
    # The band between two cards of each row: the felt shows through, tinted.
    a = _pixel(c, (lay.slots[16].right + 2, lay.slots[16].centery))
    b = _pixel(c, (lay.slots[20].right + 2, lay.slots[20].centery))
    assert sum(a) - sum(b) > 60, (a, b)


def test_a_complete_foundation_looks_complete(client_for: MakeClient) -> None:
    g = position({"P1": ["KS"], "P2": ["5S"]}, {"F1": "QS", "F5": "KS"})
    c = client_for(g)
    lay = c.app.layout
    s = lay.slots[16]
    frame = (s.centerx, s.y - max(3, lay.card_w // 22))

    def gold() -> bool:
        r, g, b = _pixel(c, frame)
        return r > 200 and g > 160 and b < 120

    assert not gold()
    c.click(c.centre(0))  # KS onto F1: complete
    c.frames(1)
    c.settle()
    assert gold()


def test_tapping_a_card_with_nowhere_to_go_says_so(client_for: MakeClient) -> None:
    g = position({"P1": ["9S"], "P2": ["3S"]}, {"F1": "5S", "F5": "KS"})
    c = client_for(g, lang="fr")
    c.click(c.centre(0))
    c.frames(1)
    assert message(c) == "Aucune place n'accepte le 9♠"


def test_tapping_a_complete_foundation_says_it_is_complete(client_for: MakeClient) -> None:
    g = position({"P1": ["2S"]}, {"F5": "9S"})
    c = client_for(g)
    c.click(c.centre(16))
    c.frames(1)
    assert message(c) == c.app.tr.reason(Reason.FOUNDATION_COMPLETE)


def test_press_redeal_goes_after_the_last_redeal(client_for: MakeClient) -> None:
    # Stuck with one redeal left: the table points at Redeal; after it, nothing says so.
    g = position({"P1": ["9S"], "P2": ["3S"]}, {"F1": "5S", "F5": "KS"}, redeals_left=1)
    c = client_for(g)
    assert message(c) == c.app.tr(T.POINT_REDEAL)
    c.key(pygame.K_r)
    c.frames(1)
    c.settle()
    assert c.game.redeals_left == 0
    assert c.app.table.banner.text is None or c.app.table.banner.text != c.app.tr(T.POINT_REDEAL)


def test_the_hint_sentence_goes_once_its_move_is_played(client_for: MakeClient) -> None:
    c = client_for(position({"P1": ["6S"], "P2": ["7S"], "P3": ["5S"]}, {"F1": "4S"}))
    table = c.app.table
    table.hints.answer = HintAnswer(HintKind.GUESS, Move(0, 1), changes=c.app.session.changes)
    table.say(c.app.tr(T.HINT_UNSURE, move="P1 → P2"))
    table.hints.ask()  # the second press plays it
    c.frames(1)
    assert c.game.moves == 1
    assert table.banner.text is None


def test_undo_after_a_redeal_says_why_it_does_nothing(client_for: MakeClient) -> None:
    c = client_for()
    play_first_move(c)
    c.app.table.redeal()  # (with moves left, the Redeal button asks first)
    c.frames(1)
    c.settle()
    assert c.game.redeals_left == 2
    assert not c.game.can_undo
    c.click(c.hud("undo"))
    c.frames(1)
    assert message(c) == c.app.tr(T.UNDO_AFTER_REDEAL)


def test_after_no_place_takes_a_card_the_next_tap_plays_the_card_tapped(
    client_for: MakeClient,
) -> None:
    # Issue 29: "No place takes the QS", then a tap on the 6S (one place) plays the 6S.
    c = client_for(position({"P1": ["6S"], "P2": ["7S"], "P4": ["QS"]}, {"F1": "3S"}))
    c.click(c.centre(3))
    c.frames(1)
    assert message(c).startswith(c.app.tr(T.NO_PLACE_TAKES, card="")[:8])
    assert c.app.table.controller.selected is None
    c.pause()
    c.click(c.centre(0))
    c.frames(1)
    c.settle()
    assert c.game.moves == 1
    assert c.game.history[-1].src == 0
    assert c.game.history[-1].dst == 1


def test_with_interactive_rules_off_a_refused_tap_still_slides_back(
    client_for: MakeClient,
) -> None:
    g = position({"P1": ["6S"], "P2": ["7S"], "P3": ["5S"], "P4": ["QS"]}, {"F1": "4S"})
    c = client_for(g)
    c.app.session.settings.interactive_rules = False
    before = [list(p) for p in c.game.piles]
    c.click(c.centre(0))  # two destinations: selected
    c.frames(1)
    c.pause()
    c.click(c.centre(PLACES - 8))  # onto F1 (4S): refused
    c.frames(1)
    assert c.app.table.anims.busy
    assert c.app.table.anims.flights[-1].dst == 0
    assert c.app.table.banner.text is None
    c.settle()
    assert c.game.piles == before


def test_face_down_piles_show_their_hidden_cards(client_for: MakeClient) -> None:
    c = client_for(code="CR1-D-AAAAAAB")
    look = c.app.table.view._slot_keys[0]
    assert look is not None
    assert look.edges == 5
    assert not look.down
    # The back edges show above the top card.
    s = c.app.layout.slots[0]
    above = _pixel(c, (s.centerx, s.y - 3))
    plain = client_for(code="CR1-N-AAAAAAB")
    felt = _pixel(plain, (s.centerx, s.y - 3))
    assert above != felt


# -- text a person can read ------------------------------------------------------------

HUD_SIZES = [(800, 600), (1280, 800), (1080, 1920)]


def _hud_texts(c: Client, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any, Any, Any]]:
    """Draw every HUD cell; return (text, font, drawn rect, cell) for each text drawn."""
    drawn: list[tuple[str, Any, Any, Any]] = []
    real = render.text_centered
    table = c.app.table
    cell: list[Any] = [None]

    def spy(surface: Any, font: Any, text: str, center: Any, color: Any) -> Any:
        r = real(surface, font, text, center, color)
        drawn.append((text, font, r, cell[0]))
        return r

    monkeypatch.setattr(render, "text_centered", spy)
    table.view.base = None
    table.draw(c.app.screen, True)
    for i in range(len(table.view._hud_keys)):
        cell[0] = c.app.layout.hud_cells[i]
        table.view._draw_hud_cell(c.app.screen, i, table.view._hud_key(i))
    monkeypatch.setattr(render, "text_centered", real)
    return drawn


@pytest.mark.parametrize("size", HUD_SIZES)
@pytest.mark.parametrize("lang", ["en", "fr", "ca", "nl", "ja"])
def test_hud_text_is_never_under_11_px_and_fits_its_cell(
    client_for: MakeClient, monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int]
) -> None:
    c = client_for(lang=lang, size=size)
    states = [_hud_texts(c, monkeypatch)]
    c.app.session.game.redeals_left = 0
    c.app.table.finish.line = [c.game.legal_moves()[0]]  # the Finish button
    states.append(_hud_texts(c, monkeypatch))
    seen = 0
    for drawn in states:
        for text, font, rect, cell in drawn:
            if cell is None:
                continue  # table labels, drawn by the full redraw
            seen += 1
            ink = font.render("H", True, (0, 0, 0)).get_bounding_rect().h
            assert font.point_size >= 11, (lang, size, text, font.point_size)
            assert ink >= 8, (lang, size, text, font.point_size)
            box = pygame.Rect(cell.x, cell.y, cell.w, cell.h)
            assert box.contains(rect), (lang, size, text, rect, box)
    assert seen >= 3 * 9


def test_hud_and_label_colours_meet_wcag_aa() -> None:
    felts = (render.FELT_CENTRE, render.FELT_EDGE)
    pairs = [(render.INK, render.BUTTON_BG), (render.INK, render.BUTTON_HOT)]
    pairs += [(render.INK_DIM, render.BUTTON_BG), (render.INK_DIM, render.BUTTON_HOT)]
    pairs += [(render.INK_DISABLED, render.BUTTON_DISABLED)]
    for felt in felts:
        hud = over(render.HUD_BG, felt)
        pairs += [(render.INK, hud), (render.INK_DIM, hud)]
        for band in (felt, over(render.ROW_UP, felt), over(render.ROW_DOWN, felt)):
            pairs += [(ink, over(render.LABEL_BG, band)) for ink in (render.INK, render.GOLD)]
        pairs.append((render.INK, felt))  # the row tags
    for ink, bg in pairs:
        assert contrast_ratio(ink, bg) >= 4.5, (ink, bg, contrast_ratio(ink, bg))


# -- fingers and keys ----------------------------------------------------------------


def test_a_lost_finger_release_does_not_block_later_touches_and_clicks(
    client_for: MakeClient,
) -> None:
    """The exact sequence: a finger down and moving, focus lost, its release never
    comes; focus back, then another finger taps, and later the mouse clicks."""
    g = position({"P1": ["6S"], "P2": ["10S"], "P3": ["QS"], "P4": ["9S"]}, {"F1": "5S"})
    c = client_for(g)
    x, y = c.centre(0)
    c.finger(pygame.FINGERDOWN, (x, y), finger_id=0)
    c.finger(pygame.FINGERMOTION, (x + 80, y), finger_id=0)
    c.frames(1)
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST, window=None))
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSGAINED, window=None))
    c.frames(1)
    assert c.app.table.controller.drag is None
    c.settle()
    c.finger(pygame.FINGERDOWN, (x, y), finger_id=1)
    c.finger(pygame.FINGERUP, (x, y), finger_id=1)
    c.frames(1)
    assert [str(m) for m in c.game.history] == ["P1-F1"]
    c.settle()
    c.pause()
    # Again, with no focus event: the pointer leaves the window.
    x4, y4 = c.centre(3)
    c.finger(pygame.FINGERDOWN, (x4, y4), finger_id=2)
    pygame.event.post(pygame.event.Event(pygame.WINDOWLEAVE, window=None))
    c.frames(1)
    assert c.app.table.controller.drag is None
    c.click((x4, y4))  # the mouse: 9S has one destination, 10S on P2
    c.frames(1)
    assert [str(m) for m in c.game.history] == ["P1-F1", "P4-P2"]


def test_a_new_first_finger_replaces_a_stale_one(client_for: MakeClient) -> None:
    g = position({"P1": ["6S"], "P2": ["10S"], "P3": ["QS"]}, {"F1": "5S"})
    c = client_for(g)
    x, y = c.centre(0)
    c.finger(pygame.FINGERDOWN, (x, y), finger_id=0)
    c.frames(1)
    c.finger(pygame.FINGERDOWN, (x, y), finger_id=5)  # a second finger: ignored
    c.frames(1)
    assert c.app.table.controller.drag is not None
    assert c.app.table.controller.drag.pointer == 1
    c.app.fingers.down.clear()  # as SDL sees it: finger 0 is gone, its release lost
    c.frames(6)  # (a finger at the same spot sooner would be a ghost touch)
    c.finger(pygame.FINGERDOWN, (x, y), finger_id=7)
    c.finger(pygame.FINGERUP, (x, y), finger_id=7)
    c.frames(1)
    assert [str(m) for m in c.game.history] == ["P1-F1"]


def test_tab_reaches_the_hud_and_enter_opens_settings(client_for: MakeClient) -> None:
    c = client_for()
    for _ in range(24 + HUD_BUTTONS.index(HudItem.SETTINGS) + 1):
        c.key(pygame.K_TAB)
    c.frames(1)
    look = c.app.table.view._hud_keys[HUD_ITEMS.index("settings")]
    assert look is not None
    assert look.focused
    c.key(pygame.K_RETURN)
    c.frames(1)
    assert type(c.app.scenes[-1]).__name__ == "SettingsScreen"


def test_the_focus_ring_hides_for_the_pointer_and_never_crosses_a_label(
    client_for: MakeClient,
) -> None:
    c = client_for()
    c.key(pygame.K_TAB)
    c.frames(1)
    assert c.app.table.view._slot_keys[0] is not None
    assert c.app.table.view._slot_keys[0].focused
    c.click(EMPTY_FELT)
    c.frames(1)
    assert not c.app.table.view._slot_keys[0].focused
    for size in HUD_SIZES:
        lay = compute_layout(*size, hud_items=len(HUD_ITEMS))
        c.app.layout = lay
        for p in range(PLACES):
            ring = c.app.table.view._focus_ring(p)
            for q, lab in enumerate(lay.labels):
                box = pygame.Rect(lab.x, lab.y, lab.w, lab.h)
                if q == p:
                    assert ring.contains(box), (size, p)
                else:
                    assert not ring.colliderect(box), (size, p, q)


def test_the_clock_stops_while_a_dialog_covers_the_table(client_for: MakeClient) -> None:
    c = client_for()
    play_first_move(c)
    c.frames(31)
    running = c.app.session.elapsed
    assert running > 0
    for name in ("settings", "code"):
        c.click(c.hud(name))
        c.frames(121)
        assert c.app.session.elapsed == pytest.approx(running, abs=0.02), name
        c.key(pygame.K_ESCAPE)
        c.frames(1)
    c.frames(61)
    assert c.app.session.elapsed > running + 0.9


# -- the "cannot be won" dialog and smaller things ------------------------------------


def _lost_game(with_history: bool) -> Game:
    before = _clubs_position([["AC", "JC", "QC"], ["KC"], ["2C"]], desc_top=3)
    before.play_text("P2-P1")
    d = before.to_dict()
    if not with_history:
        d.pop("history", None)
    return Game.from_dict(d)


def _answer_lost(c: Client) -> None:
    c.app.table.hints.ready(HintAnswer(HintKind.LOST, changes=c.app.session.changes))
    c.frames(1)


def _dialog_px(c: Client) -> int:
    return max(16, min(34, c.app.layout.hud_px + 2))


@pytest.mark.parametrize("lang", ["en", "fr", "ca", "nl", "ja"])
def test_the_lost_dialog_looks_back_only_with_history_and_says_it_once(
    client_for: MakeClient, lang: str
) -> None:
    """With an undo history the dialog looks for a winnable earlier position (the way
    back is offered only once found: tests/ui/test_newcomer_third_said.py)."""
    for history in (True, False):
        c = client_for(_lost_game(history), lang=lang, size=(800, 600))
        assert c.game.can_undo == history
        c.app.table.say(c.app.tr(T.HINT_THINKING))
        _answer_lost(c)
        d = top_dialog(c)
        assert c.app.table.banner.text is None  # not also behind the box
        labels = [b.label for b in d.buttons]
        assert c.app.tr(T.HINT_GO_BACK) not in labels
        looking = [c.app.tr(T.HINT_SEARCHING_BACK)] if history else []
        assert d.lines == looking
        px = _dialog_px(c)
        font = c.app.fonts.get(px)
        for b in d.buttons:  # every label on one line, at the dialog's size
            assert font.size(b.label)[0] <= b.rect.w - 12, (lang, b.label)


def test_a_title_wraps_into_balanced_lines() -> None:
    pygame.font.init()
    fonts = render.Fonts("fonts/DejaVuSans-Subset.ttf", "fonts/DejaVuSans-Bold-Subset.ttf")
    font = fonts.get(24, bold=True)
    text = "This position cannot be won."
    w = font.size("This position cannot be")[0] + 2
    lines = render._wrap(font, text, w)
    assert len(lines) == 2, lines
    assert lines[-1] != "won.", lines


def test_while_the_solver_searches_back_its_progress_stays_on_screen(
    client_for: MakeClient,
) -> None:
    c = client_for()
    table = c.app.table
    table.say(c.app.tr(T.HINT_SEARCHING_BACK))
    table.mode = TableMode.ASKING
    c.frames(60 * 5)
    assert table.banner.text is not None
    assert table.banner.text == c.app.tr(T.HINT_SEARCHING_BACK)
    table.mode = TableMode.PLAYING
    c.frames(60 * 4)
    assert table.banner.text is None


@pytest.mark.parametrize("width", [200, 260, 320, 400, 560])
def test_the_japanese_code_prompt_never_splits_the_code(width: int) -> None:
    pygame.font.init()
    tr = load_translator("ja")
    fonts = render.Fonts(tr.font_asset(), tr.font_asset(bold=True))
    for msg in (T.ENTER_CODE_PROMPT, T.CODE_SHAPE):
        text = tr(msg)
        code = "CR1-N-AAAAAAD"
        assert code in text
        _, lines = fonts.wrap(text, width, 18, 6)
        assert any(code in ln for ln in lines), lines


def test_crescent_four_is_translated_in_japanese() -> None:
    assert load_translator("ja")(T.VARIANT_F) != T.VARIANT_F


def test_code_errors_have_their_own_colour(client_for: MakeClient) -> None:
    c = client_for()
    c.click(c.hud("code"))
    c.frames(1)
    screen = c.app.scenes[-1]
    assert isinstance(screen, CodeScreen)
    assert [r.kind for r in screen.rows()].count(RowKind.ERROR) == 0
    screen.typed = "CR1-X-AAAAAAB"
    screen.run(screen.deal)
    kinds = [r.kind for r in screen.rows()]
    assert "error" in kinds
    assert contrast_ratio(render.PANEL_ERROR, render.PANEL_BG) >= 4.5
    assert render.PANEL_ERROR != render.PANEL_INK


@pytest.mark.parametrize("size", HUD_SIZES)
@pytest.mark.parametrize("lang", ["en", "fr", "ca", "nl", "ja"])
def test_statistics_tabs_fit_at_the_dialog_size(
    client_for: MakeClient, lang: str, size: tuple[int, int]
) -> None:
    c = client_for(lang=lang, size=size)
    c.app.open(Screen.STATS)
    c.frames(1)
    screen = c.app.scenes[-1]
    assert isinstance(screen, StatsScreen)
    font = c.app.fonts.get(_dialog_px(c))
    names = {c.app.tr(T.MODE_NAMES[m.key]) for m in modes.MODES}
    tabs = [b for b in screen.buttons if b.label in names]
    assert len(tabs) >= 3
    for b in tabs:
        assert font.size(b.label)[0] <= b.rect.w - 12, (lang, b.label)
