"""The statistics screen's last games, their codes, its charts and its tabs (issue 28
item 7, issue 29 item 18)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from crescent.i18n import text as T
from crescent.languages import LANGUAGES
from crescent.play.history import Result, past_game
from crescent.play.storage import Store
from crescent.rules import modes
from crescent.ui import render
from crescent.ui.dialogs import ListButton, MessageDialog, RowKind
from crescent.ui.scene import Screen
from crescent.ui.stats_screen import GameDialog, StatsScreen, View
from tests.helpers_ui import Client, close_client, make_client

DATA = Path(__file__).resolve().parents[1] / "data"
SIZES = [(800, 600), (1280, 800), (1080, 1920), (3840, 2160)]


def _history(c: Client) -> None:
    """12 standard games (the newest a win), 3 of the levels game."""
    session = c.app.session
    results = [Result.LOST, Result.WON, Result.ABANDONED]
    for i in range(12):
        end = past_game(
            "N", results[i % 3], 60.0 * (i + 1), 100 + i, code=f"CR1-N-AAAAAA{'BCDEFGHIJKLM'[i]}"
        )
        session.add_past_game(end._replace(ended=1_800_000_000.0 + i))
    for level, result in ((1, Result.TIME_OUT), (3, Result.LOST), (4, Result.WON)):
        session.add_past_game(
            past_game("L", result, 1500.0, 300, level=level, code="CR1-L-LEVELSA")
        )


@pytest.fixture
def client() -> Iterator[Client]:
    c = make_client(size=(800, 600))
    _history(c)
    yield c
    close_client(c)


def _open(c: Client, view: View, mode: modes.Mode = modes.STANDARD) -> StatsScreen:
    c.app.open(Screen.STATS)
    screen = c.app.scenes[-1]
    assert isinstance(screen, StatsScreen)
    screen.run(screen._tabs[mode])
    screen.run(screen._views[view])
    c.frames(1)
    return screen


def _entries(screen: StatsScreen) -> list[ListButton]:
    return [b for b in screen.buttons if isinstance(b, ListButton)]


def test_the_last_ten_games_are_listed_newest_first_with_result_time_and_moves(
    client: Client,
) -> None:
    c, tr = client, client.app.tr
    entries = _entries(_open(c, View.GAMES))
    assert len(entries) == 10
    # The newest is game 11 (abandoned, 12 minutes, 111 moves), then 10 (won), 9, ...
    expected = [[Result.LOST, Result.WON, Result.ABANDONED][i % 3] for i in range(11, 1, -1)]
    assert [e.label for e in entries] == [tr(T.RESULTS[r.value]) for r in expected]
    assert entries[0].value.startswith("12:00 · 111 moves · ")
    assert entries[1].value.startswith("11:00 · 110 moves · ")


def test_a_tap_on_a_game_shows_its_code_and_enter_does_too(client: Client) -> None:
    c, tr = client, client.app.tr
    screen = _open(c, View.GAMES)
    c.click(_entries(screen)[2].rect.center)
    c.frames(1)
    shown = c.app.scenes[-1]
    assert isinstance(shown, GameDialog)
    assert tr(T.GAME_CODE_LINE, code="CR1-N-AAAAAAK") in shown.lines
    shown.run(shown.close)
    # The keyboard: Tab to the first entry (after 4 mode tabs and 3 views), Enter.
    for _ in range(8):
        c.key(pygame.K_TAB)
    c.key(pygame.K_RETURN)
    c.frames(1)
    shown = c.app.scenes[-1]
    assert isinstance(shown, GameDialog)
    assert tr(T.GAME_CODE_LINE, code="CR1-N-AAAAAAM") in shown.lines


def test_play_again_asks_before_abandoning_a_game_in_progress(client: Client) -> None:
    c, tr = client, client.app.tr
    session = c.app.session
    c.click(c.centre(0))  # P1 of CR1-N-AAAAAAB has one destination
    c.frames(1)
    c.settle()
    assert session.game.moves == 1
    screen = _open(c, View.GAMES)
    screen.open_game(screen.history().games[0])
    game_dialog = c.app.scenes[-1]
    assert isinstance(game_dialog, GameDialog)
    game_dialog.run(game_dialog.play_again)
    question = c.app.scenes[-1]
    assert isinstance(question, MessageDialog)
    assert question.title == tr(T.ABANDON_TITLE)
    c.key(pygame.K_RETURN)  # No, the default: the game goes on
    c.frames(1)
    assert c.app.scenes[-1] is game_dialog
    assert session.game.moves == 1
    game_dialog.run(game_dialog.play_again)
    question = c.app.scenes[-1]
    assert isinstance(question, MessageDialog)
    yes = next(b for b in question.button_specs if b.label == tr(T.YES))
    question.run(yes.action)
    assert session.game.code == "CR1-N-AAAAAAM"
    assert session.game.moves == 0
    assert c.app.scenes == [c.app.table]


def test_no_daily_rows_on_the_levels_tab_only_on_the_daily_deals_mode(client: Client) -> None:
    tr = client.app.tr
    daily = {tr(T.DAILY_WON), tr(T.DAILY_STREAK), tr(T.DAILY_BEST)}
    for mode in modes.MODES:
        screen = _open(client, View.FIGURES, mode)
        labels = {r.text for r in screen.rows() if r.kind == RowKind.PAIR}
        assert (daily <= labels) == (mode is modes.STANDARD), mode.key
        assert not (daily & labels) or mode is modes.STANDARD, mode.key
        screen.close()


def test_the_charts_show_the_history(client: Client) -> None:
    screen = _open(client, View.CHARTS, modes.LEVELS)
    charts = [r for r in screen.rows() if r.kind == RowKind.CHART]
    assert len(charts) == 3  # win rate, times, levels reached
    found = screen.history()
    assert found.levels == {1: 1, 3: 1, 4: 1}
    assert found.rate == pytest.approx(1 / 3)
    assert found.times.best == 1500.0
    screen.run(screen._tabs[modes.STANDARD])
    assert len([r for r in screen.rows() if r.kind == RowKind.CHART]) == 2
    found = screen.history()
    assert found.rate == pytest.approx(4 / 12)
    assert (found.times.best, found.times.median, found.times.wins) == (120.0, 390.0, 4)
    # A game ends: the screen reads the history again.
    client.app.session.add_past_game(past_game("N", Result.WON, 30.0, 50))
    assert screen.history().times.best == 30.0


def test_imported_totals_are_said_to_have_no_games_behind_them(tmp_path: Path) -> None:
    shutil.copy(DATA / "saves-0.9" / "stats.json", tmp_path / "stats.json")
    c = make_client(store=Store(tmp_path))
    try:
        screen = _open(c, View.FIGURES)
        texts = [r.text for r in screen.rows() if r.kind == RowKind.TEXT]
        assert texts == [c.app.tr.plural(T.IMPORTED_GAMES, 2)]
        screen.run(screen._views[View.GAMES])
        assert [r.text for r in screen.rows() if r.kind == RowKind.TEXT] == [
            c.app.tr(T.NO_GAMES_YET)
        ]
    finally:
        close_client(c)


def _fits(c: Client, screen: StatsScreen) -> None:
    lay = screen.layout()
    w = c.app.size[0]
    assert c.app.screen.get_rect().contains(lay.panel)
    assert lay.px >= render.MIN_PX
    bottom = max(area.bottom for _, area in lay.rows)
    assert bottom <= lay.panel.bottom, (bottom, lay.panel)
    fonts = c.app.fonts
    for b in lay.buttons:
        if isinstance(b, ListButton):
            value_w = fonts.fit(b.value, b.rect.w * 60 // 100, lay.px).size(b.value)[0]
            room = b.rect.w - value_w - 3 * max(6, b.rect.h // 4)
            assert fonts.fit(b.label, room, lay.px, bold=True).size(b.label)[0] <= room
        else:
            font = fonts.get(lay.px)
            assert font.size(b.label)[0] <= b.rect.w - 12 or b.rect.w >= w - 60, b.label


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_view_fits_the_window(lang: str, size: tuple[int, int]) -> None:
    c = make_client(size=size, lang=lang)
    try:
        _history(c)
        for mode in (modes.STANDARD, modes.LEVELS):
            for view in View:
                screen = _open(c, view, mode)
                _fits(c, screen)
                screen.close()
    finally:
        close_client(c)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_the_statistics_keep_their_size_and_their_tabs_across_tabs_and_views(
    size: tuple[int, int],
) -> None:
    """The tabs never move under the pointer: the panel, its tabs and Close stay put
    whichever mode and view is shown (the figures, ten games or the charts)."""
    c = make_client(size=size)
    try:
        _history(c)
        seen: set[tuple[object, ...]] = set()
        for mode in modes.MODES:
            for view in View:
                screen = _open(c, view, mode)
                lay = screen.layout()
                tabs = [b.rect for b in lay.buttons if b.action in screen._tabs.values()]
                views = [b.rect for b in lay.buttons if b.action in screen._views.values()]
                close = [b.rect for b in lay.buttons if b.action == screen.close]
                assert len(tabs) == len(modes.MODES)
                seen.add((tuple(lay.panel), lay.px, *map(tuple, tabs + views + close)))
                c.app.close_dialogs()
        assert len(seen) == 1, seen
    finally:
        close_client(c)
