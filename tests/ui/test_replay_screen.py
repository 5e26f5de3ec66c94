"""The replay of a finished game from the statistics' last games (issue 30 item 6), from
the player's side: events in, the table and the cells out."""

from __future__ import annotations

import shlex
from collections.abc import Iterator

import pygame
import pytest

from crescent.__main__ import parse_args
from crescent.game_main import _start_and_play
from crescent.i18n import text as T
from crescent.i18n.translator import load_translator
from crescent.kiosk.core import RECORDED_CODE, RECORDED_LINE
from crescent.languages import LANGUAGES
from crescent.play import queries
from crescent.play.history import Result, past_game
from crescent.play.replay import STEP_S
from crescent.play.session import Session
from crescent.play.settings import Settings
from crescent.rules.engine import PILES
from crescent.rules.modes import End
from crescent.ui import render
from crescent.ui.app import App, Options
from crescent.ui.clock import SteppedClock
from crescent.ui.dialogs import ListButton
from crescent.ui.replay_screen import CONTROLS, Control, ReplayScene
from crescent.ui.scene import Screen
from crescent.ui.speech import FakeSpeaker
from crescent.ui.stats_screen import GameDialog, StatsScreen, View
from tests.helpers_ui import Client, close_client, make_client, post_mouse, press_button

TOKENS = [*RECORDED_LINE[:6], "U", *RECORDED_LINE[5:]]
"""The recorded win, with a move undone and played again."""


def _win(c: Client) -> None:
    """Win the recorded deal (with an undo), then start another game and play a move."""
    s = c.app.session
    s.new_game(code=RECORDED_CODE)
    for token in TOKENS:
        if token == "U":
            assert s.undo()
        else:
            s.apply(token)
    assert s.outcome is not None
    assert s.outcome.status is End.WON
    s.new_game(code="CR1-N-AAAAAAB")
    c.app.table.after_change()
    c.frames(1)


@pytest.fixture
def client() -> Iterator[Client]:
    c = make_client(size=(800, 600))
    _win(c)
    yield c
    close_client(c)


def _game_dialog(c: Client) -> GameDialog:
    c.app.open(Screen.STATS)
    screen = c.app.scenes[-1]
    assert isinstance(screen, StatsScreen)
    screen.run(screen._views[View.GAMES])
    c.frames(1)
    [entry, *_] = [b for b in screen.buttons if isinstance(b, ListButton)]
    c.click(entry.rect.center)
    c.frames(1)
    dialog = c.app.scenes[-1]
    assert isinstance(dialog, GameDialog)
    return dialog


def _replay(c: Client) -> ReplayScene:
    _game_dialog(c)
    press_button(c, c.app.tr(T.WATCH_REPLAY))
    scene = c.app.scenes[-1]
    assert isinstance(scene, ReplayScene)
    return scene


def _shows(c: Client, scene: ReplayScene, at: int) -> None:
    """The replay shows step ``at``: its table drawn as the engine has it after that many
    steps (the cards landed), and its counter."""
    c.frames(1)  # the events posted so far are read
    for _ in range(60):
        if not scene.anims.busy:
            break
        c.frames(2)
    c.frames(1)
    assert scene.playback.at == at
    game = scene.replay.position(at)
    for place, look in enumerate(scene.view._slot_keys):
        assert look is not None
        stack = game.piles[place] if place < PILES else game.foundations[place - PILES]
        assert look.card == (stack[-1] if stack else None), place
        assert look.size == len(stack), place
    counter = scene.look(Control.STEP).sub
    assert counter == c.app.tr(T.REPLAY_STEP_OF, n=at, total=len(scene.replay))


def _cell(scene: ReplayScene, control: Control) -> tuple[int, int]:
    return scene.lay.table.hud_cells[CONTROLS.index(control)].center


def test_watch_the_replay_shows_the_deal_and_the_keys_step_jump_and_play(client: Client) -> None:
    c = client
    scene = _replay(c)
    assert len(scene.replay) == len(TOKENS)
    _shows(c, scene, 0)
    c.key(pygame.K_RIGHT)
    c.key(pygame.K_RIGHT)
    _shows(c, scene, 2)
    c.key(pygame.K_LEFT)
    _shows(c, scene, 1)
    c.key(pygame.K_END)
    _shows(c, scene, len(TOKENS))
    assert scene.game.is_won
    c.key(pygame.K_HOME)
    _shows(c, scene, 0)
    c.key(pygame.K_SPACE)
    c.frames(1)
    assert scene.playback.playing
    c.frames(round(3.5 * STEP_S * 60))  # 1/60 s a frame: three steps and a half
    assert scene.playback.at == 3
    c.key(pygame.K_SPACE)
    _shows(c, scene, 3)
    c.key(pygame.K_UP)
    c.frames(1)
    assert scene.playback.speed == 2.0
    c.key(pygame.K_ESCAPE)
    c.frames(1)
    assert isinstance(c.app.scenes[-1], GameDialog)


def test_an_undo_is_a_step_of_its_own_shown_as_played(client: Client) -> None:
    c = client
    scene = _replay(c)
    for _ in range(7):
        c.key(pygame.K_RIGHT)
    _shows(c, scene, 7)
    tr = c.app.tr
    step = scene.replay.steps[6]
    assert step.move is not None
    assert step.card is not None
    move = tr.move(step.card, step.move.src, step.move.dst)
    assert scene.words() == tr(T.REPLAY_UNDO, move=move)
    assert (scene.game.piles, scene.game.foundations) == (
        scene.replay.position(5).piles,
        scene.replay.position(5).foundations,
    )


def test_the_cells_answer_taps_and_close_goes_back(client: Client) -> None:
    c = client
    scene = _replay(c)
    c.click(_cell(scene, Control.NEXT))
    _shows(c, scene, 1)
    c.click(_cell(scene, Control.BACK))
    _shows(c, scene, 0)
    c.click(_cell(scene, Control.SPEED))
    c.frames(1)
    assert scene.playback.speed == 2.0
    c.click(_cell(scene, Control.PLAY))
    c.frames(1)
    assert scene.playback.playing
    c.click(_cell(scene, Control.PLAY))
    c.frames(1)
    assert not scene.playback.playing
    c.click(_cell(scene, Control.STEP))  # the counter is no button
    c.frames(1)
    assert c.app.scenes[-1] is scene
    c.click(_cell(scene, Control.CLOSE))
    c.frames(1)
    assert isinstance(c.app.scenes[-1], GameDialog)


def test_the_scrub_bar_jumps_by_finger_and_by_mouse(client: Client) -> None:
    c = client
    scene = _replay(c)
    track, n = scene.lay.track, len(scene.replay)
    y = scene.lay.bar.centery
    c.finger(pygame.FINGERDOWN, (track.x + track.w / 2, y))
    c.frames(1)
    assert scene.playback.at == round(n / 2)
    c.finger(pygame.FINGERMOTION, (track.right + 30, y))
    c.finger(pygame.FINGERUP, (track.right + 30, y))
    _shows(c, scene, n)
    c.pause()
    post_mouse(pygame.MOUSEBUTTONDOWN, (track.right - track.w // 4, y))
    post_mouse(pygame.MOUSEMOTION, (track.x - 40, y))
    post_mouse(pygame.MOUSEBUTTONUP, (track.x - 40, y))
    _shows(c, scene, 0)


def test_the_replay_leaves_the_game_in_progress_and_the_history_untouched(
    client: Client,
) -> None:
    c = client
    s = c.app.session
    c.click(c.centre(0))  # a move in the game in progress
    c.frames(1)
    c.settle()
    before = (s.game.to_dict(), list(s.played or []), s.changes, s.elapsed, s.stats)
    rows = s.read(queries.last_games, 20)
    logs = [s.read(queries.game_log, r.id) for r in rows]
    scene = _replay(c)
    c.key(pygame.K_SPACE)
    c.frames(600)
    c.key(pygame.K_END)
    c.key(pygame.K_HOME)
    c.key(pygame.K_ESCAPE)
    c.frames(1)
    c.app.close_dialogs()
    c.frames(1)
    assert scene.playback.at == 0
    assert (s.game.to_dict(), list(s.played or []), s.changes, s.elapsed, s.stats) == before
    assert s.read(queries.last_games, 20) == rows
    assert [s.read(queries.game_log, r.id) for r in rows] == logs


def test_copy_the_replay_copies_one_line_the_command_line_plays_to_the_win(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    c = client
    copied: list[str] = []
    monkeypatch.setattr(pygame.scrap, "put_text", copied.append)
    dialog = _game_dialog(c)
    press_button(c, c.app.tr(T.COPY_REPLAY))
    [line] = copied
    assert "U" not in line.split()
    assert dialog.lines[-1] == c.app.tr.plural(T.REPLAY_COPIED, len(RECORDED_LINE) - 1)
    config = parse_args(shlex.split(line))
    assert config.code == RECORDED_CODE
    fresh = Session(None, Settings(), background_saves=False)
    assert _start_and_play(config, fresh) is None
    assert fresh.game.is_won


def test_no_replay_is_offered_for_a_game_whose_moves_were_not_kept(client: Client) -> None:
    c = client
    c.app.session.add_past_game(past_game("N", Result.LOST, 60.0, 40, code="CR1-N-AAAAAAD"))
    dialog = _game_dialog(c)
    labels = [b.label for b in dialog.button_specs]
    assert c.app.tr(T.WATCH_REPLAY) not in labels
    assert c.app.tr(T.COPY_REPLAY) not in labels
    assert c.app.tr(T.NO_REPLAY) in dialog.lines


def test_a_kiosk_offers_no_replay() -> None:
    session = Session(None, Settings(language="en"), background_saves=False)
    session.start(code="CR1-N-AAAAAAB")
    c = Client(App(session, Options(kiosk=True, dpi=96), load_translator("en")), SteppedClock())
    try:
        c.frames(1)
        _win(c)
        [row] = session.read(queries.last_games, 1)
        dialog = GameDialog(c.app, row, "Won", "")
        labels = [b.label for b in dialog.button_specs]
        assert c.app.tr(T.WATCH_REPLAY) not in labels
        assert c.app.tr(T.COPY_REPLAY) not in labels
        assert c.app.tr(T.NO_REPLAY) not in dialog.lines
    finally:
        close_client(c)


@pytest.mark.parametrize("size", [(800, 600), (1080, 1920)])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_replay_and_its_dialog_fit_the_window(lang: str, size: tuple[int, int]) -> None:
    c = make_client(size=size, lang=lang)
    try:
        _win(c)
        dialog = _game_dialog(c)
        lay = dialog.layout()
        assert c.app.screen.get_rect().contains(lay.panel)
        assert max(area.bottom for _, area in lay.rows) <= lay.panel.bottom
        for b in lay.buttons:
            assert c.app.fonts.get(lay.px).size(b.label)[0] <= b.rect.w - 12, b.label
        scene = _replay(c)
        c.frames(1)
        table, fonts = scene.lay.table, c.app.fonts
        touch = max(34, table.touch_px)  # 9 mm at 96 dpi at least
        screen = c.app.screen.get_rect()
        assert min(table.hud_px, table.hud_sub_px) >= render.MIN_PX
        for control, cell in zip(CONTROLS, table.hud_cells, strict=True):
            look = scene.look(control)
            assert min(cell.w, cell.h) >= touch, control
            assert screen.contains(pygame.Rect(cell.x, cell.y, cell.w, cell.h))
            title = fonts.fit(look.title, cell.w - 14, table.hud_px, bold=True)
            assert title.size(look.title)[0] <= cell.w - 14, look.title
        assert scene.lay.bar.h >= touch
        assert screen.contains(scene.lay.strip)
        words = [scene.words()]
        for i in range(1, len(scene.replay) + 1):
            scene.playback.at = i
            words.append(scene.words())
        longest = max(words, key=lambda w: fonts.get(render.MIN_PX).size(w)[0])
        font = fonts.fit(longest, scene.lay.words.w, table.hud_sub_px)
        assert font.size(longest)[0] <= scene.lay.words.w, longest
    finally:
        close_client(c)


def test_with_speech_each_step_shown_is_said_and_closing_says_the_dialog_again(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    c, tr = client, client.app.tr
    speaker = FakeSpeaker()
    c.app.speak_with(speaker)
    scene = _replay(c)
    steps = len(scene.replay)
    said, announcer = speaker.spoken, c.app.announcer
    assert announcer is not None
    assert said[-1].startswith(tr(T.WATCH_REPLAY))
    assert tr(T.REPLAY_DEAL) in said[-1]
    assert tr(T.REPLAY_STEP_OF, n=0, total=steps) in said[-1]
    c.key(pygame.K_RIGHT)
    _shows(c, scene, 1)
    step = scene.replay.steps[0]
    assert step.move is not None
    assert step.card is not None
    move = announcer.spoken(tr.move(step.card, step.move.src, step.move.dst))
    assert said[-1] == f"{move}, {tr(T.REPLAY_STEP_OF, n=1, total=steps)}"
    c.key(pygame.K_UP)
    c.frames(1)
    assert said[-1] == tr(T.SPOKEN_SPEEDS[2.0])
    c.key(pygame.K_SPACE)
    c.frames(1)
    assert said[-1] == tr(T.REPLAY_PLAY)
    c.frames(round(2 * STEP_S / 2.0 * 60))  # two steps at 2×, 60 frames a second
    assert tr(T.REPLAY_STEP_OF, n=2, total=steps) in " ".join(said)
    c.key(pygame.K_SPACE)
    c.frames(1)
    assert said[-1] == tr(T.REPLAY_PAUSE)
    c.key(pygame.K_ESCAPE)
    c.frames(1)
    dialog = c.app.scenes[-1]
    assert isinstance(dialog, GameDialog)
    assert said[-1].startswith(dialog.title)
    monkeypatch.setattr(pygame.scrap, "put_text", lambda text: None)
    press_button(c, tr(T.COPY_CODE))
    assert said[-1] == announcer.spoken(tr(T.CODE_COPIED, code=dialog.game.code))
