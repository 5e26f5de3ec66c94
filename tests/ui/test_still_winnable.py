"""Still winnable? The table says what the solver proved after each move, off the
frame, and a lost position leads back to where it went wrong."""

from __future__ import annotations

import time

import pygame
import pytest

from crescent.i18n import text as T
from crescent.i18n.translator import load_translator
from crescent.play.session import Session
from crescent.play.settings import Settings
from crescent.rules.engine import Game
from crescent.ui.app import App, Options, init_pygame
from crescent.ui.clock import SteppedClock
from crescent.ui.dialogs import MessageDialog
from tests.helpers_positions import position
from tests.helpers_ui import Client, make_client

DONE = {"F2": "KH", "F3": "KD", "F4": "KC", "F6": "AH", "F7": "AD", "F8": "AC"}
"""Hearts, diamonds and clubs home: the positions below are about the spades."""


def nearly_won() -> Game:
    return position({"P1": ["QS"], "P2": ["KS"], "P3": ["AS"]}, {"F1": "JS", "F5": "2S", **DONE})


def one_move_from_lost() -> Game:
    """P2-P1 (10S onto 9S) buries the 9S above the JS: lost; P2-F1... wins."""
    piles = {"P1": ["JS", "9S"], "P2": ["10S"], "P3": ["QS"], "P4": ["KS"]}
    piles |= {"P5": ["4S"], "P6": ["3S"], "P7": ["2S"], "P8": ["AS"]}
    return position(piles, {"F1": "8S", "F5": "5S", **DONE}, redeals_left=0)


def watched(clients: list[Client], game: Game | None = None, **kw: object) -> Client:
    c = make_client(game, watch=True, **kw)  # type: ignore[arg-type]
    clients.append(c)
    return c


def verdict(c: Client, timeout_s: float = 30.0) -> str | None:
    """Frames until the table shows a verdict; its text."""
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        c.frames(2)  # one update step
        marker = c.app.table.winnable.marker
        if marker is not None:
            return marker[0]
        time.sleep(0.01)
    return None


def test_on_by_default_and_kept_with_the_settings() -> None:
    assert Settings().watch_winnable
    old = Settings().to_dict()
    del old["watch_winnable"]  # saved by an earlier version
    assert Settings.from_dict(old).watch_winnable
    off = Settings(watch_winnable=False)
    assert not Settings.from_dict(off.to_dict()).watch_winnable


def test_a_winnable_table_says_so_and_again_after_a_move(clients: list[Client]) -> None:
    c = watched(clients, nearly_won())
    tr = c.app.tr
    assert verdict(c) == tr(T.WATCH_WINNABLE)
    c.app.session.apply("P1-F1")
    assert c.app.table.winnable.marker is None  # a verdict on the table before is not shown
    assert verdict(c) == tr(T.WATCH_WINNABLE)


def test_a_lost_table_says_so_and_a_tap_leads_back(clients: list[Client]) -> None:
    c = watched(clients, one_move_from_lost())
    assert verdict(c) == c.app.tr(T.WATCH_WINNABLE)
    c.app.session.apply("P2-P1")
    c.app.table.after_change()
    assert verdict(c) == c.app.tr(T.WATCH_LOST)
    c.settle()
    m = c.app.layout.message
    c.click((m.x + m.w // 2, m.y + m.h // 2))
    c.frames(2)
    dialog = c.app.scenes[-1]
    assert isinstance(dialog, MessageDialog)
    assert dialog.title == c.app.tr(T.HINT_LOST)
    end = time.monotonic() + 30  # the search back answers (the timeout stops a hung test)
    while not [b for b in dialog.buttons if b.label == c.app.tr(T.HINT_GO_BACK)]:
        assert time.monotonic() < end, dialog.lines
        c.frames(2)
        time.sleep(0.01)
    [back] = [b for b in dialog.buttons if b.label == c.app.tr(T.HINT_GO_BACK)]
    c.click(back.rect.center)
    end = time.monotonic() + 30
    while c.game.moves and time.monotonic() < end:
        c.frames(2)
        time.sleep(0.01)
    assert c.game.moves == 0  # the move that lost it, taken back
    assert verdict(c) == c.app.tr(T.WATCH_WINNABLE)


def test_the_marker_is_drawn_under_the_foundations(clients: list[Client]) -> None:
    c = watched(clients, nearly_won(), size=(800, 600))
    assert verdict(c) is not None
    c.app.draw()
    m = c.app.layout.message
    row = [c.app.screen.get_at((x, m.y + m.h // 2)) for x in range(m.x, m.x + m.w)]
    dest = pygame.Color(*c.app.table.winnable.marker[1]) if c.app.table.winnable.marker else None
    assert dest is not None
    assert any(p.g > 200 and p.r < 160 for p in row)  # the green dot


def test_not_in_the_levels_game_nor_when_off(clients: list[Client]) -> None:
    levels = watched(clients, code="CR1-L-LEVELSA")
    assert verdict(levels, timeout_s=3) is None
    assert levels.app.table.winnable.watcher is None
    off = make_client(nearly_won())
    clients.append(off)
    assert verdict(off, timeout_s=3) is None
    assert off.app.table.winnable.watcher is None


def test_the_setting_turns_it_off_at_once(clients: list[Client]) -> None:
    c = watched(clients, nearly_won())
    assert verdict(c) is not None
    c.app.session.settings.watch_winnable = False
    c.frames(2)
    assert c.app.table.winnable.marker is None


@pytest.mark.parametrize("lang", ["en", "fr", "ca", "nl", "ja"])
def test_every_verdict_fits_its_line_at_800x600(clients: list[Client], lang: str) -> None:
    c = make_client(nearly_won(), lang=lang, size=(800, 600))
    clients.append(c)
    lay = c.app.layout
    font = c.app.fonts.get(max(11, round(lay.hud_px * 0.85)))
    assert font.get_height() >= 11
    for text in (T.WATCH_WINNABLE, T.WATCH_LOST, T.WATCH_UNKNOWN):
        width = font.size(c.app.tr(text))[0]
        assert width + 60 <= lay.message.w, (lang, text, width, lay.message.w)


def test_not_in_a_kiosk(clients: list[Client]) -> None:
    from crescent.i18n.translator import load_translator
    from crescent.play.session import Session
    from crescent.play.settings import Settings
    from crescent.ui.app import App, Options
    from crescent.ui.clock import SteppedClock

    session = Session(None, Settings(language="en"), background_saves=False)
    session.start(code="CR1-N-AAAAAAD")
    c = Client(App(session, Options(kiosk=True, dpi=96), load_translator("en")), SteppedClock())
    clients.append(c)
    assert verdict(c, timeout_s=2) is None
    assert c.app.table.winnable.watcher is None


def test_no_search_starts_before_the_first_frame_is_shown(clients: list[Client]) -> None:
    init_pygame()
    session = Session(None, Settings(watch_winnable=True))
    session.start(code="CR1-N-AAAAAAB")
    app = App(session, Options(size=(1280, 800)), load_translator("en"))
    app.table.after_change()
    app.table.update(1 / 60)
    assert app.table.winnable.watcher is None  # nothing searched yet
    c = Client(app, SteppedClock())
    clients.append(c)
    c.frames(1)
    assert app.table.winnable.watcher is None  # the first frame waits for no solver
    assert app.next_wake() == app.now  # a search to start: the loop does not sleep
    c.frames(2)  # the update after the first frame
    watcher = app.table.winnable.watcher
    assert watcher is not None  # the first frame shown: the search starts
    assert verdict(c) is not None
    assert watcher.searches == 1


def test_the_watcher_looks_once_the_frame_showing_the_move_is_drawn(
    clients: list[Client], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its thread's start and the search's set-up hold the interpreter lock: asked in the
    update, they held back the frame that shows the player's move."""
    c = watched(clients)
    assert verdict(c) is not None
    watcher = c.app.table.winnable.watcher
    assert watcher is not None
    order: list[str] = []
    update, draw, look = c.app.update, c.app.draw, watcher.look

    def updated(dt: float) -> None:
        order.append("update")
        update(dt)

    def drawn() -> None:
        draw()
        order.append("draw")

    def looked(game: Game, changes: int) -> None:
        order.append("look")
        look(game, changes)

    monkeypatch.setattr(c.app, "update", updated)
    monkeypatch.setattr(c.app, "draw", drawn)
    monkeypatch.setattr(watcher, "look", looked)
    c.app.table.play(next(m for m in c.game.legal_moves() if m.src < 16))
    c.settle()
    assert "look" in order
    first = order.index("look")
    assert order[first - 2 : first] == ["update", "draw"]  # the update saw it, then drawn
