"""Issue 29 items 7, 8, 9 and 11, through the real client: the levels game's intro (once,
and again from "?"), Settings' level times on the game on the table, a time-out screen
that is not a dead end, and Ctrl+Q / Quit on the desktop (never in the kiosk)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from crescent import __main__ as cli
from crescent import game_main
from crescent.i18n import text as T
from crescent.i18n.rules_text import Doc
from crescent.play.settings import Settings
from crescent.play.storage import Store
from crescent.ui import app as app_module
from crescent.ui import tip
from crescent.ui.app import App, LoopStats
from crescent.ui.rules_screen import RulesScreen
from crescent.ui.scene import Screen
from crescent.ui.screens import SettingsScreen
from crescent.ui.stats_screen import StatsScreen
from crescent.ui.tip import LevelsIntro
from tests.helpers_ui import (
    Client,
    close_client,
    dialog,
    make_client,
    press_button,
    settings_button,
)
from tests.kiosk.test_kiosk import make_kiosk

pytestmark = pytest.mark.usefixtures("searches_in_positions")
"""Hint searches count positions, not seconds (tests/helpers_clock.py): the hints a
quiet machine gives, on a busy one too."""

LEVELS_CODE = "CR1-L-LEVELSA"


def top(c: Client) -> object:
    return c.app.scenes[-1]


def a_move(c: Client) -> None:
    """Play the first legal move through the table."""
    move = c.game.legal_moves()[0]
    c.app.table.play(move)
    c.settle()


# -- item 7: the levels game's intro ------------------------------------------------------


def test_the_first_levels_game_shows_its_intro_once(tmp_path: Path) -> None:
    store = Store(tmp_path)
    c = make_client(store=store)  # a standard game: no intro
    try:
        assert not tip.show_levels_intro(c.app)
        c.app.session.settings.variant = "L"
        c.app.new_game()
        intro = top(c)
        assert isinstance(intro, LevelsIntro)
        c.frames(1)
        tr = c.app.tr
        assert intro.title == tr(T.RULES_LEVELS)
        assert tr(T.INTRO_TIMES, times="15 · 12 · 10 · 8") in intro.lines
        assert tr.plural(T.INTRO_SHUFFLES, 5) in intro.lines
        assert tr.plural(T.INTRO_FAIR, 1) in intro.lines  # issue 47: new games are fair
        assert tr.plural(T.INTRO_HINTS, 3) in intro.lines
        assert tr(T.INTRO_LEVEL4) in intro.lines
        c.key(pygame.K_ESCAPE)
        c.frames(1)
        assert c.app.scenes == [c.app.table]
        assert c.app.session.settings.levels_intro_seen
        c.app.new_game()  # the second levels game: straight to the table
        assert c.app.scenes == [c.app.table]
    finally:
        close_client(c)
    assert store.load_settings().levels_intro_seen


def test_the_intro_follows_the_settings_minutes_and_its_button_closes_it() -> None:
    c = make_client(code=LEVELS_CODE, lang="fr")
    try:
        c.app.session.settings.level_minutes = (10, 8, 6, 5)
        assert tip.show_levels_intro(c.app)
        intro = dialog(c)
        assert c.app.tr(T.INTRO_TIMES, times="10 · 8 · 6 · 5") in intro.lines
        press_button(c, c.app.tr(T.GOT_IT))
        assert c.app.scenes == [c.app.table]
        assert c.app.session.settings.levels_intro_seen
        assert not tip.show_levels_intro(c.app)
    finally:
        close_client(c)


def test_old_settings_without_the_field_load_with_the_intro_unseen() -> None:
    old = Settings().to_dict()
    del old["levels_intro_seen"]
    assert Settings.from_dict(old).levels_intro_seen is False
    seen = Settings(levels_intro_seen=True)
    assert Settings.from_dict(seen.to_dict()) == seen


def test_question_mark_in_brief_opens_the_intro_again() -> None:
    c = make_client(code=LEVELS_CODE)
    try:
        c.app.session.settings.levels_intro_seen = True
        c.click(c.hud("rules"))
        c.frames(2)
        rules = top(c)
        assert isinstance(rules, RulesScreen)
        assert rules.doc is Doc.LEVELS
        label = c.app.tr(T.IN_BRIEF)
        [brief] = [b for b in rules.text_buttons if b.label == label]
        c.click(brief.rect.center)
        c.frames(2)
        assert isinstance(top(c), LevelsIntro)
        c.key(pygame.K_RETURN)
        c.frames(1)
        assert top(c) is rules  # back to the full text
        c.key(pygame.K_RETURN)  # from the keyboard: Enter on the levels tab
        c.frames(2)
        assert isinstance(top(c), LevelsIntro)
        c.key(pygame.K_ESCAPE)
        c.frames(1)
        assert top(c) is rules
        rules.show(Doc.STANDARD)
        c.frames(1)
        assert not [b for b in rules.text_buttons if b.label == label]
        c.key(pygame.K_RETURN)  # no "In brief" on the standard tab
        c.frames(2)
        assert top(c) is rules
    finally:
        close_client(c)


def test_the_levels_game_starts_with_its_intro_not_the_tip_and_never_in_a_kiosk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[str] = []
    intro, first_tip = tip.show_levels_intro, tip.show_first_run_tip

    def recording_intro(app: Any) -> bool:
        opened = intro(app)
        if opened:
            shown.append("intro")
        return opened

    def recording_tip(app: Any) -> bool:
        opened = first_tip(app)
        if opened:
            shown.append("tip")
        return opened

    monkeypatch.setattr(tip, "show_levels_intro", recording_intro)
    monkeypatch.setattr(tip, "show_first_run_tip", recording_tip)
    argv = ["--code", LEVELS_CODE, "--frames", "3", "--size", "800x600"]
    assert cli.main(["--data-dir", str(tmp_path / "d"), *argv]) == 0
    assert shown == ["intro"]
    assert cli.main(["--kiosk", "--data-dir", str(tmp_path / "k"), *argv]) == 0
    assert shown == ["intro"]


# -- item 8: level times on the game on the table -----------------------------------------


def test_level_times_apply_to_an_untouched_levels_game_or_say_next_game() -> None:
    c = make_client(code=LEVELS_CODE)
    try:
        session = c.app.session
        levels = session.levels
        assert levels is not None
        assert levels.time_left == 15 * 60
        tr = c.app.tr
        c.app.open(Screen.SETTINGS)
        screen = top(c)
        assert isinstance(screen, SettingsScreen)
        c.frames(1)
        c.click(settings_button(screen, tr(T.LEVEL_TIMES)))
        c.frames(1)
        assert session.settings.level_minutes == (20, 16, 13, 10)
        assert session.levels is not None
        assert session.levels.time_left == 20 * 60  # the untouched game takes them at once
        assert session.levels.limits == (1200.0, 960.0, 780.0, 600.0)
        assert tr(T.LEVEL_TIMES_NEXT) not in [r.text for r in screen.rows()]
        c.key(pygame.K_ESCAPE)
        c.frames(1)
        a_move(c)
        assert session.levels.running
        c.app.open(Screen.SETTINGS)
        screen = top(c)
        assert isinstance(screen, SettingsScreen)
        c.frames(1)
        c.click(settings_button(screen, tr(T.LEVEL_TIMES)))
        c.frames(1)
        assert session.settings.level_minutes == (10, 8, 6, 5)
        assert session.levels.limits == (1200.0, 960.0, 780.0, 600.0)  # a game in progress
        assert tr(T.LEVEL_TIMES_NEXT) in [r.text for r in screen.rows()]
        c.key(pygame.K_ESCAPE)
        c.frames(1)
        c.app.new_game(LEVELS_CODE)
        assert session.levels is not None
        assert session.levels.limits == (600.0, 480.0, 360.0, 300.0)  # the next game
    finally:
        close_client(c)


# -- item 9: the time-out screen ----------------------------------------------------------


def test_time_out_screen_opens_statistics_and_closes_on_escape() -> None:
    c = make_client(code=LEVELS_CODE)
    try:
        session = c.app.session
        a_move(c)
        assert session.levels is not None
        session.levels.time_left = 0.05
        c.frames(10)
        over = dialog(c)
        tr = c.app.tr
        assert over.title == tr(T.GAME_OVER)
        labels = [b.label for b in over.button_specs]
        assert labels == [tr(T.NEW_GAME), tr(T.RESTART), tr(T.STATISTICS), tr(T.CLOSE)]
        press_button(c, tr(T.STATISTICS))
        assert isinstance(top(c), StatsScreen)
        c.key(pygame.K_ESCAPE)
        c.frames(1)
        assert top(c) is over
        c.key(pygame.K_ESCAPE)
        c.frames(3)
        assert c.app.scenes == [c.app.table]  # the final table, to look at
        moves, changes = c.game.moves, session.changes
        for place in range(16):  # a tap plays nothing more on it, and breaks nothing
            c.click(c.centre(place))
            c.frames(1)
            c.pause()
        c.app.table.hints.ask()
        c.settle()
        assert (c.game.moves, session.changes) == (moves, changes)
        assert c.app.scenes == [c.app.table]
        c.click(c.hud("new"))  # the game is over: a new one without a question
        c.frames(1)
        assert session.outcome is None
        assert c.game.moves == 0
    finally:
        close_client(c)


def test_time_out_screen_close_button_leaves_the_table() -> None:
    c = make_client(code=LEVELS_CODE, lang="ja", size=(800, 600))
    try:
        a_move(c)
        assert c.app.session.levels is not None
        c.app.session.levels.time_left = 0.05
        c.frames(10)
        press_button(c, c.app.tr(T.CLOSE))
        assert c.app.scenes == [c.app.table]
    finally:
        close_client(c)


# -- item 11: quitting the desktop game ----------------------------------------------------


def ctrl_q() -> None:
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(
            pygame.event.Event(kind, key=pygame.K_q, mod=pygame.KMOD_LCTRL, unicode="", scancode=0)
        )


def test_ctrl_q_quits_the_desktop_game_saved_with_exit_code_0(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The real start: the first frame finds a tap on P1 (its 5H has one place) and Ctrl+Q.
    ran: list[LoopStats] = []
    real_run, real_signals = app_module.run_app, game_main._stop_on_signals

    def counting(app: App, **kw: Any) -> LoopStats:
        stats = real_run(app, **kw)
        ran.append(stats)
        return stats

    def then_tap_and_quit(app: App) -> None:
        real_signals(app)
        pygame.event.clear()
        pos = app.layout.slots[0].center
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=pos, button=1, touch=False))
        ctrl_q()

    monkeypatch.setattr(app_module, "run_app", counting)
    monkeypatch.setattr(game_main, "_stop_on_signals", then_tap_and_quit)
    data = tmp_path / "d"
    argv = ["--data-dir", str(data), "--code", "CR1-N-AAAAAAB", "--frames", "600"]
    assert cli.main([*argv, "--size", "800x600"]) == 0
    assert [s.frames for s in ran] == [1]  # it stopped at once, not after 600 frames
    saved = Store(data).load_game()
    assert saved is not None
    assert saved.game.code == "CR1-N-AAAAAAB"
    assert saved.game.moves == 1  # the move of that frame was saved on the way out


def test_settings_quit_leaves_and_ctrl_q_works_over_any_screen() -> None:
    c = make_client()
    try:
        c.app.open(Screen.SETTINGS)
        c.frames(1)
        screen = top(c)
        assert isinstance(screen, SettingsScreen)
        [leave] = [b for b in screen.buttons if b.label == c.app.tr(T.QUIT)]
        c.click(leave.rect.center)
        c.frames(1)
        assert not c.app.running
        c.app.running = True
        c.app.open(Screen.STATS)
        ctrl_q()
        c.frames(1)
        assert not c.app.running
    finally:
        close_client(c)


def test_the_kiosk_ignores_ctrl_q_and_has_no_quit_in_settings(tmp_path: Path) -> None:
    c, kiosk = make_kiosk(tmp_path)
    try:
        ctrl_q()
        c.frames(3)
        assert c.app.running
        screen = SettingsScreen(c.app)
        labels = [b.label for r in screen.rows() for b in r.buttons]
        assert c.app.tr(T.QUIT) not in labels
        assert c.app.tr(T.STATISTICS) in labels
    finally:
        kiosk.planner.close()
        pygame.event.clear()
        pygame.quit()
