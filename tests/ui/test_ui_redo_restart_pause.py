"""Redo, restart this deal and pause through the real client (issue 30 items 1, 2, 3):
real pygame events into the real loop, the engine, the statistics and the pixels checked."""

from __future__ import annotations

import pygame
import pytest

from crescent.i18n import text as T
from crescent.languages import LANGUAGES
from crescent.rules.engine import Game, Move
from crescent.rules.modes import HudItem
from crescent.ui import render
from crescent.ui.dialogs import PauseScreen
from crescent.ui.hud import HudLook
from crescent.ui.window import hud_rows
from tests.helpers_positions import position
from tests.helpers_ui import Client, dialog, make_client, press_button

CODE = "CR1-N-AAAAAAD"
FIRST = Move.parse("P3-P14")
"""A legal first move of CODE."""
LEVELS_CODE = "CR1-L-AAAAAAB"


def client(clients: list[Client], game: Game | None = None, **kw: object) -> Client:
    c = make_client(game, **kw)  # type: ignore[arg-type]
    clients.append(c)
    return c


def look(c: Client, item: HudItem) -> HudLook:
    return c.app.table.view._hud_key(c.app.hud_items.index(item))


def two_piles() -> Game:
    """6S on P1 goes on 7S (P2) or 5S (P3): a tap selects it, a tap on P2 moves it."""
    return position({"P1": ["6S"], "P2": ["7S"], "P3": ["5S"], "P4": ["QS"]}, {"F1": "4S"})


def one_destination(redeals_left: int = 3) -> Game:
    """6S on P1 can only go to F1; with no redeal left that last move blocks the game."""
    piles = {"P1": ["6S"], "P2": ["10S"], "P3": ["QS"]}
    return position(piles, {"F1": "5S"}, redeals_left=redeals_left, bury=("P2", "P3"))


def play_first(c: Client) -> None:
    """P1 onto P2, by two taps."""
    c.click(c.centre(0))
    c.pause()
    c.click(c.centre(1))
    c.frames(1)
    c.settle()
    c.pause()


# -- redo --------------------------------------------------------------------------


def test_redo_by_ctrl_y_by_ctrl_shift_z_and_by_the_hud(clients: list[Client]) -> None:
    c = client(clients, two_piles())
    six = c.game.piles[0][-1]
    for redo in ("ctrl+y", "ctrl+shift+z", "hud"):
        play_first(c)
        c.key(pygame.K_u)
        c.frames(1)
        c.settle()
        assert c.game.moves == 0, redo
        assert c.game.can_redo, redo
        assert look(c, HudItem.REDO).enabled
        assert look(c, HudItem.MOVES).sub == "0"
        c.pause()
        if redo == "ctrl+y":
            c.key(pygame.K_y, pygame.KMOD_LCTRL)
        elif redo == "ctrl+shift+z":
            c.key(pygame.K_z, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)
        else:
            c.click(c.hud(HudItem.REDO))
        c.frames(1)
        assert c.game.moves == 1, redo
        assert c.game.piles[1][-1] == six
        assert not c.game.can_redo
        # Animated like a move: the card flies from P1 to P2.
        [flight] = c.app.table.anims.flights
        assert (flight.card, flight.dst) == (six, 1)
        c.settle()
        assert look(c, HudItem.MOVES).sub == "1"
        assert not look(c, HudItem.REDO).enabled  # greyed: nothing to redo
        c.key(pygame.K_u)  # back to the deal for the next way
        c.frames(1)
        c.settle()
        c.pause()


def test_a_new_move_clears_redo_and_the_hud_greys_it(clients: list[Client]) -> None:
    c = client(clients, two_piles())
    assert not look(c, HudItem.REDO).enabled  # nothing undone yet
    play_first(c)
    c.key(pygame.K_u)
    c.frames(1)
    c.settle()
    assert look(c, HudItem.REDO).enabled
    play_first(c)
    assert not c.game.can_redo
    assert not look(c, HudItem.REDO).enabled
    c.pause()
    c.click(c.hud(HudItem.REDO))  # greyed: nothing happens
    c.frames(1)
    assert c.game.moves == 1


@pytest.mark.parametrize("size", [(1920, 1080), (1600, 900), (2560, 1440)])
def test_wide_windows_keep_one_hud_row_undo_and_redo_halves_of_a_slot(
    clients: list[Client], size: tuple[int, int]
) -> None:
    for lang in LANGUAGES:
        c = client(clients, code=CODE, size=size, lang=lang)
        assert c.app.layout.hud_side == "right"  # a column: a cell each (the next test)
        c.app.change_setting("show_piles", True)  # whole piles: the HUD a bar along the bottom
        assert c.app.layout.hud_side == "bottom"
        cells = c.app.layout.hud_cells
        undo = cells[c.app.hud_items.index(HudItem.UNDO)]
        redo = cells[c.app.hud_items.index(HudItem.REDO)]
        other = cells[c.app.hud_items.index(HudItem.HINT)]
        assert hud_rows(c.app.layout) == 1
        assert (undo.y, undo.right) == (redo.y, redo.x)
        assert abs(undo.w + redo.w - other.w) <= 1
        assert min(undo.w, redo.w) >= c.app.layout.touch_px  # each a full touch target
        _texts_fit(c)


@pytest.mark.parametrize(
    ("size", "rows"), [((800, 600), 12), ((1080, 1920), 2), ((1280, 800), 12), ((1920, 1080), 12)]
)
def test_huds_of_more_rows_give_redo_a_cell_of_its_own(
    clients: list[Client], size: tuple[int, int], rows: int
) -> None:
    """Two bar rows (portrait) or a column down the side (landscape): Undo and Redo
    each get a cell as big as every other."""
    c = client(clients, code=CODE, size=size)
    cells = c.app.layout.hud_cells
    assert len({(cells[i].w, cells[i].h) for i, item in enumerate(c.app.hud_items)}) == 1
    assert hud_rows(c.app.layout) == rows
    _texts_fit(c)


def _texts_fit(c: Client) -> None:
    """Every text of every HUD cell drawn inside its cell (the halves too)."""
    drawn: list[tuple[int, str, pygame.Rect]] = []
    real = render.text_centered
    cell = [0]

    def spy(surface: pygame.Surface, font: pygame.font.Font, text: str, *a: object) -> object:
        r = real(surface, font, text, *a)  # type: ignore[arg-type]
        drawn.append((cell[0], text, r))
        return r

    view = c.app.table.view
    try:
        render.text_centered = spy  # type: ignore[assignment]
        for i in range(len(c.app.layout.hud_cells)):
            cell[0] = i
            view._draw_hud_cell(c.app.screen, i, view._hud_key(i))
    finally:
        render.text_centered = real
    assert drawn
    for i, text, r in drawn:
        inner = pygame.Rect(*c.app.layout.hud_cells[i]).inflate(-6, -6)
        assert inner.contains(r), (c.app.tr.lang, text, r, inner)


# -- restart -----------------------------------------------------------------------


def test_restart_asks_first_and_no_keeps_the_game(clients: list[Client]) -> None:
    c = client(clients, code=CODE)
    c.app.session.play(FIRST)
    c.app.table.after_change()
    c.frames(1)
    c.key(pygame.K_r, pygame.KMOD_LCTRL)
    c.frames(1)
    d = dialog(c)
    assert d.title == c.app.tr(T.RESTART_TITLE)
    assert d.lines == [c.app.tr(T.ABANDON_TEXT)]
    c.key(pygame.K_RETURN)  # the default is No
    c.frames(1)
    assert c.app.scenes[-1] is c.app.table
    assert c.game.moves == 1


def test_restart_keeps_the_code_resets_redeals_and_clock_and_counts_one_played_game(
    clients: list[Client],
) -> None:
    c = client(clients, code=CODE)
    session = c.app.session
    game_id = session.game_id
    session.play(FIRST)
    session.redeal()
    c.app.table.after_change()
    c.frames(120)  # the clock runs
    assert session.elapsed > 1.5
    assert c.game.redeals_left == c.game.rules.redeals - 1
    c.key(pygame.K_r, pygame.KMOD_LCTRL)
    c.frames(1)
    press_button(c, c.app.tr(T.YES))
    assert c.app.scenes[-1] is c.app.table
    assert c.game.code == CODE
    assert c.game.to_dict() == Game.from_code(CODE).to_dict()  # the deal as dealt
    assert c.game.redeals_left == c.game.rules.redeals
    assert session.elapsed == 0.0
    assert not session.started
    assert session.game_id != game_id
    stats = session.stats.get("N")
    assert (stats.played, stats.won) == (1, 0)
    c.frames(30)  # nothing played yet: the clock waits for the first move
    assert session.elapsed == 0.0
    c.key(pygame.K_r, pygame.KMOD_LCTRL)  # an untouched deal restarts without a question
    c.frames(1)
    assert c.app.scenes[-1] is c.app.table
    assert session.stats.get("N").played == 1  # counted once, not again


def test_restart_of_the_levels_game_is_its_code_from_level_1(clients: list[Client]) -> None:
    c = client(clients, code=LEVELS_CODE)
    session = c.app.session
    levels = session.levels
    assert levels is not None
    levels.complete_level(0)  # level 1 done: the table holds level 2
    session._game = c.game.next_level()
    session.play(c.game.legal_moves()[0])
    session.hint_used()
    c.app.table.after_change()
    c.frames(60)
    assert c.game.level == 2
    c.key(pygame.K_r, pygame.KMOD_LCTRL)
    c.frames(1)
    press_button(c, c.app.tr(T.YES))
    assert (c.game.code, c.game.level) == (LEVELS_CODE, 1)
    assert c.game.redeals_left == 5
    levels = session.levels
    assert levels is not None
    assert (levels.level, levels.hints_left, levels.time_left) == (1, 3, 15 * 60)
    assert session.stats.get("L").played == 1


# -- pause -------------------------------------------------------------------------


def _paused(c: Client) -> bool:
    return isinstance(c.app.scenes[-1], PauseScreen)


def _no_card_pixels(c: Client) -> None:
    """No card face shows: no light pixel on any place (card faces are white, and still
    some 135 grey under a dimmed panel; the felt is dark)."""
    surface = c.app.screen
    panel = c.app.scenes[-1]
    assert isinstance(panel, PauseScreen)
    box = panel.layout().panel
    for slot in c.app.layout.slots:
        rect = pygame.Rect(*slot)
        if rect.colliderect(box.inflate(30, 30)):
            continue
        for x in range(rect.x, rect.right, 3):
            for y in range(rect.y, rect.bottom, 3):
                r, g, b, *_ = surface.get_at((x, y))
                assert min(r, g, b) < 100, (slot, (x, y), (r, g, b))  # a dimmed card: 135


@pytest.mark.parametrize("how", ["p", "space", "clock"])
def test_pause_covers_the_table_stops_the_clock_and_resumes(
    clients: list[Client], how: str
) -> None:
    c = client(clients, code=CODE)
    session = c.app.session
    session.play(FIRST)
    c.app.table.after_change()
    c.frames(30)
    running = session.elapsed
    assert running > 0
    table_draws: list[bool] = []
    real_draw = c.app.table.view.draw

    def counted(surface: pygame.Surface, full: bool, on_top: bool) -> list[pygame.Rect] | None:
        table_draws.append(True)
        return real_draw(surface, full, on_top)

    c.app.table.view.draw = counted  # type: ignore[method-assign]
    if how == "p":
        c.key(pygame.K_p)
    elif how == "space":
        c.key(pygame.K_SPACE)
    else:
        c.click(c.hud(HudItem.TIME))
    c.frames(1)
    assert _paused(c), how
    table_draws.clear()
    c.frames(180)  # three seconds paused
    assert session.elapsed == running  # the clock stopped
    assert table_draws == []  # no card drawn: the table is not drawn at all
    _no_card_pixels(c)
    assert c.app.next_wake() is not None  # asleep while paused
    press_button(c, c.app.tr(T.RESUME))
    assert c.app.scenes[-1] is c.app.table
    c.frames(30)
    assert session.elapsed > running
    assert table_draws  # the table is back


def test_the_pause_screen_resumes_by_key_and_restarts(clients: list[Client]) -> None:
    c = client(clients, code=CODE)
    c.app.session.play(FIRST)
    c.app.table.after_change()
    for key in (pygame.K_p, pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_RETURN):
        c.key(pygame.K_p)
        c.frames(1)
        assert _paused(c)
        c.key(key)
        c.frames(1)
        assert c.app.scenes[-1] is c.app.table, key
    c.key(pygame.K_p)
    c.frames(1)
    press_button(c, c.app.tr(T.RESTART))
    assert dialog(c).title == c.app.tr(T.RESTART_TITLE)  # asked, as Ctrl+R asks
    press_button(c, c.app.tr(T.YES))
    assert c.game.moves == 0
    assert c.game.code == CODE


def test_space_on_a_focused_card_still_plays_it(clients: list[Client]) -> None:
    c = client(clients, one_destination())
    c.key(pygame.K_TAB)  # the focus ring on P1, whose one place is F1
    c.frames(1)
    c.key(pygame.K_SPACE)
    c.frames(1)
    assert c.app.scenes[-1] is c.app.table
    assert c.game.moves == 1


def test_losing_focus_pauses_a_running_levels_game(clients: list[Client]) -> None:
    c = client(clients, code=LEVELS_CODE)
    session = c.app.session
    session.play(c.game.legal_moves()[0])
    c.app.table.after_change()
    c.frames(30)
    left = session.levels.time_left if session.levels is not None else 0
    for lost, back in (
        (pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED),
        (pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED),
    ):
        pygame.event.post(pygame.event.Event(lost))
        c.frames(1)
        assert _paused(c)
        pygame.event.post(pygame.event.Event(back))
        c.frames(120)
        assert _paused(c)  # until Resume
        assert session.levels is not None
        assert session.levels.time_left == left
        press_button(c, c.app.tr(T.RESUME))
        assert c.app.scenes[-1] is c.app.table
    c.frames(30)
    assert session.levels is not None
    assert session.levels.time_left < left


def test_losing_focus_leaves_an_untimed_or_unstarted_game_uncovered(clients: list[Client]) -> None:
    for code, play in ((CODE, True), (LEVELS_CODE, False)):
        c = client(clients, code=code)
        if play:
            c.app.session.play(FIRST)
            c.app.table.after_change()
        pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
        c.frames(1)
        assert c.app.scenes[-1] is c.app.table, code
        assert not c.app.clock_runs()  # the clock still stops while the window is away
        pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
        c.frames(1)
        assert c.app.clock_runs()


# -- the clock on real time (issue 29 item 10) -----------------------------------------


def test_a_stalled_loop_keeps_the_countdown_on_real_time(clients: list[Client]) -> None:
    c = client(clients, code=LEVELS_CODE)
    session = c.app.session
    levels = session.levels
    assert levels is not None
    session.play(c.game.legal_moves()[0])
    c.app.table.after_change()
    c.frames(1)
    left, elapsed = levels.time_left, session.elapsed
    c.clock.step = 0.5  # every frame half a second: twice the 0.25 s a frame's steps take
    c.frames(21)  # 20 intervals
    assert left - levels.time_left == pytest.approx(10.0, abs=1e-6)
    assert session.elapsed - elapsed == pytest.approx(10.0, abs=1e-6)
    c.key(pygame.K_p)
    c.frames(2)
    assert _paused(c)
    left = levels.time_left
    c.frames(21)  # stalls while paused count for nothing
    assert levels.time_left == left


# -- restart from the end screens ----------------------------------------------------


def test_the_blocked_dialog_restarts_the_deal_counting_one_lost_game(clients: list[Client]) -> None:
    c = client(clients, one_destination(redeals_left=0))
    c.click(c.centre(0))  # the last move: blocked
    c.frames(1)
    c.settle()
    assert dialog(c).title == c.app.tr(T.BLOCKED_TITLE)
    code = c.game.code
    press_button(c, c.app.tr(T.RESTART))
    assert c.app.scenes[-1] is c.app.table  # blocked is lost already: no question
    assert c.game.to_dict() == Game.from_code(code).to_dict()
    stats = c.app.session.stats.get("N")
    assert (stats.played, stats.won) == (1, 0)


def test_the_levels_game_over_restarts_its_code_from_level_1(clients: list[Client]) -> None:
    c = client(clients, code=LEVELS_CODE)
    session = c.app.session
    assert session.levels is not None
    session.play(c.game.legal_moves()[0])
    session.levels.time_left = 0.05
    c.app.table.after_change()
    c.frames(10)
    assert dialog(c).title == c.app.tr(T.GAME_OVER)
    press_button(c, c.app.tr(T.RESTART))
    assert c.app.scenes[-1] is c.app.table
    assert (c.game.code, c.game.level, c.game.moves) == (LEVELS_CODE, 1, 0)
    assert session.levels is not None
    assert session.levels.time_left == 15 * 60
    assert session.stats.get("L").played == 1  # the game timed out: counted once
