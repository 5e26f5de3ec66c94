"""The rules screen and the first-run tip, in the real loop with real pygame events."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from crescent import __main__ as cli
from crescent.i18n import text as T
from crescent.i18n.rules_text import Doc, load_diagram
from crescent.i18n.translator import LANGUAGES
from crescent.play.storage import Store
from crescent.rules.cards import parse_card
from crescent.ui import tip
from crescent.ui.rules_screen import (
    RulesScreen,
    _diagram_geometry,
    diagram_size,
    diagram_slots,
    draw_diagram,
)
from crescent.ui.scene import Screen
from crescent.ui.screens import SettingsScreen
from crescent.ui.tip import TipOverlay, show_first_run_tip
from tests.helpers_ui import Client, close_client, make_client


def rules_on_top(c: Client) -> RulesScreen:
    top = c.app.scenes[-1]
    assert isinstance(top, RulesScreen)
    return top


def wheel(notches: int) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches, precise_x=0.0, precise_y=notches)
    )


def shown_doc(screen: RulesScreen) -> Doc:
    """The text shown, read anew (mypy keeps the one an earlier assert narrowed)."""
    return screen.doc


def test_question_mark_opens_the_rules_and_escape_closes_them() -> None:
    c = make_client()
    try:
        c.click(c.hud("rules"))
        c.frames(2)
        screen = rules_on_top(c)
        assert screen.doc is Doc.STANDARD
        c.key(pygame.K_ESCAPE)
        c.frames(2)
        assert c.app.scenes == [c.app.table]
    finally:
        close_client(c)


def test_the_levels_game_s_question_mark_opens_its_own_text_and_sound_mutes() -> None:
    c = make_client(code="CR1-L-AAAAAAB")
    try:
        assert c.app.session.levels is not None
        c.click(c.hud("sound"))
        c.frames(2)
        assert not c.app.session.settings.sound  # Sound is on the levels game's table too
        c.click(c.hud("rules"))
        c.frames(2)
        assert rules_on_top(c).doc is Doc.LEVELS
    finally:
        close_client(c)


def test_settings_open_the_rules() -> None:
    c = make_client()
    try:
        settings = SettingsScreen(c.app)
        c.app.push(settings)
        settings.run(settings.open_rules)
        rules_on_top(c)
    finally:
        close_client(c)


def test_wheel_keys_and_finger_drag_scroll_the_text() -> None:
    c = make_client(size=(800, 600))
    try:
        c.app.open(Screen.RULES)
        c.frames(1)
        s = rules_on_top(c).scroll
        assert s.max_offset > 0
        wheel(-2)
        c.frames(1)
        assert s.offset == 6 * s.line_h
        wheel(1)
        c.frames(1)
        assert s.offset == 3 * s.line_h
        c.key(pygame.K_PAGEDOWN)
        c.frames(1)
        after_page = s.offset
        assert after_page > 3 * s.line_h
        c.key(pygame.K_END)
        c.frames(1)
        assert s.offset == s.max_offset
        c.key(pygame.K_HOME)
        c.frames(1)
        assert s.offset == 0
        # A finger dragged up by 200 px scrolls the text down by as much.
        c.finger(pygame.FINGERDOWN, (400, 400))
        c.finger(pygame.FINGERMOTION, (400, 300))
        c.finger(pygame.FINGERMOTION, (400, 200))
        c.finger(pygame.FINGERUP, (400, 200))
        c.frames(1)
        assert s.offset == pytest.approx(200, abs=1)
    finally:
        close_client(c)


def test_tabs_switch_to_the_levels_game() -> None:
    c = make_client()
    try:
        c.app.open(Screen.RULES)
        c.frames(1)
        screen = rules_on_top(c)
        tab = next(b for b in screen.buttons if b.label == c.app.tr(T.RULES_LEVELS))
        c.click(tab.rect.center)
        c.frames(1)
        assert screen.doc is Doc.LEVELS
        assert screen.scroll.offset == 0
        c.key(pygame.K_RIGHT)
        c.frames(1)
        assert shown_doc(screen) is Doc.STANDARD
        close = next(b for b in screen.buttons if b.action == screen.close)
        c.click(close.rect.center)
        c.frames(1)
        assert c.app.scenes == [c.app.table]
    finally:
        close_client(c)


@pytest.mark.parametrize("size", [(800, 600), (1080, 1920), (3840, 2160)])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_line_fits_the_column(size: tuple[int, int], lang: str) -> None:
    c = make_client(size=size, lang=lang)
    try:
        for doc in Doc:
            screen = RulesScreen(c.app, doc)
            c.app.push(screen)
            c.frames(1)
            px, _, bar, column = screen._metrics()
            assert px >= 15  # readable
            for line in screen.lines:
                font = c.app.fonts.get(line.px, bold=line.bold)
                assert line.x + font.size(line.text)[0] <= column.w, line.text
            assert all(
                b.rect.bottom <= bar.bottom and b.rect.right <= size[0] for b in screen.buttons
            )
            c.app.pop()
    finally:
        close_client(c)


def test_rules_screen_follows_a_language_change() -> None:
    c = make_client()
    try:
        c.app.open(Screen.RULES)
        c.frames(1)
        screen = rules_on_top(c)
        english = screen.lines[0].text
        c.app.set_language("fr")
        c.frames(1)
        assert screen.lines[0].text != english
    finally:
        close_client(c)


# -- the first-run tip ---------------------------------------------------------------


def test_tip_shows_once_and_a_tap_beside_it_still_plays(tmp_path: Path) -> None:
    store = Store(tmp_path)
    c = make_client(store=store)
    try:
        assert show_first_run_tip(c.app)
        c.frames(1)
        tip = c.app.scenes[-1]
        assert isinstance(tip, TipOverlay)
        assert not tip.panel.collidepoint(c.centre(0))
        c.click(c.centre(0))  # P1's 5H has one destination: it moves
        c.frames(2)
        c.settle()
        assert c.app.scenes == [c.app.table]
        assert c.game.moves == 1
        assert c.app.session.settings.tip_seen
        assert not show_first_run_tip(c.app)
    finally:
        close_client(c)
    assert store.load_settings().tip_seen


def test_tip_closes_on_its_button_or_a_key_without_playing() -> None:
    c = make_client()
    try:
        show_first_run_tip(c.app)
        c.frames(1)
        tip = c.app.scenes[-1]
        assert isinstance(tip, TipOverlay)
        c.click(tip.panel.center)
        c.frames(1)
        assert c.app.scenes == [c.app.table]
        assert c.game.moves == 0
        c.app.session.settings.tip_seen = False
        show_first_run_tip(c.app)
        c.key(pygame.K_RETURN)
        c.frames(1)
        assert c.app.scenes == [c.app.table]
        assert c.game.moves == 0
    finally:
        close_client(c)


def test_command_line_start_shows_the_tip_but_not_in_a_kiosk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[bool] = []

    def recording(app: object) -> bool:
        opened = show_first_run_tip(app)  # type: ignore[arg-type]
        shown.append(opened)
        return opened

    monkeypatch.setattr(tip, "show_first_run_tip", recording)
    data = str(tmp_path / "d")
    assert cli.main(["--data-dir", data, "--frames", "2", "--size", "800x600"]) == 0
    assert shown == [True]
    argv = ["--kiosk", "--data-dir", str(tmp_path / "k"), "--frames", "2", "--size", "800x600"]
    assert cli.main(argv) == 0
    assert shown == [True]


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1080, 1920), (3840, 2160)])
def test_the_diagrams_are_pictures_of_the_table(
    size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Issue 29 item 4: a table the seed describes in a wall of words is drawn with the
    # game's own cards, each top card on its place, its label ("P10 · 6") under it.
    c = make_client(size=size, lang="fr")
    try:
        screen = RulesScreen(c.app, Doc.STANDARD)
        c.app.push(screen)
        column = screen._metrics()[3]
        pictures = [line for line in screen.lines if line.h]
        assert [line.text for line in pictures] == ["move-10", "redeal-before", "redeal-after"]
        for line in pictures:  # each with its caption above it
            caption = screen.lines[screen.lines.index(line) - 1]
            assert caption.bold
            assert caption.text == c.app.tr(T.DIAGRAM_CAPTIONS[line.text])
        drawn: list[tuple[int, tuple[int, int]]] = []
        real = c.app.art.face

        def spy(card: int, size: tuple[int, int]) -> pygame.Surface:
            drawn.append((card, size))
            return real(card, size)

        monkeypatch.setattr(c.app.art, "face", spy)
        for line in pictures:
            d = load_diagram(line.text)
            drawn.clear()
            img = draw_diagram(c.app, d, column.w)
            assert img.get_size() == diagram_size(column.w)
            assert img.get_width() <= column.w
            tops = [top for _, top in d.piles] + [top for top, _ in d.foundations]
            assert [card for card, _ in drawn] == [t for t in tops if t is not None]
            slots = diagram_slots(column.w)
            assert all(img.get_rect().contains(s) for s in slots)
            assert not any(a.colliderect(b) for i, a in enumerate(slots) for b in slots[i + 1 :])
            # The pile the text speaks of: P10 holds the A♠ at move 10.
            if line.text == "move-10":
                assert d.piles[9] == (6, parse_card("AS"))
        assert _diagram_geometry(column.w).label_px >= 11
    finally:
        close_client(c)
